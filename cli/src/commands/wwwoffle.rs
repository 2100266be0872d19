//! The WWWOFFLE subcommands: `split`, `canon` (and `profiles`), `file`,
//! `set`, `link`, `cachefile`, `encode`, `decode` and `hash`.

use super::{line, with_buf};
use crate::cli::{EncodeHow, InputOpts, Prefix, SetPart};
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::escape;
use crate::lines::{Fatal, Layout, Status};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::{Buf, NoMemory};
use wwwurl::profile::{Profile, ProfileError};
use wwwurl::wwwoffle::cache::{cache_path, UnsafePath};
use wwwurl::wwwoffle::codec::{c_prefix, Codec};
use wwwurl::wwwoffle::edit::{set_part, SetError};
use wwwurl::wwwoffle::hash::make_hash;
use wwwurl::wwwoffle::link::link_url;
use wwwurl::wwwoffle::url::{Field, Number, Url};

/// `split`: the record's block of each URL.
pub(super) fn split(ctx: &Ctx, urls: &[OsString], input: &InputOpts) -> Result<Status, Fatal> {
    drive(
        ctx.inputs(urls, input),
        Layout::Blocks,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            write_record(&ctx.split(s), ctx.raw, out);
            Ok(())
        },
    )
}

/// `canon`: the record's `name` of each URL, or with `--profile` its
/// canonical form under that profile.
pub(super) fn canon(
    ctx: &Ctx,
    profile: Option<&Profile>,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let Some(p) = profile else {
        return drive(
            ctx.inputs(urls, input),
            Layout::Lines,
            true,
            |s: &[u8], out: &mut Vec<u8>| {
                out.extend_from_slice(ctx.split(s).name());
                Ok(())
            },
        );
    };
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            // Made per URL: it borrows the environment as `dyn Env`, which
            // the worker threads cannot share.
            let opts = wwwurl::profile::Options {
                env: &ctx.env,
                ..Default::default()
            };
            let mut b = Buf::new();
            match p.canonicalize(s, &opts, &mut b) {
                Ok(()) => {
                    out.extend_from_slice(&b);
                    Ok(())
                }
                Err(ProfileError::NoMemory) => or_abort(Err(NoMemory)),
                Err(e) => Err(format!("{}/{}: {e}", p.name, p.version)),
            }
        },
    )
}

/// `profiles`: one line a profile and version.
pub(super) fn profiles() -> Result<Status, Fatal> {
    let mut text = String::new();
    for p in wwwurl::profile::profiles() {
        text.push_str(&format!("{}/{}\t{}\n", p.name, p.version, p.description));
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(Status::Clean),
        Err(e) => Err(Fatal::Io(format!("standard output: {e}"))),
    }
}

/// `file`: the record's `file` of each URL.
pub(super) fn file(ctx: &Ctx, urls: &[OsString], input: &InputOpts) -> Result<Status, Fatal> {
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            out.extend_from_slice(ctx.split(s).file());
            Ok(())
        },
    )
}

/// `set`: each URL with the parts of `set` set and those of `unset`
/// removed, in that order.
pub(super) fn set(
    ctx: &Ctx,
    set: &[(SetPart, OsString)],
    unset: &[SetPart],
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            let mut u = ctx.split(s);
            let changes = set
                .iter()
                .map(|(p, v)| (*p, Some(v.as_bytes())))
                .chain(unset.iter().map(|p| (*p, None)));
            for (SetPart(part), value) in changes {
                u = match set_part(&ctx.env, ctx.compat, u.view(), part, value) {
                    Ok(u) => u,
                    Err(SetError::NoMemory) => or_abort(Err(NoMemory)),
                    Err(SetError::Refused) => {
                        return Err(match value {
                            Some(v) => {
                                format!("the {} \"{}\" cannot be set", part.name(), escape::text(v))
                            }
                            None => format!("the {} cannot be removed", part.name()),
                        })
                    }
                };
            }
            out.extend_from_slice(u.file());
            Ok(())
        },
    )
}

