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
