//! RFC 3986, browser-style and Web Capture tools in the C API.

use super::alloc::{checked_input, input, malloc_copy, out_buffer, within_limit, Out};
use super::guard::guard_status;
use super::modern::finish;
use super::status::*;
use super::types::WWWURL_FLAG_BROWSER;
use libc::{c_char, size_t};
use wwwurl_core::browser::BrowserResolveError;
use wwwurl_core::buf::{Buf, NoMemory};
use wwwurl_core::codec::Sink;
use wwwurl_core::codec::{c_prefix, BoundedSink};
use wwwurl_core::rfc3986::{Components, Part, ResolveError};
use wwwurl_core::webcapture::WebCaptureError;
use wwwurl_core::{browser, normalize, relative, rfc3986, webcapture};

/// Where one component lies in the input.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct wwwurl_component {
    /// Offset of the component's first byte in the input.
    pub offset: size_t,
    /// Length in bytes.
    pub len: size_t,
    /// 1 when the component is present (possibly empty), 0 when absent
    /// (then `offset` and `len` are 0).
    pub present: u8,
}

/// The components of a URL reference, from `wwwurl_rfc3986_split`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct wwwurl_components {
    /// The scheme, without `:`.
    pub scheme: wwwurl_component,
    /// The authority, without `//`.
    pub authority: wwwurl_component,
    /// The user information, without `@`.
    pub userinfo: wwwurl_component,
    /// The user: the user information up to its first `:`.
    pub user: wwwurl_component,
    /// The password: the user information after its first `:`.
    pub password: wwwurl_component,
    /// The host; an IPv6 literal keeps its brackets.
    pub host: wwwurl_component,
    /// The port, without `:`.
    pub port: wwwurl_component,
    /// The path (always present, possibly empty).
    pub path: wwwurl_component,
    /// The query, without `?`.
    pub query: wwwurl_component,
    /// The fragment, without `#`.
    pub fragment: wwwurl_component,
}

fn component(p: Option<Part>) -> wwwurl_component {
    p.map_or_else(wwwurl_component::default, |p| wwwurl_component {
        offset: p.start,
        len: p.len,
        present: 1,
    })
}

fn to_c(c: &Components) -> wwwurl_components {
    wwwurl_components {
        scheme: component(c.scheme),
        authority: component(c.authority),
        userinfo: component(c.userinfo),
        user: component(c.user),
        password: component(c.password),
        host: component(c.host),
        port: component(c.port),
        path: component(c.path),
        query: component(c.query),
        fragment: component(c.fragment),
    }
}

/// Splits a URL reference into its components without changing a byte.
///
/// Parameters: `s` and `len`, the reference (`len` may be
/// `WWWURL_NUL_TERMINATED`); `flags`, 0 for the regular expression of RFC 3986
/// appendix B (userinfo up to the last `@`, a bracketed IPv6 host, the port
/// after the last `:` outside brackets), or `WWWURL_FLAG_BROWSER` for the
/// lenient browser rules (bytes <= 0x20 trimmed at both ends, `\` as `/`,
/// any number of slashes after the scheme, the authority ends at
/// `/ \ ? # ;`); `out` receives the offsets into `s`.
///
/// Returns `WWWURL_OK`, `WWWURL_ERR_NULL`, `WWWURL_ERR_TOO_LONG`,
/// `WWWURL_ERR_INVALID_ARGUMENT` for unknown flags. Allocates nothing;
/// `*out` is written only on success.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_split(
    s: *const c_char,
    len: size_t,
    flags: u32,
    out: *mut wwwurl_components,
) -> wwwurl_status {
    guard_status(|| {
        let s = input(s, len).ok_or(WWWURL_ERR_NULL)?;
        let out = Out::new(out)?;
        let s = within_limit(s)?;
        let c = match flags {
            0 => rfc3986::split(s),
            WWWURL_FLAG_BROWSER => browser::split(s),
            _ => return Err(WWWURL_ERR_INVALID_ARGUMENT),
        };
        out.set(to_c(&c));
        Ok(WWWURL_OK)
    })
}

/// Every string function of this module comes in two forms (DESIGN, "The
/// modern API"): the malloc form stores a new string in `*out`, the buffer
/// form writes into the caller's buffer and reports the size it needs. Both
/// run the same computation, `f`, so they cannot drift apart.
///
/// The malloc form: `*out` receives a `malloc`ed copy of the result.
fn to_malloc(
    out: *mut *mut c_char,
    f: impl FnOnce() -> Result<Buf, wwwurl_status>,
) -> Result<wwwurl_status, wwwurl_status> {
    let out = Out::new(out)?;
    let p = malloc_copy(&f()?);
    if p.is_null() {
        return Err(WWWURL_ERR_NO_MEMORY);
    }
    out.set(p);
    Ok(WWWURL_OK)
}

