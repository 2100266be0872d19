//! C strings in and out: borrowing C input, and output in `malloc`ed memory
//! that C releases with `free()`.

use super::status::*;
use libc::c_char;
use std::convert::Infallible;
use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::ptr::NonNull;
use wwwurl_core::bytes::sink::{copy_into, Sink};

/// The bytes of a NUL-terminated C string, or `None` for NULL.
///
/// The caller promises that a non-NULL `p` points at a NUL-terminated string
/// that outlives the returned slice (the C API contract).
#[inline]
pub(crate) fn c_str<'a>(p: *const c_char) -> Option<&'a [u8]> {
    if p.is_null() {
        return None;
    }
    // SAFETY: non-NULL, and by the API contract a NUL-terminated string that
    // stays alive and unchanged for the duration of the call.
    Some(unsafe { CStr::from_ptr(p) }.to_bytes())
}

/// The input `(p, len)`, where `len == usize::MAX` means NUL-terminated.
/// `None` for NULL; a NULL pointer with length 0 is the empty input.
#[inline]
pub(crate) fn input<'a>(p: *const c_char, len: usize) -> Option<&'a [u8]> {
    if len == usize::MAX {
        return c_str(p);
    }
    if p.is_null() {
        return if len == 0 { Some(&[]) } else { None };
    }
    // SAFETY: by the API contract `p` points at `len` readable bytes that stay
    // alive for the duration of the call.
    Some(unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) })
}

/// The check of an input against a maximum length: `WWWURL_ERR_TOO_LONG`
/// beyond it.
#[inline]
pub(crate) fn within(s: &[u8], max: usize) -> Result<&[u8], wwwurl_status> {
    if s.len() > max {
        Err(WWWURL_ERR_TOO_LONG)
    } else {
        Ok(s)
    }
}

/// `malloc` for every block handed to C, so that tests can make it fail
/// (see `fault`). NULL when memory ran out.
#[inline(always)]
pub(crate) fn c_malloc(size: usize) -> *mut libc::c_void {
    if super::fault::alloc_fails() {
        return std::ptr::null_mut();
    }
    // SAFETY: plain malloc; the caller handles NULL.
    unsafe { libc::malloc(size) }
}

/// `realloc` for blocks handed to C; NULL (the block untouched) when memory
/// ran out.
///
/// # Safety
/// `p` is NULL or a live block from [`c_malloc`] / [`c_realloc`].
#[inline(always)]
pub(crate) unsafe fn c_realloc(p: *mut libc::c_void, size: usize) -> *mut libc::c_void {
    if super::fault::alloc_fails() {
        return std::ptr::null_mut();
    }
    // SAFETY: forwarded from the caller's promise.
    unsafe { libc::realloc(p, size) }
}

/// A growable byte buffer in `malloc`ed memory, handed to C with a NUL.
///
/// Implements [`Sink`], so core transforms write straight into the memory C
/// will own, with no intermediate Rust allocation. Allocation failure is
/// remembered and turns the result into NULL.
pub(crate) struct CBuf {
    ptr: *mut u8,
    len: usize,
    cap: usize,
    failed: bool,
}

impl CBuf {
    /// An empty buffer with room for `cap` bytes (and the NUL).
    pub(crate) fn with_capacity(cap: usize) -> CBuf {
        let cap = cap.max(15);
        let ptr = c_malloc(cap + 1).cast::<u8>();
        CBuf {
            ptr,
            len: 0,
            cap: if ptr.is_null() { 0 } else { cap },
            failed: ptr.is_null(),
        }
    }

    #[cold]
    fn grow(&mut self, need: usize) {
        if self.failed {
            return;
        }
        let new_cap = need.max(self.cap.saturating_mul(2));
        // SAFETY: `ptr` came from malloc/realloc and is not used after a
        // successful realloc except through the returned pointer.
        let p = unsafe { c_realloc(self.ptr.cast(), new_cap.saturating_add(1)) }.cast::<u8>();
        if p.is_null() {
            self.failed = true;
        } else {
            self.ptr = p;
            self.cap = new_cap;
        }
    }

    /// False once an allocation failed (the result will be NULL).
    pub(crate) fn ok(&self) -> bool {
        !self.failed
    }

