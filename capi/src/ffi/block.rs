//! A record built where it stays: the `malloc` block that becomes the
//! caller's record or handle, its header left for last.
//!
//! SplitURL's general route builds a record in memory sized for the worst
//! case, reading it back as it goes (the path is canonicalised in place,
//! fields are copied out of the name). [`HeadedBlock`] is that memory for
//! the C libraries: the block is then shrunk to what was written and its
//! header filled in, with no copy of the record (BENCHMARKS.md, "The record
//! built in place").

use super::alloc::{c_malloc, c_realloc, free};
use std::ops::{Deref, DerefMut, Range};
use std::ptr::NonNull;
use wwwurl_core::buf::{ByteBuf, NoMemory};
use wwwurl_core::sink::Sink;

/// A `malloc` block: `head` bytes for a header, then room for `cap` bytes
/// that are written at their end and read back ([`ByteBuf`]); writing past
/// the room reports [`NoMemory`] and writes nothing. Freed when dropped,
/// unless [`HeadedBlock::finish`] hands it over.
///
/// Invariant: the block holds `head + cap` bytes, `len <= cap`, and the
/// `len` bytes after the header are written.
pub(crate) struct HeadedBlock {
    block: NonNull<u8>,
    head: usize,
    cap: usize,
    len: usize,
}

impl HeadedBlock {
    /// A fresh block with `head` bytes of header and room for `cap` bytes.
    pub(crate) fn new(head: usize, cap: usize) -> Result<HeadedBlock, NoMemory> {
        let size = head.checked_add(cap).ok_or(NoMemory)?;
        let block = NonNull::new(c_malloc(size.max(1)).cast::<u8>()).ok_or(NoMemory)?;
        Ok(HeadedBlock {
            block,
            head,
            cap,
            len: 0,
        })
    }

    /// Where the byte after the written ones goes.
    #[inline(always)]
    fn end(&self) -> *mut u8 {
        self.block
            .as_ptr()
            .wrapping_add(self.head)
            .wrapping_add(self.len)
    }

    /// The block, now the caller's: shrunk to the header and the bytes
    /// written, its header not yet written. The header's type must need no
    /// more alignment than `malloc` gives.
    ///
    /// A `realloc` that fails, even to shrink, is memory that ran out, as
    /// for every other allocation of the library: the block is freed.
    pub(crate) fn finish(self) -> Result<NonNull<u8>, NoMemory> {
        // At least one byte: `realloc` to 0 bytes would free the block.
        let size = (self.head + self.len).max(1);
        // SAFETY: a live block from `c_malloc`. When `c_realloc` fails (or
        // panics under fault injection) it leaves the block as it is, and
        // `self` still frees it; when it succeeds, the old pointer is
        // dropped here unused.
        let shrunk = unsafe { c_realloc(self.block.as_ptr().cast(), size) };
        let shrunk = NonNull::new(shrunk.cast::<u8>()).ok_or(NoMemory)?;
        std::mem::forget(self);
        Ok(shrunk)
    }
}

impl Drop for HeadedBlock {
    fn drop(&mut self) {
        free(self.block.as_ptr());
    }
}

impl Deref for HeadedBlock {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        // SAFETY: the `len` bytes after the header are written (invariant)
        // and belong to this block alone.
        unsafe { std::slice::from_raw_parts(self.block.as_ptr().add(self.head), self.len) }
    }
}

impl DerefMut for HeadedBlock {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u8] {
        // SAFETY: as for `deref`; `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.block.as_ptr().add(self.head), self.len) }
    }
}

impl Sink for HeadedBlock {
    type Error = NoMemory;

    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), NoMemory> {
        if self.len == self.cap {
            return Err(NoMemory);
        }
        // SAFETY: `len < cap`: the byte lies in the block.
        unsafe { self.end().write(b) };
        self.len += 1;
        Ok(())
    }

    #[inline(always)]
    fn extend(&mut self, s: &[u8]) -> Result<(), NoMemory> {
        if self.cap - self.len < s.len() {
            return Err(NoMemory);
        }
        // SAFETY: there is room for `s` after the written bytes. `s` cannot
        // lie in this block: a slice of it would borrow `self`, which is
        // borrowed mutably here.
        unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), self.end(), s.len()) };
        self.len += s.len();
        Ok(())
    }
}

impl ByteBuf for HeadedBlock {
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline(always)]
    fn extend_from_within(&mut self, r: Range<usize>) -> Result<(), NoMemory> {
        assert!(
            r.start <= r.end && r.end <= self.len,
            "range out of the written bytes"
        );
        if self.cap - self.len < r.len() {
            return Err(NoMemory);
        }
        // SAFETY: the source lies in the written bytes, the destination in
        // the room after them: both in the block, and apart.
        unsafe {
            let from = self.block.as_ptr().add(self.head + r.start);
            std::ptr::copy_nonoverlapping(from, self.end(), r.len());
        }
        self.len += r.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_reads_back_and_refuses_what_does_not_fit() {
        let mut b = HeadedBlock::new(8, 6).unwrap();
        b.extend(b"abc").unwrap();
        b.push(b'd').unwrap();
        b.extend_from_within(1..3).unwrap();
        assert_eq!(&b[..], b"abcdbc");
        // Full: nothing more is written.
        assert_eq!(b.push(b'x'), Err(NoMemory));
        assert_eq!(b.extend(b"x"), Err(NoMemory));
        assert_eq!(b.extend_from_within(0..1), Err(NoMemory));
        assert_eq!(&b[..], b"abcdbc");
        b[0] = b'A';
        b.truncate(2);
        b.truncate(5);
        assert_eq!(&b[..], b"Ab");
        b.extend(b"").unwrap();
        let block = b.finish().unwrap();
        // SAFETY: the block holds the 8-byte header and the 2 bytes.
        let kept = unsafe { std::slice::from_raw_parts(block.as_ptr().add(8), 2) };
        assert_eq!(kept, b"Ab");
        free(block.as_ptr());
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(HeadedBlock::new(usize::MAX, 1).is_err());
        assert!(HeadedBlock::new(8, usize::MAX).is_err());
    }

    #[test]
    #[should_panic(expected = "range out of the written bytes")]
    fn a_range_past_the_written_bytes_panics() {
        let mut b = HeadedBlock::new(0, 8).unwrap();
        b.extend(b"ab").unwrap();
        let _ = b.extend_from_within(1..3);
    }
}
