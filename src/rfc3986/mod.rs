//! RFC 3986 tools: the generic component split, reference resolution and
//! dot-segment removal.
//!
//! # Component split (appendix B)
//!
//! [`split`] is the regular expression of RFC 3986 appendix B,
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! with scheme = `$2`, authority = `$4`, path = `$5`, query = `$7` and
//! fragment = `$9`, done by hand as one left-to-right scan over bytes. Every
//! part of the expression is optional except the path, so it matches every
//! input completely; each group takes the longest run its byte class allows,
//! which is what both POSIX leftmost-longest and backtracking matchers give.
//! The expression works on bytes: `.` and the negated classes match every
//! byte, NUL, newline and bytes above 0x7f included.
//!
//! The URL syntax draft in `seeds/url-syntax-draft-diff.txt` (appendix B)
//! prints an older form of the expression whose scheme class is `[^/?#]`,
//! without the colon, and whose path group is itself optional. The library
//! follows RFC 3986: the scheme ends at the first `:`, and the path is always
//! present (possibly empty).
//!
//! The authority is then split as RFC 3986 §3.2 lays it out:
//!
//! * user information: everything up to the **last** `@` (so `a@b@host` has
//!   the user information `a@b`); user and password are the user information
//!   cut at its **first** `:`. Without `@` all three are absent.
//! * host: when the host part starts with `[` it is an IP literal (§3.2.2)
//!   up to and including the first `]`; colons inside the brackets belong to
//!   the address. Otherwise the host runs up to the last `:`.
//! * port: everything after the last `:` that is not inside the brackets.
//!   Bytes between `]` and that `:` (`[::1]x:80`) stay in the host, so no
//!   byte of the authority is lost.
//! * An unclosed `[` (`[fe80::1`, `[::1:80`) is taken to run to the end of
//!   the authority: the whole host part is the host and there is no port.
//!   Cutting at the last colon would invent a port out of the last group of
//!   an address, and an unclosed literal is invalid anyway, so the choice
//!   that keeps the bytes together is the one that can be checked later.
//! * A `[` anywhere but at the start of the host part is an ordinary byte.
//!
//! Absent parts are `None`; present but empty parts are `Some` with length 0
//! (`http://host:/` has an empty port, `file:///x` an empty authority and an
//! empty host).
//!
//! # Reference resolution (§5.2)
//!
//! [`resolve`] is the strict algorithm of §5.2.2: a reference with a scheme
//! is absolute even when the scheme equals the base's (`http:g` stays
//! `http:g`). Paths are merged per §5.2.3, dot segments removed per §5.2.4
//! ([`remove_dot_segments`]) and the result recomposed per §5.3. Both base
//! and reference are split with [`split`] as §5.2.1 prescribes; the base's
//! fragment is ignored. The base must have a scheme.
//!
//! It gives every normal and abnormal example of §5.4. The URL syntax
//! draft's appendix C shows the older RFC 1808/2396-era answers for
//! references with more `..` segments than the base path has levels
//! (`../../../g` → `http://a/../g`); this library follows RFC 3986, where
//! the surplus `..` segments are dropped (`../../../g` → `http://a/g`).
//!
//! Recomposition is §5.3 with one guard that RFC 3986 leaves to the
//! caller: a path that starts with `//` in a result without authority gets
//! `/.` in front ([`keep_path_off_authority`]), so base `s:/a/b` and
//! reference `..//g` give `s:/.//g`, not `s://g`, whose authority would be
//! `g` (SECURITY.md, "A path that would read as an authority").
//!
//! Everything runs in time linear in the input lengths.
//!
//! # The tools on the generic syntax
//!
//! [`normalize`] (§6.2.2 and §6.2.3), [`relative`] (the shortest reference
//! to a target), [`browser`] (the browser-style lenient split and
//! resolution) and [`webcapture`] (the Web Capture canonical form).

pub mod browser;
pub mod normalize;
pub mod relative;
pub mod webcapture;

use std::fmt;

use crate::bytes::buf::{Buf, NoMemory};

/// One component of a split: where it lies in the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Part {
    /// Offset of the first byte in the input.
    pub start: usize,
    /// Length in bytes.
    pub len: usize,
}

impl Part {
    /// The offset just past the last byte.
    pub fn end(self) -> usize {
        self.start.saturating_add(self.len)
    }

