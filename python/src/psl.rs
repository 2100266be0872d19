//! The Public Suffix List (`wwwurl::psl`): a host's registrable domain
//! and public suffix under the list built into the library or one loaded
//! at run time, one at a time, as a batch over threads, or over the
//! buffers of an Arrow array (`wwwurl.registrable_domain_arrow`).
//!
//! Answers are the tail of the host as given, in ASCII lower case, as the
//! command-line tool prints them and the list project's tests write them;
//! `None` where the host has none.

use pyo3::create_exception;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString};
use wwwurl::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use wwwurl::psl::{List, LoadError, Sections};

use crate::arrow::{self, ChunkOut};
use crate::batch;
use crate::errors;
use crate::profile::Piece;
use crate::text::{self, Text};

create_exception!(
    wwwurl,
    InvalidListError,
    errors::Error,
    "PublicSuffixList.load: the text is not a Public Suffix List (the message names the line)."
);

/// A Public Suffix List: the one built into the library
/// (`PublicSuffixList.builtin()`, the default of every function) or one
/// loaded from the list project's `public_suffix_list.dat` format
/// (`PublicSuffixList.load`). It never changes, and threads may share it.
#[pyclass(frozen, module = "wwwurl", name = "PublicSuffixList")]
pub struct PyPsl {
    /// `None`: the built-in list.
    list: Option<List>,
}

impl PyPsl {
    fn list(&self) -> &List {
        self.list.as_ref().unwrap_or(List::builtin())
    }
}

/// The list of an optional `psl` argument.
fn list_of<'a>(psl: &'a Option<PyRef<'_, PyPsl>>) -> &'a List {
    psl.as_deref().map_or(List::builtin(), PyPsl::list)
}

fn sections(icann_only: bool) -> Sections {
    if icann_only {
        Sections::Icann
    } else {
        Sections::All
    }
}

/// The answer for `host`: the tail from the registrable domain (or, with
/// `suffix`, the public suffix), lower-cased, appended to `out`; whether
/// there is one.
fn answer(
    list: &List,
    host: &[u8],
    s: Sections,
    suffix: bool,
    out: &mut Buf,
) -> Result<bool, NoMemory> {
    let start = if suffix {
        list.public_suffix(host, s)
    } else {
        list.registrable_domain(host, s)
    };
    let Some(i) = start else {
        return Ok(false);
    };
    let at = out.len();
    out.extend_from_slice(&host[i..])?;
    out[at..].make_ascii_lowercase();
    Ok(true)
}

fn one<'py>(
    py: Python<'py>,
    host: Text<'py>,
    icann_only: bool,
    psl: Option<PyRef<'py, PyPsl>>,
    suffix: bool,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let mut out = Buf::new();
    let found = answer(
        list_of(&psl),
        host.bytes(),
        sections(icann_only),
        suffix,
        &mut out,
    )
    .map_err(errors::no_memory)?;
    Ok(found.then(|| text::out(py, &out, host.is_str)))
}

#[pymethods]
impl PyPsl {
    /// The list built into the library (the list project's list of the
    /// date `version` gives).
    #[staticmethod]
    fn builtin() -> PyPsl {
        PyPsl { list: None }
    }

    /// A list loaded from `source`: the text itself as `bytes` (or
    /// `bytearray`), or the path of a list file as `str` or
    /// `os.PathLike`. Raises `InvalidListError` (a `ValueError`) for what
    /// is not a list, naming the line; `OSError` for a file that cannot
    /// be read.
    #[staticmethod]
    fn load(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<PyPsl> {
        let text: Vec<u8> = if let Ok(b) = source.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else if let Ok(b) = source.cast::<PyByteArray>() {
            b.to_vec()
        } else {
            let path = py.import("os")?.call_method1("fspath", (source,))?;
            if path.is_instance_of::<PyBytes>() || path.is_instance_of::<PyString>() {
                std::fs::read(path.extract::<std::path::PathBuf>()?)?
            } else {
                return Err(PyTypeError::new_err("expected bytes or a path"));
            }
        };
        let list = py.detach(|| List::load(&text)).map_err(|e| match e {
            LoadError::NoMemory => errors::no_memory(NoMemory),
            e => InvalidListError::new_err(e.to_string()),
        })?;
        Ok(PyPsl { list: Some(list) })
    }

    /// The list's version: the date and commit of the list project's list
    /// for the built-in one; a loaded list's `// VERSION:` comment ("" if
    /// it has none).
    #[getter]
    fn version(&self) -> String {
        String::from_utf8_lossy(self.list().version()).into_owned()
    }

    /// The numbers of rules: `(icann, private)`.
    #[getter]
    fn rules(&self) -> (u32, u32) {
        self.list().rules()
    }

    /// `wwwurl.registrable_domain(host, icann_only=..., psl=self)`.
    #[pyo3(signature = (host, *, icann_only = false))]
    fn registrable_domain<'py>(
        slf: PyRef<'py, Self>,
        host: Text<'py>,
        icann_only: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        one(py, host, icann_only, Some(slf), false)
    }

    /// `wwwurl.public_suffix(host, icann_only=..., psl=self)`.
    #[pyo3(signature = (host, *, icann_only = false))]
    fn public_suffix<'py>(
        slf: PyRef<'py, Self>,
        host: Text<'py>,
        icann_only: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        one(py, host, icann_only, Some(slf), true)
    }

    fn __repr__(&self) -> String {
        let (icann, private) = self.rules();
        let which = if self.list.is_none() {
            "built-in"
        } else {
            "loaded"
        };
        format!(
            "<PublicSuffixList {which} {:?}: {icann} ICANN and {private} private rules>",
            self.version()
        )
    }
}

