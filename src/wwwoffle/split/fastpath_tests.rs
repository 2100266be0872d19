//! Differential test of SplitURL's fast path: on every input, `split_url`
//! (which takes the fast path when it can) and `split_url_fast` (when it
//! answers) give exactly the record of `split_url_general`, the historical
//! heuristics step by step: the same fields, port and offsets. The
//! environment sees the same calls too. Records that share their original
//! fields with the canonical ones, or omit them, hold the same fields in
//! fewer bytes.
//!
//! Inputs: every line of the URL corpus (`tests/corpus/kasztp.txt`, or the
//! file named by `WWWURL_CORPUS`; a missing corpus fails), the inputs of the
//! URL vector files, and a few hundred thousand pseudo-random strings built
//! from URL-ish fragments (upper case, `%`, dot segments, `&amp;`, `@`, `:`,
//! `[`, ports, fragments, NUL and non-ASCII bytes), in 2.9 and 2.9h modes
//! and under two environments.

// The vector loader of the integration tests, shared rather than copied.
#[path = "../../../tests/common/mod.rs"]
mod common;

use std::cell::RefCell;
use std::path::PathBuf;

use crate::bytes::buf::{Buf, NoMemory};
use crate::wwwoffle::codec::BoundedSink;
use crate::wwwoffle::config::{Compat, Config, Env};
use crate::wwwoffle::split::{
    split_to, split_url, split_url_fast, split_url_general, FastSplit, RecordBytes, RecordDest,
};
use crate::wwwoffle::url::{Field, Originals, Spans, Url, UrlRef};

/// An environment that answers like `inner` and logs every call.
struct Logged<E> {
    inner: E,
    log: RefCell<Vec<String>>,
}

impl<E: Env> Logged<E> {
    fn new(inner: E) -> Self {
        Logged {
            inner,
            log: RefCell::new(Vec::new()),
        }
    }
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut self.log.borrow_mut())
    }
}

impl<E: Env> Env for Logged<E> {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        self.log.borrow_mut().push("local_host".into());
        self.inner.local_host(out)
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        self.log
            .borrow_mut()
            .push(format!("default_port {:?}", String::from_utf8_lossy(proto)));
        self.inner.default_port(proto)
    }
}

/// Default ports unlike the built-in ones: 0 (none) for most protocols, and
/// values that `atoi` reaches only by wrapping.
struct OddPorts;

impl Env for OddPorts {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        out.extend_from_slice(b"Proxy.Local:3128")
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        Ok(match proto {
            b"http" => 8080,
            b"https" => 0,
            b"ftp" => -1,
            b"ht+p.-1" => 80,
            b"gopher" => 70,
            _ => 0,
        })
    }
}

/// A destination that holds the original fields as `O` says (0 copied,
/// 1 shared, 2 omitted), as the C layer's do: the record's bytes and spans.
struct Dest<const O: u8>;

impl<const O: u8> RecordDest for Dest<O> {
    type Out = (Vec<u8>, Spans);
    type Memory = Buf;
    const ORIGINALS: Originals = match O {
        0 => Originals::Copied,
        1 => Originals::Shared,
        _ => Originals::Omitted,
    };
    fn store_record<R: RecordBytes>(self, r: &R) -> (Vec<u8>, Spans) {
        let (len, spans) = r.measure();
        let mut buf = Buf::with_capacity(len).unwrap();
        r.write_to(&mut buf).unwrap();
        assert_eq!(buf.len(), len, "measured size");
        (buf.into_vec(), spans)
    }
    fn memory(&mut self, capacity: usize) -> Result<Buf, NoMemory> {
        Buf::with_capacity(capacity)
    }
    fn store_built(self, built: Buf, spans: Spans) -> (Vec<u8>, Spans) {
        (built.into_vec(), spans)
    }
    fn no_memory(self) -> (Vec<u8>, Spans) {
        panic!("memory ran out")
    }
}

/// The fields that every record has, whatever it does with its originals.
fn canonical_fields() -> impl Iterator<Item = Field> {
    Field::ALL.into_iter().filter(|f| {
        !matches!(
            f,
            Field::OriginalName | Field::OriginalPath | Field::OriginalArgs
        )
    })
}

