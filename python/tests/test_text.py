"""How text goes in and out (the rule of the package's documentation), and the
exceptions."""

import ast
from pathlib import Path

import pytest

import wwwurl


def test_bytes_in_bytes_out_str_in_str_out():
    assert wwwurl.canonicalize("HTTP://A/", "whatwg") == "http://a/"
    assert wwwurl.canonicalize(b"HTTP://A/", "whatwg") == b"http://a/"
    assert wwwurl.resolve("http://a/b", "c") == "http://a/c"
    assert wwwurl.resolve(b"http://a/b", b"c") == b"http://a/c"
    assert wwwurl.normalize(b"HTTP://A/") == b"http://a/"
    assert wwwurl.query.sort(b"b&a") == b"a&b"
    assert wwwurl.NoVarySearch("key-order").key(b"http://a/?b&a") == b"http://a/?a=&b="
    # Results that are always text are str whatever came in.
    assert wwwurl.URL(b"http://a/").href == "http://a/"
    assert wwwurl.make_hash(b"") == wwwurl.make_hash("") == "1B2M2Y8AsgTpgAmY7PhCfg"
    assert wwwurl.domain_to_ascii(b"A.B") == "a.b"


def test_a_str_whose_result_is_not_utf8_gives_bytes():
    # SplitURL decodes the user name: %FF is the byte 0xFF, not UTF-8, so
    # the whole record is bytes, with every byte kept.
    u = wwwurl.split_url("http://%FF:p@h/")
    assert u.user == b"\xff" and u.name == b"http://h/"
    assert u == wwwurl.split_url(b"http://%FF:p@h/")
    # Results that are UTF-8 stay str.
    assert wwwurl.canonicalize("http://%FF:p@h/", "wwwoffle-2.9") == "http://h/"
    assert wwwurl.query.get("a=%FF%FE", "a") == b"\xff\xfe"
    assert wwwurl.query.get("a=%C3%A9", "a") == "\u00e9"


def test_non_utf8_bytes_are_kept():
    assert wwwurl.normalize(b"http://h/\xff") == b"http://h/\xff"
    assert wwwurl.split(b"\xff\xfe:/\x80") == (b"\xff\xfe",) + (None,) * 6 + (b"/\x80", None, None)


def test_lone_surrogates_are_replacement_characters():
    assert wwwurl.normalize("http://h/\udcff") == "http://h/\ufffd"
    assert wwwurl.query.get("\ud800=1", "\ufffd") == "1"


def test_other_types_are_type_errors():
    for bad in (None, 1, bytearray(b"x"), ["x"]):
        with pytest.raises(TypeError):
            wwwurl.normalize(bad)


def test_exception_hierarchy():
    for name in [
        "UnknownProfileError",
        "RefusedError",
        "InvalidURLError",
        "InvalidBaseError",
        "InvalidDomainError",
        "IdnaUnavailableError",
        "UnsafeCachePathError",
        "NoVarySearchError",
        "InvalidArgumentError",
    ]:
        cls = getattr(wwwurl, name)
        assert issubclass(cls, wwwurl.Error), name
        assert cls.__module__ == "wwwurl" and cls.__doc__
    assert issubclass(wwwurl.Error, ValueError)
    assert issubclass(wwwurl.InvalidBaseError, wwwurl.InvalidURLError)


def test_public_names():
    for name in wwwurl.__all__:
        assert hasattr(wwwurl, name), name
    assert wwwurl.__version__.count(".") == 2
    assert wwwurl.canonicalize.__doc__ and wwwurl.URL.__doc__ and wwwurl.query.set.__doc__



def _stub(path: Path):
    """The top-level names a stub file declares, and its syntax tree."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
    return names, tree


def test_stubs_declare_what_the_package_has():
    stubs = Path(wwwurl.__file__).parent
    assert (stubs / "py.typed").is_file()
    names, tree = _stub(stubs / "__init__.pyi")
    typing_names = {
        "Any",
        "Dict",
        "Iterable",
        "Iterator",
        "List",
        "Mapping",
        "NamedTuple",
        "Optional",
        "Sequence",
        "Tuple",
        "TypedDict",
        "Union",
        "overload",
    }
    public = {n for n in names - typing_names if not n.startswith("_")}
    assert public == set(wwwurl.__all__) - {"__version__"}
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            runtime = getattr(wwwurl, cls.name)
            for member in cls.body:
                name = getattr(member, "name", None) or getattr(getattr(member, "target", None), "id", None)
                if name and not name.startswith("__"):
                    assert hasattr(runtime, name), (cls.name, name)
    qnames, _ = _stub(stubs / "query.pyi")
    assert set(wwwurl.query.__all__) == qnames - {"Iterable", "Optional", "Union", "overload"}
