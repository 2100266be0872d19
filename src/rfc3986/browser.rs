//! Browser-style lenient split, after Adam Barth's Internet-Draft on how
//! browsers parse URLs (2010, expired May 2011;
//! `seeds/browser-url-parsing-draft.txt`).
//!
//! [`split`] gives the same [`Components`] as [`rfc3986::split`], with every
//! offset into the caller's original input (trimming moves no bytes). It
//! follows the draft's sections 2 and 3:
//!
//! * §2 definitions: a *control character* is a byte <= 0x20; a *slash
//!   character* is `/` or `\`; the *authority terminating characters* are
//!   the slash characters, `?`, `#` and `;`.
//! * §3.1 finding the scheme: leading and trailing control characters are
//!   trimmed, the scheme is everything before the first `:`, the rest is the
//!   after-scheme. Control characters inside the input are kept as they are.
//! * §3.2 after a hierarchical scheme: any number of slash characters
//!   (zero or more) is consumed; the authority runs to the first authority
//!   terminating character, the path to the first `?` or `#`, the query from
//!   a `?` to the next `#`, the fragment after the `#`.
//! * §3.3 the authority: the user information up to the **last** `@`; the
//!   host is everything left when there is no `:`, or when it starts with
//!   `[`, contains a `]` and its last `:` lies before its last `]`;
//!   otherwise the host runs to the last `:` and the port follows it. This
//!   is the draft's rule, not the one of [`rfc3986::split`]: an unclosed
//!   `[::1:80` is cut at its last colon into host `[::1` and port `80`.
//! * §3.4 user and password: the user information cut at its first `:`.
//!
//! The draft leaves several points open ("TODO"); this module decides them:
//!
//! * **What is a scheme.** §4 says a scheme with characters that are not
//!   "valid scheme characters" makes the input relative, without defining
//!   them. The RFC 3986 §3.1 grammar is used: a letter followed by letters,
//!   digits, `+`, `-` and `.`.
//! * **No scheme.** An input without `:` is "invalid" (§3.1), and §4 then
//!   treats it, like an input whose scheme is not valid, as a relative URL.
//!   It is split the way §4.1 classifies relative URLs: when it starts with
//!   two slash characters it is scheme-relative and the §3.2 rules apply to
//!   it whole (so `//host/p` has the authority `host`); otherwise it has no
//!   authority and is cut into path, query and fragment only.
//! * **Windows drive letters.** A one-letter scheme (`C:\dir\f`) is taken as
//!   a drive letter, not a scheme: the input is split like a relative URL,
//!   so its path is the whole `C:\dir\f`.
//! * **Hierarchical schemes.** The draft does not list them. A scheme is
//!   hierarchical when it is (ASCII case-insensitively) `http`, `https`,
//!   `ftp`, `gopher`, `ws`, `wss` or `file`, for which browsers find an
//!   authority even after zero or three slashes (`http:host`,
//!   `http:///host`), or when its after-scheme starts with two slash
//!   characters (`svn://host/p`). Any other input keeps its whole
//!   after-scheme as the path, `?` and `#` included, as §3 says
//!   (`mailto:a@b?subject=x`).
//! * **file.** The draft's "TODO: File URLs!" is settled the way file URLs
//!   are written: exactly two slash characters introduce the authority, so
//!   `file:///etc/passwd` has an empty host and the path `/etc/passwd`.
//!   With fewer slashes there is no authority, but `file` stays
//!   hierarchical: `file:/etc?x` has the path `/etc` and the query `x`.
//! * **mailto** gets no special treatment beyond being non-hierarchical.
//!
//! An empty or all-control input yields just an empty path at the end of
//! the trimmed range. Every step is a bounded number of linear scans.
//!
//! [`rfc3986::split`]: crate::rfc3986::split
//!
//! # Resolution (§4)
//!
//! [`resolve`] resolves a string against a base URL the way §4 lays out.
//! The draft's §4.2 to §4.5 stop after "let resolved-url be" and §4.6 is a
//! TODO; this module completes them and decides the open points:
//!
//! * **Trimming.** §4's "TODO: We probably need to trim leading and
//!   trailing control characters" is settled as §3.1 does it: the string
//!   is trimmed at both ends before anything else.
//! * **Which strings are absolute.** A string is absolute when §3.1 finds a
//!   valid scheme in it (the rules of [`split`]: two or more RFC 3986 scheme
//!   characters before the first `:`, so `C:\x` is a drive letter and
//!   relative). When its scheme matches the base's (ASCII
//!   case-insensitively) and the base is hierarchical, its after-scheme is
//!   resolved as a relative URL (§4: `http:g` against an http base is
//!   `g`); otherwise it is parsed as an absolute URL on its own.
//! * **Hierarchical base.** A base is hierarchical when [`split`] finds an
//!   authority in it or its scheme is one of the hierarchical schemes of
//!   the module docs (`file:/etc` is). Against a base that is not (§4.1's
//!   TODO, `mailto:a@b`, `data:...`) only the empty string (the base
//!   without its fragment, as §4.1 says for every base) and a fragment
//!   (`#f`, the base with that fragment, its old fragment starting at its
//!   first `#`) resolve; anything else is an error
//!   ([`BrowserResolveError::BaseNotHierarchical`]), the draft's "invalid
//!   URL".
//! * **§4.2 scheme-relative** (two slash characters): the resolved URL is
//!   the base's scheme, `:` and the string.
//! * **§4.3 authority-relative** (one slash character): the base's scheme,
//!   `//`, the base's authority (when it has one) and the string.
//! * **§4.4 query-relative** (`?`): the base up to the end of its path, then
//!   the string.
//! * **§4.5 fragment-relative** (`#`): the base without its fragment, then
//!   the string.
//! * **§4.6 path-relative** (anything else): the base's scheme and
//!   authority, the base's path up to and including its last slash
//!   character (`/` when the base has an authority and an empty path), then
//!   the string, as RFC 3986 §5.2.3 merges paths.
//! * **"Parsed as an absolute URL"** and written back: the pieces are split
//!   with [`split`] and recomposed in RFC 3986 syntax, `scheme:`,
//!   `//authority` when there is one, the path, `?query`, `#fragment`. In a
//!   hierarchical URL every `\` of the path becomes `/` and dot segments
//!   are removed (RFC 3986 §5.2.4), as browsers do; a path that would then
//!   start with `//` without an authority gets `/.` in front, as
//!   [`rfc3986::resolve`] does. An empty authority followed by a path that
//!   starts with `/` cannot be written so that it splits back the same
//!   (every scheme but `file` takes any number of slashes before its
//!   authority): the path's first segment becomes the authority, as a
//!   browser reading `http:///x` makes `x` the host. Nothing is
//!   case-folded, decoded or encoded;
//!   the bytes of a non-hierarchical URL after its scheme are kept as they
//!   are.
//!
//! The result is a fixed point: resolving it against the base or against
//! itself gives it back, except when its path is rootless and it has no
//! authority (`file:a/b`, from a base like it): §4 makes a string with the
//! base's own scheme relative, so its path is merged again. It never has an
//! authority unless the base or the string had one. Time is linear in the
//! input lengths.
//!
//! [`rfc3986::resolve`]: crate::rfc3986::resolve

