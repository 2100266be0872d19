//! What each subcommand does with one input, on top of the core library.
//!
//! [`run`] hands each subcommand to the module of its group, as `cli`
//! groups their definitions: `wwwoffle` (the WWWOFFLE routines),
//! `standards` (RFC 3986 and Web Capture), `whatwg`, `lint`, `query`, `nvs`, `psl`, and
//! `docs` (completions and the man page); `spool` is the crate's own
//! module. What several groups print with is here.

mod docs;
mod lint;
mod nvs;
mod psl;
mod query;
mod standards;
mod urlpattern;
mod whatwg;
mod wwwoffle;

use crate::cli::{Cli, Command};
use crate::ctx::Ctx;
use crate::escape;
use crate::lines::{Fatal, Status};
use crate::spool;
use wwwurl::bytes::buf::Buf;

/// Runs one subcommand over its inputs.
pub fn run(ctx: &Ctx, cmd: &Command) -> Result<Status, Fatal> {
    match cmd {
        Command::Split { urls, input } => wwwoffle::split(ctx, urls, input),
        Command::Canon {
            profile,
            urls,
            input,
        } => wwwoffle::canon(ctx, *profile, urls, input),
        Command::Profiles => wwwoffle::profiles(),
        Command::File { urls, input } => wwwoffle::file(ctx, urls, input),
        Command::Set {
            set,
            unset,
            urls,
            input,
        } => wwwoffle::set(ctx, set, unset, urls, input),
        Command::Link { base, refs, input } => wwwoffle::link(ctx, base, refs, input),
        Command::Cachefile {
            prefix,
            urls,
            input,
        } => wwwoffle::cachefile(ctx, *prefix, urls, input),
        Command::Encode { how, strs, input } => wwwoffle::encode(ctx, how, strs, input),
        Command::Decode { form, strs, input } => wwwoffle::decode(ctx, *form, strs, input),
        Command::Hash { strs, input } => wwwoffle::hash(ctx, strs, input),
        Command::Resolve {
            browser,
            base,
            refs,
            input,
        } => standards::resolve(ctx, *browser, base, refs, input),
        Command::Normalize {
            only,
            scheme_based,
            urls,
            input,
        } => standards::normalize(ctx, only, *scheme_based, urls, input),
        Command::Relative { base, urls, input } => standards::relative(ctx, base, urls, input),
        Command::Rfc3986Split {
            browser,
            urls,
            input,
        } => standards::split(ctx, *browser, urls, input),
        Command::Webcapture { base, urls, input } => {
            standards::webcapture(ctx, base.as_deref(), urls, input)
        }
        Command::Whatwg {
            base,
            get,
            set,
            lenient,
            urls,
            input,
        } => whatwg::run(ctx, base.as_deref(), get, set, *lenient, urls, input),
        Command::Lint {
            base,
            json,
            strict,
            files,
        } => lint::run(ctx.raw, base.as_deref(), *json, *strict, files),
        Command::Query(cmd) => query::run(ctx, cmd),
        Command::Nvs {
            header,
            equivalent,
            as_is,
            strict,
            urls,
            input,
        } => nvs::run(
            ctx,
            header,
            equivalent.as_deref(),
            *as_is,
            *strict,
            urls,
            input,
        ),
        Command::Spool(cmd) => spool::run(ctx, cmd),
        Command::Psl(cmd) => psl::run(ctx, cmd),
        Command::Match(opts) => urlpattern::run(ctx, opts),
        Command::Completions { shell } => docs::completions(*shell),
        Command::Manpage => docs::manpage(),
    }
}

/// Ends the program with a usage error of the subcommand `sub` (status 2),
/// as clap reports one: for what can only be checked once the command line
/// has been read.
fn usage_error(sub: &str, msg: &str) -> ! {
    let mut cmd = <Cli as clap::CommandFactory>::command();
    cmd.build();
    let sub = cmd
        .find_subcommand_mut(sub)
        .expect("a subcommand of the tool");
    sub.error(clap::error::ErrorKind::ValueValidation, msg)
        .exit()
}

/// Appends a field of a `Layout::Fields` line, escaped unless `raw`.
fn field(out: &mut Vec<u8>, raw: bool, value: &[u8]) {
    if raw {
        out.extend_from_slice(value);
    } else {
        escape::push(out, value);
    }
}

/// Runs a library function that writes into a [`Buf`] on `out`'s bytes;
/// its error becomes the input's message.
fn with_buf<R, E: std::fmt::Display>(
    out: &mut Vec<u8>,
    f: impl FnOnce(&mut Buf) -> Result<R, E>,
) -> Result<R, String> {
    Buf::fill_vec(out, f).map_err(|e| e.to_string())
}

/// Appends `name: value\n`, with `missing` for an absent value; the value
/// escaped unless `raw`.
fn line(out: &mut Vec<u8>, raw: bool, name: &str, value: Option<&[u8]>, missing: &[u8]) {
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b": ");
    let value = value.unwrap_or(missing);
    if raw {
        out.extend_from_slice(value);
    } else {
        escape::push(out, value);
    }
    out.push(b'\n');
}
