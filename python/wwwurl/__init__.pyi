# Type stubs of the package wwwurl (the extension module wwwurl._wwwurl and
# the Python modules around it).
#
# The rule for results made of the input's bytes: `bytes` when any text
# argument is `bytes`; with `str` arguments, `str` when the result is valid
# UTF-8, else `bytes`. Functions whose result keeps UTF-8 valid whenever the
# input is (they cut and join the input at ASCII bytes, and add ASCII) are
# typed `str` for `str` input; those that may decode a percent-encoding into
# any byte are typed `str | bytes`.

import os
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    Union,
    overload,
)

from . import query as query

_Text = Union[str, bytes]

__version__: str

class Error(ValueError): ...
class UnknownProfileError(Error): ...
class RefusedError(Error): ...
class InvalidURLError(Error): ...
class InvalidBaseError(InvalidURLError): ...
class InvalidDomainError(Error): ...
class IdnaUnavailableError(Error): ...
class UnsafeCachePathError(Error): ...
class NoVarySearchError(Error): ...
class InvalidArgumentError(Error): ...
class InvalidListError(Error): ...
class MatchBudgetError(Error): ...

# --- Canonicalisation profiles -------------------------------------------

class Profile(NamedTuple):
    name: str
    version: int
    description: str
    @property
    def spec(self) -> str: ...

def profiles() -> list[Profile]: ...
@overload
def canonicalize(
    url: bytes,
    profile: str,
    *,
    strip: Iterable[_Text] = (),
    strip_prefixes: Iterable[_Text] = (),
) -> bytes: ...
@overload
def canonicalize(
    url: str,
    profile: str,
    *,
    strip: Iterable[_Text] = (),
    strip_prefixes: Iterable[_Text] = (),
) -> Union[str, bytes]: ...
def canonicalize_many(
    urls: Iterable[_Text],
    profile: str,
    *,
    strip: Iterable[_Text] = (),
    strip_prefixes: Iterable[_Text] = (),
    threads: Optional[int] = None,
) -> list[Optional[Union[str, bytes]]]: ...
def canonicalize_arrow(
    array: Any,
    profile: str,
    *,
    strip: Iterable[_Text] = (),
    strip_prefixes: Iterable[_Text] = (),
    threads: Optional[int] = None,
) -> Any: ...

# --- WHATWG URL Standard -----------------------------------------------

class SetOutcome:
    APPLIED: SetOutcome
    IGNORED: SetOutcome
    HOST_ONLY: SetOutcome

class URL:
    def __init__(self, url: _Text, base: Optional[_Text] = None) -> None: ...
    @staticmethod
    def can_parse(url: _Text, base: Optional[_Text] = None) -> bool: ...
    @staticmethod
    def parse(url: _Text, base: Optional[_Text] = None) -> Optional[URL]: ...
    def set(self, part: str, value: _Text) -> SetOutcome: ...
    @property
    def href(self) -> str: ...
    @href.setter
    def href(self, value: _Text) -> None: ...
    @property
    def origin(self) -> str: ...
    @property
    def protocol(self) -> str: ...
    @protocol.setter
    def protocol(self, value: _Text) -> None: ...
    @property
    def username(self) -> str: ...
    @username.setter
    def username(self, value: _Text) -> None: ...
    @property
    def password(self) -> str: ...
    @password.setter
    def password(self, value: _Text) -> None: ...
    @property
    def host(self) -> str: ...
    @host.setter
    def host(self, value: _Text) -> None: ...
    @property
    def hostname(self) -> str: ...
    @hostname.setter
    def hostname(self, value: _Text) -> None: ...
    @property
    def port(self) -> str: ...
    @port.setter
    def port(self, value: _Text) -> None: ...
    @property
    def pathname(self) -> str: ...
    @pathname.setter
    def pathname(self, value: _Text) -> None: ...
    @property
    def search(self) -> str: ...
    @search.setter
    def search(self, value: _Text) -> None: ...
    @property
    def search_params(self) -> URLSearchParams: ...
    @property
    def hash(self) -> str: ...
    @hash.setter
    def hash(self, value: _Text) -> None: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class URLSearchParams:
    def __init__(
        self,
        init: Union[_Text, Mapping[_Text, _Text], Iterable[Iterable[_Text]], None] = None,
    ) -> None: ...
    @property
    def size(self) -> int: ...
    def __len__(self) -> int: ...
    def append(self, name: _Text, value: _Text) -> None: ...
    def delete(self, name: _Text, value: Optional[_Text] = None) -> None: ...
    def get(self, name: _Text) -> Optional[str]: ...
    def get_all(self, name: _Text) -> List[str]: ...
    def has(self, name: _Text, value: Optional[_Text] = None) -> bool: ...
    def set(self, name: _Text, value: _Text) -> None: ...
    def sort(self) -> None: ...
    def keys(self) -> List[str]: ...
    def values(self) -> List[str]: ...
    def items(self) -> List[Tuple[str, str]]: ...
    def __iter__(self) -> Iterator[Tuple[str, str]]: ...
    def __contains__(self, name: _Text) -> bool: ...

