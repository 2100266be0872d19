//! The WHATWG URL Standard's URL as a C handle: `wwwurl_whatwg`.
//!
//! A handle holds the core's [`Url`] and, next to it, the attributes the
//! getter hands out, each NUL-terminated, in one block of text whose room
//! is reserved when the URL is made or changed: the href is written then,
//! the other attributes the first time one of them is read. So
//! `wwwurl_whatwg_get` allocates nothing, cannot fail but on its
//! arguments, and any number of threads may read one handle at once; a
//! caller who reads only the href never pays for the others.

use super::alloc::Out;
use super::api::{
    export, named_u32, store_block, Borrowed, Decl, Handle, HandleKind, In, Mut, OptIn, Owned, Ref,
    Value,
};
use super::status::*;
use super::types::*;
use std::cell::UnsafeCell;
use wwwurl_core::buf::{Buf, NoMemory};
use wwwurl_core::whatwg::{self, Part, SetError, SetOutcome, Url};

/// The number of `WWWURL_WHATWG_*` parts.
const PARTS: usize = 11;

/// What a `wwwurl_whatwg *` points at: one `malloc` block.
pub(crate) struct WhatwgHandle {
    url: Url,
    /// The href and its NUL; then, once `filled`, the other parts in
    /// the order of their numbers, each followed by a NUL. Its capacity,
    /// reserved when the handle is made, holds them all, so filling it in
    /// never reallocates it: the href does not move.
    text: UnsafeCell<Buf>,
    /// Where each part's NUL is in `text`; those after the href's are
    /// written with the parts.
    ends: UnsafeCell<[usize; PARTS]>,
    /// The href's first byte in `text`'s buffer, read through this pointer
    /// so that reading the href never borrows `text` while another thread
    /// may be appending to it.
    href: *const u8,
    /// Whether the parts after the href are written: read and written
    /// under `lock` only.
    filled: UnsafeCell<bool>,
    /// Orders the writing of the parts after the href, by the first thread
    /// that reads one, before every other thread's reading them. A pthread
    /// mutex, which helgrind and DRD see, rather than `std::sync::Once`,
    /// whose futex they cannot: so that a program checked with them sees
    /// no race here. Statically initialised; never moved once the handle
    /// is stored.
    lock: UnsafeCell<libc::pthread_mutex_t>,
}

/// The origin's length when it is known without parsing: every scheme
/// but `blob`, whose origin is that of the URL its path parses to.
fn origin_len(url: &Url) -> Option<usize> {
    match url.scheme() {
        b"blob" => None,
        b"file" => Some(4),
        _ if url.is_special() => Some(url.protocol().len() + 2 + url.host().len()),
        _ => Some(4),
    }
}

/// Room for every part after the href, NULs included, without adding
/// them up: `None` for a `blob` URL. The protocol, credentials, host,
/// path, search and hash are pieces of the href that do not overlap; the
/// hostname and port are within the host; the origin is the protocol,
/// `//` and the host, or `null`.
fn rest_room(url: &Url) -> Option<usize> {
    origin_len(url)?;
    Some(url.href().len() + url.protocol().len() + 2 * url.host().len() + 16)
}

/// The size of every part after the href, NULs included; `None` for a
/// `blob` URL.
fn rest_len(url: &Url) -> Option<usize> {
    let parts = [
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.search(),
        url.hash(),
    ];
    let nuls = PARTS - 1;
    Some(origin_len(url)? + parts.iter().map(|p| p.len()).sum::<usize>() + nuls)
}

