//! One declaration per exported C function: the [`declare!`] macro.
//!
//! A declaration names the function, documents it, gives the kind of each
//! argument ([`In`], [`OptIn`], [`Str`], [`OptStr`], [`Cfg`](super::config::Cfg), [`Value`],
//! [`InOut`], a handle's [`Ref`], [`Mut`], [`Rebuild`], [`Owned`], a string
//! to release, [`OwnedText`], a number checked by [`checked_value!`], or a
//! `CArg` of its module) and of its result ([`RetKind`]: a status, a text
//! in `malloc`ed memory with its `_buf` twin that writes into the caller's
//! buffer, a new handle, a struct, a borrowed or static string, a number
//! with a fixed value on errors, a release), its memory bound (required of
//! a function that takes a string), and the core call it makes. From it
//! come:
//!
//! - the `extern "C"` function(s), with the one panic boundary, the NULL
//!   rules and the input limit, in the order of the arguments;
//! - an entry of [`API`], from which `tools/headers` writes the header's
//!   declaration and the man page, the C test rows (`wwwurl_api_rows.h`:
//!   NULL for each pointer argument, a panic at entry, every allocation
//!   failing in turn), the memory rows (`wwwurl_memory_rows.h`: a hostile
//!   string in each argument that takes one, held to the bound), SECURITY.md's
//!   table of the bounds, and the list of exported names that `make symbols`
//!   checks.
//!
//! The kinds hold the C rules, once: an input is a pointer and a length
//! (`WWWURL_NUL_TERMINATED` for a C string; NULL with length 0 is the
//! empty input; NULL with a length is `WWWURL_ERR_NULL`), checked against
//! the input limit of the call's config (the default limit without one).

use super::alloc::{c_malloc, input, malloc_copy, out_buffer, set_opt, within, CBuf, Out};
use super::status::*;
use super::types::*;
use libc::{c_char, size_t};
use std::mem::MaybeUninit;
use wwwurl_core::buf::Buf;
use wwwurl_core::codec::{BoundedSink, Sink};

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

/// How a kind of argument becomes Rust: its C type and its conversion.
pub(crate) trait CArg {
    /// The C argument (the first, for kinds that take two).
    type C;
    /// What the core call gets.
    type Rust<'a>;
    /// The kind, for [`Decl`].
    const KIND: ArgKind;
    /// The conversion, `len` being the second C argument of kinds that have one.
    fn take<'a>(c: Self::C, len: usize, cx: &mut Cx) -> Result<Self::Rust<'a>, wwwurl_status>;
}

/// Required input bytes: `const char *`, `size_t`.
pub(crate) struct In;
impl CArg for In {
    type C = *const c_char;
    type Rust<'a> = &'a [u8];
    const KIND: ArgKind = ArgKind::In;
    #[inline]
    fn take<'a>(c: *const c_char, len: usize, cx: &mut Cx) -> Result<&'a [u8], wwwurl_status> {
        within(input(c, len).ok_or(WWWURL_ERR_NULL)?, cx.max_input)
    }
}

/// Input bytes that may be absent (NULL).
pub(crate) struct OptIn;
impl CArg for OptIn {
    type C = *const c_char;
    type Rust<'a> = Option<&'a [u8]>;
    const KIND: ArgKind = ArgKind::OptIn;
    #[inline]
    fn take<'a>(
        c: *const c_char,
        len: usize,
        cx: &mut Cx,
    ) -> Result<Option<&'a [u8]>, wwwurl_status> {
        if c.is_null() {
            return Ok(None);
        }
        In::take(c, len, cx).map(Some)
    }
}

/// A required NUL-terminated string: `const char *`.
pub(crate) struct Str;
impl CArg for Str {
    type C = *const c_char;
    type Rust<'a> = &'a [u8];
    const KIND: ArgKind = ArgKind::Str;
    #[inline]
    fn take<'a>(c: *const c_char, _: usize, cx: &mut Cx) -> Result<&'a [u8], wwwurl_status> {
        within(super::alloc::c_str(c).ok_or(WWWURL_ERR_NULL)?, cx.max_input)
    }
}

/// A number passed by value, as it is.
pub(crate) struct Value<T>(std::marker::PhantomData<T>);

/// A number type as C passes it, and the name C gives it.
pub(crate) trait CName {
    /// The Rust type of the C argument.
    type C: Copy;
    /// The type as C writes it.
    const C_NAME: &'static str;
}
impl CName for u32 {
    type C = u32;
    const C_NAME: &'static str = "uint32_t";
}
impl CName for libc::c_int {
    type C = libc::c_int;
    const C_NAME: &'static str = "int";
}
impl CName for usize {
    type C = size_t;
    const C_NAME: &'static str = "size_t";
}
impl CName for c_char {
    type C = c_char;
    const C_NAME: &'static str = "char";
}

