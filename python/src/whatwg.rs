//! The WHATWG URL Standard (`wwwurl::whatwg`): the `URL` class, its
//! setters, `URLSearchParams` (a list of its own, or the live view of a
//! `URL`'s query), and the domain functions.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyList, PyMapping, PyString, PyTuple, PyType};
use wwwurl::bytes::buf::{Buf, NoMemory};
use wwwurl::whatwg::{self, Attribute, Part, SearchParams, SetOutcome, Url};

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
///
/// `search_params` is the query as a `URLSearchParams`, live as a
/// browser's `url.searchParams` is.
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
        // A view of the href, or `null`, for all but a URL with
        // credentials or a `blob` URL.
        if let Some(v) = self.url.view(Attribute::Origin) {
            return Ok(text::always_str(py, v));
        }
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

    /// The query as a `URLSearchParams`, live as a browser's
    /// `url.searchParams`: it reads the URL's query whenever it is used,
    /// and each change to it rewrites the query from the whole list,
    /// every pair form-encoded, an empty list leaving no `?`.
    #[getter]
    fn search_params(slf: Bound<'_, Self>) -> PySearchParams {
        PySearchParams {
            source: Source::Url(slf.unbind()),
        }
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

/// Where the list of a `URLSearchParams` is.
enum Source {
    /// A list of its own.
    Own(SearchParams),
    /// The query of a `URL`, parsed whenever it is read and written back
    /// after each change.
    Url(Py<PyUrl>),
}

/// The URL Standard's `URLSearchParams`: a list of name-value pairs that
/// the application/x-www-form-urlencoded parser reads and its serializer
/// writes, as a browser's. `init` is a query (`str` or `bytes`, one
/// leading `?` ignored), a mapping, or an iterable of `(name, value)`
/// pairs; names and values are `str` or `bytes` (bytes that are not
/// UTF-8 read as U+FFFD), and come out as `str`.
///
/// `URL.search_params` gives one that is the URL's query: every change
/// writes the whole list back into the URL, re-encoded (`%20` becomes
/// `+`, `~` becomes `%7E`), as a browser does.
#[pyclass(module = "wwwurl", name = "URLSearchParams")]
pub struct PySearchParams {
    source: Source,
}

impl PySearchParams {
    /// `f` of the list: its own, or the URL's query as it is now.
    fn read<R>(&self, py: Python<'_>, f: impl FnOnce(&SearchParams) -> R) -> PyResult<R> {
        match &self.source {
            Source::Own(list) => Ok(f(list)),
            Source::Url(url) => {
                let list = url
                    .borrow(py)
                    .url
                    .search_params()
                    .map_err(errors::no_memory)?;
                Ok(f(&list))
            }
        }
    }

    /// Changes the list with `f`, then runs the update steps: a URL's
    /// query becomes the list's serialisation (null when it is empty).
    /// When memory runs out, nothing has changed.
    fn change(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut SearchParams) -> Result<(), NoMemory>,
    ) -> PyResult<()> {
        match &mut self.source {
            Source::Own(list) => f(list).map_err(errors::no_memory),
            Source::Url(url) => {
                let mut url = url.borrow_mut(py);
                let mut list = url.url.search_params().map_err(errors::no_memory)?;
                f(&mut list).map_err(errors::no_memory)?;
                url.url.set_search_params(&list).map_err(errors::no_memory)
            }
        }
    }

    /// The list's pairs as `(name, value)` tuples of `str`.
    fn pairs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        self.read(py, |list| {
            for (name, value) in list {
                out.append((text::always_str(py, name), text::always_str(py, value)))?;
            }
            Ok::<(), PyErr>(())
        })??;
        Ok(out)
    }

    /// The name or the value of every pair, in order.
    fn column<'py>(&self, py: Python<'py>, values: bool) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        self.read(py, |list| {
            for (name, value) in list {
                out.append(text::always_str(py, if values { value } else { name }))?;
            }
            Ok::<(), PyErr>(())
        })??;
        Ok(out)
    }
}

/// The pairs of a `URLSearchParams` initialiser that is not a query: a
/// mapping's items, or an iterable of two-item iterables.
fn init_pairs(init: &Bound<'_, PyAny>) -> PyResult<SearchParams> {
    let mut list = SearchParams::new();
    let mut add = |name: Bound<'_, PyAny>, value: Bound<'_, PyAny>| -> PyResult<()> {
        let (name, value): (Text<'_>, Text<'_>) = (name.extract()?, value.extract()?);
        list.append(name.bytes(), value.bytes())
            .map_err(errors::no_memory)
    };
    if let Ok(map) = init.cast::<PyMapping>() {
        for item in map.items()?.iter() {
            let (name, value) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
            add(name, value)?;
        }
        return Ok(list);
    }
    for pair in init.try_iter()? {
        let pair = pair?;
        if pair.is_instance_of::<PyString>() || pair.is_instance_of::<PyBytes>() {
            return Err(PyTypeError::new_err(
                "URLSearchParams: each pair must be a sequence of a name and a value, not a string",
            ));
        }
        let mut items = PyIterator::from_object(&pair)?;
        let (Some(name), Some(value), None) = (items.next(), items.next(), items.next()) else {
            return Err(PyTypeError::new_err(
                "URLSearchParams: each pair must have exactly two items",
            ));
        };
        add(name?, value?)?;
    }
    Ok(list)
}

