//! The Public Suffix List: the built-in table against the repository's
//! copy of the list, the list project's own tests, every rule of the list
//! in each section and label form against a plain implementation of the
//! list's algorithm, the URL Standard's table (url.bs §3.2), same site,
//! refusals of what is not a list, random hosts and threads.
//!
//! `WWWURL_PSL_WRITE=1 cargo test --test core psl::the_built_in_table`
//! (`make psl-builtin`) writes `src/psl/builtin.bin` from the list.

use crate::common;
use std::collections::HashMap;
use std::path::PathBuf;
use wwwurl::bytes::buf::Buf;
use wwwurl::psl::{
    same_site, url_public_suffix, url_registrable_domain, List, LoadError, Sections,
};
use wwwurl::whatwg;

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn list_text() -> Vec<u8> {
    std::fs::read(repo("data/psl/public_suffix_list.dat")).unwrap()
}

#[test]
fn the_built_in_table_is_the_list() {
    let table = List::table_of(&list_text(), wwwurl::psl::BUILTIN_VERSION.as_bytes()).unwrap();
    if std::env::var_os("WWWURL_PSL_WRITE").is_some() {
        std::fs::write(repo("src/psl/builtin.bin"), &table[..]).unwrap();
        return;
    }
    let builtin = List::builtin();
    assert!(
        builtin.table() == &table[..],
        "src/psl/builtin.bin is not the table of data/psl/public_suffix_list.dat: \
         make psl-builtin writes it"
    );
    assert_eq!(builtin.version(), wwwurl::psl::BUILTIN_VERSION.as_bytes());
    assert_eq!(builtin.rules(), (6949, 3299));
    // The built-in list's share of the library.
    assert!(table.len() <= 250 << 10, "{} bytes", table.len());
}

#[test]
fn the_list_loads_with_every_rule() {
    let l = List::load(&list_text()).unwrap();
    assert_eq!(l.rules(), (6949, 3299));
}

/// `checkPublicSuffix(input, expected)` of test_psl.txt and `input
/// expected` of tests.txt: the same cases.
fn project_cases() -> Vec<(Option<String>, Option<String>)> {
    let js = std::fs::read_to_string(repo("tests/psl/test_psl.txt")).unwrap();
    let arg = |a: &str| {
        let a = a.trim();
        (a != "null").then(|| a.trim_matches('\'').to_string())
    };
    let mut cases = Vec::new();
    for line in js.lines() {
        if let Some(call) = line.strip_prefix("checkPublicSuffix(") {
            let call = call.strip_suffix(");").unwrap();
            let (a, b) = call.split_once(", ").unwrap();
            cases.push((arg(a), arg(b)));
        }
    }
    let plain = std::fs::read_to_string(repo("tests/psl/tests.txt")).unwrap();
    let pairs: Vec<_> = plain
        .lines()
        .filter(|l| !l.starts_with("//") && !l.is_empty())
        .map(|l| {
            let (a, b) = l.split_once(' ').unwrap();
            (arg(a), arg(b))
        })
        .collect();
    assert_eq!(cases, pairs, "test_psl.txt and tests.txt differ");
    assert_eq!(cases.len(), 78);
    cases
}

#[test]
fn the_list_projects_tests() {
    let builtin = List::builtin();
    let loaded = List::load(&list_text()).unwrap();
    for (input, expected) in project_cases() {
        let Some(input) = input else { continue };
        for l in [builtin, &loaded] {
            let got = l
                .registrable_domain(input.as_bytes(), Sections::All)
                .map(|i| input[i..].to_ascii_lowercase());
            assert_eq!(got, expected, "{input}");
        }
    }
}

/// The list's algorithm as written (publicsuffix.org, "Formal
/// algorithm"), on hosts and rules in A-label form: the rules in a map,
/// each suffix of the host looked up as it is, as a wildcard and as an
/// exception.
struct Reference {
    /// Rule (`!` and `*` kept) to its sections: bit 0 ICANN, bit 1 other.
    rules: HashMap<String, u8>,
}

