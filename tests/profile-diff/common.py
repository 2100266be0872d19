"""What the rules of every comparison share: the shape of a rule, and
small byte-string helpers (URL splitting, percent-decoding) written for
these comparisons.

A disagreement is one input for which the profile (through `wwwurl canon
--profile`) and the reference package give different results. It is
*classified* when a chain of rules, each the undoing of one documented,
named difference, brings the two results to the same bytes (see `Rule`
and `explain`). A rule that cannot say precisely what it rewrites must not
rewrite: a rule too broad would hide the next real difference.
"""

import re

# RFC 3986 appendix B: scheme, authority, path, query, fragment.
_APPENDIX_B = re.compile(
    rb"^(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$", re.S)

_HEX = b"0123456789ABCDEFabcdef"


class Case:
    """One input and both results.

    `ours` is the profile's output, or None when the profile refused the
    URL (`why_ours` then holds its reason); `theirs` is the package's
    result, or None when it raised (`why_theirs` then names the
    exception). `read` is the input as the input rules left it (`url`
    when none applies): the output rules look at that one."""

    __slots__ = ("line", "url", "read", "ours", "why_ours", "theirs", "why_theirs")

    def __init__(self, line, url, ours, why_ours, theirs, why_theirs):
        self.line = line
        self.url = url
        self.read = url
        self.ours = ours
        self.why_ours = why_ours
        self.theirs = theirs
        self.why_theirs = why_theirs


class Rule:
    """A named difference between a profile and a reference package.

    `name`: a short identifier, printed in the counts.
    `what`: one sentence saying what differs.
    `right`: which side is right by the profile's own documentation, and
    why (doc/profile-differences.md repeats it).
    `example`: an input that shows this difference, checked on every run
    (`check_examples` in profile_diff.py): the two sides must disagree on
    it and this rule must be part of the explanation.

    A rule undoes its difference in one of two ways:

    `reinput(case, url)`: the input as the package reads it, when the
    difference is in how the package reads the input (it decodes a `?`
    into a delimiter, say); None when it reads it as the profile does.
    The profile's result for the rewritten input replaces its own.

    `rewrite(case, a, b)`: given the two results as the rules before it
    left them, the pair with this difference undone, or None when the
    difference is not there. Results that are None (a refusal, an
    exception) reach a rule as None.
    """

    def __init__(self, name, what, right, example, rewrite=None, reinput=None):
        assert (rewrite is None) != (reinput is None)
        self.name = name
        self.what = what
        self.right = right
        self.example = example
        self.rewrite = rewrite
        self.reinput = reinput


def explain(rules, case, a, used):
    """Ends the explanation of `case`: `a` is the profile's result after
    the input rules (`used` those that changed it). Each output rule in
    turn may rewrite the pair of results; it counts when its rewrite
    changed something. Returns the rules used, or None when the pair
    does not end equal."""
    b = case.theirs
    used = list(used)
    for rule in rules:
        if a == b:
            break
        if rule.rewrite is None:
            continue
        r = rule.rewrite(case, a, b)
        if r is not None and r != (a, b):
            a, b = r
            used.append(rule)
    return used if a == b else None


def split_url(u):
    """The five parts of `u` by RFC 3986 appendix B; an absent part is
    None (an empty one is b"")."""
    m = _APPENDIX_B.match(u)
    return m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)


def join_url(scheme, authority, path, query, fragment):
    """The inverse of `split_url`."""
    out = b""
    if scheme is not None:
        out += scheme + b":"
    if authority is not None:
        out += b"//" + authority
    out += path
    if query is not None:
        out += b"?" + query
    if fragment is not None:
        out += b"#" + fragment
    return out


def unquote_once(s):
    """Decodes every `%XY` (two hex digits) of `s` once; other `%` stay."""
    out = bytearray()
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == 0x25 and i + 2 < n and s[i + 1] in _HEX and s[i + 2] in _HEX:
            out.append(int(s[i + 1:i + 3], 16))
            i += 3
        else:
            out.append(c)
            i += 1
    return bytes(out)


def unquote_fully(s):
    """Decodes `s` again and again until nothing changes."""
    while True:
        d = unquote_once(s)
        if d == s:
            return s
        s = d


def quote_bytes(s, keep):
    """`%XY` (upper-case) for every byte of `s` for which `keep(byte)` is
    false."""
    out = bytearray()
    for c in s:
        if keep(c):
            out.append(c)
        else:
            out += b"%%%02X" % c
    return bytes(out)


def upper_escapes(s):
    """`s` with the hex digits of every `%XY` in upper case."""
    return re.sub(rb"%[0-9A-Fa-f]{2}", lambda m: m.group(0).upper(), s)


def _form_decode(x):
    return unquote_once(x.replace(b"+", b" "))


def form_pairs(q):
    """A query read as form data: the non-empty `&`-separated pieces, each
    split at its first `=` (a bare name has the value None), `+` read as a
    space and every `%XY` decoded once."""
    pairs = []
    for piece in q.split(b"&"):
        if not piece:
            continue
        name, eq, value = piece.partition(b"=")
        pairs.append((_form_decode(name), _form_decode(value) if eq else None))
    return pairs


def decode_to(s, wanted):
    """`s` with every escape that decodes, once or after repeated decoding
    (`%253F`), to a byte of `wanted` replaced by that byte; every other
    byte and escape as it was.

    Decoding is repeated as `unquote_fully` does, on bytes that remember
    the span of `s` they come from, so that only the spans that end as a
    wanted byte are rewritten."""
    items = [(c, i, i + 1) for i, c in enumerate(s)]
    while True:
        out, i, n, changed = [], 0, len(items), False
        while i < n:
            c = items[i][0]
            if c == 0x25 and i + 2 < n and items[i + 1][0] in _HEX and items[i + 2][0] in _HEX:
                out.append((int(bytes([items[i + 1][0], items[i + 2][0]]), 16), items[i][1], items[i + 2][2]))
                i += 3
                changed = True
            else:
                out.append(items[i])
                i += 1
        items = out
        if not changed:
            break
    res, at = bytearray(), 0
    for c, start, end in items:
        if end - start > 1 and c in wanted:
            res += s[at:start] + bytes([c])
            at = end
    return bytes(res) + s[at:]