use crate::bytes::buf::{Buf, NoMemory};
use crate::rfc3986::{
    find, keep_path_off_authority, part, remove_dot_segments, split_path_query_fragment,
    split_userinfo, Components, Part,
};
use std::fmt;

/// The draft's control characters: every byte up to and including space.
fn is_control(b: u8) -> bool {
    b <= 0x20
}

fn is_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

fn ends_authority(b: u8) -> bool {
    matches!(b, b'/' | b'\\' | b'?' | b'#' | b';')
}

/// RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
pub(crate) fn is_valid_scheme(s: &[u8]) -> bool {
    match s.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic()
                && rest
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        }
        None => false,
    }
}

/// How many leading slash characters an after-scheme gives up before its
/// authority, or `None` when it has no authority.
fn authority_slashes(scheme: &[u8], after: &[u8]) -> Option<usize> {
    let two = after.len() >= 2 && is_slash(after[0]) && is_slash(after[1]);
    if scheme.eq_ignore_ascii_case(b"file") {
        return two.then_some(2);
    }
    if is_special(scheme) || two {
        Some(after.iter().take_while(|&&b| is_slash(b)).count())
    } else {
        None
    }
}

/// The schemes for which browsers find an authority after any number of
/// slashes (see the module docs, "Hierarchical schemes").
fn is_special(scheme: &[u8]) -> bool {
    [&b"http"[..], b"https", b"ftp", b"gopher", b"ws", b"wss"]
        .iter()
        .any(|k| scheme.eq_ignore_ascii_case(k))
}