fn a_label(label: &str) -> String {
    if label == "*" || label.is_ascii() {
        return label.to_ascii_lowercase();
    }
    let mut out = Buf::new();
    whatwg::domain_to_ascii(label.as_bytes(), &mut out).unwrap();
    String::from_utf8(out.into_vec()).unwrap()
}

fn a_labels(name: &str) -> String {
    name.split('.').map(a_label).collect::<Vec<_>>().join(".")
}

impl Reference {
    fn new(text: &str) -> Reference {
        let mut rules = HashMap::new();
        let mut section = 2;
        for line in text.lines() {
            let line = line.trim();
            match line {
                "// ===BEGIN ICANN DOMAINS===" => section = 1,
                "// ===END ICANN DOMAINS===" => section = 2,
                _ => {}
            }
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            let rule = line.split_whitespace().next().unwrap();
            let (bang, name) = match rule.strip_prefix('!') {
                Some(n) => ("!", n),
                None => ("", rule),
            };
            *rules
                .entry(format!("{bang}{}", a_labels(name)))
                .or_insert(0) |= section;
        }
        Reference { rules }
    }

    /// The number of labels of the public suffix of `host` (A-labels).
    fn suffix_labels(&self, host: &str, icann: bool) -> usize {
        let labels: Vec<&str> = host.split('.').collect();
        let want = if icann { 1 } else { 3 };
        let has = |r: &str| self.rules.get(r).is_some_and(|&s| s & want != 0);
        let mut best = 1;
        for k in 1..=labels.len() {
            let suffix = labels[labels.len() - k..].join(".");
            if has(&format!("!{suffix}")) {
                return k - 1;
            }
            let wild = std::iter::once("*")
                .chain(labels[labels.len() - k + 1..].iter().copied())
                .collect::<Vec<_>>()
                .join(".");
            if has(&suffix) || has(&wild) {
                best = k;
            }
        }
        best
    }
}

/// The start of the last `n` labels of `host`.
fn last_labels(host: &str, n: usize) -> usize {
    let dots: Vec<usize> = host.match_indices('.').map(|(i, _)| i).collect();
    if n > dots.len() {
        0
    } else {
        dots[dots.len() - n] + 1
    }
}

/// Checks one host in both sections against the reference.
fn check(l: &List, r: &Reference, host: &str) -> usize {
    let a = a_labels(host);
    for (sections, icann) in [(Sections::All, false), (Sections::Icann, true)] {
        let n = r.suffix_labels(&a, icann);
        let labels = host.split('.').count();
        let want_suffix = last_labels(host, n);
        let want_reg = (labels > n).then(|| last_labels(host, n + 1));
        let got = l.split(host.as_bytes(), sections).unwrap();
        assert_eq!(
            (got.suffix, got.registrable),
            (want_suffix, want_reg),
            "{host} ({sections:?})"
        );
    }
    1
}

#[test]
fn every_rule_in_both_sections_and_both_label_forms() {
    let text = String::from_utf8(list_text()).unwrap();
    let r = Reference::new(&text);
    let l = List::builtin();
    // The U-label form of each rule that has one.
    let u_forms: HashMap<String, &str> = text
        .lines()
        .filter(|line| !line.is_ascii() && !line.starts_with("//"))
        .filter_map(|line| line.split_whitespace().next())
        .map(|rule| {
            (
                a_labels(rule.trim_start_matches('!')),
                rule.trim_start_matches('!'),
            )
        })
        .collect();
    assert!(u_forms.len() > 400, "{}", u_forms.len());
    let mut hosts = 0;
    for rule in r.rules.keys() {
        let name = rule.trim_start_matches('!');
        let mut forms = vec![name.to_string()];
        forms.extend(u_forms.get(name).map(|u| u.to_string()));
        for form in forms {
            let host = form.replace('*', "wild");
            for prefix in ["", "x.", "y.x.", "Y.X."] {
                let h = format!("{prefix}{host}");
                hosts += check(l, &r, &h);
                hosts += check(l, &r, &h.to_ascii_uppercase());
            }
        }
    }
    // Each of the 10,248 rules, a few hundred in both forms.
    assert!(hosts > 8 * 10_248, "{hosts}");
}

