//! WWWOFFLE's URL record (`wwwurl::wwwoffle::split::split_url`) and the names of
//! its cache files (`wwwurl::wwwoffle::cache`, `wwwurl::wwwoffle::hash`), with the library's
//! default environment (local host `localhost:8080`, default ports http
//! 80, https 443, ftp 21, finger 79).

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use wwwurl::bytes::buf::Buf;
use wwwurl::wwwoffle::cache;
use wwwurl::wwwoffle::config::{Compat, Config};
use wwwurl::wwwoffle::hash::make_hash as core_make_hash;
use wwwurl::wwwoffle::split::split_url as core_split_url;
use wwwurl::wwwoffle::url::{Field, Url};

use crate::errors;
use crate::text::{self, Text};

/// The WWWOFFLE release whose behaviour `compat` names.
fn compat_of(compat: &str) -> PyResult<Compat> {
    match compat {
        "2.9" => Ok(Compat::V29),
        "2.9h" => Ok(Compat::V29h),
        _ => Err(errors::invalid_argument(format!(
            "compat must be \"2.9\" or \"2.9h\", not {compat:?}"
        ))),
    }
}

/// SplitURL of `url` in the default environment.
fn split_record(url: &[u8], compat: &str) -> PyResult<Url> {
    core_split_url(&Config::default(), compat_of(compat)?, url).map_err(errors::no_memory)
}

/// SplitURL: WWWOFFLE's canonical record of `url`, as the tuple `(name,
/// file, proto, hostport, host, port, path, args, user, password, hostp,
/// pathp, original_name, original_path, original_args, original_pathp)`
/// (the columns of the SplitURL vectors); `wwwurl.split_url` makes it a
/// `SplitURL`.
///
/// The record's strings are all `str` or all `bytes`: `str` when `url`
/// was a `str` and every field is UTF-8. The offsets count characters of
/// a `str` and bytes of `bytes`.
#[pyfunction]
#[pyo3(signature = (url, compat = "2.9"))]
pub fn split_url<'py>(
    py: Python<'py>,
    url: Text<'py>,
    compat: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    let u = split_record(url.bytes(), compat)?;
    let as_str = url.is_str
        && Field::ALL
            .iter()
            .all(|&f| u.get(f).is_none_or(|b| std::str::from_utf8(b).is_ok()));
    let s = |b: &[u8]| text::out(py, b, as_str);
    let opt = |b: Option<&[u8]>| text::out_opt(py, b, as_str);
    // An offset into a `str` counts characters.
    let at = |whole: &[u8], i: usize| -> PyResult<Bound<'py, PyAny>> {
        let n = if as_str {
            String::from_utf8_lossy(&whole[..i]).chars().count()
        } else {
            i
        };
        Ok(n.into_pyobject(py)?.into_any())
    };
    let original = u.get(Field::OriginalName).unwrap_or_default();
    let fields = [
        s(u.name()),
        s(u.file()),
        s(u.proto()),
        s(u.hostport()),
        s(u.host()),
        u.port().into_pyobject(py)?.into_any(),
        s(u.path()),
        opt(u.args()),
        opt(u.user()),
        opt(u.pass()),
        at(u.name(), u.hostp())?,
        at(u.name(), u.pathp())?,
        s(original),
        s(u.get(Field::OriginalPath).unwrap_or_default()),
        opt(u.get(Field::OriginalArgs)),
        at(original, u.original_pathp())?,
    ];
    PyTuple::new(py, fields)
}

/// The path of `url`'s cache file in a WWWOFFLE spool directory,
/// `proto/hostport/<prefix><make_hash(file)>`: `prefix` is `"D"` for the
/// data file, `"U"` for the file that holds the URL. Raises
/// `UnsafeCachePathError` when the protocol or host would not make one
/// plain directory name (empty, `.`, `..`, a `/` or a control byte).
#[pyfunction]
#[pyo3(signature = (url, prefix = "D", compat = "2.9"))]
pub fn cache_path<'py>(
    py: Python<'py>,
    url: Text<'py>,
    prefix: &str,
    compat: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let letter = match prefix {
        "D" => b'D',
        "U" => b'U',
        _ => {
            return Err(errors::invalid_argument(format!(
                "prefix must be \"D\" or \"U\", not {prefix:?}"
            )))
        }
    };
    let u = split_record(url.bytes(), compat)?;
    let path = cache::cache_path(u.proto(), u.hostport(), u.file(), letter)
        .map_err(errors::unsafe_path)?;
    let mut out = Buf::new();
    path.write_to(&mut out).map_err(errors::no_memory)?;
    Ok(text::out(py, &out, url.is_str))
}

/// MakeHash: the 22 characters that name WWWOFFLE's cache files, the
/// MD5 of `s` in WWWOFFLE's base 64. WWWOFFLE hashes a URL's `file`
/// (`split_url(url).file`); `cache_path` does both steps.
#[pyfunction]
pub fn make_hash<'py>(py: Python<'py>, s: Text<'py>) -> Bound<'py, PyString> {
    text::always_str(py, &core_make_hash(s.bytes()))
}
