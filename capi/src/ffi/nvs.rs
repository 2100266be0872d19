//! No-Vary-Search in the C API: a parsed response header value as a handle
//! (`wwwurl_nvs`), the cache key of a URL under it, and equivalence.

use super::alloc::{c_malloc, input, within_limit, Out};
use super::api::{text_buf, text_buffer, text_out};
use super::guard::{guard_no_unwind, guard_or, guard_status};
use super::status::*;
use super::types::*;
use libc::{c_char, c_int, size_t};
use std::ptr::NonNull;
use wwwurl_core::buf::Buf;
use wwwurl_core::nvs::{self, Config};

/// The config behind a `const wwwurl_nvs *`, or `None` for NULL.
fn config<'a>(p: *const wwwurl_nvs) -> Option<&'a Config> {
    // SAFETY: a non-NULL `wwwurl_nvs *` was made by `wwwurl_nvs_parse` from
    // a live `Config` block and not freed (API contract).
    unsafe { p.cast::<Config>().as_ref() }
}

/// Parses the value of a `No-Vary-Search` response header (a Structured
/// Field dictionary: `params`, `params=("a" "b")`, `except=("id")`,
/// `key-order`). Several field lines are joined with `, ` first, as HTTP
/// combines them. A value the draft calls malformed (not a dictionary,
/// `key-order` not a boolean, both `params` and `except`, a list member
/// that is not a string) gives the default behaviour, as the draft says:
/// every parameter and their order count, so keys are the URLs themselves.
///
/// Parameters: `value`/`len` (`len` may be `WWWURL_NUL_TERMINATED`); `out`
/// receives the new handle.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_nvs_free`; it borrows nothing from `value`. Any number of
/// threads may use one handle at once.
#[no_mangle]
pub extern "C" fn wwwurl_nvs_parse(
    value: *const c_char,
    len: size_t,
    out: *mut *mut wwwurl_nvs,
) -> wwwurl_status {
    guard_status(|| {
        let v = within_limit(input(value, len).ok_or(WWWURL_ERR_NULL)?)?;
        let out = Out::new(out)?;
        let c = Config::parse(Some(v))?;
        let p = c_malloc(std::mem::size_of::<Config>()).cast::<Config>();
        let p = NonNull::new(p).ok_or(WWWURL_ERR_NO_MEMORY)?;
        // SAFETY: fresh memory from malloc, aligned for any object of this
        // size, sized for one `Config`.
        unsafe { p.as_ptr().write(c) };
        out.set(p.as_ptr().cast());
        Ok(WWWURL_OK)
    })
}

/// The key of `url` under `nvs`, in a new buffer.
fn key(nvs: *const wwwurl_nvs, url: *const c_char, len: size_t) -> Result<Buf, wwwurl_status> {
    let c = config(nvs).ok_or(WWWURL_ERR_NULL)?;
    let url = within_limit(input(url, len).ok_or(WWWURL_ERR_NULL)?)?;
    let mut k = Buf::with_capacity(url.len() + 1)?;
    nvs::url_key(c, url, &mut k)?;
    Ok(k)
}

/// The cache key of a URL under a `No-Vary-Search` value: the URL up to its
/// query, then the query with the parameters that do not vary the response
/// left out, each name and value decoded and encoded again by the form
/// serializer, sorted by name when the value has `key-order`. Two URLs are
/// equivalent under the value exactly when their keys are equal; the
/// fragment is never part of the key. The URL should be serialized already
/// (by `wwwurl_whatwg_parse`, say): what precedes the query is compared
/// byte for byte.
///
/// Parameters: `nvs`, from `wwwurl_nvs_parse`; `url`/`len` (`len` may be
/// `WWWURL_NUL_TERMINATED`); `out` receives the key.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_nvs_key_buf` writes
/// the same result into a caller buffer instead.
#[no_mangle]
pub extern "C" fn wwwurl_nvs_key(
    nvs: *const wwwurl_nvs,
    url: *const c_char,
    len: size_t,
    out: *mut *mut c_char,
) -> wwwurl_status {
    guard_status(|| {
        let k = key(nvs, url, len)?;
        text_out(out, k)?;
        Ok(WWWURL_OK)
    })
}

/// `wwwurl_nvs_key` into the caller's buffer.
///
/// Parameters: as for `wwwurl_nvs_key`, then `buf` and `cap`, the caller's
/// buffer (`buf` may be NULL when `cap` is 0, to ask for the size);
/// `needed`, where the size the key needs, terminating NUL included, is
/// stored (may be NULL).
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact;
/// no byte at or after `buf[cap]` is written); the errors of
/// `wwwurl_nvs_key` (then `*needed` is not written). Allocates nothing the
/// caller must free.
#[no_mangle]
pub extern "C" fn wwwurl_nvs_key_buf(
    nvs: *const wwwurl_nvs,
    url: *const c_char,
    len: size_t,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    guard_status(|| {
        let buf = text_buffer(buf, cap)?;
        let k = key(nvs, url, len)?;
        Ok(text_buf(buf, needed, k).err().unwrap_or(WWWURL_OK))
    })
}

/// Whether two URLs are equivalent under a `No-Vary-Search` value: whether
/// their `wwwurl_nvs_key`s are equal.
///
/// Parameters: `nvs`; `url1`/`len1` and `url2`/`len2` (lengths may be
/// `WWWURL_NUL_TERMINATED`).
///
/// Returns 1 when they are equivalent, 0 when not, -1 when an argument is
/// NULL (or too long) or memory ran out.
#[no_mangle]
pub extern "C" fn wwwurl_nvs_equivalent(
    nvs: *const wwwurl_nvs,
    url1: *const c_char,
    len1: size_t,
    url2: *const c_char,
    len2: size_t,
) -> c_int {
    guard_or(-1, || {
        let (Some(c), Some(a), Some(b)) = (config(nvs), input(url1, len1), input(url2, len2))
        else {
            return -1;
        };
        let (Ok(a), Ok(b)) = (within_limit(a), within_limit(b)) else {
            return -1;
        };
        match nvs::equivalent_urls(c, a, b) {
            Ok(eq) => c_int::from(eq),
            Err(_) => -1,
        }
    })
}

/// Releases a `No-Vary-Search` handle. NULL is fine; the same handle must
/// not be freed twice.
#[no_mangle]
pub extern "C" fn wwwurl_nvs_free(nvs: *mut wwwurl_nvs) {
    // Dropping a config's buffers and freeing the block: nothing that can
    // panic (see `guard_no_unwind`).
    guard_no_unwind((), || {
        let p = nvs.cast::<Config>();
        if !p.is_null() {
            // SAFETY: a live block from `wwwurl_nvs_parse` (API contract),
            // dropped once and then freed.
            unsafe {
                std::ptr::drop_in_place(p);
                libc::free(p.cast());
            }
        }
    })
}
