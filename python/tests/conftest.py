"""Checks, before any test runs, that the package under test is the built
one (with its extension module), not the source directory python/wwwurl,
which has none: the tests run against the installed package
(``make python-test`` installs it into build/pyenv)."""

import pytest


def pytest_configure(config):
    try:
        import wwwurl._wwwurl  # noqa: F401
    except ImportError as e:
        raise pytest.UsageError(
            f"wwwurl is not installed with its extension module ({e}): "
            "run `make python-test`, or `pip install ./python` first"
        ) from e
