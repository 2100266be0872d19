//! The URL Pattern Standard in the C API: compiled patterns as
//! `wwwurl_urlpattern` handles, matched by `_test` and `_exec` (whose
//! groups come in a `wwwurl_urlpattern_result`), and pattern sets
//! (`wwwurl_urlpattern_set`) that give the indices of the patterns a URL
//! matches. doc/urlpattern.md describes the core module.
//!
//! A pattern handle keeps, besides the compiled pattern, its eight
//! component strings with their NULs (what `wwwurl_urlpattern_get` returns)
//! and what it was made from, so that a set makes its own copy of it by
//! compiling that again: a set never shares memory with the handles it was
//! given, and a copy fails as compiling does, with a status.

use super::alloc::Out;
use super::api::{
    checked_value, export, free_block, named_u32, store_block, ArgKind, Borrowed, CArg, Cx, Decl,
    Handle, HandleKind, HandleType, Handles, In, InOut, NewHandle, OptIn, OutArray, Owned, Ref,
    StrList, Strs, Value,
};
use super::status::*;
use libc::{c_char, c_int, size_t};
use std::mem::MaybeUninit;
use wwwurl_core::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use wwwurl_core::query::text::utf8_lossy;
use wwwurl_core::urlpattern::{
    Error, Init, Input, MatchResult, PatternOptions, UrlPattern, UrlPatternSet,
};

/// A compiled URL pattern (`wwwurl_urlpattern_parse`,
/// `wwwurl_urlpattern_from_init`). It never changes: any number of threads
/// may test URLs against one pattern at once.
pub struct wwwurl_urlpattern {
    _private: [u8; 0],
}

/// What `wwwurl_urlpattern_exec` gives on a match: each component's input
/// and its groups, by name.
pub struct wwwurl_urlpattern_result {
    _private: [u8; 0],
}

/// A set of URL patterns, matched together (`wwwurl_urlpattern_set_new`,
/// `wwwurl_urlpattern_set_parse`). It holds copies of its patterns and
/// never changes: any number of threads may match URLs against one set at
/// once.
pub struct wwwurl_urlpattern_set {
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
const COMPONENTS: usize = 8;

// A handle is read by many threads at once: what it holds must allow it.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<UrlPattern>();
    shared::<UrlPatternSet>();
    shared::<Matched>();
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
fn text<'a>(bytes: &'a [u8], room: &'a mut Buf) -> Result<&'a str, wwwurl_status> {
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
fn init_of<'a>(f: &[Option<&'a str>; 9]) -> Init<'a> {
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
fn texts<'a>(
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

/// A group of a result: where its name and its value (`None`: it did not
/// take part) are in the result's text, their NULs included.
struct Group {
    name: (usize, usize),
    value: Option<(usize, usize)>,
}

/// What a `wwwurl_urlpattern_result *` points at: a match, its strings in
/// one buffer, each followed by a NUL.
pub(crate) struct Matched {
    text: Buf,
    /// Each component's input in `text`, its NUL included.
    inputs: [(usize, usize); COMPONENTS],
    /// Each component's groups: where they start in `groups`, and how
    /// many.
    spans: [(usize, usize); COMPONENTS],
    groups: Vec<Group>,
}

impl Matched {
    /// The match `m` made a result.
    fn new(m: &MatchResult) -> Result<Matched, wwwurl_status> {
        let mut size = 0;
        let mut count = 0;
        for i in 0..COMPONENTS {
            let c = m.component(i).ok_or(WWWURL_ERR_PANIC)?;
            size += c.input.len() + 1;
            for (n, v) in &c.groups {
                size += n.len() + 1 + v.as_ref().map_or(0, |v| v.len() + 1);
            }
            count += c.groups.len();
        }
        let mut text = Buf::with_capacity(size)?;
        let mut groups = try_with_capacity(count)?;
        let mut inputs = [(0, 0); COMPONENTS];
        let mut spans = [(0, 0); COMPONENTS];
        let add = |text: &mut Buf, s: &[u8]| -> Result<(usize, usize), NoMemory> {
            let start = text.len();
            text.extend_from_slice(s)?;
            text.push(0)?;
            Ok((start, text.len()))
        };
        for i in 0..COMPONENTS {
            let c = m.component(i).ok_or(WWWURL_ERR_PANIC)?;
            inputs[i] = add(&mut text, &c.input)?;
            spans[i] = (groups.len(), c.groups.len());
            for (n, v) in &c.groups {
                let name = add(&mut text, n)?;
                let value = v.as_ref().map(|v| add(&mut text, v)).transpose()?;
                try_push(&mut groups, Group { name, value })?;
            }
        }
        Ok(Matched {
            text,
            inputs,
            spans,
            groups,
        })
    }

