//! The standards tools: `resolve`, `normalize`, `relative`,
//! `rfc3986-split` and `webcapture`; with `--browser`, `resolve` and
//! `rfc3986-split` parse by the WHATWG URL Standard (`whatwg.rs`).

use super::whatwg::parse as parse_whatwg;
use super::{line, with_buf};
use crate::cli::{InputOpts, NormalizePart};
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::lines::{Fatal, Layout, Status};
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::NoMemory;
use wwwurl::rfc3986::normalize::Mask;
use wwwurl::rfc3986::{self, Component, Components};
use wwwurl::whatwg;

/// What a line of `rfc3986-split` prints for an absent component.
const ABSENT: &[u8] = b"(absent)";

/// `resolve`: each reference resolved against `base` by RFC 3986, or with
/// `browser` by the WHATWG URL Standard.
pub(super) fn resolve(
    ctx: &Ctx,
    browser: bool,
    base: &OsStr,
    refs: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    if !browser {
        let base = base.as_bytes();
        return drive(
            ctx.inputs(refs, input),
            Layout::Lines,
            false,
            |s: &[u8], out: &mut Vec<u8>| with_buf(out, |b| rfc3986::resolve(base, s, b)),
        );
    }
    // Parsed once; when it does not parse, every reference fails with the
    // reason, as a BASE without a scheme does without --browser.
    let base = whatwg::parse(base.as_bytes(), None).map_err(|e| match e {
        whatwg::ParseError::NoMemory => or_abort(Err(NoMemory)),
        e => format!("the base URL does not parse: {e}"),
    });
    drive(
        ctx.inputs(refs, input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            let base = base.as_ref().map_err(Clone::clone)?;
            out.extend_from_slice(parse_whatwg(s, Some(base))?.href());
            Ok(())
        },
    )
}

/// `normalize`: each URL normalised in the components of `only` (all by
/// default), and by scheme with `scheme_based`.
pub(super) fn normalize(
    ctx: &Ctx,
    only: &[NormalizePart],
    scheme_based: bool,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let mut mask = if only.is_empty() {
        Mask::SYNTAX.0
    } else {
        only.iter().fold(0, |m, p| m | p.mask().0)
    };
    if scheme_based {
        mask |= Mask::DEFAULT_PORT.0 | Mask::EMPTY_PATH.0;
    }
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            with_buf(out, |b| {
                wwwurl::rfc3986::normalize::normalize(s, Mask(mask), b)
            })
        },
    )
}

/// `relative`: the shortest reference from `base` to each URL.
pub(super) fn relative(
    ctx: &Ctx,
    base: &OsStr,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let base = base.as_bytes();
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            with_buf(out, |b| {
                wwwurl::rfc3986::relative::make_relative(base, s, b)
            })
        },
    )
}

/// `rfc3986-split`: the components of each URL reference, or with
/// `browser` those of the URL the WHATWG parser makes of it.
pub(super) fn split(
    ctx: &Ctx,
    browser: bool,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    drive(
        ctx.inputs(urls, input),
        Layout::Blocks,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            if browser {
                write_whatwg_components(&parse_whatwg(s, None)?, ctx.raw, out);
            } else {
                write_components(s, &rfc3986::split(s), ctx.raw, out);
            }
            Ok(())
        },
    )
}

/// `webcapture`: the Web Capture canonical form of each URL, against
/// `base` when given.
pub(super) fn webcapture(
    ctx: &Ctx,
    base: Option<&OsStr>,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let base = base.map(OsStr::as_bytes);
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            with_buf(out, |b| wwwurl::rfc3986::webcapture::canonical(s, base, b))
        },
    )
}

/// The `rfc3986-split` block: each component as the input's bytes.
fn write_components(s: &[u8], c: &Components, raw: bool, out: &mut Vec<u8>) {
    for k in Component::ALL {
        line(out, raw, k.name(), c.get(k).map(|p| p.bytes(s)), ABSENT);
    }
}

/// The `rfc3986-split --browser` block: the components of a WHATWG URL,
/// in the places of the RFC 3986 ones (`rfc3986-split --help` gives the
/// mapping).
fn write_whatwg_components(u: &whatwg::Url, raw: bool, out: &mut Vec<u8>) {
    let has_host = u.host_kind() != whatwg::HostKind::None;
    let (user, pass) = (u.username(), u.password());
    let credentials = !user.is_empty() || !pass.is_empty();
    let mut userinfo = user.to_vec();
    if !pass.is_empty() {
        userinfo.push(b':');
        userinfo.extend_from_slice(pass);
    }
    let mut authority = Vec::new();
    if credentials {
        authority.extend_from_slice(&userinfo);
        authority.push(b'@');
    }
    authority.extend_from_slice(u.host());
    fn present(yes: bool, v: &[u8]) -> Option<&[u8]> {
        yes.then_some(v)
    }
    for c in Component::ALL {
        let value = match c {
            Component::Scheme => Some(u.scheme()),
            Component::Authority => present(has_host, &authority),
            Component::Userinfo => present(credentials, &userinfo),
            Component::User => present(credentials, user),
            Component::Password => present(!pass.is_empty(), pass),
            Component::Host => present(has_host, u.hostname()),
            Component::Port => present(u.port_number().is_some(), u.port()),
            Component::Path => Some(u.pathname()),
            Component::Query => u.query(),
            Component::Fragment => u.fragment(),
        };
        line(out, raw, c.name(), value, ABSENT);
    }
}
