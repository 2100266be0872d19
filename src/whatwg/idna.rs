//! Glue to the `idna` crate (UTS #46) for the Standard's "domain parser
//! ToASCII" and "domain to Unicode", with the Standard's parameters.
//!
//! The crate's lower-level `process` writes into a sink of ours, which
//! grows fallibly: a failed allocation is recorded in the sink, and becomes
//! [`NoMemory`](crate::bytes::buf::NoMemory), where the crate's `to_ascii` would
//! abort building its `String`. The sink never reports it to the crate as
//! a write error: `idna` 1.1 turns a write error met while it writes a
//! Punycode label into a panic (its conversion of the encoder's error
//! assumes that only an overflow can happen there). Its working buffers are on the stack for
//! every domain of DNS size (253 code points, 8 labels); only longer ones
//! make it allocate, the way its own vectors do. Without the `idna`
//! feature, the functions here refuse every domain that needs UTS #46 with
//! `IdnaError::Unavailable` rather than guessing.

use crate::bytes::buf::{Buf, NoMemory};

/// Why UTS #46 processing gave no domain; the host parser reads it as its
/// own `HostError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IdnaError {
    /// The domain is not valid under UTS #46.
    #[cfg_attr(not(feature = "idna"), allow(dead_code))]
    Invalid,
    /// The crate was built without the `idna` feature.
    #[cfg_attr(feature = "idna", allow(dead_code))]
    Unavailable,
    /// Memory ran out.
    NoMemory,
}

impl From<NoMemory> for IdnaError {
    fn from(_: NoMemory) -> IdnaError {
        IdnaError::NoMemory
    }
}

/// The Unicode version of the IDNA mapping tables the parser uses, or
/// `"none"` when the crate is built without the `idna` feature.
///
/// `idna` 1.x takes its tables from the ICU4X data crates through
/// `idna_adapter` 1.2.x; none of them exposes the version at run time.
/// The value is what the README of the data crates the lock file selects
/// (`icu_normalizer_data` and `icu_properties_data` 2.4.0) states: "This
/// data was generated with [...] Unicode version 18.0.0". Update it with
/// those crates.
pub const fn unicode_version() -> &'static str {
    if cfg!(feature = "idna") {
        "18.0.0"
    } else {
        "none"
    }
}

/// Unicode ToASCII of the non-ASCII UTF-8 `domain` with the parameters of
/// the domain parser when beStrict is false: CheckHyphens false, CheckBidi
/// and CheckJoiners true (always on in `idna` 1.x), UseSTD3ASCIIRules false
/// (an empty ASCII deny list), Transitional_Processing false (the only mode
/// of `idna` 1.x), VerifyDnsLength false, IgnoreInvalidPunycode false.
/// Appends the result to `out`.
#[cfg(feature = "idna")]
pub(crate) fn to_ascii(domain: &[u8], out: &mut Buf) -> Result<(), IdnaError> {
    use idna::uts46::Uts46;
    use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingError, ProcessingSuccess};
    let start = out.len();
    let mut sink = Sink::new(out);
    let r = Uts46::new().process(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        &mut sink,
        None,
    );
    let full = sink.full;
    let e = match r {
        _ if full => IdnaError::NoMemory,
        Ok(ProcessingSuccess::Passthrough) => return Ok(out.extend_from_slice(domain)?),
        Ok(ProcessingSuccess::WroteToSink) => return Ok(()),
        Err(ProcessingError::SinkError) => IdnaError::NoMemory,
        Err(ProcessingError::ValidityError) => IdnaError::Invalid,
    };
    out.truncate(start);
    Err(e)
}

