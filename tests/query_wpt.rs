//! The form parser and the sort of `wwwurl::query` against the
//! web-platform-tests tables copied into `tests/wpt/`:
//! `urlencoded-parser-data.json` (the application/x-www-form-urlencoded
//! parser) and `urlsearchparams-sort.json` (`URLSearchParams.sort()`).
//!
//! The query functions work on bytes; the tables hold strings. A parameter
//! is compared after the last step of the Standard's parser that the
//! library leaves out: UTF-8 decoding without BOM, done here with
//! `wwwurl::query::text::utf8_lossy` (checked against the standard
//! library's own lossy decoding, which replaces the same subsequences).

// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use serde_json::Value;
use wwwurl::bytes::buf::Buf;
use wwwurl::query::{self, text, Param, SortedParams};

fn load(name: &str) -> Value {
    let path = format!("{}/tests/wpt/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_slice(&std::fs::read(&path).expect(&path)).expect(&path)
}

/// A decoded name or value as the Standard's string.
fn string(raw: &[u8]) -> String {
    let mut d = Buf::new();
    query::form_decode(raw, &mut d).unwrap();
    let mut s = Buf::new();
    text::utf8_lossy(&d, &mut s).unwrap();
    assert_eq!(&s[..], String::from_utf8_lossy(&d).as_bytes());
    String::from_utf8(s.into_vec()).unwrap()
}

fn pair(p: &Param<'_>) -> (String, String) {
    // The iterator and the sink decoders agree.
    let n: Vec<u8> = p.name().collect();
    let mut n2 = Buf::new();
    p.decode_name(&mut n2).unwrap();
    assert_eq!(n2, n);
    (string(p.name_raw()), string(p.value_raw()))
}

fn expected(output: &Value) -> Vec<(String, String)> {
    output
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let p = p.as_array().unwrap();
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn urlencoded_parser_data() {
    let data = load("urlencoded-parser-data.json");
    let cases = data.as_array().unwrap();
    assert_eq!(cases.len(), 35);
    for case in cases {
        let input = case["input"].as_str().unwrap().as_bytes();
        let want = expected(&case["output"]);
        let got: Vec<(String, String)> = query::params(input).map(|p| pair(&p)).collect();
        assert_eq!(got, want, "{input:?}");
        assert_eq!(query::count(input), want.len());
        // `get` finds the first value of each name, compared decoded.
        for (name, _) in &want {
            if name.contains('\u{FFFD}') {
                // The bytes behind a U+FFFD are not the U+FFFD's.
                continue;
            }
            let p = query::get(input, name.as_bytes()).unwrap();
            let first = &want.iter().find(|(n, _)| n == name).unwrap().1;
            assert_eq!(&string(p.value_raw()), first, "{input:?} {name}");
        }
    }
}

#[test]
fn urlsearchparams_sort() {
    let data = load("urlsearchparams-sort.json");
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 8);
    for case in cases {
        let input = case["input"].as_str().unwrap().as_bytes();
        let want = expected(&case["output"]);
        // The order found, and the bytes written, both sort as the table.
        let mut out = Buf::new();
        let changed = query::sort(input, &mut out).unwrap();
        let got: Vec<(String, String)> = query::params(&out).map(|p| pair(&p)).collect();
        assert_eq!(got, want, "{input:?}");
        assert_eq!(changed, out[..] != *input, "{input:?}");
        // Also from the query as the URL parser would leave it: every
        // non-ASCII byte percent-encoded.
        let mut encoded = Vec::new();
        for &b in input {
            if b.is_ascii() {
                encoded.push(b);
            } else {
                encoded.extend_from_slice(format!("%{b:02X}").as_bytes());
            }
        }
        let mut out = Buf::new();
        SortedParams::new(&encoded)
            .unwrap()
            .write(&mut out)
            .unwrap();
        let got: Vec<(String, String)> = query::params(&out).map(|p| pair(&p)).collect();
        assert_eq!(got, want, "{input:?} encoded");
    }
    // "Sorting non-existent params removes ? from URL": the empty query
    // sorts to the empty query, which a URL then writes without `?`.
    let extra = &data["extra"][0];
    assert_eq!(extra["url"], "http://example.com/?");
    assert_eq!(extra["after_sort_search"], "");
    let mut out = Buf::new();
    assert!(!query::sort(b"", &mut out).unwrap());
    assert!(out.is_empty());
}
