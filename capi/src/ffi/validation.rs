//! The WHATWG URL Standard's validation errors in the C API: a report of
//! an input as a handle (`wwwurl_validation`), read by index, and the
//! names of the errors.

use super::alloc::Out;
use super::api::store_block;
use super::api::{
    export, named_u32, CStruct, Decl, Handle, HandleKind, In, OptIn, Owned, Ref, Value,
};
use super::status::*;
use super::types::*;
use libc::c_int;
use wwwurl_core::whatwg::{self, Report, ValidationError};

/// `wwwurl_validation` in declarations.
pub(crate) struct Validation;
impl Handle for Validation {
    type C = wwwurl_validation;
    type Inner = Report;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_validation",
        // A report with errors, so that reading one succeeds.
        make: "wwwurl_whatwg_validate(\"https://u@h/a b\", WWWURL_NUL_TERMINATED, NULL, 0, &h)",
        free: "wwwurl_validation_free",
        c_heap: true,
    };
    fn store(out: Out<*mut wwwurl_validation>, v: Report) -> Result<(), wwwurl_status> {
        store_block(out, v)
    }
}

named_u32! {
    /// `wwwurl_validation_id`.
    IdArg = "wwwurl_validation_id"
}

impl CStruct for wwwurl_validation_error {
    const C_NAME: &'static str = "wwwurl_validation_error";
}

// The `WWWURL_VALIDATION_*` numbers are the core's ids: the places of the
// errors in `ValidationError::ALL`, the order of the Standard's table.
const _: () = {
    let c = [
        WWWURL_VALIDATION_DOMAIN_TO_ASCII,
        WWWURL_VALIDATION_DOMAIN_PERCENT_ENCODED,
        WWWURL_VALIDATION_HOST_INVALID_CODE_POINT,
        WWWURL_VALIDATION_IPV4_EMPTY_PART,
        WWWURL_VALIDATION_IPV4_TOO_FEW_PARTS,
        WWWURL_VALIDATION_IPV4_TOO_MANY_PARTS,
        WWWURL_VALIDATION_IPV4_NON_NUMERIC_PART,
        WWWURL_VALIDATION_IPV4_NON_DECIMAL_PART,
        WWWURL_VALIDATION_IPV4_OUT_OF_RANGE_PART,
        WWWURL_VALIDATION_IPV6_UNCLOSED,
        WWWURL_VALIDATION_IPV6_INVALID_COMPRESSION,
        WWWURL_VALIDATION_IPV6_TOO_MANY_PIECES,
        WWWURL_VALIDATION_IPV6_MULTIPLE_COMPRESSION,
        WWWURL_VALIDATION_IPV6_INVALID_CODE_POINT,
        WWWURL_VALIDATION_IPV6_TOO_FEW_PIECES,
        WWWURL_VALIDATION_IPV6_PIECE_LEADING_ZERO,
        WWWURL_VALIDATION_IPV4_IN_IPV6_TOO_MANY_PIECES,
        WWWURL_VALIDATION_IPV4_IN_IPV6_INVALID_CODE_POINT,
        WWWURL_VALIDATION_IPV4_IN_IPV6_OUT_OF_RANGE_PART,
        WWWURL_VALIDATION_IPV4_IN_IPV6_TOO_FEW_PARTS,
        WWWURL_VALIDATION_INVALID_URL_UNIT,
        WWWURL_VALIDATION_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS,
        WWWURL_VALIDATION_MISSING_SCHEME_NON_RELATIVE_URL,
        WWWURL_VALIDATION_INVALID_REVERSE_SOLIDUS,
        WWWURL_VALIDATION_INVALID_CREDENTIALS,
        WWWURL_VALIDATION_HOST_MISSING,
        WWWURL_VALIDATION_PORT_OUT_OF_RANGE,
        WWWURL_VALIDATION_PORT_INVALID,
        WWWURL_VALIDATION_FILE_INVALID_WINDOWS_DRIVE_LETTER,
        WWWURL_VALIDATION_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST,
    ];
    let all = ValidationError::ALL;
    assert!(c.len() == all.len());
    let mut i = 0;
    while i < c.len() {
        assert!(c[i] == all[i].id() && c[i] as usize == i);
        i += 1;
    }
};

/// The bytes of every name with its NUL, one after the other.
const NAMES_LEN: usize = {
    let all = ValidationError::ALL;
    let mut n = 0;
    let mut i = 0;
    while i < all.len() {
        n += all[i].name().len() + 1;
        i += 1;
    }
    n
};

/// The names, NUL-terminated, made from the core's when the library is
/// compiled; and where each starts (the last entry: the end).
static NAMES: ([u8; NAMES_LEN], [usize; ValidationError::ALL.len() + 1]) = {
    let all = ValidationError::ALL;
    let mut bytes = [0u8; NAMES_LEN];
    let mut starts = [0usize; ValidationError::ALL.len() + 1];
    let mut at = 0;
    let mut i = 0;
    while i < all.len() {
        starts[i] = at;
        let name = all[i].name().as_bytes();
        let mut j = 0;
        while j < name.len() {
            bytes[at] = name[j];
            at += 1;
            j += 1;
        }
        at += 1;
        i += 1;
    }
    starts[all.len()] = at;
    (bytes, starts)
};

/// What `wwwurl_validation_name` gives for a number that names no error.
const UNKNOWN: &str = "(unknown validation error)\0";

