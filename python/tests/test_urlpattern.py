"""URLPattern and URLPatternSet: every case of the web-platform-tests data
(tests/wpt/urlpattern/urlpatterntestdata.json) run as tests/urlpattern_wpt.rs
runs it, and as WPT's own runner does (the constructor or its TypeError, the
eight pattern strings, test() and exec()); the constructor's forms, the
conversions of its arguments, the shape of exec()'s result, lone
surrogates, the match budget, and sets agreeing with single patterns over
the corpus."""

import copy
import pickle
from concurrent.futures import ThreadPoolExecutor
from types import MappingProxyType

import pytest

import wwwurl
from wwwurl import URLPattern, URLPatternSet
from _vectors import corpus, wpt

COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]

# The components before each one: a pattern dict that gives one of them
# makes the component's default "*" rather than the base URL's value.
EARLIER = {c: COMPONENTS[: COMPONENTS.index(c)] for c in COMPONENTS}
EARLIER["username"] = EARLIER["password"] = []
EARLIER["hostname"] = ["protocol"]


def expected_component(entry, component):
    """The pattern string a case expects of a component: listed, empty, the
    pattern dict's own, "*", or the base URL's."""
    obj = entry.get("expected_obj")
    if isinstance(obj, dict) and component in obj:
        return obj[component]
    if component in entry.get("exactly_empty_components", []):
        return ""
    pattern = entry.get("pattern", [])
    first = pattern[0] if pattern else None
    if isinstance(first, dict):
        if first.get(component):
            return first[component]
        if any(c in first for c in EARLIER[component]):
            return "*"
    base = None
    if isinstance(first, dict) and "baseURL" in first:
        base = first["baseURL"]
    elif len(pattern) > 1 and isinstance(pattern[1], str):
        base = pattern[1]
    if base is not None and component not in ("username", "password"):
        url = wwwurl.URL.parse(base)
        if url is None:
            return ""
        return {
            "protocol": url.protocol[:-1],
            "hostname": url.hostname,
            "port": url.port,
            "pathname": url.pathname,
            "search": url.search[1:],
            "hash": url.hash[1:],
        }[component]
    return "*"


def expected_result(entry, component):
    """A component of the expected exec() result; where the case does not
    list it, the empty input and the wildcard's group "0" (none for a
    component the case says is exactly empty)."""
    expected = entry["expected_match"].get(component)
    if expected is not None:
        return expected
    groups = {}
    if component not in entry.get("exactly_empty_components", []):
        groups["0"] = ""
    return {"input": "", "groups": groups}


def run_case(entry):
    """Raises AssertionError, naming what differs, if the case fails."""
    args = entry.get("pattern", [])
    if entry.get("expected_obj") == "error":
        with pytest.raises(TypeError):
            URLPattern(*args)
        return
    p = URLPattern(*args)
    for c in COMPONENTS:
        assert getattr(p, c) == expected_component(entry, c), c

    inputs = entry.get("inputs", [])
    expected = entry.get("expected_match")
    if expected == "error":
        with pytest.raises(TypeError):
            p.test(*inputs)
        with pytest.raises(TypeError):
            p.exec(*inputs)
        return
    assert p.test(*inputs) is isinstance(expected, dict), "test()"
    # The same pattern, made again from its arguments, alone in a set.
    want = [0] if isinstance(expected, dict) else []
    assert URLPatternSet([p]).match(*inputs) == want, "URLPatternSet"
    result = p.exec(*inputs)
    if not isinstance(expected, dict):
        assert result is None, "exec() matched"
        return
    assert result is not None, "exec() gave None"
    assert list(result) == ["inputs"] + COMPONENTS
    # exec() without an input takes an empty dict.
    assert result["inputs"] == expected.get("inputs", inputs or [{}]), "inputs"
    for c in COMPONENTS:
        assert result[c] == expected_result(entry, c), c


def case_name(entry):
    return f"Pattern: {entry.get('pattern')} Inputs: {entry.get('inputs')}"


def test_urlpatterntestdata():
    data = [e for e in wpt("urlpattern/urlpatterntestdata.json") if isinstance(e, dict)]
    passed = 0
    failures = []
    for entry in data:
        try:
            run_case(entry)
        except (AssertionError, pytest.fail.Exception, TypeError, ValueError) as e:
            failures.append(f"{case_name(entry)}\n    {type(e).__name__}: {e}")
        else:
            passed += 1
    assert failures == [], f"{len(failures)} failures:\n" + "\n".join(failures)
    assert (passed, len(data)) == (369, 369)


