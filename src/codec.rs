//! Percent decoding, encoding and re-encoding (doc/behaviour.md, Percent decoding to URLRecodeFormArgs).
//!
//! Every transform writes into a [`Sink`], so the same loop serves a growing
//! [`Buf`] and a caller's fixed buffer that only counts what does not fit.
//! Runs of bytes that pass unchanged are copied in bulk.

use crate::ascii::{
    any_lane, byte_mask, c_len, find_stop_fn, first_lane, hex_value, lane_bits, stop_lanes_fn,
    Block, ByteSet, Lanes, ALNUM,
};
use crate::buf::Buf;

use crate::sink::{copy_into, OutByte, ESCAPED};
pub use crate::sink::{BoundedSink, CountingSink, Sink};

/// Bytes URLEncodePath keeps: `A-Z a-z 0-9 ! $ ( ) * + , - . / : ; = _ ~`.
pub const PATH_KEEP: ByteSet = ALNUM.add_all(b"!$()*+,-./:;=_~");
/// Bytes URLEncodeFormArgs keeps: `A-Z a-z 0-9 ! $ ( ) * , - . / : _ | ~`.
/// This is also the set R of URLRecodeFormArgs.
pub const FORM_KEEP: ByteSet = ALNUM.add_all(b"!$()*,-./:_|~");
/// Bytes URLEncodePassword keeps: `A-Z a-z 0-9 ! $ * + , - . = _ ~`.
pub const PASSWORD_KEEP: ByteSet = ALNUM.add_all(b"!$*+,-.=_~");
/// Bytes URLRecodeFormArgs copies without looking further.
pub(crate) const RECODE_COPY: ByteSet = FORM_KEEP.add_all(b"&=;+?");

const _: () = {
    assert!(PATH_KEEP.contains(b'~') && !PATH_KEEP.contains(b'%') && !PATH_KEEP.contains(b'?'));
    // The lanes of both callers of `by_blocks` mark every `%`.
    assert!(!RECODE_COPY.contains(b'%'));
    assert!(FORM_KEEP.contains(b'|') && !FORM_KEEP.contains(b'+') && !FORM_KEEP.contains(b' '));
    assert!(PASSWORD_KEEP.contains(b'=') && !PASSWORD_KEEP.contains(b':'));
    assert!(!PASSWORD_KEEP.contains(b'@') && !PASSWORD_KEEP.contains(b'/'));
};

/// The six historical string codecs, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    /// URLDecodeGeneric.
    DecodeGeneric,
    /// URLDecodeFormArgs.
    DecodeForm,
    /// URLRecodeFormArgs.
    RecodeForm,
    /// URLEncodePath.
    EncodePath,
    /// URLEncodeFormArgs.
    EncodeForm,
    /// URLEncodePassword.
    EncodePassword,
}

impl Codec {
    /// Runs the codec on `s`, appending to `out`. Returns whether the
    /// output may hold a NUL byte that `s` did not: true only when a
    /// decoder decoded a `%XY` triple.
    pub fn apply<S: Sink>(self, s: &[u8], out: &mut S) -> Result<bool, S::Error> {
        self.apply_from(s, None, out)
    }

    /// `s` scanned for the first byte the codec changes: a text that it
    /// leaves as it is can then be copied, and any other is run through
    /// [`Scanned::apply`] without scanning its start again.
    ///
    /// ```
    /// use wwwurl::buf::Buf;
    /// use wwwurl::codec::Codec;
    ///
    /// assert!(Codec::DecodeGeneric.scan(b"/a/b.html").is_unchanged());
    /// let scanned = Codec::DecodeGeneric.scan(b"/a%20b");
    /// assert!(!scanned.is_unchanged());
    /// let mut out = Buf::new();
    /// scanned.apply(&mut out)?;
    /// assert_eq!(out, b"/a b");
    /// # Ok::<(), wwwurl::buf::NoMemory>(())
    /// ```
    #[inline(always)]
    pub fn scan(self, s: &[u8]) -> Scanned<'_> {
        Scanned {
            codec: self,
            text: s,
            unchanged: self.unchanged_prefix(s),
        }
    }

    /// [`Codec::apply`], given `k`, the [`Codec::unchanged_prefix`] of `s`
    /// (`None`: not scanned yet), where each codec's loop takes it for the
    /// result of its first scan.
    #[inline(always)]
    fn apply_from<S: Sink>(
        self,
        s: &[u8],
        k: Option<usize>,
        out: &mut S,
    ) -> Result<bool, S::Error> {
        match self {
            Codec::DecodeGeneric => return decode_with::<S, false>(s, k, out, false),
            Codec::DecodeForm => return decode_with::<S, false>(s, k, out, true),
            Codec::RecodeForm => match k {
                // The bytes before `k` are copied, and none of them starts
                // a triple: what follows does not depend on them.
                Some(k) => {
                    out.extend(&s[..k])?;
                    recode_form(&s[k..], out)?;
                }
                None => recode_form(s, out)?,
            },
            Codec::EncodePath => encode_with(s, k, out, Keep::Path)?,
            Codec::EncodeForm => encode_with(s, k, out, Keep::Form)?,
            Codec::EncodePassword => encode_with(s, k, out, Keep::Password)?,
        }
        Ok(false)
    }

    /// The length of the leading run of `s` that the codec copies as it
    /// is: all of `s` when the codec changes nothing in it, as for most
    /// paths of real URLs. One block scan, the one each codec's loop
    /// starts with.
    #[inline(always)]
    fn unchanged_prefix(self, s: &[u8]) -> usize {
        match self {
            Codec::DecodeGeneric => next_percent(s, 0),
            Codec::DecodeForm => next_percent_or_plus(s, 0),
            Codec::RecodeForm => next_recode_stop(s, 0),
            Codec::EncodePath => next_path_escape(s, 0),
            Codec::EncodeForm => next_form_escape(s, 0),
            Codec::EncodePassword => next_password_escape(s, 0),
        }
    }

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
    /// use wwwurl::codec::Codec;
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
    /// use wwwurl::codec::Codec;
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
    /// use wwwurl::codec::Codec;
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

/// A text that a codec has scanned for the first byte it changes
/// ([`Codec::scan`]).
#[derive(Clone, Copy, Debug)]
pub struct Scanned<'a> {
    codec: Codec,
    text: &'a [u8],
    /// [`Codec::unchanged_prefix`] of `text`.
    unchanged: usize,
}

impl<'a> Scanned<'a> {
    /// Whether the codec leaves the whole text as it is: its output is
    /// then the text itself.
    #[inline(always)]
    pub fn is_unchanged(&self) -> bool {
        self.unchanged == self.text.len()
    }

    /// [`Codec::apply`] of the text, from where the scan stopped.
    #[inline(always)]
    pub fn apply<S: Sink>(&self, out: &mut S) -> Result<bool, S::Error> {
        self.codec.apply_from(self.text, Some(self.unchanged), out)
    }
}

// The byte sets above as comparisons, which the scans below turn into
// vector code over 16 bytes at a time; each is checked against its set.

/// A byte of [`PATH_KEEP`].
#[inline(always)]
pub(crate) const fn path_keep_byte(b: u8) -> bool {
    (b.wrapping_sub(b'(') <= b';' - b'(')
        | (b.wrapping_sub(b'A') <= b'Z' - b'A')
        | (b.wrapping_sub(b'a') <= b'z' - b'a')
        | (b == b'!')
        | (b == b'$')
        | (b == b'=')
        | (b == b'_')
        | (b == b'~')
}

