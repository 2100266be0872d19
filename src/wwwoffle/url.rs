//! The canonical URL record (doc/behaviour.md: The URL record, AddPasswordURL).
//!
//! All strings of a record live in one buffer, each followed by a NUL byte,
//! so the C layer can hand the whole record out as a single allocation.
//! Two fields that the historical ABI makes the *same pointer* (`file` and
//! `name` without a user, `host` and `hostport` without a port) have equal
//! spans here.
//!
//! This file holds the record and where it goes ([`RecordBytes`],
//! [`RecordDest`]); CreateURL, which makes one, is in `create.rs`.

use super::config::{Compat, Env};
use crate::bytes::buf::{Buf, NoMemory, RecordBuf};
use crate::bytes::sink::Sink;

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

impl Field {
    /// Every field, in the order of the historical record.
    pub const ALL: [Field; 12] = [
        Field::OriginalName,
        Field::OriginalPath,
        Field::OriginalArgs,
        Field::Name,
        Field::File,
        Field::Proto,
        Field::Hostport,
        Field::Host,
        Field::Path,
        Field::Args,
        Field::User,
        Field::Pass,
    ];

    /// The field's name in the historical record (`"hostport"`,
    /// `"original_name"`): the one table of these names, which the tool's
    /// `split` prints.
    pub const fn name(self) -> &'static str {
        match self {
            Field::OriginalName => "original_name",
            Field::OriginalPath => "original_path",
            Field::OriginalArgs => "original_args",
            Field::Name => "name",
            Field::File => "file",
            Field::Proto => "proto",
            Field::Hostport => "hostport",
            Field::Host => "host",
            Field::Path => "path",
            Field::Args => "args",
            Field::User => "user",
            Field::Pass => "pass",
        }
    }

    /// The field named `name`, exactly as [`Field::name`] spells it.
    pub fn from_name(name: &[u8]) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name().as_bytes() == name)
    }
}

/// The numbers of a record, beside its string [`Field`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// The port, or -1 when the hostport has none.
    Port,
    /// Offset in `name` of the host.
    Hostp,
    /// Offset in `name` of the path.
    Pathp,
    /// Offset in `original_name` of the path.
    OriginalPathp,
}

impl Number {
    /// Every number, in the order of the historical record.
    pub const ALL: [Number; 4] = [
        Number::Port,
        Number::Hostp,
        Number::Pathp,
        Number::OriginalPathp,
    ];

    /// The number's name in the historical record (`"pathp"`): the one
    /// table of these names, which the tool's `split` prints.
    pub const fn name(self) -> &'static str {
        match self {
            Number::Port => "port",
            Number::Hostp => "hostp",
            Number::Pathp => "pathp",
            Number::OriginalPathp => "original_pathp",
        }
    }

    /// The number named `name`, exactly as [`Number::name`] spells it.
    pub fn from_name(name: &[u8]) -> Option<Number> {
        Number::ALL
            .into_iter()
            .find(|n| n.name().as_bytes() == name)
    }
}

/// Where the fields of a record lie in its buffer, and its numbers: a
/// record without its bytes, so that its bytes can go straight into memory
/// that someone else owns (the C layer's one-block record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spans {
    pub(crate) name: Span,
    pub(crate) proto: Span,
    pub(crate) hostport: Span,
    pub(crate) path: Span,
    pub(crate) args: Option<Span>,
    pub(crate) user: Option<Span>,
    pub(crate) pass: Option<Span>,
    /// `None` when `file` is `name` (no user).
    pub(crate) file: Option<Span>,
    /// `None` when `host` is `hostport` (no port).
    pub(crate) host: Option<Span>,
    /// `None` when the original fields are `name`, `path` and `args`
    /// themselves (see [`Originals`]): a record then stores a byte rather
    /// than seven words for them.
    pub(crate) original: Option<OriginalSpans>,
    pub(crate) port: i32,
    /// Offset in `name` where the host starts.
    pub(crate) hostp: usize,
    /// Offset in `name` where the path starts.
    pub(crate) pathp: usize,
}

/// Where the original fields of a record lie when they are not its
/// canonical fields (see [`Spans`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OriginalSpans {
    pub(crate) name: Span,
    pub(crate) path: Span,
    pub(crate) args: Option<Span>,
    /// Offset in `name` where the path starts.
    pub(crate) pathp: usize,
}

