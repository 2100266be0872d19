//! The URL Pattern Standard in the C API: compiled patterns as
//! `wwwurl_urlpattern` handles, made by `_parse` and `_from_init`, read by
//! `_get` and matched by `_test`. doc/urlpattern.md describes the core
//! module.
//!
//! The matches that `_exec` gives are in urlpattern_result.rs, and pattern
//! sets in urlpattern_set.rs. What they share with the patterns is here
//! (the component numbers, the init struct and its argument, C strings
//! made text, the pattern handle): both import this module, and it imports
//! neither.
//!
//! A pattern handle keeps, besides the compiled pattern, its eight
//! component strings with their NULs (what `wwwurl_urlpattern_get` returns)
//! and what it was made from, so that a set makes its own copy of it by
//! compiling that again: a set never shares memory with the handles it was
//! given, and a copy fails as compiling does, with a status.

use super::alloc::Out;
use super::api::{
    checked_value, export, named_u32, store_block, ArgKind, Borrowed, CArg, Cx, Decl, Handle,
    HandleKind, In, InOut, OptIn, Owned, Ref, Value,
};
use super::status::*;
use libc::{c_char, c_int, size_t};
use wwwurl_core::bytes::buf::{Buf, NoMemory};
use wwwurl_core::query::text::utf8_lossy;
use wwwurl_core::urlpattern::{Error, Init, Input, PatternOptions, UrlPattern};

/// A compiled URL pattern (`wwwurl_urlpattern_parse`,
/// `wwwurl_urlpattern_from_init`). It never changes: any number of threads
/// may test URLs against one pattern at once.
pub struct wwwurl_urlpattern {
    _private: [u8; 0],
}

/// A component of a URL pattern and of the URLs it matches: a
/// `WWWURL_URLPATTERN_*` value, in the Standard's order.
pub type wwwurl_urlpattern_component = u32;
/// `protocol`: the scheme, without its `:`.
pub const WWWURL_URLPATTERN_PROTOCOL: wwwurl_urlpattern_component = 0;
/// `username`.
pub const WWWURL_URLPATTERN_USERNAME: wwwurl_urlpattern_component = 1;
/// `password`.
pub const WWWURL_URLPATTERN_PASSWORD: wwwurl_urlpattern_component = 2;
/// `hostname`.
pub const WWWURL_URLPATTERN_HOSTNAME: wwwurl_urlpattern_component = 3;
/// `port`.
pub const WWWURL_URLPATTERN_PORT: wwwurl_urlpattern_component = 4;
/// `pathname`.
pub const WWWURL_URLPATTERN_PATHNAME: wwwurl_urlpattern_component = 5;
/// `search`: the query, without its `?`.
pub const WWWURL_URLPATTERN_SEARCH: wwwurl_urlpattern_component = 6;
/// `hash`: the fragment, without its `#`.
pub const WWWURL_URLPATTERN_HASH: wwwurl_urlpattern_component = 7;

/// A flag of `wwwurl_urlpattern_parse` and the others that make patterns:
/// the pathname, search and hash match without regard to case
/// (`ignoreCase`).
pub const WWWURL_URLPATTERN_IGNORE_CASE: u32 = 1;

