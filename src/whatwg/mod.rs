//! The WHATWG URL Standard on bytes: the basic URL parser (with a base
//! URL), the host parser with IDNA, the serialisers, the origin, the
//! URL API's getters and setters, and `URLSearchParams` ([`SearchParams`]).
//!
//! ```
//! use wwwurl::whatwg::{self, Part, SetOutcome};
//!
//! let base = whatwg::parse(b"https://user@EXAMPLE.com:443/a/b?q#f", None)?;
//! assert_eq!(base.href(), b"https://user@example.com/a/b?q#f");
//! let mut url = whatwg::parse(b"../c d?x y", Some(&base))?;
//! assert_eq!(url.href(), b"https://user@example.com/c%20d?x%20y");
//! assert_eq!(url.set(Part::Port, b"8080")?, SetOutcome::Applied);
//! assert_eq!(url.host(), b"example.com:8080");
//! // The Standard ignores a scheme change from special to non-special.
//! assert_eq!(url.set(Part::Protocol, b"foo")?, SetOutcome::Ignored);
//! assert_eq!(url.protocol(), b"https:");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A [`Url`] is its serialisation (the `href`) in one buffer plus the
//! offsets of its components, so every getter is a slice of it and the
//! parser writes each component once, in order. The parser follows the
//! Standard's state machine. [`parse`] reports only failure; [`validate`]
//! runs the same parser reporting every validation error, by the name the
//! Standard gives it, with the bytes of the input it is about:
//!
//! ```
//! use wwwurl::whatwg::{self, ValidationError};
//!
//! let report = whatwg::validate(b"https://user@example.org\\a b", None)?;
//! let found: Vec<_> = report
//!     .errors()
//!     .iter()
//!     .map(|e| (e.error().name(), e.span()))
//!     .collect();
//! assert_eq!(
//!     found,
//!     [
//!         ("invalid-credentials", 12..13),
//!         ("invalid-reverse-solidus", 24..25),
//!         ("invalid-URL-unit", 26..27),
//!     ]
//! );
//! assert!(!report.failure() && !report.valid());
//! assert_eq!(
//!     whatwg::validate(b"https://example.org:70000", None)?.errors()[0].error(),
//!     ValidationError::PortOutOfRange
//! );
//! # Ok::<(), whatwg::ParseError>(())
//! ```
//!
//! Input is bytes. The Standard's parser takes a scalar value string, so
//! bytes that are not UTF-8 are first decoded as the Standard's byte-input
//! callers do: UTF-8 decode with replacement, each invalid sequence
//! becoming U+FFFD (percent-encoded as `%EF%BF%BD` where it is kept, and
//! failing in a domain).
//!
//! Domains that need UTS #46 go to the `idna` crate (cargo feature `idna`,
//! on by default; [`unicode_version`] says which tables). ASCII domains
//! never do: the Standard lower-cases them whatever ToASCII would say.
//! Without the feature, a non-ASCII domain is refused with
//! [`ParseError::IdnaUnavailable`].

mod attribute;
mod encode_sets;
mod fast;
#[cfg(test)]
mod fast_tests;
mod host;
mod idna;
mod ip;
mod layout;
mod lexical;
mod parser;
#[cfg(test)]
mod parser_tests;
mod report;
mod search_params;
mod setters;
mod units;
mod validate;
mod validation;

use std::fmt;
use std::ops::Range;

use crate::bytes::buf::{Buf, NoMemory};

pub use attribute::Attribute;
pub use encode_sets::{
    percent_decode, percent_encode_byte, utf8_percent_encode, Set, C0_CONTROL, COMPONENT, FORM,
    FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO,
};
pub use host::HostKind;
pub use idna::unicode_version;
pub use layout::Layout;
pub use report::{Report, Validation, ValidationError};
pub use search_params::{SearchParams, SearchParamsIter};
pub use setters::{Part, SetError, SetOutcome};

