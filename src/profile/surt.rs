//! `surt/1` and `surt/2`: the Sort-friendly URI Reordering Transform of the Internet
//! Archive, as `surt.surt(url)` of the `surt` package 0.3.1 writes it with
//! its default options (reversed host, `)`, no scheme), implemented from
//! our own description of that behaviour, which doc/profile-rules.md
//! summarises (no code of the package, which is AGPL, was read or copied).
//! The section numbers below are that document's.
//!
//! Compatibility means reproducing the package's quirks too (the rules
//! mark them): `..` that cannot pop is kept, `...` in a host becomes
//! `..`, hex IPv4 forms are not converted, `localhost:8080/x` is a URL of
//! scheme `localhost`, a decoded `%26` splits the query, a stripped session
//! id may leave an empty parameter that sorts first.
//!
//! Where the rules leave a choice open, this implementation reads it so:
//!
//! * Schemes are compared as written for "starts with `http`" (§1.6) and
//!   "not `dns`" (§3.2), and without regard to case for the default ports
//!   (§3.4), which the rules say explicitly; the scheme is written as it
//!   was for a URL without a host.
//! * A host is "there" when it is not empty (Python's truth of a string),
//!   also after §2.3 has stripped its dots: `http://./x` has no host.
//! * A `..` pops the previous kept segment even when that is a kept `..`
//!   (`/../../x` is `/x`).
//! * A non-ASCII host goes through UTS #46 ToASCII
//!   ([`crate::whatwg::domain_to_ascii`]) rather than Python's IDNA 2003
//!   codec: the two agree on ordinary names (`bücher` is `xn--bcher-kva`)
//!   and differ on the characters IDNA 2008 changed (`ß`, `ς`, joiners)
//!   and on labels longer than 63 bytes, which the codec refuses. On
//!   failure the host is kept, as in §2.3. Without the crate's `idna`
//!   feature every non-ASCII host is kept as it is.
//! * The port check (§1.5) refuses a port that is not ASCII digits or is
//!   above 65535 with the reason "port is not a number up to 65535"; the
//!   validation of bracketed IPv6 literals that newer Pythons add is not
//!   done. The port is written as the number it is (`:021` as `:21`).
//! * A host of an IPv6 literal (one with a `:`) is not reversed (§4.1).
//!
//! Time is linear in the input: repeated decoding is computed in one pass
//! (`escape.rs`), and the session-id patterns, whose regular expressions
//! backtrack, are matched from the right with running state.

use super::escape::{escape_once, push_decimal, reescape, unescape_fully};
use super::safebrowsing::is_scheme;
use super::{ipv4, ProfileError};
use crate::bytes::buf::{try_push, Buf, NoMemory};
use crate::rfc3986;
use crate::whatwg::{domain_to_ascii, ParseError};

/// §1.1: the bytes Python's `bytes.strip()` removes.
fn is_strip_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// §1.3: the length of `s`'s leading run of `http://` / `https://` tokens
/// up to the start of the last one.
fn last_http_token(s: &[u8]) -> usize {
    let (mut i, mut last) = (0, 0);
    loop {
        let n = if s[i..].starts_with(b"http://") {
            7
        } else if s[i..].starts_with(b"https://") {
            8
        } else {
            return last;
        };
        last = i;
        i += n;
    }
}

/// What §1 gives.
struct Parsed<'a> {
    scheme: &'a [u8],
    host: Option<&'a [u8]>,
    port: Option<u32>,
    path: &'a [u8],
    query: Option<&'a [u8]>,
}

