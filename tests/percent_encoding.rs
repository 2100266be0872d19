//! The `percent-encoding` crate against the historical codecs, on every
//! conformance vector: where it gives the same bytes it could replace the
//! hand-written code, where it does not it cannot (BENCHMARKS.md,
//! "Trade-offs", has the measured speed of both).

use crate::common::load;
use percent_encoding::{percent_decode, percent_encode, AsciiSet};

use crate::percent_sets::{PASSWORD_SET, PATH_SET};

fn encode(s: &[u8], set: &'static AsciiSet) -> Vec<u8> {
    percent_encode(s, set).flat_map(str::bytes).collect()
}

/// A C string result: cut at its first NUL.
fn c_string(mut v: Vec<u8>) -> Vec<u8> {
    if let Some(n) = v.iter().position(|&b| b == 0) {
        v.truncate(n);
    }
    v
}

#[test]
fn encoders_with_the_historical_sets_are_byte_exact() {
    for (file, set) in [
        ("URLEncodePath", PATH_SET),
        ("URLEncodePassword", PASSWORD_SET),
    ] {
        let vectors = load(file);
        assert!(vectors.len() > 1000, "{file}: {} vectors", vectors.len());
        for v in &vectors {
            assert_eq!(
                encode(v.input(0), set),
                v.output(0),
                "{file} line {}",
                v.line
            );
        }
    }
}

/// URLDecodeGeneric decodes `%` and any two bytes (a non-hex digit counts
/// as 0), `percent_decode` only `%` and two hex digits: the crate cannot be
/// the historical decoder.
#[test]
fn decoder_differs_on_non_hex_digits() {
    let vectors = load("URLDecodeGeneric");
    let differ: Vec<_> = vectors
        .iter()
        .filter(|v| c_string(percent_decode(v.input(0)).collect()) != v.output(0))
        .collect();
    assert!(!differ.is_empty());
    for v in differ {
        let s = v.input(0);
        let non_hex = s
            .windows(3)
            .any(|w| w[0] == b'%' && !(w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit()));
        let nul = s.windows(3).any(|w| w == b"%00");
        assert!(
            non_hex || nul,
            "line {}: differs for another reason",
            v.line
        );
    }
    // The simplest case.
    let theirs: Vec<u8> = percent_decode(b"%zz").collect();
    assert_eq!(theirs, b"%zz");
}
