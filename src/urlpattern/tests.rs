//! Unit tests: the budget, and the matcher against the Standard's
//! regular expression on a few patterns.

use super::{Error, Init, Input, PatternOptions, UrlPattern};
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
    let hostile = format!("/{}", "a".repeat(40));
    assert_eq!(quick(|| test_path(&p, &hostile)), Err(Error::Budget));
    let p = path_pattern("/((?:a+)+)c");
    let hostile = format!("/{}", "a".repeat(40));
    assert_eq!(quick(|| test_path(&p, &hostile)), Err(Error::Budget));
}

#[test]
fn many_segment_wildcards_stay_within_the_budget() {
    let p = path_pattern("/:a:b:c:d:e:f:g:h:i:j/x");
    assert!(!p.has_regexp_groups());
    assert_eq!(test_path(&p, "/abcdefghij/x"), Ok(true));
    let hostile = format!("/{}/y", "z".repeat(300));
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
    let hostile = format!("data:{}", "a".repeat(400));
    assert_eq!(
        quick(|| p.test(Input::Str(&hostile), None)),
        Err(Error::Budget)
    );
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
