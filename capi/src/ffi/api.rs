//! One declaration per exported C function: the [`declare!`] macro.
//!
//! A declaration names the function, documents it, gives the kind of each
//! argument ([`In`], [`OptIn`], [`Str`], [`Cfg`], [`Value`]) and of its
//! result ([`RetKind::Status`], or [`RetKind::Text`]: a
//! string in `malloc`ed memory with its `_buf` twin that writes into the
//! caller's buffer), and the core call it makes. From it come:
//!
//! - the `extern "C"` function(s), with the one panic boundary, the NULL
//!   rules and the input limit, in the order of the arguments;
//! - an entry of [`API`], from which `tools/headers` writes the header's
//!   declaration and the man page, and the C test rows
//!   (`wwwurl_api_rows.h`: NULL for each pointer argument, a panic at
//!   entry, every allocation failing in turn, the memory per input byte)
//!   and the list of exported names that `make symbols` checks.
//!
//! The kinds hold the C rules, once: an input is a pointer and a length
//! (`WWWURL_NUL_TERMINATED` for a C string; NULL with length 0 is the
//! empty input; NULL with a length is `WWWURL_ERR_NULL`), checked against
//! the input limit of the call's config (the default limit without one).

use super::alloc::{c_malloc, input, malloc_copy, out_buffer, set_opt, within, Out};
use super::config::Settings;
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
    /// `const char *NAME, size_t LEN`: input bytes, NULL for none.
    OptIn,
    /// A number passed by value; the string is its C type.
    Value(&'static str),
    /// A handle: `const struct TYPE *` (or `struct TYPE *` when `mutable`),
    /// not NULL.
    Handle(HandleKind, bool),
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

/// The call's config: it sets the input limit of the arguments after it.
pub(crate) struct Cfg;
impl CArg for Cfg {
    type C = *const wwwurl_config;
    type Rust<'a> = Settings<'a>;
    const KIND: ArgKind = ArgKind::Cfg;
    #[inline]
    fn take<'a>(
        c: *const wwwurl_config,
        _: usize,
        cx: &mut Cx,
    ) -> Result<Settings<'a>, wwwurl_status> {
        let s = Settings::of(c)?;
        cx.max_input = s.max_input();
        Ok(s)
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

/// A type of handle: its C struct, what it holds, how the test rows make
/// one, and how a new one is handed to C.
pub(crate) trait Handle {
    /// The opaque C struct.
    type C;
    /// What a handle is in Rust.
    type Inner;
    /// The generator's description.
    const KIND: HandleKind;
    /// Moves `v` into a block of C's `malloc`, for `out`.
    fn store(out: Out<*mut Self::C>, v: Self::Inner) -> Result<(), wwwurl_status>;
}

/// A handle read by the call: `const struct TYPE *`.
pub(crate) struct Ref<H>(std::marker::PhantomData<H>);
impl<H: Handle + 'static> CArg for Ref<H> {
    type C = *const H::C;
    type Rust<'a> = &'a H::Inner;
    const KIND: ArgKind = ArgKind::Handle(H::KIND, false);
    #[inline]
    fn take<'a>(c: *const H::C, _: usize, _: &mut Cx) -> Result<&'a H::Inner, wwwurl_status> {
        // SAFETY: a non-NULL handle of this type was made by `H::store`
        // from a live `H::Inner` and not freed (API contract).
        unsafe { c.cast::<H::Inner>().as_ref() }.ok_or(WWWURL_ERR_NULL)
    }
}

