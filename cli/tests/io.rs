//! The tool as a process: its inputs (arguments, standard input, --input
//! files, a terminal, a slow pipe), its output (escaped, flushed, in input
//! order with --jobs, in constant memory), the progress line, and its exit
//! statuses and error reports.

use crate::common::{check, ok, run, run_stdin, scratch, text, usage_error, wwwurl};
use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[test]
fn stdin_good_and_bad_lines() {
    let mut input = b"HTTP://A/b/../c\r\n".to_vec();
    input.resize(input.len() + (1 << 20) + 1, b'x');
    input.extend_from_slice(b"\nhttp://b/\x00\n\nwww.c.org:80/d\n");
    let out = run_stdin(&["canon"], &input);
    assert_eq!(out.status.code(), Some(1));
    // One output line per input line, empty for the failed ones.
    assert_eq!(
        text(&out.stdout),
        "http://a/c\n\n\nhttp://localhost:8080/\nhttp://www.c.org/d\n"
    );
    assert_eq!(
        text(&out.stderr),
        "wwwurl: line 2: longer than the maximum of 1 MiB (1048577 bytes)\n\
         wwwurl: line 3: contains a NUL byte, which would end the URL routines' C string\n"
    );
}

#[test]
fn stdin_longest_line_is_accepted() {
    let mut input = b"http://h/".to_vec();
    input.resize(1 << 20, b'a');
    input.extend_from_slice(b"\r\n");
    let out = run_stdin(&["canon"], &input);
    let got = ok(out);
    assert_eq!(got.len(), (1 << 20) + 1);
    assert_eq!(&got[..12], b"http://h/aaa");
}

#[test]
fn stdin_last_line_without_newline_and_empty_input() {
    assert_eq!(
        ok(run_stdin(&["hash"], b"\nhttp://www.foo.com/")),
        b"1B2M2Y8AsgTpgAmY7PhCfg\nMwJM7GFg6vvScX45S1vCAQ\n"
    );
    assert_eq!(ok(run_stdin(&["canon"], b"")), b"");
    assert_eq!(ok(run(&["canon"])), b"");
}

#[test]
fn stdin_for_every_line_command() {
    let cases: &[(&[&str], &[u8], &[u8])] = &[
        (&["file"], b"http://u:p@h/\n", b"http://u:p@h/\n"),
        (
            &["cachefile"],
            b"http://h/\n",
            b"http/h/DPrl9uZPa6xCp1Ce69cK3sg\n",
        ),
        (&["encode", "--path"], b"a b\n", b"a%20b\n"),
        (&["decode", "--form"], b"a+b\n", b"a b\n"),
        (&["resolve", "http://a/b/c"], b"d\n", b"http://a/b/d\n"),
        (&["webcapture"], b"HTTP://H:80/a/../b\n", b"http://h/b\n"),
        (&["whatwg"], b"HTTP://H:80/a/../b\n", b"http://h/b\n"),
        (&["query", "sort"], b"http://h/?b&a\n", b"http://h/?a&b\n"),
        (&["query", "get", "a"], b"?a=1+2\n", b"1 2\n"),
        (
            &["nvs", "key-order"],
            b"http://h/?b&a\n",
            b"http://h/?a=&b=\n",
        ),
    ];
    for (args, input, expected) in cases {
        assert_eq!(
            text(&ok(run_stdin(args, input))),
            text(expected),
            "{args:?}"
        );
    }
}

#[test]
fn bad_usage_exits_2() {
    // Without a subcommand, the help goes to stderr as a usage error.
    let out = run::<&str>(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("Usage: wwwurl"));
    usage_error(&["frobnicate"]);
    usage_error(&["canon", "--bogus"]);
    usage_error(&["encode", "x"]);
    usage_error(&["encode", "--path", "--form", "x"]);
    usage_error(&["link"]);
    usage_error(&["resolve"]);
    usage_error(&["cachefile", "--prefix", "X", "http://h/"]);
    let err = usage_error(&["--compat", "3.0", "canon", "x"]);
    assert!(err.contains("2.9h"), "{err}");
}

#[test]
fn broken_pipe_ends_quietly() {
    let mut input = Vec::new();
    for i in 0..200_000 {
        input.extend_from_slice(format!("http://host{i}.example.com/a/../b\n").as_bytes());
    }
    let mut child = wwwurl(&["canon"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 29];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"http://host0.example.com/b\nht");
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert_eq!(err, "");
}

#[test]
fn closed_stdout_is_an_error() {
    // `>&-` closes descriptor 1 before wwwurl starts.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" canon http://h/ >&-"])
        .arg(env!("CARGO_BIN_EXE_wwwurl"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: standard output is closed; nothing could be printed\n"
    );
}

#[test]
fn failing_stdout_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = wwwurl(&["canon", "http://h/"])
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("wwwurl: writing standard output: "),
        "{err}"
    );
}

