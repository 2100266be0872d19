//! Conformance vectors for the codecs, form arguments, hashes, base 64,
//! dates and HTML helpers (the files listed in `tests/vectors/README.md`).
//!
//! Each test checks every line of one file, collects the failures and shows
//! the first ones before failing, so one run reports the whole picture.

use crate::common;

use crate::common::{show, Vector};
use wwwurl::bytes::buf::Buf;
use wwwurl::wwwoffle::codec::{truncate_at_nul, Codec};
use wwwurl::wwwoffle::{date, form, hash, html};

/// How many failures are shown in detail.
const SHOWN: usize = 20;

/// Runs `check` on every vector of `name`; `check` returns the wanted and
/// the actual result when they differ.
fn run(name: &str, check: impl Fn(&Vector) -> Option<(String, String)>) {
    let vectors = common::load(name);
    let mut failures = Vec::new();
    for v in &vectors {
        if let Some((want, got)) = check(v) {
            failures.push(format!(
                "line {}: input {:?}\n    want {want}\n    got  {got}",
                v.line,
                v.inputs
                    .iter()
                    .map(|i| show(i.as_deref()))
                    .collect::<Vec<_>>(),
            ));
        }
    }
    eprintln!("{name}: {} vectors", vectors.len());
    for f in failures.iter().take(SHOWN) {
        eprintln!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} vectors failed",
        failures.len(),
        vectors.len()
    );
}

/// Compares a string result against the single result column.
fn same(v: &Vector, got: &[u8]) -> Option<(String, String)> {
    (got != v.output(0)).then(|| (show(Some(v.output(0))), show(Some(got))))
}

/// A C string result: the output as C sees it, cut at its first NUL.
fn c_string(mut got: Buf) -> Vec<u8> {
    truncate_at_nul(&mut got);
    got.into_vec()
}

fn codec_file(name: &str, c: Codec) {
    run(name, |v| {
        let mut got = Buf::new();
        c.apply(v.input(0), &mut got).unwrap();
        same(v, &c_string(got))
    });
}

#[test]
fn url_decode_generic() {
    codec_file("URLDecodeGeneric", Codec::DecodeGeneric);
}

#[test]
fn url_decode_form_args() {
    codec_file("URLDecodeFormArgs", Codec::DecodeForm);
}

#[test]
fn url_recode_form_args() {
    codec_file("URLRecodeFormArgs", Codec::RecodeForm);
}

#[test]
fn url_encode_path() {
    codec_file("URLEncodePath", Codec::EncodePath);
}

#[test]
fn url_encode_form_args() {
    codec_file("URLEncodeFormArgs", Codec::EncodeForm);
}

#[test]
fn url_encode_password() {
    codec_file("URLEncodePassword", Codec::EncodePassword);
}

#[test]
fn split_form_args() {
    run("SplitFormArgs", |v| {
        let s = v.input(0);
        let items = form::split_form_args(s).unwrap();
        let mut got = vec![items.len().to_string().into_bytes()];
        got.extend(items.iter().map(|&(a, b)| s[a..b].to_vec()));
        let want: Vec<Vec<u8>> = (0..v.outputs.len()).map(|i| v.output(i).to_vec()).collect();
        (got != want).then(|| (format!("{want:?}"), format!("{got:?}")))
    });
}

#[test]
fn trim_args() {
    run("TrimArgs", |v| {
        let s = v.input(0);
        let (a, b) = form::trim_args(s);
        same(v, &s[a..b])
    });
}

#[test]
fn make_hash() {
    run("MakeHash", |v| same(v, &hash::make_hash(v.input(0))));
}

#[test]
fn base64_encode() {
    run("Base64Encode", |v| {
        let mut got = Buf::new();
        hash::base64_encode(v.input(0), &mut got).unwrap();
        same(v, &got)
    });
}

#[test]
fn base64_decode() {
    run("Base64Decode", |v| {
        let s = v.input(0);
        let mut got = Buf::new();
        hash::base64_decode(s, &mut got).unwrap();
        let n = v.output_int(0);
        // The C side returns a length, so the bytes column holds all `n`
        // bytes, NULs included.
        let ok = n == got.len() as i64
            && n == hash::base64_decoded_len(s) as i64
            && got[..] == *v.output(1);
        (!ok).then(|| {
            (
                format!("{n} {}", show(Some(v.output(1)))),
                format!("{} {}", got.len(), show(Some(&got))),
            )
        })
    });
}

fn int_input(v: &Vector) -> i64 {
    std::str::from_utf8(v.input(0)).unwrap().parse().unwrap()
}

#[test]
fn rfc822_date() {
    run("RFC822Date", |v| {
        let mut got = Buf::new();
        date::rfc822_date_utc(int_input(v), &mut got).unwrap();
        same(v, &got)
    });
}

#[test]
fn date_to_time_t() {
    run("DateToTimeT", |v| {
        let got = date::date_to_time_t(v.input(0));
        let want = v.output_int(0);
        (got != want).then(|| (want.to_string(), got.to_string()))
    });
}

#[test]
fn duration_to_string() {
    run("DurationToString", |v| {
        let mut got = Buf::new();
        date::duration_to_string(int_input(v), &mut got).unwrap();
        same(v, &got)
    });
}

#[test]
fn html_string() {
    run("HTMLString", |v| {
        let nbsp = match v.input(1) {
            b"0" => false,
            b"1" => true,
            other => panic!("line {}: bad nbsp flag {other:?}", v.line),
        };
        let mut got = Buf::new();
        html::html_string(v.input(0), nbsp, &mut got).unwrap();
        same(v, &got)
    });
}

#[test]
fn url_replace_amp() {
    run("URLReplaceAmp", |v| {
        let mut got = Buf::new();
        html::replace_amp(v.input(0), &mut got).unwrap();
        if let Some(diff) = same(v, &got) {
            return Some(diff);
        }
        let mut in_place = v.input(0).to_vec();
        let n = html::replace_amp_in_place(&mut in_place);
        same(v, &in_place[..n])
    });
}

#[test]
fn fix_html_link_url() {
    run("v29h/FixHTMLLinkURL", |v| {
        let mut got = Buf::new();
        html::fix_html_link_url(v.input(0), &mut got).unwrap();
        same(v, &c_string(got))
    });
}