/// Appends every part after the href to `text`, each followed by a NUL,
/// and records where the NULs are.
fn fill_rest(url: &Url, text: &mut Buf, ends: &mut [usize; PARTS]) -> Result<(), NoMemory> {
    for (i, end) in ends.iter_mut().enumerate().skip(1) {
        match i as wwwurl_whatwg_part {
            WWWURL_WHATWG_ORIGIN => url.origin(text).map_err(|_| NoMemory)?,
            WWWURL_WHATWG_PROTOCOL => text.extend_from_slice(url.protocol())?,
            WWWURL_WHATWG_USERNAME => text.extend_from_slice(url.username())?,
            WWWURL_WHATWG_PASSWORD => text.extend_from_slice(url.password())?,
            WWWURL_WHATWG_HOST => text.extend_from_slice(url.host())?,
            WWWURL_WHATWG_HOSTNAME => text.extend_from_slice(url.hostname())?,
            WWWURL_WHATWG_PORT => text.extend_from_slice(url.port())?,
            WWWURL_WHATWG_PATHNAME => text.extend_from_slice(url.pathname())?,
            WWWURL_WHATWG_SEARCH => text.extend_from_slice(url.search())?,
            _ => text.extend_from_slice(url.hash())?,
        }
        *end = text.len();
        text.push(0)?;
    }
    Ok(())
}

impl WhatwgHandle {
    /// The parsed URL.
    pub(crate) fn url(&self) -> &Url {
        &self.url
    }

    fn new(url: Url) -> Result<WhatwgHandle, NoMemory> {
        let href = url.href();
        let rest = rest_room(&url);
        let mut text = Buf::with_capacity(href.len() + 1 + rest.unwrap_or(0))?;
        text.extend_from_slice(href)?;
        text.push(0)?;
        let mut ends = [0; PARTS];
        ends[0] = href.len();
        let filled = rest.is_none();
        if filled {
            // A `blob` URL's origin needs a parse and may be longer than
            // its path: written now, while the text may still grow.
            fill_rest(&url, &mut text, &mut ends)?;
        }
        Ok(WhatwgHandle {
            href: text.as_ptr(),
            url,
            text: UnsafeCell::new(text),
            ends: UnsafeCell::new(ends),
            filled: UnsafeCell::new(filled),
            lock: UnsafeCell::new(libc::PTHREAD_MUTEX_INITIALIZER),
        })
    }

    /// The part numbered `part`, with its NUL.
    fn part(&self, part: wwwurl_whatwg_part) -> Option<Borrowed> {
        let i = usize::try_from(part).ok().filter(|&i| i < PARTS)?;
        if i == WWWURL_WHATWG_HREF as usize {
            let n = self.url.href().len();
            // SAFETY: `href` points at the href and its NUL in `text`'s
            // buffer, written when the handle was made; the other parts
            // are appended after them, within the capacity, so they neither
            // move nor change while the handle lives.
            return Borrowed::new(unsafe { std::slice::from_raw_parts(self.href, n + 1) });
        }
        if !fill_once(self) {
            return None;
        }
        // SAFETY: the parts are written (`fill_once` returned true after
        // taking the lock they were written under): nothing writes `text`
        // or `ends` any more.
        let (text, ends) = unsafe { (&*self.text.get(), &*self.ends.get()) };
        let end = ends[i];
        let start = ends[i - 1].checked_add(1)?;
        Borrowed::new(text.get(start..=end)?)
    }
}

/// Writes the parts after the href of `h` unless a reader did before;
/// whether they are there. `extern "C"`, which cannot unwind, with a
/// panic boundary of its own inside the lock, so that the body of
/// `wwwurl_whatwg_get` cannot unwind either (see `guard_no_unwind`) and
/// the lock is always released.
#[inline(never)]
extern "C" fn fill_once(h: &WhatwgHandle) -> bool {
    // SAFETY: the handle's mutex, statically initialised and not moved
    // since the handle was stored; unlocked below on every path.
    unsafe { libc::pthread_mutex_lock(h.lock.get()) };
    let there = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: under the lock, the only access to `filled`, `ends` and
        // the bytes of `text` after the href (the href's readers read
        // bytes this does not write, through `href`).
        let (filled, text, ends) =
            unsafe { (&mut *h.filled.get(), &mut *h.text.get(), &mut *h.ends.get()) };
        if !*filled {
            let room = text.capacity() - text.len();
            // The capacity was reserved for these parts; were it short,
            // appending would move the href: the parts stay absent.
            let fits = rest_len(&h.url).is_some_and(|n| n <= room);
            if !fits || fill_rest(&h.url, text, ends).is_err() {
                ends[1..].fill(usize::MAX);
            }
            *filled = true;
        }
        ends[1] != usize::MAX
    }))
    .unwrap_or(false);
    // SAFETY: locked above by this thread.
    unsafe { libc::pthread_mutex_unlock(h.lock.get()) };
    there
}