#[test]
fn random_hosts_of_the_lists_labels() {
    let text = String::from_utf8(list_text()).unwrap();
    let r = Reference::new(&text);
    let l = List::load(text.as_bytes()).unwrap();
    let mut labels: Vec<String> = r
        .rules
        .keys()
        .flat_map(|k| {
            k.trim_start_matches('!')
                .split('.')
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|l| l != "*")
        .collect();
    labels.sort();
    labels.dedup();
    labels.extend(["www", "example", "xn--85x722f", "a-b", "q"].map(String::from));
    let mut rng = common::Rng(0x9e1);
    for _ in 0..60_000 {
        let n = 1 + rng.below(5);
        let host: Vec<&str> = (0..n)
            .map(|_| labels[rng.below(labels.len())].as_str())
            .collect();
        // A last label of digits makes an IPv4 address, which has none.
        if host[n - 1].bytes().all(|b| b.is_ascii_digit()) {
            assert_eq!(l.split(host.join(".").as_bytes(), Sections::All), None);
            continue;
        }
        check(&l, &r, &host.join("."));
    }
}

#[test]
fn answers_are_tails_at_label_boundaries() {
    let l = List::builtin();
    let mut rng = common::Rng(0x5eed);
    let alphabet = b"..abcoukmjp0123456789-:[]x*!\xe5\x85\xac\xff \0";
    for _ in 0..200_000 {
        let host = rng.bytes(alphabet, 24);
        for sections in [Sections::All, Sections::Icann] {
            let Some(s) = l.split(&host, sections) else {
                continue;
            };
            assert!(s.suffix == 0 || host[s.suffix - 1] == b'.', "{host:?}");
            assert!(s.suffix < host.len());
            if let Some(r) = s.registrable {
                assert!(r < s.suffix && (r == 0 || host[r - 1] == b'.'), "{host:?}");
            }
        }
    }
}

#[test]
fn the_url_standards_table() {
    // url.bs §3.2, "Host miscellaneous": host, public suffix,
    // registrable domain.
    let table: [(&str, Option<&str>, Option<&str>); 12] = [
        ("com", Some("com"), None),
        ("example.com", Some("com"), Some("example.com")),
        ("www.example.com", Some("com"), Some("example.com")),
        ("sub.www.example.com", Some("com"), Some("example.com")),
        ("EXAMPLE.COM", Some("com"), Some("example.com")),
        ("example.com.", Some("com."), Some("example.com.")),
        ("github.io", Some("github.io"), None),
        (
            "whatwg.github.io",
            Some("github.io"),
            Some("whatwg.github.io"),
        ),
        ("إختبار", Some("xn--kgbechtv"), None),
        (
            "example.إختبار",
            Some("xn--kgbechtv"),
            Some("example.xn--kgbechtv"),
        ),
        (
            "sub.example.إختبار",
            Some("xn--kgbechtv"),
            Some("example.xn--kgbechtv"),
        ),
        ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
    ];
    let l = List::builtin();
    for (host, suffix, registrable) in table {
        let url = whatwg::parse(format!("https://{host}/").as_bytes(), None).unwrap();
        let s = url_public_suffix(l, &url, Sections::All);
        let r = url_registrable_domain(l, &url, Sections::All);
        assert_eq!(s, suffix.map(str::as_bytes), "{host}");
        assert_eq!(r, registrable.map(str::as_bytes), "{host}");
    }
    // IPv4, opaque and empty hosts have neither.
    for url in [
        "http://192.168.0.1/",
        "foo://example.com/",
        "file:///x",
        "mailto:a@b.com",
    ] {
        let url = whatwg::parse(url.as_bytes(), None).unwrap();
        assert_eq!(url_public_suffix(l, &url, Sections::All), None);
        assert_eq!(url_registrable_domain(l, &url, Sections::All), None);
    }
    let url = whatwg::parse(b"https://whatwg.github.io/", None).unwrap();
    assert_eq!(
        url_registrable_domain(l, &url, Sections::Icann),
        Some(&b"github.io"[..])
    );
}

#[test]
fn same_site_is_scheme_and_registrable_domain() {
    let l = List::builtin();
    let same = |a: &str, b: &str| {
        let a = whatwg::parse(a.as_bytes(), None).unwrap();
        let b = whatwg::parse(b.as_bytes(), None).unwrap();
        same_site(l, &a, &b, Sections::All).unwrap()
    };
    assert!(same(
        "https://a.example.com/",
        "https://b.example.com:8443/x"
    ));
    assert!(same("https://example.com/", "https://www.EXAMPLE.com/"));
    assert!(!same("https://example.com/", "http://example.com/"));
    assert!(!same("https://a.github.io/", "https://b.github.io/"));
    assert!(same("https://a.github.io/", "https://x.a.github.io/"));
    assert!(!same("https://example.com./", "https://example.com/"));
    // No registrable domain: the hosts themselves.
    assert!(same("https://192.168.0.1/", "https://192.168.0.1:81/"));
    assert!(!same("https://192.168.0.1/", "https://192.168.0.2/"));
    assert!(same("https://[::1]/", "https://[::1]:8080/"));
    assert!(same("https://github.io/", "https://github.io/"));
    assert!(!same("https://github.io/", "https://x.github.io/"));
    // A blob URL's origin is its inner URL's.
    assert!(same(
        "blob:https://a.example.com/u",
        "https://b.example.com/"
    ));
    // Opaque origins are same site with nothing.
    assert!(!same("file:///a", "file:///a"));
    assert!(!same("data:,x", "data:,x"));
    let a = whatwg::parse(b"https://a.github.io/", None).unwrap();
    let b = whatwg::parse(b"https://b.github.io/", None).unwrap();
    assert!(same_site(l, &a, &b, Sections::Icann).unwrap());
}

#[test]
fn what_is_not_a_list_is_refused() {
    // Binary junk: not UTF-8, or a control byte.
    let mut rng = common::Rng(7);
    for _ in 0..200 {
        let junk: Vec<u8> = (0..4096).map(|_| rng.next() as u8).collect();
        assert!(List::load(&junk).is_err());
    }
    let elf = std::fs::read("/proc/self/exe").unwrap();
    assert!(matches!(
        List::load(&elf[..1 << 20]),
        Err(LoadError::NotUtf8 { .. }) | Err(LoadError::ControlByte { .. })
    ));
    // 100 MB: one rule of one long label, then a comment of 100 MB.
    let big = vec![b'a'; 100 << 20];
    assert!(matches!(
        List::load(&big),
        Err(LoadError::BadRule { line: 1, .. })
    ));
    let mut comment = b"com\n// ".to_vec();
    comment.resize(100 << 20, b'x');
    assert_eq!(List::load(&comment).unwrap().rules(), (0, 1));
    // 1 MB lines: of labels, of one label.
    let labels = "a.".repeat(1 << 19);
    assert!(matches!(
        List::load(labels.as_bytes()),
        Err(LoadError::BadRule { line: 1, .. })
    ));
    // Rules with empty labels.
    for bad in [
        "com\n.com\n",
        "com\nexample..com\n",
        "com.\n",
        "!.com\n",
        "com\n.\n",
    ] {
        assert!(
            matches!(
                List::load(bad.as_bytes()),
                Err(LoadError::BadRule { line: _, .. })
            ),
            "{bad}"
        );
    }
    // Many distinct rules load, and answer.
    let many: String = (0..200_000)
        .map(|i| format!("r{i}.x{}\n", i % 97))
        .collect();
    let l = List::load(many.as_bytes()).unwrap();
    assert_eq!(
        l.registrable_domain(b"a.b.r123.x26", Sections::All),
        Some(2)
    );
}

#[test]
fn one_loaded_list_serves_many_threads() {
    let l = List::load(&list_text()).unwrap();
    let hosts = [
        "www.example.co.uk",
        "a.b.c.kobe.jp",
        "x.github.io",
        "www.ck",
        "食狮.中国",
    ];
    let want: Vec<_> = hosts
        .iter()
        .map(|h| l.registrable_domain(h.as_bytes(), Sections::All))
        .collect();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..20_000 {
                    for (h, w) in hosts.iter().zip(&want) {
                        assert_eq!(l.registrable_domain(h.as_bytes(), Sections::All), *w);
                    }
                }
            });
        }
    });
    assert_eq!(want[0], Some(4));
}
