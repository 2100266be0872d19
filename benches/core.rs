//! Benchmarks of the core functions over a corpus of real URLs, without the
//! C ABI (a `harness = false` bench), with the WHATWG parsers of rust-url
//! (`url`) and ada (`ada-url`, ada's C++ through its C API) in the same
//! binary as peers of [`wwwurl::whatwg::parse`].
//!
//! `cargo bench --bench core [-- [--rounds N] [--min-time SECONDS] [CORPUS]]`
//!
//! The corpus (one URL per line) is `CORPUS`, else `$WWWURL_CORPUS`, else
//! `tests/corpus/kasztp.txt` in the crate. Each round loops over the
//! whole corpus as many times as needed to last the minimum time (0.5 s); the
//! table gives the minimum and the median over the rounds (5) in ns per URL,
//! millions of URLs per second (of the minimum), the ratio of minimums to
//! `split_url`, and the calls that failed in one pass, as `bench/bench.c`
//! does for the C ABI; then the WHATWG rows as ratios to ada's.
//!
//! The WHATWG rows parse each URL without a base and read its
//! serialisation: ours `whatwg::parse` then `href()`, ada `Url::parse` then
//! `href()`, rust-url `Url::parse` then `as_str()`; each drops its URL. The
//! `whatwg_validate` row runs the reporting parse, `whatwg::validate`, on
//! each URL, against `whatwg`. The `prof_NAME` rows run
//! `profile::canonicalize` under each of the nine profiles into a reused
//! buffer.
//!
//! `--callgrind NAME [--count N] [--dry]` runs NAME once over the first N
//! URLs (2000) for valgrind's callgrind; with no client requests available
//! without extra crates, `bench/callgrind.sh` subtracts the instructions of
//! a `--dry` run (same set-up, no measured loop). `--list` names the functions.

// Tests and benchmarks may abort when memory runs out: the ban on aborting
// allocations (clippy.toml) is the library's.
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    clippy::disallowed_types
)]

use std::hint::black_box;
use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

use percent_encoding::{percent_decode, percent_encode};

#[path = "../tests/common/percent_sets.rs"]
mod percent_sets;
use percent_sets::PATH_SET;
use wwwurl::bytes::buf::Buf;
use wwwurl::profile;
use wwwurl::whatwg;
use wwwurl::wwwoffle::codec::{decode_generic, encode_path};
use wwwurl::wwwoffle::config::{Compat, Config};
use wwwurl::wwwoffle::hash::make_hash;
use wwwurl::wwwoffle::path::canonicalise_name;
use wwwurl::wwwoffle::split::split_url;

struct Options {
    rounds: usize,
    min_time: f64,
    corpus: PathBuf,
    callgrind: Option<String>,
    count: usize,
    dry: bool,
    list: bool,
    has_macros: bool,
}

fn options() -> Options {
    let mut o = Options {
        rounds: 5,
        min_time: 0.5,
        corpus: std::env::var_os("WWWURL_CORPUS").map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/kasztp.txt"),
            PathBuf::from,
        ),
        callgrind: None,
        count: 2000,
        dry: false,
        list: false,
        has_macros: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            // What `cargo bench` passes to every bench target.
            "--bench" => {}
            "--rounds" => o.rounds = args.next().and_then(|v| v.parse().ok()).unwrap_or(5),
            "--min-time" => o.min_time = args.next().and_then(|v| v.parse().ok()).unwrap_or(0.5),
            "--callgrind" => o.callgrind = args.next(),
            "--count" => o.count = args.next().and_then(|v| v.parse().ok()).unwrap_or(2000),
            "--dry" => o.dry = true,
            "--list" => o.list = true,
            "--has-callgrind-macros" => o.has_macros = true,
            _ if a.starts_with('-') => {}
            _ => o.corpus = PathBuf::from(a),
        }
    }
    o.rounds = o.rounds.max(1);
    o.count = o.count.max(1);
    o
}

