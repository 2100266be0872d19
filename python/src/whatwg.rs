//! The WHATWG URL Standard (`wwwurl::whatwg`): the `URL` class, its
//! setters, and the domain functions.

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};
use wwwurl::buf::Buf;
use wwwurl::whatwg::{self, Part, SetOutcome, Url};

use crate::errors;
use crate::text::{self, Text};

/// What `URL.set` did.
#[pyclass(eq, eq_int, frozen, module = "wwwurl", name = "SetOutcome")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PySetOutcome {
    /// The setter ran to its end: the part now holds the value in its
    /// canonical form (which may be what it held before).
    #[pyo3(name = "APPLIED")]
    Applied,
    /// The Standard ignores the value here: the URL is unchanged.
    #[pyo3(name = "IGNORED")]
    Ignored,
    /// The `host` setter set the host, then the Standard refused the port
    /// after it: the new host stays, the port is unchanged.
    #[pyo3(name = "HOST_ONLY")]
    HostOnly,
}

impl From<SetOutcome> for PySetOutcome {
    fn from(o: SetOutcome) -> PySetOutcome {
        match o {
            SetOutcome::Applied => PySetOutcome::Applied,
            SetOutcome::Ignored => PySetOutcome::Ignored,
            SetOutcome::HostOnly => PySetOutcome::HostOnly,
        }
    }
}

/// The attribute of that name that has a setter.
fn part(name: &str) -> PyResult<Part> {
    Part::from_name(name.as_bytes())
        .ok_or_else(|| errors::invalid_argument(format!("no URL attribute {name:?} can be set")))
}

/// A URL, parsed by the WHATWG URL Standard's API URL parser, as a
/// browser's `new URL(url, base)` parses it.
///
/// The attributes are those of the URL API, as `str`; assigning one runs
/// its setter as a browser does (a value the Standard ignores leaves the
/// URL unchanged, silently; `set()` says what happened). Raises
/// `InvalidURLError` when the URL does not parse, `InvalidBaseError` when
/// the base does not.
///
/// Two URLs are equal when their `href`s are; the hash is the `href`'s, so
/// a URL that is a key of a dict or a member of a set must not be changed.
#[pyclass(module = "wwwurl", name = "URL")]
pub struct PyUrl {
    url: Url,
}

/// The URL `url` parsed against `base`.
fn parse(url: &Text<'_>, base: Option<&Text<'_>>) -> PyResult<Url> {
    whatwg::parse_with_base(url.bytes(), base.map(Text::bytes)).map_err(errors::parse)
}

