//! The historical `URL` record and the functions that make and free it
//! (doc/behaviour.md: The URL record, SplitURL to LinkURL).
//!
//! WWWOFFLE 2.9 and 2.9h lay the record out differently: 2.9h puts four
//! `original_*` fields before the 15 of 2.9. A program reads the record
//! with the offsets of the header it was compiled with, so each layout is a
//! library of its own: `libwwwurl` (2.9) and, built with the cargo feature
//! `v29h`, `libwwwurl-29h`. The layout is fixed at build time here; nothing
//! is decided per call.
//!
//! A record is one `malloc` block: the struct, then every string of the
//! record. After `AddPasswordURL` the strings move to a second block; the
//! strings block is always the one that starts at the lowest string pointer,
//! which is how `FreeURL` tells the two layouts apart.

use super::alloc::{c_malloc, c_str, free};
use super::block::{stack_room, write_exact, BlockWithHeader, StackRoom};
use super::guard::{guard_no_unwind, guard_opt};
use super::hooks::HookEnv;
use super::legacy_types::URL;
use libc::{c_char, c_int};
use std::mem::size_of;
use std::ptr::{null_mut, NonNull};
use wwwurl_core::bytes::buf::NoMemory;
use wwwurl_core::wwwoffle::split::{RecordBytes, RecordDest};
use wwwurl_core::wwwoffle::url::{Field, Originals, Span, Spans, Url};
use wwwurl_core::wwwoffle::{create, link, split};

/// The string fields of this library's record layout, for [`used_buffer`].
#[cfg(not(feature = "v29h"))]
const LAYOUT_FIELDS: &[Field] = &[
    Field::Name,
    Field::File,
    Field::Proto,
    Field::Hostport,
    Field::Path,
    Field::Args,
    Field::User,
    Field::Pass,
    Field::Host,
];
/// The string fields of this library's record layout, for [`used_buffer`].
#[cfg(feature = "v29h")]
const LAYOUT_FIELDS: &[Field] = &Field::ALL;

/// The record layout of this library, for `wwwurl_legacy.h`: a program
/// that includes the header for the 2.9 record refers to this symbol, so
/// linking it with the 2.9h library fails at link time.
#[cfg(not(feature = "v29h"))]
#[no_mangle]
pub static wwwurl_legacy_layout_29: c_int = size_of::<URL>() as c_int;

/// The record layout of this library, for `wwwurl_legacy.h`: a program
/// that includes the header for the 2.9h record (`WWWURL_LEGACY_29H`)
/// refers to this symbol, so linking it with the 2.9 library fails at link
/// time.
#[cfg(feature = "v29h")]
#[no_mangle]
pub static wwwurl_legacy_layout_29h: c_int = size_of::<URL>() as c_int;

/// The part of `url`'s buffer that holds its strings, and its offset.
///
/// Strings of fields that the layout lacks are left out when they come
/// first, so that the block always starts at the record's lowest string,
/// or last (a `Url`'s original fields, which the 2.9 record lacks).
fn used_buffer(url: &Url) -> (&[u8], usize) {
    let spans = || LAYOUT_FIELDS.iter().filter_map(|&f| url.span(f));
    let min = spans().map(|s| s.start).min().unwrap_or(0);
    // Each string with its NUL.
    let end = spans().map(|s| s.start + s.len + 1).max().unwrap_or(0);
    (&url.buffer()[min..end.max(min)], min)
}

