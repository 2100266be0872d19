//! The WHATWG URL Standard's validation errors (`wwwurl::whatwg::validate`):
//! `validate`, which `wwwurl/__init__.py` presents as `wwwurl.validate`,
//! each error as a `ValidationIssue` and the whole as a
//! `ValidationReport`.

use pyo3::prelude::*;
use wwwurl::whatwg;

use crate::errors;
use crate::text::Text;

/// One error as `(name, start, end, fatal)`.
type Issue = (&'static str, usize, usize, bool);

/// The validation errors of `url` against `base`: `(errors, failure,
/// valid)`, each error `(name, start, end, fatal)`, `start` and `end`
/// indices into `url`: characters of a `str`, bytes of `bytes`. Raises
/// `InvalidBaseError` when the base does not parse.
#[pyfunction]
#[pyo3(signature = (url, base = None))]
pub fn validate(url: Text<'_>, base: Option<Text<'_>>) -> PyResult<(Vec<Issue>, bool, bool)> {
    let bytes = url.bytes();
    let report =
        whatwg::validate_with_base(bytes, base.as_ref().map(Text::bytes)).map_err(errors::parse)?;
    let index = Index::new(bytes, url.is_str);
    let issues = report
        .errors()
        .iter()
        .map(|e| {
            let (start, end) = (index.of(e.start()), index.of(e.end()));
            (e.error().name(), start, end, e.fatal())
        })
        .collect();
    Ok((issues, report.failure(), report.valid()))
}

/// Byte offsets into the UTF-8 of a `str` as indices into the `str`.
enum Index {
    /// Bytes, or ASCII: the same numbers.
    Same,
    /// The index of the character at each byte offset (and at the end).
    Chars(Vec<usize>),
}

impl Index {
    fn new(bytes: &[u8], is_str: bool) -> Index {
        if !is_str || bytes.is_ascii() {
            return Index::Same;
        }
        let mut at = Vec::with_capacity(bytes.len() + 1);
        let mut chars = 0;
        for &b in bytes {
            // A byte that starts a character (not a continuation byte).
            if b & 0xc0 != 0x80 {
                chars += 1;
            }
            at.push(chars - 1);
        }
        at.push(chars);
        Index::Chars(at)
    }

    fn of(&self, offset: usize) -> usize {
        match self {
            Index::Same => offset,
            Index::Chars(at) => at.get(offset).copied().unwrap_or(offset),
        }
    }
}