/// A `uint32_t` that the header names by its typedef, `$c`.
macro_rules! named_u32 {
    ($(#[doc = $doc:literal])* $name:ident = $c:literal) => {
        $(#[doc = $doc])*
        pub(crate) struct $name;
        impl $crate::ffi::api::CName for $name {
            type C = u32;
            const C_NAME: &'static str = $c;
        }
    };
}
pub(crate) use named_u32;

impl<T: CName> CArg for Value<T> {
    type C = T::C;
    type Rust<'a> = T::C;
    const KIND: ArgKind = ArgKind::Value(T::C_NAME);
    #[inline]
    fn take<'a>(c: T::C, _: usize, _: &mut Cx) -> Result<Self::Rust<'a>, wwwurl_status> {
        Ok(c)
    }
}

/// A number argument that names one of a set of values: the C type `$c`
/// (named `$c_name` in C) becomes `$rust` by `$conv` (giving an `Option`),
/// and any other value is refused with `WWWURL_ERR_INVALID_ARGUMENT` in
/// its place among the arguments, before those after it are read.
macro_rules! checked_value {
    ($(#[doc = $doc:literal])* $name:ident: $c:ty = $c_name:literal => $rust:ty, $conv:expr) => {
        $(#[doc = $doc])*
        pub(crate) struct $name;
        impl $crate::ffi::api::CArg for $name {
            type C = $c;
            type Rust<'a> = $rust;
            const KIND: $crate::ffi::api::ArgKind = $crate::ffi::api::ArgKind::Value($c_name);
            #[inline(always)]
            fn take<'a>(
                c: $c,
                _: usize,
                _: &mut $crate::ffi::api::Cx,
            ) -> Result<Self::Rust<'a>, $crate::ffi::status::wwwurl_status> {
                ($conv)(c).ok_or($crate::ffi::status::wwwurl_status::WWWURL_ERR_INVALID_ARGUMENT)
            }
        }
    };
}
pub(crate) use checked_value;

/// A type of handle as the arguments and results of a declaration see it:
/// its C struct, what a handle is in Rust, how the test rows make one, how
/// it is released. Every [`Handle`] is one; a handle made in place (the
/// `wwwurl_url` of `modern.rs`, whose strings follow its header in one
/// block) is one by an impl of its own, with [`NewHandle`] for what its
/// makers give.
pub(crate) trait HandleType {
    /// The opaque C struct.
    type C;
    /// What a handle is in Rust: what `const struct TYPE *` points at.
    type Inner;
    /// The generator's description.
    const KIND: HandleKind;
    /// Releases a handle; NULL is nothing. Nothing here may panic: it runs
    /// under `guard_no_unwind`.
    ///
    /// # Safety
    ///
    /// `p` is NULL or a live handle of this type, not used again.
    unsafe fn release(p: *mut Self::C);
    /// The input limit of the arguments after a handle that the call
    /// changes: that of the config the handle is rebuilt with; `None` keeps
    /// the call's.
    #[inline(always)]
    fn max_input(_: &Self::Inner) -> Option<usize> {
        None
    }
}

/// How the value a declaration's body gives for a new handle (`V`)
/// becomes the handle handed to C through `out`.
pub(crate) trait NewHandle<V>: HandleType {
    /// Hands `v` to C: `*out` is written only on success.
    fn hand_over(out: Out<*mut Self::C>, v: V) -> Result<(), wwwurl_status>;
}

/// A type of handle held in a block of its own: its C struct, what it
/// holds, how the test rows make one, and how a new one is handed to C.
pub(crate) trait Handle {
    /// The opaque C struct.
    type C;
    /// What a handle is in Rust.
    type Inner;
    /// The generator's description.
    const KIND: HandleKind;
    /// Moves `v` into a block of C's `malloc`, for `out`.
    fn store(out: Out<*mut Self::C>, v: Self::Inner) -> Result<(), wwwurl_status>;
    /// Releases a handle made by [`Handle::store`]; NULL is nothing. The
    /// default drops the `Inner` of a [`store_block`] block and frees it.
    /// Nothing here may panic: it runs under `guard_no_unwind`.
    ///
    /// # Safety
    ///
    /// `p` is NULL or a live handle of this type, not used again.
    #[inline]
    unsafe fn release(p: *mut Self::C) {
        // SAFETY: by the caller's promise.
        unsafe { free_block(p.cast::<Self::Inner>()) }
    }
}

impl<H: Handle> HandleType for H {
    type C = H::C;
    type Inner = H::Inner;
    const KIND: HandleKind = H::KIND;
    #[inline]
    unsafe fn release(p: *mut H::C) {
        // SAFETY: by the caller's promise.
        unsafe { <H as Handle>::release(p) }
    }
}

impl<H: Handle> NewHandle<H::Inner> for H {
    #[inline]
    fn hand_over(out: Out<*mut H::C>, v: H::Inner) -> Result<(), wwwurl_status> {
        H::store(out, v)
    }
}

/// A handle read by the call: `const struct TYPE *`.
pub(crate) struct Ref<H>(std::marker::PhantomData<H>);
impl<H: HandleType + 'static> CArg for Ref<H> {
    type C = *const H::C;
    type Rust<'a> = &'a H::Inner;
    const KIND: ArgKind = ArgKind::Handle(H::KIND, false);
    #[inline]
    fn take<'a>(c: *const H::C, _: usize, _: &mut Cx) -> Result<&'a H::Inner, wwwurl_status> {
        // SAFETY: a non-NULL handle of this type was made by its type's
        // maker and not freed (API contract): it points at a live `Inner`.
        unsafe { c.cast::<H::Inner>().as_ref() }.ok_or(WWWURL_ERR_NULL)
    }
}

/// A handle changed by the call: `struct TYPE *`.
pub(crate) struct Mut<H>(std::marker::PhantomData<H>);
impl<H: HandleType + 'static> CArg for Mut<H> {
    type C = *mut H::C;
    type Rust<'a> = &'a mut H::Inner;
    const KIND: ArgKind = ArgKind::Handle(H::KIND, true);
    #[inline]
    fn take<'a>(c: *mut H::C, _: usize, _: &mut Cx) -> Result<&'a mut H::Inner, wwwurl_status> {
        // SAFETY: as for `Ref`; the caller does not use the handle from
        // another thread during a call that changes it (API contract).
        unsafe { c.cast::<H::Inner>().as_mut() }.ok_or(WWWURL_ERR_NULL)
    }
}

