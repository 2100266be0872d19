//! The Public Suffix List in the C API: the built-in list and lists loaded
//! at run time as `wwwurl_psl` handles, a host's registrable domain and
//! public suffix as offsets into the host, the same for a WHATWG URL's
//! host, and "same site".

use super::alloc::Out;
use super::api::{checked_value, export, store_block, CName, Decl, Handle, HandleKind, In, InOut};
use super::api::{Borrowed, Owned, Ref};
use super::guard::guard_no_unwind;
use super::status::*;
use super::types::WWWURL_DEFAULT_MAX_INPUT;
use super::whatwg_url::{Whatwg, WhatwgHandle};
use libc::{c_char, c_int, size_t};
use wwwurl_core::psl::{self, List, LoadError, Sections};

/// A Public Suffix List ready for lookups: the built-in one
/// (`wwwurl_psl_builtin`) or one loaded from text (`wwwurl_psl_load`). It
/// never changes, and any number of threads may look hosts up in it at
/// once.
///
/// Taking a newer list while threads look hosts up: load it, then publish
/// the new pointer where the readers find it with a release store (C11
/// `atomic_store_explicit(&current, p, memory_order_release)`); each
/// reader takes the pointer with an acquire load once per lookup (or per
/// batch) and does not keep it past that. The old list may be freed with
/// `wwwurl_psl_free` only when no reader can still hold it: after a grace
/// period that the program knows to be longer than any lookup, or when
/// every reader has passed a point counted by a reference count or an
/// epoch (RCU). A list that is never freed needs none of this: the
/// built-in list is never freed.
pub struct wwwurl_psl {
    _private: [u8; 0],
}

/// `wwwurl_psl_registrable_domain` and the others: only the ICANN section
/// of the list counts (domains that registries hand out); without it both
/// sections do, the private one included (`github.io`).
pub const WWWURL_PSL_ICANN: u32 = 1;

/// `wwwurl_psl` in declarations.
pub(crate) struct Psl;
impl Handle for Psl {
    type C = wwwurl_psl;
    type Inner = List;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_psl",
        make: "wwwurl_psl_load(\"com\\nuk\\nco.uk\\n\", WWWURL_NUL_TERMINATED, &h)",
        free: "wwwurl_psl_free",
        c_heap: true,
    };
    fn store(out: Out<*mut wwwurl_psl>, v: List) -> Result<(), wwwurl_status> {
        store_block(out, v)
    }
}

/// The built-in list as C sees it.
fn builtin() -> *const wwwurl_psl {
    (List::builtin() as *const List).cast()
}

/// The pointer `wwwurl_psl_builtin` returns, as the declarations name it.
type PslPtr = *const wwwurl_psl;
impl CName for PslPtr {
    type C = PslPtr;
    const C_NAME: &'static str = "const wwwurl_psl *";
}
/// `wwwurl_psl_builtin`'s value on an error, which it has none of.
const NULL: PslPtr = std::ptr::null();

checked_value! {
    /// The flags of a lookup: 0 or `WWWURL_PSL_ICANN`.
    PslFlags: u32 = "uint32_t" => Sections, |f: u32| match f {
        0 => Some(Sections::All),
        WWWURL_PSL_ICANN => Some(Sections::Icann),
        _ => None,
    }
}