/// A byte of [`FORM_KEEP`].
#[inline(always)]
const fn form_keep_byte(b: u8) -> bool {
    (b.wrapping_sub(b'(') <= b'*' - b'(')
        | (b.wrapping_sub(b',') <= b':' - b',')
        | (b.wrapping_sub(b'A') <= b'Z' - b'A')
        | (b.wrapping_sub(b'a') <= b'z' - b'a')
        | (b == b'!')
        | (b == b'$')
        | (b == b'_')
        | (b == b'|')
        | (b == b'~')
}

/// A byte of [`PASSWORD_KEEP`].
#[inline(always)]
const fn password_keep_byte(b: u8) -> bool {
    (b.wrapping_sub(b'*') <= b'.' - b'*')
        | (b.wrapping_sub(b'0') <= b'9' - b'0')
        | (b.wrapping_sub(b'A') <= b'Z' - b'A')
        | (b.wrapping_sub(b'a') <= b'z' - b'a')
        | (b == b'!')
        | (b == b'$')
        | (b == b'=')
        | (b == b'_')
        | (b == b'~')
}

/// A byte of [`RECODE_COPY`].
#[inline(always)]
pub(crate) const fn recode_copy_byte(b: u8) -> bool {
    (b.wrapping_sub(b'(') <= b';' - b'(')
        | (b.wrapping_sub(b'A') <= b'Z' - b'A')
        | (b.wrapping_sub(b'a') <= b'z' - b'a')
        | (b == b'!')
        | (b == b'$')
        | (b == b'&')
        | (b == b'=')
        | (b == b'?')
        | (b == b'_')
        | (b == b'|')
        | (b == b'~')
}

const _: () = {
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        assert!(path_keep_byte(c) == PATH_KEEP.contains(c));
        assert!(form_keep_byte(c) == FORM_KEEP.contains(c));
        assert!(password_keep_byte(c) == PASSWORD_KEEP.contains(c));
        assert!(recode_copy_byte(c) == RECODE_COPY.contains(c));
        b += 1;
    }
};

#[inline(always)]
const fn is_percent(b: u8) -> bool {
    b == b'%'
}
#[inline(always)]
const fn is_percent_or_plus(b: u8) -> bool {
    (b == b'%') | (b == b'+')
}
#[inline(always)]
const fn path_escaped(b: u8) -> bool {
    !path_keep_byte(b)
}
#[inline(always)]
const fn form_escaped(b: u8) -> bool {
    !form_keep_byte(b)
}
#[inline(always)]
const fn password_escaped(b: u8) -> bool {
    !password_keep_byte(b)
}
#[inline(always)]
const fn recode_looked_at(b: u8) -> bool {
    !recode_copy_byte(b)
}

stop_lanes_fn!(percent_lanes, is_percent);
stop_lanes_fn!(percent_or_plus_lanes, is_percent_or_plus);
stop_lanes_fn!(form_escape_lanes, form_escaped);
stop_lanes_fn!(password_escape_lanes, password_escaped);

find_stop_fn!(
    /// The next `%`.
    next_percent,
    is_percent
);
find_stop_fn!(
    /// The next `%` or `+`.
    next_percent_or_plus,
    is_percent_or_plus
);
find_stop_fn!(
    /// The next byte that URLEncodePath escapes.
    next_path_escape,
    path_escaped
);
find_stop_fn!(
    /// The next byte that URLEncodeFormArgs changes.
    next_form_escape,
    form_escaped
);
find_stop_fn!(
    /// The next byte that URLEncodePassword escapes.
    next_password_escape,
    password_escaped
);
find_stop_fn!(
    /// The next byte that URLRecodeFormArgs does not just copy.
    next_recode_stop,
    recode_looked_at
);
/// `16 * hex_value(b)` at `b`, and `hex_value(b)` at `256 + b`: one load
/// per digit instead of three comparisons, and one table, whose address a
/// loop keeps in one register.
static HEX_NIBBLES: [u8; 512] = {
    let mut t = [0; 512];
    let mut b = 0;
    while b < 256 {
        t[b] = hex_value(b as u8) << 4;
        t[256 + b] = hex_value(b as u8);
        b += 1;
    }
    t
};

/// The byte of the triple `%XY` whose digits are `x` and `y`.
#[inline(always)]
pub(crate) fn triple_value(x: u8, y: u8) -> u8 {
    HEX_NIBBLES[usize::from(x)] | HEX_NIBBLES[256 + usize::from(y)]
}

/// Decodes `s` into `out`. Returns, with `FIND_NUL`, whether a `%XY`
/// triple decoded to a NUL byte (a C reader would see the output end
/// there), noted as the triples are decoded; without, whether a triple was
/// decoded at all (only then can the output hold a NUL), which costs
/// nothing a triple.
///
/// Plain runs are found by block scans and copied in bulk (form text with
/// its `+` made spaces on the way); a run of escapes (`%41%42...`, the
/// common case in escape-heavy URLs), or escapes among short plain runs,
/// are decoded by a loop of their own, with no scan or empty copy between
/// two triples. `first_stop`, when the caller has scanned for it, is the
/// first `%` (or, for form data, `+`) of `s`, or `s.len()`.
#[inline(always)]
fn decode_with<S: Sink, const FIND_NUL: bool>(
    s: &[u8],
    mut first_stop: Option<usize>,
    out: &mut S,
    plus_is_space: bool,
) -> Result<bool, S::Error> {
    let n = s.len();
    let mut i = 0;
    // Whether a triple was decoded, and the least byte one gave (0 when
    // one gave a NUL).
    let (mut found, mut least) = (false, u8::MAX);
    while i < n {
        match first_stop.take() {
            Some(j) => {
                out.extend(&s[i..j])?;
                i = j;
            }
            // Form text is copied with its `+` made spaces on the way, up
            // to the next `%`: a `+` does not stop the copy.
            None if plus_is_space => i = copy_form_text(s, i, out)?,
            None => {
                let j = next_percent(s, i);
                out.extend(&s[i..j])?;
                i = j;
            }
        }
        if i == n {
            break;
        }
        if i + 2 < n && s[i] == b'%' {
            // Returns anywhere past `i`, the next scan going on from there.
            found = true;
            i = if plus_is_space {
                decode_dense::<S, true, FIND_NUL>(s, i, out, &mut least)?
            } else {
                decode_dense::<S, false, FIND_NUL>(s, i, out, &mut least)?
            };
        } else if s[i] == b'%' {
            // A `%` without two bytes after it.
            out.push(b'%')?;
            i += 1;
        }
        // Else a `+` of form data where the caller's scan stopped: the
        // next round copies it as text.
    }
    Ok(if FIND_NUL { least == 0 } else { found })
}

