//! The WHATWG URL Standard's URL as a C handle: `wwwurl_whatwg`.
//!
//! A handle is the URL's text (its href, a NUL, and its origin when that
//! is not a piece of the href) and, after it in the same block, the
//! offsets of its parts ([`Layout`]). `wwwurl_whatwg_get` returns a view
//! into the text: no copy, no lock, no allocation, and any number of
//! threads may read one handle at once, since nothing writes it but
//! `_set`, `_parse_into` and `_free`, which the caller does not run
//! beside a reader.
//!
//! The block is the memory of the `Vec` the parser wrote the URL in,
//! reserved with room for the header after the text: a parse makes one
//! allocation. The header never moves, so `_set` and `_parse_into` keep
//! the handle's address and write the new text in memory of the handle's
//! own (`own`), keeping the memory of the text before as `spare` for the
//! next: a loop of `_parse_into` calls allocates only when a URL outgrows
//! the memory it has.

use super::alloc::{CBuf, Out};
use super::api::{
    export, named_u32, Borrowed, CallerBuf, Decl, HandleKind, HandleType, In, Mut, NewHandle,
    OptIn, Owned, Ref, Value,
};
use super::status::*;
use super::types::*;
use std::mem::{align_of, size_of, ManuallyDrop};
use std::ptr::NonNull;
use wwwurl_core::bytes::buf::{Buf, NoMemory};
use wwwurl_core::bytes::sink::Sink;
use wwwurl_core::whatwg::{
    self, Attribute, HostKind, Layout, ParseError, Part, SetError, SetOutcome, Url,
};

/// Where a handle's origin is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// A piece of the href ([`Layout::range`]).
    InHref,
    /// `null`.
    Null,
    /// In the text after the href's NUL: its start and length.
    Stored(usize, usize),
    /// A `blob` URL whose inner URL needs IDNA in a build without it.
    Unknown,
}

/// What a `wwwurl_whatwg *` points at: the header at the end of the block
/// that holds the URL's text (`home`), or of a block whose text has been
/// replaced since (then the text is `own`'s).
pub(crate) struct WhatwgHandle {
    layout: Layout,
    origin: Origin,
    /// The text: the href, its NUL, the stored origin.
    text: *const u8,
    text_len: usize,
    /// The block that holds this header, a `Vec<u8>`'s memory: its first
    /// byte and capacity.
    home: *mut u8,
    home_cap: usize,
    /// The text when it is not in `home`; empty while it is.
    own: Buf,
    /// Memory for the next text, from the text before.
    spare: Buf,
}

/// `url` taken apart into what a handle holds: its text (the href, a NUL,
/// the origin where it is stored), its layout and where its origin is.
/// The origin of a special URL with credentials is written from pieces of
/// the href; only a `blob` URL's is computed (and allocates); the others'
/// are a piece of the href or `null`.
#[inline(always)]
fn text_of(url: Url) -> Result<(Buf, Layout, Origin), NoMemory> {
    let layout = url.layout();
    if layout.range(Attribute::Origin).is_some() {
        let mut bytes = url.into_serialization();
        bytes.push(0)?;
        return Ok((bytes, layout, Origin::InHref));
    }
    if layout.opaque_origin(url.href()) {
        let mut bytes = url.into_serialization();
        bytes.push(0)?;
        return Ok((bytes, layout, Origin::Null));
    }
    stored_origin(url, layout)
}

/// [`text_of`] for a URL whose origin is stored after its href: a special
/// URL with credentials (`scheme://host[:port]`) or a `blob` URL.
#[cold]
fn stored_origin(url: Url, layout: Layout) -> Result<(Buf, Layout, Origin), NoMemory> {
    let at = layout.len() + 1;
    let mut blob = Buf::new();
    let known = match (
        layout.range(Attribute::Protocol),
        layout.range(Attribute::Host),
    ) {
        (Some(proto), Some(host)) if url.is_special() => Some((proto, host)),
        _ => match url.origin(&mut blob) {
            Ok(()) => None,
            Err(ParseError::NoMemory) => return Err(NoMemory),
            Err(_) => {
                let mut bytes = url.into_serialization();
                bytes.push(0)?;
                return Ok((bytes, layout, Origin::Unknown));
            }
        },
    };
    let mut bytes = url.into_serialization();
    bytes.push(0)?;
    match known {
        Some((proto, host)) => {
            bytes.extend_from_within(proto)?;
            bytes.extend_from_slice(b"//")?;
            bytes.extend_from_within(host)?;
        }
        None => bytes.extend_from_slice(&blob)?,
    }
    let n = bytes.len() - at;
    Ok((bytes, layout, Origin::Stored(at, n)))
}

