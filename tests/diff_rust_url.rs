//! Differential test of RFC 3986 resolution and make-relative against
//! rust-url (the `url` crate, a dev-dependency), which implements the WHATWG
//! URL Standard.
//!
//! RFC 3986 and WHATWG agree on the structure of resolution (§5.2's merge
//! and dot-segment removal) but not on everything around it. Every pair is
//! compared, and a disagreement fails the test unless it falls into one of
//! the documented classes below, each detected by a predicate on the input:
//!
//! * **normalised** — WHATWG canonicalises what it outputs (lower-case
//!   scheme and host, no default port, `/` for an empty http path,
//!   percent-encoding of bytes outside its sets, IPv4 and IPv6 in canonical
//!   form). Such a pair agrees when rust-url's own parse of our result is
//!   rust-url's result: `http://a/b` + `//G:80` gives `http://G:80` here,
//!   `http://g/` there. Counted as agreement, not as a class.
//! * **backslash** — the base or the reference holds `\`, which WHATWG
//!   reads as `/` in special URLs (`\\g` → `http://g/`) and RFC 3986 as a
//!   path byte.
//! * **whitespace** — the base or the reference holds a byte <= 0x20 or
//!   0x7f: WHATWG trims the ends and drops tab and newline anywhere.
//! * **same-scheme** — the reference is `http:g` against an http base:
//!   WHATWG resolves it relative (`http://a/b/c/g`), strict RFC 3986 keeps it
//!   absolute (`http:g`).
//! * **special-slashes** — the reference starts with a special scheme
//!   (http, https, ws, wss, ftp, file) followed by anything but `//` and a
//!   non-empty authority (`https:g`, `http:///../a`): WHATWG skips any
//!   number of slashes and reads an authority (`https://g/`, `http://../a`),
//!   RFC 3986 reads none or an empty one.
//! * **invalid-scheme** — what RFC 3986 appendix B takes for the
//!   reference's scheme is not a valid scheme (`XUL_Genealogy:_XML`):
//!   the expression's scheme is any run of bytes before a `:`, WHATWG reads
//!   a relative path.
//! * **encoded-dots** — a path segment is `%2e`, `.%2e` and the like, which
//!   WHATWG treats as a dot segment and RFC 3986 does not.
//! * **opaque** — the reference has a non-special scheme, no authority and
//!   a path that does not start with `/` (`s:a/../b`): WHATWG keeps the
//!   opaque path as it is, RFC 3986 removes its dot segments (`s:/b`).
//! * **base-dots** — the base's path has dot segments
//!   (`http://a/d;p/..` + `a`): WHATWG removes them when it parses the base
//!   (`http://a/a`), RFC 3986 §5.2.3 merges with the base path as it is
//!   and removes dot segments from the merged path only
//!   (`http://a/d;p/a`).
//! * **rejected** — rust-url rejects the base, the reference or our result
//!   (an invalid host or port, `http://[::1`), where RFC 3986 only splits.
//!
//! Make-relative is compared on targets that are absolute http(s) URLs on
//! the base's scheme and host: our reference must resolve back under RFC
//! 3986 and under rust-url, and must be no longer than rust-url's whenever
//! rust-url's resolves back under RFC 3986 too (a different reference of
//! no greater length counts as agreement). Where rust-url's reference does
//! not resolve back under RFC 3986, the pair falls into one of two classes:
//! **url-relative-whatwg-only** when it resolves back under WHATWG only,
//! and **url-relative-wrong** when it resolves back under neither (rust-url
//! gives `/` from `https://www.kpmg.com/cn/en/nomenklatur.jsp?sprache=uk`
//! to `https://www.kpmg.com/cn/en/`, which is `.`); the test prints an
//! example of each.
//!
//! The pairs: every URL of the corpus `tests/corpus/kasztp.txt` as a base,
//! each with references cut from another corpus URL (the whole URL, its
//! path and query, its last segment, `../` and `//host` forms), plus
//! generated edge cases from a fixed seed. The test prints the number of
//! pairs compared and the count of each class.

use std::collections::BTreeMap;
use url::Url;
use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986;
use wwwurl::rfc3986::relative::make_relative;

/// A small xorshift generator: reproducible inputs without dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, t: &[&'a str]) -> &'a str {
        t[(self.next() % t.len() as u64) as usize]
    }
}

fn corpus() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/kasztp.txt"
    ))
    .unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// References cut from the corpus URL `u`.
