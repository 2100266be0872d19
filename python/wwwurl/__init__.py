"""URL handling from the Rust library wwwurl, byte for byte as its Rust and C
interfaces give it.

* Named, frozen canonicalisation profiles: ``canonicalize``,
  ``canonicalize_many`` (a list, over several threads), ``canonicalize_arrow``
  (a pyarrow array, without a Python object per URL), ``profiles``.
* The WHATWG URL Standard: ``URL`` (its query a live ``URLSearchParams``
  in ``URL.search_params``), ``URLSearchParams``, ``domain_to_ascii``,
  ``domain_to_unicode``, ``idna_unicode_version``; ``validate``, the
  Standard's validation errors of a URL by name, with where they are.
* RFC 3986: ``split``, ``resolve``, ``make_relative``, ``normalize``.
* WWWOFFLE: ``split_url``, ``cache_path``, ``make_hash``.
* Query parameters: the submodule ``wwwurl.query``.
* No-Vary-Search: ``NoVarySearch``.
* The Public Suffix List: ``registrable_domain``, ``public_suffix``,
  ``registrable_domains`` (a list, over several threads),
  ``registrable_domain_arrow`` and ``public_suffix_arrow`` (a pyarrow
  array), ``PublicSuffixList`` (the built-in list, or one loaded).
* The URL Pattern Standard: ``URLPattern``, as the JavaScript class, and
  ``URLPatternSet``, many patterns matched by one call.

Text arguments are ``str`` or ``bytes`` (``str`` alone for ``URLPattern``
and ``URLPatternSet``, as in JavaScript). A ``str`` is read as UTF-8 (a lone
surrogate as U+FFFD). A result made of the input's bytes is a ``str`` when
every text argument was a ``str`` and the result is valid UTF-8, and
``bytes`` otherwise: ``bytes`` in, ``bytes`` out. Errors are subclasses of
``wwwurl.Error`` (a ``ValueError``), except ``URLPattern``'s ``TypeError``
where its JavaScript class throws one; running out of memory raises
``MemoryError``.
"""

from typing import NamedTuple, Optional, Union

from . import query
from ._arrow import canonicalize_arrow
from ._psl import public_suffix_arrow, registrable_domain_arrow
from ._wwwurl import (
    NORMALIZE_ALL,
    NORMALIZE_DEFAULT_PORT,
    NORMALIZE_EMPTY_PATH,
    NORMALIZE_FRAGMENT,
    NORMALIZE_HOST,
    NORMALIZE_PATH,
    NORMALIZE_QUERY,
    NORMALIZE_SCHEME,
    NORMALIZE_SYNTAX,
    NORMALIZE_USERINFO,
    URL,
    Error,
    IdnaUnavailableError,
    InvalidArgumentError,
    InvalidBaseError,
    InvalidDomainError,
    InvalidListError,
    InvalidURLError,
    MatchBudgetError,
    NoVarySearch,
    NoVarySearchError,
    PublicSuffixList,
    RefusedError,
    SetOutcome,
    UnknownProfileError,
    UnsafeCachePathError,
    URLPattern,
    URLPatternSet,
    URLSearchParams,
    __version__,
    cache_path,
    canonicalize,
    canonicalize_many,
    domain_to_ascii,
    domain_to_unicode,
    idna_unicode_version,
    make_hash,
    make_relative,
    normalize,
    public_suffix,
    registrable_domain,
    registrable_domains,
    resolve,
)
from ._wwwurl import profiles as _profiles
from ._wwwurl import split as _split
from ._wwwurl import split_url as _split_url
from ._wwwurl import validate as _validate

_Text = Union[str, bytes]


class Profile(NamedTuple):
    """One version of a canonicalisation profile."""

    name: str
    version: int
    description: str

    @property
    def spec(self) -> str:
        """``name/version``, which names exactly this version."""
        return f"{self.name}/{self.version}"


def profiles() -> "list[Profile]":
    """Every profile, each version separately, sorted by name, then version."""
    return [Profile(*p) for p in _profiles()]


class Components(NamedTuple):
    """The components of a URI reference (RFC 3986); ``None`` when absent."""

    scheme: Optional[_Text]
    authority: Optional[_Text]
    userinfo: Optional[_Text]
    user: Optional[_Text]
    password: Optional[_Text]
    host: Optional[_Text]
    port: Optional[_Text]
    path: _Text
    query: Optional[_Text]
    fragment: Optional[_Text]


def split(url: _Text) -> Components:
    """The components of a URI reference by the regular expression of RFC 3986
    appendix B, the authority split as section 3.2 lays it out (user
    information up to the last ``@``, user and password at its first ``:``,
    an IP literal in brackets, the port after the last ``:``). Every byte
    string splits; the path is always present, possibly empty."""
    return Components(*_split(url))


