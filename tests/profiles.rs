//! The canonicalisation profiles (`wwwurl::profile`) against their frozen
//! vectors (`tests/profiles/<name>-<version>.tsv`, format in
//! `tests/profiles/README.md`) and their own documentation.
//!
//! * Every vector file reproduces byte for byte, so a released profile
//!   version cannot change its output unnoticed.
//! * The registry and the files match one to one, so a new version cannot
//!   silently replace an old one.
//! * Every example of each profile's documentation is asserted here by hand
//!   (they are in the vector files too, but a file regenerated after a bug
//!   would freeze the bug; these tables would not follow it).
//! * No profile panics on random bytes, and none is quadratic on long
//!   runs of the bytes its steps care about.
//!
//! `cargo test --test core profiles:: -- --ignored regenerate_profile_vectors`
//! with `WWWURL_REGENERATE=1` rewrites the vector files; only a new profile
//! version should ever need it.

// The data is full of Unicode domains, which `whatwg` and `surt` convert
// only with the `idna` feature.
#![cfg(feature = "idna")]
// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use crate::common;

use std::path::PathBuf;

use wwwurl::bytes::buf::Buf;
use wwwurl::profile::{canonicalize, profiles, resolve, Options, ProfileError};
use wwwurl::wwwoffle::config::Config;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/profiles")
}

/// A result as the vector files write it (unescaped): the output, or
/// `!error <reason>`.
fn run(profile: &str, input: &[u8], opts: &Options<'_>) -> Result<Vec<u8>, ProfileError> {
    let mut out = Buf::new();
    canonicalize(profile, input, opts, &mut out).map(|()| out.into_vec())
}

fn field(r: &Result<Vec<u8>, ProfileError>) -> String {
    match r {
        Ok(v) => escape(v, true),
        Err(ProfileError::Refused(why)) => format!("!error {why}"),
        Err(e) => panic!("unexpected {e:?}"),
    }
}

/// The file format's escaping (tests/profiles/README.md). `output`: a
/// leading `!` is escaped, so that it cannot read as an error marker; in
/// an input a leading `#`, so that it cannot read as a comment.
fn escape(b: &[u8], output: bool) -> String {
    let mut s = String::new();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'\t' => s.push_str("\\t"),
            b'\n' => s.push_str("\\n"),
            b'\\' => s.push_str("\\\\"),
            b'!' if i == 0 && output => s.push_str("\\x21"),
            b'#' if i == 0 && !output => s.push_str("\\x23"),
            0x20..=0x7e => s.push(char::from(c)),
            _ => s.push_str(&format!("\\x{c:02X}")),
        }
    }
    s
}

/// One vector: line number, input field, expected field.
type VectorLine = (usize, String, String);

/// The vector files: (file stem, lines of (line number, input field,
/// expected field)).
fn vector_files() -> Vec<(String, Vec<VectorLine>)> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir()).expect("tests/profiles") {
        let path = e.unwrap().path();
        if path.extension().and_then(|x| x.to_str()) != Some("tsv") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = Vec::new();
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                continue;
            }
            let (input, expected) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("{stem}:{}: no TAB", n + 1));
            assert!(!expected.contains('\t'), "{stem}:{}: two TABs", n + 1);
            lines.push((n + 1, input.to_string(), expected.to_string()));
        }
        files.push((stem, lines));
    }
    files.sort();
    files
}

/// `surt-1` → `surt/1`.
fn profile_of_stem(stem: &str) -> String {
    let (name, version) = stem.rsplit_once('-').expect("name-version");
    format!("{name}/{version}")
}

