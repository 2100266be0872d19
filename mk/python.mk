# The Python package wwwurl (python/, its README): an abi3 wheel built by
# maturin over the core crate, its tests and its lint. Included by the
# Makefile; `make check` runs python-lint and python-test.
#
#   make python        the wheel, in build/wheels/
#   make python-test   the wheel installed into a virtual environment
#                      (build/pyenv), then pytest on python/tests
#   make python-lint   rustfmt and clippy on python/
#
# maturin, pytest and pyarrow come from the interpreter's own packages
# (python/requirements-ci.txt lists them; .ci/run installs them): the
# environment sees them through --system-site-packages, and nothing is
# fetched. python/ is a Cargo workspace of its own, built in target/python.

PYTHON      ?= python3
PY_TARGET   := $(abspath target/python)
PY_WHEELS   := $(BUILD)/wheels
PY_ENV      := $(BUILD)/pyenv

.PHONY: python python-test python-lint

python:
	@mkdir -p $(PY_WHEELS)
	rm -f $(PY_WHEELS)/wwwurl-*.whl
	CARGO_TARGET_DIR=$(PY_TARGET) $(PYTHON) -m maturin build --release --locked \
	  --manifest-path python/Cargo.toml --out $(PY_WHEELS)

$(PY_ENV)/bin/python:
	$(PYTHON) -m venv --system-site-packages $(PY_ENV)

python-test: python $(PY_ENV)/bin/python
	$(PY_ENV)/bin/python -m pip install --quiet --no-index --no-deps --force-reinstall \
	  $(PY_WHEELS)/wwwurl-*.whl
	PYTHONDONTWRITEBYTECODE=1 $(PY_ENV)/bin/python -m pytest -q python/tests

python-lint:
	cd python && CARGO_TARGET_DIR=$(PY_TARGET) $(CARGO) fmt --check
	cd python && CARGO_TARGET_DIR=$(PY_TARGET) $(CARGO) clippy --locked --all-targets -- -D warnings

EXTRA_CHECKS += python-lint python-test