/// The buffer form: the result goes into `buf[..cap]` with its NUL when it
/// fits, and `*needed` (if not NULL) receives its size, NUL included.
fn to_buffer(
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
    f: impl FnOnce() -> Result<Buf, wwwurl_status>,
) -> Result<wwwurl_status, wwwurl_status> {
    let buf = out_buffer(buf, cap)?;
    let v = f()?;
    let mut sink = BoundedSink::new(buf);
    let Ok(()) = sink.extend(&v);
    Ok(finish(sink, needed))
}

/// A string argument of the functions that return a C string: checked
/// against the input limit, and ended at its first NUL byte, since a NUL
/// could not be told apart from the end of the result.
fn limited<'a>(s: *const c_char, len: size_t) -> Result<&'a [u8], wwwurl_status> {
    Ok(c_prefix(checked_input(s, len)?))
}

/// The status of memory running out.
fn no_memory(_: NoMemory) -> wwwurl_status {
    WWWURL_ERR_NO_MEMORY
}

/// The status of a failed RFC 3986 resolution.
fn resolve_status(e: ResolveError) -> wwwurl_status {
    match e {
        ResolveError::BaseNotAbsolute => WWWURL_ERR_NOT_ABSOLUTE,
        ResolveError::NoMemory => WWWURL_ERR_NO_MEMORY,
    }
}

/// Both string arguments, or the first error.
fn limited2<'a>(
    a: *const c_char,
    alen: size_t,
    b: *const c_char,
    blen: size_t,
) -> Result<(&'a [u8], &'a [u8]), wwwurl_status> {
    Ok((limited(a, alen)?, limited(b, blen)?))
}

fn rfc3986_resolve(
    base: *const c_char,
    blen: size_t,
    reference: *const c_char,
    rlen: size_t,
) -> Result<Buf, wwwurl_status> {
    let (base, reference) = limited2(base, blen, reference, rlen)?;
    let mut v = Buf::with_capacity(base.len() + reference.len()).map_err(no_memory)?;
    rfc3986::resolve(base, reference, &mut v).map_err(resolve_status)?;
    Ok(v)
}

/// Resolves a reference against a base URL by RFC 3986 section 5.2 (strict:
/// a reference with a scheme is absolute), removing dot segments by section
/// 5.2.4. `../../../g` against `http://a/b/c/d;p?q` gives `http://a/g`, as RFC
/// 3986 says (older drafts gave `http://a/../g`). No byte is decoded or
/// encoded.
///
/// Parameters: `base`/`blen` and `reference`/`rlen` (lengths may be
/// `WWWURL_NUL_TERMINATED`; each ends at its first NUL byte); `out`
/// receives the result.
///
/// Where RFC 3986's algorithm would leave a path starting with `//` in a
/// result without an authority (`s:/a/b` + `..//g`), the path gets a `/.`
/// in front (`s:/.//g`), so that it does not read as an authority.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` when the base has no
/// scheme; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`.
/// `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_rfc3986_resolve_buf`
/// writes the same result into a caller buffer instead.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_resolve(
    base: *const c_char,
    blen: size_t,
    reference: *const c_char,
    rlen: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard_status(|| to_malloc(out, || rfc3986_resolve(base, blen, reference, rlen)))
}

/// `wwwurl_rfc3986_resolve` into the caller's buffer.
///
/// Parameters: `base`/`blen` and `reference`/`rlen` as for
/// `wwwurl_rfc3986_resolve`; `buf` and `cap`, the caller's buffer (`buf`
/// may be NULL when `cap` is 0, to ask for the size); `needed`, where the
/// size the result needs, terminating NUL included, is stored (may be
/// NULL).
///
/// Returns `WWWURL_OK` (the buffer holds the NUL-terminated result);
/// `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact; the buffer's content
/// is unspecified; no byte at or after `buf[cap]` is written); the errors
/// of `wwwurl_rfc3986_resolve` (then `*needed` is not written).
/// Allocates nothing the caller must free.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_resolve_buf(
    base: *const c_char,
    blen: size_t,
    reference: *const c_char,
    rlen: size_t,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    guard_status(|| {
        to_buffer(buf, cap, needed, || {
            rfc3986_resolve(base, blen, reference, rlen)
        })
    })
}

