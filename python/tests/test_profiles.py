"""canonicalize, canonicalize_many and profiles against the frozen profile
vectors (tests/profiles/*.tsv) and the real corpus (tests/corpus/kasztp.txt),
as tests/profiles.rs checks the Rust core."""

import sys
import threading
import time

import pytest

import wwwurl
from _vectors import corpus, profile_vectors

VECTORS = profile_vectors()


def test_registry_matches_the_vector_files():
    listed = [p.spec for p in wwwurl.profiles()]
    assert sorted(listed) == sorted(VECTORS)
    assert len(listed) == 15
    assert listed == sorted(listed, key=lambda s: (s.split("/")[0], int(s.split("/")[1])))
    p = wwwurl.profiles()[0]
    assert (p.name, p.version) == ("cachekey", 1)
    assert p.description.startswith("rfc3986-scheme")


@pytest.mark.parametrize("profile", sorted(VECTORS))
def test_frozen_vectors_reproduce(profile):
    rows = VECTORS[profile]
    assert len(rows) >= 1000
    failures = []
    for v in rows:
        try:
            got = wwwurl.canonicalize(v.input, profile)
            if v.output is None or got != v.output:
                failures.append(f"line {v.line}: {v.input!r}: got {got!r}, want {v}")
        except wwwurl.RefusedError as e:
            if v.reason is None or str(e) != v.reason:
                failures.append(f"line {v.line}: {v.input!r}: refused {e}, want {v}")
    assert not failures, f"{len(failures)} of {len(rows)}:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("profile", sorted(VECTORS))
def test_str_input_gives_the_same_text(profile):
    """A str in gives the same characters as str, when its UTF-8 is the
    input and the output is UTF-8."""
    n = 0
    for v in VECTORS[profile]:
        try:
            text = v.input.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if v.output is None:
            with pytest.raises(wwwurl.RefusedError):
                wwwurl.canonicalize(text, profile)
            continue
        got = wwwurl.canonicalize(text, profile)
        try:
            want = v.output.decode("utf-8")
        except UnicodeDecodeError:
            assert got == v.output
            continue
        assert got == want
        n += 1
    assert n > 900


def test_bare_name_is_the_newest_version():
    for p in wwwurl.profiles():
        a = wwwurl.canonicalize("HTTP://Example.COM:80/./a?b=1#f", p.name)
        b = wwwurl.canonicalize("HTTP://Example.COM:80/./a?b=1#f", p.spec)
        assert a == b


def test_unknown_profile_and_refusal():
    with pytest.raises(wwwurl.UnknownProfileError, match="nope"):
        wwwurl.canonicalize("http://h/", "nope")
    with pytest.raises(wwwurl.UnknownProfileError):
        wwwurl.canonicalize("http://h/", "surt/01")
    with pytest.raises(wwwurl.RefusedError) as e:
        wwwurl.canonicalize("mailto:x", "webcapture")
    assert str(e.value) == "scheme is not http, https, ftp or file"
    assert isinstance(e.value, wwwurl.Error) and isinstance(e.value, ValueError)
    with pytest.raises(TypeError):
        wwwurl.canonicalize(42, "surt")
    with pytest.raises(TypeError):
        wwwurl.canonicalize("http://h/")  # the profile is required


def test_cachekey_strips_the_given_parameters():
    # The cases of tests/profiles.rs, cachekey_documentation_examples.
    strip, prefixes = ["gclid", "fbclid"], ["utm_"]
    for url, want in [
        ("http://h/?utm_source=a&id=7&gclid=x#f", "http://h/?id=7"),
        ("http://h/?utm_source=a&gclid=x", "http://h/"),
        ("http://h/?%75tm_x=1&b&a", "http://h/?a&b"),
        ("http://h/?gclidx=1", "http://h/?gclidx=1"),
    ]:
        assert wwwurl.canonicalize(url, "cachekey", strip=strip, strip_prefixes=prefixes) == want
        assert (
            wwwurl.canonicalize(url.encode(), "cachekey", strip=[b"gclid", b"fbclid"], strip_prefixes=(b"utm_",))
            == want.encode()
        )
    # Other profiles ignore the lists.
    assert wwwurl.canonicalize("http://h/?gclid=1", "surt", strip=["gclid"]) == "h)/?gclid=1"
    with pytest.raises(TypeError):
        wwwurl.canonicalize("http://h/", "cachekey", strip="gclid")


CORPUS = corpus()


@pytest.mark.parametrize("profile", ["wwwoffle-2.9", "surt", "whatwg", "webcapture", "cachekey"])
def test_many_equals_one_by_one_on_the_corpus(profile):
    urls = CORPUS
    want = []
    for u in urls:
        try:
            want.append(wwwurl.canonicalize(u, profile))
        except wwwurl.RefusedError:
            want.append(None)
    for threads in (None, 1, 2, 5):
        assert wwwurl.canonicalize_many(urls, profile, threads=threads) == want
    assert len(want) == len(urls) > 40000


