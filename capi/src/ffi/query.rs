//! Query parameters in the C API: reads and edits of a query string, and
//! the same edits on a `wwwurl_url`'s query and a `wwwurl_whatwg`'s search.
//!
//! One core (`wwwurl_core::query`) does every edit: parameters an edit does
//! not touch keep their bytes exactly, so that removing one parameter never
//! turns another's `%20` into `+` or re-encodes its `,`.

use super::alloc::within;
use super::api::{export, named_u32, CStruct, Decl, In, InOut, Mut, OptIn, Value};
use super::modern::{Handle as UrlHandle, Url};
use super::status::*;
use super::types::*;
use super::whatwg_url::{self, Whatwg, WhatwgHandle};
use wwwurl_core::bytes::buf::Buf;
use wwwurl_core::bytes::sink::BoundedSink;
use wwwurl_core::query::{self, Select};
use wwwurl_core::wwwoffle::edit::Part;

/// Writes `query` edited by `op` into `out` (see `wwwurl_query_op`).
fn edit(
    query: &[u8],
    op: wwwurl_query_op,
    name: &[u8],
    value: Option<&[u8]>,
    out: &mut Buf,
) -> Result<(), wwwurl_status> {
    match op {
        WWWURL_QUERY_APPEND => query::append(query, name, value.unwrap_or(b""), out)?,
        WWWURL_QUERY_SET => {
            query::set(query, name, value.unwrap_or(b""), out)?;
        }
        WWWURL_QUERY_DELETE => {
            match value {
                Some(v) => query::delete_value(query, name, v, out)?,
                None => query::delete(query, name, out)?,
            };
        }
        WWWURL_QUERY_SORT => {
            query::sort(query, out)?;
        }
        WWWURL_QUERY_KEEP => {
            query::keep(query, Select::Name(name), out)?;
        }
        WWWURL_QUERY_STRIP => {
            query::strip(query, Select::Name(name), out)?;
        }
        WWWURL_QUERY_KEEP_PREFIX => {
            query::keep(query, Select::Prefix(name), out)?;
        }
        WWWURL_QUERY_STRIP_PREFIX => {
            query::strip(query, Select::Prefix(name), out)?;
        }
        _ => return Err(WWWURL_ERR_INVALID_ARGUMENT),
    }
    Ok(())
}

impl CStruct for wwwurl_query_param {
    const C_NAME: &'static str = "wwwurl_query_param";
}

named_u32! {
    /// `wwwurl_query_op`.
    OpArg = "wwwurl_query_op"
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_query_edit::DECL,
    wwwurl_query_edit_buf::DECL,
    wwwurl_query_get::DECL,
    wwwurl_query_get_buf::DECL,
    wwwurl_query_decode::DECL,
    wwwurl_query_decode_buf::DECL,
    wwwurl_query_encode::DECL,
    wwwurl_query_encode_buf::DECL,
    wwwurl_whatwg_query_edit::DECL,
    wwwurl_query_count::DECL,
    wwwurl_query_next::DECL,
    wwwurl_url_query_edit::DECL,
];

/// Edits the parameters of a query string (`a=1&b=2`, without `?`) as
/// `URLSearchParams` would, on bytes: parameters the edit does not touch
/// keep their bytes exactly (no `%20` becomes `+`, no `,` is
/// re-encoded); new names and values are encoded by the form
/// serializer (a space as `+`, every byte but `A-Z a-z 0-9 * - . _` as
/// `%XY`); names are compared decoded (`%61` is `a`). An edit that
/// changes nothing gives the query back byte for byte; one that changes
/// something joins the parameters with `&`, dropping empty pieces
/// (`a&&b` without `b` is `a`).
///
/// Parameters: `query`/`qlen`; `op`, a `WWWURL_QUERY_*` edit; `name`/`nlen`,
/// the decoded name (or prefix) the edit is about (not used by
/// `WWWURL_QUERY_SORT`: pass NULL and 0); `value`/`vlen`, the decoded
/// value, NULL for none (the empty value for `APPEND` and `SET`, every
/// value for `DELETE`); `out` receives the result. Lengths may be
/// `WWWURL_NUL_TERMINATED`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_ARGUMENT` for an unknown
/// `op`; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_query_edit_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(10))]
fn wwwurl_query_edit(
    #[c(In, len = qlen)] query: &[u8],
    #[c(Value<OpArg>)] op: wwwurl_query_op,
    #[c(In, len = nlen, sample = "c")] name: &[u8],
    #[c(OptIn, len = vlen, sample = "d")] value: Option<&[u8]>,
) -> Result<Buf, wwwurl_status> {
    edited(query, op, name, value)
}

