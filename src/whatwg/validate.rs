//! `URL.canParse` without making the URL: whether the basic URL parser
//! returns failure, decided without allocating.
//!
//! The parser fails only where it reads a scheme-relative input without a
//! base it can use, and in the authority: a missing or invalid host, an
//! invalid port. The path, query and fragment states never fail. So this
//! module follows the parser's states only as far as they decide which
//! authority (if any) is parsed, then checks that authority's host and
//! port as the host parser and port state would, writing nothing.
//!
//! It works on the input as the parser reads it (trimmed, tabs and
//! newlines removed, invalid UTF-8 replaced): the input itself when that
//! changes nothing, else a cleaned copy on the stack. Two cases still
//! allocate, through the parser's own code: an input that needs cleaning
//! and is longer than that stack room, and a domain that is not ASCII
//! after percent-decoding (UTS #46 processing), or whose decoding does
//! not fit the room. The tests below check every web-platform-tests
//! input and both corpora against [`super::parse_with_base`].

use super::encode_sets::{contains, FORBIDDEN_DOMAIN, FORBIDDEN_HOST, NOT_PLAIN_DOMAIN};
use super::ip::{ends_in_a_number, parse_ipv4, parse_ipv6};
use super::lexical::port_value;
use super::parser::{host_end, is_windows_drive_letter, scheme_length};
use super::{ParseError, Scheme};
use crate::bytes::ascii::all_ascii_from;
use crate::bytes::buf::Buf;

/// The bytes of stack room for a cleaned input or a decoded host.
const ROOM: usize = 2048;

/// What a relative input needs to know of its base.
#[derive(Clone, Copy)]
struct BaseInfo {
    scheme: Scheme,
    /// The base has an opaque path (`mailto:x`): only `#` inputs resolve.
    opaque: bool,
}

/// What a check gives: nothing, or why the parser would fail.
type Check<T = ()> = Result<T, ParseError>;

/// `Ok` when `parse_with_base(input, base)` succeeds, else the error it
/// returns, except that every failure of the parser's own making (a
/// missing scheme, host or port, an invalid one) is
/// [`ParseError::InvalidHost`] or [`ParseError::MissingScheme`] without
/// telling which: only [`ParseError::InvalidBase`],
/// [`ParseError::IdnaUnavailable`] and [`ParseError::NoMemory`] are exact.
pub(crate) fn check_with_base(input: &[u8], base: Option<&[u8]>) -> Check {
    let base = match base {
        Some(b) => Some(cleaned(b, |b| check(b, None)).map_err(|e| match e {
            ParseError::NoMemory | ParseError::IdnaUnavailable => e,
            _ => ParseError::InvalidBase,
        })?),
        None => None,
    };
    cleaned(input, |i| check(i, base)).map(|_| ())
}

/// Runs `f` on `input` as the parser reads it.
fn cleaned<R>(input: &[u8], f: impl FnOnce(&[u8]) -> Check<R>) -> Check<R> {
    let start = input.iter().position(|&b| b > b' ').unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(start, |i| i + 1);
    let input = &input[start..end];
    if all_ascii_from(input, 0x0e)
        || (!input.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
            && std::str::from_utf8(input).is_ok())
    {
        return f(input);
    }
    let mut room = [0u8; ROOM];
    if let Some(n) = clean_into(input, &mut room) {
        return f(&room[..n]);
    }
    let mut scratch = Buf::new();
    f(super::parser::clean(input, &mut scratch)?)
}

/// The parser's cleaning of `input` into `room`: its length, or `None`
/// when it does not fit.
fn clean_into(input: &[u8], room: &mut [u8]) -> Option<usize> {
    let mut n = 0;
    let mut put = |bytes: &[u8]| -> Option<()> {
        room.get_mut(n..n + bytes.len())?.copy_from_slice(bytes);
        n += bytes.len();
        Some(())
    };
    for chunk in input.utf8_chunks() {
        for piece in chunk
            .valid()
            .as_bytes()
            .split(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
        {
            put(piece)?;
        }
        if !chunk.invalid().is_empty() {
            put("\u{FFFD}".as_bytes())?;
        }
    }
    Some(n)
}

/// Whether the cleaned `input` parses against `base`; what a later input
/// needs to know of it when it does.
fn check(input: &[u8], base: Option<BaseInfo>) -> Check<BaseInfo> {
    let Some(n) = scheme_length(input) else {
        return no_scheme(input, base.ok_or(ParseError::MissingScheme)?);
    };
    let scheme = scheme_of(&input[..n]);
    let rest = &input[n + 1..];
    let info = |opaque| BaseInfo { scheme, opaque };
    if scheme == Scheme::File {
        return file(rest).map(|()| info(false));
    }
    if scheme.is_special() {
        let same_as_base = base.is_some_and(|b| b.scheme == scheme);
        if same_as_base && !rest.starts_with(b"//") {
            relative(rest, true)?;
        } else {
            authority(skip_slashes(rest), true)?;
        }
        return Ok(info(false));
    }
    if let Some(after) = rest.strip_prefix(b"//") {
        return authority(after, false).map(|()| info(false));
    }
    // A path, or an opaque path: neither fails.
    Ok(info(!rest.starts_with(b"/")))
}

/// The scheme of the lower-cased `name`, without writing it: only the
/// special ones matter.
fn scheme_of(name: &[u8]) -> Scheme {
    const SPECIAL: [(&[u8], Scheme); 6] = [
        (b"http", Scheme::Http),
        (b"https", Scheme::Https),
        (b"ws", Scheme::Ws),
        (b"wss", Scheme::Wss),
        (b"ftp", Scheme::Ftp),
        (b"file", Scheme::File),
    ];
    SPECIAL
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(name))
        .map_or(Scheme::Other, |&(_, k)| k)
}

