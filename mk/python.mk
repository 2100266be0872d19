# The Python package wwwurl (python/, its README): an abi3 wheel built by
# maturin over the core crate, its tests and its lint. Included by the
# Makefile; `make check` runs python-lint and python-test.
#
#   make pyenv         the virtual environment build/pyenv, with the exact
#                      versions of python/requirements-dev.txt from PyPI;
#                      made again whenever that file changes, else reused
#   make python        the wheel, in build/PROFILE/wheels/ (the checked
#                      profile's in make check and make quick, without LTO)
#   make python-test   the wheel installed into that environment, then
#                      pytest on python/tests
#   make python-lint   rustfmt and clippy on python/
#
# PYTHON is the interpreter the environment is made from (it needs the venv
# module: Debian's python3-venv); nothing is installed into it. python/ is a
# Cargo workspace of its own, built in target/python.

PYTHON      ?= python3
PY_TARGET   := $(abspath target/python)
PY_WHEELS   := $(OUT)/wheels
PY_ENV      := $(BUILD)/pyenv
PY          := $(PY_ENV)/bin/python
PY_REQS     := python/requirements-dev.txt

.PHONY: pyenv python python-test python-lint

# The copy of the requirements in the environment says what it was made
# from: the same file, the same environment.
pyenv:
	@cmp -s $(PY_REQS) $(PY_ENV)/requirements.txt || { \
	  echo "== $(PY_ENV) from $(PY_REQS)"; \
	  rm -rf $(PY_ENV) && $(PYTHON) -m venv $(PY_ENV) && \
	  $(PY) -m pip install --quiet --disable-pip-version-check -r $(PY_REQS) && \
	  cp $(PY_REQS) $(PY_ENV)/requirements.txt; }

python: pyenv
	@mkdir -p $(PY_WHEELS)
	rm -f $(PY_WHEELS)/wwwurl-*.whl
	CARGO_TARGET_DIR=$(PY_TARGET) $(PY) -m maturin build --profile $(PROFILE) --locked \
	  --manifest-path python/Cargo.toml --out $(PY_WHEELS)

python-test: python
	$(PY) -m pip install --quiet --disable-pip-version-check --no-index --no-deps \
	  --force-reinstall $(PY_WHEELS)/wwwurl-*.whl
	PYTHONDONTWRITEBYTECODE=1 $(PY) -m pytest -q python/tests

python-lint:
	cd python && CARGO_TARGET_DIR=$(PY_TARGET) $(CARGO) fmt --check
	cd python && CARGO_TARGET_DIR=$(PY_TARGET) $(CARGO) clippy --locked --profile $(CHECK_PROFILE) \
	  --all-targets -- -D warnings

EXTRA_CHECKS += python-lint python-test
