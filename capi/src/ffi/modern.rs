//! The modern C API: an opaque URL handle, status codes, length-delimited
//! input and caller-buffer codecs (`include/wwwurl.h`).

use super::alloc::{c_malloc, free, input, out_buffer, set_opt, uninit_slice, CBuf, Out};
use super::api::{
    checked_value, export, named_u32, Borrowed, CallerBuf, Decl, HandleKind, HandleType, In,
    NewHandle, OptIn, OptStr, Owned, OwnedText, Rebuild, Ref, Str, Value,
};
use super::block::{stack_room, write_exact, BlockWithHeader, StackRoom};
use super::config::{release, Cfg, ConfigBlock, Settings};
use super::guard::guard_no_unwind;
use super::status::*;
use super::types::*;
use libc::{c_char, c_int, size_t};
use std::convert::Infallible;
use std::mem::size_of;
use std::ptr::{null_mut, NonNull};
use wwwurl_core::bytes::buf::NoMemory;
use wwwurl_core::bytes::sink::copy_into;
use wwwurl_core::wwwoffle::cache::{self, UnsafePath};
use wwwurl_core::wwwoffle::codec::{c_prefix, Codec, Sink};
use wwwurl_core::wwwoffle::edit::{self, Part, SetError};
use wwwurl_core::wwwoffle::split::{RecordBytes, RecordDest};
use wwwurl_core::wwwoffle::url::{Field, Originals, Spans, UrlRef};
use wwwurl_core::wwwoffle::{create, link, split, url};

/// What a `wwwurl_url *` points at: one `malloc` block holding this header
/// and then the record's strings, so that a handle costs one allocation and
/// one `free`, and running out of memory is a status rather than an abort.
/// After `wwwurl_set` the strings, whose size changed while the handle's
/// address may not, live in a `malloc` block of their own.
#[repr(C)]
pub(crate) struct Handle {
    /// The record's strings: right after the header, or a block of their own.
    bytes: *mut u8,
    /// How many bytes `bytes` holds.
    len: usize,
    sp: Spans,
    /// The config the URL was made with (a counted reference; NULL for the
    /// defaults), whose mode and default ports `wwwurl_set` rebuilds it with.
    cfg: *const ConfigBlock,
}

// malloc aligns for every fundamental type, which covers the header's
// pointers and integers; the strings after it need no alignment.
const _: () = assert!(std::mem::align_of::<Handle>() <= std::mem::align_of::<libc::max_align_t>());

impl Handle {
    /// Where the strings of the handle at `h` start when they follow its header.
    fn inline_bytes(h: *const Handle) -> *mut u8 {
        h.wrapping_add(1).cast::<u8>().cast_mut()
    }

    /// Where the part `f` lies: its first byte and its length, from the
    /// spans alone. No slice is made, so nothing here can panic (see
    /// [`wwwurl_get`]).
    #[inline(always)]
    fn part(&self, f: Field) -> Option<(*const c_char, usize)> {
        self.sp
            .span(f)
            .map(|s| (self.bytes.wrapping_add(s.start).cast_const().cast(), s.len))
    }

    /// The settings the handle was made with.
    pub(crate) fn settings(&self) -> Settings<'_> {
        Settings::kept(self.cfg)
    }

    /// The record, borrowed from the handle.
    pub(crate) fn view(&self) -> UrlRef<'_> {
        // SAFETY: `bytes` points at `len` bytes that live as long as the
        // handle, all written before the handle was handed out.
        let buf = unsafe { std::slice::from_raw_parts(self.bytes, self.len) };
        UrlRef::new(buf, &self.sp)
    }
}

/// A new handle made with the settings `cfg`, holding the record `r`,
/// written straight into its block; NULL when memory ran out or `r` did not
/// fill the block exactly.
#[inline(always)]
fn new_handle<R: RecordBytes>(r: &R, cfg: Settings<'_>) -> *mut Handle {
    let (len, sp) = r.measure();
    let h = c_malloc(size_of::<Handle>() + len).cast::<Handle>();
    if h.is_null() {
        return null_mut();
    }
    let bytes = Handle::inline_bytes(h);
    // The header first: its spans are then stored as they are computed
    // rather than kept (or spilled) across the copies of the strings.
    // SAFETY: the block has room for the header, which is written whole.
    unsafe {
        h.write(Handle {
            bytes,
            len,
            sp,
            cfg: cfg.retain(),
        })
    };
    // SAFETY: the `len` bytes after the header, in the fresh block.
    if !unsafe { write_exact(r, bytes, len, &sp) } {
        // SAFETY: the header written above.
        release(unsafe { (*h).cfg });
        free(h);
        return null_mut();
    }
    h
}