/// The components of a URL pattern or of a URL, and a base URL, as
/// JavaScript's `URLPatternInit` gives them: each a pointer and a length
/// (`WWWURL_NUL_TERMINATED` for a C string). A NULL pointer is a component
/// not given; an empty string is one given empty. Set the members not
/// used to 0 (`= {0}`, or `memset`).
#[repr(C)]
pub struct wwwurl_urlpattern_init {
    /// `protocol` (a trailing `:` is dropped).
    pub protocol: *const c_char,
    /// Its length.
    pub protocol_len: size_t,
    /// `username`.
    pub username: *const c_char,
    /// Its length.
    pub username_len: size_t,
    /// `password`.
    pub password: *const c_char,
    /// Its length.
    pub password_len: size_t,
    /// `hostname`.
    pub hostname: *const c_char,
    /// Its length.
    pub hostname_len: size_t,
    /// `port`.
    pub port: *const c_char,
    /// Its length.
    pub port_len: size_t,
    /// `pathname` (relative to the base URL's unless it starts with `/`).
    pub pathname: *const c_char,
    /// Its length.
    pub pathname_len: size_t,
    /// `search` (a leading `?` is dropped).
    pub search: *const c_char,
    /// Its length.
    pub search_len: size_t,
    /// `hash` (a leading `#` is dropped).
    pub hash: *const c_char,
    /// Its length.
    pub hash_len: size_t,
    /// `baseURL`: the components not given are taken from it.
    pub base_url: *const c_char,
    /// Its length.
    pub base_url_len: size_t,
}

// The `WWWURL_URLPATTERN_*` numbers are the places of the components in
// the core's order (`COMPONENTS`).
const _: () = {
    let names = wwwurl_core::urlpattern::COMPONENTS;
    let c = [
        (WWWURL_URLPATTERN_PROTOCOL, "protocol"),
        (WWWURL_URLPATTERN_USERNAME, "username"),
        (WWWURL_URLPATTERN_PASSWORD, "password"),
        (WWWURL_URLPATTERN_HOSTNAME, "hostname"),
        (WWWURL_URLPATTERN_PORT, "port"),
        (WWWURL_URLPATTERN_PATHNAME, "pathname"),
        (WWWURL_URLPATTERN_SEARCH, "search"),
        (WWWURL_URLPATTERN_HASH, "hash"),
    ];
    assert!(c.len() == names.len());
    let mut i = 0;
    while i < c.len() {
        assert!(c[i].0 as usize == i);
        let (a, b) = (c[i].1.as_bytes(), names[i].as_bytes());
        assert!(a.len() == b.len());
        let mut j = 0;
        while j < a.len() {
            assert!(a[j] == b[j]);
            j += 1;
        }
        i += 1;
    }
};

/// The number of components.
pub(crate) const COMPONENTS: usize = 8;

// A handle is read by many threads at once: what it holds must allow it.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<UrlPattern>();
};

/// How a core error reaches C.
impl From<Error> for wwwurl_status {
    fn from(e: Error) -> wwwurl_status {
        match e {
            Error::Syntax(_) => WWWURL_ERR_INVALID_PATTERN,
            Error::Budget => WWWURL_ERR_BUDGET,
            Error::NoMemory => WWWURL_ERR_NO_MEMORY,
        }
    }
}

checked_value! {
    /// The flags of a pattern: 0 or `WWWURL_URLPATTERN_IGNORE_CASE`.
    PatternFlags: u32 = "uint32_t" => PatternOptions, |f: u32| match f {
        0 => Some(PatternOptions { ignore_case: false }),
        WWWURL_URLPATTERN_IGNORE_CASE => Some(PatternOptions { ignore_case: true }),
        _ => None,
    }
}

checked_value! {
    /// A component, as the index of the core's order.
    ComponentArg: u32 = "wwwurl_urlpattern_component" => usize,
        |c: u32| usize::try_from(c).ok().filter(|&i| i < COMPONENTS)
}

named_u32! {
    /// `wwwurl_urlpattern_component`, read by a getter that gives NULL (or
    /// 0) for a number that names none.
    ComponentName = "wwwurl_urlpattern_component"
}

