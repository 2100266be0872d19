//! Query parameters (`wwwurl::query`) on a query string without its `?`,
//! read as the form parser reads them and rewritten without touching a
//! byte of the parameters an operation leaves alone: the submodule
//! `wwwurl._wwwurl._query`, which `wwwurl/query.py` presents as
//! `wwwurl.query`.

use pyo3::prelude::*;
use pyo3::types::PyList;
use wwwurl::bytes::buf::{Buf, NoMemory};
use wwwurl::query::{self, NameList, Param, Select};

use crate::errors;
use crate::text::{self, Text};

/// Whether every text argument was a `str`.
fn all_str(texts: &[&Text<'_>]) -> bool {
    texts.iter().all(|t| t.is_str)
}

/// A parameter's name and value: decoded (`+` a space, `%XY` a byte), or
/// raw, the value then `None` when the parameter has no `=`.
fn pair<'py>(
    py: Python<'py>,
    p: &Param<'_>,
    decode: bool,
    as_str: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    if decode {
        Ok((
            decoded(py, p.name_raw(), as_str)?,
            decoded(py, p.value_raw(), as_str)?,
        ))
    } else {
        let value = p.has_eq().then(|| p.value_raw());
        Ok((
            text::out(py, p.name_raw(), as_str),
            text::out_opt(py, value, as_str),
        ))
    }
}

/// The form-decoding of `raw`.
fn decoded<'py>(py: Python<'py>, raw: &[u8], as_str: bool) -> PyResult<Bound<'py, PyAny>> {
    let mut out = Buf::new();
    query::form_decode(raw, &mut out).map_err(errors::no_memory)?;
    Ok(text::out(py, &out, as_str))
}

/// A value of a parameter found by name, decoded or raw.
fn value<'py>(
    py: Python<'py>,
    p: &Param<'_>,
    decode: bool,
    as_str: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if decode {
        decoded(py, p.value_raw(), as_str)
    } else {
        Ok(text::out(py, p.value_raw(), as_str))
    }
}

/// The parameters of `query` in order, as `(name, value)` pairs: decoded
/// by default; with `decode=False` the raw bytes, the value `None` for a
/// parameter without `=`.
#[pyfunction]
#[pyo3(name = "params", signature = (query, decode = true))]
pub fn query_params<'py>(
    py: Python<'py>,
    query: Text<'py>,
    decode: bool,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for p in query::params(query.bytes()) {
        list.append(pair(py, &p, decode, query.is_str)?)?;
    }
    Ok(list)
}

/// The value of the first parameter whose decoded name is `name`, decoded
/// (raw with `decode=False`), or `None` when there is none.
#[pyfunction]
#[pyo3(name = "get", signature = (query, name, decode = true))]
pub fn query_get<'py>(
    py: Python<'py>,
    query: Text<'py>,
    name: Text<'py>,
    decode: bool,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let as_str = all_str(&[&query, &name]);
    query::get(query.bytes(), name.bytes())
        .map(|p| value(py, &p, decode, as_str))
        .transpose()
}

/// The values of every parameter whose decoded name is `name`, in order.
#[pyfunction]
#[pyo3(name = "get_all", signature = (query, name, decode = true))]
pub fn query_get_all<'py>(
    py: Python<'py>,
    query: Text<'py>,
    name: Text<'py>,
    decode: bool,
) -> PyResult<Bound<'py, PyList>> {
    let as_str = all_str(&[&query, &name]);
    let list = PyList::empty(py);
    for p in query::get_all(query.bytes(), name.bytes()) {
        list.append(value(py, &p, decode, as_str)?)?;
    }
    Ok(list)
}

/// The number of parameters (empty pieces between `&`s are none).
#[pyfunction]
#[pyo3(name = "count")]
pub fn query_count(query: Text<'_>) -> usize {
    query::count(query.bytes())
}

/// The result of a rewrite, written into a `Buf`.
fn rewrite<'py>(
    py: Python<'py>,
    as_str: bool,
    f: impl FnOnce(&mut Buf) -> Result<(), NoMemory>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut out = Buf::new();
    f(&mut out).map_err(errors::no_memory)?;
    Ok(text::out(py, &out, as_str))
}

/// `query` with the parameter `name=value` added at the end, both encoded
/// by the form serializer: `URLSearchParams.append()`.
#[pyfunction]
#[pyo3(name = "append")]
pub fn query_append<'py>(
    py: Python<'py>,
    query: Text<'py>,
    name: Text<'py>,
    value: Text<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    rewrite(py, all_str(&[&query, &name, &value]), |o| {
        query::append(query.bytes(), name.bytes(), value.bytes(), o)
    })
}