    /// Cuts the content at its first NUL byte, as a C reader would see it.
    pub(crate) fn truncate_at_nul(&mut self) {
        if self.len == 0 || self.ptr.is_null() {
            return;
        }
        // libc's `memchr` rather than the core's portable `c_len`: on the
        // escape-heavy corpus it saves about 300 instructions per decoded
        // path (BENCHMARKS.md, "Trade-offs").
        // SAFETY: the first `len` bytes of the block are written; memchr
        // reads no further.
        let nul = unsafe { libc::memchr(self.ptr.cast(), 0, self.len) };
        if !nul.is_null() {
            self.len = nul as usize - self.ptr as usize;
        }
    }

    /// The content as a NUL-terminated C string (NULL if memory ran out),
    /// and its length. The caller owns it and frees it with `free()`.
    pub(crate) fn into_raw(self) -> (*mut c_char, usize) {
        let me = std::mem::ManuallyDrop::new(self);
        if me.failed {
            if !me.ptr.is_null() {
                // SAFETY: the block came from malloc and is not used again.
                unsafe { libc::free(me.ptr.cast()) };
            }
            return (std::ptr::null_mut(), 0);
        }
        // SAFETY: `cap + 1` bytes were allocated and `len <= cap`.
        unsafe { *me.ptr.add(me.len) = 0 };
        (me.ptr.cast(), me.len)
    }

    /// [`CBuf::into_raw`] without the length.
    pub(crate) fn into_c_string(self) -> *mut c_char {
        self.into_raw().0
    }
}

impl Drop for CBuf {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            // SAFETY: the block came from malloc and is not used again.
            unsafe { libc::free(self.ptr.cast()) };
        }
    }
}

impl Sink for CBuf {
    type Error = Infallible;
    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), Infallible> {
        if self.len == self.cap {
            self.grow(self.len + 1);
            if self.failed {
                return Ok(());
            }
        }
        // SAFETY: `len < cap` and the block holds `cap + 1` bytes.
        let slot = unsafe { uninit_slice(self.ptr.add(self.len), 1) };
        slot[0].write(b);
        self.len += 1;
        Ok(())
    }

    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), Infallible> {
        if self.cap - self.len < s.len() {
            self.grow(self.len + s.len());
            if self.failed {
                return Ok(());
            }
        }
        // SAFETY: there is room for `s.len()` more bytes after the first
        // `len`, in this private block, which `s` (Rust memory or caller
        // input) cannot overlap.
        let room = unsafe { uninit_slice(self.ptr.add(self.len), s.len()) };
        copy_into(room, s);
        self.len += s.len();
        Ok(())
    }

    #[inline(always)]
    fn push3(&mut self, w: [u8; 4]) -> Result<(), Infallible> {
        // Four bytes are written, the last one into the room of the next
        // byte or of the NUL: the block holds `cap + 1` bytes.
        if self.cap - self.len < 3 {
            self.grow(self.len + 3);
            if self.failed {
                return Ok(());
            }
        }
        // SAFETY: `len + 3 <= cap`, so `len + 4 <= cap + 1`, the block's size.
        let room = unsafe { uninit_slice(self.ptr.add(self.len), 4) };
        copy_into(room, &w);
        self.len += 3;
        Ok(())
    }

    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<(), Infallible> {
        if self.cap - self.len < n {
            self.grow(self.len + n);
        }
        Ok(())
    }
}

/// A `malloc`ed NUL-terminated copy of `bytes` (NULL if memory ran out).
#[inline(always)]
pub(crate) fn malloc_copy(bytes: &[u8]) -> *mut c_char {
    let n = bytes.len();
    // A slice is at most `isize::MAX` bytes long: `n + 1` does not overflow.
    let p = c_malloc(n + 1).cast::<u8>();
    if !p.is_null() {
        // SAFETY: a fresh block of `n + 1` bytes that nothing else uses.
        let d = unsafe { uninit_slice(p, n + 1) };
        copy_into(&mut d[..n], bytes);
        d[n].write(0);
    }
    p.cast()
}

/// Releases memory from `malloc`; NULL is ignored.
pub(crate) fn free<T>(p: *mut T) {
    if !p.is_null() {
        // SAFETY: the pointer came from malloc (API contract) and the caller
        // does not use it again.
        unsafe { libc::free(p.cast()) };
    }
}