class SplitURL(NamedTuple):
    """WWWOFFLE's canonical URL record (SplitURL), field by field.

    ``file`` is ``name`` with ``user[:password]@``; ``port`` is -1 when the
    hostport has none; ``args``, ``user`` and ``password`` are ``None`` when
    absent; ``hostp`` and ``pathp`` say where the hostport and the path start
    in ``name``, ``original_pathp`` where ``original_path`` starts in
    ``original_name`` (counted in characters of a ``str``, bytes of
    ``bytes``). The ``original_*`` fields are the parts SplitURL cut, before
    any decoding or case change (the fields of WWWOFFLE 2.9h's record; they
    are given for both compat modes). Strings are all ``str`` or all
    ``bytes``.
    """

    name: _Text
    file: _Text
    proto: _Text
    hostport: _Text
    host: _Text
    port: int
    path: _Text
    args: Optional[_Text]
    user: Optional[_Text]
    password: Optional[_Text]
    hostp: int
    pathp: int
    original_name: _Text
    original_path: _Text
    original_args: Optional[_Text]
    original_pathp: int


def split_url(url: _Text, compat: str = "2.9") -> SplitURL:
    """SplitURL: the canonical record WWWOFFLE makes of ``url``, as WWWOFFLE
    ``compat`` (``"2.9"`` or ``"2.9h"``) makes it, with the local host
    ``localhost:8080`` and the default ports http 80, https 443, ftp 21,
    finger 79. ``url`` is read up to its first NUL, as the C routine reads
    it."""
    return SplitURL(*_split_url(url, compat))


class ValidationIssue(NamedTuple):
    """One validation error of the WHATWG URL Standard, as the parser met it.

    ``name`` is the Standard's (``"invalid-URL-unit"``, ``"IPv4-empty-part"``,
    ``"host-missing"``...); ``input[start:end]`` is what it is about, empty
    at the place where something is missing (indices of the ``str``, or of
    the ``bytes``, given to ``validate``); ``fatal`` is true for the error at
    which the parser returned failure, the last of its report."""

    name: str
    start: int
    end: int
    fatal: bool


class ValidationReport(NamedTuple):
    """What ``validate`` found: ``errors``, every validation error in the
    order the parser met them, repeats included; ``failure``, whether the
    parser returned failure (the input is no URL); ``valid``, whether the
    input is a valid URL string by the Standard's URL-writing grammar."""

    errors: "list[ValidationIssue]"
    failure: bool
    valid: bool


def validate(url: _Text, base: Optional[_Text] = None) -> ValidationReport:
    """The validation errors of the WHATWG URL Standard that its parser meets
    on ``url`` (against ``base``, as ``URL(url, base)`` parses), and whether
    it fails and whether ``url`` is a valid URL string. A URL that does not
    parse raises nothing: its report says so. Raises ``InvalidBaseError``
    when ``base`` does not parse."""
    errors, failure, valid = _validate(url, base)
    return ValidationReport([ValidationIssue(*e) for e in errors], failure, valid)


__all__ = [
    "__version__",
    "NORMALIZE_ALL",
    "NORMALIZE_DEFAULT_PORT",
    "NORMALIZE_EMPTY_PATH",
    "NORMALIZE_FRAGMENT",
    "NORMALIZE_HOST",
    "NORMALIZE_PATH",
    "NORMALIZE_QUERY",
    "NORMALIZE_SCHEME",
    "NORMALIZE_SYNTAX",
    "NORMALIZE_USERINFO",
    "URL",
    "URLPattern",
    "URLPatternSet",
    "URLSearchParams",
    "Components",
    "Error",
    "IdnaUnavailableError",
    "InvalidArgumentError",
    "InvalidBaseError",
    "InvalidDomainError",
    "InvalidListError",
    "InvalidURLError",
    "MatchBudgetError",
    "NoVarySearch",
    "NoVarySearchError",
    "Profile",
    "PublicSuffixList",
    "RefusedError",
    "SetOutcome",
    "SplitURL",
    "UnknownProfileError",
    "UnsafeCachePathError",
    "ValidationIssue",
    "ValidationReport",
    "cache_path",
    "canonicalize",
    "canonicalize_arrow",
    "canonicalize_many",
    "domain_to_ascii",
    "domain_to_unicode",
    "idna_unicode_version",
    "make_hash",
    "make_relative",
    "normalize",
    "profiles",
    "public_suffix",
    "public_suffix_arrow",
    "query",
    "registrable_domain",
    "registrable_domain_arrow",
    "registrable_domains",
    "resolve",
    "split",
    "split_url",
    "validate",
]