def test_many_keeps_each_items_type_and_order():
    got = wwwurl.canonicalize_many(
        iter(["HTTP://A/", b"HTTP://B/", "mailto:x", "http://c/%FF"]), "webcapture", threads=2
    )
    assert got[:3] == ["http://a/", b"http://b/", None]
    assert got[3] == wwwurl.canonicalize("http://c/%FF", "webcapture")
    assert wwwurl.canonicalize_many([], "surt") == []
    with pytest.raises(wwwurl.UnknownProfileError):
        wwwurl.canonicalize_many(["http://a/"], "nope")
    with pytest.raises(wwwurl.InvalidArgumentError):
        wwwurl.canonicalize_many(["http://a/"], "surt", threads=0)
    with pytest.raises(TypeError):
        wwwurl.canonicalize_many(["http://a/", 3], "surt")


def test_many_threads_is_bounded():
    """threads above the documented maximum (1024) is a ValueError
    (InvalidArgumentError) before any work: it used to size a buffer, and
    100000 aborted the interpreter allocating 26 GB, 2**63-1 panicked."""
    for threads in (1025, 100000, 2**63 - 1):
        with pytest.raises(wwwurl.InvalidArgumentError, match="at most 1024"):
            wwwurl.canonicalize_many(["http://a/"], "surt", threads=threads)
        with pytest.raises(ValueError):
            wwwurl.canonicalize_many(iter(["http://a/"]), "surt", threads=threads)
    # The maximum itself runs, and gives what one thread gives.
    urls = [f"HTTP://H{i}/" for i in range(3000)]
    want = [f"http://h{i}/" for i in range(3000)]
    assert wwwurl.canonicalize_many(urls, "webcapture", threads=1024) == want
    assert wwwurl.canonicalize_many(urls, "webcapture", threads=1) == want
    with pytest.raises(OverflowError):
        wwwurl.canonicalize_many(["http://a/"], "surt", threads=-1)


def test_many_refuses_a_single_url():
    """A str or bytes is iterable, but a character (or number) at a time:
    passed where the list belongs it is a TypeError, not a canonical form
    per character."""
    for one in ("http://h/", b"http://h/", bytearray(b"http://h/"), ""):
        with pytest.raises(TypeError, match="iterable of URLs"):
            wwwurl.canonicalize_many(one, "webcapture")
    # Other iterables of URLs are still taken.
    assert wwwurl.canonicalize_many(("http://h/",), "webcapture") == ["http://h/"]
    assert wwwurl.canonicalize_many((u for u in ["http://h/"]), "webcapture") == ["http://h/"]


def test_many_on_lengths_around_its_blocks():
    """The list goes by blocks of 512 URLs (a multiple of it with several
    threads): every length around a block boundary gives each result in
    its place, from a list as from an iterator."""
    for n in (0, 1, 511, 512, 513, 1024, 1025, 16384 * 2 + 1):
        urls = [f"HTTP://H{i}/" if i % 7 else f"mailto:{i}" for i in range(n)]
        want = [f"http://h{i}/" if i % 7 else None for i in range(n)]
        for threads in (1, 2):
            assert wwwurl.canonicalize_many(urls, "webcapture", threads=threads) == want
            assert wwwurl.canonicalize_many(iter(urls), "webcapture", threads=threads) == want


def test_profile_names_made_at_run_time():
    """A profile name is read from its characters on every call, whichever
    string object carries them: equal names made anew give the same
    profile, and a different name right after gives its own."""
    url = "HTTP://Example.COM/a/../b?x#y"
    want = {p: wwwurl.canonicalize(url, p) for p in ("surt", "whatwg", "webcapture")}
    assert len(set(want.values())) == 3
    for _ in range(3):
        for name, out in want.items():
            made = "".join(list(name))
            assert wwwurl.canonicalize(url, made) == out
            assert wwwurl.canonicalize_many([url], made, threads=1) == [out]
    with pytest.raises(wwwurl.UnknownProfileError):
        wwwurl.canonicalize(url, "".join(list("whatwg/9")))
    assert wwwurl.canonicalize(url, "surt") == want["surt"]


def test_many_releases_the_interpreter():
    """While a batch runs, another thread runs Python code.

    With a switch interval far longer than the test, no thread is made to
    give the interpreter up between two bytecodes: it gives it up only when
    it blocks (here, the main thread's sleeps) or releases it (the batch, if
    it does). So the main thread's loop can add to ``ticks`` between the
    worker's two readings of its length only while the call runs without
    the interpreter lock."""
    urls = CORPUS * 6
    stamps = {}

    def batch():
        stamps["start"] = len(ticks)
        stamps["result"] = wwwurl.canonicalize_many(urls, "surt", threads=1)
        stamps["end"] = len(ticks)

    ticks = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        worker = threading.Thread(target=batch)
        worker.start()
        while worker.is_alive():
            ticks.append(None)
            time.sleep(0.0005)
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert stamps["end"] > stamps["start"], stamps
    assert stamps["result"][: len(CORPUS)] == wwwurl.canonicalize_many(CORPUS, "surt")
