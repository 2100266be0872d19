//! `psl registrable` and `psl suffix`: each host's registrable domain or
//! public suffix by the Public Suffix List, built in or loaded.

use super::usage_error;
use super::whatwg::parse as parse_whatwg;
use crate::cli::{PslCmd, PslOpts};
use crate::ctx::Ctx;
use crate::drive::drive;
use crate::escape;
use crate::lines::{Fatal, Layout, Status};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use wwwurl::psl::{self, List, Sections};

/// Runs a `psl` subcommand over its inputs.
pub(super) fn run(ctx: &Ctx, cmd: &PslCmd) -> Result<Status, Fatal> {
    let (opts, registrable): (&PslOpts, bool) = match cmd {
        PslCmd::Registrable(o) => (o, true),
        PslCmd::Suffix(o) => (o, false),
    };
    let loaded = opts.list.as_deref().map(load);
    let list = loaded.as_ref().unwrap_or(List::builtin());
    let sections = if opts.icann {
        Sections::Icann
    } else {
        Sections::All
    };
    drive(
        ctx.inputs(&opts.hosts, &opts.input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            if opts.url {
                let url = parse_whatwg(s, None)?;
                let answer = if registrable {
                    psl::url_registrable_domain(list, &url, sections)
                } else {
                    psl::url_public_suffix(list, &url, sections)
                };
                out.extend_from_slice(answer.unwrap_or(b""));
            } else {
                let start = if registrable {
                    list.registrable_domain(s, sections)
                } else {
                    list.public_suffix(s, sections)
                };
                if let Some(i) = start {
                    let at = out.len();
                    out.extend_from_slice(&s[i..]);
                    out[at..].make_ascii_lowercase();
                }
            }
            Ok(())
        },
    )
}

/// The list in `file`; one that cannot be read or is not a list is a
/// usage error.
fn load(file: &OsStr) -> List {
    let name = escape::text(file.as_bytes());
    let text = match std::fs::read(file) {
        Ok(t) => t,
        Err(e) => usage_error("psl", &format!("--list {name}: {e}")),
    };
    match List::load(&text) {
        Ok(l) => l,
        Err(e) => usage_error(
            "psl",
            &format!("--list {name}: not a Public Suffix List: {e}"),
        ),
    }
}
