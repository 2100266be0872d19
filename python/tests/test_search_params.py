"""URLSearchParams and URL.search_params against the web-platform-tests data
in tests/wpt/ (urlencoded-parser-data.json and urlsearchparams-sort.json,
every row, as tests/search_params.rs runs them), the URL Standard's examples
of the class, and the behaviour of a browser's url.searchParams: live on the
URL, every change writing the whole list back, an empty list leaving no
``?``."""

import copy
import pickle

import pytest

from wwwurl import URL, URLSearchParams
from _vectors import wpt


def pairs(rows):
    return [tuple(p) for p in rows]


# --- urlencoded-parser-data.json -------------------------------------------


PARSER_CASES = wpt("urlencoded-parser-data.json")


def test_parser_table_is_whole():
    assert len(PARSER_CASES) == 35


@pytest.mark.parametrize("case", PARSER_CASES, ids=lambda c: repr(c["input"]))
def test_urlencoded_parser(case):
    inp, want = case["input"], pairs(case["output"])
    # new URLSearchParams(input), from str, from bytes, and with a `?`.
    p = URLSearchParams(inp)
    assert list(p) == want
    assert list(URLSearchParams(inp.encode("utf-8"))) == want
    assert list(URLSearchParams("?" + inp)) == want
    assert p.items() == want
    assert p.keys() == [n for n, _ in want]
    assert p.values() == [v for _, v in want]
    assert len(p) == p.size == len(want)
    for name, value in want:
        values = [v for n, v in want if n == name]
        assert p.get(name) == values[0]
        assert p.get_all(name) == values
        assert p.has(name) and name in p
        assert p.has(name, value)
    # The serialisation reads back as the same list.
    assert list(URLSearchParams(str(p))) == want
    assert (str(p) == "") == (want == [])
    # new URL("?" + input, "https://example/").searchParams
    url = URL("?" + inp, "https://example/")
    assert list(url.search_params) == want
    url = URL("https://example/?x=y#f")
    url.search = inp
    assert list(url.search_params) == want


# --- urlsearchparams-sort.json ---------------------------------------------


SORT = wpt("urlsearchparams-sort.json")


def test_sort_table_is_whole():
    assert len(SORT["cases"]) == 8


@pytest.mark.parametrize("case", SORT["cases"], ids=lambda c: repr(c["input"]))
def test_sort(case):
    inp, want = case["input"], pairs(case["output"])
    p = URLSearchParams(inp)
    p.sort()
    assert list(p) == want
    # new URL("?" + input, "https://example/").searchParams.sort()
    url = URL("?" + inp, "https://example/")
    url.search_params.sort()
    assert list(url.search_params) == want
    assert url.search == "?" + str(p)


def test_sort_of_nothing_removes_question_mark():
    extra = SORT["extra"][0]
    url = URL(extra["url"])
    url.search_params.sort()
    assert url.href == extra["after_sort_href"]
    assert url.search == extra["after_sort_search"]


# --- the URL Standard's examples -------------------------------------------