/// `const wwwurl_urlpattern_init *`, not NULL: its nine strings, each read
/// as an optional input (`OptIn`: NULL is absent), in the order of the
/// struct.
pub(crate) struct InitIn;
impl CArg for InitIn {
    type C = *const wwwurl_urlpattern_init;
    type Rust<'a> = [Option<&'a [u8]>; 9];
    const KIND: ArgKind = ArgKind::Struct("wwwurl_urlpattern_init");
    #[inline]
    fn take<'a>(
        c: *const wwwurl_urlpattern_init,
        _: usize,
        cx: &mut Cx,
    ) -> Result<[Option<&'a [u8]>; 9], wwwurl_status> {
        // SAFETY: a non-NULL pointer is a struct that the caller keeps
        // alive and unchanged during the call (API contract).
        let init = unsafe { c.as_ref() }.ok_or(WWWURL_ERR_NULL)?;
        let fields = [
            (init.protocol, init.protocol_len),
            (init.username, init.username_len),
            (init.password, init.password_len),
            (init.hostname, init.hostname_len),
            (init.port, init.port_len),
            (init.pathname, init.pathname_len),
            (init.search, init.search_len),
            (init.hash, init.hash_len),
            (init.base_url, init.base_url_len),
        ];
        let mut out = [None; 9];
        for (o, (p, n)) in out.iter_mut().zip(fields) {
            *o = OptIn::take(p, n, cx)?;
        }
        Ok(out)
    }
}

/// `bytes` as text: valid UTF-8 as it is, anything else decoded with
/// replacement (each invalid sequence U+FFFD) into `room`, as JavaScript's
/// strings reach the Standard's algorithms (USVString).
pub(crate) fn text<'a>(bytes: &'a [u8], room: &'a mut Buf) -> Result<&'a str, wwwurl_status> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s);
    }
    utf8_lossy(bytes, room)?;
    // The replacement made it UTF-8.
    std::str::from_utf8(room).map_err(|_| WWWURL_ERR_INVALID_ARGUMENT)
}

/// `bytes` as text of its own (see [`text`]).
fn owned_text(bytes: &[u8]) -> Result<Buf, NoMemory> {
    let mut out = Buf::with_capacity(bytes.len())?;
    utf8_lossy(bytes, &mut out)?;
    Ok(out)
}

/// An init of the core from nine texts: the components, then the base URL.
pub(crate) fn init_of<'a>(f: &[Option<&'a str>; 9]) -> Init<'a> {
    Init {
        protocol: f[0],
        username: f[1],
        password: f[2],
        hostname: f[3],
        port: f[4],
        pathname: f[5],
        search: f[6],
        hash: f[7],
        base_url: f[8],
    }
}

/// Nine optional byte strings as texts, decoded into `rooms` where they
/// are not UTF-8.
pub(crate) fn texts<'a>(
    fields: &[Option<&'a [u8]>; 9],
    rooms: &'a mut [Buf; 9],
) -> Result<[Option<&'a str>; 9], wwwurl_status> {
    let mut out = [None; 9];
    for ((o, f), room) in out.iter_mut().zip(fields).zip(rooms.iter_mut()) {
        if let Some(b) = f {
            *o = Some(text(b, room)?);
        }
    }
    Ok(out)
}

/// What a pattern was made from, as text: enough to make it again.
enum Source {
    /// A constructor string and its base URL.
    String { input: Buf, base: Option<Buf> },
    /// An init's components and base URL.
    Init { fields: [Option<Buf>; 9] },
}

impl Source {
    /// The source of a pattern of a constructor string.
    fn string(input: &[u8], base: Option<&[u8]>) -> Result<Source, NoMemory> {
        Ok(Source::String {
            input: owned_text(input)?,
            base: base.map(owned_text).transpose()?,
        })
    }

    /// The source of a pattern of an init.
    fn init(fields: &[Option<&[u8]>; 9]) -> Result<Source, NoMemory> {
        let mut out: [Option<Buf>; 9] = Default::default();
        for (o, f) in out.iter_mut().zip(fields) {
            *o = f.map(owned_text).transpose()?;
        }
        Ok(Source::Init { fields: out })
    }

