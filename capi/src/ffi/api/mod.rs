//! One declaration per exported C function: an ordinary `fn` of the C
//! function's name, marked `#[export]`.
//!
//! ```text
//! /// Documentation (the header's comment and the man page).
//! #[export(Text memory(3))]
//! fn wwwurl_foo(#[c(Cfg)] cfg: Settings<'_>, #[c(In, len = len)] s: &[u8]) -> Result<Buf, wwwurl_status> {
//!     foo(cfg, s)
//! }
//! ```
//!
//! The function is written in terms of what its C arguments become; the
//! `#[c(...)]` of each gives its kind ([`In`], [`OptIn`], [`Str`],
//! [`OptStr`], [`Cfg`](super::config::Cfg), [`Value`], [`InOut`], a
//! handle's [`Ref`], [`Mut`], [`Rebuild`], [`Owned`], a string to release,
//! [`OwnedText`], a number checked by [`checked_value!`], or a `CArg` of
//! its module), with `len = NAME` the name of its C length and with
//! `sample = "..."` the input of the generated test rows. The attribute
//! gives the kind of result ([`RetKind`]: a status, a text in `malloc`ed
//! memory, the same text into the caller's buffer (its `_buf` twin, a
//! function of its own), a new handle, a struct, a borrowed or static
//! string, a number with a fixed value on errors, a release) and the
//! memory bound (required of a function that takes a string).
//! `#[export]` (the crate `wwwurl-capi-macros`) hands it to [`declare!`],
//! from which come:
//!
//! - the `extern "C"` function of that name, with the one panic boundary,
//!   the NULL rules and the input limit, in the order of the arguments,
//!   around the body;
//! - the function's [`Decl`] (in a module of its name), which its module
//!   lists in `DECLS` and `ffi::API` collects: from it `tools/headers`
//!   writes the header's declaration and the man page, the C test rows
//!   (`wwwurl_api_rows.h`: NULL for each pointer argument, a panic at
//!   entry, every allocation failing in turn), the memory rows
//!   (`wwwurl_memory_rows.h`: a hostile string in each argument that takes
//!   one, held to the bound), SECURITY.md's table of the bounds, and the
//!   list of exported names that `make symbols` checks. A function missing
//!   from `DECLS`, or listed twice, does not compile ([`listed_once`]).
//!
//! The kinds hold the C rules, once: an input is a pointer and a length
//! (`WWWURL_NUL_TERMINATED` for a C string; NULL with length 0 is the
//! empty input; NULL with a length is `WWWURL_ERR_NULL`), checked against
//! the input limit of the call's config (the default limit without one).
//! They live in `kinds.rs`, what the results do with a body's value in
//! `results.rs`, and `declare!` in `macros.rs`.

mod kinds;
mod macros;
mod results;

pub(crate) use kinds::{
    checked_value, free_block, hand_over_block, named_u32, store_block, CArg, CName, CStruct,
    Handle, HandleType, Handles, In, InOut, Mut, NewHandle, OptIn, OptStr, OutArray, Owned,
    OwnedText, Rebuild, Ref, Str, StrList, Strs, Value,
};
pub(crate) use macros::{arg_of, buf_doc, declare, len_of};
pub(crate) use results::{
    attempt, borrowed_out, finish_buf, new_text_out, text_buf, text_buffer, text_len_out, text_out,
    Borrowed, CallerBuf, IntoStatus, Outcome, StaticText,
};
pub(crate) use wwwurl_capi_macros::export;

use super::types::*;

/// What the arguments converted so far tell the ones after them: the
/// input limit of the call's config.
#[derive(Clone, Copy)]
pub(crate) struct Cx {
    pub(crate) max_input: usize,
}

impl Default for Cx {
    fn default() -> Cx {
        Cx {
            max_input: WWWURL_DEFAULT_MAX_INPUT,
        }
    }
}

