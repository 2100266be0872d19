//! What the tool says about itself: `--help` and `-h` everywhere,
//! `--version`, the shell completions, and the man page, which must
//! document every subcommand, option and argument that `--help` lists.

use crate::common::{ok, run, text, usage_error, wwwurl};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn help_everywhere() {
    let top = text(&ok(run(&["--help"])));
    for sub in [
        "split",
        "canon",
        "file",
        "link",
        "cachefile",
        "encode",
        "decode",
        "hash",
        "resolve",
        "rfc3986-split",
        "webcapture",
        "whatwg",
        "nvs",
        "query get",
        "query count",
        "query set",
        "query append",
        "query delete",
        "query sort",
        "query strip",
        "query keep",
    ] {
        let sub: Vec<&str> = sub.split(' ').collect();
        assert!(top.contains(sub[0]), "top-level help lacks {sub:?}");
        let help = text(&ok(run(&[&sub[..], &["--help"]].concat())));
        assert!(help.contains("Usage: wwwurl"), "{sub:?}: {help}");
        assert!(help.contains("Exit status"), "{sub:?}: {help}");
        assert!(help.contains("--compat"), "{sub:?}: {help}");
        assert!(help.contains("--input <FILE>"), "{sub:?}: {help}");
        if sub[0] == "query" {
            assert!(help.contains("--query-only"), "{sub:?}: {help}");
            assert!(help.contains("no `%20` becomes `+`"), "{sub:?}: {help}");
        }
    }
    for sub in [
        &["spool", "verify"][..],
        &["spool", "ls"],
        &["spool", "find"],
        &["spool", "migrate"],
    ] {
        let help = text(&ok(run(&[sub, &["--help"]].concat())));
        assert!(help.contains("symbolic link"), "{sub:?}: {help}");
        assert!(help.contains("--compat"), "{sub:?}: {help}");
    }
    for line_sub in ["canon", "split", "decode", "link"] {
        let help = text(&ok(run(&[line_sub, "--help"])));
        for opt in ["--input <FILE>", "--jobs <N>", "--progress", "--raw", "%XY"] {
            assert!(help.contains(opt), "{line_sub} lacks {opt}: {help}");
        }
    }
    assert!(top.contains("spool") && top.contains("completions") && top.contains("manpage"));
    assert!(text(&ok(run(&["split", "--help"]))).contains("(null)"));
    assert!(text(&ok(run(&["rfc3986-split", "--help"]))).contains("(absent)"));
    // The browser-style options are the WHATWG Standard's now; the 2010
    // draft is only history.
    for sub in ["resolve", "rfc3986-split"] {
        let help = text(&ok(run(&[sub, "--help"])));
        assert!(help.contains("WHATWG URL Standard"), "{sub}: {help}");
        assert!(help.contains("used to follow the 2010"), "{sub}: {help}");
    }
    let whatwg = text(&ok(run(&["whatwg", "--help"])));
    for word in [
        "--lenient",
        "is ignored by the Standard's setter",
        "usage error",
    ] {
        assert!(
            whatwg.contains(word),
            "whatwg --help lacks {word}: {whatwg}"
        );
    }
    let nvs = text(&ok(run(&["nvs", "--help"])));
    for word in ["--strict", "--equivalent <URL1> <URL2>", "malformed"] {
        assert!(nvs.contains(word), "nvs --help lacks {word}: {nvs}");
    }
    assert!(text(&ok(run(&["help", "cachefile"]))).contains("<proto>/<hostport>/<prefix><hash>"));
}

#[test]
fn version() {
    let v = env!("CARGO_PKG_VERSION");
    // `--version` names the Unicode version of the IDNA tables and the
    // Public Suffix List built in too, so that users can pin WHATWG hosts
    // and registrable domains to them; `-V` is the version alone.
    assert_eq!(
        text(&ok(run(&["--version"]))),
        format!(
            "wwwurl {v} (IDNA tables of Unicode 18.0.0; Public Suffix List of 2026-08-19 (e8c9a2b2))\n"
        )
    );
    assert_eq!(text(&ok(run(&["-V"]))), format!("wwwurl {v}\n"));
    assert_eq!(
        text(&ok(run(&["canon", "--version"]))),
        format!(
            "wwwurl-canon {v} (IDNA tables of Unicode 18.0.0; Public Suffix List of 2026-08-19 (e8c9a2b2))\n"
        )
    );
}

#[test]
fn shell_completions() {
    let bash = ok(run(&["completions", "bash"]));
    let b = text(&bash);
    for word in [
        "spool",
        "migrate",
        "--apply",
        "--jobs",
        "--input",
        "--raw",
        "completions",
        "whatwg",
        "--lenient",
        "query",
        "--query-only",
        "--verbatim",
        "nvs",
        "--equivalent",
    ] {
        assert!(b.contains(word), "bash completion lacks {word}");
    }
    // The script is valid bash.
    let mut child = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash is needed to check the bash completion script: install bash");
    child.stdin.take().unwrap().write_all(&bash).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    for shell in ["zsh", "fish"] {
        let s = text(&ok(run(&["completions", shell])));
        assert!(s.contains("spool") && s.contains("progress"), "{shell}");
        assert!(s.contains("query-only") && s.contains("lenient"), "{shell}");
    }
    usage_error(&["completions", "tcsh"]);
    // `--profile` completes to the profile names, not to file names.
    for shell in ["bash", "zsh", "fish"] {
        let s = text(&ok(run(&["completions", shell])));
        for name in [
            "safebrowsing",
            "safebrowsing/2",
            "cachekey/1",
            "wwwoffle-2.9h",
        ] {
            assert!(s.contains(name), "{shell} completion lacks {name}");
        }
    }
}