/// A handle the call rebuilds with the config it was made with: as
/// [`Mut`], and the arguments after it are held to that config's input
/// limit ([`HandleType::max_input`]) rather than the call's.
pub(crate) struct Rebuild<H>(std::marker::PhantomData<H>);
impl<H: HandleType + 'static> CArg for Rebuild<H> {
    type C = *mut H::C;
    type Rust<'a> = &'a mut H::Inner;
    const KIND: ArgKind = ArgKind::Handle(H::KIND, true);
    #[inline]
    fn take<'a>(c: *mut H::C, len: usize, cx: &mut Cx) -> Result<&'a mut H::Inner, wwwurl_status> {
        let h = Mut::<H>::take(c, len, cx)?;
        if let Some(max) = H::max_input(h) {
            cx.max_input = max;
        }
        Ok(h)
    }
}

/// A number the call reads and updates: `TYPE *`, not NULL.
pub(crate) struct InOut<T>(std::marker::PhantomData<T>);
impl<T: CName + 'static> CArg for InOut<T> {
    type C = *mut T::C;
    type Rust<'a> = &'a mut T::C;
    const KIND: ArgKind = ArgKind::InOut(T::C_NAME);
    #[inline]
    fn take<'a>(c: *mut T::C, _: usize, _: &mut Cx) -> Result<&'a mut T::C, wwwurl_status> {
        // SAFETY: a non-NULL pointer is valid for reads and writes during
        // the call (API contract).
        unsafe { c.as_mut() }.ok_or(WWWURL_ERR_NULL)
    }
}

/// A C struct a [`RetKind::Put`] result writes, and its name in C.
pub(crate) trait CStruct {
    /// The struct's tag, as in `struct TAG *out`.
    const C_NAME: &'static str;
}

/// A handle the call releases: `struct TYPE *`, NULL for none. It stays a
/// pointer: only [`HandleType::release`] reads it.
pub(crate) struct Owned<H>(std::marker::PhantomData<H>);
impl<H: HandleType + 'static> CArg for Owned<H> {
    type C = *mut H::C;
    type Rust<'a> = *mut H::C;
    const KIND: ArgKind = ArgKind::Owned(H::KIND);
    #[inline(always)]
    fn take<'a>(c: *mut H::C, _: usize, _: &mut Cx) -> Result<Self::Rust<'a>, wwwurl_status> {
        Ok(c)
    }
}

impl<H: HandleType> Owned<H> {
    /// Releases the handle (see [`HandleType::release`]).
    ///
    /// # Safety
    ///
    /// `p` is NULL or a live handle of this type, not used again.
    #[inline(always)]
    pub(crate) unsafe fn release(p: *mut H::C) {
        // SAFETY: by the caller's promise.
        unsafe { H::release(p) }
    }
}

/// A string that a function of this library handed to C, which the call
/// releases: `char *`, NULL for none. It stays a pointer: only
/// [`OwnedText::release`] reads it.
pub(crate) struct OwnedText;
impl CArg for OwnedText {
    type C = *mut c_char;
    type Rust<'a> = *mut c_char;
    const KIND: ArgKind = ArgKind::OwnedText;
    #[inline(always)]
    fn take<'a>(c: *mut c_char, _: usize, _: &mut Cx) -> Result<Self::Rust<'a>, wwwurl_status> {
        Ok(c)
    }
}

impl OwnedText {
    /// Frees the string: every string the library hands to C is one block
    /// of C's `malloc`.
    ///
    /// # Safety
    ///
    /// `p` is NULL or such a string, not used again.
    #[inline(always)]
    pub(crate) unsafe fn release(p: *mut c_char) {
        super::alloc::free(p)
    }
}

/// A C string that may be absent: `const char *`, NULL for none.
pub(crate) struct OptStr;
impl CArg for OptStr {
    type C = *const c_char;
    type Rust<'a> = Option<&'a [u8]>;
    const KIND: ArgKind = ArgKind::OptStr;
    #[inline]
    fn take<'a>(
        c: *const c_char,
        _: usize,
        cx: &mut Cx,
    ) -> Result<Option<&'a [u8]>, wwwurl_status> {
        if c.is_null() {
            return Ok(None);
        }
        Str::take(c, 0, cx).map(Some)
    }
}

