//! The WHATWG parser's validation errors (`whatwg::validate`): exact
//! ordered lists with their spans for every name of the Standard's table,
//! the examples of the table among them; and on every web-platform-tests
//! URL case and both corpora, that the reporting parse fails exactly when
//! the plain one does, that spans lie within the input, that only the last
//! error of a failure is fatal, and that a valid URL string has none.

use wwwurl::whatwg::{self, ParseError, Report, ValidationError};

/// A report as one line: `name start..end` for each error (`!` after a
/// fatal one), `;`-separated, then ` => failure`, ` => valid` or
/// ` => invalid`.
fn render(r: &Report) -> String {
    let mut s = String::new();
    for (i, e) in r.errors().iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        s.push_str(&format!("{} {}..{}", e.error().name(), e.start(), e.end()));
        if e.fatal() {
            s.push('!');
        }
    }
    s.push_str(match (r.failure(), r.valid()) {
        (true, _) => " => failure",
        (false, true) => " => valid",
        (false, false) => " => invalid",
    });
    s
}

#[cfg(feature = "idna")]
fn report(input: &str, base: Option<&str>) -> Report {
    whatwg::validate_with_base(input.as_bytes(), base.map(str::as_bytes))
        .unwrap_or_else(|e| panic!("{input:?} against {base:?}: {e}"))
}

#[cfg(feature = "idna")]
#[track_caller]
fn check(input: &str, base: Option<&str>, want: &str) {
    let got = render(&report(input, base));
    assert_eq!(got, want, "{input:?} against {base:?}");
}