/// Where the header goes in a block of `cap` bytes at `base` whose first
/// `len` are text: the first offset after them aligned for it, when the
/// header fits.
fn header_at(base: *const u8, len: usize, cap: usize) -> Option<usize> {
    let pad = (base as usize).wrapping_add(len).wrapping_neg() % align_of::<WhatwgHandle>();
    let at = len.checked_add(pad)?;
    (at.checked_add(size_of::<WhatwgHandle>())? <= cap).then_some(at)
}

/// An empty buffer of `cap` bytes, from the global allocator directly:
/// `Buf::with_capacity` less the amortised-growth path of `Vec`, which
/// costs a fresh parse more than the allocation itself.
#[inline(always)]
fn block(cap: usize) -> Result<Buf, NoMemory> {
    let layout = std::alloc::Layout::array::<u8>(cap).map_err(|_| NoMemory)?;
    if cap == 0 {
        return Ok(Buf::new());
    }
    // SAFETY: a layout of non-zero size.
    let p = unsafe { std::alloc::alloc(layout) };
    if p.is_null() {
        return Err(NoMemory);
    }
    // SAFETY: `p` is `cap` bytes from the global allocator with the layout
    // of a `Vec<u8>` of that capacity, none of them initialised (length 0).
    Ok(Buf::from_vec(unsafe { Vec::from_raw_parts(p, 0, cap) }))
}

/// The room a text of `len` bytes needs for the header after it.
const HEADER_ROOM: usize = size_of::<WhatwgHandle>() + align_of::<WhatwgHandle>();

impl WhatwgHandle {
    /// A new handle of `url`, in the memory of its text.
    #[inline(always)]
    fn make(url: Url) -> Result<NonNull<WhatwgHandle>, NoMemory> {
        let (bytes, layout, origin) = text_of(url)?;
        WhatwgHandle::place(bytes, layout, origin)
    }

    /// A new handle in the memory of `bytes`, the text: its header after
    /// the text, the block grown first if it has no room for it.
    #[inline(always)]
    fn place(
        mut bytes: Buf,
        layout: Layout,
        origin: Origin,
    ) -> Result<NonNull<WhatwgHandle>, NoMemory> {
        if header_at(bytes.as_ptr(), bytes.len(), bytes.capacity()).is_none() {
            bytes.reserve(HEADER_ROOM)?;
        }
        let mut block = ManuallyDrop::new(bytes.into_vec());
        let (base, len, cap) = (block.as_mut_ptr(), block.len(), block.capacity());
        let at = header_at(base, len, cap).ok_or(NoMemory)?;
        // SAFETY: `at` is within the block's capacity with room for the
        // header after it, aligned for it (`header_at`), and past the
        // text, which the header does not overlap. The block is not
        // dropped (ManuallyDrop): `release` frees it.
        let header = unsafe { base.add(at) }.cast::<WhatwgHandle>();
        // SAFETY: as above: writable, aligned, within the block.
        unsafe {
            header.write(WhatwgHandle {
                layout,
                origin,
                text: base,
                text_len: len,
                home: base,
                home_cap: cap,
                own: Buf::new(),
                spare: Buf::new(),
            })
        };
        NonNull::new(header).ok_or(NoMemory)
    }

    /// The text: the href, its NUL, the stored origin.
    fn text(&self) -> &[u8] {
        // SAFETY: `text` points at `text_len` initialised bytes, in `home`
        // or in `own`, which neither move nor change while `&self` lives
        // (only `replace`, through `&mut self`, changes them).
        unsafe { std::slice::from_raw_parts(self.text, self.text_len) }
    }

    /// The href.
    fn href(&self) -> &[u8] {
        // By `get`: `wwwurl_whatwg_get` reads it under `guard_no_unwind`.
        self.text().get(..self.layout.len()).unwrap_or_default()
    }

    /// The part numbered `part`, as a view into the text.
    #[inline]
    fn part(&self, part: wwwurl_whatwg_part) -> Option<&[u8]> {
        if part == WWWURL_WHATWG_HREF {
            return Some(self.href());
        }
        let a = *Attribute::ALL.get(usize::try_from(part).ok()?)?;
        let range = match self.layout.range(a) {
            Some(r) => r,
            None => match self.origin {
                Origin::Stored(at, n) => at..at + n,
                Origin::Null => return Some(b"null"),
                Origin::InHref | Origin::Unknown => return None,
            },
        };
        self.text().get(range)
    }

