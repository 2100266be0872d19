//! Input sets shared by the tests that run a property over many URLs: the
//! real corpus, the inputs of the conformance and profile vectors, the
//! web-platform-tests inputs and random URL-ish byte strings.

use std::path::PathBuf;

use super::Rng;

fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The lines of `tests/corpus/kasztp.txt`, the real URLs.
pub fn corpus() -> Vec<Vec<u8>> {
    let text = std::fs::read(repo("tests/corpus/kasztp.txt")).expect("tests/corpus/kasztp.txt");
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// The escape-heavy corpus (`bench/gen_escapes.c`, which `make` writes to
/// `build/escapes.txt`) when `WWWURL_ESCAPES` names it, as `make` sets it;
/// nothing when the variable is unset (a plain `cargo test`). A variable
/// that names no readable file fails.
pub fn escape_corpus() -> Vec<Vec<u8>> {
    let Some(path) = std::env::var_os("WWWURL_ESCAPES") else {
        return Vec::new();
    };
    let text = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("WWWURL_ESCAPES={}: {e}", path.to_string_lossy()));
    let lines: Vec<Vec<u8>> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    assert!(lines.len() > 1000, "WWWURL_ESCAPES: {} lines", lines.len());
    lines
}

/// Every non-NULL input column of the conformance vector file `name`
/// (`SplitURL`, `LinkURL`, ...).
pub fn vector_inputs(name: &str) -> Vec<Vec<u8>> {
    super::load(name)
        .into_iter()
        .flat_map(|v| v.inputs.into_iter().flatten())
        .collect()
}

/// The input column of every frozen profile vector file
/// (`tests/profiles/*.tsv`).
pub fn profile_vector_inputs() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(repo("tests/profiles")).expect("tests/profiles") {
        let path = e.unwrap().path();
        if path.extension().and_then(|x| x.to_str()) != Some("tsv") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let input = line.split('\t').next().unwrap();
            out.push(unescape_profile_field(input));
        }
    }
    out
}

/// The `input` of every case of the web-platform-tests URL parser data
/// (`tests/wpt/urltestdata.json`), with its `base` when it has one.
pub fn wpt_inputs() -> Vec<Vec<u8>> {
    let text = std::fs::read_to_string(repo("tests/wpt/urltestdata.json")).unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for case in cases.as_array().unwrap() {
        for key in ["input", "base"] {
            if let Some(s) = case.get(key).and_then(|v| v.as_str()) {
                out.push(s.as_bytes().to_vec());
            }
        }
    }
    out
}

/// A field of a frozen profile vector file (`tests/profiles/README.md`),
/// decoded: `\t`, `\n`, `\\` and `\xNN`.
pub fn unescape_profile_field(f: &str) -> Vec<u8> {
    let b = f.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b't') => out.push(b'\t'),
            Some(b'n') => out.push(b'\n'),
            Some(b'\\') => out.push(b'\\'),
            Some(b'x') => {
                let hex = std::str::from_utf8(&b[i + 2..i + 4]).unwrap();
                out.push(u8::from_str_radix(hex, 16).unwrap());
                i += 2;
            }
            other => panic!("bad escape {other:?} in {f}"),
        }
        i += 2;
    }
    out
}

/// Random byte strings, half from URL-ish pieces that reach the profiles'
/// interesting steps, half plain random bytes.
pub fn random_input(rng: &mut Rng) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"http://",
        b"https://",
        b"HTTP:",
        b"dns:",
        b"filedesc",
        b"www.",
        b"www2.",
        b"/",
        b"//",
        b".",
        b"..",
        b"/../",
        b"/./",
        b"?",
        b"&",
        b"=",
        b"#",
        b"%",
        b"%25",
        b"%2",
        b"%2e",
        b"%26",
        b"%41",
        b"%zz",
        b":",
        b":80",
        b":443",
        b":99999",
        b"@",
        b"[",
        b"]",
        b"::1",
        b"0x7f",
        b"127.1",
        b"3279880203",
        b"1.2.3.4",
        b"0",
        b"9",
        b" ",
        b"\t",
        b"\n",
        b"\x00",
        b"\xc3\xbc",
        b"\xff",
        b"\xe2\x80\x8d",
        b"jsessionid=",
        b"sid=",
        b"cfid=1",
        b"&cftoken=2",
        b"ASPSESSIONIDabcdefgh=",
        b"0123456789abcdef0123456789abcdef",
        b"abcdefghijklmnopqrstuvwx",
        b"(x(0123456789abcdef01234567))",
        b"(",
        b")",
        b".aspx",
        b"utm_a",
        b"xn--",
        b"a",
        b"B",
        b"\\",
    ];
    let mut v = Vec::new();
    if rng.below(2) == 0 {
        for _ in 0..rng.below(14) {
            v.extend_from_slice(PIECES[rng.below(PIECES.len())]);
        }
    } else {
        for _ in 0..rng.below(40) {
            v.push(rng.next() as u8);
        }
    }
    v
}
