"""The Public Suffix List from Python: the list project's tests against the
built-in list and the repository's copy loaded, both sections, str and
bytes, the batch and Arrow forms giving what the single calls give, and what
is not a list."""

import os

import pytest

import wwwurl

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
LIST = os.path.join(ROOT, "data", "psl", "public_suffix_list.dat")


def project_cases():
    cases = []
    with open(os.path.join(ROOT, "tests", "psl", "tests.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("//"):
                continue
            host, want = line.split(" ")
            if host != "null":
                cases.append((host, None if want == "null" else want))
    assert len(cases) == 77
    return cases


@pytest.mark.parametrize("loaded", [False, True])
def test_the_list_projects_tests(loaded):
    psl = wwwurl.PublicSuffixList.load(LIST) if loaded else None
    for host, want in project_cases():
        assert wwwurl.registrable_domain(host, psl=psl) == want, host


def test_sections_forms_and_hosts_without_answers():
    assert wwwurl.registrable_domain("a.b.github.io") == "b.github.io"
    assert wwwurl.registrable_domain("a.b.github.io", icann_only=True) == "github.io"
    assert wwwurl.public_suffix("a.b.github.io") == "github.io"
    assert wwwurl.public_suffix("a.b.github.io", icann_only=True) == "io"
    assert wwwurl.registrable_domain(b"WWW.Example.CO.UK") == b"example.co.uk"
    assert wwwurl.registrable_domain("www.xn--85x722f.xn--55qx5d.cn") == (
        "xn--85x722f.xn--55qx5d.cn"
    )
    assert wwwurl.registrable_domain("www.食狮.公司.cn") == "食狮.公司.cn"
    assert wwwurl.public_suffix("example.com.") == "com."
    for host in ["co.uk", "192.0.2.1", "[::1]", "", ".", ".example.com"]:
        assert wwwurl.registrable_domain(host) is None, host
    assert wwwurl.public_suffix("co.uk") == "co.uk"


def test_the_list_object():
    builtin = wwwurl.PublicSuffixList.builtin()
    assert builtin.version == "2026-08-19 (e8c9a2b2)"
    assert builtin.rules == (6949, 3299)
    assert builtin.registrable_domain("x.y.kobe.jp") == "x.y.kobe.jp"
    mine = wwwurl.PublicSuffixList.load(b"// VERSION: 7\nexample\n*.ck\n!www.ck\n")
    assert mine.version == "7"
    assert mine.rules == (0, 3)
    assert mine.registrable_domain("a.b.example") == "b.example"
    assert wwwurl.registrable_domain("a.www.ck", psl=mine) == "www.ck"
    assert "loaded" in repr(mine)


def test_what_is_not_a_list():
    for bad in [b"", b"<html>", b"com\n..\n", b"\x7fELF\x02", b"com\n\xff\n"]:
        with pytest.raises(wwwurl.InvalidListError):
            wwwurl.PublicSuffixList.load(bad)
    with pytest.raises(ValueError, match="line 2"):
        wwwurl.PublicSuffixList.load(b"com\na..b\n")
    with pytest.raises(OSError):
        wwwurl.PublicSuffixList.load("/nonexistent/list.dat")


def test_the_batch_gives_the_single_answers():
    hosts = [h for h, _ in project_cases()] * 20 + [b"www.example.com", "x"]
    for icann_only in [False, True]:
        for suffix in [False, True]:
            one = wwwurl.public_suffix if suffix else wwwurl.registrable_domain
            want = [one(h, icann_only=icann_only) for h in hosts]
            got = wwwurl.registrable_domains(
                hosts, icann_only=icann_only, suffix=suffix, threads=2
            )
            assert got == want
    with pytest.raises(TypeError):
        wwwurl.registrable_domains("example.com")


def test_the_arrow_forms():
    pa = pytest.importorskip("pyarrow")
    hosts = [h for h, _ in project_cases()] + [None, "a.b.github.io"]
    arr = pa.array(hosts, type=pa.string())
    got = wwwurl.registrable_domain_arrow(arr)
    assert got.type == pa.string()
    assert got.to_pylist() == [
        None if h is None else wwwurl.registrable_domain(h) for h in hosts
    ]
    got = wwwurl.public_suffix_arrow(pa.chunked_array([arr[:10], arr[10:]]), icann_only=True)
    assert got.to_pylist() == [
        None if h is None else wwwurl.public_suffix(h, icann_only=True) for h in hosts
    ]
    binary = pa.array([b"www.example.co.uk", None], type=pa.large_binary())
    assert wwwurl.registrable_domain_arrow(binary).to_pylist() == [b"example.co.uk", None]