/// The kind of an argument, as the header generator and the test rows
/// read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// `const struct wwwurl_config *`, NULL for the defaults.
    Cfg,
    /// `const char *NAME, size_t LEN`: required input bytes.
    In,
    /// `const char *NAME`: a required NUL-terminated string.
    Str,
    /// `const char *NAME`: a NUL-terminated string, NULL for none.
    OptStr,
    /// `const char *NAME, size_t LEN`: input bytes, NULL for none.
    OptIn,
    /// A number passed by value; the string is its C type.
    Value(&'static str),
    /// A handle: `const struct TYPE *` (or `struct TYPE *` when `mutable`),
    /// not NULL.
    Handle(HandleKind, bool),
    /// A handle the call releases: `struct TYPE *`, NULL for none.
    Owned(HandleKind),
    /// A string of this library's the call releases: `char *`, NULL for
    /// none.
    OwnedText,
    /// A number the call reads and updates: `TYPE *NAME`, not NULL; the
    /// string is its C type.
    InOut(&'static str),
    /// A struct the call reads: `const struct TYPE *NAME`, not NULL; the
    /// string is `TYPE`. Its sample is the inside of a C initialiser
    /// (designated members), "" for all members 0.
    Struct(&'static str),
    /// Handles the call reads: `const struct TYPE *const *NAME, size_t
    /// LEN`, not NULL (the array and each handle) unless `LEN` is 0.
    Handles(HandleKind),
    /// NUL-terminated strings: `const char *const *NAME, size_t LEN`, not
    /// NULL (the array and each string) unless `LEN` is 0, each under the
    /// input limit.
    Strs,
    /// Where the call writes up to `LEN` numbers: `TYPE *NAME, size_t
    /// LEN`, not NULL unless `LEN` is 0; the string is their C type.
    OutArray(&'static str),
}

/// A kind of handle, as the generator writes its type and the test rows
/// make and release a sample of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandleKind {
    /// The C struct's name, e.g. `wwwurl_whatwg`.
    pub ty: &'static str,
    /// A C statement that makes a sample handle in `h` from the row's
    /// common sample URL `in`, giving a status: e.g.
    /// `wwwurl_whatwg_parse(in, WWWURL_NUL_TERMINATED, NULL, 0, &h)`.
    pub make: &'static str,
    /// The function that releases one.
    pub free: &'static str,
    /// Whether the handle is memory of C's `malloc`, which the fault test's
    /// C-allocation tortures must find; otherwise it is the Rust heap's.
    pub c_heap: bool,
}

/// The kind of a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetKind {
    /// A `wwwurl_status`.
    Status,
    /// A new string in `char **out` (the malloc form).
    Text,
    /// A string into `char *buf, size_t cap, size_t *needed` (the `_buf` form).
    TextBuf,
    /// A new handle in `struct TYPE **out`.
    New(HandleKind),
    /// A string borrowed from a handle: the function returns `const char *`
    /// (NULL on an error) and stores its length in `size_t *len` (which may
    /// be NULL). The body cannot panic: it runs under
    /// [`guard_no_unwind`](super::guard::guard_no_unwind), so it is not in
    /// the panic-at-entry test.
    Borrowed,
    /// A number of the C type `ty`, `fallback` (a C expression) on every
    /// error: a NULL argument, memory running out, a panic. With `unwinds`
    /// false the body cannot panic (a read of a handle) and runs under
    /// `guard_no_unwind`, as a [`RetKind::Borrowed`] body does.
    Number {
        /// The C type.
        ty: &'static str,
        /// The value on an error.
        fallback: &'static str,
        /// Whether the body can panic.
        unwinds: bool,
    },
    /// A static NUL-terminated string (`const char *`), never NULL, from a
    /// body that cannot panic (a lookup in a static table).
    Static,
    /// Nothing (`void`): the call releases its [`ArgKind::Owned`] or
    /// [`ArgKind::OwnedText`] argument,
    /// in a body that cannot panic.
    Release,
    /// A struct written into the caller's `struct TYPE *out` (the string is
    /// `TYPE`), only on success.
    Put(&'static str),
    /// A new string in `char **out`, its length in `size_t *out_len` (which
    /// may be NULL), both written only on success.
    TextLen,
    /// A new string returned as `char *` (NULL on every error), its length
    /// in `size_t *out_len` (which may be NULL).
    NewText,
}

/// One argument of a declared function.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// Its name in C.
    pub name: &'static str,
    /// The name of its length, for [`ArgKind::In`] and [`ArgKind::OptIn`].
    pub len: &'static str,
    /// Its kind.
    pub kind: ArgKind,
    /// The input the generated test rows give it, when the rows' common
    /// sample URL would not do (a domain, a profile name); "" for that one.
    /// For a number ([`ArgKind::Value`]) it is a C expression (a constant's
    /// name), "" for 0.
    pub sample: &'static str,
}

/// One declared C function.
#[derive(Clone, Copy, Debug)]
pub struct Decl {
    /// The function's name.
    pub name: &'static str,
    /// Its documentation, a line an entry.
    pub doc: &'static [&'static str],
    /// Its arguments, before those of the result.
    pub args: &'static [Arg],
    /// Its result.
    pub ret: RetKind,
    /// Its memory bound: the peak heap bytes a call may take per byte of
    /// the string argument that grows, plus a constant (SECURITY.md,
    /// "Memory per input byte"), which `make memory-test` holds it to;
    /// `None` for a function that takes no string.
    pub memory: Option<u32>,
}