impl Spans {
    /// Where `f` lies, or `None` when it is absent.
    #[inline]
    pub fn span(&self, f: Field) -> Option<Span> {
        match f {
            Field::OriginalName => Some(self.original.map_or(self.name, |o| o.name)),
            Field::OriginalPath => Some(self.original.map_or(self.path, |o| o.path)),
            Field::OriginalArgs => self.original.map_or(self.args, |o| o.args),
            Field::Name => Some(self.name),
            Field::File => Some(self.file()),
            Field::Proto => Some(self.proto),
            Field::Hostport => Some(self.hostport),
            Field::Host => Some(self.host()),
            Field::Path => Some(self.path),
            Field::Args => self.args,
            Field::User => self.user,
            Field::Pass => self.pass,
        }
    }
    /// Where `file` lies.
    #[inline]
    pub(crate) fn file(&self) -> Span {
        self.file.unwrap_or(self.name)
    }
    /// Where `host` lies.
    #[inline]
    pub(crate) fn host(&self) -> Span {
        self.host.unwrap_or(self.hostport)
    }
    /// The port, or -1 when the hostport has none.
    #[inline]
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
        self.original.map_or(self.pathp, |o| o.pathp)
    }
    /// The number `n`: [`Spans::port`] or one of the offsets, which fit
    /// an `i64` since they are offsets into a buffer.
    pub fn number(&self, n: Number) -> i64 {
        let offset = |o: usize| i64::try_from(o).unwrap_or(i64::MAX);
        match n {
            Number::Port => i64::from(self.port()),
            Number::Hostp => offset(self.hostp()),
            Number::Pathp => offset(self.pathp()),
            Number::OriginalPathp => offset(self.original_pathp()),
        }
    }
    /// Whether `file` is the same string as `name` (no user).
    pub fn file_is_name(&self) -> bool {
        self.file.is_none()
    }
    /// Whether `host` is the same string as `hostport` (no port).
    pub fn host_is_hostport(&self) -> bool {
        self.host.is_none()
    }
}

/// How a record holds its `original_*` fields: what its destination reads
/// of them decides (see [`RecordDest::ORIGINALS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Originals {
    /// Copies of their own after the canonical fields, as the historical
    /// record (WWWOFFLE 2.9h) has them: a program may write into one
    /// field without changing the other.
    Copied,
    /// The canonical fields' own bytes when all three original fields are
    /// equal to `name`, `path` and `args` (a URL that takes SplitURL's fast
    /// route, spelt as its canonical name), copies otherwise: for records
    /// that are only read through their spans. The general route always
    /// copies.
    Shared,
    /// Not written at all, for destinations that have no original fields
    /// (the WWWOFFLE 2.9 record). The original spans are then those of
    /// `name`, `path` and `args`, and `original_pathp` is `pathp`: they
    /// must not be read as the URL as split.
    Omitted,
}

/// A canonical URL record.
///
/// Two records are equal when their fields, numbers and shared strings
/// (`file` is `name`, `host` is `hostport`) are: where each field lies in
/// the buffer is not part of the record.
#[derive(Debug)]
pub struct Url {
    pub(crate) buf: Vec<u8>,
    pub(crate) sp: Spans,
}

/// A copy that aborts when memory runs out, as `Vec`'s does; the library
/// itself copies with [`Url::try_clone`].
impl Clone for Url {
    fn clone(&self) -> Url {
        #[allow(clippy::disallowed_methods)] // for Rust callers, as `Vec::clone`
        let buf = self.buf.clone();
        Url { buf, sp: self.sp }
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.view() == other.view()
    }
}

impl Eq for Url {}

impl Url {
    /// A copy, or [`NoMemory`].
    pub fn try_clone(&self) -> Result<Url, NoMemory> {
        Ok(Url {
            buf: Buf::from_slice(&self.buf)?.into_vec(),
            sp: self.sp,
        })
    }

    /// The buffer holding every field, each followed by a NUL byte.
    pub fn buffer(&self) -> &[u8] {
        &self.buf
    }

    /// Where `f` lies in [`Url::buffer`], or `None` when it is absent.
    pub fn span(&self, f: Field) -> Option<Span> {
        self.sp.span(f)
    }

    /// Where every field lies in [`Url::buffer`].
    pub fn spans(&self) -> &Spans {
        &self.sp
    }

    /// The record, borrowed.
    pub fn view(&self) -> UrlRef<'_> {
        UrlRef::new(&self.buf, &self.sp)
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
        self.must(self.sp.name)
    }
    /// `name` with `user[:pass]@` after `://`.
    pub fn file(&self) -> &[u8] {
        self.must(self.sp.file())
    }
    /// The protocol, lower case.
    pub fn proto(&self) -> &[u8] {
        self.must(self.sp.proto)
    }
    /// The canonical `host[:port]`.
    pub fn hostport(&self) -> &[u8] {
        self.must(self.sp.hostport)
    }
    /// The host without port.
    pub fn host(&self) -> &[u8] {
        self.must(self.sp.host())
    }
    /// The canonical path.
    pub fn path(&self) -> &[u8] {
        self.must(self.sp.path)
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
        self.sp.port
    }
    /// Offset in `name` of the host.
    pub fn hostp(&self) -> usize {
        self.sp.hostp
    }
    /// Offset in `name` of the path.
    pub fn pathp(&self) -> usize {
        self.sp.pathp
    }
    /// Offset in `original_name` of the path.
    pub fn original_pathp(&self) -> usize {
        self.sp.original_pathp()
    }
    /// The number `n` (see [`Spans::number`]).
    pub fn number(&self, n: Number) -> i64 {
        self.sp.number(n)
    }
    /// Whether `file` is the same string as `name` (no user).
    pub fn file_is_name(&self) -> bool {
        self.sp.file_is_name()
    }
    /// Whether `host` is the same string as `hostport` (no port).
    pub fn host_is_hostport(&self) -> bool {
        self.sp.host_is_hostport()
    }
}

