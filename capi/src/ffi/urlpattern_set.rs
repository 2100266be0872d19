//! Sets of URL patterns in the C API: a `wwwurl_urlpattern_set` holds
//! patterns made from handles (`_set_new`) or from constructor strings
//! (`_set_parse`, the rules of a configuration file in one call), and
//! `_set_match` gives the indices of those a URL matches, parsing the URL
//! once (doc/urlpattern.md, "Pattern sets").
//!
//! A set compiles its own copy of each handle it is given, from what the
//! handle was made from (urlpattern.rs), so it never shares memory with
//! them and they may be freed at once.

use super::alloc::Out;
use super::api::{
    export, store_block, Decl, Handle, HandleKind, Handles, In, InOut, OptIn, OutArray, Owned, Ref,
    StrList, Strs,
};
use super::status::*;
use super::urlpattern::{text, Pattern, PatternFlags, PatternHandle};
use std::mem::MaybeUninit;
use wwwurl_core::bytes::buf::{try_push, Buf};
use wwwurl_core::urlpattern::{Error, Input, PatternOptions, UrlPattern, UrlPatternSet};

/// A set of URL patterns, matched together (`wwwurl_urlpattern_set_new`,
/// `wwwurl_urlpattern_set_parse`). It holds copies of its patterns and
/// never changes: any number of threads may match URLs against one set at
/// once.
pub struct wwwurl_urlpattern_set {
    _private: [u8; 0],
}

// A set is read by many threads at once: what it holds must allow it.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<UrlPatternSet>();
};

/// `wwwurl_urlpattern_set` in declarations.
pub(crate) struct Set;
impl Handle for Set {
    type C = wwwurl_urlpattern_set;
    type Inner = UrlPatternSet;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_urlpattern_set",
        make: "wwwurl_urlpattern_set_parse((const char *const[]){\"http{s}?://*.example.com/*\", \
               \"*://*/a/:x\"}, 2, NULL, 0, 0, &(size_t){0}, &h)",
        free: "wwwurl_urlpattern_set_free",
        c_heap: true,
    };
    fn store(out: Out<*mut wwwurl_urlpattern_set>, v: UrlPatternSet) -> Result<(), wwwurl_status> {
        store_block(out, v)
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_urlpattern_set_new::DECL,
    wwwurl_urlpattern_set_parse::DECL,
    wwwurl_urlpattern_set_len::DECL,
    wwwurl_urlpattern_set_match::DECL,
    wwwurl_urlpattern_set_free::DECL,
];

/// A set of copies of `n` patterns, matched together by
/// `wwwurl_urlpattern_set_match`: pattern `i` of the set is `patterns[i]`.
///
/// Parameters: `patterns`, `n` patterns (NULL when `n` is 0); `out`
/// receives the new set.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `patterns` or one of them is
/// NULL; `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_urlpattern_set_free`. The set compiles its own copy of each
/// pattern from what the pattern was made from, so the patterns may be
/// freed as soon as the call returns. A pattern with a regular expression
/// of its own is compiled again by the ECMAScript engine (see
/// `wwwurl_urlpattern_parse`).
#[export(New<Set>)]
fn wwwurl_urlpattern_set_new(
    #[c(Handles<Pattern>, len = n)] patterns: &[&PatternHandle],
) -> Result<UrlPatternSet, wwwurl_status> {
    let mut compiled = Vec::new();
    compiled
        .try_reserve_exact(patterns.len())
        .map_err(|_| WWWURL_ERR_NO_MEMORY)?;
    for p in patterns {
        try_push(&mut compiled, p.compile_again()?)?;
    }
    Ok(UrlPatternSet::from_vec(compiled)?)
}

