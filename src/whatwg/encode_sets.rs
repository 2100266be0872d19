//! The percent-encode sets of the URL Standard ("Percent-encoded bytes"),
//! and the byte classes the parser asks about.
//!
//! Every set holds all code points above U+007E, so a UTF-8 string is
//! UTF-8-percent-encoded by encoding each of its bytes that is in the set:
//! the bytes of a non-ASCII code point are all 0x80 or more. One table of
//! 256 entries answers every question with one load: each entry has a bit
//! per set (the sets nest, but not in one chain, so one bit each).

use crate::bytes::buf::{Buf, NoMemory};

/// A percent-encode set, or another byte class: a bit of the module's
/// byte-class table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set(u16);

/// The C0 control percent-encode set: C0 controls and above U+007E.
pub const C0_CONTROL: Set = Set(1);
/// The fragment percent-encode set.
pub const FRAGMENT: Set = Set(1 << 1);
/// The query percent-encode set.
pub const QUERY: Set = Set(1 << 2);
/// The special-query percent-encode set.
pub const SPECIAL_QUERY: Set = Set(1 << 3);
/// The path percent-encode set.
pub const PATH: Set = Set(1 << 4);
/// The userinfo percent-encode set.
pub const USERINFO: Set = Set(1 << 5);
/// The component percent-encode set.
pub const COMPONENT: Set = Set(1 << 6);
/// The `application/x-www-form-urlencoded` percent-encode set.
pub const FORM: Set = Set(1 << 7);
/// Forbidden host code points (ASCII only: the class is about bytes).
pub(crate) const FORBIDDEN_HOST: Set = Set(1 << 8);
/// Forbidden domain code points (ASCII only).
pub(crate) const FORBIDDEN_DOMAIN: Set = Set(1 << 9);
/// What ends or changes the host state's buffer: `:`, `/`, `?`, `#`,
/// `\`, `[`, `]`.
pub(crate) const HOST_DELIMITER: Set = Set(1 << 11);
/// Bytes that keep an ASCII domain off the fast path: forbidden domain
/// code points (`%` among them) and non-ASCII bytes.
pub(crate) const NOT_PLAIN_DOMAIN: Set = Set(1 << 12);
/// What ends a run of a special URL's path segment that is written as it
/// is read: the path set, `/` and `\`.
pub(crate) const SPECIAL_PATH_STOP: Set = Set(1 << 13);
/// The same for a URL that is not special: the path set and `/`.
pub(crate) const PATH_STOP: Set = Set(1 << 14);
/// Bytes that are not ASCII URL code points (`%` among them, which is a
/// URL unit only before two hex digits): what the validation errors of the
/// path, query and fragment are about.
pub(crate) const NOT_URL_UNIT: Set = Set(1 << 15);
/// Bytes that are not U+0021 to U+007E: what the opaque path, query and
/// fragment loops must look at (space, controls, non-ASCII).
const C0_OR_SPACE: u16 = 1 << 10;

/// The class bits of every byte.
static CLASS: [u16; 256] = build();

const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = bits(b as u8);
        b += 1;
    }
    t
}

const fn in_list(b: u8, list: &[u8]) -> bool {
    let mut i = 0;
    while i < list.len() {
        if list[i] == b {
            return true;
        }
        i += 1;
    }
    false
}