/// §1.4 to §1.7 on a string that starts with `scheme:`.
fn parse(s: &[u8]) -> Result<Parsed<'_>, ProfileError> {
    let c = rfc3986::split(s);
    let get = |p: Option<rfc3986::Part>| p.map(|p| p.bytes(s));
    let scheme = get(c.scheme).unwrap_or_default();
    let mut host = None;
    let mut port = None;
    if let Some(mut a) = get(c.authority) {
        while let Some(rest) = a.strip_suffix(b":") {
            a = rest;
        }
        let info = match a.iter().rposition(|&b| b == b'@') {
            Some(at) => &a[at + 1..],
            None => a,
        };
        let (name, port_text) = match info.iter().position(|&b| b == b'[') {
            Some(open) => {
                let inner = &info[open + 1..];
                match inner.iter().position(|&b| b == b']') {
                    Some(close) => {
                        let after = &inner[close + 1..];
                        let p = after
                            .iter()
                            .position(|&b| b == b':')
                            .map(|i| &after[i + 1..]);
                        (&inner[..close], p)
                    }
                    None => (inner, None),
                }
            }
            None => match info.iter().position(|&b| b == b':') {
                Some(colon) => (&info[..colon], Some(&info[colon + 1..])),
                None => (info, None),
            },
        };
        if let Some(p) = port_text.filter(|p| !p.is_empty()) {
            port = Some(
                port_number(p).ok_or(ProfileError::Refused("port is not a number up to 65535"))?,
            );
        }
        host = Some(name).filter(|h| !h.is_empty());
    }
    let mut path = get(c.path).unwrap_or_default();
    if host.is_none() && scheme.starts_with(b"http") {
        let slashes = path.iter().take_while(|&&b| b == b'/').count();
        let rest = &path[slashes..];
        if !rest.is_empty() {
            let end = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
            host = Some(&rest[..end]);
            path = &rest[end..];
        }
    }
    let query = get(c.query).filter(|q| !q.is_empty());
    Ok(Parsed {
        scheme,
        host,
        port,
        path,
        query,
    })
}

/// A port as Python's URL split reads it: ASCII digits, at most 65535.
fn port_number(p: &[u8]) -> Option<u32> {
    let mut v: u32 = 0;
    for &d in p {
        if !d.is_ascii_digit() {
            return None;
        }
        v = (v * 10 + u32::from(d - b'0')).min(65536);
    }
    (v <= 65535).then_some(v)
}

/// §2.3 and §2.4: appends the host; nothing when it comes out empty.
fn google_host(h: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    let mut plain = Buf::new();
    unescape_fully(h, &mut plain)?;
    if !plain.is_ascii() {
        let mut ascii = Buf::new();
        match domain_to_ascii(&plain, &mut ascii) {
            Ok(()) => plain = ascii,
            Err(ParseError::NoMemory) => return Err(ProfileError::NoMemory),
            Err(_) => {}
        }
    }
    // `..` → `.`, one left-to-right pass over non-overlapping pairs.
    let mut dots = Buf::with_capacity(plain.len())?;
    let mut i = 0;
    while i < plain.len() {
        dots.push(plain[i])?;
        i += if plain[i..].starts_with(b"..") { 2 } else { 1 };
    }
    let a = dots.iter().position(|&b| b != b'.').unwrap_or(dots.len());
    let z = dots.iter().rposition(|&b| b != b'.').map_or(a, |i| i + 1);
    let host = &dots[a..z];
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        // The number modulo 2^32, computed as it is read.
        let n = host.iter().fold(0u32, |n, &d| {
            n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        ipv4::write_dotted(n, out)?;
    } else if is_ip_like(host) {
        match ipv4::parse(host, false) {
            Some(addr) => ipv4::write_dotted(addr, out)?,
            None => out.extend_from_slice(host)?,
        }
    } else {
        let mut lower = Buf::from_slice(host)?;
        lower.make_ascii_lowercase();
        escape_once(&lower, out)?;
    }
    Ok(())
}

/// `^[1-9][0-9]*(\.[0-9]+){0,3}$` or `^0[0-7]*(\.[0-7]+){0,3}$`.
fn is_ip_like(h: &[u8]) -> bool {
    let octal = h.first() == Some(&b'0');
    let digit = |b: &u8| {
        if octal {
            (b'0'..=b'7').contains(b)
        } else {
            b.is_ascii_digit()
        }
    };
    let mut parts = 0;
    for (i, p) in h.split(|&b| b == b'.').enumerate() {
        parts += 1;
        let ok = match i {
            0 if octal => p.iter().all(digit),
            0 => !p.is_empty() && p[0] != b'0' && p.iter().all(digit),
            _ => !p.is_empty() && p.iter().all(digit),
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    !h.is_empty()
}

/// Which released version of the profile to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Version {
    /// `surt/1`: empty path segments are dropped before `..` is resolved,
    /// so `/a//../b` gives `/b`.
    V1,
    /// `surt/2`: as the package does it, empty segments stay while `..` is
    /// resolved (a `..` pops an empty segment) and go only when the path is
    /// joined, so `/a//../b` gives `/a/b`.
    V2,
}

/// §2.5 with a host: the path's segments, decoded, with the package's
/// dot handling.
fn google_path(plain: &[u8], version: Version, out: &mut Buf) -> Result<(), NoMemory> {
    if version == Version::V2 {
        return google_path_v2(plain, out);
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for seg in plain.split(|&b| b == b'/') {
        match seg {
            b"" | b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    try_push(&mut kept, seg)?;
                }
            }
            _ => try_push(&mut kept, seg)?,
        }
    }
    let mut p = Buf::with_capacity(plain.len() + 1)?;
    for seg in &kept {
        p.push(b'/')?;
        p.extend_from_slice(seg)?;
    }
    if p.is_empty() || plain.last() == Some(&b'/') {
        p.push(b'/')?;
    }
    escape_once(&p, out)
}

/// [`google_path`] of `surt/2`. The segments are those after the path's
/// first `/` (so that a leading `..` has nothing to pop); `.` goes, `..`
/// pops the previous kept segment, empty or not, or is kept when there is
/// none; then `/` and every kept segment but the last followed by `/`,
/// empty ones left out, and the last as it is (empty: a trailing `/`).
fn google_path_v2(plain: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let rest = plain.strip_prefix(b"/").unwrap_or(plain);
    let mut kept: Vec<&[u8]> = Vec::new();
    for seg in rest.split(|&b| b == b'/') {
        match seg {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    try_push(&mut kept, seg)?;
                }
            }
            _ => try_push(&mut kept, seg)?,
        }
    }
    let mut p = Buf::with_capacity(plain.len() + 1)?;
    p.push(b'/')?;
    if let Some((last, init)) = kept.split_last() {
        for seg in init.iter().filter(|s| !s.is_empty()) {
            p.extend_from_slice(seg)?;
            p.push(b'/')?;
        }
        p.extend_from_slice(last)?;
    }
    escape_once(&p, out)
}