/// Every name of the Standard's table, with its examples, in exact
/// ordered lists.
#[cfg(feature = "idna")]
#[test]
fn every_name_with_its_examples() {
    // IDNA: strict processing refuses what relaxed processing accepts (a
    // `_`, an invalid Punycode label, an empty label, a trailing dot), or
    // both refuse it: then the error is fatal.
    check(
        "https://exa%23mple.org",
        None,
        "domain-percent-encoded 11..14; domain-to-ASCII 8..22! => failure",
    );
    check(
        "https://ex_ample.org",
        None,
        "domain-to-ASCII 8..20 => invalid",
    );
    check(
        "https://xn--a.org/",
        None,
        "domain-to-ASCII 8..17 => invalid",
    );
    check("https://a..b/", None, "domain-to-ASCII 8..12 => invalid");
    check(
        "https://example.com./",
        None,
        "domain-to-ASCII 8..20 => invalid",
    );
    check(
        "http://\u{FDD0}zyx.com",
        None,
        "domain-to-ASCII 7..17! => failure",
    );
    check("https://Bücher.de/", None, " => valid");
    // Host parsing.
    check(
        "https://exam%70le.org",
        None,
        "domain-percent-encoded 12..15 => invalid",
    );
    check(
        "foo://exa[mple.org",
        None,
        "host-invalid-code-point 9..10! => failure",
    );
    // IPv4: the span is the part, or the whole address.
    check(
        "https://127.0.0.1./",
        None,
        "domain-to-ASCII 8..18; IPv4-empty-part 17..18 => invalid",
    );
    check(
        "https://1.2.3/",
        None,
        "IPv4-too-few-parts 8..13 => invalid",
    );
    check(
        "https://1.2.3.4.5/",
        None,
        "IPv4-too-many-parts 8..17! => failure",
    );
    check(
        "https://test.42",
        None,
        "IPv4-too-few-parts 8..15; IPv4-non-numeric-part 8..12! => failure",
    );
    check(
        "https://127.0.0x0.1",
        None,
        "IPv4-non-decimal-part 14..17 => invalid",
    );
    check(
        "https://0x7f.00.0.010/",
        None,
        "IPv4-non-decimal-part 8..12; IPv4-non-decimal-part 13..15; IPv4-non-decimal-part 18..21 => invalid",
    );
    check(
        "https://255.255.4000.1",
        None,
        "IPv4-out-of-range-part 16..20! => failure",
    );
    check(
        "https://1.2.3.256",
        None,
        "IPv4-out-of-range-part 14..17! => failure",
    );
    check(
        "https://1.300/",
        None,
        "IPv4-too-few-parts 8..13; IPv4-out-of-range-part 10..13 => invalid",
    );
    check("https://1.2.3.4/", None, " => valid");
    // A domain that IDNA maps to an IPv4 address: no error, but no valid
    // IPv4-address string either.
    check(
        "http://\u{ff11}.\u{ff12}.\u{ff13}.\u{ff14}/",
        None,
        " => invalid",
    );
    check(
        "http://%31.2.3.4/",
        None,
        "domain-percent-encoded 7..10 => invalid",
    );
    // IPv6: the span is the code point where the parser stopped, empty at
    // the end.
    check("https://[::1", None, "IPv6-unclosed 12..12! => failure");
    check(
        "https://[:1]",
        None,
        "IPv6-invalid-compression 9..10! => failure",
    );
    check(
        "https://[1:2:3:4:5:6:7:8:9]",
        None,
        "IPv6-too-many-pieces 25..26! => failure",
    );
    check(
        "https://[1::1::1]",
        None,
        "IPv6-multiple-compression 14..15! => failure",
    );
    check(
        "https://[1:2:3!:4]",
        None,
        "IPv6-invalid-code-point 14..15! => failure",
    );
    check(
        "https://[1:2:3:]",
        None,
        "IPv6-invalid-code-point 15..15! => failure",
    );
    check(
        "https://[1:2:3]",
        None,
        "IPv6-too-few-pieces 14..14! => failure",
    );
    check(
        "https://[::01]",
        None,
        "IPv6-piece-leading-zero 11..13 => invalid",
    );
    check(
        "https://[00:0ab:1::]",
        None,
        "IPv6-piece-leading-zero 9..11; IPv6-piece-leading-zero 12..15 => invalid",
    );
    check("https://[0:0::1]/", None, " => valid");
    check(
        "https://[1:1:1:1:1:1:1:127.0.0.1]",
        None,
        "IPv4-in-IPv6-too-many-pieces 23..24! => failure",
    );
    check(
        "https://[ffff::.0.0.1]",
        None,
        "IPv4-in-IPv6-invalid-code-point 15..16! => failure",
    );
    check(
        "https://[ffff::127.0.xyz.1]",
        None,
        "IPv4-in-IPv6-invalid-code-point 21..22! => failure",
    );
    check(
        "https://[ffff::127.0xyz]",
        None,
        "IPv4-in-IPv6-invalid-code-point 20..21! => failure",
    );
    check(
        "https://[ffff::127.00.0.1]",
        None,
        "IPv4-in-IPv6-invalid-code-point 20..21! => failure",
    );
    check(
        "https://[ffff::127.0.0.1.2]",
        None,
        "IPv4-in-IPv6-invalid-code-point 24..25! => failure",
    );
    check(
        "https://[ffff::127.0.0.]",
        None,
        "IPv4-in-IPv6-invalid-code-point 23..23! => failure",
    );
    check(
        "https://[ffff::127.0.0.4000]",
        None,
        "IPv4-in-IPv6-out-of-range-part 25..26! => failure",
    );
    check(
        "https://[ffff::127.0.0]",
        None,
        "IPv4-in-IPv6-too-few-parts 22..22! => failure",
    );
    check("https://[::ffff:127.0.0.1]/", None, " => valid");
    // URL parsing.
    check(
        "https://example.org/>",
        None,
        "invalid-URL-unit 20..21 => invalid",
    );
    check(
        " https://example.org ",
        None,
        "invalid-URL-unit 0..1 => invalid",
    );
    check(
        "https://example.org \x01",
        None,
        "invalid-URL-unit 19..21 => invalid",
    );
    check(
        "ht\ntps://example.org",
        None,
        "invalid-URL-unit 2..3 => invalid",
    );
    check(
        "https://example.org/%s",
        None,
        "invalid-URL-unit 20..21 => invalid",
    );
    check(
        "ht\ttp://a\tb/\u{85}?\u{fdd0}#\u{ffff}#",
        None,
        "invalid-URL-unit 2..3; invalid-URL-unit 12..14; invalid-URL-unit 15..18; \
         invalid-URL-unit 19..22; invalid-URL-unit 22..23 => invalid",
    );
    check(
        "sc://a%zz\u{85}b/",
        None,
        "invalid-URL-unit 9..11; invalid-URL-unit 6..7 => invalid",
    );
    check("mailto:a b", None, "invalid-URL-unit 8..9 => invalid");
    check("sc:a%4", None, "invalid-URL-unit 4..5 => invalid");
    check(
        "https://h/a%41%4G|`{}^[]\"<>",
        None,
        "invalid-URL-unit 14..15; invalid-URL-unit 17..18; invalid-URL-unit 18..19; \
         invalid-URL-unit 19..20; invalid-URL-unit 20..21; invalid-URL-unit 21..22; \
         invalid-URL-unit 22..23; invalid-URL-unit 23..24; invalid-URL-unit 24..25; \
         invalid-URL-unit 25..26; invalid-URL-unit 26..27 => invalid",
    );
    check(
        "file:c:/my-secret-folder",
        None,
        "special-scheme-missing-following-solidus 5..5 => invalid",
    );
    check(
        "https:example.org",
        None,
        "special-scheme-missing-following-solidus 6..6 => invalid",
    );
    check(
        "https:foo.html",
        Some("https://example.org/"),
        "special-scheme-missing-following-solidus 6..6 => invalid",
    );
    // The special authority slashes state, then the ignore slashes state
    // for each slash too many.
    check(
        "https:/example.org",
        None,
        "special-scheme-missing-following-solidus 6..6; \
         special-scheme-missing-following-solidus 6..7 => invalid",
    );
    check(
        "http:\\\\h\\p",
        None,
        "special-scheme-missing-following-solidus 5..5; \
         special-scheme-missing-following-solidus 5..6; \
         special-scheme-missing-following-solidus 6..7; invalid-reverse-solidus 8..9 => invalid",
    );
    check(
        "///h",
        Some("http://x/"),
        "special-scheme-missing-following-solidus 2..3 => invalid",
    );
    check(
        "\u{1F4A9}",
        None,
        "missing-scheme-non-relative-URL 0..0! => failure",
    );
    check(
        "\u{1F4A9}",
        Some("mailto:user@example.org"),
        "missing-scheme-non-relative-URL 0..0! => failure",
    );
    check(
        "  /x",
        None,
        "invalid-URL-unit 0..2; missing-scheme-non-relative-URL 2..2! => failure",
    );
    check("#x", Some("mailto:user@example.org"), " => valid");
    check(
        "https://example.org\\path\\to\\file",
        None,
        "invalid-reverse-solidus 19..20; invalid-reverse-solidus 24..25; \
         invalid-reverse-solidus 27..28 => invalid",
    );
    check(
        "\\\\h\\p",
        Some("http://x/"),
        "invalid-reverse-solidus 0..1; invalid-reverse-solidus 1..2; \
         invalid-reverse-solidus 3..4 => invalid",
    );
    check(
        "file:\\\\h\\p",
        None,
        "special-scheme-missing-following-solidus 5..5; invalid-reverse-solidus 5..6; \
         invalid-reverse-solidus 6..7; invalid-reverse-solidus 8..9 => invalid",
    );
    check("sc://h/a\\b", None, "invalid-URL-unit 8..9 => invalid");
    check(
        "https://user@example.org",
        None,
        "invalid-credentials 12..13 => invalid",
    );
    check(
        "ssh://user@example.org",
        None,
        "invalid-credentials 10..11 => invalid",
    );
    check(
        "http://a@b@h:99/",
        None,
        "invalid-credentials 8..9; invalid-credentials 10..11 => invalid",
    );
    check("https://#fragment", None, "host-missing 8..8! => failure");
    check("https://:443", None, "host-missing 8..8! => failure");
    check(
        "https://user:pass@",
        None,
        "invalid-credentials 17..18; host-missing 18..18! => failure",
    );
    check(
        "https://example.org:70000",
        None,
        "port-out-of-range 20..25! => failure",
    );
    check(
        "https://example.org:7z",
        None,
        "port-invalid 21..22! => failure",
    );
    check(
        "https://example.org:1\u{e9}/",
        None,
        "port-invalid 21..23! => failure",
    );
    check("https://example.org:/", None, " => valid");
    // The table's example of file-invalid-Windows-drive-letter starts
    // with a slash, which the file state sends to the file slash state:
    // the error is for a drive letter right after the scheme, or with no
    // scheme at all.
    check("/c:/path/to/file", Some("file:///c:/"), " => valid");
    check(
        "C|/path",
        Some("file:///c:/"),
        "file-invalid-Windows-drive-letter 0..2; invalid-URL-unit 1..2 => invalid",
    );
    check(
        "file:c:/x",
        Some("file:///"),
        "special-scheme-missing-following-solidus 5..5; \
         file-invalid-Windows-drive-letter 5..7 => invalid",
    );
    check(
        "file://c:",
        None,
        "file-invalid-Windows-drive-letter-host 7..9 => invalid",
    );
    check("file:///c:/x", None, " => valid");
}

