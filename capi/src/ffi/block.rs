//! A record built where it stays: the `malloc` block that becomes the
//! caller's record or handle, its header left for last.
//!
//! SplitURL's general route builds a record in memory sized for the worst
//! case, reading it back as it goes (the path is canonicalised in place,
//! fields are copied out of the name). [`BlockWithHeader`] is that memory for
//! the C libraries: stack room that the entry point lends, from which the
//! record is copied once into a block of its exact size, or, for a record
//! whose worst case does not fit there, the block itself, shrunk to what
//! was written. Either way no Rust allocation comes in between.

use super::alloc::{c_malloc, c_realloc, free, uninit_slice};
use std::marker::PhantomData;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut, Range};
use std::ptr::NonNull;
use wwwurl_core::bytes::buf::{NoMemory, RecordBuf};
use wwwurl_core::bytes::sink::{ExactSink, Sink};
use wwwurl_core::wwwoffle::split::RecordBytes;
use wwwurl_core::wwwoffle::url::Spans;

/// The bytes of stack that a C entry point lends the general route: a
/// record whose worst case fits is built there and copied once into a block
/// of its exact size, with no large block to allocate and then shrink.
pub(crate) const STACK_ROOM: usize = 4096;

/// Stack room for one record (see [`STACK_ROOM`]).
pub(crate) type StackRoom = [MaybeUninit<u8>; STACK_ROOM];

/// Fresh stack room.
#[inline(always)]
pub(crate) fn stack_room() -> StackRoom {
    [MaybeUninit::uninit(); STACK_ROOM]
}

/// Writes the record `r`, measured as `len` bytes whose fields lie where
/// `sp` says, into the `len` bytes at `at`; whether it filled them
/// exactly. It always does (`tests/fastpath.rs` checks the fast route's
/// measure); should it not, nothing was written past them, and the caller
/// frees its block rather than hand out an unfinished record.
///
/// # Safety
///
/// `at` is valid for writes of `len` bytes that nothing else reads or
/// writes during the call (fresh memory from `malloc`).
#[inline(always)]
pub(crate) unsafe fn write_exact<R: RecordBytes>(
    r: &R,
    at: *mut u8,
    len: usize,
    sp: &Spans,
) -> bool {
    // SAFETY: by the caller's promise.
    let mut sink = ExactSink::new(unsafe { uninit_slice(at, len) });
    let Ok(written) = r.write_to(&mut sink);
    debug_assert_eq!(&written, sp, "the record is where it was measured");
    sink.is_full()
}

/// Where the general route builds a record for C: room for `cap` bytes,
/// written at their end and read back ([`RecordBuf`]); writing past the room
/// reports [`NoMemory`] and writes nothing. The room is the caller's stack
/// room when the record's worst case fits there, else a `malloc` block with
/// `head` bytes for a header in front, freed when dropped unless
/// [`BlockWithHeader::finish`] hands it over.
///
/// Invariant: `bytes` points at `cap` bytes of the room, the first `len`
/// written (`len <= cap`); with a block, `bytes` is `head` bytes into it.
pub(crate) struct BlockWithHeader<'a> {
    bytes: NonNull<u8>,
    head: usize,
    cap: usize,
    len: usize,
    /// The `malloc` block, when the room is one.
    block: Option<NonNull<u8>>,
    room: PhantomData<&'a mut StackRoom>,
}