// The sets as the Standard builds them, each from the one before.
const fn bits(b: u8) -> u16 {
    let c0 = b < 0x20 || b > 0x7e;
    let fragment = c0 || in_list(b, b" \"<>`");
    let query = c0 || in_list(b, b" \"#<>");
    let special_query = query || b == b'\'';
    let path = query || in_list(b, b"?^`{}");
    let userinfo = path || in_list(b, b"/:;=@[\\]|");
    let component = userinfo || in_list(b, b"$%&+,");
    let form = component || in_list(b, b"!'()~");
    let forbidden_host = in_list(b, b"\x00\t\n\r #/:<>?@[\\]^|");
    let forbidden_domain = forbidden_host || b < 0x20 || b == b'%' || b == 0x7f;
    let mut v = 0;
    if c0 {
        v |= C0_CONTROL.0;
    }
    if fragment {
        v |= FRAGMENT.0;
    }
    if query {
        v |= QUERY.0;
    }
    if special_query {
        v |= SPECIAL_QUERY.0;
    }
    if path {
        v |= PATH.0;
    }
    if userinfo {
        v |= USERINFO.0;
    }
    if component {
        v |= COMPONENT.0;
    }
    if form {
        v |= FORM.0;
    }
    if forbidden_host {
        v |= FORBIDDEN_HOST.0;
    }
    if forbidden_domain {
        v |= FORBIDDEN_DOMAIN.0;
    }
    if b <= 0x20 || b > 0x7e {
        v |= C0_OR_SPACE;
    }
    if in_list(b, b":/?#\\[]") {
        v |= HOST_DELIMITER.0;
    }
    if forbidden_domain || b >= 0x80 {
        v |= NOT_PLAIN_DOMAIN.0;
    }
    if path || b == b'/' || b == b'\\' {
        v |= SPECIAL_PATH_STOP.0;
    }
    if path || b == b'/' {
        v |= PATH_STOP.0;
    }
    let url_code_point = b.is_ascii_alphanumeric() || in_list(b, b"!$&'()*+,-./:;=?@_~");
    if !url_code_point {
        v |= NOT_URL_UNIT.0;
    }
    v
}

impl Set {
    /// The bytes of either set.
    pub(crate) const fn union(self, other: Set) -> Set {
        Set(self.0 | other.0)
    }
}

/// Whether `b` is in `set`.
#[inline(always)]
pub fn contains(set: Set, b: u8) -> bool {
    CLASS[b as usize] & set.0 != 0
}

