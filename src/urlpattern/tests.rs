//! Unit tests: the budget, and the matcher against the Standard's
//! regular expression on a few patterns.

use super::{Error, Init, Input, PatternOptions, UrlPattern};
use crate::bytes::buf::Buf;
use std::time::{Duration, Instant};

fn path_pattern(p: &str) -> UrlPattern {
    let init = Init {
        pathname: Some(p),
        ..Init::default()
    };
    UrlPattern::from_init(&init, PatternOptions::default()).unwrap()
}

fn test_path(p: &UrlPattern, path: &str) -> Result<bool, Error> {
    let init = Init {
        pathname: Some(path),
        ..Init::default()
    };
    p.test(Input::Init(&init), None)
}

/// Runs `f`, and fails if it took more than two seconds.
fn quick<T>(f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let r = f();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    r
}

#[test]
fn nested_quantifier_in_a_custom_group_is_bounded() {
    let p = path_pattern("/(a+)+b");
    assert!(p.has_regexp_groups());
    assert_eq!(test_path(&p, "/aaab"), Ok(true));
    assert_eq!(test_path(&p, "/aaaa"), Ok(false));
    // Without its fixed `b`, no input reaches the regular expression.
    let hostile = format!("/{}", "a".repeat(40));
    assert_eq!(quick(|| test_path(&p, &hostile)), Ok(false));
    let hostile = format!("/{}xb", "a".repeat(40));
    assert_eq!(quick(|| test_path(&p, &hostile)), Err(Error::Budget));
    let p = path_pattern("/((?:a+)+)c");
    let hostile = format!("/{}xc", "a".repeat(40));
    assert_eq!(quick(|| test_path(&p, &hostile)), Err(Error::Budget));
}

#[test]
fn many_segment_wildcards_stay_within_the_budget() {
    let p = path_pattern("/:a:b:c:d:e:f:g:h:i:j/x");
    assert!(!p.has_regexp_groups());
    assert_eq!(test_path(&p, "/abcdefghij/x"), Ok(true));
    let hostile = format!("/{}/y", "z".repeat(300));
    assert_eq!(quick(|| test_path(&p, &hostile)), Ok(false));
    let hostile = format!("/{}/y/x", "z".repeat(300));
    assert_eq!(quick(|| test_path(&p, &hostile)), Err(Error::Budget));
}

#[test]
fn many_full_wildcards_stay_within_the_budget() {
    let init = Init {
        protocol: Some("data"),
        pathname: Some("*a*a*a*a*a*a*a*a*b"),
        ..Init::default()
    };
    let p = UrlPattern::from_init(&init, PatternOptions::default()).unwrap();
    assert!(p.test(Input::Str("data:xaxaxaxaxaxaxaxaxb"), None).unwrap());
    // Full wildcards and fixed text alone: the fixed texts in order, the
    // last at the end, decide before the matcher runs.
    let hostile = format!("data:{}", "a".repeat(400));
    assert_eq!(quick(|| p.test(Input::Str(&hostile), None)), Ok(false));
    let hostile = format!("data:{}b", "a".repeat(400));
    assert_eq!(quick(|| p.test(Input::Str(&hostile), None)), Ok(true));
}

#[test]
fn repeated_groups_capture_as_the_regular_expression() {
    let p = path_pattern("/:p+");
    let init = Init {
        pathname: Some("/a/b/c"),
        ..Init::default()
    };
    let m = p.exec(Input::Init(&init), None).unwrap().unwrap();
    assert_eq!(m.pathname.group("p"), Some(&b"a/b/c"[..]));
    let p = path_pattern("/x{-:n}*");
    let init = Init {
        pathname: Some("/x-1-2"),
        ..Init::default()
    };
    let m = p.exec(Input::Init(&init), None).unwrap().unwrap();
    assert_eq!(m.pathname.group("n"), Some(&b"1-2"[..]));
    assert_eq!(test_path(&p, "/x"), Ok(true));
    assert_eq!(test_path(&p, "/x-"), Ok(false));
}

#[test]
fn constructor_string_and_ignore_case() {
    let options = PatternOptions { ignore_case: true };
    let p = UrlPattern::parse("https://example.com/Books/:id", None, options).unwrap();
    assert_eq!(p.hostname(), "example.com");
    assert_eq!(p.port(), "");
    assert!(p
        .test(Input::Str("https://example.com/books/1"), None)
        .unwrap());
    assert!(!p
        .test(Input::Str("https://example.com:8443/books/1"), None)
        .unwrap());
    assert_eq!(
        UrlPattern::parse("/relative", None, PatternOptions::default()).err(),
        Some(Error::Syntax("relative pattern without a base URL"))
    );
}