/// Copies the form text `s[i..]` up to its next `%` (or its end) into
/// `out`, each `+` as a space; returns where it stopped. Sixteen bytes a
/// step, changed and staged whole, then counted up to the block's first
/// `%`: a text of `+` and plain bytes takes no stop. The last bytes, fewer
/// than sixteen, go through the same step in a block padded with NULs,
/// which are no `%`.
#[inline(never)]
fn copy_form_text<S: Sink>(s: &[u8], mut i: usize, out: &mut S) -> Result<usize, S::Error> {
    /// Stages the block `w` at `stage[o..]` with its `+` made spaces;
    /// returns the lane of its first `%`, if it has one.
    #[inline(always)]
    #[allow(clippy::needless_range_loop)]
    fn stage_spaced(w: &Block, stage: &mut [u8; FORM_STAGE + 16], o: usize) -> Option<usize> {
        let mut v = [0u8; 16];
        for k in 0..16 {
            v[k] = if w[k] == b'+' { b' ' } else { w[k] };
        }
        stage[o..o + 16].copy_from_slice(&v);
        let m = percent_lanes(w);
        any_lane(&m).then(|| first_lane(&m))
    }
    // Room for a last, padded block after a full stage.
    let mut stage = [0u8; FORM_STAGE + 16];
    loop {
        let mut o = 0;
        while o < FORM_STAGE {
            let Some(w) = s[i..].first_chunk::<16>() else {
                break;
            };
            if let Some(k) = stage_spaced(w, &mut stage, o) {
                out.extend(&stage[..o + k])?;
                return Ok(i + k);
            }
            o += 16;
            i += 16;
        }
        let rest = &s[i..];
        if rest.len() < 16 {
            let mut w = [0u8; 16];
            w[..rest.len()].copy_from_slice(rest);
            let k = stage_spaced(&w, &mut stage, o).unwrap_or(rest.len());
            out.extend(&stage[..o + k])?;
            return Ok(i + k);
        }
        out.extend(&stage[..o])?;
    }
}

/// The stage of [`copy_form_text`]: handed to the sink every 256 bytes.
const FORM_STAGE: usize = 256;

/// Decodes `s` from `i`, where a `%XY` triple starts, through a stage, a
/// word of eight bytes at a time: the word is copied whole (with
/// `PLUS_IS_SPACE`, its `+` made spaces) and counted up to its first `%`.
/// A `%` with its two digits in the same word is decoded from it, so that a
/// lone escape among plain bytes (`u%41`) costs one step; a `%` at the
/// word's start or in its last two bytes begins a run of triples, decoded
/// one by one. Returns after four words in a row without a `%` (32 bytes
/// of text, which the block loops of [`decode_with`] copy faster), or
/// where fewer than eight bytes are left, always past `i`. With
/// `FIND_NUL`, keeps in `least` the least byte a triple gave. Out of line:
/// the stage costs its set-up, which plain text never pays.
#[inline(never)]
fn decode_dense<S: Sink, const PLUS_IS_SPACE: bool, const FIND_NUL: bool>(
    s: &[u8],
    i: usize,
    out: &mut S,
    least_so_far: &mut u8,
) -> Result<usize, S::Error> {
    // A local: through the reference it would live in memory.
    let mut least = *least_so_far;
    // Room for a chunk's output and the eight-byte store that ends it.
    let mut stage = [0u8; STAGE_LEN + 8];
    // The text not yet decoded, as a slice that moves on: one length to
    // compare for each word, no index to check against it.
    let mut rest = &s[i..];
    loop {
        let mut o = 0;
        let mut plain_words = 0;
        while o < 2 * DENSE_CHUNK {
            let Some(w) = rest.first_chunk::<8>() else {
                // The triples at the start, then the rest is left to the
                // block loops (entered with fewer than eight bytes left,
                // this is where the stage makes its progress).
                triples_at::<FIND_NUL>(&mut rest, &mut stage, &mut o, &mut least);
                *least_so_far = least;
                out.extend(&stage[..o])?;
                return Ok(s.len() - rest.len());
            };
            let x = u64::from_le_bytes(*w);
            // The lowest flag is exact: the bytes before it are no `%`.
            let k = (byte_mask(x, b'%').trailing_zeros() / 8) as usize;
            if k == 0 {
                // A `%` with seven bytes after it: triples in a row.
                triples_at::<FIND_NUL>(&mut rest, &mut stage, &mut o, &mut least);
                plain_words = 0;
                continue;
            }
            // Form data's `+` become spaces in the word as it is copied,
            // every one at once (an exact mask: no borrow between bytes).
            let copied = if PLUS_IS_SPACE {
                const LOW7: u64 = u64::from_le_bytes([0x7f; 8]);
                let y = x ^ u64::from_le_bytes([b'+'; 8]);
                let plus = !(((y & LOW7) + LOW7) | y) & !LOW7;
                x ^ ((plus >> 7) * u64::from(b'+' ^ b' '))
            } else {
                x
            };
            let at = o & STAGE_MASK;
            stage[at..at + 8].copy_from_slice(&copied.to_le_bytes());
            if k <= 5 {
                // The `%` at `k` and its two digits are in the word: its
                // byte goes where the `%` was copied, so that a lone escape
                // among plain bytes (`u%41`) is one step, not a word step,
                // a run of one triple and another word step.
                let v = triple_value(w[k + 1], w[k + 2]);
                if FIND_NUL {
                    least = least.min(v);
                }
                stage[(o + k) & STAGE_MASK] = v;
                plain_words = 0;
                o += k + 1;
                rest = &rest[k + 3..];
                continue;
            }
            o += k;
            rest = &rest[k..];
            if k < 8 {
                // A `%` in the word's last two bytes, now first: its
                // triples at once rather than after a second look at the
                // word.
                triples_at::<FIND_NUL>(&mut rest, &mut stage, &mut o, &mut least);
                plain_words = 0;
                continue;
            }
            plain_words += 1;
            if plain_words == 4 {
                *least_so_far = least;
                out.extend(&stage[..o])?;
                return Ok(s.len() - rest.len());
            }
        }
        out.extend(&stage[..o])?;
    }
}

/// The `%XY` triples in a row at the start of `rest`, at most
/// [`DENSE_CHUNK`], decoded into `stage` from `*o`; moves `rest` and `*o`
/// past them and, with `FIND_NUL`, keeps in `least` the least byte they
/// gave. Inlined into each of its callers, so that the counts stay in
/// registers.
#[inline(always)]
fn triples_at<const FIND_NUL: bool>(
    rest: &mut &[u8],
    stage: &mut [u8; STAGE_LEN + 8],
    o: &mut usize,
    least: &mut u8,
) {
    // Each triple's byte goes to the next slot: one bounds check a run
    // rather than a mask of each index.
    let Some(slots) = stage.get_mut(*o..*o + DENSE_CHUNK) else {
        return;
    };
    let mut taken = 0;
    for (t, slot) in rest.chunks_exact(3).zip(slots) {
        let &[b'%', x, y] = t else { break };
        let v = triple_value(x, y);
        if FIND_NUL {
            *least = (*least).min(v);
        }
        *slot = v;
        taken += 1;
    }
    *o += taken;
    *rest = &rest[3 * taken..];
}

/// URLDecodeGeneric: `%XY` becomes the byte `16*H(X)+H(Y)` whenever two
/// bytes follow the `%` (a non-hex digit counts as 0); everything else is
/// copied. The output may contain NUL bytes; C callers see it end there.
///
/// ```
/// use wwwurl::buf::Buf;
/// use wwwurl::codec::decode_generic;
///
/// let mut out = Buf::new();
/// decode_generic(b"a%20b+c%2F", &mut out)?;
/// assert_eq!(out, b"a b+c/");
/// # Ok::<(), wwwurl::buf::NoMemory>(())
/// ```
///
/// Returns whether a triple was decoded: only then can the output hold a NUL.
pub fn decode_generic<S: Sink>(s: &[u8], out: &mut S) -> Result<bool, S::Error> {
    decode_with::<S, false>(s, None, out, false)
}

