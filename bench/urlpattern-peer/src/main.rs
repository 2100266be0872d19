//! URLPattern `test()` of wwwurl beside two peers, in one binary, over a
//! corpus of real URLs: the `urlpattern` crate (`peer_*`) and ada's
//! URLPattern (`ada_*`: C++, `ada::url_pattern` over ada's `std::regex`
//! provider, built by build.rs from the `ada-url` package's `ada.cpp`, called
//! through cpp/ada_pattern.cpp); and pattern sets of 1 and 1,000 host rules
//! (`make bench-urlpattern`).
//!
//! `urlpattern-bench [--rounds N] [--min-time S] CORPUS` prints, per row,
//! the best of the rounds (5) in ns per URL, each round as many passes over
//! the corpus as last the minimum time (0.3 s), and the matches of one pass.
//! `--callgrind NAME [--count N] [--dry]` runs one row once over the first
//! N URLs (2000) for `bench/callgrind.sh`, which subtracts a `--dry` run
//! (the same set-up, no measured loop); `--list` names the rows.
//!
//! The rows, each testing every URL against every pattern of its group:
//!
//! - `wwwurl_plain`, `peer_plain`, `ada_plain`: five routing patterns
//!   without a custom regular expression, from the URL string (wwwurl and
//!   ada parse it in `test`; the `urlpattern` crate takes a `url::Url`,
//!   parsed here by the `url` crate, which it is made for);
//! - `wwwurl_regexp`, `peer_regexp`, `ada_regexp`: three with one (ada's
//!   regular expressions are `std::regex`'s ECMAScript grammar, not the
//!   `v`-flag one of the standard: these three mean the same in both);
//! - `wwwurl_plain_url`, `peer_plain_url`: the same five on a URL parsed
//!   once (wwwurl `Input::Url`; the peer takes its URL by value: a clone);
//! - `set_1`, `set_1000`: a pattern set of one host rule, and of 1,000
//!   (`*://HOST/*` and `https://*.PARENT/*` of the corpus's hosts), one
//!   `matches` per URL.
//!
//! Each peer's rows must count the matches that wwwurl's do: the last lines
//! give wwwurl's time as a ratio to each peer's and say whether they agree.

// A benchmark may abort when memory runs out: the ban on aborting
// allocations (clippy.toml) is the library's.
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    clippy::disallowed_types
)]

use std::hint::black_box;
use std::time::Instant;
use urlpattern::{UrlPatternInit, UrlPatternMatchInput, UrlPatternOptions};
use wwwurl::urlpattern::{Input, PatternOptions, UrlPattern, UrlPatternSet};

type Peer = urlpattern::UrlPattern<regex::Regex>;

// cpp/ada_pattern.cpp, over ada.cpp (build.rs).
extern "C" {
    fn wwwurl_bench_ada_pattern_new(
        text: *const u8,
        len: usize,
        error: *mut std::ffi::c_int,
    ) -> *mut std::ffi::c_void;
    fn wwwurl_bench_ada_pattern_test(
        p: *mut std::ffi::c_void,
        url: *const u8,
        len: usize,
    ) -> std::ffi::c_int;
    fn wwwurl_bench_ada_pattern_free(p: *mut std::ffi::c_void);
}

/// An `ada::url_pattern`, owned.
struct Ada(std::ptr::NonNull<std::ffi::c_void>);

impl Ada {
    /// The pattern of a constructor string, or ada's error code.
    fn parse(s: &str) -> Result<Self, std::ffi::c_int> {
        let mut error = -1;
        // SAFETY: `s` is valid UTF-8 of `s.len()` bytes, read during the call;
        // `error` is writable.
        let p = unsafe { wwwurl_bench_ada_pattern_new(s.as_ptr(), s.len(), &mut error) };
        std::ptr::NonNull::new(p).map(Ada).ok_or(error)
    }