/// §3.5: the two ASP.NET session-id segment patterns.
fn aspx_letters(seg: &[u8]) -> bool {
    // `(` then one or more `l(` + 24 alnum + `)`, then `)`.
    let Some(inner) = seg.strip_prefix(b"(").and_then(|s| s.strip_suffix(b")")) else {
        return false;
    };
    !inner.is_empty()
        && inner.len() % 27 == 0
        && inner.chunks(27).all(|g| {
            g[0].is_ascii_lowercase() && g[1] == b'(' && g[26] == b')' && alnum24(&g[2..26])
        })
}

fn aspx_plain(seg: &[u8]) -> bool {
    seg.len() == 26 && seg[0] == b'(' && seg[25] == b')' && alnum24(&seg[1..25])
}

fn alnum24(s: &[u8]) -> bool {
    s.iter()
        .all(|&b| b.is_ascii_digit() || b.is_ascii_lowercase())
}

/// `^(.*/)(SEG/)([^?]+\.aspx.*)$` → `$1$3`: removes the last segment `SEG`
/// matching `pattern` that is followed, after its `/`, by at least one byte
/// other than `?` and then `.aspx` with no `?` in between. Scanning from
/// the right keeps the nearest `.aspx` and `?` seen so far, so each
/// position costs constant time besides the segment test.
fn strip_aspx(path: &mut Buf, pattern: fn(&[u8]) -> bool) -> Result<(), NoMemory> {
    let n = path.len();
    let (mut next_aspx, mut next_q): (Option<usize>, Option<usize>) = (None, None);
    let mut i = n;
    while i > 2 {
        i -= 1;
        if path[i] == b'?' {
            next_q = Some(i);
        }
        if path[i..].starts_with(b".aspx") {
            next_aspx = Some(i);
        }
        // Here the state describes `path[i..]`; a segment ending at
        // `e = i - 2` has `path[e + 1]` as its first following byte.
        let e = i - 2;
        if path[e] != b'/' || path[e + 1] == b'?' {
            continue;
        }
        let rest_ok = match next_aspx {
            Some(a) => next_q.is_none_or(|q| q > a),
            None => false,
        };
        if !rest_ok {
            continue;
        }
        if let Some(k) = path[..e].iter().rposition(|&b| b == b'/') {
            if pattern(&path[k + 1..e]) {
                let mut cut = Buf::with_capacity(n)?;
                cut.extend_from_slice(&path[..=k])?;
                cut.extend_from_slice(&path[e + 1..])?;
                *path = cut;
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Whether `s` at `p` starts with `name` (any case) followed by `n` bytes
/// that `class` accepts; the end of that match.
fn fixed_at(s: &[u8], p: usize, name: &[u8], n: usize, class: fn(&u8) -> bool) -> Option<usize> {
    let end = p + name.len() + n;
    let m = s.get(p..end)?;
    (m[..name.len()].eq_ignore_ascii_case(name) && m[name.len()..].iter().all(class)).then_some(end)
}

/// §3.6 `query_strip_session_id`, one pattern: `^(.*)PATTERN(&(.*))?$` →
/// `$1$3`. `at(q, p)` is the end of a match of the pattern at `p`; the
/// greedy `(.*)` makes the match the last one followed by the end or `&`.
fn strip_query_pattern(
    q: &mut Buf,
    at: &dyn Fn(&[u8], usize) -> Option<usize>,
) -> Result<(), NoMemory> {
    for p in (0..q.len()).rev() {
        let Some(end) = at(q, p) else { continue };
        let tail = match q.get(end) {
            None => q.len(),
            Some(b'&') => end + 1,
            Some(_) => continue,
        };
        let mut cut = Buf::with_capacity(q.len())?;
        cut.extend_from_slice(&q[..p])?;
        cut.extend_from_slice(&q[tail..])?;
        *q = cut;
        return Ok(());
    }
    Ok(())
}

/// §3.6, the pattern `cfid=[^&]+&cftoken=[^&]+`, last match, with the `&`
/// after it. Each value runs to the next `&`; searching for it from every
/// position would be quadratic, so the scan from the right keeps the two
/// nearest `&`s instead.
fn strip_cfid(q: &mut Buf) -> Result<(), NoMemory> {
    // Scanning from the right, `a1` and `a2` are the first and second `&`
    // at or after the position.
    let (mut a1, mut a2): (Option<usize>, Option<usize>) = (None, None);
    for p in (0..q.len()).rev() {
        if q[p] == b'&' {
            a2 = a1;
            a1 = Some(p);
            continue;
        }
        if q.len() - p < 5 || !q[p..p + 5].eq_ignore_ascii_case(b"cfid=") {
            continue;
        }
        let Some(amp) = a1 else { continue };
        // The id: one or more bytes before the first `&`.
        if amp <= p + 5 {
            continue;
        }
        let tok = amp + 1;
        if q.len() - tok < 8 || !q[tok..tok + 8].eq_ignore_ascii_case(b"cftoken=") {
            continue;
        }
        // The token: one or more bytes, up to the next `&` or the end.
        let end = a2.unwrap_or(q.len());
        if end <= tok + 8 {
            continue;
        }
        let tail = if end < q.len() { end + 1 } else { end };
        let mut cut = Buf::with_capacity(q.len())?;
        cut.extend_from_slice(&q[..p])?;
        cut.extend_from_slice(&q[tail..])?;
        *q = cut;
        return Ok(());
    }
    Ok(())
}

/// §3.6 on a non-empty query (already re-escaped by §2.2); `None` when it
/// ends up empty.
fn ia_query(mut q: Buf, out: &mut Buf) -> Result<(), NoMemory> {
    let alnum: fn(&u8) -> bool = u8::is_ascii_alphanumeric;
    let alpha: fn(&u8) -> bool = u8::is_ascii_alphabetic;
    strip_query_pattern(&mut q, &|s, p| fixed_at(s, p, b"jsessionid=", 32, alnum))?;
    strip_query_pattern(&mut q, &|s, p| fixed_at(s, p, b"phpsessid=", 32, alnum))?;
    strip_query_pattern(&mut q, &|s, p| fixed_at(s, p, b"sid=", 32, alnum))?;
    strip_query_pattern(&mut q, &|s, p| {
        let e = fixed_at(s, p, b"aspsessionid", 8, alpha)?;
        fixed_at(s, e, b"=", 24, alpha)
    })?;
    strip_cfid(&mut q)?;
    q.make_ascii_lowercase();
    if q.is_empty() {
        return Ok(());
    }
    let mut pieces: Vec<&[u8]> = Vec::new();
    for piece in q.split(|&b| b == b'&') {
        try_push(&mut pieces, piece)?;
    }
    // (name, value) with a bare name first; equal keys are equal pieces,
    // so an unstable sort changes nothing visible.
    pieces.sort_unstable_by(|a, b| piece_key(a).cmp(&piece_key(b)));
    out.push(b'?')?;
    for (i, p) in pieces.iter().enumerate() {
        if i > 0 {
            out.push(b'&')?;
        }
        out.extend_from_slice(p)?;
    }
    Ok(())
}

/// A query piece's sort key: its name, then its value, a bare name (no
/// `=`) before any value.
fn piece_key(p: &[u8]) -> (&[u8], Option<&[u8]>) {
    match p.iter().position(|&b| b == b'=') {
        Some(eq) => (&p[..eq], Some(&p[eq + 1..])),
        None => (p, None),
    }
}

/// §3.5 on the re-escaped path: lower case, session segments, one trailing
/// `/` unless the path is `/`.
fn ia_path(p: &mut Buf) -> Result<(), NoMemory> {
    p.make_ascii_lowercase();
    strip_aspx(p, aspx_letters)?;
    strip_aspx(p, aspx_plain)?;
    if p.len() > 1 && p.last() == Some(&b'/') {
        p.pop();
    }
    Ok(())
}

/// §3.2: drops a leading `www` + digits + `.`.
fn massage(h: &[u8]) -> &[u8] {
    if let Some(rest) = h.strip_prefix(b"www") {
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if rest.get(digits) == Some(&b'.') {
            return &rest[digits + 1..];
        }
    }
    h
}

pub(super) fn canonical(url: &[u8], version: Version, out: &mut Buf) -> Result<(), ProfileError> {
    // §0.
    if url.is_empty() {
        return Ok(out.push(b'-')?);
    }
    if url.starts_with(b"filedesc") {
        return Ok(out.extend_from_slice(url)?);
    }
    // §1.1 to §1.3.
    let a = url
        .iter()
        .position(|&b| !is_strip_space(b))
        .unwrap_or(url.len());
    let z = url
        .iter()
        .rposition(|&b| !is_strip_space(b))
        .map_or(a, |i| i + 1);
    let mut s = Buf::with_capacity(z - a + 7)?;
    for &b in &url[a..z] {
        if !matches!(b, b'\t' | b'\r' | b'\n') {
            s.push(b)?;
        }
    }
    let has_scheme = s
        .iter()
        .position(|&b| b == b':')
        .is_some_and(|c| is_scheme(&s[..c]));
    if !has_scheme {
        s.insert_slice(0, b"http://")?;
    }
    let s = &s[last_http_token(&s)..];
    let u = parse(s)?;

    // §2: the Google-style pass (the fragment is already gone).
    let mut host = Buf::new();
    if let Some(h) = u.host {
        google_host(h, &mut host)?;
    }
    let mut path = Buf::new();
    {
        let mut plain = Buf::new();
        unescape_fully(u.path, &mut plain)?;
        if host.is_empty() {
            escape_once(&plain, &mut path)?;
        } else {
            google_path(&plain, version, &mut path)?;
        }
    }
    let mut query = Buf::new();
    if let Some(q) = u.query {
        reescape(q, &mut query)?;
    }

    // §3: the Internet Archive pass. §3.1 lower-cases the host once more:
    // §2.4's escapes are upper-case (`h\xE9.com` gives `com,h%e9)`).
    host.make_ascii_lowercase();
    ia_path(&mut path)?;
    let mut q_out = Buf::new();
    if !query.is_empty() {
        ia_query(query, &mut q_out)?;
    }
    if path.is_empty() && !q_out.is_empty() {
        path.push(b'/')?;
    }

    // §4: serialisation.
    if host.is_empty() {
        out.extend_from_slice(u.scheme)?;
        out.push(b':')?;
    } else {
        let h = if u.scheme == b"dns" {
            &host[..]
        } else {
            massage(&host)
        };
        if h.contains(&b':') {
            out.extend_from_slice(h)?;
        } else {
            for (i, label) in h.rsplit(|&b| b == b'.').enumerate() {
                if i > 0 {
                    out.push(b',')?;
                }
                out.extend_from_slice(label)?;
            }
        }
        let default = (u.scheme.eq_ignore_ascii_case(b"http") && u.port == Some(80))
            || (u.scheme.eq_ignore_ascii_case(b"https") && u.port == Some(443));
        if let (Some(port), false) = (u.port, default) {
            out.push(b':')?;
            push_decimal(port, out)?;
        }
        out.push(b')')?;
    }
    out.extend_from_slice(&path)?;
    out.extend_from_slice(&q_out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn surt(url: &str) -> Result<String, ProfileError> {
        let mut out = Buf::new();
        canonical(url.as_bytes(), Version::V1, &mut out)?;
        Ok(String::from_utf8(out.into_vec()).unwrap())
    }

    #[test]
    fn rules_sections() {
        assert_eq!(surt("").unwrap(), "-");
        assert_eq!(surt("filedesc:x.arc").unwrap(), "filedesc:x.arc");
        assert_eq!(surt("example.com/x").unwrap(), "com,example)/x");
        assert_eq!(surt("/mileg.aspx").unwrap(), "aspx,mileg)/");
        assert_eq!(surt("localhost:8080/x").unwrap(), "localhost:8080/x");
        assert_eq!(surt("http://https://host").unwrap(), "host)/");
        assert_eq!(surt("http://https://http://host/").unwrap(), "host)/");
        assert_eq!(surt("http:////host/x").unwrap(), "host)/x");
        assert_eq!(
            surt("http://h:x/").unwrap_err(),
            ProfileError::Refused("port is not a number up to 65535")
        );
        assert_eq!(
            surt("http://h:65536/").unwrap_err(),
            ProfileError::Refused("port is not a number up to 65535")
        );
        assert_eq!(surt("http://h::/a/").unwrap(), "h)/a");
        assert_eq!(surt("ftp://h:21/").unwrap(), "h:21)/");
        assert_eq!(surt("http://wwwfoo.com/").unwrap(), "com,wwwfoo)/");
        assert_eq!(
            surt("http://www-1.example.com/").unwrap(),
            "com,example,www-1)/"
        );
        assert_eq!(surt("http://www34.example.com/").unwrap(), "com,example)/");
        assert_eq!(surt("http://h/%C3%A9").unwrap(), "h)/%c3%a9");
        assert_eq!(
            surt("http://H%C3%A9%20x.com/").unwrap(),
            "com,h%c3%a9%20x)/"
        );
        assert_eq!(surt("http://1.2.3.256/").unwrap(), "256,3,2,1)/");
        assert_eq!(surt("http://10.0.0.09/").unwrap(), "09,0,0,10)/");
        assert_eq!(surt("dns:WWW.Example.com").unwrap(), "dns:www.example.com");
        assert_eq!(
            surt("mailto:Foo@Example.COM").unwrap(),
            "mailto:foo@example.com"
        );
        assert_eq!(surt("http://h/?&b&a").unwrap(), "h)/?&a&b");
        assert_eq!(
            surt("http://h/?a=1&jsessionid=0123456789abcdef0123456789ABCDEF").unwrap(),
            "h)/?&a=1"
        );
        assert_eq!(
            surt("http://h/x?cfid=12&cftoken=34&b=1").unwrap(),
            "h)/x?b=1"
        );
        assert_eq!(
            surt("http://h/a/(x(0123456789abcdef01234567))/b/p.aspx").unwrap(),
            "h)/a/b/p.aspx"
        );
        assert_eq!(
            surt("http://h/a/(0123456789abcdef01234567)/p.aspx?x").unwrap(),
            "h)/a/p.aspx?x"
        );
        assert_eq!(
            surt("http://h/a/(0123456789abcdef01234567)/p.html").unwrap(),
            "h)/a/(0123456789abcdef01234567)/p.html"
        );
        assert_eq!(
            surt("http://h/?jsessionid=0123456789abcdef0123456789ABCDEF").unwrap(),
            "h)/"
        );
    }
}