    /// The pattern it makes.
    fn compile(&self, options: PatternOptions) -> Result<UrlPattern, wwwurl_status> {
        // Every text of a source is UTF-8 (`owned_text`).
        fn utf8(b: &Buf) -> Result<&str, wwwurl_status> {
            std::str::from_utf8(b).map_err(|_| WWWURL_ERR_INVALID_PATTERN)
        }
        match self {
            Source::String { input, base } => {
                let base = base.as_ref().map(utf8).transpose()?;
                Ok(UrlPattern::parse(utf8(input)?, base, options)?)
            }
            Source::Init { fields } => {
                let mut t: [Option<&str>; 9] = [None; 9];
                for (o, f) in t.iter_mut().zip(fields) {
                    *o = f.as_ref().map(utf8).transpose()?;
                }
                Ok(UrlPattern::from_init(&init_of(&t), options)?)
            }
        }
    }
}

/// What a `wwwurl_urlpattern *` points at.
pub(crate) struct PatternHandle {
    pattern: UrlPattern,
    /// The eight component pattern strings, each followed by its NUL.
    strings: Buf,
    /// Where each string is in `strings`, its NUL included.
    spans: [(usize, usize); COMPONENTS],
    source: Source,
    options: PatternOptions,
}

impl PatternHandle {
    /// Compiles `source` into a handle.
    fn new(source: Source, options: PatternOptions) -> Result<PatternHandle, wwwurl_status> {
        let pattern = source.compile(options)?;
        let size: usize = (0..COMPONENTS)
            .map(|i| pattern.component(i).len() + 1)
            .sum();
        let mut strings = Buf::with_capacity(size)?;
        let mut spans = [(0, 0); COMPONENTS];
        for (i, span) in spans.iter_mut().enumerate() {
            let start = strings.len();
            strings.extend_from_slice(pattern.component(i).as_bytes())?;
            strings.push(0)?;
            *span = (start, strings.len());
        }
        Ok(PatternHandle {
            pattern,
            strings,
            spans,
            source,
            options,
        })
    }

    /// The compiled pattern.
    pub(crate) fn pattern(&self) -> &UrlPattern {
        &self.pattern
    }

    /// A copy of the pattern, compiled again from what it was made from:
    /// what a set holds (see the module's documentation).
    pub(crate) fn compile_again(&self) -> Result<UrlPattern, wwwurl_status> {
        self.source.compile(self.options)
    }

    /// The pattern string of component `c` with its NUL; `None` for a
    /// number that names none. Cannot panic.
    fn string(&self, c: wwwurl_urlpattern_component) -> Option<Borrowed> {
        let &(start, end) = self.spans.get(usize::try_from(c).ok()?)?;
        Borrowed::new(self.strings.get(start..end)?)
    }
}

/// `wwwurl_urlpattern` in declarations.
pub(crate) struct Pattern;
impl Handle for Pattern {
    type C = wwwurl_urlpattern;
    type Inner = PatternHandle;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_urlpattern",
        // No custom group: the pattern never runs `regress`, which
        // aborts when memory runs out (SECURITY.md).
        make: "wwwurl_urlpattern_parse(\"http{s}?://:sub.example.com/:first/*\", \
               WWWURL_NUL_TERMINATED, NULL, 0, 0, &h)",
        free: "wwwurl_urlpattern_free",
        c_heap: true,
    };
    fn store(out: Out<*mut wwwurl_urlpattern>, v: PatternHandle) -> Result<(), wwwurl_status> {
        store_block(out, v)
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_urlpattern_parse::DECL,
    wwwurl_urlpattern_from_init::DECL,
    wwwurl_urlpattern_error_message::DECL,
    wwwurl_urlpattern_free::DECL,
    wwwurl_urlpattern_get::DECL,
    wwwurl_urlpattern_has_regexp_groups::DECL,
    wwwurl_urlpattern_test::DECL,
    wwwurl_urlpattern_test_init::DECL,
];