/// `link`: the name of each reference resolved against `base` by LinkURL.
pub(super) fn link(
    ctx: &Ctx,
    base: &OsStr,
    refs: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let base = ctx.split(base.as_bytes());
    drive(
        ctx.inputs(refs, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            out.extend_from_slice(or_abort(link_url(&ctx.env, ctx.compat, &base, s)).name());
            Ok(())
        },
    )
}

/// `cachefile`: the path of each URL's cache file under the spool
/// directory.
pub(super) fn cachefile(
    ctx: &Ctx,
    prefix: Prefix,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let letter = prefix.letter();
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            let u = ctx.split(s);
            let path = cache_path(u.proto(), u.hostport(), u.file(), letter).map_err(|e| {
                let part = match e {
                    UnsafePath::Protocol => u.proto(),
                    UnsafePath::Host => u.hostport(),
                };
                format!(
                    "the {} \"{}\" would not make one plain directory name \
                     of the cache path",
                    e.what(),
                    escape::text(part)
                )
            })?;
            with_buf(out, |b| path.write_to(b))
        },
    )
}

/// `encode`: each string through the encoder `how` names.
pub(super) fn encode(
    ctx: &Ctx,
    how: &EncodeHow,
    strs: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let codec = encoder(how);
    drive(
        ctx.inputs(strs, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| with_buf(out, |b| codec.apply(s, b).map(drop)),
    )
}

/// The codec of the one encoder flag that is set.
fn encoder(how: &EncodeHow) -> Codec {
    // clap's group makes exactly one flag true.
    if how.path {
        Codec::EncodePath
    } else if how.form {
        Codec::EncodeForm
    } else if how.password {
        Codec::EncodePassword
    } else {
        Codec::RecodeForm
    }
}

/// `decode`: each string through URLDecodeGeneric, or with `form`
/// URLDecodeFormArgs.
pub(super) fn decode(
    ctx: &Ctx,
    form: bool,
    strs: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let codec = if form {
        Codec::DecodeForm
    } else {
        Codec::DecodeGeneric
    };
    drive(
        ctx.inputs(strs, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            let start = out.len();
            // The C routine's result is a string: a decoded NUL ends it.
            if with_buf(out, |b| codec.apply(s, b))? {
                let n = c_prefix(&out[start..]).len();
                out.truncate(start + n);
            }
            Ok(())
        },
    )
}

/// `hash`: MakeHash of each string.
pub(super) fn hash(ctx: &Ctx, strs: &[OsString], input: &InputOpts) -> Result<Status, Fatal> {
    drive(
        ctx.inputs(strs, input),
        Layout::Lines,
        true,
        |s: &[u8], out: &mut Vec<u8>| {
            out.extend_from_slice(&make_hash(s));
            Ok(())
        },
    )
}

/// The `split` block: every field of the legacy record, NULL as `(null)`
/// (as C's printf shows it).
fn write_record(u: &Url, raw: bool, out: &mut Vec<u8>) {
    const NULL: &[u8] = b"(null)";
    for f in [
        Field::Name,
        Field::File,
        Field::Proto,
        Field::Hostport,
        Field::Host,
    ] {
        line(out, raw, f.name(), u.get(f), NULL);
    }
    number(out, Number::Port, u);
    for f in [
        Field::Path,
        Field::Args,
        Field::User,
        Field::Pass,
        Field::OriginalName,
        Field::OriginalPath,
        Field::OriginalArgs,
    ] {
        line(out, raw, f.name(), u.get(f), NULL);
    }
    for n in [Number::Hostp, Number::Pathp, Number::OriginalPathp] {
        number(out, n, u);
    }
}

/// Appends `name: number\n` for the number `n` of `u`.
fn number(out: &mut Vec<u8>, n: Number, u: &Url) {
    // Writing into a Vec cannot fail.
    let _ = writeln!(out, "{}: {}", n.name(), u.number(n));
}
