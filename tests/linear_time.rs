//! The standards tools in linear time: each on a megabyte of the input
//! that would make a quadratic pass take hours (dot segments, delimiters,
//! escapes).

use std::time::{Duration, Instant};

use crate::standards::{browser_resolve, make_relative, normalize};
use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986::{self, browser, webcapture};

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

#[test]
fn new_tools_linear_on_a_megabyte() {
    use wwwurl::rfc3986::normalize::Mask;
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