fn webcapture_canonical(
    url: *const c_char,
    len: size_t,
    base: *const c_char,
    blen: size_t,
) -> Result<Buf, wwwurl_status> {
    let url = limited(url, len)?;
    let base = if base.is_null() {
        None
    } else {
        Some(limited(base, blen)?)
    };
    let mut v = Buf::with_capacity(url.len() + 8).map_err(no_memory)?;
    match webcapture::canonical(url, base, &mut v) {
        Ok(()) => Ok(v),
        Err(WebCaptureError::UnsupportedScheme) => Err(WWWURL_ERR_UNSUPPORTED_SCHEME),
        Err(WebCaptureError::RelativeWithoutBase | WebCaptureError::BaseNotAbsolute) => {
            Err(WWWURL_ERR_NOT_ABSOLUTE)
        }
        Err(WebCaptureError::NoMemory) => Err(WWWURL_ERR_NO_MEMORY),
    }
}

/// The Web Capture canonical form of an http, https, ftp or file URL (PDF
/// reference, "URL Strings"): made absolute against `base`, fragment
/// dropped, scheme and host in lower case, the host of `file://localhost/`
/// dropped, the default port dropped (http 80, https 443, ftp 21), dot
/// segments removed by RFC 1808 section 4; percent-encoding left as it is.
///
/// Parameters: `url`/`len`; `base`/`blen`, may be NULL when `url` is
/// absolute (each ends at its first NUL byte); `out` receives the result.
/// A path that would start with `//` in a result without an authority gets
/// a `/.` in front, as in `wwwurl_rfc3986_resolve`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` for a relative `url`
/// without an absolute base; `WWWURL_ERR_UNSUPPORTED_SCHEME`;
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*out`
/// is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`.
/// `wwwurl_webcapture_canonical_buf` writes the same result into a caller
/// buffer instead.
#[no_mangle]
pub extern "C" fn wwwurl_webcapture_canonical(
    url: *const c_char,
    len: size_t,
    base: *const c_char,
    blen: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard_status(|| to_malloc(out, || webcapture_canonical(url, len, base, blen)))
}

/// `wwwurl_webcapture_canonical` into the caller's buffer.
///
/// Parameters: `url`/`len` and `base`/`blen` as for
/// `wwwurl_webcapture_canonical`; `buf`, `cap` and `needed` as for
/// `wwwurl_rfc3986_resolve_buf`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact;
/// no byte at or after `buf[cap]` is written); the errors of
/// `wwwurl_webcapture_canonical` (then `*needed` is not written).
/// Allocates nothing the caller must free.
#[no_mangle]
pub extern "C" fn wwwurl_webcapture_canonical_buf(
    url: *const c_char,
    len: size_t,
    base: *const c_char,
    blen: size_t,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    guard_status(|| {
        to_buffer(buf, cap, needed, || {
            webcapture_canonical(url, len, base, blen)
        })
    })
}

fn rfc3986_make_relative(
    base: *const c_char,
    blen: size_t,
    target: *const c_char,
    tlen: size_t,
) -> Result<Buf, wwwurl_status> {
    let (base, target) = limited2(base, blen, target, tlen)?;
    let mut v = Buf::with_capacity(target.len()).map_err(no_memory)?;
    relative::make_relative(base, target, &mut v).map_err(resolve_status)?;
    Ok(v)
}

/// The shortest reference that resolves back to `target` against `base`
/// (RFC 3986 section 5.2 run backwards), for rewriting the links of a
/// stored page: `http://a/b/g` against `http://a/b/c/d` gives `../g`.
///
/// The target is first resolved against the base (so it may be relative,
/// and its dot segments go); then `wwwurl_rfc3986_resolve(base, result)`
/// gives exactly that resolved target. When the schemes differ (as bytes)
/// the result is the resolved target itself; when only the authority
/// differs it is a network-path reference (`//host/path`). Nothing is
/// decoded or case-folded.
///
/// Parameters: `base`/`blen` and `target`/`tlen` (lengths may be
/// `WWWURL_NUL_TERMINATED`; each ends at its first NUL byte); `out`
/// receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` when the base has no
/// scheme; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`.
/// `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`.
/// `wwwurl_rfc3986_make_relative_buf` writes the same result into a caller
/// buffer instead.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_make_relative(
    base: *const c_char,
    blen: size_t,
    target: *const c_char,
    tlen: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard_status(|| to_malloc(out, || rfc3986_make_relative(base, blen, target, tlen)))
}

