//! Make-relative: the shortest reference that resolves back to a target URI
//! against a base URI, RFC 3986 §5.2 run backwards.
//!
//! [`make_relative`] is what a cache needs to rewrite the links of a stored
//! page so that they keep working wherever the page is served from.
//!
//! # The contract
//!
//! The target is first resolved against the base with [`rfc3986::resolve`],
//! so it may itself be a relative reference, and its dot segments are gone:
//! `resolve` removes them from every target, so no reference could resolve
//! to a URI that still has them. The result `r` then satisfies
//!
//! ```text
//! resolve(base, r) == resolve(base, target)
//! ```
//!
//! byte for byte, for every base with a scheme and every target. Nothing is
//! decoded, encoded or case-folded: `HTTP://a/` and `http://a/` differ.
//!
//! # The choice
//!
//! The candidates are, from the shortest kind to the longest:
//!
//! * the empty reference, when the target is the base without its fragment;
//! * `#fragment`, when only the fragment differs;
//! * `?query[#fragment]`, when the path is the base's;
//! * a relative path from the base's directory (`g`, `./g:h` when the first
//!   segment holds a `:`, `.` for the directory itself, `../../g` up the
//!   tree, `..` for the directory above);
//! * an absolute path (`/g`);
//! * a network-path reference (`//host/g`), when only the authority differs
//!   or when no path reference can express the target's path (an empty path
//!   after an authority);
//! * the target itself, when the schemes differ (as bytes), when the base
//!   has an authority the target lacks, or when nothing shorter works.
//!
//! Each candidate is checked by resolving it, and the shortest one that
//! resolves back wins (the earlier kind on a tie). Checking instead of
//! trusting the construction is what makes the contract hold in the corners
//! of §5.2: bases whose path has no `/` (`s:a`), base paths with dot
//! segments, and paths with empty segments (`/a//b`). The number of
//! candidates is fixed, so the time stays linear in the input lengths.

use crate::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use crate::rfc3986::{self, Components, Part, ResolveError};

/// The bytes of `p` in `s`, or `None` when absent.
fn get(s: &[u8], p: Option<Part>) -> Option<&[u8]> {
    p.map(|p| p.bytes(s))
}

/// Appends `?query` and `#fragment` of `t` to `out` when present.
fn query_fragment(out: &mut Buf, t: &[u8], c: &Components, query: bool) -> Result<(), NoMemory> {
    if query {
        if let Some(q) = get(t, c.query) {
            out.push(b'?')?;
            out.extend_from_slice(q)?;
        }
    }
    if let Some(f) = get(t, c.fragment) {
        out.push(b'#')?;
        out.extend_from_slice(f)?;
    }
    Ok(())
}

/// The directory part of a base path used by the merge of §5.2.3: up to and
/// including its last `/`, or `/` for an empty path after an authority.
fn base_directory<'a>(b: &'a [u8], bc: &Components) -> &'a [u8] {
    let path = get(b, bc.path).unwrap_or_default();
    if bc.authority.is_some() && path.is_empty() {
        return b"/";
    }
    match path.iter().rposition(|&x| x == b'/') {
        Some(p) => &path[..=p],
        None => b"",
    }
}

/// The relative path from the base directory `dir` to `path`: `../` for
/// each directory level of `dir` below the longest common one, then the rest
/// of `path`. (For paths that do not start with `/` the result may not
/// resolve back; [`make_relative`] checks every candidate.)
fn relative_path(dir: &[u8], path: &[u8]) -> Result<Buf, NoMemory> {
    // The longest common prefix that ends with a `/`.
    let common = dir.iter().zip(path).take_while(|(a, b)| a == b).count();
    let cut = dir[..common]
        .iter()
        .rposition(|&x| x == b'/')
        .map_or(0, |p| p + 1);
    let ups = dir[cut..].iter().filter(|&&x| x == b'/').count();
    let mut r = Buf::with_capacity(ups * 3 + path.len() - cut)?;
    for _ in 0..ups {
        r.extend_from_slice(b"../")?;
    }
    r.extend_from_slice(&path[cut..])?;
    Ok(r)
}

/// The candidate references of [`make_relative`], in the order in which
/// they are preferred among references of one length.
struct Candidates(Vec<(usize, Buf)>);

impl Candidates {
    /// Adds `prefix`, `path` and the query and fragment of `t`.
    fn add(
        &mut self,
        prefix: &[u8],
        path: &[u8],
        t: &[u8],
        tc: &Components,
        query: bool,
    ) -> Result<(), NoMemory> {
        let mut r = Buf::with_capacity(prefix.len() + path.len())?;
        r.extend_from_slice(prefix)?;
        r.extend_from_slice(path)?;
        query_fragment(&mut r, t, tc, query)?;
        let i = self.0.len();
        try_push(&mut self.0, (i, r))
    }
}

