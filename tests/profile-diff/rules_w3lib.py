"""Why `cachekey/1` and w3lib's `canonicalize_url` (2.5, default
arguments) disagree.

w3lib's function is the closest of the peers to `cachekey`: both lower-case
the scheme and host, normalise escapes, remove dot segments, sort the
query and drop the fragment. `cachekey/1` is documented in
src/profile/cachekey.rs (RFC 3986 sections 6.2.2 and 6.2.3, then the
query sorted by name, stably, with its bytes unchanged); w3lib documents
its steps in `canonicalize_url`'s docstring. Neither claims to be the
other, so a class here says which documented behaviour each side follows
rather than who has a bug; see doc/profile-differences.md.
"""

import re

from common import Rule, form_pairs, join_url, quote_bytes, split_url

_SPECIAL = (b"http", b"https", b"ws", b"wss", b"ftp", b"file")
_DEFAULT_PORT = {b"http": b"80", b"https": b"443", b"ws": b"80", b"wss": b"443", b"ftp": b"21"}

# What w3lib 2.5 writes unescaped in a path (besides `%`, which it never
# escapes), and the escapes it leaves as they are: `%25`, `%2F`, `%3B`,
# `%3F` (upper-cased). Its behaviour as observed; a rule built on a wrong
# set would leave disagreements unclassified, not hide them.
_PATH_SAFE = frozenset(b":/?[]@!$&'()*+,;=|-._~abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_PATH_KEPT_ESCAPES = frozenset(b"%/;?")
_UNRESERVED = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
# The reserved characters whose escapes w3lib decodes in a path.
_PATH_DECODED = _PATH_SAFE - _PATH_KEPT_ESCAPES - _UNRESERVED
# What w3lib writes unescaped in a user name or password, and the
# reserved characters among them.
_USERINFO_SAFE = _UNRESERVED | frozenset(b"!$&'()*+,")
_USERINFO_DECODED = _USERINFO_SAFE - _UNRESERVED


def backslash_is_slash(case, url):
    """The input as w3lib reads it: for a special scheme, every `\\`
    before the query or fragment is a `/` (the URL Standard's reading)."""
    m = re.match(rb"^\s*([A-Za-z][A-Za-z0-9+.-]*):", url)
    if not m or m.group(1).lower() not in _SPECIAL or b"\\" not in url:
        return None
    cut = min([i for i in (url.find(b"?"), url.find(b"#")) if i >= 0] or [len(url)])
    return url[:cut].replace(b"\\", b"/") + url[cut:]


def default_port_kept(case, a, b):
    if a is None or b is None:
        return None
    sa, sb = split_url(a), split_url(b)
    if sa[1] is None or sb[1] is None or sa[0] != sb[0]:
        return None
    port = _DEFAULT_PORT.get(sb[0])
    if port is None or sb[1] != sa[1] + b":" + port:
        return None
    return a, join_url(sb[0], sa[1], *sb[2:])


def _with_path(u, f):
    s = split_url(u)
    return join_url(s[0], s[1], f(s[2]), s[3], s[4])


def _raw_in(url):
    """The bytes that appear unescaped in `url`: a rule may escape in the
    profile's result only bytes the input had raw, so that it cannot hide
    a profile that decodes what it should not."""
    return frozenset(url)


def _escapes_in(url):
    """The bytes that appear escaped in `url` (`%XY`, any case)."""
    return frozenset(int(h, 16) for h in re.findall(rb"%([0-9A-Fa-f]{2})", url))


def _decode_these(part, which):
    """`part` with each `%XY` whose byte is in `which` decoded."""
    def dec(m):
        c = int(m.group(1), 16)
        return bytes([c]) if c in which else m.group(0)

    return re.sub(rb"%([0-9A-Fa-f]{2})", dec, part)


def path_raw_bytes_encoded(case, a, b):
    if a is None or b is None:
        return None
    raw = _raw_in(case.read)

    def keep(c):
        return c in _PATH_SAFE or c == 0x25 or c not in raw

    return _with_path(a, lambda p: quote_bytes(p, keep)), b


def path_reserved_escapes_decoded(case, a, b):
    if a is None or b is None:
        return None
    which = _PATH_DECODED & _escapes_in(case.read)
    return _with_path(a, lambda p: _decode_these(p, which)), b


def userinfo_requoted(case, a, b):
    if a is None or b is None:
        return None
    s = split_url(a)
    if s[1] is None or b"@" not in s[1]:
        return None
    user, host = s[1].rsplit(b"@", 1)
    raw, which = _raw_in(case.read), _USERINFO_DECODED & _escapes_in(case.read)

    def keep(c):
        return c in _USERINFO_SAFE or c == 0x25 or c not in raw

    def fix(part):
        return _decode_these(quote_bytes(part, keep), which)

    name, colon, password = user.partition(b":")
    user = fix(name) + (b":" + fix(password) if colon else b"")
    return join_url(s[0], user + b"@" + host, *s[2:]), b


def _query_pairs(q):
    """form_pairs with a bare name read as `name=`, as form data reads it."""
    return [(n, v if v is not None else b"") for n, v in form_pairs(q)]


def _with_query(u, q):
    s = split_url(u)
    return join_url(s[0], s[1], s[2], q, s[4])


def query_sorted_by_value(case, a, b):
    if a is None or b is None:
        return None
    q = split_url(a)[3]
    if q is None:
        return None
    # Only parameters of one name change places: a profile that sorted
    # the names wrongly is not hidden.
    pieces = [(_query_pairs(p)[0], p) for p in q.split(b"&") if p]
    out, i = [], 0
    while i < len(pieces):
        j = i
        while j < len(pieces) and pieces[j][0][0] == pieces[i][0][0]:
            j += 1
        out += sorted(pieces[i:j], key=lambda t: t[0][1])
        i = j
    return _with_query(a, b"&".join(p for _, p in out)), b


def query_form_encoded(case, a, b):
    if a is None or b is None:
        return None
    qa, qb = split_url(a)[3], split_url(b)[3]
    if qa is None or qb is None or _query_pairs(qa) != _query_pairs(qb):
        return None
    return _with_query(a, qb), b


RULES = [
    Rule(
        "backslash-is-slash",
        "A `\\` in the authority or path of an http(s) URL: w3lib reads it as `/` (the URL "
        "Standard's reading); the profile keeps it as a byte of the path.",
        "The profile, by its documentation: RFC 3986, which cachekey follows, has no "
        "such rule, and `\\` is data there.",
        b"http://example.com/a\\b",
        reinput=backslash_is_slash,
    ),
    Rule(
        "userinfo-requoted",
        "User name and password: w3lib decodes every escape and encodes again all but "
        "letters, digits and `-._~!$&'()*+,` (`%2C` becomes `,`, a raw `;` `%3B`); the "
        "profile keeps the escapes of reserved characters and the other bytes.",
        "The profile: RFC 3986 section 6.2.2.2 decodes only unreserved characters.",
        b"http://u%2C:p@example.com/",
        rewrite=userinfo_requoted,
    ),
    Rule(
        "default-port-kept",
        "w3lib keeps a default port (`http://h:80/`); the profile drops it.",
        "The profile, by its documentation (RFC 3986 section 6.2.3); w3lib does not "
        "claim to remove default ports.",
        b"http://example.com:80/",
        rewrite=default_port_kept,
    ),
    Rule(
        "path-raw-bytes-encoded",
        "Bytes that may not appear in a URI (space, `\"`, `<`, `>`, `{`, `}`, `^`, backtick, "
        "non-ASCII): w3lib percent-encodes them in the path, the profile leaves them as "
        "they are.",
        "Both, by their documentation: RFC 3986 normalisation defines nothing for bytes "
        "that are not allowed in a URI, and the profile changes no byte it is not told to; "
        "w3lib makes the URL 'safe' first.",
        b"http://example.com/a b",
        rewrite=path_raw_bytes_encoded,
    ),
    Rule(
        "path-reserved-escapes-decoded",
        "An escaped reserved character in the path (`%40`, `%2C`, `%3D`, `%5B`, ...; not "
        "`%2F`, `%3B`, `%3F`, `%25`): w3lib decodes it, the profile keeps the escape.",
        "The profile: RFC 3986 section 6.2.2.2 decodes only unreserved characters; an "
        "escaped reserved character is not equivalent to the character itself (section 2.2).",
        b"http://example.com/a%40b",
        rewrite=path_reserved_escapes_decoded,
    ),
    Rule(
        "query-sorted-by-value",
        "Parameters of the same name: w3lib sorts them by value, the profile keeps their "
        "order (`?a=2&a=1`).",
        "The profile, by its documentation: a stable sort by name, as URLSearchParams.sort(); "
        "the order of equal names can matter to a server.",
        b"http://example.com/?a=2&a=1",
        rewrite=query_sorted_by_value,
    ),
    Rule(
        "query-form-encoded",
        "The query is the same form data written differently: w3lib decodes each name and "
        "value and encodes it again as application/x-www-form-urlencoded (`a` becomes `a=`, "
        "`;` `%3B`, `/` `%2F`, `%7E` `~`, a space `+`); the profile keeps the query's bytes.",
        "The profile, by its documentation: 'the value bytes are never re-encoded', so that "
        "two queries a server may read differently (`;` and `%3B`) stay two keys.",
        b"http://example.com/?a;b=c/d",
        rewrite=query_form_encoded,
    ),
]
