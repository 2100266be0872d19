//! The URL Pattern Standard: [`UrlPattern`], made from a constructor
//! string (with a base URL) or from an [`Init`] of components, matched
//! with [`UrlPattern::test`] and [`UrlPattern::exec`].
//!
//! ```
//! use wwwurl::urlpattern::{Input, PatternOptions, UrlPattern};
//!
//! let p = UrlPattern::parse("https://*.example.com/books/:id", None, PatternOptions::default())?;
//! assert!(p.test(Input::Str("https://www.example.com/books/42"), None)?);
//! let m = p.exec(Input::Str("https://a.example.com/books/7?x"), None)?.unwrap();
//! assert_eq!(m.pathname.group("id"), Some(&b"7"[..]));
//! assert_eq!(p.pathname(), "/books/:id");
//! # Ok::<(), wwwurl::urlpattern::Error>(())
//! ```
//!
//! Components without a custom regular expression (segment wildcards
//! `:name`, full wildcards `*`, fixed text, the modifiers `?`, `*`, `+`)
//! are matched on their parts without a regular expression engine; a
//! custom group (`(\d+)`) is an ECMAScript regular expression, run by the
//! `regress` crate. Matching is bounded: see [`Error::Budget`].
//! doc/urlpattern.md describes the module.

mod canon;
mod component;
mod constructor;
mod index;
mod parts;
mod set;
mod tokenizer;

use std::fmt;

use crate::bytes::buf::{try_push, Buf, NoMemory};
use crate::whatwg::{self, Url};
use component::{Captures, Component};
use parts::Options;

pub use component::{NESTED_QUANTIFIER_LIMIT, REGEXP_WORK, STEP_BUDGET};
pub use set::UrlPatternSet;

/// Why a pattern could not be made or matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// Where JavaScript throws a `TypeError`: a pattern that does not
    /// parse, an invalid component, a regular expression that does not
    /// compile, a relative constructor string without a base URL, a base
    /// URL given with an init.
    Syntax(&'static str),
    /// Matching took more than its budget: more than [`STEP_BUDGET`]
    /// steps of the part matcher for one component, recursion deeper
    /// than 256 (parts and repetitions), or a custom regular expression
    /// given a longer input than its quantifiers allow: more than
    /// [`NESTED_QUANTIFIER_LIMIT`] code points with a nested quantifier,
    /// more than [`REGEXP_WORK`]^(1/q) with q unbounded quantifiers.
    Budget,
    /// Memory ran out.
    NoMemory,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax(s) => f.write_str(s),
            Error::Budget => f.write_str("matching exceeded its budget"),
            Error::NoMemory => f.write_str("out of memory"),
        }
    }
}

impl std::error::Error for Error {}

impl From<NoMemory> for Error {
    fn from(_: NoMemory) -> Error {
        Error::NoMemory
    }
}

impl From<std::collections::TryReserveError> for Error {
    fn from(_: std::collections::TryReserveError) -> Error {
        Error::NoMemory
    }
}

impl From<whatwg::ParseError> for Error {
    fn from(e: whatwg::ParseError) -> Error {
        match e {
            whatwg::ParseError::NoMemory => Error::NoMemory,
            _ => Error::Syntax("invalid URL"),
        }
    }
}

pub(crate) const PROTOCOL: usize = 0;
pub(crate) const USERNAME: usize = 1;
pub(crate) const PASSWORD: usize = 2;
pub(crate) const HOSTNAME: usize = 3;
pub(crate) const PORT: usize = 4;
pub(crate) const PATHNAME: usize = 5;
pub(crate) const SEARCH: usize = 6;
pub(crate) const HASH: usize = 7;

/// The components of an init, by index.
pub(crate) type Fields = [Option<Buf>; 8];

/// The names of the components, in the Standard's order.
pub const COMPONENTS: [&str; 8] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
];

/// A `URLPatternInit`: the components given, and a base URL.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Init<'a> {
    /// `protocol`.
    pub protocol: Option<&'a str>,
    /// `username`.
    pub username: Option<&'a str>,
    /// `password`.
    pub password: Option<&'a str>,
    /// `hostname`.
    pub hostname: Option<&'a str>,
    /// `port`.
    pub port: Option<&'a str>,
    /// `pathname`.
    pub pathname: Option<&'a str>,
    /// `search`.
    pub search: Option<&'a str>,
    /// `hash`.
    pub hash: Option<&'a str>,
    /// `baseURL`.
    pub base_url: Option<&'a str>,
}