    /// The hostname, and what the host is.
    pub(crate) fn hostname(&self) -> &[u8] {
        self.part(WWWURL_WHATWG_HOSTNAME).unwrap_or(b"")
    }

    pub(crate) fn host_kind(&self) -> HostKind {
        self.layout.host_kind()
    }

    /// The origin, serialised; `None` when it is not known (a `blob` URL
    /// whose inner URL needs IDNA in a build without it).
    pub(crate) fn origin(&self) -> Option<&[u8]> {
        self.part(WWWURL_WHATWG_ORIGIN)
    }

    /// The URL, rebuilt in the spare memory, for a change.
    fn url(&mut self) -> Result<Url, NoMemory> {
        let mut bytes = std::mem::take(&mut self.spare);
        bytes.clear();
        bytes.extend_from_slice(self.href())?;
        Url::from_parts(bytes, self.layout).ok_or(NoMemory)
    }

    /// Makes `url` the handle's URL; the memory of the text before becomes
    /// the spare. On failure the handle is as it was.
    fn replace(&mut self, url: Url) -> Result<(), NoMemory> {
        let (bytes, layout, origin) = text_of(url)?;
        self.layout = layout;
        self.origin = origin;
        self.text = bytes.as_ptr();
        self.text_len = bytes.len();
        let mut before = std::mem::replace(&mut self.own, bytes);
        before.clear();
        if before.capacity() > self.spare.capacity() {
            self.spare = before;
        }
        Ok(())
    }
}

/// `wwwurl_whatwg` in declarations.
pub(crate) struct Whatwg;
impl HandleType for Whatwg {
    type C = wwwurl_whatwg;
    type Inner = WhatwgHandle;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_whatwg",
        make: "wwwurl_whatwg_parse(in, WWWURL_NUL_TERMINATED, NULL, 0, &h)",
        free: "wwwurl_whatwg_free",
        c_heap: false,
    };

    #[inline]
    unsafe fn release(p: *mut wwwurl_whatwg) {
        let Some(h) = NonNull::new(p.cast::<WhatwgHandle>()) else {
            return;
        };
        // SAFETY: a live handle (the caller's promise), whose header is
        // read once and dropped (its `own` and `spare` with it) before the
        // block that holds it is freed, with the length and capacity it
        // was taken apart with (`make`).
        unsafe {
            let (home, cap) = ((*h.as_ptr()).home, (*h.as_ptr()).home_cap);
            std::ptr::drop_in_place(h.as_ptr());
            // What dropping the block's `Vec` would do: its capacity is
            // never 0 (the header is in it).
            std::alloc::dealloc(home, std::alloc::Layout::from_size_align_unchecked(cap, 1));
        }
    }
}

impl NewHandle<NonNull<WhatwgHandle>> for Whatwg {
    #[inline(always)]
    fn hand_over(
        out: Out<*mut wwwurl_whatwg>,
        h: NonNull<WhatwgHandle>,
    ) -> Result<(), wwwurl_status> {
        out.set(h.as_ptr().cast());
        Ok(())
    }
}

named_u32! {
    /// `wwwurl_whatwg_part`.
    PartArg = "wwwurl_whatwg_part"
}

// The `WWWURL_WHATWG_*` numbers are the places of the core's attributes
// in `Attribute::ALL`, which the getter and `setter_of` index.
const _: () = {
    let all = Attribute::ALL;
    assert!(matches!(all[WWWURL_WHATWG_HREF as usize], Attribute::Href));
    assert!(matches!(
        all[WWWURL_WHATWG_ORIGIN as usize],
        Attribute::Origin
    ));
    assert!(matches!(
        all[WWWURL_WHATWG_PROTOCOL as usize],
        Attribute::Protocol
    ));
    assert!(matches!(
        all[WWWURL_WHATWG_USERNAME as usize],
        Attribute::Username
    ));
    assert!(matches!(
        all[WWWURL_WHATWG_PASSWORD as usize],
        Attribute::Password
    ));
    assert!(matches!(all[WWWURL_WHATWG_HOST as usize], Attribute::Host));
    assert!(matches!(
        all[WWWURL_WHATWG_HOSTNAME as usize],
        Attribute::Hostname
    ));
    assert!(matches!(all[WWWURL_WHATWG_PORT as usize], Attribute::Port));
    assert!(matches!(
        all[WWWURL_WHATWG_PATHNAME as usize],
        Attribute::Pathname
    ));
    assert!(matches!(
        all[WWWURL_WHATWG_SEARCH as usize],
        Attribute::Search
    ));
    assert!(matches!(all[WWWURL_WHATWG_HASH as usize], Attribute::Hash));
};

