//! Unit tests of the table: loading, the matcher's rules, both paths.

use super::*;

fn list(text: &str) -> List {
    List::load(text.as_bytes()).unwrap()
}

/// The registrable domain and the public suffix of `host`, as text.
fn answers(l: &List, host: &str, s: Sections) -> (Option<String>, Option<String>) {
    let tail = |i: Option<usize>| i.map(|i| host[i..].to_string());
    let split = l.split(host.as_bytes(), s);
    (
        tail(split.and_then(|x| x.registrable)),
        tail(split.map(|x| x.suffix)),
    )
}

fn reg(l: &List, host: &str) -> Option<String> {
    answers(l, host, Sections::All).0
}

const SMALL: &str = "// ===BEGIN ICANN DOMAINS===\ncom\nuk\nco.uk\n*.ck\n!www.ck\njp\n\
                     *.kobe.jp\n!city.kobe.jp\n公司.cn\ncn\n// ===END ICANN DOMAINS===\n\
                     // ===BEGIN PRIVATE DOMAINS===\ngithub.io\nblogspot.com\n";

#[test]
fn rules_wildcards_and_exceptions() {
    let l = list(SMALL);
    assert_eq!(l.rules(), (10, 2));
    assert_eq!(reg(&l, "www.example.com").as_deref(), Some("example.com"));
    assert_eq!(reg(&l, "example.COM").as_deref(), Some("example.COM"));
    assert_eq!(reg(&l, "com"), None);
    assert_eq!(reg(&l, "a.b.co.uk").as_deref(), Some("b.co.uk"));
    assert_eq!(reg(&l, "co.uk"), None);
    assert_eq!(reg(&l, "x.ck"), None);
    assert_eq!(reg(&l, "a.x.ck").as_deref(), Some("a.x.ck"));
    assert_eq!(reg(&l, "www.ck").as_deref(), Some("www.ck"));
    assert_eq!(reg(&l, "a.www.ck").as_deref(), Some("www.ck"));
    assert_eq!(reg(&l, "a.city.kobe.jp").as_deref(), Some("city.kobe.jp"));
    assert_eq!(reg(&l, "c.kobe.jp"), None);
    assert_eq!(reg(&l, "b.c.kobe.jp").as_deref(), Some("b.c.kobe.jp"));
    // Unlisted top-level labels: the implicit `*` rule.
    assert_eq!(reg(&l, "a.b.example").as_deref(), Some("b.example"));
    assert_eq!(reg(&l, "example"), None);
    assert_eq!(
        answers(&l, "example", Sections::All).1.as_deref(),
        Some("example")
    );
}

#[test]
fn sections() {
    let l = list(SMALL);
    let both = answers(&l, "x.whatwg.github.io", Sections::All);
    assert_eq!(both.0.as_deref(), Some("whatwg.github.io"));
    assert_eq!(both.1.as_deref(), Some("github.io"));
    let icann = answers(&l, "x.whatwg.github.io", Sections::Icann);
    assert_eq!(icann.0.as_deref(), Some("github.io"));
    assert_eq!(icann.1.as_deref(), Some("io"));
    assert_eq!(
        answers(&l, "blogspot.com", Sections::Icann).0.as_deref(),
        Some("blogspot.com")
    );
    assert_eq!(answers(&l, "blogspot.com", Sections::All).0, None);
}

#[test]
fn label_forms() {
    let l = list(SMALL);
    assert_eq!(reg(&l, "www.食狮.公司.cn").as_deref(), Some("食狮.公司.cn"));
    assert_eq!(
        reg(&l, "www.xn--85x722f.xn--55qx5d.cn").as_deref(),
        Some("xn--85x722f.xn--55qx5d.cn")
    );
    assert_eq!(
        reg(&l, "xn--85x722f.XN--55QX5D.CN").as_deref(),
        Some("xn--85x722f.XN--55QX5D.CN")
    );
    assert_eq!(reg(&l, "公司.cn"), None);
    assert_eq!(reg(&l, "xn--55qx5d.cn"), None);
    // A list that names a label in both forms makes one node of them.
    let both = list("公司.cn\nxn--55qx5d.cn\nx.xn--55qx5d.cn\n");
    assert_eq!(reg(&both, "a.x.公司.cn").as_deref(), Some("a.x.公司.cn"));
    assert_eq!(both.rules(), (0, 2));
}