    /// The bytes at `span` with their NUL. Cannot panic.
    fn at(&self, (start, end): (usize, usize)) -> Option<Borrowed> {
        Borrowed::new(self.text.get(start..end)?)
    }

    /// The groups of component `c`. Cannot panic.
    fn groups_of(&self, c: usize) -> Option<&[Group]> {
        let &(first, count) = self.spans.get(c)?;
        self.groups.get(first..)?.get(..count)
    }

    /// Group `i` of component `c`. Cannot panic.
    fn group(&self, c: wwwurl_urlpattern_component, i: usize) -> Option<&Group> {
        self.groups_of(usize::try_from(c).ok()?)?.get(i)
    }
}

/// `wwwurl_urlpattern_result` in declarations: a handle, or NULL for no
/// match.
pub(crate) struct MatchH;
impl HandleType for MatchH {
    type C = wwwurl_urlpattern_result;
    type Inner = Matched;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_urlpattern_result",
        // A match of the handle of a pattern made for it and freed after.
        make: "__extension__({ struct wwwurl_urlpattern *p_ = NULL; \
               wwwurl_status s_ = wwwurl_urlpattern_parse(\"http{s}?://:sub.example.com/:first/*\", \
               WWWURL_NUL_TERMINATED, NULL, 0, 0, &p_); \
               if (s_ == WWWURL_OK) s_ = wwwurl_urlpattern_exec(p_, \
               \"https://www.example.com/a/b?c=d#e\", WWWURL_NUL_TERMINATED, NULL, 0, &h); \
               wwwurl_urlpattern_free(p_); s_; })",
        free: "wwwurl_urlpattern_result_free",
        c_heap: true,
    };
    #[inline]
    unsafe fn release(p: *mut wwwurl_urlpattern_result) {
        // SAFETY: NULL or a block of `store_block` holding a `Matched`
        // (`hand_over`), not used again (the caller's promise).
        unsafe { free_block(p.cast::<Matched>()) }
    }
}

impl NewHandle<Option<Matched>> for MatchH {
    /// A match in a block of its own; no match is NULL.
    fn hand_over(
        out: Out<*mut wwwurl_urlpattern_result>,
        v: Option<Matched>,
    ) -> Result<(), wwwurl_status> {
        match v {
            Some(m) => store_block(out, m),
            None => {
                out.set(std::ptr::null_mut());
                Ok(())
            }
        }
    }
}

