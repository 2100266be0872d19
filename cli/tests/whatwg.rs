//! `whatwg`: the URL Standard's parser, serialiser, attributes and setters
//! through the tool, its failures and --jobs.

use crate::common::{check, check_failed, ok, run, run_stdin, text, usage_error};
use wwwurl::whatwg::Attribute;

#[test]
fn whatwg_serialises_as_the_standard_says() {
    check(
        &[
            &b"whatwg"[..],
            b"HTTP://Ex%41mple.COM:80/a/../b c?x y#z",
            "https://Bücher.example/".as_bytes(),
            b"http://0x7f.1/",
            b"http://[0:0::1]:8080",
            b"mailto:A@B?Subject=a b",
            b" \t http://h/a\tb\n ",
            b"http://h/\xff",
            b"file:///C:/x/../y",
            b"http://h/a/%2e%2E/b",
            b"sc://H/%7e",
        ],
        b"http://example.com/b%20c?x%20y#z\n\
          https://xn--bcher-kva.example/\n\
          http://127.0.0.1/\n\
          http://[::1]:8080/\n\
          mailto:A@B?Subject=a%20b\n\
          http://h/ab\n\
          http://h/%EF%BF%BD\n\
          file:///C:/y\n\
          http://h/b\n\
          sc://H/%7e\n",
    );
}

#[test]
fn whatwg_failures_give_empty_lines_and_status_1() {
    check_failed(
        &[
            "whatwg",
            "foo",
            "http://exa mple/",
            "http://h:99999/",
            "http://",
            "http://ok/",
        ],
        "\n\n\n\nhttp://ok/\n",
        "wwwurl: argument 1: relative URL without a base\n\
         wwwurl: argument 2: invalid host\n\
         wwwurl: argument 3: invalid port\n\
         wwwurl: argument 4: host missing\n",
    );
    // Standard input, line by line, as every subcommand reads it.
    let out = run_stdin(&["whatwg"], b"http://A/\nfoo\nhttp://b/\r\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "http://a/\n\nhttp://b/\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: line 2: relative URL without a base\n"
    );
}