/// How a refused list reaches C.
impl From<LoadError> for wwwurl_status {
    fn from(e: LoadError) -> wwwurl_status {
        match e {
            LoadError::NoMemory => WWWURL_ERR_NO_MEMORY,
            LoadError::TooLarge => WWWURL_ERR_TOO_LONG,
            _ => WWWURL_ERR_INVALID_LIST,
        }
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_psl_builtin::DECL,
    wwwurl_psl_load::DECL,
    wwwurl_psl_free::DECL,
    wwwurl_psl_version::DECL,
    wwwurl_psl_registrable_domain::DECL,
    wwwurl_psl_public_suffix::DECL,
    wwwurl_psl_url_registrable_domain::DECL,
    wwwurl_psl_url_public_suffix::DECL,
    wwwurl_psl_same_site::DECL,
];

/// The Public Suffix List built into the library: the list project's list
/// of the date `wwwurl_psl_version` gives for it (2026-08-19), with its
/// 6,949 ICANN and 3,299 private rules.
///
/// Returns the list, never NULL. It lives as long as the library;
/// `wwwurl_psl_free` leaves it alone.
#[export(ReadNumber<PslPtr>(NULL))]
fn wwwurl_psl_builtin() -> Option<PslPtr> {
    Some(builtin())
}

/// Loads a Public Suffix List from its text, in the list project's format
/// (`public_suffix_list.dat`): a rule a line, read up to the first
/// whitespace; `//` comment lines; `!` before an exception rule; `*` as a
/// whole label for a wildcard; the ICANN section and the private one
/// between their `// ===BEGIN ... DOMAINS===` and `// ===END ...
/// DOMAINS===` markers (a rule outside both counts as a private one).
/// Every label of a rule matches in its A-label form too (made by UTS #46
/// from the list's U-labels). Loading the list project's list takes a few
/// milliseconds.
///
/// Parameters: `text`/`len` (`len` may be `WWWURL_NUL_TERMINATED`); `out`
/// receives the new list.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_LIST` for what is not a list:
/// not UTF-8, a control byte other than TAB, CR and LF, a rule with an
/// empty label, a byte no host has or a `*` inside a label, an exception of
/// one label, more than 127 labels or a label of more than 255 bytes, or no
/// rule at all; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG` (over 8 MiB, the
/// default input limit); `WWWURL_ERR_NO_MEMORY`. `*out` is written only on
/// success.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_psl_free`; it borrows nothing from `text`. Any number of
/// threads may use one list at once; `wwwurl_psl` says how to swap in a
/// newer one safely.
#[export(New<Psl> memory(64))]
fn wwwurl_psl_load(
    #[c(In, len = len, sample = "// ===BEGIN ICANN DOMAINS===\ncom\nuk\nco.uk\n")] text: &[u8],
) -> Result<List, wwwurl_status> {
    Ok(List::load(text)?)
}

/// Releases a list of `wwwurl_psl_load`. NULL and the built-in list are
/// fine: nothing is done. The same list must not be freed twice, nor
/// while another thread uses it.
#[export(Release)]
fn wwwurl_psl_free(#[c(Owned<Psl>)] psl: *mut wwwurl_psl) {
    if !std::ptr::eq(psl.cast_const(), builtin()) {
        // SAFETY: NULL or a list of `wwwurl_psl_load` not used again (API
        // contract).
        unsafe { Owned::<Psl>::release(psl) }
    }
}

/// The version of a list: for the built-in list, the date of the list
/// project's list it is and that list's commit (`2026-08-19 (e8c9a2b2)`);
/// for a loaded list, the value of its `// VERSION:` header comment, empty
/// when it has none.
///
/// Parameters: `psl`; `len` receives the length (may be NULL).
///
/// Returns the NUL-terminated version, borrowed from the list; NULL (and
/// `*len` 0) when `psl` is NULL.
#[export(Borrowed)]
fn wwwurl_psl_version(#[c(Ref<Psl>)] psl: &List) -> Option<Borrowed> {
    Borrowed::new(psl.version_with_nul())
}

/// The registrable domain of a host (its eTLD+1): its public suffix and
/// the label before it, as the list's algorithm finds them: the prevailing
/// rule is an exception rule if one matches (the public suffix is then the
/// rule less its first label), else the matching rule of the most labels,
/// else the host's last label. Labels match ASCII case-insensitively, and
/// in U-label (UTF-8) or A-label form alike: `xn--85x722f.xn--55qx5d.cn`
/// has the answers of its UTF-8 form. A host with one trailing dot keeps it in
/// the answer. No allocation, no copy: the answer is the tail of `host`
/// from `*start`, in the host's own form and case.
///
/// Parameters: `psl`, the built-in list or a loaded one; `host`/`len`
/// (`len` may be `WWWURL_NUL_TERMINATED`); `flags`, 0 or
/// `WWWURL_PSL_ICANN`; `start` receives the answer's offset in `host`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NO_DOMAIN` when the host has no
/// registrable domain: it is a public suffix itself, an IP address (its
/// last label a number as the URL Standard reads IPv4, or with a colon),
/// empty, a lone dot, or has an empty label (a leading dot, two dots);
/// `WWWURL_ERR_INVALID_ARGUMENT` for an unknown flag; `WWWURL_ERR_NULL`;
/// `WWWURL_ERR_TOO_LONG`. `*start` is written only on success.
///
/// Memory and lifetimes: allocates nothing.
#[export(Status memory(0) short(registrable_short => registrable_full))]
fn wwwurl_psl_registrable_domain(
    #[c(Ref<Psl>)] psl: &List,
    #[c(In, len = len, sample = "www.example.co.uk")] host: &[u8],
    #[c(PslFlags)] flags: Sections,
    #[c(InOut<usize>)] start: &mut usize,
) -> Result<(), wwwurl_status> {
    *start = psl
        .registrable_domain(host, flags)
        .ok_or(WWWURL_ERR_NO_DOMAIN)?;
    Ok(())
}

/// The public suffix of a host: the tail that the prevailing rule matches
/// (see `wwwurl_psl_registrable_domain`), the host's last label when no
/// rule does. A host that is a public suffix itself is its own.
///
/// Parameters: as for `wwwurl_psl_registrable_domain`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NO_DOMAIN` when the host has none: an
/// IP address, empty, a lone dot, an empty label; the errors of
/// `wwwurl_psl_registrable_domain`. `*start` is written only on success.
///
/// Memory and lifetimes: allocates nothing.
#[export(Status memory(0) short(suffix_short => suffix_full))]
fn wwwurl_psl_public_suffix(
    #[c(Ref<Psl>)] psl: &List,
    #[c(In, len = len, sample = "www.example.co.uk")] host: &[u8],
    #[c(PslFlags)] flags: Sections,
    #[c(InOut<usize>)] start: &mut usize,
) -> Result<(), wwwurl_status> {
    *start = psl.public_suffix(host, flags).ok_or(WWWURL_ERR_NO_DOMAIN)?;
    Ok(())
}

/// The short path of a lookup function as C calls it: a lookup with every
/// argument usable here by `lookup_short`, any other call (a NULL,
/// `WWWURL_NUL_TERMINATED`, an unknown flag) by the declared body, which
/// says what is wrong. A lookup is a few hundred instructions, so the
/// guard of the declared body, about fifty of them, is left out where
/// nothing can fail.
macro_rules! short_lookup {
    ($(#[doc = $doc:literal])* $name:ident: $find:path, else $full:ident) => {
        $(#[doc = $doc])*
        #[inline(always)]
        fn $name(
            psl: *const wwwurl_psl,
            host: *const c_char,
            len: size_t,
            flags: u32,
            start: *mut size_t,
        ) -> wwwurl_status {
            lookup_short(psl, host, len, flags, start, $find)
                .unwrap_or_else(|| $full(psl, host, len, flags, start))
        }
    };
}

short_lookup! {
    /// `wwwurl_psl_registrable_domain` as C calls it (see `short_lookup`).
    registrable_short: List::registrable_domain, else registrable_full
}
short_lookup! {
    /// `wwwurl_psl_public_suffix` as C calls it (see `short_lookup`).
    suffix_short: List::public_suffix, else suffix_full
}

/// The lookup `find` of the short paths, under `guard_no_unwind`: the
/// matcher allocates nothing and has no panic (`make unwind-proof` proves
/// it). `None` for a call the declared body takes.
#[inline(always)]
fn lookup_short(
    psl: *const wwwurl_psl,
    host: *const c_char,
    len: size_t,
    flags: u32,
    start: *mut size_t,
    find: impl FnOnce(&List, &[u8], Sections) -> Option<usize>,
) -> Option<wwwurl_status> {
    guard_no_unwind(None, || {
        // `len` within the input limit also rules out
        // `WWWURL_NUL_TERMINATED`.
        if host.is_null() || start.is_null() || len > WWWURL_DEFAULT_MAX_INPUT {
            return None;
        }
        let sections = match flags {
            0 => Sections::All,
            WWWURL_PSL_ICANN => Sections::Icann,
            _ => return None,
        };
        // SAFETY: a non-NULL `psl` is the built-in list or one of
        // `wwwurl_psl_load` not yet freed (API contract): a live `List`,
        // as `Ref<Psl>` reads it.
        let list = unsafe { psl.cast::<List>().as_ref() }?;
        // SAFETY: `host` is not NULL and points at `len` readable bytes
        // for the duration of the call (API contract).
        let host = unsafe { std::slice::from_raw_parts(host.cast::<u8>(), len) };
        Some(match find(list, host, sections) {
            Some(s) => {
                // SAFETY: `start` is not NULL and points at a writable
                // `size_t` (API contract).
                unsafe { start.write(s) };
                WWWURL_OK
            }
            None => WWWURL_ERR_NO_DOMAIN,
        })
    })
}

/// The URL Standard's "registrable domain" of a WHATWG URL's host
/// (url.bs §3.2): in A-labels and lower case, as the parser wrote the host,
/// with its trailing dot if it has one.
///
/// Parameters: `psl`; `url`, from `wwwurl_whatwg_parse`; `flags`, 0 or
/// `WWWURL_PSL_ICANN`; `start` receives the answer's offset in the URL's
/// hostname (`wwwurl_whatwg_get(url, WWWURL_WHATWG_HOSTNAME, &len)`).
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NO_DOMAIN` when the host is no domain
/// (an IP address, an opaque host of a non-special URL, the empty host,
/// none) or is a public suffix itself; `WWWURL_ERR_INVALID_ARGUMENT`;
/// `WWWURL_ERR_NULL`. `*start` is written only on success.
///
/// Memory and lifetimes: allocates nothing.
#[export(Status)]
fn wwwurl_psl_url_registrable_domain(
    #[c(Ref<Psl>)] psl: &List,
    #[c(Ref<Whatwg>)] url: &WhatwgHandle,
    #[c(PslFlags)] flags: Sections,
    #[c(InOut<usize>)] start: &mut usize,
) -> Result<(), wwwurl_status> {
    let host = url.hostname();
    let found = psl::host_registrable_domain(psl, url.host_kind(), host, flags);
    *start = host.len() - found.ok_or(WWWURL_ERR_NO_DOMAIN)?.len();
    Ok(())
}

/// The URL Standard's "public suffix" of a WHATWG URL's host (url.bs
/// §3.2): `example.com.` gives `com.`, `xn--kgbechtv` is its own (a
/// top-level domain in Arabic script).
///
/// Parameters: as for `wwwurl_psl_url_registrable_domain`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NO_DOMAIN` when the host is no
/// domain; the errors of `wwwurl_psl_url_registrable_domain`. `*start` is
/// written only on success.
///
/// Memory and lifetimes: allocates nothing.
#[export(Status)]
fn wwwurl_psl_url_public_suffix(
    #[c(Ref<Psl>)] psl: &List,
    #[c(Ref<Whatwg>)] url: &WhatwgHandle,
    #[c(PslFlags)] flags: Sections,
    #[c(InOut<usize>)] start: &mut usize,
) -> Result<(), wwwurl_status> {
    let host = url.hostname();
    let found = psl::host_public_suffix(psl, url.host_kind(), host, flags);
    *start = host.len() - found.ok_or(WWWURL_ERR_NO_DOMAIN)?.len();
    Ok(())
}

/// Whether two WHATWG URLs are same site, by the HTML Standard's
/// definition for their origins: both are tuple origins (http, https, ws,
/// wss, ftp, and blob URLs of those) of the same scheme whose hosts have
/// the same registrable domain, or, having none, are the same host. Ports
/// do not count. A URL with an opaque origin (`file:`, `data:`, a
/// non-special scheme) is same site with no other.
///
/// Parameters: `psl`; `a` and `b`, from `wwwurl_whatwg_parse`; `flags`, 0
/// or `WWWURL_PSL_ICANN`.
///
/// Returns 1 when they are same site, 0 when not, -1 when an argument is
/// NULL, a flag unknown, or memory ran out.
#[export(Number<c_int>(-1))]
fn wwwurl_psl_same_site(
    #[c(Ref<Psl>)] psl: &List,
    #[c(Ref<Whatwg>)] a: &WhatwgHandle,
    #[c(Ref<Whatwg>)] b: &WhatwgHandle,
    #[c(PslFlags)] flags: Sections,
) -> Option<c_int> {
    // An origin the handle cannot give (a `blob` URL's that needs IDNA
    // in a build without it) is an error, as the core's `same_site`.
    let (a, b) = (a.origin()?, b.origin()?);
    Some(c_int::from(psl::same_site_origins(psl, a, b, flags)))
}
