//! Syntax-based normalisation (RFC 3986 §6.2.2) with a component mask, and
//! optionally scheme-based normalisation (§6.2.3).
//!
//! [`normalize`] rewrites a URI reference so that equivalent references
//! compare equal byte for byte. Each component in the [`Mask`] gets the
//! steps of §6.2.2 that apply to it:
//!
//! * [`Mask::SCHEME`]: the scheme in lower case (§6.2.2.1).
//! * [`Mask::HOST`]: the host in lower case (§6.2.2.1), after its
//!   percent-encodings are normalised as below, so `%41` becomes `a`.
//! * [`Mask::USERINFO`], [`Mask::HOST`], [`Mask::PATH`], [`Mask::QUERY`],
//!   [`Mask::FRAGMENT`]: percent-encoding normalisation. A triplet that
//!   encodes an unreserved character (`A-Z a-z 0-9 - . _ ~`) is decoded
//!   (§6.2.2.2), every other triplet gets upper-case hex digits
//!   (§6.2.2.1). A `%` not followed by two hex digits is left alone: it is
//!   not a percent-encoding, and rewriting it would change the reference.
//! * [`Mask::PATH`]: dot segments removed (§6.2.2.3, with the algorithm of
//!   §5.2.4) when the reference has a scheme or its path starts with `/`.
//!   A relative-path reference keeps them: `../a` means something only
//!   against a base, and removing its `..` would change what it resolves to.
//!   Percent-encodings are normalised first, so `%2E%2E` is a dot segment.
//!   When the result has no authority and its path would start with `//`,
//!   it gets `/.` in front, as in [`rfc3986::resolve`], so it does not read
//!   as an authority.
//!
//! Scheme-based normalisation (§6.2.3) is opt-in, since it needs knowledge
//! of schemes beyond the generic syntax:
//!
//! * [`Mask::DEFAULT_PORT`]: an empty port (`host:`) and its `:` go, for
//!   every scheme (§6.2.3 says producers should omit it); so does the
//!   scheme's default port (`http` and `ws` 80, `https` and `wss` 443,
//!   `ftp` 21), compared as a number (`:080` is 80). A host that holds a
//!   `:` of its own (`a:b:80`, possible only in a host that is not valid)
//!   keeps its port, which would otherwise change how the result splits.
//! * [`Mask::EMPTY_PATH`]: an empty path after an authority becomes `/` for
//!   `http`, `https`, `ws`, `wss` and `ftp`, whose empty path §6.2.3 and
//!   their own specifications equate with `/`.
//!
//! Nothing else changes: the port's digits, the user information's case,
//! reserved characters and bytes that are not allowed in a URI stay as they
//! are, but for a NUL byte, which becomes `%00` so that the result is one C
//! string. Components are never merged or split: decoding only unreserved
//! characters cannot create a delimiter, so the result splits
//! ([`rfc3986::split`]) into the same components, and normalising it again
//! changes nothing.
//!
//! Time and memory are linear in the input length.

use crate::bytes::ascii::find_byte;
use crate::bytes::buf::{Buf, NoMemory};
use crate::rfc3986::{self, Component, Part};

/// Which components [`normalize`] touches: a bit set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask(pub u32);

impl Mask {
    /// The scheme in lower case.
    pub const SCHEME: Mask = Mask(1);
    /// Percent-encodings of the user information.
    pub const USERINFO: Mask = Mask(2);
    /// The host: percent-encodings, then lower case.
    pub const HOST: Mask = Mask(4);
    /// Percent-encodings of the path, then dot segments.
    pub const PATH: Mask = Mask(8);
    /// Percent-encodings of the query.
    pub const QUERY: Mask = Mask(16);
    /// Percent-encodings of the fragment.
    pub const FRAGMENT: Mask = Mask(32);
    /// Every step of syntax-based normalisation (§6.2.2).
    pub const SYNTAX: Mask = Mask(63);
    /// §6.2.3: no empty port, no default port.
    pub const DEFAULT_PORT: Mask = Mask(64);
    /// §6.2.3: `/` for an empty path after an authority (http-like schemes).
    pub const EMPTY_PATH: Mask = Mask(128);
    /// Everything: syntax- and scheme-based normalisation.
    pub const ALL: Mask = Mask(255);