# --- the constructor --------------------------------------------------------


def test_the_constructor_forms():
    p = URLPattern("https://*.example.com/books/:id")
    assert (p.protocol, p.hostname, p.port, p.pathname) == (
        "https",
        "*.example.com",
        "",
        "/books/:id",
    )
    assert (p.username, p.password, p.search, p.hash) == ("*", "*", "*", "*")
    assert p.hasRegExpGroups is False
    relative = URLPattern("/books/:id", "https://example.com:8080/x?q#f")
    assert (relative.hostname, relative.port, relative.pathname, relative.search) == (
        "example.com",
        "8080",
        "/books/:id",
        "*",
    )
    assert URLPattern("/a", baseURL="https://example.com").pathname == "/a"
    # A second argument that is a dict is the options, as in JavaScript.
    for q in [
        URLPattern({"pathname": "/A"}, {"ignoreCase": True}),
        URLPattern({"pathname": "/A"}, options={"ignoreCase": True}),
        URLPattern("https://x/A", None, {"ignoreCase": True}),
    ]:
        assert q.test("https://x/a")
    assert not URLPattern({"pathname": "/A"}).test("https://x/a")
    assert not URLPattern({"pathname": "/A"}, {"ignoreCase": False}).test("https://x/a")
    # No input: an empty dict, which matches every URL.
    for everything in [URLPattern(), URLPattern(None), URLPattern({})]:
        assert [getattr(everything, c) for c in COMPONENTS] == ["*"] * 8
        assert everything.test("foo:bar") and everything.test("https://x/y?z#w")
    # Unknown keys are ignored, as a WebIDL dictionary ignores them.
    assert URLPattern({"pathname": "/a", "path": "/b", 1: 2}).pathname == "/a"
    # Any mapping is a dict of components, or of options.
    frozen = URLPattern(MappingProxyType({"pathname": "/A"}), MappingProxyType({"ignoreCase": True}))
    assert (frozen.pathname, frozen.test("https://x/a")) == ("/A", True)
    assert URLPattern({"baseURL": "https://example.com/a/b"}).pathname == "/a/b"
    assert URLPattern({"pathname": "c", "baseURL": "https://example.com/a/b"}).pathname == "/a/c"
    assert URLPattern("https://example.com/(\\d+)").hasRegExpGroups is True


def test_type_errors_where_javascript_throws():
    cases = [
        ("relative pattern without a base URL", ("/books/:id",)),
        ("invalid base URL", ("/books", "not a url")),
        ("invalid pattern", ("https://example.com/(",)),
        ("invalid regular expression", ("https://example.com/([)",)),
        ("duplicate group name", ({"pathname": "/:a/:a"},)),
        ("invalid port", ({"port": "99999"},)),
        ("baseURL beside a dict", ({"pathname": "/a"}, "https://example.com")),
    ]
    for message, args in cases:
        with pytest.raises(TypeError, match=message):
            URLPattern(*args)
    for args, kwargs in [
        ((b"https://example.com/",), {}),
        ((42,), {}),
        (({"pathname": 1},), {}),
        (({"pathname": None},), {}),
        (({"pathname": b"/a"},), {}),
        (("/a", 1), {}),
        (("/a", {"ignoreCase": True}, "https://example.com"), {}),
        (("https://x/", "https://y/", "not options"), {}),
        (({"pathname": "/a"},), {"options": {"ignoreCase": 1}}),
        (({"pathname": "/a"},), {"baseURL": "https://example.com"}),
    ]:
        with pytest.raises(TypeError):
            URLPattern(*args, **kwargs)
    # Nothing of the package's ValueError hierarchy.
    with pytest.raises(TypeError) as raised:
        URLPattern("/relative")
    assert not isinstance(raised.value, ValueError)


def test_repr_pickle_and_copy():
    p = URLPattern("https://*.example.com/books/:id")
    assert repr(p) == (
        "URLPattern({'protocol': 'https', 'hostname': '*.example.com', "
        "'port': '', 'pathname': '/books/:id'})"
    )
    assert repr(URLPattern()) == "URLPattern({})"
    i = URLPattern({"pathname": "/A"}, {"ignoreCase": True})
    assert repr(i) == "URLPattern({'pathname': '/A'}, {'ignoreCase': True})"
    for original in [
        p,
        i,
        URLPattern("/a/:b", "https://example.com/x"),
        URLPattern({"hostname": "h", "baseURL": "https://example.com/"}),
    ]:
        for twin in [pickle.loads(pickle.dumps(original)), copy.copy(original)]:
            assert twin is not original
            assert repr(twin) == repr(original)
            assert [getattr(twin, c) for c in COMPONENTS] == [
                getattr(original, c) for c in COMPONENTS
            ]
    assert pickle.loads(pickle.dumps(i)).test("https://x/a")