/// Spans are in the caller's bytes: past the leading spaces, tabs and
/// newlines that the parser skipped, and past bytes that are not UTF-8
/// (each invalid sequence one code point, U+FFFD, for the parser).
#[test]
fn spans_are_in_the_input_given() {
    let r = whatwg::validate(b"\t http://h/\xff\xfe a\n\nb\tc|#\x80", None).unwrap();
    let got: Vec<_> = r
        .errors()
        .iter()
        .map(|e| (e.error().name(), e.span()))
        .collect();
    assert_eq!(
        got,
        [
            ("invalid-URL-unit", 0..2),
            ("invalid-URL-unit", 15..16),
            ("invalid-URL-unit", 13..14),
            ("invalid-URL-unit", 20..21),
        ]
    );
    // No error names bytes that are not UTF-8, but they are no string:
    // not valid.
    assert!(!r.valid() && !r.failure());
    let r = whatwg::validate(b"http://h/\xff", None).unwrap();
    assert!(r.errors().is_empty() && !r.valid() && !r.failure());
    let r = whatwg::validate(b"http://\xff/", None).unwrap();
    assert_eq!(render(&r), "domain-to-ASCII 7..8! => failure");
}

/// The reporting API's other entry points.
#[test]
fn reusing_and_bases() {
    let base = whatwg::parse(b"http://example.org/a/b", None).unwrap();
    let mut report = Report::new();
    let mut buf = wwwurl::bytes::buf::Buf::new();
    whatwg::validate_reusing(b"../c d", Some(&base), &mut report, &mut buf).unwrap();
    assert_eq!(render(&report), "invalid-URL-unit 4..5 => invalid");
    whatwg::validate_reusing(b"c", Some(&base), &mut report, &mut buf).unwrap();
    assert_eq!(render(&report), " => valid");
    assert!(buf.is_empty());
    assert_eq!(report.try_clone().unwrap(), report);
    assert_eq!(
        whatwg::validate_with_base(b"x", Some(b"not a URL")),
        Err(ParseError::InvalidBase)
    );
    let r = whatwg::validate(b"x", None).unwrap();
    assert_eq!(
        r.errors()[0].error(),
        ValidationError::MissingSchemeNonRelativeUrl
    );
}