/// Compiles a URL pattern from a constructor string, as JavaScript's `new
/// URLPattern(input, baseURL, options)` does: `https://:sub.example.com/books/:id`,
/// with named groups (`:id`), wildcards (`*`), groups with a regular
/// expression of their own (`:id(\d+)`), optional and repeated parts
/// (`{...}?`, and the modifiers `?`, `*`, `+`). Components the string does
/// not give are `*`, or come from the base URL for a relative string
/// (`/books/:id`). Input that is not UTF-8 is decoded with replacement
/// first.
///
/// Parameters: `input`/`len` (`len` may be `WWWURL_NUL_TERMINATED`);
/// `base`/`base_len`, the base URL, NULL for none; `flags`, 0 or
/// `WWWURL_URLPATTERN_IGNORE_CASE`; `out` receives the new pattern.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_PATTERN` where JavaScript
/// throws a `TypeError`: a string that is not a pattern, a component that
/// does not compile (a regular expression of its own that is not one in
/// ECMAScript's `v` mode), a relative string without a base URL, a base
/// that is not a URL (`wwwurl_urlpattern_error_message` says which);
/// `WWWURL_ERR_BUDGET` when a protocol with a regular expression of its
/// own cannot be tried on the special schemes within the matching budget
/// (the Standard tries them to choose how the pathname is read);
/// `WWWURL_ERR_INVALID_ARGUMENT` for an unknown flag; `WWWURL_ERR_NULL`;
/// `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*out` is written only on
/// success.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_urlpattern_free`; it borrows nothing from the arguments. A
/// group with a regular expression of its own is compiled by the library's
/// ECMAScript engine, which allocates through Rust's global allocator and
/// ends the process if that memory runs out (SECURITY.md, "No abort when
/// memory runs out"): a pattern without such a group allocates only
/// through paths that fail with `WWWURL_ERR_NO_MEMORY`.
#[export(New<Pattern> memory(128))]
fn wwwurl_urlpattern_parse(
    #[c(In, len = len, sample = "https://:sub.example.com/:first/*")] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(PatternFlags)] flags: PatternOptions,
) -> Result<PatternHandle, wwwurl_status> {
    PatternHandle::new(Source::string(input, base)?, flags)
}

/// Compiles a URL pattern from components, as JavaScript's `new
/// URLPattern(init, options)` does: each component given is a pattern of
/// its own; those not given are `*`, or come from `base_url` when it is
/// given (up to the first component given, as the Standard says).
///
/// Parameters: `init`, the components and base URL (NULL members are not
/// given); `flags`, 0 or `WWWURL_URLPATTERN_IGNORE_CASE`; `out` receives
/// the new pattern.
///
/// Returns the statuses of `wwwurl_urlpattern_parse`; each member of
/// `init` is held to the input limit (`WWWURL_ERR_TOO_LONG`).
///
/// Memory and lifetimes: as for `wwwurl_urlpattern_parse`.
#[export(New<Pattern> memory(128))]
fn wwwurl_urlpattern_from_init(
    #[c(
        InitIn,
        sample = ".pathname = \"/a/:first/*\", .pathname_len = WWWURL_NUL_TERMINATED"
    )]
    init: [Option<&[u8]>; 9],
    #[c(PatternFlags)] flags: PatternOptions,
) -> Result<PatternHandle, wwwurl_status> {
    PatternHandle::new(Source::init(&init)?, flags)
}