/// Hands a block made in place (a URL handle, a config) to C through
/// `out`; NULL is memory that ran out.
#[inline(always)]
pub(crate) fn hand_over_block<C, T>(out: Out<*mut C>, p: *mut T) -> Result<(), wwwurl_status> {
    if p.is_null() {
        return Err(WWWURL_ERR_NO_MEMORY);
    }
    out.set(p.cast());
    Ok(())
}

/// Moves `v` into a fresh block of C's `malloc` and hands it to C through
/// `out`: the one way a declared function makes a handle.
pub(crate) fn store_block<C, T>(out: Out<*mut C>, v: T) -> Result<(), wwwurl_status> {
    let p = c_malloc(std::mem::size_of::<T>()).cast::<T>();
    let p = std::ptr::NonNull::new(p).ok_or(WWWURL_ERR_NO_MEMORY)?;
    // SAFETY: fresh memory from malloc, aligned for any object of this
    // size, sized for one `T`.
    unsafe { p.as_ptr().write(v) };
    out.set(p.as_ptr().cast());
    Ok(())
}

/// Drops the `T` in a block made by [`store_block`] and frees the block;
/// NULL is nothing.
///
/// # Safety
///
/// `p` is NULL or a live block from `store_block::<_, T>`, not used again.
pub(crate) unsafe fn free_block<T>(p: *mut T) {
    if !p.is_null() {
        // SAFETY: by the caller's promise: dropped once, then freed.
        unsafe {
            std::ptr::drop_in_place(p);
            libc::free(p.cast());
        }
    }
}

/// What a status function's body gives: nothing (`WWWURL_OK`) or a status
/// of its own (a setter's `WWWURL_ERR_IGNORED`).
pub(crate) trait IntoStatus {
    /// The status returned.
    fn into_status(self) -> wwwurl_status;
}
impl IntoStatus for () {
    fn into_status(self) -> wwwurl_status {
        WWWURL_OK
    }
}
impl IntoStatus for wwwurl_status {
    fn into_status(self) -> wwwurl_status {
        self
    }
}

/// Runs `f`: the `try` block of the generated functions whose result is
/// not a status, in which the arguments' `?` stop at the fallback.
#[inline(always)]
pub(crate) fn attempt<T>(f: impl FnOnce() -> Result<T, wwwurl_status>) -> Result<T, wwwurl_status> {
    f()
}

/// What a number function's body gives: the number, or `None` (or an
/// error) for the declared fallback value.
pub(crate) trait Outcome<T> {
    /// The number, if any.
    fn value(self) -> Option<T>;
}
impl<T> Outcome<T> for Option<T> {
    #[inline(always)]
    fn value(self) -> Option<T> {
        self
    }
}
impl<T, E> Outcome<T> for Result<T, E> {
    #[inline(always)]
    fn value(self) -> Option<T> {
        self.ok()
    }
}

/// A static string result, which ends with its NUL: a `&str` or the bytes
/// of a constant.
pub(crate) trait StaticText {
    /// The C pointer.
    fn ptr(self) -> *const c_char;
}
impl StaticText for &'static str {
    #[inline(always)]
    fn ptr(self) -> *const c_char {
        debug_assert!(self.ends_with('\0'));
        self.as_ptr().cast()
    }
}
impl<const N: usize> StaticText for &'static [u8; N] {
    #[inline(always)]
    fn ptr(self) -> *const c_char {
        debug_assert!(self.last() == Some(&0));
        self.as_ptr().cast()
    }
}

/// A borrowed result: where the bytes are, with a NUL right after them.
/// Held as a pointer, not a slice, so that a declaration's closure can
/// return it from the handle it was given (the handle outlives the call).
pub(crate) struct Borrowed {
    ptr: *const u8,
    len: usize,
}
impl Borrowed {
    /// `with_nul` is the result and its NUL; `None` when it does not end
    /// with one.
    pub(crate) fn new(with_nul: &[u8]) -> Option<Borrowed> {
        match with_nul.split_last() {
            Some((0, rest)) => Some(Borrowed {
                ptr: with_nul.as_ptr(),
                len: rest.len(),
            }),
            _ => None,
        }
    }
}

impl Borrowed {
    /// The `len` bytes at `ptr`, which a NUL follows: a part of a handle
    /// whose bytes the handle holds with their NULs.
    #[inline(always)]
    pub(crate) fn at(ptr: *const c_char, len: usize) -> Borrowed {
        Borrowed {
            ptr: ptr.cast(),
            len,
        }
    }
}

/// The C result of a borrowed string: the pointer, its length in `len`.
#[inline(always)]
pub(crate) fn borrowed_out(r: Option<Borrowed>, len: *mut size_t) -> *const c_char {
    if !len.is_null() {
        // SAFETY: a non-NULL `len` is valid for a write (API contract).
        unsafe { len.write(r.as_ref().map_or(0, |b| b.len)) };
    }
    r.map_or(std::ptr::null(), |b| b.ptr.cast())
}