/// `query` with the first parameter named `name` given `value` (encoded)
/// in its place and the others of that name removed, or the parameter
/// appended when there is none: `URLSearchParams.set()`.
#[pyfunction]
#[pyo3(name = "set")]
pub fn query_set<'py>(
    py: Python<'py>,
    query: Text<'py>,
    name: Text<'py>,
    value: Text<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    rewrite(py, all_str(&[&query, &name, &value]), |o| {
        query::set(query.bytes(), name.bytes(), value.bytes(), o).map(drop)
    })
}

/// `query` without the parameters named `name`, or with `value` only those
/// of that name and value (both compared decoded):
/// `URLSearchParams.delete()`.
#[pyfunction]
#[pyo3(name = "delete", signature = (query, name, value = None))]
pub fn query_delete<'py>(
    py: Python<'py>,
    query: Text<'py>,
    name: Text<'py>,
    value: Option<Text<'py>>,
) -> PyResult<Bound<'py, PyAny>> {
    let as_str = all_str(&[&query, &name]) && value.as_ref().is_none_or(|v| v.is_str);
    rewrite(py, as_str, |o| {
        match &value {
            Some(v) => query::delete_value(query.bytes(), name.bytes(), v.bytes(), o),
            None => query::delete(query.bytes(), name.bytes(), o),
        }
        .map(drop)
    })
}

/// `query` with its parameters in order of their decoded names (stable,
/// in the URL Standard's order): `URLSearchParams.sort()`, without
/// re-encoding anything.
#[pyfunction]
#[pyo3(name = "sort")]
pub fn query_sort<'py>(py: Python<'py>, query: Text<'py>) -> PyResult<Bound<'py, PyAny>> {
    rewrite(py, query.is_str, |o| {
        query::sort(query.bytes(), o).map(drop)
    })
}

/// Whether `keep` or `strip` runs.
#[derive(Clone, Copy)]
enum Filter {
    Keep,
    Strip,
}

/// `keep` or `strip` of the parameters whose decoded name is in `names` or
/// starts with one of `prefixes`.
fn filter<'py>(
    py: Python<'py>,
    how: Filter,
    query: &Text<'py>,
    names: &[Text<'py>],
    prefixes: &[Text<'py>],
) -> PyResult<Bound<'py, PyAny>> {
    let (n, p) = (text::slices(names), text::slices(prefixes));
    let list = NameList::new(&n, &p).map_err(errors::no_memory)?;
    let select = Select::List(&list);
    let as_str = query.is_str && names.iter().chain(prefixes).all(|t| t.is_str);
    rewrite(py, as_str, |o| {
        match how {
            Filter::Keep => query::keep(query.bytes(), select, o),
            Filter::Strip => query::strip(query.bytes(), select, o),
        }
        .map(drop)
    })
}

/// `query` with only the parameters whose decoded name is one of `names`
/// or starts with one of `prefixes`.
#[pyfunction]
#[pyo3(
    name = "keep",
    signature = (query, names = Vec::new(), prefixes = Vec::new()),
    text_signature = "(query, names=(), prefixes=())"
)]
pub fn query_keep<'py>(
    py: Python<'py>,
    query: Text<'py>,
    names: Vec<Text<'py>>,
    prefixes: Vec<Text<'py>>,
) -> PyResult<Bound<'py, PyAny>> {
    filter(py, Filter::Keep, &query, &names, &prefixes)
}

/// `query` without the parameters whose decoded name is one of `names` or
/// starts with one of `prefixes` (`prefixes=["utm_"]`).
#[pyfunction]
#[pyo3(
    name = "strip",
    signature = (query, names = Vec::new(), prefixes = Vec::new()),
    text_signature = "(query, names=(), prefixes=())"
)]
pub fn query_strip<'py>(
    py: Python<'py>,
    query: Text<'py>,
    names: Vec<Text<'py>>,
    prefixes: Vec<Text<'py>>,
) -> PyResult<Bound<'py, PyAny>> {
    filter(py, Filter::Strip, &query, &names, &prefixes)
}

/// The submodule of these functions, under their names in `wwwurl.query`.
pub fn module<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyModule>> {
    let m = PyModule::new(py, "_query")?;
    m.add_function(wrap_pyfunction!(query_params, &m)?)?;
    m.add_function(wrap_pyfunction!(query_get, &m)?)?;
    m.add_function(wrap_pyfunction!(query_get_all, &m)?)?;
    m.add_function(wrap_pyfunction!(query_count, &m)?)?;
    m.add_function(wrap_pyfunction!(query_append, &m)?)?;
    m.add_function(wrap_pyfunction!(query_set, &m)?)?;
    m.add_function(wrap_pyfunction!(query_delete, &m)?)?;
    m.add_function(wrap_pyfunction!(query_sort, &m)?)?;
    m.add_function(wrap_pyfunction!(query_keep, &m)?)?;
    m.add_function(wrap_pyfunction!(query_strip, &m)?)?;
    Ok(m)
}
