//! The URL API's setters ("URL class" in the URL Standard): href,
//! protocol, username, password, host, hostname, port, pathname, search
//! and hash, each with the basic URL parser's steps for its state
//! override.
//!
//! A setter works out the new component on its own, then rebuilds the
//! serialisation from the URL's components with that one replaced. Until
//! then the URL is untouched, so a value the Standard ignores (or memory
//! running out) leaves it byte-identical.

use std::fmt;

use super::encode_sets::{self, FRAGMENT, USERINFO};
use super::host::{self, HostError, HostKind};
use super::ip;
use super::lexical;
use super::parser::{self, PathMode};
use super::{ParseError, Scheme, Url};
use crate::bytes::buf::{Buf, NoMemory};

/// An attribute of the URL API that has a setter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `href`: the whole URL, parsed without a base.
    Href,
    /// `protocol`: the scheme (a trailing `:` and anything after it is
    /// ignored).
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host, and the port when the value has one.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`; the empty value removes it.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`: the query, with or without its `?`; empty removes it.
    Search,
    /// `hash`: the fragment, with or without its `#`; empty removes it.
    Hash,
}

/// What a setter did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetOutcome {
    /// The setter ran to its end: the part now holds the value in its
    /// canonical form (which may be what it held before).
    Applied,
    /// The Standard ignores the value here (the setter returned early, or
    /// its state machine returned failure): the URL is byte-identical.
    Ignored,
    /// The `host` setter set the host, then the Standard refused the port
    /// after it (empty, not a number, above 65535): the new host stays,
    /// the port is unchanged.
    HostOnly,
}

/// Why a setter could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetError {
    /// `href`: the value is not a URL (the `URL` API throws a
    /// `TypeError`). The URL is unchanged.
    InvalidHref(ParseError),
    /// The new host needs UTS #46 and the crate was built without the
    /// `idna` feature. The URL is unchanged.
    IdnaUnavailable,
    /// Memory ran out. The URL is unchanged.
    NoMemory,
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::InvalidHref(e) => write!(f, "invalid href: {e}"),
            SetError::IdnaUnavailable => f.write_str("IDNA support not built in"),
            SetError::NoMemory => f.write_str("out of memory"),
        }
    }
}

impl std::error::Error for SetError {}

impl From<NoMemory> for SetError {
    fn from(_: NoMemory) -> SetError {
        SetError::NoMemory
    }
}

/// The components of a URL record, as their serialisations.
struct Parts<'a> {
    scheme: &'a [u8],
    username: &'a [u8],
    password: &'a [u8],
    /// `None` is the null host.
    host: Option<(&'a [u8], HostKind)>,
    port: Option<u16>,
    path: &'a [u8],
    opaque_path: bool,
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

impl Url {
    fn parts(&self) -> Parts<'_> {
        Parts {
            scheme: self.scheme(),
            username: self.username(),
            password: self.password(),
            host: (self.host_kind != HostKind::None).then(|| (self.hostname(), self.host_kind)),
            port: self.port,
            path: self.pathname(),
            opaque_path: self.opaque_path,
            query: self.query(),
            fragment: self.fragment(),
        }
    }

    /// The URL includes credentials: a username or a password.
    fn includes_credentials(&self) -> bool {
        !self.username().is_empty() || !self.password().is_empty()
    }

    /// The URL cannot have a username/password/port.
    fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host_kind, HostKind::None | HostKind::Empty) || self.scheme == Scheme::File
    }
}

