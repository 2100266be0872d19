//! Canonicalising an Arrow string or binary array from its buffers, with
//! no Python object per URL: `wwwurl/_arrow.py` hands over each chunk's
//! validity bitmap, offsets and data as `pyarrow.Buffer`s, this module
//! reads them in place, computes the new offsets, data and validity
//! without the interpreter lock, over several threads, and returns them as
//! `bytes` for `pyarrow.Array.from_buffers`.
//!
//! Each buffer is copied once into `bytes` (one copy of the buffer, no
//! object per URL), and read there: the stable ABI of CPython 3.9, which
//! the wheel targets, has no buffer protocol (it joined the limited API in
//! 3.11), and reading a buffer through its address would need `unsafe`
//! code, which the project keeps to its C ABI layer.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::batch;
use crate::errors;
use crate::profile::{self, Piece, Strip};
use crate::text::{self, Text};

/// A copy of a `pyarrow.Buffer` in CPU memory, as `bytes`; `None` for an
/// absent buffer.
fn buffer_copy<'py>(
    buf: &Option<Bound<'py, PyAny>>,
    class: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let Some(buf) = buf else {
        return Ok(None);
    };
    if !buf.is_instance(class)? {
        return Err(PyTypeError::new_err(format!(
            "expected a pyarrow.Buffer, not {}",
            buf.get_type().name()?
        )));
    }
    let is_cpu = buf.getattr("is_cpu").map_err(|_| {
        PyTypeError::new_err(
            "this pyarrow has no Buffer.is_cpu: canonicalize_arrow needs a newer one",
        )
    })?;
    if !is_cpu.extract::<bool>()? {
        return Err(PyValueError::new_err(
            "the array's buffers are not in CPU memory",
        ));
    }
    Ok(Some(buf.call_method0("to_pybytes")?.extract()?))
}

/// The bytes of a copied buffer; an absent one reads as empty:
/// `Chunk::check` refuses it where bytes are needed.
fn bytes_of<'b>(b: &'b Option<Bound<'_, PyBytes>>) -> &'b [u8] {
    b.as_ref().map_or(&[], |b| b.as_bytes())
}

/// One chunk of the input: an Arrow array of a string or binary type.
pub(crate) struct Chunk<'a> {
    /// Its length, and where it starts in its buffers (a slice of an
    /// array shares them).
    len: usize,
    offset: usize,
    /// The validity bitmap, absent when no value is null.
    validity: Option<&'a [u8]>,
    /// The `len + 1` offsets from `offset` on, `i32` or `i64` as `large`
    /// says, in the machine's byte order as Arrow writes them.
    offsets: &'a [u8],
    data: &'a [u8],
    large: bool,
}

impl<'a> Chunk<'a> {
    fn width(&self) -> usize {
        if self.large {
            8
        } else {
            4
        }
    }

    /// Offset number `i` of the buffer (bounds checked by [`Chunk::check`]).
    fn offset_at(&self, i: usize) -> i64 {
        let w = self.width();
        let b = &self.offsets[i * w..i * w + w];
        if self.large {
            i64::from_ne_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
        } else {
            i64::from(i32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
        }
    }

    /// Refuses buffers too short for the chunk, and offsets that decrease
    /// or point outside the data, so that reading values cannot fail.
    fn check(&self) -> PyResult<()> {
        if self.len == 0 {
            // No value is read; the buffers of an empty array may be empty.
            return Ok(());
        }
        let malformed =
            |what: &str| PyValueError::new_err(format!("malformed Arrow array: {what}"));
        let end = self
            .offset
            .checked_add(self.len)
            .ok_or_else(|| malformed("length"))?;
        if self.offsets.len() / self.width() <= end {
            return Err(malformed("offsets buffer too short"));
        }
        if let Some(v) = self.validity {
            if v.len() < end.div_ceil(8) {
                return Err(malformed("validity bitmap too short"));
            }
        }
        let mut prev = self.offset_at(self.offset);
        if prev < 0 {
            return Err(malformed("negative offset"));
        }
        for i in self.offset + 1..=end {
            let o = self.offset_at(i);
            if o < prev {
                return Err(malformed("decreasing offsets"));
            }
            prev = o;
        }
        if usize::try_from(prev).map_or(true, |p| p > self.data.len()) {
            return Err(malformed("offset past the data buffer"));
        }
        Ok(())
    }

    /// Value `j` of the chunk, `None` when it is null.
    pub(crate) fn value(&self, j: usize) -> Option<&'a [u8]> {
        let i = self.offset + j;
        if let Some(v) = self.validity {
            if v[i / 8] & (1 << (i % 8)) == 0 {
                return None;
            }
        }
        // In range: `check` found every offset in `0..=data.len()`.
        let start = self.offset_at(i) as usize;
        let end = self.offset_at(i + 1) as usize;
        Some(&self.data[start..end])
    }
}

/// One chunk's result buffers, as `pyarrow.Array.from_buffers` takes them.
pub(crate) type ChunkOut<'py> = (
    Option<Bound<'py, PyBytes>>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    usize,
);