/// `wwwurl_parse`'s records go into handles, which remember the mode they
/// were made in.
/// The general route builds them in the stack room lent here, when they
/// fit (see [`BlockWithHeader`]).
struct HandleDest<'a>(Settings<'a>, Option<&'a mut StackRoom>);

impl<'a> RecordDest for HandleDest<'a> {
    type Out = *mut Handle;
    type Memory = BlockWithHeader<'a>;
    /// A handle is read only through its spans and the `const char *` it
    /// hands out: an original field equal to its canonical one can be the
    /// same bytes.
    const ORIGINALS: Originals = Originals::Shared;

    /// A new handle holding the record, written straight into its block;
    /// NULL when memory ran out.
    #[inline(always)]
    fn store_record<R: RecordBytes>(self, r: &R) -> *mut Handle {
        new_handle(r, self.0)
    }

    fn memory(&mut self, capacity: usize) -> Result<BlockWithHeader<'a>, NoMemory> {
        BlockWithHeader::new(size_of::<Handle>(), capacity, self.1.take())
    }

    /// The handle's block, its header written.
    fn store_built(self, built: BlockWithHeader<'a>, sp: Spans) -> *mut Handle {
        let len = built.len();
        let Ok(block) = built.finish() else {
            return null_mut();
        };
        let h = block.as_ptr().cast::<Handle>();
        // SAFETY: the block holds a header followed by the record's `len`
        // bytes (malloc aligns it for the header, see the assertion above);
        // the header is written whole.
        unsafe {
            h.write(Handle {
                bytes: Handle::inline_bytes(h),
                len,
                sp,
                cfg: self.0.retain(),
            })
        };
        h
    }

    fn no_memory(self) -> *mut Handle {
        null_mut()
    }
}

/// The handle behind `u`, or `None` for NULL, for its release (the
/// declarations' `Ref<Url>` and `Rebuild<Url>` read a caller's pointer the
/// same way).
fn handle<'a>(u: *const wwwurl_url) -> Option<&'a Handle> {
    // SAFETY: a non-NULL handle was made by `new_handle` and not yet freed
    // (API contract), so it points at a live header.
    NonNull::new(u.cast_mut()).map(|p| unsafe { &*p.as_ptr().cast::<Handle>() })
}

/// `wwwurl_url` in declarations: its handles are made in place (by
/// [`new_handle`] or a [`HandleDest`]), so what a maker gives is the new
/// handle's pointer, NULL when memory ran out.
pub(crate) struct Url;
impl HandleType for Url {
    type C = wwwurl_url;
    type Inner = Handle;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_url",
        make: "wwwurl_parse(NULL, \"http://u:p@www.example.com:8000/a/./b?c=d#e\", \
               WWWURL_NUL_TERMINATED, &h)",
        free: "wwwurl_free",
        c_heap: true,
    };

    /// As FreeURL: nothing here can panic.
    #[inline]
    unsafe fn release(u: *mut wwwurl_url) {
        if let Some(h) = handle(u) {
            if h.bytes != Handle::inline_bytes(h) {
                free(h.bytes);
            }
            release(h.cfg);
            free(u);
        }
    }

    /// A changed handle is rebuilt with its own config, whose input limit
    /// holds for the new values.
    #[inline]
    fn max_input(h: &Handle) -> Option<usize> {
        Some(h.settings().max_input())
    }
}

impl NewHandle<*mut Handle> for Url {
    #[inline(always)]
    fn hand_over(out: Out<*mut wwwurl_url>, h: *mut Handle) -> Result<(), wwwurl_status> {
        super::api::hand_over_block(out, h)
    }
}

checked_value! {
    /// The part `wwwurl_set` sets: a `wwwurl_part` that names one that can
    /// be set.
    SettablePart: wwwurl_part = "wwwurl_part" => Part, settable
}

/// The library's version as a NUL-terminated string.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

named_u32! {
    /// `wwwurl_part`.
    PartArg = "wwwurl_part"
}

