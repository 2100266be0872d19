//! The WWWOFFLE routines through the tool: `split`, `canon` (and its
//! profiles), `file`, `link`, `cachefile`, `set`, `hash`, `encode` and
//! `decode`, under both releases and with a local host.
//!
//! Expected outputs are worked out by hand from doc/behaviour.md, not
//! captured from the tool.

use crate::common::{check, ok, run, run_stdin, text, usage_error};

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
fn set_takes_every_name_of_the_core_table() {
    // Removing is refused for some parts (status 1), but no name of the
    // table is a usage error (status 2).
    for part in wwwurl::wwwoffle::edit::Part::ALL {
        for name in std::iter::once(part.name()).chain(part.aliases().iter().copied()) {
            let out = run(&["set", "--unset", name, "http://u:p@h:81/a?q"]);
            assert_ne!(out.status.code(), Some(2), "--unset {name}");
            let out = run(&["set", "--set", &format!("{name}=1"), "http://h/"]);
            assert_ne!(out.status.code(), Some(2), "--set {name}=1");
        }
    }
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
