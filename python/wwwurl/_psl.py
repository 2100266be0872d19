"""The Public Suffix List's Arrow forms: the registrable domain or public
suffix of every host of a pyarrow array, read from its buffers as
``canonicalize_arrow`` reads URLs, for Spark's ``mapInArrow``."""

from typing import Any, Optional

from ._arrow import _map_arrow
from ._wwwurl import PublicSuffixList, psl_arrow_buffers


def registrable_domain_arrow(
    array: Any,
    *,
    icann_only: bool = False,
    psl: Optional[PublicSuffixList] = None,
    threads: Optional[int] = None,
) -> Any:
    """The registrable domain of every host of a pyarrow ``Array`` or
    ``ChunkedArray`` of type ``string``, ``large_string``, ``binary`` or
    ``large_binary``, as an array of the same kind and length: lower-cased,
    null where the input is null or the host has none. ``icann_only`` and
    ``psl`` as for ``registrable_domain``; ``threads`` as for
    ``canonicalize_arrow``."""
    return _map_arrow(
        array,
        lambda described, large, text: psl_arrow_buffers(
            described, large, text, False, icann_only, psl, threads
        ),
    )


def public_suffix_arrow(
    array: Any,
    *,
    icann_only: bool = False,
    psl: Optional[PublicSuffixList] = None,
    threads: Optional[int] = None,
) -> Any:
    """``registrable_domain_arrow`` for the public suffix of every host."""
    return _map_arrow(
        array,
        lambda described, large, text: psl_arrow_buffers(
            described, large, text, True, icann_only, psl, threads
        ),
    )
