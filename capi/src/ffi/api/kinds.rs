//! The kinds of argument: how each C argument of a declared function
//! becomes what its body gets ([`CArg`]), and the types of handle the
//! kinds name ([`HandleType`], [`Handle`]).

use super::{ArgKind, Cx, HandleKind};
use crate::ffi::alloc::{c_malloc, c_str, free, input, within, Out};
use crate::ffi::status::*;
use libc::{c_char, size_t};

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
        within(c_str(c).ok_or(WWWURL_ERR_NULL)?, cx.max_input)
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
        free(p)
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

/// Handles the call reads: `const struct TYPE *const *`, with their
/// number. The array and every handle in it must not be NULL, unless the
/// number is 0 (then the array may be NULL).
pub(crate) struct Handles<H>(std::marker::PhantomData<H>);
impl<H: HandleType + 'static> CArg for Handles<H> {
    type C = *const *const H::C;
    type Rust<'a> = &'a [&'a H::Inner];
    const KIND: ArgKind = ArgKind::Handles(H::KIND);
    #[inline]
    fn take<'a>(
        c: *const *const H::C,
        n: usize,
        _: &mut Cx,
    ) -> Result<&'a [&'a H::Inner], wwwurl_status> {
        if n == 0 {
            return Ok(&[]);
        }
        if c.is_null() {
            return Err(WWWURL_ERR_NULL);
        }
        // SAFETY: a non-NULL array holds `n` pointers that stay alive and
        // unchanged during the call (API contract).
        let ptrs = unsafe { std::slice::from_raw_parts(c, n) };
        if ptrs.iter().any(|p| p.is_null()) {
            return Err(WWWURL_ERR_NULL);
        }
        // SAFETY: each pointer is a live handle of this type (API
        // contract) and not NULL (checked), so each is a valid `&Inner`,
        // which has the layout of a pointer.
        Ok(unsafe { std::slice::from_raw_parts(c.cast::<&'a H::Inner>(), n) })
    }
}

/// NUL-terminated strings: `const char *const *`, with their number. The
/// array and every string in it must not be NULL, unless the number is 0
/// (then the array may be NULL); each string is held to the input limit.
pub(crate) struct Strs;
impl CArg for Strs {
    type C = *const *const c_char;
    type Rust<'a> = StrList<'a>;
    const KIND: ArgKind = ArgKind::Strs;
    #[inline]
    fn take<'a>(
        c: *const *const c_char,
        n: usize,
        cx: &mut Cx,
    ) -> Result<StrList<'a>, wwwurl_status> {
        if n == 0 {
            return Ok(StrList { ptrs: &[] });
        }
        if c.is_null() {
            return Err(WWWURL_ERR_NULL);
        }
        // SAFETY: a non-NULL array holds `n` pointers that stay alive and
        // unchanged during the call (API contract).
        let ptrs = unsafe { std::slice::from_raw_parts(c, n) };
        for &p in ptrs {
            Str::take(p, 0, cx)?;
        }
        Ok(StrList { ptrs })
    }
}

/// The strings of a [`Strs`] argument, each checked when it was taken.
pub(crate) struct StrList<'a> {
    ptrs: &'a [*const c_char],
}

impl<'a> StrList<'a> {
    /// The strings, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        // Each is a C string, not NULL (checked by `take`).
        self.ptrs.iter().map(|&p| c_str(p).unwrap_or(&[]))
    }
}

/// Where the call writes numbers: `TYPE *`, with the room there is. NULL
/// is refused unless the room is 0.
pub(crate) struct OutArray<T>(std::marker::PhantomData<T>);
impl<T: CName + 'static> CArg for OutArray<T> {
    type C = *mut T::C;
    type Rust<'a> = &'a mut [std::mem::MaybeUninit<T::C>];
    const KIND: ArgKind = ArgKind::OutArray(T::C_NAME);
    #[inline]
    fn take<'a>(
        c: *mut T::C,
        cap: usize,
        _: &mut Cx,
    ) -> Result<&'a mut [std::mem::MaybeUninit<T::C>], wwwurl_status> {
        if c.is_null() {
            return if cap == 0 {
                Ok(&mut [])
            } else {
                Err(WWWURL_ERR_NULL)
            };
        }
        // SAFETY: by the API contract a non-NULL `c` points at room for
        // `cap` numbers that nothing else uses during the call; they are
        // only written, as `MaybeUninit`, which may hold anything.
        Ok(unsafe { std::slice::from_raw_parts_mut(c.cast(), cap) })
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
