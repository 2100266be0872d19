"""Readers of the repository's test data, shared by the tests: the same files
the Rust and C tests read, found from this file's place in the repository
(python/tests/ -> the repository root).

* ``tests/profiles/*.tsv``: the frozen profile vectors (format:
  tests/profiles/README.md).
* ``tests/vectors/*.tsv``: the WWWOFFLE routine vectors (format:
  tests/vectors/README.md).
* ``tests/wpt/*.json``: the web-platform-tests data.
* Tables written in the Rust tests' sources (``rust_table``), so that the
  cases of a function tested only there are the same here.

A file that is missing or empty fails the test that reads it.
"""

import json
import re
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Tuple

import pytest

REPO = Path(__file__).resolve().parents[2]


def repo_file(relative: str) -> Path:
    """A file of the repository, or a failure naming it."""
    path = REPO / relative
    if not path.is_file():
        pytest.fail(f"{relative}: not found under {REPO} (the tests read the repository's data)")
    return path


# --- tests/profiles ---------------------------------------------------------


def profile_unescape(field: str) -> bytes:
    """A field of a profile vector file: \\t, \\n, \\\\ and \\xHH escapes."""
    out = bytearray()
    raw = field.encode("utf-8")
    i = 0
    while i < len(raw):
        c = raw[i]
        if c != 0x5C:
            out.append(c)
            i += 1
            continue
        e = raw[i + 1 : i + 2]
        if e == b"t":
            out.append(0x09)
        elif e == b"n":
            out.append(0x0A)
        elif e == b"\\":
            out.append(0x5C)
        elif e == b"x":
            out.append(int(raw[i + 2 : i + 4], 16))
            i += 2
        else:
            raise ValueError(f"bad escape in {field!r}")
        i += 2
    return bytes(out)


class ProfileVector(NamedTuple):
    line: int
    input: bytes
    #: The canonical form, or None when the profile refuses the input.
    output: Optional[bytes]
    #: The refusal's reason, when it is one.
    reason: Optional[str]


def profile_vectors() -> Dict[str, List[ProfileVector]]:
    """Every profile vector file, by profile (``surt/1``)."""
    files = sorted((REPO / "tests/profiles").glob("*.tsv"))
    if not files:
        pytest.fail("tests/profiles/*.tsv: no vector file found")
    out = {}
    for path in files:
        name, version = path.stem.rsplit("-", 1)
        rows = []
        for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            if not line or line.startswith("#"):
                continue
            inp, want = line.split("\t")
            if want.startswith("!error "):
                rows.append(ProfileVector(n, profile_unescape(inp), None, want[7:]))
            else:
                rows.append(ProfileVector(n, profile_unescape(inp), profile_unescape(want), None))
        if not rows:
            pytest.fail(f"{path}: no vectors")
        out[f"{name}/{version}"] = rows
    return out


# --- tests/vectors ----------------------------------------------------------


def vector_unescape(field: bytes) -> Optional[bytes]:
    """A field of a routine vector file; ``\\N`` alone is None (NULL)."""
    if field == b"\\N":
        return None
    out = bytearray()
    i = 0
    while i < len(field):
        c = field[i]
        if c == 0x5C and i + 1 < len(field):
            e = field[i + 1 : i + 2]
            if e == b"\\":
                out.append(0x5C)
            elif e == b"t":
                out.append(0x09)
            elif e == b"n":
                out.append(0x0A)
            elif e == b"r":
                out.append(0x0D)
            elif e == b"x":
                out.append(int(field[i + 2 : i + 4], 16))
                i += 2
            else:
                raise ValueError(f"bad escape in {field!r}")
            i += 2
        else:
            out.append(c)
            i += 1
    return bytes(out)


class Vector(NamedTuple):
    line: int
    inputs: List[Optional[bytes]]
    outputs: List[Optional[bytes]]