#[test]
fn input_files_after_arguments() {
    let dir = scratch("input_files");
    let a = dir.join("a.txt");
    std::fs::write(&a, b"HTTP://A/x\r\nhttp://b/\x00\nwww.c.org").unwrap();
    let missing = dir.join("missing.txt");
    let args = [
        OsStr::new("canon"),
        OsStr::new("http://arg/"),
        OsStr::new("-i"),
        a.as_os_str(),
        OsStr::new("--input"),
        OsStr::new("-"),
        OsStr::new("--input"),
        missing.as_os_str(),
        OsStr::new("-i"),
        a.as_os_str(),
    ];
    let out = run_stdin(&args.map(OsStr::as_bytes), b"/stdin\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "http://arg/\nhttp://a/x\n\nhttp://www.c.org/\nhttp://localhost:8080/stdin\n\
         http://a/x\n\nhttp://www.c.org/\n"
    );
    let nul = "contains a NUL byte, which would end the URL routines' C string";
    let (a, missing) = (a.display(), missing.display());
    assert_eq!(
        text(&out.stderr),
        format!(
            "wwwurl: {a}: line 2: {nul}\n\
             wwwurl: {missing}: No such file or directory (os error 2)\n\
             wwwurl: {a}: line 2: {nul}\n"
        )
    );
    // A file alone: standard input is not read.
    let b = dir.join("b.txt");
    std::fs::write(&b, b"\nhttp://www.foo.com/\n").unwrap();
    let args = [OsStr::new("hash"), OsStr::new("-i"), b.as_os_str()];
    let out = run_stdin(&args.map(OsStr::as_bytes), b"never read\n");
    assert_eq!(ok(out), b"1B2M2Y8AsgTpgAmY7PhCfg\nMwJM7GFg6vvScX45S1vCAQ\n");
    // An argument is always a URL, never a file name.
    check(
        &["canon", "urls.txt", "-"],
        b"http://urls.txt/\nhttp://0.0.0.0/\n",
    );
}

#[test]
fn input_file_names_are_escaped_in_messages() {
    let out = run(&[&b"canon"[..], b"-i", b"/nonexistent/a\nwwwurl: forged"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: /nonexistent/a%0Awwwurl: forged: No such file or directory (os error 2)\n"
    );
}

#[test]
fn split_values_cannot_forge_lines() {
    let url = "http://x%0Ahost%3A%20evil.example:pw%0D@real.example/";
    let out = text(&ok(run(&["split", url])));
    assert_eq!(out.lines().count(), 16, "{out}");
    assert!(out.contains("\nuser: x%0Ahost: evil.example\n"), "{out}");
    assert!(out.contains("\npass: pw%0D\n"), "{out}");
    assert!(!out.contains("\nhost: evil"), "{out}");
    let raw = ok(run(&["--raw", "split", url]));
    assert_eq!(text(&raw).lines().count(), 17);
    assert!(text(&raw).contains("\nuser: x\nhost: evil.example\n"));
    // Raw input bytes in the original fields are escaped the same way.
    let out = text(&ok(run_stdin(&["split"], b"http://h/a?\x1b[2J\xc2\x9b\n")));
    assert!(out.contains("\noriginal_args: %1B[2J%C2%9B\n"), "{out}");
}

#[test]
fn escapes_in_every_output() {
    // decode: one output line per input line.
    check(
        &["decode", "a%0Ab", "%0D%7F%1B%C2%85"],
        b"a%0Ab\n%0D%7F%1B%C2%85\n",
    );
    check(&["--raw", "decode", "a%0Ab"], b"a\nb\n");
    let out = run_stdin(&["decode"], b"1%0A2\n3\n");
    assert_eq!(ok(out), b"1%0A2\n3\n");
    // resolve and webcapture keep the input's bytes; rfc3986-split too.
    check(
        &[&b"resolve"[..], b"http://a/", b"x\ty"],
        b"http://a/x%09y\n",
    );
    check(
        &[&b"webcapture"[..], b"http://h/a\x7fb"],
        b"http://h/a%7Fb\n",
    );
    check(
        &[&b"--raw"[..], b"webcapture", b"http://h/a\x7fb"],
        b"http://h/a\x7fb\n",
    );
    let out = text(&ok(run_stdin(&["rfc3986-split"], b"x\x00y?\x1b\n")));
    assert!(out.contains("\npath: x%00y\nquery: %1B\n"), "{out}");
    // Bytes that are not controls are untouched, UTF-8 or not.
    check(
        &[&b"decode"[..], b"%C3%A9%FF%C2%A0"],
        b"\xc3\xa9\xff\xc2\xa0\n",
    );
}

/// Runs `wwwurl ARGS` on a pseudo-terminal with `script` (util-linux),
/// typing `input` in steps: each step sends its bytes, then waits until the
/// terminal shows the expected text.
fn pty_session(args: &str, steps: &[(&[u8], &str)]) -> String {
    // A missing `script` fails the test rather than skipping it (Debian's
    // bsdutils, which every installation has, ships it).
    assert!(
        Command::new("script").arg("--version").output().is_ok(),
        "script (util-linux) is needed for the terminal tests"
    );
    let cmd = format!("{} {args}; echo EXIT=$?", env!("CARGO_BIN_EXE_wwwurl"));
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &cmd, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = Vec::new();
    for (input, expect) in steps {
        stdin.write_all(input).unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !text(&seen).contains(expect) {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(b) => seen.extend_from_slice(&b),
                Err(_) => {
                    let _ = child.kill();
                    panic!("no {expect:?} on the terminal; it shows {:?}", text(&seen));
                }
            }
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    text(&seen)
}

#[test]
fn terminal_output_is_line_buffered_and_one_ctrl_d_ends() {
    // Each line's output shows while the input is still open, and a single
    // Ctrl-D (an empty read) ends the input.
    pty_session(
        "canon",
        &[
            (b"HTTP://A/x\n", "http://a/x\r\n"),
            (b"www.b.org:80/y\n", "http://www.b.org/y\r\n"),
            (b"\x04", "EXIT=0"),
        ],
    );
    pty_session(
        "split",
        &[(b"/p\n", "original_pathp: 21\r\n"), (b"\x04", "EXIT=0")],
    );
}

#[test]
fn slow_pipe_output_is_not_held_back() {
    // Output is written whenever the input pauses, not only when a block
    // fills: `tail -f log | wwwurl canon | ...` shows lines as they come.
    for jobs in ["1", "2"] {
        slow_pipe(jobs);
    }
}

fn slow_pipe(jobs: &str) {
    let mut child = wwwurl(&["canon", "--jobs", jobs])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"HTTP://A/x\n").unwrap();
    let mut first = [0u8; 11];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"http://a/x\n");
    stdin.write_all(b"http://b/\n").unwrap();
    drop(stdin);
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    assert_eq!(rest, b"http://b/\n");
    assert!(child.wait().unwrap().success());
}