#[test]
fn hosts_without_answers() {
    let l = list(SMALL);
    for host in [
        "",
        ".",
        "..",
        ".com",
        ".example.com",
        "a..example.com",
        "example..com",
        "192.168.0.1",
        "1.2.3.4.",
        "example.0x1f",
        "::1",
        "[::1]",
        "[2001:db8::1]",
        "::ffff:1.2.3.4",
        "example.com..",
    ] {
        assert_eq!(l.split(host.as_bytes(), Sections::All), None, "{host}");
    }
    // A trailing dot is kept.
    let t = answers(&l, "www.example.com.", Sections::All);
    assert_eq!(t.0.as_deref(), Some("example.com."));
    assert_eq!(t.1.as_deref(), Some("com."));
    // An unlisted label of digits that is not last is a label.
    assert_eq!(reg(&l, "www.123.com").as_deref(), Some("123.com"));
}

#[test]
fn inner_wildcards_follow_every_branch() {
    let l = list("b\na.*.b\n*.c.b\n!x.c.b\nz.y.c.b\n");
    assert!(l.layout.bits_for_test() & format::INNER_WILDCARDS != 0);
    assert_eq!(reg(&l, "q.a.m.b").as_deref(), Some("q.a.m.b"));
    assert_eq!(reg(&l, "a.m.b"), None);
    assert_eq!(reg(&l, "q.m.b").as_deref(), Some("m.b"));
    assert_eq!(reg(&l, "q.y.c.b").as_deref(), Some("q.y.c.b"));
    assert_eq!(reg(&l, "q.z.y.c.b").as_deref(), Some("q.z.y.c.b"));
    assert_eq!(reg(&l, "q.x.c.b").as_deref(), Some("x.c.b"));
    // Both `a.*.b` and `*.c.b` match the whole host.
    assert_eq!(reg(&l, "a.c.b"), None);
    assert_eq!(reg(&l, "q.a.c.b").as_deref(), Some("q.a.c.b"));
    assert_eq!(reg(&l, "1.2.3.4"), None);
    assert_eq!(reg(&l, ".q.m.b"), None);
}

#[test]
fn a_numeric_top_level_label_still_makes_an_address() {
    let l = list("123\n4\n");
    assert_eq!(reg(&l, "1.2.3.4"), None);
    assert_eq!(reg(&l, "a.b.123"), None);
}

#[test]
fn a_root_wildcard() {
    let l = list("*\n");
    assert_eq!(reg(&l, "a.b.c").as_deref(), Some("b.c"));
    assert_eq!(reg(&l, "1.2.3.4"), None);
}

#[test]
fn loading_is_deterministic_and_the_table_reloads() {
    let a = List::table_of(SMALL.as_bytes(), b"v").unwrap();
    let b = List::table_of(SMALL.as_bytes(), b"v").unwrap();
    assert_eq!(a, b);
    let l = List::from_table(a).unwrap();
    assert_eq!(l.version(), b"v");
    assert_eq!(reg(&l, "a.b.co.uk").as_deref(), Some("b.co.uk"));
}

#[test]
fn what_is_not_a_list() {
    assert_eq!(List::load(b"").unwrap_err(), LoadError::NoRules);
    assert_eq!(
        List::load(b"// only a comment\n\n").unwrap_err(),
        LoadError::NoRules
    );
    assert!(matches!(
        List::load(b"\x7fELF\x02\x01\x01\0\0\0"),
        Err(LoadError::ControlByte { .. })
    ));
    assert!(matches!(
        List::load(b"<html><body>404</body></html>"),
        Err(LoadError::BadRule { .. })
    ));
}

