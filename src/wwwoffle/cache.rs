//! Where a URL's files lie in a WWWOFFLE cache (README, "The cache file"):
//! `<proto>/<hostport>/<prefix><MakeHash(file)>`, relative to the spool
//! directory.
//!
//! The protocol and the host come from the URL, and split URLs can make
//! either one a name that is not a plain directory: the protocol is copied
//! as it was split (`://h/x` gives an empty one, `..://h/x` gives `..`,
//! `\n://h/` a newline), and a port the protocol's default can leave an
//! empty host or a host of dots (`https://:443x/p`, `http://..:80x/`).
//! Joined to a spool directory, such a path would name a file outside it,
//! or with fewer or more than three components. [`cache_path`] refuses it.

use std::fmt;

use super::hash::make_hash;
use crate::bytes::sink::Sink;

/// The part of a URL that would not make one plain directory name of its
/// cache path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsafePath {
    /// The protocol.
    Protocol,
    /// The host, with its port.
    Host,
}

impl UnsafePath {
    /// `"protocol"` or `"host"`, for messages.
    pub fn what(self) -> &'static str {
        match self {
            UnsafePath::Protocol => "protocol",
            UnsafePath::Host => "host",
        }
    }
}

impl fmt::Display for UnsafePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} would not make one plain directory name of the cache path",
            self.what()
        )
    }
}

impl std::error::Error for UnsafePath {}

/// Whether `s` is one plain path component: not empty, not `.` or `..`,
/// without `/`, a control byte (below 0x20, or 0x7f) or, unless `high` is
/// set, a byte of 0x80 or more.
pub fn is_plain_component(s: &[u8], high: bool) -> bool {
    !s.is_empty()
        && s != b"."
        && s != b".."
        && s.iter()
            .all(|&b| b >= 0x20 && b != 0x7f && b != b'/' && (high || b < 0x80))
}

/// Checks that `proto` and `hostport` each make one plain directory name
/// (see [`is_plain_component`]); the host may hold bytes of 0x80 or more,
/// the protocol may not.
pub fn check(proto: &[u8], hostport: &[u8]) -> Result<(), UnsafePath> {
    if !is_plain_component(proto, false) {
        Err(UnsafePath::Protocol)
    } else if !is_plain_component(hostport, true) {
        Err(UnsafePath::Host)
    } else {
        Ok(())
    }
}

/// A checked cache path, `<proto>/<hostport>/<prefix><MakeHash(file)>`,
/// ready to be written: see [`cache_path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachePath<'a> {
    proto: &'a [u8],
    hostport: &'a [u8],
    prefix: u8,
    hash: [u8; 22],
}

impl CachePath<'_> {
    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.proto.len() + 1 + self.hostport.len() + 2 + self.hash.len()
    }

    /// Never: a cache path has at least its file name.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Appends the path to `out`.
    pub fn write_to<S: Sink + ?Sized>(&self, out: &mut S) -> Result<(), S::Error> {
        out.reserve(self.len())?;
        out.extend(self.proto)?;
        out.push(b'/')?;
        out.extend(self.hostport)?;
        out.push(b'/')?;
        out.push(self.prefix)?;
        out.extend(&self.hash)
    }
}

/// The cache path of a URL from its protocol, hostport and file, or a
/// refusal when the protocol or the host would not make one plain
/// directory name ([`check`]). `prefix` is the caller's to check (`D` for
/// the data file, `U` for the URL file).
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::cache::{cache_path, UnsafePath};
///
/// let p = cache_path(b"http", b"h", b"http://h/", b'D').unwrap();
/// let mut out = Buf::new();
/// p.write_to(&mut out)?;
/// assert_eq!(out.len(), p.len());
/// assert!(out.starts_with(b"http/h/D"));
/// assert_eq!(cache_path(b"..", b"h", b"", b'D'), Err(UnsafePath::Protocol));
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn cache_path<'a>(
    proto: &'a [u8],
    hostport: &'a [u8],
    file: &[u8],
    prefix: u8,
) -> Result<CachePath<'a>, UnsafePath> {
    check(proto, hostport)?;
    Ok(CachePath {
        proto,
        hostport,
        prefix,
        hash: make_hash(file),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::buf::Buf;

    fn path(proto: &[u8], hostport: &[u8]) -> Result<Vec<u8>, UnsafePath> {
        let p = cache_path(proto, hostport, b"http://h/", b'D')?;
        let mut out = Buf::new();
        p.write_to(&mut out).unwrap();
        assert_eq!(out.len(), p.len());
        Ok(out.into_vec())
    }

    #[test]
    fn plain_names_make_three_components() {
        assert_eq!(
            path(b"http", b"www.foo.com:8080").unwrap(),
            b"http/www.foo.com:8080/DPrl9uZPa6xCp1Ce69cK3sg"
        );
        // Spaces, `%` and (in the host) bytes above 0x7f are plain bytes.
        assert!(path(b"a b%", b"h\xc3\xa9 x").is_ok());
        assert!(path(b"...", b"a..").is_ok());
    }

    #[test]
    fn unsafe_names_are_refused() {
        for proto in [
            &b""[..],
            b".",
            b"..",
            b"a/b",
            b"/",
            b"\n",
            b"a\x01",
            b"\x7f",
            b"\xc3\xa9",
        ] {
            let r = cache_path(proto, b"h", b"f", b'D');
            assert_eq!(r, Err(UnsafePath::Protocol), "{}", proto.escape_ascii());
        }
        for host in [&b""[..], b".", b"..", b"a/b", b"h\x00", b"h\x1f", b"h\x7f"] {
            assert_eq!(
                path(b"http", host),
                Err(UnsafePath::Host),
                "{}",
                host.escape_ascii()
            );
        }
        // The protocol is checked first.
        assert_eq!(path(b"..", b".."), Err(UnsafePath::Protocol));
    }

    #[test]
    fn messages_name_the_part() {
        assert_eq!(
            UnsafePath::Host.to_string(),
            "the host would not make one plain directory name of the cache path"
        );
        assert_eq!(UnsafePath::Protocol.what(), "protocol");
    }
}
