//! Conformance vectors for SplitURL, CreateURL, AddPasswordURL and LinkURL
//! (2.9), and SplitURL with its `original_*` fields (2.9h).
//!
//! Every column of every line is checked, together with the invariants the
//! C layer relies on: each span ends with a NUL in the buffer, `file` is
//! `name` exactly when there is no user, and `host` is `hostport` exactly
//! when no port remains (the port is then -1; a written `:-1` also gives -1,
//! with `host` distinct from `hostport`).

use crate::common;

use crate::common::{show, Vector};
use wwwurl::bytes::buf::{Buf, NoMemory, RecordBuf};
use wwwurl::bytes::sink::Sink;
use wwwurl::wwwoffle::config::{Compat, Config};
use wwwurl::wwwoffle::create::{create_to, create_url};
use wwwurl::wwwoffle::link::{link_to, link_url, LinkBase};
use wwwurl::wwwoffle::split::{split_to, split_url, RecordBytes, RecordDest};
use wwwurl::wwwoffle::url::{Field, Number, Spans, Url};

/// How many failures are shown in detail.
const SHOWN: usize = 20;

/// One wrong column: (column, wanted, got).
type Mismatch = (&'static str, String, String);

/// A result column of a URL file.
#[derive(Clone, Copy)]
enum Column {
    /// A string field, compared byte for byte (`\N` is absent).
    Str(Field),
    /// A number.
    Num(Number),
}

/// The columns shared by every URL file, in file order (before the
/// `original_*` columns of 2.9h and the two offsets).
const COLUMNS: [Column; 10] = [
    Column::Str(Field::Name),
    Column::Str(Field::File),
    Column::Str(Field::Proto),
    Column::Str(Field::Hostport),
    Column::Str(Field::Host),
    Column::Num(Number::Port),
    Column::Str(Field::Path),
    Column::Str(Field::Args),
    Column::Str(Field::User),
    Column::Str(Field::Pass),
];

/// The columns of 2.9h after [`COLUMNS`].
const ORIGINAL_COLUMNS: [Column; 4] = [
    Column::Str(Field::OriginalName),
    Column::Str(Field::OriginalPath),
    Column::Str(Field::OriginalArgs),
    Column::Num(Number::OriginalPathp),
];

/// The last columns of every URL file.
const OFFSET_COLUMNS: [Column; 2] = [Column::Num(Number::Hostp), Column::Num(Number::Pathp)];

fn check_str(out: &mut Vec<Mismatch>, col: &'static str, want: Option<&[u8]>, got: Option<&[u8]>) {
    if want != got {
        out.push((col, show(want), show(got)));
    }
}

fn check_int(out: &mut Vec<Mismatch>, col: &'static str, want: i64, got: i64) {
    if want != got {
        out.push((col, want.to_string(), got.to_string()));
    }
}

/// Checks `u` against the URL columns of `v` (from result column 0); with
/// `v29h`, also the four `original_*` columns.
fn check_url(v: &Vector, u: &Url, v29h: bool) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let originals: &[Column] = if v29h { &ORIGINAL_COLUMNS } else { &[] };
    let columns: Vec<Column> = COLUMNS
        .iter()
        .chain(originals)
        .chain(&OFFSET_COLUMNS)
        .copied()
        .collect();
    assert_eq!(
        v.outputs.len(),
        columns.len(),
        "line {}: column count",
        v.line
    );
    for (i, col) in columns.into_iter().enumerate() {
        match col {
            Column::Str(f) => check_str(&mut out, f.name(), v.opt_output(i), u.get(f)),
            Column::Num(k) => check_int(&mut out, k.name(), v.output_int(i), u.number(k)),
        }
    }
    check_invariants(u, &mut out);
    out
}