    /// The bytes of this part in `s`, the input it was split from.
    ///
    /// Returns an empty slice rather than panicking when the part does not
    /// lie inside `s` (a part from a different input).
    pub fn bytes(self, s: &[u8]) -> &[u8] {
        s.get(self.start..self.end()).unwrap_or(&[])
    }
}

/// The components of a URL reference. `None` is absent; present-but-empty
/// is `Some` with `len == 0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// Scheme, without the `:`.
    pub scheme: Option<Part>,
    /// Authority, without the `//`.
    pub authority: Option<Part>,
    /// User information, without the `@`.
    pub userinfo: Option<Part>,
    /// User name: the user information up to its first `:`.
    pub user: Option<Part>,
    /// Password: the user information after its first `:`.
    pub password: Option<Part>,
    /// Host, brackets included for an IPv6 literal.
    pub host: Option<Part>,
    /// Port, without the `:`.
    pub port: Option<Part>,
    /// Path (always present, possibly empty).
    pub path: Option<Part>,
    /// Query, without the `?`.
    pub query: Option<Part>,
    /// Fragment, without the `#`.
    pub fragment: Option<Part>,
}

impl Components {
    /// The component `c`.
    pub fn get(&self, c: Component) -> Option<Part> {
        match c {
            Component::Scheme => self.scheme,
            Component::Authority => self.authority,
            Component::Userinfo => self.userinfo,
            Component::User => self.user,
            Component::Password => self.password,
            Component::Host => self.host,
            Component::Port => self.port,
            Component::Path => self.path,
            Component::Query => self.query,
            Component::Fragment => self.fragment,
        }
    }
}

/// A component of [`Components`], by name: the one table of the RFC 3986
/// component names, which the tool's `rfc3986-split` prints and its
/// `normalize --only` and `set` take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// `scheme`.
    Scheme,
    /// `authority`: user information, host and port.
    Authority,
    /// `userinfo`: user and password.
    Userinfo,
    /// `user`.
    User,
    /// `password`.
    Password,
    /// `host`.
    Host,
    /// `port`.
    Port,
    /// `path`.
    Path,
    /// `query`.
    Query,
    /// `fragment`.
    Fragment,
}

impl Component {
    /// Every component, in the order they appear in a URL reference (an
    /// enclosing one before those it holds).
    pub const ALL: [Component; 10] = [
        Component::Scheme,
        Component::Authority,
        Component::Userinfo,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name (`"userinfo"`).
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::User => "user",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The component named `name`, exactly as [`Component::name`] spells
    /// it.
    pub fn from_name(name: &[u8]) -> Option<Component> {
        Component::ALL
            .into_iter()
            .find(|c| c.name().as_bytes() == name)
    }
}

/// Why [`resolve`] could not produce a target URI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// The base has no scheme, so it is not an absolute URI (§5.1).
    BaseNotAbsolute,
    /// Memory ran out.
    NoMemory,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::BaseNotAbsolute => f.write_str("base URI has no scheme"),
            ResolveError::NoMemory => NoMemory.fmt(f),
        }
    }
}

impl From<NoMemory> for ResolveError {
    fn from(_: NoMemory) -> ResolveError {
        ResolveError::NoMemory
    }
}

impl std::error::Error for ResolveError {}

pub(crate) fn part(start: usize, end: usize) -> Part {
    Part {
        start,
        len: end - start,
    }
}

/// The offset of the first byte at or after `from` that `stop` accepts, or
/// `s.len()`.
pub(crate) fn find(s: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    s[from..]
        .iter()
        .position(|&b| stop(b))
        .map_or(s.len(), |p| from + p)
}