/// The corpus, one URL a line, empty lines skipped.
fn load(path: &PathBuf) -> Vec<Vec<u8>> {
    let data = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("core bench: {}: {e}", path.display());
        std::process::exit(2)
    });
    data.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

struct Stats {
    min: f64,
    median: f64,
}

/// ns per item of `pass` (which processes `n` items), min and median of rounds.
fn time(o: &Options, n: usize, mut pass: impl FnMut()) -> Stats {
    pass(); // warm-up
    let mut per: Vec<f64> = (0..o.rounds)
        .map(|_| {
            let start = Instant::now();
            let mut passes = 0u32;
            loop {
                pass();
                passes += 1;
                let t = start.elapsed().as_secs_f64();
                if t >= o.min_time {
                    break t * 1e9 / (f64::from(passes) * n as f64);
                }
            }
        })
        .collect();
    per.sort_by(f64::total_cmp);
    let m = per.len() / 2;
    let median = if per.len() % 2 == 1 {
        per[m]
    } else {
        (per[m - 1] + per[m]) / 2.0
    };
    Stats {
        min: per[0],
        median,
    }
}

/// What the benchmarked functions work on.
struct Ctx {
    cfg: Config,
    urls: Vec<Vec<u8>>,
    paths: Vec<Vec<u8>>,
    dec: Buf,
    enc: Buf,
    /// The output of the percent-encoding rows: the crate writes into a `Vec`.
    pe: Vec<u8>,
    /// The URLs as `str`, for the peers that take nothing else (both
    /// corpora are ASCII; a line that is not UTF-8 is decoded with
    /// replacement, outside the measured region).
    strs: Vec<String>,
    /// The output of the profile rows.
    out: Buf,
}

/// The functions: name (for `--callgrind`) and label (for the table).
const FUNCTIONS: [(&str, &str); 22] = [
    ("baseline", "Vec alloc+memcpy+free (baseline)"),
    ("split", "split_url (+drop)"),
    ("codec", "decode_generic+encode_path (path)"),
    ("encode", "encode_path (path)"),
    ("canon", "canonicalise_name (path)"),
    ("hash", "make_hash"),
    ("pe_encode", "percent-encoding encode (path)"),
    ("decode", "decode_generic (path)"),
    ("pe_decode", "percent-encoding decode (path)"),
    ("whatwg", "whatwg::parse+href (+drop)"),
    ("whatwg_validate", "whatwg::validate (+drop)"),
    ("ada", "ada Url::parse+href (+drop)"),
    ("rust_url", "rust-url Url::parse+as_str (+drop)"),
    ("prof_wwwoffle-2.9", "canonicalize wwwoffle-2.9"),
    ("prof_wwwoffle-2.9h", "canonicalize wwwoffle-2.9h"),
    ("prof_rfc3986", "canonicalize rfc3986"),
    ("prof_rfc3986-scheme", "canonicalize rfc3986-scheme"),
    ("prof_webcapture", "canonicalize webcapture"),
    ("prof_whatwg", "canonicalize whatwg"),
    ("prof_surt", "canonicalize surt"),
    ("prof_safebrowsing", "canonicalize safebrowsing"),
    ("prof_cachekey", "canonicalize cachekey"),
];

/// The row the WHATWG rows are compared with.
const WHATWG_REFERENCE: &str = "ada";

/// The `whatwg_validate` row: `whatwg::validate` of each URL; the URLs
/// that fail. A function of its own, so that the `whatwg` row's loop in
/// [`pass`] is compiled as it was before there was a reporting parse.
#[inline(never)]
fn validate_pass(urls: &[Vec<u8>]) -> usize {
    let mut fails = 0;
    for u in urls {
        match whatwg::validate(black_box(u), None) {
            Ok(report) if !report.failure() => {
                black_box(report.errors().len());
            }
            _ => fails += 1,
        }
    }
    fails
}