/// The structural promises of a record, whatever its input.
fn check_invariants(u: &Url, out: &mut Vec<Mismatch>) {
    let buf = u.buffer();
    for f in Field::ALL {
        if let Some(s) = u.span(f) {
            let ok =
                buf.get(s.start + s.len) == Some(&0) && !buf[s.start..s.start + s.len].contains(&0);
            if !ok {
                out.push(("NUL-terminated", format!("{f:?}"), format!("{s:?}")));
            }
        }
    }
    if u.file_is_name() != u.user().is_none() {
        out.push((
            "file_is_name",
            format!("{}", u.user().is_none()),
            format!("{}", u.file_is_name()),
        ));
    }
    // `host` is `hostport` exactly when no port remains. The port is then
    // -1, but -1 is also the value of a written port `:-1`, so the port
    // number alone does not tell.
    let no_port = u.host() == u.hostport();
    if u.host_is_hostport() != no_port || (no_port && u.port() != -1) {
        out.push((
            "host_is_hostport",
            format!("{no_port}, port -1"),
            format!("{}, port {}", u.host_is_hostport(), u.port()),
        ));
    }
    let name = u.name();
    if !name[u.hostp()..].starts_with(u.hostport()) || !name[u.pathp()..].starts_with(u.path()) {
        out.push((
            "hostp/pathp",
            "point at hostport/path".into(),
            format!("{:?}", show(Some(name))),
        ));
    }
    let original = u.get(Field::OriginalName).unwrap_or_default();
    let original_path = u.get(Field::OriginalPath).unwrap_or_default();
    if !original[u.original_pathp()..].starts_with(original_path) {
        out.push((
            Number::OriginalPathp.name(),
            "points at original_path".into(),
            show(Some(original)),
        ));
    }
}

/// Runs `make` on every vector of `name` and checks the URL it returns.
fn run(name: &str, v29h: bool, make: impl Fn(&Vector) -> Url) {
    let vectors = common::load(name);
    let mut failures = Vec::new();
    for v in &vectors {
        let u = make(v);
        for (col, want, got) in check_url(v, &u, v29h) {
            failures.push(format!(
                "line {}: input {:?}\n    {col}: want {want}\n    {col}: got  {got}",
                v.line,
                v.inputs
                    .iter()
                    .map(|i| show(i.as_deref()))
                    .collect::<Vec<_>>(),
            ));
        }
    }
    eprintln!("{name}: {} vectors checked", vectors.len());
    for f in failures.iter().take(SHOWN) {
        eprintln!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{name}: {} mismatches in {} vectors",
        failures.len(),
        vectors.len()
    );
}

#[test]
fn split_url_vectors() {
    let env = Config::default();
    run("SplitURL", false, |v| {
        split_url(&env, Compat::V29, v.input(0)).unwrap()
    });
}

#[test]
fn split_url_v29h_vectors() {
    let env = Config::default();
    run("v29h/SplitURL", true, |v| {
        split_url(&env, Compat::V29h, v.input(0)).unwrap()
    });
}

#[test]
fn create_url_vectors() {
    let env = Config::default();
    run("CreateURL", false, |v| {
        create_url(
            &env,
            Compat::V29,
            v.input(0),
            v.input(1),
            v.input(2),
            v.opt_input(3),
            v.opt_input(4),
            v.opt_input(5),
        )
        .unwrap()
    });
}

#[test]
fn add_password_url_vectors() {
    let env = Config::default();
    run("AddPasswordURL", false, |v| {
        split_url(&env, Compat::V29, v.input(0))
            .unwrap()
            .with_password(&env, Compat::V29, v.opt_input(1), v.opt_input(2))
            .unwrap()
    });
}

#[test]
fn link_url_vectors() {
    let env = Config::default();
    run("LinkURL", false, |v| {
        let base = split_url(&env, Compat::V29, v.input(0)).unwrap();
        link_url(&env, Compat::V29, &base, v.input(1)).unwrap()
    });
}

