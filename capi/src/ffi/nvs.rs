//! No-Vary-Search in the C API: a parsed response header value as a handle
//! (`wwwurl_nvs`), the cache key of a URL under it, and equivalence.

use super::alloc::Out;
use super::api::{export, store_block, Decl, Handle, HandleKind, In, Owned, Ref};
use super::status::*;
use super::types::*;
use libc::c_int;
use wwwurl_core::bytes::buf::{Buf, NoMemory};
use wwwurl_core::nvs::{self, Config};

/// `wwwurl_nvs` in declarations.
pub(crate) struct Nvs;
impl Handle for Nvs {
    type C = wwwurl_nvs;
    type Inner = Config;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_nvs",
        make: "wwwurl_nvs_parse(\"params=(\\\"c\\\"), key-order\", WWWURL_NUL_TERMINATED, &h)",
        free: "wwwurl_nvs_free",
        c_heap: true,
    };
    fn store(out: Out<*mut wwwurl_nvs>, v: Config) -> Result<(), wwwurl_status> {
        store_block(out, v)
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_nvs_parse::DECL,
    wwwurl_nvs_key::DECL,
    wwwurl_nvs_key_buf::DECL,
    wwwurl_nvs_equivalent::DECL,
    wwwurl_nvs_free::DECL,
];

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
#[export(New<Nvs> memory(0))]
fn wwwurl_nvs_parse(
    #[c(In, len = len, sample = "params=(\"c\"), key-order")] value: &[u8],
) -> Result<Config, wwwurl_status> {
    Ok(Config::parse(Some(value))?)
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
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(32))]
fn wwwurl_nvs_key(
    #[c(Ref<Nvs>)] nvs: &Config,
    #[c(In, len = len)] url: &[u8],
) -> Result<Buf, wwwurl_status> {
    url_key(nvs, url)
}

#[export(TextBuf(wwwurl_nvs_key) memory(32))]
fn wwwurl_nvs_key_buf(
    #[c(Ref<Nvs>)] nvs: &Config,
    #[c(In, len = len)] url: &[u8],
) -> Result<Buf, wwwurl_status> {
    url_key(nvs, url)
}

/// Whether two URLs are equivalent under a `No-Vary-Search` value: whether
/// their `wwwurl_nvs_key`s are equal.
///
/// Parameters: `nvs`; `url1`/`len1` and `url2`/`len2` (lengths may be
/// `WWWURL_NUL_TERMINATED`).
///
/// Returns 1 when they are equivalent, 0 when not, -1 when an argument is
/// NULL (or too long) or memory ran out.
#[export(Number<c_int>(-1) memory(32))]
fn wwwurl_nvs_equivalent(
    #[c(Ref<Nvs>)] nvs: &Config,
    #[c(In, len = len1)] url1: &[u8],
    #[c(In, len = len2)] url2: &[u8],
) -> Result<c_int, NoMemory> {
    nvs::equivalent_urls(nvs, url1, url2).map(c_int::from)
}

/// Releases a `No-Vary-Search` handle. NULL is fine; the same handle must
/// not be freed twice.
#[export(Release)]
fn wwwurl_nvs_free(#[c(Owned<Nvs>)] nvs: *mut wwwurl_nvs) {
    // SAFETY: a handle of `wwwurl_nvs_parse` or NULL, not used again
    // (API contract).
    unsafe { Owned::<Nvs>::release(nvs) }
}

/// The key of `url` under `c`: `wwwurl_nvs_key`'s result in both forms.
#[inline(always)]
fn url_key(c: &Config, url: &[u8]) -> Result<Buf, wwwurl_status> {
    let mut k = Buf::with_capacity(url.len() + 1)?;
    nvs::url_key(c, url, &mut k)?;
    Ok(k)
}
