//! Process-wide configuration setters (doc/behaviour.md: Configuration, 2.9 and 2.9h).

use super::alloc::c_str;
use super::guard::guard;
use super::settings;
use crate::core::config::Compat;
use libc::{c_char, c_int};

/// Which WWWOFFLE release's behaviour legacy calls reproduce (`wwwurl_set_compat`).
pub type wwwurl_compat = u32;
/// WWWOFFLE 2.9 (the default of `libwwwurl`): CreateURL replaces `&amp;` by `&` in the args.
pub const WWWURL_COMPAT_29: wwwurl_compat = 0;
/// WWWOFFLE 2.9h (the default of `libwwwurl-29h`): the args keep `&amp;`.
pub const WWWURL_COMPAT_29H: wwwurl_compat = 1;

/// Sets the local `host[:port]` that local URLs (`/path`, or an empty host)
/// get, unless the program defines `GetLocalHostPort()`. The default is
/// `localhost:8080`.
///
/// Parameters: `hostport`, copied; the caller keeps ownership.
///
/// Returns 0 on success; -1 (and no change) when `hostport` is NULL, empty,
/// or contains a control byte, a space, a byte >= 0x7f, `/`, `?`, `#` or `@`.
///
/// Thread-safe: it may race with parsing calls, which see the old or the new value.
#[no_mangle]
pub extern "C" fn wwwurl_set_local_host(hostport: *const c_char) -> c_int {
    guard(|| match c_str(hostport) {
        Some(h) => settings::update(|c| c.set_local_host(h)).map_or(-1, |r| r.map_or(-1, |()| 0)),
        None => -1,
    })
}

/// Sets the default port of a protocol (compared case-insensitively) that
/// CreateURL removes from `hostport`, unless the program defines
/// `DefaultPort()`. `port` 0 removes the protocol's default. The defaults are
/// http 80, https 443, ftp 21, finger 79.
///
/// Returns 0 on success; -1 (and no change) when `proto` is NULL, empty or
/// has bytes other than letters, digits, `+ - .`, or `port` is outside 0..65535.
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn wwwurl_set_default_port(proto: *const c_char, port: c_int) -> c_int {
    guard(|| match c_str(proto) {
        Some(p) => {
            settings::update(|c| c.set_default_port(p, port)).map_or(-1, |r| r.map_or(-1, |()| 0))
        }
        None => -1,
    })
}

/// Selects the process-wide behaviour of the legacy functions, and of
/// modern calls that pass no compat flag: `WWWURL_COMPAT_29` or
/// `WWWURL_COMPAT_29H`. The default is the library's own variant: 2.9 in
/// `libwwwurl` (pkg-config `wwwurl`), 2.9h in `libwwwurl-29h` (pkg-config
/// `wwwurl-29h`). Other values are ignored. Modern calls can choose per
/// call with their `flags`.
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn wwwurl_set_compat(mode: wwwurl_compat) {
    guard(|| match mode {
        WWWURL_COMPAT_29 => settings::set_compat(Compat::V29),
        WWWURL_COMPAT_29H => settings::set_compat(Compat::V29h),
        _ => {}
    })
}
