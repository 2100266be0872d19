//! The basic URL parser of the URL Standard ("URL parsing"), without state
//! override; the setters reuse its path, query and fragment steps.
//!
//! Each state of the Standard is a method here, named after it, that runs
//! from a position `p` of the input (the Standard's pointer; `None` from
//! `input.get(p)` is its EOF code point). A state that "decreases the
//! pointer by 1" before the next one becomes a call of the next state at
//! the same `p`. Components are written into the URL's buffer in the order
//! they are serialised, so the buffer is the `href` when the last state
//! returns. The Standard's `buffer` is never built: a state scans ahead to
//! where its buffer would end and works on that slice of the input.
//!
//! The input is processed as bytes of UTF-8: every code point the state
//! machine tests for is ASCII, and a non-ASCII code point, being in every
//! percent-encode set, is percent-encoded byte by byte, which is what
//! UTF-8 percent-encoding it does.

use super::encode_sets::{
    self, contains, is_printable, FRAGMENT, HOST_DELIMITER, PATH_STOP, QUERY, SPECIAL_PATH_STOP,
    SPECIAL_QUERY, USERINFO,
};
use super::host::{self, HostKind};
use super::ip;
use super::lexical::{is_double_dot, is_single_dot, port_value};
use super::report::{NoReport, Reporter, ValidationError};
use super::units::{self, Component};
use super::{ParseError, Scheme, Url};
use crate::bytes::buf::{Buf, NoMemory};

/// Removes the leading and trailing C0 controls and spaces of `input`.
#[cfg(test)]
pub(crate) fn trim_c0_control_or_space(input: &[u8]) -> &[u8] {
    let (start, end) = trimmed(input);
    &input[start..end]
}

/// Where `input` starts and ends without its leading and trailing C0
/// controls and spaces.
#[inline(always)]
pub(crate) fn trimmed(input: &[u8]) -> (usize, usize) {
    let start = input.iter().position(|&b| b > b' ').unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(start, |i| i + 1);
    (start, end)
}

/// The input as the state machine reads it: without ASCII tabs and
/// newlines, and with every invalid UTF-8 sequence replaced by U+FFFD.
/// Borrows `input` when there is nothing to change (the common case),
/// else builds the copy in `scratch`.
pub(crate) fn clean<'a>(input: &'a [u8], scratch: &'a mut Buf) -> Result<&'a [u8], NoMemory> {
    // ASCII without bytes below U+000E has no tab, newline or invalid
    // UTF-8: one cheap pass for most inputs, the exact tests for the rest.
    if crate::bytes::ascii::all_ascii_from(input, 0x0e) {
        return Ok(input);
    }
    let has_tab_or_newline = input.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r'));
    let is_ascii = input.is_ascii();
    if !has_tab_or_newline && (is_ascii || std::str::from_utf8(input).is_ok()) {
        return Ok(input);
    }
    scratch.reserve(input.len() + 2)?;
    for chunk in input.utf8_chunks() {
        for piece in chunk
            .valid()
            .as_bytes()
            .split(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
        {
            scratch.extend_from_slice(piece)?;
        }
        if !chunk.invalid().is_empty() {
            scratch.extend_from_slice("\u{FFFD}".as_bytes())?;
        }
    }
    Ok(scratch)
}

/// The basic URL parser on `input` with `base`.
pub(crate) fn parse(input: &[u8], base: Option<&Url>) -> Result<Url, ParseError> {
    parse_in(input, base, &mut Buf::new())
}

/// [`parse`], writing the URL in `buf`'s memory: the URL takes it, and a
/// failure gives it back, empty.
pub(crate) fn parse_in(input: &[u8], base: Option<&Url>, buf: &mut Buf) -> Result<Url, ParseError> {
    // An absolute special URL ignores the base, so the route for inputs
    // that are their own serialisation needs none.
    if let Some(url) = super::fast::parse(input, buf) {
        return Ok(url?);
    }
    state_machine_in(input, base, buf)
}

/// The basic URL parser's state machine on `input` with `base`, for every
/// input (the route of [`parse`] for plain ones is tested against it).
#[cfg(test)]
pub(crate) fn parse_state_machine(input: &[u8], base: Option<&Url>) -> Result<Url, ParseError> {
    state_machine_in(input, base, &mut Buf::new())
}

/// [`parse_state_machine`] in `buf`'s memory, as [`parse_in`].
fn state_machine_in(input: &[u8], base: Option<&Url>, buf: &mut Buf) -> Result<Url, ParseError> {
    let (start, end) = trimmed(input);
    let mut scratch = Buf::new();
    let input = clean(&input[start..end], &mut scratch)?;
    run_in(input, base, buf, NoReport)
}

/// The state machine on the cleaned `input`, in `buf`'s memory, reporting
/// to `r`.
#[inline(always)]
pub(crate) fn run_in<R: Reporter>(
    input: &[u8],
    base: Option<&Url>,
    buf: &mut Buf,
    r: R,
) -> Result<Url, ParseError> {
    let room = input.len() + base.map_or(0, |b| b.serialization.len()) + 8;
    buf.clear();
    buf.reserve(room)?;
    let mut parser = Parser {
        input,
        base,
        url: Url::empty(std::mem::take(buf)),
        r,
    };
    match parser.run().and_then(|()| Ok(parser.url.finish()?)) {
        Ok(()) => Ok(parser.url),
        Err(e) => {
            *buf = parser.url.serialization;
            buf.clear();
            Err(e)
        }
    }
}

/// A byte that the scheme state keeps: ASCII alphanumeric, `+`, `-`, `.`.
fn is_scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// The length of the scheme at the start of `input` when it is followed
/// by `:`: what the scheme start and scheme states find before they fall
/// back to the no scheme state.
pub(crate) fn scheme_length(input: &[u8]) -> Option<usize> {
    if !input.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = input.iter().position(|&b| !is_scheme_byte(b))?;
    (input[n] == b':').then_some(n)
}

/// A Windows drive letter: an ASCII alpha, then `:` or `|`.
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], b':' | b'|')
}