fn cut_references(u: &str, rng: &mut Rng) -> Vec<String> {
    let c = rfc3986::split(u.as_bytes());
    let get = |p: Option<rfc3986::Part>| p.map(|p| &u[p.start..p.end()]);
    let path = get(c.path).unwrap_or("");
    let after_path = &u[c.path.unwrap().end()..];
    let last = path.rsplit('/').next().unwrap_or("");
    let mut v = vec![u.to_owned(), format!("{path}{after_path}")];
    v.push(format!("{last}{after_path}"));
    let ups = "../".repeat((rng.next() % 4) as usize);
    v.push(format!("{ups}{last}"));
    if let Some(a) = get(c.authority) {
        v.push(format!("//{a}{path}"));
    }
    v
}

/// A reference from pieces that exercise every branch of §5.2.
fn gen_reference(rng: &mut Rng) -> String {
    const SCHEMES: &[&str] = &["", "", "", "http:", "https:", "s:", "HTTP:"];
    const AUTHS: &[&str] = &["a", "b.example", "a:8080", "u:p@a", "", "[::1]", "G"];
    const SEGS: &[&str] = &[
        "", "a", "b", "c", ".", "..", "g:h", "%41", "d;p", "%2e", "x y",
    ];
    const TAILS: &[&str] = &["", "", "?", "?q", "?y=1&z", "#", "#f", "?q#f"];
    let mut s = rng.pick(SCHEMES).to_owned();
    let authority = rng.next().is_multiple_of(3);
    if authority {
        s.push_str("//");
        s.push_str(rng.pick(AUTHS));
    }
    let segs = rng.next() % 5;
    if (authority || rng.next().is_multiple_of(2)) && segs > 0 {
        s.push('/');
    }
    for i in 0..segs {
        if i > 0 {
            s.push('/');
        }
        s.push_str(rng.pick(SEGS));
    }
    s.push_str(rng.pick(TAILS));
    if rng.next().is_multiple_of(40) {
        s.insert(0, '\\');
    }
    s
}

fn gen_base(rng: &mut Rng) -> String {
    const BASES: &[&str] = &[
        "http://a/b/c/d;p?q",
        "http://a/b/c/d;p?q#f",
        "https://b.example/",
        "http://a",
        "http://u:p@a:8080/x/y/z?q",
        "http://a/b//c/",
        "https://a/b/c",
        "s://a/b/c",
    ];
    let mut b = rng.pick(BASES).to_owned();
    if rng.next().is_multiple_of(4) {
        // A generated absolute path on the base's authority.
        let r = gen_reference(rng);
        if r.starts_with('/') && !r.starts_with("//") {
            let c = rfc3986::split(b.as_bytes());
            let end = c.authority.map_or(b.len(), |a| a.end());
            b.truncate(end);
            b.push_str(&r);
        }
    }
    b
}

fn resolve(base: &str, r: &str) -> String {
    let mut o = Buf::new();
    rfc3986::resolve(base.as_bytes(), r.as_bytes(), &mut o).unwrap();
    String::from_utf8(o.into_vec()).unwrap()
}

fn is_special(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
}

/// The documented class a disagreement on (base, reference) falls into, if
/// any (see the module docs).
fn class_of(base: &str, r: &str, ours: &str) -> Option<&'static str> {
    if r.contains('\\') || base.contains('\\') {
        return Some("backslash");
    }
    if (r.bytes().chain(base.bytes())).any(|b| b <= 0x20 || b == 0x7f) {
        return Some("whitespace");
    }
    let rc = rfc3986::split(r.as_bytes());
    let bc = rfc3986::split(base.as_bytes());
    let scheme =
        |s: &str, c: &rfc3986::Components| c.scheme.map(|p| s[p.start..p.end()].to_owned());
    if let Some(rs) = scheme(r, &rc) {
        let valid = rs.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && rs
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Some("invalid-scheme");
        }
        let bs = scheme(base, &bc).unwrap_or_default();
        if is_special(&rs) && rc.authority.is_none() && rs.eq_ignore_ascii_case(&bs) {
            return Some("same-scheme");
        }
        if is_special(&rs) && rc.authority.is_none_or(|a| a.len == 0) {
            return Some("special-slashes");
        }
        let rpath = &r[rc.path.unwrap().start..rc.path.unwrap().end()];
        if !is_special(&rs) && rc.authority.is_none() && !rpath.starts_with('/') {
            return Some("opaque");
        }
    }
    let lower = r.to_ascii_lowercase();
    if lower
        .split(['/', '?', '#'])
        .any(|seg| seg.contains("%2e") && seg.replace("%2e", ".").trim_matches('.').is_empty())
    {
        return Some("encoded-dots");
    }
    let _ = ours;
    let bpath = &base[bc.path.unwrap().start..bc.path.unwrap().end()].to_ascii_lowercase();
    if bpath
        .split('/')
        .any(|seg| matches!(seg.replace("%2e", ".").as_str(), "." | ".."))
    {
        return Some("base-dots");
    }
    None
}