impl PyUrl {
    fn apply(&mut self, part: Part, value: &Text<'_>) -> PyResult<PySetOutcome> {
        self.url
            .set(part, value.bytes())
            .map(PySetOutcome::from)
            .map_err(errors::set)
    }
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (url, base = None))]
    fn new(url: Text<'_>, base: Option<Text<'_>>) -> PyResult<PyUrl> {
        Ok(PyUrl {
            url: parse(&url, base.as_ref())?,
        })
    }

    /// Whether `URL(url, base)` would succeed: `URL.canParse()`.
    #[staticmethod]
    #[pyo3(signature = (url, base = None))]
    fn can_parse(url: Text<'_>, base: Option<Text<'_>>) -> bool {
        whatwg::can_parse(url.bytes(), base.as_ref().map(Text::bytes))
    }

    /// `URL(url, base)`, or `None` where it would raise `InvalidURLError`:
    /// `URL.parse()`.
    #[staticmethod]
    #[pyo3(signature = (url, base = None))]
    fn parse(url: Text<'_>, base: Option<Text<'_>>) -> PyResult<Option<PyUrl>> {
        match whatwg::parse_with_base(url.bytes(), base.as_ref().map(Text::bytes)) {
            Ok(url) => Ok(Some(PyUrl { url })),
            Err(e @ (whatwg::ParseError::NoMemory | whatwg::ParseError::IdnaUnavailable)) => {
                Err(errors::parse(e))
            }
            Err(_) => Ok(None),
        }
    }

    /// Sets the attribute `part` (`"href"`, `"protocol"`, `"username"`,
    /// `"password"`, `"host"`, `"hostname"`, `"port"`, `"pathname"`,
    /// `"search"` or `"hash"`) as the URL API's setter does, and says
    /// what happened. Raises `InvalidURLError` for an `href` that does not
    /// parse (the URL is then unchanged).
    fn set(&mut self, part: &str, value: Text<'_>) -> PyResult<PySetOutcome> {
        let p = self::part(part)?;
        self.apply(p, &value)
    }

    /// The whole URL, serialised.
    #[getter]
    fn href<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.href())
    }

    #[setter]
    fn set_href(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Href, &value).map(drop)
    }

    /// The serialisation of the URL's origin (`"null"` for an opaque one).
    #[getter]
    fn origin<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let mut out = Buf::new();
        self.url.origin(&mut out).map_err(errors::parse)?;
        Ok(text::always_str(py, &out))
    }

    /// The scheme followed by `:`.
    #[getter]
    fn protocol<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.protocol())
    }

    #[setter]
    fn set_protocol(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Protocol, &value).map(drop)
    }

    /// The username, percent-encoded.
    #[getter]
    fn username<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.username())
    }

    #[setter]
    fn set_username(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Username, &value).map(drop)
    }

    /// The password, percent-encoded.
    #[getter]
    fn password<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.password())
    }

    #[setter]
    fn set_password(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Password, &value).map(drop)
    }

    /// The host, with `:port` when there is a port.
    #[getter]
    fn host<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.host())
    }

    #[setter]
    fn set_host(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Host, &value).map(drop)
    }

    /// The host, serialised.
    #[getter]
    fn hostname<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.hostname())
    }

    #[setter]
    fn set_hostname(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Hostname, &value).map(drop)
    }

    /// The port in decimal; empty when there is none or it is the
    /// scheme's default.
    #[getter]
    fn port<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.port())
    }

    #[setter]
    fn set_port(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Port, &value).map(drop)
    }

    /// The path, serialised.
    #[getter]
    fn pathname<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.pathname())
    }

    #[setter]
    fn set_pathname(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Pathname, &value).map(drop)
    }

    /// `?` and the query; empty when the query is null or empty.
    #[getter]
    fn search<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.search())
    }

    #[setter]
    fn set_search(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Search, &value).map(drop)
    }

    /// `#` and the fragment; empty when the fragment is null or empty.
    #[getter]
    fn hash<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        text::always_str(py, self.url.hash())
    }

    #[setter]
    fn set_hash(&mut self, value: Text<'_>) -> PyResult<()> {
        self.apply(Part::Hash, &value).map(drop)
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.href(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("URL({})", self.href(py).repr()?))
    }

    fn __eq__(&self, other: PyRef<'_, PyUrl>) -> bool {
        self.url.href() == other.url.href()
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.href(py).hash()
    }

    /// Pickles and copies as `URL(href)`.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let href = slf.borrow().href(py);
        Ok((slf.get_type(), PyTuple::new(py, [href])?))
    }
}

/// The WHATWG URL Standard's "domain to ASCII" of `domain` (beStrict
/// false): an ASCII domain lower-cased, any other through UTS #46
/// ToASCII. Raises `InvalidDomainError` when the result is empty or holds
/// a forbidden domain code point, or ToASCII fails.
#[pyfunction]
pub fn domain_to_ascii<'py>(py: Python<'py>, domain: Text<'py>) -> PyResult<Bound<'py, PyString>> {
    let mut out = Buf::new();
    match whatwg::domain_to_ascii(domain.bytes(), &mut out) {
        Ok(()) => Ok(text::always_str(py, &out)),
        Err(e @ (whatwg::ParseError::NoMemory | whatwg::ParseError::IdnaUnavailable)) => {
            Err(errors::parse(e))
        }
        Err(e) => Err(errors::InvalidDomainError::new_err(e.to_string())),
    }
}

/// The WHATWG URL Standard's "domain to Unicode" of `domain`, for display:
/// UTS #46 ToUnicode, or `domain` unchanged when that records an error. A
/// domain holding a NUL (a forbidden domain code point) raises
/// `InvalidDomainError`, as `domain_to_ascii` does.
#[pyfunction]
pub fn domain_to_unicode<'py>(py: Python<'py>, domain: Text<'py>) -> PyResult<Bound<'py, PyAny>> {
    let mut out = Buf::new();
    match whatwg::domain_to_unicode(domain.bytes(), &mut out) {
        Ok(()) => Ok(text::out(py, &out, domain.is_str)),
        Err(e @ (whatwg::ParseError::NoMemory | whatwg::ParseError::IdnaUnavailable)) => {
            Err(errors::parse(e))
        }
        Err(e) => Err(errors::InvalidDomainError::new_err(e.to_string())),
    }
}

/// The Unicode version of the IDNA mapping tables the WHATWG parser uses.
#[pyfunction]
pub fn idna_unicode_version() -> &'static str {
    whatwg::unicode_version()
}
