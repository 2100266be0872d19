//! What each subcommand does with one input, on top of the core library.

use crate::cli::{Cli, Command, EncodeHow, InputOpts, QueryCmd, WhatwgGet, WhatwgSet};
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::lines::{write_error, Fatal, Layout, Status};
use crate::{escape, spool};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use wwwurl::buf::{Buf, NoMemory};
use wwwurl::cache::{cache_path, UnsafePath};
use wwwurl::codec::{c_prefix, Codec};
use wwwurl::edit::{set_part, SetError};
use wwwurl::hash::make_hash;
use wwwurl::link::link_url;
use wwwurl::normalize::{normalize, Mask};
use wwwurl::rfc3986::{Component, Components};
use wwwurl::url::{Field, Number, Url};
use wwwurl::whatwg::{self, SetOutcome};
use wwwurl::{nvs, query, relative, rfc3986, webcapture};

/// Runs one subcommand over its inputs.
pub fn run(ctx: &Ctx, cmd: &Command) -> Result<Status, Fatal> {
    use Layout::{Blocks, Fields, Lines};
    match cmd {
        Command::Split { urls, input } => drive(
            ctx.inputs(urls, input),
            Blocks,
            true,
            |s: &[u8], out: &mut Vec<u8>| {
                write_record(&ctx.split(s), ctx.raw, out);
                Ok(())
            },
        ),
        Command::Canon {
            profile: None,
            urls,
            input,
        } => drive(
            ctx.inputs(urls, input),
            Lines,
            true,
            |s: &[u8], out: &mut Vec<u8>| {
                out.extend_from_slice(ctx.split(s).name());
                Ok(())
            },
        ),
        Command::Canon {
            profile: Some(p),
            urls,
            input,
        } => {
            drive(
                ctx.inputs(urls, input),
                Lines,
                true,
                |s: &[u8], out: &mut Vec<u8>| {
                    // Made per URL: it borrows the environment as `dyn Env`,
                    // which the worker threads cannot share.
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
                        Err(wwwurl::profile::ProfileError::NoMemory) => or_abort(Err(NoMemory)),
                        Err(e) => Err(format!("{}/{}: {e}", p.name, p.version)),
                    }
                },
            )
        }
        Command::Profiles => {
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
        Command::File { urls, input } => drive(
            ctx.inputs(urls, input),
            Lines,
            true,
            |s: &[u8], out: &mut Vec<u8>| {
                out.extend_from_slice(ctx.split(s).file());
                Ok(())
            },
        ),
        Command::Set {
            set,
            unset,
            urls,
            input,
        } => drive(
            ctx.inputs(urls, input),
            Lines,
            true,
            |s: &[u8], out: &mut Vec<u8>| {
                let mut u = ctx.split(s);
                let changes = set
                    .iter()
                    .map(|(p, v)| (*p, Some(v.as_bytes())))
                    .chain(unset.iter().map(|p| (*p, None)));
                for (part, value) in changes {
                    u = match set_part(&ctx.env, ctx.compat, u.view(), part.0, value) {
                        Ok(u) => u,
                        Err(SetError::NoMemory) => or_abort(Err(NoMemory)),
                        Err(SetError::Refused) => {
                            return Err(match value {
                                Some(v) => format!(
                                    "the {} \"{}\" cannot be set",
                                    part.0.name(),
                                    escape::text(v)
                                ),
                                None => format!("the {} cannot be removed", part.0.name()),
                            })
                        }
                    };
                }
                out.extend_from_slice(u.file());
                Ok(())
            },
        ),
        Command::Link { base, refs, input } => {
            let base = ctx.split(base.as_bytes());
            drive(
                ctx.inputs(refs, input),
                Lines,
                true,
                |s: &[u8], out: &mut Vec<u8>| {
                    out.extend_from_slice(
                        or_abort(link_url(&ctx.env, ctx.compat, &base, s)).name(),
                    );
                    Ok(())
                },
            )
        }
        Command::Cachefile {
            prefix,
            urls,
            input,
        } => {
            let letter = prefix.letter();
            drive(
                ctx.inputs(urls, input),
                Lines,
                true,
                |s: &[u8], out: &mut Vec<u8>| {
                    let u = ctx.split(s);
                    let path =
                        cache_path(u.proto(), u.hostport(), u.file(), letter).map_err(|e| {
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
        Command::Encode { how, strs, input } => {
            let codec = encoder(how);
            drive(
                ctx.inputs(strs, input),
                Lines,
                true,
                |s: &[u8], out: &mut Vec<u8>| with_buf(out, |b| codec.apply(s, b).map(drop)),
            )
        }
        Command::Decode { form, strs, input } => {
            let codec = if *form {
                Codec::DecodeForm
            } else {
                Codec::DecodeGeneric
            };
            drive(
                ctx.inputs(strs, input),
                Lines,
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
        Command::Hash { strs, input } => drive(
            ctx.inputs(strs, input),
            Lines,
            true,
            |s: &[u8], out: &mut Vec<u8>| {
                out.extend_from_slice(&make_hash(s));
                Ok(())
            },
        ),
        Command::Resolve {
            browser: false,
            base,
            refs,
            input,
        } => {
            let base = base.as_bytes();
            drive(
                ctx.inputs(refs, input),
                Lines,
                false,
                |s: &[u8], out: &mut Vec<u8>| with_buf(out, |b| rfc3986::resolve(base, s, b)),
            )
        }
        Command::Resolve {
            browser: true,
            base,
            refs,
            input,
        } => {
            // Parsed once; when it does not parse, every reference fails
            // with the reason, as a BASE without a scheme does without
            // --browser.
            let base = whatwg::parse(base.as_bytes(), None).map_err(|e| match e {
                whatwg::ParseError::NoMemory => or_abort(Err(NoMemory)),
                e => format!("the base URL does not parse: {e}"),
            });
            drive(
                ctx.inputs(refs, input),
                Lines,
                false,
                |s: &[u8], out: &mut Vec<u8>| {
                    let base = base.as_ref().map_err(Clone::clone)?;
                    out.extend_from_slice(parse_whatwg(s, Some(base))?.href());
                    Ok(())
                },
            )
        }
        Command::Normalize {
            only,
            scheme_based,
            urls,
            input,
        } => {
            let mut mask = if only.is_empty() {
                Mask::SYNTAX.0
            } else {
                only.iter().fold(0, |m, p| m | p.mask().0)
            };
            if *scheme_based {
                mask |= Mask::DEFAULT_PORT.0 | Mask::EMPTY_PATH.0;
            }
            drive(
                ctx.inputs(urls, input),
                Lines,
                false,
                |s: &[u8], out: &mut Vec<u8>| with_buf(out, |b| normalize(s, Mask(mask), b)),
            )
        }
        Command::Relative { base, urls, input } => {
            let base = base.as_bytes();
            drive(
                ctx.inputs(urls, input),
                Lines,
                false,
                |s: &[u8], out: &mut Vec<u8>| {
                    with_buf(out, |b| relative::make_relative(base, s, b))
                },
            )
        }
        Command::Rfc3986Split {
            browser: false,
            urls,
            input,
        } => drive(
            ctx.inputs(urls, input),
            Blocks,
            false,
            |s: &[u8], out: &mut Vec<u8>| {
                write_components(s, &rfc3986::split(s), ctx.raw, out);
                Ok(())
            },
        ),
        Command::Rfc3986Split {
            browser: true,
            urls,
            input,
        } => drive(
            ctx.inputs(urls, input),
            Blocks,
            false,
            |s: &[u8], out: &mut Vec<u8>| {
                write_whatwg_components(&parse_whatwg(s, None)?, ctx.raw, out);
                Ok(())
            },
        ),
        Command::Whatwg {
            base,
            get,
            set,
            lenient,
            urls,
            input,
        } => {
            // --base parsed when the command line was read: only memory
            // can fail here.
            let base = base
                .as_ref()
                .map(|b| parse_whatwg(b.as_bytes(), None))
                .transpose()
                .map_err(|e| Fatal::Io(format!("--base: {e}")))?;
            let get: &[WhatwgGet] = if get.is_empty() {
                &[WhatwgGet(whatwg::Attribute::Href)]
            } else {
                get
            };
            drive(
                ctx.inputs(urls, input),
                Fields,
                false,
                |s: &[u8], out: &mut Vec<u8>| {
                    let mut url = parse_whatwg(s, base.as_ref())?;
                    for (part, value) in set {
                        apply_setter(&mut url, *part, value.as_bytes(), *lenient)?;
                    }
                    let mut value = Vec::new();
                    for (i, part) in get.iter().enumerate() {
                        if i > 0 {
                            out.push(b'\t');
                        }
                        value.clear();
                        with_buf(&mut value, |b| url.get(part.0, b))?;
                        field(out, ctx.raw, &value);
                    }
                    Ok(())
                },
            )
        }
        Command::Query(cmd) => run_query(ctx, cmd),
        Command::Nvs {
            header,
            equivalent,
            as_is,
            strict,
            urls,
            input,
        } => {
            let config = nvs_config(header.as_bytes(), *strict);
            let key_of = |s: &[u8], out: &mut Vec<u8>| -> Result<(), String> {
                if *as_is {
                    with_buf(out, |b| nvs::url_key(&config, s, b))
                } else {
                    let url = parse_whatwg(s, None)?;
                    with_buf(out, |b| nvs::url_key(&config, url.href(), b))
                }
            };
            if let Some(pair) = equivalent {
                let mut urls = Vec::new();
                for url in pair {
                    let url = url.as_bytes();
                    urls.push(if *as_is {
                        url.to_vec()
                    } else {
                        match parse_whatwg(url, None) {
                            Ok(u) => u.href().to_vec(),
                            Err(e) => usage_error(
                                "nvs",
                                &format!(
                                    "--equivalent: \"{}\" does not parse as a URL: {e}",
                                    escape::text(url)
                                ),
                            ),
                        }
                    });
                }
                // Exit status 0 or 1 answers, as cmp(1) does.
                let same = or_abort(nvs::equivalent_urls(&config, &urls[0], &urls[1]));
                return Ok(if same {
                    Status::Clean
                } else {
                    Status::SomeFailed
                });
            }
            drive(ctx.inputs(urls, input), Lines, false, key_of)
        }
        Command::Spool(cmd) => spool::run(ctx, cmd),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(*shell, &mut cmd, "wwwurl", &mut script);
            let mut out = std::io::stdout().lock();
            out.write_all(&script)
                .and_then(|()| out.flush())
                .map_err(|e| write_error(e, Status::Clean))?;
            Ok(Status::Clean)
        }
        Command::Manpage => {
            let mut out = std::io::stdout().lock();
            out.write_all(&crate::manpage::render())
                .and_then(|()| out.flush())
                .map_err(|e| write_error(e, Status::Clean))?;
            Ok(Status::Clean)
        }
        Command::Webcapture { base, urls, input } => {
            let base = base.as_deref().map(OsStr::as_bytes);
            drive(
                ctx.inputs(urls, input),
                Lines,
                false,
                |s: &[u8], out: &mut Vec<u8>| with_buf(out, |b| webcapture::canonical(s, base, b)),
            )
        }
    }
}

/// Runs a `query` subcommand.
fn run_query(ctx: &Ctx, cmd: &QueryCmd) -> Result<Status, Fatal> {
    use Layout::{Fields, Lines};
    match cmd {
        QueryCmd::Get {
            name,
            all,
            verbatim,
            urls,
            query: at,
            input,
        } => {
            let name = name.as_bytes();
            drive(
                ctx.inputs(urls, input),
                Fields,
                false,
                |s: &[u8], out: &mut Vec<u8>| {
                    let q = QueryAt::new(s, at.query_only).query.unwrap_or_default();
                    let mut value = Vec::new();
                    let wanted = if *all { usize::MAX } else { 1 };
                    for (i, p) in query::get_all(q, name).take(wanted).enumerate() {
                        if i > 0 {
                            out.push(b'\t');
                        }
                        value.clear();
                        if *verbatim {
                            value.extend_from_slice(p.value_raw());
                        } else {
                            value.extend(p.value());
                        }
                        field(out, ctx.raw, &value);
                    }
                    Ok(())
                },
            )
        }
        QueryCmd::Count {
            name,
            urls,
            query: at,
            input,
        } => drive(
            ctx.inputs(urls, input),
            Lines,
            false,
            |s: &[u8], out: &mut Vec<u8>| {
                let q = QueryAt::new(s, at.query_only).query.unwrap_or_default();
                let n = match name {
                    Some(name) => query::get_all(q, name.as_bytes()).count(),
                    None => query::count(q),
                };
                let _ = write!(out, "{n}");
                Ok(())
            },
        ),
        QueryCmd::Set {
            param: (name, value),
            verbatim,
            urls,
            query: at,
            input,
        } => {
            let (name, value) = (name.as_bytes(), value.as_deref().unwrap_or_default());
            let value = value.as_bytes();
            rewrite_each(ctx, urls, input, at.query_only, |q, b| {
                if *verbatim {
                    query::set_raw(q, name, value, b).map(drop)
                } else {
                    query::set(q, name, value, b).map(drop)
                }
            })
        }
        QueryCmd::Append {
            param: (name, value),
            verbatim,
            urls,
            query: at,
            input,
        } => {
            let (name, value) = (name.as_bytes(), value.as_deref().unwrap_or_default());
            let value = value.as_bytes();
            // --verbatim: the argument's own bytes, `=` included.
            let mut piece = name.to_vec();
            piece.push(b'=');
            piece.extend_from_slice(value);
            rewrite_each(ctx, urls, input, at.query_only, |q, b| {
                if *verbatim {
                    query::append_raw(q, &piece, b)
                } else {
                    query::append(q, name, value, b)
                }
            })
        }
        QueryCmd::Delete {
            param: (name, value),
            urls,
            query: at,
            input,
        } => {
            let name = name.as_bytes();
            let value = value.as_deref().map(OsStr::as_bytes);
            rewrite_each(ctx, urls, input, at.query_only, |q, b| match value {
                Some(v) => query::delete_value(q, name, v, b).map(drop),
                None => query::delete(q, name, b).map(drop),
            })
        }
        QueryCmd::Sort {
            urls,
            query: at,
            input,
        } => rewrite_each(ctx, urls, input, at.query_only, |q, b| {
            query::sort(q, b).map(drop)
        }),
        QueryCmd::Strip {
            names,
            prefixes,
            urls,
            query: at,
            input,
        }
        | QueryCmd::Keep {
            names,
            prefixes,
            urls,
            query: at,
            input,
        } => {
            let strip = matches!(cmd, QueryCmd::Strip { .. });
            let names: Vec<&[u8]> = names.iter().map(|n| n.as_bytes()).collect();
            let prefixes: Vec<&[u8]> = prefixes.iter().map(|p| p.as_bytes()).collect();
            let list = or_abort(query::NameList::new(&names, &prefixes));
            let select = query::Select::List(&list);
            rewrite_each(ctx, urls, input, at.query_only, |q, b| {
                if strip {
                    query::strip(q, select, b).map(drop)
                } else {
                    query::keep(q, select, b).map(drop)
                }
            })
        }
    }
}

/// An input cut around its query.
struct QueryAt<'a> {
    /// What comes before the query, without its `?`.
    head: &'a [u8],
    /// The query without its `?`, when there is one.
    query: Option<&'a [u8]>,
    /// Whether a `?` is printed before a query that is not empty: for a
    /// URL always (a query added to a URL needs one), for a query string
    /// when it had one.
    mark: bool,
    /// What follows the query: the fragment and its `#`.
    tail: &'a [u8],
}

impl QueryAt<'_> {
    /// Finds the query of `s`: after the first `?` and before the first
    /// `#` of a URL (a `?` after the `#` is the fragment's, as in both RFC
    /// 3986 and the URL Standard), or all of a query string but a leading
    /// `?`.
    fn new(s: &[u8], query_only: bool) -> QueryAt<'_> {
        if query_only {
            let (mark, query) = match s.strip_prefix(b"?") {
                Some(q) => (true, q),
                None => (false, s),
            };
            return QueryAt {
                head: b"",
                query: Some(query),
                mark,
                tail: b"",
            };
        }
        let end = s.iter().position(|&b| b == b'#').unwrap_or(s.len());
        let (head, query) = match s[..end].iter().position(|&b| b == b'?') {
            Some(q) => (&s[..q], Some(&s[q + 1..end])),
            None => (&s[..end], None),
        };
        QueryAt {
            head,
            query,
            mark: true,
            tail: &s[end..],
        }
    }
}

/// Runs a rewrite of the query on every input of a `query` subcommand.
fn rewrite_each(
    ctx: &Ctx,
    urls: &[OsString],
    input: &InputOpts,
    query_only: bool,
    edit: impl Fn(&[u8], &mut Buf) -> Result<(), NoMemory> + Sync,
) -> Result<Status, Fatal> {
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            rewrite(s, query_only, out, &edit);
            Ok(())
        },
    )
}

/// Appends `s` with its query rewritten by `edit`. When the query comes
/// out unchanged, `s` is written as it is (an empty query and its `?`
/// included); when it comes out empty, the `?` goes with it.
fn rewrite(
    s: &[u8],
    query_only: bool,
    out: &mut Vec<u8>,
    edit: impl Fn(&[u8], &mut Buf) -> Result<(), NoMemory>,
) {
    let at = QueryAt::new(s, query_only);
    let old = at.query.unwrap_or_default();
    let mut new = Buf::new();
    or_abort(edit(old, &mut new));
    if new[..] == *old {
        out.extend_from_slice(s);
        return;
    }
    out.extend_from_slice(at.head);
    if !new.is_empty() {
        if at.mark {
            out.push(b'?');
        }
        out.extend_from_slice(&new);
    }
    out.extend_from_slice(at.tail);
}

/// The WHATWG parse of `s` against `base`; its failure is the input's
/// message.
fn parse_whatwg(s: &[u8], base: Option<&whatwg::Url>) -> Result<whatwg::Url, String> {
    match whatwg::parse(s, base) {
        Ok(u) => Ok(u),
        Err(whatwg::ParseError::NoMemory) => or_abort(Err(NoMemory)),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs the setter of `part` with `value`. A value the Standard ignores is
/// the input's failure unless `lenient` (`whatwg --help` says why).
fn apply_setter(
    url: &mut whatwg::Url,
    part: WhatwgSet,
    value: &[u8],
    lenient: bool,
) -> Result<(), String> {
    let what = || format!("{} \"{}\"", part.0.name(), escape::text(value));
    match url.set(part.0, value) {
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

/// The config of a `No-Vary-Search` value. A malformed one gives the
/// default config with a warning, as the draft says, or with `strict` a
/// usage error.
fn nvs_config(header: &[u8], strict: bool) -> nvs::Config {
    match nvs::Config::parse_checked(header) {
        Ok(c) => c,
        Err(nvs::NvsError::NoMemory) => or_abort(Err(NoMemory)),
        Err(e) => {
            let msg = format!(
                "the No-Vary-Search value \"{}\" is malformed: {e}",
                escape::text(header)
            );
            if strict {
                usage_error("nvs", &msg);
            }
            crate::progress::message(&format!(
                "warning: {msg}; it counts as absent, and every query is compared as it is"
            ));
            nvs::Config::default()
        }
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

/// Appends a field of a [`Layout::Fields`] line, escaped unless `raw`.
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

/// Appends `name: number\n` for the number `n` of `u`.
fn number(out: &mut Vec<u8>, n: Number, u: &Url) {
    // Writing into a Vec cannot fail.
    let _ = writeln!(out, "{}: {}", n.name(), u.number(n));
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
        line(out, raw, c.name(), value, b"(absent)");
    }
}

/// The `rfc3986-split` block: each component as the input's bytes.
fn write_components(s: &[u8], c: &Components, raw: bool, out: &mut Vec<u8>) {
    for k in Component::ALL {
        line(
            out,
            raw,
            k.name(),
            c.get(k).map(|p| p.bytes(s)),
            b"(absent)",
        );
    }
}