/// The record whose strings are laid out as `sp` says in a buffer whose
/// offset `offset` lies at `block`; no `private_*` string.
///
/// `block` must hold that buffer from `offset` on. The pointers are made
/// with wrapping arithmetic: nothing is read here.
fn record_at(sp: &Spans, block: *mut u8, offset: usize) -> URL {
    let at = |s: Span| block.wrapping_add(s.start - offset).cast::<c_char>();
    // Absent only for the optional fields (args, user, pass, ...).
    let field = |f: Field| sp.span(f).map_or(null_mut(), at);
    let name = field(Field::Name);
    #[cfg(feature = "v29h")]
    let original_name = field(Field::OriginalName);
    URL {
        #[cfg(feature = "v29h")]
        original_name,
        #[cfg(feature = "v29h")]
        original_pathp: original_name.wrapping_add(sp.original_pathp()),
        #[cfg(feature = "v29h")]
        original_path: field(Field::OriginalPath),
        #[cfg(feature = "v29h")]
        original_args: field(Field::OriginalArgs),
        name,
        file: field(Field::File),
        hostp: name.wrapping_add(sp.hostp()),
        pathp: name.wrapping_add(sp.pathp()),
        proto: field(Field::Proto),
        hostport: field(Field::Hostport),
        path: field(Field::Path),
        args: field(Field::Args),
        user: field(Field::User),
        pass: field(Field::Pass),
        host: field(Field::Host),
        port: sp.port(),
        private_link: null_mut(),
        private_dir: null_mut(),
        private_file: null_mut(),
    }
}

/// SplitURL's records go into one C block: the struct, then the strings.
/// The general route builds them in the stack room lent here, when they
/// fit (see [`BlockWithHeader`]).
struct LegacyDest<'a>(Option<&'a mut StackRoom>);

impl<'a> RecordDest for LegacyDest<'a> {
    type Out = *mut URL;
    type Memory = BlockWithHeader<'a>;
    /// The 2.9 record has no original fields: their bytes would be written
    /// for nothing. The 2.9h record has them, each a string of its own as
    /// historically, so that a program writing into one does not change
    /// another.
    const ORIGINALS: Originals = if cfg!(feature = "v29h") {
        Originals::Copied
    } else {
        Originals::Omitted
    };

    /// A new one-block C record, its strings written straight into the
    /// block; NULL when memory ran out.
    #[inline(always)]
    fn store_record<R: RecordBytes>(self, r: &R) -> *mut URL {
        let (len, sp) = r.measure();
        let rec = c_malloc(size_of::<URL>() + len).cast::<URL>();
        if rec.is_null() {
            return null_mut();
        }
        // The struct first: its spans are then stored as they are computed
        // rather than kept (or spilled) across the copies of the strings.
        // SAFETY: the block holds a URL followed by `len` bytes; the struct
        // is written whole.
        let strings = unsafe { rec.add(1) }.cast::<u8>();
        // SAFETY: as above.
        unsafe { rec.write(record_at(&sp, strings, 0)) };
        // SAFETY: the `len` bytes after the struct, in the fresh block.
        if !unsafe { write_exact(r, strings, len, &sp) } {
            free(rec);
            return null_mut();
        }
        rec
    }

    fn memory(&mut self, capacity: usize) -> Result<BlockWithHeader<'a>, NoMemory> {
        BlockWithHeader::new(size_of::<URL>(), capacity, self.0.take())
    }

    /// The record's block, its struct written.
    fn store_built(self, built: BlockWithHeader<'a>, sp: Spans) -> *mut URL {
        // `FreeURL` tells a record whose strings follow its struct by where
        // its name is (see `separate_strings`).
        debug_assert_eq!(sp.span(Field::Name).map(|s| s.start), Some(0));
        let Ok(block) = built.finish() else {
            return null_mut();
        };
        let rec = block.as_ptr().cast::<URL>();
        // The core builds `name` first, at the buffer's first byte: the
        // strings start right after the struct, as `FreeURL` expects.
        let strings = rec.wrapping_add(1).cast::<u8>();
        // SAFETY: the block holds a URL followed by the record's bytes
        // (malloc aligns it for a URL); the struct is written whole.
        unsafe { rec.write(record_at(&sp, strings, 0)) };
        rec
    }

    fn no_memory(self) -> *mut URL {
        null_mut()
    }
}

/// Whether the strings of `rec` live in a block of their own (after
/// `AddPasswordURL`), and where it starts.
#[inline(always)]
fn separate_strings(rec: &URL) -> Option<*mut c_char> {
    if strings_follow(rec) {
        return None;
    }
    lowest_string(rec, strings_after(rec))
}

