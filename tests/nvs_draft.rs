//! Every example of draft-ietf-httpbis-no-vary-search (the copy the
//! project works from), each asserted, and each citing its section: the
//! header examples of the Introduction, the parsing examples of "Obtain a
//! URL variation config" and "Parse a key", and the comparisons of
//! "Comparing" and its "Examples". The draft's text is quoted where a case
//! depends on a reading of it.

// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use wwwurl::bytes::buf::Buf;
use wwwurl::nvs::{self, Config, Mode, NvsError};

/// What a config is, comparably: its list's kind and keys (as text), and
/// whether it varies on key order.
#[derive(Debug, PartialEq)]
struct Shape {
    mode: Mode,
    keys: Vec<String>,
    vary_on_key_order: bool,
    default: bool,
}

fn shape(c: &Config) -> Shape {
    Shape {
        mode: c.mode(),
        keys: c
            .keys()
            .map(|k| String::from_utf8(k.to_vec()).unwrap())
            .collect(),
        vary_on_key_order: c.vary_on_key_order(),
        default: c.is_default(),
    }
}

/// The config of a `No-Vary-Search` field value.
fn parse(v: &str) -> Config {
    Config::parse(Some(v.as_bytes())).unwrap()
}

fn default_shape() -> Shape {
    shape(&Config::default())
}

fn eq_urls(c: &Config, a: &str, b: &str) -> bool {
    let r = nvs::equivalent_urls(c, a.as_bytes(), b.as_bytes()).unwrap();
    // The keys agree with the comparison, every time.
    let (mut ka, mut kb) = (Buf::new(), Buf::new());
    nvs::url_key(c, a.as_bytes(), &mut ka).unwrap();
    nvs::url_key(c, b.as_bytes(), &mut kb).unwrap();
    assert_eq!(ka == kb, r, "{a} / {b}: {ka:?} {kb:?}");
    r
}

/// A query written as the draft's tables do: "null" for none, else the
/// text after `?`.
fn query(s: &str) -> Option<&[u8]> {
    match s {
        "null" => None,
        q => Some(q.strip_prefix('?').unwrap().as_bytes()),
    }
}

// --- Section 1 (Introduction): the three header examples. ---

#[test]
fn intro_key_order_makes_order_irrelevant() {
    // "if the order of the query parameters do not affect which resource
    // is identified, this is indicated using `No-Vary-Search: key-order`".
    // The draft's "parse a URL variation config" would return the default
    // here (neither params nor except); this crate honours it (src/nvs,
    // "One departure from the draft").
    let c = parse("key-order");
    assert_eq!(
        shape(&c),
        Shape {
            mode: Mode::NoVary,
            keys: vec![],
            vary_on_key_order: false,
            default: false
        }
    );
    assert!(eq_urls(
        &c,
        "https://a.example/p?x=1&y=2",
        "https://a.example/p?y=2&x=1"
    ));
    // Order only: every parameter still varies.
    assert!(!eq_urls(
        &c,
        "https://a.example/p?x=1",
        "https://a.example/p?x=1&y=2"
    ));
    // Parameters of the same name keep their relative order.
    assert!(!eq_urls(
        &c,
        "https://a.example/p?x=1&x=2",
        "https://a.example/p?x=2&x=1"
    ));
}