/// The malloc form of a text result: `*out` receives a `malloc`ed copy.
/// A result with a NUL byte is refused: the C string would end at it, and
/// two results that differ after it would read as one.
pub(crate) fn text_out(out: *mut *mut c_char, v: Buf) -> Result<(), wwwurl_status> {
    // C's memchr: a few instructions for a URL, where `contains` costs as
    // much as a short URL's whole canonicalisation.
    // SAFETY: `v` is `v.len()` readable bytes, which memchr only reads.
    if !unsafe { libc::memchr(v.as_ptr().cast(), 0, v.len()) }.is_null() {
        return Err(WWWURL_ERR_HOLDS_NUL);
    }
    let out = Out::new(out)?;
    let p = malloc_copy(&v);
    if p.is_null() {
        return Err(WWWURL_ERR_NO_MEMORY);
    }
    out.set(p);
    Ok(())
}

/// The buffer form of a text result: into `buf[..cap]` with its NUL when it
/// fits; `*needed` (if not NULL) receives its size, NUL included.
pub(crate) fn text_buf(
    buf: &mut [MaybeUninit<u8>],
    needed: *mut size_t,
    v: Buf,
) -> Result<(), wwwurl_status> {
    let mut sink = BoundedSink::new(buf);
    let Ok(()) = sink.extend(&v);
    finish_buf(sink, needed)
}

/// The caller's buffer as a body that writes into it sees it.
pub(crate) type CallerBuf<'a> = BoundedSink<'a, MaybeUninit<u8>>;

/// The end of a caller-buffer result: its NUL after what `sink` took, when
/// it fits (else `WWWURL_ERR_BUFFER_TOO_SMALL`); `*needed` (if not NULL)
/// receives the size it needs, NUL included.
pub(crate) fn finish_buf(
    mut sink: CallerBuf<'_>,
    needed: *mut size_t,
) -> Result<(), wwwurl_status> {
    let fits = sink.finish_nul();
    set_opt(needed, sink.needed() + 1);
    if fits {
        Ok(())
    } else {
        Err(WWWURL_ERR_BUFFER_TOO_SMALL)
    }
}

/// A new string in C's `malloc`ed memory, handed over through `out` with
/// its length in `out_len` (if not NULL); `WWWURL_ERR_NO_MEMORY` when the
/// buffer could not grow.
pub(crate) fn text_len_out(
    out: Out<*mut c_char>,
    out_len: *mut size_t,
    v: CBuf,
) -> Result<(), wwwurl_status> {
    let (p, n) = v.into_raw();
    if p.is_null() {
        return Err(WWWURL_ERR_NO_MEMORY);
    }
    out.set(p);
    set_opt(out_len, n);
    Ok(())
}

/// A new string returned to C, NULL for none (or when the buffer could not
/// grow), its length in `out_len` (if not NULL) when there is one.
pub(crate) fn new_text_out(v: Option<CBuf>, out_len: *mut size_t) -> *mut c_char {
    let Some(v) = v else {
        return std::ptr::null_mut();
    };
    let (p, n) = v.into_raw();
    if !p.is_null() {
        set_opt(out_len, n);
    }
    p
}

/// The caller's buffer of a `_buf` form, checked before anything else is.
pub(crate) fn text_buffer<'a>(
    buf: *mut c_char,
    cap: size_t,
) -> Result<&'a mut [MaybeUninit<u8>], wwwurl_status> {
    out_buffer(buf, cap)
}

/// The documentation of the `_buf` twin of the text function `$name`, a
/// paragraph at a time (the same for every twin, so written once).
macro_rules! buf_doc {
    (0, $name:ident) => {
        concat!(" `", stringify!($name), "` into the caller's buffer.")
    };
    (1, $name:ident) => {
        concat!(
            " Parameters: as for `",
            stringify!($name),
            "`, then `buf` and `cap`, the caller's buffer (`buf` may be NULL when `cap` \
             is 0, to ask for the size); `needed`, where the size the result needs, \
             terminating NUL included, is stored (may be NULL)."
        )
    };
    (2, $name:ident) => {
        concat!(
            " Returns `WWWURL_OK` (the buffer holds the NUL-terminated result); \
             `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact; the buffer's content is \
             unspecified; no byte at or after `buf[cap]` is written); the errors of `",
            stringify!($name),
            "` (then `*needed` is not written). Allocates nothing the caller must free."
        )
    };
}
pub(crate) use buf_doc;

/// The second C argument of a kind, or 0 for kinds that have none.
macro_rules! len_of {
    () => {
        0
    };
    ($len:ident) => {
        $len
    };
}
pub(crate) use len_of;

/// The [`Arg`] of a declared argument.
macro_rules! arg_of {
    ($name:ident, [$($len:ident)?], $kind:ty, [$($sample:literal)?]) => {
        $crate::ffi::api::Arg {
            name: stringify!($name),
            len: concat!($(stringify!($len))?),
            kind: <$kind as $crate::ffi::api::CArg>::KIND,
            sample: concat!($($sample)?),
        }
    };
}
pub(crate) use arg_of;