#[test]
fn frozen_vectors_reproduce() {
    let files = vector_files();
    assert!(!files.is_empty());
    let opts = Options::default();
    let mut failures = Vec::new();
    let mut total = 0;
    for (stem, lines) in &files {
        let profile = profile_of_stem(stem);
        assert!(lines.len() >= 1000, "{stem}: only {} vectors", lines.len());
        for (n, input, expected) in lines {
            total += 1;
            let got = field(&run(
                &profile,
                &common::inputs::unescape_profile_field(input),
                &opts,
            ));
            if &got != expected {
                failures.push(format!(
                    "{stem}:{n}: {input}\n  want {expected}\n  got  {got}"
                ));
            }
        }
    }
    println!("{total} frozen vectors in {} files", files.len());
    assert!(
        failures.is_empty(),
        "{} changed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn registry_and_files_match() {
    let stems: Vec<String> = vector_files().into_iter().map(|(s, _)| s).collect();
    let listed: Vec<String> = profiles()
        .iter()
        .map(|p| format!("{}-{}", p.name, p.version))
        .collect();
    for s in &stems {
        assert!(
            listed.contains(s),
            "{s}.tsv names no listed profile version"
        );
    }
    for l in &listed {
        assert!(
            stems.contains(l),
            "profile {l} has no tests/profiles/{l}.tsv"
        );
    }
    assert_eq!(profiles().len(), 15);
}

#[test]
fn bare_name_is_newest_version() {
    for p in profiles() {
        let newest = profiles()
            .iter()
            .filter(|q| q.name == p.name)
            .map(|q| q.version)
            .max()
            .unwrap();
        assert_eq!(resolve(p.name).unwrap().version, newest, "{}", p.name);
        let full = format!("{}/{}", p.name, p.version);
        assert_eq!(resolve(&full), Some(p));
        assert!(!p.description.is_empty() && !p.description.contains('\n'));
        // Same output through both spellings.
        let o = Options::default();
        for url in [&b"HTTP://www.Example.com:80/a/./b?b=1&a=2#f"[..], b"", b"x"] {
            if p.version == newest {
                assert_eq!(run(p.name, url, &o), run(&full, url, &o));
            }
        }
    }
    for bad in [
        "surt/0", "surt/3", "surt/01", "surt/+1", "surt/ 1", "SURT", "surt/", "", "/1",
    ] {
        assert_eq!(
            run(bad, b"http://a/", &Options::default()),
            Err(ProfileError::UnknownProfile),
            "{bad}"
        );
    }
}

/// Asserts each (input, expected) pair; `None` expects a refusal. Returns
/// the number checked.
fn check(profile: &str, pairs: &[(&[u8], Option<&[u8]>)]) -> usize {
    let o = Options::default();
    for &(input, want) in pairs {
        let got = run(profile, input, &o);
        match want {
            Some(w) => assert_eq!(
                got.as_deref().map(|v| v.escape_ascii().to_string()),
                Ok(w.escape_ascii().to_string()),
                "{profile} {}",
                input.escape_ascii()
            ),
            None => assert!(
                matches!(got, Err(ProfileError::Refused(_))),
                "{profile} {}: {got:?}",
                input.escape_ascii()
            ),
        }
    }
    println!("{profile}: {} documentation examples", pairs.len());
    pairs.len()
}

/// The examples of doc/profile-rules.md ("Worked
/// examples", checked against surt 0.3.1) and of README.rst's default call.
pub const SURT_TABLE: &[(&[u8], Option<&[u8]>)] = &[
    (b"http://www.archive.org/", Some(b"org,archive)/")),
    (
        b"http://archive.org/goo/?a=2&b&a=1",
        Some(b"org,archive)/goo?a=1&a=2&b"),
    ),
    (b"https://www.archive.org:443/", Some(b"org,archive)/")),
    (b"https://www.archive.org:80/", Some(b"org,archive:80)/")),
    (b"http://192.168.1.254/info/", Some(b"254,1,168,192)/info")),
    (b"http://3279880203/blah", Some(b"11,0,127,195)/blah")),
    (
        "http://bücher.ch:8080?#foo".as_bytes(),
        Some(b"ch,xn--bcher-kva:8080)/"),
    ),
    (b"dns:archive.org", Some(b"dns:archive.org")),
    (
        b"http://example.com/script?type=a+b+%26+c&grape=wine",
        Some(b"com,example)/script?+c&grape=wine&type=a+b+"),
    ),
    (b"http://host/%25%32%35", Some(b"host)/%25")),
    (b"http://a...b.com/", Some(b"com,b,,a)/")),
    (b"http://e.com/a/../../b/./c//d/", Some(b"com,e)/../b/c/d")),
    (b"http://e.com/x?q=%26a&b=%41", Some(b"com,e)/x?a&b=a&q=")),
    (b"http://0x7f.0.0.1/", Some(b"1,0,0,0x7f)/")),
    (b"http://127.1/", Some(b"1,0,0,127)/")),
    (b"http://[::1]:8080/x", Some(b"::1:8080)/x")),
];

/// Examples given in the running text of doc/profile-rules.md, with their full result.
pub const SURT_INLINE: &[(&[u8], Option<&[u8]>)] = &[
    (b"", Some(b"-")),
    (b"/mileg.aspx", Some(b"aspx,mileg)/")),
    (b"localhost:8080/x", Some(b"localhost:8080/x")),
    (b"dns:WWW.Example.com", Some(b"dns:www.example.com")),
    (b"mailto:Foo@Example.COM", Some(b"mailto:foo@example.com")),
    (b"ftp://h:21/", Some(b"h:21)/")),
    (b"https://h:80/", Some(b"h:80)/")),
    (b"http://h/?&b&a", Some(b"h)/?&a&b")),
    (
        b"http://h/?a=1&jsessionid=0123456789abcdef0123456789abcdef",
        Some(b"h)/?&a=1"),
    ),
    (b"http://h:99999/", None),
    (b"http://h:x/", None),
];

#[test]
fn surt_documentation_examples() {
    assert_eq!(check("surt/1", SURT_TABLE), 16);
    assert_eq!(check("surt/1", SURT_INLINE), 11);
    assert_eq!(check("surt/2", SURT_TABLE), 16);
    assert_eq!(check("surt/2", SURT_INLINE), 11);
}

/// Where `surt/2` differs from `surt/1`: a `..` after an empty path
/// segment pops that segment, as surt 0.3.1 does (the differential test
/// against the package, tests/profile-diff, found it); elsewhere the two
/// agree, and `surt` is `surt/2`.
#[test]
fn surt_2_resolves_dot_dot_after_an_empty_segment() {
    let o = Options::default();
    let cases: &[(&[u8], &[u8], &[u8])] = &[
        (
            b"http://example.com/a//../b",
            b"com,example)/b",
            b"com,example)/a/b",
        ),
        (b"http://e.com/x/y//..//../z/", b"com,e)/z", b"com,e)/x/y/z"),
        (b"http://e.com/a/b//../", b"com,e)/a", b"com,e)/a/b"),
        (
            b"http://e.com/a/../../b/./c//d/",
            b"com,e)/../b/c/d",
            b"com,e)/../b/c/d",
        ),
        (b"http://e.com/../../x", b"com,e)/x", b"com,e)/x"),
        (b"http://e.com//a", b"com,e)/a", b"com,e)/a"),
    ];
    for &(url, v1, v2) in cases {
        let show = |r: Result<Vec<u8>, ProfileError>| r.map(|v| v.escape_ascii().to_string());
        let ok = |w: &[u8]| Ok(w.escape_ascii().to_string());
        assert_eq!(
            show(run("surt/1", url, &o)),
            ok(v1),
            "{}",
            url.escape_ascii()
        );
        assert_eq!(
            show(run("surt/2", url, &o)),
            ok(v2),
            "{}",
            url.escape_ascii()
        );
        assert_eq!(show(run("surt", url, &o)), ok(v2), "{}", url.escape_ascii());
    }
}

/// The 33 example pairs of Google's documents (doc/profile-rules.md), in
/// their order.
pub const SAFEBROWSING: &[(&[u8], Option<&[u8]>)] = &[
    (b"http://host/%25%32%35", Some(b"http://host/%25")),
    (b"http://host/%25%32%35%25%32%35", Some(b"http://host/%25%25")),
    (b"http://host/%2525252525252525", Some(b"http://host/%25")),
    (b"http://host/asdf%25%32%35asd", Some(b"http://host/asdf%25asd")),
    (b"http://host/%%%25%32%35asd%%", Some(b"http://host/%25%25%25asd%25%25")),
    (b"http://www.google.com/", Some(b"http://www.google.com/")),
    (
        b"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
        Some(b"http://168.188.99.26/.secure/www.ebay.com/"),
    ),
    (
        b"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        Some(b"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/"),
    ),
    (
        b"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        Some(b"http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+"),
    ),
    (b"http://3279880203/blah", Some(b"http://195.127.0.11/blah")),
    (b"http://www.google.com/blah/..", Some(b"http://www.google.com/")),
    (b"www.google.com/", Some(b"http://www.google.com/")),
    (b"www.google.com", Some(b"http://www.google.com/")),
    (b"http://www.evil.com/blah#frag", Some(b"http://www.evil.com/blah")),
    (b"http://www.GOOgle.com/", Some(b"http://www.google.com/")),
    (b"http://www.google.com.../", Some(b"http://www.google.com/")),
    (b"http://www.google.com/foo\tbar\rbaz\n2", Some(b"http://www.google.com/foobarbaz2")),
    (b"http://www.google.com/q?", Some(b"http://www.google.com/q?")),
    (b"http://www.google.com/q?r?", Some(b"http://www.google.com/q?r?")),
    (b"http://www.google.com/q?r?s", Some(b"http://www.google.com/q?r?s")),
    (b"http://evil.com/foo#bar#baz", Some(b"http://evil.com/foo")),
    (b"http://evil.com/foo;", Some(b"http://evil.com/foo;")),
    (b"http://evil.com/foo?bar;", Some(b"http://evil.com/foo?bar;")),
    (b"http://\x01\x80.com/", Some(b"http://%01%80.com/")),
    (b"http://notrailingslash.com", Some(b"http://notrailingslash.com/")),
    (b"http://www.gotaport.com:1234/", Some(b"http://www.gotaport.com/")),
    (b"  http://www.google.com/  ", Some(b"http://www.google.com/")),
    (b"http:// leadingspace.com/", Some(b"http://%20leadingspace.com/")),
    (b"http://%20leadingspace.com/", Some(b"http://%20leadingspace.com/")),
    (b"%20leadingspace.com/", Some(b"http://%20leadingspace.com/")),
    (b"https://www.securesite.com/", Some(b"https://www.securesite.com/")),
    (b"http://host.com/ab%23cd", Some(b"http://host.com/ab%23cd")),
    (
        b"http://host.com//twoslashes?more//slashes",
        Some(b"http://host.com/twoslashes?more//slashes"),
    ),
];

#[test]
fn safebrowsing_documentation_examples() {
    assert_eq!(check("safebrowsing/1", SAFEBROWSING), 33);
}

/// RFC 3986 §6.2.2 (and §6.2.2.1, §6.2.2.2) examples.
pub const RFC3986: &[(&[u8], Option<&[u8]>)] = &[
    (b"HTTP://www.EXAMPLE.com/", Some(b"http://www.example.com/")),
    (
        b"example://a/b/c/%7Bfoo%7D",
        Some(b"example://a/b/c/%7Bfoo%7D"),
    ),
    (
        b"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        Some(b"example://a/b/c/%7Bfoo%7D"),
    ),
];

/// RFC 3986 §6.2.3: four spellings of one URI.
pub const RFC3986_SCHEME: &[(&[u8], Option<&[u8]>)] = &[
    (b"http://example.com", Some(b"http://example.com/")),
    (b"http://example.com/", Some(b"http://example.com/")),
    (b"http://example.com:/", Some(b"http://example.com/")),
    (b"http://example.com:80/", Some(b"http://example.com/")),
];

#[test]
fn rfc3986_documentation_examples() {
    assert_eq!(check("rfc3986/1", RFC3986), 3);
    // §6.2.3 adds to §6.2.2: the §6.2.2 examples hold there too.
    assert_eq!(check("rfc3986-scheme/1", RFC3986), 3);
    assert_eq!(check("rfc3986-scheme/1", RFC3986_SCHEME), 4);
    // Without §6.2.3 the empty and default ports stay.
    assert_eq!(
        run("rfc3986/1", b"http://example.com:80/", &Options::default()).unwrap(),
        b"http://example.com:80/"
    );
}

/// doc/behaviour.md, SplitURL's table (2.9 names) and the 2.9/2.9h table.
pub const WWWOFFLE: &[(&[u8], Option<&[u8]>)] = &[
    (b"Http://Www.Foo.Com:80/", Some(b"http://www.foo.com/")),
    (b"/x/y?z", Some(b"http://localhost:8080/x/y?z")),
    (b"http:/x", Some(b"http://x/")),
    (b"http:////x", Some(b"http://localhost:8080//x")),
    (b"http:x", Some(b"http://x/")),
    (b"x:80/y", Some(b"http://x/y")),
    (b"news:comp.lang", Some(b"news://comp.lang/")),
    (b"mailto:user@host", Some(b"http://host/")),
    (b"http://user@host:pass@host2/", Some(b"http://host2/")),
    (b"http://user@host:pass@host2", Some(b"http://host:pass/")),
    (b"http://a?x/y", Some(b"http://a/?x/y")),
    (b"http://a/b?x#y?z", Some(b"http://a/b?x")),
    (b"http://a/b c", Some(b"http://a/b%20c")),
    (b"http://a/%2e%2e/b", Some(b"http://a/b")),
    (b"http://a:80?x", Some(b"http://a/?x")),
];

#[test]
fn wwwoffle_documentation_examples() {
    assert_eq!(check("wwwoffle-2.9/1", WWWOFFLE), 15);
    assert_eq!(check("wwwoffle-2.9h/1", WWWOFFLE), 15);
    let amp: &[u8] = b"http://a/b?c=d&amp;e=f";
    assert_eq!(
        check("wwwoffle-2.9/1", &[(amp, Some(b"http://a/b?c=d&e=f"))]),
        1
    );
    assert_eq!(
        check("wwwoffle-2.9h/1", &[(amp, Some(b"http://a/b?c=d&amp;e=f"))]),
        1
    );
    // The environment is the caller's.
    let mut env = Config::default();
    env.set_local_host(b"proxy.lan:3128").unwrap();
    let o = Options {
        env: &env,
        ..Options::default()
    };
    assert_eq!(
        run("wwwoffle-2.9", b"/a", &o).unwrap(),
        b"http://proxy.lan:3128/a"
    );
}

/// README (`wwwurl webcapture`) and src/rfc3986/webcapture.rs's documentation; the
/// README's `--base` example has no base here and is refused.
pub const WEBCAPTURE: &[(&[u8], Option<&[u8]>)] = &[
    (
        b"HTTP://WWW.Example.COM:80/a/./b/../c#frag",
        Some(b"http://www.example.com/a/c"),
    ),
    (b"file://localhost/etc/hosts", Some(b"file:///etc/hosts")),
    (b"../c?x#y", None),
    (
        b"HTTP://Example.COM:80/a/../b",
        Some(b"http://example.com/b"),
    ),
    (b"file://localhost/x", Some(b"file:///x")),
    (b"file://localhost:/x", Some(b"file:///x")),
    (b"http://h:/", Some(b"http://h/")),
    (b"http://h", Some(b"http://h")),
    (b"http://h/%7E~", Some(b"http://h/%7E~")),
    (b"http:/.//evil.com/x", Some(b"http:/.//evil.com/x")),
    (b"mailto:a@b", None),
];

#[test]
fn webcapture_documentation_examples() {
    assert_eq!(check("webcapture/1", WEBCAPTURE), 11);
}

/// Cases of WPT's urltestdata.json without a base (tests/wpt/).
pub const WHATWG: &[(&[u8], Option<&[u8]>)] = &[
    (b"https://test:@test", Some(b"https://test@test/")),
    (b"https://:@test", Some(b"https://test/")),
    (
        b"non-special://test:@test/x",
        Some(b"non-special://test@test/x"),
    ),
    (b"non-special://:@test/x", Some(b"non-special://test/x")),
    (b"lolscheme:x x#x x", Some(b"lolscheme:x x#x%20x")),
    ("http://é@é".as_bytes(), Some(b"http://%C3%A9@xn--9ca/")),
    (
        "http://é@example.com".as_bytes(),
        Some(b"http://%C3%A9@example.com/"),
    ),
    (b"http://a:b@c\\", Some(b"http://a:b@c/")),
    (b"ws://a@b\\c", Some(b"ws://a@b/c")),
    (b"file://example:1/", None),
    (b"file://example:test/", None),
    (b"file://example%/", None),
];

#[test]
fn whatwg_documentation_examples() {
    assert_eq!(check("whatwg/1", WHATWG), 12);
}

/// Hand-written: the definition in src/profile/cachekey.rs, step by step.
pub const CACHEKEY: &[(&[u8], Option<&[u8]>)] = &[
    (b"HTTP://Example.COM:80", Some(b"http://example.com/")),
    (b"http://h/p?b=2&a=1", Some(b"http://h/p?a=1&b=2")),
    (b"http://h/p?b=2&&a=1&", Some(b"http://h/p?a=1&b=2")),
    (b"http://h/p?a=2&b&a=1", Some(b"http://h/p?a=2&a=1&b")),
    (b"http://h/p?%62=1&a=%7e", Some(b"http://h/p?a=~&b=1")),
    (b"http://h/p?", Some(b"http://h/p")),
    (b"http://h/p?&&", Some(b"http://h/p")),
    (b"http://h/p#frag", Some(b"http://h/p")),
    (b"http://h/p?b#f?a", Some(b"http://h/p?b")),
    (
        b"http://h/./a/../b?x=%20&x=+",
        Some(b"http://h/b?x=%20&x=+"),
    ),
];

#[test]
fn cachekey_documentation_examples() {
    assert_eq!(check("cachekey/1", CACHEKEY), 10);
    let names: &[&[u8]] = &[b"gclid", b"fbclid"];
    let prefixes: &[&[u8]] = &[b"utm_"];
    let o = Options {
        strip_names: names,
        strip_prefixes: prefixes,
        ..Options::default()
    };
    for (url, want) in [
        (
            &b"http://h/?utm_source=a&id=7&gclid=x#f"[..],
            &b"http://h/?id=7"[..],
        ),
        (b"http://h/?utm_source=a&gclid=x", b"http://h/"),
        (b"http://h/?%75tm_x=1&b&a", b"http://h/?a&b"),
        (b"http://h/?gclidx=1", b"http://h/?gclidx=1"),
    ] {
        assert_eq!(
            run("cachekey", url, &o).unwrap(),
            want,
            "{}",
            url.escape_ascii()
        );
    }
}

/// The inputs of the vector files: the documentation examples of every
/// profile, the first 1,000 URLs of the kasztp corpus, then 200
/// escape-heavy inputs of SplitURL.tsv; each once, in that order.
fn vector_inputs() -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let add = |v: &[u8], inputs: &mut Vec<Vec<u8>>| {
        if !inputs.iter().any(|x| x == v) {
            inputs.push(v.to_vec());
        }
    };
    for table in [
        SURT_TABLE,
        SURT_INLINE,
        SAFEBROWSING,
        RFC3986,
        RFC3986_SCHEME,
        WWWOFFLE,
        WEBCAPTURE,
        WHATWG,
        CACHEKEY,
    ] {
        for (i, _) in table {
            add(i, &mut inputs);
        }
    }
    add(b"http://a/b?c=d&amp;e=f", &mut inputs);
    let corpus =
        std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/kasztp.txt"))
            .unwrap();
    for line in corpus.split(|&b| b == b'\n').take(1000) {
        add(line, &mut inputs);
    }
    let mut escapes = 0;
    for v in common::load("SplitURL") {
        let input = v.input(0);
        let heavy = input.iter().filter(|&&b| b == b'%').count() >= 2
            || input.iter().any(|&b| !(0x20..0x7f).contains(&b));
        if heavy && escapes < 200 && !inputs.iter().any(|x| x == input) {
            add(input, &mut inputs);
            escapes += 1;
        }
    }
    assert_eq!(escapes, 200);
    inputs
}

