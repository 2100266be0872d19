//! The `query` subcommands: reading the parameters of a query, and
//! rewriting them without changing any other byte of the URL.

use super::field;
use crate::cli::{InputOpts, QueryCmd};
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::lines::{Fatal, Layout, Status};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::{Buf, NoMemory};
use wwwurl::query;

/// Runs a `query` subcommand.
pub(super) fn run(ctx: &Ctx, cmd: &QueryCmd) -> Result<Status, Fatal> {
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
