//! Glue to the `idna` crate (UTS #46) for the Standard's "domain parser
//! ToASCII" and "domain to Unicode", with the Standard's parameters.
//!
//! The crate allocates in its own way (its `Cow<str>` results); that is
//! the one place where a WHATWG parse may allocate without reporting
//! [`NoMemory`](crate::buf::NoMemory). Everything it returns is copied
//! into our buffers fallibly. Without the `idna` feature, the functions
//! here refuse every domain that needs UTS #46 with
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
pub fn unicode_version() -> &'static str {
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
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let ascii = Uts46::new()
        .to_ascii(
            domain,
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .map_err(|_| HostError::Invalid)?;
    Ok(out.extend_from_slice(ascii.as_bytes())?)
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
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let (unicode, result) = Uts46::new().to_unicode(domain, AsciiDenyList::EMPTY, Hyphens::Allow);
    match result {
        Ok(()) => out.extend_from_slice(unicode.as_bytes())?,
        Err(_) => out.extend_from_slice(domain)?,
    }
    Ok(())
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
