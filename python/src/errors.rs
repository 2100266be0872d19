//! The exceptions of the package, and the one place where each error of
//! the core becomes one of them.
//!
//! Every failure of a URL or an argument is a subclass of `wwwurl.Error`,
//! itself a `ValueError`, named after what failed; except that
//! `URLPattern` raises `TypeError` wherever its JavaScript class throws
//! one (a pattern that does not compile, a relative pattern without a
//! base URL). Memory running out is Python's own `MemoryError`, as
//! everywhere in Python.

use pyo3::create_exception;
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use wwwurl::bytes::buf::NoMemory;
use wwwurl::nvs::NvsError;
use wwwurl::profile::ProfileError;
use wwwurl::rfc3986::ResolveError;
use wwwurl::urlpattern;
use wwwurl::whatwg::{ParseError, SetError};
use wwwurl::wwwoffle::cache::UnsafePath;

create_exception!(
    wwwurl,
    Error,
    PyValueError,
    "Base class of every error of wwwurl (a ValueError)."
);
create_exception!(
    wwwurl,
    UnknownProfileError,
    Error,
    "No canonicalisation profile has this name (or name and version)."
);
create_exception!(
    wwwurl,
    RefusedError,
    Error,
    "The profile has no canonical form for this URL; the message is the profile's reason."
);
create_exception!(
    wwwurl,
    InvalidURLError,
    Error,
    "The WHATWG URL parser returned failure (new URL() would throw)."
);
create_exception!(
    wwwurl,
    InvalidBaseError,
    InvalidURLError,
    "The base URL failed to parse, or an RFC 3986 base has no scheme."
);
create_exception!(
    wwwurl,
    InvalidDomainError,
    Error,
    "The domain is not valid: domain_to_ascii returned failure."
);
create_exception!(
    wwwurl,
    IdnaUnavailableError,
    Error,
    "The domain needs UTS #46 processing and the library was built without it."
);
create_exception!(
    wwwurl,
    UnsafeCachePathError,
    Error,
    "The protocol or host would not make one plain directory name of the cache path."
);
create_exception!(
    wwwurl,
    NoVarySearchError,
    Error,
    "NoVarySearch(..., strict=True): the header value would give the default config."
);
create_exception!(
    wwwurl,
    InvalidArgumentError,
    Error,
    "An argument has a value the function does not take (a compat mode, a mask, a prefix)."
);
create_exception!(
    wwwurl,
    MatchBudgetError,
    Error,
    "Matching a URL against a URLPattern took more than its bounded budget of work."
);

/// Memory ran out in the core.
pub fn no_memory(_: NoMemory) -> PyErr {
    PyMemoryError::new_err("out of memory")
}

/// A profile's error.
pub fn profile(e: ProfileError) -> PyErr {
    match e {
        ProfileError::UnknownProfile => UnknownProfileError::new_err("unknown profile"),
        ProfileError::Refused(why) => RefusedError::new_err(why),
        ProfileError::NoMemory => no_memory(NoMemory),
    }
}

/// An unknown profile name, with the name.
pub fn unknown_profile(name: &str) -> PyErr {
    UnknownProfileError::new_err(format!("unknown profile {name:?}"))
}

/// The WHATWG parser's error.
pub fn parse(e: ParseError) -> PyErr {
    match e {
        ParseError::InvalidBase => InvalidBaseError::new_err(e.to_string()),
        ParseError::IdnaUnavailable => IdnaUnavailableError::new_err(e.to_string()),
        ParseError::NoMemory => no_memory(NoMemory),
        ParseError::MissingScheme
        | ParseError::HostMissing
        | ParseError::InvalidHost
        | ParseError::InvalidPort => InvalidURLError::new_err(e.to_string()),
    }
}

/// A WHATWG setter's error: only `href` can fail to parse.
pub fn set(e: SetError) -> PyErr {
    match e {
        SetError::InvalidHref(ParseError::NoMemory) | SetError::NoMemory => no_memory(NoMemory),
        SetError::InvalidHref(ParseError::IdnaUnavailable) | SetError::IdnaUnavailable => {
            IdnaUnavailableError::new_err(e.to_string())
        }
        SetError::InvalidHref(_) => InvalidURLError::new_err(e.to_string()),
    }
}

/// RFC 3986 resolution's error.
pub fn resolve(e: ResolveError) -> PyErr {
    match e {
        ResolveError::BaseNotAbsolute => InvalidBaseError::new_err(e.to_string()),
        ResolveError::NoMemory => no_memory(NoMemory),
    }
}

/// A cache path that would leave the spool.
pub fn unsafe_path(e: UnsafePath) -> PyErr {
    UnsafeCachePathError::new_err(e.to_string())
}

/// Why a `No-Vary-Search` value gives the default config.
pub fn nvs(e: NvsError) -> PyErr {
    match e {
        NvsError::NoMemory => no_memory(NoMemory),
        _ => NoVarySearchError::new_err(e.to_string()),
    }
}

/// A URL pattern's error: `TypeError` where JavaScript throws one (with
/// the reason), `MatchBudgetError` when matching took more than its
/// budget.
pub fn urlpattern(e: urlpattern::Error) -> PyErr {
    match e {
        urlpattern::Error::Syntax(why) => PyTypeError::new_err(why),
        urlpattern::Error::Budget => MatchBudgetError::new_err(e.to_string()),
        urlpattern::Error::NoMemory => no_memory(NoMemory),
    }
}

/// An argument outside the values a function takes.
pub fn invalid_argument(msg: String) -> PyErr {
    InvalidArgumentError::new_err(msg)
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("UnknownProfileError", py.get_type::<UnknownProfileError>())?;
    m.add("RefusedError", py.get_type::<RefusedError>())?;
    m.add("InvalidURLError", py.get_type::<InvalidURLError>())?;
    m.add("InvalidBaseError", py.get_type::<InvalidBaseError>())?;
    m.add("InvalidDomainError", py.get_type::<InvalidDomainError>())?;
    m.add(
        "IdnaUnavailableError",
        py.get_type::<IdnaUnavailableError>(),
    )?;
    m.add(
        "UnsafeCachePathError",
        py.get_type::<UnsafeCachePathError>(),
    )?;
    m.add("NoVarySearchError", py.get_type::<NoVarySearchError>())?;
    m.add(
        "InvalidArgumentError",
        py.get_type::<InvalidArgumentError>(),
    )?;
    m.add("MatchBudgetError", py.get_type::<MatchBudgetError>())?;
    Ok(())
}