/// The URL serializer on `p`, keeping the offsets of each component.
fn assemble(p: &Parts) -> Result<Url, NoMemory> {
    let len = p.scheme.len()
        + p.username.len()
        + p.password.len()
        + p.host.map_or(0, |h| h.0.len())
        + p.path.len()
        + p.query.map_or(0, <[u8]>::len)
        + p.fragment.map_or(0, <[u8]>::len)
        + 16;
    let mut out = Buf::with_capacity(len)?;
    out.extend_from_slice(p.scheme)?;
    out.push(b':')?;
    let scheme_end = p.scheme.len();
    let after = out.len();
    let (mut username_end, mut host_start, mut host_end) = (after, after, after);
    let mut host_kind = HostKind::None;
    if let Some((host, kind)) = p.host {
        out.extend_from_slice(b"//")?;
        let user_start = out.len();
        out.extend_from_slice(p.username)?;
        username_end = out.len();
        if !p.password.is_empty() {
            out.push(b':')?;
            out.extend_from_slice(p.password)?;
        }
        if out.len() > user_start {
            out.push(b'@')?;
        }
        host_start = out.len();
        out.extend_from_slice(host)?;
        host_end = out.len();
        host_kind = kind;
        if let Some(port) = p.port {
            out.push(b':')?;
            ip::write_decimal(u32::from(port), &mut out)?;
        }
    }
    if host_kind == HostKind::None && !p.opaque_path && p.path.starts_with(b"//") {
        out.extend_from_slice(b"/.")?;
    }
    let path_start = out.len();
    out.extend_from_slice(p.path)?;
    let query_start = match p.query {
        Some(q) => Some(append_after(&mut out, b'?', q)?),
        None => None,
    };
    let fragment_start = match p.fragment {
        Some(f) => Some(append_after(&mut out, b'#', f)?),
        None => None,
    };
    Ok(Url {
        serialization: out,
        scheme_end,
        scheme: Scheme::of(p.scheme),
        username_end,
        host_start,
        host_end,
        host_kind,
        port: if host_kind == HostKind::None {
            None
        } else {
            p.port
        },
        path_start,
        query_start,
        fragment_start,
        opaque_path: p.opaque_path,
    })
}

/// Appends `mark` and `s`; returns where `mark` is.
fn append_after(out: &mut Buf, mark: u8, s: &[u8]) -> Result<usize, NoMemory> {
    let at = out.len();
    out.push(mark)?;
    out.extend_from_slice(s)?;
    Ok(at)
}

/// The given value as a scalar value string: invalid UTF-8 replaced by
/// U+FFFD (what username and password get; no tab removal for them).
fn scalar_values<'a>(value: &'a [u8], scratch: &'a mut Buf) -> Result<&'a [u8], NoMemory> {
    if std::str::from_utf8(value).is_ok() {
        return Ok(value);
    }
    for chunk in value.utf8_chunks() {
        scratch.extend_from_slice(chunk.valid().as_bytes())?;
        if !chunk.invalid().is_empty() {
            scratch.extend_from_slice("\u{FFFD}".as_bytes())?;
        }
    }
    Ok(scratch)
}

/// Runs the setter of `part` on `url` with `value`.
pub(crate) fn set(url: &mut Url, part: Part, value: &[u8]) -> Result<SetOutcome, SetError> {
    match part {
        Part::Href => set_href(url, value),
        Part::Protocol => set_protocol(url, value),
        Part::Username => set_credential(url, value, false),
        Part::Password => set_credential(url, value, true),
        Part::Host => set_host(url, value, false),
        Part::Hostname => set_host(url, value, true),
        Part::Port => set_port(url, value),
        Part::Pathname => set_pathname(url, value),
        Part::Search => set_search(url, value),
        Part::Hash => set_hash(url, value),
    }
}

fn set_href(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    match parser::parse(value, None) {
        Ok(new) => {
            *url = new;
            Ok(SetOutcome::Applied)
        }
        Err(ParseError::NoMemory) => Err(SetError::NoMemory),
        Err(ParseError::IdnaUnavailable) => Err(SetError::IdnaUnavailable),
        Err(e) => Err(SetError::InvalidHref(e)),
    }
}

