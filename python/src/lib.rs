//! The CPython extension module `wwwurl._wwwurl`: the Rust core crate
//! `wwwurl` for Python, which the package `wwwurl` (`wwwurl/__init__.py`)
//! presents. Each module here holds one part of the core's interface;
//! `text` says how `str` and `bytes` go in and come out, `errors` which
//! exception each failure raises, and `batch` how lists of URLs spread
//! over threads.

// The package reads Python objects through PyO3 only: no `unsafe` of its
// own (the project keeps that to its C ABI layer).
#![forbid(unsafe_code)]

mod arrow;
mod batch;
mod errors;
mod nvs;
mod profile;
mod psl;
mod query;
mod rfc3986;
mod text;
mod urlpattern;
mod validation;
mod whatwg;
mod wwwoffle;

use pyo3::prelude::*;

/// The extension module that `wwwurl/__init__.py` and `wwwurl/query.py`
/// present as the package `wwwurl`.
#[pymodule]
fn _wwwurl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;

    m.add_function(wrap_pyfunction!(profile::canonicalize, m)?)?;
    m.add_function(wrap_pyfunction!(profile::canonicalize_many, m)?)?;
    m.add_function(wrap_pyfunction!(profile::profiles, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::canonicalize_arrow_buffers, m)?)?;

    m.add_class::<whatwg::PyUrl>()?;
    m.add_class::<whatwg::PySetOutcome>()?;
    m.add_class::<whatwg::PySearchParams>()?;
    m.add_function(wrap_pyfunction!(whatwg::domain_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg::domain_to_unicode, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg::idna_unicode_version, m)?)?;
    m.add_function(wrap_pyfunction!(validation::validate, m)?)?;

    m.add_function(wrap_pyfunction!(rfc3986::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(rfc3986::make_relative, m)?)?;
    m.add_function(wrap_pyfunction!(rfc3986::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(rfc3986::split, m)?)?;
    for (name, mask) in rfc3986::MASKS {
        m.add(name, mask.0)?;
    }

    m.add_function(wrap_pyfunction!(wwwoffle::split_url, m)?)?;
    m.add_function(wrap_pyfunction!(wwwoffle::cache_path, m)?)?;
    m.add_function(wrap_pyfunction!(wwwoffle::make_hash, m)?)?;

    m.add_submodule(&query::module(m.py())?)?;

    m.add_class::<nvs::PyNoVarySearch>()?;

    psl::register(m)?;
    urlpattern::register(m)?;
    Ok(())
}