/// A large input with failing lines here and there, among them lines with
/// a NUL, lines over 1 MiB and a last line without a line end.
fn mixed_input(lines: usize) -> Vec<u8> {
    let mut input = Vec::new();
    for i in 0..lines {
        match i % 9973 {
            17 => input.extend_from_slice(b"http://nul/\x00\n"),
            4242 if i < 20_000 => {
                input.extend_from_slice(b"http://long/");
                input.resize(input.len() + (1 << 20), b'a');
                input.extend_from_slice(b"\r\n");
            }
            _ => input.extend_from_slice(
                format!("HTTP://Host{}.Example/a/../b{i}\r\n", i % 7).as_bytes(),
            ),
        }
    }
    input.extend_from_slice(b"http://last/x");
    input
}

#[test]
fn jobs_keep_input_order_and_reports() {
    let input = mixed_input(120_000);
    for sub in [&["canon"][..], &["split"], &["hash"]] {
        let one = run_stdin(&[sub, &["-j", "1"]].concat(), &input);
        assert_eq!(one.status.code(), Some(1));
        let one_err = text(&one.stderr);
        assert_eq!(one_err.lines().count(), 13 + 2, "{one_err}");
        for jobs in ["2", "3", "8"] {
            let many = run_stdin(&[sub, &["--jobs", jobs]].concat(), &input);
            assert_eq!(many.status.code(), Some(1));
            assert!(many.stdout == one.stdout, "{sub:?} with {jobs} jobs");
            assert_eq!(text(&many.stderr), one_err, "{sub:?} with {jobs} jobs");
        }
    }
    // Several files and arguments, files failing to open, in order.
    let dir = scratch("jobs_files");
    let a = dir.join("a");
    std::fs::write(&a, mixed_input(30_000)).unwrap();
    let args = |jobs: &'static str| {
        [
            OsStr::new("split"),
            OsStr::new("/arg"),
            OsStr::new("-j"),
            OsStr::new(jobs),
            OsStr::new("-i"),
            a.as_os_str(),
            OsStr::new("-i"),
            OsStr::new("/nonexistent"),
            OsStr::new("-i"),
            OsStr::new("-"),
            OsStr::new("-i"),
            a.as_os_str(),
        ]
        .map(OsStr::as_bytes)
    };
    let one = run_stdin(&args("1"), b"/stdin\n");
    let two = run_stdin(&args("2"), b"/stdin\n");
    assert!(one.stdout == two.stdout);
    assert_eq!(text(&one.stderr), text(&two.stderr));
    assert!(text(&one.stdout).starts_with("name: http://localhost:8080/arg\n"));
    assert!(text(&two.stderr).contains("\nwwwurl: /nonexistent: No such file"));
    usage_error(&["canon", "--jobs", "0"]);
}