checked_value! {
    /// A `wwwurl_codec` that names one of the library's codecs.
    KnownCodec: wwwurl_codec = "wwwurl_codec" => Codec, codec_of
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_version::DECL,
    wwwurl_strerror::DECL,
    wwwurl_status_name::DECL,
    wwwurl_create::DECL,
    wwwurl_link::DECL,
    wwwurl_dup::DECL,
    wwwurl_free::DECL,
    wwwurl_port::DECL,
    wwwurl_set_userinfo::DECL,
    wwwurl_set::DECL,
    wwwurl_parse::DECL,
    wwwurl_get::DECL,
    wwwurl_cache_file::DECL,
    wwwurl_cache_file_dup::DECL,
    wwwurl_transcode::DECL,
    wwwurl_transcode_dup::DECL,
    wwwurl_string_free::DECL,
];

/// The library's version, e.g. `"0.1.0"`.
///
/// Returns a static string; do not free it.
#[export(Static(VERSION))]
fn wwwurl_version() -> &'static str {
    VERSION
}

/// A static, NUL-terminated English message for a status code.
///
/// Parameters: `status`, any value; unknown values give "unknown status".
///
/// Returns: a string that lives for the whole process; never NULL. Do not free it.
#[export(Static(UNKNOWN_MESSAGE))]
fn wwwurl_strerror(#[c(Value<u32>)] status: u32) -> &'static str {
    wwwurl_status::message_of(status)
}

/// The C name of a status code, e.g. `"WWWURL_ERR_NULL"`, for logs and
/// test reports.
///
/// Parameters: `status`, any value; unknown values give "(unknown status)".
///
/// Returns: a string that lives for the whole process; never NULL. Do not free it.
#[export(Static(UNKNOWN_NAME))]
fn wwwurl_status_name(#[c(Value<u32>)] status: u32) -> &'static str {
    wwwurl_status::name_of(status)
}

/// Builds a URL from its parts with the rules of the historical CreateURL.
///
/// Parameters: `cfg`, the settings (NULL: the defaults), as for
/// `wwwurl_parse`; NUL-terminated strings: `proto`, `hostport` and `path`
/// are required, `args`, `user` and `pass` may be NULL (absent). `out`
/// receives the handle.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when a required argument is NULL;
/// `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_CONFIG_IN_USE`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: the caller owns the handle and releases it with `wwwurl_free`.
#[export(New<Url> memory(11))]
fn wwwurl_create(
    #[c(Cfg)] cfg: Settings<'_>,
    #[c(Str, sample = "http")] proto: &[u8],
    #[c(Str, sample = "www.example.com:8000")] hostport: &[u8],
    #[c(Str, sample = "/a/./b")] path: &[u8],
    #[c(OptStr, sample = "c=d")] args: Option<&[u8]>,
    #[c(OptStr, sample = "u")] user: Option<&[u8]>,
    #[c(OptStr, sample = "p")] pass: Option<&[u8]>,
) -> Result<*mut Handle, wwwurl_status> {
    let mut room = stack_room();
    Ok(create::create_to(
        &cfg,
        cfg.compat(),
        proto,
        hostport,
        path,
        args,
        user,
        pass,
        HandleDest(cfg, Some(&mut room)),
    ))
}

/// Resolves a link found in the page `base` with the rules of the
/// historical LinkURL.
///
/// Parameters: `cfg`, the settings (NULL: the defaults), as for
/// `wwwurl_parse`; `base`, a handle; `link` and `len`, the link (`len` may
/// be `WWWURL_NUL_TERMINATED`; the link ends at its first NUL byte); `out`
/// receives the new handle.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_CONFIG_IN_USE`; `WWWURL_ERR_NO_MEMORY`. `*out` is written
/// only on success.
///
/// Memory and lifetimes: the caller owns the new handle; `base` is not changed.
#[export(New<Url> memory(9))]
fn wwwurl_link(
    #[c(Cfg)] cfg: Settings<'_>,
    #[c(Ref<Url>)] base: &Handle,
    #[c(In, len = len, sample = "../c?d#e")] link: &[u8],
) -> Result<*mut Handle, wwwurl_status> {
    let link = c_prefix(link);
    let mut room = stack_room();
    let base = link::LinkBase::of(base.view());
    Ok(link::link_to(
        &cfg,
        cfg.compat(),
        &base,
        link,
        HandleDest(cfg, Some(&mut room)),
    ))
}

