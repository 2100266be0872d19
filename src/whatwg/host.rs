//! The host parser and serialisers of the URL Standard ("Host parsing",
//! "Host serializing"): domains through IDNA, IPv4 addresses in every
//! number form, IPv6 addresses, opaque hosts.
//!
//! The parser writes the host's serialisation straight into the URL being
//! built, so a host costs no allocation of its own unless it holds a `%`
//! (percent-decoded into a scratch buffer first) or needs UTS #46.

use super::encode_sets::{
    self, contains, hex_value, FORBIDDEN_DOMAIN, FORBIDDEN_HOST, NOT_PLAIN_DOMAIN,
};
use super::idna;
use crate::bytes::buf::{Buf, NoMemory};

/// What a URL's host is: the URL record's host is null or one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// No host (null): `mailto:x`, `sc:/p`.
    None,
    /// A domain: `example.com` (ASCII, lower-case, after IDNA).
    Domain,
    /// An IPv4 address, serialised as four decimal numbers.
    Ipv4,
    /// An IPv6 address, serialised between brackets.
    Ipv6,
    /// An opaque host of a non-special URL: `sc://Ex%41mple/`.
    Opaque,
    /// The empty host: `file:///p`, `sc:///p`.
    Empty,
}

/// Why a host was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostError {
    /// The host parser returned failure.
    Invalid,
    /// The domain needs UTS #46 and the crate was built without `idna`.
    #[cfg_attr(feature = "idna", allow(dead_code))]
    IdnaUnavailable,
    /// Memory ran out.
    NoMemory,
}

impl From<NoMemory> for HostError {
    fn from(_: NoMemory) -> HostError {
        HostError::NoMemory
    }
}

impl From<idna::IdnaError> for HostError {
    fn from(e: idna::IdnaError) -> HostError {
        match e {
            idna::IdnaError::Invalid => HostError::Invalid,
            idna::IdnaError::Unavailable => HostError::IdnaUnavailable,
            idna::IdnaError::NoMemory => HostError::NoMemory,
        }
    }
}

/// The host parser on the scalar value string `input` (UTF-8), with
/// `is_opaque` (true for a non-special URL). Appends the host's
/// serialisation to `out`; after an error `out` is as it was.
pub(crate) fn parse(input: &[u8], is_opaque: bool, out: &mut Buf) -> Result<HostKind, HostError> {
    let start = out.len();
    let r = parse_into(input, is_opaque, out);
    if r.is_err() {
        out.truncate(start);
    }
    r
}

fn parse_into(input: &[u8], is_opaque: bool, out: &mut Buf) -> Result<HostKind, HostError> {
    if let Some(inner) = input.strip_prefix(b"[") {
        let inner = inner.strip_suffix(b"]").ok_or(HostError::Invalid)?;
        let address = parse_ipv6(inner).ok_or(HostError::Invalid)?;
        out.push(b'[')?;
        write_ipv6(&address, out)?;
        out.push(b']')?;
        return Ok(HostKind::Ipv6);
    }
    if is_opaque {
        return parse_opaque(input, out);
    }
    if !input.is_empty() && !input.iter().any(|&b| contains(NOT_PLAIN_DOMAIN, b)) {
        // The common case in one pass: an ASCII domain without `%` or any
        // other forbidden code point is just lower-cased.
        let start = out.len();
        out.extend_from_slice(input)?;
        out[start..].make_ascii_lowercase();
        return finish_domain(start, out);
    }
    // Only '%' makes the domain differ from the input: decode it then.
    if input.contains(&b'%') {
        let mut decoded = Buf::new();
        encode_sets::percent_decode(input, &mut decoded)?;
        parse_domain(&decoded, out)
    } else {
        parse_domain(input, out)
    }
}

/// Steps 6 to 9 of the host parser: the domain parser, then the IPv4
/// parser when the domain ends in a number.
pub(crate) fn parse_domain(domain: &[u8], out: &mut Buf) -> Result<HostKind, HostError> {
    let start = out.len();
    domain_to_ascii(domain, out)?;
    finish_domain(start, out)
}

