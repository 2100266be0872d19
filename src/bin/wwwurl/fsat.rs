//! Directory access relative to an open directory, never through a
//! symbolic link: every name is one path component, opened with
//! `O_NOFOLLOW` under a directory that was itself opened that way, so a
//! link planted anywhere below the spool directory cannot lead out of it.

use std::ffi::{CStr, CString};
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// What a directory entry is, without following it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Dir,
    File,
    Symlink,
    Other,
}

/// An open directory.
pub struct Dir {
    fd: OwnedFd,
}

fn cstr(name: &[u8]) -> io::Result<CString> {
    CString::new(name).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
}

/// Wraps a descriptor returned by a system call, or its error.
fn owned(fd: RawFd) -> io::Result<OwnedFd> {
    if fd < 0 {
        Err(io::Error::last_os_error())
    } else {
        // SAFETY: a fresh descriptor from open/openat, owned by nobody else.
        Ok(unsafe { OwnedFd::from_raw_fd(fd) })
    }
}

fn check(r: libc::c_int) -> io::Result<()> {
    if r == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

const DIR_FLAGS: libc::c_int = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC;

impl Dir {
    /// Opens the directory the user named (following a link there: that
    /// is the user's choice).
    pub fn open(path: &Path) -> io::Result<Dir> {
        let p = cstr(path.as_os_str().as_bytes())?;
        // SAFETY: a valid C string; the result is checked.
        let fd = owned(unsafe { libc::open(p.as_ptr(), DIR_FLAGS) })?;
        Ok(Dir { fd })
    }

    /// Opens the subdirectory `name` (one component), not through a link.
    pub fn sub(&self, name: &[u8]) -> io::Result<Dir> {
        let n = cstr(name)?;
        // SAFETY: valid descriptor and C string; the result is checked.
        let fd = owned(unsafe {
            libc::openat(
                self.fd.as_raw_fd(),
                n.as_ptr(),
                DIR_FLAGS | libc::O_NOFOLLOW,
            )
        });
        match fd {
            Ok(fd) => Ok(Dir { fd }),
            // A link gives ELOOP or ENOTDIR: say which it was.
            Err(e) if matches!(e.raw_os_error(), Some(libc::ELOOP | libc::ENOTDIR)) => {
                match self.kind(name) {
                    Ok(Kind::Symlink) => Err(io::Error::other("symbolic link, not followed")),
                    _ => Err(e),
                }
            }
            Err(e) => Err(e),
        }
    }

    /// The entries, without `.` and `..`, sorted by name.
    pub fn entries(&self) -> io::Result<Vec<(Vec<u8>, Kind)>> {
        // fdopendir takes over the descriptor it is given: a fresh one.
        // SAFETY: valid descriptor and C string; the results are checked.
        let fd = owned(unsafe { libc::openat(self.fd.as_raw_fd(), c".".as_ptr(), DIR_FLAGS) })?;
        let raw = fd.as_raw_fd();
        // SAFETY: `raw` is an open directory descriptor; on success the
        // stream owns it and closedir closes it.
        let stream = unsafe { libc::fdopendir(raw) };
        if stream.is_null() {
            return Err(io::Error::last_os_error());
        }
        std::mem::forget(fd);
        let mut v = Vec::new();
        loop {
            // SAFETY: `stream` is open until the closedir below.
            let ent = unsafe { libc::readdir(stream) };
            if ent.is_null() {
                break;
            }
            // SAFETY: readdir gives a valid entry with a NUL-terminated name,
            // valid until the next readdir on the stream.
            let (name, dtype) = unsafe {
                (
                    CStr::from_ptr((*ent).d_name.as_ptr()).to_bytes().to_vec(),
                    (*ent).d_type,
                )
            };
            if name == b"." || name == b".." {
                continue;
            }
            let kind = match dtype {
                libc::DT_DIR => Kind::Dir,
                libc::DT_REG => Kind::File,
                libc::DT_LNK => Kind::Symlink,
                libc::DT_UNKNOWN => self.kind(&name)?,
                _ => Kind::Other,
            };
            v.push((name, kind));
        }
        // SAFETY: closes the stream opened above, and its descriptor.
        unsafe { libc::closedir(stream) };
        v.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(v)
    }

    /// What `name` is, not following a link; `None` if there is nothing.
    pub fn lookup(&self, name: &[u8]) -> io::Result<Option<Kind>> {
        match self.kind(name) {
            Ok(k) => Ok(Some(k)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn kind(&self, name: &[u8]) -> io::Result<Kind> {
        let n = cstr(name)?;
        // SAFETY: an all-zero stat is a valid value to be overwritten.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: valid descriptor, C string and stat buffer.
        check(unsafe {
            libc::fstatat(
                self.fd.as_raw_fd(),
                n.as_ptr(),
                &mut st,
                libc::AT_SYMLINK_NOFOLLOW,
            )
        })?;
        Ok(match st.st_mode & libc::S_IFMT {
            libc::S_IFDIR => Kind::Dir,
            libc::S_IFREG => Kind::File,
            libc::S_IFLNK => Kind::Symlink,
            _ => Kind::Other,
        })
    }

    /// Reads the regular file `name`, at most `max` bytes (`None` when it
    /// is longer).
    pub fn read(&self, name: &[u8], max: usize) -> io::Result<Option<Vec<u8>>> {
        let n = cstr(name)?;
        let flags =
            libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NOCTTY | libc::O_NONBLOCK;
        // SAFETY: valid descriptor and C string; the result is checked.
        let fd = owned(unsafe { libc::openat(self.fd.as_raw_fd(), n.as_ptr(), flags) })?;
        let f = File::from(fd);
        if !f.metadata()?.is_file() {
            return Err(io::Error::other("not a regular file"));
        }
        let mut v = Vec::new();
        f.take(max as u64 + 1).read_to_end(&mut v)?;
        Ok((v.len() <= max).then_some(v))
    }

    /// Renames `from` to `to` in this directory, atomically, failing with
    /// `AlreadyExists` rather than replacing an existing `to`.
    pub fn rename_new(&self, from: &[u8], to: &[u8]) -> io::Result<()> {
        let (f, t) = (cstr(from)?, cstr(to)?);
        let fd = self.fd.as_raw_fd();
        #[cfg(target_os = "linux")]
        {
            // SAFETY: valid descriptor and C strings.
            let r =
                unsafe { libc::renameat2(fd, f.as_ptr(), fd, t.as_ptr(), libc::RENAME_NOREPLACE) };
            match check(r) {
                Ok(()) => return Ok(()),
                // A file system without RENAME_NOREPLACE: link and unlink.
                Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) => {}
                Err(e) => return Err(e),
            }
        }
        // link() fails if `to` exists; the file is never without a name.
        // SAFETY: valid descriptor and C strings.
        check(unsafe { libc::linkat(fd, f.as_ptr(), fd, t.as_ptr(), 0) })?;
        // SAFETY: as above.
        check(unsafe { libc::unlinkat(fd, f.as_ptr(), 0) })
    }
}
