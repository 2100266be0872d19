//! `wwwurl::whatwg::SearchParams`, the URL Standard's `URLSearchParams`,
//! against the web-platform-tests tables in `tests/wpt/`
//! (`urlencoded-parser-data.json`, every row: the
//! application/x-www-form-urlencoded parser; `urlsearchparams-sort.json`,
//! every row: `sort()`), each run on its own list and through a URL's
//! `searchParams`, and against the Standard's examples of the class.

use serde_json::Value;
use wwwurl::bytes::buf::Buf;
use wwwurl::whatwg::{self, Part, SearchParams, Url};

fn load(name: &str) -> Value {
    let path = format!("{}/tests/wpt/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_slice(&std::fs::read(&path).expect(&path)).expect(&path)
}

/// A table's `[[name, value], ...]`.
fn expected(output: &Value) -> Vec<(String, String)> {
    output
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let p = p.as_array().unwrap();
            assert_eq!(p.len(), 2);
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The list as strings; the library's are always UTF-8.
fn pairs(p: &SearchParams) -> Vec<(String, String)> {
    p.iter()
        .map(|(n, v)| {
            (
                String::from_utf8(n.to_vec()).unwrap(),
                String::from_utf8(v.to_vec()).unwrap(),
            )
        })
        .collect()
}

/// `toString()`.
fn serialised(p: &SearchParams) -> String {
    let mut out = Buf::new();
    p.write(&mut out).unwrap();
    String::from_utf8(out.into_vec()).unwrap()
}

fn url(s: &str) -> Url {
    whatwg::parse(s.as_bytes(), None).unwrap()
}

/// What the list says of each name, against the table's pairs.
fn check_lookups(p: &SearchParams, want: &[(String, String)], input: &str) {
    assert_eq!(p.len(), want.len(), "{input:?}");
    for (name, value) in want {
        let all: Vec<&str> = want
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect();
        assert_eq!(p.get(name.as_bytes()), Some(all[0].as_bytes()), "{input:?}");
        let got: Vec<&[u8]> = p.get_all(name.as_bytes()).collect();
        let all: Vec<&[u8]> = all.iter().map(|v| v.as_bytes()).collect();
        assert_eq!(got, all, "{input:?} {name:?}");
        assert!(p.has(name.as_bytes(), None), "{input:?}");
        assert!(p.has(name.as_bytes(), Some(value.as_bytes())), "{input:?}");
    }
}

#[test]
fn urlencoded_parser_data() {
    let data = load("urlencoded-parser-data.json");
    let cases = data.as_array().unwrap();
    assert_eq!(cases.len(), 35);
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let want = expected(&case["output"]);
        // new URLSearchParams(input)
        let p = SearchParams::from_init(input.as_bytes()).unwrap();
        assert_eq!(pairs(&p), want, "{input:?}");
        assert_eq!(
            pairs(&SearchParams::parse(input.as_bytes()).unwrap()),
            want,
            "{input:?}"
        );
        assert_eq!(
            pairs(&SearchParams::from_init(format!("?{input}").as_bytes()).unwrap()),
            want,
            "?{input:?}"
        );
        check_lookups(&p, &want, input);
        // The serialisation parses back to the same list, and is empty
        // only for the empty list.
        let text = serialised(&p);
        assert_eq!(
            SearchParams::parse(text.as_bytes()).unwrap(),
            p,
            "{input:?}"
        );
        assert_eq!(text.is_empty(), want.is_empty(), "{input:?}");
        // new URL("?" + input, "https://example/").searchParams: the
        // query as the URL parser encoded it reads as the same list.
        let base = url("https://example/");
        let u = whatwg::parse(format!("?{input}").as_bytes(), Some(&base)).unwrap();
        assert_eq!(pairs(&u.search_params().unwrap()), want, "URL {input:?}");
        // and so after the search setter.
        let mut u = url("https://example/?x=y#f");
        u.set(Part::Search, input.as_bytes()).unwrap();
        assert_eq!(pairs(&u.search_params().unwrap()), want, "search {input:?}");
    }
}

#[test]
fn urlsearchparams_sort() {
    let data = load("urlsearchparams-sort.json");
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 8);
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let want = expected(&case["output"]);
        let mut p = SearchParams::from_init(input.as_bytes()).unwrap();
        p.sort().unwrap();
        assert_eq!(pairs(&p), want, "{input:?}");
        // Sorting a sorted list changes nothing.
        let before = p.try_clone().unwrap();
        p.sort().unwrap();
        assert_eq!(p, before, "{input:?}");
        // new URL("?" + input, "https://example/").searchParams.sort()
        let base = url("https://example/");
        let mut u = whatwg::parse(format!("?{input}").as_bytes(), Some(&base)).unwrap();
        let mut p = u.search_params().unwrap();
        p.sort().unwrap();
        u.set_search_params(&p).unwrap();
        assert_eq!(pairs(&u.search_params().unwrap()), want, "URL {input:?}");
        assert_eq!(u.query(), Some(serialised(&p).as_bytes()), "{input:?}");
    }
    // "Sorting non-existent params removes ? from URL".
    let extra = &data["extra"][0];
    let mut u = url(extra["url"].as_str().unwrap());
    let mut p = u.search_params().unwrap();
    p.sort().unwrap();
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), extra["after_sort_href"]);
    assert_eq!(
        u.search(),
        extra["after_sort_search"].as_str().unwrap().as_bytes()
    );
}