#[test]
fn jobs_on_a_terminal_and_a_slow_pipe() {
    pty_session(
        "canon --jobs 1",
        &[(b"HTTP://A/x\n", "http://a/x\r\n"), (b"\x04", "EXIT=0")],
    );
    pty_session(
        "canon --jobs 2",
        &[(b"HTTP://A/x\n", "http://a/x\r\n"), (b"\x04", "EXIT=0")],
    );
}

#[test]
fn progress_line_on_request() {
    let dir = scratch("progress");
    let f = dir.join("urls.txt");
    let mut input = Vec::new();
    for i in 0..3000 {
        input.extend_from_slice(format!("http://h{i}.example/\n").as_bytes());
    }
    std::fs::write(&f, &input).unwrap();
    let size = input.len() as f64 / 1048576.0;
    for jobs in ["1", "2"] {
        // Standard input from a regular file: its size is known.
        let out = wwwurl(&["canon", "--progress", "--jobs", jobs])
            .stdin(std::fs::File::open(&f).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(out.stdout.len(), input.len());
        let err = text(&out.stderr);
        let last = err.lines().last().unwrap();
        let expected = format!("wwwurl: 3000 lines, {size:.1} of {size:.1} MiB (100%), ");
        assert!(last.starts_with(&expected), "{err}");
        assert!(last.ends_with(" lines/s"), "{err}");
    }
    // From a pipe: no size, no percentage; reports still come through.
    let out = run_stdin(&["canon", "--progress"], b"http://a/\nx\x00\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("wwwurl: line 2: contains a NUL byte"),
        "{err}"
    );
    assert!(
        err.lines()
            .last()
            .unwrap()
            .starts_with("wwwurl: 2 lines, 0.0 MiB, "),
        "{err}"
    );
    // Not by default when standard error is not a terminal.
    let args = [OsStr::new("canon"), OsStr::new("-i"), f.as_os_str()];
    assert_eq!(ok(run(&args.map(OsStr::as_bytes))).len(), input.len());
    usage_error(&["canon", "--progress", "--no-progress"]);
}

#[test]
fn progress_line_by_default_on_a_terminal() {
    let dir = scratch("progress_tty");
    let f = dir.join("urls.txt");
    std::fs::write(&f, b"http://a/\nhttp://b/\n").unwrap();
    let cmd = format!("canon -i '{}' > /dev/null", f.display());
    // Redrawn in place, then left with the final counts.
    pty_session(
        &cmd,
        &[(b"", "\r\x1b[Kwwwurl: 2 lines, 0.0 of 0.0 MiB (100%), ")],
    );
    pty_session(&cmd, &[(b"", "EXIT=0")]);
    // Not when the input is the terminal, nor with --no-progress.
    let seen = pty_session(
        "canon",
        &[(b"http://a/\n", "http://a/\r\n"), (b"\x04", "EXIT=0")],
    );
    assert!(!seen.contains("lines/s"), "{seen:?}");
    let cmd = format!("canon --no-progress -i '{}' >/dev/null", f.display());
    let seen = pty_session(&cmd, &[(b"", "EXIT=0")]);
    assert!(!seen.contains("lines/s"), "{seen:?}");
}

#[test]
fn an_argument_that_names_a_file_gets_a_note() {
    let dir = std::env::temp_dir().join(format!("wwwurl-cli-note-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "http://a/\n").unwrap();
    let out = run(&[&b"canon"[..], file.as_os_str().as_bytes()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(err.contains("names a file") && err.contains("-i "), "{err}");
    // A URL is no file name: no note.
    check(&["canon", "http://a/"], b"http://a/\n");
}

#[test]
fn jobs_run_in_constant_memory() {
    // 48 MB of input through 2 and 4 jobs, standard output to /dev/null:
    // the peak RSS, read once the whole input has been handed over, stays
    // far below the input size.
    let mut line = Vec::new();
    for i in 0..16 {
        line.extend_from_slice(format!("http://host{i}.example/a/b?x=1&y={i}\n").as_bytes());
    }
    let chunk = line.repeat(64);
    for jobs in ["2", "4"] {
        let mut child = wwwurl(&["canon", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut sent = 0;
        while sent < 48 << 20 {
            stdin.write_all(&chunk).unwrap();
            sent += chunk.len();
        }
        // VmHWM: the peak RSS since the program started (not counting the
        // test process it was started from).
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        drop(stdin);
        assert!(child.wait().unwrap().success());
        let hwm: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM in /proc/PID/status");
        assert!(hwm < 24 << 10, "{jobs} jobs: peak RSS {hwm} KiB");
    }
}