/// `wwwurl_rfc3986_make_relative` into the caller's buffer.
///
/// Parameters: `base`/`blen` and `target`/`tlen` as for
/// `wwwurl_rfc3986_make_relative`; `buf`, `cap` and `needed` as for
/// `wwwurl_rfc3986_resolve_buf`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact;
/// no byte at or after `buf[cap]` is written); the errors of
/// `wwwurl_rfc3986_make_relative` (then `*needed` is not written).
/// Allocates nothing the caller must free.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_make_relative_buf(
    base: *const c_char,
    blen: size_t,
    target: *const c_char,
    tlen: size_t,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    guard_status(|| {
        to_buffer(buf, cap, needed, || {
            rfc3986_make_relative(base, blen, target, tlen)
        })
    })
}

/// `wwwurl_rfc3986_normalize` mask bit: the scheme in lower case.
pub const WWWURL_NORMALIZE_SCHEME: u32 = 1;
/// Mask bit: percent-encodings of the user information.
pub const WWWURL_NORMALIZE_USERINFO: u32 = 2;
/// Mask bit: percent-encodings of the host, then the host in lower case.
pub const WWWURL_NORMALIZE_HOST: u32 = 4;
/// Mask bit: percent-encodings of the path, then its dot segments.
pub const WWWURL_NORMALIZE_PATH: u32 = 8;
/// Mask bit: percent-encodings of the query.
pub const WWWURL_NORMALIZE_QUERY: u32 = 16;
/// Mask bit: percent-encodings of the fragment.
pub const WWWURL_NORMALIZE_FRAGMENT: u32 = 32;
/// Every bit of syntax-based normalisation (RFC 3986 section 6.2.2).
pub const WWWURL_NORMALIZE_SYNTAX: u32 = 63;
/// Mask bit (RFC 3986 section 6.2.3): drop an empty port, and the default
/// port of http, https, ws, wss and ftp.
pub const WWWURL_NORMALIZE_DEFAULT_PORT: u32 = 64;
/// Mask bit (RFC 3986 section 6.2.3): `/` for an empty path after an
/// authority, for http, https, ws, wss and ftp.
pub const WWWURL_NORMALIZE_EMPTY_PATH: u32 = 128;
/// Every mask bit: syntax- and scheme-based normalisation.
pub const WWWURL_NORMALIZE_ALL: u32 = 255;

/// The C mask bits and the core's: the header needs literal values, the
/// core keeps its own type, and this table ties the two.
const MASK_BITS: [(u32, normalize::Mask); 10] = [
    (WWWURL_NORMALIZE_SCHEME, normalize::Mask::SCHEME),
    (WWWURL_NORMALIZE_USERINFO, normalize::Mask::USERINFO),
    (WWWURL_NORMALIZE_HOST, normalize::Mask::HOST),
    (WWWURL_NORMALIZE_PATH, normalize::Mask::PATH),
    (WWWURL_NORMALIZE_QUERY, normalize::Mask::QUERY),
    (WWWURL_NORMALIZE_FRAGMENT, normalize::Mask::FRAGMENT),
    (WWWURL_NORMALIZE_SYNTAX, normalize::Mask::SYNTAX),
    (WWWURL_NORMALIZE_DEFAULT_PORT, normalize::Mask::DEFAULT_PORT),
    (WWWURL_NORMALIZE_EMPTY_PATH, normalize::Mask::EMPTY_PATH),
    (WWWURL_NORMALIZE_ALL, normalize::Mask::ALL),
];

/// The core mask of C mask bits, or `None` when a bit is unknown.
fn mask_of(bits: u32) -> Option<normalize::Mask> {
    let mut known = 0;
    let mut core = 0;
    for (c, m) in MASK_BITS {
        if bits & c == c {
            known |= c;
            core |= m.0;
        }
    }
    (known == bits).then_some(normalize::Mask(core))
}

fn rfc3986_normalize(s: *const c_char, len: size_t, mask: u32) -> Result<Buf, wwwurl_status> {
    let s = limited(s, len)?;
    let mask = mask_of(mask).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    let mut v = Buf::with_capacity(s.len() + 1).map_err(no_memory)?;
    normalize::normalize(s, mask, &mut v).map_err(no_memory)?;
    Ok(v)
}

/// Normalises a URI reference (RFC 3986 section 6.2.2, and with the
/// `DEFAULT_PORT` and `EMPTY_PATH` bits section 6.2.3) in the components
/// `mask` selects, so that equivalent references compare equal:
/// `eXAMPLE://a/./b/../b/%63/%7bfoo%7d` becomes `example://a/b/c/%7Bfoo%7D`.
///
/// Per component: the scheme and the host go to lower case; percent-encoded
/// unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded and every
/// other percent-encoding gets upper-case hex, in the user information,
/// host, path, query and fragment; the path loses its dot segments when the
/// reference has a scheme or the path starts with `/` (a relative-path
/// reference keeps its `..`). A `%` without two hex digits is left alone.
/// The result splits into the same components, and normalising it again
/// changes nothing.
///
/// Parameters: `s`/`len`, the reference (`len` may be
/// `WWWURL_NUL_TERMINATED`; it ends at its first NUL byte); `mask`, an OR of
/// `WWWURL_NORMALIZE_*` bits (`WWWURL_NORMALIZE_SYNTAX` for all of section
/// 6.2.2, `WWWURL_NORMALIZE_ALL` for everything); `out` receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_ARGUMENT` for unknown mask bits;
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*out` is
/// written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_rfc3986_normalize_buf`
/// writes the same result into a caller buffer instead.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_normalize(
    s: *const c_char,
    len: size_t,
    mask: u32,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard_status(|| to_malloc(out, || rfc3986_normalize(s, len, mask)))
}