#[test]
fn whatwg_base() {
    check(
        &[
            "whatwg",
            "--base",
            "http://a/b/c?q",
            "../d",
            "//x/y",
            "?z",
            "mailto:m",
        ],
        b"http://a/d\nhttp://x/y\nhttp://a/b/c?z\nmailto:m\n",
    );
    // A base that does not parse is bad usage, before any input is read.
    for base in ["nope", "http://h:x/"] {
        let err = usage_error(&["whatwg", "--base", base, "http://h/"]);
        assert!(
            err.contains(&format!("--base: \"{base}\" does not parse as a URL")),
            "{err}"
        );
    }
    let out = run_stdin(&["whatwg", "--base", "/rel"], b"http://h/\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn whatwg_get_attributes() {
    let url = "https://u:p@Ex.com:8443/a/b?q=1#f";
    let cases = [
        ("href", "https://u:p@ex.com:8443/a/b?q=1#f"),
        ("origin", "https://ex.com:8443"),
        ("protocol", "https:"),
        ("username", "u"),
        ("password", "p"),
        ("host", "ex.com:8443"),
        ("hostname", "ex.com"),
        ("port", "8443"),
        ("pathname", "/a/b"),
        ("search", "?q=1"),
        ("hash", "#f"),
    ];
    // By the names a script types, which are those of the core's table.
    let names: Vec<&str> = cases.iter().map(|c| c.0).collect();
    assert_eq!(names, Attribute::ALL.map(Attribute::name));
    for (part, value) in cases {
        check(
            &["whatwg", "--get", part, url],
            format!("{value}\n").as_bytes(),
        );
    }
    // Several, in the order given, comma-separated or repeated: one line
    // of TAB-separated fields.
    check(
        &["whatwg", "--get", "port,hostname", "--get", "hash", url],
        b"8443\tex.com\t#f\n",
    );
    // Empty attributes, and the origins of other schemes.
    check(
        &[
            "whatwg",
            "--get",
            "origin,port,search,hash,username",
            "http://h/?#",
            "file:///x",
            "blob:https://a.example:443/id",
            "mailto:x",
        ],
        b"http://h\t\t\t\t\n\
          null\t\t\t\t\n\
          https://a.example\t\t\t\t\n\
          null\t\t\t\t\n",
    );
    usage_error(&["whatwg", "--get", "scheme", url]);
}

#[test]
fn whatwg_setters_apply_in_order() {
    check(
        &[
            "whatwg",
            "--set",
            "pathname=/a b",
            "--set",
            "search=?x=1",
            "--set",
            "hash=top",
            "--set",
            "username=u s",
            "http://h/",
        ],
        b"http://u%20s@h/a%20b?x=1#top\n",
    );
    check(
        &[
            "whatwg",
            "--set",
            "href=http://a/",
            "--set",
            "port=81",
            "http://h/",
        ],
        b"http://a:81/\n",
    );
    check(
        &[
            "whatwg",
            "--set",
            "port=81",
            "--set",
            "href=http://a/",
            "http://h/",
        ],
        b"http://a/\n",
    );
    // The new scheme's default port goes; an empty value removes a part.
    check(
        &["whatwg", "--set", "protocol=wss", "http://h:443/"],
        b"wss://h/\n",
    );
    check(
        &[
            "whatwg",
            "--set",
            "HOST=EX.com:81",
            "--set",
            "search=",
            "--set",
            "hash=",
            "http://h/?q#f",
        ],
        b"http://ex.com:81/\n",
    );
    // --set and --get together.
    check(
        &[
            "whatwg",
            "--set",
            "hostname=b.example",
            "--get",
            "origin",
            "https://a.example:8443/",
        ],
        b"https://b.example:8443\n",
    );
}

#[test]
fn whatwg_ignored_setter_values() {
    // A value the Standard ignores fails the input: an empty line, a
    // message, status 1; the other inputs go on.
    check_failed(
        &[
            "whatwg",
            "--set",
            "port=abc",
            "http://h/",
            "http://g:81/",
            "foo",
        ],
        "\n\n\n",
        "wwwurl: argument 1: port \"abc\" is ignored by the Standard's setter\n\
         wwwurl: argument 2: port \"abc\" is ignored by the Standard's setter\n\
         wwwurl: argument 3: relative URL without a base\n",
    );
    for (set, url) in [
        ("protocol=foo", "http://h/"),
        ("protocol=http", "foo://h/"),
        ("port=1", "file:///x"),
        ("username=u", "mailto:x"),
        ("pathname=x", "mailto:a"),
        ("host=", "http://h/"),
    ] {
        let (part, value) = set.split_once('=').unwrap();
        check_failed(
            &["whatwg", "--set", set, url],
            "\n",
            &format!(
                "wwwurl: argument 1: {part} \"{value}\" is ignored by the Standard's setter\n"
            ),
        );
        // --lenient: as browsers do, the URL unchanged and no message.
        let href = ok(run(&["whatwg", url]));
        check(&["whatwg", "--lenient", "--set", set, url], &href);
    }
    // The host set, its port ignored.
    check_failed(
        &["whatwg", "--set", "host=n:x", "http://h:81/"],
        "\n",
        "wwwurl: argument 1: host \"n:x\": the Standard's setter sets the host but ignores the port\n",
    );
    check(
        &["whatwg", "--lenient", "--set", "host=n:x", "http://h:81/"],
        b"http://n:81/\n",
    );
    // An href that does not parse fails with or without --lenient.
    for lenient in [&[][..], &["--lenient"]] {
        let args = [
            &["whatwg"][..],
            lenient,
            &["--set", "href=nope", "http://h/"],
        ]
        .concat();
        check_failed(
            &args,
            "\n",
            "wwwurl: argument 1: href \"nope\" does not parse: relative URL without a base\n",
        );
    }
    // Parts that have no setter, and malformed --set values.
    let err = usage_error(&["whatwg", "--set", "origin=x", "http://h/"]);
    assert!(
        err.contains(
            "unknown part `origin`: href, protocol, username, password, host, hostname, \
             port, pathname, search or hash"
        ),
        "{err}"
    );
    usage_error(&["whatwg", "--set", "port", "http://h/"]);
}

#[test]
fn whatwg_jobs_keep_the_order() {
    let mut input = Vec::new();
    let mut expected = Vec::new();
    for i in 0..20_000 {
        if i % 7 == 3 {
            input.extend_from_slice(format!("rel{i}\n").as_bytes());
            // A failed input is an empty line, whatever --get asks for.
            expected.push(b'\n');
        } else {
            input.extend_from_slice(format!("HTTP://H{i}.example:80/a/../b?q={i}\n").as_bytes());
            expected.extend_from_slice(format!("h{i}.example\t?q={i}\n").as_bytes());
        }
    }
    for jobs in ["1", "3"] {
        let out = run_stdin(&["whatwg", "-j", jobs, "--get", "hostname,search"], &input);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(text(&out.stdout), text(&expected), "{jobs} jobs");
        let err = text(&out.stderr);
        let failed = (0..20_000).filter(|i| i % 7 == 3).count();
        assert_eq!(err.lines().count(), failed, "{jobs} jobs");
        assert!(
            err.starts_with("wwwurl: line 4: relative URL without a base\n"),
            "{err}"
        );
    }
}