/// A set of `n` patterns compiled from constructor strings, each as
/// `wwwurl_urlpattern_parse` compiles it with the same base and flags: the
/// rules of a configuration file in one call.
///
/// Parameters: `patterns`, `n` NUL-terminated strings (NULL when `n` is
/// 0); `base`/`base_len`, the base URL of every pattern, NULL for none;
/// `flags`, 0 or `WWWURL_URLPATTERN_IGNORE_CASE`; `failed_index` receives
/// the index of the first pattern that does not compile, when one does
/// not; `out` receives the new set.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_PATTERN` when a pattern does
/// not compile (`*failed_index` says which;
/// `wwwurl_urlpattern_error_message` says why); the other statuses of
/// `wwwurl_urlpattern_parse`, each string held to the input limit.
/// `*out` is written only on success, `*failed_index` only with
/// `WWWURL_ERR_INVALID_PATTERN`.
///
/// Memory and lifetimes: as for `wwwurl_urlpattern_set_new`; the set
/// borrows nothing from the arguments.
#[export(New<Set> memory(128))]
fn wwwurl_urlpattern_set_parse(
    #[c(Strs, len = n, sample = "https://:sub.example.com/:first/*")] patterns: StrList<'_>,
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(PatternFlags)] flags: PatternOptions,
    #[c(InOut<usize>)] failed_index: &mut usize,
) -> Result<UrlPatternSet, wwwurl_status> {
    let (mut b, mut room) = (Buf::new(), Buf::new());
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    let mut compiled = Vec::new();
    for (i, p) in patterns.iter().enumerate() {
        room.clear();
        let input = text(p, &mut room)?;
        match UrlPattern::parse(input, base, flags) {
            Ok(pattern) => try_push(&mut compiled, pattern)?,
            Err(Error::Syntax(_)) => {
                *failed_index = i;
                return Err(WWWURL_ERR_INVALID_PATTERN);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(UrlPatternSet::from_vec(compiled)?)
}

/// The number of patterns in a set.
///
/// Returns the count; 0 for NULL.
#[export(ReadNumber<usize>(0))]
fn wwwurl_urlpattern_set_len(#[c(Ref<Set>)] set: &UrlPatternSet) -> Option<usize> {
    Some(set.len())
}

/// The patterns of a set that a URL matches: their indices, in increasing
/// order. The URL is parsed once, and the set's index of the patterns'
/// hostnames spares it the patterns that cannot match (doc/urlpattern.md,
/// "Pattern sets"); the answer is the same as testing each pattern with
/// `wwwurl_urlpattern_test`.
///
/// Parameters: `set`; `input`/`len` and `base`/`base_len` as for
/// `wwwurl_urlpattern_test`; `indices`, room for `cap` indices (may be NULL
/// when `cap` is 0); `count` receives the number of patterns that match.
///
/// Returns `WWWURL_OK` (the first `*count` entries of `indices` are the
/// indices); `WWWURL_ERR_BUFFER_TOO_SMALL` when more than `cap` patterns
/// match (the first `cap` are written, and `*count` is the number of them
/// all); the errors of `wwwurl_urlpattern_test` (then `*count` is not
/// written), `WWWURL_ERR_BUDGET` when one pattern exceeds its budget.
///
/// Memory and lifetimes: the URL is parsed and freed inside the call, with
/// a list of the matching indices. For a pattern with a regular
/// expression of its own, see `wwwurl_urlpattern_test`.
#[export(Status memory(40))]
fn wwwurl_urlpattern_set_match(
    #[c(Ref<Set>)] set: &UrlPatternSet,
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(OutArray<usize>, len = cap)] indices: &mut [MaybeUninit<usize>],
    #[c(InOut<usize>)] count: &mut usize,
) -> Result<wwwurl_status, wwwurl_status> {
    let (mut a, mut b) = (Buf::new(), Buf::new());
    let input = text(input, &mut a)?;
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    let mut hits = Vec::new();
    set.matches(Input::Str(input), base, &mut hits)?;
    for (slot, &i) in indices.iter_mut().zip(&hits) {
        slot.write(i);
    }
    *count = hits.len();
    Ok(if hits.len() > indices.len() {
        WWWURL_ERR_BUFFER_TOO_SMALL
    } else {
        WWWURL_OK
    })
}

/// Releases a set. NULL is fine; the same set must not be freed twice,
/// nor while another thread uses it.
#[export(Release)]
fn wwwurl_urlpattern_set_free(#[c(Owned<Set>)] set: *mut wwwurl_urlpattern_set) {
    // SAFETY: NULL or a set of this module, not used again (API contract).
    unsafe { Owned::<Set>::release(set) }
}