/// Why a constructor string does not make a URL pattern: the message of
/// the error `wwwurl_urlpattern_parse` gives `WWWURL_ERR_INVALID_PATTERN`
/// for, in English (`"invalid regular expression"`, `"relative pattern
/// without a base URL"`...), for a log or a person.
///
/// Parameters: as for `wwwurl_urlpattern_parse`; `out` receives the
/// message.
///
/// Returns `WWWURL_OK` (the pattern does not compile, and `*out` says
/// why); `WWWURL_ERR_NOT_FOUND` when it compiles; the other statuses of
/// `wwwurl_urlpattern_parse`. `*out` is written only on `WWWURL_OK`.
///
/// Memory and lifetimes: `*out` is a new string that the caller releases
/// with `wwwurl_string_free`. The pattern is compiled and freed as
/// `wwwurl_urlpattern_parse` compiles it.
#[export(Text memory(128))]
fn wwwurl_urlpattern_error_message(
    #[c(In, len = len, sample = "https://example.com/:id(")] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(PatternFlags)] flags: PatternOptions,
) -> Result<Buf, wwwurl_status> {
    let (mut a, mut b) = (Buf::new(), Buf::new());
    let input = text(input, &mut a)?;
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    match UrlPattern::parse(input, base, flags) {
        Ok(_) => Err(WWWURL_ERR_NOT_FOUND),
        Err(Error::Syntax(why)) => Ok(Buf::from_slice(why.as_bytes())?),
        Err(e) => Err(e.into()),
    }
}

/// Releases a pattern. NULL is fine; the same pattern must not be freed
/// twice, nor while another thread uses it. Sets made from it keep their
/// own copies.
#[export(Release)]
fn wwwurl_urlpattern_free(#[c(Owned<Pattern>)] p: *mut wwwurl_urlpattern) {
    // SAFETY: NULL or a pattern of this module, not used again (API
    // contract).
    unsafe { Owned::<Pattern>::release(p) }
}

/// A component's pattern string, in the Standard's canonical form (what
/// JavaScript's `pattern.pathname` and the others give): `*` for one that
/// matches anything, the component of the base URL where it came from
/// there, escaped where a character would otherwise be pattern syntax.
///
/// Parameters: `p`, a pattern; `component`, a `WWWURL_URLPATTERN_*` value;
/// `len`, where the length is stored (may be NULL; 0 when NULL is
/// returned).
///
/// Returns the NUL-terminated string, UTF-8; NULL when `p` is NULL or
/// `component` is unknown.
///
/// Memory and lifetimes: borrowed from the pattern, valid until it is
/// freed; do not free it. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_get(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
) -> Option<Borrowed> {
    p.string(component)
}

/// Whether a pattern has a group with a regular expression of its own
/// (`:id(\d+)`, `(a|b)`): JavaScript's `hasRegExpGroups`. Matching such a
/// component runs the ECMAScript engine, on inputs the budget allows
/// (`WWWURL_ERR_BUDGET`).
///
/// Returns 1 when it has one, 0 when not, -1 for NULL.
#[export(ReadNumber<c_int>(-1))]
fn wwwurl_urlpattern_has_regexp_groups(#[c(Ref<Pattern>)] p: &PatternHandle) -> Option<c_int> {
    Some(c_int::from(p.pattern.has_regexp_groups()))
}

/// The components of a URL input as a pattern sees them: the URL parsed
/// against the base (`None`: it is not a URL, which matches nothing).
fn test_str(p: &UrlPattern, input: &[u8], base: Option<&[u8]>) -> Result<bool, wwwurl_status> {
    let (mut a, mut b) = (Buf::new(), Buf::new());
    let input = text(input, &mut a)?;
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    Ok(p.test(Input::Str(input), base)?)
}

/// Whether a URL matches a pattern: JavaScript's `pattern.test(input,
/// baseURL)`. The URL is parsed by the WHATWG URL Standard (against the
/// base, if any); one that is not a URL matches nothing, as in
/// JavaScript. Input that is not UTF-8 is decoded with replacement first.
///
/// Parameters: `p`, a pattern; `input`/`len` (`len` may be
/// `WWWURL_NUL_TERMINATED`); `base`/`base_len`, the base URL, NULL for
/// none; `matched` receives 1 when it matches, 0 when not.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_BUDGET` when matching a component
/// exceeds its budget (doc/urlpattern.md, "The budget": a regular
/// expression of the pattern's own given a longer input than its
/// quantifiers allow, or the part matcher's steps); `WWWURL_ERR_NULL`;
/// `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*matched` is written
/// only on success.
///
/// Memory and lifetimes: the URL is parsed and freed inside the call.
/// For a pattern with a regular expression of its own (see
/// `wwwurl_urlpattern_parse`) the ECMAScript engine allocates in
/// proportion to the component it is given (a component the budget lets
/// through: at most 16 code points for a nested quantifier, 8,192 for two
/// unbounded ones, the input limit for one), and ends the process if that
/// memory runs out.
#[export(Status memory(40))]
fn wwwurl_urlpattern_test(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(InOut<c_int>)] matched: &mut c_int,
) -> Result<(), wwwurl_status> {
    *matched = c_int::from(test_str(&p.pattern, input, base)?);
    Ok(())
}

