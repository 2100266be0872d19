//! The `spool` subcommands on WWWOFFLE cache directories made for each
//! test: `verify`, `ls`, `find` and `migrate`, and links never followed.

use crate::common::{ok, run, scratch, text, usage_error};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::Output;
use wwwurl::wwwoffle::config::{Compat, Config};
use wwwurl::wwwoffle::hash::make_hash;
use wwwurl::wwwoffle::split::split_url;

/// The place of a URL in a spool, `<proto>/<hostport>/` and the hash, from
/// the library (SplitURL and MakeHash), independently of the tool.
fn cache_place(compat: Compat, url: &str) -> (String, String) {
    let u = split_url(&Config::default(), compat, url.as_bytes()).unwrap();
    let dir = format!("{}/{}/", text(u.proto()), text(u.hostport()));
    (dir, text(&make_hash(u.file())))
}

/// Writes `U` (the URL) and `D` files for each URL into `dir`.
fn fill_spool(dir: &Path, compat: Compat, urls: &[&str]) {
    for url in urls {
        let (sub, hash) = cache_place(compat, url);
        std::fs::create_dir_all(dir.join(&sub)).unwrap();
        std::fs::write(dir.join(format!("{sub}U{hash}")), url).unwrap();
        std::fs::write(
            dir.join(format!("{sub}D{hash}")),
            b"HTTP/1.0 200 OK\r\n\r\n",
        )
        .unwrap();
    }
}

