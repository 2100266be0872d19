//! Directory access below a directory the user named, never through a
//! symbolic link: names are single path components, each one is looked at
//! with `lstat` (`symlink_metadata`) before it is entered, and files are
//! opened with `O_NOFOLLOW`, so a link planted below the spool directory
//! is reported instead of followed.
//!
//! Everything here is the standard library: the checks name paths, so a
//! link that another process swaps in between a check and its use is not
//! seen (run spool tools on a cache that is not being written).

use std::ffi::OsStr;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// What a directory entry is, without following it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Dir,
    File,
    Symlink,
    Other,
}

/// A directory, reached without a symbolic link below the one the user named.
pub struct Dir {
    path: PathBuf,
}

/// `name` as one path component: not empty, not `.` or `..`, no `/` or NUL.
fn component(name: &[u8]) -> io::Result<&OsStr> {
    if name.is_empty() || name == b"." || name == b".." || name.contains(&b'/') || name.contains(&0)
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a single path component",
        ));
    }
    Ok(OsStr::from_bytes(name))
}

fn kind_of(t: fs::FileType) -> Kind {
    if t.is_symlink() {
        Kind::Symlink
    } else if t.is_dir() {
        Kind::Dir
    } else if t.is_file() {
        Kind::File
    } else {
        Kind::Other
    }
}

impl Dir {
    /// Opens the directory the user named (following a link there: that
    /// is the user's choice).
    pub fn open(path: &Path) -> io::Result<Dir> {
        if !fs::metadata(path)?.is_dir() {
            return Err(io::Error::other("not a directory"));
        }
        Ok(Dir {
            path: path.to_path_buf(),
        })
    }

    /// The subdirectory `name` (one component), not through a link.
    pub fn sub(&self, name: &[u8]) -> io::Result<Dir> {
        let path = self.path.join(component(name)?);
        match kind_of(fs::symlink_metadata(&path)?.file_type()) {
            Kind::Dir => Ok(Dir { path }),
            Kind::Symlink => Err(io::Error::other("symbolic link, not followed")),
            _ => Err(io::Error::other("not a directory")),
        }
    }

    /// The entries, without `.` and `..`, sorted by name.
    pub fn entries(&self) -> io::Result<Vec<(Vec<u8>, Kind)>> {
        let mut v = Vec::new();
        for e in fs::read_dir(&self.path)? {
            let e = e?;
            // `file_type` does not follow a link.
            v.push((e.file_name().as_bytes().to_vec(), kind_of(e.file_type()?)));
        }
        v.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(v)
    }

    /// What `name` is, not following a link; `None` if there is nothing.
    pub fn lookup(&self, name: &[u8]) -> io::Result<Option<Kind>> {
        match fs::symlink_metadata(self.path.join(component(name)?)) {
            Ok(m) => Ok(Some(kind_of(m.file_type()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Reads the regular file `name`, at most `max` bytes (`None` when it
    /// is longer).
    pub fn read(&self, name: &[u8], max: usize) -> io::Result<Option<Vec<u8>>> {
        let f: File = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NOCTTY | libc::O_NONBLOCK)
            .open(self.path.join(component(name)?))?;
        if !f.metadata()?.is_file() {
            return Err(io::Error::other("not a regular file"));
        }
        let mut v = Vec::new();
        f.take(max as u64 + 1).read_to_end(&mut v)?;
        Ok((v.len() <= max).then_some(v))
    }

    /// Gives `from` the name `to` in this directory, failing with
    /// `AlreadyExists` rather than replacing an existing `to`: the new name
    /// is made with link(2), which never replaces a file, then the old one
    /// is removed. The file always has a name; an interrupted run leaves it
    /// under both, which `spool verify` reports.
    pub fn rename_new(&self, from: &[u8], to: &[u8]) -> io::Result<()> {
        let (from, to) = (
            self.path.join(component(from)?),
            self.path.join(component(to)?),
        );
        fs::hard_link(&from, &to)?;
        fs::remove_file(&from)
    }
}