/// A handle changed by the call: `struct TYPE *`.
pub(crate) struct Mut<H>(std::marker::PhantomData<H>);
impl<H: Handle + 'static> CArg for Mut<H> {
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
pub(crate) fn text_out(out: *mut *mut c_char, v: Buf) -> Result<(), wwwurl_status> {
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
    let fits = sink.finish_nul();
    set_opt(needed, sink.needed() + 1);
    if fits {
        Ok(())
    } else {
        Err(WWWURL_ERR_BUFFER_TOO_SMALL)
    }
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
/// }
/// ```
macro_rules! declare {
    ($list:ident: $($item:tt)*) => {
        $crate::ffi::api::declare!(@fns [] $($item)*);
        $crate::ffi::api::declare!(@list $list [] $($item)*);
    };

    // ---- the functions --------------------------------------------------
    (@fns [$($done:tt)*]) => { $($done)* };
    (@fns [$($done:tt)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?) -> Status $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@fns [$($done)*
            $(#[doc = $doc])*
            #[no_mangle]
            pub extern "C" fn $name(
                $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
            ) -> $crate::ffi::status::wwwurl_status {
                $crate::ffi::guard::guard_status(|| {
                    let mut cx = $crate::ffi::api::Cx::default();
                    $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
                        $arg, $crate::ffi::api::len_of!($($len)?), &mut cx)?;)*
                    let _ = &mut cx;
                    let f = $body;
                    Ok($crate::ffi::api::IntoStatus::into_status(f($($arg),*)?))
                })
            }
        ] $($rest)*);
    };
    (@fns [$($done:tt)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?) -> New<$h:ty> $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@fns [$($done)*
            $(#[doc = $doc])*
            #[no_mangle]
            pub extern "C" fn $name(
                $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
                out: *mut *mut <$h as $crate::ffi::api::Handle>::C,
            ) -> $crate::ffi::status::wwwurl_status {
                $crate::ffi::guard::guard_status(|| {
                    let mut cx = $crate::ffi::api::Cx::default();
                    $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
                        $arg, $crate::ffi::api::len_of!($($len)?), &mut cx)?;)*
                    let _ = &mut cx;
                    let out = $crate::ffi::alloc::Out::new(out)?;
                    let f = $body;
                    <$h as $crate::ffi::api::Handle>::store(out, f($($arg),*)?)?;
                    Ok($crate::ffi::status::wwwurl_status::WWWURL_OK)
                })
            }
        ] $($rest)*);
    };
    (@fns [$($done:tt)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?) -> Borrowed $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@fns [$($done)*
            $(#[doc = $doc])*
            #[no_mangle]
            pub extern "C" fn $name(
                $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
                len: *mut libc::size_t,
            ) -> *const libc::c_char {
                // Reads of a handle, nothing that can panic (see
                // `guard_no_unwind`).
                $crate::ffi::guard::guard_no_unwind(std::ptr::null(), || {
                    let mut cx = $crate::ffi::api::Cx::default();
                    let r = (|| {
                        $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
                            $arg, $crate::ffi::api::len_of!($($len)?), &mut cx).ok()?;)*
                        let f = $body;
                        f($($arg),*)
                    })();
                    $crate::ffi::api::borrowed_out(r, len)
                })
            }
        ] $($rest)*);
    };
    (@fns [$($done:tt)*]
        $(#[doc = $doc:literal])*
        fn $name:ident / $buf_name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?)
            -> Text $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@fns [$($done)*
            $(#[doc = $doc])*
            #[no_mangle]
            pub extern "C" fn $name(
                $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
                out: *mut *mut libc::c_char,
            ) -> $crate::ffi::status::wwwurl_status {
                $crate::ffi::guard::guard_status(|| {
                    let mut cx = $crate::ffi::api::Cx::default();
                    $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
                        $arg, $crate::ffi::api::len_of!($($len)?), &mut cx)?;)*
                    let _ = &mut cx;
                    if out.is_null() {
                        return Err($crate::ffi::status::wwwurl_status::WWWURL_ERR_NULL);
                    }
                    let f = $body;
                    $crate::ffi::api::text_out(out, f($($arg),*)?)?;
                    Ok($crate::ffi::status::wwwurl_status::WWWURL_OK)
                })
            }

            #[doc = $crate::ffi::api::buf_doc!(0, $name)]
            #[doc = ""]
            #[doc = $crate::ffi::api::buf_doc!(1, $name)]
            #[doc = ""]
            #[doc = $crate::ffi::api::buf_doc!(2, $name)]
            #[no_mangle]
            pub extern "C" fn $buf_name(
                $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
                buf: *mut libc::c_char,
                cap: libc::size_t,
                needed: *mut libc::size_t,
            ) -> $crate::ffi::status::wwwurl_status {
                $crate::ffi::guard::guard_status(|| {
                    let mut cx = $crate::ffi::api::Cx::default();
                    $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
                        $arg, $crate::ffi::api::len_of!($($len)?), &mut cx)?;)*
                    let _ = &mut cx;
                    let buf = $crate::ffi::api::text_buffer(buf, cap)?;
                    let f = $body;
                    match $crate::ffi::api::text_buf(buf, needed, f($($arg),*)?) {
                        Ok(()) => Ok($crate::ffi::status::wwwurl_status::WWWURL_OK),
                        Err(e) => Ok(e),
                    }
                })
            }
        ] $($rest)*);
    };

    // ---- the list -----------------------------------------------------
    (@list $list:ident [$($done:expr,)*]) => {
        /// The functions this module declares (see `ffi::api`).
        pub(crate) const $list: &[$crate::ffi::api::Decl] = &[$($done,)*];
    };
    (@list $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?) -> Status $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@list $list [$($done,)* $crate::ffi::api::Decl {
            name: stringify!($name),
            doc: &[$($doc),*],
            args: &[$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*],
            ret: $crate::ffi::api::RetKind::Status,
        },] $($rest)*);
    };
    (@list $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?) -> New<$h:ty> $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@list $list [$($done,)* $crate::ffi::api::Decl {
            name: stringify!($name),
            doc: &[$($doc),*],
            args: &[$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*],
            ret: $crate::ffi::api::RetKind::New(<$h as $crate::ffi::api::Handle>::KIND),
        },] $($rest)*);
    };
    (@list $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?) -> Borrowed $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@list $list [$($done,)* $crate::ffi::api::Decl {
            name: stringify!($name),
            doc: &[$($doc),*],
            args: &[$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*],
            ret: $crate::ffi::api::RetKind::Borrowed,
        },] $($rest)*);
    };
    (@list $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident / $buf_name:ident($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?)
            -> Text $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@list $list [$($done,)* $crate::ffi::api::Decl {
            name: stringify!($name),
            doc: &[$($doc),*],
            args: &[$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*],
            ret: $crate::ffi::api::RetKind::Text,
        }, $crate::ffi::api::Decl {
            name: stringify!($buf_name),
            doc: &[
                $crate::ffi::api::buf_doc!(0, $name),
                "",
                $crate::ffi::api::buf_doc!(1, $name),
                "",
                $crate::ffi::api::buf_doc!(2, $name),
            ],
            args: &[$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*],
            ret: $crate::ffi::api::RetKind::TextBuf,
        },] $($rest)*);
    };
}
pub(crate) use declare;

/// Every declared function, module by module: what `tools/headers` writes
/// the header entries, man pages and test rows from.
pub static API: &[&[Decl]] = &[
    super::standards::DECLS,
    super::query::DECLS,
    super::whatwg_url::DECLS,
    super::nvs::DECLS,
];