/// `wwwurl_urlpattern_set` in declarations.
pub(crate) struct Set;
impl Handle for Set {
    type C = wwwurl_urlpattern_set;
    type Inner = UrlPatternSet;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_urlpattern_set",
        make: "wwwurl_urlpattern_set_parse((const char *const[]){\"http{s}?://*.example.com/*\", \
               \"*://*/a/:x\"}, 2, NULL, 0, 0, &(size_t){0}, &h)",
        free: "wwwurl_urlpattern_set_free",
        c_heap: true,
    };
    fn store(out: Out<*mut wwwurl_urlpattern_set>, v: UrlPatternSet) -> Result<(), wwwurl_status> {
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
    wwwurl_urlpattern_exec::DECL,
    wwwurl_urlpattern_exec_init::DECL,
    wwwurl_urlpattern_result_input::DECL,
    wwwurl_urlpattern_result_group_count::DECL,
    wwwurl_urlpattern_result_group_name::DECL,
    wwwurl_urlpattern_result_group_value::DECL,
    wwwurl_urlpattern_result_group_index::DECL,
    wwwurl_urlpattern_result_free::DECL,
    wwwurl_urlpattern_set_new::DECL,
    wwwurl_urlpattern_set_parse::DECL,
    wwwurl_urlpattern_set_len::DECL,
    wwwurl_urlpattern_set_match::DECL,
    wwwurl_urlpattern_set_free::DECL,
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

/// The match of a URL against a pattern: JavaScript's
/// `pattern.exec(input, baseURL)`, each component's input and its groups
/// by name.
///
/// Parameters: as for `wwwurl_urlpattern_test`; `out` receives the result,
/// or NULL when the URL does not match (or is not a URL).
///
/// Returns `WWWURL_OK` (`*out` is the result, or NULL for no match); the
/// errors of `wwwurl_urlpattern_test`. `*out` is written only on
/// `WWWURL_OK`.
///
/// Memory and lifetimes: the caller owns a result and releases it with
/// `wwwurl_urlpattern_result_free`; it borrows nothing from the pattern or
/// the arguments. For a pattern with a regular expression of its own, see
/// `wwwurl_urlpattern_test`.
#[export(New<MatchH> memory(56))]
fn wwwurl_urlpattern_exec(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<Option<Matched>, wwwurl_status> {
    let (mut a, mut b) = (Buf::new(), Buf::new());
    let input = text(input, &mut a)?;
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    p.pattern
        .exec(Input::Str(input), base)?
        .map(|m| Matched::new(&m))
        .transpose()
}

/// The match of the components of an init against a pattern: JavaScript's
/// `pattern.exec(init)`.
///
/// Parameters: `p`, a pattern; `input`, the components (see
/// `wwwurl_urlpattern_test_init`); `out` receives the result, or NULL when
/// they do not match.
///
/// Returns the statuses of `wwwurl_urlpattern_exec`.
///
/// Memory and lifetimes: as for `wwwurl_urlpattern_exec`.
#[export(New<MatchH> memory(56))]
fn wwwurl_urlpattern_exec_init(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(
        InitIn,
        sample = ".protocol = \"https\", .protocol_len = WWWURL_NUL_TERMINATED, \
                         .hostname = \"www.example.com\", .hostname_len = WWWURL_NUL_TERMINATED, \
                         .pathname = \"/a/b\", .pathname_len = WWWURL_NUL_TERMINATED"
    )]
    input: [Option<&[u8]>; 9],
) -> Result<Option<Matched>, wwwurl_status> {
    let mut rooms: [Buf; 9] = Default::default();
    let t = texts(&input, &mut rooms)?;
    p.pattern
        .exec(Input::Init(&init_of(&t)), None)?
        .map(|m| Matched::new(&m))
        .transpose()
}

/// The input of a component in a result: the URL's component as the
/// pattern matched it (JavaScript's `result.pathname.input`), canonical,
/// without the `:` of the protocol, the `?` of the search or the `#` of the
/// hash.
///
/// Parameters: `r`, a result; `component`, a `WWWURL_URLPATTERN_*` value;
/// `len`, where the length is stored (may be NULL; 0 when NULL is
/// returned).
///
/// Returns the NUL-terminated input (possibly empty), UTF-8; NULL when `r`
/// is NULL or `component` is unknown.
///
/// Memory and lifetimes: borrowed from the result, valid until it is
/// freed. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_result_input(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
) -> Option<Borrowed> {
    r.at(*r.inputs.get(usize::try_from(component).ok()?)?)
}

/// The number of groups of a component in a result: its named groups
/// (`:id`) and its unnamed ones (`*`, `(\d+)`, named `0`, `1`...), in the
/// order of the pattern.
///
/// Returns the count; 0 when `r` is NULL or `component` is unknown.
#[export(ReadNumber<usize>(0))]
fn wwwurl_urlpattern_result_group_count(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
) -> Option<usize> {
    Some(r.groups_of(usize::try_from(component).ok()?)?.len())
}

/// The name of group `i` of a component in a result (`id` for `:id`, `0`
/// for the first unnamed group).
///
/// Parameters: `r`, a result; `component`, a `WWWURL_URLPATTERN_*` value;
/// `i`, from 0 to the count less 1 (`wwwurl_urlpattern_result_group_count`);
/// `len`, where the length is stored (may be NULL; 0 when NULL is
/// returned).
///
/// Returns the NUL-terminated name; NULL when `r` is NULL, `component` is
/// unknown or `i` is the count or more.
///
/// Memory and lifetimes: borrowed from the result, valid until it is
/// freed. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_result_group_name(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
    #[c(Value<usize>)] i: usize,
) -> Option<Borrowed> {
    r.at(r.group(component, i)?.name)
}

/// The value of group `i` of a component in a result: the part of the
/// component's input it matched.
///
/// Parameters: as for `wwwurl_urlpattern_result_group_name`.
///
/// Returns the NUL-terminated value (possibly empty); NULL for a group that
/// did not take part in the match (an optional group left out:
/// JavaScript's `undefined`), and when `r` is NULL, `component` is unknown
/// or `i` is the count or more.
///
/// Memory and lifetimes: borrowed from the result, valid until it is
/// freed. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_result_group_value(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
    #[c(Value<usize>)] i: usize,
) -> Option<Borrowed> {
    r.at(r.group(component, i)?.value?)
}

