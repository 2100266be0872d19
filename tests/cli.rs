//! The `wwwurl` command-line tool, run as a separate process: outputs,
//! standard input streaming, exit statuses and error reports.
//!
//! Expected outputs are worked out by hand from doc/behaviour.md, RFC 3986 and the
//! Web Capture steps, not captured from the tool.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Output, Stdio};

fn wwwurl<A: AsRef<[u8]>>(args: &[A]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wwwurl"));
    c.args(args.iter().map(|a| OsStr::from_bytes(a.as_ref())));
    c
}

/// Runs with `args`, standard input closed.
fn run<A: AsRef<[u8]>>(args: &[A]) -> Output {
    wwwurl(args)
        .stdin(Stdio::null())
        .output()
        .expect("run wwwurl")
}

/// Runs with `args`, feeding `input` on standard input.
fn run_stdin<A: AsRef<[u8]>>(args: &[A], input: &[u8]) -> Output {
    let mut child = wwwurl(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wwwurl");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A separate writer, so a large input cannot deadlock against the
    // child's full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait wwwurl");
    writer.join().unwrap();
    out
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Asserts a clean run (status 0, nothing on stderr) and gives stdout.
fn ok(out: Output) -> Vec<u8> {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    out.stdout
}

/// Asserts stdout of a clean run with `args` is `expected`.
fn check<A: AsRef<[u8]>>(args: &[A], expected: &[u8]) {
    let got = ok(run(args));
    assert_eq!(text(&got), text(expected), "args: {:?}", printable(args));
    assert_eq!(got, expected);
}

fn printable<A: AsRef<[u8]>>(args: &[A]) -> Vec<String> {
    args.iter().map(|a| text(a.as_ref())).collect()
}

/// Asserts a usage error: status 2 and a message on stderr.
fn usage_error<A: AsRef<[u8]>>(args: &[A]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "args: {:?}", printable(args));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("error"), "stderr: {err}");
    err
}

const SPLIT_FULL: &str = "\
name: http://www.foo.com:8080/a%20b?x=1&y
file: http://u:p@www.foo.com:8080/a%20b?x=1&y
proto: http
hostport: www.foo.com:8080
host: www.foo.com
port: 8080
path: /a%20b
args: x=1&y
user: u
pass: p
original_name: HTTP://WWW.foo.com:8080/a%20b?x=1&amp;y
original_path: /a%20b
original_args: x=1&amp;y
hostp: 7
pathp: 23
original_pathp: 23
";

const SPLIT_LOCAL: &str = "\
name: http://localhost:8080/x
file: http://localhost:8080/x
proto: http
hostport: localhost:8080
host: localhost
port: 8080
path: /x
args: (null)
user: (null)
pass: (null)
original_name: http://localhost:8080/x
original_path: /x
original_args: (null)
hostp: 7
pathp: 21
original_pathp: 21
";

#[test]
fn split_prints_every_field_and_separates_urls() {
    let expected = format!("{SPLIT_FULL}\n{SPLIT_LOCAL}");
    check(
        &[
            "split",
            "HTTP://u:p@WWW.foo.com:8080/a%20b?x=1&amp;y#frag",
            "/x",
        ],
        expected.as_bytes(),
    );
}

#[test]
fn split_default_port_and_no_user() {
    check(
        &["split", "http://WWW.Foo.COM:80/a/./b/../c?"],
        b"name: http://www.foo.com/a/c\n\
          file: http://www.foo.com/a/c\n\
          proto: http\n\
          hostport: www.foo.com\n\
          host: www.foo.com\n\
          port: -1\n\
          path: /a/c\n\
          args: (null)\n\
          user: (null)\n\
          pass: (null)\n\
          original_name: http://WWW.Foo.COM:80/a/./b/../c?\n\
          original_path: /a/./b/../c\n\
          original_args: \n\
          hostp: 7\n\
          pathp: 18\n\
          original_pathp: 21\n",
    );
}

#[test]
fn split_from_stdin_one_block_per_line() {
    let out = run_stdin(
        &["split"],
        b"HTTP://u:p@WWW.foo.com:8080/a%20b?x=1&amp;y\r\n/x\n",
    );
    assert_eq!(text(&ok(out)), format!("{SPLIT_FULL}\n{SPLIT_LOCAL}"));
}

