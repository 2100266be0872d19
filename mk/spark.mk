# Apache Spark: the Python package's Arrow route and the tool's pipe route,
# and the Python benchmarks. Included by the top-level Makefile, after
# mk/python.mk (whose virtual environment, with the package installed, both
# use).
#
#   make spark-test    tests/spark: PySpark in local mode (local[2]) reads
#                      tests/corpus/kasztp.txt, canonicalises it with
#                      wwwurl.canonicalize_arrow in mapInArrow (profiles
#                      wwwoffle-2.9, surt and whatwg), writes Parquet and
#                      reads it back, and pipes it through `wwwurl canon`
#                      (RDD.pipe); every row must equal the tool's output
#                      for its line, in place. Part of make check. Needs
#                      Java 17 or later and PySpark (python/requirements-dev.txt)
#   make bench-python  bench/python/bench.py: the package against ada-url,
#                      can_ada, surt, w3lib and urllib.parse, single calls
#                      and batches, on $(CORPUS) and $(ESC_CORPUS), then the
#                      Spark routes in local mode. Not part of make check;
#                      the peers are installed by hand:
#                      $(PY) -m pip install ada-url can_ada
#
# BENCH_PYTHON_ARGS go to bench/python/bench.py (--min-time S, --rounds N,
# --spark-lines N, --spark-profile NAME, --no-spark).

BENCH_PYTHON_ARGS ?=

.PHONY: spark-test bench-python

EXTRA_CHECKS += spark-test

spark-test: $(TOOL) python-test
	PYTHONDONTWRITEBYTECODE=1 WWWURL_TOOL=$(abspath $(TOOL)) \
	  $(PY) -m pytest -q -p no:cacheprovider tests/spark

# The wheel installed as python-test installs it, without running its tests.
bench-python: $(TOOL) python $(ESC_CORPUS)
	$(PY) -m pip install --quiet --no-index --no-deps --force-reinstall \
	  $(PY_WHEELS)/wwwurl-*.whl
	PYTHONDONTWRITEBYTECODE=1 $(PY) bench/python/bench.py \
	  --tool $(TOOL) $(BENCH_PYTHON_ARGS) $(CORPUS) $(ESC_CORPUS)
