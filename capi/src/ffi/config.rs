//! Process-wide configuration setters (doc/behaviour.md: Configuration, 2.9 and 2.9h).

use super::alloc::c_str;
use super::guard::guard;
use super::settings;
use super::status::*;
use super::types::*;
use libc::{c_char, c_int};
use wwwurl_core::config::{Compat, ConfigError};

/// Sets the local `host[:port]` that local URLs (`/path`, or an empty host)
/// get, unless the program defines `GetLocalHostPort()`. The default is
/// `localhost:8080`.
///
/// Parameters: `hostport`, copied; the caller keeps ownership.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `hostport` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` when it is empty or contains a control
/// byte, a space, a byte >= 0x7f, `/`, `?`, `#` or `@`;
/// `WWWURL_ERR_NO_MEMORY` when memory ran out. Nothing changes unless it
/// returns `WWWURL_OK`.
///
/// Thread-safe: it may race with parsing calls, which see the old or the new value.
#[no_mangle]
pub extern "C" fn wwwurl_set_local_host(hostport: *const c_char) -> wwwurl_status {
    guard(|| match c_str(hostport) {
        Some(h) => applied(settings::update(|c| c.set_local_host(h))),
        None => WWWURL_ERR_NULL,
    })
}

/// The status of a configuration change: refused values are invalid
/// arguments, and so is a configuration that another thread's panic left
/// unusable; memory running out is `WWWURL_ERR_NO_MEMORY`. Nothing is
/// changed unless the status is `WWWURL_OK`.
fn applied(r: Option<Result<(), ConfigError>>) -> wwwurl_status {
    match r {
        Some(Ok(())) => WWWURL_OK,
        Some(Err(ConfigError::NoMemory)) => WWWURL_ERR_NO_MEMORY,
        _ => WWWURL_ERR_INVALID_ARGUMENT,
    }
}

/// Sets the default port of a protocol (compared case-insensitively) that
/// CreateURL removes from `hostport`, unless the program defines
/// `DefaultPort()`. `port` 0 removes the protocol's default. The defaults are
/// http 80, https 443, ftp 21, finger 79.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `proto` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` when it is empty or has bytes other than
/// letters, digits, `+ - .`, or `port` is outside 0..65535;
/// `WWWURL_ERR_NO_MEMORY` when memory ran out. Nothing changes unless it
/// returns `WWWURL_OK`.
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn wwwurl_set_default_port(proto: *const c_char, port: c_int) -> wwwurl_status {
    guard(|| match c_str(proto) {
        Some(p) => applied(settings::update(|c| c.set_default_port(p, port))),
        None => WWWURL_ERR_NULL,
    })
}

/// Selects the process-wide behaviour of the legacy functions, and of
/// modern calls that pass no compat flag: `WWWURL_COMPAT_29` or
/// `WWWURL_COMPAT_29H`. The default is the library's own variant: 2.9 in
/// `libwwwurl` (pkg-config `wwwurl`), 2.9h in `libwwwurl-29h` (pkg-config
/// `wwwurl-29h`). Modern calls can choose per call with their `flags`.
///
/// Returns `WWWURL_OK`, or `WWWURL_ERR_INVALID_ARGUMENT` (and no change)
/// for any other value.
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn wwwurl_set_compat(mode: wwwurl_compat) -> wwwurl_status {
    guard(|| {
        match mode {
            WWWURL_COMPAT_29 => settings::set_compat(Compat::V29),
            WWWURL_COMPAT_29H => settings::set_compat(Compat::V29h),
            _ => return WWWURL_ERR_INVALID_ARGUMENT,
        }
        WWWURL_OK
    })
}
