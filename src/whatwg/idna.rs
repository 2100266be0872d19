//! Glue to the `idna` crate (UTS #46) for the Standard's "domain parser
//! ToASCII" and "domain to Unicode", with the Standard's parameters.
//!
//! The crate's lower-level `process` writes into a sink of ours, which
//! grows fallibly: a failed allocation is a sink error, which becomes
//! [`NoMemory`](crate::buf::NoMemory), where the crate's `to_ascii` would
//! abort building its `String`. Its working buffers are on the stack for
//! every domain of DNS size (253 code points, 8 labels); only longer ones
//! make it allocate, the way its own vectors do. Without the `idna`
//! feature, the functions here refuse every domain that needs UTS #46 with
//! `HostError::IdnaUnavailable` rather than guessing.

use super::host::HostError;
use crate::buf::Buf;

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
pub(crate) fn to_ascii(domain: &[u8], out: &mut Buf) -> Result<(), HostError> {
    use idna::uts46::Uts46;
    use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingError, ProcessingSuccess};
    let start = out.len();
    let r = Uts46::new().process(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        &mut Sink(out),
        None,
    );
    match r {
        Ok(ProcessingSuccess::Passthrough) => Ok(out.extend_from_slice(domain)?),
        Ok(ProcessingSuccess::WroteToSink) => Ok(()),
        Err(e) => {
            out.truncate(start);
            Err(match e {
                ProcessingError::SinkError => HostError::NoMemory,
                ProcessingError::ValidityError => HostError::Invalid,
            })
        }
    }
}

/// A [`Buf`] as the crate's `fmt::Write` sink: an allocation that fails is
/// a write error.
#[cfg(feature = "idna")]
struct Sink<'a>(&'a mut Buf);

#[cfg(feature = "idna")]
impl std::fmt::Write for Sink<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0
            .extend_from_slice(s.as_bytes())
            .map_err(|_| std::fmt::Error)
    }
}

/// Without the `idna` feature no domain gets UTS #46 processing.
#[cfg(not(feature = "idna"))]
pub(crate) fn to_ascii(_domain: &[u8], _out: &mut Buf) -> Result<(), HostError> {
    Err(HostError::IdnaUnavailable)
}

/// The Standard's "domain to Unicode" of `domain`, appended to `out`:
/// Unicode ToUnicode with the same parameters as ToASCII; on any error
/// the domain itself.
#[cfg(feature = "idna")]
pub(crate) fn to_unicode(domain: &[u8], out: &mut Buf) -> Result<(), HostError> {
    use idna::uts46::Uts46;
    use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingError, ProcessingSuccess};
    let start = out.len();
    let r = Uts46::new().process(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::MarkErrors,
        |_, _, _| true,
        &mut Sink(out),
        None,
    );
    match r {
        Ok(ProcessingSuccess::WroteToSink) => Ok(()),
        Err(ProcessingError::SinkError) => {
            out.truncate(start);
            Err(HostError::NoMemory)
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
pub(crate) fn to_unicode(domain: &[u8], out: &mut Buf) -> Result<(), HostError> {
    let punycode = domain
        .split(|&b| b == b'.')
        .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--"));
    if punycode || !domain.is_ascii() {
        return Err(HostError::IdnaUnavailable);
    }
    let start = out.len();
    out.extend_from_slice(domain)?;
    out[start..].make_ascii_lowercase();
    Ok(())
}