/// Whether `rec` is known at once to hold its strings right after it: the
/// core puts `name` first, so a fresh record is recognised without a call.
#[inline(always)]
fn strings_follow(rec: &URL) -> bool {
    rec.name.cast_const() == strings_after(rec)
}

/// Where a record's strings start when they follow it.
#[inline(always)]
fn strings_after(rec: &URL) -> *const c_char {
    (rec as *const URL).wrapping_add(1).cast::<c_char>()
}

/// [`separate_strings`] of a record whose `name` is not its first string.
#[inline(never)]
fn lowest_string(rec: &URL, inline: *const c_char) -> Option<*mut c_char> {
    let lowest = rec.string_fields().filter(|p| !p.is_null()).min()?;
    (lowest.cast_const() != inline).then_some(lowest)
}

/// Frees the application's `private_*` strings by the rules of doc/behaviour.md, The URL record.
/// The caller frees the record or rewrites it whole next, so the fields
/// are left dangling here.
fn free_private(rec: &URL) {
    if rec.private_dir != rec.hostport {
        free(rec.private_dir);
    }
    free(rec.private_file);
    if rec.private_link != rec.name {
        free(rec.private_link);
    }
}

/// The record behind a caller's pointer, or `None` for NULL: the one place
/// a pointer becomes a record to read.
fn record<'a>(url: *const URL) -> Option<&'a URL> {
    // SAFETY: a non-NULL record was made by this library and not yet freed
    // (API contract).
    NonNull::new(url.cast_mut()).map(|p| unsafe { &*p.as_ptr() })
}

/// [`record`] for AddPasswordURL, which rewrites the record in place.
fn record_mut<'a>(url: *mut URL) -> Option<&'a mut URL> {
    // SAFETY: as in `record`; the API contract also forbids any other use
    // of the record during the call that changes it.
    NonNull::new(url).map(|p| unsafe { &mut *p.as_ptr() })
}

/// The canonical parts of a record that CreateURL and LinkURL start from.
struct Parts<'a> {
    proto: &'a [u8],
    hostport: &'a [u8],
    path: &'a [u8],
    args: Option<&'a [u8]>,
}

/// The canonical parts of `rec`, or `None` if a required one is NULL.
fn parts(rec: &URL) -> Option<Parts<'_>> {
    Some(Parts {
        proto: c_str(rec.proto)?,
        hostport: c_str(rec.hostport)?,
        path: c_str(rec.path)?,
        args: c_str(rec.args),
    })
}

/// SplitURL: splits a URL string into a new canonical record.
///
/// Returns a record that the caller releases with `FreeURL()`; NULL when `url`
/// is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn SplitURL(url: *const c_char) -> *mut URL {
    guard_opt(|| {
        let s = c_str(url)?;
        let mut room = stack_room();
        let dest = LegacyDest(Some(&mut room));
        HookEnv::run(|env| split::split_to(&env, env.compat(), s, dest))
    })
}

/// CreateURL: builds a canonical record from its parts.
///
/// Parameters: `proto`, `hostport` and `path` are required; `args`, `user` and
/// `pass` may be NULL (absent).
///
/// Returns a record that the caller releases with `FreeURL()`; NULL when a
/// required argument is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn CreateURL(
    proto: *const c_char,
    hostport: *const c_char,
    path: *const c_char,
    args: *const c_char,
    user: *const c_char,
    pass: *const c_char,
) -> *mut URL {
    guard_opt(|| {
        let mut room = stack_room();
        let (proto, hostport, path) = (c_str(proto)?, c_str(hostport)?, c_str(path)?);
        HookEnv::run(|env| {
            create::create_to(
                &env,
                env.compat(),
                proto,
                hostport,
                path,
                c_str(args),
                c_str(user),
                c_str(pass),
                LegacyDest(Some(&mut room)),
            )
        })
    })
}