/// Copies a handle, with the config it was made with.
///
/// Returns `WWWURL_OK`, `WWWURL_ERR_NULL` or `WWWURL_ERR_NO_MEMORY`. The
/// caller owns the copy and releases it with `wwwurl_free`.
#[export(New<Url>)]
fn wwwurl_dup(#[c(Ref<Url>)] u: &Handle) -> Result<*mut Handle, wwwurl_status> {
    Ok(new_handle(&u.view(), u.settings()))
}

/// Releases a handle. NULL is fine; the same handle must not be freed twice.
#[export(Release)]
fn wwwurl_free(#[c(Owned<Url>)] u: *mut wwwurl_url) {
    // SAFETY: a handle of this library or NULL, not used again (API
    // contract).
    unsafe { Owned::<Url>::release(u) }
}

/// The port of a URL: the number after the host's `:`, or -1 when the
/// hostport has none (the protocol's default port was removed) or `u` is NULL.
#[export(ReadNumber<c_int>(-1))]
fn wwwurl_port(#[c(Ref<Url>)] u: &Handle) -> Option<c_int> {
    // One read of the header, as in `wwwurl_get`.
    Some(u.sp.port())
}

/// Replaces the user and password of a URL, like the historical
/// AddPasswordURL: the URL is made again by CreateURL from its canonical
/// protocol, hostport, path and args and the new user and password.
///
/// Parameters: `u`, a handle; `user` and `pass`, NUL-terminated, either may be
/// NULL (absent); they are `%`-decoded.
///
/// The URL is rebuilt with the config the handle was made with (its mode
/// and default ports), so that its name, and so its cache file, stay those
/// of that config.
///
/// Returns `WWWURL_OK`, `WWWURL_ERR_NULL` when `u` is NULL, `WWWURL_ERR_TOO_LONG`,
/// `WWWURL_ERR_NO_MEMORY` (the handle is left as it was).
///
/// Memory and lifetimes: strings previously returned by `wwwurl_get` for `u`
/// become invalid.
#[export(Status memory(8))]
fn wwwurl_set_userinfo(
    #[c(Rebuild<Url>)] u: &mut Handle,
    #[c(OptStr, sample = "u%41")] user: Option<&[u8]>,
    #[c(OptStr, sample = "p")] pass: Option<&[u8]>,
) -> Result<wwwurl_status, wwwurl_status> {
    let cfg = u.settings();
    let change = edit::Change::Userinfo(user, pass);
    let new = edit::rebuild(&cfg, cfg.compat(), u.view().into(), change).map_err(set_status)?;
    replace_record(u, &new)
}

/// Sets one part of a URL: the scheme (`WWWURL_PART_SCHEME`), user,
/// password, host, port or path, or the query (`WWWURL_PART_QUERY`).
///
/// The part set is what `wwwurl_create` makes of the value in that
/// position (a user or password is `%`-decoded, a host lower-cased and
/// canonicalised, a path decoded, encoded and its dot segments removed, a
/// query recoded); every other part keeps its bytes, except a port that is
/// the default of a new scheme, which is dropped; the name, file and
/// hostport are rebuilt. The URL is rebuilt with the config the handle was
/// made with. The derived parts (name, file, hostport, href and the
/// original ones) cannot be set.
///
/// Parameters: `u`, a handle; `part`, a `WWWURL_PART_*` value; `value` and
/// `len` (`len` may be `WWWURL_NUL_TERMINATED`); a NULL `value` removes an
/// optional part (user, password, port, query).
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `u` is NULL;
/// `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_INVALID_ARGUMENT` for a part that
/// cannot be set and for a value that cannot stand there: a scheme that is
/// empty or has bytes other than letters, digits, `+ - .`; a host that is
/// empty or holds `/ ? # @ \`, a space, a control byte or a `:` outside
/// brackets; a port that is not 1 to 5 digits up to 65535; a NUL byte in
/// any value, or one that a user or password decodes to; NULL for the
/// scheme, host or path; a host or port that would change the other (as
/// some numeric hosts read differently with and without a port);
/// `WWWURL_ERR_NO_MEMORY`. The handle is byte-identical unless it returns
/// `WWWURL_OK`.
///
/// Memory and lifetimes: strings previously returned by `wwwurl_get` for `u`
/// become invalid on success.
#[export(Status memory(24))]
fn wwwurl_set(
    #[c(Rebuild<Url>)] u: &mut Handle,
    #[c(SettablePart, sample = "WWWURL_PART_QUERY")] part: Part,
    #[c(OptIn, len = len, sample = "a=1&b=%41 c")] value: Option<&[u8]>,
) -> Result<wwwurl_status, wwwurl_status> {
    u.set(part, value)
}

