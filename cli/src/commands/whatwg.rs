//! `whatwg`: the URL Standard's parser, then its setters, then its
//! getters; and the parse that `resolve --browser`, `rfc3986-split
//! --browser` and `nvs` share.

use super::{field, with_buf};
use crate::cli::{InputOpts, WhatwgGet, WhatwgSet};
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::escape;
use crate::lines::{Fatal, Layout, Status};
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::NoMemory;
use wwwurl::whatwg::{self, Attribute, SetOutcome, Url};

/// `whatwg`: each URL parsed against `base`, the setters of `set` run in
/// order, then the attributes of `get` (the href by default) printed.
pub(super) fn run(
    ctx: &Ctx,
    base: Option<&OsStr>,
    get: &[WhatwgGet],
    set: &[(WhatwgSet, OsString)],
    lenient: bool,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    // --base parsed when the command line was read: only memory can fail
    // here.
    let base = base
        .map(|b| parse(b.as_bytes(), None))
        .transpose()
        .map_err(|e| Fatal::Io(format!("--base: {e}")))?;
    let get: &[WhatwgGet] = if get.is_empty() {
        &[WhatwgGet(Attribute::Href)]
    } else {
        get
    };
    drive(
        ctx.inputs(urls, input),
        Layout::Fields,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            let mut url = parse(s, base.as_ref())?;
            for (part, value) in set {
                apply_setter(&mut url, *part, value.as_bytes(), lenient)?;
            }
            let mut value = Vec::new();
            for (i, WhatwgGet(attribute)) in get.iter().enumerate() {
                if i > 0 {
                    out.push(b'\t');
                }
                // A view of the href where the attribute is one.
                if let Some(v) = url.view(*attribute) {
                    field(out, ctx.raw, v);
                    continue;
                }
                value.clear();
                with_buf(&mut value, |b| url.get(*attribute, b))?;
                field(out, ctx.raw, &value);
            }
            Ok(())
        },
    )
}

/// The WHATWG parse of `s` against `base`; its failure is the input's
/// message.
pub(super) fn parse(s: &[u8], base: Option<&Url>) -> Result<Url, String> {
    match whatwg::parse(s, base) {
        Ok(u) => Ok(u),
        Err(whatwg::ParseError::NoMemory) => or_abort(Err(NoMemory)),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs the setter of `part` with `value`. A value the Standard ignores is
/// the input's failure unless `lenient` (`whatwg --help` says why).
fn apply_setter(
    url: &mut Url,
    WhatwgSet(part): WhatwgSet,
    value: &[u8],
    lenient: bool,
) -> Result<(), String> {
    let what = || format!("{} \"{}\"", part.name(), escape::text(value));
    match url.set(part, value) {
        Ok(SetOutcome::Applied) => Ok(()),
        Ok(_) if lenient => Ok(()),
        Ok(SetOutcome::Ignored) => Err(format!("{} is ignored by the Standard's setter", what())),
        Ok(SetOutcome::HostOnly) => Err(format!(
            "{}: the Standard's setter sets the host but ignores the port",
            what()
        )),
        Err(whatwg::SetError::NoMemory) => or_abort(Err(NoMemory)),
        Err(whatwg::SetError::InvalidHref(e)) => Err(format!("{} does not parse: {e}", what())),
        Err(e) => Err(format!("{}: {e}", what())),
    }
}