/// Checks that each of `fields` ends with a NUL in `block`, and returns
/// how many bytes of the block belong to none of them (nor to its NUL).
fn unused_bytes(
    block: &[u8],
    spans: &Spans,
    fields: impl Iterator<Item = Field>,
    s: &[u8],
) -> usize {
    let mut used = vec![false; block.len()];
    for f in fields {
        if let Some(sp) = spans.span(f) {
            assert_eq!(
                block[sp.start + sp.len],
                0,
                "NUL after {f:?} of {}",
                show(s)
            );
            used[sp.start..=sp.start + sp.len].fill(true);
        }
    }
    used.iter().filter(|&&u| !u).count()
}

/// The records of `split_to` into destinations that share or omit the
/// original fields: with shared originals the record is `want` in fewer
/// bytes (none more than the copied record's); with omitted ones, its
/// canonical fields are `want`'s, its originals are those fields, and no
/// byte holds anything else.
fn check_originals<E: Env>(env: &E, compat: Compat, s: &[u8], want: &Url, tally: &mut Tally) {
    let (copied, _) = split_to(env, compat, s, Dest::<0>);
    let (block, spans) = split_to(env, compat, s, Dest::<1>);
    assert_fields(&block, &spans, want, s);
    assert!(block.len() <= copied.len(), "shared size of {}", show(s));
    if block.len() < copied.len() {
        tally.shared += 1;
        for (orig, canon) in [
            (Field::OriginalName, Field::Name),
            (Field::OriginalPath, Field::Path),
            (Field::OriginalArgs, Field::Args),
        ] {
            assert_eq!(
                spans.span(orig),
                spans.span(canon),
                "shared {orig:?} of {}",
                show(s)
            );
        }
    }

    let (block, spans) = split_to(env, compat, s, Dest::<2>);
    let got = UrlRef::new(&block, &spans);
    for f in canonical_fields() {
        assert_eq!(
            got.get(f),
            want.get(f),
            "omitted originals: {f:?} of {}",
            show(s)
        );
    }
    assert_eq!(
        (got.port(), spans.hostp(), spans.pathp()),
        (want.port(), want.hostp(), want.pathp())
    );
    assert_eq!(spans.file_is_name(), want.file_is_name());
    assert_eq!(spans.host_is_hostport(), want.host_is_hostport());
    assert_eq!(spans.span(Field::OriginalName), spans.span(Field::Name));
    assert_eq!(spans.span(Field::OriginalPath), spans.span(Field::Path));
    assert_eq!(spans.span(Field::OriginalArgs), spans.span(Field::Args));
    assert_eq!(spans.original_pathp(), spans.pathp());
    let unused = unused_bytes(&block, &spans, canonical_fields(), s);
    assert_eq!(unused, 2, "unused bytes without originals, {}", show(s));
}

/// Counts of inputs checked, of those the fast path took, and of those
/// whose original fields a handle shares with the canonical ones.
#[derive(Default)]
struct Tally {
    checked: usize,
    fast: usize,
    shared: usize,
}

fn show(s: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(s))
}

/// Checks one input in one mode under one environment.
fn check_one<E: Env>(env: &Logged<E>, compat: Compat, s: &[u8], tally: &mut Tally) {
    let general = split_url_general(env, compat, s).unwrap();
    let general_calls = env.take();

    let split = split_url(env, compat, s).unwrap();
    let split_calls = env.take();
    assert_same(&split, &general, s, compat, "split_url");
    assert_eq!(
        split_calls,
        general_calls,
        "environment calls of split_url differ for {} ({compat:?})",
        show(s)
    );

    if let Some(fast) = split_url_fast(env, compat, s) {
        let fast = fast.unwrap();
        tally.fast += 1;
        assert_same(&fast, &general, s, compat, "split_url_fast");
    }
    env.take();

    // The C layer sizes its block by `FastSplit::len` and writes the record
    // straight into it: the size must be exact and the bytes the same.
    if let Some(plan) = FastSplit::plan(env, compat, s) {
        let mut block = vec![0xaa; plan.len()];
        let mut sink = BoundedSink::new(&mut block);
        let Ok(spans) = plan.write(&mut sink);
        assert_eq!(sink.needed(), plan.len(), "size of {}", show(s));
        assert_fields(&block, &spans, &general, s);

        // The handles store the spans first, then the bytes.
        assert_eq!(plan.spans(), spans, "spans() of {}", show(s));
    }
    check_originals(env, compat, s, &general, tally);
    env.take();
    tally.checked += 1;
}

