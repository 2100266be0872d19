//! `safebrowsing`: the canonical URL Google Safe Browsing (API v4) and
//! Web Risk hash, as doc/profile-rules.md paraphrases Google's documents;
//! all 33 documented example pairs hold (tests/profiles.rs).
//!
//! Steps, in this order:
//!
//! 1. Spaces at either end of the input are trimmed (the documents' example
//!    `  http://www.google.com/  `); only spaces, since the documents name
//!    no other trimmed byte and TAB, CR and LF go in step 2 anyway.
//! 2. Every TAB, CR and LF is deleted.
//! 3. The fragment goes, from the first `#`. This is done before any
//!    decoding, so an escaped `%23` is no fragment (`host%23.com`).
//! 4. The scheme: `scheme://` (a letter, then letters, digits, `+ - .`)
//!    starts a URL with a scheme, which is lower-cased (schemes are
//!    case-insensitive, and a key must not depend on the spelling).
//!    `http:` or `https:` without `//` (`http:x`, `http:/x`) is that scheme
//!    with its slashes missing, as browsers read it. Anything else has no
//!    scheme and gets `http://` (`www.google.com/`, and so also
//!    `localhost:8080/x`, whose `localhost:` is no `scheme://`).
//! 5. The rest is cut into authority (up to the first `/` or `?`), path
//!    (from that `/` up to the first `?`) and query (after it). The
//!    documents assume an already parsed URL; this is the split that gives
//!    their examples (`q?r?s` keeps the later `?` in the query).
//! 6. The authority loses its user information (up to the last `@`: the
//!    lookup expressions are host and path only) and its port (from the
//!    first `:`, or after the closing `]` of a bracketed host): the v4
//!    examples drop the port.
//! 7. Each of host, path and query is percent-decoded again and again
//!    until nothing is left to decode, separately, so that a decoded `/`
//!    or `?` stays in the component it came from.
//! 8. Host: leading and trailing dots go, runs of dots become one; a host
//!    that the C library's `inet_aton` reads as IPv4 (one to four parts,
//!    decimal, octal with `0`, hex with `0x`) becomes a dotted quad; the
//!    host is lower-cased. A bracketed IPv6 host is only lower-cased: the
//!    IPv6 compression of the v5 documents is not part of version 1.
//! 9. Path: `.` segments go, `..` removes the segment before it (or
//!    nothing at the root), runs of `/` become one; a path that ended in
//!    `/`, `/.` or `/..` keeps a final `/`; an empty path is `/`. The query
//!    is not touched by these rules.
//! 10. Host, path and query are percent-encoded: bytes up to 0x20, from
//!     0x7F, `#` and `%`, in upper-case hex; nothing else.
//!
//! The result is `scheme://host` + path, then `?query` when the input had
//! a `?` (even with nothing after it). Nothing is refused.
//!
//! **Version 2** keeps what step 7 decodes in the component it came from
//! when the result is read again, so that the result is a fixed point.
//! Version 1 wrote a decoded delimiter raw, and reading its result again
//! split it elsewhere: `http://h%2f/a` gave `http://h//a`, whose path then
//! collapsed to `/a`. Step 10 of version 2 also escapes:
//!
//! * in a host: `/` and `?` (they would end the authority), `@` (it would
//!   make user information), and, unless the host was bracketed at step 6,
//!   `:` (it would start a port) and `[` `]` (a leading `[` would make a
//!   bracketed host); in a bracketed host, every `]` but the one that
//!   closed it at step 6 (an earlier one would end it);
//! * in a path: `?` (it would start the query).
//!
//! No example of Google's documents has such a byte, so all 33 pairs hold
//! for both versions.

use super::escape::{escape_once, escape_once_and, reescape, unescape_fully, AsciiSet};
use super::{ipv4, ProfileError};
use crate::bytes::buf::Buf;

pub(super) use crate::rfc3986::browser::is_valid_scheme as is_scheme;

/// The released versions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Version {
    /// 0.1.0: a decoded delimiter written raw.
    V1,
    /// A decoded delimiter escaped where it would change the component.
    V2,
}

