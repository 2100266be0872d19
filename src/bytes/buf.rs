//! Growing buffers whose every allocation may fail.
//!
//! A library inside a long-running daemon must refuse one request when
//! memory runs out, not take the process down. The standard collections
//! abort instead (`Vec::push` cannot report a failed allocation), so the
//! library grows its buffers only through [`Buf`] and the helpers here,
//! which report [`NoMemory`]; the C layer turns it into NULL or
//! `WWWURL_ERR_NO_MEMORY`. The workspace's `clippy.toml` rejects the
//! aborting calls, so a new one cannot slip in (CONTRIBUTING.md, "Memory").

use std::collections::TryReserveError;
use std::fmt;
use std::ops::{Deref, DerefMut, Range};

use crate::bytes::sink::Sink;

/// Memory ran out: an allocation was refused. Whatever the failed call was
/// building has been released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoMemory;

impl fmt::Display for NoMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("out of memory")
    }
}

impl std::error::Error for NoMemory {}

impl From<TryReserveError> for NoMemory {
    fn from(_: TryReserveError) -> NoMemory {
        NoMemory
    }
}

/// A growing byte buffer: a `Vec<u8>` whose growth reports [`NoMemory`]
/// instead of aborting.
///
/// It reads as a byte slice (`Deref<Target = [u8]>`), and changes in place
/// through `DerefMut`; only the methods here change its length.
///
/// ```
/// use wwwurl::bytes::buf::{Buf, NoMemory};
///
/// let mut b = Buf::new();
/// b.extend_from_slice(b"ab")?;
/// b.push(b'c')?;
/// assert_eq!(&b[..], b"abc");
/// assert_eq!(b.into_vec(), b"abc");
/// # Ok::<(), NoMemory>(())
/// ```
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Buf(Vec<u8>);

impl Buf {
    /// An empty buffer; allocates nothing.
    pub const fn new() -> Buf {
        Buf(Vec::new())
    }

    /// An empty buffer with room for `n` bytes.
    pub fn with_capacity(n: usize) -> Result<Buf, NoMemory> {
        let mut b = Buf::new();
        b.reserve(n)?;
        Ok(b)
    }

    /// A buffer holding a copy of `s`.
    pub fn from_slice(s: &[u8]) -> Result<Buf, NoMemory> {
        let mut b = Buf::with_capacity(s.len())?;
        b.extend_from_slice(s)?;
        Ok(b)
    }

    /// The buffer over `v`'s bytes (no copy).
    pub fn from_vec(v: Vec<u8>) -> Buf {
        Buf(v)
    }

    /// The bytes, as a vector (no copy).
    pub fn into_vec(self) -> Vec<u8> {
        self.0
    }

    /// A copy of the buffer.
    pub fn try_clone(&self) -> Result<Buf, NoMemory> {
        Buf::from_slice(&self.0)
    }

    /// Bytes it holds without allocating.
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }

    /// Makes room for `additional` more bytes.
    #[inline]
    pub fn reserve(&mut self, additional: usize) -> Result<(), NoMemory> {
        if self.0.capacity() - self.0.len() < additional {
            self.grow(additional)?;
        }
        Ok(())
    }

    // Out of line: growing is rare, and the checks before it stay small.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, additional: usize) -> Result<(), NoMemory> {
        Ok(self.0.try_reserve(additional)?)
    }

    /// Appends `n` zero bytes.
    pub fn resize_zeroed(&mut self, n: usize) -> Result<(), NoMemory> {
        self.reserve(n)?;
        #[allow(clippy::disallowed_methods)] // the room is there: cannot allocate
        self.0.resize(self.0.len() + n, 0);
        Ok(())
    }

    /// Appends `b`.
    #[inline(always)]
    pub fn push(&mut self, b: u8) -> Result<(), NoMemory> {
        self.reserve(1)?;
        #[allow(clippy::disallowed_methods)] // the room is there: cannot allocate
        self.0.push(b);
        Ok(())
    }

    /// Appends `s`.
    #[inline(always)]
    pub fn extend_from_slice(&mut self, s: &[u8]) -> Result<(), NoMemory> {
        self.reserve(s.len())?;
        #[allow(clippy::disallowed_methods)] // the room is there: cannot allocate
        self.0.extend_from_slice(s);
        Ok(())
    }

    /// Appends a copy of its own bytes `r`.
    ///
    /// # Panics
    ///
    /// When `r` is not within the buffer.
    #[inline]
    pub fn extend_from_within(&mut self, r: Range<usize>) -> Result<(), NoMemory> {
        self.reserve(r.len())?;
        #[allow(clippy::disallowed_methods)] // the room is there: cannot allocate
        self.0.extend_from_within(r);
        Ok(())
    }

    /// Inserts `s` at `at`, moving the bytes after it.
    ///
    /// # Panics
    ///
    /// When `at` is past the end.
    pub fn insert_slice(&mut self, at: usize, s: &[u8]) -> Result<(), NoMemory> {
        assert!(at <= self.0.len(), "insert_slice past the end");
        self.reserve(s.len())?;
        let old = self.0.len();
        #[allow(clippy::disallowed_methods)] // the room is there: cannot allocate
        self.0.resize(old + s.len(), 0);
        self.0.copy_within(at..old, at + s.len());
        self.0[at..at + s.len()].copy_from_slice(s);
        Ok(())
    }

    /// Shortens it to `len` bytes (no effect when it is shorter).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Removes every byte, keeping the memory.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Removes and returns the last byte.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        self.0.pop()
    }

    /// Runs `f` on a buffer over `out`'s bytes, which it then gives back to
    /// `out`: the adapter of the functions that write into a `Vec<u8>`.
    /// After an error `out` holds what was written before it.
    pub fn fill_vec<R, E>(
        out: &mut Vec<u8>,
        f: impl FnOnce(&mut Buf) -> Result<R, E>,
    ) -> Result<R, E> {
        let mut b = Buf(std::mem::take(out));
        let r = f(&mut b);
        *out = b.0;
        r
    }
}