def test_standard_examples():
    assert str(URLSearchParams({"key": "730d67"})) == "key=730d67"

    url = URL("https://example.com/?a=b ~")
    assert url.href == "https://example.com/?a=b%20~"
    url.search_params.sort()
    assert url.href == "https://example.com/?a=b+%7E"

    url = URL("https://example.com/?a=~&b=%7E")
    assert url.search == "?a=~&b=%7E"
    assert url.search_params.get("a") == "~"
    assert url.search_params.get("b") == "~"

    url = URL("https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
    url.search_params.sort()
    assert url.search == "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    sorted_ = URLSearchParams(url.search)
    sorted_.append("a", "")
    sorted_.sort()
    assert str(sorted_) == "a=&key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    assert url.search == "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"


# --- live on the URL, as in JavaScript ---------------------------------------


def test_delete_strips_every_parameter():
    url = URL("https://a/?a=1&b=2")
    sp = url.search_params
    sp.delete("a")
    assert str(url) == "https://a/?b=2"
    sp.delete("b")
    assert str(url) == "https://a/"
    assert url.search == ""
    assert len(sp) == 0 and list(sp) == []


def test_live_both_ways():
    url = URL("https://a/p?x=1#frag")
    sp = url.search_params
    # Reads the query as it is now.
    url.search = "?y=2&y=3"
    assert sp.get("x") is None
    assert sp.get_all("y") == ["2", "3"]
    url.href = "https://b/?z=%7E"
    assert sp.items() == [("z", "~")]
    # Writes through, keeping the rest of the URL.
    sp.append("a b", "c&d")
    assert url.href == "https://b/?z=%7E&a+b=c%26d"
    url.hash = "h"
    sp.set("z", "new")
    assert url.href == "https://b/?z=new&a+b=c%26d#h"
    # A second view sees the same.
    assert url.search_params.get("a b") == "c&d"


def test_methods_on_a_url():
    url = URL("https://a/?k=1&j=2&k=3&k=4")
    sp = url.search_params
    assert sp.has("k") and sp.has("k", "3") and not sp.has("k", "5")
    assert "j" in sp and "x" not in sp
    sp.delete("k", "3")
    assert url.search == "?k=1&j=2&k=4"
    sp.delete("k", None)
    assert url.search == "?j=2"
    sp.set("k", "a b")
    sp.set("j", "€")
    assert url.search == "?j=%E2%82%AC&k=a+b"
    sp.append("k", "x")
    sp.set("k", "y")
    assert url.search == "?j=%E2%82%AC&k=y"
    sp.sort()
    assert url.search == "?j=%E2%82%AC&k=y"
    assert str(sp) == "j=%E2%82%AC&k=y"


def test_any_change_writes_the_list_back():
    # As the update steps do after every method: `%20` becomes `+`, empty
    # pieces go, a name without `=` gets one.
    url = URL("https://a/?x=%20%7e&&y")
    url.search_params.delete("absent")
    assert url.href == "https://a/?x=+%7E&y="
    url = URL("https://a/?")
    url.search_params.sort()
    assert url.href == "https://a/"
    # Reading changes nothing.
    url = URL("https://a/?x=%20")
    assert url.search_params.get("x") == " "
    assert list(url.search_params) == [("x", " ")]
    assert url.href == "https://a/?x=%20"


def test_non_special_and_opaque_urls():
    url = URL("foo://h/p")
    url.search_params.append("=", "&")
    assert url.href == "foo://h/p?%3D=%26"
    url = URL("sc:opaque ?a=1#f")
    url.search_params.delete("a")
    assert url.href == "sc:opaque%20#f"


# --- URLSearchParams of its own ---------------------------------------------


def test_constructor():
    assert list(URLSearchParams()) == []
    assert list(URLSearchParams("")) == []
    assert list(URLSearchParams("?")) == []
    assert list(URLSearchParams("??a=b")) == [("?a", "b")]
    assert list(URLSearchParams(b"a=%C3%A9&b=\xff")) == [("a", "é"), ("b", "\ufffd")]
    assert list(URLSearchParams([("a", "1"), ["b", "2"], ("a", "3")])) == [
        ("a", "1"),
        ("b", "2"),
        ("a", "3"),
    ]
    assert list(URLSearchParams({"b": "1", "a": "2"})) == [("b", "1"), ("a", "2")]
    # Another URLSearchParams, or any iterable of pairs.
    other = URLSearchParams("x=1&y=2")
    assert list(URLSearchParams(other)) == [("x", "1"), ("y", "2")]
    assert list(URLSearchParams(URL("https://a/?q=r").search_params)) == [("q", "r")]
    assert list(URLSearchParams(iter([("k", "v")]))) == [("k", "v")]
    # Lone surrogates are U+FFFD, as a USVString holds them.
    assert list(URLSearchParams([("\ud800", "a\udc00")])) == [("\ufffd", "a\ufffd")]
    with pytest.raises(TypeError):
        URLSearchParams([("a", "1", "2")])
    with pytest.raises(TypeError):
        URLSearchParams([("a",)])
    with pytest.raises(TypeError):
        URLSearchParams(["ab"])
    with pytest.raises(TypeError):
        URLSearchParams(42)
    with pytest.raises(TypeError):
        URLSearchParams({"a": 1})


def test_own_list():
    p = URLSearchParams("b=2")
    p.append("a", "1")
    p.append("b", "3")
    assert str(p) == "b=2&a=1&b=3"
    assert p.size == 3
    p.set("b", "4")
    assert str(p) == "b=4&a=1"
    p.sort()
    assert str(p) == "a=1&b=4"
    p.delete("a", "2")
    assert str(p) == "a=1&b=4"
    p.delete("a")
    assert str(p) == "b=4"
    assert p.get("nope") is None
    assert p.get_all("nope") == []
    assert repr(p) == "URLSearchParams('b=4')"
    # Bytes arguments are UTF-8; what is not UTF-8 is U+FFFD.
    p.append(b"\xff", b"caf\xc3\xa9")
    assert p.get("\ufffd") == "café"
    assert p.get(b"\xfe") == "café"
    assert str(p) == "b=4&%EF%BF%BD=caf%C3%A9"


def test_sort_is_stable_by_utf16_code_units():
    p = URLSearchParams("ﬃ=1&🌈=2&a=3&ﬃ=4&a=5")
    p.sort()
    assert list(p) == [("a", "3"), ("a", "5"), ("🌈", "2"), ("ﬃ", "1"), ("ﬃ", "4")]


def test_iteration_is_a_snapshot():
    url = URL("https://a/?a=1&b=2")
    it = iter(url.search_params)
    url.search_params.delete("b")
    assert list(it) == [("a", "1"), ("b", "2")]


def test_pickle_and_copy_give_a_list_of_its_own():
    url = URL("https://a/?a=1&b=%20")
    for made in (
        pickle.loads(pickle.dumps(url.search_params)),
        copy.copy(url.search_params),
        copy.deepcopy(url.search_params),
    ):
        assert isinstance(made, URLSearchParams)
        assert list(made) == [("a", "1"), ("b", " ")]
        made.delete("a")
        assert url.href == "https://a/?a=1&b=%20"