impl<'a> Init<'a> {
    fn fields(&self) -> [Option<&'a [u8]>; 8] {
        [
            self.protocol,
            self.username,
            self.password,
            self.hostname,
            self.port,
            self.pathname,
            self.search,
            self.hash,
        ]
        .map(|f| f.map(str::as_bytes))
    }

    /// Sets the component named `name` (one of [`COMPONENTS`], or
    /// `baseURL`); false for another name.
    pub fn set(&mut self, name: &str, value: &'a str) -> bool {
        let slot = match name {
            "protocol" => &mut self.protocol,
            "username" => &mut self.username,
            "password" => &mut self.password,
            "hostname" => &mut self.hostname,
            "port" => &mut self.port,
            "pathname" => &mut self.pathname,
            "search" => &mut self.search,
            "hash" => &mut self.hash,
            "baseURL" => &mut self.base_url,
            _ => return false,
        };
        *slot = Some(value);
        true
    }
}

/// `URLPatternOptions`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternOptions {
    /// `ignoreCase`: the pathname, search and hash match without regard
    /// to case.
    pub ignore_case: bool,
}

/// What `test` and `exec` take: a URL string or an init.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// A URL, parsed against the base URL if one is given.
    Str(&'a str),
    /// Components (a base URL may not be given beside it).
    Init(&'a Init<'a>),
    /// A URL parsed already, as the string of its href would be (a base
    /// URL may not be given beside it): a caller matching one URL against
    /// several patterns parses it once.
    Url(&'a Url),
}

/// A compiled URL pattern.
#[derive(Debug)]
pub struct UrlPattern {
    components: [Component; 8],
}

/// One component's result in [`MatchResult`]: its input and its groups.
#[derive(Debug, PartialEq, Eq)]
pub struct ComponentResult {
    /// The component of the input that was matched.
    pub input: Buf,
    /// The groups by name, in order; `None` for a group that did not
    /// take part (JavaScript's `undefined`).
    pub groups: Vec<(Buf, Option<Buf>)>,
}

impl ComponentResult {
    /// The value of the group `name`, if it took part.
    pub fn group(&self, name: &str) -> Option<&[u8]> {
        self.groups
            .iter()
            .find(|(n, _)| n[..] == *name.as_bytes())
            .and_then(|(_, v)| v.as_deref())
    }
}

/// What `exec` returns on a match (`URLPatternResult` without its
/// `inputs`, which are the caller's).
#[derive(Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// `protocol`.
    pub protocol: ComponentResult,
    /// `username`.
    pub username: ComponentResult,
    /// `password`.
    pub password: ComponentResult,
    /// `hostname`.
    pub hostname: ComponentResult,
    /// `port`.
    pub port: ComponentResult,
    /// `pathname`.
    pub pathname: ComponentResult,
    /// `search`.
    pub search: ComponentResult,
    /// `hash`.
    pub hash: ComponentResult,
}