/// Steps 8 and 9 of the host parser on the ASCII domain written from
/// `start` in `out`: the IPv4 parser when it ends in a number.
fn finish_domain(start: usize, out: &mut Buf) -> Result<HostKind, HostError> {
    if !ends_in_a_number(&out[start..]) {
        return Ok(HostKind::Domain);
    }
    let address = parse_ipv4(&out[start..]).ok_or(HostError::Invalid)?;
    out.truncate(start);
    write_ipv4(address, out)?;
    Ok(HostKind::Ipv4)
}

/// The domain parser with beStrict false, on the bytes of `domain`
/// (invalid UTF-8 fails: its U+FFFD would fail ToASCII), appending the
/// ASCII domain to `out`.
///
/// An ASCII domain is only lower-cased: the Standard returns it so
/// whatever ToASCII says, so it never reaches the IDNA code.
pub(crate) fn domain_to_ascii(domain: &[u8], out: &mut Buf) -> Result<(), HostError> {
    let start = out.len();
    if domain.is_ascii() {
        out.extend_from_slice(domain)?;
        out[start..].make_ascii_lowercase();
    } else if std::str::from_utf8(domain).is_err() {
        return Err(HostError::Invalid);
    } else {
        idna::to_ascii(domain, out)?;
    }
    let result = &out[start..];
    if result.is_empty() || result.iter().any(|&b| contains(FORBIDDEN_DOMAIN, b)) {
        out.truncate(start);
        return Err(HostError::Invalid);
    }
    Ok(())
}

/// The opaque-host parser: refuses forbidden host code points, then
/// percent-encodes with the C0 control set.
fn parse_opaque(input: &[u8], out: &mut Buf) -> Result<HostKind, HostError> {
    if input.iter().any(|&b| contains(FORBIDDEN_HOST, b)) {
        return Err(HostError::Invalid);
    }
    encode_sets::utf8_percent_encode(input, encode_sets::C0_CONTROL, out)?;
    Ok(if input.is_empty() {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
}

/// The ends in a number checker, on an ASCII domain.
pub(crate) fn ends_in_a_number(input: &[u8]) -> bool {
    // Strictly splitting, then dropping one empty last part, leaves the
    // part after the last dot of the input less one trailing dot.
    let input = input.strip_suffix(b".").unwrap_or(input);
    let last = match input.iter().rposition(|&b| b == b'.') {
        Some(i) => &input[i + 1..],
        None => input,
    };
    // Every IPv4 number, decimal, octal or hexadecimal (`0x`), starts
    // with a digit: a domain's last label seldom does.
    if !last.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    if last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    parse_ipv4_number(last).is_some()
}

/// The IPv4 number parser: decimal, `0x` hex or `0` octal. The value
/// saturates far above 2^32, where every caller fails anyway.
fn parse_ipv4_number(input: &[u8]) -> Option<u64> {
    if input.is_empty() {
        return None;
    }
    let (digits, radix) = if input.len() >= 2 && (input[..2] == *b"0x" || input[..2] == *b"0X") {
        (&input[2..], 16)
    } else if input.len() >= 2 && input[0] == b'0' {
        (&input[1..], 8)
    } else {
        (input, 10)
    };
    let mut value: u64 = 0;
    for &b in digits {
        let d = u64::from(hex_value(b).filter(|&d| u32::from(d) < radix)?);
        value = value.saturating_mul(u64::from(radix)).saturating_add(d);
    }
    Some(value)
}

/// The IPv4 parser, on an ASCII string that ends in a number.
pub(crate) fn parse_ipv4(input: &[u8]) -> Option<u32> {
    // A last empty part is dropped; it is last only if there are others.
    let input = input.strip_suffix(b".").unwrap_or(input);
    let mut numbers = [0u64; 4];
    let mut n = 0;
    for part in input.split(|&b| b == b'.') {
        if n == 4 {
            return None;
        }
        numbers[n] = parse_ipv4_number(part)?;
        n += 1;
    }
    let (last, rest) = numbers[..n].split_last()?;
    if rest.iter().any(|&v| v > 255) || *last >= 1u64 << (8 * (5 - n)) {
        return None;
    }
    let mut ipv4 = *last;
    for (counter, &v) in rest.iter().enumerate() {
        ipv4 += v << (8 * (3 - counter));
    }
    u32::try_from(ipv4).ok()
}

/// The IPv4 serializer: four decimal numbers joined by dots.
pub(crate) fn write_ipv4(address: u32, out: &mut Buf) -> Result<(), NoMemory> {
    for (i, byte) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            out.push(b'.')?;
        }
        write_decimal(u32::from(byte), out)?;
    }
    Ok(())
}

