//! The canonicalisation profiles (`wwwurl::profile`): one URL, a list of
//! URLs over several threads, and the piece of work both share with the
//! Arrow route.

use std::sync::Mutex;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString};
use wwwurl::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use wwwurl::profile::{self, LibraryDefaults, Options, Profile, ProfileError};

use crate::batch;
use crate::errors;
use crate::text::{self, Text};

/// The profile `name` names, or `UnknownProfileError`.
pub fn find(name: &str) -> PyResult<&'static Profile> {
    profile::resolve(name).ok_or_else(|| errors::unknown_profile(name))
}

/// The last profile name object [`find_str`] resolved, and its profile.
/// Holding the object keeps its address from being reused for another
/// string while it is here.
static LAST: Mutex<Option<(Py<PyString>, &'static Profile)>> = Mutex::new(None);

/// [`find`] of a `str` argument. A loop of single calls passes the same
/// string object again and again (a literal, a variable): that object is
/// recognised by its address, so that neither its UTF-8 (a copy, in the
/// stable ABI of CPython 3.9) nor the lookup is made again.
pub fn find_str(name: &Bound<'_, PyString>) -> PyResult<&'static Profile> {
    if let Ok(last) = LAST.lock() {
        if let Some((s, p)) = last.as_ref() {
            if s.as_ptr() == name.as_ptr() {
                return Ok(p);
            }
        }
    }
    let p = find(&name.to_cow()?)?;
    if let Ok(mut last) = LAST.lock() {
        *last = Some((name.clone().unbind(), p));
    }
    Ok(p)
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
    profile: &Bound<'py, PyString>,
    strip: Vec<Text<'py>>,
    strip_prefixes: Vec<Text<'py>>,
) -> PyResult<Bound<'py, PyAny>> {
    let p = find_str(profile)?;
    let lists_str = strip.iter().chain(&strip_prefixes).all(|t| t.is_str);
    let (names, prefixes) = (text::slices(&strip), text::slices(&strip_prefixes));
    let strip = Strip {
        names: &names,
        prefixes: &prefixes,
    };
    // Room for the canonical form, about the URL's length, so that it
    // does not grow step by step.
    let len = url.bytes().len();
    let mut out = Buf::with_capacity(len + len / 4 + 16).map_err(errors::no_memory)?;
    p.canonicalize(url.bytes(), &strip.options(), &mut out)
        .map_err(errors::profile)?;
    Ok(text::out(py, &out, url.is_str && lists_str))
}

/// `[canonicalize(u, profile, ...) for u in urls]`, except that a URL the
/// profile refuses gives `None` instead of raising. The work runs without
/// the interpreter lock, spread over `threads` threads (default: every
/// core the process may use; at most 1024, `InvalidArgumentError`, a
/// `ValueError`, above). `urls` is an iterable of URLs: a single `str` or
/// `bytes` raises `TypeError` rather than being read a character at a
/// time.
#[pyfunction]
#[pyo3(
    signature = (urls, profile, *, strip = Vec::new(), strip_prefixes = Vec::new(), threads = None),
    text_signature = "(urls, profile, *, strip=(), strip_prefixes=(), threads=None)"
)]
pub fn canonicalize_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    profile: &Bound<'py, PyString>,
    strip: Vec<Text<'py>>,
    strip_prefixes: Vec<Text<'py>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    // A str or bytes is iterable too, but as characters or numbers: a URL
    // passed where a list of them belongs.
    if urls.is_instance_of::<PyString>()
        || urls.is_instance_of::<PyBytes>()
        || urls.is_instance_of::<PyByteArray>()
    {
        return Err(PyTypeError::new_err(format!(
            "urls must be an iterable of URLs, not a single {} (wrap it in a list)",
            urls.get_type().name()?
        )));
    }
    let p = find_str(profile)?;
    let threads = batch::thread_count(threads)?;
    let lists_str = strip.iter().chain(&strip_prefixes).all(|t| t.is_str);
    let (names, prefixes) = (text::slices(&strip), text::slices(&strip_prefixes));
    let strip = Strip {
        names: &names,
        prefixes: &prefixes,
    };
    // The list goes by blocks: a block's URLs are read (with the
    // interpreter), canonicalised (without it, on byte slices only), and
    // made into the result's objects before the next block is read, so
    // that the copies of the inputs and the canonical forms of one block
    // are all that is held at a time: the size of a processor cache,
    // however long the list, instead of three copies of the whole list.
    // One thread takes one job a block; more threads take several each,
    // so that starting them costs little next to the block's work. The
    // block is sized by the threads that can run at once, never by more
    // than the cores: threads beyond them add no speed, and a block (the
    // vector below is reserved at its size) sized by any number asked for
    // would be a reservation of any size.
    let block = if threads == 1 {
        batch::JOB_LEN
    } else {
        batch::JOB_LEN * BLOCK_JOBS * threads.min(batch::cores())
    };
    let list = PyList::empty(py);
    let mut iter = urls.try_iter()?;
    let mut items: Vec<Text<'py>> = Vec::with_capacity(block);
    loop {
        items.clear();
        for o in iter.by_ref().take(block) {
            items.push(o?.extract()?);
        }
        if items.is_empty() {
            break;
        }
        let inputs = text::slices(&items);
        let jobs: Vec<_> = batch::ranges(inputs.len()).collect();
        let pieces = py.detach(|| {
            batch::run(&jobs, threads, |r| {
                canonicalize_each(p, strip, inputs[r.clone()].iter().map(|u| Some(*u)), false)
            })
        });
        let mut item = items.iter();
        for piece in pieces {
            let piece = piece.map_err(errors::no_memory)?;
            let mut start = 0;
            for ((&end, &ok), t) in piece.ends.iter().zip(&piece.ok).zip(item.by_ref()) {
                if ok {
                    let out = &piece.data[start..end];
                    list.append(text::out(py, out, t.is_str && lists_str))?;
                } else {
                    list.append(py.None())?;
                }
                start = end;
            }
        }
        if items.len() < block {
            break;
        }
    }
    Ok(list)
}

/// Jobs a thread takes from a block of [`canonicalize_many`] when there
/// are several threads: enough that starting the threads of each block
/// costs little next to the block's work.
const BLOCK_JOBS: usize = 16;

/// Every profile as `(name, version, description)`, each version
/// separately, sorted by name, then version.
#[pyfunction]
pub fn profiles() -> Vec<(&'static str, u32, &'static str)> {
    profile::profiles()
        .iter()
        .map(|p| (p.name, p.version, p.description))
        .collect()
}
