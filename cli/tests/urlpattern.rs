//! `match`: URLs filtered by URL patterns, their groups, rule files, and
//! what is refused.

use crate::common::{ok, run_stdin, scratch, text, usage_error};

const URLS: &str = "https://www.example.com/books/42\n\
                    https://a.example.com/x\n\
                    not a url\n\
                    http://example.org/books/7?q#h\n\
                    /books/9\n\
                    HTTPS://WWW.EXAMPLE.COM/BOOKS/43\n";

fn matched(args: &[&str], input: &str) -> String {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    text(&ok(run_stdin(&all, input.as_bytes())))
}

#[test]
fn filters_as_grep_does() {
    assert_eq!(
        matched(&["https://*.example.com/books/:id"], URLS),
        "https://www.example.com/books/42\n"
    );
    // Any of several patterns; the lines keep their order.
    assert_eq!(
        matched(&["*://example.org/*", "https://a.example.com/*"], URLS),
        "https://a.example.com/x\nhttp://example.org/books/7?q#h\n"
    );
    // ignoreCase is for the pathname, search and hash.
    assert_eq!(
        matched(&["https://www.example.com/books/4*"], URLS),
        "https://www.example.com/books/42\n"
    );
    assert_eq!(
        matched(&["--ignore-case", "https://www.example.com/books/4*"], URLS),
        "https://www.example.com/books/42\nHTTPS://WWW.EXAMPLE.COM/BOOKS/43\n"
    );
    assert_eq!(matched(&["https://nowhere.example/*"], URLS), "");
}

#[test]
fn exec_prints_the_groups_of_the_first_pattern() {
    assert_eq!(
        matched(
            &["--exec", "https://:sub.example.com/books/:id", "*://*/books/:n"],
            URLS
        ),
        "https://www.example.com/books/42\thostname.sub=www\tpathname.id=42\n\
         http://example.org/books/7?q#h\tprotocol.0=http\thostname.0=example.org\tpathname.n=7\tsearch.0=q\thash.0=h\n"
    );
    // An optional group that took no part is left out.
    assert_eq!(
        matched(
            &["--exec", "https://a.example.com/x/:p?"],
            "https://a.example.com/x\n"
        ),
        "https://a.example.com/x\n"
    );
}

#[test]
fn base_serves_patterns_and_urls() {
    assert_eq!(
        matched(
            &["--base", "https://www.example.com/", "--exec", "/books/:id"],
            URLS
        ),
        "https://www.example.com/books/42\tpathname.id=42\n/books/9\tpathname.id=9\n"
    );
}

#[test]
fn a_rule_file_gives_line_numbers() {
    let dir = scratch("match-set");
    let rules = dir.join("rules.txt");
    std::fs::write(
        &rules,
        "https://*.example.com/*\r\n\n*://*/books/*\nhttps://www.example.com/*\n",
    )
    .unwrap();
    let rules = rules.to_str().unwrap();
    assert_eq!(matched(&["--set", rules], URLS), "1 3 4\n1\n\n3\n\n1 4\n");
    let missing = dir.join("none.txt");
    let err = usage_error(&["match", "--set", missing.to_str().unwrap()]);
    assert!(err.contains("none.txt"), "{err}");
    std::fs::write(dir.join("bad.txt"), "https://*/*\n\nhttps://(\n").unwrap();
    let err = usage_error(&["match", "--set", dir.join("bad.txt").to_str().unwrap()]);
    assert!(err.contains("line 3") && err.contains("https://("), "{err}");
}

#[test]
fn the_set_agrees_with_the_filter_on_real_urls() {
    let corpus = std::fs::read_to_string(format!(
        "{}/../tests/corpus/kasztp.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let urls: String = corpus
        .lines()
        .take(3000)
        .map(|l| format!("{l}\n"))
        .collect();
    let patterns = [
        "https://*/*",
        "http://*.com/*",
        "*://www.*",
        "*://*/*.:ext(jpg|png|gif)",
        "*://*/:a/:b/*",
        "https://*/*?*utm_*",
    ];
    let dir = scratch("match-agree");
    let rules = dir.join("rules.txt");
    std::fs::write(&rules, patterns.join("\n")).unwrap();
    let sets = matched(&["--set", rules.to_str().unwrap(), "-j", "2"], &urls);
    assert_eq!(sets.lines().count(), 3000);
    let mut hits = 0;
    for (i, p) in patterns.iter().enumerate() {
        let want: String = urls
            .lines()
            .zip(sets.lines())
            .filter(|(_, s)| s.split(' ').any(|n| n == (i + 1).to_string()))
            .map(|(u, _)| format!("{u}\n"))
            .collect();
        hits += want.lines().count();
        assert_eq!(matched(&[p], &urls), want, "pattern {p}");
    }
    assert!(hits > 3000, "{hits} matches");
}

#[test]
fn refusals_and_budget() {
    let err = usage_error(&["match", "https://("]);
    assert!(
        err.contains("pattern 1") && err.contains("https://("),
        "{err}"
    );
    let err = usage_error(&["match", "*://*/*", "/relative"]);
    assert!(
        err.contains("pattern 2") && err.contains("without a base"),
        "{err}"
    );
    usage_error(&["match"]);
    usage_error(&["match", "--set", "x", "*://*/*"]);
    usage_error(&["match", "--base", "no base", "/x"]);
    // A catastrophic regular expression: a budget error for its line, and
    // the run goes on.
    let input = format!("https://a.com/{}\nhttps://a.com/ab\n", "a".repeat(5000));
    let out = run_stdin(&["match", "https://a.com/:x((?:a+)+b)"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "https://a.com/ab\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: line 1: matching exceeded its budget\n"
    );
}

#[test]
fn control_bytes_are_escaped() {
    assert_eq!(
        matched(
            &["--exec", "https://a.example/:p"],
            "https://a.example/x\x01y\n"
        ),
        "https://a.example/x%01y\tpathname.p=x%01y\n"
    );
}
