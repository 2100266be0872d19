//! C strings in and out: borrowing C input, and output in `malloc`ed memory
//! that C releases with `free()`.

use super::status::*;
use libc::c_char;
use std::convert::Infallible;
use std::ffi::CStr;
use std::ptr::NonNull;
use wwwurl_core::codec::Sink;

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

/// The one check of an input against the configured maximum length
/// (`wwwurl_set_max_input`): `WWWURL_ERR_TOO_LONG` beyond it.
#[inline]
pub(crate) fn within_limit(s: &[u8]) -> Result<&[u8], wwwurl_status> {
    if s.len() > super::settings::max_input() {
        Err(WWWURL_ERR_TOO_LONG)
    } else {
        Ok(s)
    }
}

/// The input `(p, len)` of a function that returns a status (see [`input`]),
/// checked: `WWWURL_ERR_NULL` for a NULL pointer with a length, then
/// [`within_limit`].
#[inline]
pub(crate) fn checked_input<'a>(p: *const c_char, len: usize) -> Result<&'a [u8], wwwurl_status> {
    within_limit(input(p, len).ok_or(WWWURL_ERR_NULL)?)
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
        unsafe { *self.ptr.add(self.len) = b };
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
        // SAFETY: there is room for `s.len()` more bytes, and `s` (Rust
        // memory or caller input) cannot overlap this private block.
        unsafe { copy_bytes(s, self.ptr.add(self.len)) };
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
        unsafe { std::ptr::write_unaligned(self.ptr.add(self.len).cast::<[u8; 4]>(), w) };
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
pub(crate) fn malloc_copy(bytes: &[u8]) -> *mut c_char {
    let mut b = CBuf::with_capacity(bytes.len());
    let Ok(()) = b.extend(bytes);
    b.into_c_string()
}

/// Releases memory from `malloc`; NULL is ignored.
pub(crate) fn free<T>(p: *mut T) {
    if !p.is_null() {
        // SAFETY: the pointer came from malloc (API contract) and the caller
        // does not use it again.
        unsafe { libc::free(p.cast()) };
    }
}

/// Copies `src` to `dst`, runs of up to 64 bytes inline: the parts of a
/// URL are short, and for them a call to `memcpy` costs more than the copy.
///
/// # Safety
///
/// `dst` must be valid for `src.len()` bytes of writes and not overlap `src`.
#[inline(always)]
pub(crate) unsafe fn copy_bytes(src: &[u8], dst: *mut u8) {
    use std::ptr::{read_unaligned as rd, write_unaligned as wr};
    let n = src.len();
    let p = src.as_ptr();
    // Each case copies a head and a tail that overlap in the middle; all
    // reads lie within `src` and all writes within `dst[..n]`.
    // SAFETY: by the bounds of each case and the caller's promise.
    unsafe {
        if n <= 16 {
            if n >= 8 {
                let (a, b) = (rd(p.cast::<u64>()), rd(p.add(n - 8).cast::<u64>()));
                wr(dst.cast::<u64>(), a);
                wr(dst.add(n - 8).cast::<u64>(), b);
            } else if n >= 4 {
                let (a, b) = (rd(p.cast::<u32>()), rd(p.add(n - 4).cast::<u32>()));
                wr(dst.cast::<u32>(), a);
                wr(dst.add(n - 4).cast::<u32>(), b);
            } else if n > 0 {
                let (a, b, c) = (*p, *p.add(n / 2), *p.add(n - 1));
                *dst = a;
                *dst.add(n / 2) = b;
                *dst.add(n - 1) = c;
            }
        } else if n <= 32 {
            let (a, b) = (rd(p.cast::<u128>()), rd(p.add(n - 16).cast::<u128>()));
            wr(dst.cast::<u128>(), a);
            wr(dst.add(n - 16).cast::<u128>(), b);
        } else if n <= 64 {
            let (a, b) = (rd(p.cast::<u128>()), rd(p.add(16).cast::<u128>()));
            let (c, d) = (
                rd(p.add(n - 32).cast::<u128>()),
                rd(p.add(n - 16).cast::<u128>()),
            );
            wr(dst.cast::<u128>(), a);
            wr(dst.add(16).cast::<u128>(), b);
            wr(dst.add(n - 32).cast::<u128>(), c);
            wr(dst.add(n - 16).cast::<u128>(), d);
        } else {
            std::ptr::copy_nonoverlapping(p, dst, n);
        }
    }
}

/// A sink over a block that the output must fill exactly, such as the
/// strings of a one-block record: each write is checked once, as a whole,
/// and a write that does not fit marks the sink short and is dropped.
pub(crate) struct ExactSink {
    at: *mut u8,
    room: usize,
    short: bool,
}

impl ExactSink {
    /// A sink over the `len` writable bytes at `block`.
    pub(crate) fn new(block: *mut u8, len: usize) -> ExactSink {
        ExactSink {
            at: block,
            room: len,
            short: false,
        }
    }
    /// Whether the output filled the block exactly.
    pub(crate) fn is_full(&self) -> bool {
        !self.short && self.room == 0
    }
}

impl Sink for ExactSink {
    type Error = Infallible;
    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), Infallible> {
        if self.room == 0 {
            self.short = true;
            return Ok(());
        }
        // SAFETY: at least one byte of room is left at `at`.
        unsafe {
            *self.at = b;
            self.at = self.at.add(1);
        }
        self.room -= 1;
        Ok(())
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), Infallible> {
        if s.len() > self.room {
            self.short = true;
            return Ok(());
        }
        // SAFETY: `s.len()` bytes of room are left at `at`, in a block
        // that `s` (Rust memory or caller input) does not overlap.
        unsafe {
            copy_bytes(s, self.at);
            self.at = self.at.add(s.len());
        }
        self.room -= s.len();
        Ok(())
    }
    #[inline(always)]
    fn extend_nul(&mut self, s: &[u8]) -> Result<(), Infallible> {
        if s.len() >= self.room {
            self.short = true;
            return Ok(());
        }
        // SAFETY: `s.len() + 1` bytes of room are left at `at`, in a block
        // that `s` does not overlap.
        unsafe {
            copy_bytes(s, self.at);
            *self.at.add(s.len()) = 0;
            self.at = self.at.add(s.len() + 1);
        }
        self.room -= s.len() + 1;
        Ok(())
    }
    #[inline(always)]
    fn extend_nul_cut(&mut self, s: &[u8], k: usize) -> Result<(), Infallible> {
        if s.len() >= self.room {
            self.short = true;
            return Ok(());
        }
        // SAFETY: `s.len() + 1` bytes of room are left at `at`, in a block
        // that `s` does not overlap; `k` is checked to be among them.
        unsafe {
            copy_bytes(s, self.at);
            if k < s.len() {
                *self.at.add(k) = 0;
            }
            *self.at.add(s.len()) = 0;
            self.at = self.at.add(s.len() + 1);
        }
        self.room -= s.len() + 1;
        Ok(())
    }
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
/// [`BoundedSink`]: its bytes are only written, never read, and the sink's
/// count says which were. `WWWURL_ERR_NULL` for NULL with a size; NULL with
/// size 0 asks for the size alone.
pub(crate) fn out_buffer<'a>(ptr: *mut c_char, cap: usize) -> Result<&'a mut [u8], wwwurl_status> {
    if ptr.is_null() {
        return if cap == 0 {
            Ok(&mut [])
        } else {
            Err(WWWURL_ERR_NULL)
        };
    }
    // SAFETY: by the API contract `ptr` points at `cap` writable bytes that
    // nothing else uses during the call (output never overlaps input).
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr.cast::<u8>(), cap) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_bytes_copies_every_length() {
        let src: Vec<u8> = (1..=150).collect();
        for n in 0..=src.len() {
            let mut dst = vec![0u8; n + 2];
            // SAFETY: `dst` has room for `n` bytes after its first.
            unsafe { copy_bytes(&src[..n], dst.as_mut_ptr().add(1)) };
            assert_eq!(dst[0], 0, "{n}");
            assert_eq!(&dst[1..=n], &src[..n], "{n}");
            assert_eq!(dst[n + 1], 0, "{n}");
        }
    }

    #[test]
    fn exact_sink_fills_or_reports_short() {
        let mut block = [0xffu8; 8];
        let mut sink = ExactSink::new(block.as_mut_ptr(), 7);
        sink.extend_nul(b"ab");
        sink.push(b'c');
        sink.extend(b"de");
        assert!(!sink.is_full());
        sink.extend_nul(b"");
        assert!(sink.is_full());
        assert_eq!(&block, b"ab\0cde\0\xff");

        let mut block = [0xffu8; 10];
        let mut sink = ExactSink::new(block.as_mut_ptr(), 9);
        sink.extend_nul_cut(b"ab:c", 2);
        sink.extend_nul_cut(b"de", 2);
        assert!(!sink.is_full());
        sink.extend_nul_cut(b"", 0);
        assert!(sink.is_full());
        assert_eq!(&block, b"ab\0c\0de\0\0\xff");
        let mut sink = ExactSink::new(block.as_mut_ptr(), 4);
        sink.extend_nul_cut(b"abcd", 1);
        assert!(!sink.is_full());

        let mut sink = ExactSink::new(block.as_mut_ptr(), 3);
        sink.extend_nul(b"abc");
        assert!(!sink.is_full());
        sink.extend(b"xyz");
        // Within bounds, but the record stays unfinished.
        assert!(!sink.is_full());
        let mut sink = ExactSink::new(block.as_mut_ptr(), 0);
        sink.push(b'x');
        assert!(!sink.is_full());
    }
}
