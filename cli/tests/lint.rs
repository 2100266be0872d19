//! `lint`: the URL Standard's validation errors as compiler diagnostics,
//! from files and standard input, in text and JSON, the summary and the
//! exit status with and without --strict.

use crate::common::{run, run_stdin, scratch, text, usage_error};

#[test]
fn lint_reports_each_error_as_a_diagnostic() {
    let input = b"https://example.org/\n\
                  https://user@example.org/a b\n\
                  \n\
                  https://[::1\r\n\
                  https:\\\\h\\p\n";
    let out = run_stdin(&["lint"], input);
    assert_eq!(out.status.code(), Some(1), "stderr: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "<stdin>:2:13: warning: invalid-credentials: the URL includes credentials: \"@\"\n\
         <stdin>:2:27: warning: invalid-URL-unit: a code point that is not a URL unit: \" \"\n\
         <stdin>:4:13: error: IPv6-unclosed: the IPv6 address lacks its closing bracket\n\
         <stdin>:5:7: warning: special-scheme-missing-following-solidus: \
         the special scheme is not followed by \"//\"\n\
         <stdin>:5:7: warning: special-scheme-missing-following-solidus: \
         the special scheme is not followed by \"//\": \"\\\"\n\
         <stdin>:5:8: warning: special-scheme-missing-following-solidus: \
         the special scheme is not followed by \"//\": \"\\\"\n\
         <stdin>:5:10: warning: invalid-reverse-solidus: a backslash where a slash belongs: \"\\\"\n\
         4 URLs: 1 failed to parse, 3 not valid URL strings, 7 validation errors\n         \
         3 special-scheme-missing-following-solidus\n         \
         1 IPv6-unclosed\n         \
         1 invalid-URL-unit\n         \
         1 invalid-reverse-solidus\n         \
         1 invalid-credentials\n"
    );
}

#[test]
fn lint_exit_status_and_strict() {
    // Validation errors alone do not fail a run; --strict makes them.
    let warnings = b"https://user@example.org/\nhttps://example.org/\n";
    assert_eq!(run_stdin(&["lint"], warnings).status.code(), Some(0));
    assert_eq!(
        run_stdin(&["lint", "--strict"], warnings).status.code(),
        Some(1)
    );
    let clean = run_stdin(&["lint", "--strict"], b"https://example.org/a?b#c\n");
    assert_eq!(clean.status.code(), Some(0));
    assert_eq!(
        text(&clean.stdout),
        "1 URLs: 0 failed to parse, 0 not valid URL strings, 0 validation errors\n"
    );
    // Not valid, though no error says why: shown only with --strict.
    let bytes = b"https://example.org/\xff\n";
    let out = run_stdin(&["lint"], bytes);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "1 URLs: 0 failed to parse, 1 not valid URL strings, 0 validation errors\n"
    );
    let out = run_stdin(&["lint", "--strict"], bytes);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("<stdin>:1:1: error: not a valid URL string\n"));
}

#[test]
fn lint_against_a_base() {
    let out = run_stdin(
        &["lint", "--base", "http://example.org/a/"],
        b"../b\nc|d\n#x\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "<stdin>:2:2: warning: invalid-URL-unit: a code point that is not a URL unit: \"|\"\n\
         3 URLs: 0 failed to parse, 1 not valid URL strings, 1 validation errors\n         \
         1 invalid-URL-unit\n"
    );
    let out = run_stdin(&["lint"], b"../b\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with(
        "<stdin>:1:1: error: missing-scheme-non-relative-URL: \
         no scheme, and no base URL to resolve against\n"
    ));
    usage_error(&["lint", "--base", "not a URL"]);
}

#[test]
fn lint_json() {
    let out = run_stdin(&["lint", "--json"], b"http://a\tb/\"\nhttps://#x\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "{\"file\":\"<stdin>\",\"line\":1,\"column\":9,\"start\":8,\"end\":9,\
         \"severity\":\"warning\",\"name\":\"invalid-URL-unit\",\"fatal\":false,\
         \"message\":\"a code point that is not a URL unit\",\"text\":\"\\u0009\"}\n\
         {\"file\":\"<stdin>\",\"line\":1,\"column\":12,\"start\":11,\"end\":12,\
         \"severity\":\"warning\",\"name\":\"invalid-URL-unit\",\"fatal\":false,\
         \"message\":\"a code point that is not a URL unit\",\"text\":\"\\\"\"}\n\
         {\"file\":\"<stdin>\",\"line\":2,\"column\":9,\"start\":8,\"end\":8,\
         \"severity\":\"error\",\"name\":\"host-missing\",\"fatal\":true,\
         \"message\":\"the host is missing\",\"text\":\"\"}\n\
         {\"summary\":{\"urls\":2,\"failures\":1,\"not_valid\":2,\"errors\":3,\
         \"by_name\":{\"invalid-URL-unit\":2,\"host-missing\":1}}}\n"
    );
}

#[test]
fn lint_files() {
    let dir = scratch("lint_files");
    let a = dir.join("a.txt");
    let b = dir.join("b.txt");
    std::fs::write(&a, "https://ex_ample.org/\nfile://c:/x\n").unwrap();
    std::fs::write(&b, "https://1.2.3/\n").unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = run(&["lint", a, b, &format!("{}/missing", dir.display())]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!(
            "{a}:1:9: warning: domain-to-ASCII: the domain is not valid under strict IDNA \
             processing: \"ex_ample.org\"\n\
             {a}:2:8: warning: file-invalid-Windows-drive-letter-host: the host of a file URL \
             is a Windows drive letter: \"c:\"\n\
             {b}:1:9: warning: IPv4-too-few-parts: the IPv4 address has fewer than 4 parts: \
             \"1.2.3\"\n\
             3 URLs: 0 failed to parse, 3 not valid URL strings, 3 validation errors\n         \
             1 domain-to-ASCII\n         \
             1 IPv4-too-few-parts\n         \
             1 file-invalid-Windows-drive-letter-host\n"
        )
    );
    assert!(text(&out.stderr).contains("missing: No such file"));
    // `-` is standard input, between the files.
    let out = run_stdin(&["lint", a, "-"], b"https://[::01]/\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("<stdin>:1:12: warning: IPv6-piece-leading-zero"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn lint_is_fast_on_many_urls() {
    // Every line of the corpus, validated: the tool keeps up and counts
    // them all.
    let corpus = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/corpus/kasztp.txt"
    ))
    .unwrap();
    let lines = corpus
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    let out = run_stdin(&["lint", "--json"], &corpus);
    let stdout = text(&out.stdout);
    let summary = stdout.lines().last().unwrap();
    assert!(
        summary.starts_with(&format!("{{\"summary\":{{\"urls\":{lines},")),
        "{summary}"
    );
}