/// Whether `b` is U+0021 to U+007E (printable ASCII but space).
#[inline(always)]
pub(crate) fn is_printable(b: u8) -> bool {
    CLASS[b as usize] & C0_OR_SPACE == 0
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%XX` (upper-case hex) for `b`: the Standard's "percent-encode"
/// of a byte.
#[inline]
pub fn percent_encode_byte(b: u8, out: &mut Buf) -> Result<(), NoMemory> {
    out.extend_from_slice(&[
        b'%',
        UPPER_HEX[(b >> 4) as usize],
        UPPER_HEX[(b & 15) as usize],
    ])
}

/// UTF-8 percent-encodes the UTF-8 string `s` with `set` and appends the
/// result to `out`. Runs of bytes outside the set are copied in one go.
pub fn utf8_percent_encode(s: &[u8], set: Set, out: &mut Buf) -> Result<(), NoMemory> {
    let mut run = 0;
    for (i, &b) in s.iter().enumerate() {
        if contains(set, b) {
            out.extend_from_slice(&s[run..i])?;
            percent_encode_byte(b, out)?;
            run = i + 1;
        }
    }
    out.extend_from_slice(&s[run..])
}

/// The value of an ASCII hex digit, or `None`.
#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes `s` (the Standard's "percent-decode" of a byte
/// sequence) into `out`: `%` followed by two hex digits becomes that byte,
/// any other byte is copied.
pub fn percent_decode(s: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    out.reserve(s.len())?;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'%' {
            if let (Some(h), Some(l)) = (
                s.get(i + 1).copied().and_then(hex_value),
                s.get(i + 2).copied().and_then(hex_value),
            ) {
                out.push(h << 4 | l)?;
                i += 3;
                continue;
            }
        }
        out.push(b)?;
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(s: &[u8], set: Set) -> Vec<u8> {
        let mut out = Buf::new();
        utf8_percent_encode(s, set, &mut out).unwrap();
        out.into_vec()
    }

    #[test]
    fn the_sets_as_the_standard_lists_them() {
        // The code points each set adds to the one it is built on.
        let ascii: Vec<u8> = (0x20..0x7f).collect();
        let kept = |set| -> Vec<u8> {
            ascii
                .iter()
                .copied()
                .filter(|&b| !contains(set, b))
                .collect()
        };
        let all = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
        assert_eq!(kept(C0_CONTROL), format!(" {all}").as_bytes());
        let without = |s: &str, drop: &str| -> Vec<u8> {
            s.bytes().filter(|b| !drop.as_bytes().contains(b)).collect()
        };
        assert_eq!(kept(FRAGMENT), without(all, "\"<>`"));
        assert_eq!(kept(QUERY), without(all, "\"#<>"));
        assert_eq!(kept(SPECIAL_QUERY), without(all, "\"#<>'"));
        assert_eq!(kept(PATH), without(all, "\"#<>?^`{}"));
        assert_eq!(kept(USERINFO), without(all, "\"#<>?^`{}/:;=@[\\]|"));
        assert_eq!(kept(COMPONENT), without(all, "\"#<>?^`{}/:;=@[\\]|$%&+,"));
        // The note: all but ASCII alphanumerics, *, -, . and _.
        let form: Vec<u8> = (0..=255u8).filter(|&b| !contains(FORM, b)).collect();
        let mut want: Vec<u8> =
            b"*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".to_vec();
        want.sort_unstable();
        assert_eq!(form, want);
        for set in [
            C0_CONTROL,
            FRAGMENT,
            QUERY,
            SPECIAL_QUERY,
            PATH,
            USERINFO,
            COMPONENT,
            FORM,
        ] {
            assert!(contains(set, 0) && contains(set, 0x1f) && contains(set, 0x7f));
            assert!((0x80..=0xff).all(|b| contains(set, b)));
        }
    }

    #[test]
    fn the_standards_examples() {
        assert_eq!(enc("≡".as_bytes(), USERINFO), b"%E2%89%A1");
        assert_eq!(enc("‽".as_bytes(), USERINFO), b"%E2%80%BD");
        assert_eq!(
            enc("Say what‽".as_bytes(), USERINFO),
            b"Say%20what%E2%80%BD"
        );
        assert_eq!(enc(b"#\x7f", C0_CONTROL), b"#%7F");
        assert_eq!(enc(b"a b'c", SPECIAL_QUERY), b"a%20b%27c");
        assert_eq!(enc(b"a b'c", QUERY), b"a%20b'c");
        let mut out = Buf::new();
        percent_decode(b"%25%s%1G", &mut out).unwrap();
        assert_eq!(out, b"%%s%1G");
        out.clear();
        percent_decode("‽%25%2E%4".as_bytes(), &mut out).unwrap();
        assert_eq!(out, b"\xE2\x80\xBD%.%4");
    }

    #[test]
    fn forbidden_code_points() {
        let host: Vec<u8> = (0..128u8)
            .filter(|&b| contains(FORBIDDEN_HOST, b))
            .collect();
        assert_eq!(host, b"\x00\t\n\r #/:<>?@[\\]^|");
        let domain: Vec<u8> = (0..128u8)
            .filter(|&b| contains(FORBIDDEN_DOMAIN, b))
            .collect();
        let mut want: Vec<u8> = (0..0x20).collect();
        want.extend_from_slice(b" #%/:<>?@[\\]^|\x7f");
        assert_eq!(domain, want);
        let plain: Vec<u8> = (0..=255u8)
            .filter(|&b| !contains(NOT_PLAIN_DOMAIN, b))
            .collect();
        let want: Vec<u8> = (0x21..0x7f)
            .filter(|b| !b" #%/:<>?@[\\]^|".contains(b))
            .collect();
        assert_eq!(plain, want);
        let delimiters: Vec<u8> = (0..=255u8)
            .filter(|&b| contains(HOST_DELIMITER, b))
            .collect();
        assert_eq!(delimiters, b"#/:?[\\]");
        let printable_not_units: Vec<u8> = (0x21..0x7f)
            .filter(|&b| contains(NOT_URL_UNIT, b))
            .collect();
        assert_eq!(printable_not_units, b"\"#%<>[\\]^`{|}");
        assert!((0..=0x20)
            .chain(0x7f..=0xff)
            .all(|b| contains(NOT_URL_UNIT, b)));
    }
}