/// Splits `s` the way the browser URL parsing draft does (see the module
/// docs for the draft's open points and what this function does there).
///
/// Offsets are into `s` itself, before trimming. Never fails; `path` is
/// always `Some`.
pub fn split(s: &[u8]) -> Components {
    let mut start = 0;
    let mut end = s.len();
    while start < end && is_control(s[start]) {
        start += 1;
    }
    while end > start && is_control(s[end - 1]) {
        end -= 1;
    }
    // Everything below works on the trimmed range only.
    let t = &s[..end];
    let mut c = Components::default();

    let colon = find(t, start, |b| b == b':');
    let scheme = &t[start..colon];
    if colon < end && scheme.len() > 1 && is_valid_scheme(scheme) {
        c.scheme = Some(part(start, colon));
        let after = colon + 1;
        match authority_slashes(scheme, &t[after..]) {
            Some(slashes) => split_hierarchical(t, after + slashes, &mut c),
            None if scheme.eq_ignore_ascii_case(b"file") => {
                split_path_query_fragment(t, after, &mut c)
            }
            None => c.path = Some(part(after, end)),
        }
    } else if end - start >= 2 && is_slash(t[start]) && is_slash(t[start + 1]) {
        let slashes = t[start..].iter().take_while(|&&b| is_slash(b)).count();
        split_hierarchical(t, start + slashes, &mut c);
    } else {
        split_path_query_fragment(t, start, &mut c);
    }
    c
}

/// §3.2 from the authority on, then §3.3 and §3.4; `t` ends where the
/// trimmed input ends.
fn split_hierarchical(t: &[u8], a: usize, c: &mut Components) {
    let e = find(t, a, ends_authority);
    c.authority = Some(part(a, e));
    split_authority(t, a, e, c);
    split_path_query_fragment(t, e, c);
}

/// §3.3 and §3.4 on the authority `t[a..e]`.
fn split_authority(t: &[u8], a: usize, e: usize, c: &mut Components) {
    let h = split_userinfo(t, a, e, c);
    let hp = &t[h..e];
    let last_colon = hp.iter().rposition(|&b| b == b':');
    let last_close = hp.iter().rposition(|&b| b == b']');
    let literal = hp.first() == Some(&b'[')
        && matches!((last_colon, last_close), (Some(col), Some(close)) if col < close);
    match last_colon {
        Some(p) if !literal => {
            c.host = Some(part(h, h + p));
            c.port = Some(part(h + p + 1, e));
        }
        _ => c.host = Some(part(h, e)),
    }
}

/// Why [`resolve`] could not produce a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowserResolveError {
    /// The base has no valid scheme.
    BaseNotAbsolute,
    /// The base is not hierarchical and the string is neither empty nor a
    /// fragment (the draft's §4.1 "invalid URL").
    BaseNotHierarchical,
    /// Memory ran out.
    NoMemory,
}

impl From<NoMemory> for BrowserResolveError {
    fn from(_: NoMemory) -> BrowserResolveError {
        BrowserResolveError::NoMemory
    }
}

impl fmt::Display for BrowserResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BrowserResolveError::BaseNotAbsolute => "base URL has no valid scheme",
            BrowserResolveError::BaseNotHierarchical => {
                "base URL is not hierarchical: only a fragment resolves against it"
            }
            BrowserResolveError::NoMemory => "out of memory",
        })
    }
}

impl std::error::Error for BrowserResolveError {}

/// `s` without its leading and trailing control characters (§3.1).
fn trim(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&b| !is_control(b)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|&b| !is_control(b))
        .map_or(start, |p| p + 1);
    &s[start..end]
}

/// Whether a URL split by [`split`] is hierarchical (see the module docs).
fn hierarchical(s: &[u8], c: &Components) -> bool {
    c.authority.is_some()
        || c.scheme.is_some_and(|p| {
            let sc = p.bytes(s);
            is_special(sc) || sc.eq_ignore_ascii_case(b"file")
        })
}