/// `wwwurl_whatwg` in declarations.
pub(crate) struct Whatwg;
impl Handle for Whatwg {
    type C = wwwurl_whatwg;
    type Inner = WhatwgHandle;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_whatwg",
        make: "wwwurl_whatwg_parse(in, WWWURL_NUL_TERMINATED, NULL, 0, &h)",
        free: "wwwurl_whatwg_free",
    };
    fn store(out: Out<*mut wwwurl_whatwg>, v: WhatwgHandle) -> Result<(), wwwurl_status> {
        store_block(out, v)
    }
}

named_u32! {
    /// `wwwurl_whatwg_part`.
    PartArg = "wwwurl_whatwg_part"
}

/// The core's setter of a part number, or `None` (`ORIGIN`, unknown).
fn setter_of(part: wwwurl_whatwg_part) -> Option<Part> {
    Some(match part {
        WWWURL_WHATWG_HREF => Part::Href,
        WWWURL_WHATWG_PROTOCOL => Part::Protocol,
        WWWURL_WHATWG_USERNAME => Part::Username,
        WWWURL_WHATWG_PASSWORD => Part::Password,
        WWWURL_WHATWG_HOST => Part::Host,
        WWWURL_WHATWG_HOSTNAME => Part::Hostname,
        WWWURL_WHATWG_PORT => Part::Port,
        WWWURL_WHATWG_PATHNAME => Part::Pathname,
        WWWURL_WHATWG_SEARCH => Part::Search,
        WWWURL_WHATWG_HASH => Part::Hash,
        _ => return None,
    })
}

/// Runs a setter on a copy and keeps it only when its text could be made
/// too, so that running out of memory leaves the handle as it was.
fn set_part(
    h: &mut WhatwgHandle,
    part: Part,
    value: &[u8],
) -> Result<wwwurl_status, wwwurl_status> {
    let mut url = h.url.try_clone()?;
    let status = match url.set(part, value) {
        Ok(SetOutcome::Applied) => WWWURL_OK,
        Ok(SetOutcome::HostOnly) => WWWURL_ERR_PORT_IGNORED,
        Ok(SetOutcome::Ignored) => return Ok(WWWURL_ERR_IGNORED),
        Err(SetError::InvalidHref(e)) => return Err(e.into()),
        Err(SetError::IdnaUnavailable) => return Err(WWWURL_ERR_NO_IDNA),
        Err(SetError::NoMemory) => return Err(WWWURL_ERR_NO_MEMORY),
    };
    *h = WhatwgHandle::new(url)?;
    Ok(status)
}

