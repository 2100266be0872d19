//! The code point checks behind the validation errors the path, opaque
//! path, query and fragment states and the opaque-host parser report
//! ("URL units"), and the strict domain check of ASCII domains behind
//! `domain-to-ASCII`. Only a reporting parse runs them.

use super::encode_sets::{contains, hex_value, NOT_PLAIN_DOMAIN, NOT_URL_UNIT};
use super::report::{Reporter, ValidationError};

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

/// The report on the ASCII byte at `p` of `input`, one of
/// [`NOT_URL_UNIT`]: `invalid-URL-unit`, unless it is a `%` before two hex
/// digits.
#[inline]
pub(crate) fn report_ascii_unit<R: Reporter>(input: &[u8], p: usize, r: &mut R) {
    if input[p] != b'%' || !is_percent_encoded(input, p) {
        r.report(ValidationError::InvalidUrlUnit, p, p + 1);
    }
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
        let Some(n) = input[p..to].iter().position(|&b| contains(NOT_URL_UNIT, b)) else {
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
            0..=0x7f => !contains(NOT_URL_UNIT, b),
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

/// What Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength (the domain parser with beStrict) says of an ASCII
/// domain, as far as it can be told without the IDNA code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strict {
    /// No error.
    Yes,
    /// An error.
    No,
    /// No error but in its Punycode labels (`xn--`), which only the IDNA
    /// code can check.
    Punycode,
}

/// [`Strict`] of the ASCII `domain`. Such a domain is only lower-cased,
/// so its labels must be letters, digits and hyphens, neither start nor end
/// with a hyphen nor have one in both their third and fourth places (but a
/// Punycode label), and be 1 to 63 long, the whole at most 253 (a trailing
/// dot is an empty label).
pub(crate) fn ascii_domain_strictness(domain: &[u8]) -> Strict {
    match scan_host(domain, 0) {
        // A byte no plain domain holds is no letter, digit or hyphen.
        (end, _) if end < domain.len() => Strict::No,
        (_, strict) => strict,
    }
}

/// Bytes that are not ASCII letters or digits: where [`scan_host`] stops.
static NOT_ALNUM: [bool; 256] = {
    let mut t = [true; 256];
    let mut b = 0;
    while b < 128 {
        t[b] = !(b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    t
};

/// The host of the parser's route for serialised URLs, from `from` of
/// `input` to the first byte that a plain ASCII domain cannot hold (see
/// `NOT_PLAIN_DOMAIN`), with its [`Strict`]: [`ascii_domain_strictness`]
/// in the same scan, which stops only at the bytes that are not letters or
/// digits.
#[inline]
pub(crate) fn scan_host(input: &[u8], from: usize) -> (usize, Strict) {
    let mut ok = true;
    let mut punycode = false;
    let mut label = from;
    let mut p = from;
    loop {
        p += input[p..]
            .iter()
            .position(|&b| NOT_ALNUM[usize::from(b)])
            .unwrap_or(input.len() - p);
        let end = match input.get(p) {
            Some(b'-') => {
                if p == label {
                    ok = false;
                } else if p == label + 2 && input.get(p + 1) == Some(&b'-') {
                    punycode |= input[label..p].eq_ignore_ascii_case(b"xn");
                    ok &= input[label..p].eq_ignore_ascii_case(b"xn");
                }
                p += 1;
                continue;
            }
            Some(b'.') => false,
            Some(&b) if !contains(NOT_PLAIN_DOMAIN, b) => {
                ok = false;
                p += 1;
                continue;
            }
            _ => true,
        };
        let n = p - label;
        ok &= n > 0 && n <= 63 && input[p - 1] != b'-';
        if end {
            ok &= p - from <= 253;
            let strict = match (ok, punycode) {
                (false, _) => Strict::No,
                (true, true) => Strict::Punycode,
                (true, false) => Strict::Yes,
            };
            return (p, strict);
        }
        p += 1;
        label = p;
    }
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

    /// The bytes of an ASCII domain: 1 for a letter, digit or hyphen, 2 for a
    /// dot, 0 for any other.
    static LDH: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut b = 0;
        while b < 128 {
            let c = b as u8;
            if c.is_ascii_alphanumeric() || c == b'-' {
                t[b] = 1;
            } else if c == b'.' {
                t[b] = 2;
            }
            b += 1;
        }
        t
    };

    /// [`Strict`] of the ASCII `domain`, in one pass. Such a domain is only
    /// lower-cased, so its labels must be letters, digits and hyphens, neither
    /// start nor end with a hyphen nor have one in both their third and fourth
    /// places (but a Punycode label), and be 1 to 63 long, the whole at most
    /// 253 (a trailing dot is an empty label).
    fn by_labels(domain: &[u8]) -> Strict {
        if domain.is_empty() || domain.len() > 253 {
            return Strict::No;
        }
        let mut punycode = false;
        let mut start = 0;
        for i in 0..=domain.len() {
            match domain.get(i).map(|&b| LDH[usize::from(b)]) {
                Some(1) => continue,
                Some(2) | None => {}
                Some(_) => return Strict::No,
            }
            let label = &domain[start..i];
            let n = label.len();
            if n == 0 || n > 63 || label[0] == b'-' || label[n - 1] == b'-' {
                return Strict::No;
            }
            if n >= 4 && label[2] == b'-' && label[3] == b'-' {
                if !label[..2].eq_ignore_ascii_case(b"xn") {
                    return Strict::No;
                }
                punycode = true;
            }
            start = i + 1;
        }
        match punycode {
            true => Strict::Punycode,
            false => Strict::Yes,
        }
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
            assert_eq!(ascii_domain_strictness(ok.as_bytes()), Strict::Yes, "{ok}");
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
            assert_eq!(ascii_domain_strictness(bad.as_bytes()), Strict::No, "{bad}");
        }
        // The route's scan says the same of every domain, and ends where a
        // plain ASCII domain ends.
        let long = ["a"; 128].join(".");
        for d in [
            "example.com",
            "EXAMPLE.com",
            "a",
            "1.2.3.4",
            "a-b.c",
            "",
            "a_b",
            "-a",
            "a-",
            "ab--c",
            "a..b",
            "a.",
            ".",
            "a.XN--bcher-kva.de",
            "xn-.de",
            "a_b.xn--b.de",
            "x-n--a",
            "xn--",
            "a.-b",
            "a-.b",
            &"a".repeat(63),
            &"a".repeat(64),
            &long,
        ] {
            for tail in ["", "/p", ":8080", "?q", "#f", "%41", "\u{e9}"] {
                let input = format!("{d}{tail}");
                let (end, strict) = scan_host(input.as_bytes(), 0);
                assert_eq!(end, d.len(), "{input}");
                assert_eq!(strict, by_labels(d.as_bytes()), "{input}");
                assert_eq!(strict, ascii_domain_strictness(d.as_bytes()), "{input}");
            }
        }
        let strictness = |d: &str| ascii_domain_strictness(d.as_bytes());
        assert_eq!(strictness("a.XN--bcher-kva.de"), Strict::Punycode);
        assert_eq!(strictness("xn-.de"), Strict::No);
        assert_eq!(strictness("a_b.xn--bcher-kva.de"), Strict::No);
    }

    /// Against UTS #46 itself (the `idna` crate's strict ToASCII) on
    /// random ASCII domains made of the bytes that matter.
    #[cfg(feature = "idna")]
    #[test]
    fn strict_as_uts46_says() {
        const BYTES: &[u8] = b"aAxXnN09.-_%";
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..200_000 {
            let len = 1 + next(12);
            let d: Vec<u8> = (0..len).map(|_| BYTES[next(BYTES.len())]).collect();
            let d = String::from_utf8(d).unwrap();
            let uts46 = idna::domain_to_ascii_strict(&d).is_ok();
            match ascii_domain_strictness(d.as_bytes()) {
                Strict::Yes => assert!(uts46, "{d}"),
                Strict::No => assert!(!uts46, "{d}"),
                Strict::Punycode => {}
            }
        }
    }
}