#[test]
fn the_documented_example() {
    let init = Init {
        pathname: Some("/static/*"),
        ..Init::default()
    };
    let p = UrlPattern::from_init(&init, PatternOptions { ignore_case: true }).unwrap();
    let m = p
        .exec(Input::Str("https://cdn.example/STATIC/a.css"), None)
        .unwrap()
        .unwrap();
    assert_eq!(m.pathname.group("0"), Some(&b"a.css"[..]));
    assert_eq!(m.hostname.group("0"), Some(&b"cdn.example"[..]));
}

/// Random patterns made of the syntax's pieces: construction and
/// matching give a result or an error, never a panic, and stay within
/// their budget.
#[test]
fn random_patterns_never_panic() {
    let mut rng = crate::test_rng::Rng::new(49);
    let pieces: &[&[u8]] = &[
        b"/",
        b":",
        b"a",
        b"*",
        b"+",
        b"?",
        b"{",
        b"}",
        b"(",
        b")",
        b"\\",
        b".",
        b"#",
        b"@",
        b"https",
        b"://",
        b"[",
        b"]",
        b":x",
        b"(\\d+)",
        b"(a+)",
        b"\xC3\xA9",
        b"%",
        b"80",
    ];
    let urls = [
        "https://user:pw@a.example.com:8080/x/y?q=1#h",
        "data:text/plain,aaaa",
        "http://[::1]/a+b/c",
    ];
    for _ in 0..3000 {
        let n = 1 + rng.below(12);
        let pattern = String::from_utf8(rng.pieces(pieces, n)).unwrap();
        for base in [None, Some("https://example.com/base/")] {
            let Ok(p) = UrlPattern::parse(&pattern, base, PatternOptions::default()) else {
                continue;
            };
            for url in urls {
                let r = quick(|| p.exec(Input::Str(url), None));
                assert_eq!(
                    r.is_ok(),
                    p.test(Input::Str(url), None).is_ok(),
                    "{pattern}"
                );
            }
        }
        let init = Init {
            hostname: Some(&pattern),
            pathname: Some(&pattern),
            ..Init::default()
        };
        if let Ok(p) = UrlPattern::from_init(&init, PatternOptions { ignore_case: true }) {
            for url in urls {
                let _ = quick(|| p.test(Input::Str(url), None));
            }
        }
    }
}

#[test]
fn sets_agree_with_single_patterns_and_index_hosts() {
    use super::UrlPatternSet;
    let mut sources = Vec::new();
    for i in 0..1000 {
        sources.push(format!("https://host{i}.example/static/*"));
    }
    sources.push("https://*.example/logout".to_string());
    sources.push("http{s}?://host7.example/:p+".to_string());
    sources.push("https://host7.example/static/:file.css".to_string());
    let mut set = UrlPatternSet::new();
    let mut singles = Vec::new();
    for s in &sources {
        let p = UrlPattern::parse(s, None, PatternOptions::default()).unwrap();
        singles.push(UrlPattern::parse(s, None, PatternOptions::default()).unwrap());
        set.push(p).unwrap();
    }
    assert_eq!(set.len(), sources.len());
    // A host's own rules and the one for every host under `example`; the
    // two whose hostname is a pattern.
    assert_eq!(
        set.candidates(b"host7.example", b"/static/a.css", b"https"),
        4
    );
    assert_eq!(set.candidates(b"other.test", b"/static/a.css", b"https"), 0);
    let urls = [
        "https://host7.example/static/a.css",
        "https://host999.example/static/x",
        "https://host7.example/logout",
        "http://host7.example/a/b",
        "https://other.test/static/x",
        "not a url",
    ];
    let mut got = Vec::new();
    for url in urls {
        set.matches(Input::Str(url), None, &mut got).unwrap();
        let expected: Vec<usize> = singles
            .iter()
            .enumerate()
            .filter(|(_, p)| p.test(Input::Str(url), None).unwrap())
            .map(|(i, _)| i)
            .collect();
        assert_eq!(got, expected, "{url}");
    }
    set.matches(Input::Str(urls[0]), None, &mut got).unwrap();
    assert_eq!(got, vec![7, 1001, 1002]);
}

