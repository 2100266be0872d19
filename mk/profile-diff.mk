# The canonicalisation profiles against their reference implementations,
# and their throughput; included by the top-level Makefile.
#
#   make profile-diff    surt/1 and surt/2 against the `surt` package, cachekey/1
#                        against w3lib's canonicalize_url, safebrowsing/1
#                        against gglsbl's URL.canonical, on the real corpus
#                        and the escape-heavy one: every disagreement must
#                        fall in a documented class (tests/profile-diff/,
#                        doc/profile-differences.md). Part of make check.
#                        The packages come from python/requirements-dev.txt,
#                        in the environment of `make pyenv`; a missing one
#                        fails the test, naming it.
#   make bench-profiles  URLs per second of `wwwurl canon --profile P` for
#                        every profile, and of the Python packages, on
#                        $(CORPUS) and $(ESC_CORPUS) (bench/bench.mk;
#                        bench/profiles.sh)
#
# They run in the environment of `make pyenv` (mk/python.mk); PROFILE_DIFF_ARGS go to
# tests/profile-diff/profile_diff.py (--only surt, --show CLASS, ...);
# PROFILE_CORPUS is the real corpus of profile-diff, whose counts
# doc/profile-differences.md records.

PROFILE_DIFF_ARGS ?=
PROFILE_CORPUS    ?= tests/corpus/kasztp.txt

.PHONY: profile-diff bench-profiles

EXTRA_CHECKS += profile-diff

profile-diff: $(TOOL) $(ESC_CORPUS) pyenv
	$(PY) tests/profile-diff/profile_diff.py --tool $(TOOL) \
	  --corpus kasztp=$(PROFILE_CORPUS) --corpus escapes=$(ESC_CORPUS) $(PROFILE_DIFF_ARGS)

bench-profiles: $(TOOL) $(ESC_CORPUS) pyenv
	@echo "== wwwurl canon --profile (bench/profiles.sh), real and escape-heavy URLs"
	PYTHON=$(PY) sh bench/profiles.sh $(TOOL) $(CORPUS) $(ESC_CORPUS)
