//! The parser's route for the common URL that it would write back
//! unchanged: `scheme://host[:port][/path][?query][#fragment]` with a
//! special scheme other than `file`, in lower case, and every component
//! already what the serialiser writes; and `file://[host]/path[?query][#fragment]`
//! in the same way, with an empty host or `localhost` (which the
//! serialiser drops) too ([`file_url`], apart, so that the common route's
//! code stays as it is).
//!
//! Such an input is its own serialisation (less the `/` of an empty path
//! and the case of the host), so the route checks it in one scan, copies
//! it once and records the offsets. Anything it is not sure of (a byte
//! that a set would encode, credentials, a dot segment, a port to drop, a
//! host that may be an IPv4 address or needs IDNA, any space, tab,
//! newline, control or non-ASCII byte) sends the input to the state
//! machine, untouched. The differential test below checks the route
//! against the state machine on both corpora and every web-platform-tests
//! input.

use super::encode_sets::{
    contains, Set, FRAGMENT, NOT_PLAIN_DOMAIN, NOT_URL_UNIT, SPECIAL_PATH_STOP, SPECIAL_QUERY,
};
use super::host::{self, HostError, HostKind};
use super::ip::ends_in_a_number;
use super::lexical::{is_double_dot, is_single_dot, port_value};
use super::report::{NoReport, Place, Reporter, ValidationError};
use super::units::{self, Strict};
use super::{Scheme, Url};
use crate::bytes::buf::{Buf, NoMemory};

/// The URL that `input` is when the route can tell on its own (see the
/// module's documentation); `None` sends it to the state machine.
/// `Some(Err)` only when memory ran out. The URL is written in `buf`'s
/// memory, which is taken (and given back, empty, when memory runs out).
/// Always inlined: into the parser, where it is most of the work for most
/// URLs, and into the reporting parse.
#[inline(always)]
pub(crate) fn parse(input: &[u8], buf: &mut Buf) -> Option<Result<Url, NoMemory>> {
    parse_with(input, buf, &mut NoReport)
}