    /// Whether every bit of `other` is set.
    pub fn has(self, other: Mask) -> bool {
        self.0 & other.0 == other.0
    }

    /// The bit of the syntax-based step on component `c`; `None` for the
    /// authority, user, password and port, which have none of their own
    /// (their bytes are the user information's and the host's).
    pub const fn of(c: Component) -> Option<Mask> {
        match c {
            Component::Scheme => Some(Mask::SCHEME),
            Component::Userinfo => Some(Mask::USERINFO),
            Component::Host => Some(Mask::HOST),
            Component::Path => Some(Mask::PATH),
            Component::Query => Some(Mask::QUERY),
            Component::Fragment => Some(Mask::FRAGMENT),
            Component::Authority | Component::User | Component::Password | Component::Port => None,
        }
    }
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Appends `s` with its percent-encodings normalised (see the module docs);
/// with `lower`, ASCII letters outside percent-encodings, decoded ones
/// included, go to lower case.
///
/// A decoded hex digit stays encoded where decoding it would make a new
/// percent-encoding with a `%` that starts none, so that normalising again
/// changes nothing: after `%` and a hex digit (`%a%37` keeps its `%37`,
/// which would make `%a7`), and right after a `%` when a hex digit follows
/// (`%%61b` keeps its `%61`, which would make `%ab`). [`Edition::V1`] kept
/// it encoded after any `%` among the last two bytes, so `%x%61` and
/// `%&%61` kept an escape that a later edit of the text (a sorted query)
/// could then decode.
fn percent(s: &[u8], lower: bool, ed: Edition, out: &mut Buf) -> Result<(), NoMemory> {
    let start = out.len();
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'%' && i + 2 < s.len() {
            if let (Some(h), Some(l)) = (hex_value(s[i + 1]), hex_value(s[i + 2])) {
                let c = h << 4 | l;
                let w = &out[start..];
                // Output percent-encodings are always complete, so a `%`
                // among the last two bytes is a stray one.
                let last = |k: usize| w.len().checked_sub(k).map(|j| w[j]);
                let stray = match ed {
                    Edition::V1 => last(1) == Some(b'%') || last(2) == Some(b'%'),
                    Edition::Current => {
                        (last(2) == Some(b'%') && last(1).is_some_and(|b| b.is_ascii_hexdigit()))
                            || (last(1) == Some(b'%')
                                && s.get(i + 3).is_some_and(u8::is_ascii_hexdigit))
                    }
                };
                if is_unreserved(c) && !(stray && c.is_ascii_hexdigit()) {
                    out.push(if lower { c.to_ascii_lowercase() } else { c })?;
                } else {
                    out.push(b'%')?;
                    out.push(s[i + 1].to_ascii_uppercase())?;
                    out.push(s[i + 2].to_ascii_uppercase())?;
                }
                i += 3;
                continue;
            }
        }
        out.push(if lower { b.to_ascii_lowercase() } else { b })?;
        i += 1;
    }
    Ok(())
}

/// The default port of the schemes §6.2.3 normalisation knows.
fn default_port(scheme: &[u8]) -> Option<u64> {
    [
        (&b"http"[..], 80),
        (b"https", 443),
        (b"ws", 80),
        (b"wss", 443),
        (b"ftp", 21),
    ]
    .iter()
    .find(|(name, _)| scheme.eq_ignore_ascii_case(name))
    .map(|&(_, p)| p)
}

/// Whether `port` is all digits and, as a number, `default`.
fn is_port(port: &[u8], default: u64) -> bool {
    !port.is_empty()
        && port.iter().all(u8::is_ascii_digit)
        && port.iter().try_fold(0u64, |n, &d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        }) == Some(default)
}