    /// `test()` of a URL string: `None` when ada reports an error.
    fn test(&mut self, url: &str) -> Option<bool> {
        // SAFETY: the pattern is live and used by one caller at a time (`&mut
        // self`); `url` is valid UTF-8 of `url.len()` bytes.
        match unsafe { wwwurl_bench_ada_pattern_test(self.0.as_ptr(), url.as_ptr(), url.len()) } {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl Drop for Ada {
    fn drop(&mut self) {
        // SAFETY: made by `wwwurl_bench_ada_pattern_new`, freed once.
        unsafe { wwwurl_bench_ada_pattern_free(self.0.as_ptr()) }
    }
}

const PLAIN: [&str; 5] = [
    "*://*/:section/:id",
    "https://*.:domain.com/*",
    "*://*/static/*",
    "http{s}?://{www.}?wikipedia.org/wiki/:title",
    "*://*/*\\?*",
];

const REGEXP: [&str; 3] = [
    "*://*/*.:ext(jpg|png|gif|css|js)",
    "*://*/api/:version(v\\d+)/*",
    "*://*/:category/:slug([a-z0-9\\-]+)",
];

const ROWS: [&str; 10] = [
    "wwwurl_plain",
    "peer_plain",
    "ada_plain",
    "wwwurl_regexp",
    "peer_regexp",
    "ada_regexp",
    "wwwurl_plain_url",
    "peer_plain_url",
    "set_1",
    "set_1000",
];

struct Ctx {
    urls: Vec<String>,
    ours_plain: Vec<UrlPattern>,
    ours_regexp: Vec<UrlPattern>,
    peer_plain: Vec<Peer>,
    peer_regexp: Vec<Peer>,
    ada_plain: Vec<Ada>,
    ada_regexp: Vec<Ada>,
    set_1: UrlPatternSet,
    set_1000: UrlPatternSet,
    hits: Vec<usize>,
}

fn ours(s: &str) -> UrlPattern {
    UrlPattern::parse(s, None, PatternOptions::default()).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn peer(s: &str) -> Peer {
    let init = UrlPatternInit::parse_constructor_string::<regex::Regex>(s, None)
        .unwrap_or_else(|e| panic!("{s}: {e}"));
    Peer::parse(init, UrlPatternOptions::default()).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn ada(s: &str) -> Ada {
    Ada::parse(s).unwrap_or_else(|e| panic!("{s}: ada rejects it (error {e})"))
}

fn test_ours(c: &Ctx, ps: &[UrlPattern], range: std::ops::Range<usize>) -> usize {
    let mut n = 0;
    for u in &c.urls[range] {
        for p in ps {
            n += usize::from(p.test(Input::Str(black_box(u)), None).unwrap_or(false));
        }
    }
    n
}

fn test_peer(ps: &[Peer], urls: &[String]) -> usize {
    let mut n = 0;
    for u in urls {
        for p in ps {
            let Ok(url) = url::Url::parse(black_box(u)) else {
                continue;
            };
            n += usize::from(p.test(UrlPatternMatchInput::Url(url)).unwrap_or(false));
        }
    }
    n
}

fn test_ada(ps: &mut [Ada], urls: &[String]) -> usize {
    let mut n = 0;
    for u in urls {
        for p in ps.iter_mut() {
            n += usize::from(p.test(black_box(u)).unwrap_or(false));
        }
    }
    n
}

/// One pass of `row` over the URLs of `range`: the matches.
fn pass(row: &str, c: &mut Ctx, range: std::ops::Range<usize>) -> usize {
    let urls = &c.urls[range.clone()];
    match row {
        "wwwurl_plain" => test_ours(c, &c.ours_plain, range),
        "wwwurl_regexp" => test_ours(c, &c.ours_regexp, range),
        "peer_plain" => test_peer(&c.peer_plain, urls),
        "peer_regexp" => test_peer(&c.peer_regexp, urls),
        "ada_plain" => test_ada(&mut c.ada_plain, urls),
        "ada_regexp" => test_ada(&mut c.ada_regexp, urls),
        "wwwurl_plain_url" => {
            let mut n = 0;
            for u in urls {
                let Ok(url) = wwwurl::whatwg::parse(black_box(u).as_bytes(), None) else {
                    continue;
                };
                for p in &c.ours_plain {
                    n += usize::from(p.test(Input::Url(&url), None).unwrap_or(false));
                }
            }
            n
        }
        "peer_plain_url" => {
            let mut n = 0;
            for u in urls {
                let Ok(url) = url::Url::parse(black_box(u)) else {
                    continue;
                };
                for p in &c.peer_plain {
                    n += usize::from(
                        p.test(UrlPatternMatchInput::Url(url.clone()))
                            .unwrap_or(false),
                    );
                }
            }
            n
        }
        "set_1" | "set_1000" => {
            let set = if row == "set_1" {
                &c.set_1
            } else {
                &c.set_1000
            };
            let mut n = 0;
            for u in urls {
                set.matches(Input::Str(black_box(u)), None, &mut c.hits)
                    .unwrap();
                n += c.hits.len();
            }
            n
        }
        _ => unreachable!("a row of ROWS"),
    }
}

/// The host rules of the set rows: `*://HOST/*` and `https://*.PARENT/*`
/// of the corpus's hosts, `n` in all.
fn host_rules(urls: &[String], n: usize) -> Vec<String> {
    let mut hosts: Vec<String> = urls
        .iter()
        .filter_map(|u| wwwurl::whatwg::parse(u.as_bytes(), None).ok())
        .map(|u| String::from_utf8_lossy(u.hostname()).into_owned())
        .filter(|h| h.contains('.') && !h.starts_with('['))
        .collect();
    hosts.sort();
    hosts.dedup();
    let mut rules = Vec::new();
    for h in hosts {
        if rules.len() >= n {
            break;
        }
        rules.push(format!("*://{h}/*"));
        let parent = h.split_once('.').map_or(h.as_str(), |(_, p)| p);
        if parent.contains('.') && rules.len() < n {
            rules.push(format!("https://*.{parent}/*"));
        }
    }
    rules
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut rounds, mut min_time, mut count) = (5usize, 0.3f64, 2000usize);
    let (mut callgrind, mut dry, mut corpus) = (None, false, None);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--list" => {
                ROWS.iter().for_each(|r| println!("{r}"));
                return;
            }
            "--has-callgrind-macros" => {
                println!("0");
                return;
            }
            "--rounds" => rounds = args.next().unwrap().parse().unwrap(),
            "--min-time" => min_time = args.next().unwrap().parse().unwrap(),
            "--count" => count = args.next().unwrap().parse().unwrap(),
            "--callgrind" => callgrind = args.next(),
            "--dry" => dry = true,
            _ => corpus = Some(a),
        }
    }
    let corpus = corpus.expect("usage: urlpattern-bench [options] CORPUS");
    let text = std::fs::read(&corpus).unwrap();
    let mut urls: Vec<String> = String::from_utf8_lossy(&text)
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    if callgrind.is_some() {
        urls.truncate(count);
    }
    let rules = host_rules(&urls, 1000);
    assert_eq!(rules.len(), 1000, "the corpus has too few hosts");
    let mut c = Ctx {
        ours_plain: PLAIN.iter().map(|s| ours(s)).collect(),
        ours_regexp: REGEXP.iter().map(|s| ours(s)).collect(),
        peer_plain: PLAIN.iter().map(|s| peer(s)).collect(),
        peer_regexp: REGEXP.iter().map(|s| peer(s)).collect(),
        ada_plain: PLAIN.iter().map(|s| ada(s)).collect(),
        ada_regexp: REGEXP.iter().map(|s| ada(s)).collect(),
        set_1: UrlPatternSet::from_vec(vec![ours(&rules[0])]).unwrap(),
        set_1000: UrlPatternSet::from_vec(rules.iter().map(|s| ours(s)).collect()).unwrap(),
        hits: Vec::new(),
        urls,
    };
    let n = c.urls.len();
    if let Some(row) = callgrind {
        assert!(
            ROWS.contains(&row.as_str()),
            "unknown row {row} (see --list)"
        );
        pass(&row, &mut c, 0..1);
        let hits = if dry { 0 } else { pass(&row, &mut c, 0..n) };
        let bytes: usize = c.urls.iter().map(String::len).sum();
        println!(
            "callgrind {row}: {n} URLs, {bytes} bytes{}, {hits} matches, macros no",
            if dry { " (dry run: set-up only)" } else { "" }
        );
        return;
    }
    println!("corpus: {corpus}: {n} URLs");
    println!(
        "{:<18} {:>10} {:>10} {:>9}",
        "row", "ns/URL", "ns/test", "matches"
    );
    let mut best = std::collections::HashMap::new();
    for row in ROWS {
        let mut times = Vec::new();
        let mut hits = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            let mut passes = 0;
            while start.elapsed().as_secs_f64() < min_time {
                hits = pass(row, &mut c, 0..n);
                passes += 1;
            }
            times.push(start.elapsed().as_secs_f64() / (passes * n) as f64 * 1e9);
        }
        let t = times.iter().copied().fold(f64::INFINITY, f64::min);
        let tests = if row.contains("regexp") {
            REGEXP.len()
        } else if row.starts_with("set") {
            1
        } else {
            PLAIN.len()
        };
        println!("{row:<18} {t:>10.1} {:>10.1} {hits:>9}", t / tests as f64);
        best.insert(row, (t, hits));
    }
    for (ours, theirs) in [
        ("wwwurl_plain", "peer_plain"),
        ("wwwurl_regexp", "peer_regexp"),
        ("wwwurl_plain_url", "peer_plain_url"),
        ("wwwurl_plain", "ada_plain"),
        ("wwwurl_regexp", "ada_regexp"),
    ] {
        let (a, b) = (best[ours], best[theirs]);
        println!(
            "{ours} / {theirs}: {:.2} of the time, matches {}",
            a.0 / b.0,
            if a.1 == b.1 { "agree" } else { "DIFFER" }
        );
    }
    println!(
        "set_1000 / set_1: {:.2}",
        best["set_1000"].0 / best["set_1"].0
    );
}
