//! The code point checks behind the validation errors the path, opaque
//! path, query and fragment states and the opaque-host parser report
//! ("URL units"), and the strict domain check of ASCII domains behind
//! `domain-to-ASCII`. Only a reporting parse runs them.

use super::encode_sets::hex_value;
use super::report::{Reporter, ValidationError};

/// ASCII URL code points: the alphanumerics and `!$&'()*+,-./:;=?@_~`.
static ASCII_URL_CODE_POINT: [bool; 128] = {
    let mut t = [false; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'!' | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b'-'
                    | b'.'
                    | b'/'
                    | b':'
                    | b';'
                    | b'='
                    | b'?'
                    | b'@'
                    | b'_'
                    | b'~'
            );
        b += 1;
    }
    t
};

/// The code point that starts at `p` of the UTF-8 `s` and where it ends.
/// `s` is what the state machine reads: valid UTF-8.
#[inline]
fn code_point_at(s: &[u8], p: usize) -> (u32, usize) {
    let b = s[p];
    let (n, first) = match b {
        0..=0x7f => return (u32::from(b), p + 1),
        0xc0..=0xdf => (2, u32::from(b & 0x1f)),
        0xe0..=0xef => (3, u32::from(b & 0x0f)),
        _ => (4, u32::from(b & 0x07)),
    };
    let end = (p + n).min(s.len());
    let cp = s[p + 1..end]
        .iter()
        .fold(first, |v, &c| v << 6 | u32::from(c & 0x3f));
    (cp, end)
}

/// Where the code point at `p` of `s` ends (`p` at the end: `p`).
#[inline]
pub(crate) fn code_point_end(s: &[u8], p: usize) -> usize {
    if p >= s.len() {
        return p;
    }
    code_point_at(s, p).1
}

/// Whether the code point `cp` (above U+007F) is a URL code point: U+00A0
/// to U+10FFFD but surrogates and noncharacters.
fn is_url_code_point_above_ascii(cp: u32) -> bool {
    (0xa0..=0x10fffd).contains(&cp)
        && !(0xd800..=0xdfff).contains(&cp)
        && !(0xfdd0..=0xfdef).contains(&cp)
        && cp & 0xfffe != 0xfffe
}

/// Whether `s[p]`, a `%`, is followed by two ASCII hex digits.
#[inline]
fn is_percent_encoded(s: &[u8], p: usize) -> bool {
    matches!(
        (
            s.get(p + 1).copied().and_then(hex_value),
            s.get(p + 2).copied().and_then(hex_value)
        ),
        (Some(_), Some(_))
    )
}

/// What a scan of a component reports besides `invalid-URL-unit`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Component {
    /// The path of a special URL: `\` is `invalid-reverse-solidus`.
    SpecialPath,
    /// Any other path, opaque path, query or fragment.
    Other,
}

/// The path, opaque path, query and fragment states' reports on the code
/// points of `input[from..to]`, in order: `invalid-URL-unit` for each that
/// is not a URL code point and not `%`, and for each `%` that the rest of
/// the input does not follow with two ASCII hex digits;
/// `invalid-reverse-solidus` for each `\` of a special path.
pub(crate) fn scan<R: Reporter>(
    input: &[u8],
    from: usize,
    to: usize,
    component: Component,
    r: &mut R,
) {
    let mut p = from;
    while p < to {
        let Some(n) = input[p..to]
            .iter()
            .position(|&b| b >= 0x80 || !ASCII_URL_CODE_POINT[usize::from(b)])
        else {
            return;
        };
        p += n;
        let b = input[p];
        if b < 0x80 {
            match b {
                b'%' if is_percent_encoded(input, p) => {}
                b'\\' if component == Component::SpecialPath => {
                    r.report(ValidationError::InvalidReverseSolidus, p, p + 1);
                }
                _ => r.report(ValidationError::InvalidUrlUnit, p, p + 1),
            }
            p += 1;
            continue;
        }
        let (cp, end) = code_point_at(input, p);
        if !is_url_code_point_above_ascii(cp) {
            r.report(ValidationError::InvalidUrlUnit, p, end);
        }
        p = end;
    }
}

/// Steps 2 and 3 of the opaque-host parser on `host`, which starts at `at`:
/// `invalid-URL-unit` at the first code point that is not a URL code point
/// and not `%`, then at the first `%` not followed by two hex digits.
pub(crate) fn opaque_host<R: Reporter>(host: &[u8], at: usize, r: &mut R) {
    let mut p = 0;
    while p < host.len() {
        let b = host[p];
        let end = code_point_end(host, p);
        let ok = match b {
            b'%' => true,
            0..=0x7f => ASCII_URL_CODE_POINT[usize::from(b)],
            _ => is_url_code_point_above_ascii(code_point_at(host, p).0),
        };
        if !ok {
            r.report(ValidationError::InvalidUrlUnit, at + p, at + end);
            break;
        }
        p = end;
    }
    if let Some(p) = (0..host.len()).find(|&p| host[p] == b'%' && !is_percent_encoded(host, p)) {
        r.report(ValidationError::InvalidUrlUnit, at + p, at + p + 1);
    }
}