/// Each name of the table is reached by a case of
/// `every_name_with_its_examples`.
#[cfg(feature = "idna")]
#[test]
fn the_cases_reach_every_name() {
    let source = include_str!("whatwg_validate.rs");
    for e in ValidationError::ALL {
        assert!(
            source.contains(&format!("\"{} ", e.name()))
                || source.contains(&format!(" {} ", e.name())),
            "no case reports {}",
            e.name()
        );
    }
}

/// What every report must be, whatever the input: spans within it and on
/// the boundaries of its code points when it is UTF-8; a fatal error only
/// as the last of a failure, which always has one; no error in a valid
/// URL string.
fn invariants(input: &[u8], r: &Report) -> Result<(), String> {
    let utf8 = std::str::from_utf8(input).ok();
    for e in r.errors() {
        if e.start() > e.end() || e.end() > input.len() {
            return Err(format!(
                "{} {}..{} out of the input",
                e.error(),
                e.start(),
                e.end()
            ));
        }
        if let Some(s) = utf8 {
            if !s.is_char_boundary(e.start()) || !s.is_char_boundary(e.end()) {
                return Err(format!(
                    "{} {}..{} splits a code point",
                    e.error(),
                    e.start(),
                    e.end()
                ));
            }
        }
    }
    let fatal: Vec<usize> = (0..r.errors().len())
        .filter(|&i| r.errors()[i].fatal())
        .collect();
    let want: Vec<usize> = match r.failure() {
        true => vec![r
            .errors()
            .len()
            .checked_sub(1)
            .ok_or("a failure without an error")?],
        false => vec![],
    };
    if fatal != want {
        return Err(format!("fatal errors {fatal:?}, not {want:?}"));
    }
    if let Some(last) = r.errors().last().filter(|e| e.fatal()) {
        if !last.error().can_fail() {
            return Err(format!("{} cannot be fatal", last.error()));
        }
    }
    if r.valid() && (r.failure() || !r.errors().is_empty()) {
        return Err("valid with errors".into());
    }
    Ok(())
}