#[test]
#[ignore = "writes tests/profiles/*.tsv; run with WWWURL_REGENERATE=1"]
fn regenerate_profile_vectors() {
    if std::env::var_os("WWWURL_REGENERATE").as_deref() != Some("1".as_ref()) {
        println!("WWWURL_REGENERATE=1 is not set: nothing written");
        return;
    }
    let inputs = vector_inputs();
    let opts = Options::default();
    for p in profiles() {
        let full = format!("{}/{}", p.name, p.version);
        let mut text = format!(
            "# {full}: {}\n# input<TAB>output (tests/profiles/README.md); Options::default()\n",
            p.description
        );
        for input in &inputs {
            let r = run(&full, input, &opts);
            text.push_str(&escape(input, false));
            text.push('\t');
            text.push_str(&field(&r));
            text.push('\n');
        }
        let path = dir().join(format!("{}-{}.tsv", p.name, p.version));
        std::fs::write(&path, text).unwrap();
        println!("wrote {} ({} vectors)", path.display(), inputs.len());
    }
}

#[test]
fn escaping_round_trips() {
    for b in [&b"#a\tb\nc\\d\x00\x7f\xff!"[..], b"!x", b""] {
        assert_eq!(common::inputs::unescape_profile_field(&escape(b, true)), b);
        assert_eq!(common::inputs::unescape_profile_field(&escape(b, false)), b);
    }
    assert_eq!(escape(b"!x", true), "\\x21x");
    assert_eq!(escape(b"#x", false), "\\x23x");
}

