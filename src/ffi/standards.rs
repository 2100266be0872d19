//! RFC 3986, browser-style and Web Capture tools in the C API.

use super::alloc::{c_string_prefix, input, malloc_copy};
use super::guard::guard;
use super::modern::WWWURL_FLAG_BROWSER;
use super::status::*;
use crate::core::rfc3986::{Components, Part};
use crate::core::webcapture::WebCaptureError;
use crate::core::{browser, rfc3986, webcapture};
use libc::{c_char, size_t};

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
    guard(|| {
        let Some(s) = input(s, len) else {
            return WWWURL_ERR_NULL;
        };
        if out.is_null() {
            return WWWURL_ERR_NULL;
        }
        if s.len() > super::settings::max_input() {
            return WWWURL_ERR_TOO_LONG;
        }
        let c = match flags {
            0 => rfc3986::split(s),
            WWWURL_FLAG_BROWSER => browser::split(s),
            _ => return WWWURL_ERR_INVALID_ARGUMENT,
        };
        // SAFETY: non-NULL out pointer from the caller.
        unsafe { *out = to_c(&c) };
        WWWURL_OK
    })
}

/// Stores a malloc'ed copy of `v` in `*out`.
fn give(v: &[u8], out: *mut *mut c_char) -> wwwurl_status {
    let p = malloc_copy(v);
    if p.is_null() {
        return WWWURL_ERR_NO_MEMORY;
    }
    // SAFETY: `out` was checked non-NULL by the caller of this helper.
    unsafe { *out = p };
    WWWURL_OK
}

/// A string argument of the functions that return a C string: checked
/// against the input limit, and ended at its first NUL byte, since a NUL
/// could not be told apart from the end of the result.
fn limited<'a>(s: *const c_char, len: size_t) -> Result<&'a [u8], wwwurl_status> {
    let s = input(s, len).ok_or(WWWURL_ERR_NULL)?;
    if s.len() > super::settings::max_input() {
        return Err(WWWURL_ERR_TOO_LONG);
    }
    Ok(c_string_prefix(s))
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
/// caller releases with `wwwurl_string_free`.
#[no_mangle]
pub extern "C" fn wwwurl_rfc3986_resolve(
    base: *const c_char,
    blen: size_t,
    reference: *const c_char,
    rlen: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard(|| {
        let (base, reference) = match (limited(base, blen), limited(reference, rlen)) {
            (Ok(b), Ok(r)) => (b, r),
            (Err(e), _) | (_, Err(e)) => return e,
        };
        if out.is_null() {
            return WWWURL_ERR_NULL;
        }
        let mut v = Vec::with_capacity(base.len() + reference.len());
        match rfc3986::resolve(base, reference, &mut v) {
            Ok(()) => give(&v, out),
            Err(_) => WWWURL_ERR_NOT_ABSOLUTE,
        }
    })
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
#[no_mangle]
pub extern "C" fn wwwurl_webcapture_canonical(
    url: *const c_char,
    len: size_t,
    base: *const c_char,
    blen: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard(|| {
        let url = match limited(url, len) {
            Ok(u) => u,
            Err(e) => return e,
        };
        let base = if base.is_null() {
            None
        } else {
            match limited(base, blen) {
                Ok(b) => Some(b),
                Err(e) => return e,
            }
        };
        if out.is_null() {
            return WWWURL_ERR_NULL;
        }
        let mut v = Vec::with_capacity(url.len() + 8);
        match webcapture::canonical(url, base, &mut v) {
            Ok(()) => give(&v, out),
            Err(WebCaptureError::UnsupportedScheme) => WWWURL_ERR_UNSUPPORTED_SCHEME,
            Err(WebCaptureError::RelativeWithoutBase | WebCaptureError::BaseNotAbsolute) => {
                WWWURL_ERR_NOT_ABSOLUTE
            }
        }
    })
}