#[test]
fn split_failed_line_gives_no_block() {
    let out = run_stdin(&["split"], b"/x\nbad\x00\n/x\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("{SPLIT_LOCAL}\n{SPLIT_LOCAL}"));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: line 2: contains a NUL byte, which would end the URL routines' C string\n"
    );
}

#[test]
fn canon_canonicalises() {
    check(
        &[
            "canon",
            "HTTP://WWW.Foo.COM:80/a/./b/../c",
            "https://H:443/",
            "https://h:80/",
            "ftp://u:p@ftp.x.org:21/pub/",
            "www.foo.com/x y",
            "http://1.2.3.4:8080",
        ],
        b"http://www.foo.com/a/c\n\
          https://h/\n\
          https://h:80/\n\
          ftp://ftp.x.org/pub/\n\
          http://www.foo.com/x%20y\n\
          http://1.2.3.4:8080/\n",
    );
}

#[test]
fn canon_unclosed_bracket_and_ports_mod_2_pow_32() {
    check(
        &[
            "canon",
            "http://[::1/x",
            "http://[fe80::1%25eth0]/x",
            "http://[:81/x",
            "http://1:4294967296/",
            "http://[::1]:4294967377/",
        ],
        b"http://[0:0:0:0:0:0:0:0]/x\n\
          http://[fe80:0:0:0:0:0:0:0]/x\n\
          http://[0:0:0:0:0:0:0:0]:81/x\n\
          http://0.0.0.1/\n\
          http://[0:0:0:0:0:0:0:1]:81/\n",
    );
}

#[test]
fn file_keeps_user_and_password() {
    check(
        &[
            "file",
            "http://us%40er:pa:ss@h/",
            "http://u@h/",
            "http://h/p",
        ],
        b"http://us%40er:pa%3Ass@h/\nhttp://u@h/\nhttp://h/p\n",
    );
}

#[test]
fn link_resolves_like_wwwoffle() {
    check(
        &[
            "link",
            "http://a/b/c/d;p?q",
            "../g",
            "g:h",
            "#s",
            "//x/y",
            "/z",
            "",
            "ftp://f/",
        ],
        b"http://a/b/g\n\
          http://a/b/c/g:h\n\
          http://a/b/c/d;p?q\n\
          http://x/y\n\
          http://a/z\n\
          http://a/b/c/d;p\n\
          ftp://f/\n",
    );
}

#[test]
fn link_reads_refs_from_stdin() {
    let out = run_stdin(&["link", "https://h:8443/d/p"], b"q\n../r\n");
    assert_eq!(ok(out), b"https://h:8443/d/q\nhttps://h:8443/r\n");
}

#[test]
fn cachefile_names_wwwoffle_spool_files() {
    // MakeHash values are base 64 of the MD5 of the canonical `file`.
    check(
        &[
            "cachefile",
            "HTTP://www.foo.com",
            "http://www.foo.com:8080/x",
            "http://u:p@h/",
        ],
        b"http/www.foo.com/DMwJM7GFg6vvScX45S1vCAQ\n\
          http/www.foo.com:8080/DSNmqwmwpJ9s0wtbmiwmwmQ\n\
          http/h/D9Llzdx7dM5407ikdsIz-Hw\n",
    );
    check(
        &["cachefile", "--prefix", "U", "http://www.foo.com/"],
        b"http/www.foo.com/UMwJM7GFg6vvScX45S1vCAQ\n",
    );
}

#[test]
fn hash_is_make_hash() {
    check(
        &["hash", "", "http://www.foo.com/"],
        b"1B2M2Y8AsgTpgAmY7PhCfg\nMwJM7GFg6vvScX45S1vCAQ\n",
    );
}

#[test]
fn encode_each_codec() {
    check(&["encode", "--path", "a b/~%?"], b"a%20b/~%25%3F\n");
    check(&["encode", "--form", "a b+|&="], b"a+b%2B|%26%3D\n");
    check(&["encode", "--password", "u:p@/"], b"u%3Ap%40%2F\n");
    check(&["encode", "--recode", "%7e%20%2b%zz%"], b"~+%2B%ZZ%25\n");
}

