//! `nvs`: No-Vary-Search cache keys through the tool, the equivalence
//! of two URLs, malformed headers and inputs taken as they are.

use crate::common::{check, check_failed, ok, run, run_stdin, text, usage_error};

#[test]
fn nvs_keys_of_the_draft_examples() {
    // Introduction: the three header examples.
    check(
        &[
            "nvs",
            r#"params=("utm_source" "utm_medium" "utm_campaign")"#,
            "https://a.example/p?id=3&utm_source=mail&utm_campaign=x",
            "https://a.example/p?id=3",
            "https://a.example/p?b&a",
        ],
        b"https://a.example/p?id=3\nhttps://a.example/p?id=3\nhttps://a.example/p?b=&a=\n",
    );
    check(
        &[
            "nvs",
            r#"except=("productId")"#,
            "https://shop.example/item?productId=7&ref=home",
            "https://shop.example/item?session=9&productId=7",
        ],
        b"https://shop.example/item?productId=7\nhttps://shop.example/item?productId=7\n",
    );
    check(
        &["nvs", "key-order", "https://a.example/p?y=2&x=1&x=0"],
        b"https://a.example/p?x=1&x=0&y=2\n",
    );
    // `except=()`: no parameter varies.
    check(
        &["nvs", "except=()", "https://a.example/?q=1"],
        b"https://a.example/\n",
    );
    // "Parse a key": the key `%C3%A9+%E6%B0%97` is "é 気", however written.
    check(
        &[
            "nvs",
            r#"params=("%C3%A9+%E6%B0%97")"#,
            "https://example.com/?\u{e9} \u{6c17}=1",
            "https://example.com/?%C3%A9+%E6%B0%97=4",
            "https://example.com/?%C3%A9%20%E6%B0%97=2&x",
        ],
        b"https://example.com/\nhttps://example.com/\nhttps://example.com/?x=\n",
    );
    // "Comparing", under `key-order`: each pair of the table has one key.
    let rows = [
        (
            "https://example.com/a",
            "https://example.com/a?",
            "https://example.com/a",
        ),
        (
            "https://e.example/?a=x",
            "https://e.example/?%61=%78",
            "https://e.example/?a=x",
        ),
        (
            "https://e.example/?a=\u{e9}",
            "https://e.example/?a=%C3%A9",
            "https://e.example/?a=%C3%A9",
        ),
        (
            "https://e.example/?a=%f6",
            "https://e.example/?a=%ef%bf%bd",
            "https://e.example/?a=%EF%BF%BD",
        ),
        (
            "https://e.example/?a=x&&&&",
            "https://e.example/?a=x",
            "https://e.example/?a=x",
        ),
        (
            "https://e.example/?a=",
            "https://e.example/?a",
            "https://e.example/?a=",
        ),
        (
            "https://e.example/?a=%20",
            "https://e.example/?a= &",
            "https://e.example/?a=+",
        ),
        (
            "https://e.example/?a=+",
            "https://e.example/?a= &",
            "https://e.example/?a=+",
        ),
    ];
    for (a, b, key) in rows {
        check(
            &["nvs", "key-order", a, b],
            format!("{key}\n{key}\n").as_bytes(),
        );
        // Under the default config, each pair differs, taken as the table
        // writes them (parsed, `a=\u{e9}` would be `a=%C3%A9`).
        let out = ok(run(&["nvs", "", "--as-is", a, b]));
        let keys: Vec<&[u8]> = out.split(|&c| c == b'\n').collect();
        assert_ne!(keys[0], keys[1], "{a} / {b}");
    }
    // The default config keeps the query as it is, `?` included; no key has
    // the fragment.
    check(
        &[
            "nvs",
            "key-order=?0",
            "https://example.com/foo?a=b&&&c#x",
            "https://example.com/a?",
            "https://example.com/a#f",
        ],
        b"https://example.com/foo?a=b&&&c\nhttps://example.com/a?\nhttps://example.com/a\n",
    );
}