impl Deref for Buf {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl DerefMut for Buf {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl AsRef<[u8]> for Buf {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl PartialEq<[u8]> for Buf {
    fn eq(&self, other: &[u8]) -> bool {
        self.0 == other
    }
}

impl PartialEq<Vec<u8>> for Buf {
    fn eq(&self, other: &Vec<u8>) -> bool {
        self.0 == *other
    }
}

impl<const N: usize> PartialEq<&[u8; N]> for Buf {
    fn eq(&self, other: &&[u8; N]) -> bool {
        self.0 == other[..]
    }
}

impl Sink for Buf {
    type Error = NoMemory;
    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), NoMemory> {
        Buf::push(self, b)
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), NoMemory> {
        self.extend_from_slice(s)
    }
    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<(), NoMemory> {
        Buf::reserve(self, n)
    }
}

/// Bytes written at the end and read back where they lie: what a record is
/// built in (CreateURL canonicalises the path in place and copies fields
/// out of the name) and what [`canonicalise_host`](crate::wwwoffle::host::canonicalise_host)
/// writes into.
///
/// [`Buf`] is one. The C libraries have another, over stack room or the
/// `malloc` block that the caller will own, so that SplitURL's general
/// route builds a C record without a Rust allocation in between, and the
/// record never exists twice. A full one reports
/// [`NoMemory`], as a `Buf` that cannot grow does.
pub trait RecordBuf: Sink<Error = NoMemory> + DerefMut<Target = [u8]> {
    /// Shortens it to `len` bytes (no effect when it is shorter).
    fn truncate(&mut self, len: usize);
    /// Appends a copy of the bytes in `r`, which lies within it.
    fn extend_from_within(&mut self, r: Range<usize>) -> Result<(), NoMemory>;
}

impl RecordBuf for Buf {
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        Buf::truncate(self, len);
    }
    #[inline(always)]
    fn extend_from_within(&mut self, r: Range<usize>) -> Result<(), NoMemory> {
        Buf::extend_from_within(self, r)
    }
}

/// `v.push(x)` for vectors of other things than bytes.
#[inline]
pub fn try_push<T>(v: &mut Vec<T>, x: T) -> Result<(), NoMemory> {
    if v.len() == v.capacity() {
        v.try_reserve(1)?;
    }
    #[allow(clippy::disallowed_methods)] // the room is there: cannot allocate
    v.push(x);
    Ok(())
}

/// `Vec::with_capacity(n)` for vectors of other things than bytes.
pub fn try_with_capacity<T>(n: usize) -> Result<Vec<T>, NoMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_and_reads_as_bytes() {
        let mut b = Buf::new();
        for i in 0..1000u32 {
            b.push(i as u8).unwrap();
        }
        b.extend_from_slice(b"xyz").unwrap();
        b.extend_from_within(0..3).unwrap();
        assert_eq!(b.len(), 1006);
        assert_eq!(&b[1000..], b"xyz\x00\x01\x02");
        b.truncate(2);
        assert_eq!(b.pop(), Some(1));
        assert_eq!(b.into_vec(), [0]);
    }

    #[test]
    fn insert_slice_moves_the_tail() {
        let mut b = Buf::from_slice(b"ad").unwrap();
        b.insert_slice(1, b"bc").unwrap();
        assert_eq!(&b[..], b"abcd");
        b.insert_slice(4, b"e").unwrap();
        b.insert_slice(0, b"").unwrap();
        assert_eq!(&b[..], b"abcde");
    }

    #[test]
    fn an_impossible_size_is_refused_not_aborted() {
        assert_eq!(Buf::with_capacity(usize::MAX).unwrap_err(), NoMemory);
        let mut b = Buf::from_slice(b"a").unwrap();
        assert_eq!(b.reserve(usize::MAX), Err(NoMemory));
        assert_eq!(&b[..], b"a");
        let mut v: Vec<u64> = Vec::new();
        assert!(try_with_capacity::<u64>(usize::MAX / 4).is_err());
        try_push(&mut v, 7).unwrap();
        assert_eq!(v, [7]);
    }

    #[test]
    fn fill_vec_gives_the_bytes_back() {
        let mut v = b"a".to_vec();
        let r: Result<(), NoMemory> = Buf::fill_vec(&mut v, |b| b.push(b'b'));
        assert_eq!((r, &v[..]), (Ok(()), &b"ab"[..]));
        assert_eq!(NoMemory.to_string(), "out of memory");
    }
}
