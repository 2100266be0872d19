//! SplitURL: the historical heuristics that cut a URL string into parts.
//!
//! The parts are ranges of the input: nothing is copied until CreateURL
//! writes the record.
//!
//! Most real URLs are canonical already (lower-case scheme and host, a
//! path and args that the encoders leave as they are). For those a fast
//! path checks exactly that, in a few vectorised scans, and writes the
//! record straight from slices of the input; the differential test
//! `tests/fastpath.rs` holds it to the general path byte for byte.

use super::ascii::{find_stop_fn, hex_value, ByteSet};
use super::cnum::atoi;
use super::codec::{path_keep_byte, recode_copy_byte, FORM_KEEP};
use super::config::{Compat, Env};
use super::url::{
    build, byte_mask, find_by, find_byte as find, find_either, find_two, Parts, Scratch, Span, Url,
};

/// SplitURL (LEGACY.md §8).
///
/// `s` is read as a C string, up to its first NUL. An empty host (`/path`,
/// `http:///x`, `?x`) is replaced by `env.local_host`, also read up to a NUL.
///
/// Most real URLs are already canonical: their record is built straight
/// from the input (see [`split_url_fast`]), and everything else takes the
/// general route of [`split_url_general`]. The two give identical records.
pub fn split_url<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Url {
    match canonical_layout(env, compat, s) {
        Some(l) => assemble(&s[..l.cut], &l),
        None => split_url_general(env, compat, s),
    }
}

/// SplitURL of a URL whose parts are already canonical, or `None` when they
/// may not be (then [`split_url_general`] gives the record).
///
/// Taken when `s`, up to its first `#` or NUL, is `scheme "://" host
/// [":" digits] [path] ["?" args]` with a scheme of `a-z 0-9 + - .`, a
/// host of `a-z 0-9 - .` with a letter, a path (from its `/`) of bytes that
/// URLEncodePath keeps with no `.` or `..` segment, and args that
/// URLRecodeFormArgs copies unchanged and, in 2.9 mode, without `&amp;`.
/// Then every canonical part is a slice of `s` (a default port dropped),
/// and the record is made of copies of slices.
#[doc(hidden)]
pub fn split_url_fast<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Option<Url> {
    canonical_layout(env, compat, s).map(|l| assemble(&s[..l.cut], &l))
}

// The byte classes of the fast path, as comparisons that the compiler turns
// into SIMD code over 16 bytes at a time.

/// A byte of a scheme that is its own canonical form: `a-z 0-9 + - .`.
#[inline(always)]
const fn scheme_byte(b: u8) -> bool {
    (b.wrapping_sub(b'a') <= b'z' - b'a')
        | (b.wrapping_sub(b'+') <= b'9' - b'+') & (b != b',') & (b != b'/')
}

/// A byte of a host that is its own canonical form: `a-z 0-9 - .`.
#[inline(always)]
const fn host_byte(b: u8) -> bool {
    (b.wrapping_sub(b'a') <= b'z' - b'a') | ((b.wrapping_sub(b'-') <= b'9' - b'-') & (b != b'/'))
}

// The bytes that end each fast scan, as functions that always inline (a
// closure might not, and then nothing is vectorised).

#[inline(always)]
const fn scheme_stop(b: u8) -> bool {
    !scheme_byte(b)
}

#[inline(always)]
const fn host_stop(b: u8) -> bool {
    !host_byte(b)
}

#[inline(always)]
const fn path_stop_or_dot(b: u8) -> bool {
    !path_keep_byte(b) | (b == b'.')
}

#[inline(always)]
const fn args_stop(b: u8) -> bool {
    !recode_copy_byte(b)
}

#[inline(always)]
const fn args_stop_amp(b: u8) -> bool {
    !recode_copy_byte(b) | (b == b'&')
}

