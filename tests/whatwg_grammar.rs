//! The URL Standard's URL-writing grammar ("URL writing", "Host writing")
//! written out here on its own, as a recogniser of valid URL strings, and
//! `whatwg::validate`'s answer checked against it on every
//! web-platform-tests URL case, both corpora and a set of inputs made to
//! reach each rule. The recogniser asks UTS #46 (the `idna` crate's strict
//! ToASCII) whether a domain is valid; nothing else is shared with the
//! parser.

#![cfg(feature = "idna")]

use wwwurl::whatwg::{self, Url};

const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

fn is_url_code_point(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || "!$&'()*+,-./:;=?@_~".contains(c)
        || (('\u{a0}'..='\u{10fffd}').contains(&c)
            && !('\u{fdd0}'..='\u{fdef}').contains(&c)
            && (c as u32) & 0xfffe != 0xfffe)
}

/// Zero or more URL units (URL code points and percent-encoded bytes),
/// none of them one of `excluded`.
fn units(s: &str, excluded: &str) -> bool {
    let b = s.as_bytes();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '%' {
            let hex = |j: usize| b.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !hex(i + 1) || !hex(i + 2) {
                return false;
            }
            chars.next();
            chars.next();
        } else if !is_url_code_point(c) || excluded.contains(c) {
            return false;
        }
    }
    true
}

