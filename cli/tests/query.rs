//! The `query` subcommands: reading the parameters of a query, and
//! rewriting them without changing any other byte.

use crate::common::{check, ok, run_stdin, text, usage_error};

/// A URL whose query has a `%20`, a `,` and a `+` in parameters that most
/// operations leave alone, a parameter without `=`, and a fragment with a
/// `?`.
const Q_URL: &str = "http://h/p?a=%20&b=1,2&c=x+y&a=2&utm_source=z&d#frag?x";

#[test]
fn query_get_and_count() {
    check(&["query", "get", "a", Q_URL], b" \n");
    check(&["query", "get", "c", Q_URL], b"x y\n");
    check(&["query", "get", "--all", "a", Q_URL], b" \t2\n");
    check(
        &["query", "get", "--all", "--verbatim", "a", Q_URL],
        b"%20\t2\n",
    );
    // No such parameter, no query, a parameter without `=`, a `?` that is
    // the fragment's.
    check(
        &[
            "query",
            "get",
            "d",
            Q_URL,
            "http://h/",
            "http://h/?dd=1",
            "http://h/#x?d=1",
        ],
        b"\n\n\n\n",
    );
    // Names compare decoded.
    check(
        &[
            "query",
            "get",
            "--all",
            "a b",
            "http://h/?a+b=1&a%20b=2&ab=3",
        ],
        b"1\t2\n",
    );
    // A TAB in a value is escaped, the TAB between values is not.
    check(
        &["query", "get", "--all", "t", "http://h/?t=a%09b&t=c%0A"],
        b"a%09b\tc%0A\n",
    );
    check(
        &[
            "--raw",
            "query",
            "get",
            "--all",
            "t",
            "http://h/?t=a%09b&t=c",
        ],
        b"a\tb\tc\n",
    );
    check(
        &["query", "count", Q_URL, "http://h/", "http://h/?&&"],
        b"6\n0\n0\n",
    );
    check(
        &["query", "count", "--name", "a", Q_URL, "http://h/?%61&b"],
        b"2\n1\n",
    );
    usage_error(&["query", "get"]);
}

#[test]
fn query_rewrites_keep_every_other_byte() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["set", "a=new"],
            "http://h/p?a=new&b=1,2&c=x+y&utm_source=z&d#frag?x",
        ),
        (
            &["set", "e=v w"],
            "http://h/p?a=%20&b=1,2&c=x+y&a=2&utm_source=z&d&e=v+w#frag?x",
        ),
        (
            &["set", "--verbatim", "a=%41"],
            "http://h/p?a=%41&b=1,2&c=x+y&utm_source=z&d#frag?x",
        ),
        // The value it has already: nothing changes.
        (&["set", "b=1,2"], Q_URL),
        (
            &["append", "n m=\u{e9}"],
            "http://h/p?a=%20&b=1,2&c=x+y&a=2&utm_source=z&d&n+m=%C3%A9#frag?x",
        ),
        (
            &["append", "--verbatim", "a=%2C"],
            "http://h/p?a=%20&b=1,2&c=x+y&a=2&utm_source=z&d&a=%2C#frag?x",
        ),
        (
            &["delete", "a"],
            "http://h/p?b=1,2&c=x+y&utm_source=z&d#frag?x",
        ),
        (
            &["delete", "a=2"],
            "http://h/p?a=%20&b=1,2&c=x+y&utm_source=z&d#frag?x",
        ),
        (&["delete", "a=3"], Q_URL),
        (
            &["sort"],
            "http://h/p?a=%20&a=2&b=1,2&c=x+y&d&utm_source=z#frag?x",
        ),
        (
            &["strip", "--prefix", "utm_", "--name", "d"],
            "http://h/p?a=%20&b=1,2&c=x+y&a=2#frag?x",
        ),
        (&["strip", "--name", "zz"], Q_URL),
        (&["keep", "--name", "b"], "http://h/p?b=1,2#frag?x"),
        (
            &["keep", "--prefix", "utm", "--name", "c"],
            "http://h/p?c=x+y&utm_source=z#frag?x",
        ),
        // Nothing kept: the query goes with its `?`.
        (&["keep", "--name", "zz"], "http://h/p#frag?x"),
    ];
    for (args, expected) in cases {
        let args = [&["query"][..], args, &[Q_URL]].concat();
        check(&args, format!("{expected}\n").as_bytes());
    }
}

#[test]
fn query_edges_of_the_query() {
    // A URL without a query gets one before its fragment; a `?` after the
    // `#` is the fragment's.
    check(
        &[
            "query",
            "set",
            "e=1",
            "http://h/",
            "http://h/#f",
            "http://h/p#f?a=1",
        ],
        b"http://h/?e=1\nhttp://h/?e=1#f\nhttp://h/p?e=1#f?a=1\n",
    );
    // A query emptied goes with its `?`; one left unchanged keeps its
    // bytes, empty pieces and a lone `?` included.
    check(
        &[
            "query",
            "delete",
            "a",
            "http://h/?a=1#f",
            "http://h/?",
            "http://h/?&&",
            "http://h/?a&&b",
        ],
        b"http://h/#f\nhttp://h/?\nhttp://h/?&&\nhttp://h/?b\n",
    );
    check(
        &["query", "sort", "http://h/?a&&b&", "http://h/?b&&a&"],
        b"http://h/?a&&b&\nhttp://h/?a&b\n",
    );
    // Nothing but the query is looked at: a string that is no URL works
    // the same.
    check(&["query", "sort", "x y?b&a"], b"x y?a&b\n");
    // --query-only: the whole input (less a leading `?`) is the query.
    check(
        &[
            "query",
            "sort",
            "--query-only",
            "?b&a",
            "b=1&a=%20",
            "c#d&a",
        ],
        b"?a&b\na=%20&b=1\na&c#d\n",
    );
    check(
        &["query", "delete", "--query-only", "a", "?a=1", "a", "b"],
        b"\n\nb\n",
    );
    check(&["query", "get", "--query-only", "q", "?q=%2B+"], b"+ \n");
    // Standard input, one URL a line.
    let out = run_stdin(
        &["query", "strip", "--prefix", "utm_"],
        b"http://h/?utm_a=1&x=%20\n\nhttp://h/\r\n",
    );
    assert_eq!(text(&ok(out)), "http://h/?x=%20\n\nhttp://h/\n");
    // Bad usage.
    let err = usage_error(&["query", "set", "a", "http://h/"]);
    assert!(err.contains("expected NAME=VALUE"), "{err}");
    usage_error(&["query", "append", "a", "http://h/"]);
    usage_error(&["query", "strip", "http://h/"]);
    usage_error(&["query", "keep", "http://h/"]);
    usage_error(&["query", "frobnicate"]);
}