#[export(TextBuf(wwwurl_query_edit) memory(8))]
fn wwwurl_query_edit_buf(
    #[c(In, len = qlen)] query: &[u8],
    #[c(Value<OpArg>)] op: wwwurl_query_op,
    #[c(In, len = nlen, sample = "c")] name: &[u8],
    #[c(OptIn, len = vlen, sample = "d")] value: Option<&[u8]>,
) -> Result<Buf, wwwurl_status> {
    edited(query, op, name, value)
}

/// A value of the parameter `name` in a query string (without `?`),
/// decoded as `application/x-www-form-urlencoded` (`+` is a space,
/// `%XY` a byte) unless `flags` has `WWWURL_QUERY_RAW`. `nth` chooses
/// among the parameters so named: 0 for the first (`URLSearchParams.get`),
/// 1 for the second, and so on (`getAll`, one at a time).
///
/// Parameters: `query`/`qlen`; `name`/`nlen`, the decoded name; `nth`;
/// `flags`, 0 or `WWWURL_QUERY_RAW`; `out` receives the value (empty for
/// a parameter without `=`). Lengths may be `WWWURL_NUL_TERMINATED`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_FOUND` when there are not `nth`
/// + 1 parameters so named; `WWWURL_ERR_INVALID_ARGUMENT` for unknown
/// flag bits; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_query_get_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(3))]
fn wwwurl_query_get(
    #[c(In, len = qlen, sample = "c=d&c=e")] query: &[u8],
    #[c(In, len = nlen, sample = "c")] name: &[u8],
    #[c(Value<u32>)] nth: u32,
    #[c(Value<u32>)] flags: u32,
) -> Result<Buf, wwwurl_status> {
    get(query, name, nth, flags)
}

#[export(TextBuf(wwwurl_query_get) memory(2))]
fn wwwurl_query_get_buf(
    #[c(In, len = qlen, sample = "c=d&c=e")] query: &[u8],
    #[c(In, len = nlen, sample = "c")] name: &[u8],
    #[c(Value<u32>)] nth: u32,
    #[c(Value<u32>)] flags: u32,
) -> Result<Buf, wwwurl_status> {
    get(query, name, nth, flags)
}

/// Decodes a name or value of a query as `application/x-www-form-urlencoded`
/// does: `+` is a space, `%XY` the byte it names, a `%` without two hex
/// digits stays; no other byte changes.
///
/// Parameters: `s`/`len` (`len` may be `WWWURL_NUL_TERMINATED`); `out`
/// receives the decoded bytes.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_query_decode_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(3))]
fn wwwurl_query_decode(
    #[c(In, len = len, sample = "a+b%2C%zz")] s: &[u8],
) -> Result<Buf, wwwurl_status> {
    form_decode(s)
}

#[export(TextBuf(wwwurl_query_decode) memory(2))]
fn wwwurl_query_decode_buf(
    #[c(In, len = len, sample = "a+b%2C%zz")] s: &[u8],
) -> Result<Buf, wwwurl_status> {
    form_decode(s)
}