#[test]
fn intro_params_lists_the_ignored_parameters() {
    let c = parse(r#"params=("utm_source" "utm_medium" "utm_campaign")"#);
    assert_eq!(
        shape(&c),
        Shape {
            mode: Mode::NoVary,
            keys: vec![
                "utm_source".into(),
                "utm_medium".into(),
                "utm_campaign".into()
            ],
            vary_on_key_order: true,
            default: false
        }
    );
    assert!(eq_urls(
        &c,
        "https://a.example/p?id=3&utm_source=mail&utm_campaign=x",
        "https://a.example/p?id=3"
    ));
    assert!(!eq_urls(
        &c,
        "https://a.example/p?id=3",
        "https://a.example/p?id=4&utm_medium=m"
    ));
    // Key order still matters.
    assert!(!eq_urls(
        &c,
        "https://a.example/p?a&b",
        "https://a.example/p?b&a"
    ));
}

#[test]
fn intro_except_lists_the_only_varying_parameters() {
    let c = parse(r#"except=("productId")"#);
    assert_eq!(
        shape(&c),
        Shape {
            mode: Mode::VaryOnly,
            keys: vec!["productId".into()],
            vary_on_key_order: true,
            default: false
        }
    );
    assert!(eq_urls(
        &c,
        "https://shop.example/item?productId=7&ref=home",
        "https://shop.example/item?session=9&productId=7"
    ));
    assert!(!eq_urls(
        &c,
        "https://shop.example/item?productId=7",
        "https://shop.example/item?productId=8"
    ));
}

// --- Section 5.2.1 (Obtain a URL variation config, Examples). ---

#[test]
fn examples_table_of_results() {
    // | `No-Vary-Search: params=("a")` | no-vary params: « "a" », vary params: wildcard |
    let s = shape(&parse(r#"params=("a")"#));
    assert_eq!(
        (s.mode, s.keys, s.vary_on_key_order),
        (Mode::NoVary, vec!["a".to_string()], true)
    );
    // | `No-Vary-Search: except=("x")` | no-vary params: wildcard, vary params: « "x" » |
    let s = shape(&parse(r#"except=("x")"#));
    assert_eq!(
        (s.mode, s.keys, s.vary_on_key_order),
        (Mode::VaryOnly, vec!["x".to_string()], true)
    );
    // | `No-Vary-Search: params=()` | no-vary params: (empty list), vary params: wildcard |
    let s = shape(&parse("params=()"));
    assert_eq!(
        (s.mode, s.keys.len(), s.vary_on_key_order),
        (Mode::NoVary, 0, true)
    );
    // | `No-Vary-Search: except=()` | no-vary params: wildcard, vary params: (empty list) |
    let c = parse("except=()");
    let s = shape(&c);
    assert_eq!(
        (s.mode, s.keys.len(), s.default),
        (Mode::VaryOnly, 0, false)
    );
    // No parameter varies then: any two queries are equivalent.
    assert!(eq_urls(
        &c,
        "https://a.example/?q=1",
        "https://a.example/?q=2&r"
    ));
}

#[test]
fn examples_invalid_inputs_give_the_default_config() {
    // "The following inputs are all invalid and will cause the default URL
    // variation config to be returned".
    let cases: [(&str, NvsError); 11] = [
        (r#"key-order="not a boolean""#, NvsError::KeyOrderNotBoolean),
        (r#"params="not an inner list""#, NvsError::NotAnInnerList),
        ("params=(not-a-string)", NvsError::NotAString),
        ("params=?0", NvsError::NotAnInnerList),
        ("params=?1", NvsError::NotAnInnerList),
        (r#"params=?1, except=("x")"#, NvsError::ParamsAndExcept),
        (r#"params=("a"), except=("x")"#, NvsError::ParamsAndExcept),
        ("params=(), except=()", NvsError::ParamsAndExcept),
        (r#"except="not an inner list""#, NvsError::NotAnInnerList),
        ("except=(not-a-string)", NvsError::NotAString),
        ("except=?1", NvsError::NotAnInnerList),
    ];
    for (v, why) in cases {
        assert_eq!(shape(&parse(v)), default_shape(), "{v}");
        assert_eq!(Config::parse_checked(v.as_bytes()).unwrap_err(), why, "{v}");
    }
}

#[test]
fn examples_unconventional_inputs_equal_their_conventional_form() {
    // | `key-order=?1` | `key-order` |
    assert_eq!(shape(&parse("key-order=?1")), shape(&parse("key-order")));
    assert!(!parse("key-order=?1").vary_on_key_order());
    // | `except=("x")`, key-order | `key-order, except=("x")` |
    let a = shape(&parse(r#"except=("x"), key-order"#));
    assert_eq!(a, shape(&parse(r#"key-order, except=("x")"#)));
    assert_eq!((a.mode, a.vary_on_key_order), (Mode::VaryOnly, false));
    // | `params=()` | (omit the header field) |
    let omitted = shape(&Config::parse(None).unwrap());
    assert_eq!(shape(&parse("params=()")), omitted);
    assert!(omitted.default);
    // | `key-order=?0` | (omit the header field) |
    assert_eq!(shape(&parse("key-order=?0")), omitted);
}

// --- Section 5.3.1 (Parse a key, Examples). ---

#[test]
fn parse_a_key_decodes_plus_and_percent_escapes() {
    // `No-Vary-Search: params=("%C3%A9+%E6%B0%97")` "will result in a URL
    // variation config whose vary params are « "é 気" »". The draft says
    // "vary params", but `params` sets the no-vary params (section 5.1);
    // the key is what the example is about.
    let c = parse(r#"params=("%C3%A9+%E6%B0%97")"#);
    let s = shape(&c);
    assert_eq!((s.mode, s.keys), (Mode::NoVary, vec!["é 気".to_string()]));
    // "this will treat as equivalent URIs such as" these four, which all
    // parse "to having the same key "é 気"". As bytes (UTF-8 in the URL)
    // and as a WHATWG serializer writes them.
    let urls = [
        "https://example.com/?é 気=1",
        "https://example.com/?é+気=2",
        "https://example.com/?%C3%A9%20気=3",
        "https://example.com/?%C3%A9+%E6%B0%97=4",
        "https://example.com/?%C3%A9%20%E6%B0%97=1",
        "https://example.com/?%C3%A9%20%E6%B0%97=2",
    ];
    for a in urls {
        for b in urls {
            assert!(eq_urls(&c, a, b), "{a} / {b}");
        }
    }
    let mut k = Buf::new();
    nvs::url_key(&c, urls[0].as_bytes(), &mut k).unwrap();
    assert_eq!(k, b"https://example.com/");
    // Without the header they differ.
    assert!(!eq_urls(&Config::default(), urls[0], urls[1]));
}

// --- Section 6 (Comparing). ---

#[test]
fn comparing_under_the_default_config_is_exact() {
    // "even URL pairs that might appear the same after running the
    // application/x-www-form-urlencoded parser on their queries, such as
    // `https://example.com/a` and `https://example.com/a?`, or
    // `https://example.com/foo?a=b&&&c` and `https://example.com/foo?a=b&c=`,
    // will be treated as inequivalent."
    let d = Config::default();
    assert!(!eq_urls(
        &d,
        "https://example.com/a",
        "https://example.com/a?"
    ));
    assert!(!eq_urls(
        &d,
        "https://example.com/foo?a=b&&&c",
        "https://example.com/foo?a=b&c="
    ));
    assert!(eq_urls(
        &d,
        "https://example.com/foo?a=b&&&c",
        "https://example.com/foo?a=b&&&c"
    ));
    // Under a non-default config the same pairs are equivalent.
    let k = parse("key-order");
    assert!(eq_urls(
        &k,
        "https://example.com/a",
        "https://example.com/a?"
    ));
    assert!(eq_urls(
        &k,
        "https://example.com/foo?a=b&&&c",
        "https://example.com/foo?a=b&c="
    ));
}

#[test]
fn comparing_looks_at_everything_but_the_query_and_fragment() {
    // Step 1: "If the scheme, username, password, host, port, or path of
    // urlA and urlB differ, then return false." The fragment is not named.
    let c = parse("key-order");
    assert!(!eq_urls(
        &c,
        "https://example.com/a?x",
        "http://example.com/a?x"
    ));
    assert!(!eq_urls(
        &c,
        "https://u@example.com/a?x",
        "https://example.com/a?x"
    ));
    assert!(!eq_urls(
        &c,
        "https://example.com:8443/a?x",
        "https://example.com/a?x"
    ));
    assert!(!eq_urls(
        &c,
        "https://example.com/b?x",
        "https://example.com/a?x"
    ));
    assert!(eq_urls(
        &c,
        "https://example.com/a?x#one",
        "https://example.com/a?x#two"
    ));
    assert!(eq_urls(
        &Config::default(),
        "https://example.com/a?x#one",
        "https://example.com/a?x"
    ));
}

// --- Section 6.1 (Comparing, Examples): "given any non-default value for
// No-Vary-Search, such as `No-Vary-Search: key-order`". ---

#[test]
fn comparing_examples_table() {
    let rows: [(&str, &str, &str); 8] = [
        (
            "null",
            "?",
            "A null query is parsed the same as an empty string",
        ),
        ("?a=x", "?%61=%78", "Parsing performs percent-decoding"),
        ("?a=é", "?a=%C3%A9", "Parsing performs percent-decoding"),
        ("?a=%f6", "?a=%ef%bf%bd", "Both values are parsed as U+FFFD"),
        (
            "?a=x&&&&",
            "?a=x",
            "Parsing splits on & and discards empty strings",
        ),
        (
            "?a=",
            "?a",
            "Both parse as having an empty string value for a",
        ),
        ("?a=%20", "?a= &", "%20 is parsed as U+0020 SPACE"),
        ("?a=+", "?a= &", "+ is parsed as U+0020 SPACE"),
    ];
    let configs = [
        parse("key-order"),
        parse(r#"params=("utm_source")"#),
        parse(r#"except=("a")"#),
    ];
    for c in &configs {
        for (a, b, why) in rows {
            assert!(
                nvs::equivalent(c, query(a), query(b)).unwrap(),
                "{a} / {b}: {why}"
            );
            let (mut ka, mut kb) = (Buf::new(), Buf::new());
            nvs::query_key(c, query(a), &mut ka).unwrap();
            nvs::query_key(c, query(b), &mut kb).unwrap();
            assert_eq!(ka, kb, "{a} / {b}: {why}");
        }
    }
    // The keys themselves, under `key-order`.
    let k = &configs[0];
    let key = |q: &str| {
        let mut b = Buf::new();
        nvs::query_key(k, query(q), &mut b).unwrap();
        String::from_utf8(b.into_vec()).unwrap()
    };
    assert_eq!(key("null"), "");
    assert_eq!(key("?a=é"), "?a=%C3%A9");
    assert_eq!(key("?a=%f6"), "?a=%EF%BF%BD");
    assert_eq!(key("?a= &"), "?a=+");
    // And under the default config, each pair differs.
    for (a, b, why) in rows {
        assert!(
            !nvs::equivalent(&Config::default(), query(a), query(b)).unwrap(),
            "{why}"
        );
    }
}

// --- Section 4 (HTTP header field definition): unknown members. ---

#[test]
fn unknown_members_are_ignored_and_malformed_fields_are_default() {
    // "Implementations of this specification will ignore such entries".
    let s = shape(&parse(r#"future=(1 2);x, params=("a"), other=?0"#));
    assert_eq!((s.mode, s.keys), (Mode::NoVary, vec!["a".to_string()]));
    // A later member of the same key wins (RFC 9651, "Parsing a
    // Dictionary").
    let s = shape(&parse(r#"params=("a"), params=("b" "c")"#));
    assert_eq!(s.keys, ["b", "c"]);
    // A structured-field syntax error: the field is ignored.
    for v in [
        "params=(\"a\"",
        "params=(\"a\"),",
        "Params=(\"a\")",
        "params=(\"\u{e9}\")",
    ] {
        assert_eq!(shape(&parse(v)), default_shape(), "{v}");
        assert!(
            matches!(
                Config::parse_checked(v.as_bytes()),
                Err(NvsError::Syntax(_))
            ),
            "{v}"
        );
    }
    // An empty field value is an empty dictionary: the default.
    assert_eq!(shape(&parse("")), default_shape());
}