/// The canonical forms of the chunks of a string or binary array, from
/// their buffers; used by `wwwurl.canonicalize_arrow`, which builds the
/// arguments and the result arrays.
///
/// `chunks`: one `(length, offset, validity, offsets, data)` per chunk,
/// the last three `pyarrow.Buffer`s or `None`; `large`:
/// whether the offsets are 64-bit; `check_utf8`: whether to find out if
/// every result is UTF-8 (for a string input).
///
/// Returns `(chunks, utf8, large)`: per chunk `(validity, offsets, data,
/// null_count)` as `bytes` (validity `None` when nothing is null); whether
/// every result is UTF-8 (`False` when not asked); whether the offsets
/// are 64-bit, which they are for a large input, or when 32-bit offsets
/// cannot hold some chunk's data.
#[pyfunction]
#[pyo3(signature = (chunks, large, check_utf8, profile, strip, strip_prefixes, threads))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub fn canonicalize_arrow_buffers<'py>(
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
    profile: &str,
    strip: Vec<Text<'py>>,
    strip_prefixes: Vec<Text<'py>>,
    threads: Option<usize>,
) -> PyResult<(Vec<ChunkOut<'py>>, bool, bool)> {
    let p = profile::find(profile)?;
    let (names, prefixes) = (text::slices(&strip), text::slices(&strip_prefixes));
    let strip = Strip {
        names: &names,
        prefixes: &prefixes,
    };
    map_buffers(py, chunks, large, check_utf8, threads, |v, r| {
        profile::canonicalize_each(p, strip, r.map(|j| v.value(j)), check_utf8)
    })
}

/// The chunks of a string or binary array, from their buffers, mapped by
/// `each` (a range of one chunk's values at a time, without the
/// interpreter lock, over `threads` threads) to result chunks: what
/// `canonicalize_arrow_buffers` and the Public Suffix List's Arrow forms
/// share.
#[allow(clippy::type_complexity)]
pub(crate) fn map_buffers<'py>(
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
    threads: Option<usize>,
    each: impl Fn(&Chunk<'_>, std::ops::Range<usize>) -> Result<Piece, wwwurl::bytes::buf::NoMemory>
        + Sync,
) -> PyResult<(Vec<ChunkOut<'py>>, bool, bool)> {
    let threads = batch::thread_count(threads)?;
    let class = py.import("pyarrow")?.getattr("Buffer")?;
    let mut copies = Vec::with_capacity(chunks.len());
    for (_, _, validity, offsets, data) in &chunks {
        copies.push([
            buffer_copy(validity, &class)?,
            buffer_copy(offsets, &class)?,
            buffer_copy(data, &class)?,
        ]);
    }
    let mut views = Vec::with_capacity(chunks.len());
    for ((len, offset, ..), [validity, offsets, data]) in chunks.iter().zip(&copies) {
        let c = Chunk {
            len: *len,
            offset: *offset,
            validity: validity.as_ref().map(|v| v.as_bytes()),
            offsets: bytes_of(offsets),
            data: bytes_of(data),
            large,
        };
        c.check()?;
        views.push(c);
    }
    // Jobs never cross a chunk, so each chunk's pieces follow each other.
    let jobs: Vec<(usize, std::ops::Range<usize>)> = views
        .iter()
        .enumerate()
        .flat_map(|(c, v)| batch::ranges(v.len).map(move |r| (c, r)))
        .collect();
    let pieces = py.detach(|| batch::run(&jobs, threads, |(c, r)| each(&views[*c], r.clone())));
    let pieces = pieces
        .into_iter()
        .collect::<Result<Vec<Piece>, _>>()
        .map_err(errors::no_memory)?;

    // Each chunk's pieces, and whether some chunk's data needs 64 bits.
    let mut per_chunk: Vec<Vec<&Piece>> = views.iter().map(|_| Vec::new()).collect();
    for ((c, _), piece) in jobs.iter().zip(&pieces) {
        per_chunk[*c].push(piece);
    }
    let data_len = |ps: &[&Piece]| ps.iter().map(|p| p.data.len()).sum::<usize>();
    let large_out = large || per_chunk.iter().any(|ps| data_len(ps) > i32::MAX as usize);
    let utf8 = check_utf8 && pieces.iter().all(|p| p.utf8);

    let mut out = Vec::with_capacity(views.len());
    for (v, ps) in views.iter().zip(&per_chunk) {
        out.push(chunk_buffers(py, v.len, ps, large_out)?);
    }
    Ok((out, utf8, large_out))
}

/// The validity, offsets and data of one result chunk, written straight
/// into `bytes` objects, and its null count.
fn chunk_buffers<'py>(
    py: Python<'py>,
    len: usize,
    pieces: &[&Piece],
    large: bool,
) -> PyResult<ChunkOut<'py>> {
    let nulls = pieces
        .iter()
        .map(|p| p.ok.iter().filter(|&&ok| !ok).count())
        .sum::<usize>();
    let validity = if nulls == 0 {
        None
    } else {
        Some(PyBytes::new_with(py, len.div_ceil(8), |bits| {
            bits.fill(0);
            let oks = pieces.iter().flat_map(|p| p.ok.iter());
            for (i, _) in oks.enumerate().filter(|(_, &ok)| ok) {
                bits[i / 8] |= 1 << (i % 8);
            }
            Ok(())
        })?)
    };
    let width = if large { 8 } else { 4 };
    let offsets = PyBytes::new_with(py, (len + 1) * width, |buf| {
        let mut put = |i: usize, o: usize| {
            if large {
                buf[i * 8..i * 8 + 8].copy_from_slice(&(o as i64).to_ne_bytes());
            } else {
                buf[i * 4..i * 4 + 4].copy_from_slice(&(o as i32).to_ne_bytes());
            }
        };
        put(0, 0);
        let (mut i, mut base) = (1, 0);
        for p in pieces {
            for &end in &p.ends {
                put(i, base + end);
                i += 1;
            }
            base += p.data.len();
        }
        Ok(())
    })?;
    let total = pieces.iter().map(|p| p.data.len()).sum();
    let data = PyBytes::new_with(py, total, |buf| {
        let mut at = 0;
        for p in pieces {
            buf[at..at + p.data.len()].copy_from_slice(&p.data);
            at += p.data.len();
        }
        Ok(())
    })?;
    Ok((validity, offsets, data, nulls))
}