/// Appends `n` in decimal: the Standard's "serialize an integer".
pub(crate) fn write_decimal(n: u32, out: &mut Buf) -> Result<(), NoMemory> {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..])
}

/// The IPv6 parser, on what was between the brackets. Follows the
/// Standard's steps, with `p` as its pointer and `None` as EOF.
pub(crate) fn parse_ipv6(input: &[u8]) -> Option<[u16; 8]> {
    let c = |p: usize| input.get(p).copied();
    let mut address = [0u16; 8];
    let mut piece_index = 0;
    let mut compress = None;
    let mut p = 0;
    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return None;
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while c(p).is_some() {
        if piece_index == 8 {
            return None;
        }
        if c(p) == Some(b':') {
            if compress.is_some() {
                return None;
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value = 0u16;
        let mut length = 0;
        while length < 4 {
            let Some(d) = c(p).and_then(hex_value) else {
                break;
            };
            value = value * 0x10 + u16::from(d);
            p += 1;
            length += 1;
        }
        match c(p) {
            Some(b'.') => {
                if length == 0 || piece_index > 6 {
                    return None;
                }
                p -= length;
                parse_ipv4_in_ipv6(input, p, &mut address, piece_index)?;
                piece_index += 2;
                break;
            }
            Some(b':') => {
                p += 1;
                c(p)?;
            }
            Some(_) => return None,
            None => {}
        }
        address[piece_index] = value;
        piece_index += 1;
    }
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return None;
    }
    Some(address)
}

/// The dotted IPv4 tail of an IPv6 address, from `p` to the end of
/// `input`, into `address[piece_index]` and the piece after it.
fn parse_ipv4_in_ipv6(
    input: &[u8],
    mut p: usize,
    address: &mut [u16; 8],
    piece_index: usize,
) -> Option<()> {
    let c = |p: usize| input.get(p).copied();
    let mut numbers_seen = 0;
    let mut piece_index = piece_index;
    while c(p).is_some() {
        if numbers_seen > 0 {
            if c(p) == Some(b'.') && numbers_seen < 4 {
                p += 1;
            } else {
                return None;
            }
        }
        if !c(p)?.is_ascii_digit() {
            return None;
        }
        let mut ipv4_piece: Option<u16> = None;
        while let Some(d) = c(p).filter(u8::is_ascii_digit) {
            let number = u16::from(d - b'0');
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                Some(0) => return None,
                Some(v) => Some(v * 10 + number),
            };
            if ipv4_piece > Some(255) {
                return None;
            }
            p += 1;
        }
        address[piece_index] = address[piece_index] * 0x100 + ipv4_piece?;
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            piece_index += 1;
        }
    }
    (numbers_seen == 4).then_some(())
}

/// Finds the IPv6 address compressed piece index: the first longest run
/// of two or more zero pieces.
fn compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest_index = None;
    let mut longest_size = 1;
    let mut found_index = None;
    let mut found_size = 0;
    for (i, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest_index = found_index;
                longest_size = found_size;
            }
            found_index = None;
            found_size = 0;
        } else {
            if found_index.is_none() {
                found_index = Some(i);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found_index;
    }
    longest_index
}