/// The examples of the Standard's "URLSearchParams class".
#[test]
fn standard_examples() {
    // new URLSearchParams({key: "730d67"}).toString()
    let mut p = SearchParams::new();
    p.append(b"key", b"730d67").unwrap();
    assert_eq!(serialised(&p), "key=730d67");

    // url.searchParams.sort() re-encodes the query.
    let mut u = url("https://example.com/?a=b ~");
    assert_eq!(u.as_str(), "https://example.com/?a=b%20~");
    let mut p = u.search_params().unwrap();
    p.sort().unwrap();
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "https://example.com/?a=b+%7E");

    // `~` and `%7E` read the same.
    let u = url("https://example.com/?a=~&b=%7E");
    assert_eq!(u.search(), b"?a=~&b=%7E");
    let p = u.search_params().unwrap();
    assert_eq!(p.get(b"a"), Some(&b"~"[..]));
    assert_eq!(p.get(b"b"), Some(&b"~"[..]));

    // Sorting for cache hits.
    let mut u = url("https://example.org/?q=🏳️‍🌈&key=e1f7bc78");
    let mut p = u.search_params().unwrap();
    p.sort().unwrap();
    u.set_search_params(&p).unwrap();
    assert_eq!(
        u.search(),
        b"?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
    // new URLSearchParams(url.search), sorted, leaves the URL alone.
    let mut sorted = SearchParams::from_init(u.search()).unwrap();
    sorted.append(b"a", b"").unwrap();
    sorted.sort().unwrap();
    assert_eq!(
        serialised(&sorted),
        "a=&key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
    assert_eq!(
        u.search(),
        b"?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
}

/// What each method does to a URL's query, as in a browser: the update
/// steps write the whole list back, and an empty list leaves no `?`.
#[test]
fn update_steps() {
    let mut u = url("https://a/?a=1&b=2#top");
    let mut p = u.search_params().unwrap();
    p.delete(b"a", None);
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "https://a/?b=2#top");
    p.delete(b"b", Some(b"3"));
    assert_eq!(p.len(), 1);
    p.delete(b"b", Some(b"2"));
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "https://a/#top");
    assert_eq!(u.query(), None);

    // A method that changes nothing still writes the list back.
    let mut u = url("https://a/?x=%20%7e&&y");
    let p = u.search_params().unwrap();
    assert!(!p.has(b"z", None));
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "https://a/?x=+%7E&y=");

    // set() keeps the first pair's place, drops the others.
    let mut u = url("https://a/?k=1&j=2&k=3&k=4");
    let mut p = u.search_params().unwrap();
    p.set(b"k", b"a b&c").unwrap();
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "https://a/?k=a+b%26c&j=2");
    p.set(b"new", b"\xE2\x82\xAC").unwrap();
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "https://a/?k=a+b%26c&j=2&new=%E2%82%AC");

    // A URL without a query gets one; a non-special one too.
    let mut u = url("foo://h/p");
    let mut p = u.search_params().unwrap();
    assert!(p.is_empty());
    p.append(b"=", b"&").unwrap();
    u.set_search_params(&p).unwrap();
    assert_eq!(u.as_str(), "foo://h/p?%3D=%26");
    assert_eq!(u.search_params().unwrap().get(b"="), Some(&b"&"[..]));
}
