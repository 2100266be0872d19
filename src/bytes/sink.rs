//! Where output bytes go: the [`Sink`] trait and its fixed-buffer sinks.
//!
//! Every transform of the library writes into a [`Sink`], so the same loop
//! serves a growing [`Buf`](crate::bytes::buf::Buf), a caller's fixed buffer that
//! only counts what does not fit ([`BoundedSink`]), a block sized in
//! advance that the output must fill exactly ([`ExactSink`]) and a mere
//! count ([`CountingSink`]).
//!
//! The fixed-buffer sinks work over slices of any [`OutByte`]: `u8`, or
//! `MaybeUninit<u8>` for memory that holds nothing yet (a block fresh from
//! `malloc`, a C caller's output buffer). Such memory is only written,
//! never read, so no byte of it has to be cleared first, and the C layer
//! has nothing to do but turn its pointer into a slice (CONTRIBUTING.md,
//! "Memory").

use std::convert::Infallible;
use std::mem::MaybeUninit;

use crate::bytes::ascii::HEX_UPPER;

/// `%XY` of every byte, the three bytes little-endian in a `u32`: an
/// escape is one load.
pub(crate) static ESCAPED: [u32; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = b'%' as u32 | (HEX_UPPER[b >> 4] as u32) << 8 | (HEX_UPPER[b & 15] as u32) << 16;
        b += 1;
    }
    t
};

/// Where a transform writes its output.
///
/// A sink over a fixed buffer cannot fail (its [`Sink::Error`] is
/// [`Infallible`]: what does not fit is counted, not written); a growing
/// one, [`Buf`](crate::bytes::buf::Buf), reports that memory ran out, and the
/// transform stops there.
pub trait Sink {
    /// What a failed write reports.
    type Error;
    /// Appends one byte.
    fn push(&mut self, b: u8) -> Result<(), Self::Error>;
    /// Appends a run of bytes.
    fn extend(&mut self, s: &[u8]) -> Result<(), Self::Error>;
    /// Makes room for `n` more bytes at once, where the sink grows: a hint
    /// that saves the growth steps of a long output.
    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<(), Self::Error> {
        let _ = n;
        Ok(())
    }
    /// Appends a run of bytes and a NUL: one field of a record.
    #[inline(always)]
    fn extend_nul(&mut self, s: &[u8]) -> Result<(), Self::Error> {
        self.extend(s)?;
        self.push(0)
    }
    /// Appends `s` and a NUL, the byte at `k` (when `k < s.len()`) also
    /// becoming a NUL: two fields that lie one byte apart in `s` (a
    /// protocol and the host after its `://`, a path and the args after its
    /// `?`), in one copy.
    #[inline(always)]
    fn extend_nul_cut(&mut self, s: &[u8], k: usize) -> Result<(), Self::Error> {
        if k < s.len() {
            self.extend(&s[..k])?;
            self.push(0)?;
            self.extend_nul(&s[k + 1..])
        } else {
            self.extend_nul(s)
        }
    }
    /// Appends the first three bytes of `w` (the fourth is ignored): an
    /// escape `%XY` taken whole from a table.
    #[inline(always)]
    fn push3(&mut self, w: [u8; 4]) -> Result<(), Self::Error> {
        self.extend(&w[..3])
    }
    /// Appends `%` and the two upper-case hex digits of `b`.
    #[inline(always)]
    fn push_escaped(&mut self, b: u8) -> Result<(), Self::Error> {
        self.push3(ESCAPED[usize::from(b)].to_le_bytes())
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for std::mem::MaybeUninit<u8> {}
}

/// A byte of memory that a fixed-buffer sink writes: `u8`, or
/// `MaybeUninit<u8>` for memory that may hold nothing yet. Sealed: these
/// two are all there is.
pub trait OutByte: sealed::Sealed + Sized {
    /// Stores `b`.
    fn set(&mut self, b: u8);
    /// Stores `src` into `dst`, of the same length.
    fn set_all(dst: &mut [Self], src: &[u8]);
    /// Stores `src` into `dst`: one store of `N` bytes.
    fn set_array<const N: usize>(dst: &mut [Self; N], src: [u8; N]);
}

impl OutByte for u8 {
    #[inline(always)]
    fn set(&mut self, b: u8) {
        *self = b;
    }
    #[inline(always)]
    fn set_all(dst: &mut [u8], src: &[u8]) {
        dst.copy_from_slice(src);
    }
    #[inline(always)]
    fn set_array<const N: usize>(dst: &mut [u8; N], src: [u8; N]) {
        *dst = src;
    }
}

impl OutByte for MaybeUninit<u8> {
    #[inline(always)]
    fn set(&mut self, b: u8) {
        self.write(b);
    }
    #[inline(always)]
    fn set_all(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
        // A loop, which the compiler vectorises but does not make a
        // `memcpy` (the faster copy of long runs): without `unsafe`, which
        // the core forbids, only `write_copy_of_slice` would be one, and it
        // needs Rust 1.93, above the crate's minimum version. A chunked
        // loop changed what the compiler inlined into the record writer,
        // for the worse.
        for (d, &b) in dst.iter_mut().zip(src) {
            *d = MaybeUninit::new(b);
        }
    }
    #[inline(always)]
    fn set_array<const N: usize>(dst: &mut [MaybeUninit<u8>; N], src: [u8; N]) {
        *dst = src.map(MaybeUninit::new);
    }
}

/// `d[at..at + N] = s[at..at + N]`, as one load and one store. The
/// callers' length checks make every bound here known to hold, so the
/// compiler drops the checks.
#[inline(always)]
fn copy_word<T: OutByte, const N: usize>(d: &mut [T], s: &[u8], at: usize) {
    let d = <&mut [T; N]>::try_from(&mut d[at..at + N]);
    let s = <&[u8; N]>::try_from(&s[at..at + N]);
    if let (Ok(d), Ok(s)) = (d, s) {
        T::set_array(d, *s);
    }
}

/// `d.copy_from_slice(s)` for slices of the same length (else nothing),
/// short runs as overlapping head and tail words: the parts of a URL are
/// short, and for them a call to `memcpy` costs more than the copy.
#[inline(always)]
pub fn copy_into<T: OutByte>(d: &mut [T], s: &[u8]) {
    let n = s.len();
    if d.len() != n {
        return;
    }
    if !(4..=64).contains(&n) {
        T::set_all(d, s);
    } else if n > 32 {
        copy_word::<T, 32>(d, s, 0);
        copy_word::<T, 32>(d, s, n - 32);
    } else if n >= 16 {
        copy_word::<T, 16>(d, s, 0);
        copy_word::<T, 16>(d, s, n - 16);
    } else if n >= 8 {
        copy_word::<T, 8>(d, s, 0);
        copy_word::<T, 8>(d, s, n - 8);
    } else {
        copy_word::<T, 4>(d, s, 0);
        copy_word::<T, 4>(d, s, n - 4);
    }
}

/// A sink over a fixed buffer: writes what fits, counts everything.
///
/// After a transform, [`BoundedSink::needed`] is the full output length even
/// when it exceeded the buffer; nothing is ever written past its end. The
/// buffer is of bytes, or of `MaybeUninit<u8>` when it may hold nothing
/// yet ([`OutByte`]).
#[derive(Debug)]
pub struct BoundedSink<'a, T: OutByte = u8> {
    buf: &'a mut [T],
    len: usize,
}

