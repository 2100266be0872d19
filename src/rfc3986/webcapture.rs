//! The Web Capture canonical URL form (PDF Reference, chapter 10, "URL
//! Strings"; `seeds/pdf-webcapture-url-strings.txt`).
//!
//! Web Capture keys its URLS name tree by URLs reduced to a canonical form.
//! [`canonical`] applies the seven steps of that section:
//!
//! 1. A relative URL is made absolute against the base with RFC 3986 §5.2
//!    ([`rfc3986::resolve`]). A URL with a scheme is already absolute and is
//!    *not* passed through resolution, so its dot segments are left to
//!    step 7 (RFC 3986 would already have removed them its own way).
//! 2. Everything from the leftmost `#` on is dropped.
//! 3. The scheme is lower-cased.
//! 4. The host is lower-cased, ASCII letters only (so the hex digits of an
//!    IPv6 literal too); bytes above 0x7f and percent escapes in the host
//!    are left alone.
//! 5. For `file` URLs whose host is `localhost` (in any case), with no user
//!    and no port, the host is dropped: `file://localhost/x` → `file:///x`.
//!    RFC 1738 file URLs have no user or port; an authority with either is
//!    not the plain host `localhost` and is kept. An empty port counts as
//!    none (`file://localhost:/x` → `file:///x`), since step 6 drops it.
//! 6. The default port is dropped: 80 for http, 443 for https, 21 for ftp
//!    (the PDF text names HTTP and FTP; https is treated alike). The port is
//!    compared by decimal value, so `:080` is dropped too. An empty port
//!    (`http://h:/`) is dropped as well, since RFC 3986 §3.2.3 makes it
//!    stand for the default port. `file` has no default port.
//! 7. Dot segments are removed from the path by RFC 1808 §4 step 6 (see
//!    [`remove_dots_rfc1808`]), applied to the path after its leading `/`.
//!    When the URL has no authority and the path then starts with `//`, it
//!    gets a `/.` in front ([`rfc3986::keep_path_off_authority`]), so that
//!    `http:/.//evil.com/x` does not turn into a URL whose host is
//!    `evil.com`.
//!
//! Nothing else changes: percent-encoding is left exactly as it is (`%7E`
//! stays `%7E` and `~` stays `~`; the PDF text explains why no number of
//! decoding passes is safe), the user information (user and password) is
//! kept byte for byte, the query is kept, an empty path stays empty
//! (`http://h` does not gain a `/`), and no bytes are trimmed.
//!
//! The PDF calls the algorithm relevant for HTTP, FTP and file URLs only;
//! the meaning of host, default port and dot segments is not defined for
//! other schemes, so any scheme other than `http`, `https`, `ftp` and
//! `file` (after step 1, in any case) is an error,
//! [`WebCaptureError::UnsupportedScheme`], rather than a half-canonical
//! string that could collide with a real key.
//!
//! URLs are split with [`rfc3986::split`] (appendix B, last `@`, bracketed
//! IPv6 literals). The whole computation is linear in the input lengths.

use std::fmt;

use crate::bytes::buf::{Buf, NoMemory};
use crate::rfc3986::{self, Part};

/// Why [`canonical`] could not produce a canonical URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebCaptureError {
    /// The URL is relative and no base was given.
    RelativeWithoutBase,
    /// The URL is relative and the base has no scheme.
    BaseNotAbsolute,
    /// The absolute URL's scheme is not http, https, ftp or file.
    UnsupportedScheme,
    /// Memory ran out.
    NoMemory,
}

impl From<NoMemory> for WebCaptureError {
    fn from(_: NoMemory) -> WebCaptureError {
        WebCaptureError::NoMemory
    }
}

impl fmt::Display for WebCaptureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WebCaptureError::RelativeWithoutBase => "relative URL without a base",
            WebCaptureError::BaseNotAbsolute => "base URL has no scheme",
            WebCaptureError::UnsupportedScheme => "scheme is not http, https, ftp or file",
            WebCaptureError::NoMemory => "out of memory",
        })
    }
}

impl std::error::Error for WebCaptureError {}

