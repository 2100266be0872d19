//! RFC 3986 against its text: the split (appendix B), resolution (every
//! example of §5.4, and cases of its own), make-relative (resolving back to
//! the target) and normalisation (§6.2.2). Every case asserts the exact
//! output.

use crate::common;

use crate::standards::{
    check_split_table, gen_base, gen_reference, make_relative, normalize, ALPHABET,
};
use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986::{self, ResolveError};

const PLAIN_SPLIT: &[(&[u8], &str)] = &[
    (
        b"http://www.ics.uci.edu/pub/ietf/uri/#Related",
        "scheme[http] authority[www.ics.uci.edu] host[www.ics.uci.edu] path[/pub/ietf/uri/] fragment[Related]",
    ),
    (b"", "path[]"),
    (b"http:", "scheme[http] path[]"),
    (b"http://", "scheme[http] authority[] host[] path[]"),
    (b"file:///", "scheme[file] authority[] host[] path[/]"),
    (b"file:///etc/passwd", "scheme[file] authority[] host[] path[/etc/passwd]"),
    (b"file://localhost/x", "scheme[file] authority[localhost] host[localhost] path[/x]"),
    (b"http://[::1]/", "scheme[http] authority[[::1]] host[[::1]] path[/]"),
    (
        b"http://[::1]:8080/x",
        "scheme[http] authority[[::1]:8080] host[[::1]] port[8080] path[/x]",
    ),
    (
        b"http://[fe80::1%25eth0]:80",
        "scheme[http] authority[[fe80::1%25eth0]:80] host[[fe80::1%25eth0]] port[80] path[]",
    ),
    (b"http://[::1", "scheme[http] authority[[::1] host[[::1] path[]"),
    (b"http://[::1:80/", "scheme[http] authority[[::1:80] host[[::1:80] path[/]"),
    (b"http://[::1]:", "scheme[http] authority[[::1]:] host[[::1]] port[] path[]"),
    (
        b"http://[v7.fe:x]x:1",
        "scheme[http] authority[[v7.fe:x]x:1] host[[v7.fe:x]x] port[1] path[]",
    ),
    (b"http://u@h", "scheme[http] authority[u@h] userinfo[u] user[u] host[h] path[]"),
    (
        b"http://u:p@h:1",
        "scheme[http] authority[u:p@h:1] userinfo[u:p] user[u] password[p] host[h] port[1] path[]",
    ),
    (
        b"http://a@b@c/",
        "scheme[http] authority[a@b@c] userinfo[a@b] user[a@b] host[c] path[/]",
    ),
    (
        b"http://a:b:c@d@e:f:9/",
        "scheme[http] authority[a:b:c@d@e:f:9] userinfo[a:b:c@d] user[a] password[b:c@d] host[e:f] port[9] path[/]",
    ),
    (b"http://@h", "scheme[http] authority[@h] userinfo[] user[] host[h] path[]"),
    (
        b"http://:@h:",
        "scheme[http] authority[:@h:] userinfo[:] user[] password[] host[h] port[] path[]",
    ),
    (b"http://u@", "scheme[http] authority[u@] userinfo[u] user[u] host[] path[]"),
    (
        b"http://u@[::1]:2",
        "scheme[http] authority[u@[::1]:2] userinfo[u] user[u] host[[::1]] port[2] path[]",
    ),
    (b"http://h:80:90", "scheme[http] authority[h:80:90] host[h:80] port[90] path[]"),
    (b"mailto:a@b.c", "scheme[mailto] path[a@b.c]"),
    (b"urn:isbn:0451450523", "scheme[urn] path[isbn:0451450523]"),
    (b"a:b:c", "scheme[a] path[b:c]"),
    (b"//h/p", "authority[h] host[h] path[/p]"),
    (b"///p", "authority[] host[] path[/p]"),
    (b"/p?q#f", "path[/p] query[q] fragment[f]"),
    (b"?", "path[] query[]"),
    (b"#", "path[] fragment[]"),
    (b"?#", "path[] query[] fragment[]"),
    (b"a?b?c#d#e", "path[a] query[b?c] fragment[d#e]"),
    (b":x", "path[:x]"),
    (b"/a:b", "path[/a:b]"),
    (b"./a:b", "path[./a:b]"),
    (b"a/b:c", "path[a/b:c]"),
    (b"s?:x", "path[s] query[:x]"),
    (br"http:\\h\p", r"scheme[http] path[\\\\h\\p]"),
    (b" http://h/ ", "scheme[ http] authority[h] host[h] path[/ ]"),
    (b"\x00:\x01", r"scheme[\x00] path[\x01]"),
    (b"http://h\n/p", r"scheme[http] authority[h\n] host[h\n] path[/p]"),
    (b"http://h/p\n#f\r", r"scheme[http] authority[h] host[h] path[/p\n] fragment[f\r]"),
    (b"HTTP://H", "scheme[HTTP] authority[H] host[H] path[]"),
    (b"http://h?q", "scheme[http] authority[h] host[h] path[] query[q]"),
    (b"http://h#f", "scheme[http] authority[h] host[h] path[] fragment[f]"),
    (b"http://h:8080", "scheme[http] authority[h:8080] host[h] port[8080] path[]"),
    (b"//", "authority[] host[] path[]"),
    (b"//@", "authority[@] userinfo[] user[] host[] path[]"),
    (b"//:", "authority[:] host[] port[] path[]"),
    (b"//[]", "authority[[]] host[[]] path[]"),
    (b"//]:1", "authority[]:1] host[]] port[1] path[]"),
    (b"s:[::1]", "scheme[s] path[[::1]]"),
    (b"\xff\xfe:/\x80", r"scheme[\xff\xfe] path[/\x80]"),
    (b"//h@", "authority[h@] userinfo[h] user[h] host[] path[]"),
    (
        b"ftp://user:pa%40ss@ftp.example.com:21/dir/",
        "scheme[ftp] authority[user:pa%40ss@ftp.example.com:21] userinfo[user:pa%40ss] user[user] password[pa%40ss] host[ftp.example.com] port[21] path[/dir/]",
    ),
    (
        b"http://a/b/c/d;p?q",
        "scheme[http] authority[a] host[a] path[/b/c/d;p] query[q]",
    ),
    (
        b"http://h/%2F?%23#%3F",
        "scheme[http] authority[h] host[h] path[/%2F] query[%23] fragment[%3F]",
    ),
    (b"http//h", "path[http//h]"),
    (b"1http:x", "scheme[1http] path[x]"),
    (b"http:/h", "scheme[http] path[/h]"),
    (b"http:h", "scheme[http] path[h]"),
    (b"//h;x/p", "authority[h;x] host[h;x] path[/p]"),
    (
        b"http://[::1]@h",
        "scheme[http] authority[[::1]@h] userinfo[[::1]] user[[] password[:1]] host[h] path[]",
    ),
];