/// The core's setter of a part number, or `None` (`ORIGIN`, unknown).
fn setter_of(part: wwwurl_whatwg_part) -> Option<Part> {
    Attribute::ALL.get(usize::try_from(part).ok()?)?.part()
}

/// Runs a setter on a copy and keeps it only when its text could be made
/// too, so that running out of memory leaves the handle as it was.
fn set_part(
    h: &mut WhatwgHandle,
    part: Part,
    value: &[u8],
) -> Result<wwwurl_status, wwwurl_status> {
    let mut url = h.url()?;
    let status = match url.set(part, value) {
        Ok(SetOutcome::Applied) => WWWURL_OK,
        Ok(SetOutcome::HostOnly) => WWWURL_ERR_PORT_IGNORED,
        Ok(SetOutcome::Ignored) => {
            h.spare = url.into_parts().0;
            return Ok(WWWURL_ERR_IGNORED);
        }
        Err(SetError::InvalidHref(e)) => return Err(e.into()),
        Err(SetError::IdnaUnavailable) => return Err(WWWURL_ERR_NO_IDNA),
        Err(SetError::NoMemory) => return Err(WWWURL_ERR_NO_MEMORY),
    };
    h.replace(url)?;
    Ok(status)
}

/// The query of a WHATWG URL (without its `?`) edited by `edit`, then set
/// back through the `search` setter: the one route by which the
/// query-parameter operations change a `wwwurl_whatwg`.
pub(crate) fn edit_query(
    h: &mut WhatwgHandle,
    edit: impl FnOnce(&[u8], &mut Buf) -> Result<(), wwwurl_status>,
) -> Result<wwwurl_status, wwwurl_status> {
    let query = h.layout.query().and_then(|r| h.href().get(r));
    let mut q = Buf::with_capacity(query.map_or(0, <[u8]>::len) + 16)?;
    edit(query.unwrap_or(b""), &mut q)?;
    if query == Some(&q[..]) {
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
    wwwurl_whatwg_parse_into::DECL,
    wwwurl_whatwg_can_parse::DECL,
    wwwurl_whatwg_get::DECL,
    wwwurl_whatwg_get_buf::DECL,
    wwwurl_whatwg_get_dup::DECL,
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
/// The handle and its text are one allocation (two when a base is given:
/// the base's URL is made and freed).
#[export(New<Whatwg> memory(33))]
fn wwwurl_whatwg_parse(
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<NonNull<WhatwgHandle>, wwwurl_status> {
    // Room for what the parser reserves, and the header after the text;
    // and for the origin after the href when there may be credentials.
    let origin = if input.contains(&b'@') {
        input.len()
    } else {
        0
    };
    let room = input.len() + base.map_or(0, <[u8]>::len) + 8 + origin + HEADER_ROOM;
    let mut buf = block(room)?;
    let url = whatwg::parse_with_base_reusing(input, base, &mut buf)?;
    Ok(WhatwgHandle::make(url)?)
}

/// Parses a URL into an existing handle, reusing its memory: what
/// `wwwurl_whatwg_parse` does, without a new handle, so that a loop over
/// many URLs allocates only when a URL outgrows the memory the handle has.
///
/// Parameters: `u`, a handle of `wwwurl_whatwg_parse` or `_dup`;
/// `input`/`len` and `base`/`base_len` as for `wwwurl_whatwg_parse`.
///
/// Returns the statuses of `wwwurl_whatwg_parse`. On any status but
/// `WWWURL_OK` the handle is byte-identical to what it was.
///
/// Memory and lifetimes: views from `wwwurl_whatwg_get` for this handle
/// are invalid after a call that returns `WWWURL_OK`. The handle keeps
/// the memory of its text before as room for the next text, so it holds
/// at most the memory of its two longest URLs.
#[export(Status memory(33))]
fn wwwurl_whatwg_parse_into(
    #[c(Mut<Whatwg>)] u: &mut WhatwgHandle,
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<(), wwwurl_status> {
    let mut buf = std::mem::take(&mut u.spare);
    let parsed = whatwg::parse_with_base_reusing(input, base, &mut buf);
    u.spare = buf;
    u.replace(parsed?)?;
    Ok(())
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

/// An attribute of a WHATWG URL, as the `URL` API gives it: a view
/// into the handle's text.
///
/// Parameters: `u`, a handle; `part`, a `WWWURL_WHATWG_*` value: `HREF`,
/// `ORIGIN`, `PROTOCOL` (with its `:`), `USERNAME`, `PASSWORD`, `HOST`
/// (with the port), `HOSTNAME`, `PORT`, `PATHNAME`, `SEARCH` (with its `?`,
/// empty for an empty or absent query) or `HASH` (with its `#`); `len`,
/// where the length is stored (may be NULL; 0 when NULL is returned).
///
/// Returns the attribute's `*len` bytes (possibly none), or NULL when `u`
/// is NULL or `part` is unknown, or for the `ORIGIN` of a `blob` URL
/// whose inner URL needs IDNA in a build without it. The bytes are NOT
/// NUL-terminated, except those of `HREF`: read `*len` of them
/// (`printf("%.*s", (int)len, p)`), or use `wwwurl_whatwg_get_buf` or
/// `wwwurl_whatwg_get_dup` for a C string. Every attribute but `ORIGIN`
/// is ASCII; `ORIGIN` is `null` for an opaque origin.
///
/// Memory and lifetimes: a view into the handle, valid until the handle
/// is changed by `wwwurl_whatwg_set` or `wwwurl_whatwg_parse_into`, or
/// freed; do not free it. Makes no copy, takes no lock and allocates
/// nothing: any number of threads may read one handle at once.
#[export(Borrowed)]
fn wwwurl_whatwg_get(
    #[c(Ref<Whatwg>)] u: &WhatwgHandle,
    #[c(Value<PartArg>)] part: wwwurl_whatwg_part,
) -> Option<Borrowed> {
    u.part(part).map(Borrowed::view)
}

/// An attribute of a WHATWG URL, as `wwwurl_whatwg_get` gives it, copied
/// with a NUL into the caller's buffer.
///
/// Parameters: `u`, a handle; `part`, a `WWWURL_WHATWG_*` value; `buf` and
/// `cap`, the caller's buffer (`buf` may be NULL when `cap` is 0, to ask
/// for the size); `needed`, where the size the result needs, terminating
/// NUL included, is stored (may be NULL).
///
/// Returns `WWWURL_OK` (the buffer holds the NUL-terminated attribute),
/// `WWWURL_ERR_BUFFER_TOO_SMALL` (the buffer's content is unspecified, no
/// byte at or after `buf[cap]` is written), `WWWURL_ERR_NULL` when `u` is
/// NULL or `buf` is NULL with a non-zero `cap`, `WWWURL_ERR_INVALID_ARGUMENT`
/// for an unknown part or an origin `wwwurl_whatwg_get` does not give.
/// Allocates nothing.
#[export(Buffer memory(0))]
fn wwwurl_whatwg_get_buf(
    #[c(Ref<Whatwg>)] u: &WhatwgHandle,
    #[c(Value<PartArg>)] part: wwwurl_whatwg_part,
    sink: &mut CallerBuf<'_>,
) -> Result<(), wwwurl_status> {
    let Ok(()) = sink.extend(u.part(part).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?);
    Ok(())
}

/// An attribute of a WHATWG URL, as `wwwurl_whatwg_get` gives it, as a
/// new NUL-terminated string.
///
/// Parameters: `u`, a handle; `part`, a `WWWURL_WHATWG_*` value; `out`
/// receives the string; `out_len`, where its length is stored (may be
/// NULL).
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `u` or `out` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` for an unknown part or an origin
/// `wwwurl_whatwg_get` does not give; `WWWURL_ERR_NO_MEMORY`. `*out` and
/// `*out_len` are written only on success.
///
/// Memory and lifetimes: `*out` is a new string that the caller releases
/// with `wwwurl_string_free`; it stays valid whatever happens to `u`.
#[export(TextLen memory(10))]
fn wwwurl_whatwg_get_dup(
    #[c(Ref<Whatwg>)] u: &WhatwgHandle,
    #[c(Value<PartArg>)] part: wwwurl_whatwg_part,
) -> Result<CBuf, wwwurl_status> {
    let value = u.part(part).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    let mut buf = CBuf::with_capacity(value.len());
    let _ = buf.extend(value);
    Ok(buf)
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
/// Memory and lifetimes: views from `wwwurl_whatwg_get` for this handle
/// are invalid after a call that returns `WWWURL_OK` or
/// `WWWURL_ERR_PORT_IGNORED`. The handle keeps its address.
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
fn wwwurl_whatwg_dup(
    #[c(Ref<Whatwg>)] u: &WhatwgHandle,
) -> Result<NonNull<WhatwgHandle>, wwwurl_status> {
    let mut bytes = Buf::with_capacity(u.text_len + HEADER_ROOM)?;
    bytes.extend_from_slice(u.text())?;
    Ok(WhatwgHandle::place(bytes, u.layout, u.origin)?)
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