/// Why the parser returned failure (or could not run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseError {
    /// A relative reference without a base URL it can be resolved
    /// against (none, or one with an opaque path and the input is not a
    /// fragment): "missing-scheme-non-relative-URL".
    MissingScheme,
    /// A special URL, or credentials or a port, without a host.
    HostMissing,
    /// The host parser returned failure: a forbidden code point, a bad
    /// IPv4 or IPv6 address, or a domain that IDNA refuses.
    InvalidHost,
    /// The port is not a number up to 65535.
    InvalidPort,
    /// [`parse_with_base`]: the base itself failed to parse.
    InvalidBase,
    /// The domain needs UTS #46 processing and the crate was built
    /// without the `idna` feature.
    IdnaUnavailable,
    /// Memory ran out.
    NoMemory,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::MissingScheme => "relative URL without a base",
            ParseError::HostMissing => "host missing",
            ParseError::InvalidHost => "invalid host",
            ParseError::InvalidPort => "invalid port",
            ParseError::InvalidBase => "invalid base URL",
            ParseError::IdnaUnavailable => "IDNA support not built in",
            ParseError::NoMemory => "out of memory",
        })
    }
}

impl std::error::Error for ParseError {}

impl From<NoMemory> for ParseError {
    fn from(_: NoMemory) -> ParseError {
        ParseError::NoMemory
    }
}

impl From<host::HostError> for ParseError {
    fn from(e: host::HostError) -> ParseError {
        match e {
            host::HostError::Invalid => ParseError::InvalidHost,
            host::HostError::IdnaUnavailable => ParseError::IdnaUnavailable,
            host::HostError::NoMemory => ParseError::NoMemory,
        }
    }
}

/// The scheme, as far as the parser cares: the special ones, or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scheme {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
    /// Any other scheme.
    Other,
}

impl Scheme {
    pub(crate) fn of(name: &[u8]) -> Scheme {
        match name {
            b"http" => Scheme::Http,
            b"https" => Scheme::Https,
            b"ws" => Scheme::Ws,
            b"wss" => Scheme::Wss,
            b"ftp" => Scheme::Ftp,
            b"file" => Scheme::File,
            _ => Scheme::Other,
        }
    }

    pub(crate) fn is_special(self) -> bool {
        self != Scheme::Other
    }

    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            Scheme::Http | Scheme::Ws => Some(80),
            Scheme::Https | Scheme::Wss => Some(443),
            Scheme::Ftp => Some(21),
            Scheme::File | Scheme::Other => None,
        }
    }
}

/// A URL record of the WHATWG URL Standard, held as its serialisation.
///
/// Layout of the buffer: `scheme ":"`, then when there is a host `"//"`,
/// the credentials `username [":" password] "@"` when there are any, the
/// host and `":" port` when there is a port; then `"/."` when the path
/// would otherwise start with `//` without a host; the path; `"?" query`;
/// `"#" fragment`. The offsets below mark where each part starts.
#[derive(Debug, PartialEq, Eq)]
pub struct Url {
    serialization: Buf,
    /// Index of the `:` that ends the scheme.
    scheme_end: usize,
    scheme: Scheme,
    /// End of the username (which starts after `"//"`); equals
    /// `host_start` when there are no credentials.
    username_end: usize,
    host_start: usize,
    host_end: usize,
    host_kind: HostKind,
    port: Option<u16>,
    /// Start of the path's serialisation (after any `"/."`).
    path_start: usize,
    /// Index of the `?` when the query is non-null.
    query_start: Option<usize>,
    /// Index of the `#` when the fragment is non-null.
    fragment_start: Option<usize>,
    opaque_path: bool,
}

/// Parses `input` as a URL, relative to `base` if given: the Standard's
/// basic URL parser (with no encoding override, no state override).
///
/// Bytes that are not UTF-8 are decoded with replacement first: every
/// invalid sequence becomes U+FFFD, as when a byte-input caller decodes
/// them. Leading and trailing C0 controls and spaces are removed, and so
/// is every tab and newline.
pub fn parse(input: &[u8], base: Option<&Url>) -> Result<Url, ParseError> {
    parser::parse(input, base)
}

/// [`parse`], writing the URL in the memory of `buf`, which the URL takes:
/// a caller that parses many URLs gives each the memory of the last one
/// it is done with ([`Url::into_parts`]), so that a parse allocates only
/// when a URL outgrows it. On failure `buf` holds its memory again,
/// empty.
pub fn parse_reusing(input: &[u8], base: Option<&Url>, buf: &mut Buf) -> Result<Url, ParseError> {
    parser::parse_in(input, base, buf)
}