/// The no scheme state.
fn no_scheme(input: &[u8], base: BaseInfo) -> Check<BaseInfo> {
    if base.opaque {
        return match input.starts_with(b"#") {
            true => Ok(base),
            false => Err(ParseError::MissingScheme),
        };
    }
    if base.scheme == Scheme::File {
        file(input)?;
    } else {
        relative(input, base.scheme.is_special())?;
    }
    Ok(BaseInfo {
        scheme: base.scheme,
        opaque: false,
    })
}

/// The relative state and the relative slash state: an authority only
/// after two slashes (`\` counting as one in a special URL).
fn relative(input: &[u8], special: bool) -> Check {
    let slash = |c: Option<&u8>| c == Some(&b'/') || (special && c == Some(&b'\\'));
    if !slash(input.first()) || !slash(input.get(1)) {
        return Ok(());
    }
    if special {
        authority(skip_slashes(input), true)
    } else {
        authority(&input[2..], false)
    }
}

/// The special authority ignore slashes state.
fn skip_slashes(input: &[u8]) -> &[u8] {
    let n = input
        .iter()
        .take_while(|&&b| b == b'/' || b == b'\\')
        .count();
    &input[n..]
}

/// The file state and the file slash state: a host only after two
/// slashes, and not when it is a Windows drive letter.
fn file(input: &[u8]) -> Check {
    let slash = |c: Option<&u8>| matches!(c, Some(b'/' | b'\\'));
    if !slash(input.first()) || !slash(input.get(1)) {
        return Ok(());
    }
    let input = &input[2..];
    let end = input
        .iter()
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(input.len());
    let buffer = &input[..end];
    if buffer.is_empty() || is_windows_drive_letter(buffer) {
        return Ok(());
    }
    host(buffer, false)
}

/// The authority state, the host state and the port state.
fn authority(input: &[u8], special: bool) -> Check {
    let end = input
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
        .unwrap_or(input.len());
    let mut from = 0;
    if let Some(at) = input[..end].iter().rposition(|&b| b == b'@') {
        from = at + 1;
        if from == end {
            return Err(ParseError::HostMissing);
        }
    }
    let (host_to, colon) = host_end(input, from, special);
    let buffer = &input[from..host_to];
    if buffer.is_empty() && (colon || special) {
        return Err(ParseError::HostMissing);
    }
    host(buffer, !special)?;
    if colon && !port(&input[host_to + 1..], special) {
        return Err(ParseError::InvalidPort);
    }
    Ok(())
}

/// The port state: digits up to 65535, then the end of the authority.
fn port(input: &[u8], special: bool) -> bool {
    let end = input.iter().take_while(|b| b.is_ascii_digit()).count();
    let ends_here = match input.get(end) {
        None | Some(b'/' | b'?' | b'#') => true,
        Some(b'\\') => special,
        Some(_) => false,
    };
    ends_here && (end == 0 || port_value(&input[..end]).is_some())
}

/// Whether the host parser accepts `input` (see [`super::host::parse`]).
fn host(input: &[u8], is_opaque: bool) -> Check {
    let valid = if let Some(inner) = input.strip_prefix(b"[") {
        inner.strip_suffix(b"]").and_then(parse_ipv6).is_some()
    } else if is_opaque {
        !input.iter().any(|&b| contains(FORBIDDEN_HOST, b))
    } else if !input.is_empty() && !input.iter().any(|&b| contains(NOT_PLAIN_DOMAIN, b)) {
        ascii_domain(input)
    } else if !input.contains(&b'%') {
        return domain(input);
    } else {
        let mut room = [0u8; ROOM];
        return match percent_decode_into(input, &mut room) {
            Some(n) => domain(&room[..n]),
            None => allocating(|out| super::host::parse(input, false, out)),
        };
    };
    valid.then_some(()).ok_or(ParseError::InvalidHost)
}

/// The domain parser and what follows it, on a percent-decoded domain.
fn domain(input: &[u8]) -> Check {
    if !input.is_ascii() {
        // UTS #46 (or invalid UTF-8, which fails there too).
        return allocating(|out| super::host::parse_domain(input, out));
    }
    // Lower-casing changes neither the checks nor the IPv4 parse.
    let valid = !input.is_empty()
        && !input.iter().any(|&b| contains(FORBIDDEN_DOMAIN, b))
        && ascii_domain(input);
    valid.then_some(()).ok_or(ParseError::InvalidHost)
}

