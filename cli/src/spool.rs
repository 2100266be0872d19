//! `wwwurl spool`: checks, lists and migrates a WWWOFFLE cache.
//!
//! A spool directory holds `<proto>/<hostport>/D<hash>` (the data) and
//! `U<hash>` (the URL, as text) for each cached URL, hash being MakeHash of
//! the split URL's `file`. Paths are printed relative to the spool
//! directory. Nothing below it is reached through a symbolic link (see
//! [`nofollow`]).

use crate::cli::{CompatArg, SpoolCmd};
use crate::ctx::{or_abort, Ctx};
use crate::escape;
use crate::lines::{write_error, Fatal, Status, MAX_INPUT};
use crate::nofollow::{Dir, Kind};
use std::collections::{BTreeSet, HashSet};
use std::ffi::OsString;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use wwwurl::wwwoffle::config::Compat;
use wwwurl::wwwoffle::hash::make_hash;
use wwwurl::wwwoffle::split::split_url;

/// Runs a `spool` subcommand.
pub fn run(ctx: &Ctx, cmd: &SpoolCmd) -> Result<Status, Fatal> {
    let mut s = Spool {
        ctx,
        out: BufWriter::with_capacity(64 << 10, io::stdout().lock()),
        status: Status::Clean,
    };
    let r = match cmd {
        SpoolCmd::Verify { dir } => s.verify(dir),
        SpoolCmd::Ls { dir, host } => s.ls(dir, host.as_ref()),
        SpoolCmd::Find { dir, urls } => s.find(dir, urls),
        SpoolCmd::Migrate {
            dir,
            from,
            to,
            apply,
            ..
        } => s.migrate(dir, *from, *to, *apply),
    };
    match r {
        Ok(()) => {}
        Err(Stop::Fatal(f)) => return Err(f),
        Err(Stop::Spool(msg)) => {
            s.status = Status::SomeFailed;
            s.flush()?;
            note(&msg);
        }
    }
    s.flush()?;
    Ok(s.status)
}

/// Why a spool subcommand ended early.
enum Stop {
    /// Writing the output failed.
    Fatal(Fatal),
    /// The spool directory cannot be used: the message.
    Spool(String),
}

impl From<Fatal> for Stop {
    fn from(f: Fatal) -> Stop {
        Stop::Fatal(f)
    }
}

/// A message on standard error.
fn note(msg: &str) {
    crate::progress::message(msg);
}

/// Where a URL is cached.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    proto: Vec<u8>,
    host: Vec<u8>,
    hash: [u8; 22],
}

impl Place {
    /// `<proto>/<hostport>/<prefix><hash>`.
    fn path(&self, prefix: u8) -> Vec<u8> {
        let mut p = self.proto.clone();
        p.push(b'/');
        p.extend_from_slice(&self.host);
        p.push(b'/');
        p.extend_from_slice(&file_name(prefix, &self.hash));
        p
    }
}

fn file_name(prefix: u8, hash: &[u8]) -> Vec<u8> {
    let mut n = vec![prefix];
    n.extend_from_slice(hash);
    n
}

/// The place of `url` split with `compat`, or why it has none: the
/// protocol and host must each make one plain directory name.
fn place(ctx: &Ctx, compat: Compat, url: &[u8]) -> Result<Place, String> {
    if url.contains(&0) {
        return Err("the URL contains a NUL byte".to_owned());
    }
    let u = or_abort(split_url(&ctx.env, compat, url));
    component("protocol", u.proto())?;
    component("host", u.hostport())?;
    Ok(Place {
        proto: u.proto().to_vec(),
        host: u.hostport().to_vec(),
        hash: make_hash(u.file()),
    })
}

/// Refuses a name that would not be one plain path component: empty,
/// `.` or `..`, with a `/`, a control byte or a byte of 0x80 or more.
fn component(what: &str, s: &[u8]) -> Result<(), String> {
    let plain = !s.is_empty()
        && s != b"."
        && s != b".."
        && s.iter().all(|&b| b > 0x20 && b < 0x7f && b != b'/');
    if plain {
        Ok(())
    } else {
        Err(format!(
            "the {what} \"{}\" would not make a plain directory name in the spool",
            escape::text(s)
        ))
    }
}

