"""canonicalize_arrow against canonicalize, one URL at a time: string,
large_string, binary and large_binary arrays, slices, nulls, chunked arrays,
on the real corpus and the frozen vectors' inputs."""

import sys
import threading
import time

import pytest

import wwwurl
from _vectors import corpus, profile_vectors

try:
    import pyarrow as pa
except ImportError:  # pragma: no cover - a CI without pyarrow must fail
    pytest.fail("pyarrow is not installed: run the tests in the environment `make pyenv` builds (build/pyenv)", pytrace=False)

CORPUS = corpus()
# Inputs with bytes that are not UTF-8, refusals and percent-encodings.
VECTOR_INPUTS = [v.input for v in profile_vectors()["surt/1"]]


def one_by_one(values, profile, **kw):
    out = []
    for v in values:
        if v is None:
            out.append(None)
            continue
        try:
            out.append(wwwurl.canonicalize(v, profile, **kw))
        except wwwurl.RefusedError:
            out.append(None)
    return out


def as_bytes(values):
    return [v.encode("utf-8") if isinstance(v, str) else v for v in values]


@pytest.mark.parametrize("profile", ["wwwoffle-2.9", "surt", "whatwg", "webcapture", "rfc3986"])
@pytest.mark.parametrize("kind", ["binary", "large_binary"])
def test_binary_arrays_equal_single_calls(profile, kind):
    values = CORPUS[:5000] + VECTOR_INPUTS
    arr = pa.array(values, type=getattr(pa, kind)())
    got = wwwurl.canonicalize_arrow(arr, profile, threads=2)
    assert got.type == getattr(pa, kind)()
    assert len(got) == len(values)
    want = as_bytes(one_by_one(values, profile))
    assert got.to_pylist() == want
    assert got.null_count == sum(w is None for w in want)
    got.validate(full=True)


@pytest.mark.parametrize("profile", ["wwwoffle-2.9h", "surt", "whatwg", "safebrowsing"])
@pytest.mark.parametrize("kind", ["string", "large_string"])
def test_string_arrays_equal_single_calls(profile, kind):
    values = [c.decode("utf-8", "replace") for c in CORPUS]
    arr = pa.array(values, type=getattr(pa, kind)())
    got = wwwurl.canonicalize_arrow(arr, profile)
    # These profiles write ASCII: the type stays a string type.
    assert got.type == getattr(pa, kind)()
    assert got.to_pylist() == one_by_one(values, profile)
    got.validate(full=True)


def test_result_types_follow_the_input_types():
    # rfc3986 keeps non-ASCII bytes as they are: UTF-8 in, UTF-8 out, and a
    # string array stays a string array.
    values = ["http://h/\u00e9", "HTTP://H/%7e", None]
    got = wwwurl.canonicalize_arrow(pa.array(values), "rfc3986")
    assert got.type == pa.string()
    assert got.to_pylist() == ["http://h/\u00e9", "http://h/~", None]
    # A binary array whose results are not UTF-8 stays binary, whatever
    # they are.
    raw = [b"http://h/\xff", b"\xfe\xff"]
    got = wwwurl.canonicalize_arrow(pa.array(raw, pa.binary()), "rfc3986")
    assert got.type == pa.binary()
    assert got.to_pylist() == [b"http://h/\xff", b"\xfe\xff"]


def test_string_array_with_non_utf8_results_becomes_binary():
    # A string array holds UTF-8, but its buffers can be made to hold any
    # bytes (Arrow does not check them on this route): the results that are
    # not UTF-8 make the result binary, with every byte kept.
    data = b"http://h/\xffhttp://g/"
    offsets = pa.py_buffer(b"".join(o.to_bytes(4, sys.byteorder) for o in (0, 10, 19)))
    arr = pa.Array.from_buffers(pa.string(), 2, [None, offsets, pa.py_buffer(data)])
    got = wwwurl.canonicalize_arrow(arr, "rfc3986")
    assert got.type == pa.binary()
    assert got.to_pylist() == [b"http://h/\xff", b"http://g/"]
    arr = pa.Array.from_buffers(pa.large_string(), 2, [None, pa.py_buffer(
        b"".join(o.to_bytes(8, sys.byteorder) for o in (0, 10, 19))), pa.py_buffer(data)])
    assert wwwurl.canonicalize_arrow(arr, "rfc3986").type == pa.large_binary()