impl<'a, T: OutByte> BoundedSink<'a, T> {
    /// A sink writing into `buf`.
    pub fn new(buf: &'a mut [T]) -> Self {
        BoundedSink { buf, len: 0 }
    }
    /// The number of bytes the output needs (written or not).
    pub fn needed(&self) -> usize {
        self.len
    }
    /// Whether all of the output fitted.
    pub fn fits(&self) -> bool {
        self.len <= self.buf.len()
    }
    /// Ends the output with a NUL if it fits with it (C strings); returns
    /// whether it did.
    pub fn finish_nul(&mut self) -> bool {
        match self.buf.get_mut(self.len) {
            Some(b) => {
                b.set(0);
                true
            }
            None => false,
        }
    }
    /// The part of `s` that fits (at the end of the buffer).
    #[cold]
    fn extend_partly(&mut self, s: &[u8]) {
        let start = self.len.min(self.buf.len());
        let end = (self.len + s.len()).min(self.buf.len());
        T::set_all(&mut self.buf[start..end], &s[..end - start]);
    }
}

impl<T: OutByte> Sink for BoundedSink<'_, T> {
    type Error = Infallible;
    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), Infallible> {
        if let Some(slot) = self.buf.get_mut(self.len) {
            slot.set(b);
        }
        self.len += 1;
        Ok(())
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), Infallible> {
        match self.buf.get_mut(self.len..self.len + s.len()) {
            Some(d) => copy_into(d, s),
            None => self.extend_partly(s),
        }
        self.len += s.len();
        Ok(())
    }
}

/// A sink over a block that the output must fill exactly, such as the
/// strings of a record whose size was measured first: each write is
/// checked once, as a whole, and a write that does not fit marks the sink
/// short and is dropped.
///
/// ```
/// use wwwurl::bytes::sink::Sink;
/// use wwwurl::bytes::sink::ExactSink;
///
/// let mut block = [0u8; 7];
/// let mut sink = ExactSink::new(&mut block);
/// let Ok(()) = sink.extend_nul_cut(b"http:x", 4);
/// assert!(sink.is_full());
/// assert_eq!(&block, b"http\0x\0");
/// ```
#[derive(Debug)]
pub struct ExactSink<'a, T: OutByte = u8> {
    /// The bytes not written yet.
    rest: &'a mut [T],
    short: bool,
}