/// The API URL parser: parses `base` first when given (its failure makes
/// this fail with [`ParseError::InvalidBase`]), then `input` against it.
/// What `new URL(input, base)` does, on bytes.
pub fn parse_with_base(input: &[u8], base: Option<&[u8]>) -> Result<Url, ParseError> {
    parse_with_base_reusing(input, base, &mut Buf::new())
}

/// [`parse_with_base`] in the memory of `buf`, as [`parse_reusing`]
/// (the base, when given, takes memory of its own).
pub fn parse_with_base_reusing(
    input: &[u8],
    base: Option<&[u8]>,
    buf: &mut Buf,
) -> Result<Url, ParseError> {
    let base = match base {
        Some(b) => Some(parse(b, None).map_err(|e| match e {
            ParseError::NoMemory | ParseError::IdnaUnavailable => e,
            _ => ParseError::InvalidBase,
        })?),
        None => None,
    };
    parse_reusing(input, base.as_ref(), buf)
}

/// [`parse`], reporting every validation error the parser meets, in
/// order, repeats included: by name, with the bytes of `input` each is
/// about (empty at the place where something is missing), and whether the
/// parser returned failure there; and whether `input` is a valid URL
/// string. An error only when memory runs out, or for a domain that needs
/// the absent `idna` feature.
///
/// A reporting parse costs a little more than a plain one; [`parse`]
/// itself pays nothing for it.
pub fn validate(input: &[u8], base: Option<&Url>) -> Result<Report, ParseError> {
    let mut report = Report::new();
    validate_reusing(input, base, &mut report, &mut Buf::new())?;
    Ok(report)
}

/// [`validate`] into `report` (what it held is replaced), parsing in the
/// memory of `buf`, as [`parse_reusing`] does: a caller that validates
/// many inputs gives each the same two, so that a call allocates only when
/// an input needs more than any before. The URL is not kept; `buf` is
/// left empty. After an error `report` is empty.
pub fn validate_reusing(
    input: &[u8],
    base: Option<&Url>,
    report: &mut Report,
    buf: &mut Buf,
) -> Result<(), ParseError> {
    report.errors.clear();
    report.failure = false;
    report.valid = false;
    match validation::validate_in(input, base, buf, &mut report.errors) {
        Ok(outcome) => {
            report.failure = outcome.failure;
            report.valid = outcome.valid;
            Ok(())
        }
        Err(e) => {
            report.errors.clear();
            Err(e)
        }
    }
}

/// [`validate`] as the API URL parser runs it: parses `base` first when
/// given (its failure gives [`ParseError::InvalidBase`]), then reports on
/// `input` against it.
pub fn validate_with_base(input: &[u8], base: Option<&[u8]>) -> Result<Report, ParseError> {
    let base = match base {
        Some(b) => Some(parse(b, None).map_err(|e| match e {
            ParseError::NoMemory | ParseError::IdnaUnavailable => e,
            _ => ParseError::InvalidBase,
        })?),
        None => None,
    };
    validate(input, base.as_ref())
}

/// Whether [`parse_with_base`] succeeds: `URL.canParse(input, base)`.
/// Running out of memory (or a domain that needs the absent `idna`
/// feature) counts as not parsing. See [`check_with_base`].
pub fn can_parse(input: &[u8], base: Option<&[u8]>) -> bool {
    check_with_base(input, base).is_ok()
}

/// [`parse_with_base`] without making the URL, and without allocating:
/// `Ok` when it succeeds, else an error of the same class. The parser's
/// own failures (no scheme, a missing or invalid host or port) may be
/// reported as another of them; [`ParseError::InvalidBase`],
/// [`ParseError::IdnaUnavailable`] and [`ParseError::NoMemory`] are
/// exact.
///
/// It allocates only for a domain that is not ASCII after
/// percent-decoding (UTS #46 processing), and for an input with a tab, a
/// newline or invalid UTF-8, or a percent-encoded domain, longer than
/// 2 KiB: those take the parser's own code.
pub fn check_with_base(input: &[u8], base: Option<&[u8]>) -> Result<(), ParseError> {
    validate::check_with_base(input, base)
}