/// The first percent-encoded byte of `s` (`%` and two hex digits).
pub(crate) fn first_percent_encoded(s: &[u8]) -> Option<usize> {
    (0..s.len()).find(|&p| s[p] == b'%' && is_percent_encoded(s, p))
}

/// Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength (the domain parser with beStrict) on an ASCII domain
/// with no label starting with `xn--`: whether it records no error. Such a
/// domain is only lower-cased, so its labels must be letters, digits and
/// hyphens, neither start nor end with a hyphen nor have one in both their
/// third and fourth places, and be 1 to 63 long, the whole at most 253
/// (a trailing dot being an empty label).
pub(crate) fn ascii_domain_is_strict(domain: &[u8]) -> bool {
    if domain.is_empty() || domain.len() > 253 {
        return false;
    }
    domain.split(|&b| b == b'.').all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
            && label[0] != b'-'
            && label[label.len() - 1] != b'-'
            && label.get(2..4) != Some(b"--")
    })
}

/// Whether a label of the ASCII `domain` starts with `xn--` (any case):
/// only the IDNA code can check a Punycode label.
pub(crate) fn has_punycode_label(domain: &[u8]) -> bool {
    domain
        .split(|&b| b == b'.')
        .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
}

#[cfg(test)]
mod tests {
    // Tests may abort when memory runs out: the ban on aborting
    // allocations (clippy.toml) is the library's.
    #![allow(clippy::disallowed_methods)]

    use super::*;

    struct List(Vec<(ValidationError, usize, usize)>);
    impl Reporter for List {
        const ON: bool = true;
        fn report(&mut self, e: ValidationError, s: usize, t: usize) {
            self.0.push((e, s, t));
        }
        fn not_valid(&mut self) {}
    }

    fn scanned(s: &str, component: Component) -> Vec<(ValidationError, usize, usize)> {
        let mut l = List(Vec::new());
        scan(s.as_bytes(), 0, s.len(), component, &mut l);
        l.0
    }

    #[test]
    fn url_units() {
        use ValidationError::*;
        assert_eq!(scanned("/a-b_c~d/é?x=1&y=(2)", Component::Other), []);
        assert_eq!(
            scanned("a b%zz%4|%41\\", Component::Other),
            [
                (InvalidUrlUnit, 1, 2),
                (InvalidUrlUnit, 3, 4),
                (InvalidUrlUnit, 6, 7),
                (InvalidUrlUnit, 8, 9),
                (InvalidUrlUnit, 12, 13)
            ]
        );
        assert_eq!(
            scanned("a\\b", Component::SpecialPath),
            [(InvalidReverseSolidus, 1, 2)]
        );
        // U+0085 (a C1 control), U+FDD0 and U+1FFFF are not URL code
        // points; U+00A0 and U+10FFFD are.
        assert_eq!(
            scanned("\u{85}\u{a0}\u{fdd0}\u{1ffff}\u{10fffd}", Component::Other),
            [
                (InvalidUrlUnit, 0, 2),
                (InvalidUrlUnit, 4, 7),
                (InvalidUrlUnit, 7, 11)
            ]
        );
        let mut l = List(Vec::new());
        opaque_host("a%zz\u{85}b%".as_bytes(), 10, &mut l);
        assert_eq!(l.0, [(InvalidUrlUnit, 14, 16), (InvalidUrlUnit, 11, 12)]);
        assert_eq!(first_percent_encoded(b"a%zz%4a"), Some(4));
    }

    #[test]
    fn strict_ascii_domains() {
        for ok in [
            "example.com",
            "EXAMPLE.com",
            "a",
            "1.2.3.4",
            "a-b.c",
            &"a".repeat(63),
        ] {
            assert!(ascii_domain_is_strict(ok.as_bytes()), "{ok}");
        }
        let long = ["a"; 128].join(".");
        for bad in [
            "",
            "a_b",
            "-a",
            "a-",
            "ab--c",
            "a..b",
            "a.",
            ".",
            &"a".repeat(64),
            &long,
        ] {
            assert!(!ascii_domain_is_strict(bad.as_bytes()), "{bad}");
        }
        assert!(has_punycode_label(b"a.XN--bcher-kva.de"));
        assert!(!has_punycode_label(b"xn-.de"));
    }
}
