//! The IP address parsers and serialisers of the URL Standard ("IPv4
//! parser", "IPv6 parser", their serialisers, and the ends in a number
//! checker), with the validation errors they report.
//!
//! The parsers follow the Standard's steps and report each validation
//! error to a [`Reporter`] where the Standard says "validation error":
//! the plain parser's [`NoReport`] makes those calls nothing.

use super::encode_sets::hex_value;
use super::report::{NoReport, Place, Reporter, ValidationError};
use super::units::code_point_end;
use crate::bytes::buf::{Buf, NoMemory};

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

/// The IPv4 number parser: decimal, `0x` hex or `0` octal, and whether it
/// was not decimal (the Standard's `validationError`). The value
/// saturates far above 2^32, where every caller fails anyway.
#[inline]
fn parse_ipv4_number(input: &[u8]) -> Option<(u64, bool)> {
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
    Some((value, radix != 10))
}

/// The IPv4 parser, on an ASCII string that ends in a number.
pub(crate) fn parse_ipv4(input: &[u8]) -> Option<u32> {
    ipv4(
        input,
        &mut NoReport,
        Place {
            at: 0,
            len: input.len(),
            exact: true,
        },
    )
}

/// The IPv4 parser, reporting its validation errors at `place`.
pub(crate) fn ipv4<R: Reporter>(input: &[u8], r: &mut R, place: Place) -> Option<u32> {
    // A last empty part is dropped; it is last only if there are others.
    let body = match input.strip_suffix(b".") {
        Some(body) => {
            let n = input.len();
            place.report(r, ValidationError::Ipv4EmptyPart, n - 1, n);
            body
        }
        None => input,
    };
    if R::ON {
        let parts = 1 + body.iter().filter(|&&b| b == b'.').count();
        if parts < 4 {
            place.whole(r, ValidationError::Ipv4TooFewParts);
        }
        if parts > 4 {
            place.whole(r, ValidationError::Ipv4TooManyParts);
            return None;
        }
    }
    let mut numbers = [0u64; 4];
    let mut n = 0;
    let mut at = 0;
    let mut out_of_range = None;
    for part in body.split(|&b| b == b'.') {
        if n == 4 {
            return None;
        }
        let span = (at, at + part.len());
        at += part.len() + 1;
        let Some((value, not_decimal)) = parse_ipv4_number(part) else {
            place.report(r, ValidationError::Ipv4NonNumericPart, span.0, span.1);
            return None;
        };
        if not_decimal {
            place.report(r, ValidationError::Ipv4NonDecimalPart, span.0, span.1);
        }
        if R::ON && value > 255 && out_of_range.is_none() {
            out_of_range = Some(span);
        }
        numbers[n] = value;
        n += 1;
    }
    if let Some((s, e)) = out_of_range {
        place.report(r, ValidationError::Ipv4OutOfRangePart, s, e);
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

/// The IPv6 parser, on what was between the brackets.
pub(crate) fn parse_ipv6(input: &[u8]) -> Option<[u16; 8]> {
    ipv6(input, &mut NoReport, 0)
}

/// The IPv6 parser on `input`, which starts at `at` of the input read,
/// reporting its validation errors. Follows the Standard's steps, with
/// `p` as its pointer and `None` as EOF. An error at a code point spans
/// it; one at the end is empty there.
pub(crate) fn ipv6<R: Reporter>(input: &[u8], r: &mut R, at: usize) -> Option<[u16; 8]> {
    let c = |p: usize| input.get(p).copied();
    let fail = |r: &mut R, error, p: usize| {
        r.report(error, at + p, at + code_point_end(input, p));
        None
    };
    let mut address = [0u16; 8];
    let mut piece_index = 0;
    let mut compress = None;
    let mut p = 0;
    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return fail(r, ValidationError::Ipv6InvalidCompression, p);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while c(p).is_some() {
        if piece_index == 8 {
            return fail(r, ValidationError::Ipv6TooManyPieces, p);
        }
        if c(p) == Some(b':') {
            if compress.is_some() {
                return fail(r, ValidationError::Ipv6MultipleCompression, p);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let piece_start = p;
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
                if length == 0 {
                    return fail(r, ValidationError::Ipv4InIpv6InvalidCodePoint, p);
                }
                p -= length;
                if piece_index > 6 {
                    return fail(r, ValidationError::Ipv4InIpv6TooManyPieces, p);
                }
                ipv4_in_ipv6(input, p, &mut address, piece_index, r, at)?;
                piece_index += 2;
                break;
            }
            Some(b':') => {
                p += 1;
                if c(p).is_none() {
                    return fail(r, ValidationError::Ipv6InvalidCodePoint, p);
                }
            }
            Some(_) => return fail(r, ValidationError::Ipv6InvalidCodePoint, p),
            None => {}
        }
        if R::ON && length > 1 && u32::from(value) < 1 << (4 * (length - 1)) {
            let end = piece_start + length;
            r.report(
                ValidationError::Ipv6PieceLeadingZero,
                at + piece_start,
                at + end,
            );
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
        return fail(r, ValidationError::Ipv6TooFewPieces, p);
    }
    Some(address)
}

/// The dotted IPv4 tail of an IPv6 address, from `p` to the end of
/// `input`, into `address[piece_index]` and the piece after it.
fn ipv4_in_ipv6<R: Reporter>(
    input: &[u8],
    mut p: usize,
    address: &mut [u16; 8],
    piece_index: usize,
    r: &mut R,
    at: usize,
) -> Option<()> {
    let c = |p: usize| input.get(p).copied();
    let fail = |r: &mut R, error, p: usize| {
        r.report(error, at + p, at + code_point_end(input, p));
        None
    };
    let mut numbers_seen = 0;
    let mut piece_index = piece_index;
    while c(p).is_some() {
        if numbers_seen > 0 {
            if c(p) == Some(b'.') && numbers_seen < 4 {
                p += 1;
            } else {
                return fail(r, ValidationError::Ipv4InIpv6InvalidCodePoint, p);
            }
        }
        if !c(p).is_some_and(|b| b.is_ascii_digit()) {
            return fail(r, ValidationError::Ipv4InIpv6InvalidCodePoint, p);
        }
        let mut ipv4_piece: Option<u16> = None;
        while let Some(d) = c(p).filter(u8::is_ascii_digit) {
            let number = u16::from(d - b'0');
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                Some(0) => return fail(r, ValidationError::Ipv4InIpv6InvalidCodePoint, p),
                Some(v) => Some(v * 10 + number),
            };
            if ipv4_piece > Some(255) {
                return fail(r, ValidationError::Ipv4InIpv6OutOfRangePart, p);
            }
            p += 1;
        }
        address[piece_index] = address[piece_index] * 0x100 + ipv4_piece?;
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            piece_index += 1;
        }
    }
    if numbers_seen != 4 {
        return fail(r, ValidationError::Ipv4InIpv6TooFewParts, p);
    }
    Some(())
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
    // Tests may abort when memory runs out: the ban on aborting
    // allocations (clippy.toml) is the library's.
    #![allow(clippy::disallowed_methods)]

    use super::*;

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
    }
}