/// Finds a group of a component in a result by its name: the index that
/// `wwwurl_urlpattern_result_group_value` takes.
///
/// Parameters: `r`, a result; `component`, a `WWWURL_URLPATTERN_*` value;
/// `name`/`name_len` (`name_len` may be `WWWURL_NUL_TERMINATED`); `index`
/// receives the group's index.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_FOUND` when the component has no
/// group of that name; `WWWURL_ERR_INVALID_ARGUMENT` for an unknown
/// component; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`. `*index` is written
/// only on success. Allocates nothing.
#[export(Status memory(0))]
fn wwwurl_urlpattern_result_group_index(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(ComponentArg, sample = "WWWURL_URLPATTERN_PATHNAME")] component: usize,
    #[c(In, len = name_len, sample = "first")] name: &[u8],
    #[c(InOut<usize>)] index: &mut usize,
) -> Result<(), wwwurl_status> {
    let groups = r.groups_of(component).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    *index = groups
        .iter()
        .position(|g| {
            r.text.get(g.name.0..g.name.1).and_then(<[u8]>::split_last) == Some((&0, name))
        })
        .ok_or(WWWURL_ERR_NOT_FOUND)?;
    Ok(())
}

/// Releases a result of `wwwurl_urlpattern_exec`. NULL is fine; the same
/// result must not be freed twice.
#[export(Release)]
fn wwwurl_urlpattern_result_free(#[c(Owned<MatchH>)] r: *mut wwwurl_urlpattern_result) {
    // SAFETY: NULL or a result of `wwwurl_urlpattern_exec`, not used again
    // (API contract).
    unsafe { Owned::<MatchH>::release(r) }
}

/// A set of copies of `n` patterns, matched together by
/// `wwwurl_urlpattern_set_match`: pattern `i` of the set is `patterns[i]`.
///
/// Parameters: `patterns`, `n` patterns (NULL when `n` is 0); `out`
/// receives the new set.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `patterns` or one of them is
/// NULL; `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: the caller owns `*out` and releases it with
/// `wwwurl_urlpattern_set_free`. The set compiles its own copy of each
/// pattern from what the pattern was made from, so the patterns may be
/// freed as soon as the call returns. A pattern with a regular expression
/// of its own is compiled again by the ECMAScript engine (see
/// `wwwurl_urlpattern_parse`).
#[export(New<Set>)]
fn wwwurl_urlpattern_set_new(
    #[c(Handles<Pattern>, len = n)] patterns: &[&PatternHandle],
) -> Result<UrlPatternSet, wwwurl_status> {
    let mut set = UrlPatternSet::new();
    for p in patterns {
        set.push(p.source.compile(p.options)?)?;
    }
    Ok(set)
}