def domain_to_ascii(domain: _Text) -> str: ...
@overload
def domain_to_unicode(domain: str) -> str: ...
@overload
def domain_to_unicode(domain: bytes) -> bytes: ...
def idna_unicode_version() -> str: ...

class ValidationIssue(NamedTuple):
    name: str
    start: int
    end: int
    fatal: bool

class ValidationReport(NamedTuple):
    errors: list[ValidationIssue]
    failure: bool
    valid: bool

def validate(url: _Text, base: Optional[_Text] = None) -> ValidationReport: ...

# --- RFC 3986 ------------------------------------------------------------

NORMALIZE_SCHEME: int
NORMALIZE_USERINFO: int
NORMALIZE_HOST: int
NORMALIZE_PATH: int
NORMALIZE_QUERY: int
NORMALIZE_FRAGMENT: int
NORMALIZE_SYNTAX: int
NORMALIZE_DEFAULT_PORT: int
NORMALIZE_EMPTY_PATH: int
NORMALIZE_ALL: int

class Components(NamedTuple):
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

def split(url: _Text) -> Components: ...
@overload
def resolve(base: str, reference: str) -> str: ...
@overload
def resolve(base: _Text, reference: _Text) -> Union[str, bytes]: ...
@overload
def make_relative(base: str, target: str) -> str: ...
@overload
def make_relative(base: _Text, target: _Text) -> Union[str, bytes]: ...
@overload
def normalize(url: str, mask: int = ...) -> str: ...
@overload
def normalize(url: bytes, mask: int = ...) -> bytes: ...

# --- WWWOFFLE ------------------------------------------------------------

class SplitURL(NamedTuple):
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

def split_url(url: _Text, compat: str = "2.9") -> SplitURL: ...
@overload
def cache_path(url: bytes, prefix: str = "D", compat: str = "2.9") -> bytes: ...
@overload
def cache_path(url: str, prefix: str = "D", compat: str = "2.9") -> Union[str, bytes]: ...
def make_hash(s: _Text) -> str: ...

# --- No-Vary-Search ------------------------------------------------------

class NoVarySearch:
    def __init__(
        self, header_value: Optional[_Text] = None, *, strict: bool = False
    ) -> None: ...
    @overload
    def key(self, url: str) -> str: ...
    @overload
    def key(self, url: bytes) -> bytes: ...
    @overload
    def query_key(self, query: Optional[str]) -> str: ...
    @overload
    def query_key(self, query: bytes) -> bytes: ...
    def equivalent(self, a: _Text, b: _Text) -> bool: ...
    @property
    def mode(self) -> str: ...
    @property
    def keys(self) -> list[str]: ...
    @property
    def vary_on_key_order(self) -> bool: ...
    @property
    def is_default(self) -> bool: ...

__all__: Sequence[str]

# --- The Public Suffix List ----------------------------------------------

class PublicSuffixList:
    @staticmethod
    def builtin() -> PublicSuffixList: ...
    @staticmethod
    def load(source: Union[bytes, bytearray, str, "os.PathLike[str]"]) -> PublicSuffixList: ...
    @property
    def version(self) -> str: ...
    @property
    def rules(self) -> tuple[int, int]: ...
    @overload
    def registrable_domain(self, host: str, *, icann_only: bool = False) -> Optional[str]: ...
    @overload
    def registrable_domain(self, host: bytes, *, icann_only: bool = False) -> Optional[bytes]: ...
    @overload
    def public_suffix(self, host: str, *, icann_only: bool = False) -> Optional[str]: ...
    @overload
    def public_suffix(self, host: bytes, *, icann_only: bool = False) -> Optional[bytes]: ...

