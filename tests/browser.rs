//! The browser-style tools against the browser URL parsing draft: the
//! split, its offsets into the original input, and resolution (§4, case by
//! case, and its results as fixed points). Every case asserts the exact
//! output.

use crate::common;

use crate::standards::{browser_resolve, check_split_table, gen_base, gen_reference};
use wwwurl::rfc3986::{self, browser};

const BROWSER_SPLIT: &[(&[u8], &str)] = &[
    (
        b"http://www.example.com/a?b#c",
        "scheme[http] authority[www.example.com] host[www.example.com] path[/a] query[b] fragment[c]",
    ),
    (b"  http://h/p  ", "scheme[http] authority[h] host[h] path[/p]"),
    (
        b"\x00\x1f http://h/\x7f ",
        r"scheme[http] authority[h] host[h] path[/\x7f]",
    ),
    (b"\t\nhttp://h\r\n", "scheme[http] authority[h] host[h] path[]"),
    (br"http:\\h\p", r"scheme[http] authority[h] host[h] path[\\p]"),
    (br"http:/\h/p", "scheme[http] authority[h] host[h] path[/p]"),
    (b"http:h/p", "scheme[http] authority[h] host[h] path[/p]"),
    (b"http:///h/p", "scheme[http] authority[h] host[h] path[/p]"),
    (b"http:////h", "scheme[http] authority[h] host[h] path[]"),
    (
        b"HTTP://H:80",
        "scheme[HTTP] authority[H:80] host[H] port[80] path[]",
    ),
    (b"http://h;x/p", "scheme[http] authority[h] host[h] path[;x/p]"),
    (
        b"http://h?q",
        "scheme[http] authority[h] host[h] path[] query[q]",
    ),
    (
        b"http://h#f?x",
        "scheme[http] authority[h] host[h] path[] fragment[f?x]",
    ),
    (
        b"http://a@b@c/",
        "scheme[http] authority[a@b@c] userinfo[a@b] user[a@b] host[c] path[/]",
    ),
    (
        b"http://u:p:q@h:1",
        "scheme[http] authority[u:p:q@h:1] userinfo[u:p:q] user[u] password[p:q] host[h] port[1] path[]",
    ),
    (
        b"http://u:p@[::1]:8/",
        "scheme[http] authority[u:p@[::1]:8] userinfo[u:p] user[u] password[p] host[[::1]] port[8] path[/]",
    ),
    (
        b"http://[::1]/",
        "scheme[http] authority[[::1]] host[[::1]] path[/]",
    ),
    (
        b"http://[::1:80/",
        "scheme[http] authority[[::1:80] host[[::1] port[80] path[/]",
    ),
    (
        b"http://[::1]x:80",
        "scheme[http] authority[[::1]x:80] host[[::1]x] port[80] path[]",
    ),
    (b"http://h:", "scheme[http] authority[h:] host[h] port[] path[]"),
    (b"http://:", "scheme[http] authority[:] host[] port[] path[]"),
    (
        b"http://@",
        "scheme[http] authority[@] userinfo[] user[] host[] path[]",
    ),
    (
        b"mailto:a@b?subject=x#y",
        "scheme[mailto] path[a@b?subject=x#y]",
    ),
    (b"javascript:alert(1)", "scheme[javascript] path[alert(1)]"),
    (b"svn://h/p", "scheme[svn] authority[h] host[h] path[/p]"),
    (br"svn:\\h", "scheme[svn] authority[h] host[h] path[]"),
    (b"foo:/bar", "scheme[foo] path[/bar]"),
    (
        b"file:///etc/passwd",
        "scheme[file] authority[] host[] path[/etc/passwd]",
    ),
    (b"file:///", "scheme[file] authority[] host[] path[/]"),
    (
        b"file://host/share",
        "scheme[file] authority[host] host[host] path[/share]",
    ),
    (b"file:/etc?x#y", "scheme[file] path[/etc] query[x] fragment[y]"),
    (br"file:c:\x", r"scheme[file] path[c:\\x]"),
    (br"C:\dir\f.txt", r"path[C:\\dir\\f.txt]"),
    (b"c:/x?y#z", "path[c:/x] query[y] fragment[z]"),
    (b"//h:1/p", "authority[h:1] host[h] port[1] path[/p]"),
    (br"\\h\p", r"authority[h] host[h] path[\\p]"),
    (b"/p?q#f", "path[/p] query[q] fragment[f]"),
    (b"a b:c", "path[a b:c]"),
    (b"1a:b", "path[1a:b]"),
    (b"h+t.t-p:x", "scheme[h+t.t-p] path[x]"),
    (b"", "path[]"),
    (b"   ", "path[]"),
    (b"http://h/p q", "scheme[http] authority[h] host[h] path[/p q]"),
    (
        b"http://u\t@h",
        r"scheme[http] authority[u\t@h] userinfo[u\t] user[u\t] host[h] path[]",
    ),
    (b"ws:h", "scheme[ws] authority[h] host[h] path[]"),
    (b"http:?q", "scheme[http] authority[] host[] path[] query[q]"),
    (b"http:#f", "scheme[http] authority[] host[] path[] fragment[f]"),
    (
        b"data:text/html,<p>#x",
        "scheme[data] path[text/html,<p>#x]",
    ),
    (
        b"http://a:b@c:d@e/",
        "scheme[http] authority[a:b@c:d@e] userinfo[a:b@c:d] user[a] password[b@c:d] host[e] path[/]",
    ),
    (
        b"http://[::1]",
        "scheme[http] authority[[::1]] host[[::1]] path[]",
    ),
    (
        b"http://[1:2]:3",
        "scheme[http] authority[[1:2]:3] host[[1:2]] port[3] path[]",
    ),
    (
        b"http://h\x01/p",
        r"scheme[http] authority[h\x01] host[h\x01] path[/p]",
    ),
    (b"  //h", "authority[h] host[h] path[]"),
    (b"HtTpS:H", "scheme[HtTpS] authority[H] host[H] path[]"),
    (b"x-y:?q", "scheme[x-y] path[?q]"),
    (b"//", "authority[] host[] path[]"),
    (
        b"http://h/a\\b?c\\d",
        r"scheme[http] authority[h] host[h] path[/a\\b] query[c\\d]",
    ),
];

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