def routine_vectors(name: str) -> List[Vector]:
    """Every vector of ``tests/vectors/<name>.tsv`` (``SplitURL``,
    ``v29h/SplitURL``)."""
    path = repo_file(f"tests/vectors/{name}.tsv")
    function = name.rsplit("/", 1)[-1].encode()
    out = []
    for n, line in enumerate(path.read_bytes().split(b"\n"), 1):
        if not line or line.startswith(b"#"):
            continue
        cols = line.split(b"\t")
        assert cols[0] == function, f"{path}:{n}: wrong function"
        arrow = cols.index(b"=>")
        out.append(
            Vector(
                n,
                [vector_unescape(c) for c in cols[1:arrow]],
                [vector_unescape(c) for c in cols[arrow + 1 :]],
            )
        )
    if not out:
        pytest.fail(f"{path}: no vectors")
    return out


# --- tests/wpt and the corpus -----------------------------------------------


def wpt(name: str):
    """A web-platform-tests JSON file. Lone surrogate escapes stay lone
    surrogates in the strings; the package makes them U+FFFD as the URL API's
    USVString conversion does."""
    return json.loads(repo_file(f"tests/wpt/{name}").read_text(encoding="utf-8"))


def corpus() -> List[bytes]:
    """The lines of tests/corpus/kasztp.txt, each without its line end."""
    data = repo_file("tests/corpus/kasztp.txt").read_bytes()
    lines = [l[:-1] if l.endswith(b"\r") else l for l in data.split(b"\n")]
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


# --- tables in the Rust tests -----------------------------------------------

_SIMPLE = re.compile(r'b?"((?:[^"\\]|\\.)*)"', re.S)
_RAW = re.compile(r'b?r(#*)"(.*?)"\1', re.S)
_ANY = re.compile(r'b?r(#*)".*?"\1|b?"(?:[^"\\]|\\.)*"', re.S)


def rust_unescape(body: str) -> bytes:
    """The bytes of a Rust string or byte string literal's body."""
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        e = body[i + 1]
        if e == "n":
            out.append(0x0A)
        elif e == "r":
            out.append(0x0D)
        elif e == "t":
            out.append(0x09)
        elif e == "0":
            out.append(0)
        elif e in "\\'\"":
            out += e.encode()
        elif e == "x":
            out.append(int(body[i + 2 : i + 4], 16))
            i += 2
        elif e == "u":
            end = body.index("}", i)
            out += chr(int(body[i + 3 : end], 16)).encode("utf-8")
            i = end - 1
        elif e == "\n":
            # A line continuation: the newline and the indentation go.
            j = i + 2
            while j < len(body) and body[j] in " \t\n":
                j += 1
            i = j - 2
        else:
            raise ValueError(f"unknown escape \\{e}")
        i += 2
    return bytes(out)


def _literal(text: str) -> bytes:
    m = _RAW.fullmatch(text)
    if m:
        return m.group(2).encode("utf-8")
    m = _SIMPLE.fullmatch(text)
    assert m, text
    return rust_unescape(m.group(1))


def rust_table(source: str, start: str, width: int) -> List[Tuple[bytes, ...]]:
    """The rows of a table of string literals in a Rust test source: from the
    line that contains ``start`` to the first ``];`` after it, every tuple of
    ``width`` literals, as bytes. Fails when it finds none."""
    text = repo_file(source).read_text(encoding="utf-8")
    at = text.find(start)
    if at < 0:
        pytest.fail(f"{source}: no table {start!r}")
    end = text.find("];", at)
    block = text[at:end]
    lit = r'(?:b?r#*".*?"#*|b?"(?:[^"\\]|\\.)*")'
    row = re.compile(r"\(\s*" + r"\s*,\s*".join([lit] * width) + r"\s*,?\s*\)", re.S)
    rows = []
    for m in row.finditer(block):
        literals = [x.group(0) for x in _ANY.finditer(m.group(0))]
        assert len(literals) == width, m.group(0)
        rows.append(tuple(_literal(x) for x in literals))
    if not rows:
        pytest.fail(f"{source}: table {start!r} has no rows")
    return rows

