#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from the conformance vectors.

    python3 fuzz/make-corpus.py [VECTORS_DIR [OUT_DIR [MAX_PER_TARGET]]]

VECTORS_DIR defaults to tests/vectors, OUT_DIR to build/fuzz-corpus,
MAX_PER_TARGET to 2000. One directory per target, one file per seed, named
by the SHA-1 of its content (as libFuzzer names the inputs it adds). When a
target has more candidate seeds than MAX_PER_TARGET, evenly spaced ones are
kept, so every source file stays represented. Only the input columns are used.
The byte layout of a seed is the one the target reads: see the comment at
the top of each fuzz/*.c file. Nothing here is committed: the corpora are
rebuilt from the vectors.

The WHATWG targets also take the WPT tables of tests/wpt/ (beside
VECTORS_DIR): the parser's inputs and bases, the setters' URLs and values,
and the form parser's and sort's queries.
"""

import hashlib
import json
import os
import struct
import sys

TARGETS = [
    "fuzz_codecs", "fuzz_split_url", "fuzz_create_url", "fuzz_link_url",
    "fuzz_add_password", "fuzz_canonicalise_host", "fuzz_canonicalise_name",
    "fuzz_split_form_args", "fuzz_trim_args", "fuzz_base64_decode",
    "fuzz_dates", "fuzz_html", "fuzz_parse", "fuzz_link", "fuzz_transcode",
    "fuzz_rfc3986_split", "fuzz_rfc3986_resolve", "fuzz_webcapture",
    "fuzz_make_relative", "fuzz_normalize", "fuzz_browser_resolve",
    "diff_split", "diff_link", "diff_transcode", "idem_name",
    "fuzz_whatwg", "fuzz_whatwg_set", "fuzz_whatwg_validate", "fuzz_query", "fuzz_nvs", "fuzz_urlpattern",
] + ["fixed_" + p for p in ("rfc3986", "rfc3986-scheme", "cachekey", "safebrowsing",
                            "webcapture", "whatwg")]

# The attributes of wwwurl_whatwg_get and _set, by their WWWURL_WHATWG_* number.
WHATWG_PARTS = ["href", "origin", "protocol", "username", "password", "host",
                "hostname", "port", "pathname", "search", "hash"]

# No-Vary-Search values for fuzz_nvs: each form the draft names, and some
# that it calls malformed.
NVS_VALUES = [
    b"", b"key-order", b"params", b"params=(\"a\")", b"params=(\"a\" \"b\"), key-order",
    b"except=(\"id\")", b"params, except=(\"id\")", b"params=()", b"params, except=()",
    b"params=?0", b"key-order=?1", b"key-order=?0", b"params=(\"%C3%A9+%E6%B0%97\")",
    b"params=(a)", b"params=\"a\"", b"key-order, params", b"params=(\"a\";x=1)",
]

NULL = None  # a "\N" field


def unescape(field):
    """The bytes of a field (None for \\N), per the README's escape table."""
    if field == "\\N":
        return NULL
    out = bytearray()
    b = field.encode("latin-1") if not isinstance(field, bytes) else field
    i = 0
    while i < len(b):
        c = b[i]
        if c == 0x5C and i + 1 < len(b):
            n = b[i + 1]
            if n == 0x5C:
                out.append(0x5C); i += 2; continue
            if n == ord("t"):
                out.append(9); i += 2; continue
            if n == ord("n"):
                out.append(10); i += 2; continue
            if n == ord("r"):
                out.append(13); i += 2; continue
            if n == ord("x") and i + 3 < len(b):
                out.append(int(b[i + 2:i + 4], 16)); i += 4; continue
        out.append(c)
        i += 1
    return bytes(out)


def inputs(vectors, name):
    """The input columns of every case of <name>.tsv (bytes or None)."""
    path = os.path.join(vectors, name + ".tsv")
    if not os.path.exists(path):
        return
    with open(path, "rb") as f:
        for raw in f:
            line = raw.rstrip(b"\n")
            if not line or line.startswith(b"#"):
                continue
            cols = line.split(b"\t")
            try:
                arrow = cols.index(b"=>")
            except ValueError:
                continue
            yield [unescape(c.decode("latin-1")) for c in cols[1:arrow]]


def nz(x):
    return b"" if x is None else x


class Writer:
    def __init__(self, out, limit):
        self.out = out
        self.limit = limit
        self.seeds = {t: {} for t in TARGETS}

    def add(self, target, data):
        self.seeds[target].setdefault(data, None)

    def write(self):
        for t in TARGETS:
            d = os.path.join(self.out, t)
            os.makedirs(d, exist_ok=True)
            seeds = list(self.seeds[t])
            if len(seeds) > self.limit:
                step = len(seeds) / self.limit
                seeds = [seeds[int(i * step)] for i in range(self.limit)]
            for data in seeds:
                p = os.path.join(d, hashlib.sha1(data).hexdigest())
                if not os.path.exists(p):
                    with open(p, "wb") as f:
                        f.write(data)
            print("%-24s %6d seeds" % (t, len(seeds)))


def main():
    vectors = sys.argv[1] if len(sys.argv) > 1 else "tests/vectors"
    out = sys.argv[2] if len(sys.argv) > 2 else "build/fuzz-corpus"
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    v29h = os.path.join(vectors, "v29h")
    w = Writer(out, limit)

    codecs = ["URLDecodeGeneric", "URLDecodeFormArgs", "URLRecodeFormArgs",
              "URLEncodePath", "URLEncodeFormArgs", "URLEncodePassword"]
    for k, fn in enumerate(codecs):
        for (s,) in inputs(vectors, fn):
            w.add("fuzz_codecs", bytes([k]) + s)
            w.add("fuzz_transcode", bytes([k, 0xFF]) + s)
            w.add("fuzz_transcode", bytes([k | 8, 7]) + s)
            w.add("diff_transcode", bytes([k]) + s)
    for (s,) in inputs(vectors, "MakeHash"):
        w.add("fuzz_codecs", b"\x06" + s)
    for (s,) in inputs(vectors, "Base64Encode"):
        w.add("fuzz_codecs", b"\x07" + s)

    urls = []
    for (u,) in inputs(vectors, "SplitURL"):
        urls.append(u)
    for (u,) in inputs(v29h, "SplitURL"):
        urls.append(u)
    links = list(inputs(vectors, "LinkURL"))
    for u in urls:
        w.add("fuzz_split_url", b"\x00" + u)
        w.add("diff_split", b"\x00" + u)
        w.add("idem_name", b"\x00" + u)
        w.add("fuzz_parse", b"\x08D\xff" + u)
        w.add("fuzz_rfc3986_split", b"\x00" + u)
        w.add("fuzz_rfc3986_split", b"\x01" + u)
        w.add("fuzz_webcapture", b"\x02" + u)
        w.add("fuzz_normalize", b"\xff\x40" + u)
        for t in TARGETS:
            if t.startswith("fixed_"):
                w.add(t, u)
    for base, link in links:
        base, link = nz(base), nz(link)
        w.add("fuzz_link_url", b"\x00" + base + b"\x00" + link)
        w.add("diff_link", b"\x00" + base + b"\x00" + link)
        w.add("fuzz_link", b"\x00" + base + b"\x00" + link)
        w.add("fuzz_rfc3986_resolve", b"\x00" + base + b"\x00" + link)
        w.add("fuzz_make_relative", b"\x20" + base + b"\x00" + link)
        w.add("fuzz_browser_resolve", b"\x20" + base + b"\x00" + link)
        w.add("fuzz_webcapture", b"\x00" + link + b"\x00" + base)
        w.add("idem_name", b"\x00" + base)
        w.add("fuzz_rfc3986_split", b"\x01" + link)

    for args in inputs(vectors, "CreateURL"):
        nulls = sum(1 << i for i, a in enumerate(args) if a is None)
        body = b"\x00".join(nz(a) for a in args)
        w.add("fuzz_create_url", bytes([nulls]) + body)
        w.add("fuzz_create_url", bytes([nulls | 0x40]) + body)
        w.add("fuzz_link_url", b"\x01" + b"\x00".join(nz(a) for a in args[:3]) + b"\x00../x")
    for url, user, pw in inputs(vectors, "AddPasswordURL"):
        flags = (1 if user is None else 0) | (2 if pw is None else 0)
        w.add("fuzz_add_password", bytes([flags]) + nz(url) + b"\x00" + nz(user) + b"\x00" + nz(pw))
        w.add("fuzz_parse", b"\x18D\xff" + nz(url) + b"\x00" + nz(user))

    for (s,) in inputs(vectors, "CanonicaliseHost"):
        w.add("fuzz_canonicalise_host", s)
    for (s,) in inputs(vectors, "CanonicaliseName"):
        w.add("fuzz_canonicalise_name", s)
    for (s,) in inputs(vectors, "SplitFormArgs"):
        w.add("fuzz_split_form_args", s)
    for (s,) in inputs(vectors, "TrimArgs"):
        w.add("fuzz_trim_args", s)
    for (s,) in inputs(vectors, "Base64Decode"):
        w.add("fuzz_base64_decode", s)
    for (s,) in inputs(vectors, "DateToTimeT"):
        w.add("fuzz_dates", s)
    for (t,) in inputs(vectors, "RFC822Date"):
        w.add("fuzz_dates", b"\x00" + struct.pack("<q", int(t)))
    for (t,) in inputs(vectors, "DurationToString"):
        w.add("fuzz_dates", b"\x00" + struct.pack("<q", int(t)))
    for (s,) in inputs(v29h, "FixHTMLLinkURL"):
        w.add("fuzz_html", b"\x00" + s)
    for (s,) in inputs(vectors, "URLReplaceAmp"):
        w.add("fuzz_html", b"\x01" + s)
    for s, nbsp in inputs(vectors, "HTMLString"):
        w.add("fuzz_html", (b"\x03" if nbsp == b"1" else b"\x02") + s)

    wpt = os.path.join(vectors, os.pardir, "wpt")
    whatwg_seeds(w, wpt, urls)
    query_seeds(w, wpt)
    urlpattern_seeds(w, wpt)

    w.write()


def urlpattern_seeds(w, wpt):
    """fuzz_urlpattern: each constructor string of urlpatterntestdata.json
    with each string input of its case (and its base URLs)."""
    cases = load_json(wpt, os.path.join("urlpattern", "urlpatterntestdata.json")) or []
    for case in cases:
        pattern = case.get("pattern") or []
        if not pattern or not isinstance(pattern[0], str):
            continue
        base = pattern[1] if len(pattern) > 1 and isinstance(pattern[1], str) else None
        flags = 1 if any(isinstance(a, dict) and a.get("ignoreCase") for a in pattern[1:]) else 0
        inputs = [i for i in case.get("inputs") or [] if isinstance(i, str)] or [""]
        for i in inputs:
            body = utf8(pattern[0]) + b"\x00" + utf8(i)
            if base is not None:
                w.add("fuzz_urlpattern", bytes([flags | 2]) + body + b"\x00" + utf8(base))
            else:
                w.add("fuzz_urlpattern", bytes([flags]) + body)


def load_json(wpt, name):
    path = os.path.join(wpt, name)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def utf8(s):
    return s.encode("utf-8", "surrogatepass")


def whatwg_seeds(w, wpt, urls):
    """fuzz_whatwg and fuzz_whatwg_validate: input (+ NUL + base);
    fuzz_whatwg_set: part, URL, value."""
    for target in ("fuzz_whatwg", "fuzz_whatwg_validate"):
        for case in load_json(wpt, "urltestdata.json") or []:
            if isinstance(case, str):
                continue
            inp = utf8(case["input"])
            base = case.get("base")
            if base is None:
                w.add(target, b"\x00" + inp)
            else:
                w.add(target, b"\x01" + inp + b"\x00" + utf8(base))
                w.add(target, b"\x03" + inp + b"\x00" + utf8(base))
        for u in urls:
            w.add(target, b"\x00" + u)
    setters = load_json(wpt, "setters_tests.json") or {}
    for attr, cases in setters.items():
        if attr not in WHATWG_PARTS:
            continue
        part = WHATWG_PARTS.index(attr)
        for c in cases:
            body = utf8(c["href"]) + b"\x00" + utf8(c["new_value"])
            w.add("fuzz_whatwg_set", bytes([part, 0, (part + 7) % 11]) + body)
            w.add("fuzz_whatwg_set", bytes([part, 3, (part + 2) % 11]) + body)


def query_seeds(w, wpt):
    """fuzz_query: op, flags, query NUL name NUL value; fuzz_nvs: value, URLs."""
    queries = []
    for case in load_json(wpt, "urlencoded-parser-data.json") or []:
        queries.append((utf8(case["input"]), [utf8(n) for n, _ in case["output"]]))
    sort = load_json(wpt, "urlsearchparams-sort.json") or {}
    for case in sort.get("cases", []):
        queries.append((utf8(case["input"]), [utf8(n) for n, _ in case["output"]]))
    for q, names in queries:
        name = names[0] if names else b"a"
        for op in range(8):
            w.add("fuzz_query", bytes([op, 0x40]) + q + b"\x00" + name + b"\x00" + b"b c")
            w.add("fuzz_query", bytes([op, 0x01]) + q + b"\x00" + name[:1])
    for i, (q, _) in enumerate(queries):
        value = NVS_VALUES[i % len(NVS_VALUES)]
        url = b"https://example.com/p?" + q
        other = b"https://example.com/p?" + b"&".join(reversed(q.split(b"&"))) + b"#f"
        w.add("fuzz_nvs", b"\x40" + value + b"\x00" + url + b"\x00" + other)
    for value in NVS_VALUES:
        w.add("fuzz_nvs", b"\xff" + value + b"\x00https://a/?b=2&a=1&utm_source=x"
              b"\x00https://a/?a=1&b=2#f")


if __name__ == "__main__":
    main()
