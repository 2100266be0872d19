"""Query parameters on a query string (the bytes after ``?``, without it).

A query is read as the URL Standard's application/x-www-form-urlencoded
parser reads it: split at every ``&``, each non-empty piece a parameter, its
name before the first ``=`` and its value after it. Names given to these
functions are decoded names (``+`` a space, ``%XY`` a byte), and a parameter
matches when the decoding of its raw name is the same bytes: ``a%62=1`` and
``ab=1`` are both named ``ab``.

A rewrite (``append``, ``set``, ``delete``, ``sort``, ``keep``, ``strip``)
writes every parameter it does not touch back byte for byte, and returns
the query unchanged when it changes nothing. A rewrite that changes the list
joins the parameters with single ``&``, dropping empty pieces.
"""

from ._wwwurl import _query

append = _query.append
count = _query.count
delete = _query.delete
get = _query.get
get_all = _query.get_all
keep = _query.keep
params = _query.params
set = _query.set  # noqa: A001 - the name of URLSearchParams.set
sort = _query.sort
strip = _query.strip

__all__ = [
    "append",
    "count",
    "delete",
    "get",
    "get_all",
    "keep",
    "params",
    "set",
    "sort",
    "strip",
]