/// [`parse`], reporting the validation errors such an input can have: a
/// domain that strict IDNA processing refuses, and the bytes of its path,
/// query and fragment that are not URL units (which the route's scans stop
/// at too when reporting). The errors are reported as the route goes: when
/// it gives `None`, the caller forgets them.
#[inline(always)]
pub(crate) fn parse_with<R: Reporter>(
    input: &[u8],
    buf: &mut Buf,
    r: &mut R,
) -> Option<Result<Url, NoMemory>> {
    let Some((scheme, scheme_end)) = special_scheme(input) else {
        // The file route does not report: a reporting parse of a file URL
        // takes the state machine.
        return if R::ON { None } else { file_url(input, buf) };
    };
    let host_start = scheme_end + 3;
    // When reporting, the scan that finds where the host ends also tells
    // whether strict IDNA processing accepts it.
    let mut strict = Strict::Yes;
    let host_end = if R::ON {
        let (end, s) = units::scan_host(input, host_start);
        strict = s;
        end
    } else {
        host_start
            + input[host_start..]
                .iter()
                .position(|&b| contains(NOT_PLAIN_DOMAIN, b))
                .unwrap_or(input.len() - host_start)
    };
    let host = &input[host_start..host_end];
    // An empty host fails; one ending in a number is an IPv4 address to
    // parse (or a failure).
    if host.is_empty() || ends_in_a_number(host) {
        return None;
    }
    let mut p = host_end;
    let mut port = None;
    if input.get(p) == Some(&b':') {
        let digits = input[p + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let text = &input[p + 1..p + 1 + digits];
        // An empty port, a leading zero and the default port are not
        // written as they are read.
        let value = match text.first() {
            Some(b'1'..=b'9') => port_value(text)?,
            _ => return None,
        };
        if Some(value) == scheme.default_port() {
            return None;
        }
        port = Some(value);
        p += 1 + digits;
    }
    if R::ON && strict != Strict::Yes {
        let place = Place {
            at: host_start,
            len: host.len(),
            exact: true,
        };
        if strict == Strict::No {
            place.whole(r, ValidationError::DomainToAscii);
        } else if let Err(HostError::NoMemory) = host::report_strict(host, r, place) {
            return Some(Err(NoMemory));
        }
    }
    let path_start = p;
    let empty_path = input.get(p) != Some(&b'/');
    let (query, fragment) = path_query_fragment(input, p, r)?;
    Some(build(
        input,
        Offsets {
            scheme,
            scheme_end,
            host_end,
            port,
            path_start,
            empty_path,
            query,
            fragment,
        },
        buf,
    ))
}

/// The rest of an input from its path at `p`: where its query and
/// fragment start, when every part is plain. The path: segments of bytes
/// that no set encodes, none of them a dot segment (an empty path is
/// serialised as `/`); the query and fragment: bytes their sets do not
/// encode.
#[inline(always)]
fn path_query_fragment<R: Reporter>(
    input: &[u8],
    mut p: usize,
    r: &mut R,
) -> Option<(Option<usize>, Option<usize>)> {
    while input.get(p) == Some(&b'/') {
        let seg = p + 1;
        p = if R::ON {
            run_end(input, seg, SPECIAL_PATH_STOP, r)
        } else {
            seg + input[seg..]
                .iter()
                .position(|&b| contains(SPECIAL_PATH_STOP, b))
                .unwrap_or(input.len() - seg)
        };
        let segment = &input[seg..p];
        if matches!(segment.first(), Some(b'.' | b'%'))
            && (is_single_dot(segment) || is_double_dot(segment))
        {
            return None;
        }
    }
    let query = p;
    p = plain_part(input, p, b'?', SPECIAL_QUERY, r);
    let fragment = p;
    p = plain_part(input, p, b'#', FRAGMENT, r);
    if p != input.len() {
        return None;
    }
    Some((
        (query < input.len() && input[query] == b'?').then_some(query),
        (fragment < input.len()).then_some(fragment),
    ))
}

/// The route for `file://[host]/path[?query][#fragment]`: as the special
/// schemes' but for what a file URL's host does. It may be empty, and
/// `localhost` is cut; it has no port; and a path that starts with a drive
/// letter (`/C:`, `/C|`) is left to the state machine when the host
/// before it is another (which the drive letter drops) or the letter has
/// `|` (which becomes `:`).
#[inline(never)]
fn file_url(input: &[u8], buf: &mut Buf) -> Option<Result<Url, NoMemory>> {
    let rest = input.strip_prefix(b"file://")?;
    let host_start = 7;
    let host_end = host_start
        + rest
            .iter()
            .position(|&b| contains(NOT_PLAIN_DOMAIN, b))
            .unwrap_or(rest.len());
    let host = &input[host_start..host_end];
    if ends_in_a_number(host) || input.get(host_end) == Some(&b':') {
        return None;
    }
    let localhost = host.eq_ignore_ascii_case(b"localhost");
    let p = host_end;
    if let Some(&[letter, mark]) = input.get(p + 1..p + 3) {
        let drive = letter.is_ascii_alphabetic()
            && matches!(mark, b':' | b'|')
            && matches!(input.get(p + 3), None | Some(b'/' | b'\\' | b'?' | b'#'));
        if drive && (mark == b'|' || (!host.is_empty() && !localhost)) {
            return None;
        }
    }
    let empty_path = input.get(p) != Some(&b'/');
    let (query, fragment) = path_query_fragment(input, p, &mut NoReport)?;
    let o = Offsets {
        scheme: Scheme::File,
        scheme_end: 4,
        host_end,
        port: None,
        path_start: p,
        empty_path,
        query,
        fragment,
    };
    if !localhost {
        return Some(build(input, o, buf));
    }
    // `localhost` cut: the input without it, and every offset after it
    // moved back.
    let cut = host_end - host_start;
    let shift = usize::from(empty_path);
    Some((|| {
        buf.clear();
        buf.reserve(input.len() - cut + shift)?;
        let mut s = std::mem::take(buf);
        s.extend_from_slice(&input[..host_start])?;
        if empty_path {
            s.push(b'/')?;
        }
        s.extend_from_slice(&input[p..])?;
        Ok(Url {
            serialization: s,
            scheme_end: 4,
            scheme: Scheme::File,
            username_end: host_start,
            host_start,
            host_end: host_start,
            host_kind: HostKind::Empty,
            port: None,
            path_start: host_start,
            query_start: query.map(|q| q - cut + shift),
            fragment_start: fragment.map(|f| f - cut + shift),
            opaque_path: false,
        })
    })())
}

/// Where the part that `lead` starts at `p` ends, when it does (else
/// `p`): at the first byte of `set`, which encodes them, or at the end.
#[inline(always)]
fn plain_part<R: Reporter>(input: &[u8], p: usize, lead: u8, set: Set, r: &mut R) -> usize {
    if input.get(p) != Some(&lead) {
        return p;
    }
    if R::ON {
        return run_end(input, p + 1, set, r);
    }
    p + 1
        + input[p + 1..]
            .iter()
            .position(|&b| contains(set, b))
            .unwrap_or(input.len() - p - 1)
}

/// Where the run of bytes outside `stops` from `p` ends, when reporting:
/// at the first byte of `stops`, or at the end; the scan also stops at each
/// byte that is not a URL unit, reports it and goes on.
#[inline(always)]
fn run_end<R: Reporter>(input: &[u8], mut p: usize, stops: Set, r: &mut R) -> usize {
    let scan = stops.union(NOT_URL_UNIT);
    loop {
        p += input[p..]
            .iter()
            .position(|&b| contains(scan, b))
            .unwrap_or(input.len() - p);
        if p == input.len() || contains(stops, input[p]) {
            return p;
        }
        units::report_ascii_unit(input, p, r);
        p += 1;
    }
}

/// A special scheme other than `file`, in lower case and followed by
/// `://`: the scheme and the index of its `:`.
#[inline(always)]
fn special_scheme(input: &[u8]) -> Option<(Scheme, usize)> {
    let (scheme, n) = match input {
        [b'h', b't', b't', b'p', b's', ..] => (Scheme::Https, 5),
        [b'h', b't', b't', b'p', ..] => (Scheme::Http, 4),
        [b'w', b's', b's', ..] => (Scheme::Wss, 3),
        [b'w', b's', ..] => (Scheme::Ws, 2),
        [b'f', b't', b'p', ..] => (Scheme::Ftp, 3),
        _ => return None,
    };
    input[n..].starts_with(b"://").then_some((scheme, n))
}

/// Where the components of an accepted input are, in the input.
struct Offsets {
    scheme: Scheme,
    scheme_end: usize,
    host_end: usize,
    port: Option<u16>,
    path_start: usize,
    /// The path is empty: `/` is inserted at `path_start`.
    empty_path: bool,
    query: Option<usize>,
    fragment: Option<usize>,
}

/// The URL of an input the route accepted: the input, its host in lower
/// case, with `/` for an empty path. Inlined into [`parse`], as it is.
#[inline(always)]
fn build(input: &[u8], o: Offsets, buf: &mut Buf) -> Result<Url, NoMemory> {
    buf.clear();
    buf.reserve(input.len() + usize::from(o.empty_path))?;
    let mut s = std::mem::take(buf);
    let shift = usize::from(o.empty_path);
    if o.empty_path {
        s.extend_from_slice(&input[..o.path_start])?;
        s.push(b'/')?;
        s.extend_from_slice(&input[o.path_start..])?;
    } else {
        s.extend_from_slice(input)?;
    }
    let host_start = o.scheme_end + 3;
    s[host_start..o.host_end].make_ascii_lowercase();
    Ok(Url {
        serialization: s,
        scheme_end: o.scheme_end,
        scheme: o.scheme,
        username_end: host_start,
        host_start,
        host_end: o.host_end,
        host_kind: if o.host_end == host_start {
            HostKind::Empty
        } else {
            HostKind::Domain
        },
        port: o.port,
        path_start: o.path_start,
        query_start: o.query.map(|q| q + shift),
        fragment_start: o.fragment.map(|f| f + shift),
        opaque_path: false,
    })
}
