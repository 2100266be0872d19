//! Percent decoding, encoding and re-encoding (LEGACY.md §2 and §3).
//!
//! Every transform writes into a [`Sink`], so the same loop serves a growing
//! `Vec<u8>` and a caller's fixed buffer that only counts what does not fit.
//! Runs of bytes that pass unchanged are copied in bulk.

use super::ascii::{hex_value, ByteSet, ALNUM, HEX_UPPER};

/// Where a transform writes its output.
pub trait Sink {
    /// Appends one byte.
    fn push(&mut self, b: u8);
    /// Appends a run of bytes.
    fn extend(&mut self, s: &[u8]);
    /// Appends `%` and the two upper-case hex digits of `b`.
    #[inline(always)]
    fn push_escaped(&mut self, b: u8) {
        self.extend(&[
            b'%',
            HEX_UPPER[(b >> 4) as usize],
            HEX_UPPER[(b & 15) as usize],
        ]);
    }
}

impl Sink for Vec<u8> {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        Vec::push(self, b)
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) {
        self.extend_from_slice(s)
    }
}

/// A sink over a fixed buffer: writes what fits, counts everything.
///
/// After a transform, [`BoundedSink::needed`] is the full output length even
/// when it exceeded the buffer; nothing is ever written past its end.
#[derive(Debug)]
pub struct BoundedSink<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> BoundedSink<'a> {
    /// A sink writing into `buf`.
    pub fn new(buf: &'a mut [u8]) -> Self {
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
}

impl Sink for BoundedSink<'_> {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
        }
        self.len += 1;
    }
    #[inline]
    fn extend(&mut self, s: &[u8]) {
        let start = self.len.min(self.buf.len());
        let end = (self.len + s.len()).min(self.buf.len());
        self.buf[start..end].copy_from_slice(&s[..end - start]);
        self.len += s.len();
    }
}

/// A sink that only counts.
#[derive(Debug, Default)]
pub struct CountingSink(pub usize);

impl Sink for CountingSink {
    #[inline(always)]
    fn push(&mut self, _b: u8) {
        self.0 += 1;
    }
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) {
        self.0 += s.len();
    }
}

/// Bytes URLEncodePath keeps: `A-Z a-z 0-9 ! $ ( ) * + , - . / : ; = _ ~`.
pub const PATH_KEEP: ByteSet = ALNUM.add_all(b"!$()*+,-./:;=_~");
/// Bytes URLEncodeFormArgs keeps: `A-Z a-z 0-9 ! $ ( ) * , - . / : _ | ~`.
/// This is also the set R of URLRecodeFormArgs.
pub const FORM_KEEP: ByteSet = ALNUM.add_all(b"!$()*,-./:_|~");
/// Bytes URLEncodePassword keeps: `A-Z a-z 0-9 ! $ * + , - . = _ ~`.
pub const PASSWORD_KEEP: ByteSet = ALNUM.add_all(b"!$*+,-.=_~");
/// Bytes URLRecodeFormArgs copies without looking further.
const RECODE_COPY: ByteSet = FORM_KEEP.add_all(b"&=;+?");

const _: () = {
    assert!(PATH_KEEP.contains(b'~') && !PATH_KEEP.contains(b'%') && !PATH_KEEP.contains(b'?'));
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
    /// Runs the codec on `s`, appending to `out`.
    pub fn apply<S: Sink>(self, s: &[u8], out: &mut S) {
        match self {
            Codec::DecodeGeneric => decode_generic(s, out),
            Codec::DecodeForm => decode_form(s, out),
            Codec::RecodeForm => recode_form(s, out),
            Codec::EncodePath => encode_path(s, out),
            Codec::EncodeForm => encode_form(s, out),
            Codec::EncodePassword => encode_password(s, out),
        }
    }
}

/// Index of the first byte at or after `from` that is in `set`, or `s.len()`.
#[inline(always)]
fn scan_until(s: &[u8], from: usize, set: &ByteSet) -> usize {
    let mut i = from;
    while i < s.len() && !set.contains(s[i]) {
        i += 1;
    }
    i
}

/// Index of the first byte at or after `from` that is not in `set`, or `s.len()`.
#[inline(always)]
fn scan_while(s: &[u8], from: usize, set: &ByteSet) -> usize {
    let mut i = from;
    while i < s.len() && set.contains(s[i]) {
        i += 1;
    }
    i
}

const PERCENT: ByteSet = ByteSet::EMPTY.add(b'%');
const PERCENT_PLUS: ByteSet = ByteSet::EMPTY.add(b'%').add(b'+');

#[inline(always)]
fn decode_with<S: Sink>(s: &[u8], out: &mut S, stops: &ByteSet, plus_is_space: bool) {
    let mut i = 0;
    while i < s.len() {
        let j = scan_until(s, i, stops);
        out.extend(&s[i..j]);
        if j == s.len() {
            return;
        }
        if s[j] == b'%' {
            if j + 2 < s.len() {
                out.push(16 * hex_value(s[j + 1]) + hex_value(s[j + 2]));
                i = j + 3;
            } else {
                out.push(b'%');
                i = j + 1;
            }
        } else {
            out.push(if plus_is_space { b' ' } else { s[j] });
            i = j + 1;
        }
    }
}