/// Encodes bytes as a name or value of a query, as
/// `application/x-www-form-urlencoded` serialises them (the encoding
/// `wwwurl_query_edit` gives a name and value it adds): a space becomes
/// `+`, the ASCII letters and digits and `*-._` stay, every other byte
/// becomes `%XY` (upper-case hex). The result holds no `&`, `=` or `#`,
/// and `wwwurl_query_decode_buf` gives the input back
/// (`wwwurl_query_decode` too, for input without a NUL byte).
///
/// Parameters: `s`/`len` (`len` may be `WWWURL_NUL_TERMINATED`;
/// otherwise every byte counts, NUL included); `out` receives the
/// encoded string.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`, allocated at its exact
/// size. `wwwurl_query_encode_buf` writes the same result into a caller
/// buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(6))]
fn wwwurl_query_encode(
    #[c(In, len = len, sample = "a b&c=é")] s: &[u8],
) -> Result<Buf, wwwurl_status> {
    form_encode(s)
}

#[export(TextBuf(wwwurl_query_encode) memory(3))]
fn wwwurl_query_encode_buf(
    #[c(In, len = len, sample = "a b&c=é")] s: &[u8],
) -> Result<Buf, wwwurl_status> {
    form_encode(s)
}

/// Edits the query of a `wwwurl_whatwg` handle as `wwwurl_query_edit`
/// edits a query string, then sets the result through the Standard's
/// `search` setter, as `URLSearchParams` updates its URL (an empty
/// result removes the query).
///
/// Parameters: `u`, the handle; the others as for `wwwurl_query_edit`.
///
/// Returns `WWWURL_OK`; the errors of `wwwurl_query_edit`;
/// `WWWURL_ERR_IGNORED` for a URL whose search cannot be set. The handle
/// is byte-identical unless it returns `WWWURL_OK`; strings from
/// `wwwurl_whatwg_get` for it become invalid then.
#[export(Status memory(50))]
fn wwwurl_whatwg_query_edit(
    #[c(Mut<Whatwg>)] u: &mut WhatwgHandle,
    #[c(Value<OpArg>)] op: wwwurl_query_op,
    #[c(In, len = nlen, sample = "c")] name: &[u8],
    #[c(OptIn, len = vlen, sample = "d")] value: Option<&[u8]>,
) -> Result<wwwurl_status, wwwurl_status> {
    whatwg_url::edit_query(u, |q, out| edit(q, op, name, value, out))
}

/// The number of parameters in a query string (without `?`): the pieces
/// between `&`s that are not empty. 0 for NULL, or an input longer than
/// the default input limit.
#[export(Number<usize>(0) memory(0))]
fn wwwurl_query_count(#[c(In, len = len)] query: &[u8]) -> Option<usize> {
    Some(query::count(query))
}

/// The next parameter of a query string (without `?`), undecoded: where
/// its name and value lie. Start with `*pos` 0; each call advances it past
/// the parameter it gives, skipping empty pieces.
///
/// Parameters: `query`/`len` (`len` may be `WWWURL_NUL_TERMINATED`); `pos`,
/// the offset to look from, updated; `out` receives the offsets (into
/// `query`) of the parameter's name and value.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_FOUND` at the end (`*pos` and `*out`
/// untouched); `WWWURL_ERR_INVALID_ARGUMENT` when `*pos` is past the end of
/// the query; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`. Allocates nothing.
#[export(Put<wwwurl_query_param> memory(0))]
fn wwwurl_query_next(
    #[c(In, len = len)] query: &[u8],
    #[c(InOut<usize>)] pos: &mut usize,
) -> Result<wwwurl_query_param, wwwurl_status> {
    let at = *pos;
    let rest = query.get(at..).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    let p = query::params(rest).next().ok_or(WWWURL_ERR_NOT_FOUND)?;
    let name = p.name_span();
    let value = p.value_span().unwrap_or(name.end..name.end);
    *pos = at + p.span().end;
    Ok(wwwurl_query_param {
        name_offset: at + name.start,
        name_len: name.len(),
        value_offset: at + value.start,
        value_len: value.len(),
        has_value: u8::from(p.has_eq()),
    })
}