/// Appends `s`, split with [`split`], recomposed in RFC 3986 syntax (see
/// the module docs, "Parsed as an absolute URL").
fn write_absolute(s: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let start = out.len();
    if write_absolute_once(s, out)? {
        // Written as `scheme:///path`, the URL would split with the path's
        // first segment as its authority, since every scheme but file takes
        // any number of slashes before it: split it that way now, so that
        // the result is a fixed point. Once is enough: the authority is
        // then not empty, or the path is.
        let first = Buf::from_slice(&out[start..])?;
        out.truncate(start);
        write_absolute_once(&first, out)?;
    }
    Ok(())
}

/// [`write_absolute`] in one pass; true when the result has an empty
/// authority, a scheme other than `file` and a path starting with `/`.
fn write_absolute_once(s: &[u8], out: &mut Buf) -> Result<bool, NoMemory> {
    let c = split(s);
    let get = |p: Option<Part>| p.map(|p| p.bytes(s));
    if let Some(sc) = get(c.scheme) {
        out.extend_from_slice(sc)?;
        out.push(b':')?;
    }
    if let Some(a) = get(c.authority) {
        out.extend_from_slice(b"//")?;
        out.extend_from_slice(a)?;
    }
    let path = get(c.path).unwrap_or_default();
    let path_at = out.len();
    if hierarchical(s, &c) {
        let at = out.len();
        let mut slashed = Buf::from_slice(path)?;
        for b in slashed.iter_mut().filter(|b| **b == b'\\') {
            *b = b'/';
        }
        remove_dot_segments(&slashed, out)?;
        if c.authority.is_none() {
            keep_path_off_authority(out, at)?;
        }
    } else {
        out.extend_from_slice(path)?;
    }
    if let Some(q) = get(c.query) {
        out.push(b'?')?;
        out.extend_from_slice(q)?;
    }
    let ambiguous = get(c.authority).is_some_and(<[u8]>::is_empty)
        && !get(c.scheme).is_some_and(|sc| sc.eq_ignore_ascii_case(b"file"))
        && out.get(path_at) == Some(&b'/');
    if let Some(f) = get(c.fragment) {
        out.push(b'#')?;
        out.extend_from_slice(f)?;
    }
    Ok(ambiguous)
}

/// The offset of the `:` ending a valid scheme of the trimmed `s` (§3.1 and
/// the module docs), or `None` when `s` is relative.
fn scheme_end(s: &[u8]) -> Option<usize> {
    let colon = s.iter().position(|&b| b == b':')?;
    (colon > 1 && is_valid_scheme(&s[..colon])).then_some(colon)
}

/// Resolves the string `spec` against the base URL `base` as the browser
/// URL parsing draft's §4 does, completed as the module docs say, and
/// appends the resolved URL to `out`.
///
/// On a refused base nothing is appended; when memory runs out, what was
/// appended is unspecified.
///
/// ```
/// use wwwurl::rfc3986::browser::resolve;
/// use wwwurl::bytes::buf::Buf;
///
/// // Backslashes are slashes, and leading and trailing spaces go, as in a browser.
/// let mut out = Buf::new();
/// resolve(b"http://example.com/a/b", b"  ..\\c ", &mut out).unwrap();
/// assert_eq!(out, b"http://example.com/c");
/// ```
pub fn resolve(base: &[u8], spec: &[u8], out: &mut Buf) -> Result<(), BrowserResolveError> {
    let bc = split(base);
    let scheme = bc
        .scheme
        .ok_or(BrowserResolveError::BaseNotAbsolute)?
        .bytes(base);
    let spec = trim(spec);
    let mut rel = spec;
    if let Some(colon) = scheme_end(spec) {
        if !(spec[..colon].eq_ignore_ascii_case(scheme) && hierarchical(base, &bc)) {
            write_absolute(spec, out)?;
            return Ok(());
        }
        rel = &spec[colon + 1..];
    }
    resolve_relative(base, &bc, rel, out)
}

