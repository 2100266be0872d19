//! The one setter of the legacy API: it copies a `wwwurl_config` into the
//! process-wide settings that the historical functions read when the
//! program defines no hooks of its own.

use super::config::for_legacy;
use super::guard::guard_status;
use super::settings;
use super::status::*;
use super::types::wwwurl_config;

/// The config as the legacy header names it: `struct wwwurl_config`, the
/// type of `wwwurl.h`, declared there by its tag alone so that both headers
/// may be included in any order (cbindgen-legacy.toml renames it).
pub type wwwurl_legacy_config = wwwurl_config;

/// Sets the process-wide settings of the historical functions (SplitURL,
/// CreateURL, LinkURL, AddPasswordURL): a copy of `cfg`'s local host,
/// default ports and compat mode (NULL: the library's defaults). The
/// program's own `GetLocalHostPort()` and `DefaultPort()`, when it defines
/// them, still come first. The functions of `wwwurl.h` never read these
/// settings: they take a config per call.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_CONFIG_IN_USE` while another thread
/// changes `cfg`; `WWWURL_ERR_NO_MEMORY` (nothing changes).
///
/// Thread-safe: it may race with historical calls, each of which sees the
/// old settings or the new ones, whole: never one config's local host or
/// ports with the other's compat mode.
#[no_mangle]
pub extern "C" fn wwwurl_legacy_configure(cfg: *const wwwurl_legacy_config) -> u32 {
    guard_status(|| {
        let (env, compat) = for_legacy(cfg)?;
        // One exchange under the lock: no call sees the new host with the
        // old mode, or the reverse.
        settings::replace(compat, env).ok_or(WWWURL_ERR_NO_MEMORY)?;
        Ok(WWWURL_OK)
    }) as u32
}