impl<'a> BlockWithHeader<'a> {
    /// Room for `cap` bytes: `stack` when they fit there, else a fresh block
    /// with `head` bytes of header before them.
    pub(crate) fn new(
        head: usize,
        cap: usize,
        stack: Option<&'a mut StackRoom>,
    ) -> Result<BlockWithHeader<'a>, NoMemory> {
        let (bytes, block) = match stack {
            Some(room) if cap <= room.len() => (NonNull::from(room).cast::<u8>(), None),
            _ => {
                let size = head.checked_add(cap).ok_or(NoMemory)?;
                let block = NonNull::new(c_malloc(size.max(1)).cast::<u8>()).ok_or(NoMemory)?;
                // SAFETY: `head <= size`: within the block.
                (unsafe { block.add(head) }, Some(block))
            }
        };
        Ok(BlockWithHeader {
            bytes,
            head,
            cap,
            len: 0,
            block,
            room: PhantomData,
        })
    }

    /// Where the byte after the written ones goes.
    #[inline(always)]
    fn end(&self) -> *mut u8 {
        self.bytes.as_ptr().wrapping_add(self.len)
    }

    /// A block that is now the caller's: the header's room, then the bytes
    /// written, and nothing more; the header is not yet written, and its
    /// type must need no more alignment than `malloc` gives. From the stack
    /// room, a fresh block of that size; else the block itself, shrunk.
    ///
    /// An allocation that fails, even a `realloc` to shrink, is memory that
    /// ran out, as for every other allocation of the library: whatever was
    /// allocated is freed.
    pub(crate) fn finish(self) -> Result<NonNull<u8>, NoMemory> {
        // At least one byte: `realloc` to 0 bytes would free the block.
        let size = (self.head + self.len).max(1);
        let Some(block) = self.block else {
            let block = NonNull::new(c_malloc(size).cast::<u8>()).ok_or(NoMemory)?;
            // SAFETY: the block holds `head + len` bytes; the `len` written
            // bytes lie in the stack room, apart from it.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    self.bytes.as_ptr(),
                    block.as_ptr().add(self.head),
                    self.len,
                )
            };
            return Ok(block);
        };
        // SAFETY: a live block from `c_malloc`. When `c_realloc` fails (or
        // panics under fault injection) it leaves the block as it is, and
        // `self` still frees it; when it succeeds, the old pointer is
        // dropped here unused.
        let shrunk = unsafe { c_realloc(block.as_ptr().cast(), size) };
        let shrunk = NonNull::new(shrunk.cast::<u8>()).ok_or(NoMemory)?;
        std::mem::forget(self);
        Ok(shrunk)
    }
}

impl Drop for BlockWithHeader<'_> {
    fn drop(&mut self) {
        if let Some(block) = self.block {
            free(block.as_ptr());
        }
    }
}

impl Deref for BlockWithHeader<'_> {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        // SAFETY: the first `len` bytes of the room are written (invariant)
        // and belong to this value alone while it lives.
        unsafe { std::slice::from_raw_parts(self.bytes.as_ptr(), self.len) }
    }
}

impl DerefMut for BlockWithHeader<'_> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u8] {
        // SAFETY: as for `deref`; `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.bytes.as_ptr(), self.len) }
    }
}

impl Sink for BlockWithHeader<'_> {
    type Error = NoMemory;

    #[inline(always)]
    fn push(&mut self, b: u8) -> Result<(), NoMemory> {
        if self.len == self.cap {
            return Err(NoMemory);
        }
        // SAFETY: `len < cap`: the byte lies in the room.
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
        // lie in the room: a slice of it would borrow `self`, which is
        // borrowed mutably here.
        unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), self.end(), s.len()) };
        self.len += s.len();
        Ok(())
    }
}

impl RecordBuf for BlockWithHeader<'_> {
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
        // the room after them: both in the room, and apart.
        unsafe {
            let from = self.bytes.as_ptr().add(r.start);
            std::ptr::copy_nonoverlapping(from, self.end(), r.len());
        }
        self.len += r.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes, reads back and refuses what does not fit, then hands over
    /// the block: the bytes after an 8-byte header.
    fn exercise(mut b: BlockWithHeader<'_>) {
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
    fn in_a_block_of_its_own() {
        exercise(BlockWithHeader::new(8, 6, None).unwrap());
        // Stack room too small for the capacity: a block all the same.
        let mut room = stack_room();
        let b = BlockWithHeader::new(8, STACK_ROOM + 1, Some(&mut room)).unwrap();
        assert!(b.block.is_some());
    }

    #[test]
    fn in_stack_room() {
        let mut room = stack_room();
        let b = BlockWithHeader::new(8, 6, Some(&mut room)).unwrap();
        assert!(b.block.is_none());
        exercise(b);
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(BlockWithHeader::new(usize::MAX, 1, None).is_err());
        assert!(BlockWithHeader::new(8, usize::MAX, None).is_err());
    }

    #[test]
    #[should_panic(expected = "range out of the written bytes")]
    fn a_range_past_the_written_bytes_panics() {
        let mut b = BlockWithHeader::new(0, 8, None).unwrap();
        b.extend(b"ab").unwrap();
        let _ = b.extend_from_within(1..3);
    }
}