/// Runs function `name` over URLs `range`; returns the number of calls that
/// failed (a URL the function refuses).
fn pass(name: &str, c: &mut Ctx, range: Range<usize>) -> usize {
    let compat = Compat::V29;
    let mut fails = 0;
    match name {
        "baseline" => {
            for u in &c.urls[range] {
                drop(black_box(u.clone()));
            }
        }
        "split" => {
            for u in &c.urls[range] {
                drop(black_box(split_url(&c.cfg, compat, black_box(u)).unwrap()));
            }
        }
        "codec" => {
            for p in &c.paths[range] {
                c.dec.clear();
                c.enc.clear();
                decode_generic(black_box(p), &mut c.dec).unwrap();
                encode_path(&c.dec, &mut c.enc).unwrap();
                black_box(&c.enc);
            }
        }
        "encode" => {
            for p in &c.paths[range] {
                c.enc.clear();
                encode_path(black_box(p), &mut c.enc).unwrap();
                black_box(&c.enc);
            }
        }
        "canon" => {
            for p in &c.paths[range] {
                c.dec.clear();
                c.dec.extend_from_slice(black_box(p)).unwrap();
                canonicalise_name(&mut c.dec);
                black_box(&c.dec);
            }
        }
        "hash" => {
            for u in &c.urls[range] {
                black_box(make_hash(black_box(u)));
            }
        }
        "pe_encode" => {
            for p in &c.paths[range] {
                c.pe.clear();
                for piece in percent_encode(black_box(p), PATH_SET) {
                    c.pe.extend_from_slice(piece.as_bytes());
                }
                black_box(&c.pe);
            }
        }
        "decode" => {
            for p in &c.paths[range] {
                c.dec.clear();
                decode_generic(black_box(p), &mut c.dec).unwrap();
                black_box(&c.dec);
            }
        }
        "pe_decode" => {
            for p in &c.paths[range] {
                c.pe.clear();
                c.pe.extend(percent_decode(black_box(p)));
                black_box(&c.pe);
            }
        }
        "whatwg" => {
            for u in &c.urls[range] {
                match whatwg::parse(black_box(u), None) {
                    Ok(url) => {
                        black_box(url.href());
                    }
                    Err(_) => fails += 1,
                }
            }
        }
        "whatwg_validate" => fails = validate_pass(&c.urls[range]),
        "ada" => {
            for s in &c.strs[range] {
                match ada_url::Url::parse(black_box(s.as_str()), None) {
                    Ok(url) => {
                        black_box(url.href());
                    }
                    Err(_) => fails += 1,
                }
            }
        }
        "rust_url" => {
            for s in &c.strs[range] {
                match url::Url::parse(black_box(s.as_str())) {
                    Ok(url) => {
                        black_box(url.as_str());
                    }
                    Err(_) => fails += 1,
                }
            }
        }
        _ => {
            let name = name.strip_prefix("prof_").expect("a known function");
            let opts = profile::Options::default();
            for u in &c.urls[range] {
                c.out.clear();
                if profile::canonicalize(black_box(name), black_box(u), &opts, &mut c.out).is_err()
                {
                    fails += 1;
                }
                black_box(&c.out);
            }
        }
    }
    fails
}