/// The NUL-terminated name of the error numbered `id`.
fn name_of(id: wwwurl_validation_id) -> &'static str {
    let Some(i) = usize::try_from(id)
        .ok()
        .filter(|&i| i < ValidationError::ALL.len())
    else {
        return UNKNOWN;
    };
    let (bytes, starts) = &NAMES;
    std::str::from_utf8(&bytes[starts[i]..starts[i + 1]]).unwrap_or(UNKNOWN)
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_whatwg_validate::DECL,
    wwwurl_validation_count::DECL,
    wwwurl_validation_get::DECL,
    wwwurl_validation_failure::DECL,
    wwwurl_validation_valid::DECL,
    wwwurl_validation_name::DECL,
    wwwurl_validation_free::DECL,
];

/// Parses a URL as `wwwurl_whatwg_parse` does, reporting every validation
/// error of the WHATWG URL Standard the parser meets: by name, in the order
/// the parser meets them, repeats included, each with the bytes of the input
/// it is about. Also says whether the parser returned failure and whether
/// the input is a valid URL string (the Standard's URL-writing grammar: an
/// absolute URL with an optional fragment, or with a base a relative one).
/// The URL itself is not kept.
///
/// Parameters: `input`/`len` (`len` may be `WWWURL_NUL_TERMINATED`);
/// `base`/`base_len`, the base URL, NULL for none; `out` receives the new
/// report.
///
/// Returns `WWWURL_OK`, also when the input is not a URL (the report says
/// so: `wwwurl_validation_failure`); `WWWURL_ERR_INVALID_BASE` when the base
/// is not one; `WWWURL_ERR_NO_IDNA` for a host that needs IDNA in a build
/// without it; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_validation_free`; it borrows nothing from the arguments. A
/// report takes 24 bytes per error besides the URL the parser builds and
/// frees; an input can have an error per byte.
#[export(New<Validation> memory(96))]
fn wwwurl_whatwg_validate(
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<Report, wwwurl_status> {
    Ok(whatwg::validate_with_base(input, base)?)
}

/// The number of validation errors in a report.
///
/// Returns the count (0 for a valid URL string, and for NULL).
#[export(ReadNumber<usize>(0))]
fn wwwurl_validation_count(#[c(Ref<Validation>)] v: &Report) -> Option<usize> {
    Some(v.errors().len())
}

/// One validation error of a report, by its place in the order the parser
/// met them.
///
/// Parameters: `v`, a report; `i`, from 0 to `wwwurl_validation_count(v)`
/// less 1; `out` receives the error: its `WWWURL_VALIDATION_*` number, the
/// offsets of the bytes of the input it is about (`start` == `end` where
/// something is missing: the place where it is), and `fatal`, 1 when the
/// parser returned failure at it.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_FOUND` when `i` is the count or
/// more (`*out` untouched); `WWWURL_ERR_NULL`. Allocates nothing.
#[export(Put<wwwurl_validation_error> memory(0))]
fn wwwurl_validation_get(
    #[c(Ref<Validation>)] v: &Report,
    #[c(Value<usize>)] i: usize,
) -> Result<wwwurl_validation_error, wwwurl_status> {
    let e = v.errors().get(i).ok_or(WWWURL_ERR_NOT_FOUND)?;
    Ok(wwwurl_validation_error {
        start: e.start(),
        end: e.end(),
        id: e.error().id(),
        fatal: u8::from(e.fatal()),
    })
}

/// Whether the parser returned failure on the input of a report (the input
/// is not a URL; its last error is the fatal one).
///
/// Returns 1 when it did, 0 when not, -1 for NULL.
#[export(ReadNumber<c_int>(-1))]
fn wwwurl_validation_failure(#[c(Ref<Validation>)] v: &Report) -> Option<c_int> {
    Some(c_int::from(v.failure()))
}

/// Whether the input of a report is a valid URL string by the WHATWG URL
/// Standard's URL-writing grammar: no validation error, no failure, and
/// UTF-8.
///
/// Returns 1 when it is, 0 when not, -1 for NULL.
#[export(ReadNumber<c_int>(-1))]
fn wwwurl_validation_valid(#[c(Ref<Validation>)] v: &Report) -> Option<c_int> {
    Some(c_int::from(v.valid()))
}

/// The name the WHATWG URL Standard gives a validation error, e.g.
/// `"IPv4-empty-part"`.
///
/// Parameters: `id`, a `WWWURL_VALIDATION_*` value; any other gives
/// "(unknown validation error)".
///
/// Returns a static string; never NULL. Do not free it.
#[export(Static(UNKNOWN))]
fn wwwurl_validation_name(#[c(Value<IdArg>)] id: wwwurl_validation_id) -> &'static str {
    name_of(id)
}

/// Releases a report of `wwwurl_whatwg_validate`. NULL is fine; the same
/// report must not be freed twice.
#[export(Release)]
fn wwwurl_validation_free(#[c(Owned<Validation>)] v: *mut wwwurl_validation) {
    // SAFETY: a report of `wwwurl_whatwg_validate` or NULL, not used again
    // (API contract).
    unsafe { Owned::<Validation>::release(v) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_their_nul() {
        for e in ValidationError::ALL {
            let name = name_of(e.id());
            assert_eq!(name.strip_suffix('\0'), Some(e.name()));
        }
        assert_eq!(name_of(30), UNKNOWN);
        assert_eq!(name_of(u32::MAX), UNKNOWN);
    }
}