impl MatchResult {
    /// The result of the component at `index` in [`COMPONENTS`].
    pub fn component(&self, index: usize) -> Option<&ComponentResult> {
        Some(match index {
            PROTOCOL => &self.protocol,
            USERNAME => &self.username,
            PASSWORD => &self.password,
            HOSTNAME => &self.hostname,
            PORT => &self.port,
            PATHNAME => &self.pathname,
            SEARCH => &self.search,
            HASH => &self.hash,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pattern,
    Url,
}

fn is_special_scheme(s: &[u8]) -> bool {
    matches!(s, b"ftp" | b"file" | b"http" | b"https" | b"ws" | b"wss")
}

fn default_port(s: &[u8]) -> Option<&'static [u8]> {
    match s {
        b"http" | b"ws" => Some(b"80"),
        b"https" | b"wss" => Some(b"443"),
        b"ftp" => Some(b"21"),
        _ => None,
    }
}

/// "process a base URL string".
fn base_string(input: &[u8], kind: Kind) -> Result<Buf, Error> {
    if kind == Kind::Url {
        return Ok(Buf::from_slice(input)?);
    }
    let mut out = Buf::new();
    parts::escape_pattern(input, &mut out)?;
    Ok(out)
}

fn is_absolute_pathname(input: &[u8], kind: Kind) -> bool {
    match input {
        [] => false,
        [b'/', ..] => true,
        _ if kind == Kind::Url => false,
        [b'\\' | b'{', b'/', ..] => true,
        _ => false,
    }
}

fn canonical(f: parts::Encode, value: &[u8]) -> Result<Buf, Error> {
    let mut out = Buf::new();
    f(value, &mut out)?;
    Ok(out)
}

/// "process a URLPatternInit".
fn process_init(
    init: &[Option<&[u8]>; 8],
    base_url: Option<&[u8]>,
    kind: Kind,
) -> Result<Fields, Error> {
    let mut result: Fields = Default::default();
    if kind == Kind::Url {
        for r in result.iter_mut() {
            *r = Some(Buf::new());
        }
    }
    let has = |i: usize| init[i].is_some();
    let mut base = None;
    if let Some(b) = base_url {
        let url = whatwg::parse(b, None).map_err(|e| match e {
            whatwg::ParseError::NoMemory => Error::NoMemory,
            _ => Error::Syntax("invalid base URL"),
        })?;
        if !has(PROTOCOL) {
            result[PROTOCOL] = Some(base_string(url.scheme(), kind)?);
        }
        if kind != Kind::Pattern && !(has(PROTOCOL) || has(HOSTNAME) || has(PORT)) {
            if !has(USERNAME) {
                result[USERNAME] = Some(base_string(url.username(), kind)?);
            }
            if !has(USERNAME) && !has(PASSWORD) {
                result[PASSWORD] = Some(base_string(url.password(), kind)?);
            }
        }
        if !has(PROTOCOL) && !has(HOSTNAME) {
            result[HOSTNAME] = Some(base_string(url.hostname(), kind)?);
        }
        if !has(PROTOCOL) && !has(HOSTNAME) && !has(PORT) {
            result[PORT] = Some(Buf::from_slice(url.port())?);
            if !has(PATHNAME) {
                result[PATHNAME] = Some(base_string(url.pathname(), kind)?);
                if !has(SEARCH) {
                    result[SEARCH] = Some(base_string(url.query().unwrap_or(b""), kind)?);
                    if !has(HASH) {
                        result[HASH] = Some(base_string(url.fragment().unwrap_or(b""), kind)?);
                    }
                }
            }
        }
        base = Some(url);
    }
    let pattern = kind == Kind::Pattern;
    if let Some(v) = init[PROTOCOL] {
        let v = v.strip_suffix(b":").unwrap_or(v);
        result[PROTOCOL] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            canonical(canon::protocol, v)?
        });
    }
    if let Some(v) = init[USERNAME] {
        result[USERNAME] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            canonical(canon::userinfo, v)?
        });
    }
    if let Some(v) = init[PASSWORD] {
        result[PASSWORD] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            canonical(canon::userinfo, v)?
        });
    }
    if let Some(v) = init[HOSTNAME] {
        result[HOSTNAME] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            canonical(canon::hostname, v)?
        });
    }
    let protocol = Buf::from_slice(result[PROTOCOL].as_deref().unwrap_or(b""))?;
    if let Some(v) = init[PORT] {
        result[PORT] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            let mut out = Buf::new();
            canon::port_for(v, Some(&protocol), &mut out)?;
            out
        });
    }
    if let Some(v) = init[PATHNAME] {
        let mut path = Buf::from_slice(v)?;
        if let Some(b) = &base {
            if !b.has_opaque_path() && !is_absolute_pathname(&path, kind) {
                let base_path = base_string(b.pathname(), kind)?;
                if let Some(slash) = base_path.iter().rposition(|&c| c == b'/') {
                    let mut joined = Buf::from_slice(&base_path[..=slash])?;
                    joined.extend_from_slice(&path)?;
                    path = joined;
                }
            }
        }
        if !pattern {
            path = if protocol.is_empty() || is_special_scheme(&protocol) {
                canonical(canon::pathname, &path)?
            } else {
                canonical(canon::opaque_pathname, &path)?
            };
        }
        result[PATHNAME] = Some(path);
    }
    if let Some(v) = init[SEARCH] {
        let v = v.strip_prefix(b"?").unwrap_or(v);
        result[SEARCH] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            canonical(canon::search, v)?
        });
    }
    if let Some(v) = init[HASH] {
        let v = v.strip_prefix(b"#").unwrap_or(v);
        result[HASH] = Some(if pattern {
            Buf::from_slice(v)?
        } else {
            canonical(canon::hash, v)?
        });
    }
    Ok(result)
}

fn as_str(b: &[u8]) -> Result<&str, Error> {
    std::str::from_utf8(b).map_err(|_| Error::Syntax("invalid UTF-8"))
}

/// "hostname pattern is an IPv6 address".
fn is_ipv6_pattern(s: &[u8]) -> bool {
    matches!(s, [b'[', _, ..] | [b'{' | b'\\', b'[', ..])
}