/// The `len` bytes of memory at `p` as a slice of [`MaybeUninit<u8>`]:
/// memory fresh from `malloc`, or a C caller's output buffer, that the
/// core's sinks ([`wwwurl_core::bytes::sink`]) write and never read. With
/// [`out_buffer`] for a caller's buffer, the one way the C layer hands
/// memory of its own to the core.
///
/// # Safety
///
/// `p` is valid for writes of `len` bytes (or `len` is 0), and nothing else
/// reads or writes them while the slice lives.
#[inline(always)]
pub(crate) unsafe fn uninit_slice<'a>(p: *mut u8, len: usize) -> &'a mut [MaybeUninit<u8>] {
    if len == 0 {
        return &mut [];
    }
    // SAFETY: by the caller's promise; `MaybeUninit<u8>` has the layout of
    // `u8` and may hold any byte, or none.
    unsafe { std::slice::from_raw_parts_mut(p.cast::<MaybeUninit<u8>>(), len) }
}

/// A caller's out pointer that must not be NULL, checked once
/// ([`Out::new`]): the one place that writes a result through it is
/// [`Out::set`], called only on success.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// The out pointer `p`, or `WWWURL_ERR_NULL`.
    #[inline]
    pub(crate) fn new(p: *mut T) -> Result<Out<T>, wwwurl_status> {
        NonNull::new(p).map(Out).ok_or(WWWURL_ERR_NULL)
    }

    /// Stores the result.
    #[inline]
    pub(crate) fn set(self, v: T) {
        // SAFETY: non-NULL (checked by `new`), and by the API contract
        // valid for a write of a `T`.
        unsafe { self.0.as_ptr().write(v) }
    }
}

/// Stores `v` through an out pointer that may be NULL (an optional result,
/// such as a length); NULL stores nothing.
#[inline]
pub(crate) fn set_opt<T>(p: *mut T, v: T) {
    if let Ok(out) = Out::new(p) {
        out.set(v);
    }
}

/// The caller's output buffer of `cap` bytes at `ptr` as a slice, for a
/// [`BoundedSink`]: its bytes are only written, never read (they may hold
/// nothing yet), and the sink's count says which were. `WWWURL_ERR_NULL`
/// for NULL with a size; NULL with size 0 asks for the size alone.
pub(crate) fn out_buffer<'a>(
    ptr: *mut c_char,
    cap: usize,
) -> Result<&'a mut [MaybeUninit<u8>], wwwurl_status> {
    if ptr.is_null() {
        return if cap == 0 {
            Ok(&mut [])
        } else {
            Err(WWWURL_ERR_NULL)
        };
    }
    // SAFETY: by the API contract `ptr` points at `cap` writable bytes that
    // nothing else uses during the call (each function that takes a buffer
    // documents that it must not overlap the input); with `cap` 0 it is at
    // least not NULL, all that an empty slice needs. `MaybeUninit<u8>` has
    // the layout of `u8` and may hold any byte, or none.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr.cast::<MaybeUninit<u8>>(), cap) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wwwurl_core::bytes::sink::ExactSink;

    /// The core's sinks over memory that holds nothing yet, as the C layer
    /// uses them on a fresh block.
    #[test]
    fn exact_sink_over_uninit_memory() {
        let mut block = [MaybeUninit::<u8>::uninit(); 9];
        let mut sink = ExactSink::new(&mut block[..]);
        let Ok(()) = sink.extend_nul_cut(b"ab:c", 2);
        let Ok(()) = sink.push(b'x');
        let Ok(()) = sink.extend_nul(b"de");
        assert!(sink.is_full());
        // SAFETY: the sink is full, so every byte was written.
        let got = block.map(|b| unsafe { b.assume_init() });
        assert_eq!(&got, b"ab\0c\0xde\0");
    }

    #[test]
    fn cbuf_extends_through_uninit_slices() {
        let mut b = CBuf::with_capacity(2);
        for n in 0..70 {
            let part: Vec<u8> = (0..n).map(|k| b'a' + (k % 26) as u8).collect();
            let Ok(()) = b.extend(&part);
        }
        let (p, len) = b.into_raw();
        assert_eq!(len, (0..70).sum::<usize>());
        // SAFETY: a NUL-terminated string from `into_raw`, freed below.
        let s = unsafe { CStr::from_ptr(p) }.to_bytes();
        assert_eq!(s.len(), len);
        assert!(s.starts_with(b"aab"));
        free(p);
    }
}
