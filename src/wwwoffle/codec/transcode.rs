//! A codec into a caller's buffer, ended with a NUL as far as it fits
//! ([`Codec::transcode_into`]), and its shortcut for the commonest text: a
//! short one that the codec leaves as it is, copied with the words its
//! scan loaded.

use super::{
    form_escape_lanes, password_escape_lanes, path_escape_lanes, percent_lanes,
    percent_or_plus_lanes, recode_stop_lanes, Codec,
};
use crate::bytes::ascii::{any_lane, byte_mask, Block, Lanes};
use crate::bytes::sink::{copy_into, BoundedSink, OutByte};

impl Codec {
    /// Runs the codec on `s` into `out` and ends the output with a NUL, as
    /// far as both fit (a [`BoundedSink`]: nothing is written past the end
    /// of `out`, a NUL only when it fits). Returns the size the whole
    /// output needs, its NUL included: it fitted when that is at most
    /// `out.len()`.
    ///
    /// Input the codec leaves as it is takes one scan and one copy; the
    /// rest goes through the codec's loop from where that scan stopped, so
    /// that no byte is scanned twice. Most paths of real URLs are the first
    /// kind.
    ///
    /// ```
    /// use wwwurl::wwwoffle::codec::Codec;
    ///
    /// let mut buf = [0u8; 8];
    /// assert_eq!(Codec::EncodePath.transcode_into(b"/a b", &mut buf), 7);
    /// assert_eq!(&buf[..7], b"/a%20b\0");
    /// assert_eq!(Codec::EncodePath.transcode_into(b"/a b/c", &mut buf), 9);
    /// ```
    #[inline(always)]
    pub fn transcode_into<T: OutByte>(self, s: &[u8], out: &mut [T]) -> usize {
        match self.transcode_short(s, out) {
            Some(need) => need,
            None => self.transcode_rest(s, out),
        }
    }

    /// [`Codec::transcode_into`] for a caller that has tried
    /// [`Codec::transcode_short`] on `s` already: the same result, without
    /// a second try (a short text that the codec changes was scanned once
    /// by it).
    ///
    /// ```
    /// use wwwurl::wwwoffle::codec::Codec;
    ///
    /// let mut buf = [0u8; 8];
    /// assert_eq!(Codec::EncodePath.transcode_short(b"/a b", &mut buf), None);
    /// assert_eq!(Codec::EncodePath.transcode_rest(b"/a b", &mut buf), 7);
    /// assert_eq!(&buf[..7], b"/a%20b\0");
    /// ```
    #[inline(always)]
    pub fn transcode_rest<T: OutByte>(self, s: &[u8], out: &mut [T]) -> usize {
        let n = s.len();
        let scanned = self.scan(s);
        if n < out.len() && scanned.is_unchanged() {
            copy_into(&mut out[..n], s);
            out[n].set(0);
            return n + 1;
        }
        let mut sink = BoundedSink::new(out);
        let Ok(_) = scanned.apply(&mut sink);
        sink.finish_nul();
        sink.needed() + 1
    }

    /// [`Codec::transcode_into`] for its commonest case alone: a text of 4
    /// to 32 bytes that the codec leaves as it is and that fits in `out`
    /// with its NUL. It is then copied and ended with a NUL, and the result
    /// is `Some` of its size, NUL included; for any other text `None`, and
    /// nothing is written. Its scan is the copy's loads, and it calls
    /// nothing: a caller can try it before any set-up that the other texts
    /// need.
    ///
    /// ```
    /// use wwwurl::wwwoffle::codec::Codec;
    ///
    /// let mut buf = [0xffu8; 12];
    /// assert_eq!(Codec::EncodePath.transcode_short(b"/a/b.html", &mut buf), Some(10));
    /// assert_eq!(&buf[..10], b"/a/b.html\0");
    /// assert_eq!(Codec::EncodePath.transcode_short(b"/a b.html", &mut buf), None);
    /// assert_eq!(Codec::EncodePath.transcode_short(b"/a", &mut buf), None);
    /// ```
    #[inline(always)]
    pub fn transcode_short<T: OutByte>(self, s: &[u8], out: &mut [T]) -> Option<usize> {
        let n = s.len();
        if n < out.len() && self.copy_short_if_unchanged(s, out) {
            out.get_mut(n)?.set(0);
            return Some(n + 1);
        }
        None
    }