#[test]
fn the_documented_set() {
    use super::UrlPatternSet;
    let mut set = UrlPatternSet::new();
    for rule in [
        "https://*.example.com/static/*",
        "https://example.com/logout",
        "*://*/logout",
    ] {
        set.push(UrlPattern::parse(rule, None, PatternOptions::default()).unwrap())
            .unwrap();
    }
    let mut hits = Vec::new();
    set.matches(Input::Str("https://example.com/logout"), None, &mut hits)
        .unwrap();
    assert_eq!(hits, [1, 2]);
    set.matches(
        Input::Str("https://a.example.com/static/x"),
        None,
        &mut hits,
    )
    .unwrap();
    assert_eq!(hits, [0]);
}

#[test]
fn deep_repetitions_fit_a_small_stack() {
    // A thread with 256 KiB of stack, as some servers give theirs.
    let r = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let max = super::component::MAX_DEPTH;
            let p = path_pattern("/:p+");
            let deep = "/a".repeat(max - 4);
            let deeper = "/a".repeat(max + 1);
            // Many parts: a group and fixed text each.
            let many: String = (0..max / 2 - 2).map(|i| format!("/:g{i}")).collect();
            let too_many: String = (0..max).map(|i| format!("/:g{i}")).collect();
            let q = path_pattern(&many);
            let r = path_pattern(&too_many);
            let path = "/a".repeat(max / 2 - 2);
            let long_path = "/a".repeat(max);
            (
                test_path(&p, &deep),
                test_path(&p, &deeper),
                test_path(&q, &path),
                test_path(&r, &long_path),
            )
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(
        r,
        (Ok(true), Err(Error::Budget), Ok(true), Err(Error::Budget))
    );
}

#[test]
fn many_quantifiers_in_custom_groups_are_bounded() {
    let p = path_pattern("/(a*)(a*)(a*)(a*)(a*)(a*)x");
    assert_eq!(test_path(&p, "/aaax"), Ok(true));
    let hostile = format!("/{}yx", "a".repeat(2000));
    assert_eq!(quick(|| test_path(&p, &hostile)), Err(Error::Budget));
    // Within the limit, the worst case is quick.
    let hostile = format!("/{}yx", "a".repeat(17));
    assert_eq!(quick(|| test_path(&p, &hostile)), Ok(false));
    // One quantifier: no limit.
    let p = path_pattern("/:id(\\d+)");
    let long = format!("/{}", "1".repeat(100_000));
    assert_eq!(quick(|| test_path(&p, &long)), Ok(true));
    // Two: thousands of code points.
    let p = path_pattern("/:a/:id(\\d+)");
    let long = format!("/x/{}", "1".repeat(8000));
    assert_eq!(quick(|| test_path(&p, &long)), Ok(true));
}

#[test]
fn the_documented_limits() {
    use super::component::root_of_work;
    assert_eq!([2, 3, 4, 6].map(root_of_work), [8192, 406, 90, 20]);
}

#[test]
fn index_keys() {
    use super::index::{host_key, path_key, protocol_key};
    let key = |f: fn(&UrlPattern) -> Result<Option<Buf>, crate::bytes::buf::NoMemory>,
               init: Init<'_>| {
        let p = UrlPattern::from_init(&init, PatternOptions::default()).unwrap();
        f(&p)
            .unwrap()
            .map(|k| String::from_utf8(k.to_vec()).unwrap())
    };
    let host = |h: &str| {
        key(
            host_key,
            Init {
                hostname: Some(h),
                ..Init::default()
            },
        )
    };
    let k = |s: &str| Some(s.to_string());
    assert_eq!(host("www.example.com"), k("www.example.com"));
    assert_eq!(host("*.example.com"), k("example.com"));
    assert_eq!(host(":sub.example.com"), k("example.com"));
    assert_eq!(host("(www|api).example.com"), k("example.com"));
    assert_eq!(host("{*.}?example.com"), k("example.com"));
    assert_eq!(host("a{*.}?example.com"), k("com"));
    assert_eq!(host("*example.com"), k("com"));
    assert_eq!(host("*com"), None);
    assert_eq!(host("example.*"), None);
    assert_eq!(host("*"), None);
    assert_eq!(host(""), k(""));
    assert_eq!(host("[\\:\\:1]"), k("[::1]"));
    let path = |p: &str, ignore_case: bool| {
        let init = Init {
            pathname: Some(p),
            ..Init::default()
        };
        let p = UrlPattern::from_init(&init, PatternOptions { ignore_case }).unwrap();
        path_key(&p)
            .unwrap()
            .map(|k| String::from_utf8(k.to_vec()).unwrap())
    };
    assert_eq!(path("/static/*", false), k("static"));
    assert_eq!(path("/logout", false), k("logout"));
    assert_eq!(path("/books/:id", false), k("books"));
    assert_eq!(path("/static/:file.css", false), k("static"));
    assert_eq!(path("/static*", false), None);
    assert_eq!(path("/:x", false), None);
    assert_eq!(path("/a{/b}?", false), None);
    assert_eq!(path("/static/*", true), None);
    assert_eq!(path("*", false), None);
    let protocol = |p: &str| {
        key(
            protocol_key,
            Init {
                protocol: Some(p),
                ..Init::default()
            },
        )
    };
    assert_eq!(protocol("https"), k("https"));
    assert_eq!(protocol("http{s}?"), None);
    assert_eq!(protocol("*"), None);
}