/// The Standard's "domain to ASCII" (its domain parser, beStrict false) of
/// the UTF-8 `domain`, appended to `out`: an ASCII domain lower-cased,
/// any other through UTS #46 ToASCII; then refused if empty or holding a
/// forbidden domain code point. Input that is not UTF-8 fails (its U+FFFD
/// would). No percent-decoding and no IPv4 step: that is the host parser's.
/// After an error `out` is as it was.
pub fn domain_to_ascii(domain: &[u8], out: &mut Buf) -> Result<(), ParseError> {
    Ok(host::domain_to_ascii(domain, out)?)
}

/// The Standard's "domain to Unicode" of `domain`, for display, appended
/// to `out`: UTS #46 ToUnicode, or `domain` unchanged when that records an
/// error. A domain holding a NUL byte gives [`ParseError::InvalidHost`]:
/// NUL is a forbidden domain code point, which no host holds, and ToUnicode
/// would keep it, where a C caller reads the result only up to it. Without
/// the `idna` feature, a domain with a Punycode (`xn--`) label or a
/// non-ASCII code point gives [`ParseError::IdnaUnavailable`].
pub fn domain_to_unicode(domain: &[u8], out: &mut Buf) -> Result<(), ParseError> {
    // ToUnicode gives a NUL only where the domain has one: Punycode
    // decodes to code points of 0x80 and up, and no mapping gives U+0000.
    if domain.contains(&0) {
        return Err(ParseError::InvalidHost);
    }
    idna::to_unicode(domain, out).map_err(|e| host::HostError::from(e).into())
}

impl Url {
    /// A copy of the URL; fails instead of aborting when memory runs out.
    pub fn try_clone(&self) -> Result<Url, NoMemory> {
        Ok(Url {
            serialization: self.serialization.try_clone()?,
            scheme_end: self.scheme_end,
            scheme: self.scheme,
            username_end: self.username_end,
            host_start: self.host_start,
            host_end: self.host_end,
            host_kind: self.host_kind,
            port: self.port,
            path_start: self.path_start,
            query_start: self.query_start,
            fragment_start: self.fragment_start,
            opaque_path: self.opaque_path,
        })
    }

    /// The serialisation: the `href` attribute (and `toJSON()`).
    pub fn href(&self) -> &[u8] {
        &self.serialization
    }

    /// The serialisation, as a string (it is always ASCII).
    pub fn as_str(&self) -> &str {
        // Every byte the parser writes is ASCII: non-ASCII input is
        // percent-encoded or punycoded.
        std::str::from_utf8(&self.serialization).unwrap_or("")
    }

    /// The scheme followed by `:`: the `protocol` attribute.
    pub fn protocol(&self) -> &[u8] {
        &self.serialization[..=self.scheme_end]
    }

    /// The scheme, without the `:`.
    pub fn scheme(&self) -> &[u8] {
        &self.serialization[..self.scheme_end]
    }

    /// Whether the scheme is a special one (`ftp`, `file`, `http`,
    /// `https`, `ws`, `wss`).
    pub fn is_special(&self) -> bool {
        self.scheme.is_special()
    }

    /// The username (percent-encoded): the `username` attribute.
    pub fn username(&self) -> &[u8] {
        if self.host_kind == HostKind::None {
            return b"";
        }
        &self.serialization[self.scheme_end + 3..self.username_end]
    }

    /// The password (percent-encoded): the `password` attribute.
    pub fn password(&self) -> &[u8] {
        match self.password_range() {
            Some(r) => &self.serialization[r],
            None => b"",
        }
    }

    fn password_range(&self) -> Option<Range<usize>> {
        (self.username_end < self.host_start && self.serialization[self.username_end] == b':')
            .then(|| self.username_end + 1..self.host_start - 1)
    }

    /// The host and `:port` when there is a port: the `host` attribute
    /// (empty when the host is null).
    pub fn host(&self) -> &[u8] {
        if self.host_kind == HostKind::None {
            return b"";
        }
        &self.serialization[self.host_start..self.path_start]
    }