/// [`decode_generic`], returning instead whether a triple decoded to a NUL
/// byte (`%00`, or `%0` and a non-hex digit), where a C reader would see
/// the output end: for the record's fields, whose decoded text is cut
/// there, so that it need not be scanned for one.
pub(crate) fn decode_generic_find_nul<S: Sink>(s: &[u8], out: &mut S) -> Result<bool, S::Error> {
    decode_with::<S, true>(s, None, out, false)
}

/// URLDecodeFormArgs: [`decode_generic`], and a `+` outside a triple is a space.
///
/// ```
/// use wwwurl::buf::Buf;
/// use wwwurl::codec::decode_form;
///
/// let mut out = Buf::new();
/// decode_form(b"a%20b+c", &mut out)?;
/// assert_eq!(out, b"a b c");
/// # Ok::<(), wwwurl::buf::NoMemory>(())
/// ```
///
/// Returns whether a triple was decoded: only then can the output hold a NUL.
pub fn decode_form<S: Sink>(s: &[u8], out: &mut S) -> Result<bool, S::Error> {
    decode_with::<S, false>(s, None, out, true)
}

/// Which bytes an encoder keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Path,
    Form,
    Password,
}

/// What an encoder writes for each byte, as a `u32`: the output bytes
/// little-endian (one, or three for `%XY`) and their count in the top byte.
/// Escape-dense text is encoded with one load and one store a byte.
const fn encoder_table(keep: Keep) -> [u32; 256] {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let kept = match keep {
            Keep::Path => path_keep_byte(c),
            Keep::Form => form_keep_byte(c),
            Keep::Password => password_keep_byte(c),
        };
        t[b] = if kept {
            c as u32 | 1 << 24
        } else if matches!(keep, Keep::Form) && c == b' ' {
            b'+' as u32 | 1 << 24
        } else {
            ESCAPED[b] | 3 << 24
        };
        b += 1;
    }
    t
}

static ENCODE_PATH: [u32; 256] = encoder_table(Keep::Path);
static ENCODE_FORM: [u32; 256] = encoder_table(Keep::Form);
static ENCODE_PASSWORD: [u32; 256] = encoder_table(Keep::Password);

/// Input bytes an escape-dense loop takes before it hands its output to the
/// sink: at most three output bytes each, plus one byte of slack for the
/// four-byte stores, fit the stage.
const DENSE_CHUNK: usize = 32;
/// The stage of an escape-dense loop: a power of two, so that an index
/// masked with [`STAGE_MASK`] needs no bounds check.
type Stage = [u8; STAGE_LEN + 4];
const STAGE_LEN: usize = 128;
const STAGE_MASK: usize = 127;
const _: () = assert!(3 * DENSE_CHUNK + 4 <= STAGE_LEN);

#[inline(always)]
fn encode_with<S: Sink>(
    s: &[u8],
    mut first_stop: Option<usize>,
    out: &mut S,
    keep: Keep,
) -> Result<(), S::Error> {
    let table = match keep {
        Keep::Path => &ENCODE_PATH,
        Keep::Form => &ENCODE_FORM,
        Keep::Password => &ENCODE_PASSWORD,
    };
    let n = s.len();
    let mut i = 0;
    while i < n {
        // Kept bytes, by block scans and one copy.
        let j = match (first_stop.take(), keep) {
            (Some(j), _) => j,
            (None, Keep::Path) => next_path_escape(s, i),
            (None, Keep::Form) => next_form_escape(s, i),
            (None, Keep::Password) => next_password_escape(s, i),
        };
        out.extend(&s[i..j])?;
        i = j;
        if i < n {
            i = encode_dense(s, i, out, table)?;
        }
    }
    Ok(())
}

/// Encodes `s` from `i`, where a byte to escape is, by chunks through a
/// stage and `table` (see [`encoder_table`]), until a chunk has nothing to
/// escape; returns where it stopped. Out of line: the stage costs its
/// set-up, which text without escapes never pays.
#[inline(never)]
fn encode_dense<S: Sink>(
    s: &[u8],
    mut i: usize,
    out: &mut S,
    table: &[u32; 256],
) -> Result<usize, S::Error> {
    let mut stage: Stage = [0; STAGE_LEN + 4];
    while i < s.len() {
        let chunk = &s[i..s.len().min(i + DENSE_CHUNK)];
        let mut o = 0;
        for &b in chunk {
            let e = table[usize::from(b)];
            // `o` stays below 3 * DENSE_CHUNK: the mask changes nothing.
            let at = o & STAGE_MASK;
            stage[at..at + 4].copy_from_slice(&e.to_le_bytes());
            o += (e >> 24) as usize;
        }
        out.extend(&stage[..o])?;
        i += chunk.len();
        if o == chunk.len() {
            break;
        }
    }
    Ok(i)
}

/// URLEncodePath: keeps [`PATH_KEEP`], escapes every other byte as `%XY`.
///
/// ```
/// use wwwurl::buf::Buf;
/// use wwwurl::codec::{encode_path, BoundedSink};
///
/// let mut out = Buf::new();
/// encode_path(b"/a b/\xe9", &mut out)?;
/// assert_eq!(out, b"/a%20b/%E9");
///
/// // Into a caller's buffer: what fits is written, everything is counted,
/// // and nothing can fail.
/// let mut buf = [0u8; 4];
/// let mut sink = BoundedSink::new(&mut buf);
/// let Ok(()) = encode_path(b"/a b", &mut sink);
/// assert_eq!(sink.needed(), 6);
/// # Ok::<(), wwwurl::buf::NoMemory>(())
/// ```
pub fn encode_path<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    encode_with(s, None, out, Keep::Path)
}

/// URLDecodeGeneric then URLEncodePath in one pass, the decoded text cut
/// at its first NUL (as a C string would end there): what a record's path
/// goes through, CanonicaliseName aside.
///
/// Each `%XY` triple (a `%` with two bytes after it) is decoded and its
/// byte encoded at once, by the same table as [`encode_path`]; every other
/// byte is encoded as it is. CanonicaliseName may run on the result rather
/// than between the two codecs: it only looks at `/` and `.`, which the
/// encoder keeps, and the encoder writes neither for any other byte
/// (doc/behaviour.md, "CreateURL").
pub(crate) fn decode_encode_path<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    // Both return `None` at a NUL, where the C string would end.
    by_blocks(
        s,
        out,
        path_escape_lanes,
        |x, y| match triple_value(x, y) {
            0 => None,
            v => Some(ENCODE_PATH[usize::from(v)]),
        },
        |b| (b != 0).then(|| ENCODE_PATH[usize::from(b)]),
    )
}