/// Appends `s` normalised by the steps `mask` selects (see the module docs).
/// Fails only when memory runs out; any byte string is a reference.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::rfc3986::normalize::{normalize, Mask};
///
/// let mut out = Buf::new();
/// normalize(b"HTTP://Example.COM:80/%7Euser/./a", Mask::ALL, &mut out)?;
/// assert_eq!(out, b"http://example.com/~user/a");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn normalize(s: &[u8], mask: Mask, out: &mut Buf) -> Result<(), NoMemory> {
    normalize_as(s, mask, Edition::Current, out)
}

/// The rules of [`normalize`] as they were at a release, for the frozen
/// profile versions that must keep their bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edition {
    /// 0.1.0 as `rfc3986/1`, `rfc3986-scheme/1` and `cachekey/1` froze it:
    /// the wider stray-`%` rule (see `percent`), and a NUL byte kept raw.
    V1,
    /// Today's rules.
    Current,
}

/// [`normalize`] under the rules of `ed`.
pub(crate) fn normalize_as(
    s: &[u8],
    mask: Mask,
    ed: Edition,
    out: &mut Buf,
) -> Result<(), NoMemory> {
    let start = out.len();
    normalize_parts(s, mask, ed, out)?;
    // Eight bytes a step: `contains` costs more than the rest of a short
    // URL's normalisation.
    if ed == Edition::Current && find_byte(&out[start..], 0, 0).is_some() {
        encode_nul(out, start)?;
    }
    Ok(())
}

/// Writes every NUL byte of `out[start..]` as `%00`, so that a result is
/// one C string: a raw NUL would end it early, and two references that
/// differ after it would read the same. `%00` is a percent-encoding that
/// normalisation keeps, so the result is still a fixed point.
fn encode_nul(out: &mut Buf, start: usize) -> Result<(), NoMemory> {
    let nuls = out[start..].iter().filter(|&&b| b == 0).count();
    let old_len = out.len();
    // In place, from the end: each NUL takes two more bytes.
    out.resize_zeroed(2 * nuls)?;
    let mut w = out.len();
    for r in (start..old_len).rev() {
        let b = out[r];
        if b == 0 {
            w -= 3;
            out[w..w + 3].copy_from_slice(b"%00");
        } else {
            w -= 1;
            out[w] = b;
        }
    }
    Ok(())
}

