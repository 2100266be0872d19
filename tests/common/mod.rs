//! Loading the conformance vectors in `tests/vectors/` (format: its README).
#![allow(dead_code)]

use std::path::PathBuf;

pub mod inputs;

/// One line of a vector file.
#[derive(Debug, Clone)]
pub struct Vector {
    /// 1-based line number in the file.
    pub line: usize,
    /// Input columns; `None` is the NULL pointer (`\N`).
    pub inputs: Vec<Option<Vec<u8>>>,
    /// Result columns; `None` is the NULL pointer (`\N`).
    pub outputs: Vec<Option<Vec<u8>>>,
}

impl Vector {
    /// Input `i`, which must not be NULL.
    pub fn input(&self, i: usize) -> &[u8] {
        self.inputs[i].as_deref().expect("NULL input")
    }
    /// Input `i` as an optional byte string.
    pub fn opt_input(&self, i: usize) -> Option<&[u8]> {
        self.inputs[i].as_deref()
    }
    /// Result `i`, which must not be NULL.
    pub fn output(&self, i: usize) -> &[u8] {
        self.outputs[i].as_deref().expect("NULL output")
    }
    /// Result `i` as an optional byte string.
    pub fn opt_output(&self, i: usize) -> Option<&[u8]> {
        self.outputs[i].as_deref()
    }
    /// Result `i` parsed as a decimal integer.
    pub fn output_int(&self, i: usize) -> i64 {
        std::str::from_utf8(self.output(i))
            .unwrap()
            .parse()
            .unwrap()
    }
}

/// Decodes one escaped field; `\N` alone is NULL.
pub fn unescape(field: &[u8]) -> Option<Vec<u8>> {
    if field == b"\\N" {
        return None;
    }
    let mut out = Vec::with_capacity(field.len());
    let mut i = 0;
    while i < field.len() {
        if field[i] == b'\\' && i + 1 < field.len() {
            match field[i + 1] {
                b'\\' => out.push(b'\\'),
                b't' => out.push(b'\t'),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b'x' => {
                    let hex = std::str::from_utf8(&field[i + 2..i + 4]).unwrap();
                    out.push(u8::from_str_radix(hex, 16).unwrap());
                    i += 2;
                }
                other => panic!("bad escape \\{}", other as char),
            }
            i += 2;
        } else {
            out.push(field[i]);
            i += 1;
        }
    }
    Some(out)
}

/// The path of a vector file, e.g. `"SplitURL"` or `"v29h/SplitURL"`.
pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(format!("{name}.tsv"))
}

/// Loads every vector of `name`. Panics when the file is missing or empty, so
/// a test never passes vacuously.
pub fn load(name: &str) -> Vec<Vector> {
    let p = path(name);
    let data = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let function = name.rsplit('/').next().unwrap().as_bytes();
    let mut out = Vec::new();
    for (n, line) in data.split(|&b| b == b'\n').enumerate() {
        if line.is_empty() || line[0] == b'#' {
            continue;
        }
        let cols: Vec<&[u8]> = line.split(|&b| b == b'\t').collect();
        assert_eq!(
            cols[0],
            function,
            "{}:{}: wrong function",
            p.display(),
            n + 1
        );
        let arrow = cols.iter().position(|c| *c == b"=>").expect("no => column");
        out.push(Vector {
            line: n + 1,
            inputs: cols[1..arrow].iter().map(|c| unescape(c)).collect(),
            outputs: cols[arrow + 1..].iter().map(|c| unescape(c)).collect(),
        });
    }
    assert!(!out.is_empty(), "{}: no vectors", p.display());
    out
}

/// Shows bytes readably in failure messages.
pub fn show(b: Option<&[u8]>) -> String {
    match b {
        None => "(null)".into(),
        Some(b) => format!("{:?}", String::from_utf8_lossy(b)),
    }
}

/// A fixed-seed xorshift generator: every run tests the same inputs, with
/// no dependency.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Up to `max` bytes drawn from `alphabet`.
    pub fn bytes(&mut self, alphabet: &[u8], max: usize) -> Vec<u8> {
        let len = (self.next() % (max as u64 + 1)) as usize;
        (0..len)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}
