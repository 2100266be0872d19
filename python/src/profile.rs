//! The canonicalisation profiles (`wwwurl::profile`): one URL, a list of
//! URLs over several threads, and the piece of work both share with the
//! Arrow route.

use pyo3::prelude::*;
use pyo3::types::PyList;
use wwwurl::buf::{try_push, try_with_capacity, Buf, NoMemory};
use wwwurl::profile::{self, LibraryDefaults, Options, Profile, ProfileError};

use crate::batch;
use crate::errors;
use crate::text::{self, Text};

/// The profile `name` names, or `UnknownProfileError`.
pub fn find(name: &str) -> PyResult<&'static Profile> {
    profile::resolve(name).ok_or_else(|| errors::unknown_profile(name))
}

/// The parameters `cachekey` strips, as the core takes them.
#[derive(Clone, Copy)]
pub struct Strip<'a> {
    pub names: &'a [&'a [u8]],
    pub prefixes: &'a [&'a [u8]],
}

impl Strip<'_> {
    /// The options of a call: these lists and the library's default
    /// environment, the one the frozen vectors are computed with. Made per
    /// thread, since the environment is a trait object that is not `Sync`.
    fn options(&self) -> Options<'_> {
        Options {
            strip_names: self.names,
            strip_prefixes: self.prefixes,
            env: &LibraryDefaults,
        }
    }
}

/// The canonical forms of a range of URLs: their bytes one after another,
/// where each ends, and which exist (a refused URL, or a null of an Arrow
/// array, has none and ends where the previous one did).
pub struct Piece {
    pub data: Buf,
    pub ends: Vec<usize>,
    pub ok: Vec<bool>,
    /// Whether every canonical form is UTF-8 (checked only when asked).
    pub utf8: bool,
}

/// The canonical forms of `inputs` (`None`: a null, which has none) under
/// `p`. With `check_utf8`, [`Piece::utf8`] says whether each is UTF-8.
pub fn canonicalize_each<'i>(
    p: &Profile,
    strip: Strip<'_>,
    inputs: impl ExactSizeIterator<Item = Option<&'i [u8]>>,
    check_utf8: bool,
) -> Result<Piece, NoMemory> {
    let opts = strip.options();
    let n = inputs.len();
    let mut piece = Piece {
        data: Buf::new(),
        ends: try_with_capacity(n)?,
        ok: try_with_capacity(n)?,
        utf8: true,
    };
    for input in inputs {
        let start = piece.data.len();
        let ok = match input.map(|u| p.canonicalize(u, &opts, &mut piece.data)) {
            Some(Ok(())) => true,
            None | Some(Err(ProfileError::Refused(_) | ProfileError::UnknownProfile)) => false,
            Some(Err(ProfileError::NoMemory)) => return Err(NoMemory),
        };
        if ok && check_utf8 && piece.utf8 {
            piece.utf8 = std::str::from_utf8(&piece.data[start..]).is_ok();
        }
        try_push(&mut piece.ends, piece.data.len())?;
        try_push(&mut piece.ok, ok)?;
    }
    Ok(piece)
}

/// The canonical form of `url` under `profile` (`name/version`, or a bare
/// name for its newest version; see `profiles()`). `strip` and
/// `strip_prefixes` are decoded query parameter names and name prefixes
/// that the `cachekey` profile removes (the others ignore them).
///
/// Raises `UnknownProfileError` for an unknown profile and `RefusedError`
/// (whose message is the profile's reason) when the profile has no
/// canonical form for the URL.
#[pyfunction]
#[pyo3(
    signature = (url, profile, *, strip = Vec::new(), strip_prefixes = Vec::new()),
    text_signature = "(url, profile, *, strip=(), strip_prefixes=())"
)]
pub fn canonicalize<'py>(
    py: Python<'py>,
    url: Text<'py>,
    profile: &str,
    strip: Vec<Text<'py>>,
    strip_prefixes: Vec<Text<'py>>,
) -> PyResult<Bound<'py, PyAny>> {
    let p = find(profile)?;
    let lists_str = strip.iter().chain(&strip_prefixes).all(|t| t.is_str);
    let (names, prefixes) = (text::slices(&strip), text::slices(&strip_prefixes));
    let strip = Strip {
        names: &names,
        prefixes: &prefixes,
    };
    let mut out = Buf::new();
    p.canonicalize(url.bytes(), &strip.options(), &mut out)
        .map_err(errors::profile)?;
    Ok(text::out(py, &out, url.is_str && lists_str))
}

/// `[canonicalize(u, profile, ...) for u in urls]`, except that a URL the
/// profile refuses gives `None` instead of raising. The work runs without
/// the interpreter lock, spread over `threads` threads (default: every
/// core the process may use).
#[pyfunction]
#[pyo3(
    signature = (urls, profile, *, strip = Vec::new(), strip_prefixes = Vec::new(), threads = None),
    text_signature = "(urls, profile, *, strip=(), strip_prefixes=(), threads=None)"
)]
pub fn canonicalize_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    profile: &str,
    strip: Vec<Text<'py>>,
    strip_prefixes: Vec<Text<'py>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let p = find(profile)?;
    let threads = batch::thread_count(threads)?;
    // The bytes of every URL first, with the interpreter; then the work
    // without it, on byte slices only.
    let items = urls
        .try_iter()?
        .map(|o| o?.extract::<Text<'py>>())
        .collect::<PyResult<Vec<_>>>()?;
    let inputs = text::slices(&items);
    let lists_str = strip.iter().chain(&strip_prefixes).all(|t| t.is_str);
    let (names, prefixes) = (text::slices(&strip), text::slices(&strip_prefixes));
    let strip = Strip {
        names: &names,
        prefixes: &prefixes,
    };
    let jobs: Vec<_> = batch::ranges(inputs.len()).collect();
    let pieces = py.detach(|| {
        batch::run(&jobs, threads, |r| {
            canonicalize_each(p, strip, inputs[r.clone()].iter().map(|u| Some(*u)), false)
        })
    });
    let list = PyList::empty(py);
    let mut i = 0;
    for piece in pieces {
        let piece = piece.map_err(errors::no_memory)?;
        let mut start = 0;
        for (&end, &ok) in piece.ends.iter().zip(&piece.ok) {
            if ok {
                list.append(text::out(
                    py,
                    &piece.data[start..end],
                    items[i].is_str && lists_str,
                ))?;
            } else {
                list.append(py.None())?;
            }
            start = end;
            i += 1;
        }
    }
    Ok(list)
}

/// Every profile as `(name, version, description)`, each version
/// separately, sorted by name, then version.
#[pyfunction]
pub fn profiles() -> Vec<(&'static str, u32, &'static str)> {
    profile::profiles()
        .iter()
        .map(|p| (p.name, p.version, p.description))
        .collect()
}
