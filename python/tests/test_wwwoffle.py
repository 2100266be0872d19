"""split_url, make_hash and cache_path against the WWWOFFLE vectors
(tests/vectors/SplitURL.tsv, v29h/SplitURL.tsv, MakeHash.tsv; format in
tests/vectors/README.md), every column of every line, as tests/vectors_url.rs
checks them, and cache_path against the command-line tool's cases
(cli/tests/wwwoffle.rs)."""

import pytest

import wwwurl
from _vectors import corpus, routine_vectors

STRING_COLUMNS = ["name", "file", "proto", "hostport", "host"]


def check_record(v, u: wwwurl.SplitURL, v29h: bool):
    out = v.outputs
    want = {
        "name": out[0],
        "file": out[1],
        "proto": out[2],
        "hostport": out[3],
        "host": out[4],
        "port": int(out[5]),
        "path": out[6],
        "args": out[7],
        "user": out[8],
        "password": out[9],
    }
    rest = out[10:]
    if v29h:
        want.update(
            original_name=rest[0],
            original_path=rest[1],
            original_args=rest[2],
            original_pathp=int(rest[3]),
        )
        rest = rest[4:]
    want.update(hostp=int(rest[0]), pathp=int(rest[1]))
    assert len(rest) == 2, f"line {v.line}: column count"
    got = u._asdict()
    return [f"{k}: got {got[k]!r}, want {w!r}" for k, w in want.items() if got[k] != w]


@pytest.mark.parametrize("name,compat", [("SplitURL", "2.9"), ("v29h/SplitURL", "2.9h")])
def test_split_url_vectors(name, compat):
    vectors = routine_vectors(name)
    failures = []
    for v in vectors:
        u = wwwurl.split_url(v.inputs[0], compat)
        bad = check_record(v, u, compat == "2.9h")
        if bad:
            failures.append(f"line {v.line} {v.inputs[0]!r}: " + "; ".join(bad))
        # The structural promises: the offsets point at hostport and path.
        assert u.name[u.hostp :].startswith(u.hostport)
        assert u.name[u.pathp :].startswith(u.path)
        assert u.original_name[u.original_pathp :].startswith(u.original_path)
    assert len(vectors) > 4000
    assert not failures, f"{len(failures)} of {len(vectors)}:\n" + "\n".join(failures[:20])


def test_split_url_str_records():
    u = wwwurl.split_url("HTTP://WWW.Example.COM:80/a/./b/../c?x=1")
    assert u == (
        "http://www.example.com/a/c?x=1",
        "http://www.example.com/a/c?x=1",
        "http",
        "www.example.com",
        "www.example.com",
        -1,
        "/a/c",
        "x=1",
        None,
        None,
        7,
        22,
        "HTTP://WWW.Example.COM:80/a/./b/../c?x=1",
        "/a/./b/../c",
        "x=1",
        25,
    )
    assert wwwurl.split_url("/index.html").name == "http://localhost:8080/index.html"
    u = wwwurl.split_url("http://u:p%40@h:8080/")
    assert (u.user, u.password, u.port, u.file) == ("u", "p@", 8080, "http://u:p%40@h:8080/")
    # 2.9 replaces &amp; in the args, 2.9h keeps it.
    assert wwwurl.split_url("http://h/?a&amp;b").args == "a&b"
    assert wwwurl.split_url("http://h/?a&amp;b", "2.9h").args == "a&amp;b"
    with pytest.raises(wwwurl.InvalidArgumentError):
        wwwurl.split_url("http://h/", "3.0")


def test_split_url_offsets_count_characters_of_str():
    # The original name keeps the host as given: its offsets count
    # characters in a str record, bytes in a bytes one.
    url = "http://\u00e9\u00e9.example/p\u00e9?q"
    s = wwwurl.split_url(url)
    b = wwwurl.split_url(url.encode("utf-8"))
    assert isinstance(s.original_name, str)
    assert s.original_name.encode("utf-8") == b.original_name
    assert s.original_name[s.original_pathp :].startswith(s.original_path)
    assert b.original_name[b.original_pathp :].startswith(b.original_path)
    assert s.original_pathp == len("http://\u00e9\u00e9.example")
    assert b.original_pathp == len("http://\u00e9\u00e9.example".encode("utf-8"))
    assert s.name[s.pathp :].startswith(s.path)


def test_make_hash_vectors():
    vectors = routine_vectors("MakeHash")
    for v in vectors:
        assert wwwurl.make_hash(v.inputs[0]) == v.outputs[0].decode("ascii"), v.line
    assert len(vectors) >= 3000


def test_cache_path_cases_of_the_tool():
    for url, want in [
        ("HTTP://www.foo.com", "http/www.foo.com/DMwJM7GFg6vvScX45S1vCAQ"),
        ("http://www.foo.com:8080/x", "http/www.foo.com:8080/DSNmqwmwpJ9s0wtbmiwmwmQ"),
        ("http://u:p@h/", "http/h/D9Llzdx7dM5407ikdsIz-Hw"),
        ("http://../x", "http/0.0.0.0/D4Zl5RZq5ZpXb3o7pZvvS9Q"),
        ("http://%2e%2e/x", "http/0.0.0.0/D4Zl5RZq5ZpXb3o7pZvvS9Q"),
    ]:
        assert wwwurl.cache_path(url) == want
        assert wwwurl.cache_path(url.encode()) == want.encode()
    assert wwwurl.cache_path("http://www.foo.com/", "U") == "http/www.foo.com/UMwJM7GFg6vvScX45S1vCAQ"
    for url, part in [
        ("://h/x", "protocol"),
        ("..://h/x", "protocol"),
        ("\x01://h/", "protocol"),
        ("http://..:80x/y", "host"),
        ("https://:443x/p", "host"),
        ("\u00e9://h/", "protocol"),
    ]:
        with pytest.raises(wwwurl.UnsafeCachePathError, match=f"the {part} would not"):
            wwwurl.cache_path(url)
    with pytest.raises(wwwurl.InvalidArgumentError):
        wwwurl.cache_path("http://h/", "X")


def test_cache_path_is_proto_hostport_and_hash_of_file_on_the_corpus():
    n = 0
    for url in corpus()[:5000]:
        u = wwwurl.split_url(url)
        try:
            path = wwwurl.cache_path(url)
        except wwwurl.UnsafeCachePathError:
            continue
        assert path == u.proto + b"/" + u.hostport + b"/D" + wwwurl.make_hash(u.file).encode()
        n += 1
    assert n > 4900
