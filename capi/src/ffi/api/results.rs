//! The kinds of result: what the C functions that `declare!` writes do
//! with the value of their body.

use crate::ffi::alloc::{malloc_copy, out_buffer, set_opt, CBuf, Out};
use crate::ffi::status::*;
use libc::{c_char, size_t};
use std::mem::MaybeUninit;
use wwwurl_core::bytes::buf::Buf;
use wwwurl_core::wwwoffle::codec::{BoundedSink, Sink};

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

/// A borrowed result: where the bytes are, with a NUL right after them
/// unless the function's documentation says it returns a view
/// ([`Borrowed::view`]).
/// Held as a pointer, not a slice, so that a declared function's body can
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

    /// `bytes`, which no NUL need follow: a view into a handle, whose
    /// function says so.
    #[inline(always)]
    pub(crate) fn view(bytes: &[u8]) -> Borrowed {
        Borrowed {
            ptr: bytes.as_ptr(),
            len: bytes.len(),
        }
    }

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