/// Parses a URL with the rules of the historical SplitURL.
///
/// Parameters: `cfg`, the settings (NULL: the library's defaults; see
/// `wwwurl_config_new`): the local host of `/path` URLs, the default ports,
/// the compat mode and the input limit; `s` and `len`, the URL (`len` may be
/// `WWWURL_NUL_TERMINATED`); the URL ends at its first NUL byte, as for
/// SplitURL. `out` receives the handle.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `s` (with a non-zero `len`) or
/// `out` is NULL; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_CONFIG_IN_USE` while
/// another thread changes `cfg`; `WWWURL_ERR_NO_MEMORY` when the handle
/// cannot be allocated. `*out` is written only on success.
///
/// Memory and lifetimes: the caller owns the handle and releases it with
/// `wwwurl_free`. The input is copied; the caller may free it after the
/// call. The handle keeps `cfg` alive.
#[export(New<Url> memory(8))]
fn wwwurl_parse(
    #[c(Cfg)] cfg: Settings<'_>,
    #[c(In, len = len)] s: &[u8],
) -> Result<*mut Handle, wwwurl_status> {
    // Both splits end the URL at its first NUL byte as they scan, so no
    // separate search for it.
    let mut room = stack_room();
    let dest = HandleDest(cfg, Some(&mut room));
    Ok(split::split_to(&cfg, cfg.compat(), s, dest))
}

/// A part of a URL.
///
/// Parameters: `u`, a handle; `part`, a `WWWURL_PART_*` value; `len`, where
/// the part's length is stored (may be NULL; set to 0 when NULL is returned).
///
/// Returns a NUL-terminated string borrowed from the handle, or NULL when
/// the part is absent, `u` is NULL or `part` is unknown. The length is
/// exact: a part that holds a decoded NUL byte (e.g. a user from `%00`)
/// is cut there, as it is in the historical record. `WWWURL_PART_PORT` is
/// the text after the port's `:` in the hostport (absent when the hostport
/// has no port).
///
/// Memory and lifetimes: valid until the handle is freed or changed by
/// `wwwurl_set` or `wwwurl_set_userinfo`; do not free it.
#[export(Borrowed)]
fn wwwurl_get(
    #[c(Ref<Url>)] u: &Handle,
    #[c(Value<PartArg>)] part: wwwurl_part,
) -> Option<Borrowed> {
    // Reads of the header and pointer arithmetic, nothing that can
    // panic.
    let got = match part {
        WWWURL_PART_PORT => u.port_text(),
        _ => field_of(part).and_then(|f| u.part(f)),
    };
    got.map(|(p, n)| Borrowed::at(p, n))
}

/// The path of a URL's file in a WWWOFFLE cache:
/// `<proto>/<hostport>/<prefix><MakeHash(file)>`, e.g. prefix `D` for the data
/// file and `U` for the URL file.
///
/// Parameters: `u`, a handle; `prefix`, a byte other than NUL and `/`;
/// `buf` and `cap`, the caller's buffer (`buf` may be NULL when `cap` is 0,
/// to ask for the size); `needed`, where the size the result needs,
/// terminating NUL included, is stored (may be NULL).
///
/// The path is always relative and has exactly three components: a URL
/// whose protocol or host would not make one plain directory name (empty,
/// `.` or `..`, or with a `/`, a control byte below 0x20 or 0x7f, or, in
/// the protocol, a byte of 0x80 or more: `://h/x`, `..://h/x`,
/// `http://..:80x/`) is refused with `WWWURL_ERR_UNSAFE_PATH`.
///
/// Returns `WWWURL_OK` (the buffer holds the NUL-terminated path),
/// `WWWURL_ERR_BUFFER_TOO_SMALL` (the buffer's content is unspecified, no
/// byte at or after `buf[cap]` is written), `WWWURL_ERR_NULL` when `u` is
/// NULL or `buf` is NULL with a non-zero `cap`, `WWWURL_ERR_INVALID_ARGUMENT`
/// for a bad prefix, `WWWURL_ERR_UNSAFE_PATH` (nothing is written, not
/// even `*needed`). Allocates nothing.
#[export(Buffer memory(0))]
fn wwwurl_cache_file(
    #[c(Ref<Url>)] u: &Handle,
    #[c(Value<c_char>, sample = "'D'")] prefix: c_char,
    sink: &mut CallerBuf<'_>,
) -> Result<(), wwwurl_status> {
    let prefix = cache_prefix(prefix).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    write_cache_file(&u.view(), prefix, sink).map_err(|_| WWWURL_ERR_UNSAFE_PATH)
}