/// §4.1 to §4.6: `spec` as a relative URL against the split base.
fn resolve_relative(
    base: &[u8],
    bc: &Components,
    spec: &[u8],
    out: &mut Buf,
) -> Result<(), BrowserResolveError> {
    let get = |p: Option<Part>| p.map(|p| p.bytes(base));
    // The base up to the end of its path (before `?`), and up to the end of
    // its query (before `#`): byte ranges of the original base.
    let path = bc.path.unwrap_or_default();
    let upto_path = &base[..path.end()];
    let upto_query = if hierarchical(base, bc) {
        &base[..bc.query.map_or(path.end(), Part::end)]
    } else {
        // §3 keeps a non-hierarchical URL's `#` in its path; its fragment
        // is taken to start at the first `#`, as browsers do.
        let p = path.bytes(base);
        &base[..path.start + p.iter().position(|&b| b == b'#').unwrap_or(p.len())]
    };
    let first = spec.first().copied();

    if spec.is_empty() || first == Some(b'#') {
        let mut s = Buf::with_capacity(upto_query.len() + spec.len())?;
        s.extend_from_slice(upto_query)?;
        s.extend_from_slice(spec)?;
        write_absolute(&s, out)?;
        return Ok(());
    }
    if !hierarchical(base, bc) {
        return Err(BrowserResolveError::BaseNotHierarchical);
    }
    let mut s = Buf::with_capacity(base.len() + spec.len() + 2)?;
    s.extend_from_slice(get(bc.scheme).unwrap_or_default())?;
    s.push(b':')?;
    if first.is_some_and(is_slash) {
        if spec.len() >= 2 && is_slash(spec[1]) {
            // §4.2 scheme-relative.
        } else if let Some(a) = get(bc.authority) {
            // §4.3 authority-relative.
            s.extend_from_slice(b"//")?;
            s.extend_from_slice(a)?;
        }
        s.extend_from_slice(spec)?;
    } else if first == Some(b'?') {
        // §4.4 query-relative.
        s.clear();
        s.extend_from_slice(upto_path)?;
        s.extend_from_slice(spec)?;
    } else {
        // §4.6 path-relative: RFC 3986 §5.2.3's merge, slash characters
        // both ways.
        if let Some(a) = get(bc.authority) {
            s.extend_from_slice(b"//")?;
            s.extend_from_slice(a)?;
        }
        let p = path.bytes(base);
        match p.iter().rposition(|&b| is_slash(b)) {
            Some(i) => s.extend_from_slice(&p[..=i])?,
            None if bc.authority.is_some() => s.push(b'/')?,
            None => {}
        }
        s.extend_from_slice(spec)?;
    }
    write_absolute(&s, out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &[u8]) -> String {
        crate::rfc3986::show_components(s, &split(s))
    }

    #[test]
    fn trims_and_keeps_offsets() {
        let s = b"\x01 http://h/p \t\n";
        let c = split(s);
        assert_eq!(c.scheme.unwrap().start, 2);
        assert_eq!(c.path.unwrap().bytes(s), b"/p");
        assert_eq!(show(b"  \x00 "), "path[]");
        assert_eq!(split(b"  ").path.unwrap().start, 2);
    }

    #[test]
    fn slashes_and_terminators() {
        assert_eq!(
            show(b"http:\\\\\\h\\p;q?x#y"),
            "scheme[http] authority[h] host[h] path[\\\\p;q] query[x] fragment[y]"
        );
        assert_eq!(
            show(b"http:h;p"),
            "scheme[http] authority[h] host[h] path[;p]"
        );
        assert_eq!(show(b"http:"), "scheme[http] authority[] host[] path[]");
    }

    #[test]
    fn draft_open_points() {
        assert_eq!(show(b"C:\\x\\y"), "path[C:\\\\x\\\\y]");
        assert_eq!(show(b"mailto:a@b?s#f"), "scheme[mailto] path[a@b?s#f]");
        assert_eq!(
            show(b"file:///etc"),
            "scheme[file] authority[] host[] path[/etc]"
        );
        assert_eq!(show(b"file:/etc"), "scheme[file] path[/etc]");
        assert_eq!(show(b"1a:b"), "path[1a:b]");
        assert_eq!(
            show(b"\\\\h:1/p"),
            "authority[h:1] host[h] port[1] path[/p]"
        );
    }

    #[test]
    fn authority_rules() {
        assert_eq!(
            show(b"http://a:b@c:d@[::1]:8/"),
            "scheme[http] authority[a:b@c:d@[::1]:8] userinfo[a:b@c:d] user[a] \
             password[b@c:d] host[[::1]] port[8] path[/]"
        );
        assert_eq!(
            show(b"http://[::1]/"),
            "scheme[http] authority[[::1]] host[[::1]] path[/]"
        );
        assert_eq!(
            show(b"http://[::1:80/"),
            "scheme[http] authority[[::1:80] host[[::1] port[80] path[/]"
        );
    }
}