    /// For a text of 4 to 32 bytes that the codec leaves as it is: copies
    /// it to the start of `out` and returns true; else writes nothing and
    /// returns false. The words the scan loads are the words it stores, so
    /// that such a text, most paths of real URLs, costs one block scan and
    /// two stores.
    #[inline(always)]
    fn copy_short_if_unchanged<T: OutByte>(self, s: &[u8], out: &mut [T]) -> bool {
        match self {
            Codec::DecodeGeneric => copy_short_unmarked::<T, 0>(s, out),
            Codec::DecodeForm => copy_short_unmarked::<T, 1>(s, out),
            Codec::RecodeForm => copy_short_unmarked::<T, 2>(s, out),
            Codec::EncodePath => copy_short_unmarked::<T, 3>(s, out),
            Codec::EncodeForm => copy_short_unmarked::<T, 4>(s, out),
            Codec::EncodePassword => copy_short_unmarked::<T, 5>(s, out),
        }
    }
}

/// The lanes of a block that the codec numbered `C` (in the order of
/// [`Codec`]) changes, or for URLRecodeFormArgs looks at. A number rather
/// than a function argument: passed as a function, the larger scans were
/// not inlined, a call and the lanes through memory each time.
#[inline(always)]
fn stop_lanes<const C: u8>(w: &Block) -> Lanes {
    match C {
        0 => percent_lanes(w),
        1 => percent_or_plus_lanes(w),
        2 => recode_stop_lanes(w),
        3 => path_escape_lanes(w),
        4 => form_escape_lanes(w),
        _ => password_escape_lanes(w),
    }
}

/// Whether the block `w`, built from two words, holds a byte that stops
/// the codec numbered `C`. The decoders look for one or two bytes, which
/// two words show as cheaply as a vector; the block of the others is one
/// vector whatever the compiler does with its words.
#[inline(always)]
fn any_stop_in_words<const C: u8>(w: Block) -> bool {
    let x = u128::from_le_bytes(w);
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    match C {
        0 => byte_mask(lo, b'%') | byte_mask(hi, b'%') != 0,
        1 => {
            byte_mask(lo, b'%') | byte_mask(hi, b'%') | byte_mask(lo, b'+') | byte_mask(hi, b'+')
                != 0
        }
        _ => any_lane(&stop_lanes::<C>(&w)),
    }
}

/// [`Codec::copy_short_if_unchanged`] for the codec numbered `C`.
#[inline(always)]
fn copy_short_unmarked<T: OutByte, const C: u8>(s: &[u8], out: &mut [T]) -> bool {
    let lanes = stop_lanes::<C>;
    let n = s.len();
    let Some(out) = out.get_mut(..n) else {
        return false;
    };
    match n {
        16..=32 => {
            let (Ok(a), Ok(b)) = (<Block>::try_from(&s[..16]), <Block>::try_from(&s[n - 16..]))
            else {
                return false;
            };
            let (ma, mb) = (lanes(&a), lanes(&b));
            let mut m = [0u8; 16];
            for k in 0..16 {
                m[k] = ma[k] | mb[k];
            }
            if any_lane(&m) {
                return false;
            }
            store_start(out, a);
            store_end(out, b);
        }
        8..16 => return copy_two_words::<T, C, 8>(s, out),
        4..8 => return copy_two_words::<T, C, 4>(s, out),
        _ => return false,
    }
    true
}

/// [`copy_short_unmarked`] for a text of `N` to `2 N - 1` bytes, as its
/// first and last `N` bytes, which overlap: one block of them (twice over
/// for `N` = 4) to scan, two words to store.
#[inline(always)]
fn copy_two_words<T: OutByte, const C: u8, const N: usize>(s: &[u8], out: &mut [T]) -> bool {
    let (Some(a), Some(b)) = (s.first_chunk::<N>(), s.last_chunk::<N>()) else {
        return false;
    };
    let mut w: Block = [0; 16];
    for (k, part) in w.chunks_exact_mut(N).enumerate() {
        part.copy_from_slice(if k % 2 == 0 { a } else { b });
    }
    if any_stop_in_words::<C>(w) {
        return false;
    }
    store_start(out, *a);
    store_end(out, *b);
    true
}

/// The first `N` bytes of `out` set to `w`, one store (nothing when `out`
/// is shorter, which the callers' checks rule out).
#[inline(always)]
fn store_start<T: OutByte, const N: usize>(out: &mut [T], w: [u8; N]) {
    if let Some(Ok(d)) = out.get_mut(..N).map(<&mut [T; N]>::try_from) {
        T::set_array(d, w);
    }
}

/// The last `N` bytes of `out` set to `w`, as [`store_start`]: from the
/// end, so that the compiler sees the length is `N` without a check.
#[inline(always)]
fn store_end<T: OutByte, const N: usize>(out: &mut [T], w: [u8; N]) {
    if let Some(k) = out.len().checked_sub(N) {
        if let Ok(d) = <&mut [T; N]>::try_from(&mut out[k..]) {
            T::set_array(d, w);
        }
    }
}
