//! A reporting parse: the basic URL parser with a [`Recorder`], which
//! keeps the validation errors the parser meets, and whether the input is
//! a valid URL string.
//!
//! Inputs that are their own serialisation take the parser's route for
//! them, which then reports on their host and the units of their path,
//! query and fragment, all that can be wrong there. Every other input goes
//! through the state machine, which reports as it goes.

use super::fast;
use super::parser::{clean, run_in, trimmed};
use super::report::{Positions, Recorder, Reporter, Validation, ValidationError};
use super::{ParseError, Url};
use crate::bytes::buf::Buf;

/// What a reporting parse found besides its errors.
pub(crate) struct Outcome {
    /// The parser returned failure.
    pub(crate) failure: bool,
    /// The input is a valid URL string.
    pub(crate) valid: bool,
}

/// The basic URL parser on `input` with `base`, in `buf`'s memory (left
/// empty), appending its validation errors to `list` at their places in
/// `input`. An error only when memory ran out or a domain needs the
/// absent `idna` feature.
pub(crate) fn validate_in(
    input: &[u8],
    base: Option<&Url>,
    buf: &mut Buf,
    list: &mut Vec<Validation>,
) -> Result<Outcome, ParseError> {
    let mut r = Recorder::new(list);
    let from = r.len();
    // The route for inputs that are their own serialisation reports on
    // them as they are (their host and their units are all that can be
    // wrong there); what it reported before it gave up is forgotten.
    if let Some(url) = fast::parse_with(input, buf, &mut r) {
        *buf = url?.into_parts().0;
        buf.clear();
        return outcome(&r, from, false, true);
    }
    r.truncate(from);
    state_machine(input, base, buf, r)
}

/// [`validate_in`] through the state machine, for every input.
fn state_machine(
    input: &[u8],
    base: Option<&Url>,
    buf: &mut Buf,
    mut r: Recorder<'_>,
) -> Result<Outcome, ParseError> {
    let from = r.len();
    let (start, end) = trimmed(input);
    if start > 0 || end < input.len() {
        let (s, e) = if start > 0 {
            (0, start)
        } else {
            (end, input.len())
        };
        r.report(ValidationError::InvalidUrlUnit, s, e);
    }
    let trimmed_input = &input[start..end];
    if let Some(i) = trimmed_input
        .iter()
        .position(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
    {
        r.report(ValidationError::InvalidUrlUnit, start + i, start + i + 1);
    }
    let mut scratch = Buf::new();
    let cleaned = clean(trimmed_input, &mut scratch)?;
    let positions = if cleaned.as_ptr() == trimmed_input.as_ptr() {
        Positions::shifted(start, end)
    } else {
        Positions::cleaned(input, start, end, cleaned.len())?
    };
    let utf8 = trimmed_input.is_ascii() || std::str::from_utf8(trimmed_input).is_ok();
    let after_cleaning = r.len();
    let parsed = run_in(cleaned, base, buf, &mut r);
    let failure = match parsed {
        Ok(url) => {
            *buf = url.into_parts().0;
            buf.clear();
            false
        }
        Err(ParseError::NoMemory) => return Err(ParseError::NoMemory),
        Err(ParseError::IdnaUnavailable) => return Err(ParseError::IdnaUnavailable),
        Err(_) => true,
    };
    r.finish(after_cleaning, &positions, failure);
    outcome(&r, from, failure, utf8)
}

/// The outcome of a reporting parse that recorded its errors from the
/// `from`th on in `r`.
fn outcome(
    r: &Recorder<'_>,
    from: usize,
    failure: bool,
    utf8: bool,
) -> Result<Outcome, ParseError> {
    if r.full {
        return Err(ParseError::NoMemory);
    }
    Ok(Outcome {
        failure,
        valid: !failure && utf8 && !r.not_valid && r.len() == from,
    })
}

#[cfg(test)]
mod tests {
    // Tests may abort when memory runs out: the ban on aborting
    // allocations (clippy.toml) is the library's.
    #![allow(clippy::disallowed_methods)]

    use super::*;

    /// For every input the route for serialised URLs takes, its report is
    /// the state machine's.
    fn same_report(input: &[u8]) -> bool {
        if fast::parse(input, &mut Buf::new()).is_none() {
            return false;
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let fa = validate_in(input, None, &mut Buf::new(), &mut a).unwrap();
        let fb = state_machine(input, None, &mut Buf::new(), Recorder::new(&mut b)).unwrap();
        assert_eq!(a, b, "{}", String::from_utf8_lossy(input));
        assert_eq!((fa.failure, fa.valid), (fb.failure, fb.valid));
        true
    }

    #[test]
    fn the_route_for_serialised_urls_reports_as_the_state_machine() {
        for input in [
            "https://example.org/a%41%4|b[c]d?e`f{g}h^i|j\\k#l#m%zz",
            "https://ex_ample.org/",
            "https://a..b/",
            "https://xn--a.org/%",
            "https://xn--bcher-kva.de:8080/x?y#z",
            "ws://-a.example/",
            "ftp://a.b/%2",
        ] {
            assert!(same_report(input.as_bytes()), "{input}");
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/kasztp.txt");
        let corpus = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let taken = corpus
            .split(|&b| b == b'\n')
            .filter(|url| same_report(url))
            .count();
        assert!(taken > 40_000, "{taken}");
    }
}