#[test]
fn random_bytes_never_panic() {
    let names: &[&[u8]] = &[b"a", b"sid"];
    let prefixes: &[&[u8]] = &[b"utm_"];
    let o = Options {
        strip_names: names,
        strip_prefixes: prefixes,
        ..Options::default()
    };
    let mut out = Buf::new();
    for (k, p) in profiles().iter().enumerate() {
        let mut rng = common::Rng(0x9e37_79b9_7f4a_7c15 ^ k as u64);
        for _ in 0..100_000 {
            let input = common::inputs::random_input(&mut rng);
            out.clear();
            match p.canonicalize(&input, &o, &mut out) {
                Ok(()) => {}
                Err(ProfileError::Refused(_)) => assert!(out.is_empty()),
                Err(e) => panic!("{} {}: {e:?}", p.name, input.escape_ascii()),
            }
        }
    }
}

#[test]
fn deterministic_and_idempotent_where_promised() {
    let o = Options::default();
    let mut rng = common::Rng(37);
    for _ in 0..5_000 {
        let input = common::inputs::random_input(&mut rng);
        for p in profiles() {
            let full = format!("{}/{}", p.name, p.version);
            assert_eq!(run(&full, &input, &o), run(&full, &input, &o));
        }
        // Normalising a normal form changes nothing (src/rfc3986/normalize.rs).
        for name in ["rfc3986", "rfc3986-scheme", "cachekey"] {
            let once = run(name, &input, &o).unwrap();
            assert_eq!(
                run(name, &once, &o).unwrap(),
                once,
                "{name} {}",
                input.escape_ascii()
            );
        }
    }
}

