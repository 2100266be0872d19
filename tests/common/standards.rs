//! What the tests of the standards tools share: the check of a split
//! table, generated references and bases, the alphabet of random inputs,
//! and the tools' results as byte vectors. Each test file that uses it
//! includes it as a module of its own, beside `common`.
#![allow(dead_code)]

use crate::common;
use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986::browser;
use wwwurl::rfc3986::{self, Component, Components};

/// Every present component as `name[bytes]`, in order; absent ones omitted.
/// Offsets are applied to the original input, so they are checked too.
fn show(s: &[u8], c: &Components) -> String {
    let mut o = Vec::new();
    for k in Component::ALL {
        let name = k.name();
        if let Some(p) = c.get(k) {
            assert!(p.end() <= s.len(), "{name} out of bounds");
            o.push(format!("{name}[{}]", p.bytes(s).escape_ascii()));
        }
    }
    o.join(" ")
}

pub fn check_split_table(table: &[(&[u8], &str)], f: fn(&[u8]) -> Components, mode: &str) {
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

pub const ALPHABET: &[u8] = b":/?#@[]\\;.%aAH0 \x00\x1f\xff";

pub fn assert_parts_ordered(s: &[u8], c: &Components) {
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

/// A URL reference built from pieces that exercise every branch of §5.2:
/// schemes equal and different in case, authorities present, empty and
/// absent, paths with dot and empty segments and colons, queries and
/// fragments present, empty and absent.
pub fn gen_reference(rng: &mut common::Rng) -> Vec<u8> {
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
pub fn gen_base(rng: &mut common::Rng) -> Vec<u8> {
    loop {
        let b = gen_reference(rng);
        if rfc3986::split(&b).scheme.is_some() {
            return b;
        }
    }
}

pub fn make_relative(base: &[u8], t: &[u8]) -> Vec<u8> {
    let mut o = Buf::new();
    wwwurl::rfc3986::relative::make_relative(base, t, &mut o).unwrap();
    o.into_vec()
}

pub fn normalize(s: &[u8], mask: wwwurl::rfc3986::normalize::Mask) -> Vec<u8> {
    let mut o = Buf::new();
    wwwurl::rfc3986::normalize::normalize(s, mask, &mut o).unwrap();
    o.into_vec()
}

pub fn browser_resolve(base: &[u8], spec: &[u8]) -> Result<Vec<u8>, browser::BrowserResolveError> {
    let mut o = Buf::new();
    browser::resolve(base, spec, &mut o).map(|()| o.into_vec())
}