/// URLDecodeGeneric: `%XY` becomes the byte `16*H(X)+H(Y)` whenever two
/// bytes follow the `%` (a non-hex digit counts as 0); everything else is
/// copied. The output may contain NUL bytes; C callers see it end there.
pub fn decode_generic<S: Sink>(s: &[u8], out: &mut S) {
    decode_with(s, out, &PERCENT, false)
}

/// URLDecodeFormArgs: [`decode_generic`], and a `+` outside a triple is a space.
pub fn decode_form<S: Sink>(s: &[u8], out: &mut S) {
    decode_with(s, out, &PERCENT_PLUS, true)
}

#[inline(always)]
fn encode_with<S: Sink>(s: &[u8], out: &mut S, keep: &ByteSet, space_is_plus: bool) {
    let mut i = 0;
    while i < s.len() {
        let j = scan_while(s, i, keep);
        out.extend(&s[i..j]);
        if j == s.len() {
            return;
        }
        let b = s[j];
        if space_is_plus && b == b' ' {
            out.push(b'+');
        } else {
            out.push_escaped(b);
        }
        i = j + 1;
    }
}

/// URLEncodePath: keeps [`PATH_KEEP`], escapes every other byte as `%XY`.
pub fn encode_path<S: Sink>(s: &[u8], out: &mut S) {
    encode_with(s, out, &PATH_KEEP, false)
}

/// URLEncodeFormArgs: keeps [`FORM_KEEP`], a space becomes `+`, every other
/// byte `%XY`.
pub fn encode_form<S: Sink>(s: &[u8], out: &mut S) {
    encode_with(s, out, &FORM_KEEP, true)
}

/// URLEncodePassword: keeps [`PASSWORD_KEEP`], escapes every other byte.
pub fn encode_password<S: Sink>(s: &[u8], out: &mut S) {
    encode_with(s, out, &PASSWORD_KEEP, false)
}

/// URLRecodeFormArgs: normalises an encoded query (LEGACY.md §3).
///
/// Bytes of R and `& = ; + ?` are copied; a complete `%XY` triple becomes its
/// byte when that is in R, `+` when it is a space, else `%` and the two
/// original characters upper-cased; a space becomes `+`; any other byte
/// (including a `%` without two bytes after it) becomes `%XY`.
pub fn recode_form<S: Sink>(s: &[u8], out: &mut S) {
    let mut i = 0;
    while i < s.len() {
        let j = scan_while(s, i, &RECODE_COPY);
        out.extend(&s[i..j]);
        if j == s.len() {
            return;
        }
        let b = s[j];
        if b == b'%' && j + 2 < s.len() {
            let v = 16 * hex_value(s[j + 1]) + hex_value(s[j + 2]);
            if FORM_KEEP.contains(v) {
                out.push(v);
            } else if v == b' ' {
                out.push(b'+');
            } else {
                out.extend(&[
                    b'%',
                    s[j + 1].to_ascii_uppercase(),
                    s[j + 2].to_ascii_uppercase(),
                ]);
            }
            i = j + 3;
        } else {
            if b == b' ' {
                out.push(b'+');
            } else {
                out.push_escaped(b);
            }
            i = j + 1;
        }
    }
}

/// Cuts `v` at its first NUL byte, as a C string would end there.
#[inline]
pub fn truncate_at_nul(v: &mut Vec<u8>) {
    if let Some(p) = v.iter().position(|&b| b == 0) {
        v.truncate(p);
    }
}

/// The prefix of `s` before its first NUL byte.
#[inline]
pub fn c_prefix(s: &[u8]) -> &[u8] {
    match s.iter().position(|&b| b == 0) {
        Some(p) => &s[..p],
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(c: Codec, s: &[u8]) -> Vec<u8> {
        let mut v = Vec::new();
        c.apply(s, &mut v);
        v
    }

    #[test]
    fn decode_generic_edge_cases() {
        assert_eq!(run(Codec::DecodeGeneric, b"%41%4"), b"A%4");
        assert_eq!(run(Codec::DecodeGeneric, b"%%41"), b"\x041");
        assert_eq!(run(Codec::DecodeGeneric, b"%zz"), b"\0");
        assert_eq!(run(Codec::DecodeGeneric, b"a+b%"), b"a+b%");
    }

    #[test]
    fn decode_form_plus() {
        assert_eq!(run(Codec::DecodeForm, b"a+b%2B"), b"a b+");
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
        encode_path(b"a b c", &mut sink);
        assert_eq!(sink.needed(), 9);
        assert!(!sink.fits());
        assert_eq!(&buf, b"a%20");
    }

    #[test]
    fn escape_table_matches_format() {
        for b in 0..=255u8 {
            let mut v = Vec::new();
            v.push_escaped(b);
            assert_eq!(v, format!("%{b:02X}").into_bytes());
        }
    }
}
