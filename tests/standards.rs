//! The standards tools against their documents: RFC 3986 split and
//! resolution (every example of §5.4), the browser-style split, and the Web
//! Capture canonical form. Every case asserts the exact output.

// Tests and benchmarks may abort when memory runs out: the ban on aborting
// allocations (clippy.toml) is the library's.
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    clippy::disallowed_types
)]

mod common;

use std::time::{Duration, Instant};

use wwwurl::buf::Buf;
use wwwurl::rfc3986::{Components, ResolveError};
use wwwurl::webcapture::WebCaptureError;
use wwwurl::{browser, rfc3986, webcapture};

/// Every present component as `name[bytes]`, in order; absent ones omitted.
/// Offsets are applied to the original input, so they are checked too.
fn show(s: &[u8], c: &Components) -> String {
    let mut o = Vec::new();
    for (name, p) in [
        ("scheme", c.scheme),
        ("auth", c.authority),
        ("ui", c.userinfo),
        ("user", c.user),
        ("pass", c.password),
        ("host", c.host),
        ("port", c.port),
        ("path", c.path),
        ("query", c.query),
        ("frag", c.fragment),
    ] {
        if let Some(p) = p {
            assert!(p.end() <= s.len(), "{name} out of bounds");
            o.push(format!("{name}[{}]", p.bytes(s).escape_ascii()));
        }
    }
    o.join(" ")
}