/// Edits the query of a `wwwurl_url` handle as `wwwurl_query_edit` edits a
/// query string, then sets the result as `wwwurl_set` sets
/// `WWWURL_PART_QUERY` (an empty result removes the query).
///
/// Parameters: `u`, the handle; the others as for `wwwurl_query_edit`.
///
/// Returns `WWWURL_OK`; the errors of `wwwurl_query_edit` and of
/// `wwwurl_set`. The handle is byte-identical unless it returns
/// `WWWURL_OK`; strings from `wwwurl_get` for it become invalid then.
#[export(Status memory(56))]
fn wwwurl_url_query_edit(
    #[c(Mut<Url>)] u: &mut UrlHandle,
    #[c(Value<OpArg>)] op: wwwurl_query_op,
    #[c(In, len = nlen, sample = "c")] name: &[u8],
    #[c(OptIn, len = vlen, sample = "d")] value: Option<&[u8]>,
) -> Result<wwwurl_status, wwwurl_status> {
    let old = u.view().args();
    let query = old.unwrap_or(b"");
    let mut q = Buf::with_capacity(query.len() + name.len() + 16)?;
    edit(query, op, name, value, &mut q)?;
    if old.is_some_and(|old| q[..] == *old) {
        return Ok(WWWURL_OK);
    }
    // Set as `wwwurl_set` sets `WWWURL_PART_QUERY`: an empty query
    // removes it, another is held to the input limit of the settings
    // the handle is rebuilt with.
    let q = match q.is_empty() {
        true => None,
        false => Some(within(&q, u.settings().max_input())?),
    };
    u.set(Part::Args, q)
}

/// `query` edited by `op`: `wwwurl_query_edit`'s result in both forms.
#[inline(always)]
fn edited(
    query: &[u8],
    op: wwwurl_query_op,
    name: &[u8],
    value: Option<&[u8]>,
) -> Result<Buf, wwwurl_status> {
    let mut v = Buf::with_capacity(query.len() + name.len() + 16)?;
    edit(query, op, name, value, &mut v)?;
    Ok(v)
}

/// The `nth` value of `name` in `query`: `wwwurl_query_get`'s result in
/// both forms.
#[inline(always)]
fn get(query: &[u8], name: &[u8], nth: u32, flags: u32) -> Result<Buf, wwwurl_status> {
    if flags & !WWWURL_QUERY_RAW != 0 {
        return Err(WWWURL_ERR_INVALID_ARGUMENT);
    }
    let nth = usize::try_from(nth).map_err(|_| WWWURL_ERR_NOT_FOUND)?;
    let p = query::get_all(query, name)
        .nth(nth)
        .ok_or(WWWURL_ERR_NOT_FOUND)?;
    let mut v = Buf::with_capacity(p.value_raw().len())?;
    if flags & WWWURL_QUERY_RAW != 0 {
        v.extend_from_slice(p.value_raw())?;
    } else {
        p.decode_value(&mut v)?;
    }
    Ok(v)
}

/// `s` form-decoded: `wwwurl_query_decode`'s result in both forms.
#[inline(always)]
fn form_decode(s: &[u8]) -> Result<Buf, wwwurl_status> {
    let mut v = Buf::with_capacity(s.len())?;
    query::form_decode(s, &mut v)?;
    Ok(v)
}

/// `s` form-encoded: `wwwurl_query_encode`'s result in both forms.
#[inline(always)]
fn form_encode(s: &[u8]) -> Result<Buf, wwwurl_status> {
    // Measured first, so that the result is allocated once, at its size
    // (up to three bytes a byte).
    let mut count = BoundedSink::<u8>::new(&mut []);
    let Ok(()) = query::form_encode(s, &mut count);
    let mut v = Buf::with_capacity(count.needed())?;
    query::form_encode(s, &mut v)?;
    Ok(v)
}