@overload
def registrable_domain(
    host: str, *, icann_only: bool = False, psl: Optional[PublicSuffixList] = None
) -> Optional[str]: ...
@overload
def registrable_domain(
    host: bytes, *, icann_only: bool = False, psl: Optional[PublicSuffixList] = None
) -> Optional[bytes]: ...
@overload
def public_suffix(
    host: str, *, icann_only: bool = False, psl: Optional[PublicSuffixList] = None
) -> Optional[str]: ...
@overload
def public_suffix(
    host: bytes, *, icann_only: bool = False, psl: Optional[PublicSuffixList] = None
) -> Optional[bytes]: ...
def registrable_domains(
    hosts: Iterable[_Text],
    *,
    icann_only: bool = False,
    psl: Optional[PublicSuffixList] = None,
    suffix: bool = False,
    threads: Optional[int] = None,
) -> list[Optional[_Text]]: ...
def registrable_domain_arrow(
    array: Any,
    *,
    icann_only: bool = False,
    psl: Optional[PublicSuffixList] = None,
    threads: Optional[int] = None,
) -> Any: ...
def public_suffix_arrow(
    array: Any,
    *,
    icann_only: bool = False,
    psl: Optional[PublicSuffixList] = None,
    threads: Optional[int] = None,
) -> Any: ...

# --- The URL Pattern Standard --------------------------------------------

# A URLPatternInit: any of the keys protocol, username, password, hostname,
# port, pathname, search, hash and baseURL (others are ignored).
_URLPatternInit = Mapping[str, str]
_URLPatternInput = Union[str, _URLPatternInit, None]
# URLPatternOptions: {"ignoreCase": bool}.
_URLPatternOptions = Optional[Mapping[str, bool]]

_URLPatternComponentResult = TypedDict(
    "_URLPatternComponentResult", {"input": str, "groups": Dict[str, Optional[str]]}
)

_URLPatternResult = TypedDict(
    "_URLPatternResult",
    {
        "inputs": List[Union[str, Dict[str, str]]],
        "protocol": _URLPatternComponentResult,
        "username": _URLPatternComponentResult,
        "password": _URLPatternComponentResult,
        "hostname": _URLPatternComponentResult,
        "port": _URLPatternComponentResult,
        "pathname": _URLPatternComponentResult,
        "search": _URLPatternComponentResult,
        "hash": _URLPatternComponentResult,
    },
)

class URLPattern:
    # URLPattern(input, baseURL, options), URLPattern(input, options),
    # URLPattern(): TypeError where JavaScript throws one.
    @overload
    def __init__(
        self, input: str, baseURL: str, options: _URLPatternOptions = None
    ) -> None: ...
    @overload
    def __init__(
        self, input: _URLPatternInput = None, options: _URLPatternOptions = None
    ) -> None: ...
    @property
    def protocol(self) -> str: ...
    @property
    def username(self) -> str: ...
    @property
    def password(self) -> str: ...
    @property
    def hostname(self) -> str: ...
    @property
    def port(self) -> str: ...
    @property
    def pathname(self) -> str: ...
    @property
    def search(self) -> str: ...
    @property
    def hash(self) -> str: ...
    @property
    def hasRegExpGroups(self) -> bool: ...
    # MatchBudgetError when matching takes more than its budget.
    def test(self, input: _URLPatternInput = None, baseURL: Optional[str] = None) -> bool: ...
    def exec(
        self, input: _URLPatternInput = None, baseURL: Optional[str] = None
    ) -> Optional[_URLPatternResult]: ...

class URLPatternSet:
    def __init__(
        self, patterns: Iterable[Union[URLPattern, str]], baseURL: Optional[str] = None
    ) -> None: ...
    def match(self, input: _URLPatternInput = None, baseURL: Optional[str] = None) -> List[int]: ...
    def __len__(self) -> int: ...
