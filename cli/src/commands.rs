//! What each subcommand does with one input, on top of the core library.

use crate::cli::{Cli, Command, EncodeHow, InputOpts, SetPart};
use crate::lines::{drive, write_error, Fatal, Inputs, Layout, Status};
use crate::{escape, spool};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use wwwurl::buf::{Buf, NoMemory};
use wwwurl::cache::{cache_path, UnsafePath};
use wwwurl::codec::{c_prefix, Codec};
use wwwurl::config::{Compat, Config};
use wwwurl::edit::{set_part, SetError};
use wwwurl::hash::make_hash;
use wwwurl::link::link_url;
use wwwurl::normalize::{normalize, Mask};
use wwwurl::rfc3986::{Components, Part};
use wwwurl::split::split_url;
use wwwurl::url::{Field, Url};
use wwwurl::{browser, relative, rfc3986, webcapture};

/// The settings every URL is built with.
#[derive(Debug)]
pub struct Ctx {
    /// Local host and default ports.
    pub env: Config,
    /// 2.9 or 2.9h behaviour.
    pub compat: Compat,
    /// `--raw`: no escape of control bytes in the output.
    pub raw: bool,
}

impl Ctx {
    /// The settings chosen by the global options.
    pub fn new(cli: &Cli) -> Ctx {
        Ctx {
            env: cli.local_host.clone().unwrap_or_default(),
            compat: cli.compat.into(),
            raw: cli.raw,
        }
    }

    fn inputs<'a>(&self, args: &'a [OsString], opts: &'a InputOpts) -> Inputs<'a> {
        Inputs {
            args,
            files: &opts.files,
            raw: self.raw,
            jobs: opts.jobs(),
            progress: opts.progress(),
        }
    }

    fn split(&self, s: &[u8]) -> Url {
        or_abort(split_url(&self.env, self.compat, s))
    }
}

/// Runs one subcommand over its inputs.
pub fn run(ctx: &Ctx, cmd: &Command) -> Result<Status, Fatal> {
    use Layout::{Blocks, Lines};
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
                    u = match set_part(&ctx.env, ctx.compat, u.view(), edit_part(part), value) {
                        Ok(u) => u,
                        Err(SetError::NoMemory) => or_abort(Err(NoMemory)),
                        Err(SetError::Refused) => {
                            return Err(match value {
                                Some(v) => format!(
                                    "{} \"{}\" cannot be set",
                                    part_name(part),
                                    escape::text(v)
                                ),
                                None => format!("{} cannot be removed", part_name(part)),
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
            browser: lenient,
            base,
            refs,
            input,
        } => {
            let (base, lenient) = (base.as_bytes(), *lenient);
            drive(
                ctx.inputs(refs, input),
                Lines,
                false,
                |s: &[u8], out: &mut Vec<u8>| {
                    if lenient {
                        with_buf(out, |b| browser::resolve(base, s, b))
                    } else {
                        with_buf(out, |b| rfc3986::resolve(base, s, b))
                    }
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
            browser,
            urls,
            input,
        } => {
            let split: fn(&[u8]) -> Components = if *browser {
                browser::split
            } else {
                rfc3986::split
            };
            drive(
                ctx.inputs(urls, input),
                Blocks,
                false,
                |s: &[u8], out: &mut Vec<u8>| {
                    write_components(s, &split(s), ctx.raw, out);
                    Ok(())
                },
            )
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

/// Runs a library function that writes into a [`Buf`] on `out`'s bytes;
/// its error becomes the input's message.
fn with_buf<R, E: std::fmt::Display>(
    out: &mut Vec<u8>,
    f: impl FnOnce(&mut Buf) -> Result<R, E>,
) -> Result<R, String> {
    Buf::fill_vec(out, f).map_err(|e| e.to_string())
}

/// The record, or the end of the program when memory ran out, as for any
/// other allocation of the tool.
pub fn or_abort<T>(r: Result<T, NoMemory>) -> T {
    match r {
        Ok(v) => v,
        Err(NoMemory) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u8>()),
    }
}

/// The core's part for a part of `set`.
fn edit_part(p: SetPart) -> wwwurl::edit::Part {
    use wwwurl::edit::Part;
    match p {
        SetPart::Scheme => Part::Proto,
        SetPart::User => Part::User,
        SetPart::Password => Part::Pass,
        SetPart::Host => Part::Host,
        SetPart::Port => Part::Port,
        SetPart::Path => Part::Path,
        SetPart::Query => Part::Args,
    }
}

/// How messages name a part of `set`.
fn part_name(p: SetPart) -> &'static str {
    match p {
        SetPart::Scheme => "the scheme",
        SetPart::User => "the user",
        SetPart::Password => "the password",
        SetPart::Host => "the host",
        SetPart::Port => "the port",
        SetPart::Path => "the path",
        SetPart::Query => "the query",
    }
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

/// Appends `name: number\n`.
fn number(out: &mut Vec<u8>, name: &str, n: impl std::fmt::Display) {
    // Writing into a Vec cannot fail.
    let _ = writeln!(out, "{name}: {n}");
}

/// The `split` block: every field of the legacy record, NULL as `(null)`
/// (as C's printf shows it).
fn write_record(u: &Url, raw: bool, out: &mut Vec<u8>) {
    const NULL: &[u8] = b"(null)";
    for (name, f) in [
        ("name", Field::Name),
        ("file", Field::File),
        ("proto", Field::Proto),
        ("hostport", Field::Hostport),
        ("host", Field::Host),
    ] {
        line(out, raw, name, u.get(f), NULL);
    }
    number(out, "port", u.port());
    for (name, f) in [
        ("path", Field::Path),
        ("args", Field::Args),
        ("user", Field::User),
        ("pass", Field::Pass),
        ("original_name", Field::OriginalName),
        ("original_path", Field::OriginalPath),
        ("original_args", Field::OriginalArgs),
    ] {
        line(out, raw, name, u.get(f), NULL);
    }
    number(out, "hostp", u.hostp());
    number(out, "pathp", u.pathp());
    number(out, "original_pathp", u.original_pathp());
}

/// The `rfc3986-split` block: each component as the input's bytes.
fn write_components(s: &[u8], c: &Components, raw: bool, out: &mut Vec<u8>) {
    let part = |p: Option<Part>| p.map(|p| &s[p.start..p.start + p.len]);
    for (name, p) in [
        ("scheme", c.scheme),
        ("authority", c.authority),
        ("userinfo", c.userinfo),
        ("user", c.user),
        ("password", c.password),
        ("host", c.host),
        ("port", c.port),
        ("path", c.path),
        ("query", c.query),
        ("fragment", c.fragment),
    ] {
        line(out, raw, name, part(p), b"(absent)");
    }
}
