//! HTMLString, URLReplaceAmp and FixHTMLLinkURL (doc/behaviour.md, the sections of those names).

use crate::bytes::ascii::{find_byte, ByteSet};
use crate::bytes::c_number::c_strtol;
use crate::bytes::sink::Sink;

/// Bytes HTMLString rewrites without `nbsp`.
const HTML_SPECIAL: ByteSet = ByteSet::EMPTY.add_all(b"<>&");
/// Bytes HTMLString rewrites with `nbsp`.
const HTML_SPECIAL_NBSP: ByteSet = HTML_SPECIAL.add(b' ');

/// HTMLString: escapes `<` as `&lt;`, `>` as `&gt;`, `&` as `&amp;`, and,
/// when `nbsp`, a space as `&nbsp;`; every other byte is copied.
///
/// The historical output at a 256-byte buffer boundary (see the conformance
/// README) was undefined; this always writes the whole escaped string.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::html::html_string;
///
/// let mut out = Buf::new();
/// html_string(b"<a href=\"x\">&</a>", false, &mut out)?;
/// assert_eq!(out, b"&lt;a href=\"x\"&gt;&amp;&lt;/a&gt;");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn html_string<S: Sink>(s: &[u8], nbsp: bool, out: &mut S) -> Result<(), S::Error> {
    let special = if nbsp {
        &HTML_SPECIAL_NBSP
    } else {
        &HTML_SPECIAL
    };
    let mut i = 0;
    while i < s.len() {
        let mut j = i;
        while j < s.len() && !special.contains(s[j]) {
            j += 1;
        }
        out.extend(&s[i..j])?;
        if j == s.len() {
            return Ok(());
        }
        out.extend(match s[j] {
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'&' => b"&amp;",
            _ => b"&nbsp;",
        })?;
        i = j + 1;
    }
    Ok(())
}

/// URLReplaceAmp (2.9): every `&amp;` (letters in any case) becomes `&`, in
/// one left-to-right pass without re-scanning. Returns the new length; the
/// bytes of `s` past it are left as they were.
pub fn replace_amp_in_place(s: &mut [u8]) -> usize {
    // Nothing moves before the first `&amp;`; after it, each run up to the
    // next `&` moves at once.
    let Some(mut r) = find_amp(s, 0) else {
        return s.len();
    };
    let mut w = r;
    while r < s.len() {
        let next = find_byte(s, r + 1, b'&').unwrap_or(s.len());
        if is_amp_entity(s, r) {
            // `&` stays, `amp;` goes.
            s[w] = b'&';
            w += 1;
            r += 5;
        }
        let end = next.max(r);
        s.copy_within(r..end, w);
        w += end - r;
        r = end;
    }
    w
}

/// The index of the first `&amp;` (any case) at or after `from`.
fn find_amp(s: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        let k = find_byte(s, i, b'&')?;
        if is_amp_entity(s, k) {
            return Some(k);
        }
        i = k + 1;
    }
}

/// URLReplaceAmp as a copy: appends `s` with every `&amp;` replaced to `out`.
pub fn replace_amp<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    let mut i = 0;
    while i < s.len() {
        let j = s[i..]
            .iter()
            .position(|&b| b == b'&')
            .map_or(s.len(), |p| i + p);
        out.extend(&s[i..j])?;
        if j == s.len() {
            return Ok(());
        }
        out.push(b'&')?;
        i = if is_amp_entity(s, j) { j + 5 } else { j + 1 };
    }
    Ok(())
}

/// Whether `amp;` follows `s[j]` (an `&`), the letters in any case: the four
/// bytes as one word, each letter's case bit set (a byte `b` with
/// `b | 0x20 == b'a'` is `a` or `A`, and so on; `;` is compared as it is).
#[inline(always)]
pub(crate) fn is_amp_entity(s: &[u8], j: usize) -> bool {
    const AMP: u32 = u32::from_le_bytes(*b"amp;");
    const CASE: u32 = u32::from_le_bytes([0x20, 0x20, 0x20, 0]);
    s.get(j + 1..j + 5)
        .and_then(|w| <[u8; 4]>::try_from(w).ok())
        .is_some_and(|w| u32::from_le_bytes(w) | CASE == AMP)
}

/// FixHTMLLinkURL (2.9h): resolves `&amp;` and `&#...;` character references
/// in one pass, appending the result to `out`.
///
/// * `&amp;` (letters in any case) becomes `&`.
/// * `&#x` reads a number in base 16 after the `x` (a lower-case `x` only),
///   any other `&#` a number in base 10 after the `#`, both with C `strtol`
///   rules ([`c_strtol`]: leading spaces, sign, `0x` prefix in base 16,
///   saturation). When the byte after the number (or where reading started,
///   if no digit was read) is `;`, the reference and the `;` are replaced by
///   the number `u` taken as an unsigned 64-bit value: below 0x20 by `%XY`
///   **and** the raw byte `u`; below 0x80 by the raw byte; below 0x80000000
///   by its UTF-8 form (up to 6 bytes, as UTF-8 was first defined), each
///   byte as `%XY`; otherwise by nothing. Else the `&` is copied.
/// * Every other byte is copied; nothing produced is scanned again.
///
/// `&#0;` and `&#;` put a NUL byte into the output, where the C string ends;
/// C callers truncate there.
pub fn fix_html_link_url<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    let mut i = 0;
    while i < s.len() {
        let j = s[i..]
            .iter()
            .position(|&b| b == b'&')
            .map_or(s.len(), |p| i + p);
        out.extend(&s[i..j])?;
        if j == s.len() {
            return Ok(());
        }
        i = j + 1;
        if is_amp_entity(s, j) {
            out.push(b'&')?;
            i = j + 5;
        } else if s.get(j + 1) == Some(&b'#') {
            let (start, base) = if s.get(j + 2) == Some(&b'x') {
                (j + 3, 16)
            } else {
                (j + 2, 10)
            };
            let (value, len) = c_strtol(&s[start.min(s.len())..], base);
            let end = start + len;
            if s.get(end) == Some(&b';') {
                push_char_ref(value as u64, out)?;
                i = end + 1;
            } else {
                out.push(b'&')?;
            }
        } else {
            out.push(b'&')?;
        }
    }
    Ok(())
}