/// The scheme start and scheme states with a state override, on the
/// value followed by `:`.
fn set_protocol(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    let mut scratch = Buf::new();
    let value = parser::clean(value, &mut scratch)?;
    if !value.first().is_some_and(u8::is_ascii_alphabetic) {
        return Ok(SetOutcome::Ignored);
    }
    let n = value
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .unwrap_or(value.len());
    if n < value.len() && value[n] != b':' {
        return Ok(SetOutcome::Ignored);
    }
    let mut scheme = Buf::from_slice(&value[..n])?;
    scheme.make_ascii_lowercase();
    let new = Scheme::of(&scheme);
    if url.scheme.is_special() != new.is_special()
        || (new == Scheme::File && (url.includes_credentials() || url.port.is_some()))
        || (url.scheme == Scheme::File && url.host_kind == HostKind::Empty)
    {
        return Ok(SetOutcome::Ignored);
    }
    let mut parts = url.parts();
    parts.scheme = &scheme;
    if parts.port == new.default_port() {
        parts.port = None;
    }
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

/// Set the username / set the password, unless the URL cannot have them.
fn set_credential(url: &mut Url, value: &[u8], password: bool) -> Result<SetOutcome, SetError> {
    if url.cannot_have_credentials_or_port() {
        return Ok(SetOutcome::Ignored);
    }
    let mut scratch = Buf::new();
    let value = scalar_values(value, &mut scratch)?;
    let mut encoded = Buf::with_capacity(value.len())?;
    encode_sets::utf8_percent_encode(value, USERINFO, &mut encoded)?;
    let mut parts = url.parts();
    if password {
        parts.password = &encoded;
    } else {
        parts.username = &encoded;
    }
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

/// Host-parses `buffer` into `out`; `None` when the Standard's parser
/// would return failure.
fn host_or_ignore(
    buffer: &[u8],
    is_opaque: bool,
    out: &mut Buf,
) -> Result<Option<HostKind>, SetError> {
    match host::parse(buffer, is_opaque, out) {
        Ok(kind) => Ok(Some(kind)),
        Err(HostError::Invalid) => Ok(None),
        Err(HostError::IdnaUnavailable) => Err(SetError::IdnaUnavailable),
        Err(HostError::NoMemory) => Err(SetError::NoMemory),
    }
}

/// The host and hostname setters: the host state (or the file host
/// state) with a state override, and for `host` the port state after it.
fn set_host(url: &mut Url, value: &[u8], hostname_only: bool) -> Result<SetOutcome, SetError> {
    if url.opaque_path {
        return Ok(SetOutcome::Ignored);
    }
    let mut scratch = Buf::new();
    let value = parser::clean(value, &mut scratch)?;
    if url.scheme == Scheme::File {
        return set_file_host(url, value);
    }
    let special = url.scheme.is_special();
    let (end, colon) = parser::host_end(value, 0, special);
    let buffer = &value[..end];
    if buffer.is_empty() && (colon || special || url.includes_credentials() || url.port.is_some()) {
        return Ok(SetOutcome::Ignored);
    }
    if colon && hostname_only {
        return Ok(SetOutcome::Ignored);
    }
    let mut host = Buf::with_capacity(buffer.len())?;
    let Some(kind) = host_or_ignore(buffer, !special, &mut host)? else {
        return Ok(SetOutcome::Ignored);
    };
    let mut parts = url.parts();
    parts.host = Some((&host, kind));
    let mut outcome = SetOutcome::Applied;
    if colon {
        // The port state with a state override: the digits up to the
        // first other code point, which ends it whatever it is.
        let digits = &value[end + 1..];
        let n = digits.iter().take_while(|b| b.is_ascii_digit()).count();
        match lexical::port_value(&digits[..n]).filter(|_| n > 0) {
            Some(port) => parts.port = (Some(port) != url.scheme.default_port()).then_some(port),
            None => outcome = SetOutcome::HostOnly,
        }
    }
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(outcome)
}

/// The file host state with a state override (the host and hostname
/// setters of a `file` URL): no port, `localhost` is the empty host.
fn set_file_host(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    let end = value
        .iter()
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(value.len());
    let buffer = &value[..end];
    let mut host = Buf::with_capacity(buffer.len())?;
    let mut kind = HostKind::Empty;
    if !buffer.is_empty() {
        let Some(k) = host_or_ignore(buffer, false, &mut host)? else {
            return Ok(SetOutcome::Ignored);
        };
        kind = k;
        if host == b"localhost" {
            host.clear();
            kind = HostKind::Empty;
        }
    }
    let mut parts = url.parts();
    parts.host = Some((&host, kind));
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

/// The port setter: the port state with a state override.
fn set_port(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    if url.cannot_have_credentials_or_port() {
        return Ok(SetOutcome::Ignored);
    }
    let mut scratch = Buf::new();
    let mut parts = url.parts();
    if value.is_empty() {
        parts.port = None;
    } else {
        let value = parser::clean(value, &mut scratch)?;
        let n = value.iter().take_while(|b| b.is_ascii_digit()).count();
        let Some(port) = lexical::port_value(&value[..n]).filter(|_| n > 0) else {
            return Ok(SetOutcome::Ignored);
        };
        parts.port = (Some(port) != url.scheme.default_port()).then_some(port);
    }
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

/// The pathname setter: the path emptied, then the path start state with
/// a state override.
fn set_pathname(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    if url.opaque_path {
        return Ok(SetOutcome::Ignored);
    }
    let mut scratch = Buf::new();
    let value = parser::clean(value, &mut scratch)?;
    let special = url.scheme.is_special();
    let mode = PathMode {
        special,
        file: url.scheme == Scheme::File,
        state_override: true,
    };
    let mut path = Buf::with_capacity(value.len() + 1)?;
    let first = value.first().copied();
    let start = match first {
        Some(b'/') => Some(1),
        Some(b'\\') if special => Some(1),
        Some(_) => Some(0),
        None if special => Some(0),
        None => None,
    };
    match start {
        Some(p) => {
            parser::path_state(value, p, &mut path, 0, mode)?;
        }
        // A non-special URL: an empty value empties the path, and leaves
        // it as one empty segment when there is no host.
        None if url.host_kind == HostKind::None => path.push(b'/')?,
        None => {}
    }
    let mut parts = url.parts();
    parts.path = &path;
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

/// The search setter: the query state with a state override.
fn set_search(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    let mut query = Buf::new();
    let mut parts = url.parts();
    if value.is_empty() {
        parts.query = None;
    } else {
        let input = value.strip_prefix(b"?").unwrap_or(value);
        let mut scratch = Buf::new();
        let input = parser::clean(input, &mut scratch)?;
        query.reserve(input.len())?;
        parser::encode_query(input, url.scheme.is_special(), &mut query)?;
        parts.query = Some(&query);
    }
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

/// Sets the query to `query` as it is, `None` making it null: the
/// `URLSearchParams` update steps, whose query (a form serialisation) needs
/// no encoding. When memory runs out, the URL is as it was.
pub(super) fn replace_query(url: &mut Url, query: Option<&[u8]>) -> Result<(), NoMemory> {
    let mut parts = url.parts();
    parts.query = query;
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(())
}

/// The hash setter: the fragment state with a state override.
fn set_hash(url: &mut Url, value: &[u8]) -> Result<SetOutcome, SetError> {
    let mut fragment = Buf::new();
    let mut parts = url.parts();
    if value.is_empty() {
        parts.fragment = None;
    } else {
        let input = value.strip_prefix(b"#").unwrap_or(value);
        let mut scratch = Buf::new();
        let input = parser::clean(input, &mut scratch)?;
        fragment.reserve(input.len())?;
        encode_sets::utf8_percent_encode(input, FRAGMENT, &mut fragment)?;
        parts.fragment = Some(&fragment);
    }
    let new_url = assemble(&parts)?;
    *url = new_url;
    Ok(SetOutcome::Applied)
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn set_to(href: &str, part: Part, value: &str) -> (String, SetOutcome) {
        let mut url = parse(href.as_bytes(), None).unwrap();
        let outcome = url.set(part, value.as_bytes()).unwrap();
        (url.as_str().to_string(), outcome)
    }

    #[test]
    fn ignored_values_leave_the_url_unchanged() {
        for (href, part, value) in [
            ("http://h/", Part::Protocol, "sc"),
            ("sc://h/", Part::Protocol, "http"),
            ("http://u@h/", Part::Protocol, "file"),
            ("file:///x", Part::Protocol, "http"),
            ("http://h/", Part::Protocol, "1x"),
            ("http://h/", Part::Protocol, "ht tp"),
            ("file:///x", Part::Username, "u"),
            ("sc:/x", Part::Password, "p"),
            ("mailto:x", Part::Host, "h"),
            ("http://h/", Part::Host, ""),
            ("http://h/", Part::Hostname, "a:1"),
            ("http://h/", Part::Host, "a b"),
            ("http://h/", Part::Port, "x"),
            ("http://h/", Part::Port, "65536"),
            ("mailto:x", Part::Pathname, "/y"),
        ] {
            let (out, outcome) = set_to(href, part, value);
            assert_eq!(
                (out.as_str(), outcome),
                (href, SetOutcome::Ignored),
                "{href} {part:?} {value}"
            );
        }
    }

    #[test]
    fn applied_values() {
        assert_eq!(
            set_to("http://h:8080/", Part::Protocol, "https:x").0,
            "https://h:8080/"
        );
        assert_eq!(
            set_to("http://h:443/", Part::Protocol, "HTTPS").0,
            "https://h/"
        );
        assert_eq!(
            set_to("http://h/", Part::Username, "a@b:c").0,
            "http://a%40b%3Ac@h/"
        );
        assert_eq!(set_to("http://u:p@h/", Part::Password, "").0, "http://u@h/");
        assert_eq!(set_to("http://u@h/", Part::Username, "").0, "http://h/");
        assert_eq!(
            set_to("http://h/", Part::Host, "EX.com:81/x").0,
            "http://ex.com:81/"
        );
        assert_eq!(
            set_to("http://h:9/", Part::Host, "ex.com:99999"),
            ("http://ex.com:9/".into(), SetOutcome::HostOnly)
        );
        assert_eq!(set_to("file://h/x", Part::Host, "localhost").0, "file:///x");
        assert_eq!(set_to("sc:/.//x", Part::Host, "h").0, "sc://h//x");
        assert_eq!(set_to("sc://h//x", Part::Host, "").0, "sc:////x");
        assert_eq!(set_to("http://h:81/", Part::Port, "80").0, "http://h/");
        assert_eq!(set_to("http://h:81/", Part::Port, "").0, "http://h/");
        assert_eq!(set_to("http://h/", Part::Port, "8\t1x").0, "http://h:81/");
        assert_eq!(
            set_to("http://h/a", Part::Pathname, "b/../c?#").0,
            "http://h/c%3F%23"
        );
        assert_eq!(set_to("sc://h/a", Part::Pathname, "").0, "sc://h");
        assert_eq!(set_to("sc:/a", Part::Pathname, "").0, "sc:/");
        assert_eq!(set_to("sc:/a", Part::Pathname, "//x").0, "sc:/.//x");
        assert_eq!(
            set_to("http://h/?a#b", Part::Search, "?x y#'").0,
            "http://h/?x%20y%23%27#b"
        );
        assert_eq!(set_to("http://h/?a#b", Part::Search, "").0, "http://h/#b");
        assert_eq!(
            set_to("http://h/?a#b", Part::Hash, "#x #").0,
            "http://h/?a#x%20#"
        );
        assert_eq!(set_to("http://h/?a#b", Part::Hash, "").0, "http://h/?a");
    }

    #[test]
    fn href_setter() {
        let mut url = parse(b"http://h/", None).unwrap();
        assert_eq!(
            url.set(Part::Href, b"x"),
            Err(SetError::InvalidHref(ParseError::MissingScheme))
        );
        assert_eq!(url.href(), b"http://h/");
        assert_eq!(url.set(Part::Href, b"HTTP://Y"), Ok(SetOutcome::Applied));
        assert_eq!(url.href(), b"http://y/");
    }
}