/// Whether the components of an init match a pattern: JavaScript's
/// `pattern.test(init)`. Each component given is canonicalised as the
/// Standard says (those not given are empty, or come from `base_url`); an
/// init that does not make a URL (an invalid base URL, a component that
/// does not canonicalise) matches nothing.
///
/// Parameters: `p`, a pattern; `input`, the components; `matched`
/// receives 1 when they match, 0 when not.
///
/// Returns the statuses of `wwwurl_urlpattern_test`; each member of
/// `input` is held to the input limit.
///
/// Memory and lifetimes: as for `wwwurl_urlpattern_test`.
#[export(Status memory(40))]
fn wwwurl_urlpattern_test_init(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(
        InitIn,
        sample = ".protocol = \"https\", .protocol_len = WWWURL_NUL_TERMINATED, \
                         .hostname = \"www.example.com\", .hostname_len = WWWURL_NUL_TERMINATED, \
                         .pathname = \"/a/b\", .pathname_len = WWWURL_NUL_TERMINATED"
    )]
    input: [Option<&[u8]>; 9],
    #[c(InOut<c_int>)] matched: &mut c_int,
) -> Result<(), wwwurl_status> {
    let mut rooms: [Buf; 9] = Default::default();
    let t = texts(&input, &mut rooms)?;
    *matched = c_int::from(p.pattern.test(Input::Init(&init_of(&t)), None)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string(p: &PatternHandle, c: wwwurl_urlpattern_component) -> &[u8] {
        let &(start, end) = &p.spans[c as usize];
        &p.strings[start..end]
    }

    #[test]
    fn a_set_compiles_the_same_pattern_again_from_the_source() {
        let ignore = PatternOptions { ignore_case: true };
        let init: [Option<&[u8]>; 9] = [
            None,
            None,
            None,
            Some(b"*.example.com"),
            None,
            Some(b"a/:id(\\d+)"),
            None,
            None,
            Some(b"https://h.example/x/y"),
        ];
        let made = [
            Source::string(b"https://:sub.example.com/books/:id", None).unwrap(),
            Source::string(b"../:x\xff", Some(b"https://e.example/a/b")).unwrap(),
            Source::init(&init).unwrap(),
        ];
        for source in made {
            let h = PatternHandle::new(source, ignore).unwrap();
            let copy = h.compile_again().unwrap();
            for c in 0..COMPONENTS {
                let s = string(&h, c as u32);
                assert_eq!(s.last(), Some(&0));
                assert_eq!(&s[..s.len() - 1], copy.component(c).as_bytes());
            }
            assert_eq!(copy.has_regexp_groups(), h.pattern.has_regexp_groups());
        }
    }

    #[test]
    fn text_that_is_not_utf8_is_decoded_with_replacement() {
        let mut room = Buf::new();
        assert_eq!(
            text(b"/a\xffb\xe2\x82", &mut room),
            Ok("/a\u{fffd}b\u{fffd}")
        );
        let mut room = Buf::new();
        assert_eq!(text("/é".as_bytes(), &mut room), Ok("/é"));
        assert!(room.is_empty());
        assert_eq!(&owned_text(b"\xc0").unwrap()[..], "\u{fffd}".as_bytes());
    }
}