/// Declares exported C functions and their [`Decl`]s, listed in `$list`.
///
/// ```text
/// declare! { DECLS:
///     /// Documentation.
///     fn NAME(arg: Kind, s/len: In = "sample input", ...) -> Status { |arg, s| core call }
///     /// Documentation of the malloc form.
///     fn NAME / NAME_buf(s/len: In) -> Text { |s| core call giving a Buf }
///     /// A new handle; a struct into `*out`.
///     fn NAME(cfg: Cfg, s/len: In) -> New<H> { |cfg, s| what H makes one from }
///     fn NAME(s/len: In, pos: InOut<usize>) -> Put<T> { |s, pos| Ok(the struct) }
///     /// A string borrowed from a handle (a body that cannot panic).
///     fn NAME(h: Ref<H>, part: Value<P>) -> Borrowed { |h, part| Some(Borrowed) }
///     /// A number, -1 on every error (`ReadNumber`: a body that cannot panic).
///     fn NAME(s/len: In) -> Number<c_int>(-1) { |s| Some(number) }
///     /// A static string, FALLBACK if the body panicked.
///     fn NAME(n: Value<u32>) -> Static(FALLBACK) { |n| "text\0" }
///     /// Into the caller's buffer; a new string with its length (status, or
///     /// the string itself, NULL on every error).
///     fn NAME(h: Ref<H>) -> Buffer { |h, sink: &mut CallerBuf| write into sink }
///     /// A memory bound (bytes per byte of a string argument; required
///     /// when it takes one), `memory(N / M)` for a text function whose
///     /// `_buf` twin's is `M`.
///     fn NAME / NAME_buf(s/len: In) -> Text memory(3 / 2) { |s| ... }
///     /// The same, C's call going first to SHORT (by hand, the C arguments
///     /// as they came), which calls FULL, the declared body, for the rest.
///     fn NAME(s/len: In) -> Buffer short(SHORT => FULL) { |s, sink| ... }
///     fn NAME(h: Ref<H>) -> TextLen { |h| a CBuf }
///     fn NAME(s/len: In) -> NewText { |s| Some(a CBuf) }
///     /// A release (of a handle, or of a string: `OwnedText`).
///     fn NAME(h: Owned<H>) -> Release;
/// }
/// ```
///
/// Every form converts its arguments in one place, `@take`: in their
/// order, each error (NULL, too long) returned with `?` from the closure
/// around it. Each piece of a generated function is written once: `@each`
/// reads a declaration (its function(s) and its [`Decl`]s), `@kind` says
/// what a kind of result adds (its C parameters and return type, what is
/// checked before the body, what is done with its value), and `@status`,
/// `@value` and `@extern` write the function around that.
macro_rules! declare {
    ($list:ident: $($item:tt)*) => {
        $crate::ffi::api::declare!(@each $list [] $($item)*);
    };

    // ---- the declarations, one at a time ----------------------------------
    (@each $list:ident [$($done:expr,)*]) => {
        /// The functions this module declares (see `ffi::api`).
        pub(crate) const $list: &[$crate::ffi::api::Decl] = &[$($done,)*];
    };
    // A release has no body: it reads as one with an empty body.
    (@each $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($args:tt)*) -> Release;
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@each $list [$($done,)*]
            $(#[doc = $doc])* fn $name($($args)*) -> Release {} $($rest)*);
    };
    (@each $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident $(/ $buf_name:ident)?
            ($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?)
            -> $ret:ident $(<$t:ty>)? $(($fallback:expr))?
            $(memory($mem:literal $(/ $mem_buf:literal)?))?
            $(short($short:ident => $full:ident))? $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@kind [$ret $(<$t>)? $(($fallback))? $(short($short => $full))?]
            [$(#[doc = $doc])*]
            $name $(/ $buf_name)? ($($arg $(/ $len)?: $kind),*) [$($arg),*] $body);
        $crate::ffi::api::declare!(@each $list [$($done,)*] @entry $name [$($buf_name)?]
            [$($doc),*] $crate::ffi::api::declare!(@ret $ret $(<$t>)? $(($fallback))?),
            $crate::ffi::api::declare!(@bound [$($mem)?]),
            $crate::ffi::api::declare!(@bound [$($($mem_buf)? $mem)?]),
            [$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*]
            $($rest)*);
    };
    // The entry of a declaration and that of its `_buf` twin, if any (with
    // the arguments as one group, which the twin's repeats).
    (@each $list:ident [$($done:expr,)*]
        @entry $name:ident [$($buf_name:ident)?] $doc:tt $ret:expr, $mem:expr, $mem_buf:expr,
        $args:tt $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@each $list [$($done,)* $crate::ffi::api::Decl {
            name: stringify!($name),
            doc: &$doc,
            args: &$args,
            ret: $ret,
            memory: $mem,
        }, $($crate::ffi::api::Decl {
            name: stringify!($buf_name),
            doc: &[
                $crate::ffi::api::buf_doc!(0, $name),
                "",
                $crate::ffi::api::buf_doc!(1, $name),
                "",
                $crate::ffi::api::buf_doc!(2, $name),
            ],
            args: &$args,
            ret: $crate::ffi::api::RetKind::TextBuf,
            memory: $mem_buf,
        },)?] $($rest)*);
    };
    // A memory bound, if declared: `memory(N)`, or `memory(N / M)` for a
    // text function whose `_buf` twin's is `M` (the twin's is the first
    // literal of `[M N]`).
    (@bound []) => { None };
    (@bound [$mem:literal $($other:literal)?]) => { Some($mem) };

    // ---- the list's entry ---------------------------------------------
    (@ret Status) => { $crate::ffi::api::RetKind::Status };
    (@ret Text) => { $crate::ffi::api::RetKind::Text };
    (@ret Borrowed) => { $crate::ffi::api::RetKind::Borrowed };
    (@ret New<$h:ty>) => {
        $crate::ffi::api::RetKind::New(<$h as $crate::ffi::api::HandleType>::KIND)
    };
    (@ret Static($fallback:expr)) => { $crate::ffi::api::RetKind::Static };
    // The same C arguments and test rows as a `_buf` twin's.
    (@ret Buffer) => { $crate::ffi::api::RetKind::TextBuf };
    (@ret TextLen) => { $crate::ffi::api::RetKind::TextLen };
    (@ret NewText) => { $crate::ffi::api::RetKind::NewText };
    (@ret Release) => { $crate::ffi::api::RetKind::Release };
    (@ret Put<$t:ty>) => {
        $crate::ffi::api::RetKind::Put(<$t as $crate::ffi::api::CStruct>::C_NAME)
    };
    (@ret Number<$t:ty>($fallback:expr)) => {
        $crate::ffi::api::declare!(@number_ret $t, $fallback, true)
    };
    (@ret ReadNumber<$t:ty>($fallback:expr)) => {
        $crate::ffi::api::declare!(@number_ret $t, $fallback, false)
    };
    (@number_ret $t:ty, $fallback:expr, $unwinds:literal) => {
        $crate::ffi::api::RetKind::Number {
            ty: <$t as $crate::ffi::api::CName>::C_NAME,
            fallback: stringify!($fallback),
            unwinds: $unwinds,
        }
    };

    // ---- the functions ------------------------------------------------
    // What each kind of result adds. `@status [linkage] [C parameters] f =
    // body; [before the body] after it` for a status (the linkage: exported
    // as `#[no_mangle] pub`, or the out-of-line body of a short path); `@value [C parameters] ->
    // C type; [before] guard(args) |r: T| f = body; the body's Result<T>;
    // the C result from r` for the others.
    (@kind [Status] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [] f = $body; []
            Ok($crate::ffi::api::IntoStatus::into_status(f($($a),*)?)));
    };
    (@kind [New<$h:ty>] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args
            [out: *mut *mut <$h as $crate::ffi::api::HandleType>::C,] f = $body;
            [let out = $crate::ffi::alloc::Out::new(out)?;]
            <$h as $crate::ffi::api::NewHandle<_>>::hand_over(out, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    (@kind [Put<$t:ty>] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [out: *mut $t,] f = $body;
            [let out = $crate::ffi::alloc::Out::new(out)?;]
            out.set(f($($a),*)?);
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    (@kind [Buffer] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@buffer [#[no_mangle] pub] $doc $name $args [$($a),*] $body);
    };
    // With a short path: the exported function is `$short`, written by
    // hand with the C arguments as they came, which calls `$full`, the
    // declared body, for every call it does not take itself. `$full` is
    // out of line and `extern "C"`, so that the short path keeps the
    // arguments in their registers and reaches it by a jump.
    (@kind [Buffer short($short:ident => $full:ident)] $doc:tt $name:ident
        ($($arg:ident $(/ $len:ident)?: $kind:ty),*) [$($a:ident),*] $body:block
    ) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name
            ($($arg $(/ $len)?: $kind),*)
            [buf: *mut libc::c_char, cap: libc::size_t, needed: *mut libc::size_t,]
            -> $crate::ffi::status::wwwurl_status {
            $short($($arg, $($len,)?)* buf, cap, needed)
        });
        $crate::ffi::api::declare!(@buffer [#[inline(never)]]
            [#[doc = concat!(" `", stringify!($name), "` for every call its short path does not take.")]]
            $full ($($arg $(/ $len)?: $kind),*) [$($a),*] $body);
    };
    (@buffer $link:tt $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status $link $doc $name $args
            [buf: *mut libc::c_char, cap: libc::size_t, needed: *mut libc::size_t,] f = $body;
            [
                let buf = $crate::ffi::api::text_buffer(buf, cap)?;
                let mut sink = $crate::ffi::api::CallerBuf::new(buf);
            ]
            f($($a,)* &mut sink)?;
            match $crate::ffi::api::finish_buf(sink, needed) {
                Ok(()) => Ok($crate::ffi::status::wwwurl_status::WWWURL_OK),
                Err(e) => Ok(e),
            });
    };
    (@kind [TextLen] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args
            [out: *mut *mut libc::c_char, out_len: *mut libc::size_t,] f = $body;
            [let out = $crate::ffi::alloc::Out::new(out)?;]
            $crate::ffi::api::text_len_out(out, out_len, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    (@kind [Text] $doc:tt $name:ident / $buf_name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [out: *mut *mut libc::c_char,] f = $body;
            [
                if out.is_null() {
                    return Err($crate::ffi::status::wwwurl_status::WWWURL_ERR_NULL);
                }
            ]
            $crate::ffi::api::text_out(out, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] [
                #[doc = $crate::ffi::api::buf_doc!(0, $name)]
                #[doc = ""]
                #[doc = $crate::ffi::api::buf_doc!(1, $name)]
                #[doc = ""]
                #[doc = $crate::ffi::api::buf_doc!(2, $name)]
            ] $buf_name $args
            [buf: *mut libc::c_char, cap: libc::size_t, needed: *mut libc::size_t,] f = $body;
            [let buf = $crate::ffi::api::text_buffer(buf, cap)?;]
            match $crate::ffi::api::text_buf(buf, needed, f($($a),*)?) {
                Ok(()) => Ok($crate::ffi::status::wwwurl_status::WWWURL_OK),
                Err(e) => Ok(e),
            });
    };
    // Reads of a handle, nothing that can panic (see `guard_no_unwind`).
    (@kind [Borrowed] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@value $doc $name $args [len: *mut libc::size_t,]
            -> *const libc::c_char; [] guard_no_unwind(std::ptr::null()) |r: _| f = $body;
            Ok(f($($a),*));
            $crate::ffi::api::borrowed_out(r.ok().flatten(), len));
    };
    (@kind [Number<$t:ty>($fallback:expr)] $($decl:tt)*) => {
        $crate::ffi::api::declare!(@number guard_or($fallback) $t; $($decl)*);
    };
    // A read of a handle, nothing that can panic (see `guard_no_unwind`).
    (@kind [ReadNumber<$t:ty>($fallback:expr)] $($decl:tt)*) => {
        $crate::ffi::api::declare!(@number guard_no_unwind($fallback) $t; $($decl)*);
    };
    (@number $guard:ident($fallback:expr) $t:ty;
        $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block
    ) => {
        $crate::ffi::api::declare!(@value $doc $name $args [] -> $t; [] $guard($fallback)
            |r: $t| f = $body;
            $crate::ffi::api::Outcome::value(f($($a),*))
                .ok_or($crate::ffi::status::wwwurl_status::WWWURL_ERR_NULL);
            r.unwrap_or($fallback));
    };
    (@kind [Static($fallback:expr)] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@value $doc $name $args [] -> *const libc::c_char;
            [let fallback = $crate::ffi::api::StaticText::ptr($fallback);] guard_or(fallback)
            |r: *const libc::c_char| f = $body;
            Ok($crate::ffi::api::StaticText::ptr(f($($a),*)));
            r.unwrap_or(fallback));
    };
    (@kind [NewText] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@value $doc $name $args [out_len: *mut libc::size_t,]
            -> *mut libc::c_char; [] guard() |r: _| f = $body;
            Ok($crate::ffi::api::Outcome::value(f($($a),*)));
            $crate::ffi::api::new_text_out(r.ok().flatten(), out_len));
    };
    (@kind [Release] $doc:tt $name:ident ($($arg:ident: $kind:ty),*) $call:tt $body:block) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name ($($arg: $kind),*) [] {
            // Dropping what the handle holds and freeing its memory:
            // nothing that can panic (see `guard_no_unwind`).
            $crate::ffi::guard::guard_no_unwind((), || {
                // SAFETY: each handle is NULL or a live one of its type,
                // not used again (API contract).
                $(unsafe { <$kind>::release($arg) };)*
            })
        });
    };

    // A function whose result is a status: every error returned with `?`.
    (@status $link:tt $doc:tt $name:ident $args:tt [$($extra:tt)*] $f:ident = $body:block;
        [$($before:tt)*] $($after:tt)*
    ) => {
        $crate::ffi::api::declare!(@extern $link $doc $name $args [$($extra)*]
            -> $crate::ffi::status::wwwurl_status {
            $crate::ffi::guard::guard_status(|| {
                let mut cx = $crate::ffi::api::Cx::default();
                $crate::ffi::api::declare!(@take cx; $args);
                $($before)*
                let $f = $body;
                $($after)*
            })
        });
    };
    // A function whose result is a value, with one for the errors.
    (@value $doc:tt $name:ident $args:tt [$($extra:tt)*] -> $ret:ty; [$($before:tt)*]
        $guard:ident($($guard_arg:expr)?) |$r:ident: $t:ty| $f:ident = $body:block;
        $value:expr; $result:expr
    ) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name $args [$($extra)*] -> $ret {
            $($before)*
            $crate::ffi::guard::$guard($($guard_arg,)? || {
                let mut cx = $crate::ffi::api::Cx::default();
                // One `Result` for every way to the fallback, so that the
                // value is tested once.
                let $r = $crate::ffi::api::attempt(|| -> Result<$t, $crate::ffi::status::wwwurl_status> {
                    $crate::ffi::api::declare!(@take cx; $args);
                    let $f = $body;
                    $value
                });
                $result
            })
        });
    };
    // The exported function: the declared arguments, then the result's.
    (@extern [$($link:tt)*] [$($doc:tt)*] $name:ident ($($arg:ident $(/ $len:ident)?: $kind:ty),*)
        [$($extra:tt)*] $(-> $ret:ty)? { $($body:tt)* }
    ) => {
        $($doc)*
        $($link)* extern "C" fn $name(
            $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
            $($extra)*
        ) $(-> $ret)? {
            $($body)*
        }
    };

    // ---- the arguments, in their order ------------------------------------
    (@take $cx:ident; ($($arg:ident $(/ $len:ident)?: $kind:ty),*)) => {
        $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
            $arg, $crate::ffi::api::len_of!($($len)?), &mut $cx)?;)*
        let _ = &mut $cx;
    };
}
pub(crate) use declare;