/// Runs a codec through a stage, sixteen bytes at a time: each block of `s`
/// is copied whole, and kept up to its first lane that `lanes` marks (0 or
/// 0xff each; every `%` must be marked, as it starts a triple). There, at
/// the block's later marks, which its lanes give without a second scan,
/// and at each of the last fifteen bytes, the codec's tables take over:
/// `triple(x, y)` for each `%XY` in a row (at most [`STEP_TRIPLES`]), else
/// `byte(b)` for the one byte, each giving what to write (the bytes
/// little-endian, their count in the top byte), or `None` to stop there.
///
/// In escape-heavy text that is one block compare a run of escapes, with
/// no per-byte loop between two runs; in plain text, one compare and one
/// copy of 16 bytes. Not a byte loop between the escapes, which would take
/// plain bytes one at a time, nor a cheaper superset of the marked bytes,
/// which would stop at bytes that need nothing (`=`, `;`, `_`).
#[inline(always)]
fn by_blocks<S: Sink>(
    s: &[u8],
    out: &mut S,
    lanes: impl Fn(&Block) -> Lanes,
    triple: impl Fn(u8, u8) -> Option<u32>,
    byte: impl Fn(u8) -> Option<u32>,
) -> Result<(), S::Error> {
    let mut stage: BlockStage = [0; BLOCK_STAGE_MASK + 1 + 16];
    let n = s.len();
    let mut i = 0;
    loop {
        let mut o = 0;
        while o < BLOCK_STAGE_FILL {
            // The marks of the block from `i` on, one bit a byte (none
            // for the last fifteen bytes, taken one by one).
            let mut bits;
            // `i <= n` always: one length check for the block.
            if let Some(w) = s[i..].first_chunk::<16>() {
                let m = lanes(w);
                let at = o & BLOCK_STAGE_MASK;
                stage[at..at + 16].copy_from_slice(w);
                if !any_lane(&m) {
                    o += 16;
                    i += 16;
                    continue;
                }
                bits = lane_bits(&m);
                let k = bits.trailing_zeros();
                bits >>= k;
                o += k as usize;
                i += k as usize;
            } else if i == n {
                return out.extend(&stage[..o]);
            } else {
                bits = 0;
            }
            loop {
                // A marked byte, or one of the last fifteen: triples in a
                // row, or one byte. The triples by a slice pattern rather
                // than `chunks_exact(3)`, whose length costs a division by
                // three at each run.
                let mut taken = 0;
                if s[i] == b'%' {
                    if let Some(&[_, x, y]) = s.get(i..i + 3) {
                        // The first triple on its own: a lone escape among
                        // plain bytes (`u%41`) then skips the run's set-up.
                        let Some(e) = triple(x, y) else {
                            return out.extend(&stage[..o]);
                        };
                        o = put(&mut stage, o, e);
                        taken = 3;
                        // A run only where the block marks the byte after
                        // the triple (lane `i + 3`; a `%` is marked): a
                        // register test, not a load. Past the block's end,
                        // and among the last fifteen bytes, which have no
                        // marks, the next round takes the next triple.
                        if bits & 8 != 0 {
                            let run = &s[i + 3..n.min(i + 3 * STEP_TRIPLES)];
                            let mut t = run;
                            while let [b'%', x, y, rest @ ..] = t {
                                let Some(e) = triple(*x, *y) else {
                                    return out.extend(&stage[..o]);
                                };
                                o = put(&mut stage, o, e);
                                t = rest;
                            }
                            taken += run.len() - t.len();
                        }
                    }
                }
                if taken == 0 {
                    let Some(e) = byte(s[i]) else {
                        return out.extend(&stage[..o]);
                    };
                    o = put(&mut stage, o, e);
                    taken = 1;
                }
                i += taken;
                // The block's next mark, when it has one: the bytes up to
                // it are known to be kept, so they are staged without a
                // second look (in escape-heavy text a block holds several
                // marks, which would otherwise each cost a block scan).
                bits = bits.checked_shr(taken as u32).unwrap_or(0);
                if bits == 0 || o >= BLOCK_STAGE_FILL {
                    break;
                }
                let Some(w) = s[i..].first_chunk::<16>() else {
                    break;
                };
                let at = o & BLOCK_STAGE_MASK;
                stage[at..at + 16].copy_from_slice(w);
                let k = bits.trailing_zeros();
                bits >>= k;
                o += k as usize;
                i += k as usize;
            }
        }
        out.extend(&stage[..o])?;
    }
}

/// Triples in a row that [`by_blocks`] takes before it looks at the stage
/// again: their output, three bytes each, fits it after
/// [`BLOCK_STAGE_FILL`] + 16.
const STEP_TRIPLES: usize = 32;

/// The stage of [`by_blocks`]: handed to the sink once it holds
/// [`BLOCK_STAGE_FILL`] bytes. A byte, or a block, is staged below that;
/// a run of triples starts at most 15 bytes past it and writes at most
/// [`STEP_TRIPLES`] of them, then four bytes of slack: every index masked
/// with [`BLOCK_STAGE_MASK`] is in range and none is changed by the mask.
type BlockStage = [u8; BLOCK_STAGE_MASK + 1 + 16];
const BLOCK_STAGE_FILL: usize = 128;
const BLOCK_STAGE_MASK: usize = 255;
const _: () = assert!(BLOCK_STAGE_FILL + 15 + 3 * STEP_TRIPLES + 4 <= BLOCK_STAGE_MASK);

/// Writes the output bytes of a table entry `e` (see [`encoder_table`])
/// at `o`; returns where the next go.
#[inline(always)]
fn put(stage: &mut BlockStage, o: usize, e: u32) -> usize {
    let at = o & BLOCK_STAGE_MASK;
    stage[at..at + 4].copy_from_slice(&e.to_le_bytes());
    o + (e >> 24) as usize
}

stop_lanes_fn!(
    /// The lanes of a block that URLEncodePath does not keep as they are.
    path_escape_lanes,
    path_escaped
);

/// URLEncodeFormArgs: keeps [`FORM_KEEP`], a space becomes `+`, every other
/// byte `%XY`.
///
/// ```
/// use wwwurl::buf::Buf;
/// use wwwurl::codec::encode_form;
///
/// let mut out = Buf::new();
/// encode_form(b"a b&c=d", &mut out)?;
/// assert_eq!(out, b"a+b%26c%3Dd");
/// # Ok::<(), wwwurl::buf::NoMemory>(())
/// ```
pub fn encode_form<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    encode_with(s, None, out, Keep::Form)
}

/// URLEncodePassword: keeps [`PASSWORD_KEEP`], escapes every other byte.
pub fn encode_password<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    encode_with(s, None, out, Keep::Password)
}

/// URLRecodeFormArgs: normalises an encoded query (doc/behaviour.md, URLRecodeFormArgs).
///
/// Bytes of R and `& = ; + ?` are copied; a complete `%XY` triple becomes its
/// byte when that is in R, `+` when it is a space, else `%` and the two
/// original characters upper-cased; a space becomes `+`; any other byte
/// (including a `%` without two bytes after it) becomes `%XY`.
// Out of line, so that a caller of every codec (`Codec::apply`) does not
// have its other codecs' cases compiled around this one's two tables.
#[inline(never)]
pub fn recode_form<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    by_blocks(
        s,
        out,
        recode_stop_lanes,
        |x, y| {
            Some(match RECODE_TRIPLE[usize::from(triple_value(x, y))] {
                KEEP_ESCAPED => {
                    u32::from_le_bytes([b'%', x.to_ascii_uppercase(), y.to_ascii_uppercase(), 3])
                }
                e => e,
            })
        },
        |b| Some(RECODE[usize::from(b)]),
    )
}

stop_lanes_fn!(
    /// The lanes of a block that URLRecodeFormArgs does not just copy.
    recode_stop_lanes,
    recode_looked_at
);

/// What URLRecodeFormArgs writes for a byte that does not start a `%XY`
/// triple, as [`encoder_table`] gives it: the byte itself when it is copied,
/// `+` for a space, else `%XY`.
static RECODE: [u32; 256] = recode_table(false);

/// What URLRecodeFormArgs writes for a `%XY` triple, by the byte `v` it
/// stands for, as [`RECODE`] holds it: `v` when it is kept, `+` for a
/// space, else [`KEEP_ESCAPED`] (the triple stays, its digits upper-cased).
/// One load where the byte's class took a dozen comparisons a triple.
static RECODE_TRIPLE: [u32; 256] = recode_table(true);