/// The record that `spans` lay out in `block` is `want`, each field ends
/// with a NUL in the block, and the block holds nothing else: every byte
/// is part of a field or its NUL but for the two of a `://`.
fn assert_fields(block: &[u8], spans: &Spans, want: &Url, s: &[u8]) {
    let got = UrlRef::new(block, spans);
    assert!(got == want.view(), "fields of {}: {got:?}", show(s));
    let unused = unused_bytes(block, spans, Field::ALL.into_iter(), s);
    assert_eq!(unused, 2, "unused bytes in the block of {}", show(s));
}

fn assert_same(got: &Url, want: &Url, s: &[u8], compat: Compat, what: &str) {
    if got != want {
        panic!(
            "{what} differs from split_url_general for {} ({compat:?})\n got: {got:?}\nwant: {want:?}\n got buffer: {}\nwant buffer: {}",
            show(s),
            show(got.buffer()),
            show(want.buffer()),
        );
    }
}

/// Checks every input in both modes under both environments.
fn check_all<'a>(inputs: impl IntoIterator<Item = &'a [u8]>) -> Tally {
    let default = Logged::new(Config::default());
    let odd = Logged::new(OddPorts);
    let mut tally = Tally::default();
    for s in inputs {
        for compat in [Compat::V29, Compat::V29h] {
            check_one(&default, compat, s, &mut tally);
            check_one(&odd, compat, s, &mut tally);
        }
    }
    tally
}

fn corpus_path() -> PathBuf {
    match std::env::var_os("WWWURL_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/kasztp.txt"),
    }
}

#[test]
fn corpus_lines_agree() {
    let path = corpus_path();
    let data = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}: the URL corpus is required", path.display()));
    let lines: Vec<&[u8]> = data
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect();
    assert!(lines.len() > 1000, "{}: too few lines", path.display());
    let tally = check_all(lines.iter().copied());
    eprintln!(
        "corpus: {} lines, {} checks, {} on the fast path ({:.1}%)",
        lines.len(),
        tally.checked,
        tally.fast,
        100.0 * tally.fast as f64 / tally.checked as f64
    );
    // Real URLs are mostly canonical already: the fast path must see most.
    assert!(tally.fast * 10 > tally.checked * 9, "fast path too rare");
    // And most of those are spelt as their canonical name: a handle holds
    // their original fields in no byte of its own.
    eprintln!("corpus: {} with shared originals", tally.shared);
    assert!(
        tally.shared * 10 > tally.checked * 8,
        "shared originals too rare"
    );
}

#[test]
fn vector_inputs_agree() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    // Every input and result of the URL files: all are URL-ish.
    for name in [
        "SplitURL",
        "v29h/SplitURL",
        "LinkURL",
        "AddPasswordURL",
        "CreateURL",
    ] {
        for v in common::load(name) {
            inputs.extend(v.inputs.iter().flatten().cloned());
            inputs.extend(v.outputs.iter().flatten().cloned());
        }
    }
    // The inputs of the part routines, as that part of a canonical URL.
    let parts: [(&str, &[u8], &[u8]); 5] = [
        ("CanonicaliseHost", b"http://", b"/x"),
        ("CanonicaliseName", b"http://h", b""),
        ("URLRecodeFormArgs", b"https://h/p?", b""),
        ("URLReplaceAmp", b"https://h/p?a=", b"&b"),
        ("URLEncodePath", b"http://h/", b"?q"),
    ];
    for (name, pre, post) in parts {
        for v in common::load(name) {
            let x = v.input(0);
            inputs.push([pre, x, post].concat());
            inputs.push([pre, x].concat());
        }
    }
    let tally = check_all(inputs.iter().map(Vec::as_slice));
    eprintln!(
        "vectors: {} inputs, {} checks, {} on the fast path",
        inputs.len(),
        tally.checked,
        tally.fast
    );
    assert!(tally.fast > 1000);
}