/// `wwwurl_rfc3986_normalize` into the caller's buffer.
///
/// Parameters: `s`/`len` and `mask` as for `wwwurl_rfc3986_normalize`;
/// `buf`, `cap` and `needed` as for `wwwurl_rfc3986_resolve_buf`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact;
/// no byte at or after `buf[cap]` is written); the errors of
/// `wwwurl_rfc3986_normalize` (then `*needed` is not written).
/// Allocates nothing the caller must free.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_normalize_buf(
    s: *const c_char,
    len: size_t,
    mask: u32,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    guard_status(|| to_buffer(buf, cap, needed, || rfc3986_normalize(s, len, mask)))
}

fn browser_resolve(
    base: *const c_char,
    blen: size_t,
    spec: *const c_char,
    slen: size_t,
) -> Result<Buf, wwwurl_status> {
    let (base, spec) = limited2(base, blen, spec, slen)?;
    let mut v = Buf::with_capacity(base.len() + spec.len() + 2).map_err(no_memory)?;
    browser::resolve(base, spec, &mut v).map_err(|e| match e {
        BrowserResolveError::BaseNotAbsolute => WWWURL_ERR_NOT_ABSOLUTE,
        BrowserResolveError::BaseNotHierarchical => WWWURL_ERR_UNSUPPORTED_SCHEME,
        BrowserResolveError::NoMemory => WWWURL_ERR_NO_MEMORY,
    })?;
    Ok(v)
}

/// Resolves a string against a base URL the way browsers do (the browser
/// URL parsing draft's section 4, completed where it stops as README,
/// "Standards tools", lists): leading and trailing bytes <= 0x20 trimmed, `\` read
/// as `/`, `http:g` relative against an http base, `//host`,
/// `/path`, `?query`, `#fragment` and path-relative strings, dot segments
/// removed. The result is written in RFC 3986 syntax (`http:\\h\p` gives
/// `http://h/p`); nothing is case-folded, decoded or encoded.
///
/// Parameters: `base`/`blen` and `spec`/`slen` (lengths may be
/// `WWWURL_NUL_TERMINATED`; each ends at its first NUL byte); `out`
/// receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` when the base has no
/// valid scheme; `WWWURL_ERR_UNSUPPORTED_SCHEME` when the base is not
/// hierarchical (`mailto:`, `data:`) and `spec` is neither empty nor a
/// fragment; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_browser_resolve_buf`
/// writes the same result into a caller buffer instead.
#[no_mangle]
pub extern "C" fn wwwurl_browser_resolve(
    base: *const c_char,
    blen: size_t,
    spec: *const c_char,
    slen: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard_status(|| to_malloc(out, || browser_resolve(base, blen, spec, slen)))
}

/// `wwwurl_browser_resolve` into the caller's buffer.
///
/// Parameters: `base`/`blen` and `spec`/`slen` as for
/// `wwwurl_browser_resolve`; `buf`, `cap` and `needed` as for
/// `wwwurl_rfc3986_resolve_buf`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact;
/// no byte at or after `buf[cap]` is written); the errors of
/// `wwwurl_browser_resolve` (then `*needed` is not written).
/// Allocates nothing the caller must free.
#[no_mangle]
pub extern "C" fn wwwurl_browser_resolve_buf(
    base: *const c_char,
    blen: size_t,
    spec: *const c_char,
    slen: size_t,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    guard_status(|| to_buffer(buf, cap, needed, || browser_resolve(base, blen, spec, slen)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_bits_are_the_core_mask() {
        for (c, m) in MASK_BITS {
            assert_eq!(c, m.0);
            assert_eq!(mask_of(c), Some(m));
        }
        assert_eq!(mask_of(0), Some(normalize::Mask(0)));
        assert_eq!(mask_of(256), None);
        assert_eq!(mask_of(WWWURL_NORMALIZE_ALL | 1 << 31), None);
    }
}