/// The files of a spool, relative, sorted.
fn spool_files(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, v: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let t = e.file_type().unwrap();
            if t.is_dir() {
                walk(base, &e.path(), v);
            } else {
                v.push(e.path().strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut v = Vec::new();
    walk(dir, dir, &mut v);
    v.sort();
    v
}

fn spool_cmd(args: &[&str], dir: &Path) -> Output {
    let mut a: Vec<&[u8]> = args.iter().map(|s| s.as_bytes()).collect();
    let pos = a.iter().position(|s| *s == b"DIR").unwrap();
    a[pos] = dir.as_os_str().as_bytes();
    run(&a)
}

const AMP_URLS: [&str; 2] = [
    "http://a.example/q?x=1&amp;y=2",
    "http://a.example/p?b=1&AMP;c",
];
const PLAIN_URLS: [&str; 2] = ["http://www.foo.com/", "https://s.example:8443/x?k=v"];

#[test]
fn spool_verify_clean_and_damaged() {
    let dir = scratch("spool_verify");
    let urls = [&AMP_URLS[..], &PLAIN_URLS[..]].concat();
    fill_spool(&dir, Compat::V29, &urls);
    // Not part of the cache: files at the second level, other names.
    std::fs::create_dir_all(dir.join("outgoing")).unwrap();
    std::fs::write(dir.join("outgoing/OAAAAAAAAAAAAAAAAAAAAAA"), b"x").unwrap();
    std::fs::write(dir.join("http/www.foo.com/.timestamp"), b"x").unwrap();
    assert_eq!(
        text(&ok(spool_cmd(&["spool", "verify", "DIR"], &dir))),
        "URL files checked: 4; mismatched: 0, orphaned files: 0, unreadable: 0\n"
    );
    // The same spool under 2.9h: the two URLs with `&amp;` mismatch.
    let out = spool_cmd(&["--compat", "2.9h", "spool", "verify", "DIR"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let (sub, old) = cache_place(Compat::V29, AMP_URLS[0]);
    let (_, new) = cache_place(Compat::V29h, AMP_URLS[0]);
    let got = text(&out.stdout);
    assert!(
        got.contains(&format!(
            "mismatch: {sub}U{old}: holds {}, whose files are {sub}U{new}\n",
            AMP_URLS[0]
        )),
        "{got}"
    );
    assert!(
        got.ends_with("URL files checked: 4; mismatched: 2, orphaned files: 0, unreadable: 0\n")
    );
    // Damage: orphans both ways, a hand-edited U file with a forged line,
    // a U file that is a link.
    let (foo, foo_hash) = cache_place(Compat::V29, "http://www.foo.com/");
    std::fs::remove_file(dir.join(format!("{foo}D{foo_hash}"))).unwrap();
    std::fs::write(dir.join(format!("{foo}DAAAAAAAAAAAAAAAAAAAAAA")), b"x").unwrap();
    std::fs::write(
        dir.join(format!("{foo}UBBBBBBBBBBBBBBBBBBBBBB")),
        b"http://other/\nmismatch: forged\n",
    )
    .unwrap();
    std::fs::write(dir.join(format!("{foo}DBBBBBBBBBBBBBBBBBBBBBB")), b"x").unwrap();
    std::os::unix::fs::symlink(
        "/etc/passwd",
        dir.join(format!("{foo}UCCCCCCCCCCCCCCCCCCCCCC")),
    )
    .unwrap();
    let out = spool_cmd(&["spool", "verify", "DIR"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let (_, other) = cache_place(Compat::V29, "http://other/\nmismatch: forged");
    assert_eq!(
        text(&out.stdout),
        format!(
            "unreadable: {foo}UCCCCCCCCCCCCCCCCCCCCCC: not a regular file\n\
             mismatch: {foo}UBBBBBBBBBBBBBBBBBBBBBB: holds http://other/%0Amismatch: forged, \
             whose files are http/other/U{other}\n\
             orphan: {foo}U{foo_hash}: no D file\n\
             orphan: {foo}DAAAAAAAAAAAAAAAAAAAAAA: no U file\n\
             URL files checked: 5; mismatched: 1, orphaned files: 2, unreadable: 1\n"
        )
    );
    let out = run(&["spool", "verify", "/nonexistent/spool"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "wwwurl: spool directory /nonexistent/spool: No such file or directory (os error 2)\n"
    );
}

#[test]
fn spool_never_follows_links_out() {
    let dir = scratch("spool_links");
    let outside = scratch("spool_links_outside");
    fill_spool(&outside, Compat::V29, &["http://secret.example/"]);
    fill_spool(&dir, Compat::V29, &["http://www.foo.com/"]);
    // A protocol directory and a host directory that lead out of DIR.
    std::os::unix::fs::symlink(outside.join("http"), dir.join("ftp")).unwrap();
    std::os::unix::fs::symlink(
        outside.join("http/secret.example"),
        dir.join("http/secret.example"),
    )
    .unwrap();
    let out = spool_cmd(&["spool", "ls", "DIR"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "http://www.foo.com/\n");
    assert_eq!(
        text(&out.stderr),
        "wwwurl: ftp: symbolic link, not followed\n\
         wwwurl: http/secret.example: symbolic link, not followed\n"
    );
    let out = spool_cmd(&["spool", "find", "DIR", "http://secret.example/"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.starts_with("wwwurl: http/secret.example/D"), "{err}");
    assert!(err.ends_with(": symbolic link, not followed\n"), "{err}");
    let out = spool_cmd(
        &[
            "spool", "migrate", "DIR", "--from", "2.9", "--to", "2.9h", "--apply",
        ],
        &dir,
    );
    assert_eq!(spool_files(&outside).len(), 2);
    assert!(text(&out.stdout).ends_with("URLs renamed: 0, unchanged: 1, refused: 0, skipped: 0\n"));
}

#[test]
fn spool_ls_and_find() {
    let dir = scratch("spool_ls");
    fill_spool(
        &dir,
        Compat::V29,
        &[&AMP_URLS[..], &PLAIN_URLS[..]].concat(),
    );
    let out = text(&ok(spool_cmd(&["spool", "ls", "DIR"], &dir)));
    let mut lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    lines.sort();
    let mut expected = [&AMP_URLS[..], &PLAIN_URLS[..]].concat();
    expected.sort();
    assert_eq!(lines, expected);
    let out = text(&ok(spool_cmd(&["spool", "ls", "DIR", "a.example"], &dir)));
    assert_eq!(out.lines().count(), 2);
    assert!(out.lines().all(|l| l.starts_with("http://a.example/")));
    assert_eq!(
        text(&ok(spool_cmd(
            &["spool", "ls", "DIR", "none.example"],
            &dir
        ))),
        ""
    );
    for bad in ["..", "a/b", ""] {
        let out = spool_cmd(&["spool", "ls", "DIR", bad], &dir);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(text(&out.stderr).contains("would not make a plain directory name"));
    }

    // find: the data file's path and what is there.
    let (foo, foo_hash) = cache_place(Compat::V29, "http://www.foo.com/");
    let (_, url_only) = cache_place(Compat::V29, "http://www.foo.com/u");
    let (_, data_only) = cache_place(Compat::V29, "http://www.foo.com/d");
    std::fs::write(
        dir.join(format!("{foo}U{url_only}")),
        b"http://www.foo.com/u",
    )
    .unwrap();
    std::fs::write(dir.join(format!("{foo}D{data_only}")), b"x").unwrap();
    let (amp, amp_hash) = cache_place(Compat::V29, AMP_URLS[0]);
    assert_eq!(
        text(&ok(spool_cmd(
            &["spool", "find", "DIR", "HTTP://WWW.FOO.COM:80", AMP_URLS[0]],
            &dir
        ))),
        format!("cached {foo}D{foo_hash}\ncached {amp}D{amp_hash}\n")
    );
    let (new, new_hash) = cache_place(Compat::V29, "http://new.example/");
    let out = spool_cmd(
        &[
            "spool",
            "find",
            "DIR",
            "http://www.foo.com/u",
            "http://www.foo.com/d",
            "http://new.example/",
            "..://h/",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!(
            "url-only {foo}D{url_only}\ndata-only {foo}D{data_only}\n\
             not-cached {new}D{new_hash}\n"
        )
    );
    assert_eq!(
        text(&out.stderr),
        "wwwurl: argument 4: the protocol \"..\" would not make a plain directory name in the spool\n"
    );
    // With 2.9h, the `&amp;` URL would be elsewhere.
    let (_, h_hash) = cache_place(Compat::V29h, AMP_URLS[0]);
    let out = spool_cmd(
        &["--compat", "2.9h", "spool", "find", "DIR", AMP_URLS[0]],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("not-cached {amp}D{h_hash}\n"));
    usage_error(&["spool", "find", "/tmp"]);
}

#[test]
fn spool_migrate_dry_run_apply_and_back() {
    let dir = scratch("spool_migrate");
    let urls = [&AMP_URLS[..], &PLAIN_URLS[..]].concat();
    fill_spool(&dir, Compat::V29h, &urls);
    let before = spool_files(&dir);
    let renames = |from: Compat, to: Compat| {
        let mut v = Vec::new();
        for url in AMP_URLS {
            let (sub, old) = cache_place(from, url);
            let (_, new) = cache_place(to, url);
            v.push((sub.clone(), old.clone(), new.clone()));
        }
        // Sorted by the old U file name, as the tool goes.
        v.sort_by(|a, b| a.1.cmp(&b.1));
        let mut s = String::new();
        for (sub, old, new) in v {
            s += &format!("rename {sub}U{old} -> {sub}U{new}\nrename {sub}D{old} -> {sub}D{new}\n");
        }
        s
    };
    // A dry run by default: prints, renames nothing.
    let args = ["spool", "migrate", "DIR", "--from", "2.9h", "--to", "2.9"];
    let out = text(&ok(spool_cmd(&args, &dir)));
    assert_eq!(
        out,
        renames(Compat::V29h, Compat::V29)
            + "dry run: URLs to rename: 2, unchanged: 2, refused: 0, skipped: 0; --apply renames\n"
    );
    assert_eq!(
        text(&ok(spool_cmd(&[&args[..], &["--dry-run"]].concat(), &dir))),
        out
    );
    assert_eq!(spool_files(&dir), before);
    // Applied: every URL is then where 2.9 looks for it.
    let out = text(&ok(spool_cmd(&[&args[..], &["--apply"]].concat(), &dir)));
    assert_eq!(
        out,
        renames(Compat::V29h, Compat::V29)
            + "URLs renamed: 2, unchanged: 2, refused: 0, skipped: 0\n"
    );
    assert_eq!(
        text(&ok(spool_cmd(
            &["--compat", "2.9", "spool", "verify", "DIR"],
            &dir
        ))),
        "URL files checked: 4; mismatched: 0, orphaned files: 0, unreadable: 0\n"
    );
    assert_ne!(spool_files(&dir), before);
    // And back.
    let back = [
        "spool", "migrate", "DIR", "--from", "2.9", "--to", "2.9h", "--apply",
    ];
    let out = text(&ok(spool_cmd(&back, &dir)));
    assert!(
        out.ends_with("URLs renamed: 2, unchanged: 2, refused: 0, skipped: 0\n"),
        "{out}"
    );
    assert_eq!(spool_files(&dir), before);
    usage_error(&[
        "spool",
        "migrate",
        "/tmp",
        "--from",
        "2.9",
        "--to",
        "2.9h",
        "--dry-run",
        "--apply",
    ]);
    usage_error(&["spool", "migrate", "/tmp", "--from", "2.9"]);
}

#[test]
fn spool_migrate_refuses_to_overwrite() {
    let dir = scratch("spool_refuse");
    fill_spool(&dir, Compat::V29h, &AMP_URLS);
    let (sub, old) = cache_place(Compat::V29h, AMP_URLS[0]);
    let (_, new) = cache_place(Compat::V29, AMP_URLS[0]);
    // Something is already where the first URL would go.
    std::fs::write(dir.join(format!("{sub}D{new}")), b"other data").unwrap();
    let before = spool_files(&dir);
    for extra in [&[][..], &["--apply"]] {
        let args = [
            &["spool", "migrate", "DIR", "--from", "2.9h", "--to", "2.9"][..],
            extra,
        ]
        .concat();
        let out = spool_cmd(&args, &dir);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stderr),
            format!("wwwurl: {sub}U{old}: refused: {sub}D{new} exists already\n")
        );
        assert_eq!(text(&out.stdout).matches("rename ").count(), 2);
        assert!(text(&out.stdout).contains("unchanged: 0, refused: 1, skipped: 0"));
    }
    // The refused pair and the other file are untouched.
    assert_eq!(
        std::fs::read(dir.join(format!("{sub}D{new}"))).unwrap(),
        b"other data"
    );
    assert!(dir.join(format!("{sub}U{old}")).exists());
    assert_eq!(spool_files(&dir).len(), before.len());
}