# --- test() and exec() ------------------------------------------------------


def test_exec_gives_the_javascript_result():
    p = URLPattern("https://:sub.example.com/books/:id(\\d+){-:part}?/*")
    got = p.exec("https://www.example.com/books/42/rest?x#y")
    assert got == {
        "inputs": ["https://www.example.com/books/42/rest?x#y"],
        "protocol": {"input": "https", "groups": {}},
        "username": {"input": "", "groups": {"0": ""}},
        "password": {"input": "", "groups": {"0": ""}},
        "hostname": {"input": "www.example.com", "groups": {"sub": "www"}},
        "port": {"input": "", "groups": {}},
        # A group that took no part: None, JavaScript's undefined.
        "pathname": {
            "input": "/books/42/rest",
            "groups": {"id": "42", "part": None, "0": "rest"},
        },
        "search": {"input": "x", "groups": {"0": "x"}},
        "hash": {"input": "y", "groups": {"0": "y"}},
    }
    assert list(got["pathname"]["groups"]) == ["id", "part", "0"]
    assert p.exec("https://www.example.com/books/42-a/b")["pathname"]["groups"] == {
        "id": "42",
        "part": "a",
        "0": "b",
    }
    assert p.exec("https://www.example.com/books/x/") is None
    assert p.test("https://www.example.com/books/x/") is False

    with_base = p.exec("/books/7/", "https://a.example.com")
    assert with_base["inputs"] == ["/books/7/", "https://a.example.com"]
    assert with_base["hostname"]["groups"] == {"sub": "a"}
    assert p.test("/books/7/", baseURL="https://a.example.com")
    # A dict comes back as a new dict of the keys it gave.
    init = {"hostname": "b.example.com", "pathname": "/books/1/", "other": 1, "protocol": "https"}
    got = p.exec(init)
    assert got["inputs"] == [
        {"protocol": "https", "hostname": "b.example.com", "pathname": "/books/1/"}
    ]
    assert got["inputs"][0] is not init
    # No input: an empty dict.
    assert URLPattern().exec()["inputs"] == [{}]
    assert URLPattern().exec(None)["pathname"] == {"input": "", "groups": {"0": ""}}


def test_inputs_that_are_not_urls_match_nothing():
    p = URLPattern()
    assert p.test("not a url") is False
    assert p.exec("not a url") is None
    assert p.test("/relative") is False
    assert p.test("/relative", "https://example.com") is True
    assert p.test("https://example.com", "not a base") is False
    assert p.test({"port": "x"}) is False
    assert p.test({"pathname": "/a", "baseURL": "not a base"}) is False


def test_errors_of_test_and_exec():
    p = URLPattern({"pathname": "/a"})
    for method in [p.test, p.exec, URLPatternSet([p]).match]:
        with pytest.raises(TypeError, match="base URL beside an init"):
            method({"pathname": "/a"}, "https://example.com")
        with pytest.raises(TypeError):
            method(b"https://example.com/a")
        with pytest.raises(TypeError):
            method("https://example.com/a", b"https://example.com")
        with pytest.raises(TypeError):
            method({"pathname": 3})
        with pytest.raises(TypeError):
            method(["https://example.com/a"])


def test_lone_surrogates_are_u_fffd():
    lone = URLPattern({"pathname": "/a\ud800"})
    replaced = URLPattern({"pathname": "/a\ufffd"})
    assert lone.pathname == replaced.pathname == "/a%EF%BF%BD"
    assert URLPattern("https://x/\udc00/:id").pathname == "/%EF%BF%BD/:id"
    assert replaced.test("https://x/a\udfff")
    assert lone.test({"pathname": "/a\udbff"})
    got = URLPattern({"pathname": "/:id"}).exec("https://x/\ud800", None)
    assert got["inputs"] == ["https://x/\ufffd"]
    assert got["pathname"]["groups"] == {"id": "%EF%BF%BD"}
    got = URLPattern({"hash": ":h"}).exec({"hash": "\ud83d"})
    assert got["inputs"] == [{"hash": "\ufffd"}]
    assert got["hash"] == {"input": "%EF%BF%BD", "groups": {"h": "%EF%BF%BD"}}
    # A surrogate pair is one code point, not two lone ones.
    assert URLPattern({"pathname": "/\ud83d\ude00"}).pathname == "/%F0%9F%98%80"
    assert URLPatternSet(["/\ud800"], baseURL="https://x").match("https://x/\ufffd") == [0]


