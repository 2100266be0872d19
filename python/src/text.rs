//! Text in and text out: how a `str` or `bytes` argument becomes the bytes
//! the core reads, and how the core's bytes go back to Python.
//!
//! In: `bytes` as they are; a `str` as UTF-8, except that a lone surrogate
//! (which UTF-8 cannot encode) becomes U+FFFD, as the URL Standard's
//! USVString conversion does before its parser sees a string.
//!
//! Out, for a result made of the input's bytes: `str` when every text
//! argument was a `str` and the result is valid UTF-8, `bytes` otherwise,
//! so that `bytes` in gives `bytes` out (as `os.path` and `urllib.parse`
//! do) and no byte is ever lost to a decoding.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Where the bytes of a text argument are.
enum Held<'py> {
    /// A `bytes` argument, or the UTF-8 encoding of a `str` that Python
    /// made; borrowed, never copied again.
    Object(Bound<'py, PyBytes>),
    /// A `str` with lone surrogates, converted here.
    Owned(Vec<u8>),
}

/// A `str` or `bytes` argument, as bytes.
pub struct Text<'py> {
    held: Held<'py>,
    /// Whether the argument was a `str`.
    pub is_str: bool,
}

impl Text<'_> {
    /// The bytes the core reads.
    pub fn bytes(&self) -> &[u8] {
        match &self.held {
            Held::Object(b) => b.as_bytes(),
            Held::Owned(v) => v,
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Text<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // `str` first: it is what almost every call passes.
        if let Ok(s) = obj.cast::<PyString>() {
            let held = match s.encode_utf8() {
                Ok(b) => Held::Object(b),
                Err(_) => Held::Owned(usv_string(&s)?),
            };
            return Ok(Text { held, is_str: true });
        }
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Text {
                held: Held::Object(b.to_owned()),
                is_str: false,
            });
        }
        Err(PyTypeError::new_err(format!(
            "expected str or bytes, not {}",
            obj.get_type().name()?
        )))
    }
}

/// The UTF-8 of a `str` that holds lone surrogates, each made U+FFFD:
/// the string's code units through UTF-16, decoded with replacement.
fn usv_string(s: &Bound<'_, PyString>) -> PyResult<Vec<u8>> {
    let units = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let units = units.cast::<PyBytes>()?.as_bytes();
    let code_units = units
        .chunks_exact(2)
        .map(|u| u16::from_le_bytes([u[0], u[1]]));
    let text: String = char::decode_utf16(code_units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    Ok(text.into_bytes())
}

/// A result made of the input's bytes: `str` when `as_str` (every text
/// argument was a `str`) and the bytes are UTF-8, `bytes` otherwise.
pub fn out<'py>(py: Python<'py>, bytes: &[u8], as_str: bool) -> Bound<'py, PyAny> {
    if as_str {
        // ASCII, which almost every result is, goes to CPython's decoder,
        // which cannot refuse it and checks it as it copies it; anything
        // else is checked here first, as a refusal of CPython's decoder
        // would cost an exception.
        if bytes.is_ascii() {
            if let Ok(s) = PyString::from_bytes(py, bytes) {
                return s.into_any();
            }
        }
        if let Ok(s) = std::str::from_utf8(bytes) {
            return PyString::new(py, s).into_any();
        }
    }
    PyBytes::new(py, bytes).into_any()
}

/// [`out`] of an optional result; `None` stays `None`.
pub fn out_opt<'py>(py: Python<'py>, bytes: Option<&[u8]>, as_str: bool) -> Bound<'py, PyAny> {
    match bytes {
        Some(b) => out(py, b, as_str),
        None => py.None().into_bound(py),
    }
}

/// A result that is UTF-8 by construction (a WHATWG serialisation, which
/// is ASCII; a hash; a decoded No-Vary-Search key): always a `str`. Should
/// an invalid sequence ever appear, it is replaced rather than raised
/// about.
pub fn always_str<'py>(py: Python<'py>, bytes: &[u8]) -> Bound<'py, PyString> {
    // CPython's strict decoding first: it copies the bytes while it checks
    // them, so valid ones (every result, in practice) are read once; the
    // lossy conversion only after it fails.
    PyString::from_bytes(py, bytes)
        .unwrap_or_else(|_| PyString::new(py, &String::from_utf8_lossy(bytes)))
}

/// The byte strings of a sequence of text arguments, for the core's name
/// lists.
pub fn slices<'t>(texts: &'t [Text<'_>]) -> Vec<&'t [u8]> {
    texts.iter().map(Text::bytes).collect()
}
