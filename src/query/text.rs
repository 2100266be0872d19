//! The byte-level codecs of application/x-www-form-urlencoded (URL
//! Standard, "application/x-www-form-urlencoded"), and the Standard's order
//! of names.
//!
//! Decoding runs as an iterator, so that a name can be compared with
//! another, or tested for a prefix, without being copied anywhere: the
//! query operations then allocate nothing but their output.

use std::cmp::Ordering;

use crate::bytes::ascii::{hex_value, ALNUM, HEX_DIGITS, HEX_UPPER};
use crate::bytes::sink::Sink;

/// The bytes the form serializer writes as they are: the ASCII
/// alphanumerics, `*`, `-`, `.` and `_` (the complement of the
/// application/x-www-form-urlencoded percent-encode set).
const FORM_SAFE: crate::bytes::ascii::ByteSet = ALNUM.add_all(b"*-._");

/// The form-decoding of raw bytes, byte by byte: `+` is a space, `%XY`
/// with two hex digits is the byte 0xXY, and every other byte (a `%`
/// without two hex digits after it included) is itself. This is the
/// Standard's "replace `+` with space, then percent-decode" in one pass,
/// which gives the same bytes because a `+` is never a hex digit.
///
/// ```
/// use wwwurl::query::FormDecoded;
///
/// let d: Vec<u8> = FormDecoded::new(b"a+b%41%4g%").collect();
/// assert_eq!(d, b"a bA%4g%");
/// ```
#[derive(Debug)]
pub struct FormDecoded<'a> {
    rest: &'a [u8],
}