def test_the_match_budget():
    assert issubclass(wwwurl.MatchBudgetError, wwwurl.Error)
    assert issubclass(wwwurl.MatchBudgetError, ValueError)
    p = URLPattern({"pathname": "/:x((?:a+)+b)"})
    assert p.test({"pathname": "/aab"})
    assert p.exec({"pathname": "/aab"})["pathname"]["groups"] == {"x": "aab"}
    attack = "/" + "a" * 5000
    for call in [
        lambda: p.test({"pathname": attack}),
        lambda: p.exec("https://example.com" + attack),
        lambda: URLPatternSet([p]).match("https://example.com" + attack),
    ]:
        with pytest.raises(wwwurl.MatchBudgetError, match="budget"):
            call()


# --- URLPatternSet ----------------------------------------------------------

SET_PATTERNS = [
    "https://www.angelfire.com/*",
    "https://www.angelfire.com/:state/:user/*",
    "https://www.execusite.com/*",
    "https://www.agdealer.com/*?*",
    "https://*.earthlink.net/*",
    "https://*.com/*.htm{l}?",
    "http{s}?://*.org/*",
    "https://:sub.:domain.com/",
    "https://www.kpmg.com/:country/en/",
    "https://*/*.:ext(asp|aspx|php)",
    "https://*.net/*",
    "https://www.:name.com/*/*",
    URLPattern({"hostname": "*.com", "pathname": "/*/"}),
    URLPattern({"pathname": "/*.HTML"}, {"ignoreCase": True}),
    URLPattern({"protocol": "http", "port": "8080"}),
    URLPattern({"search": "*=*"}),
    URLPattern("https://www.angelfire.com/*"),
]


def test_a_set_agrees_with_its_patterns_on_the_corpus():
    patterns = [p if isinstance(p, URLPattern) else URLPattern(p) for p in SET_PATTERNS]
    s = URLPatternSet(SET_PATTERNS)
    assert len(s) == len(patterns) == 17
    urls = [u.decode("utf-8", "replace") for u in corpus()[:600]] + [
        "http://x.example:8080/a",
        "http://www.angelfire.com/",
        "https://www.example.com/",
        "not a url",
        "",
    ]
    hits = [0] * len(patterns)
    for url in urls:
        want = [i for i, p in enumerate(patterns) if p.test(url)]
        assert s.match(url) == want, url
        for i in want:
            hits[i] += 1
    # Every pattern matches some of the URLs, and none matches all.
    assert all(0 < h < len(urls) for h in hits), hits
    assert hits[0] == hits[-1] >= 20
    # Threads share a set and a pattern (matching runs without the
    # interpreter lock).
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(s.match, urls)) == [s.match(u) for u in urls]
        assert list(pool.map(patterns[5].test, urls)) == [patterns[5].test(u) for u in urls]
    kpmg = {"protocol": "https", "hostname": "www.kpmg.com", "pathname": "/sg/en/"}
    assert s.match(kpmg) == [8, 11, 12]
    assert s.match(dict(kpmg, search="a=b")) == [8, 11, 12, 15]


def test_sets_with_a_base_and_their_errors():
    patterns = iter(["/a/*", "/:x", URLPattern("https://other.example/a/*")])
    s = URLPatternSet(patterns, baseURL="https://example.com")
    assert len(s) == 3
    assert s.match("https://example.com/a/b") == [0]
    assert s.match("https://example.com/q") == [1]
    assert s.match("/a/b", "https://other.example") == [2]
    assert s.match("/a/b", baseURL="https://example.com") == [0]
    assert s.match("https://elsewhere.example/a/b") == []
    assert s.match("no url") == []
    empty = URLPatternSet([])
    assert len(empty) == 0 and empty.match("https://example.com/") == []
    assert "3 patterns" in repr(s)
    with pytest.raises(TypeError, match="relative pattern without a base URL"):
        URLPatternSet(["/a"])
    with pytest.raises(TypeError, match="invalid pattern"):
        URLPatternSet(["https://example.com/("])
    with pytest.raises(TypeError, match="wrap it in a list"):
        URLPatternSet("https://example.com/*")
    for bad in [[{"pathname": "/a"}], [b"https://example.com/"], [1], 5]:
        with pytest.raises(TypeError):
            URLPatternSet(bad)
    with pytest.raises(TypeError):
        URLPatternSet(["/a"], baseURL=b"https://example.com")