/// Step 4: the scheme (`None`: `http`) and the bytes after `scheme://`.
fn scheme_and_rest(s: &[u8]) -> (Option<&[u8]>, &[u8]) {
    if let Some(colon) = s.iter().position(|&b| b == b':') {
        let (name, after) = (&s[..colon], &s[colon + 1..]);
        if is_scheme(name) {
            if let Some(rest) = after.strip_prefix(b"//") {
                return (Some(name), rest);
            }
            if name.eq_ignore_ascii_case(b"http") || name.eq_ignore_ascii_case(b"https") {
                let slashes = after.iter().take_while(|&&b| b == b'/').count();
                return (Some(name), &after[slashes..]);
            }
        }
    }
    (None, s)
}

/// Step 6: the host of an authority.
fn host_of(authority: &[u8]) -> &[u8] {
    let h = match authority.iter().rposition(|&b| b == b'@') {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    if h.first() == Some(&b'[') {
        match h.iter().position(|&b| b == b']') {
            Some(close) => &h[..=close],
            None => h,
        }
    } else {
        match h.iter().position(|&b| b == b':') {
            Some(colon) => &h[..colon],
            None => h,
        }
    }
}

/// Step 8 on the decoded host; appends the host still to be encoded.
fn host(plain: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    let start = out.len();
    if plain.first() == Some(&b'[') {
        out.extend_from_slice(plain)?;
        out[start..].make_ascii_lowercase();
        return Ok(());
    }
    let trimmed = {
        let a = plain.iter().position(|&b| b != b'.').unwrap_or(plain.len());
        let z = plain.iter().rposition(|&b| b != b'.').map_or(a, |i| i + 1);
        &plain[a..z]
    };
    for (i, &b) in trimmed.iter().enumerate() {
        if !(b == b'.' && i > 0 && trimmed[i - 1] == b'.') {
            out.push(b)?;
        }
    }
    if let Some(addr) = ipv4::parse(&out[start..], true) {
        out.truncate(start);
        ipv4::write_dotted(addr, out)?;
    } else {
        out[start..].make_ascii_lowercase();
    }
    Ok(())
}

/// Step 9 on the decoded path (empty, or starting with `/`).
fn path(plain: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    let base = out.len();
    // `out[base..]` is `/`, then each kept segment followed by `/`.
    out.push(b'/')?;
    let mut last_is_plain_segment = false;
    for seg in plain.split(|&b| b == b'/') {
        last_is_plain_segment = false;
        match seg {
            b"" | b"." => {}
            b".." => {
                if out.len() > base + 1 {
                    let end = out.len() - 1;
                    let cut = out[base..end]
                        .iter()
                        .rposition(|&b| b == b'/')
                        .map_or(base + 1, |i| base + i + 1);
                    out.truncate(cut);
                }
            }
            _ => {
                out.extend_from_slice(seg)?;
                out.push(b'/')?;
                last_is_plain_segment = true;
            }
        }
    }
    if last_is_plain_segment {
        out.pop();
    }
    Ok(())
}

/// What version 2 escapes besides step 10's bytes: in a host that was not
/// bracketed, in a bracketed one (but its closing `]`), in a path.
const HOST_2: AsciiSet = AsciiSet::of(b"/?@:[]");
const BRACKETED_2: AsciiSet = AsciiSet::of(b"/?@]");
const PATH_2: AsciiSet = AsciiSet::of(b"?");

/// Step 10 on the host `h` of version 2; `raw` is the host at step 6.
fn escape_host_2(raw: &[u8], h: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    if raw.first() != Some(&b'[') {
        return Ok(escape_once_and(h, HOST_2, out)?);
    }
    // The `]` that closed the host at step 6 is its last byte, and decoding
    // nothing after it: it stays; any other `]` would close it early.
    match h.split_last() {
        Some((b']', inner)) if raw.last() == Some(&b']') => {
            escape_once_and(inner, BRACKETED_2, out)?;
            Ok(out.push(b']')?)
        }
        _ => Ok(escape_once_and(h, BRACKETED_2, out)?),
    }
}

pub(super) fn canonical(url: &[u8], v: Version, out: &mut Buf) -> Result<(), ProfileError> {
    // Steps 1 to 3.
    let a = url.iter().position(|&b| b != b' ').unwrap_or(url.len());
    let z = url.iter().rposition(|&b| b != b' ').map_or(a, |i| i + 1);
    let mut s = Buf::with_capacity(z - a)?;
    for &b in &url[a..z] {
        if b == b'#' {
            break;
        }
        if !matches!(b, b'\t' | b'\r' | b'\n') {
            s.push(b)?;
        }
    }
    // Steps 4 and 5.
    let (scheme, rest) = scheme_and_rest(&s);
    let auth_end = rest
        .iter()
        .position(|&b| b == b'/' || b == b'?')
        .unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(auth_end);
    let (raw_path, query) = match tail.iter().position(|&b| b == b'?') {
        Some(q) => (&tail[..q], Some(&tail[q + 1..])),
        None => (tail, None),
    };

    let at = out.len();
    out.extend_from_slice(scheme.unwrap_or(b"http"))?;
    out[at..].make_ascii_lowercase();
    out.extend_from_slice(b"://")?;

    // Steps 6 to 10, a component at a time.
    let mut plain = Buf::new();
    let raw_host = host_of(authority);
    unescape_fully(raw_host, &mut plain)?;
    let mut h = Buf::new();
    host(&plain, &mut h)?;
    match v {
        Version::V1 => escape_once(&h, out)?,
        Version::V2 => escape_host_2(raw_host, &h, out)?,
    }

    plain.clear();
    unescape_fully(raw_path, &mut plain)?;
    let mut p = Buf::new();
    path(&plain, &mut p)?;
    match v {
        Version::V1 => escape_once(&p, out)?,
        Version::V2 => escape_once_and(&p, PATH_2, out)?,
    }

    if let Some(q) = query {
        out.push(b'?')?;
        reescape(q, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sb(url: &[u8]) -> Vec<u8> {
        let mut out = Buf::new();
        canonical(url, Version::V1, &mut out).unwrap();
        let v1 = out.into_vec();
        assert_eq!(sb2(url), v1, "no delimiter decoded: both versions agree");
        v1
    }

    fn sb_v(url: &[u8], v: Version) -> Vec<u8> {
        let mut out = Buf::new();
        canonical(url, v, &mut out).unwrap();
        out.into_vec()
    }

    fn sb2(url: &[u8]) -> Vec<u8> {
        sb_v(url, Version::V2)
    }

    #[test]
    fn edges() {
        assert_eq!(sb(b""), b"http:///");
        assert_eq!(sb(b"HTTP://A.b/x/./y/../../z/"), b"http://a.b/z/");
        assert_eq!(sb(b"http:x"), b"http://x/");
        assert_eq!(sb(b"http://u:p@0x7f.1:8080/a/.."), b"http://127.0.0.1/");
        assert_eq!(sb(b"http://[::1]:80/"), b"http://[::1]/");
        assert_eq!(sb(b"localhost:8080/x"), b"http://localhost/x");
        assert_eq!(sb(b"http://h/a%2F..%2Fb?x%2F..%2F"), b"http://h/b?x/../");
    }

    #[test]
    fn version_2_keeps_decoded_delimiters_in_their_component() {
        let cases: [(&[u8], &[u8], &[u8]); 7] = [
            (b"http://h%2f/a", b"http://h//a", b"http://h%2F/a"),
            (b"http://h/a%3Fb", b"http://h/a?b", b"http://h/a%3Fb"),
            (
                b"http://22%40.%389.1.2/",
                b"http://22@.89.1.2/",
                b"http://22%40.89.1.2/",
            ),
            (b"http://a%3A80/", b"http://a:80/", b"http://a%3A80/"),
            (b"%2e[&]x.y/", b"http://[&]x.y/", b"http://%5B&%5Dx.y/"),
            (
                b"ftp://[%5D:0x50/c",
                b"ftp://[]:0x50/c",
                b"ftp://[%5D:0x50/c",
            ),
            (
                b"http://[a%5D%2f]:1/",
                b"http://[a]/]/",
                b"http://[a%5D%2F]/",
            ),
        ];
        for (input, v1, v2) in cases {
            assert_eq!(sb_v(input, Version::V1), v1, "{}", input.escape_ascii());
            assert_eq!(sb2(input), v2, "{}", input.escape_ascii());
            assert_eq!(sb2(v2), v2, "{}", v2.escape_ascii());
        }
    }
}