/// [`RECODE_TRIPLE`] with `triples`, else [`RECODE`].
const fn recode_table(triples: bool) -> [u32; 256] {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let kept = if triples {
            form_keep_byte(c)
        } else {
            recode_copy_byte(c)
        };
        t[b] = if kept {
            c as u32 | 1 << 24
        } else if c == b' ' {
            b'+' as u32 | 1 << 24
        } else if triples {
            KEEP_ESCAPED
        } else {
            ESCAPED[b] | 3 << 24
        };
        b += 1;
    }
    t
}

/// The mark in [`RECODE_TRIPLE`] of a triple that stays escaped.
const KEEP_ESCAPED: u32 = 0;

/// Cuts `v` at its first NUL byte, as a C string would end there.
#[inline]
pub fn truncate_at_nul(v: &mut Buf) {
    v.truncate(c_len(v));
}

/// The prefix of `s` before its first NUL byte.
#[inline]
pub fn c_prefix(s: &[u8]) -> &[u8] {
    &s[..c_len(s)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every codec.
    const ALL_CODECS: [Codec; 6] = [
        Codec::DecodeGeneric,
        Codec::DecodeForm,
        Codec::RecodeForm,
        Codec::EncodePath,
        Codec::EncodeForm,
        Codec::EncodePassword,
    ];

    fn run(c: Codec, s: &[u8]) -> Vec<u8> {
        let mut v = Buf::new();
        c.apply(s, &mut v).unwrap();
        v.into_vec()
    }

    #[test]
    fn extend_nul_cut_splits_one_run_into_two_fields() {
        let mut v = Buf::new();
        v.extend_nul_cut(b"http://h", 4).unwrap();
        v.extend_nul_cut(b"/p?", 2).unwrap();
        v.extend_nul_cut(b"ab", 2).unwrap();
        v.extend_nul_cut(b"", 0).unwrap();
        assert_eq!(v, b"http\0//h\0/p\0\0ab\0\0");
        let mut buf = [0xaa; 6];
        let mut b = BoundedSink::new(&mut buf);
        let Ok(()) = b.extend_nul_cut(b"abc:de", 3);
        assert_eq!(b.needed(), 7);
        assert_eq!(&buf, b"abc\0de");
    }

    #[test]
    fn decode_generic_edge_cases() {
        assert_eq!(run(Codec::DecodeGeneric, b"%41%4"), b"A%4");
        assert_eq!(run(Codec::DecodeGeneric, b"%%41"), b"\x041");
        assert_eq!(run(Codec::DecodeGeneric, b"%zz"), b"\0");
        assert_eq!(run(Codec::DecodeGeneric, b"a+b%"), b"a+b%");
    }

    /// The codecs as plain byte loops, the way doc/behaviour.md states them.
    fn reference(c: Codec, s: &[u8]) -> Vec<u8> {
        let mut v = Vec::new();
        let mut i = 0;
        let esc = |v: &mut Vec<u8>, b: u8| v.extend_from_slice(format!("%{b:02X}").as_bytes());
        while i < s.len() {
            let b = s[i];
            let triple = (b == b'%' && i + 2 < s.len())
                .then(|| 16 * hex_value(s[i + 1]) + hex_value(s[i + 2]));
            match c {
                Codec::DecodeGeneric | Codec::DecodeForm => match triple {
                    Some(t) => {
                        v.push(t);
                        i += 2;
                    }
                    None if c == Codec::DecodeForm && b == b'+' => v.push(b' '),
                    None => v.push(b),
                },
                Codec::RecodeForm => match triple {
                    Some(t) if FORM_KEEP.contains(t) => {
                        v.push(t);
                        i += 2;
                    }
                    Some(b' ') => {
                        v.push(b'+');
                        i += 2;
                    }
                    Some(_) => {
                        v.push(b'%');
                        v.push(s[i + 1].to_ascii_uppercase());
                        v.push(s[i + 2].to_ascii_uppercase());
                        i += 2;
                    }
                    None if RECODE_COPY.contains(b) => v.push(b),
                    None if b == b' ' => v.push(b'+'),
                    None => esc(&mut v, b),
                },
                Codec::EncodePath if PATH_KEEP.contains(b) => v.push(b),
                Codec::EncodeForm if FORM_KEEP.contains(b) => v.push(b),
                Codec::EncodeForm if b == b' ' => v.push(b'+'),
                Codec::EncodePassword if PASSWORD_KEEP.contains(b) => v.push(b),
                _ => esc(&mut v, b),
            }
            i += 1;
        }
        v
    }

    /// Every codec agrees with its byte loop on long random inputs that mix
    /// escapes, plain runs of every length and the bytes each codec treats
    /// specially, so that every switch between the block scans and the
    /// escape-dense loops is crossed.
    #[test]
    fn codecs_match_byte_loops() {
        let pieces: [&[u8]; 13] = [
            b"\0",
            b"%41",
            b"%2f",
            b"%",
            b"+",
            b" ",
            b"a",
            b"abcdefgh",
            b"abcdefghijklmnopq",
            b"%zz",
            b"\xff",
            b"&amp;",
            b"%00",
        ];
        let codecs = ALL_CODECS;
        let mut seed = 17u32;
        for _ in 0..3000 {
            let mut s = Vec::new();
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            for _ in 0..(seed >> 16) % 120 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                s.extend_from_slice(pieces[(seed >> 16) as usize % pieces.len()]);
            }
            for c in codecs {
                assert_eq!(
                    run(c, &s),
                    reference(c, &s),
                    "{c:?} {:?}",
                    String::from_utf8_lossy(&s)
                );
            }
        }
        // Runs of triples longer than one step of the block stage takes,
        // from every offset in a block.
        for triple in ["%20", "%26", "%41", "%zz", "%e9"] {
            for prefix in 0..=20 {
                let mut s = vec![b'a'; prefix];
                s.extend(triple.repeat(100).bytes());
                s.push(b'b');
                for c in codecs {
                    assert_eq!(run(c, &s), reference(c, &s), "{c:?} {triple} {prefix}");
                }
            }
        }
        // Escapes and `+` among single plain bytes, long enough for the
        // dense loop (or, for form text without escapes, the copy of form
        // text) to fill its stage, from every offset in a word.
        for unit in [
            "+",
            "a+",
            "u%41",
            "+%41",
            "a+b%41",
            "ab%41",
            "%41u%42",
            "abc%41",
            "abcd%4+",
            "abcde%41",
            "abcdef%41",
            "abcdefg%41",
            "u%00",
            "u%",
        ] {
            for prefix in 0..=9 {
                for suffix in 0..=9 {
                    let mut s = vec![b'a'; prefix];
                    s.extend(unit.repeat(60).bytes());
                    s.extend(std::iter::repeat_n(b'z', suffix));
                    for c in codecs {
                        assert_eq!(
                            run(c, &s),
                            reference(c, &s),
                            "{c:?} {unit} {prefix} {suffix}"
                        );
                    }
                }
            }
        }
    }

    /// A scanned text and the caller's-buffer form against [`Codec::apply`]:
    /// the same bytes, what fits written and nothing past it, the NUL only
    /// when it fits, the size needed counted; on texts that each codec
    /// leaves as they are (the copy) and on texts it changes anywhere.
    #[test]
    fn scanned_and_transcode_into_match_apply() {
        let plain: [&[u8]; 5] = [b"a", b"/", b"abcdefgh", b"-._~", b"abcdefghijklmnopq"];
        let any: [&[u8]; 8] = [b"%41", b"%", b"+", b" ", b"\0", b"&", b"\xff", b"%zz"];
        let mut seed = 23u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 16) as usize
        };
        for round in 0..2000 {
            let mut s = Vec::new();
            for _ in 0..next() % 40 {
                // Half the texts are plain, the others change at a place
                // anywhere in them.
                if round % 2 == 1 && next() % 6 == 0 {
                    s.extend_from_slice(any[next() % any.len()]);
                } else {
                    s.extend_from_slice(plain[next() % plain.len()]);
                }
            }
            for c in ALL_CODECS {
                let want = run(c, &s);
                let scanned = c.scan(&s);
                if scanned.is_unchanged() {
                    assert_eq!(want, s, "{c:?}");
                }
                let mut got = Buf::new();
                scanned.apply(&mut got).unwrap();
                assert_eq!(got.into_vec(), want, "{c:?} {s:?}");
                for cap in 0..want.len() + 3 {
                    let mut buf = vec![0xAAu8; cap + 4];
                    let need = c.transcode_into(&s, &mut buf[..cap]);
                    assert_eq!(need, want.len() + 1, "{c:?} {s:?} {cap}");
                    let written = want.len().min(cap);
                    assert_eq!(&buf[..written], &want[..written], "{c:?} {s:?} {cap}");
                    let rest = if cap > want.len() {
                        assert_eq!(buf[want.len()], 0, "{c:?} {s:?} {cap}");
                        want.len() + 1
                    } else {
                        written
                    };
                    assert!(buf[rest..].iter().all(|&b| b == 0xAA), "{c:?} {s:?} {cap}");
                }
            }
        }
    }

    /// The short path alone: it takes exactly the texts of 4 to 32 bytes
    /// that the codec leaves as they are and that fit with their NUL, for a
    /// byte that the codec changes at every place, and writes nothing else.
    #[test]
    fn transcode_short_takes_exactly_short_unchanged_texts() {
        // Bytes that every codec keeps, then bytes that some change.
        let plain = b"abcXYZ019-._~!$*,";
        let special = b"%+ &\0\xff?#=;|'@[()/:";
        for c in ALL_CODECS {
            for n in 0..=40usize {
                let mut texts = vec![plain
                    .iter()
                    .cycle()
                    .skip(n)
                    .take(n)
                    .copied()
                    .collect::<Vec<u8>>()];
                assert_eq!(run(c, &texts[0]), texts[0], "{c:?}: not all plain");
                for k in 0..n {
                    for &b in special {
                        let mut t = texts[0].clone();
                        t[k] = b;
                        texts.push(t);
                    }
                }
                for t in &texts {
                    let unchanged = run(c, t) == *t && c.scan(t).is_unchanged();
                    for cap in n.saturating_sub(1)..n + 3 {
                        let mut buf = vec![0xAAu8; cap + 4];
                        let got = c.transcode_short(t, &mut buf[..cap]);
                        let takes = (4..=32).contains(&n) && unchanged && n < cap;
                        if takes {
                            assert_eq!(got, Some(n + 1), "{c:?} {t:?} {cap}");
                            assert_eq!(&buf[..n], &t[..], "{c:?} {t:?} {cap}");
                            assert_eq!(buf[n], 0, "{c:?} {t:?} {cap}");
                            assert!(buf[n + 1..].iter().all(|&b| b == 0xAA), "{c:?} {t:?}");
                        } else {
                            assert_eq!(got, None, "{c:?} {t:?} {cap}");
                            assert!(buf.iter().all(|&b| b == 0xAA), "{c:?} {t:?} {cap}");
                        }
                        // Memory that holds nothing yet, as the C layer
                        // gives it, takes the same texts (its bytes, which
                        // safe code cannot read, are checked through the C
                        // ABI by c-tests/test_modern.c).
                        let mut raw = vec![core::mem::MaybeUninit::<u8>::uninit(); cap];
                        assert_eq!(c.transcode_short(t, &mut raw[..]), got, "{c:?} {t:?} {cap}");
                    }
                }
            }
        }
    }

    /// The one-pass path transcoder against its definition: decode, cut at
    /// the first NUL, encode; and CanonicaliseName commuting with the
    /// encoder, which lets the record canonicalise the encoded path.
    #[test]
    fn decode_encode_path_is_decode_cut_encode() {
        let canon = |v: &[u8]| {
            let mut v = v.to_vec();
            let n = crate::path::canonicalise_in_place(&mut v);
            v.truncate(n);
            v
        };
        let check = |s: &[u8]| {
            let decoded = reference(Codec::DecodeGeneric, s);
            let decoded = c_prefix(&decoded);
            let mut fused = Buf::new();
            decode_encode_path(s, &mut fused).unwrap();
            let fused = fused.to_vec();
            assert_eq!(
                fused,
                reference(Codec::EncodePath, decoded),
                "{:?}",
                String::from_utf8_lossy(s)
            );
            assert_eq!(
                canon(&fused),
                reference(Codec::EncodePath, &canon(decoded)),
                "{:?}",
                String::from_utf8_lossy(s)
            );
        };
        // Every string of up to six units over a mix of dots, slashes,
        // triples that decode to them, and bytes the encoder escapes.
        let units: [&[u8]; 9] = [b"/", b".", b"a", b"%2E", b"%2f", b"%41", b" ", b"%", b"%00"];
        let mut s = Vec::new();
        for len in 0..=6u32 {
            for k in 0..units.len().pow(len) {
                s.clear();
                let mut k = k;
                for _ in 0..len {
                    s.extend_from_slice(units[k % units.len()]);
                    k /= units.len();
                }
                check(&s);
            }
        }
        // Long random text, through the block stage and its steps.
        let pieces: [&[u8]; 11] = [
            b"\0",
            b"%41",
            b"%2f",
            b"%",
            b"/",
            b"/./",
            b"/../",
            b"abcdefghijklmnopq",
            b"%zz",
            b"\xff",
            b"%e9",
        ];
        let mut seed = 29u32;
        for _ in 0..3000 {
            s.clear();
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            for _ in 0..(seed >> 16) % 150 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                s.extend_from_slice(pieces[(seed >> 16) as usize % pieces.len()]);
            }
            check(&s);
        }
        // Runs of triples longer than one step takes, from every offset in
        // a block, so that steps start late in the stage.
        for triple in ["%20", "%41", "%2e", "%2F", "%zz"] {
            for prefix in 0..=20 {
                s.clear();
                s.extend(std::iter::repeat_n(b'a', prefix));
                s.extend(triple.repeat(100).bytes());
                s.extend_from_slice(b"/x");
                check(&s);
            }
        }
    }

    /// The NUL-finding decoder reports a NUL exactly when a triple gave
    /// one, however the triples fall into the dense loop's chunks and
    /// words; the plain one, whether a triple was decoded.
    #[test]
    fn decoders_report_decoded_nul() {
        let plain = "abcdefgh".repeat(5);
        for (s, nul) in [
            ("%00".to_string(), true),
            ("a%0zb".to_string(), true),
            ("%zz".to_string(), true),
            ("%41%42".to_string(), false),
            ("abc".to_string(), false),
            ("%".to_string(), false),
            ("%4".to_string(), false),
            (format!("%41{plain}%00"), true),
            (format!("{}%00", "%41".repeat(40)), true),
            (format!("%00{plain}%41"), true),
            (format!("%41{plain}%41"), false),
        ] {
            let mut v = Buf::new();
            assert_eq!(
                decode_generic_find_nul(s.as_bytes(), &mut v).unwrap(),
                nul,
                "{s}"
            );
            assert_eq!(v.contains(&0), nul, "{s}");
            let mut w = Buf::new();
            let decoded = decode_generic(s.as_bytes(), &mut w).unwrap();
            assert_eq!(w, v, "{s}");
            assert_eq!(decoded, s.len() > 2 && s.contains('%'), "{s}");
        }
    }

    /// What the decoders return, against a byte loop, on random mixes of
    /// escapes and plain bytes: the dense loop notes a triple in its runs,
    /// in its words and at the end of the text.
    #[test]
    fn decoders_report_triples_at_every_step() {
        // The output, whether a triple gave a NUL, whether a triple was decoded.
        fn reference(s: &[u8], plus: bool) -> (Vec<u8>, bool, bool) {
            let (mut out, mut nul, mut any) = (Vec::new(), false, false);
            let mut i = 0;
            while i < s.len() {
                if s[i] == b'%' && i + 2 < s.len() {
                    let v = hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]);
                    out.push(v);
                    (nul, any) = (nul | (v == 0), true);
                    i += 3;
                } else {
                    out.push(if plus && s[i] == b'+' { b' ' } else { s[i] });
                    i += 1;
                }
            }
            (out, nul, any)
        }
        let pieces: [&[u8]; 9] = [
            b"%41",
            b"%00",
            b"%0z",
            b"u",
            b"abcdefg",
            b"+",
            b"%",
            b"ab",
            b"abcdefghijklmnopqrstuvwxyz01234",
        ];
        let mut rng = crate::test_rng::Rng::new(41);
        for _ in 0..20_000 {
            let mut s = Vec::new();
            for _ in 0..rng.below(40) {
                s.extend_from_slice(pieces[rng.below(pieces.len())]);
            }
            let (want, nul, any) = reference(&s, false);
            let mut out = Buf::new();
            assert_eq!(decode_generic_find_nul(&s, &mut out).unwrap(), nul, "{s:?}");
            assert_eq!(out, want[..], "{s:?}");
            let mut out = Buf::new();
            assert_eq!(decode_generic(&s, &mut out).unwrap(), any, "{s:?}");
            assert_eq!(out, want[..], "{s:?}");
            let (want, _, any) = reference(&s, true);
            let mut out = Buf::new();
            assert_eq!(decode_form(&s, &mut out).unwrap(), any, "{s:?}");
            assert_eq!(out, want[..], "{s:?}");
        }
        // Form text longer than the stages, with one escape (or a `%` too
        // close to the end for a triple) anywhere in it.
        for len in [15usize, 16, 17, 255, 256, 257, 271, 272, 273, 600] {
            let text: Vec<u8> = (0..len)
                .map(|k| if k % 3 == 0 { b'+' } else { b'a' })
                .collect();
            for at in (0..=len).step_by(7).chain([len.saturating_sub(1), len]) {
                for escape in [&b"%41"[..], b"%", b"%4"] {
                    let mut s = text.clone();
                    s.splice(at..at, escape.iter().copied());
                    let (want, _, any) = reference(&s, true);
                    let mut out = Buf::new();
                    assert_eq!(
                        decode_form(&s, &mut out).unwrap(),
                        any,
                        "{len} {at} {escape:?}"
                    );
                    assert_eq!(out, want[..], "{len} {at} {escape:?}");
                }
            }
        }
    }

    #[test]
    fn decode_form_plus() {
        assert_eq!(run(Codec::DecodeForm, b"a+b%2B"), b"a b+");
        // Whether a triple was decoded, in text whose `+` are copied as
        // spaces and between escapes.
        let mut out = Buf::new();
        assert!(!decode_form(b"a+b+c+d+e+f+g+h+i+j+k", &mut out).unwrap());
        assert_eq!(out, b"a b c d e f g h i j k");
        let mut out = Buf::new();
        assert!(decode_form(b"a+b+c+d+e+f+g+h%41+j+k", &mut out).unwrap());
        assert_eq!(out, b"a b c d e f g hA j k");
    }

    #[test]
    fn encoders_escape_upper_case() {
        assert_eq!(run(Codec::EncodePath, b"a b/\xff~"), b"a%20b/%FF~");
        assert_eq!(run(Codec::EncodeForm, b"a b+|"), b"a+b%2B|");
        assert_eq!(run(Codec::EncodePassword, b"u:p@"), b"u%3Ap%40");
    }

    #[test]
    fn recode_form_rules() {
        assert_eq!(run(Codec::RecodeForm, b"%7e%20%2b%zz%"), b"~+%2B%ZZ%25");
        assert_eq!(run(Codec::RecodeForm, b"a b&c=d;e?f"), b"a+b&c=d;e?f");
    }

    #[test]
    fn bounded_sink_counts_and_never_overflows() {
        let mut buf = [0u8; 4];
        let mut sink = BoundedSink::new(&mut buf);
        let Ok(()) = encode_path(b"a b c", &mut sink);
        assert_eq!(sink.needed(), 9);
        assert!(!sink.fits());
        assert_eq!(&buf, b"a%20");
    }

    /// The block scans agree with a byte loop from every start, on every
    /// length (whole blocks, the last block, a short padded block, bytes).
    #[test]
    fn block_scans_match_byte_loops() {
        let alphabet = b"az/%+ .~?\xff\0AZ";
        let mut seed = 11u32;
        for _ in 0..300 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let len = (seed >> 16) as usize % 48;
            let s: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    // Mostly kept bytes, so that scans run long.
                    if (seed >> 16).is_multiple_of(4) {
                        alphabet[(seed >> 20) as usize % alphabet.len()]
                    } else {
                        b'a' + (seed >> 20) as u8 % 26
                    }
                })
                .collect();
            let naive = |i: usize, stop: fn(u8) -> bool| {
                (i..s.len()).find(|&k| stop(s[k])).unwrap_or(s.len())
            };
            for i in 0..=s.len() {
                assert_eq!(next_percent(&s, i), naive(i, is_percent), "{s:?} {i}");
                assert_eq!(
                    next_percent_or_plus(&s, i),
                    naive(i, is_percent_or_plus),
                    "{s:?} {i}"
                );
                assert_eq!(next_path_escape(&s, i), naive(i, path_escaped), "{s:?} {i}");
                assert_eq!(next_form_escape(&s, i), naive(i, form_escaped), "{s:?} {i}");
                assert_eq!(
                    next_password_escape(&s, i),
                    naive(i, password_escaped),
                    "{s:?} {i}"
                );
            }
        }
    }

    /// The lanes of `by_blocks`'s codecs, each byte value in each lane.
    #[test]
    fn block_lanes_match_byte_predicates() {
        for shift in 0..16u8 {
            for base in (0..=255u8).step_by(16) {
                let w: Block = core::array::from_fn(|k| base + (k as u8 + shift) % 16);
                for (k, &b) in w.iter().enumerate() {
                    let lane = |m: Lanes| m[k];
                    let want = |hit: bool| if hit { 0xff } else { 0 };
                    assert_eq!(lane(path_escape_lanes(&w)), want(path_escaped(b)));
                    assert_eq!(lane(recode_stop_lanes(&w)), want(recode_looked_at(b)));
                }
            }
        }
    }

    #[test]
    fn escape_table_matches_format() {
        for b in 0..=255u8 {
            let mut v = Buf::new();
            v.push_escaped(b).unwrap();
            assert_eq!(v.into_vec(), format!("%{b:02X}").into_bytes());
        }
    }
}