#[test]
fn nvs_equivalent_answers_by_exit_status() {
    let eq = |args: &[&str]| -> Option<i32> {
        let out = run(args);
        assert!(out.stdout.is_empty(), "{args:?}");
        out.status.code()
    };
    let (a, b) = ("https://a.example/p?x=1&y=2", "https://a.example/p?y=2&x=1");
    assert_eq!(eq(&["nvs", "key-order", "--equivalent", a, b]), Some(0));
    assert_eq!(eq(&["nvs", "", "--equivalent", a, b]), Some(1));
    assert_eq!(
        eq(&[
            "nvs",
            "key-order",
            "--equivalent",
            "https://a.example/p?x=1&x=2",
            "https://a.example/p?x=2&x=1"
        ]),
        Some(1)
    );
    assert_eq!(
        eq(&[
            "nvs",
            "key-order",
            "--equivalent",
            "https://a.example/p?x=1",
            "https://a.example/p?x=1&y=2"
        ]),
        Some(1)
    );
    // Parsed first, unless --as-is: `HTTPS://A.example` is `https://a.example`.
    let upper = "HTTPS://A.example/p?y=2&x=1";
    assert_eq!(eq(&["nvs", "key-order", "--equivalent", a, upper]), Some(0));
    assert_eq!(
        eq(&["nvs", "key-order", "--as-is", "--equivalent", a, upper]),
        Some(1)
    );
    // A URL that does not parse is bad usage.
    let err = usage_error(&["nvs", "key-order", "--equivalent", a, "rel"]);
    assert!(
        err.contains("--equivalent: \"rel\" does not parse as a URL: relative URL without a base"),
        "{err}"
    );
    // --equivalent takes the place of the inputs.
    usage_error(&["nvs", "key-order", "--equivalent", a, b, "https://c/"]);
    usage_error(&["nvs", "key-order", "--equivalent", a]);
}

#[test]
fn nvs_malformed_header_warns_and_goes_on() {
    let url = "https://a.example/?b=2&a=1#f";
    // The draft's invalid inputs: each gives the default config.
    for (header, why) in [
        (r#"key-order="not a boolean""#, "key-order is not a boolean"),
        (
            r#"params="not an inner list""#,
            "params or except is not an inner list",
        ),
        (
            "params=(not-a-string)",
            "an item of params or except is not a string",
        ),
        ("params=?1", "params or except is not an inner list"),
        (
            r#"params=("a"), except=("x")"#,
            "both params and except are present",
        ),
        ("except=?1", "params or except is not an inner list"),
        ("params=(\"a\"", "not a structured dictionary (at byte 11)"),
    ] {
        let out = run(&["nvs", header, url]);
        assert_eq!(out.status.code(), Some(0), "{header}");
        assert_eq!(
            text(&out.stdout),
            "https://a.example/?b=2&a=1\n",
            "{header}"
        );
        assert_eq!(
            text(&out.stderr),
            format!(
                "wwwurl: warning: the No-Vary-Search value \"{header}\" is malformed: {why}; \
                 it counts as absent, and every query is compared as it is\n"
            ),
            "{header}"
        );
        // --strict: bad usage, nothing printed.
        let err = usage_error(&["nvs", "--strict", header, url]);
        assert!(err.contains(why), "{err}");
    }
    // Once per run, whatever the number of inputs.
    let out = run_stdin(&["nvs", "params=?1"], b"https://a/?x\nhttps://b/\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "https://a/?x\nhttps://b/\n");
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn nvs_inputs_as_is_and_failures() {
    check(
        &[
            "nvs",
            "key-order",
            "--as-is",
            "HTTPS://A/p?b=1&a=2#f",
            "no url?b&a",
        ],
        b"HTTPS://A/p?a=2&b=1\nno url?a=&b=\n",
    );
    check(
        &["nvs", "key-order", "HTTPS://A/p?b=1&a=2#f"],
        b"https://a/p?a=2&b=1\n",
    );
    check_failed(
        &["nvs", "key-order", "rel?b&a", "https://h/?b&a"],
        "\nhttps://h/?a=&b=\n",
        "wwwurl: argument 1: relative URL without a base\n",
    );
    let out = run_stdin(
        &["nvs", r#"params=("utm_source")"#],
        b"https://h/?utm_source=1&q\n",
    );
    assert_eq!(text(&ok(out)), "https://h/?q=\n");
    usage_error(&["nvs"]);
}
