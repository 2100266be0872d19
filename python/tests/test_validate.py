"""``wwwurl.validate``: the WHATWG URL Standard's validation errors by name,
with their places as indices into the ``str`` (or ``bytes``) given, the
failure and the valid-URL-string answer; on every case of
urltestdata.json its failure is ``URL``'s."""

import pytest

import wwwurl
from wwwurl import URL, ValidationIssue, ValidationReport, validate
from _vectors import wpt


def issues(url, base=None):
    return [tuple(e) for e in validate(url, base).errors]


def test_a_valid_url_string():
    assert validate("https://example.org/a?b#c") == ValidationReport([], False, True)


def test_errors_by_name_in_order():
    r = validate("https://user:pass@")
    assert r == ValidationReport(
        [
            ValidationIssue("invalid-credentials", 17, 18, False),
            ValidationIssue("host-missing", 18, 18, True),
        ],
        True,
        False,
    )
    assert r.errors[1].name == "host-missing" and r.errors[1].fatal
    assert issues("https://exa%23mple.org") == [
        ("domain-percent-encoded", 11, 14, False),
        ("domain-to-ASCII", 8, 22, True),
    ]
    assert issues("http:\\\\h\\p") == [
        ("special-scheme-missing-following-solidus", 5, 5, False),
        ("special-scheme-missing-following-solidus", 5, 6, False),
        ("special-scheme-missing-following-solidus", 6, 7, False),
        ("invalid-reverse-solidus", 8, 9, False),
    ]
    assert issues("https://[ffff::127.0.0.4000]") == [
        ("IPv4-in-IPv6-out-of-range-part", 25, 26, True)
    ]
    assert issues("C|/path", "file:///c:/") == [
        ("file-invalid-Windows-drive-letter", 0, 2, False),
        ("invalid-URL-unit", 1, 2, False),
    ]


def test_indices_are_the_strings():
    # Characters of a str, bytes of bytes: the span covers the same text.
    url = "https://\u00e9x.example/\u00e9 \u2603|"
    r = validate(url)
    assert [(e.name, url[e.start : e.end]) for e in r.errors] == [
        ("invalid-URL-unit", " "),
        ("invalid-URL-unit", "|"),
    ]
    raw = url.encode()
    rb = validate(raw)
    assert [(e.name, raw[e.start : e.end]) for e in rb.errors] == [
        ("invalid-URL-unit", b" "),
        ("invalid-URL-unit", b"|"),
    ]
    assert [e.start for e in r.errors] == [20, 22]
    assert [e.start for e in rb.errors] == [22, 26]
    # A lone surrogate is U+FFFD, one character of the str.
    r = validate("https://h/\ud800 x")
    assert [(e.start, e.end) for e in r.errors] == [(11, 12)]
    # Bytes that are not UTF-8: no error names them, but no valid string.
    r = validate(b"https://h/\xff")
    assert r.errors == [] and not r.failure and not r.valid


def test_failure_raises_nothing_but_a_bad_base_does():
    r = validate("/relative")
    assert r.failure and not r.valid
    assert r.errors == [ValidationIssue("missing-scheme-non-relative-URL", 0, 0, True)]
    assert validate("/relative", "http://example.org/").valid
    with pytest.raises(wwwurl.InvalidBaseError):
        validate("x", "not a URL")
    with pytest.raises(TypeError):
        validate(3)


def test_failure_agrees_with_url_on_every_wpt_case():
    cases = [c for c in wpt("urltestdata.json") if isinstance(c, dict)]
    assert len(cases) == 891
    for c in cases:
        base = c.get("base")
        try:
            r = validate(c["input"], base)
        except wwwurl.InvalidBaseError:
            with pytest.raises(wwwurl.InvalidBaseError):
                URL(c["input"], base)
            continue
        assert r.failure == (URL.parse(c["input"], base) is None), c
        assert r.failure == bool(c.get("failure")), c
        fatal = [i for i, e in enumerate(r.errors) if e.fatal]
        assert fatal == ([len(r.errors) - 1] if r.failure else []), c
        assert not r.valid or (not r.errors and not r.failure), c
        for e in r.errors:
            assert 0 <= e.start <= e.end <= len(c["input"]), c
