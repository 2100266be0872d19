"""NoVarySearch against every example of draft-ietf-httpbis-no-vary-search,
as tests/nvs_draft.rs asserts them through the Rust core."""

import pytest

import wwwurl
from wwwurl import NoVarySearch


def shape(c: NoVarySearch):
    return (c.mode, c.keys, c.vary_on_key_order, c.is_default)


DEFAULT = ("params", [], True, True)


def eq_urls(c: NoVarySearch, a: str, b: str) -> bool:
    r = c.equivalent(a, b)
    # The keys agree with the comparison, every time.
    assert (c.key(a) == c.key(b)) == r, (a, b)
    return r


def test_intro_key_order_makes_order_irrelevant():
    c = NoVarySearch("key-order")
    assert shape(c) == ("params", [], False, False)
    assert eq_urls(c, "https://a.example/p?x=1&y=2", "https://a.example/p?y=2&x=1")
    assert not eq_urls(c, "https://a.example/p?x=1", "https://a.example/p?x=1&y=2")
    assert not eq_urls(c, "https://a.example/p?x=1&x=2", "https://a.example/p?x=2&x=1")


def test_intro_params_lists_the_ignored_parameters():
    c = NoVarySearch('params=("utm_source" "utm_medium" "utm_campaign")')
    assert shape(c) == ("params", ["utm_source", "utm_medium", "utm_campaign"], True, False)
    assert eq_urls(c, "https://a.example/p?id=3&utm_source=mail&utm_campaign=x", "https://a.example/p?id=3")
    assert not eq_urls(c, "https://a.example/p?id=3", "https://a.example/p?id=4&utm_medium=m")
    assert not eq_urls(c, "https://a.example/p?a&b", "https://a.example/p?b&a")


def test_intro_except_lists_the_only_varying_parameters():
    c = NoVarySearch('except=("productId")')
    assert shape(c) == ("except", ["productId"], True, False)
    assert eq_urls(
        c, "https://shop.example/item?productId=7&ref=home", "https://shop.example/item?session=9&productId=7"
    )
    assert not eq_urls(c, "https://shop.example/item?productId=7", "https://shop.example/item?productId=8")


def test_examples_table_of_results():
    assert shape(NoVarySearch('params=("a")'))[:3] == ("params", ["a"], True)
    assert shape(NoVarySearch('except=("x")'))[:3] == ("except", ["x"], True)
    assert shape(NoVarySearch("params=()")) == DEFAULT
    c = NoVarySearch("except=()")
    assert shape(c) == ("except", [], True, False)
    assert eq_urls(c, "https://a.example/?q=1", "https://a.example/?q=2&r")


def test_examples_invalid_inputs_give_the_default_config():
    cases = [
        ('key-order="not a boolean"', "key-order is not a boolean"),
        ('params="not an inner list"', "params or except is not an inner list"),
        ("params=(not-a-string)", "an item of params or except is not a string"),
        ("params=?0", "params or except is not an inner list"),
        ("params=?1", "params or except is not an inner list"),
        ('params=?1, except=("x")', "both params and except are present"),
        ('params=("a"), except=("x")', "both params and except are present"),
        ("params=(), except=()", "both params and except are present"),
        ('except="not an inner list"', "params or except is not an inner list"),
        ("except=(not-a-string)", "an item of params or except is not a string"),
        ("except=?1", "params or except is not an inner list"),
    ]
    for value, why in cases:
        assert shape(NoVarySearch(value)) == DEFAULT, value
        with pytest.raises(wwwurl.NoVarySearchError) as e:
            NoVarySearch(value, strict=True)
        assert str(e.value) == why


def test_examples_unconventional_inputs_equal_their_conventional_form():
    assert shape(NoVarySearch("key-order=?1")) == shape(NoVarySearch("key-order"))
    a = shape(NoVarySearch('except=("x"), key-order'))
    assert a == shape(NoVarySearch('key-order, except=("x")'))
    assert a[0] == "except" and a[2] is False
    omitted = shape(NoVarySearch())
    assert omitted == DEFAULT == shape(NoVarySearch(None))
    assert shape(NoVarySearch("params=()")) == omitted
    assert shape(NoVarySearch("key-order=?0")) == omitted