/// The query of a WHATWG URL (without its `?`) edited by `edit`, then set
/// back through the `search` setter: the one route by which the
/// query-parameter operations change a `wwwurl_whatwg`.
pub(crate) fn edit_query(
    h: &mut WhatwgHandle,
    edit: impl FnOnce(&[u8], &mut Buf) -> Result<(), wwwurl_status>,
) -> Result<wwwurl_status, wwwurl_status> {
    let query = h.url.query().unwrap_or(b"");
    let mut q = Buf::with_capacity(query.len() + 16)?;
    edit(query, &mut q)?;
    if h.url.query() == Some(&q[..]) {
        return Ok(WWWURL_OK);
    }
    // The search setter drops a leading `?`: keep one that the query itself
    // starts with.
    let mut value = Buf::with_capacity(q.len() + 1)?;
    if q.first() == Some(&b'?') {
        value.push(b'?')?;
    }
    value.extend_from_slice(&q)?;
    match set_part(h, Part::Search, &value)? {
        WWWURL_ERR_IGNORED => Err(WWWURL_ERR_IGNORED),
        st => Ok(st),
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_whatwg_parse::DECL,
    wwwurl_whatwg_can_parse::DECL,
    wwwurl_whatwg_get::DECL,
    wwwurl_whatwg_set::DECL,
    wwwurl_whatwg_dup::DECL,
    wwwurl_whatwg_free::DECL,
    wwwurl_idna_unicode_version::DECL,
];

/// Parses a URL by the WHATWG URL Standard (the API URL parser: what
/// `new URL(input, base)` does), on bytes: input that is not UTF-8 is
/// decoded with replacement first, each invalid sequence becoming U+FFFD.
///
/// Parameters: `input`/`len` (`len` may be `WWWURL_NUL_TERMINATED`);
/// `base`/`base_len`, the base URL, NULL for none; `out` receives the new
/// handle.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_URL` when the input is not a
/// URL (against the base, if any); `WWWURL_ERR_INVALID_BASE` when the base
/// is not one; `WWWURL_ERR_NO_IDNA` for a host that needs IDNA in a build
/// without it; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success: a failure
/// never gives a half-made URL.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_whatwg_free`. The handle borrows nothing from the arguments.
#[export(New<Whatwg> memory(33))]
fn wwwurl_whatwg_parse(
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<WhatwgHandle, wwwurl_status> {
    Ok(WhatwgHandle::new(whatwg::parse_with_base(input, base)?)?)
}

/// Whether `wwwurl_whatwg_parse` would succeed with these arguments
/// (`URL.canParse(input, base)`), without making a handle.
///
/// Returns `WWWURL_OK` when the input is a URL, else the status
/// `wwwurl_whatwg_parse` would return: `WWWURL_ERR_INVALID_URL`,
/// `WWWURL_ERR_INVALID_BASE`, `WWWURL_ERR_NO_IDNA`, `WWWURL_ERR_NULL`,
/// `WWWURL_ERR_TOO_LONG`, `WWWURL_ERR_NO_MEMORY`.
///
/// Memory and lifetimes: nothing for the caller to release. The URL is
/// not made: the call follows the parser only as far as the authority
/// and checks its host and port on the stack. It allocates only for a
/// domain that needs UTS #46 (not ASCII after percent-decoding) and for
/// an input longer than 2 KiB that has a tab, a newline or invalid
/// UTF-8, or a percent-encoded domain; that memory is freed before the
/// call returns.
#[export(Status memory(7))]
fn wwwurl_whatwg_can_parse(
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<(), wwwurl_status> {
    whatwg::check_with_base(input, base)?;
    Ok(())
}

/// An attribute of a WHATWG URL, as the `URL` API gives it.
///
/// Parameters: `u`, a handle; `part`, a `WWWURL_WHATWG_*` value: `HREF`,
/// `ORIGIN`, `PROTOCOL` (with its `:`), `USERNAME`, `PASSWORD`, `HOST`
/// (with the port), `HOSTNAME`, `PORT`, `PATHNAME`, `SEARCH` (with its `?`,
/// empty for an empty or absent query) or `HASH` (with its `#`); `len`,
/// where the length is stored (may be NULL; 0 when NULL is returned).
///
/// Returns a NUL-terminated string (possibly empty), or NULL when `u` is
/// NULL or `part` is unknown. Every attribute but `ORIGIN` is ASCII;
/// `ORIGIN` is `null` for an opaque origin.
///
/// Memory and lifetimes: borrowed from the handle, valid until the handle
/// is changed by `wwwurl_whatwg_set` or freed; do not free it. Allocates
/// nothing.
#[export(Borrowed)]
fn wwwurl_whatwg_get(
    #[c(Ref<Whatwg>)] u: &WhatwgHandle,
    #[c(Value<PartArg>)] part: wwwurl_whatwg_part,
) -> Option<Borrowed> {
    u.part(part)
}

/// Sets an attribute of a WHATWG URL by the Standard's setter algorithm
/// (the `URL` API's `url.host = value`, and so on). The value is UTF-8;
/// bytes that are not are decoded with replacement, as by the parser.
///
/// Parameters: `u`, a handle; `part`, any `WWWURL_WHATWG_*` value but
/// `ORIGIN`; `value`/`len` (`len` may be `WWWURL_NUL_TERMINATED`).
///
/// Returns `WWWURL_OK` (the part holds the value in its canonical form);
/// `WWWURL_ERR_IGNORED` when the Standard ignores the value here (a host
/// on a URL that cannot have one, a port that is not a number, a scheme
/// that would change a special URL into a non-special one, ...): the URL
/// is unchanged; `WWWURL_ERR_PORT_IGNORED` when `HOST` set the host but
/// ignored the port that followed it; `WWWURL_ERR_INVALID_URL` when `HREF`
/// is given something that is not a URL (unchanged); `WWWURL_ERR_NO_IDNA`;
/// `WWWURL_ERR_INVALID_ARGUMENT` for `ORIGIN` or an unknown part;
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. On
/// every status but `WWWURL_OK` and `WWWURL_ERR_PORT_IGNORED` the URL is
/// byte-identical to what it was.
///
/// Memory and lifetimes: strings from `wwwurl_whatwg_get` for this handle
/// are invalid after a call that returns `WWWURL_OK` or
/// `WWWURL_ERR_PORT_IGNORED`.
#[export(Status memory(33))]
fn wwwurl_whatwg_set(
    #[c(Mut<Whatwg>)] u: &mut WhatwgHandle,
    #[c(Value<PartArg>)] part: wwwurl_whatwg_part,
    #[c(In, len = len, sample = "http://example.org/")] value: &[u8],
) -> Result<wwwurl_status, wwwurl_status> {
    let part = setter_of(part).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    set_part(u, part, value)
}

/// Copies a WHATWG URL handle.
///
/// Returns `WWWURL_OK`, `WWWURL_ERR_NULL` or `WWWURL_ERR_NO_MEMORY`; `*out`
/// is written only on success. The caller owns the copy and releases it
/// with `wwwurl_whatwg_free`.
#[export(New<Whatwg> memory(30))]
fn wwwurl_whatwg_dup(#[c(Ref<Whatwg>)] u: &WhatwgHandle) -> Result<WhatwgHandle, wwwurl_status> {
    Ok(WhatwgHandle::new(u.url.try_clone()?)?)
}

/// Releases a WHATWG URL handle. NULL is fine; the same handle must not be
/// freed twice.
#[export(Release)]
fn wwwurl_whatwg_free(#[c(Owned<Whatwg>)] u: *mut wwwurl_whatwg) {
    // SAFETY: a handle of `wwwurl_whatwg_parse` or `_dup`, or NULL, not
    // used again (API contract).
    unsafe { Owned::<Whatwg>::release(u) }
}

/// The Unicode version of the IDNA tables (UTS #46) that the WHATWG host
/// parser uses, e.g. `"18.0.0"`, or `"none"` in a build without IDNA: pin
/// it beside the library's version when output must not change.
///
/// Returns a static string; do not free it.
#[export(Static(&UNICODE_VERSION))]
fn wwwurl_idna_unicode_version() -> &'static UnicodeVersion {
    &UNICODE_VERSION
}

/// The Unicode version of the IDNA tables, NUL-terminated, made when the
/// library is compiled.
const UNICODE_VERSION: UnicodeVersion = {
    let v = whatwg::unicode_version().as_bytes();
    let mut out = [0; whatwg::unicode_version().len() + 1];
    let mut i = 0;
    while i < v.len() {
        out[i] = v[i];
        i += 1;
    }
    out
};

/// The type of [`UNICODE_VERSION`]: the version's bytes and a NUL.
type UnicodeVersion = [u8; whatwg::unicode_version().len() + 1];
