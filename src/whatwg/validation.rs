//! A reporting parse: the basic URL parser with a [`Recorder`], which
//! keeps the validation errors the parser meets, and whether the input is
//! a valid URL string.
//!
//! Inputs that are their own serialisation take the parser's route for
//! them, and then only their host and the units of their path, query and
//! fragment can be wrong: this module checks those. Every other input goes
//! through the state machine, which reports as it goes.

use super::fast;
use super::host;
use super::parser::{clean, run_in, trimmed};
use super::report::{Place, Positions, Recorder, Reporter, Validation, ValidationError};
use super::units::{self, Component};
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
    // The route for inputs that are their own serialisation reads them as
    // they are: only their host and their units can be wrong.
    if let Some(url) = fast::parse(input, buf) {
        let url = url?;
        report_plain(input, &url, &mut r)?;
        *buf = url.into_parts().0;
        buf.clear();
        let positions = Positions::shifted(0, input.len());
        r.finish(from, &positions, false);
        return outcome(&r, from, false, true);
    }
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

/// The validation errors of an input that the route for URLs that are
/// their own serialisation took: a domain that strict IDNA processing
/// refuses, and code points of the path, query and fragment that are not
/// URL units. (No other error can be there: such an input is ASCII, has a
/// special scheme followed by `//`, no credentials, no `\` in its path, a
/// domain that is no IPv4 address, and a valid port if any.)
fn report_plain<R: Reporter>(input: &[u8], url: &Url, r: &mut R) -> Result<(), ParseError> {
    let host_start = url.scheme_end + 3;
    let host_end = host_start + url.hostname().len();
    let host = &input[host_start..host_end];
    let place = Place {
        at: host_start,
        len: host.len(),
        exact: true,
    };
    host::report_strict(host, r, place)?;
    let path_start = host_end
        + input[host_end..]
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(input.len() - host_end);
    let query = input[path_start..]
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .map_or(input.len(), |i| path_start + i);
    units::scan(input, path_start, query, Component::SpecialPath, r);
    if query < input.len() && input[query] == b'?' {
        let fragment = input[query..]
            .iter()
            .position(|&b| b == b'#')
            .map_or(input.len(), |i| query + i);
        units::scan(input, query + 1, fragment, Component::Other, r);
        if fragment < input.len() {
            units::scan(input, fragment + 1, input.len(), Component::Other, r);
        }
    } else if query < input.len() {
        units::scan(input, query + 1, input.len(), Component::Other, r);
    }
    Ok(())
}