/// `find` (the probe for the last two labels, then a label at a time) and
/// the general walk, which follows every branch from the root, on `host`,
/// in both sections.
fn same_as_general_walk(l: &List, host: &[u8]) {
    for sections in [Sections::All, Sections::Icann] {
        let mask = sections.mask();
        let fast = table::find(l.table(), &l.layout, host, mask);
        let general = table::find_by_general_walk(l.table(), &l.layout, host, mask);
        assert_eq!(
            fast,
            general,
            "{:?} ({sections:?})",
            String::from_utf8_lossy(host)
        );
    }
}

#[test]
fn the_two_label_probe_at_its_edges() {
    let l = list(
        "// ===BEGIN ICANN DOMAINS===\ncom\nuk\nco.uk\n*.ck\n!www.ck\njp\nkobe.jp\n*.kobe.jp\n\
         !city.kobe.jp\n公司.cn\ncn\nnet\nabcdefghijk.net\nabcdefghijklmnopqrs.net\n\
         // ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n\
         *.compute.example.com\nblogspot.com\n*.private.ck\nfoo\n!ex.foo\nsub.ex.foo\n",
    );
    let ans = |host: &str, s| answers(&l, host, s);
    let all = Sections::All;
    let icann = Sections::Icann;
    // One label, with and without its dot: its own public suffix.
    for host in ["com", "COM", "ck", "zz", "com."] {
        assert_eq!(ans(host, all), (None, Some(host.to_string())), "{host}");
    }
    for host in ["1", "0x1f", "[::1]", "12."] {
        assert_eq!(ans(host, all), (None, None), "{host}");
    }
    // Two labels: a node or not, a trailing dot kept.
    assert_eq!(ans("co.uk", all), (None, Some("co.uk".into())));
    assert_eq!(ans("Co.UK.", all), (None, Some("Co.UK.".into())));
    assert_eq!(ans("b.uk", all), (Some("b.uk".into()), Some("uk".into())));
    assert_eq!(
        ans("b.uk.", all),
        (Some("b.uk.".into()), Some("uk.".into()))
    );
    assert_eq!(ans("1.2", all), (None, None));
    assert_eq!(ans("a..uk", all), (None, None));
    assert_eq!(ans(".uk", all), (None, None));
    // A wildcard under the top-level label: never one probe.
    assert_eq!(ans("x.ck", all), (None, Some("x.ck".into())));
    assert_eq!(
        ans("a.x.ck", all),
        (Some("a.x.ck".into()), Some("x.ck".into()))
    );
    // Its exception, right at the two labels.
    assert_eq!(
        ans("www.ck", all),
        (Some("www.ck".into()), Some("ck".into()))
    );
    assert_eq!(
        ans("A.WWW.CK", all),
        (Some("WWW.CK".into()), Some("CK".into()))
    );
    // An exception at the two labels without a wildcard beside it, and
    // a rule under it: the exception prevails.
    assert_eq!(
        ans("a.sub.ex.foo", all),
        (Some("ex.foo".into()), Some("foo".into()))
    );
    assert_eq!(
        ans("ex.foo", all),
        (Some("ex.foo".into()), Some("foo".into()))
    );
    // A wildcard and an exception under the two labels.
    assert_eq!(ans("x.kobe.jp", all), (None, Some("x.kobe.jp".into())));
    assert_eq!(
        ans("a.city.kobe.jp", all),
        (Some("city.kobe.jp".into()), Some("kobe.jp".into()))
    );
    // The ICANN section alone: a private rule at the two labels, and a
    // private wildcard under an ICANN one.
    assert_eq!(ans("github.io", all), (None, Some("github.io".into())));
    assert_eq!(
        ans("github.io", icann),
        (Some("github.io".into()), Some("io".into()))
    );
    assert_eq!(
        ans("a.github.io", icann),
        (Some("github.io".into()), Some("io".into()))
    );
    assert_eq!(
        ans("a.b.compute.example.com", all),
        (
            Some("a.b.compute.example.com".into()),
            Some("b.compute.example.com".into())
        )
    );
    assert_eq!(
        ans("a.b.compute.example.com", icann),
        (Some("example.com".into()), Some("com".into()))
    );
    assert_eq!(
        ans("a.b.private.ck", icann),
        (Some("b.private.ck".into()), Some("private.ck".into()))
    );
    assert_eq!(
        ans("a.b.private.ck", all),
        (Some("a.b.private.ck".into()), Some("b.private.ck".into()))
    );
    // Labels of more than 8 and more than 16 bytes, in any case.
    assert_eq!(
        ans("x.ABCDEFGHIJK.net", all),
        (
            Some("x.ABCDEFGHIJK.net".into()),
            Some("ABCDEFGHIJK.net".into())
        )
    );
    assert_eq!(
        ans("x.abcdefghijklmnopqrs.NET", all),
        (
            Some("x.abcdefghijklmnopqrs.NET".into()),
            Some("abcdefghijklmnopqrs.NET".into())
        )
    );
    assert_eq!(
        ans("x.abcdefghijz.net", all),
        (Some("abcdefghijz.net".into()), Some("net".into()))
    );
    assert_eq!(
        ans("x.bbcdefghijklmnopqrs.net", all),
        (Some("bbcdefghijklmnopqrs.net".into()), Some("net".into()))
    );
    // Both label forms at the two labels.
    assert_eq!(
        ans("a.公司.cn", all),
        (Some("a.公司.cn".into()), Some("公司.cn".into()))
    );
    assert_eq!(
        ans("a.xn--55qx5d.CN", all),
        (Some("a.xn--55qx5d.CN".into()), Some("xn--55qx5d.CN".into()))
    );
    // And against the general walk, with more labels before.
    for host in [
        "com",
        "a.com",
        "x.ck",
        "a.x.ck",
        "www.ck",
        "a.www.ck",
        "x.kobe.jp",
        "a.city.kobe.jp",
        "github.io",
        "a.github.io",
        "a.b.compute.example.com",
        "a.b.private.ck",
        "q.co.uk.",
        "x.abcdefghijk.net",
        "y.x.abcdefghijklmnopqrs.net",
        "a.公司.cn",
        "a.xn--55qx5d.cn",
        "..com",
        "a..b.com",
        ".a.b.com",
        "1.2.3.4",
        "a.b.c.d.e.f.g.h.i.j.co.uk",
        "a.sub.ex.foo",
        "sub.ex.foo",
    ] {
        same_as_general_walk(&l, host.as_bytes());
        same_as_general_walk(&l, host.to_ascii_uppercase().as_bytes());
    }
}

#[test]
fn the_walk_is_the_general_walk_on_the_built_in_list() {
    let l = List::builtin();
    // Hosts of the list's labels, of every length to 40 bytes, in both
    // cases, with a dot or two here and there.
    let text =
        std::str::from_utf8(include_bytes!("../../data/psl/public_suffix_list.dat")).unwrap();
    let mut labels: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("//"))
        .filter_map(|l| l.split_whitespace().next())
        .flat_map(|r| r.trim_start_matches('!').split('.'))
        .filter(|l| *l != "*")
        .collect();
    labels.sort_unstable();
    labels.dedup();
    labels.extend(["", "www", "x", "1", "0x1f", "a-b", "abcdefghijklmnopq"]);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    for _ in 0..40_000 {
        let n = 1 + next(5);
        let mut host = (0..n)
            .map(|_| labels[next(labels.len())])
            .collect::<Vec<_>>()
            .join(".");
        if next(4) == 0 {
            host.make_ascii_uppercase();
        }
        if next(8) == 0 {
            host.push('.');
        }
        same_as_general_walk(l, host.as_bytes());
    }
}