/// A normalized Windows drive letter: an ASCII alpha, then `:`.
fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// Whether `s` starts with a Windows drive letter followed by its end or
/// one of `/`, `\`, `?`, `#`.
fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

/// What the path state needs to know of the URL.
#[derive(Clone, Copy)]
pub(crate) struct PathMode {
    /// The URL is special: `\` ends a segment too.
    pub(crate) special: bool,
    /// The scheme is `file`: the Windows drive letter quirks apply.
    pub(crate) file: bool,
    /// A state override is given (the pathname setter): `?` and `#` are
    /// then part of the path.
    pub(crate) state_override: bool,
}

/// Shortens the path that starts at `path_start` in `out` (the segments,
/// each after a `/`): drops the last segment, unless it is the only one of
/// a `file` URL and a normalized Windows drive letter.
pub(crate) fn shorten(out: &mut Buf, path_start: usize, file: bool) {
    let path = &out[path_start..];
    if file && path.len() == 3 && is_normalized_windows_drive_letter(&path[1..]) {
        return;
    }
    if let Some(i) = path.iter().rposition(|&b| b == b'/') {
        out.truncate(path_start + i);
    }
}

/// The path state, from `p` in `input`, appending segments to the path
/// that starts at `path_start` in `out`. Returns where it stopped: the
/// index of a `?` or `#` that ends the path, or `None` at the end.
pub(crate) fn path_state(
    input: &[u8],
    mut p: usize,
    out: &mut Buf,
    path_start: usize,
    mode: PathMode,
) -> Result<Option<usize>, NoMemory> {
    // Every byte that ends a segment or is encoded is in the stop set; the
    // runs between them are copied as they are.
    let stops = if mode.special {
        SPECIAL_PATH_STOP
    } else {
        PATH_STOP
    };
    loop {
        let slash = out.len();
        out.push(b'/')?;
        // The segment (the Standard's buffer), percent-encoded as it goes.
        let mut run = p;
        let mut i = p;
        let stop = loop {
            i += input[i..]
                .iter()
                .position(|&b| contains(stops, b))
                .unwrap_or(input.len() - i);
            let Some(&b) = input.get(i) else {
                break None;
            };
            let ends = match b {
                b'/' => true,
                b'\\' => mode.special,
                b'?' | b'#' => !mode.state_override,
                _ => false,
            };
            if ends {
                break Some(b);
            }
            // A byte of the path set (the stop sets hold no other).
            out.extend_from_slice(&input[run..i])?;
            encode_sets::percent_encode_byte(b, out)?;
            i += 1;
            run = i;
        };
        out.extend_from_slice(&input[run..i])?;
        let slash_follows = matches!(stop, Some(b'/' | b'\\'));
        end_segment(out, path_start, slash, slash_follows, mode.file)?;
        if slash_follows {
            p = i + 1;
        } else {
            return Ok(stop.map(|_| i));
        }
    }
}

