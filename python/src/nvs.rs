//! No-Vary-Search (`wwwurl::nvs`): the URL variation config of a
//! response's header, and the cache key under which URLs that differ only
//! in what it lets vary are equal.

use pyo3::prelude::*;
use pyo3::types::PyString;
use wwwurl::bytes::buf::Buf;
use wwwurl::nvs::{self, Config, Mode};

use crate::errors;
use crate::text::{self, Text};

/// The URL variation config of a `No-Vary-Search` header value
/// (draft-ietf-httpbis-no-vary-search): which query parameters, and
/// whether their order, a cached response does not vary on.
///
/// `None` stands for a response without the header. A malformed value
/// gives the default config, as the draft says, unless `strict` is true:
/// it then raises `NoVarySearchError` saying why. A lone `key-order`
/// makes the order of the parameters irrelevant, as the draft's examples
/// have it.
#[pyclass(frozen, module = "wwwurl", name = "NoVarySearch")]
pub struct PyNoVarySearch {
    config: Config,
}

#[pymethods]
impl PyNoVarySearch {
    #[new]
    #[pyo3(signature = (header_value = None, *, strict = false))]
    fn new(header_value: Option<Text<'_>>, strict: bool) -> PyResult<PyNoVarySearch> {
        let value = header_value.as_ref().map(Text::bytes);
        let config = match (value, strict) {
            (Some(v), true) => Config::parse_checked(v).map_err(errors::nvs)?,
            (v, _) => Config::parse(v).map_err(errors::no_memory)?,
        };
        Ok(PyNoVarySearch { config })
    }

    /// The cache key of `url` (serialised already, e.g. a `URL`'s `href`):
    /// the URL up to its query, then the query's key. Two URLs have the
    /// same key exactly when they are equivalent under this config; the
    /// fragment never counts.
    fn key<'py>(&self, py: Python<'py>, url: Text<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut out = Buf::new();
        nvs::url_key(&self.config, url.bytes(), &mut out).map_err(errors::no_memory)?;
        Ok(text::out(py, &out, url.is_str))
    }

    /// The key of a query (without its `?`; `None` for a URL without one):
    /// empty, or `?` and the query under the default config, or its
    /// canonical form under any other.
    fn query_key<'py>(
        &self,
        py: Python<'py>,
        query: Option<Text<'py>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut out = Buf::new();
        let q = query.as_ref().map(Text::bytes);
        nvs::query_key(&self.config, q, &mut out).map_err(errors::no_memory)?;
        Ok(text::out(py, &out, query.as_ref().is_none_or(|t| t.is_str)))
    }

    /// Whether two URLs are equivalent under this config: the same up to
    /// their query, and equivalent queries.
    fn equivalent(&self, a: Text<'_>, b: Text<'_>) -> PyResult<bool> {
        nvs::equivalent_urls(&self.config, a.bytes(), b.bytes()).map_err(errors::no_memory)
    }

    /// `"params"` when the listed keys do not vary the response (all
    /// others do), `"except"` when only they do.
    #[getter]
    fn mode(&self) -> &'static str {
        match self.config.mode() {
            Mode::NoVary => "params",
            Mode::VaryOnly => "except",
        }
    }

    /// The keys of the list, decoded (as the form parser decodes a name),
    /// in the header's order.
    #[getter]
    fn keys<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        // Keys are UTF-8: the parser decodes them with replacement.
        self.config
            .keys()
            .map(|k| text::always_str(py, k))
            .collect()
    }

    /// Whether the response varies on the order of the parameters.
    #[getter]
    fn vary_on_key_order(&self) -> bool {
        self.config.vary_on_key_order()
    }

    /// Whether this is the default config, under which queries compare as
    /// they are.
    #[getter]
    fn is_default(&self) -> bool {
        self.config.is_default()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let keys = pyo3::types::PyList::new(py, self.keys(py))?;
        Ok(format!(
            "NoVarySearch(mode='{}', keys={}, vary_on_key_order={})",
            self.mode(),
            keys.repr()?,
            if self.vary_on_key_order() {
                "True"
            } else {
                "False"
            }
        ))
    }
}
