//! Percent decoding, encoding and re-encoding (doc/behaviour.md, Percent decoding to URLRecodeFormArgs).
//!
//! Every transform writes into a [`Sink`], so the same loop serves a growing
//! `Vec<u8>` and a caller's fixed buffer that only counts what does not fit.
//! Runs of bytes that pass unchanged are copied in bulk.

use super::ascii::{find_stop_fn, hex_value, ByteSet, ALNUM, HEX_UPPER};

/// Where a transform writes its output.
pub trait Sink {
    /// Appends one byte.
    fn push(&mut self, b: u8);
    /// Appends a run of bytes.
    fn extend(&mut self, s: &[u8]);
    /// Appends a run of bytes and a NUL: one field of a record.
    #[inline(always)]
    fn extend_nul(&mut self, s: &[u8]) {
        self.extend(s);
        self.push(0);
    }
    /// Appends `s` and a NUL, the byte at `k` (when `k < s.len()`) also
    /// becoming a NUL: two fields that lie one byte apart in `s` (a
    /// protocol and the host after its `://`, a path and the args after its
    /// `?`), in one copy.
    #[inline(always)]
    fn extend_nul_cut(&mut self, s: &[u8], k: usize) {
        if k < s.len() {
            self.extend(&s[..k]);
            self.push(0);
            self.extend_nul(&s[k + 1..]);
        } else {
            self.extend_nul(s);
        }
    }
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
pub(crate) const RECODE_COPY: ByteSet = FORM_KEEP.add_all(b"&=;+?");

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