/// Unicode ToASCII of the UTF-8 `domain` with the parameters of the
/// domain parser when beStrict is true (CheckHyphens, UseSTD3ASCIIRules
/// and VerifyDnsLength true, the rest as for [`to_ascii`]): whether it
/// records no error. What the `domain-to-ASCII` validation error asks.
/// A trailing dot is an empty label, and so an error, as in the UTS #46
/// conformance data.
#[cfg(feature = "idna")]
pub(crate) fn is_strict(domain: &[u8]) -> Result<bool, IdnaError> {
    use idna::uts46::Uts46;
    use idna::uts46::{
        verify_dns_length, AsciiDenyList, ErrorPolicy, Hyphens, ProcessingError, ProcessingSuccess,
    };
    let mut out = Buf::new();
    let mut sink = Sink::new(&mut out);
    let r = Uts46::new().process(
        domain,
        AsciiDenyList::STD3,
        Hyphens::Check,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        &mut sink,
        None,
    );
    if sink.full {
        return Err(IdnaError::NoMemory);
    }
    let ascii = match r {
        Ok(ProcessingSuccess::Passthrough) => domain,
        Ok(ProcessingSuccess::WroteToSink) => &out[..],
        Err(ProcessingError::SinkError) => return Err(IdnaError::NoMemory),
        Err(ProcessingError::ValidityError) => return Ok(false),
    };
    Ok(std::str::from_utf8(ascii).is_ok_and(|a| verify_dns_length(a, false)))
}

/// Without the `idna` feature only an ASCII domain can be checked, and
/// its Punycode labels only for their letters, digits, hyphens and
/// length: they cannot be decoded.
#[cfg(not(feature = "idna"))]
pub(crate) fn is_strict(domain: &[u8]) -> Result<bool, IdnaError> {
    if !domain.is_ascii() {
        return Err(IdnaError::Unavailable);
    }
    let ok = !domain.is_empty()
        && domain.len() <= 253
        && domain.split(|&b| b == b'.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
                && label[0] != b'-'
                && label[label.len() - 1] != b'-'
        });
    Ok(ok)
}

/// A [`Buf`] as the crate's `fmt::Write` sink. An allocation that fails
/// sets `full`, and the sink takes nothing more; it still answers `Ok`, for
/// the crate panics on a write error in the middle of a Punycode label.
/// Whoever made the sink reads `full` when the crate returns.
#[cfg(feature = "idna")]
struct Sink<'a> {
    out: &'a mut Buf,
    full: bool,
}

#[cfg(feature = "idna")]
impl<'a> Sink<'a> {
    fn new(out: &'a mut Buf) -> Sink<'a> {
        Sink { out, full: false }
    }
}

#[cfg(feature = "idna")]
impl std::fmt::Write for Sink<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if !self.full && self.out.extend_from_slice(s.as_bytes()).is_err() {
            self.full = true;
        }
        Ok(())
    }
}

/// Without the `idna` feature no domain gets UTS #46 processing.
#[cfg(not(feature = "idna"))]
pub(crate) fn to_ascii(_domain: &[u8], _out: &mut Buf) -> Result<(), IdnaError> {
    Err(IdnaError::Unavailable)
}

/// The Standard's "domain to Unicode" of `domain`, appended to `out`:
/// Unicode ToUnicode with the same parameters as ToASCII; on any error
/// the domain itself.
#[cfg(feature = "idna")]
pub(crate) fn to_unicode(domain: &[u8], out: &mut Buf) -> Result<(), IdnaError> {
    use idna::uts46::Uts46;
    use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingError, ProcessingSuccess};
    let start = out.len();
    let mut sink = Sink::new(out);
    let r = Uts46::new().process(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::MarkErrors,
        |_, _, _| true,
        &mut sink,
        None,
    );
    let full = sink.full;
    match r {
        _ if full => {
            out.truncate(start);
            Err(IdnaError::NoMemory)
        }
        Ok(ProcessingSuccess::WroteToSink) => Ok(()),
        Err(ProcessingError::SinkError) => {
            out.truncate(start);
            Err(IdnaError::NoMemory)
        }
        // Passthrough: the domain is its own Unicode form; an error: the
        // Standard gives the domain itself.
        Ok(ProcessingSuccess::Passthrough) | Err(ProcessingError::ValidityError) => {
            out.truncate(start);
            Ok(out.extend_from_slice(domain)?)
        }
    }
}

/// Without the `idna` feature, only a domain with no Punycode label and no
/// non-ASCII code point can be shown: ToUnicode would just lower-case it.
#[cfg(not(feature = "idna"))]
pub(crate) fn to_unicode(domain: &[u8], out: &mut Buf) -> Result<(), IdnaError> {
    let punycode = domain
        .split(|&b| b == b'.')
        .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--"));
    if punycode || !domain.is_ascii() {
        return Err(IdnaError::Unavailable);
    }
    let start = out.len();
    out.extend_from_slice(domain)?;
    out[start..].make_ascii_lowercase();
    Ok(())
}
