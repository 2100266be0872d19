"""Why `surt/1` and the `surt` package (0.3.1, `surt.surt(url)` with its
default canonicaliser) disagree. The profile promises to write what the
package writes (src/profile/surt.rs), so every class here is a
difference the profile does not intend; see doc/profile-differences.md.
"""

import re

from common import Rule, quote_bytes, split_url, unquote_fully

_SCHEME = re.compile(rb"^[A-Za-z][A-Za-z0-9+.-]*:")


def _input_path(url):
    """The path of `url` as the package reads it (doc/profile-rules.md, section 1):
    trimmed, TAB CR LF removed, `http://` added without a scheme, a
    leading run of `http(s)://` tokens cut to the last, and for http
    schemes without a host the first path segment taken as the host."""
    s = url.strip(b" \t\n\r\x0b\x0c")
    s = s.replace(b"\t", b"").replace(b"\r", b"").replace(b"\n", b"")
    if not _SCHEME.match(s):
        s = b"http://" + s
    last = i = 0
    while True:
        tok = 7 if s.startswith(b"http://", i) else 8 if s.startswith(b"https://", i) else 0
        if not tok:
            break
        last, i = i, i + tok
    s = s[last:]
    scheme, auth, path, _, _ = split_url(s)
    host = auth.rsplit(b"@", 1)[-1].split(b":", 1)[0] if auth else b""
    if not host and (scheme or b"").startswith(b"http"):
        rest = path.lstrip(b"/")
        path = rest[rest.find(b"/"):] if b"/" in rest else b""
    return path


def _dots(segments, empty_is_segment):
    """Dot segments removed from `segments` (the path split at `/`, its
    leading empty piece dropped): `.` goes, `..` pops the last kept
    segment or is kept itself when there is none. With `empty_is_segment`
    an empty segment is kept too until the end (so that a `..` can pop
    it), as the package does; without, it is dropped at once, as the
    profile does. Empty segments are gone from the result either way."""
    kept = []
    for s in segments:
        if s == b"." or (s == b"" and not empty_is_segment):
            continue
        if s == b"..":
            if kept:
                kept.pop()
            else:
                kept.append(s)
            continue
        kept.append(s)
    return [s for s in kept if s]


def _escape_lower(seg):
    """A decoded segment as it is written: bytes up to 0x20, from 0x7F,
    `#` and `%` escaped, then lower-cased (doc/profile-rules.md, 2.6 and 3.5)."""
    return quote_bytes(seg, lambda c: 0x20 < c < 0x7F and c not in b"#%").lower()


def _split_at_path(out, segments):
    """(host part with its `)`, what follows the path) when `out` has the
    path made of `segments` (decoded) right after its host part; None
    otherwise. A decoded `?` may be in the path, so the path is matched
    rather than cut at the first `?`."""
    close = out.find(b")")
    if close < 0:
        return None
    path = b"/" + b"/".join(_escape_lower(s) for s in segments)
    rest = out[close + 1:]
    if not rest.startswith(path) or rest[len(path):][:1] not in (b"", b"?"):
        return None
    return out[:close + 1], rest[len(path):]


def dotdot_after_empty(case, a, b):
    if a is None or b is None:
        return None
    segs = unquote_fully(_input_path(case.read)).split(b"/")[1:]
    mine, theirs = _dots(segs, False), _dots(segs, True)
    if mine == theirs:
        return None
    pa, pb = _split_at_path(a, mine), _split_at_path(b, theirs)
    if pa is None or pb is None:
        return None
    # The profile's path replaced by the package's; the rest stays.
    return pa[0] + b"/" + b"/".join(_escape_lower(s) for s in theirs) + pa[1], b


RULES = [
    Rule(
        "dotdot-after-empty-segment",
        "A `..` that follows an empty segment (`//`): the package pops the empty segment, "
        "the profile (dropping empty segments first) pops the segment before it "
        "(`/a//../b`: package `/a/b`, profile `/b`).",
        "The package: the profile promises the package's output. doc/profile-rules.md, section 2.5, which "
        "the profile implements, says empty segments are dropped without saying when; the "
        "package drops them only after resolving `..`. A fix is a new profile version, surt/2.",
        b"http://example.com/a//../b",
        dotdot_after_empty,
    ),
]
