"""Why `surt/2` and the `surt` package (0.3.1, `surt.surt(url)` with its
default canonicaliser) disagree: nowhere on the corpora. `surt/2` is
`surt/1` with the one class of rules_surt.py fixed (a `..` after an empty
path segment pops that segment, as the package does), so no disagreement
is expected, and any is a failure; see doc/profile-differences.md.
"""

RULES = []