/// The path of a URL's file in a WWWOFFLE cache, as a new string: the same
/// result as `wwwurl_cache_file`.
///
/// Parameters: `u`, a handle; `prefix`, a byte other than NUL and `/`;
/// `out` receives the string; `out_len`, where its length is stored (may
/// be NULL).
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `u` or `out` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` for a bad prefix; `WWWURL_ERR_UNSAFE_PATH`
/// as for `wwwurl_cache_file`; `WWWURL_ERR_NO_MEMORY`. `*out` and
/// `*out_len` are written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`.
#[export(TextLen memory(1))]
fn wwwurl_cache_file_dup(
    #[c(Ref<Url>)] u: &Handle,
    #[c(Value<c_char>, sample = "'D'")] prefix: c_char,
) -> Result<CBuf, wwwurl_status> {
    let u = u.view();
    let prefix = cache_prefix(prefix).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    // Checked before the allocation, so that a refusal allocates nothing.
    cache::check(u.proto(), u.hostport()).map_err(|_| WWWURL_ERR_UNSAFE_PATH)?;
    let mut buf = CBuf::with_capacity(u.proto().len() + u.hostport().len() + 26);
    write_cache_file(&u, prefix, &mut buf).map_err(|_| WWWURL_ERR_UNSAFE_PATH)?;
    Ok(buf)
}