#[test]
fn rfc3986_split_table() {
    assert!(PLAIN_SPLIT.len() >= 60);
    check_split_table(PLAIN_SPLIT, rfc3986::split, "rfc3986");
}

fn resolve(base: &str, r: &str) -> String {
    let mut out = Buf::new();
    rfc3986::resolve(base.as_bytes(), r.as_bytes(), &mut out).unwrap();
    String::from_utf8(out.into_vec()).unwrap()
}

/// RFC 3986 §5.4.1 and §5.4.2, every example.
const RFC3986_EXAMPLES: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

#[test]
fn rfc3986_section_5_4_examples() {
    assert_eq!(RFC3986_EXAMPLES.len(), 42);
    for &(r, want) in RFC3986_EXAMPLES {
        assert_eq!(resolve("http://a/b/c/d;p?q", r), want, "reference {r:?}");
    }
}

#[test]
fn rfc3986_resolve_own_cases() {
    let cases: &[(&str, &str, &str)] = &[
        ("http://a/b/c/d;p?q#frag", "#", "http://a/b/c/d;p?q#"),
        ("http://a/b/c/d;p?q", "?", "http://a/b/c/d;p?"),
        ("http://a", "g", "http://a/g"),
        ("http://a", "", "http://a"),
        ("http://a", "?q", "http://a?q"),
        ("http://a/", "../../x", "http://a/x"),
        ("http://u@a:8/b", "//v@c:9/./d/../e", "http://v@c:9/e"),
        ("HTTP://A/b", "g", "HTTP://A/g"),
        ("s:a/b/c", "../g", "s:a/g"),
        ("s:a/b", "../g", "s:/g"),
        ("s:", "g", "s:g"),
        ("s:/a/b", "..//g", "s:/.//g"),
        ("s:a/b", "..//g", "s:/.//g"),
        ("http:/a", "/.//evil.com/x", "http:/.//evil.com/x"),
        ("http:/.//evil.com/x", "", "http:/.//evil.com/x"),
        ("s:/a/b", "//g", "s://g"),
        ("mailto:x@y", "z", "mailto:z"),
        ("http://a/b/c", "d:e/../f", "d:/f"),
        ("http://a/b/c", "//h", "http://h"),
        ("http://a/b/c", "//h?x#y", "http://h?x#y"),
        ("http://a/b/c", "/%2E%2E/x", "http://a/%2E%2E/x"),
        ("http://a/b/c/", "..", "http://a/b/"),
        ("file:///etc/x", "y", "file:///etc/y"),
        ("http://a/b?q#f", "#g", "http://a/b?q#g"),
    ];
    for &(base, r, want) in cases {
        assert_eq!(resolve(base, r), want, "{base} + {r}");
    }
}

#[test]
fn rfc3986_resolve_errors_append_nothing() {
    let mut out = Buf::from_slice(b"kept").unwrap();
    for base in [&b""[..], b"/a/b", b"//h/p", b"?q", b":x"] {
        assert_eq!(
            rfc3986::resolve(base, b"g", &mut out),
            Err(ResolveError::BaseNotAbsolute)
        );
    }
    assert_eq!(out, b"kept");
    rfc3986::resolve(b"s:x", b"y", &mut out).unwrap();
    assert_eq!(out, b"kepts:y");
}

