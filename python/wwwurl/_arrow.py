"""Canonicalisation of a pyarrow array, from its buffers: the extension reads
each chunk's validity bitmap, offsets and data in place and writes the
result's buffers, so that no Python object is made per URL."""

from typing import Any, Iterable, Optional, Union

from ._wwwurl import canonicalize_arrow_buffers

_Text = Union[str, bytes]


def _pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise ImportError(
            "wwwurl's Arrow functions need pyarrow: pip install pyarrow "
            "(or pip install 'wwwurl[arrow]')"
        ) from e
    return pyarrow


def canonicalize_arrow(
    array: Any,
    profile: str,
    *,
    strip: Iterable[_Text] = (),
    strip_prefixes: Iterable[_Text] = (),
    threads: Optional[int] = None,
) -> Any:
    """The canonical form of every URL of a pyarrow ``Array`` or
    ``ChunkedArray`` of type ``string``, ``large_string``, ``binary`` or
    ``large_binary``, as an array of the same kind and length: null where the
    input is null or the profile refuses the URL.

    The result type follows the input's: ``string`` gives ``string`` when
    every canonical form is UTF-8 (always, for the profiles whose output is
    ASCII) and ``binary`` otherwise; ``binary`` gives ``binary``. The
    ``large_`` variants give ``large_`` variants, and so does a chunk whose
    canonical forms would not fit 32-bit offsets (2 GiB). The work runs
    without the interpreter lock, over ``threads`` threads (default: every
    core the process may use; at most 1024: a larger value, or 0, raises
    ``InvalidArgumentError``, a ``ValueError``).
    """
    return _map_arrow(
        array,
        lambda described, large, text: canonicalize_arrow_buffers(
            described, large, text, profile, list(strip), list(strip_prefixes), threads
        ),
    )


def _map_arrow(array: Any, call: Any) -> Any:
    """An array of the kind and length of ``array`` (a string or binary
    ``Array`` or ``ChunkedArray``) from ``call(chunks, large, text)``, the
    extension's function over its buffers, which gives ``(results, utf8,
    large)``: the work of ``canonicalize_arrow`` and of the Public Suffix
    List's Arrow forms."""
    pa = _pyarrow()
    chunked = isinstance(array, pa.ChunkedArray)
    if not chunked and not isinstance(array, pa.Array):
        raise TypeError(
            f"expected a pyarrow Array or ChunkedArray, not {type(array).__name__}"
        )
    t = array.type
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        text = True
    elif pa.types.is_binary(t) or pa.types.is_large_binary(t):
        text = False
    else:
        raise TypeError(
            "expected an array of type string, large_string, binary or "
            f"large_binary, not {t}"
        )
    large = pa.types.is_large_string(t) or pa.types.is_large_binary(t)
    chunks = array.chunks if chunked else [array]
    described = []
    for c in chunks:
        validity, offsets, data = c.buffers()
        described.append((len(c), c.offset, validity, offsets, data))
    results, utf8, large_out = call(described, large, text)
    if text and utf8:
        out_type = pa.large_string() if large_out else pa.string()
    else:
        out_type = pa.large_binary() if large_out else pa.binary()
    arrays = [
        pa.Array.from_buffers(
            out_type,
            len(c),
            [
                None if validity is None else pa.py_buffer(validity),
                pa.py_buffer(offsets),
                pa.py_buffer(data),
            ],
            null_count=nulls,
        )
        for c, (validity, offsets, data, nulls) in zip(chunks, results)
    ]
    if chunked:
        return pa.chunked_array(arrays, type=out_type)
    return arrays[0]