/// 1 MiB inputs of the bytes the parsers look for, alone and in every
/// field: nothing panics, every record is well formed, and the test ends in
/// linear time (a quadratic step would not finish).
#[test]
fn hostile_inputs_do_not_panic() {
    const N: usize = 1 << 20;
    let env = Config::default();
    let units: [&[u8]; 10] = [
        b"@", b":", b"[", b"]", b"%", b"/../", b"/./", b"?", b"&amp;", b":@/[%",
    ];
    let mut checked = 0;
    let mut bad = Vec::new();
    for unit in units {
        let body = unit.repeat(N / unit.len());
        for s in [
            body.clone(),
            [b"http://".as_slice(), &body, b"/x"].concat(),
            [b"http://[".as_slice(), &body].concat(),
        ] {
            check_invariants(&split_url(&env, Compat::V29, &s).unwrap(), &mut bad);
            checked += 1;
        }
        let base = split_url(&env, Compat::V29, b"http://h/a/b?c").unwrap();
        let b = Some(body.as_slice());
        for u in [
            link_url(&env, Compat::V29, &base, &body).unwrap(),
            base.with_password(&env, Compat::V29h, b, b).unwrap(),
            create_url(&env, Compat::V29, &body, &body, &body, b, b, b).unwrap(),
        ] {
            check_invariants(&u, &mut bad);
            checked += 1;
        }
        assert!(
            bad.is_empty(),
            "{:?}: {:?}",
            String::from_utf8_lossy(unit),
            &bad[0]
        );
    }
    eprintln!("hostile inputs: {checked} records checked");
}

/// The two host rules that the vectors hold for SplitURL and
/// CanonicaliseHost (an unclosed bracket keeps only the forward groups; a
/// port is taken mod 2^32) reach CreateURL, AddPasswordURL and LinkURL too.
#[test]
fn unclosed_bracket_and_wrapped_port_in_every_builder() {
    let env = Config::default();
    let name = |u: &Url| String::from_utf8_lossy(u.get(Field::Name).unwrap()).into_owned();
    let c = create_url(&env, Compat::V29, b"http", b"[::1", b"/x", None, None, None).unwrap();
    assert_eq!(name(&c), "http://[0:0:0:0:0:0:0:0]/x");
    assert_eq!(c.port(), -1);
    let c = create_url(&env, Compat::V29, b"http", b"[:80", b"/x", None, None, None).unwrap();
    assert_eq!(name(&c), "http://[0:0:0:0:0:0:0:0]/x");
    let c = create_url(&env, Compat::V29, b"http", b"[:81", b"/x", None, None, None).unwrap();
    assert_eq!(
        (name(&c), c.port()),
        ("http://[0:0:0:0:0:0:0:0]:81/x".into(), 81)
    );
    let c = create_url(
        &env,
        Compat::V29,
        b"http",
        b"1:4294967296",
        b"/",
        None,
        Some(b"u"),
        None,
    )
    .unwrap();
    assert_eq!(name(&c), "http://0.0.0.1/");
    assert_eq!(c.get(Field::File).unwrap(), b"http://u@0.0.0.1/");
    let base = split_url(&env, Compat::V29, b"http://a/b/c").unwrap();
    let l = link_url(&env, Compat::V29, &base, b"//[fe80::1%25eth0]/y").unwrap();
    assert_eq!(name(&l), "http://[fe80:0:0:0:0:0:0:0]/y");
    let l = link_url(&env, Compat::V29, &base, b"https://[::1]:8589934672/").unwrap();
    assert_eq!(
        (name(&l), l.port()),
        ("https://[0:0:0:0:0:0:0:1]:80/".into(), 80)
    );
}

/// Memory of a fixed size, as the C libraries give the general route (see
/// `RecordDest::memory`): a record that outgrew the size the route asked
/// for would fail here with `NoMemory`, where a `Buf` would grow.
struct FixedBuf {
    v: Vec<u8>,
    cap: usize,
}

impl std::ops::Deref for FixedBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.v
    }
}

impl std::ops::DerefMut for FixedBuf {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.v
    }
}

impl Sink for FixedBuf {
    type Error = NoMemory;
    fn push(&mut self, b: u8) -> Result<(), NoMemory> {
        self.extend(&[b])
    }
    fn extend(&mut self, s: &[u8]) -> Result<(), NoMemory> {
        if self.cap - self.v.len() < s.len() {
            return Err(NoMemory);
        }
        self.v.extend_from_slice(s);
        Ok(())
    }
}

impl RecordBuf for FixedBuf {
    fn truncate(&mut self, len: usize) {
        self.v.truncate(len);
    }
    fn extend_from_within(&mut self, r: std::ops::Range<usize>) -> Result<(), NoMemory> {
        if self.cap - self.v.len() < r.len() {
            return Err(NoMemory);
        }
        self.v.extend_from_within(r);
        Ok(())
    }
}