/// The sections of a man page: `(heading, body)` for each `.SH` and `.SS`,
/// the heading as printed (quotes and `\-` escapes undone).
fn man_sections(page: &str) -> Vec<(String, String)> {
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in page.lines() {
        if let Some(h) = line.strip_prefix(".SH ").or(line.strip_prefix(".SS ")) {
            let h = h.trim_matches('"').replace("\\-", "-");
            sections.push((h, String::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    sections
}

/// What a `-h` text lists under each heading: `(heading, name)`, the name
/// being a long option's without its dashes, an argument's value name, or
/// a subcommand's.
fn help_items(help: &str) -> Vec<(String, String)> {
    let mut heading = String::new();
    let mut items = Vec::new();
    for line in help.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            heading = line.trim_end_matches(':').to_owned();
            continue;
        }
        let Some(first) = line
            .strip_prefix("  ")
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        let name = match heading.as_str() {
            "Commands" => first.to_owned(),
            "Arguments" => {
                // `<NAME>`, `[URL]...`, `<NAME[=VALUE]>`: the outer
                // brackets and the dots go, inner brackets stay.
                let w = first.strip_suffix("...").unwrap_or(first);
                let w = w
                    .strip_prefix('[')
                    .and_then(|w| w.strip_suffix(']'))
                    .unwrap_or(w);
                let w = w
                    .strip_prefix('<')
                    .and_then(|w| w.strip_suffix('>'))
                    .unwrap_or(w);
                w.to_owned()
            }
            _ => match line.split_whitespace().find_map(|w| w.strip_prefix("--")) {
                Some(long) => long.trim_end_matches(',').to_owned(),
                None => continue,
            },
        };
        items.push((heading.clone(), name));
    }
    items
}

#[test]
fn man_page_documents_every_subcommand_option_and_argument() {
    let page = text(&ok(wwwurl(&["manpage"])
        .env("SOURCE_DATE_EPOCH", "951782400")
        .stdin(Stdio::null())
        .output()
        .unwrap()));
    let v = env!("CARGO_PKG_VERSION");
    assert!(
        page.contains(&format!(
            ".TH WWWURL 1 2000-02-29 \"wwwurl {v}\" \"User Commands\"\n"
        )),
        "{}",
        page.lines().take(5).collect::<Vec<_>>().join("\n")
    );
    let sections = man_sections(&page);
    let section = |h: &str| -> &str {
        let found = sections.iter().find(|(name, _)| name == h);
        &found
            .unwrap_or_else(|| panic!("the man page has no section {h}"))
            .1
    };
    // The hand-written sections follow the generated ones.
    for h in ["INPUT AND OUTPUT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
        section(h);
    }
    assert!(section("COMMANDS").is_empty());

    // Every subcommand of every --help, depth first, with its options and
    // arguments, under the heading --help gives them.
    let mut todo = vec![Vec::<String>::new()];
    let mut seen = 0;
    while let Some(path) = todo.pop() {
        let help = text(&ok(run(&[&path[..], &["-h".to_owned()]].concat())));
        let name = path.join(" ");
        for (heading, item) in help_items(&help) {
            let roff = item.replace('-', "\\-");
            let (h, needle) = match heading.as_str() {
                "Commands" if item == "help" => continue,
                "Commands" => {
                    let mut sub = path.clone();
                    sub.push(item);
                    todo.push(sub);
                    continue;
                }
                "Arguments" => (name.as_str(), format!("\\fI{roff}\\fR")),
                "Options" if path.is_empty() || matches!(item.as_str(), "help" | "version") => {
                    ("OPTIONS", format!("\\fB\\-\\-{roff}\\fR"))
                }
                "Options" => (name.as_str(), format!("\\fB\\-\\-{roff}\\fR")),
                other => (&*other.to_uppercase(), format!("\\fB\\-\\-{roff}\\fR")),
            };
            assert!(
                section(h).contains(&needle),
                "man page section {h} lacks {needle} ({name} -h, {heading})"
            );
            seen += 1;
        }
        if !path.is_empty() && !help.contains("\nCommands:") {
            // A leaf: its line in the synopsis.
            let sy = format!(".SY \"wwwurl {}\"\n", name.replace('-', "\\-"));
            assert!(section("SYNOPSIS").contains(&sy), "no synopsis for {name}");
        }
    }
    assert!(seen > 60, "only {seen} items checked");

    // groff formats it without a warning, as `make manpages-test` checks,
    // for the default device and for a UTF-8 terminal.
    for device in [&[][..], &["-Tutf8"]] {
        let mut child = Command::new("groff")
            .args(["-man", "-ww", "-z"])
            .args(device)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("groff is needed to check the man page: install groff-base");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(page.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "groff {device:?}: {}",
            text(&out.stderr)
        );
    }
}