/// A record whose bytes live elsewhere: borrowed from a [`Url`], or from
/// memory that another layer owns (the C layer's one-block handle), so that
/// reading a record never needs it copied into a `Url` first.
#[derive(Clone, Copy, Debug)]
pub struct UrlRef<'a> {
    buf: &'a [u8],
    sp: &'a Spans,
}

impl<'a> UrlRef<'a> {
    /// The record whose fields lie in `buf` as `sp` says. A span outside
    /// `buf` makes the accessors panic rather than read past it.
    pub fn new(buf: &'a [u8], sp: &'a Spans) -> Self {
        UrlRef { buf, sp }
    }

    /// The bytes the spans point into.
    pub fn buffer(&self) -> &'a [u8] {
        self.buf
    }

    /// Where every field lies.
    pub fn spans(&self) -> &'a Spans {
        self.sp
    }

    /// The bytes of `f` (no NUL), or `None` when it is absent.
    pub fn get(&self, f: Field) -> Option<&'a [u8]> {
        self.sp.span(f).map(|s| self.must(s))
    }

    fn must(&self, s: Span) -> &'a [u8] {
        &self.buf[s.start..s.start + s.len]
    }

    /// `proto "://" hostport path ["?" args]`.
    pub fn name(&self) -> &'a [u8] {
        self.must(self.sp.name)
    }
    /// `name` with `user[:pass]@` after `://`.
    pub fn file(&self) -> &'a [u8] {
        self.must(self.sp.file())
    }
    /// The protocol, lower case.
    pub fn proto(&self) -> &'a [u8] {
        self.must(self.sp.proto)
    }
    /// The canonical `host[:port]`.
    pub fn hostport(&self) -> &'a [u8] {
        self.must(self.sp.hostport)
    }
    /// The canonical path.
    pub fn path(&self) -> &'a [u8] {
        self.must(self.sp.path)
    }
    /// The canonical args.
    pub fn args(&self) -> Option<&'a [u8]> {
        self.get(Field::Args)
    }
    /// The decoded user, if any.
    pub fn user(&self) -> Option<&'a [u8]> {
        self.get(Field::User)
    }
    /// The decoded password, if any.
    pub fn pass(&self) -> Option<&'a [u8]> {
        self.get(Field::Pass)
    }
    /// The host without the port.
    pub fn host(&self) -> &'a [u8] {
        self.get(Field::Host).unwrap_or_default()
    }
    /// The port, or -1 when the hostport has none.
    pub fn port(&self) -> i32 {
        self.sp.port
    }
}

impl PartialEq for UrlRef<'_> {
    /// The same record (see [`Url`]), wherever its fields lie.
    fn eq(&self, other: &UrlRef<'_>) -> bool {
        let (a, b) = (self.sp, other.sp);
        Field::ALL.iter().all(|&f| self.get(f) == other.get(f))
            && a.port == b.port
            && a.hostp == b.hostp
            && a.pathp == b.pathp
            && a.original_pathp() == b.original_pathp()
            && a.file_is_name() == b.file_is_name()
            && a.host_is_hostport() == b.host_is_hostport()
    }
}

impl Eq for UrlRef<'_> {}

impl<'a> From<&'a Url> for UrlRef<'a> {
    fn from(u: &'a Url) -> Self {
        u.view()
    }
}

/// A record's bytes, ready to be written where a [`RecordDest`] wants them:
/// their exact size and where each field will lie are known first.
pub trait RecordBytes {
    /// The size of the record's buffer: every field and its NUL.
    fn len(&self) -> usize;
    /// Always false: a record holds at least its NULs.
    fn is_empty(&self) -> bool {
        false
    }
    /// Where the fields lie, from the buffer's first byte.
    fn spans(&self) -> Spans;
    /// [`RecordBytes::len`] and [`RecordBytes::spans`] together.
    fn measure(&self) -> (usize, Spans) {
        (self.len(), self.spans())
    }
    /// Appends the buffer, exactly [`RecordBytes::len`] bytes, to `out`;
    /// returns [`RecordBytes::spans`].
    fn write_to<S: Sink + ?Sized>(&self, out: &mut S) -> Result<Spans, S::Error>;
}