/// Splits `s` with the regular expression of RFC 3986 appendix B, then the
/// authority into user information, host and port (see the module docs).
///
/// Never fails: every byte string matches the expression. Offsets are into
/// `s`; `path` is always `Some`.
///
/// ```
/// use wwwurl::rfc3986::split;
///
/// let s = b"https://user@example.com:8443/p/q?x#frag";
/// let c = split(s);
/// assert_eq!(c.scheme.unwrap().bytes(s), b"https");
/// assert_eq!(c.user.unwrap().bytes(s), b"user");
/// assert_eq!(c.host.unwrap().bytes(s), b"example.com");
/// assert_eq!(c.port.unwrap().bytes(s), b"8443");
/// assert_eq!(c.path.unwrap().bytes(s), b"/p/q");
/// assert_eq!(c.query.unwrap().bytes(s), b"x");
/// assert_eq!(c.fragment.unwrap().bytes(s), b"frag");
/// ```
pub fn split(s: &[u8]) -> Components {
    let n = s.len();
    let mut c = Components::default();
    let mut i = 0;

    let stop = find(s, 0, |b| matches!(b, b':' | b'/' | b'?' | b'#'));
    // `[^:/?#]+` needs at least one byte before the colon.
    if stop > 0 && stop < n && s[stop] == b':' {
        c.scheme = Some(part(0, stop));
        i = stop + 1;
    }

    if s[i..].starts_with(b"//") {
        let a = i + 2;
        let e = find(s, a, |b| matches!(b, b'/' | b'?' | b'#'));
        c.authority = Some(part(a, e));
        split_authority(s, a, e, &mut c);
        i = e;
    }

    split_path_query_fragment(s, i, &mut c);
    c
}

/// The path from `from` up to the first `?` or `#`, then query and fragment.
pub(crate) fn split_path_query_fragment(s: &[u8], from: usize, c: &mut Components) {
    let n = s.len();
    let e = find(s, from, |b| b == b'?' || b == b'#');
    c.path = Some(part(from, e));
    let mut i = e;
    if i < n && s[i] == b'?' {
        let e = find(s, i + 1, |b| b == b'#');
        c.query = Some(part(i + 1, e));
        i = e;
    }
    if i < n && s[i] == b'#' {
        c.fragment = Some(part(i + 1, n));
    }
}

/// User information (up to the last `@` of `s[a..e]`), user and password
/// (split at its first `:`); returns where the host starts. Both split
/// modes agree on this part.
pub(crate) fn split_userinfo(s: &[u8], a: usize, e: usize, c: &mut Components) -> usize {
    let Some(at) = s[a..e].iter().rposition(|&b| b == b'@') else {
        return a;
    };
    let at = a + at;
    c.userinfo = Some(part(a, at));
    match s[a..at].iter().position(|&b| b == b':') {
        Some(colon) => {
            c.user = Some(part(a, a + colon));
            c.password = Some(part(a + colon + 1, at));
        }
        None => c.user = Some(part(a, at)),
    }
    at + 1
}

/// Fills user information, user, password, host and port from the
/// authority `s[a..e]`.
fn split_authority(s: &[u8], a: usize, e: usize, c: &mut Components) {
    let h = split_userinfo(s, a, e, c);

    let hp = &s[h..e];
    // Where the search for the port's colon may begin: past the IP literal.
    let outside = if hp.first() == Some(&b'[') {
        hp.iter().position(|&b| b == b']').map(|close| close + 1)
    } else {
        Some(0)
    };
    let colon = outside.and_then(|o| hp[o..].iter().rposition(|&b| b == b':').map(|p| o + p));
    match colon {
        Some(p) => {
            c.host = Some(part(h, h + p));
            c.port = Some(part(h + p + 1, e));
        }
        None => c.host = Some(part(h, e)),
    }
}

/// Appends `path` with its dot segments removed to `out` (RFC 3986 §5.2.4).
///
/// This is the algorithm of §5.2.4 run over an index into `path` instead of
/// a shrinking input buffer, with `out` as the output buffer; bytes already
/// in `out` are never touched. Each byte is copied at most once and removed
/// at most once, so the time is linear even for a megabyte of `/../`.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::rfc3986::remove_dot_segments;
///
/// let mut out = Buf::new();
/// remove_dot_segments(b"/a/b/c/./../../g", &mut out)?;
/// assert_eq!(out, b"/a/g");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn remove_dot_segments(path: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let floor = out.len();
    let n = path.len();
    let mut i = 0;
    while i < n {
        let rest = &path[i..];
        if rest.starts_with(b"../") {
            i += 3;
        } else if rest.starts_with(b"./") || rest.starts_with(b"/./") {
            // Rule A drops "./"; rule B turns "/./" into "/", which is where
            // the input continues two bytes on.
            i += 2;
        } else if rest == b"/." {
            out.push(b'/')?;
            break;
        } else if rest.starts_with(b"/../") {
            drop_last_segment(out, floor);
            i += 3;
        } else if rest == b"/.." {
            drop_last_segment(out, floor);
            out.push(b'/')?;
            break;
        } else if rest == b"." || rest == b".." {
            break;
        } else {
            let from = if path[i] == b'/' { i + 1 } else { i };
            let end = find(path, from, |b| b == b'/');
            out.extend_from_slice(&path[i..end])?;
            i = end;
        }
    }
    Ok(())
}