impl UrlPattern {
    /// `new URLPattern(input, baseURL, options)` with a constructor
    /// string.
    pub fn parse(
        input: &str,
        base_url: Option<&str>,
        options: PatternOptions,
    ) -> Result<UrlPattern, Error> {
        let fields = constructor::parse(input)?;
        if base_url.is_none() && fields[PROTOCOL].is_none() {
            return Err(Error::Syntax("relative pattern without a base URL"));
        }
        let refs: [Option<&[u8]>; 8] = std::array::from_fn(|i| fields[i].as_deref());
        UrlPattern::create(&refs, base_url.map(str::as_bytes), options)
    }

    /// `new URLPattern(init, options)`.
    pub fn from_init(init: &Init<'_>, options: PatternOptions) -> Result<UrlPattern, Error> {
        UrlPattern::create(&init.fields(), init.base_url.map(str::as_bytes), options)
    }

    /// "create" a URL pattern from an init.
    fn create(
        init: &[Option<&[u8]>; 8],
        base_url: Option<&[u8]>,
        options: PatternOptions,
    ) -> Result<UrlPattern, Error> {
        let mut f = process_init(init, base_url, Kind::Pattern)?;
        for v in f.iter_mut() {
            if v.is_none() {
                *v = Some(Buf::from_slice(b"*")?);
            }
        }
        let get = |f: &Fields, i: usize| -> Result<Buf, Error> {
            Ok(Buf::from_slice(f[i].as_deref().unwrap_or(b"*"))?)
        };
        let protocol_string = get(&f, PROTOCOL)?;
        if let Some(d) = default_port(&protocol_string) {
            if f[PORT].as_deref() == Some(d) {
                f[PORT] = Some(Buf::new());
            }
        }
        let field = |i: usize| -> Result<Buf, Error> { get(&f, i) };
        let protocol = Component::compile(
            as_str(&field(PROTOCOL)?)?,
            canon::protocol,
            Options::DEFAULT,
        )?;
        let username = Component::compile(
            as_str(&field(USERNAME)?)?,
            canon::userinfo,
            Options::DEFAULT,
        )?;
        let password = Component::compile(
            as_str(&field(PASSWORD)?)?,
            canon::userinfo,
            Options::DEFAULT,
        )?;
        let host = field(HOSTNAME)?;
        let host_encode: parts::Encode = if is_ipv6_pattern(&host) {
            canon::ipv6_hostname
        } else {
            canon::hostname
        };
        let hostname = Component::compile(as_str(&host)?, host_encode, Options::HOSTNAME)?;
        let port = Component::compile(as_str(&field(PORT)?)?, canon::port, Options::DEFAULT)?;
        let ignore_case = options.ignore_case;
        let compile_options = Options {
            ignore_case,
            ..Options::DEFAULT
        };
        let pathname = if protocol.matches_special_scheme()? {
            Component::compile(
                as_str(&field(PATHNAME)?)?,
                canon::pathname,
                Options {
                    ignore_case,
                    ..Options::PATHNAME
                },
            )?
        } else {
            Component::compile(
                as_str(&field(PATHNAME)?)?,
                canon::opaque_pathname,
                compile_options,
            )?
        };
        let search = Component::compile(as_str(&field(SEARCH)?)?, canon::search, compile_options)?;
        let hash = Component::compile(as_str(&field(HASH)?)?, canon::hash, compile_options)?;
        Ok(UrlPattern {
            components: [
                protocol, username, password, hostname, port, pathname, search, hash,
            ],
        })
    }

    /// The pattern string of the component at `index` in [`COMPONENTS`]
    /// (empty for another index).
    pub fn component(&self, index: usize) -> &str {
        self.components
            .get(index)
            .and_then(|c| std::str::from_utf8(&c.pattern).ok())
            .unwrap_or("")
    }

    /// `protocol`.
    pub fn protocol(&self) -> &str {
        self.component(PROTOCOL)
    }
    /// `username`.
    pub fn username(&self) -> &str {
        self.component(USERNAME)
    }
    /// `password`.
    pub fn password(&self) -> &str {
        self.component(PASSWORD)
    }
    /// `hostname`.
    pub fn hostname(&self) -> &str {
        self.component(HOSTNAME)
    }
    /// `port`.
    pub fn port(&self) -> &str {
        self.component(PORT)
    }
    /// `pathname`.
    pub fn pathname(&self) -> &str {
        self.component(PATHNAME)
    }
    /// `search`.
    pub fn search(&self) -> &str {
        self.component(SEARCH)
    }
    /// `hash`.
    pub fn hash(&self) -> &str {
        self.component(HASH)
    }