fn scheme_string(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

fn ends_in_a_number(s: &str) -> bool {
    let s = s.strip_suffix('.').unwrap_or(s);
    let last = s.rsplit('.').next().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn valid_domain(s: &str) -> bool {
    idna::domain_to_ascii_strict(s).is_ok_and(|d| !ends_in_a_number(&d))
}

/// A decimal (or hexadecimal) number in its shortest form, at most `max`.
fn shortest(s: &str, radix: u32, max: u32) -> bool {
    !s.is_empty()
        && (s == "0" || !s.starts_with('0'))
        && s.len() <= 5
        && u32::from_str_radix(s, radix).is_ok_and(|v| v <= max)
        && s.chars().all(|c| c.is_digit(radix))
}

fn ipv4_string(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| shortest(p, 10, 255))
}

/// The effective piece length of a valid IPv6-pieces string, or of a
/// valid IPv6-pieces-and-IPv4 string when `ipv4` allows one.
fn pieces(s: &str, ipv4: bool) -> Option<usize> {
    let all: Vec<&str> = s.split(':').collect();
    let (last, rest) = all.split_last()?;
    if ipv4 && ipv4_string(last) {
        if rest.iter().all(|p| shortest(p, 16, 0xffff)) {
            return Some(rest.len() + 2);
        }
        return None;
    }
    all.iter()
        .all(|p| shortest(p, 16, 0xffff))
        .then_some(all.len())
}

fn ipv6_string(s: &str) -> bool {
    match s.split_once("::") {
        None => pieces(s, true) == Some(8),
        Some((before, after)) => {
            let before = if before.is_empty() {
                Some(0)
            } else {
                pieces(before, false)
            };
            let after = if after.is_empty() {
                Some(0)
            } else {
                pieces(after, true)
            };
            matches!((before, after), (Some(b), Some(a)) if a + b <= 7)
        }
    }
}

fn host_string(s: &str) -> bool {
    match s.strip_prefix('[') {
        Some(inner) => inner.strip_suffix(']').is_some_and(ipv6_string),
        None => valid_domain(s) || ipv4_string(s),
    }
}

fn opaque_host_string(s: &str) -> bool {
    match s.strip_prefix('[') {
        Some(inner) => inner.strip_suffix(']').is_some_and(ipv6_string),
        None => !s.is_empty() && units(s, "\0\t\n\r #/:<>?@[\\]^|"),
    }
}

fn port_string(s: &str) -> bool {
    let value = s.bytes().try_fold(0u32, |v, b| {
        let v = v * 10 + u32::from(b.wrapping_sub(b'0'));
        (b.is_ascii_digit() && v <= 65535).then_some(v)
    });
    s.is_empty() || value.is_some()
}

fn path_absolute(s: &str) -> bool {
    s.strip_prefix('/')
        .is_some_and(|rest| rest.split('/').all(|seg| units(seg, "/?")))
}

fn path_absolute_non_authority(s: &str) -> bool {
    path_absolute(s) && !s.starts_with("//")
}

fn path_relative_scheme_less(s: &str) -> bool {
    let relative = !s.starts_with('/') && s.split('/').all(|seg| units(seg, "/?"));
    let scheme_first = s.split_once(':').is_some_and(|(a, _)| scheme_string(a));
    relative && !scheme_first
}

fn opaque_path(s: &str) -> bool {
    !s.starts_with('/') && units(s, "?")
}

/// The host at the start of `s` (up to `/`, or `:` outside brackets) and
/// the rest.
fn split_host(s: &str, colon_ends: bool) -> (&str, &str) {
    let end = if s.starts_with('[') {
        s.find(']').map_or(s.len(), |i| i + 1)
    } else {
        s.find(|c| c == '/' || (colon_ends && c == ':'))
            .unwrap_or(s.len())
    };
    s.split_at(end)
}

/// `[":" port] [path-absolute]` after a host.
fn port_and_path(rest: &str) -> bool {
    let (port, path) = match rest.strip_prefix(':') {
        Some(r) => r.split_at(r.find('/').unwrap_or(r.len())),
        None => ("", rest),
    };
    port_string(port) && (path.is_empty() || path_absolute(path))
}

fn scheme_relative_special(s: &str) -> bool {
    let Some(s) = s.strip_prefix("//") else {
        return false;
    };
    let (host, rest) = split_host(s, true);
    host_string(host) && port_and_path(rest)
}

fn scheme_relative(s: &str) -> bool {
    let Some(s) = s.strip_prefix("//") else {
        return false;
    };
    let (host, rest) = split_host(s, true);
    if host.is_empty() {
        return rest.is_empty() || path_absolute(rest);
    }
    opaque_host_string(host) && port_and_path(rest)
}

fn scheme_relative_file(s: &str) -> bool {
    let Some(s) = s.strip_prefix("//") else {
        return false;
    };
    if s.is_empty() || path_absolute(s) {
        return true;
    }
    let (host, rest) = split_host(s, false);
    host_string(host) && (rest.is_empty() || path_absolute(rest))
}

/// `body ["?" query]`, the body checked by `f`.
fn with_query(s: &str, f: impl Fn(&str) -> bool) -> bool {
    match s.split_once('?') {
        Some((body, query)) => f(body) && units(query, ""),
        None => f(s),
    }
}

fn absolute_url(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    if !scheme_string(scheme) {
        return false;
    }
    let scheme = scheme.to_ascii_lowercase();
    with_query(rest, |body| match scheme.as_str() {
        "file" => scheme_relative_file(body),
        s if SPECIAL.contains(&s) => scheme_relative_special(body),
        _ => scheme_relative(body) || path_absolute_non_authority(body) || opaque_path(body),
    })
}

fn relative_url(s: &str, base: &Url) -> bool {
    let scheme = std::str::from_utf8(base.scheme()).unwrap();
    with_query(s, |body| {
        path_absolute_non_authority(body)
            || path_relative_scheme_less(body)
            || match scheme {
                "file" => scheme_relative_file(body),
                s if SPECIAL.contains(&s) => scheme_relative_special(body),
                _ => scheme_relative(body),
            }
    })
}

/// `s` with an optional `#` and URL-fragment string, the rest checked by
/// `f`.
fn with_fragment(s: &str, f: impl Fn(&str) -> bool) -> bool {
    match s.split_once('#') {
        Some((rest, fragment)) => f(rest) && units(fragment, ""),
        None => f(s),
    }
}

/// A valid URL string: an absolute-URL-with-fragment string, or with a
/// base a relative-URL-with-fragment string.
fn valid_url_string(s: &str, base: Option<&Url>) -> bool {
    if with_fragment(s, absolute_url) {
        return true;
    }
    match base {
        Some(b) if b.has_opaque_path() => s.strip_prefix('#').is_some_and(|f| units(f, "")),
        Some(b) => with_fragment(s, |r| relative_url(r, b)),
        None => false,
    }
}

/// `validate`'s answer is the grammar's on `input` against `base`; `Err`
/// says how not.
fn agrees(input: &str, base: Option<&str>) -> Result<(), String> {
    let Ok(base) = base.map(|b| whatwg::parse(b.as_bytes(), None)).transpose() else {
        return Ok(());
    };
    let report = whatwg::validate(input.as_bytes(), base.as_ref()).map_err(|e| e.to_string())?;
    let grammar = valid_url_string(input, base.as_ref());
    if report.valid() == grammar {
        return Ok(());
    }
    let errors: Vec<_> = report.errors().iter().map(|e| e.error().name()).collect();
    Err(format!(
        "{input:?} against {:?}: grammar says {grammar}, validate {} ({errors:?})",
        base.map(|b| b.as_str().to_owned()),
        report.valid()
    ))
}

#[test]
fn valid_agrees_with_the_grammar_on_every_wpt_case() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wpt/urltestdata.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut bad = Vec::new();
    for case in all.as_array().unwrap().iter().filter_map(|c| c.as_object()) {
        let input = case["input"].as_str().unwrap();
        let base = case.get("base").and_then(|b| b.as_str());
        if let Err(e) = agrees(input, base) {
            bad.push(e);
        }
    }
    assert!(bad.is_empty(), "{} cases:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn valid_agrees_with_the_grammar_over_the_corpora() {
    let mut bad = Vec::new();
    for (name, base) in [
        ("kasztp.txt", None),
        ("kasztp.txt", Some("http://example.org/a/b?q")),
        ("file-urls.txt", None),
        ("file-urls.txt", Some("file:///C:/dir/file")),
    ] {
        let path = format!("{}/tests/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
        let corpus = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in corpus.lines().filter(|l| !l.is_empty()) {
            if let Err(e) = agrees(line, base) {
                bad.push(e);
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} inputs:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

#[test]
fn valid_agrees_with_the_grammar_on_each_rule() {
    let bases = [
        None,
        Some("http://example.org/a/b"),
        Some("file:///C:/a/b"),
        Some("sc://h/a"),
        Some("mailto:x"),
    ];
    let inputs = [
        "http://example.org/",
        "HTTP://EXAMPLE.org:0080/a/./b/../c?q=1&r=%20#f",
        "http://example.org:65535",
        "http://example.org:65536",
        "http://example.org:",
        "http://a_b.example/",
        "http://-a.example/",
        "http://ab--c.example/",
        "http://xn--bcher-kva.de/",
        "http://xn--a.de/",
        "http://b\u{fc}cher.de/",
        "http://example.com./",
        "http://1.2.3.4/",
        "http://1.2.3.04/",
        "http://1.2.3/",
        "http://\u{ff11}.\u{ff12}.\u{ff13}.\u{ff14}/",
        "http://%31.2.3.4/",
        "http://1.2.3.4./",
        "http://EXAMPLE.\u{ff23}OM/",
        "http://0x1.2.3.4/",
        "http://[::1]/",
        "http://[0:0:0:0:0:0:0:1]/",
        "http://[::0:0:1]/",
        "http://[1:2:3:4:5:6:7::]/",
        "http://[1:2:3:4:5:6::7:8]/",
        "http://[::1.2.3.4]/",
        "http://[1:2:3:4:5:6:1.2.3.4]/",
        "http://[::01]/",
        "http://[::ABCD]/",
        "http://u@example.org/",
        "http:example.org",
        "http:/example.org",
        "http:///example.org",
        "http://example.org\\a",
        "http://example.org/a b",
        "http://example.org/a%2",
        "http://example.org/a%2g",
        "http://example.org/%E2%80%BD",
        "http://example.org/\u{203d}",
        "http://example.org/\u{fdd0}",
        "http://example.org/#a#b",
        "http://example.org/?a?b",
        "http://example.org/a|b",
        "file:///C:/x",
        "file:///C|/x",
        "file://localhost/x",
        "file://h:80/",
        "file://",
        "file:////x",
        "file:/x",
        "file:x",
        "file://C:/x",
        "sc:",
        "sc:x",
        "sc:/x",
        "sc://",
        "sc:///x",
        "sc://h:1/x",
        "sc://:1/x",
        "sc://h h/",
        "sc://%41/",
        "sc://\u{e9}/",
        "sc://[::1]/",
        "sc:a b",
        "sc:a%20b?c d",
        "sc:/.//x",
        "a:b",
        "//h/x",
        "///x",
        "/x",
        "x",
        "x/y?z#w",
        "?q",
        "#f",
        "",
        "a:",
        "c:/x",
        "C|/x",
        "/C:/x",
        "\\x",
        " http://example.org",
        "\thttp://example.org",
        "http://ex\tample.org",
    ];
    let mut bad = Vec::new();
    for base in bases {
        for input in inputs {
            if let Err(e) = agrees(input, base) {
                bad.push(e);
            }
        }
    }
    assert!(bad.is_empty(), "{} inputs:\n{}", bad.len(), bad.join("\n"));
}