#[test]
fn decode_generic_and_form() {
    check(&["decode", "a+b%41%4", "%%41"], b"a+bA%4\n\x041\n");
    check(&["decode", "--form", "a+b%2B"], b"a b+\n");
    // The C routine's string ends at a decoded NUL.
    check(&["decode", "x%00y"], b"x\n");
}

#[test]
fn non_utf8_bytes_pass_through() {
    check(
        &[&b"canon"[..], b"http://h/\xe9?\xff"],
        b"http://h/%E9?%FF\n",
    );
    check(
        &[&b"encode"[..], b"--form", b"\xc3\xa9 \x80"],
        b"%C3%A9+%80\n",
    );
    check(&[&b"decode"[..], b"\xff%FE%41"], b"\xff\xfeA\n");
    let out = run_stdin(&["decode"], b"\xfe\xff\n%E9\n");
    assert_eq!(ok(out), b"\xfe\xff\n\xe9\n");
    check(
        &[&b"rfc3986-split"[..], b"http://h/\xfe\xff?\xe9"],
        b"scheme: http\nauthority: h\nuserinfo: (absent)\nuser: (absent)\n\
          password: (absent)\nhost: h\nport: (absent)\npath: /\xfe\xff\n\
          query: \xe9\nfragment: (absent)\n",
    );
}

#[test]
fn compat_29h_keeps_amp_in_args() {
    let url = "http://a/b?x=1&amp;y=2&AMP;z";
    check(&["canon", url], b"http://a/b?x=1&y=2&z\n");
    check(
        &["--compat", "2.9", "canon", url],
        b"http://a/b?x=1&y=2&z\n",
    );
    check(
        &["--compat", "2.9h", "canon", url],
        b"http://a/b?x=1&amp;y=2&AMP;z\n",
    );
    // A global option may also follow the subcommand.
    check(
        &["canon", "--compat", "2.9h", url],
        b"http://a/b?x=1&amp;y=2&AMP;z\n",
    );
    let split = |compat: &str| text(&ok(run(&["--compat", compat, "split", url])));
    assert!(split("2.9").contains("\nargs: x=1&y=2&z\n"));
    assert!(split("2.9h").contains("\nargs: x=1&amp;y=2&AMP;z\n"));
    // The original args are as split in both.
    assert!(split("2.9").contains("\noriginal_args: x=1&amp;y=2&AMP;z\n"));
}

#[test]
fn local_host_for_local_urls() {
    check(
        &["canon", "/foo", "http:///bar"],
        b"http://localhost:8080/foo\nhttp://localhost:8080/bar\n",
    );
    check(
        &[
            "--local-host",
            "proxy:3128",
            "canon",
            "/foo",
            "http:///bar",
            "http://h/",
        ],
        b"http://proxy:3128/foo\nhttp://proxy:3128/bar\nhttp://h/\n",
    );
    check(
        &["cachefile", "--local-host", "www.foo.com", "/"],
        b"http/www.foo.com/DMwJM7GFg6vvScX45S1vCAQ\n",
    );
    let err = usage_error(&["--local-host", "a b", "canon", "/"]);
    assert!(err.contains("--local-host"), "{err}");
    usage_error(&["--local-host", "", "canon", "/"]);
}

#[test]
fn stdin_good_and_bad_lines() {
    let mut input = b"HTTP://A/b/../c\r\n".to_vec();
    input.resize(input.len() + (1 << 20) + 1, b'x');
    input.extend_from_slice(b"\nhttp://b/\x00\n\nwww.c.org:80/d\n");
    let out = run_stdin(&["canon"], &input);
    assert_eq!(out.status.code(), Some(1));
    // One output line per input line, empty for the failed ones.
    assert_eq!(
        text(&out.stdout),
        "http://a/c\n\n\nhttp://localhost:8080/\nhttp://www.c.org/d\n"
    );
    assert_eq!(
        text(&out.stderr),
        "wwwurl: line 2: longer than the maximum of 1 MiB (1048577 bytes)\n\
         wwwurl: line 3: contains a NUL byte, which would end the URL routines' C string\n"
    );
}

#[test]
fn stdin_longest_line_is_accepted() {
    let mut input = b"http://h/".to_vec();
    input.resize(1 << 20, b'a');
    input.extend_from_slice(b"\r\n");
    let out = run_stdin(&["canon"], &input);
    let got = ok(out);
    assert_eq!(got.len(), (1 << 20) + 1);
    assert_eq!(&got[..12], b"http://h/aaa");
}

