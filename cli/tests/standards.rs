//! The standards tools through the tool: `resolve` (RFC 3986 and
//! browser-style), `rfc3986-split`, `webcapture`, `relative` and
//! `normalize`, and doc/behaviour.md's table of the differences between the
//! browser URL draft and the WHATWG Standard.
//!
//! Expected outputs are worked out by hand from RFC 3986, the Web Capture
//! steps and doc/behaviour.md, not captured from the tool.

use crate::common::{check, ok, run, run_stdin, text, usage_error};

#[test]
fn resolve_rfc3986_examples() {
    // RFC 3986 section 5.4: normal and abnormal examples.
    let base = "http://a/b/c/d;p?q";
    let cases = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("", "http://a/b/c/d;p?q"),
        ("..", "http://a/b/"),
        ("../..", "http://a/"),
        ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        ("./g/.", "http://a/b/c/g/"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ];
    let mut args = vec!["resolve", base];
    let mut expected = String::new();
    for (r, t) in cases {
        args.push(r);
        expected.push_str(t);
        expected.push('\n');
    }
    check(&args, expected.as_bytes());
}

#[test]
fn resolve_error_is_reported_and_run_goes_on() {
    // A base without a scheme cannot resolve a relative reference.
    let out = run(&["resolve", "b/c", "d", "e"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"\n\n");
    let err = text(&out.stderr);
    assert!(err.starts_with("wwwurl: argument 1: "), "{err}");
    assert!(err.contains("wwwurl: argument 2: "), "{err}");
}

#[test]
fn rfc3986_split_components() {
    check(
        &["rfc3986-split", "http://user:pw@[::1]:8080/p/q?x=1#f", "a?"],
        b"scheme: http\n\
          authority: user:pw@[::1]:8080\n\
          userinfo: user:pw\n\
          user: user\n\
          password: pw\n\
          host: [::1]\n\
          port: 8080\n\
          path: /p/q\n\
          query: x=1\n\
          fragment: f\n\
          \n\
          scheme: (absent)\n\
          authority: (absent)\n\
          userinfo: (absent)\n\
          user: (absent)\n\
          password: (absent)\n\
          host: (absent)\n\
          port: (absent)\n\
          path: a\n\
          query: \n\
          fragment: (absent)\n",
    );
}

#[test]
fn rfc3986_split_browser() {
    // The components of the URL the WHATWG parser makes: trimmed, `\` read
    // as `/` in a special URL, the default port gone, the host serialised.
    check(
        &[
            "rfc3986-split",
            "--browser",
            " http://u@h\\p;x ",
            "HTTP://:pw@[0:0::1]:80/a?#",
            "mailto:a@b?s#f",
            "file:///etc",
            "sc://H:8/p",
        ],
        b"scheme: http\n\
          authority: u@h\n\
          userinfo: u\n\
          user: u\n\
          password: (absent)\n\
          host: h\n\
          port: (absent)\n\
          path: /p;x\n\
          query: (absent)\n\
          fragment: (absent)\n\
          \n\
          scheme: http\n\
          authority: :pw@[::1]\n\
          userinfo: :pw\n\
          user: \n\
          password: pw\n\
          host: [::1]\n\
          port: (absent)\n\
          path: /a\n\
          query: \n\
          fragment: \n\
          \n\
          scheme: mailto\n\
          authority: (absent)\n\
          userinfo: (absent)\n\
          user: (absent)\n\
          password: (absent)\n\
          host: (absent)\n\
          port: (absent)\n\
          path: a@b\n\
          query: s\n\
          fragment: f\n\
          \n\
          scheme: file\n\
          authority: \n\
          userinfo: (absent)\n\
          user: (absent)\n\
          password: (absent)\n\
          host: \n\
          port: (absent)\n\
          path: /etc\n\
          query: (absent)\n\
          fragment: (absent)\n\
          \n\
          scheme: sc\n\
          authority: H:8\n\
          userinfo: (absent)\n\
          user: (absent)\n\
          password: (absent)\n\
          host: H\n\
          port: 8\n\
          path: /p\n\
          query: (absent)\n\
          fragment: (absent)\n",
    );
    // A relative reference, or a URL that does not parse, gives no block.
    let out = run(&["rfc3986-split", "--browser", "g", "http://h:x/", "a:b"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "scheme: a\n\
         authority: (absent)\n\
         userinfo: (absent)\n\
         user: (absent)\n\
         password: (absent)\n\
         host: (absent)\n\
         port: (absent)\n\
         path: b\n\
         query: (absent)\n\
         fragment: (absent)\n"
    );
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 1: relative URL without a base\n\
         wwwurl: argument 2: invalid port\n"
    );
}

#[test]
fn webcapture_canonical_form() {
    check(
        &[
            "webcapture",
            "HTTP://WWW.Example.COM:80/a/./b/../c#frag",
            "FTP://H:21/x/%7e",
            "file://localhost/etc/x",
            "http://h:8080/",
        ],
        b"http://www.example.com/a/c\n\
          ftp://h/x/%7e\n\
          file:///etc/x\n\
          http://h:8080/\n",
    );
    check(
        &["webcapture", "--base", "http://a/b/c", "g", "../h"],
        b"http://a/b/g\nhttp://a/h\n",
    );
}

#[test]
fn webcapture_errors_are_per_input() {
    let out = run(&["webcapture", "g", "HTTP://H/", "mailto:x@y"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "\nhttp://h/\n\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 1: relative URL without a base\n\
         wwwurl: argument 3: scheme is not http, https, ftp or file\n"
    );
}

#[test]
fn relative_shortest_references() {
    check(
        &[
            "relative",
            "http://a/b/c/d;p?q",
            "http://a/b/c/g",
            "http://a/b/g",
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?y",
            "http://x/y",
            "ftp://a/b",
            "g/../h",
        ],
        b"g\n../g\n\n?y\n//x/y\nftp://a/b\nh\n",
    );
    let out = run(&["relative", "no/scheme", "http://a/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"\n");
    let help = text(&ok(run(&["relative", "--help"])));
    assert!(help.contains("Exit status"), "{help}");
    assert!(text(&ok(run(&["--help"]))).contains("relative"));
}

#[test]
fn normalize_components() {
    check(
        &[
            "normalize",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "HTTP://Ex.COM:80",
            "../a/./%7e",
        ],
        b"example://a/b/c/%7Bfoo%7D\nhttp://ex.com:80\n../a/./~\n",
    );
    check(
        &[
            "normalize",
            "--scheme-based",
            "HTTP://Ex.COM:80",
            "https://h:/x",
        ],
        b"http://ex.com/\nhttps://h/x\n",
    );
    check(
        &[
            "normalize",
            "--only",
            "scheme,query",
            "HTTP://Ex.COM/%7e?%7e#%7e",
        ],
        b"http://Ex.COM/%7e?~#%7e\n",
    );
    usage_error(&["normalize", "--only", "port", "x"]);
    assert!(text(&ok(run(&["normalize", "--help"]))).contains("Exit status"));
}

#[test]
fn resolve_browser() {
    check(
        &[
            "resolve",
            "--browser",
            "http://a/b/c/d;p?q",
            "http:g",
            "\\\\h\\x",
            " ../g ",
            "?y",
        ],
        b"http://a/b/c/g\nhttp://h/x\nhttp://a/b/g\nhttp://a/b/c/d;p?y\n",
    );
    // Strict RFC 3986 keeps `http:g` as it is.
    check(&["resolve", "http://a/b/c/d;p?q", "http:g"], b"http:g\n");
    let out = run(&["resolve", "--browser", "mailto:a@b", "c", "#f"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"\nmailto:a@b#f\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 1: relative URL without a base\n"
    );
}

#[test]
fn resolve_browser_is_the_whatwg_parser() {
    // The href of `new URL(REF, BASE)`: hosts, ports, percent-encoding and
    // dot segments as the Standard has them, which the 2010 draft left
    // alone.
    check(
        &[
            "resolve",
            "--browser",
            "http://a/b/c/d;p?q",
            "HTTP://EX.com:80/%7e/./x y",
            "//[0:0::1]:8080",
            "../../../g",
            "/a/%2e%2E/b",
            "\tg\n?x y",
            "https://0x7f.1/",
            "file:c:/x",
            "HTTP://Ex%41mple.com/",
        ],
        b"http://ex.com/%7e/x%20y\n\
          http://[::1]:8080/\n\
          http://a/g\n\
          http://a/b\n\
          http://a/b/c/g?x%20y\n\
          https://127.0.0.1/\n\
          file:///c:/x\n\
          http://example.com/\n",
    );
    // Each failure is reported, and the run goes on.
    let out = run(&["resolve", "--browser", "http://a/", "http://h:99999/", "b"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "\nhttp://a/b\n");
    assert_eq!(text(&out.stderr), "wwwurl: argument 1: invalid port\n");
    // A base that does not parse fails every reference.
    let out = run(&["resolve", "--browser", "no base", "g", "http://h/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"\n\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 1: the base URL does not parse: relative URL without a base\n\
         wwwurl: argument 2: the base URL does not parse: relative URL without a base\n"
    );
}

/// The bytes of a code span of doc/behaviour.md: `\t`, `\n` and `\xHH`
/// are single bytes there (its "Examples" convention).
fn doc_bytes(span: &str) -> Vec<u8> {
    let b = span.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'\\', Some(b't')) => out.push(b'\t'),
            (b'\\', Some(b'n')) => out.push(b'\n'),
            (b'\\', Some(b'x')) if b.len() >= i + 4 => {
                let hex = std::str::from_utf8(&b[i + 2..i + 4]).unwrap();
                let byte = u8::from_str_radix(hex, 16);
                out.push(byte.unwrap_or_else(|_| panic!("`\\x{hex}` in {span}")));
                i += 2;
            }
            (c, _) => {
                out.push(c);
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    out
}

/// The first code span of a table cell.
fn first_span(cell: &str) -> Option<&str> {
    let start = cell.find('`')? + 1;
    let len = cell[start..].find('`')?;
    Some(&cell[start..start + len])
}

#[test]
fn behaviour_md_draft_and_standard_table_holds() {
    // Every row of doc/behaviour.md's table of the differences between the
    // 2010 draft and the WHATWG Standard is what the code gives: the
    // draft's column from `browser::resolve`, the Standard's from the
    // WHATWG parser and from `wwwurl resolve --browser`.
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../doc/behaviour.md"))
        .unwrap();
    let section = doc
        .split("\n## Browser-style parsing: the 2010 draft and the WHATWG Standard\n")
        .nth(1)
        .expect("doc/behaviour.md has the section on the draft and the Standard");
    let section = section.split("\n## ").next().unwrap();
    let mut rows = 0;
    for line in section.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        assert_eq!(cells.len(), 4, "{line}");
        if cells[0] == "Class" {
            continue;
        }
        let input = if cells[1].starts_with("the empty string") {
            Vec::new()
        } else {
            doc_bytes(first_span(cells[1]).unwrap())
        };
        let base = match cells[1].split_once(" against ") {
            Some((_, b)) => doc_bytes(first_span(b).unwrap()),
            None => b"http://a/b/c/d;p?q".to_vec(),
        };
        let expect = |cell: &str| -> Option<Vec<u8>> {
            if cell.starts_with("fails") {
                None
            } else {
                Some(doc_bytes(first_span(cell).unwrap()))
            }
        };
        let mut draft = wwwurl::bytes::buf::Buf::new();
        let got = wwwurl::rfc3986::browser::resolve(&base, &input, &mut draft)
            .ok()
            .map(|()| draft.into_vec());
        assert_eq!(got, expect(cells[2]), "the draft's column: {line}");
        let standard = expect(cells[3]);
        let got = wwwurl::whatwg::parse_with_base(&input, Some(&base))
            .ok()
            .map(|u| u.href().to_vec());
        assert_eq!(got, standard, "the Standard's column: {line}");
        // The tool: a NUL byte cannot be an argument, so that input comes
        // on standard input (it has no line end).
        let out = if input.contains(&0) {
            assert!(!input.contains(&b'\n'));
            let mut line = input.clone();
            line.push(b'\n');
            run_stdin(&[&b"resolve"[..], b"--browser", &base], &line)
        } else {
            run(&[&b"resolve"[..], b"--browser", &base, &input])
        };
        let mut line = standard.clone().unwrap_or_default();
        line.push(b'\n');
        assert_eq!(out.stdout, line, "wwwurl resolve --browser: {line:?}");
        assert_eq!(
            out.status.code(),
            Some(if standard.is_some() { 0 } else { 1 })
        );
        rows += 1;
    }
    assert!(rows >= 25, "only {rows} rows");
}