impl From<rfc3986::ResolveError> for WebCaptureError {
    fn from(e: rfc3986::ResolveError) -> Self {
        match e {
            rfc3986::ResolveError::BaseNotAbsolute => WebCaptureError::BaseNotAbsolute,
            rfc3986::ResolveError::NoMemory => WebCaptureError::NoMemory,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Http,
    Https,
    Ftp,
    File,
}

impl Scheme {
    fn of(s: &[u8]) -> Option<Scheme> {
        [
            (&b"http"[..], Scheme::Http),
            (b"https", Scheme::Https),
            (b"ftp", Scheme::Ftp),
            (b"file", Scheme::File),
        ]
        .into_iter()
        .find(|(name, _)| s.eq_ignore_ascii_case(name))
        .map(|(_, k)| k)
    }

    fn name(self) -> &'static [u8] {
        match self {
            Scheme::Http => b"http",
            Scheme::Https => b"https",
            Scheme::Ftp => b"ftp",
            Scheme::File => b"file",
        }
    }

    fn default_port(self) -> Option<&'static [u8]> {
        match self {
            Scheme::Http => Some(b"80"),
            Scheme::Https => Some(b"443"),
            Scheme::Ftp => Some(b"21"),
            Scheme::File => None,
        }
    }
}

/// Step 6: the host and the port to write, `None` when the port is the
/// default or empty.
///
/// An authority with more than one `:` outside brackets (`ftp://a:21:21/`)
/// is not valid RFC 3986, which splits it as host `a:21`, port `21`.
/// Dropping only the last port would leave `ftp://a:21/`, canonicalised
/// differently the next time; so every default or empty port at the end
/// of the host is dropped with it (`ftp://a/`), and the result is a fixed
/// point.
fn host_and_port<'a>(
    mut host: &'a [u8],
    port: Option<&'a [u8]>,
    default: Option<&[u8]>,
) -> (&'a [u8], Option<&'a [u8]>) {
    match port {
        Some(p) if !is_default_port(p, default) => (host, port),
        None => (host, None),
        Some(_) => {
            // Colons inside an IP literal's brackets are not port separators.
            let floor = if host.first() == Some(&b'[') {
                host.iter()
                    .position(|&b| b == b']')
                    .map_or(host.len(), |i| i + 1)
            } else {
                0
            };
            while let Some(i) = host[floor..].iter().rposition(|&b| b == b':') {
                if !is_default_port(&host[floor + i + 1..], default) {
                    break;
                }
                host = &host[..floor + i];
            }
            (host, None)
        }
    }
}

/// Whether `port` is the default port `default` (decimal digits, no leading
/// zero) or empty.
fn is_default_port(port: &[u8], default: Option<&[u8]>) -> bool {
    if port.is_empty() {
        return true;
    }
    if !port.iter().all(u8::is_ascii_digit) {
        return false;
    }
    // Comparing the digits without leading zeros avoids any overflow on a
    // megabyte-long port.
    let first = port.iter().position(|&b| b != b'0').unwrap_or(port.len());
    default == Some(&port[first..])
}

/// Appends the Web Capture canonical form of `url` to `out` (see the module
/// docs for each step and the choices made).
///
/// `base` is only used, and only needed, when `url` has no scheme. On a
/// refused URL nothing is appended; when memory runs out, what was appended
/// is unspecified.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::rfc3986::webcapture::canonical;
///
/// let mut out = Buf::new();
/// canonical(b"HTTP://Example.COM:80/a/../b", None, &mut out).unwrap();
/// assert_eq!(out, b"http://example.com/b");
/// ```
pub fn canonical(url: &[u8], base: Option<&[u8]>, out: &mut Buf) -> Result<(), WebCaptureError> {
    let resolved;
    let abs: &[u8] = if rfc3986::split(url).scheme.is_some() {
        url
    } else {
        let base = base.ok_or(WebCaptureError::RelativeWithoutBase)?;
        let mut v = Buf::new();
        rfc3986::resolve(base, url, &mut v)?;
        resolved = v;
        &resolved
    };

    let c = rfc3986::split(abs);
    let get = |p: Option<Part>| p.map(|p| p.bytes(abs));
    let scheme = get(c.scheme)
        .and_then(Scheme::of)
        .ok_or(WebCaptureError::UnsupportedScheme)?;

    out.extend_from_slice(scheme.name())?;
    out.push(b':')?;
    let authority = get(c.authority);
    if authority.is_some() {
        out.extend_from_slice(b"//")?;
        let (host, port) = host_and_port(
            get(c.host).unwrap_or_default(),
            get(c.port),
            scheme.default_port(),
        );
        // Step 5 looks at the host left after step 6, so that the result is
        // canonical at once (`file://localhost:/x` → `file:///x`).
        let localhost = scheme == Scheme::File
            && c.userinfo.is_none()
            && port.is_none()
            && host.eq_ignore_ascii_case(b"localhost");
        if !localhost {
            if let Some(u) = get(c.userinfo) {
                out.extend_from_slice(u)?;
                out.push(b'@')?;
            }
            let at = out.len();
            out.extend_from_slice(host)?;
            out[at..].make_ascii_lowercase();
            if let Some(port) = port {
                out.push(b':')?;
                out.extend_from_slice(port)?;
            }
        }
    }
    let path_at = out.len();
    remove_dots_rfc1808(get(c.path).unwrap_or_default(), out)?;
    if authority.is_none() {
        rfc3986::keep_path_off_authority(out, path_at)?;
    }
    if let Some(q) = get(c.query) {
        out.push(b'?')?;
        out.extend_from_slice(q)?;
    }
    Ok(())
}