fn main() {
    let o = options();
    if o.list {
        for (name, _) in FUNCTIONS {
            println!("{name}");
        }
        return;
    }
    if o.has_macros {
        // No client requests without extra crates: callgrind.sh subtracts a --dry run.
        println!("0");
        return;
    }
    let urls = load(&o.corpus);
    if urls.is_empty() {
        eprintln!("core bench: {}: no URL", o.corpus.display());
        std::process::exit(2);
    }
    let cfg = Config::default();
    let n = match &o.callgrind {
        Some(_) => urls.len().min(o.count),
        None => urls.len(),
    };
    let paths: Vec<Vec<u8>> = urls[..n]
        .iter()
        .map(|u| split_url(&cfg, Compat::V29, u).unwrap().path().to_vec())
        .collect();
    let strs = urls[..n]
        .iter()
        .map(|u| String::from_utf8_lossy(u).into_owned())
        .collect();
    let mut c = Ctx {
        cfg,
        urls,
        paths,
        dec: Buf::with_capacity(1024).unwrap(),
        enc: Buf::with_capacity(4096).unwrap(),
        pe: Vec::with_capacity(4096),
        strs,
        out: Buf::with_capacity(8192).unwrap(),
    };

    if let Some(name) = &o.callgrind {
        if !FUNCTIONS.iter().any(|(f, _)| f == name) {
            eprintln!("core bench: unknown function {name} (see --list)");
            std::process::exit(2);
        }
        pass(name, &mut c, 0..1); // the first call, outside the region
        let fails = if o.dry { 0 } else { pass(name, &mut c, 0..n) };
        let bytes: usize = c.urls[..n].iter().map(Vec::len).sum();
        println!(
            "callgrind {name}: {n} URLs, {bytes} bytes{}, {fails} failed calls, macros no",
            if o.dry { " (dry run: set-up only)" } else { "" }
        );
        return;
    }

    let bytes: usize = c.urls.iter().map(Vec::len).sum();
    println!(
        "corpus: {}: {n} URLs, {:.1} bytes/URL on average",
        o.corpus.display(),
        bytes as f64 / n as f64
    );
    println!("paths for the codecs: the canonical paths of split_url");
    // Where the `percent-encoding` crate gives other bytes than the codecs.
    type Pair = (Vec<u8>, Vec<u8>);
    let differ = |f: &dyn Fn(&[u8]) -> Pair| {
        c.paths
            .iter()
            .filter(|p| {
                let (a, b) = f(p);
                a != b
            })
            .count()
    };
    let enc_differ = differ(&|p| {
        let mut ours = Buf::new();
        encode_path(p, &mut ours).unwrap();
        let theirs: Vec<u8> = percent_encode(p, PATH_SET).flat_map(str::bytes).collect();
        (ours.into_vec(), theirs)
    });
    let dec_differ = differ(&|p| {
        let mut ours = Buf::new();
        decode_generic(p, &mut ours).unwrap();
        (ours.into_vec(), percent_decode(p).collect())
    });
    println!(
        "percent-encoding differs from encode_path on {enc_differ} and from decode_generic on {dec_differ} of {n} paths"
    );
    println!("{} rounds of >= {:.2} s each\n", o.rounds, o.min_time);

    let rows: Vec<(&str, &str, Stats, usize)> = FUNCTIONS
        .iter()
        .map(|&(name, label)| {
            let fails = pass(name, &mut c, 0..n);
            let s = time(&o, n, || {
                pass(name, &mut c, 0..n);
            });
            (name, label, s, fails)
        })
        .collect();

    let reference = rows[1].2.min;
    println!(
        "{:<36} {:>10} {:>10} {:>8} {:>10} {:>11}",
        "function", "min ns/URL", "median", "M URL/s", "/split_url", "failed/pass"
    );
    for (_, label, s, fails) in &rows {
        let ratio = s.min / reference;
        println!(
            "{label:<36} {:>10.1} {:>10.1} {:>8.2} {ratio:>10.2} {fails:>11}",
            s.min,
            s.median,
            1e3 / s.min
        );
    }
    // The WHATWG parsers against ada's, by the minimum time.
    let min_of = |n: &str| rows.iter().find(|r| r.0 == n).map(|r| r.2.min);
    if let Some(refn) = min_of(WHATWG_REFERENCE) {
        println!();
        for name in ["whatwg", "rust_url"] {
            if let Some(m) = min_of(name) {
                println!("{name} / {WHATWG_REFERENCE} (min ns/URL): {:.2}", m / refn);
            }
        }
    }
    if let (Some(v), Some(p)) = (min_of("whatwg_validate"), min_of("whatwg")) {
        println!("whatwg_validate / whatwg (min ns/URL): {:.2}", v / p);
    }
}