#[derive(Default)]
struct Tally {
    pairs: usize,
    agree: usize,
    normalised: usize,
    classes: BTreeMap<&'static str, (usize, String)>,
    bad: Vec<String>,
}

impl Tally {
    fn class(&mut self, c: &'static str, example: String) {
        let e = self.classes.entry(c).or_insert((0, example));
        e.0 += 1;
    }

    fn report(&self, what: &str, second: &str) {
        println!(
            "{what}: {} pairs compared, {} agree byte for byte, {} {second}",
            self.pairs, self.agree, self.normalised
        );
        for (c, (n, ex)) in &self.classes {
            println!("  class {c}: {n} pairs, e.g. {ex}");
        }
        assert!(
            self.bad.is_empty(),
            "{} undocumented disagreements, first ones:\n{}",
            self.bad.len(),
            self.bad[..self.bad.len().min(20)].join("\n")
        );
    }
}

fn compare_resolve(t: &mut Tally, base: &str, r: &str) {
    t.pairs += 1;
    let ours = resolve(base, r);
    let Ok(b) = Url::parse(base) else {
        t.class("rejected", format!("base {base:?}"));
        return;
    };
    let Ok(theirs) = b.join(r) else {
        let c = class_of(base, r, &ours).unwrap_or("rejected");
        t.class(
            c,
            format!("{base:?} + {r:?}: ours {ours:?}, rust-url rejects it"),
        );
        return;
    };
    if ours == theirs.as_str() {
        t.agree += 1;
        return;
    }
    match Url::parse(&ours) {
        Ok(u) if u == theirs => {
            t.normalised += 1;
            return;
        }
        Err(_) => {
            t.class(
                class_of(base, r, &ours).unwrap_or("rejected"),
                format!(
                    "{base:?} + {r:?}: ours {ours:?}, rust-url {:?}",
                    theirs.as_str()
                ),
            );
            return;
        }
        Ok(_) => {}
    }
    match class_of(base, r, &ours) {
        Some(c) => t.class(
            c,
            format!(
                "{base:?} + {r:?}: ours {ours:?}, rust-url {:?}",
                theirs.as_str()
            ),
        ),
        None => t.bad.push(format!(
            "{base:?} + {r:?}: ours {ours:?}, rust-url {:?}",
            theirs.as_str()
        )),
    }
}

fn compare_relative(t: &mut Tally, base: &str, target: &str) {
    let (Ok(b), Ok(tu)) = (Url::parse(base), Url::parse(target)) else {
        return;
    };
    // Only canonical http(s) targets on the base's scheme and authority:
    // elsewhere rust-url gives no relative reference at all.
    if tu.as_str() != target
        || b.as_str() != base
        || !matches!(b.scheme(), "http" | "https")
        || b.scheme() != tu.scheme()
        || b.host_str() != tu.host_str()
        || b.port() != tu.port()
        || b.username() != tu.username()
        || b.password() != tu.password()
    {
        return;
    }
    t.pairs += 1;
    let mut o = Buf::new();
    make_relative(base.as_bytes(), target.as_bytes(), &mut o).unwrap();
    let ours = String::from_utf8(o.into_vec()).unwrap();
    let back = resolve(base, &ours);
    if back != target {
        t.bad.push(format!(
            "{base:?} -> {target:?}: ours {ours:?} resolves to {back:?}"
        ));
        return;
    }
    match b.join(&ours) {
        Ok(u) if u == tu => {}
        other => {
            t.bad.push(format!(
                "{base:?} -> {target:?}: ours {ours:?} joins under rust-url to {:?}",
                other.map(|u| u.to_string())
            ));
            return;
        }
    }
    let Some(theirs) = b.make_relative(&tu) else {
        t.bad
            .push(format!("{base:?} -> {target:?}: rust-url gives none"));
        return;
    };
    if ours == theirs {
        t.agree += 1;
    } else if resolve(base, &theirs) != target {
        let whatwg = b.join(&theirs).is_ok_and(|u| u == tu);
        t.class(
            if whatwg {
                "url-relative-whatwg-only"
            } else {
                "url-relative-wrong"
            },
            format!("{base:?} -> {target:?}: ours {ours:?}, rust-url {theirs:?}"),
        );
    } else if ours.len() <= theirs.len() {
        t.normalised += 1;
    } else {
        t.bad.push(format!(
            "{base:?} -> {target:?}: ours {ours:?} is longer than rust-url's {theirs:?}"
        ));
    }
}

