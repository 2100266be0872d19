//! The host parser of the URL Standard ("Host parsing"): domains through
//! IDNA, IPv4 addresses in every number form (`ip`), IPv6 addresses,
//! opaque hosts; with the validation errors they report.
//!
//! The parser writes the host's serialisation straight into the URL being
//! built, so a host costs no allocation of its own unless it holds a `%`
//! (percent-decoded into a scratch buffer first) or needs UTS #46.

use super::encode_sets::{self, contains, FORBIDDEN_DOMAIN, FORBIDDEN_HOST, NOT_PLAIN_DOMAIN};
use super::idna;
use super::ip;
use super::report::{NoReport, Place, Reporter, ValidationError};
use super::units;
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
    parse_reporting(input, is_opaque, out, &mut NoReport, 0)
}

/// [`parse`], reporting the validation errors of the host parser and of
/// the parsers it runs to `r`, at their places in the input the state
/// machine reads, where `input` starts at `at`.
#[inline]
pub(crate) fn parse_reporting<R: Reporter>(
    input: &[u8],
    is_opaque: bool,
    out: &mut Buf,
    r: &mut R,
    at: usize,
) -> Result<HostKind, HostError> {
    let start = out.len();
    let kind = parse_into(input, is_opaque, out, r, at);
    if kind.is_err() {
        out.truncate(start);
    }
    kind
}

fn parse_into<R: Reporter>(
    input: &[u8],
    is_opaque: bool,
    out: &mut Buf,
    r: &mut R,
    at: usize,
) -> Result<HostKind, HostError> {
    if let Some(inner) = input.strip_prefix(b"[") {
        let Some(inner) = inner.strip_suffix(b"]") else {
            let end = at + input.len();
            r.report(ValidationError::Ipv6Unclosed, end, end);
            return Err(HostError::Invalid);
        };
        let address = ip::ipv6(inner, r, at + 1).ok_or(HostError::Invalid)?;
        out.push(b'[')?;
        ip::write_ipv6(&address, out)?;
        out.push(b']')?;
        return Ok(HostKind::Ipv6);
    }
    if is_opaque {
        return parse_opaque(input, out, r, at);
    }
    let place = Place {
        at,
        len: input.len(),
        exact: true,
    };
    if !input.is_empty() && !input.iter().any(|&b| contains(NOT_PLAIN_DOMAIN, b)) {
        // The common case in one pass: an ASCII domain without `%` or any
        // other forbidden code point is just lower-cased.
        if R::ON {
            report_strict(input, r, place)?;
        }
        let start = out.len();
        out.extend_from_slice(input)?;
        out[start..].make_ascii_lowercase();
        return finish_domain(start, out, r, place);
    }
    // Only '%' makes the domain differ from the input: decode it then.
    if input.contains(&b'%') {
        if R::ON {
            if let Some(i) = units::first_percent_encoded(input) {
                r.report(ValidationError::DomainPercentEncoded, at + i, at + i + 3);
            }
        }
        let mut decoded = Buf::new();
        encode_sets::percent_decode(input, &mut decoded)?;
        let place = Place {
            exact: false,
            ..place
        };
        domain(&decoded, out, r, place)
    } else {
        let place = Place {
            exact: input.is_ascii(),
            ..place
        };
        domain(input, out, r, place)
    }
}

/// Steps 6 to 9 of the host parser: the domain parser, then the IPv4
/// parser when the domain ends in a number.
pub(crate) fn parse_domain(domain: &[u8], out: &mut Buf) -> Result<HostKind, HostError> {
    let place = Place {
        at: 0,
        len: domain.len(),
        exact: false,
    };
    self::domain(domain, out, &mut NoReport, place)
}

/// [`parse_domain`], reporting at `place`.
fn domain<R: Reporter>(
    domain: &[u8],
    out: &mut Buf,
    r: &mut R,
    place: Place,
) -> Result<HostKind, HostError> {
    if R::ON {
        report_strict(domain, r, place)?;
    }
    let start = out.len();
    domain_to_ascii(domain, out)?;
    finish_domain(start, out, r, place)
}

/// Steps 1 and 2 of the domain parser: `domain-to-ASCII` when Unicode
/// ToASCII with the strict parameters records an error on `domain`. When
/// that needs the absent `idna` feature, nothing is reported: the relaxed
/// processing fails then too.
pub(crate) fn report_strict<R: Reporter>(
    domain: &[u8],
    r: &mut R,
    place: Place,
) -> Result<(), HostError> {
    let ascii = match domain.is_ascii() {
        true => units::ascii_domain_strictness(domain),
        false => units::Strict::Punycode,
    };
    let strict = if ascii != units::Strict::Punycode {
        ascii == units::Strict::Yes
    } else if std::str::from_utf8(domain).is_err() {
        false
    } else {
        match idna::is_strict(domain) {
            Ok(strict) => strict,
            Err(idna::IdnaError::NoMemory) => return Err(HostError::NoMemory),
            Err(_) => true,
        }
    };
    if !strict {
        place.whole(r, ValidationError::DomainToAscii);
    }
    Ok(())
}

/// Steps 8 and 9 of the host parser on the ASCII domain written from
/// `start` in `out`: the IPv4 parser when it ends in a number.
fn finish_domain<R: Reporter>(
    start: usize,
    out: &mut Buf,
    r: &mut R,
    place: Place,
) -> Result<HostKind, HostError> {
    if !ip::ends_in_a_number(&out[start..]) {
        return Ok(HostKind::Domain);
    }
    if !place.exact {
        // A valid IPv4-address string is ASCII digits and dots as written.
        r.not_valid();
    }
    let address = ip::ipv4(&out[start..], r, place).ok_or(HostError::Invalid)?;
    out.truncate(start);
    ip::write_ipv4(address, out)?;
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
fn parse_opaque<R: Reporter>(
    input: &[u8],
    out: &mut Buf,
    r: &mut R,
    at: usize,
) -> Result<HostKind, HostError> {
    if let Some(i) = input.iter().position(|&b| contains(FORBIDDEN_HOST, b)) {
        r.report(ValidationError::HostInvalidCodePoint, at + i, at + i + 1);
        return Err(HostError::Invalid);
    }
    if R::ON {
        units::opaque_host(input, at, r);
    }
    encode_sets::utf8_percent_encode(input, encode_sets::C0_CONTROL, out)?;
    Ok(if input.is_empty() {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
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
    fn ipv6_hosts() {
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