/// Removes the last segment of the output buffer `out[floor..]` and the `/`
/// before it, if any.
fn drop_last_segment(out: &mut Buf, floor: usize) {
    // The scan covers exactly the bytes that are removed, which keeps
    // remove_dot_segments linear overall.
    let cut = out[floor..]
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(floor, |p| floor + p);
    out.truncate(cut);
}

/// Resolves `reference` against `base` (RFC 3986 §5.2, strict) and appends
/// the target URI, recomposed per §5.3, to `out`.
///
/// Fails when `base` has no scheme, and then appends nothing, or when memory
/// runs out. Any byte string is accepted as a reference.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::rfc3986::{resolve, ResolveError};
///
/// // The examples of RFC 3986, section 5.4.
/// let base = b"http://a/b/c/d;p?q";
/// for (reference, target) in [("g", "http://a/b/c/g"), ("../g", "http://a/b/g"), ("?y", "http://a/b/c/d;p?y")] {
///     let mut out = Buf::new();
///     resolve(base, reference.as_bytes(), &mut out).unwrap();
///     assert_eq!(&out[..], target.as_bytes());
/// }
/// let mut out = Buf::new();
/// assert_eq!(resolve(b"/relative/base", b"g", &mut out), Err(ResolveError::BaseNotAbsolute));
/// ```
pub fn resolve(base: &[u8], reference: &[u8], out: &mut Buf) -> Result<(), ResolveError> {
    let b = split(base);
    let b_scheme = b.scheme.ok_or(ResolveError::BaseNotAbsolute)?;
    let r = split(reference);
    let r_path = r.path.unwrap_or_default().bytes(reference);

    let (scheme, authority, query) = if let Some(sc) = r.scheme {
        (
            sc.bytes(reference),
            r.authority.map(|p| p.bytes(reference)),
            r.query.map(|p| p.bytes(reference)),
        )
    } else if let Some(a) = r.authority {
        (
            b_scheme.bytes(base),
            Some(a.bytes(reference)),
            r.query.map(|p| p.bytes(reference)),
        )
    } else {
        let query = match r.query {
            Some(q) => Some(q.bytes(reference)),
            None if r_path.is_empty() => b.query.map(|p| p.bytes(base)),
            None => None,
        };
        (
            b_scheme.bytes(base),
            b.authority.map(|p| p.bytes(base)),
            query,
        )
    };

    out.extend_from_slice(scheme)?;
    out.push(b':')?;
    if let Some(a) = authority {
        out.extend_from_slice(b"//")?;
        out.extend_from_slice(a)?;
    }

    let path_at = out.len();
    if r.scheme.is_some() || r.authority.is_some() || r_path.first() == Some(&b'/') {
        remove_dot_segments(r_path, out)?;
    } else if r_path.is_empty() {
        out.extend_from_slice(b.path.unwrap_or_default().bytes(base))?;
    } else {
        let merged = merge(&b, base, r_path)?;
        remove_dot_segments(&merged, out)?;
    }
    if authority.is_none() {
        keep_path_off_authority(out, path_at)?;
    }

    if let Some(q) = query {
        out.push(b'?')?;
        out.extend_from_slice(q)?;
    }
    if let Some(f) = r.fragment {
        out.push(b'#')?;
        out.extend_from_slice(f.bytes(reference))?;
    }
    Ok(())
}

/// Puts `/.` before the path written at `out[at..]` when it starts with
/// `//` and the URL has no authority.
///
/// Dot-segment removal can leave such a path (`s:/a/b` + `..//g`, or
/// `http:/.//evil.com/x`), and §5.3's recomposition would then write
/// `s://g`: a different URL, whose authority is `g` (§3.3: without an
/// authority the path cannot begin with `//`). `/.` keeps the path and its
/// meaning, as the WHATWG URL serializer does.
pub fn keep_path_off_authority(out: &mut Buf, at: usize) -> Result<(), NoMemory> {
    if out.len() >= at + 2 && out[at] == b'/' && out[at + 1] == b'/' {
        out.insert_slice(at, b"/.")?;
    }
    Ok(())
}