#[test]
fn stdin_last_line_without_newline_and_empty_input() {
    assert_eq!(
        ok(run_stdin(&["hash"], b"\nhttp://www.foo.com/")),
        b"1B2M2Y8AsgTpgAmY7PhCfg\nMwJM7GFg6vvScX45S1vCAQ\n"
    );
    assert_eq!(ok(run_stdin(&["canon"], b"")), b"");
    assert_eq!(ok(run(&["canon"])), b"");
}

#[test]
fn stdin_for_every_line_command() {
    let cases: &[(&[&str], &[u8], &[u8])] = &[
        (&["file"], b"http://u:p@h/\n", b"http://u:p@h/\n"),
        (
            &["cachefile"],
            b"http://h/\n",
            b"http/h/DPrl9uZPa6xCp1Ce69cK3sg\n",
        ),
        (&["encode", "--path"], b"a b\n", b"a%20b\n"),
        (&["decode", "--form"], b"a+b\n", b"a b\n"),
        (&["resolve", "http://a/b/c"], b"d\n", b"http://a/b/d\n"),
        (&["webcapture"], b"HTTP://H:80/a/../b\n", b"http://h/b\n"),
    ];
    for (args, input, expected) in cases {
        assert_eq!(
            text(&ok(run_stdin(args, input))),
            text(expected),
            "{args:?}"
        );
    }
}

#[test]
fn bad_usage_exits_2() {
    // Without a subcommand, the help goes to stderr as a usage error.
    let out = run::<&str>(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("Usage: wwwurl"));
    usage_error(&["frobnicate"]);
    usage_error(&["canon", "--bogus"]);
    usage_error(&["encode", "x"]);
    usage_error(&["encode", "--path", "--form", "x"]);
    usage_error(&["link"]);
    usage_error(&["resolve"]);
    usage_error(&["cachefile", "--prefix", "X", "http://h/"]);
    let err = usage_error(&["--compat", "3.0", "canon", "x"]);
    assert!(err.contains("2.9h"), "{err}");
}

#[test]
fn help_everywhere() {
    let top = text(&ok(run(&["--help"])));
    for sub in [
        "split",
        "canon",
        "file",
        "link",
        "cachefile",
        "encode",
        "decode",
        "hash",
        "resolve",
        "rfc3986-split",
        "webcapture",
    ] {
        assert!(top.contains(sub), "top-level help lacks {sub}");
        let help = text(&ok(run(&[sub, "--help"])));
        assert!(help.contains("Usage: wwwurl"), "{sub}: {help}");
        assert!(help.contains("Exit status"), "{sub}: {help}");
        assert!(help.contains("--compat"), "{sub}: {help}");
    }
    assert!(text(&ok(run(&["split", "--help"]))).contains("(null)"));
    assert!(text(&ok(run(&["rfc3986-split", "--help"]))).contains("(absent)"));
    assert!(text(&ok(run(&["help", "cachefile"]))).contains("<proto>/<hostport>/<prefix><hash>"));
}

#[test]
fn version() {
    let v = env!("CARGO_PKG_VERSION");
    assert_eq!(text(&ok(run(&["--version"]))), format!("wwwurl {v}\n"));
    assert_eq!(
        text(&ok(run(&["canon", "--version"]))),
        format!("wwwurl-canon {v}\n")
    );
}

#[test]
fn broken_pipe_ends_quietly() {
    let mut input = Vec::new();
    for i in 0..200_000 {
        input.extend_from_slice(format!("http://host{i}.example.com/a/../b\n").as_bytes());
    }
    let mut child = wwwurl(&["canon"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 29];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"http://host0.example.com/b\nht");
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert_eq!(err, "");
}

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
    check(
        &["rfc3986-split", "--browser", " http://u@h\\p;x "],
        b"scheme: http\n\
          authority: u@h\n\
          userinfo: u\n\
          user: u\n\
          password: (absent)\n\
          host: h\n\
          port: (absent)\n\
          path: \\p;x\n\
          query: (absent)\n\
          fragment: (absent)\n",
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
}