/// xorshift64*: a small, fixed pseudo-random sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }
    fn pick<'a>(&mut self, items: &[&'a [u8]]) -> &'a [u8] {
        items[self.below(items.len())]
    }
}

const SCHEMES: &[&[u8]] = &[
    b"http://",
    b"http://",
    b"https://",
    b"https://",
    b"ftp://",
    b"HTTP://",
    b"Https://",
    b"gopher://",
    b"ht+p.-1://",
    b"http:/",
    b"http:",
    b"http:///",
    b"http:////",
    b"://",
    b"",
    b"",
    b"/",
    b"x:",
    b"mailto:",
    b"h%74tp://",
    b"h_t://",
    b"1http://",
    b"a@b://",
    b"http:8080",
];

const USERS: &[&[u8]] = &[
    b"",
    b"",
    b"",
    b"",
    b"",
    b"u@",
    b"u:p@",
    b"@",
    b"a%40b:c%3Ad@",
    b"u:@",
    b":p@",
    b"u@h:p@",
];

const HOSTS: &[&[u8]] = &[
    b"www.example.com",
    b"www.example.com",
    b"example.org",
    b"a",
    b"a-b.c-d.e",
    b"3com.com",
    b"x1",
    b"1.2.3.4",
    b"127.1",
    b"0x7f.1",
    b"2130706433",
    b"999.1.1.1",
    b"localhost",
    b"WWW.Example.COM",
    b"eXample.com",
    b"[::1]",
    b"[fe80::1%eth0]",
    b"[1:2:3:4:5:6:7:8]",
    b"::1",
    b"h_st",
    b"h st",
    b"xn--bcher-kva.ch",
    b"-.",
    b".",
    b"a.b.",
    b"",
    b"%41b.com",
    b"%61b.com",
    b"a%2Fb",
    b"\xc3\xa9.fr",
    b"a\x7fb",
];

const PORTS: &[&[u8]] = &[
    b"",
    b"",
    b"",
    b":80",
    b":443",
    b":8080",
    b":21",
    b":70",
    b":",
    b":0",
    b":0080",
    b":080",
    b":4294967376",
    b":99999999999999999999",
    b":8a",
    b":-1",
    b":+80",
    b": 80",
    b"::1",
    b":80:90",
];

const SEGMENTS: &[&[u8]] = &[
    b"/",
    b"/a",
    b"/index.html",
    b"/dir/",
    b"/edgar.shtml",
    b"/.well-known",
    b"/..x",
    b"/x..",
    b"/a..b",
    b"/...",
    b"/.../",
    b"/~u",
    b"//",
    b"/a;b=c",
    b"/!$()*+,-.:;=_~",
    b"/.",
    b"/..",
    b"/./",
    b"/../",
    b"/%7Euser",
    b"/%2e",
    b"/%2E%2E/",
    b"/%00",
    b"/%",
    b"/%4",
    b"/A B",
    b"/\xe9t\xc3\xa9",
    b"/@",
    b"/[x]",
    b"/a|b",
    b"/a\\b",
    b"/a'b\"c",
    b"/{x}",
    b"/\x01",
    b".",
    b"..",
    b"a",
];

const QUERIES: &[&[u8]] = &[
    b"",
    b"",
    b"",
    b"?",
    b"?a=1",
    b"?a=1&b=2",
    b"?&am",
    b"?&amp",
    b"?q=%3D",
    b"?q=%26",
    b"?q=%2B",
    b"?%ZZ",
    b"?%%41",
    b"?|~",
    b"?a+b",
    b"?a/b?c:d",
    b"?a;b",
    b"?a=1&amp;b=2",
    b"?a=1&AMP;b=2",
    b"?a=1&AmP;",
    b"?q=%20",
    b"?q=%3d",
    b"?q=%2F",
    b"?%",
    b"?a%",
    b"?a%4",
    b"?%zz",
    b"?%&&",
    b"?%&amp;",
    b"?%4&amp;",
    b"?%&AMP;",
    b"?a b",
    b"?\xff",
    b"?x@y",
    b"?x[y]",
    b"?x\"y",
    b"?%7e",
    b"?%7E",
];