@pytest.mark.parametrize("kind", ["string", "large_string", "binary", "large_binary"])
def test_slices_and_nulls(kind):
    values = []
    for i, u in enumerate(CORPUS[:3000]):
        values.append(None if i % 7 == 3 else u.decode("utf-8", "replace"))
    values += ["mailto:x", None, "http://A/./b", ""]
    t = getattr(pa, kind)()
    if "binary" in kind:
        values = as_bytes(values)
    arr = pa.array(values, type=t)
    for start, stop in [(0, len(values)), (1, 2), (5, 1005), (999, 3003), (len(values) - 3, len(values)), (7, 7)]:
        part = arr[start:stop]
        assert part.offset == start or len(part) == 0
        got = wwwurl.canonicalize_arrow(part, "webcapture", threads=3)
        want = one_by_one(values[start:stop], "webcapture")
        assert got.to_pylist() == want, (start, stop)
        assert got.null_count == sum(w is None for w in want)
        assert got.offset == 0
        got.validate(full=True)


def test_chunked_arrays_keep_their_chunks():
    chunks = [
        pa.array([u.decode("utf-8", "replace") for u in CORPUS[:100]]),
        pa.array([], pa.string()),
        pa.array(["mailto:x", None, "http://B/"]),
        pa.array([u.decode("utf-8", "replace") for u in CORPUS[100:2100]])[50:],
    ]
    arr = pa.chunked_array(chunks)
    got = wwwurl.canonicalize_arrow(arr, "surt")
    assert isinstance(got, pa.ChunkedArray)
    assert [len(c) for c in got.chunks] == [len(c) for c in chunks]
    assert got.type == pa.string()
    assert got.to_pylist() == one_by_one(arr.to_pylist(), "surt")
    empty = wwwurl.canonicalize_arrow(pa.chunked_array([], pa.large_binary()), "surt")
    assert empty.type == pa.large_binary() and len(empty) == 0


def test_strip_lists_reach_the_profile():
    values = ["http://h/?utm_source=a&id=7&gclid=x#f", "http://h/?%75tm_x=1&b&a", None]
    got = wwwurl.canonicalize_arrow(
        pa.array(values), "cachekey", strip=["gclid"], strip_prefixes=["utm_"]
    )
    assert got.to_pylist() == ["http://h/?id=7", "http://h/?a&b", None]


def test_errors():
    with pytest.raises(TypeError):
        wwwurl.canonicalize_arrow(pa.array([1, 2]), "surt")
    with pytest.raises(TypeError):
        wwwurl.canonicalize_arrow(["http://a/"], "surt")
    with pytest.raises(wwwurl.UnknownProfileError):
        wwwurl.canonicalize_arrow(pa.array(["http://a/"]), "nope")
    with pytest.raises(wwwurl.InvalidArgumentError):
        wwwurl.canonicalize_arrow(pa.array(["http://a/"]), "surt", threads=0)
    # Above the documented maximum, a ValueError before any work.
    for threads in (1025, 100000, 2**63 - 1):
        with pytest.raises(wwwurl.InvalidArgumentError, match="at most 1024"):
            wwwurl.canonicalize_arrow(pa.array(["http://a/"]), "surt", threads=threads)
    assert wwwurl.canonicalize_arrow(pa.array(["HTTP://A/"]), "webcapture", threads=1024).to_pylist() == [
        "http://a/"
    ]
    # Offsets that decrease (which pyarrow's quick validation lets through)
    # are refused, not read.
    offsets = b"".join(o.to_bytes(4, sys.byteorder) for o in (0, 3, 1))
    bad = pa.Array.from_buffers(pa.binary(), 2, [None, pa.py_buffer(offsets), pa.py_buffer(b"abc")])
    with pytest.raises(ValueError, match="malformed Arrow array: decreasing offsets"):
        wwwurl.canonicalize_arrow(bad, "surt")


def test_arrow_releases_the_interpreter():
    """As test_profiles.test_many_releases_the_interpreter, for an array."""
    arr = pa.array(CORPUS * 6, pa.binary())
    stamps = {}

    def batch():
        stamps["start"] = len(ticks)
        stamps["result"] = wwwurl.canonicalize_arrow(arr, "surt", threads=1)
        stamps["end"] = len(ticks)

    ticks = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        worker = threading.Thread(target=batch)
        worker.start()
        while worker.is_alive():
            ticks.append(None)
            time.sleep(0.0005)
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert stamps["end"] > stamps["start"], stamps
    assert len(stamps["result"]) == len(arr)


def test_empty_arrays():
    for t in (pa.string(), pa.large_string(), pa.binary(), pa.large_binary()):
        got = wwwurl.canonicalize_arrow(pa.array([], t), "surt")
        assert got.type == t and len(got) == 0
        got.validate(full=True)
    # An empty array may come with an empty offsets buffer.
    bare = pa.Array.from_buffers(pa.binary(), 0, [None, pa.py_buffer(b""), pa.py_buffer(b"")])
    assert len(wwwurl.canonicalize_arrow(bare, "surt")) == 0
