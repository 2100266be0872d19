//! The `wwwurl` command-line tool, run as a separate process: outputs,
//! standard input streaming, exit statuses and error reports.
//!
//! Expected outputs are worked out by hand from doc/behaviour.md, RFC 3986 and the
//! Web Capture steps, not captured from the tool.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wwwurl::config::{Compat, Config};
use wwwurl::hash::make_hash;
use wwwurl::split::split_url;

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
fn cachefile_refuses_paths_that_leave_the_spool() {
    // An empty protocol would make an absolute path, `..` one outside the
    // spool, a newline a file name with a line end; a default port with
    // letters after it leaves an empty host, or a host of dots.
    let out = run_stdin(
        &["cachefile"],
        b"://h/x\n..://h/x\n\x01://h/\nhttp://..:80x/y\nhttps://:443x/p\n\
          http://www.foo.com/\n\xc3\xa9://h/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    // One output line per input line, empty for the refused ones.
    assert_eq!(
        text(&out.stdout),
        "\n\n\n\n\nhttp/www.foo.com/DMwJM7GFg6vvScX45S1vCAQ\n\n"
    );
    let plain = "would not make one plain directory name of the cache path";
    assert_eq!(
        text(&out.stderr),
        format!(
            "wwwurl: line 1: the protocol \"\" {plain}\n\
             wwwurl: line 2: the protocol \"..\" {plain}\n\
             wwwurl: line 3: the protocol \"%01\" {plain}\n\
             wwwurl: line 4: the host \"..\" {plain}\n\
             wwwurl: line 5: the host \"\" {plain}\n\
             wwwurl: line 7: the protocol \"é\" {plain}\n"
        )
    );
    // Hosts of dots that CanonicaliseHost reads as numbers are safe.
    check(
        &["cachefile", "http://../x", "http://%2e%2e/x"],
        b"http/0.0.0.0/D4Zl5RZq5ZpXb3o7pZvvS9Q\nhttp/0.0.0.0/D4Zl5RZq5ZpXb3o7pZvvS9Q\n",
    );
}

/// A field of a frozen profile vector (tests/profiles/README.md), decoded.
fn profile_field(f: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < f.len() {
        match (f[i], f.get(i + 1)) {
            (b'\\', Some(b't')) => out.push(b'\t'),
            (b'\\', Some(b'n')) => out.push(b'\n'),
            (b'\\', Some(b'\\')) => out.push(b'\\'),
            (b'\\', Some(b'x')) => {
                let hex = std::str::from_utf8(&f[i + 2..i + 4]).unwrap();
                out.push(u8::from_str_radix(hex, 16).unwrap());
                i += 2;
            }
            (b, _) => {
                out.push(b);
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    out
}

#[test]
fn canon_profile_gives_every_frozen_vector() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/profiles");
    let listed = text(&ok(run(&["profiles"])));
    let mut files = 0;
    for line in listed.lines() {
        let name = line.split('\t').next().unwrap();
        let file = format!("{dir}/{}.tsv", name.replace('/', "-"));
        let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        files += 1;
        // Inputs with a NUL cannot be arguments; every other one is given
        // as one, output raw, a line each.
        let (mut inputs, mut wants) = (Vec::new(), Vec::new());
        for l in data
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty() && l[0] != b'#')
        {
            let tab = l.iter().position(|&b| b == b'\t').unwrap();
            let input = profile_field(&l[..tab]);
            if input.contains(&0) {
                continue;
            }
            let want = &l[tab + 1..];
            inputs.push(input);
            wants.push(if want.starts_with(b"!") {
                None
            } else {
                Some(profile_field(want))
            });
        }
        assert!(inputs.len() > 1000, "{file}");
        let mut args: Vec<Vec<u8>> = vec![b"--raw".to_vec(), b"canon".to_vec()];
        args.push(b"--profile".to_vec());
        args.push(name.as_bytes().to_vec());
        args.push(b"--".to_vec());
        args.extend(inputs.iter().cloned());
        let out = run(&args);
        let refused = wants.iter().filter(|w| w.is_none()).count();
        assert_eq!(
            out.status.code(),
            Some(if refused > 0 { 1 } else { 0 }),
            "{name}"
        );
        let mut got = out.stdout.split(|&b| b == b'\n');
        for (input, want) in inputs.iter().zip(&wants) {
            let g = got
                .next()
                .unwrap_or_else(|| panic!("{name}: output ends early"));
            match want {
                Some(w) if !w.contains(&b'\n') => {
                    assert_eq!(text(g), text(w), "{name} of {}", text(input))
                }
                Some(_) => {}
                None => assert!(g.is_empty(), "{name} of {}", text(input)),
            }
            if want.as_ref().is_some_and(|w| w.contains(&b'\n')) {
                // An output holding a newline spans lines: skip its rest.
                for _ in 0..want
                    .as_ref()
                    .unwrap()
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
                {
                    got.next();
                }
            }
        }
        assert_eq!(
            text(&out.stderr).lines().count(),
            refused,
            "{name}: one message per refused URL"
        );
    }
    assert_eq!(files, 15, "every profile listed has its frozen vectors");
}

#[test]
fn set_changes_parts_and_keeps_the_others() {
    let url = "http://u:p@h:81/a?q";
    check(
        &["set", "--set", "host=EX.org", "--set", "port=8080", url],
        b"http://u:p@ex.org:8080/a?q\n",
    );
    check(
        &["set", "--set", "scheme=FTP", "--set", "path=/x/../y z", url],
        b"ftp://u:p@h:81/y%20z?q\n",
    );
    check(
        &[
            "set", "--set", "user=a b", "--unset", "password", "--unset", "query", url,
        ],
        b"http://a%20b@h:81/a\n",
    );
    // Aliases, and a port that is the scheme's default goes.
    check(
        &["set", "--set", "args=x y", "--set", "port=80", url],
        b"http://u:p@h/a?x+y\n",
    );
    // A new scheme drops a port that is its default.
    check(
        &["set", "--set", "proto=ftp", "http://h:21/"],
        b"ftp://h/\n",
    );
    // Standard input, one URL a line.
    let out = run_stdin(&["set", "--unset", "user"], b"http://u@a/\nhttp://b/\n");
    assert_eq!(text(&ok(out)), "http://a/\nhttp://b/\n");
}

#[test]
fn set_refuses_values_that_cannot_stand_there() {
    let out = run(&["set", "--set", "port=8o", "http://h/", "http://g/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "\n\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 1: the port \"8o\" cannot be set\n\
         wwwurl: argument 2: the port \"8o\" cannot be set\n"
    );
    let out = run(&["set", "--unset", "host", "http://h/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 1: the host cannot be removed\n"
    );
    // A part that does not exist is a usage error.
    let out = run(&["set", "--set", "name=x", "http://h/"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown part `name`"));
    let out = run(&["set", "--set", "host", "http://h/"]);
    assert_eq!(out.status.code(), Some(2));
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
    check(&["decode", "a+b%41%4", "%%41"], b"a+bA%4\n%041\n");
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
        (&["whatwg"], b"HTTP://H:80/a/../b\n", b"http://h/b\n"),
        (&["query", "sort"], b"http://h/?b&a\n", b"http://h/?a&b\n"),
        (&["query", "get", "a"], b"?a=1+2\n", b"1 2\n"),
        (
            &["nvs", "key-order"],
            b"http://h/?b&a\n",
            b"http://h/?a=&b=\n",
        ),
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
        "whatwg",
        "nvs",
        "query get",
        "query count",
        "query set",
        "query append",
        "query delete",
        "query sort",
        "query strip",
        "query keep",
    ] {
        let sub: Vec<&str> = sub.split(' ').collect();
        assert!(top.contains(sub[0]), "top-level help lacks {sub:?}");
        let help = text(&ok(run(&[&sub[..], &["--help"]].concat())));
        assert!(help.contains("Usage: wwwurl"), "{sub:?}: {help}");
        assert!(help.contains("Exit status"), "{sub:?}: {help}");
        assert!(help.contains("--compat"), "{sub:?}: {help}");
        assert!(help.contains("--input <FILE>"), "{sub:?}: {help}");
        if sub[0] == "query" {
            assert!(help.contains("--query-only"), "{sub:?}: {help}");
            assert!(help.contains("no `%20` becomes `+`"), "{sub:?}: {help}");
        }
    }
    for sub in [
        &["spool", "verify"][..],
        &["spool", "ls"],
        &["spool", "find"],
        &["spool", "migrate"],
    ] {
        let help = text(&ok(run(&[sub, &["--help"]].concat())));
        assert!(help.contains("symbolic link"), "{sub:?}: {help}");
        assert!(help.contains("--compat"), "{sub:?}: {help}");
    }
    for line_sub in ["canon", "split", "decode", "link"] {
        let help = text(&ok(run(&[line_sub, "--help"])));
        for opt in ["--input <FILE>", "--jobs <N>", "--progress", "--raw", "%XY"] {
            assert!(help.contains(opt), "{line_sub} lacks {opt}: {help}");
        }
    }
    assert!(top.contains("spool") && top.contains("completions") && top.contains("manpage"));
    assert!(text(&ok(run(&["split", "--help"]))).contains("(null)"));
    assert!(text(&ok(run(&["rfc3986-split", "--help"]))).contains("(absent)"));
    // The browser-style options are the WHATWG Standard's now; the 2010
    // draft is only history.
    for sub in ["resolve", "rfc3986-split"] {
        let help = text(&ok(run(&[sub, "--help"])));
        assert!(help.contains("WHATWG URL Standard"), "{sub}: {help}");
        assert!(help.contains("used to follow the 2010"), "{sub}: {help}");
    }
    let whatwg = text(&ok(run(&["whatwg", "--help"])));
    for word in [
        "--lenient",
        "is ignored by the Standard's setter",
        "usage error",
    ] {
        assert!(
            whatwg.contains(word),
            "whatwg --help lacks {word}: {whatwg}"
        );
    }
    let nvs = text(&ok(run(&["nvs", "--help"])));
    for word in ["--strict", "--equivalent <URL1> <URL2>", "malformed"] {
        assert!(nvs.contains(word), "nvs --help lacks {word}: {nvs}");
    }
    assert!(text(&ok(run(&["help", "cachefile"]))).contains("<proto>/<hostport>/<prefix><hash>"));
}

#[test]
fn version() {
    let v = env!("CARGO_PKG_VERSION");
    // `--version` names the Unicode version of the IDNA tables too, so that
    // users can pin WHATWG hosts to it; `-V` is the version alone.
    assert_eq!(
        text(&ok(run(&["--version"]))),
        format!("wwwurl {v} (IDNA tables of Unicode 18.0.0)\n")
    );
    assert_eq!(text(&ok(run(&["-V"]))), format!("wwwurl {v}\n"));
    assert_eq!(
        text(&ok(run(&["canon", "--version"]))),
        format!("wwwurl-canon {v} (IDNA tables of Unicode 18.0.0)\n")
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

/// A fresh empty directory for one test, under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn closed_stdout_is_an_error() {
    // `>&-` closes descriptor 1 before wwwurl starts.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" canon http://h/ >&-"])
        .arg(env!("CARGO_BIN_EXE_wwwurl"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: standard output is closed; nothing could be printed\n"
    );
}

#[test]
fn failing_stdout_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = wwwurl(&["canon", "http://h/"])
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("wwwurl: writing standard output: "),
        "{err}"
    );
}

#[test]
fn input_files_after_arguments() {
    let dir = scratch("input_files");
    let a = dir.join("a.txt");
    std::fs::write(&a, b"HTTP://A/x\r\nhttp://b/\x00\nwww.c.org").unwrap();
    let missing = dir.join("missing.txt");
    let args = [
        OsStr::new("canon"),
        OsStr::new("http://arg/"),
        OsStr::new("-i"),
        a.as_os_str(),
        OsStr::new("--input"),
        OsStr::new("-"),
        OsStr::new("--input"),
        missing.as_os_str(),
        OsStr::new("-i"),
        a.as_os_str(),
    ];
    let out = run_stdin(&args.map(OsStr::as_bytes), b"/stdin\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "http://arg/\nhttp://a/x\n\nhttp://www.c.org/\nhttp://localhost:8080/stdin\n\
         http://a/x\n\nhttp://www.c.org/\n"
    );
    let nul = "contains a NUL byte, which would end the URL routines' C string";
    let (a, missing) = (a.display(), missing.display());
    assert_eq!(
        text(&out.stderr),
        format!(
            "wwwurl: {a}: line 2: {nul}\n\
             wwwurl: {missing}: No such file or directory (os error 2)\n\
             wwwurl: {a}: line 2: {nul}\n"
        )
    );
    // A file alone: standard input is not read.
    let b = dir.join("b.txt");
    std::fs::write(&b, b"\nhttp://www.foo.com/\n").unwrap();
    let args = [OsStr::new("hash"), OsStr::new("-i"), b.as_os_str()];
    let out = run_stdin(&args.map(OsStr::as_bytes), b"never read\n");
    assert_eq!(ok(out), b"1B2M2Y8AsgTpgAmY7PhCfg\nMwJM7GFg6vvScX45S1vCAQ\n");
    // An argument is always a URL, never a file name.
    check(
        &["canon", "urls.txt", "-"],
        b"http://urls.txt/\nhttp://0.0.0.0/\n",
    );
}

#[test]
fn input_file_names_are_escaped_in_messages() {
    let out = run(&[&b"canon"[..], b"-i", b"/nonexistent/a\nwwwurl: forged"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: /nonexistent/a%0Awwwurl: forged: No such file or directory (os error 2)\n"
    );
}

#[test]
fn split_values_cannot_forge_lines() {
    let url = "http://x%0Ahost%3A%20evil.example:pw%0D@real.example/";
    let out = text(&ok(run(&["split", url])));
    assert_eq!(out.lines().count(), 16, "{out}");
    assert!(out.contains("\nuser: x%0Ahost: evil.example\n"), "{out}");
    assert!(out.contains("\npass: pw%0D\n"), "{out}");
    assert!(!out.contains("\nhost: evil"), "{out}");
    let raw = ok(run(&["--raw", "split", url]));
    assert_eq!(text(&raw).lines().count(), 17);
    assert!(text(&raw).contains("\nuser: x\nhost: evil.example\n"));
    // Raw input bytes in the original fields are escaped the same way.
    let out = text(&ok(run_stdin(&["split"], b"http://h/a?\x1b[2J\xc2\x9b\n")));
    assert!(out.contains("\noriginal_args: %1B[2J%C2%9B\n"), "{out}");
}

#[test]
fn escapes_in_every_output() {
    // decode: one output line per input line.
    check(
        &["decode", "a%0Ab", "%0D%7F%1B%C2%85"],
        b"a%0Ab\n%0D%7F%1B%C2%85\n",
    );
    check(&["--raw", "decode", "a%0Ab"], b"a\nb\n");
    let out = run_stdin(&["decode"], b"1%0A2\n3\n");
    assert_eq!(ok(out), b"1%0A2\n3\n");
    // resolve and webcapture keep the input's bytes; rfc3986-split too.
    check(
        &[&b"resolve"[..], b"http://a/", b"x\ty"],
        b"http://a/x%09y\n",
    );
    check(
        &[&b"webcapture"[..], b"http://h/a\x7fb"],
        b"http://h/a%7Fb\n",
    );
    check(
        &[&b"--raw"[..], b"webcapture", b"http://h/a\x7fb"],
        b"http://h/a\x7fb\n",
    );
    let out = text(&ok(run_stdin(&["rfc3986-split"], b"x\x00y?\x1b\n")));
    assert!(out.contains("\npath: x%00y\nquery: %1B\n"), "{out}");
    // Bytes that are not controls are untouched, UTF-8 or not.
    check(
        &[&b"decode"[..], b"%C3%A9%FF%C2%A0"],
        b"\xc3\xa9\xff\xc2\xa0\n",
    );
}

/// Runs `wwwurl ARGS` on a pseudo-terminal with `script` (util-linux),
/// typing `input` in steps: each step sends its bytes, then waits until the
/// terminal shows the expected text.
fn pty_session(args: &str, steps: &[(&[u8], &str)]) -> String {
    // A missing `script` fails the test rather than skipping it (Debian's
    // bsdutils, which every installation has, ships it).
    assert!(
        Command::new("script").arg("--version").output().is_ok(),
        "script (util-linux) is needed for the terminal tests"
    );
    let cmd = format!("{} {args}; echo EXIT=$?", env!("CARGO_BIN_EXE_wwwurl"));
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &cmd, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = Vec::new();
    for (input, expect) in steps {
        stdin.write_all(input).unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !text(&seen).contains(expect) {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(b) => seen.extend_from_slice(&b),
                Err(_) => {
                    let _ = child.kill();
                    panic!("no {expect:?} on the terminal; it shows {:?}", text(&seen));
                }
            }
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    text(&seen)
}

#[test]
fn terminal_output_is_line_buffered_and_one_ctrl_d_ends() {
    // Each line's output shows while the input is still open, and a single
    // Ctrl-D (an empty read) ends the input.
    pty_session(
        "canon",
        &[
            (b"HTTP://A/x\n", "http://a/x\r\n"),
            (b"www.b.org:80/y\n", "http://www.b.org/y\r\n"),
            (b"\x04", "EXIT=0"),
        ],
    );
    pty_session(
        "split",
        &[(b"/p\n", "original_pathp: 21\r\n"), (b"\x04", "EXIT=0")],
    );
}

#[test]
fn slow_pipe_output_is_not_held_back() {
    // Output is written whenever the input pauses, not only when a block
    // fills: `tail -f log | wwwurl canon | ...` shows lines as they come.
    for jobs in ["1", "2"] {
        slow_pipe(jobs);
    }
}

fn slow_pipe(jobs: &str) {
    let mut child = wwwurl(&["canon", "--jobs", jobs])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"HTTP://A/x\n").unwrap();
    let mut first = [0u8; 11];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"http://a/x\n");
    stdin.write_all(b"http://b/\n").unwrap();
    drop(stdin);
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    assert_eq!(rest, b"http://b/\n");
    assert!(child.wait().unwrap().success());
}

/// A large input with failing lines here and there, among them lines with
/// a NUL, lines over 1 MiB and a last line without a line end.
fn mixed_input(lines: usize) -> Vec<u8> {
    let mut input = Vec::new();
    for i in 0..lines {
        match i % 9973 {
            17 => input.extend_from_slice(b"http://nul/\x00\n"),
            4242 if i < 20_000 => {
                input.extend_from_slice(b"http://long/");
                input.resize(input.len() + (1 << 20), b'a');
                input.extend_from_slice(b"\r\n");
            }
            _ => input.extend_from_slice(
                format!("HTTP://Host{}.Example/a/../b{i}\r\n", i % 7).as_bytes(),
            ),
        }
    }
    input.extend_from_slice(b"http://last/x");
    input
}

#[test]
fn jobs_keep_input_order_and_reports() {
    let input = mixed_input(120_000);
    for sub in [&["canon"][..], &["split"], &["hash"]] {
        let one = run_stdin(&[sub, &["-j", "1"]].concat(), &input);
        assert_eq!(one.status.code(), Some(1));
        let one_err = text(&one.stderr);
        assert_eq!(one_err.lines().count(), 13 + 2, "{one_err}");
        for jobs in ["2", "3", "8"] {
            let many = run_stdin(&[sub, &["--jobs", jobs]].concat(), &input);
            assert_eq!(many.status.code(), Some(1));
            assert!(many.stdout == one.stdout, "{sub:?} with {jobs} jobs");
            assert_eq!(text(&many.stderr), one_err, "{sub:?} with {jobs} jobs");
        }
    }
    // Several files and arguments, files failing to open, in order.
    let dir = scratch("jobs_files");
    let a = dir.join("a");
    std::fs::write(&a, mixed_input(30_000)).unwrap();
    let args = |jobs: &'static str| {
        [
            OsStr::new("split"),
            OsStr::new("/arg"),
            OsStr::new("-j"),
            OsStr::new(jobs),
            OsStr::new("-i"),
            a.as_os_str(),
            OsStr::new("-i"),
            OsStr::new("/nonexistent"),
            OsStr::new("-i"),
            OsStr::new("-"),
            OsStr::new("-i"),
            a.as_os_str(),
        ]
        .map(OsStr::as_bytes)
    };
    let one = run_stdin(&args("1"), b"/stdin\n");
    let two = run_stdin(&args("2"), b"/stdin\n");
    assert!(one.stdout == two.stdout);
    assert_eq!(text(&one.stderr), text(&two.stderr));
    assert!(text(&one.stdout).starts_with("name: http://localhost:8080/arg\n"));
    assert!(text(&two.stderr).contains("\nwwwurl: /nonexistent: No such file"));
    usage_error(&["canon", "--jobs", "0"]);
}

#[test]
fn jobs_on_a_terminal_and_a_slow_pipe() {
    pty_session(
        "canon --jobs 1",
        &[(b"HTTP://A/x\n", "http://a/x\r\n"), (b"\x04", "EXIT=0")],
    );
    pty_session(
        "canon --jobs 2",
        &[(b"HTTP://A/x\n", "http://a/x\r\n"), (b"\x04", "EXIT=0")],
    );
}

/// The place of a URL in a spool, `<proto>/<hostport>/` and the hash, from
/// the library (SplitURL and MakeHash), independently of the tool.
fn cache_place(compat: Compat, url: &str) -> (String, String) {
    let u = split_url(&Config::default(), compat, url.as_bytes()).unwrap();
    let dir = format!("{}/{}/", text(u.proto()), text(u.hostport()));
    (dir, text(&make_hash(u.file())))
}

/// Writes `U` (the URL) and `D` files for each URL into `dir`.
fn fill_spool(dir: &Path, compat: Compat, urls: &[&str]) {
    for url in urls {
        let (sub, hash) = cache_place(compat, url);
        std::fs::create_dir_all(dir.join(&sub)).unwrap();
        std::fs::write(dir.join(format!("{sub}U{hash}")), url).unwrap();
        std::fs::write(
            dir.join(format!("{sub}D{hash}")),
            b"HTTP/1.0 200 OK\r\n\r\n",
        )
        .unwrap();
    }
}

/// The files of a spool, relative, sorted.
fn spool_files(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, v: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let t = e.file_type().unwrap();
            if t.is_dir() {
                walk(base, &e.path(), v);
            } else {
                v.push(e.path().strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut v = Vec::new();
    walk(dir, dir, &mut v);
    v.sort();
    v
}

fn spool_cmd(args: &[&str], dir: &Path) -> Output {
    let mut a: Vec<&[u8]> = args.iter().map(|s| s.as_bytes()).collect();
    let pos = a.iter().position(|s| *s == b"DIR").unwrap();
    a[pos] = dir.as_os_str().as_bytes();
    run(&a)
}

const AMP_URLS: [&str; 2] = [
    "http://a.example/q?x=1&amp;y=2",
    "http://a.example/p?b=1&AMP;c",
];
const PLAIN_URLS: [&str; 2] = ["http://www.foo.com/", "https://s.example:8443/x?k=v"];

#[test]
fn spool_verify_clean_and_damaged() {
    let dir = scratch("spool_verify");
    let urls = [&AMP_URLS[..], &PLAIN_URLS[..]].concat();
    fill_spool(&dir, Compat::V29, &urls);
    // Not part of the cache: files at the second level, other names.
    std::fs::create_dir_all(dir.join("outgoing")).unwrap();
    std::fs::write(dir.join("outgoing/OAAAAAAAAAAAAAAAAAAAAAA"), b"x").unwrap();
    std::fs::write(dir.join("http/www.foo.com/.timestamp"), b"x").unwrap();
    assert_eq!(
        text(&ok(spool_cmd(&["spool", "verify", "DIR"], &dir))),
        "URL files checked: 4; mismatched: 0, orphaned files: 0, unreadable: 0\n"
    );
    // The same spool under 2.9h: the two URLs with `&amp;` mismatch.
    let out = spool_cmd(&["--compat", "2.9h", "spool", "verify", "DIR"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let (sub, old) = cache_place(Compat::V29, AMP_URLS[0]);
    let (_, new) = cache_place(Compat::V29h, AMP_URLS[0]);
    let got = text(&out.stdout);
    assert!(
        got.contains(&format!(
            "mismatch: {sub}U{old}: holds {}, whose files are {sub}U{new}\n",
            AMP_URLS[0]
        )),
        "{got}"
    );
    assert!(
        got.ends_with("URL files checked: 4; mismatched: 2, orphaned files: 0, unreadable: 0\n")
    );
    // Damage: orphans both ways, a hand-edited U file with a forged line,
    // a U file that is a link.
    let (foo, foo_hash) = cache_place(Compat::V29, "http://www.foo.com/");
    std::fs::remove_file(dir.join(format!("{foo}D{foo_hash}"))).unwrap();
    std::fs::write(dir.join(format!("{foo}DAAAAAAAAAAAAAAAAAAAAAA")), b"x").unwrap();
    std::fs::write(
        dir.join(format!("{foo}UBBBBBBBBBBBBBBBBBBBBBB")),
        b"http://other/\nmismatch: forged\n",
    )
    .unwrap();
    std::fs::write(dir.join(format!("{foo}DBBBBBBBBBBBBBBBBBBBBBB")), b"x").unwrap();
    std::os::unix::fs::symlink(
        "/etc/passwd",
        dir.join(format!("{foo}UCCCCCCCCCCCCCCCCCCCCCC")),
    )
    .unwrap();
    let out = spool_cmd(&["spool", "verify", "DIR"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let (_, other) = cache_place(Compat::V29, "http://other/\nmismatch: forged");
    assert_eq!(
        text(&out.stdout),
        format!(
            "unreadable: {foo}UCCCCCCCCCCCCCCCCCCCCCC: not a regular file\n\
             mismatch: {foo}UBBBBBBBBBBBBBBBBBBBBBB: holds http://other/%0Amismatch: forged, \
             whose files are http/other/U{other}\n\
             orphan: {foo}U{foo_hash}: no D file\n\
             orphan: {foo}DAAAAAAAAAAAAAAAAAAAAAA: no U file\n\
             URL files checked: 5; mismatched: 1, orphaned files: 2, unreadable: 1\n"
        )
    );
    let out = run(&["spool", "verify", "/nonexistent/spool"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: spool directory /nonexistent/spool: No such file or directory (os error 2)\n"
    );
}

#[test]
fn spool_never_follows_links_out() {
    let dir = scratch("spool_links");
    let outside = scratch("spool_links_outside");
    fill_spool(&outside, Compat::V29, &["http://secret.example/"]);
    fill_spool(&dir, Compat::V29, &["http://www.foo.com/"]);
    // A protocol directory and a host directory that lead out of DIR.
    std::os::unix::fs::symlink(outside.join("http"), dir.join("ftp")).unwrap();
    std::os::unix::fs::symlink(
        outside.join("http/secret.example"),
        dir.join("http/secret.example"),
    )
    .unwrap();
    let out = spool_cmd(&["spool", "ls", "DIR"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "http://www.foo.com/\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: ftp: symbolic link, not followed\n\
         wwwurl: http/secret.example: symbolic link, not followed\n"
    );
    let out = spool_cmd(&["spool", "find", "DIR", "http://secret.example/"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.starts_with("wwwurl: http/secret.example/D"), "{err}");
    assert!(err.ends_with(": symbolic link, not followed\n"), "{err}");
    let out = spool_cmd(
        &[
            "spool", "migrate", "DIR", "--from", "2.9", "--to", "2.9h", "--apply",
        ],
        &dir,
    );
    assert_eq!(spool_files(&outside).len(), 2);
    assert!(text(&out.stdout).ends_with("URLs renamed: 0, unchanged: 1, refused: 0, skipped: 0\n"));
}

#[test]
fn spool_ls_and_find() {
    let dir = scratch("spool_ls");
    fill_spool(
        &dir,
        Compat::V29,
        &[&AMP_URLS[..], &PLAIN_URLS[..]].concat(),
    );
    let out = text(&ok(spool_cmd(&["spool", "ls", "DIR"], &dir)));
    let mut lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    lines.sort();
    let mut expected = [&AMP_URLS[..], &PLAIN_URLS[..]].concat();
    expected.sort();
    assert_eq!(lines, expected);
    let out = text(&ok(spool_cmd(&["spool", "ls", "DIR", "a.example"], &dir)));
    assert_eq!(out.lines().count(), 2);
    assert!(out.lines().all(|l| l.starts_with("http://a.example/")));
    assert_eq!(
        text(&ok(spool_cmd(
            &["spool", "ls", "DIR", "none.example"],
            &dir
        ))),
        ""
    );
    for bad in ["..", "a/b", ""] {
        let out = spool_cmd(&["spool", "ls", "DIR", bad], &dir);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(text(&out.stderr).contains("would not make a plain directory name"));
    }

    // find: the data file's path and what is there.
    let (foo, foo_hash) = cache_place(Compat::V29, "http://www.foo.com/");
    let (_, url_only) = cache_place(Compat::V29, "http://www.foo.com/u");
    let (_, data_only) = cache_place(Compat::V29, "http://www.foo.com/d");
    std::fs::write(
        dir.join(format!("{foo}U{url_only}")),
        b"http://www.foo.com/u",
    )
    .unwrap();
    std::fs::write(dir.join(format!("{foo}D{data_only}")), b"x").unwrap();
    let (amp, amp_hash) = cache_place(Compat::V29, AMP_URLS[0]);
    assert_eq!(
        text(&ok(spool_cmd(
            &["spool", "find", "DIR", "HTTP://WWW.FOO.COM:80", AMP_URLS[0]],
            &dir
        ))),
        format!("cached {foo}D{foo_hash}\ncached {amp}D{amp_hash}\n")
    );
    let (new, new_hash) = cache_place(Compat::V29, "http://new.example/");
    let out = spool_cmd(
        &[
            "spool",
            "find",
            "DIR",
            "http://www.foo.com/u",
            "http://www.foo.com/d",
            "http://new.example/",
            "..://h/",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!(
            "url-only {foo}D{url_only}\ndata-only {foo}D{data_only}\n\
             not-cached {new}D{new_hash}\n"
        )
    );
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 4: the protocol \"..\" would not make a plain directory name in the spool\n"
    );
    // With 2.9h, the `&amp;` URL would be elsewhere.
    let (_, h_hash) = cache_place(Compat::V29h, AMP_URLS[0]);
    let out = spool_cmd(
        &["--compat", "2.9h", "spool", "find", "DIR", AMP_URLS[0]],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("not-cached {amp}D{h_hash}\n"));
    usage_error(&["spool", "find", "/tmp"]);
}

#[test]
fn spool_migrate_dry_run_apply_and_back() {
    let dir = scratch("spool_migrate");
    let urls = [&AMP_URLS[..], &PLAIN_URLS[..]].concat();
    fill_spool(&dir, Compat::V29h, &urls);
    let before = spool_files(&dir);
    let renames = |from: Compat, to: Compat| {
        let mut v = Vec::new();
        for url in AMP_URLS {
            let (sub, old) = cache_place(from, url);
            let (_, new) = cache_place(to, url);
            v.push((sub.clone(), old.clone(), new.clone()));
        }
        // Sorted by the old U file name, as the tool goes.
        v.sort_by(|a, b| a.1.cmp(&b.1));
        let mut s = String::new();
        for (sub, old, new) in v {
            s += &format!("rename {sub}U{old} -> {sub}U{new}\nrename {sub}D{old} -> {sub}D{new}\n");
        }
        s
    };
    // A dry run by default: prints, renames nothing.
    let args = ["spool", "migrate", "DIR", "--from", "2.9h", "--to", "2.9"];
    let out = text(&ok(spool_cmd(&args, &dir)));
    assert_eq!(
        out,
        renames(Compat::V29h, Compat::V29)
            + "dry run: URLs to rename: 2, unchanged: 2, refused: 0, skipped: 0; --apply renames\n"
    );
    assert_eq!(
        text(&ok(spool_cmd(&[&args[..], &["--dry-run"]].concat(), &dir))),
        out
    );
    assert_eq!(spool_files(&dir), before);
    // Applied: every URL is then where 2.9 looks for it.
    let out = text(&ok(spool_cmd(&[&args[..], &["--apply"]].concat(), &dir)));
    assert_eq!(
        out,
        renames(Compat::V29h, Compat::V29)
            + "URLs renamed: 2, unchanged: 2, refused: 0, skipped: 0\n"
    );
    assert_eq!(
        text(&ok(spool_cmd(
            &["--compat", "2.9", "spool", "verify", "DIR"],
            &dir
        ))),
        "URL files checked: 4; mismatched: 0, orphaned files: 0, unreadable: 0\n"
    );
    assert_ne!(spool_files(&dir), before);
    // And back.
    let back = [
        "spool", "migrate", "DIR", "--from", "2.9", "--to", "2.9h", "--apply",
    ];
    let out = text(&ok(spool_cmd(&back, &dir)));
    assert!(
        out.ends_with("URLs renamed: 2, unchanged: 2, refused: 0, skipped: 0\n"),
        "{out}"
    );
    assert_eq!(spool_files(&dir), before);
    usage_error(&[
        "spool",
        "migrate",
        "/tmp",
        "--from",
        "2.9",
        "--to",
        "2.9h",
        "--dry-run",
        "--apply",
    ]);
    usage_error(&["spool", "migrate", "/tmp", "--from", "2.9"]);
}

#[test]
fn spool_migrate_refuses_to_overwrite() {
    let dir = scratch("spool_refuse");
    fill_spool(&dir, Compat::V29h, &AMP_URLS);
    let (sub, old) = cache_place(Compat::V29h, AMP_URLS[0]);
    let (_, new) = cache_place(Compat::V29, AMP_URLS[0]);
    // Something is already where the first URL would go.
    std::fs::write(dir.join(format!("{sub}D{new}")), b"other data").unwrap();
    let before = spool_files(&dir);
    for extra in [&[][..], &["--apply"]] {
        let args = [
            &["spool", "migrate", "DIR", "--from", "2.9h", "--to", "2.9"][..],
            extra,
        ]
        .concat();
        let out = spool_cmd(&args, &dir);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stderr),
            format!("wwwurl: {sub}U{old}: refused: {sub}D{new} exists already\n")
        );
        assert_eq!(text(&out.stdout).matches("rename ").count(), 2);
        assert!(text(&out.stdout).contains("unchanged: 0, refused: 1, skipped: 0"));
    }
    // The refused pair and the other file are untouched.
    assert_eq!(
        std::fs::read(dir.join(format!("{sub}D{new}"))).unwrap(),
        b"other data"
    );
    assert!(dir.join(format!("{sub}U{old}")).exists());
    assert_eq!(spool_files(&dir).len(), before.len());
}

#[test]
fn progress_line_on_request() {
    let dir = scratch("progress");
    let f = dir.join("urls.txt");
    let mut input = Vec::new();
    for i in 0..3000 {
        input.extend_from_slice(format!("http://h{i}.example/\n").as_bytes());
    }
    std::fs::write(&f, &input).unwrap();
    let size = input.len() as f64 / 1048576.0;
    for jobs in ["1", "2"] {
        // Standard input from a regular file: its size is known.
        let out = wwwurl(&["canon", "--progress", "--jobs", jobs])
            .stdin(std::fs::File::open(&f).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(out.stdout.len(), input.len());
        let err = text(&out.stderr);
        let last = err.lines().last().unwrap();
        let expected = format!("wwwurl: 3000 lines, {size:.1} of {size:.1} MiB (100%), ");
        assert!(last.starts_with(&expected), "{err}");
        assert!(last.ends_with(" lines/s"), "{err}");
    }
    // From a pipe: no size, no percentage; reports still come through.
    let out = run_stdin(&["canon", "--progress"], b"http://a/\nx\x00\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("wwwurl: line 2: contains a NUL byte"),
        "{err}"
    );
    assert!(
        err.lines()
            .last()
            .unwrap()
            .starts_with("wwwurl: 2 lines, 0.0 MiB, "),
        "{err}"
    );
    // Not by default when standard error is not a terminal.
    let args = [OsStr::new("canon"), OsStr::new("-i"), f.as_os_str()];
    assert_eq!(ok(run(&args.map(OsStr::as_bytes))).len(), input.len());
    usage_error(&["canon", "--progress", "--no-progress"]);
}

#[test]
fn progress_line_by_default_on_a_terminal() {
    let dir = scratch("progress_tty");
    let f = dir.join("urls.txt");
    std::fs::write(&f, b"http://a/\nhttp://b/\n").unwrap();
    let cmd = format!("canon -i '{}' > /dev/null", f.display());
    // Redrawn in place, then left with the final counts.
    pty_session(
        &cmd,
        &[(b"", "\r\x1b[Kwwwurl: 2 lines, 0.0 of 0.0 MiB (100%), ")],
    );
    pty_session(&cmd, &[(b"", "EXIT=0")]);
    // Not when the input is the terminal, nor with --no-progress.
    let seen = pty_session(
        "canon",
        &[(b"http://a/\n", "http://a/\r\n"), (b"\x04", "EXIT=0")],
    );
    assert!(!seen.contains("lines/s"), "{seen:?}");
    let cmd = format!("canon --no-progress -i '{}' >/dev/null", f.display());
    let seen = pty_session(&cmd, &[(b"", "EXIT=0")]);
    assert!(!seen.contains("lines/s"), "{seen:?}");
}

#[test]
fn shell_completions() {
    let bash = ok(run(&["completions", "bash"]));
    let b = text(&bash);
    for word in [
        "spool",
        "migrate",
        "--apply",
        "--jobs",
        "--input",
        "--raw",
        "completions",
        "whatwg",
        "--lenient",
        "query",
        "--query-only",
        "--verbatim",
        "nvs",
        "--equivalent",
    ] {
        assert!(b.contains(word), "bash completion lacks {word}");
    }
    // The script is valid bash.
    let mut child = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash is needed to check the bash completion script: install bash");
    child.stdin.take().unwrap().write_all(&bash).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    for shell in ["zsh", "fish"] {
        let s = text(&ok(run(&["completions", shell])));
        assert!(s.contains("spool") && s.contains("progress"), "{shell}");
        assert!(s.contains("query-only") && s.contains("lenient"), "{shell}");
    }
    usage_error(&["completions", "tcsh"]);
    // `--profile` completes to the profile names, not to file names.
    for shell in ["bash", "zsh", "fish"] {
        let s = text(&ok(run(&["completions", shell])));
        for name in [
            "safebrowsing",
            "safebrowsing/2",
            "cachekey/1",
            "wwwoffle-2.9h",
        ] {
            assert!(s.contains(name), "{shell} completion lacks {name}");
        }
    }
}

#[test]
fn an_argument_that_names_a_file_gets_a_note() {
    let dir = std::env::temp_dir().join(format!("wwwurl-cli-note-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "http://a/\n").unwrap();
    let out = run(&[&b"canon"[..], file.as_os_str().as_bytes()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(err.contains("names a file") && err.contains("-i "), "{err}");
    // A URL is no file name: no note.
    check(&["canon", "http://a/"], b"http://a/\n");
}

#[test]
fn a_set_that_changes_nothing_keeps_the_query() {
    check(
        &["query", "set", "ab=", "http://h/?ab&&x"],
        b"http://h/?ab&&x\n",
    );
    check(
        &["query", "set", "ab=1", "http://h/?ab&&x"],
        b"http://h/?ab=1&x\n",
    );
}

/// The sections of a man page: `(heading, body)` for each `.SH` and `.SS`,
/// the heading as printed (quotes and `\-` escapes undone).
fn man_sections(page: &str) -> Vec<(String, String)> {
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in page.lines() {
        if let Some(h) = line.strip_prefix(".SH ").or(line.strip_prefix(".SS ")) {
            let h = h.trim_matches('"').replace("\\-", "-");
            sections.push((h, String::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    sections
}

/// What a `-h` text lists under each heading: `(heading, name)`, the name
/// being a long option's without its dashes, an argument's value name, or
/// a subcommand's.
fn help_items(help: &str) -> Vec<(String, String)> {
    let mut heading = String::new();
    let mut items = Vec::new();
    for line in help.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            heading = line.trim_end_matches(':').to_owned();
            continue;
        }
        let Some(first) = line
            .strip_prefix("  ")
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        let name = match heading.as_str() {
            "Commands" => first.to_owned(),
            "Arguments" => {
                // `<NAME>`, `[URL]...`, `<NAME[=VALUE]>`: the outer
                // brackets and the dots go, inner brackets stay.
                let w = first.strip_suffix("...").unwrap_or(first);
                let w = w
                    .strip_prefix('[')
                    .and_then(|w| w.strip_suffix(']'))
                    .unwrap_or(w);
                let w = w
                    .strip_prefix('<')
                    .and_then(|w| w.strip_suffix('>'))
                    .unwrap_or(w);
                w.to_owned()
            }
            _ => match line.split_whitespace().find_map(|w| w.strip_prefix("--")) {
                Some(long) => long.trim_end_matches(',').to_owned(),
                None => continue,
            },
        };
        items.push((heading.clone(), name));
    }
    items
}

#[test]
fn man_page_documents_every_subcommand_option_and_argument() {
    let page = text(&ok(wwwurl(&["manpage"])
        .env("SOURCE_DATE_EPOCH", "951782400")
        .stdin(Stdio::null())
        .output()
        .unwrap()));
    let v = env!("CARGO_PKG_VERSION");
    assert!(
        page.contains(&format!(
            ".TH WWWURL 1 2000-02-29 \"wwwurl {v}\" \"User Commands\"\n"
        )),
        "{}",
        page.lines().take(5).collect::<Vec<_>>().join("\n")
    );
    let sections = man_sections(&page);
    let section = |h: &str| -> &str {
        let found = sections.iter().find(|(name, _)| name == h);
        &found
            .unwrap_or_else(|| panic!("the man page has no section {h}"))
            .1
    };
    // The hand-written sections follow the generated ones.
    for h in ["INPUT AND OUTPUT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
        section(h);
    }
    assert!(section("COMMANDS").is_empty());

    // Every subcommand of every --help, depth first, with its options and
    // arguments, under the heading --help gives them.
    let mut todo = vec![Vec::<String>::new()];
    let mut seen = 0;
    while let Some(path) = todo.pop() {
        let help = text(&ok(run(&[&path[..], &["-h".to_owned()]].concat())));
        let name = path.join(" ");
        for (heading, item) in help_items(&help) {
            let roff = item.replace('-', "\\-");
            let (h, needle) = match heading.as_str() {
                "Commands" if item == "help" => continue,
                "Commands" => {
                    let mut sub = path.clone();
                    sub.push(item);
                    todo.push(sub);
                    continue;
                }
                "Arguments" => (name.as_str(), format!("\\fI{roff}\\fR")),
                "Options" if path.is_empty() || matches!(item.as_str(), "help" | "version") => {
                    ("OPTIONS", format!("\\fB\\-\\-{roff}\\fR"))
                }
                "Options" => (name.as_str(), format!("\\fB\\-\\-{roff}\\fR")),
                other => (&*other.to_uppercase(), format!("\\fB\\-\\-{roff}\\fR")),
            };
            assert!(
                section(h).contains(&needle),
                "man page section {h} lacks {needle} ({name} -h, {heading})"
            );
            seen += 1;
        }
        if !path.is_empty() && !help.contains("\nCommands:") {
            // A leaf: its line in the synopsis.
            let sy = format!(".SY \"wwwurl {}\"\n", name.replace('-', "\\-"));
            assert!(section("SYNOPSIS").contains(&sy), "no synopsis for {name}");
        }
    }
    assert!(seen > 60, "only {seen} items checked");

    // groff formats it without a warning, as `make manpages-test` checks,
    // for the default device and for a UTF-8 terminal.
    for device in [&[][..], &["-Tutf8"]] {
        let mut child = Command::new("groff")
            .args(["-man", "-ww", "-z"])
            .args(device)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("groff is needed to check the man page: install groff-base");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(page.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "groff {device:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn jobs_run_in_constant_memory() {
    // 48 MB of input through 2 and 4 jobs, standard output to /dev/null:
    // the peak RSS, read once the whole input has been handed over, stays
    // far below the input size.
    let mut line = Vec::new();
    for i in 0..16 {
        line.extend_from_slice(format!("http://host{i}.example/a/b?x=1&y={i}\n").as_bytes());
    }
    let chunk = line.repeat(64);
    for jobs in ["2", "4"] {
        let mut child = wwwurl(&["canon", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut sent = 0;
        while sent < 48 << 20 {
            stdin.write_all(&chunk).unwrap();
            sent += chunk.len();
        }
        // VmHWM: the peak RSS since the program started (not counting the
        // test process it was started from).
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        drop(stdin);
        assert!(child.wait().unwrap().success());
        let hwm: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM in /proc/PID/status");
        assert!(hwm < 24 << 10, "{jobs} jobs: peak RSS {hwm} KiB");
    }
}

/// Asserts a run with `args` that failed for some inputs: status 1, the
/// output lines and the messages given.
fn check_failed<A: AsRef<[u8]>>(args: &[A], stdout: &str, stderr: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(1), "args: {:?}", printable(args));
    assert_eq!(text(&out.stdout), stdout, "args: {:?}", printable(args));
    assert_eq!(text(&out.stderr), stderr, "args: {:?}", printable(args));
}

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
        let mut draft = wwwurl::buf::Buf::new();
        let got = wwwurl::browser::resolve(&base, &input, &mut draft)
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
