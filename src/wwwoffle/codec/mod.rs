//! Percent decoding, encoding and re-encoding (doc/behaviour.md, Percent decoding to URLRecodeFormArgs).
//!
//! Every transform writes into a [`Sink`], so the same loop serves a growing
//! [`Buf`] and a caller's fixed buffer that only counts what does not fit.
//! Runs of bytes that pass unchanged are copied in bulk.
//!
//! This file holds [`Codec`], the six codecs by name, and what they share:
//! the byte sets each keeps, the block scans for the bytes each changes,
//! the value of a `%XY` triple and the stage of the escape-dense loops.
//! The codecs are in `decode.rs` (URLDecodeGeneric, URLDecodeFormArgs),
//! `encode.rs` (URLEncodePath, URLEncodeFormArgs, URLEncodePassword),
//! `recode.rs` (the one-pass transforms: URLRecodeFormArgs, and a record's
//! path decoded then encoded) and `transcode.rs` (a codec into a caller's
//! buffer, NUL-terminated).

use crate::bytes::ascii::{c_len, find_stop_fn, hex_value, stop_lanes_fn, ByteSet, ALNUM};
use crate::bytes::buf::Buf;

pub use crate::bytes::sink::{BoundedSink, CountingSink, Sink};

mod decode;
mod encode;
mod recode;
#[cfg(test)]
mod tests;
mod transcode;

pub(crate) use decode::decode_generic_find_nul;
use decode::decode_with;
pub use decode::{decode_form, decode_generic};
pub use encode::{encode_form, encode_password, encode_path};
use encode::{encode_with, Keep};
pub(crate) use recode::decode_encode_path;
pub use recode::recode_form;

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
    /// use wwwurl::bytes::buf::Buf;
    /// use wwwurl::wwwoffle::codec::Codec;
    ///
    /// assert!(Codec::DecodeGeneric.scan(b"/a/b.html").is_unchanged());
    /// let scanned = Codec::DecodeGeneric.scan(b"/a%20b");
    /// assert!(!scanned.is_unchanged());
    /// let mut out = Buf::new();
    /// scanned.apply(&mut out)?;
    /// assert_eq!(out, b"/a b");
    /// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
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

stop_lanes_fn!(
    /// The lanes of a block that URLEncodePath does not keep as they are.
    path_escape_lanes,
    path_escaped
);

stop_lanes_fn!(
    /// The lanes of a block that URLRecodeFormArgs does not just copy.
    recode_stop_lanes,
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