#[test]
fn resolution_and_make_relative_agree_with_rust_url() {
    let corpus = corpus();
    assert!(corpus.len() > 40_000, "corpus: {} URLs", corpus.len());
    let mut rng = Rng(0x0018_d1ff_0000_0001);
    let mut res = Tally::default();
    let mut rel = Tally::default();
    for (i, base) in corpus.iter().enumerate() {
        let other = &corpus[(i * 7919 + 13) % corpus.len()];
        for r in cut_references(other, &mut rng) {
            compare_resolve(&mut res, base, &r);
            let target = resolve(base, &r);
            compare_relative(&mut rel, base, &target);
            // The base's own URL, relative to a deeper page of its site.
            compare_relative(&mut rel, &target, base);
        }
    }
    for _ in 0..100_000 {
        let base = gen_base(&mut rng);
        let r = gen_reference(&mut rng);
        compare_resolve(&mut res, &base, &r);
        let target = resolve(&base, &r);
        compare_relative(&mut rel, &base, &target);
    }
    res.report(
        "resolve vs Url::join",
        "agree after rust-url's normalisation",
    );
    rel.report(
        "make_relative vs Url::make_relative",
        "differ with ours no longer",
    );
    assert!(res.pairs >= 100_000, "{}", res.pairs);
}

/// Browser-style resolution (`browser::resolve`, after the browser URL
/// parsing draft) against rust-url's WHATWG `Url::join`, on the corpus
/// (http and https bases): the draft describes what browsers do, so the two
/// must agree once rust-url's normalisation of its output is allowed for
/// (rust-url's parse of our result equals its own result). Strings rust-url
/// rejects are skipped. Each corpus base gets one string from a list of
/// the draft's cases (backslashes, whitespace, the base's own scheme) and
/// one cut from another corpus URL. There is no documented class here:
/// every disagreement fails.
#[test]
fn browser_resolution_agrees_with_rust_url() {
    const STRINGS: &[&str] = &[
        "g",
        "../g",
        "/g",
        "//g/x",
        "?y",
        "#s",
        "",
        "\\g",
        "http:g",
        "./g/.",
        "g;x",
        "..",
        " g ",
        "https:g",
        "mailto:x",
        "\\\\h\\p",
        "\t/g\n",
        "HTTP:g",
        "..\\..\\g",
    ];
    let corpus = corpus();
    let mut rng = Rng(0x0018_b0b0_0000_0003);
    let (mut pairs, mut agree) = (0usize, 0usize);
    let mut bad = Vec::new();
    for (i, base) in corpus.iter().enumerate() {
        let other = corpus[(i * 31 + 7) % corpus.len()].clone();
        let pick = STRINGS[(rng.next() % STRINGS.len() as u64) as usize].to_owned();
        for r in [pick, other] {
            let Ok(b) = Url::parse(base) else { continue };
            let Ok(theirs) = b.join(&r) else { continue };
            pairs += 1;
            let mut o = Buf::new();
            let ours =
                match wwwurl::rfc3986::browser::resolve(base.as_bytes(), r.as_bytes(), &mut o) {
                    Ok(()) => String::from_utf8_lossy(&o).into_owned(),
                    Err(e) => format!("error: {e}"),
                };
            match Url::parse(&ours) {
                Ok(u) if u == theirs => agree += 1,
                _ => bad.push(format!(
                    "{base:?} + {r:?}: ours {ours:?}, rust-url {:?}",
                    theirs.as_str()
                )),
            }
        }
    }
    println!("browser::resolve vs Url::join: {pairs} corpus pairs compared, {agree} agree");
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    assert!(pairs >= 90_000, "{pairs}");
}