/// Steps 8 and 9 of the host parser on an ASCII domain that passed the
/// domain parser.
fn ascii_domain(input: &[u8]) -> bool {
    !ends_in_a_number(input) || parse_ipv4(input).is_some()
}

/// The host parser's own code, for what this module does not decide
/// without allocating.
fn allocating<T, E: Into<ParseError>>(parse: impl FnOnce(&mut Buf) -> Result<T, E>) -> Check {
    let mut out = Buf::new();
    parse(&mut out).map(|_| ()).map_err(Into::into)
}

/// The percent-decoding of `input` into `room`: its length, or `None`
/// when it does not fit.
fn percent_decode_into(input: &[u8], room: &mut [u8]) -> Option<usize> {
    let hex = |b: Option<&u8>| b.and_then(|&b| (b as char).to_digit(16));
    let mut n = 0;
    let mut i = 0;
    while i < input.len() {
        let (byte, used) = match (input[i], hex(input.get(i + 1)), hex(input.get(i + 2))) {
            (b'%', Some(h), Some(l)) => ((h << 4 | l) as u8, 3),
            (b, _, _) => (b, 1),
        };
        *room.get_mut(n)? = byte;
        n += 1;
        i += used;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    // Tests may abort when memory runs out: the ban on aborting
    // allocations (clippy.toml) is the library's.
    #![allow(clippy::disallowed_methods, clippy::disallowed_types)]

    use super::super::{parse_with_base, ParseError};

    fn agrees(input: &[u8], base: Option<&[u8]>) {
        let classes = |r: Result<(), ParseError>| match r {
            Ok(()) => "ok",
            Err(ParseError::InvalidBase) => "base",
            Err(ParseError::IdnaUnavailable) => "idna",
            Err(ParseError::NoMemory) => "memory",
            Err(_) => "invalid",
        };
        assert_eq!(
            classes(super::check_with_base(input, base)),
            classes(parse_with_base(input, base).map(|_| ())),
            "{:?} against {:?}",
            String::from_utf8_lossy(input),
            base.map(String::from_utf8_lossy)
        );
    }

    #[test]
    fn agrees_with_the_parser_on_edge_cases() {
        let bases: [Option<&str>; 6] = [
            None,
            Some("http://example.org/a/b"),
            Some("file:///C:/a"),
            Some("mailto:x"),
            Some("sc://h/p"),
            Some("about:blank"),
        ];
        let inputs = [
            "http://a/",
            "http://",
            "http:///",
            "http://@/",
            "http://u@/",
            "http://u@h/",
            "http://h:/",
            "http://h:65536/",
            "http://h:1x/",
            "http://h:8\\x",
            "http://[::1]:80/",
            "http://[::1/",
            "http://[1::2]:3:4/",
            "http://a%41/",
            "http://a%2541/",
            "http://a%zz/",
            "http://%C3%A4/",
            "http://%FF/",
            "http://ä.de/",
            "http://1.2.3.4.5/",
            "http://0x7f.1/",
            "http://a.1/",
            "http://a.0xg/",
            "http://h\t.x/",
            " \thttp://h/ ",
            "http:\\\\h\\p",
            "http:h",
            "http:/h",
            "file://h/",
            "file://C:/",
            "file://a%zz/",
            "file://[::1/",
            "file:a",
            "sc://",
            "sc://@/",
            "sc://:1/",
            "sc://a b/",
            "sc://a%20b/",
            "sc:/p",
            "sc:p",
            "//h/p",
            "//[::1/p",
            "\\\\h\\p",
            "/p",
            "p",
            "",
            "#f",
            "?q",
            "ht\ttp://h/",
            "a:",
            "c:/x",
        ];
        for base in bases {
            for input in inputs {
                agrees(input.as_bytes(), base.map(str::as_bytes));
            }
        }
        agrees(b"http://h/", Some(b"not a url"));
        agrees(b"http://h/\xff", None);
        agrees(b"http://\xff/", None);
    }

    #[test]
    fn long_inputs_that_need_cleaning() {
        let mut input = b"http://h\t/".to_vec();
        input.extend(std::iter::repeat_n(b'a', 3 * super::ROOM));
        agrees(&input, None);
        let mut host = b"http://".to_vec();
        host.extend(std::iter::repeat_n(b'a', 3 * super::ROOM));
        host.extend_from_slice(b"%41.1\t/");
        agrees(&host, None);
    }

    fn corpus(name: &str) -> Vec<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    }

    #[test]
    fn agrees_with_the_parser_on_the_corpus() {
        for url in corpus("tests/corpus/kasztp.txt") {
            agrees(&url, None);
            agrees(&url, Some(b"http://example.org/a/b"));
        }
    }
}