#[test]
fn indexed_sets_agree_with_single_patterns_on_real_urls() {
    use super::UrlPatternSet;
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/kasztp.txt"
    ))
    .unwrap();
    let urls: Vec<&str> = corpus.lines().step_by(16).take(3000).collect();
    // Hosts and first segments of the corpus itself, so that the keys are
    // met, beside patterns of every kind of key and none.
    let mut sources: Vec<String> = Vec::new();
    for u in urls.iter().take(40) {
        let url = crate::whatwg::parse(u.as_bytes(), None).unwrap();
        let host = String::from_utf8_lossy(url.hostname()).into_owned();
        let path = String::from_utf8_lossy(url.pathname()).into_owned();
        let seg = path.split('/').nth(1).unwrap_or("").to_string();
        let labels: Vec<&str> = host.split('.').collect();
        let parent = labels[labels.len().saturating_sub(2)..].join(".");
        sources.push(format!("*://{host}/*"));
        sources.push(format!("https://*.{parent}/*"));
        sources.push(format!("*://{{*.}}?{parent}/*"));
        if !seg.is_empty() && !seg.contains(['(', ')', ':', '*', '{', '}', '?', '+', '\\']) {
            sources.push(format!("*://*/{seg}/*"));
            sources.push(format!("*://*/{seg}"));
            sources.push(format!("http{{s}}?://*/{seg}*"));
        }
    }
    sources.extend(
        [
            "https://*/*",
            "http://*/*.:ext(jpg|png|gif)",
            "*://*/*",
            "*://*.com/*",
            "*://www.*/*",
            "*://*/:a/:b/*",
            "*://*/*?*",
        ]
        .map(String::from),
    );
    let compile = |s: &String| UrlPattern::parse(s, None, PatternOptions::default()).unwrap();
    let singles: Vec<UrlPattern> = sources.iter().map(compile).collect();
    let built = UrlPatternSet::from_vec(sources.iter().map(compile).collect()).unwrap();
    let mut pushed = UrlPatternSet::new();
    for s in &sources {
        pushed.push(compile(s)).unwrap();
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut hits = 0;
    for u in &urls {
        built.matches(Input::Str(u), None, &mut a).unwrap();
        pushed.matches(Input::Str(u), None, &mut b).unwrap();
        let expected: Vec<usize> = singles
            .iter()
            .enumerate()
            .filter(|(_, p)| p.test(Input::Str(u), None).unwrap())
            .map(|(i, _)| i)
            .collect();
        assert_eq!(a, expected, "{u}");
        assert_eq!(b, expected, "{u}");
        hits += expected.len();
    }
    assert!(hits > urls.len() * 2, "{hits}");
}

#[test]
fn the_tokenizer_error_comes_before_the_parser_error() {
    // The parser reads its tokens one at a time, after a first pass of the
    // tokenizer: `}` is the parser's error at the second token, the
    // unclosed `(` the tokenizer's further on, and the tokenizer's is the
    // one reported, as when the tokens are listed before the parse.
    let error = |p: &str| {
        let init = Init {
            pathname: Some(p),
            ..Init::default()
        };
        UrlPattern::from_init(&init, PatternOptions::default()).err()
    };
    assert_eq!(error("/}(a"), Some(Error::Syntax("invalid pattern")));
    assert_eq!(
        error("/}a"),
        Some(Error::Syntax("unexpected token in pattern"))
    );
    assert_eq!(error("/a(b)c:d\\e"), None);
}
