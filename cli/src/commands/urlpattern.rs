//! `match`: URLs filtered by URL patterns, or matched against a rule file
//! of patterns (`--set`).

use super::{field, usage_error};
use crate::cli::MatchOpts;
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::escape;
use crate::lines::{Fatal, Layout, Status};
use std::borrow::Cow;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::NoMemory;
use wwwurl::urlpattern::{
    Error, Input, MatchResult, PatternOptions, UrlPattern, UrlPatternSet, COMPONENTS,
};
use wwwurl::whatwg::{self, ParseError, Url};

/// Runs `match` over its inputs.
pub(super) fn run(ctx: &Ctx, opts: &MatchOpts) -> Result<Status, Fatal> {
    let base_text = opts.base.as_deref().map(lossy);
    let base_text = base_text.as_deref();
    // --base parsed when the command line was read: only memory can fail.
    let base = match base_text.map(|b| whatwg::parse(b.as_bytes(), None)) {
        None => None,
        Some(Ok(u)) => Some(u),
        Some(Err(ParseError::NoMemory)) => or_abort(Err(NoMemory)),
        Some(Err(e)) => return Err(Fatal::Io(format!("--base: {e}"))),
    };
    let options = PatternOptions {
        ignore_case: opts.ignore_case,
    };
    let mut patterns = Vec::new();
    // The line of the rule file of each pattern of the set.
    let mut lines = Vec::new();
    match &opts.set {
        Some(file) => {
            let name = escape::text(file.as_bytes());
            let text = match std::fs::read(file) {
                Ok(t) => t,
                Err(e) => usage_error("match", &format!("--set {name}: {e}")),
            };
            for (n, line) in text.split(|&b| b == b'\n').enumerate() {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                if line.is_empty() {
                    continue;
                }
                let at = format!("--set {name}: line {}", n + 1);
                patterns.push(compile(line, base_text, options, &at));
                lines.push(n as u64 + 1);
            }
        }
        None => {
            for (n, p) in opts.patterns.iter().enumerate() {
                let at = format!("pattern {}", n + 1);
                patterns.push(compile(p.as_bytes(), base_text, options, &at));
            }
        }
    }
    let set = UrlPatternSet::from_vec(patterns).map_err(|e| Fatal::Io(message(e)))?;
    let inputs = ctx.inputs(&[], &opts.input);
    // An input line's URL and the set's patterns it matches; `None` for a
    // line that is no URL.
    let matches = |s: &[u8]| -> Result<Option<(Url, Vec<usize>)>, String> {
        let Some(url) = parse(s, base.as_ref()) else {
            return Ok(None);
        };
        let mut hits = Vec::new();
        set.matches(Input::Url(&url), None, &mut hits)
            .map_err(message)?;
        Ok(Some((url, hits)))
    };
    if opts.set.is_some() {
        return drive(
            inputs,
            Layout::Lines,
            false,
            |s: &[u8], out: &mut Vec<u8>| {
                let Some((_, hits)) = matches(s)? else {
                    return Ok(());
                };
                for (k, i) in hits.iter().enumerate() {
                    if k > 0 {
                        out.push(b' ');
                    }
                    out.extend_from_slice(lines[*i].to_string().as_bytes());
                }
                Ok(())
            },
        );
    }
    drive(
        inputs,
        Layout::Filter,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            let Some((url, hits)) = matches(s)? else {
                return Ok(());
            };
            let Some(&first) = hits.first() else {
                return Ok(());
            };
            field(out, ctx.raw, s);
            if opts.exec {
                let pattern = set.get(first).expect("an index the set gave");
                if let Some(m) = pattern.exec(Input::Url(&url), None).map_err(message)? {
                    groups(out, ctx.raw, &m);
                }
            }
            out.push(b'\n');
            Ok(())
        },
    )
}

/// `s` as text: bytes that are not UTF-8 read as U+FFFD, as a WebIDL
/// USVString reads a lone surrogate.
fn lossy(s: &OsStr) -> String {
    String::from_utf8_lossy(s.as_bytes()).into_owned()
}

/// The pattern `p` compiled against `base`; one that does not compile is a
/// usage error, named by `at`.
fn compile(p: &[u8], base: Option<&str>, options: PatternOptions, at: &str) -> UrlPattern {
    let text = String::from_utf8_lossy(p);
    match UrlPattern::parse(&text, base, options) {
        Ok(p) => p,
        Err(Error::NoMemory) => or_abort(Err(NoMemory)),
        Err(e) => usage_error(
            "match",
            &format!("{at}: \"{}\": {e}", escape::text(text.as_bytes())),
        ),
    }
}

/// The input line as a URL (against `base`), or `None` where it is not
/// one: no pattern matches it.
fn parse(s: &[u8], base: Option<&Url>) -> Option<Url> {
    let text: Cow<'_, str> = String::from_utf8_lossy(s);
    match whatwg::parse(text.as_bytes(), base) {
        Ok(u) => Some(u),
        Err(ParseError::NoMemory) => or_abort(Err(NoMemory)),
        Err(_) => None,
    }
}

/// The message of an input that could not be matched.
fn message(e: Error) -> String {
    match e {
        Error::NoMemory => or_abort(Err(NoMemory)),
        e => e.to_string(),
    }
}

/// Appends TAB and `COMPONENT.NAME=VALUE` for each group of `m` that
/// matched some text: the empty groups of the components a pattern leaves
/// open (`*`) would crowd out the ones asked for.
fn groups(out: &mut Vec<u8>, raw: bool, m: &MatchResult) {
    for (i, component) in COMPONENTS.iter().enumerate() {
        let Some(c) = m.component(i) else { continue };
        for (name, value) in &c.groups {
            let Some(value) = value.as_deref().filter(|v| !v.is_empty()) else {
                continue;
            };
            out.push(b'\t');
            let mut f = Vec::with_capacity(component.len() + name.len() + value.len() + 2);
            f.extend_from_slice(component.as_bytes());
            f.push(b'.');
            f.extend_from_slice(name);
            f.push(b'=');
            f.extend_from_slice(value);
            field(out, raw, &f);
        }
    }
}
