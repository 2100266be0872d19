//! What every test file of the tool shares: running `wwwurl` as a separate
//! process, with arguments and standard input, asserting on its exit
//! status, output and messages, and a scratch directory for each test.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn wwwurl<A: AsRef<[u8]>>(args: &[A]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wwwurl"));
    c.args(args.iter().map(|a| OsStr::from_bytes(a.as_ref())));
    c
}

/// Runs with `args`, standard input closed.
pub fn run<A: AsRef<[u8]>>(args: &[A]) -> Output {
    wwwurl(args)
        .stdin(Stdio::null())
        .output()
        .expect("run wwwurl")
}

/// Runs with `args`, feeding `input` on standard input.
pub fn run_stdin<A: AsRef<[u8]>>(args: &[A], input: &[u8]) -> Output {
    let mut child = wwwurl(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wwwurl");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A separate writer, so a large input cannot deadlock against the
    // child's full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait wwwurl");
    writer.join().unwrap();
    out
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Asserts a clean run (status 0, nothing on stderr) and gives stdout.
pub fn ok(out: Output) -> Vec<u8> {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    out.stdout
}

/// Asserts stdout of a clean run with `args` is `expected`.
pub fn check<A: AsRef<[u8]>>(args: &[A], expected: &[u8]) {
    let got = ok(run(args));
    assert_eq!(text(&got), text(expected), "args: {:?}", printable(args));
    assert_eq!(got, expected);
}

pub fn printable<A: AsRef<[u8]>>(args: &[A]) -> Vec<String> {
    args.iter().map(|a| text(a.as_ref())).collect()
}

/// Asserts a usage error: status 2 and a message on stderr.
pub fn usage_error<A: AsRef<[u8]>>(args: &[A]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "args: {:?}", printable(args));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("error"), "stderr: {err}");
    err
}

/// A fresh empty directory for one test, under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts a run with `args` that failed for some inputs: status 1, the
/// output lines and the messages given.
pub fn check_failed<A: AsRef<[u8]>>(args: &[A], stdout: &str, stderr: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(1), "args: {:?}", printable(args));
    assert_eq!(text(&out.stdout), stdout, "args: {:?}", printable(args));
    assert_eq!(text(&out.stderr), stderr, "args: {:?}", printable(args));
}
