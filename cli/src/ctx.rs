//! The settings every subcommand runs with, from the global options, and
//! what the subcommands share of them.

use crate::cli::{Cli, InputOpts};
use crate::escape;
use crate::lines::Inputs;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::NoMemory;
use wwwurl::wwwoffle::config::{Compat, Config};
use wwwurl::wwwoffle::split::split_url;
use wwwurl::wwwoffle::url::Url;

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

    pub fn inputs<'a>(&self, args: &'a [OsString], opts: &'a InputOpts) -> Inputs<'a> {
        // `wwwurl canon urls.txt` canonicalises the name, not the file's
        // lines: say so when an argument without a scheme names a file.
        for a in args {
            let named_file = std::fs::metadata(a).is_ok_and(|m| m.is_file());
            if named_file && !a.as_bytes().contains(&b':') {
                eprintln!(
                    "wwwurl: note: \"{}\" names a file but is read as an input itself; \
                     `-i {0}` reads inputs from the file",
                    escape::text(a.as_bytes())
                );
            }
        }
        Inputs {
            args,
            files: &opts.files,
            raw: self.raw,
            jobs: opts.jobs(),
            progress: opts.progress(),
        }
    }

    pub fn split(&self, s: &[u8]) -> Url {
        or_abort(split_url(&self.env, self.compat, s))
    }
}

/// The record, or the end of the program when memory ran out, as for any
/// other allocation of the tool.
pub fn or_abort<T>(r: Result<T, NoMemory>) -> T {
    match r {
        Ok(v) => v,
        Err(NoMemory) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u8>()),
    }
}