/// FreeURL: releases a record and the `private_*` strings the application set
/// (`private_dir` unless it equals `hostport`, `private_link` unless it
/// equals `name`, `private_file` always). NULL does nothing.
#[no_mangle]
pub extern "C" fn FreeURL(url: *mut URL) {
    // A record whose strings follow it, as every record is until an
    // AddPasswordURL, and that holds no `private_*` string is one block:
    // telling so takes reads alone, nothing that can panic, so the guard of
    // such a body skips the thread-local count of library calls
    // (CONTRIBUTING.md, "The data flow of a C call"). Every other record
    // goes to a function of its own, so that this path saves no register
    // and ends in a jump to `free`.
    let one_block = guard_no_unwind(false, || {
        record(url).is_some_and(|rec| strings_follow(rec) && !has_private(rec))
    });
    if one_block {
        free(url);
    } else {
        free_url_general(url);
    }
}

/// Whether the application set any `private_*` string of `rec`.
#[inline(always)]
fn has_private(rec: &URL) -> bool {
    !(rec.private_dir.is_null() && rec.private_file.is_null() && rec.private_link.is_null())
}

/// [`FreeURL`] of NULL, of a record holding `private_*` strings, or of one
/// whose strings were rebuilt in a block of their own.
#[inline(never)]
fn free_url_general(url: *mut URL) {
    guard_opt(|| {
        let rec = record(url)?;
        free_private(rec);
        if let Some(strings) = separate_strings(rec) {
            free(strings);
        }
        free(url);
        Some(())
    });
}

/// AddPasswordURL: rebuilds `url` in place (same pointer) with a new user and
/// password (either may be NULL). The old strings, the `private_*` ones
/// included, are released. NULL `url` does nothing; if memory runs out the
/// record is left as it was.
#[no_mangle]
pub extern "C" fn AddPasswordURL(url: *mut URL, user: *const c_char, pass: *const c_char) {
    guard_opt(|| {
        let rec = record_mut(url)?;
        let p = parts(rec)?;
        let new = HookEnv::run(|env| {
            create::create_url(
                &env,
                env.compat(),
                p.proto,
                p.hostport,
                p.path,
                p.args,
                c_str(user),
                c_str(pass),
            )
        })?
        .ok()?;
        let (bytes, offset) = used_buffer(&new);
        let block = c_malloc(bytes.len().max(1)).cast::<u8>();
        if block.is_null() {
            return None;
        }
        // SAFETY: the block holds `bytes.len()` bytes.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), block, bytes.len()) };
        free_private(rec);
        if let Some(old) = separate_strings(rec) {
            free(old);
        }
        *rec = record_at(new.spans(), block, offset);
        Some(())
    })
}

/// LinkURL: resolves `link`, found in the page `url`, into a new record.
///
/// Returns a record that the caller releases with `FreeURL()`; NULL when an
/// argument is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn LinkURL(url: *const URL, link: *const c_char) -> *mut URL {
    guard_opt(|| {
        let mut room = stack_room();
        let rec = record(url)?;
        let (link, p, name) = (c_str(link)?, parts(rec)?, c_str(rec.name)?);
        let base = link::LinkBase {
            proto: p.proto,
            hostport: p.hostport,
            path: p.path,
            name,
        };
        HookEnv::run(|env| {
            link::link_to(&env, env.compat(), &base, link, LegacyDest(Some(&mut room)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(not(feature = "v29h"))]
    fn layout_is_the_historical_one() {
        assert_eq!(size_of::<URL>(), 15 * 8);
        assert_eq!(std::mem::offset_of!(URL, name), 0);
        assert_eq!(std::mem::offset_of!(URL, proto), 4 * 8);
        assert_eq!(std::mem::offset_of!(URL, port), 11 * 8);
        assert_eq!(std::mem::offset_of!(URL, private_file), 14 * 8);
        assert_eq!(wwwurl_legacy_layout_29, 120);
    }

    #[test]
    #[cfg(feature = "v29h")]
    fn layout_is_the_historical_one() {
        assert_eq!(size_of::<URL>(), 19 * 8);
        assert_eq!(std::mem::offset_of!(URL, name), 4 * 8);
        assert_eq!(std::mem::offset_of!(URL, port), 15 * 8);
        assert_eq!(std::mem::offset_of!(URL, private_file), 18 * 8);
        assert_eq!(wwwurl_legacy_layout_29h, 152);
    }
}