/// A set of `n` patterns compiled from constructor strings, each as
/// `wwwurl_urlpattern_parse` compiles it with the same base and flags: the
/// rules of a configuration file in one call.
///
/// Parameters: `patterns`, `n` NUL-terminated strings (NULL when `n` is
/// 0); `base`/`base_len`, the base URL of every pattern, NULL for none;
/// `flags`, 0 or `WWWURL_URLPATTERN_IGNORE_CASE`; `failed_index` receives
/// the index of the first pattern that does not compile, when one does
/// not; `out` receives the new set.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_PATTERN` when a pattern does
/// not compile (`*failed_index` says which;
/// `wwwurl_urlpattern_error_message` says why); the other statuses of
/// `wwwurl_urlpattern_parse`, each string held to the input limit.
/// `*out` is written only on success, `*failed_index` only with
/// `WWWURL_ERR_INVALID_PATTERN`.
///
/// Memory and lifetimes: as for `wwwurl_urlpattern_set_new`; the set
/// borrows nothing from the arguments.
#[export(New<Set> memory(128))]
fn wwwurl_urlpattern_set_parse(
    #[c(Strs, len = n, sample = "https://:sub.example.com/:first/*")] patterns: StrList<'_>,
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(PatternFlags)] flags: PatternOptions,
    #[c(InOut<usize>)] failed_index: &mut usize,
) -> Result<UrlPatternSet, wwwurl_status> {
    let (mut b, mut room) = (Buf::new(), Buf::new());
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    let mut set = UrlPatternSet::new();
    for (i, p) in patterns.iter().enumerate() {
        room.clear();
        let input = text(p, &mut room)?;
        match UrlPattern::parse(input, base, flags) {
            Ok(pattern) => {
                set.push(pattern)?;
            }
            Err(Error::Syntax(_)) => {
                *failed_index = i;
                return Err(WWWURL_ERR_INVALID_PATTERN);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(set)
}

/// The number of patterns in a set.
///
/// Returns the count; 0 for NULL.
#[export(ReadNumber<usize>(0))]
fn wwwurl_urlpattern_set_len(#[c(Ref<Set>)] set: &UrlPatternSet) -> Option<usize> {
    Some(set.len())
}

/// The patterns of a set that a URL matches: their indices, in increasing
/// order. The URL is parsed once, and the set's index of the patterns'
/// hostnames spares it the patterns that cannot match (doc/urlpattern.md,
/// "Pattern sets"); the answer is the same as testing each pattern with
/// `wwwurl_urlpattern_test`.
///
/// Parameters: `set`; `input`/`len` and `base`/`base_len` as for
/// `wwwurl_urlpattern_test`; `indices`, room for `cap` indices (may be NULL
/// when `cap` is 0); `count` receives the number of patterns that match.
///
/// Returns `WWWURL_OK` (the first `*count` entries of `indices` are the
/// indices); `WWWURL_ERR_BUFFER_TOO_SMALL` when more than `cap` patterns
/// match (the first `cap` are written, and `*count` is the number of them
/// all); the errors of `wwwurl_urlpattern_test` (then `*count` is not
/// written), `WWWURL_ERR_BUDGET` when one pattern exceeds its budget.
///
/// Memory and lifetimes: the URL is parsed and freed inside the call, with
/// a list of the matching indices. For a pattern with a regular
/// expression of its own, see `wwwurl_urlpattern_test`.
#[export(Status memory(40))]
fn wwwurl_urlpattern_set_match(
    #[c(Ref<Set>)] set: &UrlPatternSet,
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
    #[c(OutArray<usize>, len = cap)] indices: &mut [MaybeUninit<usize>],
    #[c(InOut<usize>)] count: &mut usize,
) -> Result<wwwurl_status, wwwurl_status> {
    let (mut a, mut b) = (Buf::new(), Buf::new());
    let input = text(input, &mut a)?;
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    let mut hits = Vec::new();
    set.matches(Input::Str(input), base, &mut hits)?;
    for (slot, &i) in indices.iter_mut().zip(&hits) {
        slot.write(i);
    }
    *count = hits.len();
    Ok(if hits.len() > indices.len() {
        WWWURL_ERR_BUFFER_TOO_SMALL
    } else {
        WWWURL_OK
    })
}

/// Releases a set. NULL is fine; the same set must not be freed twice,
/// nor while another thread uses it.
#[export(Release)]
fn wwwurl_urlpattern_set_free(#[c(Owned<Set>)] set: *mut wwwurl_urlpattern_set) {
    // SAFETY: NULL or a set of this module, not used again (API contract).
    unsafe { Owned::<Set>::release(set) }
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
            let copy = h.source.compile(h.options).unwrap();
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

    #[test]
    fn a_result_holds_its_strings_with_their_nuls() {
        let p = UrlPattern::parse(
            "https://e.example/:a{/:b}?/*",
            None,
            PatternOptions::default(),
        )
        .unwrap();
        let m = p
            .exec(Input::Str("https://e.example/x/y?q"), None)
            .unwrap()
            .unwrap();
        let r = Matched::new(&m).unwrap();
        let bytes = |b: Option<Borrowed>| {
            let mut n = 0;
            let p = super::super::api::borrowed_out(b, &mut n);
            assert!(!p.is_null());
            // SAFETY: a string of `r`, which lives, of `n` bytes and its NUL.
            unsafe { std::slice::from_raw_parts(p.cast::<u8>(), n + 1) }
        };
        let c = WWWURL_URLPATTERN_PATHNAME;
        assert_eq!(bytes(r.at(r.inputs[c as usize])), b"/x/y\0");
        assert_eq!(r.groups_of(c as usize).map(<[Group]>::len), Some(3));
        assert_eq!(bytes(r.at(r.group(c, 0).unwrap().name)), b"a\0");
        assert_eq!(bytes(r.at(r.group(c, 0).unwrap().value.unwrap())), b"x\0");
        assert!(r.group(c, 1).unwrap().value.is_none());
        assert_eq!(bytes(r.at(r.group(c, 2).unwrap().value.unwrap())), b"y\0");
        assert!(r.group(c, 3).is_none() && r.group(8, 0).is_none());
        assert_eq!(bytes(r.at(r.inputs[6])), b"q\0");
    }
}