/// Runs one of the historical string codecs into the caller's buffer.
///
/// Parameters: `codec`, a `WWWURL_CODEC_*` value; `in` and `len`, the input
/// (`len` may be `WWWURL_NUL_TERMINATED`; otherwise every byte counts, NUL
/// included); `buf` and `cap`, the caller's buffer (`buf` may be NULL when
/// `cap` is 0, to ask for the size; it must not overlap the input);
/// `needed`, where the size the result needs, terminating NUL included, is
/// stored (may be NULL).
///
/// Unlike the historical functions, a decoded NUL byte is kept: the result
/// is `*needed - 1` bytes long and may contain NUL bytes.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact;
/// the buffer's content is unspecified; no byte at or after `buf[cap]` is
/// written); `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_INVALID_ARGUMENT` for an unknown codec. Allocates nothing.
#[export(Buffer memory(0) short(transcode_short => transcode_full))]
fn wwwurl_transcode(
    #[c(KnownCodec, sample = "WWWURL_CODEC_ENCODE_PATH")] codec: Codec,
    #[c(In, len = len)] r#in: &[u8],
    sink: &mut CallerBuf<'_>,
) -> Result<(), wwwurl_status> {
    // The short path gave up on this text, or never saw it.
    let scanned = codec.scan(r#in);
    let Ok(_) = if scanned.is_unchanged() {
        sink.extend(r#in).map(|()| false)
    } else {
        scanned.apply(sink)
    };
    Ok(())
}

/// Runs one of the historical string codecs into a new string.
///
/// Parameters as for `wwwurl_transcode`; `out_len` receives the result's
/// length (may be NULL). A decoded NUL byte is kept.
///
/// Returns a NUL-terminated string that the caller releases with
/// `wwwurl_string_free`, or NULL when `in` is NULL (with a non-zero `len`),
/// the codec is unknown,
/// the input is too long or memory ran out.
#[export(NewText memory(5))]
fn wwwurl_transcode_dup(
    #[c(KnownCodec)] codec: Codec,
    #[c(In, len = len)] r#in: &[u8],
) -> Option<CBuf> {
    let mut buf = CBuf::with_capacity(r#in.len() + r#in.len() / 2 + 8);
    let Ok(_) = codec.apply(r#in, &mut buf);
    Some(buf)
}

/// Releases a string returned by a `wwwurl_*` function (`wwwurl_transcode_dup`,
/// `wwwurl_cache_file_dup` and the malloc forms of the standards tools,
/// `wwwurl_rfc3986_resolve`, `wwwurl_webcapture_canonical` and the others
/// whose result is a `char **`). NULL is fine.
#[export(Release)]
fn wwwurl_string_free(#[c(OwnedText)] s: *mut c_char) {
    // SAFETY: a string of this library or NULL, not used again (API
    // contract).
    unsafe { OwnedText::release(s) }
}

/// The field of the record a `wwwurl_part` names: the one table of the
/// part numbers, which `wwwurl_get` reads and `settable` narrows to the
/// parts that can be set. `WWWURL_PART_PORT`, the port's text, is no field.
fn field_of(part: wwwurl_part) -> Option<Field> {
    Some(match part {
        WWWURL_PART_NAME => Field::Name,
        WWWURL_PART_FILE => Field::File,
        WWWURL_PART_PROTO => Field::Proto,
        WWWURL_PART_HOSTPORT => Field::Hostport,
        WWWURL_PART_HOST => Field::Host,
        WWWURL_PART_PATH => Field::Path,
        WWWURL_PART_ARGS => Field::Args,
        WWWURL_PART_USER => Field::User,
        WWWURL_PART_PASS => Field::Pass,
        WWWURL_PART_ORIGINAL_NAME => Field::OriginalName,
        WWWURL_PART_ORIGINAL_PATH => Field::OriginalPath,
        WWWURL_PART_ORIGINAL_ARGS => Field::OriginalArgs,
        _ => return None,
    })
}

impl Handle {
    /// Where the port's text lies: after the `:` that ends the host in the
    /// hostport, up to the hostport's NUL.
    fn port_text(&self) -> Option<(*const c_char, usize)> {
        let (hp, hp_len) = self.part(Field::Hostport)?;
        let (_, host_len) = self.part(Field::Host)?;
        if self.sp.host_is_hostport() {
            return None;
        }
        Some((hp.wrapping_add(host_len + 1), hp_len - host_len - 1))
    }

    /// Sets `part` to `value` (`None` removes it), as `wwwurl_set` does,
    /// rebuilding the record with the settings the handle was made with:
    /// the one setter of a `wwwurl_url`'s parts. `value` is within the
    /// input limit of those settings. Inlined, so that `wwwurl_set` stays
    /// one function with no call to this one.
    #[inline(always)]
    pub(crate) fn set(
        &mut self,
        part: Part,
        value: Option<&[u8]>,
    ) -> Result<wwwurl_status, wwwurl_status> {
        let cfg = self.settings();
        let new =
            edit::set_part(&cfg, cfg.compat(), self.view(), part, value).map_err(set_status)?;
        replace_record(self, &new)
    }
}

/// Replaces the strings of `h` by those of `new`, in a `malloc` block of
/// their own (the handle's address stays); the old ones are released.
fn replace_record(h: &mut Handle, new: &url::Url) -> Result<wwwurl_status, wwwurl_status> {
    let bytes = new.buffer();
    let block = c_malloc(bytes.len().max(1)).cast::<u8>();
    if block.is_null() {
        return Err(WWWURL_ERR_NO_MEMORY);
    }
    // SAFETY: a fresh block of `bytes.len()` bytes at least.
    copy_into(unsafe { uninit_slice(block, bytes.len()) }, bytes);
    if h.bytes != Handle::inline_bytes(h) {
        free(h.bytes);
    }
    h.bytes = block;
    h.len = bytes.len();
    h.sp = *new.spans();
    Ok(WWWURL_OK)
}

fn set_status(e: SetError) -> wwwurl_status {
    match e {
        SetError::Refused => WWWURL_ERR_INVALID_ARGUMENT,
        SetError::NoMemory => WWWURL_ERR_NO_MEMORY,
    }
}

/// The settable part a `wwwurl_part` names: the core's part of its field
/// (`edit::Part::of_field`), or the port, which is no field.
fn settable(part: wwwurl_part) -> Option<Part> {
    match part {
        WWWURL_PART_PORT => Some(Part::Port),
        _ => Part::of_field(field_of(part)?),
    }
}

/// The prefix byte of a cache file name, or `None` for NUL and `/`, which
/// would end the string or add a directory level.
fn cache_prefix(prefix: c_char) -> Option<u8> {
    let prefix = prefix as u8;
    (prefix != 0 && prefix != b'/').then_some(prefix)
}

/// Writes `<proto>/<hostport>/<prefix><MakeHash(file)>`, the one layout both
/// forms of the cache file name share, or refuses an unsafe path, writing
/// nothing.
fn write_cache_file(
    u: &UrlRef<'_>,
    prefix: u8,
    sink: &mut impl Sink<Error = Infallible>,
) -> Result<(), UnsafePath> {
    let path = cache::cache_path(u.proto(), u.hostport(), u.file(), prefix)?;
    let Ok(()) = path.write_to(sink);
    Ok(())
}

fn codec_of(c: wwwurl_codec) -> Option<Codec> {
    Some(match c {
        WWWURL_CODEC_DECODE_GENERIC => Codec::DecodeGeneric,
        WWWURL_CODEC_DECODE_FORM => Codec::DecodeForm,
        WWWURL_CODEC_RECODE_FORM => Codec::RecodeForm,
        WWWURL_CODEC_ENCODE_PATH => Codec::EncodePath,
        WWWURL_CODEC_ENCODE_FORM => Codec::EncodeForm,
        WWWURL_CODEC_ENCODE_PASSWORD => Codec::EncodePassword,
        _ => return None,
    })
}

/// `wwwurl_transcode` as C calls it: one function a codec, each small
/// enough to keep the arguments in the registers they came in; an unknown
/// codec goes to the declared body, which refuses it.
#[inline(always)]
fn transcode_short(
    codec: wwwurl_codec,
    r#in: *const c_char,
    len: size_t,
    buf: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    let f = match codec {
        WWWURL_CODEC_DECODE_GENERIC => transcode_codec::<WWWURL_CODEC_DECODE_GENERIC>,
        WWWURL_CODEC_DECODE_FORM => transcode_codec::<WWWURL_CODEC_DECODE_FORM>,
        WWWURL_CODEC_RECODE_FORM => transcode_codec::<WWWURL_CODEC_RECODE_FORM>,
        WWWURL_CODEC_ENCODE_PATH => transcode_codec::<WWWURL_CODEC_ENCODE_PATH>,
        WWWURL_CODEC_ENCODE_FORM => transcode_codec::<WWWURL_CODEC_ENCODE_FORM>,
        WWWURL_CODEC_ENCODE_PASSWORD => transcode_codec::<WWWURL_CODEC_ENCODE_PASSWORD>,
        _ => transcode_full,
    };
    f(codec, r#in, len, buf, cap, needed)
}

/// `wwwurl_transcode` for the codec `C`, which is also `codec`: a short
/// text that the codec leaves as it is ([`Codec::transcode_short`]) here,
/// any other call by [`transcode_full`]. The argument is not read, so that
/// its register is free.
#[inline(never)]
extern "C" fn transcode_codec<const C: wwwurl_codec>(
    _codec: wwwurl_codec,
    r#in: *const c_char,
    len: size_t,
    out: *mut c_char,
    cap: size_t,
    needed: *mut size_t,
) -> wwwurl_status {
    let Some(c) = codec_of(C) else {
        return transcode_full(C, r#in, len, out, cap, needed);
    };
    let short = guard_no_unwind(Err(WWWURL_ERR_PANIC), || {
        let need = short_unchanged(c, r#in, len, out, cap);
        if let Some(need) = need {
            set_opt(needed, need);
        }
        Ok(need)
    });
    match short {
        Ok(Some(_)) => WWWURL_OK,
        Ok(None) => transcode_full(C, r#in, len, out, cap, needed),
        Err(status) => status,
    }
}

/// `wwwurl_transcode` of a short text that the codec leaves as it is
/// ([`Codec::transcode_short`]): the size the result took, NUL included;
/// `None` for any other call, which [`transcode_full`] then makes.
#[inline(always)]
fn short_unchanged(
    c: Codec,
    r#in: *const c_char,
    len: size_t,
    out: *mut c_char,
    cap: size_t,
) -> Option<usize> {
    // `len` at most 32 also rules out `WWWURL_NUL_TERMINATED`, so that
    // `input` does not call `strlen`, and is within the input limit;
    // NULLs are left to the full body.
    if len > 32 || r#in.is_null() || out.is_null() {
        return None;
    }
    c.transcode_short(input(r#in, len)?, out_buffer(out, cap).ok()?)
}