/// A destination whose general route builds in [`FixedBuf`]: the record's
/// bytes and spans, or `NoMemory` when the record did not fit.
struct FixedDest;

impl RecordDest for FixedDest {
    type Out = Result<(Vec<u8>, Spans), NoMemory>;
    type Memory = FixedBuf;
    fn store_record<R: RecordBytes>(self, r: &R) -> Self::Out {
        let mut b = Buf::new();
        r.write_to(&mut b)?;
        Ok((b.into_vec(), r.spans()))
    }
    fn memory(&mut self, capacity: usize) -> Result<FixedBuf, NoMemory> {
        Ok(FixedBuf {
            v: Vec::with_capacity(capacity),
            cap: capacity,
        })
    }
    fn store_built(self, built: FixedBuf, spans: Spans) -> Self::Out {
        Ok((built.v, spans))
    }
    fn no_memory(self) -> Self::Out {
        Err(NoMemory)
    }
}

/// The record in fixed memory is the record, byte for byte and span for
/// span.
fn same_record(what: &str, u: &Url, got: Result<(Vec<u8>, Spans), NoMemory>) {
    let (bytes, spans) = got.unwrap_or_else(|_| panic!("{what}: outgrew the memory it asked for"));
    assert_eq!(bytes, u.buffer(), "{what}");
    assert_eq!(&spans, u.spans(), "{what}");
}

/// Every record of every SplitURL, CreateURL and LinkURL vector, and of
/// escape-dense long inputs in every field, fits the memory that the
/// general route asks for before it writes: the C libraries give it no
/// more.
#[test]
fn records_fit_the_memory_they_ask_for() {
    let env = Config::default();
    for (name, compat) in [("SplitURL", Compat::V29), ("v29h/SplitURL", Compat::V29h)] {
        for v in common::load(name) {
            let u = split_url(&env, compat, v.input(0)).unwrap();
            same_record(name, &u, split_to(&env, compat, v.input(0), FixedDest));
        }
    }
    for v in common::load("CreateURL") {
        let (p, h, path) = (v.input(0), v.input(1), v.input(2));
        let (a, us, pw) = (v.opt_input(3), v.opt_input(4), v.opt_input(5));
        let u = create_url(&env, Compat::V29, p, h, path, a, us, pw).unwrap();
        let got = create_to(&env, Compat::V29, p, h, path, a, us, pw, FixedDest);
        same_record("CreateURL", &u, got);
    }
    for v in common::load("LinkURL") {
        let base = split_url(&env, Compat::V29, v.input(0)).unwrap();
        let u = link_url(&env, Compat::V29, &base, v.input(1)).unwrap();
        let got = link_to(
            &env,
            Compat::V29,
            &LinkBase::of(&base),
            v.input(1),
            FixedDest,
        );
        same_record("LinkURL", &u, got);
    }
    // What the estimate is tightest on: bytes that every codec triples,
    // IPv6 hosts that grow, decoded NULs, dot segments.
    let units: [&[u8]; 9] = [
        b" ",
        b"\x01",
        b"%",
        b"%zz",
        b"\xc3\xa9",
        b"&amp;",
        b"/../",
        b"::",
        b"%00",
    ];
    for unit in units {
        let body = unit.repeat(4096 / unit.len());
        let b = Some(body.as_slice());
        for compat in [Compat::V29, Compat::V29h] {
            for (p, h, path) in [
                (&b"HTTP"[..], &b"H"[..], &body[..]),
                (b"http", &body, b"/"),
                (&body, b"h", b"/"),
                (b"http", b"[1:2:3:4:5:6:7:8]:65535", &body),
            ] {
                let u = create_url(&env, compat, p, h, path, b, b, b).unwrap();
                let got = create_to(&env, compat, p, h, path, b, b, b, FixedDest);
                same_record("CreateURL long", &u, got);
            }
            let s = [b"HTTP://u:p@H/".as_slice(), &body, b"?", &body].concat();
            let u = split_url(&env, compat, &s).unwrap();
            same_record("SplitURL long", &u, split_to(&env, compat, &s, FixedDest));
        }
    }
}