    /// `hasRegExpGroups`: whether a component has a custom regular
    /// expression.
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// The components of `input` as the pattern matches them, or `None`
    /// when the input is not a URL (JavaScript's `null`).
    pub(crate) fn inputs<'a>(
        &self,
        input: Input<'a>,
        base_url: Option<&str>,
    ) -> Result<Option<Matched<'a>>, Error> {
        match input {
            Input::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::Syntax("a base URL beside an init"));
                }
                match process_init(&init.fields(), init.base_url.map(str::as_bytes), Kind::Url) {
                    Ok(f) => Ok(Some(Matched::Init(f))),
                    Err(Error::NoMemory) => Err(Error::NoMemory),
                    Err(_) => Ok(None),
                }
            }
            Input::Url(url) => {
                if base_url.is_some() {
                    return Err(Error::Syntax("a base URL beside a parsed URL"));
                }
                Ok(Some(Matched::Given(url)))
            }
            Input::Str(s) => {
                let base = match base_url {
                    Some(b) => match whatwg::parse(b.as_bytes(), None) {
                        Ok(u) => Some(u),
                        Err(whatwg::ParseError::NoMemory) => return Err(Error::NoMemory),
                        Err(_) => return Ok(None),
                    },
                    None => None,
                };
                match whatwg::parse(s.as_bytes(), base.as_ref()) {
                    Ok(u) => Ok(Some(Matched::Parsed(u))),
                    Err(whatwg::ParseError::NoMemory) => Err(Error::NoMemory),
                    Err(_) => Ok(None),
                }
            }
        }
    }

    /// `test(input, baseURL)`.
    pub fn test(&self, input: Input<'_>, base_url: Option<&str>) -> Result<bool, Error> {
        let Some(m) = self.inputs(input, base_url)? else {
            return Ok(false);
        };
        self.test_fields(&m, &mut Vec::new())
    }

    /// Whether the components of an input match, in the Standard's order,
    /// which `exec` follows too: the first component that fails decides,
    /// so that both give the same answer, a budget error included.
    pub(crate) fn test_fields(&self, m: &Matched<'_>, caps: &mut Captures) -> Result<bool, Error> {
        for i in 0..COMPONENTS.len() {
            let text = m.field(i);
            if !self.components[i].exec(text, caps)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `exec(input, baseURL)`: the components and groups on a match,
    /// `None` otherwise.
    pub fn exec(
        &self,
        input: Input<'_>,
        base_url: Option<&str>,
    ) -> Result<Option<MatchResult>, Error> {
        let Some(m) = self.inputs(input, base_url)? else {
            return Ok(None);
        };
        let mut results = Vec::new();
        let mut caps: Captures = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            let text = m.field(i);
            if !c.exec(text, &mut caps)? {
                return Ok(None);
            }
            let mut groups = Vec::new();
            for (name, cap) in c.names().zip(caps.iter()) {
                let value = match cap {
                    Some((a, b)) => Some(Buf::from_slice(&text[*a..*b])?),
                    None => None,
                };
                try_push(&mut groups, (Buf::from_slice(name)?, value))?;
            }
            try_push(
                &mut results,
                ComponentResult {
                    input: Buf::from_slice(text)?,
                    groups,
                },
            )?;
        }
        let mut it = results.into_iter();
        let mut next = || {
            it.next().unwrap_or(ComponentResult {
                input: Buf::new(),
                groups: Vec::new(),
            })
        };
        Ok(Some(MatchResult {
            protocol: next(),
            username: next(),
            password: next(),
            hostname: next(),
            port: next(),
            pathname: next(),
            search: next(),
            hash: next(),
        }))
    }
}

/// The input of a match: a URL, or the components of an init.
pub(crate) enum Matched<'a> {
    /// The URL that the input string parsed to.
    Parsed(Url),
    /// The caller's parsed URL.
    Given(&'a Url),
    /// The init's components, processed.
    Init(Fields),
}

impl Matched<'_> {
    /// The component at `index` in [`COMPONENTS`], as matching sees it.
    pub(crate) fn field(&self, index: usize) -> &[u8] {
        let url = match self {
            Matched::Parsed(u) => u,
            Matched::Given(u) => u,
            Matched::Init(f) => return f.get(index).and_then(|v| v.as_deref()).unwrap_or(b""),
        };
        match index {
            PROTOCOL => url.scheme(),
            USERNAME => url.username(),
            PASSWORD => url.password(),
            HOSTNAME => url.hostname(),
            PORT => url.port(),
            PATHNAME => url.pathname(),
            SEARCH => url.query().unwrap_or(b""),
            HASH => url.fragment().unwrap_or(b""),
            _ => b"",
        }
    }
}

#[cfg(test)]
mod tests;
