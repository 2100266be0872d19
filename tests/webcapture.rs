//! The Web Capture canonical form against its steps: a table of URLs,
//! bases and their canonical forms or errors, each canonical form a fixed
//! point.

use crate::common;

use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986::webcapture::{self, WebCaptureError};

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