/// What the path state does with a finished segment, written after the
/// `/` at `slash`: `..` shortens the path, `.` vanishes, a first segment
/// of a `file` URL that is a drive letter gets its `:`.
fn end_segment(
    out: &mut Buf,
    path_start: usize,
    slash: usize,
    slash_follows: bool,
    file: bool,
) -> Result<(), NoMemory> {
    let segment = &out[slash + 1..];
    if is_double_dot(segment) {
        out.truncate(slash);
        shorten(out, path_start, file);
        if !slash_follows {
            out.push(b'/')?;
        }
    } else if is_single_dot(segment) {
        out.truncate(slash);
        if !slash_follows {
            out.push(b'/')?;
        }
    } else if file && slash == path_start && is_windows_drive_letter(segment) {
        out[slash + 2] = b':';
    }
    Ok(())
}

/// Appends `input` percent-encoded with the query set that fits the URL.
pub(crate) fn encode_query(input: &[u8], special: bool, out: &mut Buf) -> Result<(), NoMemory> {
    let set = if special { SPECIAL_QUERY } else { QUERY };
    encode_sets::utf8_percent_encode(input, set, out)
}

/// Appends `input` percent-encoded with the fragment set.
pub(crate) fn encode_fragment(input: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    // Most fragments are printable ASCII without the few bytes the set
    // adds: one check, one copy.
    if input
        .iter()
        .all(|&b| is_printable(b) && !contains(FRAGMENT, b))
    {
        return out.extend_from_slice(input);
    }
    encode_sets::utf8_percent_encode(input, FRAGMENT, out)
}

impl Url {
    /// A URL with nothing in it yet, built in `buf`.
    fn empty(buf: Buf) -> Url {
        Url {
            serialization: buf,
            scheme_end: 0,
            scheme: Scheme::Other,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            host_kind: HostKind::None,
            port: None,
            path_start: 0,
            query_start: None,
            fragment_start: None,
            opaque_path: false,
        }
    }

    /// Adds the `/.` that keeps a host-less path starting with `//` from
    /// reading as a host (URL serializer, step 3).
    fn finish(&mut self) -> Result<(), NoMemory> {
        if self.host_kind == HostKind::None
            && !self.opaque_path
            && self.serialization[self.path_start..].starts_with(b"//")
        {
            self.serialization.insert_slice(self.path_start, b"/.")?;
            self.path_start += 2;
            self.query_start = self.query_start.map(|q| q + 2);
            self.fragment_start = self.fragment_start.map(|f| f + 2);
        }
        Ok(())
    }
}

/// The parser's state: the input, the base, the URL being written, and
/// where its validation errors go.
struct Parser<'a, R: Reporter> {
    input: &'a [u8],
    base: Option<&'a Url>,
    url: Url,
    r: R,
}

