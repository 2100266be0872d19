//! `psl registrable` and `psl suffix`: the list project's tests through the
//! tool, both sections, both label forms, URLs, a list file, and what is
//! not one.

use crate::common::{check, check_failed, ok, run_stdin, scratch, text, usage_error};

fn repo(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_list_projects_tests() {
    let cases = std::fs::read_to_string(repo("tests/psl/tests.txt")).unwrap();
    let (mut input, mut want) = (String::new(), String::new());
    for line in cases
        .lines()
        .filter(|l| !l.starts_with("//") && !l.is_empty())
    {
        let (host, expected) = line.split_once(' ').unwrap();
        if host == "null" {
            continue;
        }
        input.push_str(host);
        input.push('\n');
        want.push_str(if expected == "null" { "" } else { expected });
        want.push('\n');
    }
    for list in [None, Some(repo("data/psl/public_suffix_list.dat"))] {
        let mut args = vec!["psl".to_string(), "registrable".to_string()];
        args.extend(list.iter().flat_map(|l| ["--list".to_string(), l.clone()]));
        let got = ok(run_stdin(&args, input.as_bytes()));
        assert_eq!(text(&got), want);
    }
}

#[test]
fn sections_forms_and_hosts_without_answers() {
    check(
        &[
            "psl",
            "registrable",
            "a.b.github.io",
            "WWW.Example.CO.UK",
            "co.uk",
            "192.0.2.1",
            "",
            ".com",
        ],
        b"b.github.io\nexample.co.uk\n\n\n\n\n",
    );
    check(
        &["psl", "registrable", "--icann", "a.b.github.io"],
        b"github.io\n",
    );
    check(
        &[
            "psl",
            "suffix",
            "a.b.github.io",
            "co.uk",
            "example.com.",
            "example",
            "[::1]",
        ],
        b"github.io\nco.uk\ncom.\nexample\n\n",
    );
    check(&["psl", "suffix", "--icann", "a.b.github.io"], b"io\n");
    check(
        &[
            "psl",
            "registrable",
            "www.食狮.公司.cn",
            "www.xn--85x722f.XN--55QX5D.cn",
        ],
        "食狮.公司.cn\nxn--85x722f.xn--55qx5d.cn\n".as_bytes(),
    );
}

#[test]
fn urls_by_the_url_standard() {
    check(
        &[
            "psl",
            "registrable",
            "--url",
            "https://sub.example.إختبار./x",
            "https://WWW.EXAMPLE.COM/",
            "http://192.168.0.1/",
            "foo://example.com/",
        ],
        b"example.xn--kgbechtv.\nexample.com\n\n\n",
    );
    check(
        &["psl", "suffix", "--url", "https://whatwg.github.io/"],
        b"github.io\n",
    );
    check_failed(
        &["psl", "suffix", "--url", "/relative", "https://a.co.uk/"],
        "\nco.uk\n",
        "wwwurl: argument 1: relative URL without a base\n",
    );
}

#[test]
fn a_list_file_and_what_is_not_one() {
    let dir = scratch("psl_list");
    let list = dir.join("list.dat");
    std::fs::write(
        &list,
        "// ===BEGIN ICANN DOMAINS===\nexample\n*.ck\n!www.ck\n",
    )
    .unwrap();
    let list = list.to_str().unwrap();
    check(
        &[
            "psl",
            "registrable",
            "--list",
            list,
            "a.b.example",
            "a.b.ck",
            "a.www.ck",
            "a.b.com",
        ],
        b"b.example\na.b.ck\nwww.ck\nb.com\n",
    );
    let bad = dir.join("bad.dat");
    std::fs::write(&bad, "com\nexample..com\n").unwrap();
    let err = usage_error(&[
        "psl",
        "registrable",
        "--list",
        bad.to_str().unwrap(),
        "a.com",
    ]);
    assert!(err.contains("line 2: a rule with an empty label"), "{err}");
    let err = usage_error(&["psl", "suffix", "--list", "/nonexistent/list.dat", "a.com"]);
    assert!(err.contains("/nonexistent/list.dat"), "{err}");
}

#[test]
fn the_version_names_the_list() {
    let out = ok(crate::common::run(&["--version"]));
    assert!(
        text(&out).contains("Public Suffix List of 2026-08-19"),
        "{}",
        text(&out)
    );
}