/// A record that is already made, to be copied (`wwwurl_dup`).
impl RecordBytes for UrlRef<'_> {
    fn len(&self) -> usize {
        self.buffer().len()
    }
    fn spans(&self) -> Spans {
        *UrlRef::spans(self)
    }
    fn write_to<S: Sink + ?Sized>(&self, out: &mut S) -> Result<Spans, S::Error> {
        out.extend(self.buffer())?;
        Ok(*UrlRef::spans(self))
    }
}

/// Where SplitURL puts a record: a [`Url`] of its own, the C layer's
/// one-block record, a handle. SplitURL decides once how to build the
/// record and hands it over.
///
/// The fast route knows the record's exact size before it writes a byte:
/// the destination allocates that much and has the record written
/// ([`RecordDest::store_record`]). The general route builds the record in memory
/// of the destination's own ([`RecordDest::Memory`]), sized for the worst
/// case, and hands it back built ([`RecordDest::store_built`]): the
/// destination decides where the record is built, and whether it is moved
/// once made (the C libraries build small records on the stack and copy
/// them once into a block of their exact size).
pub trait RecordDest {
    /// What the caller gets: the record, or its own kind of result, which
    /// can tell that memory ran out.
    type Out;
    /// The memory the general route builds a record in.
    type Memory: RecordBuf;
    /// How the record holds its original fields: copied, unless the
    /// destination reads them only through the spans (then shared with the
    /// canonical fields when all are equal, see [`Originals::Shared`]) or
    /// has none (then omitted).
    const ORIGINALS: Originals = Originals::Copied;
    /// Takes a record whose size is known, to be written.
    fn store_record<R: RecordBytes>(self, record: &R) -> Self::Out;
    /// Empty memory with room for `capacity` bytes, which the record
    /// never outgrows; writing past them may fail with [`NoMemory`].
    fn memory(&mut self, capacity: usize) -> Result<Self::Memory, NoMemory>;
    /// Takes a record that the general route built in memory from
    /// [`RecordDest::memory`]: its bytes from the memory's first, its
    /// fields where `spans` says, the name first (at offset 0).
    fn store_built(self, built: Self::Memory, spans: Spans) -> Self::Out;
    /// The result when memory ran out before a record was made.
    fn no_memory(self) -> Self::Out;
}

/// [`RecordDest`] of [`split_url`] and the other functions that give a
/// [`Url`].
pub(crate) struct UrlDest;

impl RecordDest for UrlDest {
    type Out = Result<Url, NoMemory>;
    type Memory = Buf;
    #[inline(always)]
    fn store_record<R: RecordBytes>(self, record: &R) -> Result<Url, NoMemory> {
        let len = record.len();
        let mut buf = Buf::with_capacity(len)?;
        let _written = record.write_to(&mut buf)?;
        debug_assert_eq!(buf.len(), len);
        // The spans measured apart, from the plan as `len` is, rather than
        // taken from the write, whose result a release build then leaves
        // unused; the two are the same (asserted below).
        let sp = record.spans();
        debug_assert_eq!(_written, sp);
        Ok(Url {
            buf: buf.into_vec(),
            sp,
        })
    }
    fn memory(&mut self, capacity: usize) -> Result<Buf, NoMemory> {
        Buf::with_capacity(capacity)
    }
    fn store_built(self, built: Buf, spans: Spans) -> Result<Url, NoMemory> {
        Ok(Url {
            buf: built.into_vec(),
            sp: spans,
        })
    }
    fn no_memory(self) -> Result<Url, NoMemory> {
        Err(NoMemory)
    }
}

impl Url {
    /// AddPasswordURL: the same URL rebuilt with a new user and password.
    pub fn with_password<E: Env + ?Sized>(
        &self,
        env: &E,
        compat: Compat,
        user: Option<&[u8]>,
        pass: Option<&[u8]>,
    ) -> Result<Url, NoMemory> {
        self.view().with_password(env, compat, user, pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_gives_its_field_or_number_back() {
        for f in Field::ALL {
            assert_eq!(Field::from_name(f.name().as_bytes()), Some(f));
        }
        for n in Number::ALL {
            assert_eq!(Number::from_name(n.name().as_bytes()), Some(n));
        }
        let names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(
            names,
            [
                "original_name",
                "original_path",
                "original_args",
                "name",
                "file",
                "proto",
                "hostport",
                "host",
                "path",
                "args",
                "user",
                "pass"
            ]
        );
        let names: Vec<&str> = Number::ALL.iter().map(|n| n.name()).collect();
        assert_eq!(names, ["port", "hostp", "pathp", "original_pathp"]);
        for name in [&b"Name"[..], b"password", b"port", b""] {
            assert_eq!(Field::from_name(name), None);
        }
        assert_eq!(Number::from_name(b"host"), None);
    }
}