    /// [`Codec::apply`] as a C caller sees the result of a NUL-free `s`:
    /// the output ends before the first decoded NUL byte (only the
    /// decoders make one), with no second pass to find it.
    pub fn apply_c<S: Sink>(self, s: &[u8], out: &mut S) {
        match self {
            Codec::DecodeGeneric => decode_with::<S, true>(s, out, false),
            Codec::DecodeForm => decode_with::<S, true>(s, out, true),
            _ => self.apply(s, out),
        }
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

/// Decodes `s` into `out`; with `STOP_AT_NUL`, the output ends before the
/// first decoded NUL byte, where a C reader would see it end.
#[inline(always)]
fn decode_with<S: Sink, const STOP_AT_NUL: bool>(s: &[u8], out: &mut S, plus_is_space: bool) {
    let mut i = 0;
    while i < s.len() {
        let j = if plus_is_space {
            next_percent_or_plus(s, i)
        } else {
            next_percent(s, i)
        };
        out.extend(&s[i..j]);
        if j == s.len() {
            return;
        }
        if s[j] == b'%' {
            if j + 2 < s.len() {
                let v = 16 * hex_value(s[j + 1]) + hex_value(s[j + 2]);
                if STOP_AT_NUL && v == 0 {
                    return;
                }
                out.push(v);
                i = j + 3;
            } else {
                out.push(b'%');
                i = j + 1;
            }
        } else {
            out.push(b' ');
            i = j + 1;
        }
    }
}

/// URLDecodeGeneric: `%XY` becomes the byte `16*H(X)+H(Y)` whenever two
/// bytes follow the `%` (a non-hex digit counts as 0); everything else is
/// copied. The output may contain NUL bytes; C callers see it end there.
///
/// ```
/// use wwwurl::core::codec::decode_generic;
///
/// let mut out = Vec::new();
/// decode_generic(b"a%20b+c%2F", &mut out);
/// assert_eq!(out, b"a b+c/");
/// ```
pub fn decode_generic<S: Sink>(s: &[u8], out: &mut S) {
    decode_with::<S, false>(s, out, false)
}

/// URLDecodeFormArgs: [`decode_generic`], and a `+` outside a triple is a space.
///
/// ```
/// use wwwurl::core::codec::decode_form;
///
/// let mut out = Vec::new();
/// decode_form(b"a%20b+c", &mut out);
/// assert_eq!(out, b"a b c");
/// ```
pub fn decode_form<S: Sink>(s: &[u8], out: &mut S) {
    decode_with::<S, false>(s, out, true)
}

/// Which bytes an encoder keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Path,
    Form,
    Password,
}

#[inline(always)]
fn encode_with<S: Sink>(s: &[u8], out: &mut S, keep: Keep) {
    let mut i = 0;
    while i < s.len() {
        let j = match keep {
            Keep::Path => next_path_escape(s, i),
            Keep::Form => next_form_escape(s, i),
            Keep::Password => next_password_escape(s, i),
        };
        out.extend(&s[i..j]);
        if j == s.len() {
            return;
        }
        let b = s[j];
        if keep == Keep::Form && b == b' ' {
            out.push(b'+');
        } else {
            out.push_escaped(b);
        }
        i = j + 1;
    }
}

/// URLEncodePath: keeps [`PATH_KEEP`], escapes every other byte as `%XY`.
///
/// ```
/// use wwwurl::core::codec::{encode_path, BoundedSink};
///
/// let mut out = Vec::new();
/// encode_path(b"/a b/\xe9", &mut out);
/// assert_eq!(out, b"/a%20b/%E9");
///
/// // Into a caller's buffer: what fits is written, everything is counted.
/// let mut buf = [0u8; 4];
/// let mut sink = BoundedSink::new(&mut buf);
/// encode_path(b"/a b", &mut sink);
/// assert_eq!(sink.needed(), 6);
/// ```
pub fn encode_path<S: Sink>(s: &[u8], out: &mut S) {
    encode_with(s, out, Keep::Path)
}

/// URLEncodeFormArgs: keeps [`FORM_KEEP`], a space becomes `+`, every other
/// byte `%XY`.
///
/// ```
/// use wwwurl::core::codec::encode_form;
///
/// let mut out = Vec::new();
/// encode_form(b"a b&c=d", &mut out);
/// assert_eq!(out, b"a+b%26c%3Dd");
/// ```
pub fn encode_form<S: Sink>(s: &[u8], out: &mut S) {
    encode_with(s, out, Keep::Form)
}

/// URLEncodePassword: keeps [`PASSWORD_KEEP`], escapes every other byte.
pub fn encode_password<S: Sink>(s: &[u8], out: &mut S) {
    encode_with(s, out, Keep::Password)
}

/// URLRecodeFormArgs: normalises an encoded query (doc/behaviour.md, URLRecodeFormArgs).
///
/// Bytes of R and `& = ; + ?` are copied; a complete `%XY` triple becomes its
/// byte when that is in R, `+` when it is a space, else `%` and the two
/// original characters upper-cased; a space becomes `+`; any other byte
/// (including a `%` without two bytes after it) becomes `%XY`.
pub fn recode_form<S: Sink>(s: &[u8], out: &mut S) {
    let mut i = 0;
    while i < s.len() {
        let j = next_recode_stop(s, i);
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
    fn extend_nul_cut_splits_one_run_into_two_fields() {
        let mut v = Vec::new();
        v.extend_nul_cut(b"http://h", 4);
        v.extend_nul_cut(b"/p?", 2);
        v.extend_nul_cut(b"ab", 2);
        v.extend_nul_cut(b"", 0);
        assert_eq!(v, b"http\0//h\0/p\0\0ab\0\0");
        let mut buf = [0xaa; 6];
        let mut b = BoundedSink::new(&mut buf);
        b.extend_nul_cut(b"abc:de", 3);
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

    #[test]
    fn apply_c_is_apply_cut_at_the_first_nul() {
        let codecs = [
            Codec::DecodeGeneric,
            Codec::DecodeForm,
            Codec::RecodeForm,
            Codec::EncodePath,
            Codec::EncodeForm,
            Codec::EncodePassword,
        ];
        let pieces: [&[u8]; 9] = [
            b"a", b"%00", b"%zz", b"%41", b"%", b"+", b"%0", b"x%00y", b"/",
        ];
        let mut seed = 3u32;
        for _ in 0..5000 {
            let mut s = Vec::new();
            for _ in 0..(seed >> 7) % 6 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                s.extend_from_slice(pieces[(seed >> 16) as usize % pieces.len()]);
            }
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            for c in codecs {
                let mut want = run(c, &s);
                truncate_at_nul(&mut want);
                let mut got = Vec::new();
                c.apply_c(&s, &mut got);
                assert_eq!(got, want, "{c:?} {s:?}");
            }
        }
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
                    if (seed >> 16) % 4 == 0 {
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
                assert_eq!(
                    next_recode_stop(&s, i),
                    naive(i, recode_looked_at),
                    "{s:?} {i}"
                );
            }
        }
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