fn check_split_table(table: &[(&[u8], &str)], f: fn(&[u8]) -> Components, mode: &str) {
    let mut bad = Vec::new();
    for &(input, want) in table {
        let got = show(input, &f(input));
        if got != want {
            bad.push(format!(
                "{mode} {:?}\n   got  {got}\n   want {want}",
                input.escape_ascii().to_string()
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

const PLAIN_SPLIT: &[(&[u8], &str)] = &[
    (
        b"http://www.ics.uci.edu/pub/ietf/uri/#Related",
        "scheme[http] auth[www.ics.uci.edu] host[www.ics.uci.edu] path[/pub/ietf/uri/] frag[Related]",
    ),
    (b"", "path[]"),
    (b"http:", "scheme[http] path[]"),
    (b"http://", "scheme[http] auth[] host[] path[]"),
    (b"file:///", "scheme[file] auth[] host[] path[/]"),
    (b"file:///etc/passwd", "scheme[file] auth[] host[] path[/etc/passwd]"),
    (b"file://localhost/x", "scheme[file] auth[localhost] host[localhost] path[/x]"),
    (b"http://[::1]/", "scheme[http] auth[[::1]] host[[::1]] path[/]"),
    (
        b"http://[::1]:8080/x",
        "scheme[http] auth[[::1]:8080] host[[::1]] port[8080] path[/x]",
    ),
    (
        b"http://[fe80::1%25eth0]:80",
        "scheme[http] auth[[fe80::1%25eth0]:80] host[[fe80::1%25eth0]] port[80] path[]",
    ),
    (b"http://[::1", "scheme[http] auth[[::1] host[[::1] path[]"),
    (b"http://[::1:80/", "scheme[http] auth[[::1:80] host[[::1:80] path[/]"),
    (b"http://[::1]:", "scheme[http] auth[[::1]:] host[[::1]] port[] path[]"),
    (
        b"http://[v7.fe:x]x:1",
        "scheme[http] auth[[v7.fe:x]x:1] host[[v7.fe:x]x] port[1] path[]",
    ),
    (b"http://u@h", "scheme[http] auth[u@h] ui[u] user[u] host[h] path[]"),
    (
        b"http://u:p@h:1",
        "scheme[http] auth[u:p@h:1] ui[u:p] user[u] pass[p] host[h] port[1] path[]",
    ),
    (
        b"http://a@b@c/",
        "scheme[http] auth[a@b@c] ui[a@b] user[a@b] host[c] path[/]",
    ),
    (
        b"http://a:b:c@d@e:f:9/",
        "scheme[http] auth[a:b:c@d@e:f:9] ui[a:b:c@d] user[a] pass[b:c@d] host[e:f] port[9] path[/]",
    ),
    (b"http://@h", "scheme[http] auth[@h] ui[] user[] host[h] path[]"),
    (
        b"http://:@h:",
        "scheme[http] auth[:@h:] ui[:] user[] pass[] host[h] port[] path[]",
    ),
    (b"http://u@", "scheme[http] auth[u@] ui[u] user[u] host[] path[]"),
    (
        b"http://u@[::1]:2",
        "scheme[http] auth[u@[::1]:2] ui[u] user[u] host[[::1]] port[2] path[]",
    ),
    (b"http://h:80:90", "scheme[http] auth[h:80:90] host[h:80] port[90] path[]"),
    (b"mailto:a@b.c", "scheme[mailto] path[a@b.c]"),
    (b"urn:isbn:0451450523", "scheme[urn] path[isbn:0451450523]"),
    (b"a:b:c", "scheme[a] path[b:c]"),
    (b"//h/p", "auth[h] host[h] path[/p]"),
    (b"///p", "auth[] host[] path[/p]"),
    (b"/p?q#f", "path[/p] query[q] frag[f]"),
    (b"?", "path[] query[]"),
    (b"#", "path[] frag[]"),
    (b"?#", "path[] query[] frag[]"),
    (b"a?b?c#d#e", "path[a] query[b?c] frag[d#e]"),
    (b":x", "path[:x]"),
    (b"/a:b", "path[/a:b]"),
    (b"./a:b", "path[./a:b]"),
    (b"a/b:c", "path[a/b:c]"),
    (b"s?:x", "path[s] query[:x]"),
    (br"http:\\h\p", r"scheme[http] path[\\\\h\\p]"),
    (b" http://h/ ", "scheme[ http] auth[h] host[h] path[/ ]"),
    (b"\x00:\x01", r"scheme[\x00] path[\x01]"),
    (b"http://h\n/p", r"scheme[http] auth[h\n] host[h\n] path[/p]"),
    (b"http://h/p\n#f\r", r"scheme[http] auth[h] host[h] path[/p\n] frag[f\r]"),
    (b"HTTP://H", "scheme[HTTP] auth[H] host[H] path[]"),
    (b"http://h?q", "scheme[http] auth[h] host[h] path[] query[q]"),
    (b"http://h#f", "scheme[http] auth[h] host[h] path[] frag[f]"),
    (b"http://h:8080", "scheme[http] auth[h:8080] host[h] port[8080] path[]"),
    (b"//", "auth[] host[] path[]"),
    (b"//@", "auth[@] ui[] user[] host[] path[]"),
    (b"//:", "auth[:] host[] port[] path[]"),
    (b"//[]", "auth[[]] host[[]] path[]"),
    (b"//]:1", "auth[]:1] host[]] port[1] path[]"),
    (b"s:[::1]", "scheme[s] path[[::1]]"),
    (b"\xff\xfe:/\x80", r"scheme[\xff\xfe] path[/\x80]"),
    (b"//h@", "auth[h@] ui[h] user[h] host[] path[]"),
    (
        b"ftp://user:pa%40ss@ftp.example.com:21/dir/",
        "scheme[ftp] auth[user:pa%40ss@ftp.example.com:21] ui[user:pa%40ss] user[user] pass[pa%40ss] host[ftp.example.com] port[21] path[/dir/]",
    ),
    (
        b"http://a/b/c/d;p?q",
        "scheme[http] auth[a] host[a] path[/b/c/d;p] query[q]",
    ),
    (
        b"http://h/%2F?%23#%3F",
        "scheme[http] auth[h] host[h] path[/%2F] query[%23] frag[%3F]",
    ),
    (b"http//h", "path[http//h]"),
    (b"1http:x", "scheme[1http] path[x]"),
    (b"http:/h", "scheme[http] path[/h]"),
    (b"http:h", "scheme[http] path[h]"),
    (b"//h;x/p", "auth[h;x] host[h;x] path[/p]"),
    (
        b"http://[::1]@h",
        "scheme[http] auth[[::1]@h] ui[[::1]] user[[] pass[:1]] host[h] path[]",
    ),
];

const BROWSER_SPLIT: &[(&[u8], &str)] = &[
    (
        b"http://www.example.com/a?b#c",
        "scheme[http] auth[www.example.com] host[www.example.com] path[/a] query[b] frag[c]",
    ),
    (b"  http://h/p  ", "scheme[http] auth[h] host[h] path[/p]"),
    (
        b"\x00\x1f http://h/\x7f ",
        r"scheme[http] auth[h] host[h] path[/\x7f]",
    ),
    (b"\t\nhttp://h\r\n", "scheme[http] auth[h] host[h] path[]"),
    (br"http:\\h\p", r"scheme[http] auth[h] host[h] path[\\p]"),
    (br"http:/\h/p", "scheme[http] auth[h] host[h] path[/p]"),
    (b"http:h/p", "scheme[http] auth[h] host[h] path[/p]"),
    (b"http:///h/p", "scheme[http] auth[h] host[h] path[/p]"),
    (b"http:////h", "scheme[http] auth[h] host[h] path[]"),
    (
        b"HTTP://H:80",
        "scheme[HTTP] auth[H:80] host[H] port[80] path[]",
    ),
    (b"http://h;x/p", "scheme[http] auth[h] host[h] path[;x/p]"),
    (
        b"http://h?q",
        "scheme[http] auth[h] host[h] path[] query[q]",
    ),
    (
        b"http://h#f?x",
        "scheme[http] auth[h] host[h] path[] frag[f?x]",
    ),
    (
        b"http://a@b@c/",
        "scheme[http] auth[a@b@c] ui[a@b] user[a@b] host[c] path[/]",
    ),
    (
        b"http://u:p:q@h:1",
        "scheme[http] auth[u:p:q@h:1] ui[u:p:q] user[u] pass[p:q] host[h] port[1] path[]",
    ),
    (
        b"http://u:p@[::1]:8/",
        "scheme[http] auth[u:p@[::1]:8] ui[u:p] user[u] pass[p] host[[::1]] port[8] path[/]",
    ),
    (
        b"http://[::1]/",
        "scheme[http] auth[[::1]] host[[::1]] path[/]",
    ),
    (
        b"http://[::1:80/",
        "scheme[http] auth[[::1:80] host[[::1] port[80] path[/]",
    ),
    (
        b"http://[::1]x:80",
        "scheme[http] auth[[::1]x:80] host[[::1]x] port[80] path[]",
    ),
    (b"http://h:", "scheme[http] auth[h:] host[h] port[] path[]"),
    (b"http://:", "scheme[http] auth[:] host[] port[] path[]"),
    (
        b"http://@",
        "scheme[http] auth[@] ui[] user[] host[] path[]",
    ),
    (
        b"mailto:a@b?subject=x#y",
        "scheme[mailto] path[a@b?subject=x#y]",
    ),
    (b"javascript:alert(1)", "scheme[javascript] path[alert(1)]"),
    (b"svn://h/p", "scheme[svn] auth[h] host[h] path[/p]"),
    (br"svn:\\h", "scheme[svn] auth[h] host[h] path[]"),
    (b"foo:/bar", "scheme[foo] path[/bar]"),
    (
        b"file:///etc/passwd",
        "scheme[file] auth[] host[] path[/etc/passwd]",
    ),
    (b"file:///", "scheme[file] auth[] host[] path[/]"),
    (
        b"file://host/share",
        "scheme[file] auth[host] host[host] path[/share]",
    ),
    (b"file:/etc?x#y", "scheme[file] path[/etc] query[x] frag[y]"),
    (br"file:c:\x", r"scheme[file] path[c:\\x]"),
    (br"C:\dir\f.txt", r"path[C:\\dir\\f.txt]"),
    (b"c:/x?y#z", "path[c:/x] query[y] frag[z]"),
    (b"//h:1/p", "auth[h:1] host[h] port[1] path[/p]"),
    (br"\\h\p", r"auth[h] host[h] path[\\p]"),
    (b"/p?q#f", "path[/p] query[q] frag[f]"),
    (b"a b:c", "path[a b:c]"),
    (b"1a:b", "path[1a:b]"),
    (b"h+t.t-p:x", "scheme[h+t.t-p] path[x]"),
    (b"", "path[]"),
    (b"   ", "path[]"),
    (b"http://h/p q", "scheme[http] auth[h] host[h] path[/p q]"),
    (
        b"http://u\t@h",
        r"scheme[http] auth[u\t@h] ui[u\t] user[u\t] host[h] path[]",
    ),
    (b"ws:h", "scheme[ws] auth[h] host[h] path[]"),
    (b"http:?q", "scheme[http] auth[] host[] path[] query[q]"),
    (b"http:#f", "scheme[http] auth[] host[] path[] frag[f]"),
    (
        b"data:text/html,<p>#x",
        "scheme[data] path[text/html,<p>#x]",
    ),
    (
        b"http://a:b@c:d@e/",
        "scheme[http] auth[a:b@c:d@e] ui[a:b@c:d] user[a] pass[b@c:d] host[e] path[/]",
    ),
    (
        b"http://[::1]",
        "scheme[http] auth[[::1]] host[[::1]] path[]",
    ),
    (
        b"http://[1:2]:3",
        "scheme[http] auth[[1:2]:3] host[[1:2]] port[3] path[]",
    ),
    (
        b"http://h\x01/p",
        r"scheme[http] auth[h\x01] host[h\x01] path[/p]",
    ),
    (b"  //h", "auth[h] host[h] path[]"),
    (b"HtTpS:H", "scheme[HtTpS] auth[H] host[H] path[]"),
    (b"x-y:?q", "scheme[x-y] path[?q]"),
    (b"//", "auth[] host[] path[]"),
    (
        b"http://h/a\\b?c\\d",
        r"scheme[http] auth[h] host[h] path[/a\\b] query[c\\d]",
    ),
];

#[test]
fn rfc3986_split_table() {
    assert!(PLAIN_SPLIT.len() >= 60);
    check_split_table(PLAIN_SPLIT, rfc3986::split, "rfc3986");
}

#[test]
fn browser_split_table() {
    assert!(BROWSER_SPLIT.len() >= 50);
    check_split_table(BROWSER_SPLIT, browser::split, "browser");
}

#[test]
fn browser_offsets_are_into_the_original() {
    let s = b"\x00 \tHTTP://u:p@H:8/x?q#f \n";
    let c = browser::split(s);
    let at = |p: Option<rfc3986::Part>| p.map(|p| (p.start, p.len));
    assert_eq!(at(c.scheme), Some((3, 4)));
    assert_eq!(at(c.authority), Some((10, 7)));
    assert_eq!(at(c.userinfo), Some((10, 3)));
    assert_eq!(at(c.user), Some((10, 1)));
    assert_eq!(at(c.password), Some((12, 1)));
    assert_eq!(at(c.host), Some((14, 1)));
    assert_eq!(at(c.port), Some((16, 1)));
    assert_eq!(at(c.path), Some((17, 2)));
    assert_eq!(at(c.query), Some((20, 1)));
    assert_eq!(at(c.fragment), Some((22, 1)));
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

/// URL, base, expected canonical form or error.
type WcCase = (
    &'static [u8],
    Option<&'static [u8]>,
    Result<&'static [u8], WebCaptureError>,
);

const WEBCAPTURE: &[WcCase] = &[
    (
        b"http://www.example.com/",
        None,
        Ok(b"http://www.example.com/"),
    ),
    (
        b"HTTP://WWW.EXAMPLE.COM/Path/To",
        None,
        Ok(b"http://www.example.com/Path/To"),
    ),
    (b"http://h/a#frag", None, Ok(b"http://h/a")),
    (b"http://h/a#b#c", None, Ok(b"http://h/a")),
    (b"http://h/a?q#f", None, Ok(b"http://h/a?q")),
    (b"http://h/a?Q=B%7E", None, Ok(b"http://h/a?Q=B%7E")),
    (b"http://h:80/", None, Ok(b"http://h/")),
    (b"http://h:8080/", None, Ok(b"http://h:8080/")),
    (b"http://h:/", None, Ok(b"http://h/")),
    (b"http://h:080/", None, Ok(b"http://h/")),
    (b"https://h:443/x", None, Ok(b"https://h/x")),
    (b"https://h:80/x", None, Ok(b"https://h:80/x")),
    (b"ftp://h:21/pub", None, Ok(b"ftp://h/pub")),
    (b"ftp://h:2121/pub", None, Ok(b"ftp://h:2121/pub")),
    (b"http://h:21/", None, Ok(b"http://h:21/")),
    (b"file://localhost/etc/x", None, Ok(b"file:///etc/x")),
    (b"FILE://LOCALHOST/Etc", None, Ok(b"file:///Etc")),
    (b"file:///etc/x", None, Ok(b"file:///etc/x")),
    (b"file://host/share/x", None, Ok(b"file://host/share/x")),
    (b"file://Server/x", None, Ok(b"file://server/x")),
    (b"file://u@localhost/x", None, Ok(b"file://u@localhost/x")),
    (b"file://localhost:5/x", None, Ok(b"file://localhost:5/x")),
    (b"file://localhost:80/x", None, Ok(b"file://localhost:80/x")),
    (b"file://localhost:/x", None, Ok(b"file:///x")),
    (b"ftp://a:21:21/", None, Ok(b"ftp://a/")),
    (b"ftp://a:99:21/", None, Ok(b"ftp://a:99/")),
    (b"ftp://a:21:99/", None, Ok(b"ftp://a:21:99/")),
    (b"ftp://::", None, Ok(b"ftp://")),
    (b"http://[::1]:80:80/", None, Ok(b"http://[::1]/")),
    (b"http://[::1]:8:80/", None, Ok(b"http://[::1]:8/")),
    (b"http://[::1:80/", None, Ok(b"http://[::1:80/")),
    (b"file://localhost::/x", None, Ok(b"file:///x")),
    (b"FILE://LocalHost:/x", None, Ok(b"file:///x")),
    (b"file://u@localhost:/x", None, Ok(b"file://u@localhost/x")),
    (b"http:/.//evil.com/x", None, Ok(b"http:/.//evil.com/x")),
    (b"http:/a/..//evil.com/x", None, Ok(b"http:/.//evil.com/x")),
    (b"http:.//evil.com", None, Ok(b"http:/evil.com")),
    (
        b"/.//evil.com/x",
        Some(b"http:/a/b"),
        Ok(b"http:/.//evil.com/x"),
    ),
    (b"http://localhost/x", None, Ok(b"http://localhost/x")),
    (b"http://h/a/./b/../c", None, Ok(b"http://h/a/c")),
    (b"http://h/a/../../g", None, Ok(b"http://h/../g")),
    (b"http://h/../g", None, Ok(b"http://h/../g")),
    (b"http://h/a/b/..", None, Ok(b"http://h/a/")),
    (b"http://h/a/b/.", None, Ok(b"http://h/a/b/")),
    (b"http://h/./a", None, Ok(b"http://h/a")),
    (b"http://h/a/..b/c", None, Ok(b"http://h/a/..b/c")),
    (b"http://h/a/.b/", None, Ok(b"http://h/a/.b/")),
    (b"http://h/%2E%2E/a", None, Ok(b"http://h/%2E%2E/a")),
    (b"http://h/%7E/~", None, Ok(b"http://h/%7E/~")),
    (b"http://h/a/../b?x/../y", None, Ok(b"http://h/b?x/../y")),
    (
        b"http://User:PassWord@Host.COM:80/x",
        None,
        Ok(b"http://User:PassWord@host.com/x"),
    ),
    (b"http://[FE80::1]:80/", None, Ok(b"http://[fe80::1]/")),
    (b"http://H", None, Ok(b"http://h")),
    (b"g", Some(b"http://a/b/c/d;p?q"), Ok(b"http://a/b/c/g")),
    (
        b"../../../g",
        Some(b"http://a/b/c/d;p?q"),
        Ok(b"http://a/g"),
    ),
    (
        b"#s",
        Some(b"http://a/b/c/d;p?q"),
        Ok(b"http://a/b/c/d;p?q"),
    ),
    (b"//OTHER:80/x", Some(b"http://a/"), Ok(b"http://other/x")),
    (b"g", Some(b"HTTP://A:80/b/c#f"), Ok(b"http://a/b/g")),
    (b"g", None, Err(WebCaptureError::RelativeWithoutBase)),
    (b"", None, Err(WebCaptureError::RelativeWithoutBase)),
    (b"g", Some(b"/rel"), Err(WebCaptureError::BaseNotAbsolute)),
    (b"mailto:x@y", None, Err(WebCaptureError::UnsupportedScheme)),
    (
        b"gopher://h/",
        None,
        Err(WebCaptureError::UnsupportedScheme),
    ),
    (
        b"g",
        Some(b"mailto:x@y"),
        Err(WebCaptureError::UnsupportedScheme),
    ),
    (b"http:g", None, Ok(b"http:g")),
    (b"http:a/../b", None, Ok(b"http:b")),
    (b"http://h/a//../b", None, Ok(b"http://h/a/b")),
    (b"http://h/a/b/../../../../g", None, Ok(b"http://h/../../g")),
    (b"http://h/x", Some(b"not a base"), Ok(b"http://h/x")),
    (
        b"ftp://anonymous:me%40x@FTP.Example.org/pub/../README",
        None,
        Ok(b"ftp://anonymous:me%40x@ftp.example.org/README"),
    ),
    (b"http://h/ a", None, Ok(b"http://h/ a")),
    (
        b"http://H\xc3\x89/\xc3\xa9",
        None,
        Ok(b"http://h\xc3\x89/\xc3\xa9"),
    ),
    (
        b"http://h:99999999999999999999080/",
        None,
        Ok(b"http://h:99999999999999999999080/"),
    ),
    (b"http://h:0/", None, Ok(b"http://h:0/")),
    (b"http://h:8o/", None, Ok(b"http://h:8o/")),
    (b"Http://h/#", None, Ok(b"http://h/")),
    (b"http://h?#", None, Ok(b"http://h?")),
    (b"http://h/a/./../b/./", None, Ok(b"http://h/b/")),
    (b"http://h/./", None, Ok(b"http://h/")),
    (b"http://h/..", None, Ok(b"http://h/..")),
    (b"http://h/../..", None, Ok(b"http://h/../..")),
    (b"http://h/a/../", None, Ok(b"http://h/")),
    (b"http://h/a;p/../b;q", None, Ok(b"http://h/b;q")),
];

#[test]
fn webcapture_table() {
    assert!(WEBCAPTURE.len() >= 40);
    let mut bad = Vec::new();
    for &(url, base, want) in WEBCAPTURE {
        let mut out = Buf::new();
        let got = webcapture::canonical(url, base, &mut out).map(|()| &out[..]);
        if got != want {
            bad.push(format!(
                "{} (base {:?}): got {:?}, want {:?}",
                url.escape_ascii(),
                base.map(|b| b.escape_ascii().to_string()),
                got.map(|b| b.escape_ascii().to_string()),
                want.map(|b| b.escape_ascii().to_string()),
            ));
        }
        if want.is_err() {
            assert!(out.is_empty(), "error appended output");
        } else {
            // Canonical means a fixed point.
            let mut again = Buf::new();
            webcapture::canonical(&out, None, &mut again).unwrap();
            if again != out {
                bad.push(format!(
                    "{}: not a fixed point: {}",
                    out.escape_ascii(),
                    again.escape_ascii()
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn webcapture_appends() {
    let mut out = Buf::from_slice(b"> ").unwrap();
    webcapture::canonical(b"HTTP://H:80/a/../b#x", None, &mut out).unwrap();
    assert_eq!(out, b"> http://h/b");
}

const MIB: usize = 1 << 20;

fn repeat(unit: &[u8], prefix: &[u8], suffix: &[u8]) -> Vec<u8> {
    let mut v = prefix.to_vec();
    while v.len() < MIB {
        v.extend_from_slice(unit);
    }
    v.extend_from_slice(suffix);
    v
}

fn timed(what: &str, f: impl FnOnce() -> Vec<u8>, want: &[u8]) {
    let t = Instant::now();
    let got = f();
    // A quadratic pass over a megabyte would take hours; a linear one takes
    // milliseconds even unoptimised.
    assert!(t.elapsed() < Duration::from_secs(10), "{what} too slow");
    // Not assert_eq!: a failure would print megabytes.
    assert!(
        got == want,
        "{what}: got {} bytes starting {}",
        got.len(),
        got[..got.len().min(40)].escape_ascii()
    );
}

#[test]
fn linear_time_on_a_megabyte() {
    let dotdot = repeat(b"/../", b"", b"");
    let a_dotdot = repeat(b"a/../", b"", b"");
    let base = b"http://a/b/c/d;p?q";
    let dots3986 = |p: &[u8]| {
        let mut out = Buf::new();
        rfc3986::remove_dot_segments(p, &mut out).unwrap();
        out.into_vec()
    };
    let resolve = |r: &[u8]| {
        let mut out = Buf::new();
        rfc3986::resolve(base, r, &mut out).unwrap();
        out.into_vec()
    };
    let canon = |u: &[u8], b: Option<&[u8]>| {
        let mut out = Buf::new();
        webcapture::canonical(u, b, &mut out).unwrap();
        out.into_vec()
    };
    timed("remove_dot_segments /../", || dots3986(&dotdot), b"/");
    timed("remove_dot_segments a/../", || dots3986(&a_dotdot), b"/");
    let up = repeat(b"../", b"", b"g");
    timed("resolve ../", || resolve(&up), b"http://a/g");
    timed("resolve a/../", || resolve(&a_dotdot), b"http://a/b/c/");
    let url = repeat(b"a/../", b"http://h/", b"");
    timed("webcapture a/../", || canon(&url, None), b"http://h/");
    // Each empty segment between two `/../` is a segment that the next `..`
    // removes, so only the first `..` is left.
    let url = repeat(b"/../", b"http://h", b"");
    timed("webcapture /../", || canon(&url, None), b"http://h/../");
    let url = repeat(b"../", b"http://h/", b"");
    timed("webcapture ../", || canon(&url, None), &url);
    let mut url = repeat(b"a/", b"http://h/", b"");
    let n = (url.len() - 9) / 2;
    url.extend(std::iter::repeat_n(&b"../"[..], n).flatten());
    timed("webcapture a/a/../..", || canon(&url, None), b"http://h/");
    timed(
        "webcapture relative",
        || canon(&dotdot[1..], Some(b"http://h/x/y")),
        b"http://h/",
    );
    for unit in [
        &b"@:"[..],
        b"[:",
        b"]:",
        b":",
        b"@",
        b"\\",
        b"/",
        b"?#",
        b"\x00 ",
    ] {
        let s = repeat(unit, b" http://", b" ");
        timed(
            "rfc3986 split",
            || {
                let c = rfc3986::split(&s);
                c.scheme.unwrap().bytes(&s).to_vec()
            },
            b" http",
        );
        timed(
            "browser split",
            || {
                let c = browser::split(&s);
                c.scheme.unwrap().bytes(&s).to_vec()
            },
            b"http",
        );
    }
}

const ALPHABET: &[u8] = b":/?#@[]\\;.%aAH0 \x00\x1f\xff";

fn assert_parts_ordered(s: &[u8], c: &Components) {
    let mut at = 0;
    for p in [c.scheme, c.authority, c.path, c.query, c.fragment]
        .into_iter()
        .flatten()
    {
        assert!(p.start >= at && p.end() <= s.len(), "{}", s.escape_ascii());
        at = p.end();
    }
    assert!(c.path.is_some());
    if let Some(a) = c.authority {
        for p in [c.userinfo, c.user, c.password, c.host, c.port]
            .into_iter()
            .flatten()
        {
            assert!(p.start >= a.start && p.end() <= a.end());
        }
        assert!(c.host.is_some());
    } else {
        assert!(c.userinfo.is_none() && c.host.is_none() && c.port.is_none());
    }
}

/// Independent transcriptions of the documents, byte by byte and without
/// any concern for speed, that the random inputs below compare the library
/// against: RFC 3986 appendix B, §5.2.2 to §5.2.4 and §5.3, RFC 1808 §4
/// step 6, and the Web Capture steps as `src/webcapture.rs` lists them.
mod reference {
    /// The five components of appendix B's expression
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    pub struct Split {
        pub scheme: Option<Vec<u8>>,
        pub authority: Option<Vec<u8>>,
        pub path: Vec<u8>,
        pub query: Option<Vec<u8>>,
        pub fragment: Option<Vec<u8>>,
    }

    pub fn split(s: &[u8]) -> Split {
        let mut rest = s;
        let mut scheme = None;
        if let Some(i) = rest.iter().position(|b| b":/?#".contains(b)) {
            if i > 0 && rest[i] == b':' {
                scheme = Some(rest[..i].to_vec());
                rest = &rest[i + 1..];
            }
        }
        let mut authority = None;
        if let Some(r) = rest.strip_prefix(b"//") {
            let e = r.iter().position(|b| b"/?#".contains(b)).unwrap_or(r.len());
            authority = Some(r[..e].to_vec());
            rest = &r[e..];
        }
        let e = rest
            .iter()
            .position(|b| b"?#".contains(b))
            .unwrap_or(rest.len());
        let path = rest[..e].to_vec();
        rest = &rest[e..];
        let mut query = None;
        if let Some(r) = rest.strip_prefix(b"?") {
            let e = r.iter().position(|&b| b == b'#').unwrap_or(r.len());
            query = Some(r[..e].to_vec());
            rest = &r[e..];
        }
        let fragment = rest.strip_prefix(b"#").map(<[u8]>::to_vec);
        Split {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// §5.2.4, rules A to E on an input and an output buffer.
    pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
        let mut input = path.to_vec();
        let mut output: Vec<u8> = Vec::new();
        // The length of the prefix "/./" or "/." (`dots` = "/."), "/../" or
        // "/.." (`dots` = "/.."), where the dots are a complete segment.
        let prefix = |b: &[u8], dots: &[u8]| {
            let n = dots.len();
            if b.starts_with(dots) && b.len() == n {
                Some(n)
            } else if b.starts_with(dots) && b[n] == b'/' {
                Some(n + 1)
            } else {
                None
            }
        };
        while !input.is_empty() {
            if input.starts_with(b"../") {
                input.drain(..3);
            } else if input.starts_with(b"./") {
                input.drain(..2);
            } else if let Some(n) = prefix(&input, b"/.") {
                input.splice(..n, *b"/");
            } else if let Some(n) = prefix(&input, b"/..") {
                input.splice(..n, *b"/");
                let cut = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
                output.truncate(cut);
            } else if input == b"." || input == b".." {
                input.clear();
            } else {
                let from = usize::from(input[0] == b'/');
                let end = input[from..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map_or(input.len(), |e| from + e);
                output.extend(input.drain(..end));
            }
        }
        output
    }

    /// §5.2.3.
    fn merge(base: &Split, r_path: &[u8]) -> Vec<u8> {
        if base.authority.is_some() && base.path.is_empty() {
            return [b"/", r_path].concat();
        }
        let keep = base
            .path
            .iter()
            .rposition(|&b| b == b'/')
            .map_or(0, |i| i + 1);
        [&base.path[..keep], r_path].concat()
    }

    /// §5.2.2 (strict), recomposed by §5.3, with the library's one addition:
    /// a path that starts with `//` without an authority gets `/.` before it.
    pub fn resolve(base: &[u8], reference: &[u8]) -> Option<Vec<u8>> {
        let b = split(base);
        let r = split(reference);
        let b_scheme = b.scheme.clone()?;
        let (scheme, authority, path, query);
        if r.scheme.is_some() {
            scheme = r.scheme.clone().unwrap();
            authority = r.authority.clone();
            path = remove_dot_segments(&r.path);
            query = r.query.clone();
        } else {
            if r.authority.is_some() {
                authority = r.authority.clone();
                path = remove_dot_segments(&r.path);
                query = r.query.clone();
            } else {
                if r.path.is_empty() {
                    path = b.path.clone();
                    query = r.query.clone().or_else(|| b.query.clone());
                } else {
                    path = if r.path.starts_with(b"/") {
                        remove_dot_segments(&r.path)
                    } else {
                        remove_dot_segments(&merge(&b, &r.path))
                    };
                    query = r.query.clone();
                }
                authority = b.authority.clone();
            }
            scheme = b_scheme;
        }
        Some(recompose(
            &scheme,
            authority.as_deref(),
            &path,
            query.as_deref(),
            r.fragment.as_deref(),
        ))
    }

    fn recompose(
        scheme: &[u8],
        authority: Option<&[u8]>,
        path: &[u8],
        query: Option<&[u8]>,
        fragment: Option<&[u8]>,
    ) -> Vec<u8> {
        let mut t = [scheme, b":"].concat();
        if let Some(a) = authority {
            t.extend_from_slice(b"//");
            t.extend_from_slice(a);
        } else if path.starts_with(b"//") {
            t.extend_from_slice(b"/.");
        }
        t.extend_from_slice(path);
        if let Some(q) = query {
            t.push(b'?');
            t.extend_from_slice(q);
        }
        if let Some(f) = fragment {
            t.push(b'#');
            t.extend_from_slice(f);
        }
        t
    }

    /// RFC 1808 §4 step 6 (a) to (d), on the path after its leading `/`,
    /// each removal done on the string of segments as the RFC words it.
    pub fn remove_dots_rfc1808(path: &[u8]) -> Vec<u8> {
        let (lead, p): (&[u8], &[u8]) = match path.strip_prefix(b"/") {
            Some(p) => (b"/", p),
            None => (b"", path),
        };
        let mut segs: Vec<&[u8]> = p.split(|&b| b == b'/').collect();
        // (a) every "./" whose "." is a complete segment.
        let last = segs.len() - 1;
        segs = segs
            .into_iter()
            .enumerate()
            .filter(|&(i, s)| !(s == b"." && i < last))
            .map(|(_, s)| s)
            .collect();
        // (b) a final ".".
        if segs.last() == Some(&&b"."[..]) {
            *segs.last_mut().unwrap() = b"";
        }
        // (c) the leftmost "<segment>/../", again and again.
        while let Some(i) =
            (0..segs.len().saturating_sub(2)).find(|&i| segs[i] != b".." && segs[i + 1] == b"..")
        {
            segs.drain(i..i + 2);
        }
        // (d) a final "<segment>/..".
        let n = segs.len();
        if n >= 2 && segs[n - 1] == b".." && segs[n - 2] != b".." {
            segs.truncate(n - 2);
            segs.push(b"");
        }
        [lead, &segs.join(&b'/')].concat()
    }

    /// The Web Capture canonical form by the seven steps.
    pub fn webcapture(url: &[u8], base: Option<&[u8]>) -> Result<Vec<u8>, &'static str> {
        // Step 1.
        let abs = if split(url).scheme.is_some() {
            url.to_vec()
        } else {
            let base = base.ok_or("relative without base")?;
            resolve(base, url).ok_or("base not absolute")?
        };
        // Step 2: the fragment is not written below.
        let c = split(&abs);
        // Step 3.
        let scheme = c.scheme.unwrap().to_ascii_lowercase();
        let default: Option<&[u8]> = match &scheme[..] {
            b"http" => Some(b"80"),
            b"https" => Some(b"443"),
            b"ftp" => Some(b"21"),
            b"file" => None,
            _ => return Err("unsupported scheme"),
        };
        let mut out = [&scheme[..], b":"].concat();
        if let Some(a) = &c.authority {
            out.extend_from_slice(b"//");
            let (userinfo, hostport) = match a.iter().rposition(|&b| b == b'@') {
                Some(at) => (Some(&a[..at]), &a[at + 1..]),
                None => (None, &a[..]),
            };
            // The port's `:` is the last one, past a bracketed literal.
            let floor = if hostport.starts_with(b"[") {
                hostport.iter().position(|&b| b == b']').map(|i| i + 1)
            } else {
                Some(0)
            };
            let colon_after = |s: &[u8]| {
                floor.and_then(|f| s.get(f..)?.iter().rposition(|&b| b == b':').map(|i| f + i))
            };
            let is_default = |p: &[u8]| {
                p.is_empty()
                    || (p.iter().all(u8::is_ascii_digit)
                        && default.is_some_and(|d| {
                            let first = p.iter().position(|&b| b != b'0').unwrap_or(p.len());
                            &p[first..] == d
                        }))
            };
            let (mut host, mut port) = match colon_after(hostport) {
                Some(i) => (&hostport[..i], Some(&hostport[i + 1..])),
                None => (hostport, None),
            };
            // Step 6, every default or empty port at the end.
            if port.is_some_and(is_default) {
                port = None;
                while let Some(i) = colon_after(host) {
                    if !is_default(&host[i + 1..]) {
                        break;
                    }
                    host = &host[..i];
                }
            }
            // Step 5.
            let localhost = default.is_none()
                && userinfo.is_none()
                && port.is_none()
                && host.eq_ignore_ascii_case(b"localhost");
            if !localhost {
                if let Some(u) = userinfo {
                    out.extend_from_slice(u);
                    out.push(b'@');
                }
                // Step 4.
                out.extend(host.to_ascii_lowercase());
                if let Some(p) = port {
                    out.push(b':');
                    out.extend_from_slice(p);
                }
            }
        }
        // Step 7.
        let path = remove_dots_rfc1808(&c.path);
        if c.authority.is_none() && path.starts_with(b"//") {
            out.extend_from_slice(b"/.");
        }
        out.extend_from_slice(&path);
        if let Some(q) = &c.query {
            out.push(b'?');
            out.extend_from_slice(q);
        }
        Ok(out)
    }
}

#[test]
fn random_inputs_match_the_documents() {
    let mut rng = common::Rng(0x0123_4567_89ab_cdef);
    for _ in 0..30_000 {
        let s = rng.bytes(ALPHABET, 24);

        let c = rfc3986::split(&s);
        assert_parts_ordered(&s, &c);
        // The expression matches the whole input: the parts and their
        // delimiters give it back.
        let mut back = Vec::new();
        let get = |p: Option<rfc3986::Part>| p.map(|p| p.bytes(&s));
        if let Some(x) = get(c.scheme) {
            back.extend_from_slice(x);
            back.push(b':');
        }
        if let Some(a) = get(c.authority) {
            back.extend_from_slice(b"//");
            let mut auth = Vec::new();
            if let Some(u) = get(c.userinfo) {
                auth.extend_from_slice(u);
                auth.push(b'@');
            }
            auth.extend_from_slice(get(c.host).unwrap());
            if let Some(p) = get(c.port) {
                auth.push(b':');
                auth.extend_from_slice(p);
            }
            assert_eq!(auth, a);
            back.extend_from_slice(a);
        }
        back.extend_from_slice(get(c.path).unwrap());
        if let Some(q) = get(c.query) {
            back.push(b'?');
            back.extend_from_slice(q);
        }
        if let Some(f) = get(c.fragment) {
            back.push(b'#');
            back.extend_from_slice(f);
        }
        assert_eq!(back, s);

        assert_parts_ordered(&s, &browser::split(&s));

        let show = s.escape_ascii();
        let base = b"http://a/b/c/d;p?q";
        let mut out = Buf::new();
        rfc3986::resolve(base, &s, &mut out).unwrap();
        assert_eq!(Some(out.into_vec()), reference::resolve(base, &s), "{show}");

        // `s` as the base: an error (and nothing written) without a scheme.
        let mut out = Buf::from_slice(b"x").unwrap();
        match (
            rfc3986::resolve(&s, b"../g", &mut out),
            reference::resolve(&s, b"../g"),
        ) {
            (Ok(()), Some(want)) => assert_eq!(out[1..], want[..], "{show}"),
            (Err(ResolveError::BaseNotAbsolute), None) => assert_eq!(out, b"x", "{show}"),
            (got, want) => panic!("{show}: {got:?}, wanted {want:?}"),
        }

        let mut out = Buf::new();
        rfc3986::remove_dot_segments(&s, &mut out).unwrap();
        assert_eq!(out, reference::remove_dot_segments(&s), "{show}");

        for base in [Some(&b"http://a/b/c"[..]), None] {
            let mut out = Buf::new();
            let got = webcapture::canonical(&s, base, &mut out);
            let want = reference::webcapture(&s, base);
            match (got, want) {
                (Ok(()), Ok(want)) => assert_eq!(out, want, "{show} against {base:?}"),
                (Err(e), Err(w)) => {
                    let e = match e {
                        WebCaptureError::RelativeWithoutBase => "relative without base",
                        WebCaptureError::BaseNotAbsolute => "base not absolute",
                        WebCaptureError::UnsupportedScheme => "unsupported scheme",
                        WebCaptureError::NoMemory => panic!("{show}: out of memory"),
                    };
                    assert_eq!(e, w, "{show} against {base:?}");
                    assert!(out.is_empty(), "{show}: an error appends nothing");
                }
                (got, want) => panic!("{show} against {base:?}: {got:?}, wanted {want:?}"),
            }
        }

        let mut out = Buf::new();
        webcapture::remove_dots_rfc1808(&s, &mut out).unwrap();
        assert_eq!(out, reference::remove_dots_rfc1808(&s), "{show}");
    }
}

#[test]
fn webcapture_is_idempotent_on_http_urls() {
    let mut rng = common::Rng(0xfeed_f00d_dead_beef);
    for _ in 0..30_000 {
        let tail = rng.bytes(b"/?#@.aAZ%", 20);
        let url = [&b"HTTP://Ex.COM"[..], &tail].concat();
        let mut once = Buf::new();
        webcapture::canonical(&url, None, &mut once).unwrap();
        let mut twice = Buf::new();
        webcapture::canonical(&once, None, &mut twice).unwrap();
        assert_eq!(once, twice, "{}", url.escape_ascii());
    }
}

/// A URL reference built from pieces that exercise every branch of §5.2:
/// schemes equal and different in case, authorities present, empty and
/// absent, paths with dot and empty segments and colons, queries and
/// fragments present, empty and absent.
fn gen_reference(rng: &mut common::Rng) -> Vec<u8> {
    const SCHEMES: &[&[u8]] = &[b"", b"", b"http:", b"http:", b"https:", b"HTTP:", b"s:"];
    const AUTHS: &[&[u8]] = &[b"a", b"b", b"a:80", b"u@a", b"", b"[::1]"];
    const SEGS: &[&[u8]] = &[b"", b"a", b"b", b"c", b".", b"..", b"g:h", b"%41", b"d;p"];
    const TAILS: &[&[u8]] = &[b"", b"", b"?", b"?q", b"?y", b"#", b"#f", b"?q#f"];
    let pick =
        |rng: &mut common::Rng, t: &[&'static [u8]]| t[(rng.next() % t.len() as u64) as usize];
    let mut s = pick(rng, SCHEMES).to_vec();
    let authority = rng.next().is_multiple_of(3);
    if authority {
        s.extend_from_slice(b"//");
        s.extend_from_slice(pick(rng, AUTHS));
    }
    let segs = rng.next() % 5;
    if (authority || rng.next().is_multiple_of(2)) && segs > 0 {
        s.push(b'/');
    }
    for i in 0..segs {
        if i > 0 {
            s.push(b'/');
        }
        s.extend_from_slice(pick(rng, SEGS));
    }
    s.extend_from_slice(pick(rng, TAILS));
    s
}

/// A base URI: a generated reference with a scheme.
fn gen_base(rng: &mut common::Rng) -> Vec<u8> {
    loop {
        let b = gen_reference(rng);
        if rfc3986::split(&b).scheme.is_some() {
            return b;
        }
    }
}

fn make_relative(base: &[u8], t: &[u8]) -> Vec<u8> {
    let mut o = Buf::new();
    wwwurl::relative::make_relative(base, t, &mut o).unwrap();
    o.into_vec()
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
        wwwurl::relative::make_relative(b"a/b", b"c", &mut o),
        Err(ResolveError::BaseNotAbsolute)
    );
}

fn normalize(s: &[u8], mask: wwwurl::normalize::Mask) -> Vec<u8> {
    let mut o = Buf::new();
    wwwurl::normalize::normalize(s, mask, &mut o).unwrap();
    o.into_vec()
}

#[test]
fn normalize_is_idempotent_and_keeps_components() {
    use wwwurl::normalize::Mask;
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

fn browser_resolve(base: &[u8], spec: &[u8]) -> Result<Vec<u8>, browser::BrowserResolveError> {
    let mut o = Buf::new();
    browser::resolve(base, spec, &mut o).map(|()| o.into_vec())
}

/// The browser URL parsing draft's §4, case by case, with the choices the
/// module docs of `browser` make where the draft is open.
#[test]
fn browser_resolve_section_4() {
    use browser::BrowserResolveError::*;
    let b = "http://a/b/c/d;p?q#f";
    let cases: &[(&str, &str, Result<&str, browser::BrowserResolveError>)] = &[
        // §4: trimming, absolute strings, the base's own scheme.
        (b, " \t g \n", Ok("http://a/b/c/g")),
        (b, "https://x/y", Ok("https://x/y")),
        (b, "HTTPS:\\\\x\\y", Ok("HTTPS://x/y")),
        (b, "http:g", Ok("http://a/b/c/g")),
        (b, "HTTP:g", Ok("http://a/b/c/g")),
        (b, "http:/g", Ok("http://a/g")),
        (b, "http://g", Ok("http://g")),
        (b, "http:?y", Ok("http://a/b/c/d;p?y")),
        (b, "http:", Ok("http://a/b/c/d;p?q")),
        (b, "mailto:x@y?s#f", Ok("mailto:x@y?s#f")),
        (b, "C:\\x", Ok("http://a/b/c/C:/x")),
        (b, "1a:b", Ok("http://a/b/c/1a:b")),
        (b, "a_b:c", Ok("http://a/b/c/a_b:c")),
        // §4.1: the empty string.
        (b, "", Ok("http://a/b/c/d;p?q")),
        (b, " ", Ok("http://a/b/c/d;p?q")),
        // §4.2 scheme-relative, with either slash character.
        (b, "//g/x", Ok("http://g/x")),
        (b, "\\\\g\\x", Ok("http://g/x")),
        (b, "/\\g", Ok("http://g")),
        (b, "///g", Ok("http://g")),
        // §4.3 authority-relative.
        (b, "/g", Ok("http://a/g")),
        (b, "\\g\\h", Ok("http://a/g/h")),
        (b, "/./g/../h", Ok("http://a/h")),
        // §4.4 query-relative.
        (b, "?y", Ok("http://a/b/c/d;p?y")),
        (b, "?", Ok("http://a/b/c/d;p?")),
        // §4.5 fragment-relative.
        (b, "#s", Ok("http://a/b/c/d;p?q#s")),
        (b, "#", Ok("http://a/b/c/d;p?q#")),
        // §4.6 path-relative.
        (b, "g", Ok("http://a/b/c/g")),
        (b, "./g", Ok("http://a/b/c/g")),
        (b, "g/", Ok("http://a/b/c/g/")),
        (b, "g?y#s", Ok("http://a/b/c/g?y#s")),
        (b, ";x", Ok("http://a/b/c/;x")),
        (b, "..", Ok("http://a/b/")),
        (b, "../../../g", Ok("http://a/g")),
        (b, "g\\h\\..\\i", Ok("http://a/b/c/g/i")),
        ("http://a", "g", Ok("http://a/g")),
        ("http:\\\\a\\b\\c", "d", Ok("http://a/b/d")),
        ("http://a/b", "gg:h", Ok("gg:h")),
        ("http://a/b", "g:h", Ok("http://a/g:h")),
        // Non-hierarchical bases.
        ("mailto:a@b", "", Ok("mailto:a@b")),
        ("mailto:a@b#f", "#g", Ok("mailto:a@b#g")),
        ("mailto:a@b", "c", Err(BaseNotHierarchical)),
        ("mailto:a@b", "/c", Err(BaseNotHierarchical)),
        ("mailto:a@b", "?c", Err(BaseNotHierarchical)),
        ("mailto:a@b", "mailto:c", Ok("mailto:c")),
        ("data:text/plain,x", "y", Err(BaseNotHierarchical)),
        // Hierarchical without authority: file, and an authority appears
        // only when the string brings one.
        ("file:/etc/passwd", "hosts", Ok("file:/etc/hosts")),
        ("file:///etc/passwd", "hosts", Ok("file:///etc/hosts")),
        ("file:///etc/passwd", "//h/x", Ok("file://h/x")),
        ("file:/etc/passwd", "/x", Ok("file:/x")),
        ("file:/etc/passwd", "..//x", Ok("file:/.//x")),
        ("svn://h/a/b", "c", Ok("svn://h/a/c")),
        // An empty authority before a path that starts with `/` would not
        // split back: the path's first segment becomes the authority.
        ("http://a/b", "http:///x", Ok("http://x")),
        ("http:;x\\y", "..", Ok("http://")),
        ("svn://h/a", "svn:////x/y", Ok("svn://x/y")),
        ("file:///a", "file:////x", Ok("file:////x")),
        // Bases without a valid scheme.
        ("/a/b", "c", Err(BaseNotAbsolute)),
        ("C:\\a", "c", Err(BaseNotAbsolute)),
    ];
    let mut bad = Vec::new();
    for &(base, spec, ref want) in cases {
        let got = browser_resolve(base.as_bytes(), spec.as_bytes());
        let got = got.map(|v| String::from_utf8(v).unwrap());
        let want = want.map(str::to_owned);
        if got != want {
            bad.push(format!("{base:?} + {spec:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn browser_resolve_results_are_fixed_points() {
    let mut rng = common::Rng(0xb0_0018);
    let alphabet: &[u8] = b"/\\?#;:.@aAh \t";
    for i in 0..100_000 {
        let base = if i % 3 == 0 {
            let mut b = gen_base(&mut rng);
            b.extend(rng.bytes(alphabet, 6));
            b
        } else {
            gen_base(&mut rng)
        };
        let spec = if i % 2 == 0 {
            gen_reference(&mut rng)
        } else {
            rng.bytes(alphabet, 12)
        };
        let Ok(r) = browser_resolve(&base, &spec) else {
            continue;
        };
        // Resolving the result against the base, or against itself,
        // changes nothing.
        assert_eq!(
            browser_resolve(&base, &r).map(|v| v.escape_ascii().to_string()),
            Ok(r.escape_ascii().to_string()),
            "{} + {}",
            base.escape_ascii(),
            spec.escape_ascii()
        );
        if let Ok(again) = browser_resolve(&r, &r) {
            assert_eq!(
                again,
                r,
                "{} + {}",
                base.escape_ascii(),
                spec.escape_ascii()
            );
        }
        // No authority appears unless the base or the string had one.
        if browser::split(&r).authority.is_some() {
            assert!(
                browser::split(&base).authority.is_some()
                    || browser::split(&spec).authority.is_some(),
                "{} + {} gave {}",
                base.escape_ascii(),
                spec.escape_ascii(),
                r.escape_ascii()
            );
        }
    }
}

#[test]
fn new_tools_linear_on_a_megabyte() {
    use wwwurl::normalize::Mask;
    let deep = repeat(b"a/", b"http://h/", b"x");
    let other = repeat(b"b/", b"http://h/", b"y");
    // Half a megabyte of `../` would climb the base's directories; the
    // absolute path is shorter.
    timed(
        "make_relative deep",
        || make_relative(&deep, &other),
        &other[8..],
    );
    let sibling = [&deep[..deep.len() - 1], b"z"].concat();
    timed(
        "make_relative sibling",
        || make_relative(&deep, &sibling),
        b"z",
    );
    let pct = repeat(b"%7e%2E%3a", b"HTTP://H/", b"");
    let mut want = b"http://h/".to_vec();
    let n = (pct.len() - 9) / 9;
    for _ in 0..n {
        want.extend_from_slice(b"~.%3A");
    }
    timed("normalize %7e%2E%3a", || normalize(&pct, Mask::ALL), &want);
    timed(
        "normalize /../",
        || normalize(&repeat(b"/../", b"s:", b""), Mask::SYNTAX),
        b"s:/",
    );
    let slashes = repeat(b"\\..", b"", b"");
    timed(
        "browser resolve \\..",
        || browser_resolve(b"http://a/b/c", &slashes).unwrap(),
        b"http://a/",
    );
    let dotdot = repeat(b"../", b"", b"g");
    timed(
        "browser resolve ../",
        || browser_resolve(b"http://a/b/c", &dotdot).unwrap(),
        b"http://a/g",
    );
}