    /// The serialised host: the `hostname` attribute (empty when null).
    pub fn hostname(&self) -> &[u8] {
        &self.serialization[self.host_start..self.host_end]
    }

    /// What the host is, or [`HostKind::None`] when it is null.
    pub fn host_kind(&self) -> HostKind {
        self.host_kind
    }

    /// The port, null when absent or the scheme's default.
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// The port in decimal: the `port` attribute (empty when null).
    pub fn port(&self) -> &[u8] {
        match self.port {
            Some(_) => &self.serialization[self.host_end + 1..self.path_start],
            None => b"",
        }
    }

    /// The path's serialisation: the `pathname` attribute.
    pub fn pathname(&self) -> &[u8] {
        &self.serialization[self.path_start..self.path_end()]
    }

    fn path_end(&self) -> usize {
        self.query_start
            .or(self.fragment_start)
            .unwrap_or(self.serialization.len())
    }

    /// Whether the path is opaque (a single string, as in `mailto:x`).
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// `?` and the query: the `search` attribute (empty when the query is
    /// null or empty).
    pub fn search(&self) -> &[u8] {
        match self.query() {
            Some(q) if !q.is_empty() => {
                &self.serialization[self.query_start.unwrap_or(0)..self.query_end()]
            }
            _ => b"",
        }
    }

    fn query_end(&self) -> usize {
        self.fragment_start.unwrap_or(self.serialization.len())
    }

    /// The query without its `?`, or `None` when it is null.
    pub fn query(&self) -> Option<&[u8]> {
        self.query_start
            .map(|q| &self.serialization[q + 1..self.query_end()])
    }

    /// `#` and the fragment: the `hash` attribute (empty when the fragment
    /// is null or empty).
    pub fn hash(&self) -> &[u8] {
        match self.fragment_start {
            Some(f) if f + 1 < self.serialization.len() => &self.serialization[f..],
            _ => b"",
        }
    }

    /// The fragment without its `#`, or `None` when it is null.
    pub fn fragment(&self) -> Option<&[u8]> {
        self.fragment_start.map(|f| &self.serialization[f + 1..])
    }

    /// The serialisation of the URL's origin, appended to `out`: the
    /// `origin` attribute. `scheme://host[:port]` for `ftp`, `http`,
    /// `https`, `ws` and `wss`; for `blob`, the origin of the URL its path
    /// parses to when that is `http` or `https`; `null` (an opaque origin)
    /// otherwise, `file` included, as the Standard advises when in doubt.
    ///
    /// Errors only when memory runs out, or when a `blob` URL's path has a
    /// domain that needs the absent `idna` feature.
    pub fn origin(&self, out: &mut Buf) -> Result<(), ParseError> {
        match self.scheme {
            Scheme::Http | Scheme::Https | Scheme::Ws | Scheme::Wss | Scheme::Ftp => {
                out.extend_from_slice(self.protocol())?;
                out.extend_from_slice(b"//")?;
                Ok(out.extend_from_slice(self.host())?)
            }
            Scheme::Other if self.scheme() == b"blob" => self.blob_origin(out),
            _ => Ok(out.extend_from_slice(b"null")?),
        }
    }

    fn blob_origin(&self, out: &mut Buf) -> Result<(), ParseError> {
        match parse(self.pathname(), None) {
            Ok(inner) if matches!(inner.scheme, Scheme::Http | Scheme::Https) => inner.origin(out),
            Err(e @ (ParseError::NoMemory | ParseError::IdnaUnavailable)) => Err(e),
            _ => Ok(out.extend_from_slice(b"null")?),
        }
    }

    /// Sets one attribute as the URL API's setter does (see [`Part`]).
    ///
    /// Values the Standard ignores leave the URL byte-identical and give
    /// [`SetOutcome::Ignored`]; an `href` that does not parse is an error,
    /// and also leaves the URL as it was.
    pub fn set(&mut self, part: Part, value: &[u8]) -> Result<SetOutcome, SetError> {
        setters::set(self, part, value)
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<[u8]> for Url {
    fn as_ref(&self) -> &[u8] {
        &self.serialization
    }
}
