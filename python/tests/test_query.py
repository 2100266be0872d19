"""wwwurl.query against the web-platform-tests tables of the form parser and
of URLSearchParams.sort() (tests/wpt/, as tests/query_wpt.rs runs them), and
against a model on the real corpus (as tests/query_corpus.rs): every
operation leaves the parameters it does not touch byte for byte."""

from urllib.parse import unquote_to_bytes

import pytest

from wwwurl import query
from _vectors import corpus, wpt


def as_text(b: bytes) -> str:
    """A decoded name or value as the Standard's string: UTF-8 decoded
    without BOM, with replacement."""
    return b.decode("utf-8", "replace")


def test_urlencoded_parser_data():
    cases = wpt("urlencoded-parser-data.json")
    assert len(cases) == 35
    for case in cases:
        q = case["input"]
        want = [tuple(p) for p in case["output"]]
        raw = q.encode("utf-8")
        got = [(as_text(n), as_text(v)) for n, v in query.params(raw)]
        assert got == want, q
        assert query.count(q) == query.count(raw) == len(want)
        for name, _ in want:
            if "\ufffd" in name:
                # The bytes behind a U+FFFD are not the U+FFFD's.
                continue
            first = next(v for n, v in want if n == name)
            assert as_text(query.get(raw, name.encode("utf-8"))) == first, (q, name)
            assert [as_text(v) for v in query.get_all(raw, name.encode("utf-8"))] == [
                v for n, v in want if n == name
            ]


def test_urlsearchparams_sort():
    data = wpt("urlsearchparams-sort.json")
    assert len(data["cases"]) == 8
    for case in data["cases"]:
        q = case["input"]
        want = [tuple(p) for p in case["output"]]
        out = query.sort(q.encode("utf-8"))
        assert [(as_text(n), as_text(v)) for n, v in query.params(out)] == want, q
        # And from the query as a URL parser leaves it: non-ASCII encoded.
        encoded = "".join(c if c.isascii() else "".join(f"%{b:02X}" for b in c.encode()) for c in q)
        out = query.sort(encoded)
        assert [(as_text(n), as_text(v)) for n, v in query.params(out.encode())] == want
    extra = data["extra"][0]
    assert (extra["url"], extra["after_sort_search"]) == ("http://example.com/?", "")
    assert query.sort("") == ""


# --- the model of tests/query_corpus.rs ----------------------------------


def pieces(q: bytes):
    return [p for p in q.split(b"&") if p]


def decode(raw: bytes) -> bytes:
    return unquote_to_bytes(raw.replace(b"+", b" "))


def name_of(piece: bytes) -> bytes:
    return piece.split(b"=", 1)[0]


def value_of(piece: bytes) -> bytes:
    return piece.split(b"=", 1)[1] if b"=" in piece else b""


def encode(s: bytes) -> bytes:
    out = bytearray()
    for c in s:
        if c == 0x20:
            out += b"+"
        elif chr(c).isascii() and (chr(c).isalnum() or chr(c) in "*-._"):
            out.append(c)
        else:
            out += b"%%%02X" % c
    return bytes(out)


def utf16_key(raw_name: bytes):
    return decode(raw_name).decode("utf-8", "replace").encode("utf-16-be")


def joined(q: bytes, changed: bool, kept) -> bytes:
    return b"&".join(kept) if changed else q


TRACKING_NAMES = [b"id", b"page", b"lang", b"sid", b"fbclid", b"gclid", b"page"]
TRACKING_PREFIXES = [b"utm_", b"s", b"sess"]


def listed(p: bytes) -> bool:
    n = decode(name_of(p))
    return n in TRACKING_NAMES or any(n.startswith(x) for x in TRACKING_PREFIXES)