/// The reporting parse of `input` against `base` agrees with the plain
/// one and keeps the invariants; `Err` says how not.
fn agrees(input: &[u8], base: Option<&[u8]>) -> Result<Report, String> {
    let plain = whatwg::parse_with_base(input, base);
    match (whatwg::validate_with_base(input, base), plain) {
        (Err(ParseError::InvalidBase), Err(ParseError::InvalidBase)) => Ok(Report::new()),
        (Ok(r), plain) if r.failure() == plain.is_err() => invariants(input, &r).map(|()| r),
        (Ok(r), plain) => Err(format!(
            "failure {} but parse {:?}",
            r.failure(),
            plain.err()
        )),
        (Err(e), _) => Err(format!("validate: {e}")),
    }
}

fn show(input: &[u8], base: Option<&[u8]>) -> String {
    format!(
        "{:?} against {:?}",
        String::from_utf8_lossy(input),
        base.map(String::from_utf8_lossy)
    )
}

#[cfg(feature = "idna")]
#[test]
fn failure_agrees_with_the_parser_on_every_wpt_case() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wpt/urltestdata.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let (mut cases, mut failures, mut valid, mut bad) = (0, 0, 0, Vec::new());
    for case in all.as_array().unwrap().iter().filter_map(|c| c.as_object()) {
        let input = case["input"].as_str().unwrap().as_bytes();
        let base = case.get("base").and_then(|b| b.as_str()).map(str::as_bytes);
        cases += 1;
        match agrees(input, base) {
            Ok(r) => {
                let expected = case.get("failure").and_then(|f| f.as_bool()) == Some(true);
                if r.failure() != expected && whatwg::parse_with_base(input, base).is_ok() {
                    bad.push(format!(
                        "{}: WPT says failure {expected}",
                        show(input, base)
                    ));
                }
                failures += usize::from(r.failure());
                valid += usize::from(r.valid());
            }
            Err(e) => bad.push(format!("{}: {e}", show(input, base))),
        }
    }
    println!("urltestdata.json: {cases} cases, {failures} failures, {valid} valid URL strings");
    assert_eq!(cases, 891);
    assert!(bad.is_empty(), "{} cases:\n{}", bad.len(), bad.join("\n"));
}

/// Random changes of the WPT inputs (bytes replaced, inserted, removed,
/// from the characters that matter to the parser and a few others): the
/// reporting parse still agrees with the plain one.
#[cfg(feature = "idna")]
#[test]
fn failure_agrees_with_the_parser_on_mutated_inputs() {
    const BYTES: &[u8] = b"/\\\\:@[].%?#\t\n 0aZ9x\xff\xc3\xa9|^<";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wpt/urltestdata.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut bad = Vec::new();
    let cases: Vec<_> = all
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c.as_object())
        .collect();
    for round in 0..20_000 {
        let case = cases[next(cases.len())];
        let mut input = case["input"].as_str().unwrap().as_bytes().to_vec();
        for _ in 0..1 + next(3) {
            let at = next(input.len() + 1);
            let b = BYTES[next(BYTES.len())];
            match next(3) {
                0 if at < input.len() => input[at] = b,
                1 if at < input.len() => {
                    input.remove(at);
                }
                _ => input.insert(at, b),
            }
        }
        let base = case.get("base").and_then(|b| b.as_str()).map(str::as_bytes);
        let base = if round % 2 == 0 { base } else { None };
        if let Err(e) = agrees(&input, base) {
            bad.push(format!("{}: {e}", show(&input, base)));
        }
    }
    assert!(
        bad.is_empty(),
        "{} inputs:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn failure_agrees_with_the_parser_over_the_corpora() {
    let mut bad = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for (name, base) in [
        ("kasztp.txt", None),
        ("kasztp.txt", Some(&b"http://example.org/a/b?q"[..])),
        ("file-urls.txt", None),
        ("file-urls.txt", Some(&b"file:///C:/dir/file"[..])),
    ] {
        let path = format!("{}/tests/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
        let corpus = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in corpus.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            match agrees(line, base) {
                Ok(r) => {
                    for e in r.errors() {
                        *counts.entry(e.error().name()).or_insert(0) += 1;
                    }
                }
                Err(e) if cfg!(not(feature = "idna")) && e.contains("IDNA") => {}
                Err(e) => bad.push(format!("{}: {e}", show(line, base))),
            }
        }
    }
    println!("errors in the corpora: {counts:?}");
    assert!(
        bad.is_empty(),
        "{} inputs:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}