/// Merges a relative-path reference with the base path (§5.2.3).
fn merge(b: &Components, base: &[u8], r_path: &[u8]) -> Result<Buf, NoMemory> {
    let b_path = b.path.unwrap_or_default().bytes(base);
    let mut merged = Buf::with_capacity(b_path.len() + r_path.len() + 1)?;
    if b.authority.is_some() && b_path.is_empty() {
        merged.push(b'/')?;
    } else if let Some(slash) = b_path.iter().rposition(|&c| c == b'/') {
        merged.extend_from_slice(&b_path[..=slash])?;
    }
    merged.extend_from_slice(r_path)?;
    Ok(merged)
}

/// The present components of `c`, split from `s`, as `name[bytes]`
/// words: what the split tests compare.
#[cfg(test)]
pub(crate) fn show_components(s: &[u8], c: &Components) -> String {
    let mut o = String::new();
    for k in Component::ALL {
        if let Some(p) = c.get(k) {
            o.push_str(&format!("{}[{}] ", k.name(), p.bytes(s).escape_ascii()));
        }
    }
    o.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &[u8]) -> String {
        show_components(s, &split(s))
    }

    fn rds(p: &str) -> String {
        let mut o = Buf::new();
        remove_dot_segments(p.as_bytes(), &mut o).unwrap();
        String::from_utf8(o.into_vec()).unwrap()
    }

    fn res(base: &str, r: &str) -> String {
        let mut o = Buf::new();
        resolve(base.as_bytes(), r.as_bytes(), &mut o).unwrap();
        String::from_utf8(o.into_vec()).unwrap()
    }

    #[test]
    fn split_appendix_b_example() {
        assert_eq!(
            show(b"http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            "scheme[http] authority[www.ics.uci.edu] host[www.ics.uci.edu] \
             path[/pub/ietf/uri/] fragment[Related]"
        );
    }

    #[test]
    fn split_edges() {
        assert_eq!(show(b""), "path[]");
        assert_eq!(show(b":x"), "path[:x]");
        assert_eq!(show(b"a:"), "scheme[a] path[]");
        assert_eq!(show(b"/a:b"), "path[/a:b]");
        assert_eq!(show(b"//"), "authority[] host[] path[]");
        assert_eq!(show(b"?#"), "path[] query[] fragment[]");
        assert_eq!(show(b"#?"), "path[] fragment[?]");
        assert_eq!(
            show(b"s://[::1"),
            "scheme[s] authority[[::1] host[[::1] path[]"
        );
        assert_eq!(
            show(b"s://u:p:q@a@h:"),
            "scheme[s] authority[u:p:q@a@h:] userinfo[u:p:q@a] user[u] \
             password[p:q@a] host[h] port[] path[]"
        );
        assert_eq!(
            show(b"s://[::1]x:8"),
            "scheme[s] authority[[::1]x:8] host[[::1]x] port[8] path[]"
        );
    }

    #[test]
    fn dot_segments_rfc_examples() {
        assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
        assert_eq!(rds(""), "");
        assert_eq!(rds("."), "");
        assert_eq!(rds(".."), "");
        assert_eq!(rds("../.."), "");
        assert_eq!(rds("/.."), "/");
        assert_eq!(rds("/."), "/");
        assert_eq!(rds("a/.."), "/");
        assert_eq!(rds("a/../b"), "/b");
        assert_eq!(rds("//../x"), "/x");
        assert_eq!(rds(".../..."), ".../...");
    }

    #[test]
    fn dot_segments_keep_existing_output() {
        let mut o = Buf::from_slice(b"http://a").unwrap();
        remove_dot_segments(b"/../../x/..", &mut o).unwrap();
        assert_eq!(o, b"http://a/");
        let mut o = Buf::from_slice(b"x/y").unwrap();
        remove_dot_segments(b"z/..", &mut o).unwrap();
        assert_eq!(o, b"x/y/");
    }

    /// The algorithm of §5.2.4 as written, with a real shrinking input buffer.
    fn rds_literal(p: &[u8]) -> Vec<u8> {
        let mut input = p.to_vec();
        let mut out = Vec::new();
        let pop = |out: &mut Vec<u8>| {
            let cut = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
            out.truncate(cut);
        };
        while !input.is_empty() {
            if input.starts_with(b"../") {
                input.drain(..3);
            } else if input.starts_with(b"./") || input.starts_with(b"/./") {
                input.drain(..2);
            } else if input == b"/." {
                input = b"/".to_vec();
            } else if input.starts_with(b"/../") {
                input.drain(..3);
                pop(&mut out);
            } else if input == b"/.." {
                input = b"/".to_vec();
                pop(&mut out);
            } else if input == b"." || input == b".." {
                input.clear();
            } else {
                let from = usize::from(input[0] == b'/');
                let end = input[from..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map_or(input.len(), |x| from + x);
                out.extend(input.drain(..end));
            }
        }
        out
    }

    #[test]
    fn dot_segments_match_literal_algorithm() {
        let alphabet: &[&[u8]] = &[b"/", b".", b"..", b"a", b"/.", b"./"];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let mut p = Buf::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 9) as usize;
            let mut x = seed >> 8;
            for _ in 0..len {
                p.extend_from_slice(alphabet[(x % alphabet.len() as u64) as usize])
                    .unwrap();
                x /= alphabet.len() as u64;
            }
            let mut o = Buf::new();
            remove_dot_segments(&p, &mut o).unwrap();
            assert_eq!(o, rds_literal(&p), "{}", p.escape_ascii());
        }
    }

    #[test]
    fn resolve_basics() {
        assert_eq!(res("http://a/b/c/d;p?q", "../../../g"), "http://a/g");
        assert_eq!(res("http://a/b/c/d;p?q#f", ""), "http://a/b/c/d;p?q");
        assert_eq!(res("http://a", "g"), "http://a/g");
        assert_eq!(res("s:a", "g"), "s:g");
        assert_eq!(res("s:a/b", "../g"), "s:/g");
        assert_eq!(res("s:/a/b", "..//g"), "s:/.//g");
        assert_eq!(res("http://a/b", "?"), "http://a/b?");
        assert_eq!(res("http://a/b", "#"), "http://a/b#");
    }

    #[test]
    fn resolve_rejects_relative_base() {
        let mut o = Buf::from_slice(b"keep").unwrap();
        assert_eq!(
            resolve(b"/a/b", b"g", &mut o),
            Err(ResolveError::BaseNotAbsolute)
        );
        assert_eq!(o, b"keep");
        assert_eq!(
            resolve(b"", b"g", &mut o),
            Err(ResolveError::BaseNotAbsolute)
        );
    }

    #[test]
    fn part_bytes_outside_input_is_empty() {
        let p = Part {
            start: usize::MAX,
            len: 5,
        };
        assert_eq!(p.bytes(b"abc"), b"");
        assert_eq!(part(1, 3).bytes(b"abc"), b"bc");
    }

    #[test]
    fn each_component_name_gives_its_component_back() {
        for c in Component::ALL {
            assert_eq!(Component::from_name(c.name().as_bytes()), Some(c));
        }
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(
            names,
            [
                "scheme",
                "authority",
                "userinfo",
                "user",
                "password",
                "host",
                "port",
                "path",
                "query",
                "fragment"
            ]
        );
        for name in [&b"Scheme"[..], b"auth", b"", b"path\0"] {
            assert_eq!(Component::from_name(name), None);
        }
    }

    #[test]
    fn get_gives_each_component() {
        let s = b"s://u:p@h:1/p?q#f";
        let c = split(s);
        let got: Vec<Option<&[u8]>> = Component::ALL
            .iter()
            .map(|&k| c.get(k).map(|p| p.bytes(s)))
            .collect();
        let want: [Option<&[u8]>; 10] = [
            Some(b"s"),
            Some(b"u:p@h:1"),
            Some(b"u:p"),
            Some(b"u"),
            Some(b"p"),
            Some(b"h"),
            Some(b"1"),
            Some(b"/p"),
            Some(b"q"),
            Some(b"f"),
        ];
        assert_eq!(got, want);
        assert_eq!(split(b"a").get(Component::Query), None);
    }
}