/// Appends `path` with its dot segments removed by RFC 1808 §4 step 6 to
/// `out`, applied to the part after a leading `/` (or to the whole path
/// when it has none):
///
/// * (a) every `./` where `.` is a complete segment is removed;
/// * (b) a final complete segment `.` is removed;
/// * (c) every `<segment>/../` where `<segment>` is a complete segment
///   other than `..` is removed, leftmost first, repeatedly until none is
///   left;
/// * (d) a final `<segment>/..` with `<segment>` other than `..` is removed.
///
/// Unlike RFC 3986, unmatched `..` segments stay: `/a/../../g` → `/../g`,
/// `/../g` → `/../g`. Empty segments are segments (`/a//../b` → `/a/b`).
///
/// Step (c)'s repeated leftmost removal is done in one pass with a stack of
/// segments: each `..` that is not the last segment cancels the nearest
/// preceding segment still standing unless that one is `..`. A removal
/// never creates or destroys a match elsewhere except by uncovering the
/// segment before it, so every order of removals, the leftmost-first one
/// included, ends in the same path the stack computes, in linear time.
///
/// The stack is `out` itself, its standing segments joined by `/` (as in
/// [`rfc3986::remove_dot_segments`]), and a count of them: no memory beyond
/// the result, whatever the number of segments (a path of 1 MiB of `/` has
/// a million empty ones).
pub fn remove_dots_rfc1808(path: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let p = match path.split_first() {
        Some((b'/', rest)) => {
            out.push(b'/')?;
            rest
        }
        _ => path,
    };
    let floor = out.len();
    // Standing segments in `out[floor..]`; an empty one at the end stands
    // for the trailing slash that (b) and (d) leave behind.
    let mut depth = 0usize;
    let push = |out: &mut Buf, depth: &mut usize, seg: &[u8]| -> Result<(), NoMemory> {
        if *depth > 0 {
            out.push(b'/')?;
        }
        out.extend_from_slice(seg)?;
        *depth += 1;
        Ok(())
    };
    let mut i = 0;
    loop {
        let end = p[i..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(p.len(), |x| i + x);
        let seg = &p[i..end];
        let last = end == p.len();
        if seg == b"." {
            if last {
                push(out, &mut depth, b"")?;
            }
        } else if seg == b".." && depth > 0 {
            // The top segment starts after the last `/` of the stack (the
            // scan covers only bytes that are removed, or a `..`).
            let top = out[floor..]
                .iter()
                .rposition(|&b| b == b'/')
                .map_or(floor, |x| floor + x + 1);
            if &out[top..] == b".." {
                push(out, &mut depth, seg)?;
            } else {
                out.truncate(if depth > 1 { top - 1 } else { floor });
                depth -= 1;
                if last {
                    push(out, &mut depth, b"")?;
                }
            }
        } else {
            push(out, &mut depth, seg)?;
        }
        if last {
            break;
        }
        i = end + 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(url: &str, base: Option<&str>) -> Result<String, WebCaptureError> {
        let mut o = Buf::new();
        canonical(url.as_bytes(), base.map(str::as_bytes), &mut o)?;
        Ok(String::from_utf8(o.into_vec()).unwrap())
    }

    fn dots(p: &str) -> String {
        let mut o = Buf::new();
        remove_dots_rfc1808(p.as_bytes(), &mut o).unwrap();
        String::from_utf8(o.into_vec()).unwrap()
    }

    #[test]
    fn dots_examples() {
        assert_eq!(dots("/a/./b/../c"), "/a/c");
        assert_eq!(dots("/a/../../g"), "/../g");
        assert_eq!(dots("/../g"), "/../g");
        assert_eq!(dots("/a/b/.."), "/a/");
        assert_eq!(dots("/a/b/."), "/a/b/");
        assert_eq!(dots("/.."), "/..");
        assert_eq!(dots("/."), "/");
        assert_eq!(dots("/"), "/");
        assert_eq!(dots(""), "");
        assert_eq!(dots("a/.."), "");
        assert_eq!(dots("/a/..b/../c"), "/a/c");
        assert_eq!(dots("/a//../b"), "/a/b");
        assert_eq!(dots("//../b"), "/b");
        assert_eq!(dots("/../../a/b/../../.."), "/../../..");
    }

    /// RFC 1808 §4 step 6 as written: string rewriting, rescanning after
    /// every removal.
    fn dots_literal(path: &[u8]) -> Vec<u8> {
        let (lead, mut p): (&[u8], Vec<u8>) = match path.first() {
            Some(b'/') => (b"/", path[1..].to_vec()),
            _ => (b"", path.to_vec()),
        };
        let starts_segment = |p: &[u8], k: usize| k == 0 || p[k - 1] == b'/';
        // (a)
        let mut k = 0;
        while k + 2 <= p.len() {
            if starts_segment(&p, k) && &p[k..k + 2] == b"./" {
                p.drain(k..k + 2);
            } else {
                k += 1;
            }
        }
        // (b)
        if p == b"." || p.ends_with(b"/.") {
            p.pop();
        }
        // (c)
        'again: loop {
            for k in 0..p.len() {
                if !starts_segment(&p, k) {
                    continue;
                }
                let e = k + p[k..]
                    .iter()
                    .position(|&b| b == b'/')
                    .unwrap_or(p.len() - k);
                if &p[k..e] != b".." && p[e..].starts_with(b"/../") {
                    p.drain(k..e + 4);
                    continue 'again;
                }
            }
            break;
        }
        // (d)
        if p.ends_with(b"/..") {
            let e = p.len() - 3;
            let k = p[..e].iter().rposition(|&b| b == b'/').map_or(0, |x| x + 1);
            if &p[k..e] != b".." {
                p.truncate(k);
            }
        }
        [lead, &p].concat()
    }

    #[test]
    fn dots_match_literal_rewriting() {
        let alphabet: &[&[u8]] = &[b"/", b".", b"..", b"a", b"./", b"../"];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..30_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut x = seed;
            let len = (x % 10) as usize;
            x >>= 4;
            let mut p = Buf::new();
            for _ in 0..len {
                p.extend_from_slice(alphabet[(x % alphabet.len() as u64) as usize])
                    .unwrap();
                x /= alphabet.len() as u64;
            }
            let mut o = Buf::new();
            remove_dots_rfc1808(&p, &mut o).unwrap();
            assert_eq!(o, dots_literal(&p), "{}", p.escape_ascii());
        }
    }

    #[test]
    fn steps() {
        assert_eq!(
            canon("HTTP://Www.Ex.COM:80/A/./b/../C?Q#F", None).unwrap(),
            "http://www.ex.com/A/C?Q"
        );
        assert_eq!(canon("file://LocalHost/x", None).unwrap(), "file:///x");
        assert_eq!(canon("https://h:443", None).unwrap(), "https://h");
        assert_eq!(canon("ftp://h:0021/", None).unwrap(), "ftp://h/");
        assert_eq!(canon("g", Some("http://a/b/c")).unwrap(), "http://a/b/g");
    }

    #[test]
    fn errors() {
        let mut o = Buf::from_slice(b"x").unwrap();
        assert_eq!(
            canonical(b"g", None, &mut o),
            Err(WebCaptureError::RelativeWithoutBase)
        );
        assert_eq!(
            canonical(b"g", Some(b"/a"), &mut o),
            Err(WebCaptureError::BaseNotAbsolute)
        );
        assert_eq!(
            canonical(b"mailto:a@b", None, &mut o),
            Err(WebCaptureError::UnsupportedScheme)
        );
        assert_eq!(o, b"x");
    }

    #[test]
    fn default_port_by_value() {
        assert!(is_default_port(b"", Some(b"80")));
        assert!(is_default_port(b"", None));
        assert!(is_default_port(b"00080", Some(b"80")));
        assert!(!is_default_port(b"800", Some(b"80")));
        assert!(!is_default_port(b"0", Some(b"80")));
        assert!(!is_default_port(b"8a", Some(b"80")));
        assert!(!is_default_port(b"80", None));
    }
}