/// Writes what the character reference `u` stands for (see
/// [`fix_html_link_url`]).
fn push_char_ref<S: Sink>(u: u64, out: &mut S) -> Result<(), S::Error> {
    if u < 0x20 {
        out.push_escaped(u as u8)?;
        out.push(u as u8)?;
    } else if u < 0x80 {
        out.push(u as u8)?;
    } else if u < 0x8000_0000 {
        let (n, lead) = match u {
            0..0x800 => (2, 0xc0),
            0x800..0x1_0000 => (3, 0xe0),
            0x1_0000..0x20_0000 => (4, 0xf0),
            0x20_0000..0x400_0000 => (5, 0xf8),
            _ => (6, 0xfc),
        };
        out.push_escaped(lead | (u >> (6 * (n - 1))) as u8)?;
        for k in (0..n - 1).rev() {
            out.push_escaped(0x80 | ((u >> (6 * k)) & 0x3f) as u8)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::buf::Buf;

    fn html(s: &[u8], nbsp: bool) -> Vec<u8> {
        let mut v = Buf::new();
        html_string(s, nbsp, &mut v).unwrap();
        v.into_vec()
    }

    fn fix(s: &[u8]) -> Vec<u8> {
        let mut v = Buf::new();
        fix_html_link_url(s, &mut v).unwrap();
        v.into_vec()
    }

    fn amp(s: &[u8]) -> Vec<u8> {
        let mut v = Buf::new();
        replace_amp(s, &mut v).unwrap();
        v.into_vec()
    }

    #[test]
    fn html_escapes_markup() {
        assert_eq!(html(b"a<b>&c d", false), b"a&lt;b&gt;&amp;c d");
    }

    #[test]
    fn html_nbsp_only_when_asked() {
        assert_eq!(html(b" x ", true), b"&nbsp;x&nbsp;");
        assert_eq!(html(b"\t\xa0", true), b"\t\xa0");
    }

    #[test]
    fn replace_amp_any_case_no_rescan() {
        assert_eq!(amp(b"&AmP;&amp;amp;&amp"), b"&&amp;&amp");
    }

    /// The word test of `amp;` against `eq_ignore_ascii_case`, each of the
    /// four bytes taking every value, and at every length.
    #[test]
    fn amp_entity_word_test_is_case_blind_comparison() {
        for at in 1..5 {
            for b in 0..=255u8 {
                let mut s = *b"&amp;";
                s[at] = b;
                let want = s[1..].eq_ignore_ascii_case(b"amp;");
                assert_eq!(is_amp_entity(&s, 0), want, "{s:?}");
            }
        }
        for n in 0..5 {
            assert!(!is_amp_entity(&b"&amp;"[..n], 0));
        }
    }

    #[test]
    fn replace_amp_in_place_matches_copy() {
        let mut s = *b"x&amp;y&AMP;&&amp";
        let n = replace_amp_in_place(&mut s);
        assert_eq!(&s[..n], &amp(b"x&amp;y&AMP;&&amp")[..]);
    }

    #[test]
    fn fix_amp_entity() {
        assert_eq!(fix(b"a=1&AMP;b=2&amp"), b"a=1&b=2&amp");
    }

    #[test]
    fn fix_decimal_and_hex_references() {
        assert_eq!(fix(b"&#65;&#x41;&#x0x41;&# +65;"), b"AAAA");
    }

    #[test]
    fn fix_upper_case_x_is_not_hex() {
        assert_eq!(fix(b"&#X41;"), b"&#X41;");
    }

    #[test]
    fn fix_control_gets_escape_and_raw_byte() {
        assert_eq!(fix(b"&#10;"), b"%0A\n");
        assert_eq!(fix(b"&#;"), b"%00\0");
    }

    #[test]
    fn fix_utf8_lengths() {
        assert_eq!(fix(b"&#128;"), b"%C2%80");
        assert_eq!(fix(b"&#x10000;"), b"%F0%90%80%80");
        assert_eq!(fix(b"&#x7fffffff;"), b"%FD%BF%BF%BF%BF%BF");
    }

    #[test]
    fn fix_large_or_negative_emits_nothing() {
        assert_eq!(fix(b"a&#x80000000;&#-1;&#99999999999999999999;b"), b"ab");
    }

    #[test]
    fn fix_without_semicolon_copies_ampersand() {
        assert_eq!(fix(b"&#65x;&#x0x;&#"), b"&#65x;&#x0x;&#");
    }

    #[test]
    fn fix_result_is_not_rescanned() {
        assert_eq!(fix(b"&#38;amp;"), b"&amp;");
    }
}