const _: () = {
    const SCHEME: ByteSet = ByteSet::EMPTY
        .add_range(b'a', b'z')
        .add_range(b'0', b'9')
        .add_all(b"+-.");
    const HOST: ByteSet = ByteSet::EMPTY
        .add_range(b'a', b'z')
        .add_range(b'0', b'9')
        .add_all(b"-.");
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        assert!(scheme_byte(c) == SCHEME.contains(c));
        assert!(host_byte(c) == HOST.contains(c));
        // What ends the URL or a part stops every scan; the args copy what
        // the path keeps.
        if matches!(c, b'#' | 0 | b'@' | b'%' | b'[' | b']') {
            assert!(!scheme_byte(c) && !host_byte(c) && !path_keep_byte(c) && !recode_copy_byte(c));
        }
        if matches!(c, b':' | b'/' | b'?') {
            assert!(!scheme_byte(c) && !host_byte(c));
        }
        assert!(!path_keep_byte(c) || recode_copy_byte(c));
        b += 1;
    }
    assert!(!path_keep_byte(b'?') && !FORM_KEEP.contains(b'&') && FORM_KEEP.contains(b'.'));
};

find_stop_fn!(
    /// The end of a scheme.
    scheme_end,
    scheme_stop
);
find_stop_fn!(
    /// The end of a host that needs no change.
    host_end,
    host_stop
);
find_stop_fn!(
    /// The next path byte to look at: one that URLEncodePath escapes, or a
    /// `.` that may start a dot segment.
    path_next,
    path_stop_or_dot
);
find_stop_fn!(
    /// The next args byte to look at (2.9h).
    args_next,
    args_stop
);
find_stop_fn!(
    /// The next args byte to look at (2.9: also `&`).
    args_next_amp,
    args_stop_amp
);

/// Whether `b` ends the URL text (a fragment or a C string's end).
#[inline(always)]
fn is_cut(b: u8) -> bool {
    b == b'#' || b == 0
}

/// The end of the args that start at `i`, when URLRecodeFormArgs (and in
/// 2.9 mode URLReplaceAmp) leaves all of them as they are; else `None`.
fn args_end(s: &[u8], mut i: usize, amp: bool) -> Option<usize> {
    loop {
        let k = if amp {
            args_next_amp(s, i)
        } else {
            args_next(s, i)
        };
        match s.get(k) {
            None => return Some(k),
            Some(&b) if is_cut(b) => return Some(k),
            Some(b'&') => {
                if s.get(k + 1..k + 5)
                    .is_some_and(|a| a.eq_ignore_ascii_case(b"amp;"))
                {
                    return None;
                }
                i = k + 1;
            }
            Some(b'%') => {
                // A triple that URLRecodeFormArgs copies: two bytes before
                // the end, neither lower case, for a byte that it keeps
                // escaped. They are not scanned again, so an `@` (which
                // SplitURL looks for everywhere) or, in 2.9 mode, an `&`
                // among them is not let through.
                let (&x, &y) = s.get(k + 1).zip(s.get(k + 2))?;
                let v = 16 * hex_value(x) + hex_value(y);
                if is_cut(x)
                    || is_cut(y)
                    || x == b'@'
                    || y == b'@'
                    || x.is_ascii_lowercase()
                    || y.is_ascii_lowercase()
                    || (amp && (x == b'&' || y == b'&'))
                    || FORM_KEEP.contains(v)
                    || v == b' '
                {
                    return None;
                }
                i = k + 3;
            }
            Some(_) => return None,
        }
    }
}