/// Long runs of what each step loops over: a quadratic step would take
/// minutes on these, a linear one milliseconds.
#[test]
fn long_inputs_are_linear() {
    let o = Options::default();
    let n = 200_000;
    let mut cases: Vec<Vec<u8>> = Vec::new();
    for piece in [
        &b"%25"[..],
        b"%",
        b"/..",
        b"/.",
        b"/a",
        b"//",
        b"&",
        b"&a",
        b"cfid=1&",
        b"sid=",
        b"=",
        b"(",
        b"/(0123456789abcdef01234567)",
        b".aspx",
        b"..",
        b"1.",
        b"9",
        b"?",
        b"@",
        b":",
        b"[",
        b"\xc3\xbc",
    ] {
        for prefix in [&b"http://h/p?"[..], b"http://", b"http://h/"] {
            let mut v = prefix.to_vec();
            while v.len() < n {
                v.extend_from_slice(piece);
            }
            cases.push(v);
        }
    }
    let start = std::time::Instant::now();
    let mut out = Buf::new();
    for p in profiles() {
        for c in &cases {
            out.clear();
            let _ = p.canonicalize(c, &o, &mut out);
        }
    }
    println!(
        "{} long inputs x {} profiles in {:?}",
        cases.len(),
        profiles().len(),
        start.elapsed()
    );
}