fn normalize_parts(s: &[u8], mask: Mask, ed: Edition, out: &mut Buf) -> Result<(), NoMemory> {
    let c = rfc3986::split(s);
    let get = |p: Option<Part>| p.map(|p| p.bytes(s));
    let scheme = get(c.scheme);

    if let Some(sc) = scheme {
        if mask.has(Mask::SCHEME) {
            let at = out.len();
            out.extend_from_slice(sc)?;
            out[at..].make_ascii_lowercase();
        } else {
            out.extend_from_slice(sc)?;
        }
        out.push(b':')?;
    }
    if c.authority.is_some() {
        out.extend_from_slice(b"//")?;
        if let Some(u) = get(c.userinfo) {
            if mask.has(Mask::USERINFO) {
                percent(u, false, ed, out)?;
            } else {
                out.extend_from_slice(u)?;
            }
            out.push(b'@')?;
        }
        let host = get(c.host).unwrap_or_default();
        if mask.has(Mask::HOST) {
            percent(host, true, ed, out)?;
        } else {
            out.extend_from_slice(host)?;
        }
        if let Some(p) = get(c.port) {
            // Without its port, a host that holds a `:` of its own would
            // split differently (`a:b:80` is host `a:b`, `a:b` host `a`).
            let outside = match host.first() {
                Some(b'[') => host
                    .iter()
                    .position(|&b| b == b']')
                    .map_or(&[][..], |e| &host[e..]),
                _ => host,
            };
            let drop = mask.has(Mask::DEFAULT_PORT)
                && !outside.contains(&b':')
                && (p.is_empty() || scheme.and_then(default_port).is_some_and(|d| is_port(p, d)));
            if !drop {
                out.push(b':')?;
                out.extend_from_slice(p)?;
            }
        }
    }

    let path = get(c.path).unwrap_or_default();
    let path_at = out.len();
    if mask.has(Mask::PATH) {
        let mut p = Buf::with_capacity(path.len())?;
        percent(path, false, ed, &mut p)?;
        if scheme.is_some() || p.first() == Some(&b'/') {
            rfc3986::remove_dot_segments(&p, out)?;
        } else {
            out.extend_from_slice(&p)?;
        }
    } else {
        out.extend_from_slice(path)?;
    }
    if c.authority.is_none() {
        if mask.has(Mask::PATH) {
            rfc3986::keep_path_off_authority(out, path_at)?;
        }
    } else if out.len() == path_at
        && mask.has(Mask::EMPTY_PATH)
        && scheme.and_then(default_port).is_some()
    {
        out.push(b'/')?;
    }

    for (p, bit, delim) in [
        (c.query, Mask::QUERY, b'?'),
        (c.fragment, Mask::FRAGMENT, b'#'),
    ] {
        if let Some(v) = get(p) {
            out.push(delim)?;
            if mask.has(bit) {
                percent(v, false, ed, out)?;
            } else {
                out.extend_from_slice(v)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(s: &str, m: Mask) -> String {
        let mut o = Buf::new();
        normalize(s.as_bytes(), m, &mut o).unwrap();
        String::from_utf8(o.into_vec()).unwrap()
    }

    #[test]
    fn the_component_bits_are_the_syntax_steps() {
        let bits: Vec<(Component, u32)> = Component::ALL
            .into_iter()
            .filter_map(|c| Mask::of(c).map(|m| (c, m.0)))
            .collect();
        assert_eq!(
            bits,
            [
                (Component::Scheme, 1),
                (Component::Userinfo, 2),
                (Component::Host, 4),
                (Component::Path, 8),
                (Component::Query, 16),
                (Component::Fragment, 32),
            ]
        );
        assert_eq!(bits.iter().fold(0, |m, b| m | b.1), Mask::SYNTAX.0);
    }

    #[test]
    fn rfc_examples() {
        assert_eq!(
            norm("HTTP://www.EXAMPLE.com/", Mask::SYNTAX),
            "http://www.example.com/"
        );
        assert_eq!(
            norm("example://a/b/c/%7Bfoo%7D", Mask::SYNTAX),
            "example://a/b/c/%7Bfoo%7D"
        );
        assert_eq!(
            norm("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Mask::SYNTAX),
            "example://a/b/c/%7Bfoo%7D"
        );
        assert_eq!(norm("http://a/%7Euser", Mask::SYNTAX), "http://a/~user");
        assert_eq!(
            norm("http://example.com:80/", Mask::ALL),
            "http://example.com/"
        );
        assert_eq!(norm("http://example.com", Mask::ALL), "http://example.com/");
        assert_eq!(
            norm("http://example.com:/", Mask::ALL),
            "http://example.com/"
        );
    }

    #[test]
    fn mask_selects_components() {
        let s = "HTTP://%41b@%41B:080/%2e/x%3a?%7e%3a#%7e%3a";
        assert_eq!(norm(s, Mask(0)), s);
        assert_eq!(
            norm(s, Mask::SCHEME),
            "http://%41b@%41B:080/%2e/x%3a?%7e%3a#%7e%3a"
        );
        assert_eq!(
            norm(s, Mask::USERINFO),
            "HTTP://Ab@%41B:080/%2e/x%3a?%7e%3a#%7e%3a"
        );
        assert_eq!(
            norm(s, Mask::HOST),
            "HTTP://%41b@ab:080/%2e/x%3a?%7e%3a#%7e%3a"
        );
        assert_eq!(
            norm(s, Mask::PATH),
            "HTTP://%41b@%41B:080/x%3A?%7e%3a#%7e%3a"
        );
        assert_eq!(
            norm(s, Mask::QUERY),
            "HTTP://%41b@%41B:080/%2e/x%3a?~%3A#%7e%3a"
        );
        assert_eq!(
            norm(s, Mask::FRAGMENT),
            "HTTP://%41b@%41B:080/%2e/x%3a?%7e%3a#~%3A"
        );
        assert_eq!(norm(s, Mask::ALL), "http://Ab@ab/x%3A?~%3A#~%3A");
    }

    #[test]
    fn edges() {
        assert_eq!(norm("../a/./b", Mask::SYNTAX), "../a/./b");
        assert_eq!(norm("/../a/./b", Mask::SYNTAX), "/a/b");
        assert_eq!(norm("s:/.//x", Mask::SYNTAX), "s:/.//x");
        assert_eq!(norm("s:/%2e//x", Mask::SYNTAX), "s:/.//x");
        assert_eq!(norm("%zz%4%", Mask::SYNTAX), "%zz%4%");
        assert_eq!(norm("/%a%37%", Mask::SYNTAX), "/%a%37%");
        assert_eq!(norm("/%%341", Mask::SYNTAX), "/%%341");
        assert_eq!(norm("/%%7e", Mask::SYNTAX), "/%~");
        assert_eq!(norm("s://h:8080", Mask::ALL), "s://h:8080");
        assert_eq!(norm("https://h:443", Mask::ALL), "https://h/");
        assert_eq!(norm("mailto:A@B", Mask::ALL), "mailto:A@B");
        assert_eq!(norm("http://h::", Mask::ALL), "http://h::/");
        assert_eq!(norm("http://a:b:80/", Mask::ALL), "http://a:b:80/");
        assert_eq!(norm("http://[::1]:80/", Mask::ALL), "http://[::1]/");
    }

    fn norm_v1(s: &[u8], m: Mask) -> Vec<u8> {
        let mut o = Buf::new();
        normalize_as(s, m, Edition::V1, &mut o).unwrap();
        o.into_vec()
    }

    #[test]
    fn a_stray_percent_keeps_only_escapes_that_would_join_it() {
        // Decoding these would make no new percent-encoding.
        assert_eq!(norm("http://h/%x%61", Mask::ALL), "http://h/%xa");
        assert_eq!(norm("http://h/?b=%&%61=1", Mask::ALL), "http://h/?b=%&a=1");
        assert_eq!(norm("/%%61%", Mask::SYNTAX), "/%a%");
        // These would: `%ab`, `%a7`, `%ab` again.
        assert_eq!(norm("/%%61b", Mask::SYNTAX), "/%%61b");
        assert_eq!(norm("/%a%37", Mask::SYNTAX), "/%a%37");
        assert_eq!(norm("/%%61%62", Mask::SYNTAX), "/%a%62");
        // The frozen edition kept every escape after a stray `%`.
        assert_eq!(norm_v1(b"http://h/%x%61", Mask::ALL), b"http://h/%x%61");
        assert_eq!(norm_v1(b"/%&%61", Mask::SYNTAX), b"/%&%61");
    }

    #[test]
    fn a_nul_is_encoded_except_in_the_frozen_edition() {
        assert_eq!(norm("http://h/\0a", Mask::ALL), "http://h/%00a");
        assert_eq!(norm("\0", Mask::SYNTAX), "%00");
        assert_eq!(
            norm(concat!("HTTP://\0H:8\0", "0/%\0?\0#\0\0"), Mask::ALL),
            "http://%00h:8%000/%%00?%00#%00%00"
        );
        assert_eq!(norm_v1(b"http://h/\0a", Mask::ALL), b"http://h/\0a");
    }

    #[test]
    fn results_are_fixed_points() {
        let pieces: [&[u8]; 12] = [
            b"%", b"%6", b"%61", b"%41", b"a", b"F", b"%2F", b"\0", b"/", b"?", b"&", b"%7E",
        ];
        // Every string of up to four pieces, after a scheme and host.
        let mut stack: Vec<(Vec<u8>, usize)> = vec![(b"http://h/".to_vec(), 0)];
        while let Some((s, depth)) = stack.pop() {
            let once = norm(std::str::from_utf8(&s).unwrap(), Mask::ALL);
            assert_eq!(norm(&once, Mask::ALL), once, "{}", s.escape_ascii());
            if depth < 4 {
                for p in pieces {
                    let mut t = s.clone();
                    t.extend_from_slice(p);
                    stack.push((t, depth + 1));
                }
            }
        }
    }
}