const ENDS: &[&[u8]] = &[
    b"",
    b"",
    b"",
    b"",
    b"#",
    b"#frag",
    b"#a?b&amp;",
    b"\0rest",
    b"\0",
    b"#\0",
];

/// Bytes to sprinkle into a URL.
const NOISE: &[u8] = b"/:?#@%[]&.;=+ aA0zZ\0\xff\x80~|-_!";

/// The number of leading entries of each list above that the fast path
/// may take as they are (with a letter in the host and a canonical path).
const CLEAN: [usize; 7] = [9, 5, 7, 14, 15, 17, 10];

fn random_url(r: &mut Rng) -> Vec<u8> {
    // Half the URLs are built from the parts the fast path may take.
    let clean = r.below(2) == 0;
    let pick = |r: &mut Rng, k: usize, items: &[&'static [u8]]| -> &'static [u8] {
        if clean {
            items[r.below(CLEAN[k])]
        } else {
            r.pick(items)
        }
    };
    let mut u = Vec::new();
    u.extend_from_slice(pick(r, 0, SCHEMES));
    u.extend_from_slice(pick(r, 1, USERS));
    u.extend_from_slice(pick(r, 2, HOSTS));
    u.extend_from_slice(pick(r, 3, PORTS));
    for _ in 0..r.below(4) {
        u.extend_from_slice(pick(r, 4, SEGMENTS));
    }
    u.extend_from_slice(pick(r, 5, QUERIES));
    if r.below(3) == 0 {
        u.extend_from_slice(pick(r, 5, QUERIES));
    }
    u.extend_from_slice(pick(r, 6, ENDS));
    // Some inputs get a few random changes.
    if r.below(4) == 0 {
        for _ in 0..1 + r.below(3) {
            if u.is_empty() {
                break;
            }
            let at = r.below(u.len() + 1);
            match r.below(4) {
                0 => u.insert(at, NOISE[r.below(NOISE.len())]),
                1 if at < u.len() => {
                    u.remove(at);
                }
                2 if at < u.len() => u[at] ^= 0x20,
                _ => u.truncate(at),
            }
        }
    }
    u
}

/// Random bytes from a URL-ish alphabet, for inputs with no structure.
fn random_noise(r: &mut Rng) -> Vec<u8> {
    let n = r.below(40);
    (0..n)
        .map(|_| {
            if r.below(3) == 0 {
                NOISE[r.below(NOISE.len())]
            } else {
                b"hts:/wxe.mpl"[r.below(12)]
            }
        })
        .collect()
}

#[test]
fn random_inputs_agree() {
    // A few hundred thousand in release builds; fewer unoptimised.
    let count = if cfg!(debug_assertions) {
        30_000
    } else {
        300_000
    };
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let inputs: Vec<Vec<u8>> = (0..count)
        .map(|k| {
            if k % 10 == 9 {
                random_noise(&mut r)
            } else {
                random_url(&mut r)
            }
        })
        .collect();
    let tally = check_all(inputs.iter().map(Vec::as_slice));
    eprintln!(
        "random: {} inputs, {} checks, {} on the fast path ({:.1}%)",
        inputs.len(),
        tally.checked,
        tally.fast,
        100.0 * tally.fast as f64 / tally.checked as f64
    );
    // Both routes must be well exercised.
    assert!(tally.fast * 10 > tally.checked, "fast path too rare");
    assert!(tally.fast * 10 < tally.checked * 9, "general path too rare");
}

/// Long inputs: the vector scans cross many 16-byte blocks, and end on
/// every alignment.
#[test]
fn long_inputs_agree() {
    let mut inputs = Vec::new();
    for n in 0..80 {
        let path: Vec<u8> = (0..n).map(|k| b"abc/de.f-_~"[k % 11]).collect();
        for (pre, mid) in [
            (&b"http://"[..], &b"www.example.com/"[..]),
            (b"https://", b"a-very-long-host-name.example.co.uk:8443/"),
            (b"http://", b"h/"),
        ] {
            for post in [&b""[..], b"?x=1&y=2", b"#f", b"/.", b"/..", b"?&amp;"] {
                inputs.push([pre, mid, &path, post].concat());
            }
            let mut host = pre.to_vec();
            host.extend(std::iter::repeat_n(b'w', n));
            host.extend_from_slice(b".com");
            inputs.push(host);
        }
        // A `/.` at every offset of a long path.
        let mut dots = b"http://h/".to_vec();
        dots.extend_from_slice(&path);
        dots.extend_from_slice(b"/./x");
        inputs.push(dots);
    }
    let tally = check_all(inputs.iter().map(Vec::as_slice));
    eprintln!(
        "long: {} inputs, {} on the fast path",
        tally.checked, tally.fast
    );
    assert!(tally.fast > 0);
}

/// Paths whose segments start with dots: after two that start no dot
/// segment, SplitURL's fast route scans the rest for dot segments alone.
/// Whatever follows (a dot segment, an escape, the args, the end, at every
/// offset of the scan's sixteen-byte steps) both routes agree.
#[test]
fn dot_led_segments_agree() {
    let led: [&[u8]; 5] = [b"/.a", b"/.well-known", b"/..x", b"/...", b"/.a.b"];
    let tails: [&[u8]; 12] = [
        b"",
        b"/",
        b"/.",
        b"/..",
        b"/./x",
        b"/../x",
        b"/.%41",
        b"/a%41",
        b"/a b",
        b"?q=1",
        b"#f",
        b"/.x?.=./",
    ];
    let mut inputs = Vec::new();
    for count in 0..6 {
        for first in 0..led.len() {
            for pad in 0..17 {
                for tail in tails {
                    let mut s = b"http://h".to_vec();
                    for k in 0..count {
                        s.extend_from_slice(led[(first + k) % led.len()]);
                    }
                    s.push(b'/');
                    s.extend(std::iter::repeat_n(b'p', pad));
                    s.extend_from_slice(tail);
                    inputs.push(s);
                }
            }
        }
    }
    check_generated("dot-led", &inputs);
}

/// [`check_all`] of inputs built to take both routes: at least a quarter
/// the fast one, and some the general one.
fn check_generated(what: &str, inputs: &[Vec<u8>]) {
    let tally = check_all(inputs.iter().map(Vec::as_slice));
    eprintln!(
        "{what}: {} inputs, {} checks, {} on the fast path",
        inputs.len(),
        tally.checked,
        tally.fast
    );
    assert!(tally.fast * 4 > tally.checked, "{what}: fast path too rare");
    assert!(
        tally.fast < tally.checked,
        "{what}: general path never taken"
    );
}

/// Hosts of every length up to three blocks, some starting with a dot (the
/// one byte before a path that its scan of pairs stops at), with and
/// without a port, then paths short and long with a byte that stops the
/// scan, or none, at offsets around each block's edges: the two routes
/// agree.
#[test]
fn host_lengths_and_path_tails_agree() {
    let tails: [&[u8]; 9] = [
        b"", b"/", b"/./", b"/.x", b"/%41", b"/a b", b"?q=1", b"#f", b"/.x/..",
    ];
    let mut inputs = Vec::new();
    for host_len in 1..=40 {
        for lead in [&b""[..], b"."] {
            for port in [&b""[..], b":80", b":8080"] {
                for pad in [0, 1, 7, 15, 16, 17, 31] {
                    for tail in tails {
                        let mut s = b"http://".to_vec();
                        s.extend_from_slice(lead);
                        s.extend((0..host_len).map(|k| b"ab.c-0"[k % 6]));
                        s.extend_from_slice(port);
                        if pad > 0 {
                            s.push(b'/');
                            s.extend(std::iter::repeat_n(b'p', pad - 1));
                        }
                        s.extend_from_slice(tail);
                        inputs.push(s);
                    }
                }
            }
        }
    }
    check_generated("hosts", &inputs);
}