#[pymethods]
impl PySearchParams {
    #[new]
    #[pyo3(signature = (init = None))]
    fn new(init: Option<&Bound<'_, PyAny>>) -> PyResult<PySearchParams> {
        let list = match init {
            None => SearchParams::new(),
            Some(init) => match init.extract::<Text<'_>>() {
                Ok(query) => SearchParams::from_init(query.bytes()).map_err(errors::no_memory)?,
                Err(_) => init_pairs(init)?,
            },
        };
        Ok(PySearchParams {
            source: Source::Own(list),
        })
    }

    /// The number of pairs.
    #[getter]
    fn size(&self, py: Python<'_>) -> PyResult<usize> {
        self.read(py, SearchParams::len)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.size(py)
    }

    /// Adds the pair `(name, value)` at the end.
    fn append(&mut self, py: Python<'_>, name: Text<'_>, value: Text<'_>) -> PyResult<()> {
        self.change(py, |list| list.append(name.bytes(), value.bytes()))
    }

    /// Removes every pair named `name`; with a `value`, only those that
    /// also have that value.
    #[pyo3(signature = (name, value = None))]
    fn delete(&mut self, py: Python<'_>, name: Text<'_>, value: Option<Text<'_>>) -> PyResult<()> {
        self.change(py, |list| {
            list.delete(name.bytes(), value.as_ref().map(Text::bytes));
            Ok(())
        })
    }

    /// The value of the first pair named `name`, or `None`.
    fn get<'py>(&self, py: Python<'py>, name: Text<'_>) -> PyResult<Option<Bound<'py, PyString>>> {
        self.read(py, |list| {
            list.get(name.bytes()).map(|v| text::always_str(py, v))
        })
    }

    /// The values of the pairs named `name`, in order.
    fn get_all<'py>(&self, py: Python<'py>, name: Text<'_>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        self.read(py, |list| {
            for v in list.get_all(name.bytes()) {
                out.append(text::always_str(py, v))?;
            }
            Ok::<(), PyErr>(())
        })??;
        Ok(out)
    }

    /// Whether a pair is named `name`; with a `value`, one that also has
    /// that value.
    #[pyo3(signature = (name, value = None))]
    fn has(&self, py: Python<'_>, name: Text<'_>, value: Option<Text<'_>>) -> PyResult<bool> {
        self.read(py, |list| {
            list.has(name.bytes(), value.as_ref().map(Text::bytes))
        })
    }

    /// Gives the first pair named `name` the value `value` and removes the
    /// others with that name; appends the pair when there is none.
    fn set(&mut self, py: Python<'_>, name: Text<'_>, value: Text<'_>) -> PyResult<()> {
        self.change(py, |list| list.set(name.bytes(), value.bytes()))
    }

    /// Sorts the pairs by name, stably: names compare by their UTF-16
    /// code units, as in a browser.
    fn sort(&mut self, py: Python<'_>) -> PyResult<()> {
        self.change(py, SearchParams::sort)
    }

    /// The names of the pairs, in order (repeated names included).
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.column(py, false)
    }

    /// The values of the pairs, in order.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.column(py, true)
    }

    /// The pairs, in order, as `(name, value)` tuples.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.pairs(py)
    }

    /// The `(name, value)` pairs, in order, as they are now.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.pairs(py)?.try_iter()
    }

    /// Whether a pair is named `name`.
    fn __contains__(&self, py: Python<'_>, name: Text<'_>) -> PyResult<bool> {
        self.read(py, |list| list.has(name.bytes(), None))
    }

    /// The application/x-www-form-urlencoded serialisation of the list:
    /// for a URL's, its query as the list would write it.
    fn __str__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let mut out = Buf::new();
        self.read(py, |list| list.write(&mut out))?
            .map_err(errors::no_memory)?;
        Ok(text::always_str(py, &out))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("URLSearchParams({})", self.__str__(py)?.repr()?))
    }

    /// Pickles and copies as `URLSearchParams(str(self))`: a list of its
    /// own, with the same pairs.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let text = slf.borrow().__str__(py)?;
        Ok((slf.get_type(), PyTuple::new(py, [text])?))
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