/// The property of make-relative: the reference resolves back to the target
/// (itself resolved first), and is never longer than it.
fn check_round_trip(base: &[u8], t: &[u8]) {
    let mut want = Buf::new();
    rfc3986::resolve(base, t, &mut want).unwrap();
    let r = make_relative(base, t);
    let mut back = Buf::new();
    rfc3986::resolve(base, &r, &mut back).unwrap();
    assert_eq!(
        back.escape_ascii().to_string(),
        want.escape_ascii().to_string(),
        "base {} target {} gave {}",
        base.escape_ascii(),
        t.escape_ascii(),
        r.escape_ascii()
    );
    assert!(r.len() <= want.len());
}

#[test]
fn make_relative_round_trips_on_generated_pairs() {
    let mut rng = common::Rng(0x5eed_0018_abcd_ef01);
    for _ in 0..200_000 {
        let base = gen_base(&mut rng);
        let t = gen_reference(&mut rng);
        check_round_trip(&base, &t);
    }
}

#[test]
fn make_relative_round_trips_on_random_bytes() {
    let mut rng = common::Rng(0x0bad_cafe_1234_5678);
    for _ in 0..50_000 {
        let mut base = b"s:".to_vec();
        base.extend(rng.bytes(ALPHABET, 16));
        let t = rng.bytes(ALPHABET, 16);
        // A NUL or control byte is just a byte here.
        check_round_trip(&base, &t);
    }
}

#[test]
fn make_relative_cases() {
    let cases: &[(&str, &str, &str)] = &[
        ("http://a/b/c/d;p?q", "http://a/b/c/g", "g"),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ""),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", "#s"),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y"),
        ("http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p"),
        ("http://a/b/c/d;p?q", "http://a/b/c/", "."),
        ("http://a/b/c/d;p?q", "http://a/b/", ".."),
        ("http://a/b/c/d;p?q", "http://a/b/g", "../g"),
        ("http://a/b/c/d;p?q", "http://a/g", "/g"),
        ("http://a/b/c/d;p?q", "http://a/", "/"),
        ("http://a/b/c/d;p?q", "http://a", "//a"),
        ("http://a/b/c/d;p?q", "http://b/b/c/g", "//b/b/c/g"),
        ("http://a/b/c/d;p?q", "ftp://a/b/c/g", "ftp://a/b/c/g"),
        ("http://a/b/c/d;p?q", "HTTP://a/b/c/g", "HTTP://a/b/c/g"),
        ("http://a/b/c/d;p?q", "http://a/b/c/g:h", "./g:h"),
        ("http://a/b/c/d;p?q", "http:/b/c/g", "http:/b/c/g"),
        ("http://a/b/c/d;p?q", "g/../h", "h"),
        ("file:///etc/passwd", "file:///etc/hosts", "hosts"),
        ("mailto:a@b", "mailto:c@d", "c@d"),
    ];
    let mut bad = Vec::new();
    for &(base, t, want) in cases {
        let got = make_relative(base.as_bytes(), t.as_bytes());
        if got != want.as_bytes() {
            bad.push(format!(
                "{base} -> {t}: got {} want {want}",
                got.escape_ascii()
            ));
        }
        check_round_trip(base.as_bytes(), t.as_bytes());
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    let mut o = Buf::new();
    assert_eq!(
        wwwurl::rfc3986::relative::make_relative(b"a/b", b"c", &mut o),
        Err(ResolveError::BaseNotAbsolute)
    );
}

#[test]
fn normalize_is_idempotent_and_keeps_components() {
    use wwwurl::rfc3986::normalize::Mask;
    let mut rng = common::Rng(0x0622_0018);
    let pct: &[u8] = b"%7e%7E%2e%41%3a%zz%4%gg/a.B";
    for i in 0..100_000 {
        let mut s = gen_reference(&mut rng);
        if i % 2 == 0 {
            s.extend(rng.bytes(pct, 10));
        }
        let s = if i % 5 == 0 {
            rng.bytes(ALPHABET, 20)
        } else {
            s
        };
        for mask in [Mask::SYNTAX, Mask::ALL, Mask(rng.next() as u32 & 255)] {
            let once = normalize(&s, mask);
            let twice = normalize(&once, mask);
            assert_eq!(
                once.escape_ascii().to_string(),
                twice.escape_ascii().to_string(),
                "{} mask {}",
                s.escape_ascii(),
                mask.0
            );
            let (a, b) = (rfc3986::split(&s), rfc3986::split(&once));
            for (x, y) in [
                (a.scheme, b.scheme),
                (a.authority, b.authority),
                (a.query, b.query),
                (a.fragment, b.fragment),
            ] {
                assert_eq!(x.is_some(), y.is_some(), "{}", s.escape_ascii());
            }
        }
    }
}