impl<'a> FormDecoded<'a> {
    /// The decoding of `raw`.
    pub fn new(raw: &'a [u8]) -> FormDecoded<'a> {
        FormDecoded { rest: raw }
    }
}

impl Iterator for FormDecoded<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let (&b, tail) = self.rest.split_first()?;
        match (b, tail) {
            (b'+', _) => {
                self.rest = tail;
                Some(b' ')
            }
            (b'%', [h, l, after @ ..]) if HEX_DIGITS.contains(*h) && HEX_DIGITS.contains(*l) => {
                self.rest = after;
                Some(hex_value(*h) << 4 | hex_value(*l))
            }
            _ => {
                self.rest = tail;
                Some(b)
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // A triple is the shortest that any output byte can come from.
        (self.rest.len().div_ceil(3), Some(self.rest.len()))
    }
}

/// Whether decoding `raw` changes nothing: it has no `+` and no `%`. Such
/// raw bytes are compared as they are, the common case.
#[inline]
pub(crate) fn is_plain(raw: &[u8]) -> bool {
    !raw.iter().any(|&b| b == b'+' || b == b'%')
}

/// Whether the form-decoding of `raw` is `decoded`.
#[inline]
pub(crate) fn decodes_to(raw: &[u8], decoded: &[u8]) -> bool {
    if is_plain(raw) {
        raw == decoded
    } else {
        // A decoded byte comes from one to three raw ones.
        raw.len() >= decoded.len()
            && raw.len().div_ceil(3) <= decoded.len()
            && FormDecoded::new(raw).eq(decoded.iter().copied())
    }
}

/// Whether the form-decoding of `raw` starts with `prefix`.
#[inline]
pub(crate) fn decodes_with_prefix(raw: &[u8], prefix: &[u8]) -> bool {
    if is_plain(raw) {
        raw.starts_with(prefix)
    } else {
        let mut d = FormDecoded::new(raw);
        prefix.iter().all(|&p| d.next() == Some(p))
    }
}

/// The order of the form-decodings of `a` and `b`, byte by byte.
#[inline]
pub(crate) fn cmp_decoded(a: &[u8], decoded_b: &[u8]) -> Ordering {
    if is_plain(a) {
        a.cmp(decoded_b)
    } else {
        FormDecoded::new(a).cmp(decoded_b.iter().copied())
    }
}

/// Writes the form-decoding of `raw` into `out` (see [`FormDecoded`]).
pub fn form_decode<S: Sink>(raw: &[u8], out: &mut S) -> Result<(), S::Error> {
    if is_plain(raw) {
        return out.extend(raw);
    }
    let mut rest = raw;
    while !rest.is_empty() {
        // Copy the run up to the next byte that decoding changes in bulk.
        let run = rest
            .iter()
            .position(|&b| b == b'+' || b == b'%')
            .unwrap_or(rest.len());
        out.extend(&rest[..run])?;
        rest = &rest[run..];
        let mut d = FormDecoded::new(rest);
        if let Some(b) = d.next() {
            out.push(b)?;
            rest = d.rest;
        }
    }
    Ok(())
}

/// The application/x-www-form-urlencoded byte serializer: a space becomes
/// `+`, the ASCII alphanumerics and `*-._` stay, and every other byte is
/// `%XY` with upper-case hex digits. Its output never holds `&`, `=`, `+`
/// for anything but a space, or `%` outside an escape, so it can be
/// decoded back: two different inputs never give the same output.
pub fn form_encode<S: Sink>(bytes: &[u8], out: &mut S) -> Result<(), S::Error> {
    let mut rest = bytes;
    while !rest.is_empty() {
        let run = rest
            .iter()
            .position(|&b| !FORM_SAFE.contains(b))
            .unwrap_or(rest.len());
        out.extend(&rest[..run])?;
        let Some((&b, tail)) = rest[run..].split_first() else {
            break;
        };
        if b == b' ' {
            out.push(b'+')?;
        } else {
            out.push3([
                b'%',
                HEX_UPPER[usize::from(b >> 4)],
                HEX_UPPER[usize::from(b & 15)],
                0,
            ])?;
        }
        rest = tail;
    }
    Ok(())
}

/// The code points of bytes read as UTF-8 the way the Encoding Standard's
/// "UTF-8 decode without BOM" reads them: each maximal ill-formed
/// subsequence is one U+FFFD, and a byte that cannot continue a sequence
/// starts the next one. A leading BOM is a code point like any other.
#[derive(Debug)]
pub struct CodePoints<I: Iterator<Item = u8>> {
    bytes: std::iter::Peekable<I>,
}

impl<I: Iterator<Item = u8>> CodePoints<I> {
    /// The code points of `bytes`.
    pub fn new(bytes: I) -> CodePoints<I> {
        CodePoints {
            bytes: bytes.peekable(),
        }
    }
}

/// U+FFFD REPLACEMENT CHARACTER.
const REPLACEMENT: u32 = 0xFFFD;

impl<I: Iterator<Item = u8>> CodePoints<I> {
    /// The next code point, or `Err` for an ill-formed subsequence (which
    /// [`Iterator::next`] gives as U+FFFD).
    fn next_checked(&mut self) -> Option<Result<u32, ()>> {
        let lead = self.bytes.next()?;
        // The number of continuation bytes, the lead's bits, and the range
        // the first continuation byte must lie in (which excludes overlong
        // forms, surrogates and code points past U+10FFFF).
        let (needed, mut cp, lower, upper) = match lead {
            0x00..=0x7F => return Some(Ok(u32::from(lead))),
            0xC2..=0xDF => (1, u32::from(lead & 0x1F), 0x80, 0xBF),
            0xE0 => (2, 0, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (2, u32::from(lead & 0x0F), 0x80, 0xBF),
            0xED => (2, 0x0D, 0x80, 0x9F),
            0xF0 => (3, 0, 0x90, 0xBF),
            0xF1..=0xF3 => (3, u32::from(lead & 0x07), 0x80, 0xBF),
            0xF4 => (3, 4, 0x80, 0x8F),
            _ => return Some(Err(())),
        };
        let (mut lo, mut hi) = (lower, upper);
        for _ in 0..needed {
            match self.bytes.peek() {
                Some(&b) if (lo..=hi).contains(&b) => {
                    self.bytes.next();
                    cp = cp << 6 | u32::from(b & 0x3F);
                    (lo, hi) = (0x80, 0xBF);
                }
                // The byte is left for the next call: it may start a
                // sequence of its own.
                _ => return Some(Err(())),
            }
        }
        Some(Ok(cp))
    }
}

impl<I: Iterator<Item = u8>> Iterator for CodePoints<I> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        self.next_checked().map(|r| r.unwrap_or(REPLACEMENT))
    }
}

/// Whether `bytes` are well-formed UTF-8.
pub(crate) fn is_utf8(bytes: impl Iterator<Item = u8>) -> bool {
    let mut c = CodePoints::new(bytes);
    while let Some(r) = c.next_checked() {
        if r.is_err() {
            return false;
        }
    }
    true
}

/// A key whose order is the order of the code point's UTF-16 code units:
/// U+0000–U+D7FF, then the supplementary planes (whose lead surrogates
/// D800–DBFF come next), then U+E000–U+FFFF. Two code points compare by
/// their first code unit, and supplementary ones with the same lead
/// surrogate by their trail one, which follows the code point's order.
#[inline]
fn utf16_rank(cp: u32) -> u32 {
    match cp {
        0..=0xD7FF => cp,
        0x10000.. => 0xD800 + (cp - 0x10000),
        _ => cp + 0x10_0000,
    }
}

/// The URL Standard's order of names ("code unit less than", as
/// `URLSearchParams.sort()` uses it) of the form-decodings of `a` and `b`:
/// the order of their UTF-16 code units after UTF-8 decoding without BOM.
/// Invalid UTF-8 compares as the U+FFFD that replaces it, exactly as the
/// Standard's decoded strings do.
pub fn cmp_names(a: &[u8], b: &[u8]) -> Ordering {
    if is_plain(a) && is_plain(b) && a.is_ascii() && b.is_ascii() {
        // ASCII is one code unit a byte, in the same order.
        return a.cmp(b);
    }
    let ka = CodePoints::new(FormDecoded::new(a)).map(utf16_rank);
    let kb = CodePoints::new(FormDecoded::new(b)).map(utf16_rank);
    ka.cmp(kb)
}

