"""Why `safebrowsing/1` and gglsbl's `URL.canonical` (1.4.15, a client of
the Safe Browsing Update API v4) disagree. The profile's documentation is
src/profile/safebrowsing.rs, after Google's v4 and Web Risk texts; see
doc/profile-differences.md for which side each class proves right.
"""

import re

from common import Rule, decode_to, join_url, split_url, unquote_fully


def _host_port(authority):
    """(host, port or None) of an authority without user information."""
    hp = authority.rsplit(b"@", 1)[-1]
    if hp.startswith(b"["):
        close = hp.find(b"]")
        if close >= 0:
            rest = hp[close + 1:]
            return hp[:close + 1], rest[1:] if rest.startswith(b":") else None
    host, colon, port = hp.partition(b":")
    return host, port if colon else None


def inet_aton(host):
    """The IPv4 address the C library's inet_aton reads in `host` (one to
    four parts, each decimal, octal with a leading 0 or hex with 0x, the
    last filling the bytes left), dotted; None when it reads none."""
    parts = host.split(b".")
    if not 1 <= len(parts) <= 4:
        return None
    nums = []
    for p in parts:
        if re.fullmatch(rb"0[xX][0-9a-fA-F]*", p):
            n = int(p[2:] or b"0", 16)
        elif re.fullmatch(rb"0[0-7]*", p):
            n = int(p, 8)
        elif re.fullmatch(rb"[1-9][0-9]*", p):
            n = int(p)
        else:
            return None
        nums.append(n)
    *head, last = nums
    if any(n > 255 for n in head) or last >= 1 << (8 * (4 - len(head))):
        return None
    v = last
    for i, n in enumerate(head):
        v |= n << (8 * (3 - i))
    return b"%d.%d.%d.%d" % (v >> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255)


def port_kept(case, a, b):
    if a is None or b is None:
        return None
    sa, sb = split_url(a), split_url(b)
    if sa[1] is None or sb[1] is None:
        return None
    host, port = _host_port(sb[1])
    if port is None or not port.isdigit() or host != sa[1]:
        return None
    return a, join_url(sb[0], host, *sb[2:])


def _cut(url):
    """The input with what both sides remove first gone: spaces at the
    ends, TAB CR LF, the fragment."""
    s = url.strip(b" ").replace(b"\t", b"").replace(b"\r", b"").replace(b"\n", b"")
    return s.split(b"#", 1)[0]


def whole_url_decoded(case, url):
    s = _cut(url)
    # Only the escapes that decode to a delimiter are decoded, so that
    # the profile still decodes everything else itself.
    new = decode_to(s, b"/?@:[]")
    return None if new == s else new


def _path_end(url):
    """The input's path, decoded, as the profile cuts it (step 5)."""
    s = _cut(url)
    m = re.match(rb"^[A-Za-z][A-Za-z0-9+.-]*://", s)
    rest = s[m.end():] if m else s
    end = len(rest)
    for d in (b"/", b"?"):
        i = rest.find(d)
        if 0 <= i < end:
            end = i
    path = rest[end:].split(b"?", 1)[0]
    return unquote_fully(path)


def dot_segment_last(case, a, b):
    if a is None or b is None:
        return None
    path = _path_end(case.read)
    if not (path.endswith(b"/.") or path.endswith(b"/..")):
        return None
    sa, sb = split_url(a), split_url(b)
    if sa[2] != sb[2] + b"/":
        return None
    return join_url(sa[0], sa[1], sb[2], *sa[3:]), b


def ipv4_forms(case, a, b):
    if a is None or b is None:
        return None
    sa, sb = split_url(a), split_url(b)
    if sa[1] is None or sb[1] is None:
        return None
    host, port = _host_port(sb[1])
    if host == sa[1] or inet_aton(host) != sa[1]:
        return None
    return a, join_url(sb[0], sa[1] + (b":" + port if port is not None else b""), *sb[2:])


def no_host(case, a, b):
    if b is not None or a is None or not case.why_theirs.startswith("AttributeError"):
        return None
    sa = split_url(a)
    if sa[1] != b"":
        return None
    return a, a


def bracket_in_userinfo(case, a, b):
    if b is not None or a is None or "Invalid IPv6 URL" not in case.why_theirs:
        return None
    _, auth, _, _, _ = split_url(_cut(case.url))
    if auth is None or b"@" not in auth:
        return None
    user = unquote_fully(auth.rsplit(b"@", 1)[0])
    if b"[" not in user and b"]" not in user:
        return None
    return a, a


RULES = [
    Rule(
        "whole-url-decoded",
        "gglsbl percent-decodes the whole URL before it splits it, so an escaped delimiter "
        "becomes one (`/a%3Fb/..` is the path `/a` and the query `b/..`); the profile decodes "
        "host, path and query separately, so that a decoded `?` stays in the path.",
        "The profile, by its own documentation (step 7), which chose this reading on purpose; "
        "Google's text says to decode 'the URL' and gglsbl reads it literally. None of the "
        "33 documented examples decides between the two.",
        b"http://example.com/a%3Fb/../c",
        reinput=whole_url_decoded,
    ),
    Rule(
        "ipv4-forms",
        "A host in a dotted octal, hex or short IPv4 form (`0x7f.1`, `010.0.0.1`, `127.1`): "
        "gglsbl converts only a single decimal or `0x` number, the profile every form "
        "inet_aton accepts.",
        "The profile: the documents ask for every legal encoding of an IPv4 address to be "
        "accepted, octal, hexadecimal and fewer than four components included.",
        b"http://0x7f.1/",
        rewrite=ipv4_forms,
    ),
    Rule(
        "port-kept",
        "gglsbl keeps the port (`http://h:8080/` stays); the profile drops it.",
        "The profile: the v4 and Web Risk examples drop the port "
        "(`http://www.gotaport.com:1234/` gives `http://www.gotaport.com/`); "
        "keeping it was the v2/v3 rule.",
        b"http://example.com:8080/",
        rewrite=port_kept,
    ),
    Rule(
        "dot-segment-last",
        "A path that ends in `/.` or `/..`: gglsbl (posixpath.normpath) ends it without a `/` "
        "(`/a/b/..` gives `/a`), the profile with one (`/a/`).",
        "The profile: resolving `/../` removes the segment and leaves the `/` "
        "(RFC 3986 section 5.2.4 does the same), and the documented example "
        "`http://www.google.com/blah/..` gives a path of `/`.",
        b"http://example.com/a/b/..",
        rewrite=dot_segment_last,
    ),
    Rule(
        "bracket-in-userinfo",
        "User information with an escaped `[` or `]` (`u%5D@h`): gglsbl, having decoded the "
        "whole URL, fails (ValueError: Invalid IPv6 URL); the profile drops the user "
        "information.",
        "The profile: the canonical form has no user information, and nothing in the "
        "documents makes a URL fail.",
        b"http://u%5D@example.com/",
        rewrite=bracket_in_userinfo,
    ),
    Rule(
        "no-host",
        "A URL with an empty host (`https://`): gglsbl fails (AttributeError), the profile "
        "writes `https:///`.",
        "Neither document covers a URL without a host; the profile refuses nothing, by its "
        "documentation, and gives the form its steps make.",
        b"https://",
        rewrite=no_host,
    ),
]