def test_parse_a_key_decodes_plus_and_percent_escapes():
    c = NoVarySearch('params=("%C3%A9+%E6%B0%97")')
    assert shape(c)[:2] == ("params", ["\u00e9 \u6c17"])
    urls = [
        "https://example.com/?\u00e9 \u6c17=1",
        "https://example.com/?\u00e9+\u6c17=2",
        "https://example.com/?%C3%A9%20\u6c17=3",
        "https://example.com/?%C3%A9+%E6%B0%97=4",
        "https://example.com/?%C3%A9%20%E6%B0%97=1",
        "https://example.com/?%C3%A9%20%E6%B0%97=2",
    ]
    for a in urls:
        for b in urls:
            assert eq_urls(c, a, b), (a, b)
            assert eq_urls(c, a.encode(), b.encode())
    assert c.key(urls[0]) == "https://example.com/"
    assert c.key(urls[0].encode()) == b"https://example.com/"
    assert not eq_urls(NoVarySearch(), urls[0], urls[1])


def test_comparing_under_the_default_config_is_exact():
    d = NoVarySearch()
    assert not eq_urls(d, "https://example.com/a", "https://example.com/a?")
    assert not eq_urls(d, "https://example.com/foo?a=b&&&c", "https://example.com/foo?a=b&c=")
    assert eq_urls(d, "https://example.com/foo?a=b&&&c", "https://example.com/foo?a=b&&&c")
    k = NoVarySearch("key-order")
    assert eq_urls(k, "https://example.com/a", "https://example.com/a?")
    assert eq_urls(k, "https://example.com/foo?a=b&&&c", "https://example.com/foo?a=b&c=")


def test_comparing_looks_at_everything_but_the_query_and_fragment():
    c = NoVarySearch("key-order")
    assert not eq_urls(c, "https://example.com/a?x", "http://example.com/a?x")
    assert not eq_urls(c, "https://u@example.com/a?x", "https://example.com/a?x")
    assert not eq_urls(c, "https://example.com:8443/a?x", "https://example.com/a?x")
    assert not eq_urls(c, "https://example.com/b?x", "https://example.com/a?x")
    assert eq_urls(c, "https://example.com/a?x#one", "https://example.com/a?x#two")
    assert eq_urls(NoVarySearch(), "https://example.com/a?x#one", "https://example.com/a?x")


def query(s: str):
    return None if s == "null" else s[1:]


def test_comparing_examples_table():
    rows = [
        ("null", "?"),
        ("?a=x", "?%61=%78"),
        ("?a=\u00e9", "?a=%C3%A9"),
        ("?a=%f6", "?a=%ef%bf%bd"),
        ("?a=x&&&&", "?a=x"),
        ("?a=", "?a"),
        ("?a=%20", "?a= &"),
        ("?a=+", "?a= &"),
    ]
    configs = [NoVarySearch("key-order"), NoVarySearch('params=("utm_source")'), NoVarySearch('except=("a")')]
    for c in configs:
        for a, b in rows:
            assert c.query_key(query(a)) == c.query_key(query(b)), (a, b)
            url = lambda q: "https://x/" + ("" if q == "null" else q)  # noqa: E731
            assert eq_urls(c, url(a), url(b))
    k = configs[0]
    assert k.query_key(None) == ""
    assert k.query_key("a=\u00e9") == "?a=%C3%A9"
    assert k.query_key("a=%f6") == "?a=%EF%BF%BD"
    assert k.query_key("a= &") == "?a=+"
    d = NoVarySearch()
    for a, b in rows:
        assert d.query_key(query(a)) != d.query_key(query(b))


def test_unknown_members_are_ignored_and_malformed_fields_are_default():
    assert shape(NoVarySearch('future=(1 2);x, params=("a"), other=?0'))[:2] == ("params", ["a"])
    assert NoVarySearch('params=("a"), params=("b" "c")').keys == ["b", "c"]
    for v in ['params=("a"', 'params=("a"),', 'Params=("a")', 'params=("\u00e9")']:
        assert shape(NoVarySearch(v)) == DEFAULT, v
        with pytest.raises(wwwurl.NoVarySearchError, match="not a structured dictionary"):
            NoVarySearch(v, strict=True)
    assert shape(NoVarySearch("")) == DEFAULT
    assert repr(NoVarySearch("key-order")) == "NoVarySearch(mode='params', keys=[], vary_on_key_order=False)"