/// The order of two byte strings' UTF-16 code units after UTF-8 decoding
/// without BOM: [`cmp_names`] of text that is already decoded.
pub fn cmp_utf16(a: &[u8], b: &[u8]) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    let ka = CodePoints::new(a.iter().copied()).map(utf16_rank);
    let kb = CodePoints::new(b.iter().copied()).map(utf16_rank);
    ka.cmp(kb)
}

/// Writes `bytes` decoded as UTF-8 without BOM and encoded again: valid
/// UTF-8 as it is, each maximal ill-formed subsequence replaced by U+FFFD
/// (`EF BF BD`). The Standard's form parser does this to every name and
/// value.
pub fn utf8_lossy<S: Sink>(bytes: &[u8], out: &mut S) -> Result<(), S::Error> {
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(_) => return out.extend(rest),
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                out.extend(good)?;
                out.extend("\u{FFFD}".as_bytes())?;
                // `error_len` is the maximal subpart's length; `None` only
                // at the end of the input, where the rest is one subpart.
                match e.error_len() {
                    Some(n) => rest = &bad[n..],
                    None => return Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::buf::Buf;

    fn lossy(b: &[u8]) -> Vec<u8> {
        let mut o = Buf::new();
        utf8_lossy(b, &mut o).unwrap();
        o.into_vec()
    }

    fn points(b: &[u8]) -> String {
        CodePoints::new(b.iter().copied())
            .map(|c| char::from_u32(c).unwrap())
            .collect()
    }

    #[test]
    fn code_points_replace_maximal_subparts_like_std() {
        let cases: [&[u8]; 14] = [
            b"abc",
            b"\xC3\xA9",
            b"\xC3",
            b"\xC3x",
            b"\xE0\x80\x80",
            b"\xED\xA0\x80",
            b"\xF0\x9F\x8C\x88",
            b"\xF0\x9F\x8C",
            b"\xF4\x90\x80\x80",
            b"\xFE\xFF",
            b"\xE2\x82\xACz\x80",
            b"\xEF\xBB\xBFa",
            b"\xC0\xAF",
            b"\xF1\x80\x41",
        ];
        for c in cases {
            let want = String::from_utf8_lossy(c);
            assert_eq!(points(c), want, "{c:?}");
            assert_eq!(lossy(c), want.as_bytes(), "{c:?}");
        }
    }

    #[test]
    fn decoding_follows_the_form_parser() {
        let d = |s: &[u8]| FormDecoded::new(s).collect::<Vec<u8>>();
        assert_eq!(d(b"%61+%4d%4D"), b"a MM");
        assert_eq!(d(b"%2sf%2a"), b"%2sf*");
        assert_eq!(d(b"%%2a"), b"%*");
        assert_eq!(d(b"%"), b"%");
        assert_eq!(d(b"%2"), b"%2");
        assert_eq!(d(b"%2B"), b"+");
        let mut o = Buf::new();
        form_decode(b"x%41+y%", &mut o).unwrap();
        assert_eq!(o, b"xA y%");
        assert!(decodes_to(b"a%62", b"ab"));
        assert!(!decodes_to(b"a%62", b"a%62"));
        assert!(decodes_with_prefix(b"utm%5Fx", b"utm_"));
        assert!(!decodes_with_prefix(b"ut", b"utm_"));
    }

    #[test]
    fn encoding_is_the_form_serializer() {
        let mut o = Buf::new();
        form_encode(b"a b&c=d*-._~!'()\xC3\xA9+%", &mut o).unwrap();
        assert_eq!(o, b"a+b%26c%3Dd*-._%7E%21%27%28%29%C3%A9%2B%25");
    }

    #[test]
    fn names_sort_by_utf16_code_units() {
        // U+FB03 is above the lead surrogates of U+1F308; bytes say otherwise.
        assert_eq!(
            cmp_names("ﬃ".as_bytes(), "🌈".as_bytes()),
            Ordering::Greater
        );
        assert_eq!("ﬃ".as_bytes().cmp("🌈".as_bytes()), Ordering::Less);
        assert_eq!(cmp_names(b"a", b"%61"), Ordering::Equal);
        assert_eq!(cmp_names(b"%FF", b"%FE"), Ordering::Equal);
        assert_eq!(cmp_names(b"a", b"ab"), Ordering::Less);
        assert_eq!(
            cmp_names(b"\xED\x9F\xBF", b"\xF0\x90\x80\x80"),
            Ordering::Less
        );
        assert_eq!(
            cmp_utf16("\u{E000}".as_bytes(), "\u{10FFFF}".as_bytes()),
            Ordering::Greater
        );
    }
}