/// The registrable domain (eTLD+1) of `host` by the Public Suffix List:
/// its public suffix and the label before it, lower-cased; `None` when it
/// has none (a public suffix itself, an IP address, empty, an empty
/// label). `icann_only`: only the list's ICANN section counts; `psl`: a
/// `PublicSuffixList` (default: the built-in list). `str` in gives `str`
/// out, `bytes` gives `bytes`.
#[pyfunction]
#[pyo3(signature = (host, *, icann_only = false, psl = None))]
pub fn registrable_domain<'py>(
    py: Python<'py>,
    host: Text<'py>,
    icann_only: bool,
    psl: Option<PyRef<'py, PyPsl>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    one(py, host, icann_only, psl, false)
}

/// The public suffix (eTLD) of `host`: the tail that the prevailing rule
/// matches (the last label when none does); `None` for an IP address, an
/// empty host or one with an empty label. Arguments as for
/// `registrable_domain`.
#[pyfunction]
#[pyo3(signature = (host, *, icann_only = false, psl = None))]
pub fn public_suffix<'py>(
    py: Python<'py>,
    host: Text<'py>,
    icann_only: bool,
    psl: Option<PyRef<'py, PyPsl>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    one(py, host, icann_only, psl, true)
}

/// The answers of a list of hosts, computed without the interpreter lock
/// over `threads` threads (default: every core): `registrable_domain` of
/// each, or with `suffix` its `public_suffix`; `None` where there is none.
#[pyfunction]
#[pyo3(signature = (hosts, *, icann_only = false, psl = None, suffix = false, threads = None))]
pub fn registrable_domains<'py>(
    py: Python<'py>,
    hosts: &Bound<'py, PyAny>,
    icann_only: bool,
    psl: Option<PyRef<'py, PyPsl>>,
    suffix: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    if hosts.is_instance_of::<PyString>() || hosts.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "hosts must be an iterable of hosts, not a single one (wrap it in a list)",
        ));
    }
    let threads = batch::thread_count(threads)?;
    let texts: Vec<Text<'py>> = hosts
        .try_iter()?
        .map(|h| h?.extract())
        .collect::<PyResult<_>>()?;
    let inputs: Vec<&[u8]> = texts.iter().map(Text::bytes).collect();
    let (list, s) = (list_of(&psl), sections(icann_only));
    let jobs: Vec<_> = batch::ranges(inputs.len()).collect();
    let pieces = py.detach(|| {
        batch::run(&jobs, threads, |r| {
            answers(list, s, suffix, r.clone().map(|i| Some(inputs[i])), false)
        })
    });
    let out = PyList::empty(py);
    let mut i = 0;
    for piece in pieces {
        let piece = piece.map_err(errors::no_memory)?;
        let mut start = 0;
        for (&end, &ok) in piece.ends.iter().zip(&piece.ok) {
            if ok {
                out.append(text::out(py, &piece.data[start..end], texts[i].is_str))?;
            } else {
                out.append(py.None())?;
            }
            start = end;
            i += 1;
        }
    }
    Ok(out)
}

/// The answers of `inputs` as one piece of a batch.
fn answers<'i>(
    list: &List,
    s: Sections,
    suffix: bool,
    inputs: impl ExactSizeIterator<Item = Option<&'i [u8]>>,
    check_utf8: bool,
) -> Result<Piece, NoMemory> {
    let n = inputs.len();
    let mut piece = Piece {
        data: Buf::new(),
        ends: try_with_capacity(n)?,
        ok: try_with_capacity(n)?,
        utf8: true,
    };
    for input in inputs {
        let start = piece.data.len();
        let ok = match input {
            Some(h) => answer(list, h, s, suffix, &mut piece.data)?,
            None => false,
        };
        if ok && check_utf8 && piece.utf8 {
            piece.utf8 = std::str::from_utf8(&piece.data[start..]).is_ok();
        }
        try_push(&mut piece.ends, piece.data.len())?;
        try_push(&mut piece.ok, ok)?;
    }
    Ok(piece)
}

/// The answers of the hosts of a string or binary Arrow array, from its
/// buffers: what `wwwurl.registrable_domain_arrow` builds its result of
/// (as `canonicalize_arrow_buffers` for `canonicalize_arrow`).
#[pyfunction]
#[pyo3(signature = (chunks, large, check_utf8, suffix, icann_only, psl, threads))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub fn psl_arrow_buffers<'py>(
    py: Python<'py>,
    chunks: Vec<(
        usize,
        usize,
        Option<Bound<'py, PyAny>>,
        Option<Bound<'py, PyAny>>,
        Option<Bound<'py, PyAny>>,
    )>,
    large: bool,
    check_utf8: bool,
    suffix: bool,
    icann_only: bool,
    psl: Option<PyRef<'py, PyPsl>>,
    threads: Option<usize>,
) -> PyResult<(Vec<ChunkOut<'py>>, bool, bool)> {
    let (list, s) = (list_of(&psl), sections(icann_only));
    arrow::map_buffers(py, chunks, large, check_utf8, threads, |v, r| {
        answers(list, s, suffix, r.map(|j| v.value(j)), check_utf8)
    })
}

/// Adds the class, the functions and the exception to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InvalidListError", m.py().get_type::<InvalidListError>())?;
    m.add_class::<PyPsl>()?;
    m.add_function(wrap_pyfunction!(registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(public_suffix, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domains, m)?)?;
    m.add_function(wrap_pyfunction!(psl_arrow_buffers, m)?)?;
    Ok(())
}
