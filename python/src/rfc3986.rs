//! RFC 3986 tools: the component split, reference resolution, the
//! shortest relative reference, and normalisation.

use pyo3::prelude::*;
use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986::normalize::{normalize as core_normalize, Mask};
use wwwurl::rfc3986::Component;
use wwwurl::rfc3986::{self, relative};

use crate::errors;
use crate::text::{self, Text};

/// The mask bits of `normalize`, by their module names (the C API's
/// `WWWURL_NORMALIZE_*` values).
pub const MASKS: [(&str, Mask); 10] = [
    ("NORMALIZE_SCHEME", Mask::SCHEME),
    ("NORMALIZE_USERINFO", Mask::USERINFO),
    ("NORMALIZE_HOST", Mask::HOST),
    ("NORMALIZE_PATH", Mask::PATH),
    ("NORMALIZE_QUERY", Mask::QUERY),
    ("NORMALIZE_FRAGMENT", Mask::FRAGMENT),
    ("NORMALIZE_SYNTAX", Mask::SYNTAX),
    ("NORMALIZE_DEFAULT_PORT", Mask::DEFAULT_PORT),
    ("NORMALIZE_EMPTY_PATH", Mask::EMPTY_PATH),
    ("NORMALIZE_ALL", Mask::ALL),
];

/// Resolves `reference` against `base` by RFC 3986 section 5.2 (strict:
/// a reference with a scheme is absolute), dot segments removed. Raises
/// `InvalidBaseError` when `base` has no scheme.
#[pyfunction]
pub fn resolve<'py>(
    py: Python<'py>,
    base: Text<'py>,
    reference: Text<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut out = Buf::new();
    rfc3986::resolve(base.bytes(), reference.bytes(), &mut out).map_err(errors::resolve)?;
    Ok(text::out(py, &out, base.is_str && reference.is_str))
}

/// The shortest reference that resolves against `base` to what `target`
/// resolves to (RFC 3986 section 5.2 run backwards). Raises
/// `InvalidBaseError` when `base` has no scheme.
#[pyfunction]
pub fn make_relative<'py>(
    py: Python<'py>,
    base: Text<'py>,
    target: Text<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut out = Buf::new();
    relative::make_relative(base.bytes(), target.bytes(), &mut out).map_err(errors::resolve)?;
    Ok(text::out(py, &out, base.is_str && target.is_str))
}

/// Normalises a URI reference by RFC 3986 section 6.2.2 (and 6.2.3 with
/// `NORMALIZE_DEFAULT_PORT` and `NORMALIZE_EMPTY_PATH`) in the components
/// `mask` selects: an OR of the `NORMALIZE_*` constants, by default
/// `NORMALIZE_SYNTAX` (all of section 6.2.2). Raises
/// `InvalidArgumentError` for unknown mask bits.
#[pyfunction]
#[pyo3(signature = (url, mask = Mask::SYNTAX.0), text_signature = "(url, mask=NORMALIZE_SYNTAX)")]
pub fn normalize<'py>(py: Python<'py>, url: Text<'py>, mask: u32) -> PyResult<Bound<'py, PyAny>> {
    if mask & !Mask::ALL.0 != 0 {
        return Err(errors::invalid_argument(format!(
            "unknown normalize mask bits {:#x}",
            mask & !Mask::ALL.0
        )));
    }
    let mut out = Buf::new();
    core_normalize(url.bytes(), Mask(mask), &mut out).map_err(errors::no_memory)?;
    Ok(text::out(py, &out, url.is_str))
}

/// The components of RFC 3986's split, each `None` when absent.
type Components<'py> = [Bound<'py, PyAny>; Component::ALL.len()];

/// The components of a URI reference by the regular expression of RFC
/// 3986 appendix B, the authority split as section 3.2 lays it out:
/// `(scheme, authority, userinfo, user, password, host, port, path, query,
/// fragment)`, each `None` when absent (`wwwurl.split` makes it a named
/// tuple).
#[pyfunction]
pub fn split<'py>(py: Python<'py>, url: Text<'py>) -> Components<'py> {
    let s = url.bytes();
    let c = rfc3986::split(s);
    Component::ALL.map(|k| text::out_opt(py, c.get(k).map(|p| p.bytes(s)), url.is_str))
}