/// The hash of a cache file name `<prefix><hash>`.
fn hash_of(name: &[u8], prefix: u8) -> Option<&[u8]> {
    let ok = name.len() == 23
        && name[0] == prefix
        && name[1..]
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'-');
    ok.then(|| &name[1..])
}

/// The URL a `U` file holds: its text, without a final line end.
fn url_text(mut s: &[u8]) -> &[u8] {
    if let [rest @ .., b'\n'] = s {
        s = rest;
        if let [rest @ .., b'\r'] = s {
            s = rest;
        }
    }
    s
}

/// The `D` and `U` files of a host directory, by hash.
struct HostFiles {
    dir: Dir,
    /// Every entry name, whatever it is.
    names: HashSet<Vec<u8>>,
    /// The hashes of the `U` and `D` regular files.
    us: BTreeSet<Vec<u8>>,
    ds: BTreeSet<Vec<u8>>,
    /// `U` and `D` names that are not regular files.
    odd: Vec<Vec<u8>>,
}

/// A host directory of the spool.
struct Host {
    proto: Vec<u8>,
    host: Vec<u8>,
}

impl Host {
    fn path(&self, name: &[u8]) -> Vec<u8> {
        let mut p = self.proto.clone();
        p.push(b'/');
        p.extend_from_slice(&self.host);
        if !name.is_empty() {
            p.push(b'/');
            p.extend_from_slice(name);
        }
        p
    }
}

struct Spool<'a> {
    ctx: &'a Ctx,
    out: BufWriter<StdoutLock<'static>>,
    status: Status,
}

