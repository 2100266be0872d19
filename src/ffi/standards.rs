//! RFC 3986, browser-style and Web Capture tools in the C API.

use super::alloc::input;
use super::guard::guard;
use super::modern::WWWURL_FLAG_BROWSER;
use super::status::*;
use crate::core::rfc3986::{Components, Part};
use crate::core::{browser, rfc3986};
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
        if s.len() > super::modern::wwwurl_max_input() {
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