/// Whether `list` names `name` exactly once: each declaration asserts it
/// of its module's `DECLS` when it compiles, so that a function cannot be
/// left out of `ffi::API` (and so out of the header) or listed twice.
pub(crate) const fn listed_once(list: &[Decl], name: &str) -> bool {
    let mut found = 0;
    let mut i = 0;
    while i < list.len() {
        if same_str(list[i].name, name) {
            found += 1;
        }
        i += 1;
    }
    found == 1
}

/// Whether two lists of arguments are the same: a `_buf` twin asserts it
/// of its text function's, whose parameters its documentation says it
/// takes.
pub(crate) const fn same_args(a: &[Arg], b: &[Arg]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        let (x, y) = (&a[i], &b[i]);
        if !same_str(x.name, y.name)
            || !same_str(x.len, y.len)
            || !same_str(x.sample, y.sample)
            || !same_kind(x.kind, y.kind)
        {
            return false;
        }
        i += 1;
    }
    true
}

/// `a == b` where `==` cannot run: at compile time.
const fn same_kind(a: ArgKind, b: ArgKind) -> bool {
    match (a, b) {
        (ArgKind::Cfg, ArgKind::Cfg)
        | (ArgKind::In, ArgKind::In)
        | (ArgKind::Str, ArgKind::Str)
        | (ArgKind::OptStr, ArgKind::OptStr)
        | (ArgKind::OptIn, ArgKind::OptIn)
        | (ArgKind::OwnedText, ArgKind::OwnedText) => true,
        (ArgKind::Strs, ArgKind::Strs) => true,
        (ArgKind::Value(x), ArgKind::Value(y))
        | (ArgKind::InOut(x), ArgKind::InOut(y))
        | (ArgKind::Struct(x), ArgKind::Struct(y))
        | (ArgKind::OutArray(x), ArgKind::OutArray(y)) => same_str(x, y),
        (ArgKind::Handle(x, m), ArgKind::Handle(y, n)) => same_handle(x, y) && m == n,
        (ArgKind::Owned(x), ArgKind::Owned(y)) | (ArgKind::Handles(x), ArgKind::Handles(y)) => {
            same_handle(x, y)
        }
        _ => false,
    }
}

/// `a == b` for handle kinds, at compile time.
const fn same_handle(a: HandleKind, b: HandleKind) -> bool {
    same_str(a.ty, b.ty) && same_str(a.make, b.make) && same_str(a.free, b.free)
}

/// `a == b` for strings, at compile time.
const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const IN: Arg = Arg {
        name: "s",
        len: "len",
        kind: ArgKind::In,
        sample: "",
    };

    #[test]
    fn the_compile_time_comparisons_are_equality() {
        assert!(same_str("wwwurl_a", "wwwurl_a"));
        assert!(!same_str("wwwurl_a", "wwwurl_b") && !same_str("a", "ab"));
        let value = Arg {
            kind: ArgKind::Value("uint32_t"),
            ..IN
        };
        assert!(same_args(&[IN, value], &[IN, value]));
        assert!(!same_args(&[IN], &[IN, value]));
        assert!(!same_args(&[IN], &[Arg { sample: "x", ..IN }]));
        assert!(!same_args(
            &[value],
            &[Arg {
                kind: ArgKind::Value("int"),
                ..value
            }]
        ));
        assert!(!same_kind(ArgKind::In, ArgKind::OptIn));
    }

    #[test]
    fn every_declaration_is_listed_once() {
        for m in crate::ffi::API {
            for d in *m {
                assert!(listed_once(m, d.name), "{}", d.name);
            }
        }
        assert!(!listed_once(crate::ffi::API[0], "wwwurl_nothing"));
    }
}