/// Where the parts of `s` lie when they are already canonical (see
/// [`split_url_fast`]), or `None`.
#[inline(always)]
fn canonical_layout<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Option<Layout> {
    // The scheme and its `://`, most often `http` or `https`.
    let c = match s.get(..8) {
        Some(b"https://") => 5,
        Some(w) if w.starts_with(b"http://") => 4,
        _ => scheme_end(s, 0),
    };
    if c == 0 || s.get(c..c + 3) != Some(b"://") {
        return None;
    }

    // The host: `a-z 0-9 - .` with a letter, then maybe `:` and digits.
    let hs = c + 3;
    let mut he = host_end(s, hs);
    if he == hs || !s[hs..he].iter().any(u8::is_ascii_lowercase) {
        return None;
    }
    let colon = (s.get(he) == Some(&b':')).then_some(he);
    if colon.is_some() {
        he = s[he + 1..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(s.len(), |k| he + 1 + k);
    }

    // What follows the host: the path, the args or the end.
    let mut cut = s.len();
    let mut query = None;
    let has_path = match s.get(he) {
        None => false,
        Some(b'/') => true,
        Some(b'?') => {
            query = Some(he);
            false
        }
        Some(&b) if is_cut(b) => {
            cut = he;
            false
        }
        Some(_) => return None,
    };
    if has_path {
        let mut i = he + 1;
        loop {
            let k = path_next(s, i);
            match s.get(k) {
                None => break,
                Some(b'.') => {
                    // A `.` or `..` segment ends at a `/` or where the path
                    // ends (or at a byte that changes it anyway). `k > he`:
                    // the path starts with its `/`.
                    let ends = |b: Option<&u8>| b.is_none_or(|&b| b == b'/' || !path_keep_byte(b));
                    if s[k - 1] == b'/'
                        && (ends(s.get(k + 1))
                            || (s.get(k + 1) == Some(&b'.') && ends(s.get(k + 2))))
                    {
                        return None;
                    }
                    i = k + 1;
                }
                Some(b'?') => {
                    query = Some(k);
                    break;
                }
                Some(&b) if is_cut(b) => {
                    cut = k;
                    break;
                }
                Some(_) => return None,
            }
        }
    }
    if let Some(q) = query {
        cut = args_end(s, q + 1, compat == Compat::V29)?;
    }

    // The port, dropped when it is the protocol's default.
    let mut hc = he;
    let mut port = -1;
    let mut kept_colon = None;
    if let Some(colon) = colon {
        let n = atoi(&s[colon + 1..he]);
        let default = env.default_port(&s[..c]);
        if default != 0 && n == default {
            hc = colon;
        } else {
            port = n;
            kept_colon = Some(colon);
        }
    }

    Some(Layout {
        c,
        he,
        hc,
        kept_colon,
        has_path,
        query,
        cut,
        port,
    })
}

/// Copies `src` into `b` at `at`.
#[inline(always)]
fn put(b: &mut [u8], at: usize, src: &[u8]) {
    b[at..at + src.len()].copy_from_slice(src);
}

/// Zero bytes to start a record buffer from: one copy rather than a loop.
static ZEROS: [u8; 256] = [0; 256];

/// Where the parts of a canonical URL lie in its text (see [`assemble`]).
struct Layout {
    /// The `:` after the scheme.
    c: usize,
    /// The end of the hostport as written.
    he: usize,
    /// The end of the canonical hostport (before a dropped default port).
    hc: usize,
    /// The `:` of a port that stays.
    kept_colon: Option<usize>,
    /// Whether a path starts at `he`; else the path is `/`.
    has_path: bool,
    /// The `?` before the args.
    query: Option<usize>,
    /// Where the URL text ends (a `#`, a NUL or the end).
    cut: usize,
    /// The port of the record.
    port: i32,
}

/// The record of the canonical URL `s` (cut at its end already), laid out
/// exactly as [`build`] lays it out, in one allocation of the exact size.
fn assemble(s: &[u8], l: &Layout) -> Url {
    if l.has_path && l.kept_colon.is_none() && l.hc == l.he {
        return assemble_simple(s, l.c, l.he, l.query);
    }
    assemble_any(s, l)
}

/// [`assemble`] of `proto "://" host path ["?" args]`: the canonical URL is
/// `s` itself (without an empty `?`).
#[inline(always)]
fn assemble_simple(s: &[u8], c: usize, he: usize, query: Option<usize>) -> Url {
    let hostp = c + 3;
    let n = s.len();
    let q = query.unwrap_or(n);
    let path_len = q - he;
    let args_len = query.map(|q| n - q - 1).filter(|&k| k > 0);
    let name_len = if args_len.is_some() { n } else { q };
    let tail = name_len - he;
    // name, proto, hostport, path ["?" args], original name, original path.
    let proto_at = name_len + 1;
    let hostport_at = proto_at + c + 1;
    let path_at = hostport_at + (he - hostp) + 1;
    let on = path_at + tail + 1;
    let op = on + n + 1;
    let total = op + (n - he) + 1;
    let mut buf = Vec::with_capacity(total);
    match ZEROS.get(..total) {
        Some(z) => buf.extend_from_slice(z),
        None => buf.resize(total, 0),
    }
    let b = &mut buf[..];
    put(b, 0, &s[..name_len]);
    put(b, proto_at, &s[..c]);
    put(b, hostport_at, &s[hostp..he]);
    put(b, path_at, &s[he..name_len]);
    put(b, on, s);
    put(b, op, &s[he..]);
    if args_len.is_some() {
        b[path_at + path_len] = 0;
    }
    if query.is_some() {
        b[op + path_len] = 0;
    }
    let span = |start, len| Span { start, len };
    let name = span(0, name_len);
    let hostport = span(hostport_at, he - hostp);
    Url {
        buf,
        original_name: span(on, n),
        original_path: span(op, path_len),
        original_args: query.map(|q| span(op + path_len + 1, n - q - 1)),
        name,
        file: name,
        proto: span(proto_at, c),
        hostport,
        host: hostport,
        path: span(path_at, path_len),
        args: args_len.map(|k| span(path_at + path_len + 1, k)),
        user: None,
        pass: None,
        port: -1,
        hostp,
        pathp: he,
        original_pathp: he,
    }
}

fn assemble_any(s: &[u8], l: &Layout) -> Url {
    let (c, he, hc) = (l.c, l.he, l.hc);
    let q = l.query.unwrap_or(s.len());
    let path_len = if l.has_path { q - he } else { 1 };
    // Empty args are absent from the canonical URL.
    let args_len = l.query.map(|q| s.len() - q - 1).filter(|&n| n > 0);
    let name_end = if args_len.is_some() { s.len() } else { q };
    let name_len = hc + path_len + (name_end - q);
    let hostp = c + 3;
    let hostport_len = hc - hostp;
    let host_len = l.kept_colon.map(|k| k - hostp);
    let orig_len = he + path_len + (s.len() - q);

    // Where each string goes; every one is followed by a NUL.
    let proto_at = name_len + 1;
    let hostport_at = proto_at + c + 1;
    let host_at = hostport_at + hostport_len + 1;
    let path_at = host_at + host_len.map_or(0, |n| n + 1);
    let on = path_at + (name_len - hc) + 1;
    let op = on + orig_len + 1;
    let total = op + (orig_len - he) + 1;
    let mut buf = Vec::with_capacity(total);
    match ZEROS.get(..total) {
        Some(z) => buf.extend_from_slice(z),
        None => buf.resize(total, 0),
    }
    let b = &mut buf[..];

    // name = proto "://" hostport path ["?" args]
    if l.has_path && hc == he {
        put(b, 0, &s[..name_end]);
    } else {
        put(b, 0, &s[..hc]);
        let at = if l.has_path {
            hc
        } else {
            b[hc] = b'/';
            hc + 1
        };
        put(b, at, &s[he..name_end]);
    }
    put(b, proto_at, &s[..c]);
    put(b, hostport_at, &s[hostp..hc]);
    if let Some(n) = host_len {
        put(b, host_at, &s[hostp..hostp + n]);
    }
    // `path ["?" args]`, the `?` becoming the path's NUL.
    let at = if l.has_path {
        path_at
    } else {
        b[path_at] = b'/';
        path_at + 1
    };
    put(b, at, &s[he..name_end]);
    if args_len.is_some() {
        b[path_at + path_len] = 0;
    }

    // The original URL, and its `path ["?" args]` as split.
    let at = if l.has_path {
        put(b, on, s);
        op
    } else {
        put(b, on, &s[..he]);
        b[on + he] = b'/';
        put(b, on + he + 1, &s[he..]);
        b[op] = b'/';
        op + 1
    };
    put(b, at, &s[he..]);
    if l.query.is_some() {
        b[op + path_len] = 0;
    }

    let span = |start, len| Span { start, len };
    let name = span(0, name_len);
    let hostport = span(hostport_at, hostport_len);
    Url {
        buf,
        original_name: span(on, orig_len),
        original_path: span(op, path_len),
        original_args: l.query.map(|q| span(op + path_len + 1, s.len() - q - 1)),
        name,
        file: name,
        proto: span(proto_at, c),
        hostport,
        host: host_len.map_or(hostport, |n| span(host_at, n)),
        path: span(path_at, path_len),
        args: args_len.map(|n| span(path_at + path_len + 1, n)),
        user: None,
        pass: None,
        port: l.port,
        hostp,
        pathp: hc,
        original_pathp: he,
    }
}

/// SplitURL without the fast path: the historical heuristics step by step.
/// Gives the same record as [`split_url`] for every input.
#[doc(hidden)]
pub fn split_url_general<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Url {
    // The fragment and anything after a NUL are not part of the URL. The
    // search for where it ends also finds the first `@`.
    let mut at = None;
    let end = match find_by(s, 0, |x| {
        byte_mask(x, b'#') | byte_mask(x, 0) | byte_mask(x, b'@')
    }) {
        Some(i) if s[i] == b'@' => {
            at = Some(i);
            find_either(s, i + 1, b'#', 0)
        }
        other => other,
    };
    let s = &s[..end.unwrap_or(s.len())];

    let mut colon = find(s, 0, b':');
    let mut slash = find(s, 0, b'/');
    // The first `?` at or after `start`, when already known.
    let mut query = None;

    // `start` is where the text after the protocol begins.
    let (proto, mut start): (&[u8], usize) = if slash == Some(0) {
        (b"http", 0)
    } else if let Some(c) = colon.filter(|&c| slash == Some(c + 1)) {
        let mut start = c + 2;
        if s.get(start) == Some(&b'/') {
            start += 1;
        }
        (colon, query) = find_two(s, start, b':', b'?');
        slash = find(s, start, b'/');
        (&s[..c], start)
    } else if let Some(c) = colon.filter(|&c| {
        !s.get(c + 1).is_some_and(u8::is_ascii_digit)
            && slash.is_none_or(|sl| c < sl)
            && at.is_none_or(|a| slash.is_some_and(|sl| a > sl))
    }) {
        colon = find(s, c + 1, b':');
        (&s[..c], c + 1)
    } else {
        (b"http", 0)
    };

    let mut user = None;
    let mut pass = None;
    match at {
        Some(a) if a > start && slash.is_none_or(|sl| a < sl) => {
            // `colon` lies at or after `start` here, whichever branch set it.
            if let Some(c) = colon.filter(|&c| c < a) {
                user = Some(&s[start..c]);
                pass = Some(&s[c + 1..a]);
                start = a + 1;
            } else if let Some((c, a2)) = colon
                .zip(find(s, a + 1, b'@'))
                .filter(|&(c, a2)| c < a2 && slash.is_some_and(|sl| a2 < sl))
            {
                user = Some(&s[start..c]);
                pass = Some(&s[c + 1..a2]);
                start = a2 + 1;
            } else {
                user = Some(&s[start..a]);
                start = a + 1;
            }
        }
        // Only the first `@` of the whole URL is skipped: in `a@b://@h` the
        // `@` at the start of the host part stays (and empties the host).
        Some(a) if a == start => start += 1,
        _ => {}
    }

    // A user name may hold a `?`: search again when it was skipped.
    let query = match query {
        Some(q) if q >= start => Some(q),
        _ => find(s, start, b'?'),
    };
    let (end, args) = match query {
        Some(q) => (q, Some(&s[q + 1..])),
        None => (s.len(), None),
    };
    // `slash` is still the first `/` at or after `start`: every branch above
    // either found it from `start` or kept `start` before it.
    let (host_end, path): (usize, &[u8]) = match slash.filter(|&sl| sl < end) {
        Some(p) => (p, &s[p..end]),
        None => (end, b"/"),
    };
    let host = &s[start..host_end];

    let mut scratch = Scratch::take();
    let hostport = if host.is_empty() {
        let local = &mut scratch.b;
        local.clear();
        env.local_host(local);
        if let Some(n) = local.iter().position(|&b| b == 0) {
            local.truncate(n);
        }
        &local[..]
    } else {
        host
    };
    let parts = Parts {
        proto,
        hostport,
        path,
        args,
        user,
        pass,
    };
    let url = build(env, compat, &parts, &mut scratch.a);
    scratch.give_back();
    url
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::config::Config;
    use crate::core::url::Field;

    fn split(s: &[u8]) -> Url {
        split_url(&Config::default(), Compat::V29, s)
    }

    #[test]
    fn local_path_uses_local_host() {
        let u = split(b"/x/y?z");
        assert_eq!(u.name(), b"http://localhost:8080/x/y?z");
        assert_eq!(u.port(), 8080);
    }

    #[test]
    fn scheme_slash_slash() {
        let u = split(b"FTP://Host/pub");
        assert_eq!(u.name(), b"ftp://host/pub");
    }

    #[test]
    fn scheme_single_slash_skips_at_most_two() {
        assert_eq!(split(b"http:/x").name(), b"http://x/");
        assert_eq!(split(b"http:////x").name(), b"http://localhost:8080//x");
    }

    #[test]
    fn scheme_without_slash() {
        assert_eq!(split(b"http:x").name(), b"http://x/");
        assert_eq!(split(b"news:group/a").name(), b"news://group/a");
    }

    #[test]
    fn digit_after_colon_is_a_port() {
        assert_eq!(split(b"www.foo:8080").hostport(), b"www.foo:8080");
    }

    #[test]
    fn user_and_password() {
        let u = split(b"http://u:p@h/");
        assert_eq!((u.user(), u.pass()), (Some(&b"u"[..]), Some(&b"p"[..])));
        assert_eq!(u.file(), b"http://u:p@h/");
    }

    #[test]
    fn second_at_ends_password() {
        let u = split(b"http://user@host:pass@host2/");
        assert_eq!(u.user(), Some(&b"user@host"[..]));
        assert_eq!(u.pass(), Some(&b"pass"[..]));
        assert_eq!(u.hostport(), b"host2");
    }

    #[test]
    fn second_at_needs_a_slash() {
        let u = split(b"http://user@host:pass@host2");
        assert_eq!(u.user(), Some(&b"user"[..]));
        assert_eq!(u.hostport(), b"host:pass");
    }

    #[test]
    fn leading_at_is_skipped() {
        let u = split(b"@host/x");
        assert_eq!(u.user(), None);
        assert_eq!(u.name(), b"http://host/x");
    }

    #[test]
    fn query_before_slash_holds_the_slash() {
        let u = split(b"http://a?x/y");
        assert_eq!((u.path(), u.args()), (&b"/"[..], Some(&b"x/y"[..])));
    }

    #[test]
    fn fragment_and_nul_end_the_url() {
        assert_eq!(split(b"http://h/a#b").name(), b"http://h/a");
        assert_eq!(split(b"http://h/a\0b").name(), b"http://h/a");
    }

    #[test]
    fn environment_gives_local_host_and_ports() {
        let mut env = Config::default();
        env.set_local_host(b"Proxy:3128").unwrap();
        env.set_default_port(b"gopher", 70).unwrap();
        let u = split_url(&env, Compat::V29, b"/x");
        assert_eq!(u.name(), b"http://proxy:3128/x");
        let u = split_url(&env, Compat::V29, b"gopher://h:70/");
        assert_eq!(u.hostport(), b"h");
    }

    struct NulHost;

    impl Env for NulHost {
        fn local_host(&self, out: &mut Vec<u8>) {
            out.extend_from_slice(b"here\0there");
        }
        fn default_port(&self, _proto: &[u8]) -> i32 {
            0
        }
    }

    #[test]
    fn local_host_ends_at_nul() {
        let u = split_url(&NulHost, Compat::V29, b"/x");
        assert_eq!(u.name(), b"http://here/x");
    }

    #[test]
    fn random_inputs_keep_records_well_formed() {
        let alphabet = b":/@?#%[]a1.&";
        let mut seed = 1u32;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let len = (seed >> 16) as usize % 16;
            let s: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    alphabet[(seed >> 16) as usize % alphabet.len()]
                })
                .collect();
            let u = split(&s);
            for f in [
                Field::Name,
                Field::File,
                Field::Host,
                Field::Path,
                Field::OriginalName,
            ] {
                let sp = u.span(f).unwrap();
                assert_eq!(u.buffer()[sp.start + sp.len], 0, "{s:?} {f:?}");
            }
            assert_eq!(
                &u.name()[u.pathp()..],
                [
                    u.path(),
                    u.args().map_or(&b""[..], |_| b"?"),
                    u.args().unwrap_or_default()
                ]
                .concat()
                .as_slice(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn original_fields_keep_the_split_text() {
        let u = split(b"HTTP://H/%41?");
        assert_eq!(
            u.get(crate::core::url::Field::OriginalName),
            Some(&b"HTTP://H/%41?"[..])
        );
        assert_eq!(u.original_pathp(), 8);
        assert_eq!(u.name(), b"http://h/A");
    }
}