impl<'a, T: OutByte> ExactSink<'a, T> {
    /// A sink over `buf`, to be filled from its start.
    pub fn new(buf: &'a mut [T]) -> Self {
        ExactSink {
            rest: buf,
            short: false,
        }
    }
    /// Whether the output filled the block exactly: no write was dropped
    /// and no byte is left.
    pub fn is_full(&self) -> bool {
        !self.short && self.rest.is_empty()
    }
    /// The next `n` bytes, which are then written; `None` (the sink marked
    /// short) when fewer are left.
    #[inline(always)]
    fn take(&mut self, n: usize) -> Option<&'a mut [T]> {
        if n > self.rest.len() {
            self.short = true;
            return None;
        }
        let (d, rest) = std::mem::take(&mut self.rest).split_at_mut(n);
        self.rest = rest;
        Some(d)
    }
}

impl<T: OutByte> Sink for ExactSink<'_, T> {
    type Error = Infallible;
    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), Infallible> {
        if let Some([d]) = self.take(1) {
            d.set(b);
        }
        Ok(())
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), Infallible> {
        if let Some(d) = self.take(s.len()) {
            copy_into(d, s);
        }
        Ok(())
    }
    #[inline(always)]
    fn extend_nul(&mut self, s: &[u8]) -> Result<(), Infallible> {
        if let Some((nul, d)) = self.take(s.len() + 1).and_then(|d| d.split_last_mut()) {
            copy_into(d, s);
            nul.set(0);
        }
        Ok(())
    }
    #[inline(always)]
    fn extend_nul_cut(&mut self, s: &[u8], k: usize) -> Result<(), Infallible> {
        if let Some((nul, d)) = self.take(s.len() + 1).and_then(|d| d.split_last_mut()) {
            copy_into(d, s);
            if let Some(cut) = d.get_mut(k) {
                cut.set(0);
            }
            nul.set(0);
        }
        Ok(())
    }
}

/// A sink that only counts.
#[derive(Debug, Default)]
pub struct CountingSink(pub usize);

impl Sink for CountingSink {
    type Error = Infallible;
    #[inline(always)]
    fn push(&mut self, _b: u8) -> Result<(), Infallible> {
        self.0 += 1;
        Ok(())
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), Infallible> {
        self.0 += s.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_into_copies_every_length() {
        let src: Vec<u8> = (1..=150).collect();
        for n in 0..=src.len() {
            let mut dst = vec![0u8; n + 2];
            copy_into(&mut dst[1..=n], &src[..n]);
            assert_eq!(dst[0], 0, "{n}");
            assert_eq!(&dst[1..=n], &src[..n], "{n}");
            assert_eq!(dst[n + 1], 0, "{n}");
        }
    }

    #[test]
    fn exact_sink_fills_or_reports_short() {
        let mut block = [0xffu8; 8];
        let mut sink = ExactSink::new(&mut block[..7]);
        let Ok(()) = sink.extend_nul(b"ab");
        let Ok(()) = sink.push(b'c');
        let Ok(()) = sink.extend(b"de");
        assert!(!sink.is_full());
        let Ok(()) = sink.extend_nul(b"");
        assert!(sink.is_full());
        assert_eq!(&block, b"ab\0cde\0\xff");

        let mut block = [0xffu8; 10];
        let mut sink = ExactSink::new(&mut block[..9]);
        let Ok(()) = sink.extend_nul_cut(b"ab:c", 2);
        let Ok(()) = sink.extend_nul_cut(b"de", 2);
        assert!(!sink.is_full());
        let Ok(()) = sink.extend_nul_cut(b"", 0);
        assert!(sink.is_full());
        assert_eq!(&block, b"ab\0c\0de\0\0\xff");
        let mut sink = ExactSink::new(&mut block[..4]);
        let Ok(()) = sink.extend_nul_cut(b"abcd", 1);
        assert!(!sink.is_full());

        let mut sink = ExactSink::new(&mut block[..3]);
        let Ok(()) = sink.extend_nul(b"abc");
        assert!(!sink.is_full());
        let Ok(()) = sink.extend(b"xyz");
        // Within bounds, but the record stays unfinished.
        assert!(!sink.is_full());
        let mut empty: [u8; 0] = [];
        let mut sink = ExactSink::new(&mut empty[..]);
        let Ok(()) = sink.push(b'x');
        assert!(!sink.is_full());
    }
}