def check(q: bytes):
    ps = pieces(q)
    first = ps[0] if ps else b""
    first_name, first_value = decode(name_of(first)), decode(value_of(first))

    assert query.params(q, decode=False) == [
        (name_of(p), value_of(p) if b"=" in p else None) for p in ps
    ]
    assert query.params(q) == [(decode(name_of(p)), decode(value_of(p))) for p in ps]

    kept = [p for p in ps if decode(name_of(p)) != first_name]
    assert query.delete(q, first_name) == joined(q, len(kept) != len(ps), kept)
    sel = [p for p in ps if decode(name_of(p)) == first_name]
    assert query.keep(q, [first_name]) == joined(q, len(sel) != len(ps), sel)

    kept = [p for p in ps if not (decode(name_of(p)) == first_name and decode(value_of(p)) == first_value)]
    assert query.delete(q, first_name, first_value) == joined(q, len(kept) != len(ps), kept)

    kept = [p for p in ps if not decode(name_of(p)).startswith(b"utm_")]
    assert query.strip(q, prefixes=[b"utm_"]) == joined(q, len(kept) != len(ps), kept)
    kept = [p for p in ps if not listed(p)]
    assert query.strip(q, TRACKING_NAMES, TRACKING_PREFIXES) == joined(q, len(kept) != len(ps), kept)
    sel = [p for p in ps if listed(p)]
    assert query.keep(q, TRACKING_NAMES, TRACKING_PREFIXES) == joined(q, len(sel) != len(ps), sel)

    new_value = b"x y,\xc3\xa9"
    out, seen = [], False
    for p in ps:
        if decode(name_of(p)) == first_name:
            if not seen:
                out.append(name_of(p) + b"=" + encode(new_value))
            seen = True
        else:
            out.append(p)
    unchanged = (
        sum(decode(name_of(p)) == first_name for p in ps) == 1
        and b"=" in ps[0]
        and decode(value_of(ps[0])) == new_value
    ) if ps else False
    if not ps:
        want = encode(first_name) + b"=" + encode(new_value)
    else:
        want = joined(q, not unchanged, out)
    assert query.set(q, first_name, new_value) == want

    added = ps + [b"new+name=%C3%A9"]
    assert query.append(q, b"new name", "\u00e9".encode()) == b"&".join(added)
    assert query.set(q, b"new name", "\u00e9".encode()) == b"&".join(added)

    ordered = sorted(ps, key=lambda p: utf16_key(name_of(p)))
    in_order = all(utf16_key(name_of(a)) <= utf16_key(name_of(b)) for a, b in zip(ps, ps[1:]))
    assert query.sort(q) == joined(q, not in_order, ordered)


def test_operations_keep_untouched_parameters_byte_for_byte():
    checked = 0
    for url in corpus():
        end = url.find(b"#")
        url = url if end < 0 else url[:end]
        at = url.find(b"?")
        if at < 0:
            continue
        check(url[at + 1 :])
        checked += 1
    assert checked > 2000
    for q in [
        b"",
        b"&",
        b"&&a&&",
        b"=",
        b"a==b&a",
        b"%61=1&a=2&a%3D=3",
        b"a=%20&a=+&b=%2B",
        b"z&y&x&%F0%9F%8C%88&\xef\xac\x83&%FF&%FE",
        b"utm_a=1&%75tm_b&s&sid=2&session",
    ]:
        check(q)


def test_documented_examples_and_types():
    assert query.params("a=1&&b&c=%20+") == [("a", "1"), ("b", ""), ("c", "  ")]
    assert query.params("a=1&&b&c=%20+", decode=False) == [("a", "1"), ("b", None), ("c", "%20+")]
    assert query.get("x=0&a%62=c+d%21&ab=2", "ab") == "c d!"
    assert query.get("x=0&a%62=c+d%21&ab=2", "ab", decode=False) == "c+d%21"
    assert query.get("x=0", "y") is None
    assert query.get_all("a%62=1&ab=2&a+b=3&a%20b=4", "a b") == ["3", "4"]
    assert query.delete("a=1&b=%20&a%3D=2&%61=3", "a") == "b=%20&a%3D=2"
    assert query.strip("q=a+b&utm_source=x&&utm_medium=y&lang", prefixes=["utm_"]) == "q=a+b&lang"
    assert query.append("a=%20&b", "c d", "\u00e9&") == "a=%20&b&c+d=%C3%A9%26"
    assert query.set("%61=1&b=%2C&a=2&a", "a", "x y") == "%61=x+y&b=%2C"
    assert query.sort("z=%20&a=2&&%61=1,2&b") == "a=2&%61=1,2&b&z=%20"
    # An operation that changes nothing returns the query as it was.
    assert query.delete("a=1&&b", "x") == "a=1&&b"
    # Decoded bytes that are not UTF-8 come back as bytes from a str.
    assert query.get("a=%FF", "a") == b"\xff"
    assert query.params(b"a=1") == [(b"a", b"1")]
    with pytest.raises(TypeError):
        query.keep("a=1", "a")