/// Appends to `out` the shortest reference that resolves against `base` to
/// the same URI as `target` does (see the module docs).
///
/// Fails when `base` has no scheme, and then appends nothing, or when
/// memory runs out.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::rfc3986::relative::make_relative;
///
/// let mut out = Buf::new();
/// make_relative(b"http://a/b/c/d", b"http://a/b/e/f", &mut out).unwrap();
/// assert_eq!(out, b"../e/f");
/// ```
pub fn make_relative(base: &[u8], target: &[u8], out: &mut Buf) -> Result<(), ResolveError> {
    let mut t = Buf::with_capacity(base.len() + target.len())?;
    rfc3986::resolve(base, target, &mut t)?;
    let bc = rfc3986::split(base);
    let tc = rfc3986::split(&t);

    let mut cands = Candidates(try_with_capacity(8)?);
    let same_scheme = get(base, bc.scheme) == get(&t, tc.scheme);
    if same_scheme {
        let t_path = get(&t, tc.path).unwrap_or_default();
        if get(base, bc.authority) == get(&t, tc.authority) {
            let b_path = get(base, bc.path).unwrap_or_default();
            if b_path == t_path {
                if get(base, bc.query) == get(&t, tc.query) {
                    cands.add(b"", b"", &t, &tc, false)?;
                }
                if tc.query.is_some() {
                    cands.add(b"", b"", &t, &tc, true)?;
                }
            }
            let dir = base_directory(base, &bc);
            let rel = relative_path(dir, t_path)?;
            let rel: &[u8] = if rel.is_empty() { b"." } else { &rel };
            // `..` names the directory above as well as `../` does.
            let short = rel.strip_suffix(b"/").filter(|r| r.ends_with(b".."));
            for path in [Some(rel), short].into_iter().flatten() {
                for prefix in [&b""[..], b"./"] {
                    cands.add(prefix, path, &t, &tc, true)?;
                }
            }
            if t_path.first() == Some(&b'/') {
                cands.add(b"", t_path, &t, &tc, true)?;
            }
        }
        if let Some(a) = get(&t, tc.authority) {
            let mut r = Buf::with_capacity(2 + a.len() + t_path.len())?;
            r.extend_from_slice(b"//")?;
            r.extend_from_slice(a)?;
            cands.add(&r, t_path, &t, &tc, true)?;
        }
    }

    // Shortest first, and in the order above among those of one length (an
    // unstable sort on both keys: a stable one would allocate).
    cands.0.sort_unstable_by_key(|(i, r)| (r.len(), *i));
    let mut check = Buf::with_capacity(t.len())?;
    for (_, r) in cands.0.iter().filter(|(_, r)| r.len() < t.len()) {
        check.clear();
        match rfc3986::resolve(base, r, &mut check) {
            Ok(()) if check[..] == t[..] => {
                out.extend_from_slice(r)?;
                return Ok(());
            }
            Err(ResolveError::NoMemory) => return Err(ResolveError::NoMemory),
            _ => {}
        }
    }
    out.extend_from_slice(&t)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(base: &str, t: &str) -> String {
        let mut o = Buf::new();
        make_relative(base.as_bytes(), t.as_bytes(), &mut o).unwrap();
        String::from_utf8(o.into_vec()).unwrap()
    }

    #[test]
    fn shortest_kinds() {
        let b = "http://a/b/c/d;p?q";
        assert_eq!(rel(b, "http://a/b/c/d;p?q"), "");
        assert_eq!(rel(b, "http://a/b/c/d;p?q#f"), "#f");
        assert_eq!(rel(b, "http://a/b/c/d;p?y"), "?y");
        assert_eq!(rel(b, "http://a/b/c/g"), "g");
        assert_eq!(rel(b, "http://a/b/c/"), ".");
        assert_eq!(rel(b, "http://a/b/g"), "../g");
        assert_eq!(rel(b, "http://a/g"), "/g");
        assert_eq!(rel(b, "http://a/b/c/d;p"), "d;p");
        assert_eq!(rel(b, "http://x/b/c/g"), "//x/b/c/g");
        assert_eq!(rel(b, "https://a/b/c/g"), "https://a/b/c/g");
        assert_eq!(rel(b, "http://a/b/c/g:h"), "./g:h");
        assert_eq!(rel(b, "http://a"), "//a");
    }

    #[test]
    fn target_is_resolved_first() {
        assert_eq!(rel("http://a/b/c", "x/../y"), "y");
        assert_eq!(rel("http://a/b/c", "http://a/b/./q/../g"), "g");
    }

    #[test]
    fn no_authority_and_odd_bases() {
        assert_eq!(rel("http://a/b", "http:/b"), "http:/b");
        assert_eq!(rel("s:a", "s:g"), "g");
        assert_eq!(rel("mailto:a@b", "mailto:c@d"), "c@d");
        assert_eq!(rel("http://a/b//c/d", "http://a/b//c/e"), "e");
        assert_eq!(rel("http://a/b/c", "http://a/b//x"), ".//x");
    }

    #[test]
    fn relative_base_is_an_error() {
        let mut o = Buf::from_slice(b"keep").unwrap();
        assert_eq!(
            make_relative(b"/a", b"http://a/", &mut o),
            Err(ResolveError::BaseNotAbsolute)
        );
        assert_eq!(o, b"keep");
    }
}