impl Spool<'_> {
    fn flush(&mut self) -> Result<(), Fatal> {
        self.out.flush().map_err(|e| write_error(e, self.status))
    }

    /// Prints `parts` as one line, each part escaped unless `--raw`.
    fn line(&mut self, parts: &[&[u8]]) -> Result<(), Fatal> {
        let mut v = Vec::new();
        for p in parts {
            if self.ctx.raw {
                v.extend_from_slice(p);
            } else {
                escape::push(&mut v, p);
            }
        }
        v.push(b'\n');
        self.out
            .write_all(&v)
            .map_err(|e| write_error(e, self.status))
    }

    /// Reports a problem that does not stop the run on standard error.
    fn problem(&mut self, msg: &str) -> Result<(), Fatal> {
        self.status = Status::SomeFailed;
        self.flush()?;
        note(msg);
        Ok(())
    }

    fn open_root(&self, dir: &Path) -> Result<Dir, Stop> {
        Dir::open(dir).map_err(|e| {
            Stop::Spool(format!(
                "spool directory {}: {e}",
                escape::text(dir.as_os_str().as_bytes())
            ))
        })
    }

    /// Calls `f` on each host directory, sorted, or on those named `only`.
    fn each_host(
        &mut self,
        root: &Dir,
        only: Option<&[u8]>,
        mut f: impl FnMut(&mut Self, &Host, HostFiles) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let protos = root
            .entries()
            .map_err(|e| Stop::Spool(format!("reading the spool: {e}")))?;
        for (proto, kind) in protos {
            if kind == Kind::Symlink {
                self.problem(&format!(
                    "{}: symbolic link, not followed",
                    escape::text(&proto)
                ))?;
            }
            if kind != Kind::Dir {
                continue;
            }
            let pdir = match root.sub(&proto) {
                Ok(d) => d,
                Err(e) => {
                    self.problem(&format!("{}: {e}", escape::text(&proto)))?;
                    continue;
                }
            };
            let hosts = match pdir.entries() {
                Ok(h) => h,
                Err(e) => {
                    self.problem(&format!("{}: {e}", escape::text(&proto)))?;
                    continue;
                }
            };
            for (host, kind) in hosts {
                if only.is_some_and(|o| o != host.as_slice()) {
                    continue;
                }
                let h = Host {
                    proto: proto.clone(),
                    host,
                };
                if kind == Kind::Symlink {
                    let p = escape::text(&h.path(b""));
                    self.problem(&format!("{p}: symbolic link, not followed"))?;
                }
                if kind != Kind::Dir {
                    continue;
                }
                match host_files(&pdir, &h.host) {
                    Ok(files) => f(self, &h, files)?,
                    Err(e) => {
                        let p = escape::text(&h.path(b""));
                        self.problem(&format!("{p}: {e}"))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The URL of a `U` file, or a report of why it cannot be read.
    fn read_url(&mut self, h: &Host, dir: &Dir, hash: &[u8]) -> Result<Option<Vec<u8>>, Fatal> {
        let name = file_name(b'U', hash);
        let why = match dir.read(&name, MAX_INPUT + 2) {
            Ok(Some(text)) => return Ok(Some(url_text(&text).to_vec())),
            Ok(None) => "longer than 1 MiB".to_owned(),
            Err(e) => e.to_string(),
        };
        let p = escape::text(&h.path(&name));
        self.problem(&format!("{p}: unreadable: {why}"))?;
        Ok(None)
    }

    fn verify(&mut self, dir: &Path) -> Result<(), Stop> {
        let root = self.open_root(dir)?;
        let (mut checked, mut bad, mut orphans, mut unreadable) = (0u64, 0u64, 0u64, 0u64);
        let compat = self.ctx.compat;
        self.each_host(&root, None, |s, h, files| {
            for name in &files.odd {
                let p = h.path(name);
                s.line(&[b"unreadable: ", &p, b": not a regular file"])?;
                unreadable += 1;
            }
            for hash in &files.us {
                checked += 1;
                let name = file_name(b'U', hash);
                let path = h.path(&name);
                let Some(url) = s.read_url(h, &files.dir, hash)? else {
                    unreadable += 1;
                    continue;
                };
                match place(s.ctx, compat, &url) {
                    Ok(p) if p.proto == h.proto && p.host == h.host && p.hash[..] == hash[..] => {}
                    Ok(p) => {
                        s.line(&[
                            b"mismatch: ",
                            &path,
                            b": holds ",
                            &url,
                            b", whose files are ",
                            &p.path(b'U'),
                        ])?;
                        bad += 1;
                    }
                    Err(why) => {
                        s.line(&[
                            b"mismatch: ",
                            &path,
                            b": holds ",
                            &url,
                            b": ",
                            why.as_bytes(),
                        ])?;
                        bad += 1;
                    }
                }
                if !files.ds.contains(hash) {
                    s.line(&[b"orphan: ", &path, b": no D file"])?;
                    orphans += 1;
                }
            }
            for hash in files.ds.difference(&files.us) {
                let path = h.path(&file_name(b'D', hash));
                s.line(&[b"orphan: ", &path, b": no U file"])?;
                orphans += 1;
            }
            Ok(())
        })?;
        let summary = format!(
            "URL files checked: {checked}; mismatched: {bad}, orphaned files: {orphans}, \
             unreadable: {unreadable}"
        );
        self.line(&[summary.as_bytes()])?;
        if bad + orphans + unreadable > 0 {
            self.status = Status::SomeFailed;
        }
        Ok(())
    }

    fn ls(&mut self, dir: &Path, host: Option<&OsString>) -> Result<(), Stop> {
        let only = host.map(|h| h.as_bytes());
        if let Some(h) = only {
            component("host", h).map_err(Stop::Spool)?;
        }
        let root = self.open_root(dir)?;
        self.each_host(&root, only, |s, h, files| {
            for hash in &files.us {
                if let Some(url) = s.read_url(h, &files.dir, hash)? {
                    s.line(&[&url])?;
                }
            }
            Ok(())
        })
    }

    fn find(&mut self, dir: &Path, urls: &[OsString]) -> Result<(), Stop> {
        let root = self.open_root(dir)?;
        for (i, url) in urls.iter().enumerate() {
            let p = match place(self.ctx, self.ctx.compat, url.as_bytes()) {
                Ok(p) => p,
                Err(why) => {
                    self.problem(&format!("argument {}: {why}", i + 1))?;
                    continue;
                }
            };
            let found = root
                .sub(&p.proto)
                .and_then(|d| d.sub(&p.host))
                .and_then(|d| {
                    let u = d.lookup(&file_name(b'U', &p.hash))?;
                    let dk = d.lookup(&file_name(b'D', &p.hash))?;
                    Ok((u, dk))
                });
            let state: &[u8] = match found {
                Ok((Some(Kind::File), Some(Kind::File))) => b"cached ",
                Ok((Some(Kind::File), None)) => b"url-only ",
                Ok((None, Some(Kind::File))) => b"data-only ",
                Ok((None, None)) => b"not-cached ",
                Err(e) if e.kind() == io::ErrorKind::NotFound => b"not-cached ",
                Ok(_) => {
                    let path = escape::text(&p.path(b'D'));
                    self.problem(&format!("{path}: not a regular file"))?;
                    continue;
                }
                Err(e) => {
                    let path = escape::text(&p.path(b'D'));
                    // ELOOP: a link where a directory should be.
                    self.problem(&format!("{path}: {e}"))?;
                    continue;
                }
            };
            if state != b"cached " {
                self.status = Status::SomeFailed;
            }
            self.line(&[state, &p.path(b'D')])?;
        }
        Ok(())
    }

    fn migrate(
        &mut self,
        dir: &Path,
        from: CompatArg,
        to: CompatArg,
        apply: bool,
    ) -> Result<(), Stop> {
        let root = self.open_root(dir)?;
        let (from_c, to_c) = (Compat::from(from), Compat::from(to));
        let (mut renamed, mut unchanged, mut refused, mut skipped) = (0u64, 0u64, 0u64, 0u64);
        self.each_host(&root, None, |s, h, files| {
            // Plan the whole directory first: a dry run then shows exactly
            // what a real one does.
            let mut plan = Vec::new();
            let mut taken: HashSet<Vec<u8>> = HashSet::new();
            for hash in &files.us {
                let path = h.path(&file_name(b'U', hash));
                let Some(url) = s.read_url(h, &files.dir, hash)? else {
                    skipped += 1;
                    continue;
                };
                let own = match place(s.ctx, from_c, &url) {
                    Ok(p) => p,
                    Err(why) => {
                        let p = escape::text(&path);
                        s.problem(&format!("{p}: skipped: {why}"))?;
                        skipped += 1;
                        continue;
                    }
                };
                if own.proto != h.proto || own.host != h.host || own.hash[..] != hash[..] {
                    let p = escape::text(&path);
                    s.problem(&format!(
                        "{p}: skipped: its URL is not cached under this name with \
                         --compat {} (see `wwwurl spool verify`)",
                        compat_name(from)
                    ))?;
                    skipped += 1;
                    continue;
                }
                let new = match place(s.ctx, to_c, &url) {
                    Ok(p) => p,
                    Err(why) => {
                        let p = escape::text(&path);
                        s.problem(&format!("{p}: skipped: {why}"))?;
                        skipped += 1;
                        continue;
                    }
                };
                if new.hash[..] == hash[..] {
                    unchanged += 1;
                    continue;
                }
                if new.proto != h.proto || new.host != h.host {
                    let p = escape::text(&path);
                    s.problem(&format!("{p}: skipped: it would move to another directory"))?;
                    skipped += 1;
                    continue;
                }
                let has_d = files.ds.contains(hash);
                let (nu, nd) = (file_name(b'U', &new.hash), file_name(b'D', &new.hash));
                let clash = [&nu, &nd]
                    .into_iter()
                    .find(|n| files.names.contains(*n) || taken.contains(*n));
                if let Some(n) = clash {
                    let (p, t) = (escape::text(&path), escape::text(&h.path(n)));
                    s.problem(&format!("{p}: refused: {t} exists already"))?;
                    refused += 1;
                    continue;
                }
                taken.insert(nu);
                taken.insert(nd);
                plan.push((hash.clone(), new.hash, has_d));
            }
            for (old, new, has_d) in plan {
                let prefixes: &[u8] = if has_d { b"UD" } else { b"U" };
                for &prefix in prefixes {
                    let (a, b) = (file_name(prefix, &old), file_name(prefix, &new));
                    s.line(&[b"rename ", &h.path(&a), b" -> ", &h.path(&b)])?;
                }
                if apply {
                    if let Err(msg) = rename_pair(&files.dir, &old, &new, has_d) {
                        let p = escape::text(&h.path(&file_name(b'U', &old)));
                        s.problem(&format!("{p}: {msg}"))?;
                        refused += 1;
                        continue;
                    }
                }
                renamed += 1;
            }
            Ok(())
        })?;
        let summary = if apply {
            format!(
                "URLs renamed: {renamed}, unchanged: {unchanged}, refused: {refused}, \
                 skipped: {skipped}"
            )
        } else {
            format!(
                "dry run: URLs to rename: {renamed}, unchanged: {unchanged}, refused: {refused}, \
                 skipped: {skipped}; --apply renames"
            )
        };
        self.line(&[summary.as_bytes()])?;
        if refused + skipped > 0 {
            self.status = Status::SomeFailed;
        }
        Ok(())
    }
}

fn compat_name(c: CompatArg) -> &'static str {
    match c {
        CompatArg::V29 => "2.9",
        CompatArg::V29h => "2.9h",
    }
}

/// Renames `U<old>` (and `D<old>`) to the new hash, neither replacing an
/// existing file; puts `U` back when `D` cannot follow.
fn rename_pair(dir: &Dir, old: &[u8], new: &[u8], has_d: bool) -> Result<(), String> {
    let (ou, nu) = (file_name(b'U', old), file_name(b'U', new));
    dir.rename_new(&ou, &nu)
        .map_err(|e| format!("not renamed: {e}"))?;
    if has_d {
        let (od, nd) = (file_name(b'D', old), file_name(b'D', new));
        if let Err(e) = dir.rename_new(&od, &nd) {
            return match dir.rename_new(&nu, &ou) {
                Ok(()) => Err(format!("not renamed: D file: {e}")),
                Err(back) => Err(format!(
                    "D file not renamed ({e}), and U file left under its new name ({back})"
                )),
            };
        }
    }
    Ok(())
}

/// Reads the entries of the host directory `name` of `pdir`.
fn host_files(pdir: &Dir, name: &[u8]) -> io::Result<HostFiles> {
    let dir = pdir.sub(name)?;
    let mut f = HostFiles {
        names: HashSet::new(),
        us: BTreeSet::new(),
        ds: BTreeSet::new(),
        odd: Vec::new(),
        dir,
    };
    for (n, kind) in f.dir.entries()? {
        for (prefix, set) in [(b'U', &mut f.us), (b'D', &mut f.ds)] {
            if let Some(h) = hash_of(&n, prefix) {
                if kind == Kind::File {
                    set.insert(h.to_vec());
                } else {
                    f.odd.push(n.clone());
                }
            }
        }
        f.names.insert(n);
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_components_only() {
        for bad in [&b""[..], b".", b"..", b"a/b", b"a b", b"\xc3\xa9", b"a\x7f"] {
            assert!(component("host", bad).is_err(), "{bad:?}");
        }
        for good in [&b"www.foo.com:8080"[..], b"...", b"[::1]:80", b"http"] {
            assert!(component("host", good).is_ok(), "{good:?}");
        }
    }

    #[test]
    fn cache_file_names() {
        assert_eq!(
            hash_of(b"UMwJM7GFg6vvScX45S1vCAQ", b'U'),
            Some(&b"MwJM7GFg6vvScX45S1vCAQ"[..])
        );
        assert_eq!(hash_of(b"DMwJM7GFg6vvScX45S1vCAQ", b'U'), None);
        assert_eq!(hash_of(b"UMwJM7GFg6vvScX45S1vCA", b'U'), None);
        assert_eq!(hash_of(b"UMwJM7GFg6vvScX45S1vCA/", b'U'), None);
        assert_eq!(url_text(b"http://h/\r\n"), b"http://h/");
        assert_eq!(url_text(b"http://h/\n\n"), b"http://h/\n");
        assert_eq!(url_text(b"http://h/\r"), b"http://h/\r");
    }
}
