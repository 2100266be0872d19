"""split, resolve, make_relative and normalize: the tables of
tests/rfc3986.rs (read from its source), the rows of the C test of
wwwurl_rfc3986_normalize (c-tests/test_modern.c), and the rfc3986 profile
vectors, which are normalize with the syntax and the full mask."""

import pytest

import wwwurl
from _vectors import profile_vectors, rust_table

STANDARDS = "tests/rfc3986.rs"


def escape_ascii(b: bytes) -> str:
    """Rust's ``<[u8]>::escape_ascii``, in which the tables write bytes."""
    out = []
    for c in b:
        if c == 0x09:
            out.append("\\t")
        elif c == 0x0A:
            out.append("\\n")
        elif c == 0x0D:
            out.append("\\r")
        elif c in (0x5C, 0x27, 0x22):
            out.append("\\" + chr(c))
        elif 0x20 <= c < 0x7F:
            out.append(chr(c))
        else:
            out.append(f"\\x{c:02x}")
    return "".join(out)


def show(c: wwwurl.Components) -> str:
    """Every present component as ``name[bytes]``, as
    tests/common/standards.rs writes them (the fields of ``Components``
    are the components' names)."""
    return " ".join(f"{n}[{escape_ascii(p)}]" for n, p in zip(c._fields, c) if p is not None)


def test_split_table():
    table = rust_table(STANDARDS, "const PLAIN_SPLIT", 2)
    assert len(table) >= 60
    bad = []
    for inp, want in table:
        c = wwwurl.split(inp)
        assert all(p is None or isinstance(p, bytes) for p in c)
        if show(c) != want.decode():
            bad.append(f"{inp!r}: got {show(c)}, want {want.decode()}")
    assert not bad, "\n".join(bad)


def test_split_fields_and_types():
    c = wwwurl.split("http://user:pw@[::1]:8080/p\u00e9?q#f")
    assert c == (
        "http",
        "user:pw@[::1]:8080",
        "user:pw",
        "user",
        "pw",
        "[::1]",
        "8080",
        "/p\u00e9",
        "q",
        "f",
    )
    assert c.host == "[::1]" and c.fragment == "f"
    assert wwwurl.split("") == (None,) * 7 + ("", None, None)
    assert wwwurl.split(b"mailto:x").path == b"x"


def test_resolve_rfc3986_examples():
    table = rust_table(STANDARDS, "const RFC3986_EXAMPLES", 2)
    assert len(table) == 42
    for ref, want in table:
        assert wwwurl.resolve(b"http://a/b/c/d;p?q", ref) == want
        assert wwwurl.resolve("http://a/b/c/d;p?q", ref.decode()) == want.decode()


def test_resolve_own_cases():
    table = rust_table(STANDARDS, "fn rfc3986_resolve_own_cases", 3)
    assert len(table) >= 20
    for base, ref, want in table:
        assert wwwurl.resolve(base, ref) == want, (base, ref)


def test_resolve_errors():
    with pytest.raises(wwwurl.InvalidBaseError, match="base URI has no scheme"):
        wwwurl.resolve("/relative/base", "g")
    # Mixed types give bytes.
    assert wwwurl.resolve("http://a/b", b"c") == b"http://a/c"


def test_make_relative_cases():
    table = rust_table(STANDARDS, "fn make_relative_cases", 3)
    assert len(table) >= 19
    for base, target, want in table:
        got = wwwurl.make_relative(base, target)
        assert got == want, (base, target)
        # It resolves back to the target resolved against the base.
        assert wwwurl.resolve(base, got) == wwwurl.resolve(base, target)
        assert wwwurl.make_relative(base.decode(), target.decode()) == want.decode()
    with pytest.raises(wwwurl.InvalidBaseError):
        wwwurl.make_relative("a/b", "c")


# The rows of c-tests/test_modern.c, t_normalize.
NORMALIZE_ROWS = [
    ("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", wwwurl.NORMALIZE_SYNTAX, "example://a/b/c/%7Bfoo%7D"),
    ("HTTP://www.EXAMPLE.com/", wwwurl.NORMALIZE_SYNTAX, "http://www.example.com/"),
    ("HTTP://www.EXAMPLE.com/", wwwurl.NORMALIZE_SCHEME, "http://www.EXAMPLE.com/"),
    ("HTTP://www.EXAMPLE.com/", wwwurl.NORMALIZE_HOST, "HTTP://www.example.com/"),
    ("http://h/%7e/./a?%7e#%7e", wwwurl.NORMALIZE_PATH, "http://h/~/a?%7e#%7e"),
    ("http://h/%7e/./a?%7e#%7e", wwwurl.NORMALIZE_QUERY, "http://h/%7e/./a?~#%7e"),
    ("http://h/%7e/./a?%7e#%7e", wwwurl.NORMALIZE_FRAGMENT, "http://h/%7e/./a?%7e#~"),
    ("http://%7e%3a@h/", wwwurl.NORMALIZE_USERINFO, "http://~%3A@h/"),
    ("http://h:80", wwwurl.NORMALIZE_ALL, "http://h/"),
    ("http://h:80", wwwurl.NORMALIZE_SYNTAX, "http://h:80"),
    ("http://h:/", wwwurl.NORMALIZE_DEFAULT_PORT, "http://h/"),
    ("../a/./b", wwwurl.NORMALIZE_ALL, "../a/./b"),
]


def test_normalize_rows_and_masks():
    for s, mask, want in NORMALIZE_ROWS:
        assert wwwurl.normalize(s, mask) == want, (s, mask)
        assert wwwurl.normalize(s.encode(), mask) == want.encode()
    # The default mask is all of section 6.2.2, as the C API's
    # WWWURL_NORMALIZE_SYNTAX and the command-line tool's default.
    assert wwwurl.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "example://a/b/c/%7Bfoo%7D"
    assert (wwwurl.NORMALIZE_SYNTAX, wwwurl.NORMALIZE_ALL) == (63, 255)
    assert wwwurl.NORMALIZE_SCHEME | wwwurl.NORMALIZE_USERINFO | wwwurl.NORMALIZE_HOST | (
        wwwurl.NORMALIZE_PATH | wwwurl.NORMALIZE_QUERY | wwwurl.NORMALIZE_FRAGMENT
    ) == wwwurl.NORMALIZE_SYNTAX
    with pytest.raises(wwwurl.InvalidArgumentError):
        wwwurl.normalize("http://h/", 256)


@pytest.mark.parametrize("profile,mask", [("rfc3986/2", None), ("rfc3986-scheme/2", wwwurl.NORMALIZE_ALL)])
def test_normalize_gives_the_rfc3986_profile_vectors(profile, mask):
    rows = profile_vectors()[profile]
    for v in rows:
        got = wwwurl.normalize(v.input) if mask is None else wwwurl.normalize(v.input, mask)
        assert got == v.output, v
