//! The canonical URL record (LEGACY.md §1, §8: CreateURL, AddPasswordURL).
//!
//! All strings of a record live in one buffer, each followed by a NUL byte,
//! so the C layer can hand the whole record out as a single allocation.
//! Two fields that the historical ABI makes the *same pointer* (`file` and
//! `name` without a user, `host` and `hostport` without a port) have equal
//! spans here.

use super::config::{Compat, Env};

/// Where a field's bytes lie in [`Url::buffer`]; `buffer()[start + len]` is NUL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Length in bytes, not counting the NUL that follows.
    pub len: usize,
}

/// The string fields of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The URL as split, before any decoding.
    OriginalName,
    /// The path as split.
    OriginalPath,
    /// The args as split (absent when there was no `?`).
    OriginalArgs,
    /// The canonical URL without user and password.
    Name,
    /// `name` with `user[:pass]@`; the same span as `name` without a user.
    File,
    /// The protocol, lower case.
    Proto,
    /// The canonical host with `:port` unless it is the default.
    Hostport,
    /// The host without port; the same span as `hostport` without a port.
    Host,
    /// The canonical path.
    Path,
    /// The canonical args, if any.
    Args,
    /// The decoded user name, if any.
    User,
    /// The decoded password, if any.
    Pass,
}

/// A canonical URL record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    pub(crate) buf: Vec<u8>,
    pub(crate) original_name: Span,
    pub(crate) original_path: Span,
    pub(crate) original_args: Option<Span>,
    pub(crate) name: Span,
    pub(crate) file: Span,
    pub(crate) proto: Span,
    pub(crate) hostport: Span,
    pub(crate) host: Span,
    pub(crate) path: Span,
    pub(crate) args: Option<Span>,
    pub(crate) user: Option<Span>,
    pub(crate) pass: Option<Span>,
    pub(crate) port: i32,
    /// Offset in `name` where the host starts.
    pub(crate) hostp: usize,
    /// Offset in `name` where the path starts.
    pub(crate) pathp: usize,
    /// Offset in `original_name` where the path starts.
    pub(crate) original_pathp: usize,
}

impl Url {
    /// The buffer holding every field, each followed by a NUL byte.
    pub fn buffer(&self) -> &[u8] {
        &self.buf
    }

    /// Where `f` lies in [`Url::buffer`], or `None` when it is absent.
    pub fn span(&self, f: Field) -> Option<Span> {
        match f {
            Field::OriginalName => Some(self.original_name),
            Field::OriginalPath => Some(self.original_path),
            Field::OriginalArgs => self.original_args,
            Field::Name => Some(self.name),
            Field::File => Some(self.file),
            Field::Proto => Some(self.proto),
            Field::Hostport => Some(self.hostport),
            Field::Host => Some(self.host),
            Field::Path => Some(self.path),
            Field::Args => self.args,
            Field::User => self.user,
            Field::Pass => self.pass,
        }
    }

    /// The bytes of `f` (no NUL), or `None` when it is absent.
    pub fn get(&self, f: Field) -> Option<&[u8]> {
        self.span(f).map(|s| &self.buf[s.start..s.start + s.len])
    }

    fn must(&self, s: Span) -> &[u8] {
        &self.buf[s.start..s.start + s.len]
    }

    /// `proto "://" hostport path ["?" args]`.
    pub fn name(&self) -> &[u8] {
        self.must(self.name)
    }
    /// `name` with `user[:pass]@` after `://`.
    pub fn file(&self) -> &[u8] {
        self.must(self.file)
    }
    /// The protocol, lower case.
    pub fn proto(&self) -> &[u8] {
        self.must(self.proto)
    }
    /// The canonical `host[:port]`.
    pub fn hostport(&self) -> &[u8] {
        self.must(self.hostport)
    }
    /// The host without port.
    pub fn host(&self) -> &[u8] {
        self.must(self.host)
    }
    /// The canonical path.
    pub fn path(&self) -> &[u8] {
        self.must(self.path)
    }
    /// The canonical args.
    pub fn args(&self) -> Option<&[u8]> {
        self.get(Field::Args)
    }
    /// The decoded user.
    pub fn user(&self) -> Option<&[u8]> {
        self.get(Field::User)
    }
    /// The decoded password.
    pub fn pass(&self) -> Option<&[u8]> {
        self.get(Field::Pass)
    }
    /// The port, or -1 when the hostport has none.
    pub fn port(&self) -> i32 {
        self.port
    }
    /// Offset in `name` of the host.
    pub fn hostp(&self) -> usize {
        self.hostp
    }
    /// Offset in `name` of the path.
    pub fn pathp(&self) -> usize {
        self.pathp
    }
    /// Offset in `original_name` of the path.
    pub fn original_pathp(&self) -> usize {
        self.original_pathp
    }
    /// Whether `file` is the same string as `name` (no user).
    pub fn file_is_name(&self) -> bool {
        self.file == self.name
    }
    /// Whether `host` is the same string as `hostport` (no port).
    pub fn host_is_hostport(&self) -> bool {
        self.host == self.hostport
    }
}

/// CreateURL: builds the canonical record from its parts (LEGACY.md §8).
#[allow(clippy::too_many_arguments)]
pub fn create_url<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    proto: &[u8],
    hostport: &[u8],
    path: &[u8],
    args: Option<&[u8]>,
    user: Option<&[u8]>,
    pass: Option<&[u8]>,
) -> Url {
    let _ = (env, compat, proto, hostport, path, args, user, pass);
    todo!("CreateURL")
}

impl Url {
    /// AddPasswordURL: the same URL rebuilt with a new user and password.
    pub fn with_password<E: Env + ?Sized>(
        &self,
        env: &E,
        compat: Compat,
        user: Option<&[u8]>,
        pass: Option<&[u8]>,
    ) -> Url {
        create_url(
            env,
            compat,
            self.proto(),
            self.hostport(),
            self.path(),
            self.args(),
            user,
            pass,
        )
    }
}