impl<R: Reporter> Parser<'_, R> {
    /// Reports `error` at `start..end` of the input.
    #[inline(always)]
    fn report(&mut self, error: ValidationError, start: usize, end: usize) {
        self.r.report(error, start, end);
    }

    /// Reports `error` at the code point at `p` (empty at the end).
    #[inline(always)]
    fn report_at(&mut self, error: ValidationError, p: usize) {
        if R::ON {
            let end = units::code_point_end(self.input, p);
            self.r.report(error, p, end);
        }
    }

    /// The special authority ignore slashes state's reports: each `/` or
    /// `\` from `p` is one slash too many.
    #[inline(always)]
    fn report_extra_slashes(&mut self, p: usize) {
        if R::ON {
            for q in p..self.skip_slashes(p) {
                self.report(
                    ValidationError::SpecialSchemeMissingFollowingSolidus,
                    q,
                    q + 1,
                );
            }
        }
    }

    fn out(&mut self) -> &mut Buf {
        &mut self.url.serialization
    }

    fn special(&self) -> bool {
        self.url.scheme.is_special()
    }

    fn run(&mut self) -> Result<(), ParseError> {
        match scheme_length(self.input) {
            Some(n) => {
                let input = self.input;
                self.write_scheme(&input[..n])?;
                self.after_scheme(n + 1)
            }
            None => self.no_scheme_state(),
        }
    }

    /// Writes `scheme` lower-cased and `:`, and places every later offset
    /// after them.
    fn write_scheme(&mut self, scheme: &[u8]) -> Result<(), NoMemory> {
        self.out().extend_from_slice(scheme)?;
        self.url.serialization[..scheme.len()].make_ascii_lowercase();
        self.out().push(b':')?;
        let url = &mut self.url;
        url.scheme_end = url.serialization.len() - 1;
        url.scheme = Scheme::of(&url.serialization[..url.scheme_end]);
        let after = url.serialization.len();
        url.username_end = after;
        url.host_start = after;
        url.host_end = after;
        url.path_start = after;
        Ok(())
    }

    /// The rest of the scheme state, once `:` was found before `p`.
    fn after_scheme(&mut self, p: usize) -> Result<(), ParseError> {
        let rest = &self.input[p..];
        let slashes = rest.starts_with(b"//");
        if self.url.scheme == Scheme::File {
            if !slashes {
                self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, p, p);
            }
            return self.file_state(p);
        }
        if self.special() {
            let same_as_base = self.base.is_some_and(|b| b.scheme() == self.url.scheme());
            if !slashes {
                self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, p, p);
            }
            if same_as_base && !slashes {
                // Special relative or authority state, then relative state.
                return self.relative_state(p);
            }
            // Special authority slashes and ignore slashes states.
            self.report_extra_slashes(if slashes { p + 2 } else { p });
            return self.authority_state(self.skip_slashes(p));
        }
        if rest.starts_with(b"//") {
            return self.authority_state(p + 2);
        }
        if rest.starts_with(b"/") {
            return self.path_state(p + 1);
        }
        self.opaque_path_state(p)
    }

    /// The special authority ignore slashes state: skips `/` and `\`.
    fn skip_slashes(&self, p: usize) -> usize {
        let n = self.input[p..]
            .iter()
            .take_while(|&&b| b == b'/' || b == b'\\')
            .count();
        p + n
    }

    fn no_scheme_state(&mut self) -> Result<(), ParseError> {
        let c = self.input.first().copied();
        let Some(base) = self.base.filter(|b| !b.opaque_path || c == Some(b'#')) else {
            self.report(ValidationError::MissingSchemeNonRelativeUrl, 0, 0);
            return Err(ParseError::MissingScheme);
        };
        if base.opaque_path {
            // Scheme, opaque path and query of the base: its href up to
            // the fragment, and its offsets.
            let end = base.fragment_start.unwrap_or(base.serialization.len());
            self.out().extend_from_slice(&base.serialization[..end])?;
            let url = &mut self.url;
            url.scheme_end = base.scheme_end;
            url.scheme = base.scheme;
            url.username_end = base.username_end;
            url.host_start = base.host_start;
            url.host_end = base.host_end;
            url.path_start = base.path_start;
            url.query_start = base.query_start;
            url.opaque_path = true;
            return self.fragment_state(1);
        }
        self.write_scheme(base.scheme())?;
        if base.scheme == Scheme::File {
            self.file_state(0)
        } else {
            self.relative_state(0)
        }
    }

    /// Copies the base's credentials, host and port: its bytes from the
    /// scheme's `:` to the path, at the same offsets since the scheme
    /// written before them is the base's too.
    fn copy_base_authority(&mut self, base: &Url) -> Result<(), NoMemory> {
        let (from, to) = (base.scheme_end + 1, base.path_start);
        if base.host_kind != HostKind::None {
            self.out()
                .extend_from_slice(&base.serialization[from..to])?;
        }
        let url = &mut self.url;
        url.username_end = base.username_end;
        url.host_start = base.host_start;
        url.host_end = base.host_end;
        url.host_kind = base.host_kind;
        url.port = base.port;
        url.path_start = url.serialization.len();
        Ok(())
    }

    /// Appends the base's path (a clone of its list of segments).
    fn copy_base_path(&mut self, base: &Url) -> Result<(), NoMemory> {
        self.url.path_start = self.url.serialization.len();
        self.out().extend_from_slice(base.pathname())
    }

    /// Appends the base's query, when it has one.
    fn copy_base_query(&mut self, base: &Url) -> Result<(), NoMemory> {
        if let Some(q) = base.query() {
            self.url.query_start = Some(self.url.serialization.len());
            self.out().push(b'?')?;
            self.out().extend_from_slice(q)?;
        }
        Ok(())
    }

    fn relative_state(&mut self, p: usize) -> Result<(), ParseError> {
        let Some(base) = self.base else {
            return Err(ParseError::MissingScheme);
        };
        let c = self.input.get(p).copied();
        if c == Some(b'/') || (self.special() && c == Some(b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, p, p + 1);
            }
            return self.relative_slash_state(p + 1);
        }
        self.copy_base_authority(base)?;
        self.copy_base_path(base)?;
        match c {
            Some(b'?') => self.query_state(p + 1),
            Some(b'#') => {
                self.copy_base_query(base)?;
                self.fragment_state(p + 1)
            }
            Some(_) => {
                let file = self.url.scheme == Scheme::File;
                shorten(&mut self.url.serialization, self.url.path_start, file);
                self.path_state(p)
            }
            None => Ok(self.copy_base_query(base)?),
        }
    }

    fn relative_slash_state(&mut self, p: usize) -> Result<(), ParseError> {
        let c = self.input.get(p).copied();
        if self.special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, p, p + 1);
            }
            self.report_extra_slashes(p + 1);
            return self.authority_state(self.skip_slashes(p));
        }
        if c == Some(b'/') {
            return self.authority_state(p + 1);
        }
        if let Some(base) = self.base {
            self.copy_base_authority(base)?;
        }
        self.path_state(p)
    }

    /// The authority state: the credentials before the last `@` of the
    /// authority, then the host state after it.
    fn authority_state(&mut self, p: usize) -> Result<(), ParseError> {
        let special = self.special();
        let input = self.input;
        let end = input[p..]
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
            .map_or(input.len(), |i| p + i);
        self.out().extend_from_slice(b"//")?;
        let user_start = self.url.serialization.len();
        let mut host_from = p;
        if let Some(at) = input[p..end].iter().rposition(|&b| b == b'@') {
            if R::ON {
                for q in (p..=p + at).filter(|&q| input[q] == b'@') {
                    self.report(ValidationError::InvalidCredentials, q, q + 1);
                }
            }
            host_from = p + at + 1;
            if host_from == end {
                self.report(ValidationError::HostMissing, end, end);
                return Err(ParseError::HostMissing);
            }
            self.write_credentials(&input[p..p + at])?;
        }
        let url = &mut self.url;
        if url.serialization.len() == user_start {
            url.username_end = user_start;
        }
        url.host_start = url.serialization.len();
        self.host_state(host_from)
    }

    /// Writes `username[:password]@` from the userinfo (every `@` in it
    /// was one the authority state met before the last), or nothing when
    /// both are empty.
    fn write_credentials(&mut self, userinfo: &[u8]) -> Result<(), NoMemory> {
        let (user, password) = match userinfo.iter().position(|&b| b == b':') {
            Some(i) => (&userinfo[..i], &userinfo[i + 1..]),
            None => (userinfo, &b""[..]),
        };
        let out = &mut self.url.serialization;
        let start = out.len();
        encode_sets::utf8_percent_encode(user, USERINFO, out)?;
        let username_end = out.len();
        if !password.is_empty() {
            out.push(b':')?;
            encode_sets::utf8_percent_encode(password, USERINFO, out)?;
        }
        if out.len() > start {
            out.push(b'@')?;
        }
        self.url.username_end = username_end;
        Ok(())
    }

    /// The host state (no state override): the host up to a `:` outside
    /// brackets or the end of the authority, then the port state.
    fn host_state(&mut self, p: usize) -> Result<(), ParseError> {
        let special = self.special();
        let input = self.input;
        let (end, colon) = host_end(input, p, special);
        let buffer = &input[p..end];
        if buffer.is_empty() && (colon || special) {
            self.report(ValidationError::HostMissing, p, p);
            return Err(ParseError::HostMissing);
        }
        self.write_host(buffer, p)?;
        if colon {
            self.port_state(end + 1)
        } else {
            self.path_start_state(end)
        }
    }

    /// Host-parses `buffer`, at `at` of the input, into the URL (opaque
    /// when not special).
    fn write_host(&mut self, buffer: &[u8], at: usize) -> Result<(), ParseError> {
        let is_opaque = !self.special();
        let out = &mut self.url.serialization;
        let kind = if R::ON {
            host::parse_reporting(buffer, is_opaque, out, &mut self.r, at)?
        } else {
            host::parse(buffer, is_opaque, out)?
        };
        self.url.host_kind = kind;
        self.url.host_end = self.url.serialization.len();
        Ok(())
    }

    fn port_state(&mut self, p: usize) -> Result<(), ParseError> {
        let input = self.input;
        let end = p + input[p..].iter().take_while(|b| b.is_ascii_digit()).count();
        match input.get(end) {
            None | Some(b'/' | b'?' | b'#') => {}
            Some(b'\\') if self.special() => {}
            Some(_) => {
                self.report_at(ValidationError::PortInvalid, end);
                return Err(ParseError::InvalidPort);
            }
        }
        if end > p {
            let Some(port) = port_value(&input[p..end]) else {
                self.report(ValidationError::PortOutOfRange, p, end);
                return Err(ParseError::InvalidPort);
            };
            if Some(port) != self.url.scheme.default_port() {
                self.url.port = Some(port);
                self.out().push(b':')?;
                ip::write_decimal(u32::from(port), self.out())?;
            }
        }
        self.path_start_state(end)
    }

    /// The file state: `file:` is written; the host is the empty string
    /// unless a slash state or the base says otherwise.
    fn file_state(&mut self, p: usize) -> Result<(), ParseError> {
        self.out().extend_from_slice(b"//")?;
        let after = self.url.serialization.len();
        let url = &mut self.url;
        url.username_end = after;
        url.host_start = after;
        url.host_end = after;
        url.host_kind = HostKind::Empty;
        url.path_start = after;
        let c = self.input.get(p).copied();
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, p, p + 1);
            }
            return self.file_slash_state(p + 1);
        }
        let Some(base) = self.base.filter(|b| b.scheme == Scheme::File) else {
            return self.path_state(p);
        };
        self.copy_base_host(base)?;
        self.copy_base_path(base)?;
        match c {
            Some(b'?') => self.query_state(p + 1),
            Some(b'#') => {
                self.copy_base_query(base)?;
                self.fragment_state(p + 1)
            }
            Some(_) => {
                let path_start = self.url.path_start;
                if starts_with_windows_drive_letter(&self.input[p..]) {
                    self.report(ValidationError::FileInvalidWindowsDriveLetter, p, p + 2);
                    self.url.serialization.truncate(path_start);
                } else {
                    shorten(&mut self.url.serialization, path_start, true);
                }
                self.path_state(p)
            }
            None => Ok(self.copy_base_query(base)?),
        }
    }

    /// Replaces the empty host just written by a `file` base's host.
    fn copy_base_host(&mut self, base: &Url) -> Result<(), NoMemory> {
        self.out().extend_from_slice(base.hostname())?;
        let url = &mut self.url;
        url.host_end = url.serialization.len();
        url.host_kind = base.host_kind;
        url.path_start = url.host_end;
        Ok(())
    }

    fn file_slash_state(&mut self, p: usize) -> Result<(), ParseError> {
        let c = self.input.get(p).copied();
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, p, p + 1);
            }
            return self.file_host_state(p + 1);
        }
        if let Some(base) = self.base.filter(|b| b.scheme == Scheme::File) {
            self.copy_base_host(base)?;
            let first = base.pathname().get(1..).unwrap_or(b"");
            let first = first.split(|&b| b == b'/').next().unwrap_or(b"");
            if !starts_with_windows_drive_letter(&self.input[p..])
                && is_normalized_windows_drive_letter(first)
            {
                self.out().push(b'/')?;
                self.out().extend_from_slice(first)?;
            }
        }
        self.path_state(p)
    }

    fn file_host_state(&mut self, p: usize) -> Result<(), ParseError> {
        let input = self.input;
        let end = input[p..]
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .map_or(input.len(), |i| p + i);
        let buffer = &input[p..end];
        if is_windows_drive_letter(buffer) {
            // The drive letter is the path's first segment, not a host.
            self.report(ValidationError::FileInvalidWindowsDriveLetterHost, p, end);
            return self.path_state(p);
        }
        if !buffer.is_empty() {
            self.write_host(buffer, p)?;
            let url = &mut self.url;
            if &url.serialization[url.host_start..] == b"localhost" {
                url.serialization.truncate(url.host_start);
                url.host_end = url.host_start;
                url.host_kind = HostKind::Empty;
            }
        }
        self.path_start_state(end)
    }

    /// The path start state (no state override).
    fn path_start_state(&mut self, p: usize) -> Result<(), ParseError> {
        self.url.path_start = self.url.serialization.len();
        let c = self.input.get(p).copied();
        if self.special() {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, p, p + 1);
            }
            let p = if matches!(c, Some(b'/' | b'\\')) {
                p + 1
            } else {
                p
            };
            return self.path_state(p);
        }
        match c {
            Some(b'?') => self.query_state(p + 1),
            Some(b'#') => self.fragment_state(p + 1),
            Some(b'/') => self.path_state(p + 1),
            Some(_) => self.path_state(p),
            None => Ok(()),
        }
    }

    /// The path state (no state override), then the query or fragment
    /// state it ends in.
    fn path_state(&mut self, p: usize) -> Result<(), ParseError> {
        let mode = PathMode {
            special: self.special(),
            file: self.url.scheme == Scheme::File,
            state_override: false,
        };
        let path_start = self.url.path_start;
        let stop = path_state(self.input, p, &mut self.url.serialization, path_start, mode)?;
        if R::ON {
            let component = match mode.special {
                true => Component::SpecialPath,
                false => Component::Other,
            };
            let end = stop.unwrap_or(self.input.len());
            units::scan(self.input, p, end, component, &mut self.r);
        }
        self.after_path(stop)
    }

    /// Goes on after a path that stopped at `stop` (`?`, `#` or the end).
    fn after_path(&mut self, stop: Option<usize>) -> Result<(), ParseError> {
        match stop {
            Some(i) if self.input[i] == b'?' => self.query_state(i + 1),
            Some(i) => self.fragment_state(i + 1),
            None => Ok(()),
        }
    }

    /// The opaque path state: C0-control-encoded up to `?` or `#`, a space
    /// right before either becoming `%20`.
    fn opaque_path_state(&mut self, p: usize) -> Result<(), ParseError> {
        let input = self.input;
        self.url.opaque_path = true;
        self.url.path_start = self.url.serialization.len();
        let end = input[p..]
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .map_or(input.len(), |i| p + i);
        if R::ON {
            units::scan(input, p, end, Component::Other, &mut self.r);
        }
        let out = &mut self.url.serialization;
        encode_sets::utf8_percent_encode(&input[p..end], encode_sets::C0_CONTROL, out)?;
        if end < input.len() && end > p && input[end - 1] == b' ' {
            out.truncate(out.len() - 1);
            out.extend_from_slice(b"%20")?;
        }
        self.after_path((end < input.len()).then_some(end))
    }

    fn query_state(&mut self, p: usize) -> Result<(), ParseError> {
        let input = self.input;
        let end = input[p..]
            .iter()
            .position(|&b| b == b'#')
            .map_or(input.len(), |i| p + i);
        if R::ON {
            units::scan(input, p, end, Component::Other, &mut self.r);
        }
        self.url.query_start = Some(self.url.serialization.len());
        self.out().push(b'?')?;
        let special = self.special();
        encode_query(&input[p..end], special, self.out())?;
        if end < input.len() {
            return self.fragment_state(end + 1);
        }
        Ok(())
    }

    fn fragment_state(&mut self, p: usize) -> Result<(), ParseError> {
        self.url.fragment_start = Some(self.url.serialization.len());
        self.out().push(b'#')?;
        let input = self.input;
        if R::ON {
            units::scan(input, p, input.len(), Component::Other, &mut self.r);
        }
        Ok(encode_fragment(&input[p..], self.out())?)
    }
}

/// Where the host state's buffer ends from `p`: at a `:` outside brackets
/// (then `true`) or at the end of the authority (`false`).
pub(crate) fn host_end(input: &[u8], p: usize, special: bool) -> (usize, bool) {
    let mut inside_brackets = false;
    let mut i = p;
    // Jump from delimiter to delimiter: most host bytes are none.
    while let Some(n) = input[i..].iter().position(|&b| contains(HOST_DELIMITER, b)) {
        i += n;
        match input[i] {
            b':' if !inside_brackets => return (i, true),
            b'/' | b'?' | b'#' => return (i, false),
            b'\\' if special => return (i, false),
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        i += 1;
    }
    (input.len(), false)
}