/// The IPv6 serializer (without the brackets): lower-case hex pieces, the
/// first longest run of zeros compressed to `::`.
pub(crate) fn write_ipv6(address: &[u16; 8], out: &mut Buf) -> Result<(), NoMemory> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let compress = compressed_piece_index(address);
    let mut ignore0 = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(i) {
            out.extend_from_slice(if i == 0 { b"::" } else { b":" })?;
            ignore0 = true;
            continue;
        }
        let mut digits = [0u8; 4];
        let mut n = 4;
        let mut v = piece;
        loop {
            n -= 1;
            digits[n] = HEX[usize::from(v & 15)];
            v >>= 4;
            if v == 0 {
                break;
            }
        }
        out.extend_from_slice(&digits[n..])?;
        if i != 7 {
            out.push(b':')?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(input: &str, is_opaque: bool) -> Result<(String, HostKind), HostError> {
        let mut out = Buf::from_slice(b"prefix").unwrap();
        let kind = parse(input.as_bytes(), is_opaque, &mut out);
        let s = String::from_utf8(out[6..].to_vec()).unwrap();
        match kind {
            Ok(k) => Ok((s, k)),
            Err(e) => {
                assert_eq!(s, "", "output left after an error");
                Err(e)
            }
        }
    }

    fn ipv4(input: &str) -> Option<String> {
        match host(input, false) {
            Ok((s, HostKind::Ipv4)) => Some(s),
            Ok((s, k)) => panic!("{input} gave {k:?} {s}"),
            Err(_) => None,
        }
    }

    #[test]
    fn ipv4_in_every_number_form() {
        assert_eq!(ipv4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ipv4("192.168.0.257"), None);
        assert_eq!(ipv4("192.168.257").as_deref(), Some("192.168.1.1"));
        assert_eq!(ipv4("1.2.3.4.").as_deref(), Some("1.2.3.4"));
        // Two trailing dots: the last part is empty, so it is a domain.
        assert_eq!(
            host("1.2.3.4..", false).unwrap(),
            ("1.2.3.4..".into(), HostKind::Domain)
        );
        assert_eq!(ipv4("1.2.3.4.5"), None);
        assert_eq!(ipv4("4294967295").as_deref(), Some("255.255.255.255"));
        assert_eq!(ipv4("4294967296"), None);
        assert_eq!(ipv4("0xffffffff").as_deref(), Some("255.255.255.255"));
        assert_eq!(ipv4("0x100000000"), None);
        assert_eq!(ipv4("017700000001").as_deref(), Some("127.0.0.1"));
        assert_eq!(ipv4("0300.0250.0.1").as_deref(), Some("192.168.0.1"));
        assert_eq!(ipv4("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(ipv4("0X.0x.0").as_deref(), Some("0.0.0.0"));
        assert_eq!(ipv4("09"), None);
        assert_eq!(ipv4("08.1"), None);
        assert_eq!(ipv4("1.0x1g.1"), None);
        assert_eq!(ipv4("1.2.3.99999999999999999999999"), None);
        assert_eq!(ipv4("%31%2e2").as_deref(), Some("1.0.0.2"));
        if cfg!(feature = "idna") {
            assert_eq!(ipv4("１.２.３.４").as_deref(), Some("1.2.3.4"));
        }
        // Not ending in a number: a domain, however numeric it looks.
        assert_eq!(
            host("1.2.3.a", false).unwrap(),
            ("1.2.3.a".into(), HostKind::Domain)
        );
        assert_eq!(
            host("0x1.x", false).unwrap(),
            ("0x1.x".into(), HostKind::Domain)
        );
        assert_eq!(
            host("1.0xg", false).unwrap(),
            ("1.0xg".into(), HostKind::Domain)
        );
    }

    #[test]
    fn ends_in_a_number() {
        for (s, want) in [
            ("1", true),
            ("a.1", true),
            ("a.1.", true),
            ("a.0x", true),
            ("a.0XaB", true),
            ("a.1..", false),
            (".", false),
            ("a.0xg", false),
            ("a.b", false),
            ("1a", false),
        ] {
            assert_eq!(super::ends_in_a_number(s.as_bytes()), want, "{s}");
        }
    }

    fn ipv6(input: &str) -> Option<String> {
        parse_ipv6(input.as_bytes()).map(|a| {
            let mut out = Buf::new();
            write_ipv6(&a, &mut out).unwrap();
            String::from_utf8(out.into_vec()).unwrap()
        })
    }

    #[test]
    fn ipv6_parse_and_compression() {
        assert_eq!(ipv6("0:0:0:0:0:0:0:1").as_deref(), Some("::1"));
        assert_eq!(ipv6("1:0:0:0:0:0:0:0").as_deref(), Some("1::"));
        assert_eq!(ipv6("::").as_deref(), Some("::"));
        assert_eq!(ipv6("0:f:0:0:f:f:0:0").as_deref(), Some("0:f::f:f:0:0"));
        assert_eq!(ipv6("1:0:1:0:1:0:1:0").as_deref(), Some("1:0:1:0:1:0:1:0"));
        assert_eq!(ipv6("1:0:0:2:0:0:0:3").as_deref(), Some("1:0:0:2::3"));
        assert_eq!(ipv6("1:0:0:2:0:0:3:4").as_deref(), Some("1::2:0:0:3:4"));
        assert_eq!(ipv6("2001:DB8::0001").as_deref(), Some("2001:db8::1"));
        assert_eq!(ipv6("::ffff:192.168.0.1").as_deref(), Some("::ffff:c0a8:1"));
        assert_eq!(ipv6("::127.0.0.1").as_deref(), Some("::7f00:1"));
        assert_eq!(
            ipv6("1:2:3:4:5:6:1.2.3.4").as_deref(),
            Some("1:2:3:4:5:6:102:304")
        );
        for bad in [
            ":1",
            "1:",
            "1::2::3",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7",
            "::1.2.3",
            "::1.2.3.4.5",
            "::01.2.3.4",
            "::256.1.1.1",
            "1:2:3:4:5:6:7:1.2.3.4",
            "12345::",
            "::g",
            "::1.",
            ":::",
        ] {
            assert_eq!(ipv6(bad), None, "{bad}");
        }
        assert_eq!(
            host("[::1]", false).unwrap(),
            ("[::1]".into(), HostKind::Ipv6)
        );
        assert_eq!(
            host("[::1]", true).unwrap(),
            ("[::1]".into(), HostKind::Ipv6)
        );
        assert_eq!(host("[::1", false), Err(HostError::Invalid));
        assert_eq!(host("[", true), Err(HostError::Invalid));
    }

    #[test]
    fn domains_and_opaque_hosts() {
        assert_eq!(
            host("ExAmPle.COM", false).unwrap(),
            ("example.com".into(), HostKind::Domain)
        );
        assert_eq!(
            host("xn--A", false).unwrap(),
            ("xn--a".into(), HostKind::Domain)
        );
        assert_eq!(
            host("a%2Eb", false).unwrap(),
            ("a.b".into(), HostKind::Domain)
        );
        assert_eq!(host("a%25b", false), Err(HostError::Invalid));
        assert_eq!(host("a b", false), Err(HostError::Invalid));
        assert_eq!(host("%ff", false), Err(HostError::Invalid));
        assert_eq!(host("Ex%41mple é", true), Err(HostError::Invalid));
        assert_eq!(
            host("Ex%41mplé\x01", true).unwrap(),
            ("Ex%41mpl%C3%A9%01".into(), HostKind::Opaque)
        );
        assert_eq!(host("", true).unwrap(), ("".into(), HostKind::Empty));
        let unicode = host("Bücher.de", false);
        if cfg!(feature = "idna") {
            assert_eq!(
                unicode.unwrap(),
                ("xn--bcher-kva.de".into(), HostKind::Domain)
            );
        } else {
            assert_eq!(unicode, Err(HostError::IdnaUnavailable));
        }
    }
}
