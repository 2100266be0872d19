# wwwurl: build, test, install. `make demo` and `make check` are the two
# commands of the README. Honours CC, CXX, CARGO, PREFIX, LIBDIR, INCLUDEDIR,
# BINDIR, MANDIR, PKGCONFIGDIR, CMAKEDIR, DESTDIR.

CARGO   ?= cargo
CC      ?= cc
CXX     ?= c++
PREFIX  ?= /usr/local
DESTDIR ?=
VALGRIND ?= valgrind

VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
SOVERSION := 0

# The profile everything is built in. `make`, `make install` and the
# benchmarks: release, with LTO, what is shipped and measured. `make check`
# and `make quick` set PROFILE=checked (Cargo.toml): one build without LTO,
# with debug assertions and overflow checks, serves the Rust tests, the
# libraries the C tests link, the tool the tests run and the install tests.
PROFILE  ?= release
CHECK_PROFILE := checked
TARGET_DIR := target/$(PROFILE)
BUILD    := build
# What C programs link, copied out of cargo's target directory (where the
# two variants and the fault-injection build share cargo's output name):
# the archives without the LLVM bitcode that rustc embeds for Rust
# consumers (`.llvmbc`), with which binutils' nm and strip see "no symbols"
# in them. The WWWOFFLE 2.9h variant (cargo feature v29h) has its own
# record layout, behaviour and library name, libwwwurl-29h (pkg-config
# wwwurl-29h).
OUT      := $(BUILD)/$(PROFILE)
LIB_DIR  := $(OUT)/lib
LIB_A    := $(LIB_DIR)/libwwwurl.a
LIB_SO   := $(LIB_DIR)/libwwwurl.so
LIB29H_A := $(LIB_DIR)/libwwwurl-29h.a
LIB29H_SO := $(LIB_DIR)/libwwwurl-29h.so
TOOL     := $(TARGET_DIR)/wwwurl
# The release build of the 2.9h variant has a target directory of its own,
# so that building one variant never undoes the other's LTO link; the
# checked build shares one, where changing variants recompiles only the C
# layer, not the core.
ifeq ($(PROFILE),release)
V29H_TARGET := target/v29h/$(PROFILE)
V29H_FLAGS  := --target-dir target/v29h
else
V29H_TARGET := $(TARGET_DIR)
V29H_FLAGS  :=
endif
# Clippy's lints in every build of the checked profile: the workspace's
# crates are compiled by clippy-driver (RUSTC_WORKSPACE_WRAPPER), which
# compiles as rustc does and lints as `cargo clippy -- -D warnings` does
# (CLIPPY_ARGS, in the form cargo clippy hands it over), so that make quick
# and make check compile the tests and libraries once, not once to check
# and once to build. Dependencies are compiled by rustc alone, and shared
# with the plain builds of the profile. `make` builds without lints.
# CLIPPY_ARGS is clippy's own hand-over from cargo clippy: a clippy that
# read it otherwise would still print its lints, but not fail on them.
CLIPPY_DRIVER ?= $(shell command -v clippy-driver 2>/dev/null)
CARGO_LINTED := RUSTC_WORKSPACE_WRAPPER=$(CLIPPY_DRIVER) \
	CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__ $(CARGO)
ifeq ($(PROFILE),$(CHECK_PROFILE))
CARGO_P := $(CARGO_LINTED)
else
CARGO_P := $(CARGO)
endif
# The fault-injection library (fault-test, below): always a checked build.
FAULT_LIB := $(BUILD)/$(CHECK_PROFILE)/fault/libwwwurl.a
# Made by tools/headers: the headers (committed copies in include/),
# one section 3 man page per C function, and the test rows, memory rows
# (bench/memory.c) and names of the functions declared once in
# capi/src/ffi (ffi::api).
GEN      := $(BUILD)/gen
API_ROWS := $(GEN)/test/wwwurl_api_rows.h
MEMORY_ROWS := $(GEN)/test/wwwurl_memory_rows.h
DECLARED := $(GEN)/test/declared-functions.txt
GEN_INC  := $(GEN)/include
MAN3_DIR := $(GEN)/man/man3
PC_FILE  := $(BUILD)/wwwurl.pc
PC29H_FILE := $(BUILD)/wwwurl-29h.pc
# What the Rust standard library needs when linked statically into C.
STATIC_DEPS := -lpthread -ldl -lm -lrt -lutil -lgcc_s

WARN     := -Wall -Wextra -Werror -Wno-unused-parameter
C_STD    := -std=c99 -D_POSIX_C_SOURCE=200809L
TEST_CFLAGS := $(C_STD) $(WARN) -g -O1 -Iinclude -Ic-tests -I$(GEN)/test
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND_FLAGS := --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --quiet
VECTORS  := tests/vectors

# The escape-heavy corpus (bench/gen_escapes.c), which c-tests/test_set.c
# reads besides the real one; bench/bench.mk has the rule that writes it.
ESC_CORPUS ?= $(BUILD)/escapes.txt
export WWWURL_ESCAPES = $(abspath $(ESC_CORPUS))

C_TEST_SRCS  := $(wildcard c-tests/test_*.c)
C_TEST_NAMES := $(patsubst c-tests/%.c,%,$(C_TEST_SRCS))
HARNESS_SRC  := c-tests/harness.c
HARNESS_DEPS := $(HARNESS_SRC) c-tests/harness.h include/wwwurl.h include/wwwurl_legacy.h \
	$(API_ROWS)

.PHONY: all release dev lint-build lib gen header check-header check check-all prereqs test quick quick-all quick-python fault-rows cycles rust-test lint c-tests c-tests-shared \
	install-check install-strip cmake-test header-std manpages-test c-tests-29h emulate-test \
	c-tests-static c-tests-asan c-tests-valgrind c-tests-helgrind c-tests-29h-shared \
	c-tests-29h-asan c-tests-29h-valgrind header-compile symbols \
	api-coverage pkgconfig-test demo bench install uninstall clean hostile-test fault-test fuzz FORCE \
	unwind-proof

# Shell completions, written by the tool from its own argument definitions
# at build time, so that `make install` only copies them.
COMPLETIONS := $(BUILD)/completions/wwwurl $(BUILD)/completions/_wwwurl \
	$(BUILD)/completions/wwwurl.fish

# The tool's man page, written by the tool too (`wwwurl manpage`, from the
# definitions of --help and cli/man/sections.roff), dated by the last commit
# unless SOURCE_DATE_EPOCH says otherwise, so that a checkout makes the same
# page on every build.
MAN1 := $(BUILD)/man/wwwurl.1

# `make`: the release build (LTO), which `make install`, `make demo` and the
# benchmarks use, then `dev`, the checked build that `make quick` and
# `make check` test, so that the first `make quick` compiles little.
all: release dev

release: lib gen $(PC_FILE) $(PC29H_FILE) $(COMPLETIONS) $(MAN1)

# The checked build (cargo profile `checked`): the C libraries of both
# variants and the fault-injection library, the tool, and every crate's test
# programs, compiled and linted as `make quick` compiles them (without
# clippy where it is not installed: `make quick` then lints what it must).
dev:
	@$(MAKE) --no-print-directory PROFILE=$(CHECK_PROFILE) lib lint-build \
	  $(if $(wildcard $(CLIPPY_DRIVER)),,CARGO_LINTED=$(CARGO))

# Parts of the build with a Makefile of their own (the Python package, the
# Spark route, the profile comparisons): each adds its checks to
# EXTRA_CHECKS, which `make check` runs after the rest.
EXTRA_CHECKS :=
include $(sort $(wildcard mk/*.mk))

lib: $(LIB_A) $(LIB29H_A)

$(BUILD)/completions/wwwurl: $(TOOL)
	@mkdir -p $(BUILD)/completions
	$(TOOL) completions bash > $(BUILD)/completions/wwwurl
	$(TOOL) completions zsh > $(BUILD)/completions/_wwwurl
	$(TOOL) completions fish > $(BUILD)/completions/wwwurl.fish
$(BUILD)/completions/_wwwurl $(BUILD)/completions/wwwurl.fish: $(BUILD)/completions/wwwurl

$(MAN1): $(TOOL)
	@mkdir -p $(@D)
	SOURCE_DATE_EPOCH="$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null)}" \
	  $(TOOL) manpage > $@.tmp
	@mv $@.tmp $@

# The C libraries (package wwwurl-capi, capi/) and the tool (wwwurl-cli,
# cli/): one cargo build per variant, one after the other in one recipe,
# each copied away (tools/copy-lib.sh) before the next may overwrite
# cargo's output. In the checked profile the fault-injection library is
# built the same way; make check's tests need it.
$(LIB_SO) $(LIB_A) $(LIB29H_SO) $(LIB29H_A) $(TOOL) &: FORCE
	$(CARGO_P) build --locked --profile $(PROFILE) -p wwwurl-capi -p wwwurl-cli
	@sh tools/copy-lib.sh $(TARGET_DIR) $(LIB_DIR) wwwurl $(SOVERSION)
	$(CARGO_P) build --locked --profile $(PROFILE) -p wwwurl-capi --features v29h $(V29H_FLAGS)
	@sh tools/copy-lib.sh $(V29H_TARGET) $(LIB_DIR) wwwurl-29h $(SOVERSION)
ifeq ($(PROFILE),$(CHECK_PROFILE))
	$(CARGO_P) build --locked --profile $(PROFILE) -p wwwurl-capi --features fault-injection
	@sh tools/copy-lib.sh $(TARGET_DIR) $(dir $(FAULT_LIB)) wwwurl --static-only
endif

ifneq ($(PROFILE),$(CHECK_PROFILE))
$(FAULT_LIB): FORCE
	@$(MAKE) --no-print-directory PROFILE=$(CHECK_PROFILE) $(FAULT_LIB)
else
$(FAULT_LIB): $(LIB_SO)
endif

# ---- headers ------------------------------------------------------------

# The headers and man pages from capi/src/ffi (a build step of the C
# libraries: Rust users of the wwwurl crate never run cbindgen).
# One run writes them all (a grouped target: once per make, however many
# suites wait for it), and rewrites only the files that change, so that
# the tests are not rebuilt.
gen: $(API_ROWS)

$(API_ROWS) $(MEMORY_ROWS) $(DECLARED) &: FORCE
	$(CARGO_P) run --locked --quiet --profile $(CHECK_PROFILE) -p wwwurl-headers -- $(GEN)

# SECURITY.md's table of the declared functions' memory bounds is written
# from their declarations too.
header: gen
	cp $(GEN_INC)/wwwurl.h $(GEN_INC)/wwwurl_legacy.h include/
	cp $(GEN)/SECURITY.md SECURITY.md

check-header: gen
	@for h in wwwurl.h wwwurl_legacy.h; do \
	  cmp -s $(GEN_INC)/$$h include/$$h || { \
	    echo "include/$$h is stale: run 'make header' and commit it"; \
	    diff -u include/$$h $(GEN_INC)/$$h | head -40; exit 1; }; \
	done
	@cmp -s $(GEN)/SECURITY.md SECURITY.md || { \
	  echo "SECURITY.md's table of declared memory bounds is stale: run 'make header' and commit it"; \
	  diff -u SECURITY.md $(GEN)/SECURITY.md | head -40; exit 1; }
	@echo "headers: up to date"

# Both headers compile cleanly in every C and C++ standard that WWWOFFLE-era
# and current code uses, in both record layouts (included twice, as headers
# may be).
HEADER_C_STDS   := c89 c99 c11 c17
HEADER_CXX_STDS := c++98 c++11 c++17 c++20
header-compile: lib
	@mkdir -p $(BUILD)
	@printf '#include "wwwurl.h"\n#include "wwwurl_legacy.h"\n#include "wwwurl_legacy.h"\nint main(void) { return 0; }\n' > $(BUILD)/hdr.c
	@cp $(BUILD)/hdr.c $(BUILD)/hdr.cpp
	@for d in "" -DWWWURL_LEGACY_29H; do \
	  for std in $(HEADER_C_STDS); do \
	    $(CC) -std=$$std -Wall -Wextra -pedantic -Werror $$d -Iinclude -c $(BUILD)/hdr.c -o $(BUILD)/hdr.o \
	      || { echo "headers: not clean as $$std $$d"; exit 1; }; done; \
	  for std in $(HEADER_CXX_STDS); do \
	    $(CXX) -std=$$std -Wall -Wextra -pedantic -Werror $$d -Iinclude -c $(BUILD)/hdr.cpp -o $(BUILD)/hdr.o \
	      || { echo "headers: not clean as $$std $$d"; exit 1; }; done; done
	@echo "headers: clean as $(HEADER_C_STDS) $(HEADER_CXX_STDS), 2.9 and 2.9h records"

# One section 3 page per exported function (made by tools/headers from the
# header comments), each formatted by groff without a warning; and so is the
# tool's page (whose every subcommand, option and argument cli/tests/help.rs
# checks against --help, in rust-test).
manpages-test: lib gen $(MAN1)
	@{ $(call SYMS,$(LIB_SO)); $(call SYMS,$(LIB29H_SO)); } | sort -u | \
	  grep -v '^wwwurl_legacy_layout_' > $(BUILD)/functions.txt
	@ls $(MAN3_DIR) | sed 's/\.3$$//' | sort > $(BUILD)/man3.txt
	@diff -u $(BUILD)/functions.txt $(BUILD)/man3.txt || { echo "man pages differ from the exported functions"; exit 1; }
	@for f in $(MAN3_DIR)/*.3; do \
	  w=$$(groff -man -ww -z $$f 2>&1); test -z "$$w" || { echo "$$f: $$w"; exit 1; }; done
	@for f in $(MAN3_DIR)/*.3; do grep -q 'wwwurl_legacy.h' $$f || continue; \
	  grep -q '^\.SH BEHAVIOUR$$' $$f && grep -qi 'example' $$f || \
	    { echo "$$f: no behaviour and examples from doc/behaviour.md"; exit 1; }; done
	@w=$$(groff -man -ww -z $(MAN1) 2>&1); test -z "$$w" || { echo "$(MAN1): $$w"; exit 1; }
	@for s in NAME SYNOPSIS DESCRIPTION COMMANDS 'INPUT AND OUTPUT' 'EXIT STATUS' EXAMPLES; do \
	  grep -Eq "^\.SH \"?$$s\"?$$" $(MAN1) || { echo "$(MAN1): no section $$s"; exit 1; }; done
	@echo "man pages: $$(wc -l < $(BUILD)/man3.txt), one per exported function, and wwwurl.1"

# ---- pkg-config -----------------------------------------------------------

# Made again on every run, since it records PREFIX.
PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	    -e 's|@STATIC_DEPS@|$(STATIC_DEPS)|g'

$(BUILD)/%.pc: pkgconfig/%.pc.in FORCE
	@mkdir -p $(BUILD)
	$(PC_SED) $< > $@

# ---- tests ----------------------------------------------------------------

# Every prerequisite is checked before any work starts, so that a missing
# package fails in a second rather than after minutes of building.
prereqs:
	@sh tools/prereqs.sh

# The release gate: everything, in the checked profile, two suites at a
# time (each suite's output printed whole when it ends). The Python
# environment comes first: it is downloaded while the rest compiles.
check: prereqs
	@$(MAKE) --no-print-directory -j2 --output-sync=target PROFILE=$(CHECK_PROFILE) check-all

check-all: pyenv lint rust-test c-tests c-tests-29h fault-test check-header header-compile \
	manpages-test symbols api-coverage pkgconfig-test install-test cmake-test emulate-test \
	linear-test memory-test hostile-test diff-uriparser bench-corpus-test unwind-proof \
	$(EXTRA_CHECKS)
	@echo "make check: all passed"

test: rust-test c-tests

# ---- the gate before each commit -------------------------------------------
#
# `make quick`: what catches most mistakes in a few minutes (CONTRIBUTING.md),
# from the same checked build as `make check`: rustfmt, clippy and the
# import-cycle check; the Rust tests; the C suites once each against both
# shared libraries, without valgrind or sanitizers (`make check` has
# those); the fault rows; the Python tests only when their environment
# (make pyenv) is already there.
quick:
	@$(MAKE) --no-print-directory -j2 --output-sync=target PROFILE=$(CHECK_PROFILE) quick-all

quick-all: lint cycles rust-test c-tests-shared c-tests-29h-shared fault-rows quick-python
	@echo "make quick: all passed"

quick-python:
	@if [ -x $(PY) ]; then $(MAKE) --no-print-directory python-test; \
	  else echo "== python tests skipped: no $(PY_ENV) yet (make pyenv)"; fi

# The fault rows once, without valgrind or sanitizers.
fault-rows: $(OUT)/c/fault_injection-static
	@echo "== fault_injection"
	@$(OUT)/c/fault_injection-static $(VECTORS) > $(OUT)/fault-rows.log; s=$$?; \
	  tail -n 1 $(OUT)/fault-rows.log; [ $$s = 0 ] || { grep -i 'failed' $(OUT)/fault-rows.log | \
	  grep -v ' 0 failed' | head -n 20; exit $$s; }

# No module of any crate imports, through its `crate::`, `super::` and
# `use` paths, a module that imports it back, and no top-level module
# (a folder with all under it) one that imports it back (tools/cycles.py).
cycles:
	@$(PYTHON) tools/cycles.py src capi/src capi/macros/src cli/src tools/headers/src python/src

# rustfmt, and every target of every crate compiled with clippy's lints
# (CARGO_LINTED, above): rust-test then runs what this built. The two
# variants of the C layer are linted where they are built (the libraries
# above, rust-test).
lint:
	$(CARGO) fmt --all --check
	@test -x "$(CLIPPY_DRIVER)" || { echo "lint: no clippy-driver (rustup component add clippy;" \
	  "Debian: rust-clippy)"; exit 1; }
	@$(MAKE) --no-print-directory lint-build

lint-build:
	$(CARGO_LINTED) test --locked --profile $(CHECK_PROFILE) --workspace --exclude wwwurl-headers \
	  --exclude wwwurl-capi-table --all-targets --no-run
	$(CARGO_LINTED) test --locked --profile $(CHECK_PROFILE) -p wwwurl-headers --all-targets --no-run

# Every crate's tests, with debug assertions and overflow checks on in the
# checked profile. cargo unifies the features of shared dependencies over
# the packages of one command: the header generator is tested alone, as
# `make` runs it (gen), so that both use one build of cbindgen and its
# dependencies. The escape-heavy corpus too: tests/fixed_points.rs reads it
# when WWWURL_ESCAPES (exported above) names it.
rust-test: $(ESC_CORPUS)
	$(CARGO_LINTED) test --locked --workspace --exclude wwwurl-headers --exclude wwwurl-capi-table \
	  --profile $(CHECK_PROFILE)
	$(CARGO_LINTED) test --locked -p wwwurl-capi --features v29h --profile $(CHECK_PROFILE)
	$(CARGO_LINTED) test --locked -p wwwurl-headers --profile $(CHECK_PROFILE)

# The C suites, each built against both libraries of the profile: shared,
# static and with ASan+UBSan.
$(OUT)/c/%-shared: c-tests/%.c $(HARNESS_DEPS) $(LIB_SO)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(HARNESS_SRC) -L$(LIB_DIR) \
	  -Wl,-rpath,$(abspath $(LIB_DIR)) -lwwwurl -lpthread

$(OUT)/c/%-static: c-tests/%.c $(HARNESS_DEPS) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(HARNESS_SRC) $(LIB_A) $(STATIC_DEPS)

$(OUT)/c/%-asan: c-tests/%.c $(HARNESS_DEPS) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -o $@ $< $(HARNESS_SRC) $(LIB_A) $(STATIC_DEPS)

c-tests: c-tests-shared c-tests-static c-tests-asan c-tests-valgrind c-tests-helgrind

c-tests-shared: $(C_TEST_NAMES:%=$(OUT)/c/%-shared) $(ESC_CORPUS)
	@for t in $(C_TEST_NAMES); do echo "== $$t (shared)"; \
	  $(OUT)/c/$$t-shared $(VECTORS) || exit 1; done

c-tests-static: $(C_TEST_NAMES:%=$(OUT)/c/%-static) $(ESC_CORPUS)
	@for t in $(C_TEST_NAMES); do echo "== $$t (static)"; \
	  $(OUT)/c/$$t-static $(VECTORS) || exit 1; done

c-tests-asan: $(C_TEST_NAMES:%=$(OUT)/c/%-asan) $(ESC_CORPUS)
	@for t in $(C_TEST_NAMES); do echo "== $$t (asan+ubsan)"; \
	  ASAN_OPTIONS=detect_leaks=1 $(OUT)/c/$$t-asan $(VECTORS) || exit 1; done

c-tests-valgrind: $(C_TEST_NAMES:%=$(OUT)/c/%-shared) $(ESC_CORPUS)
	@for t in $(C_TEST_NAMES); do echo "== $$t (valgrind)"; \
	  WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) $(OUT)/c/$$t-shared $(VECTORS) || exit 1; done

# The same suites against libwwwurl-29h, compiled for the 2.9h record
# (WWWURL_LEGACY_29H): every suite shared and under ASan, and the ones that
# touch the record under valgrind too.
C_TEST_29H_VALGRIND := test_legacy_url test_dropin test_hooks test_legacy_strings test_null

$(OUT)/c29h/%-shared: c-tests/%.c $(HARNESS_DEPS) $(LIB29H_SO)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -DWWWURL_LEGACY_29H -o $@ $< $(HARNESS_SRC) -L$(LIB_DIR) \
	  -Wl,-rpath,$(abspath $(LIB_DIR)) -lwwwurl-29h -lpthread

$(OUT)/c29h/%-asan: c-tests/%.c $(HARNESS_DEPS) $(LIB29H_A)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -DWWWURL_LEGACY_29H -o $@ $< $(HARNESS_SRC) $(LIB29H_A) \
	  $(STATIC_DEPS)

c-tests-29h: c-tests-29h-shared c-tests-29h-asan c-tests-29h-valgrind

c-tests-29h-shared: $(C_TEST_NAMES:%=$(OUT)/c29h/%-shared) $(ESC_CORPUS)
	@for t in $(C_TEST_NAMES); do echo "== $$t (2.9h, shared)"; \
	  $(OUT)/c29h/$$t-shared $(VECTORS) || exit 1; done

c-tests-29h-asan: $(C_TEST_NAMES:%=$(OUT)/c29h/%-asan) $(ESC_CORPUS)
	@for t in $(C_TEST_NAMES); do echo "== $$t (2.9h, asan+ubsan)"; \
	  ASAN_OPTIONS=detect_leaks=1 $(OUT)/c29h/$$t-asan $(VECTORS) || exit 1; done

c-tests-29h-valgrind: $(C_TEST_29H_VALGRIND:%=$(OUT)/c29h/%-shared) $(ESC_CORPUS)
	@for t in $(C_TEST_29H_VALGRIND); do echo "== $$t (2.9h, valgrind)"; \
	  WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) $(OUT)/c29h/$$t-shared $(VECTORS) || exit 1; done

# Allocation failures and panics on demand (c-tests/fault_injection.c),
# against the library built with the test-only cargo feature
# fault-injection (above).
$(OUT)/c/fault_injection-static: c-tests/fault_injection.c $(HARNESS_DEPS) $(FAULT_LIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(HARNESS_SRC) $(FAULT_LIB) $(STATIC_DEPS)

$(OUT)/c/fault_injection-asan: c-tests/fault_injection.c $(HARNESS_DEPS) $(FAULT_LIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -o $@ $< $(HARNESS_SRC) $(FAULT_LIB) $(STATIC_DEPS)

# `make fault-test FAULT_OP='LinkURL general'` tortures only the ops named
# (comma-separated; an unknown name makes the test list them).
FAULT_OP ?=
FAULT_ENV := $(if $(FAULT_OP),WWWURL_FAULT_OP='$(FAULT_OP)')

fault-test: $(OUT)/c/fault_injection-static $(OUT)/c/fault_injection-asan
	@echo "== the fault injector itself"
	$(CARGO_LINTED) test --locked --profile $(CHECK_PROFILE) -p wwwurl-capi --features fault-injection --lib fault::
	@echo "== fault_injection (asan+ubsan)"
	ASAN_OPTIONS=detect_leaks=1 $(FAULT_ENV) $(OUT)/c/fault_injection-asan $(VECTORS)
	@echo "== fault_injection (valgrind)"
	$(FAULT_ENV) $(VALGRIND) $(VALGRIND_FLAGS) $(OUT)/c/fault_injection-static $(VECTORS)

# The proof that no body under `guard_no_unwind` can unwind
# (capi/src/ffi/guard.rs): the library built as a release is (profile
# `proof`, LTO, no debug assertions) with the feature fault-injection, whose
# guard drops a function defined nowhere on each unwinding path, may not
# refer to it. On a failure, the functions that do are named.
PROOF_LIB := target/proof/libwwwurl.a
unwind-proof:
	$(CARGO) build --locked --profile proof -p wwwurl-capi --features fault-injection
	@mkdir -p $(OUT)
	nm -A $(PROOF_LIB) 2>/dev/null > $(OUT)/unwind-proof.nm
	@if grep -q 'U wwwurl_leaf_body_can_unwind' $(OUT)/unwind-proof.nm; then \
	  echo "unwind-proof: these bodies under guard_no_unwind can unwind:"; \
	  objdump -dr --no-show-raw-insn $(PROOF_LIB) | awk '/^[0-9a-f]+ <.*>:$$/ {f = $$2} \
	    /wwwurl_leaf_body_can_unwind/ {print "  " f}' | sort -u; exit 1; fi
	@echo "unwind-proof: no body under guard_no_unwind can unwind"

# The thread test under valgrind's race detector: the configuration setters
# race with every function, and helgrind must see no data race.
HELGRIND_FLAGS := --tool=helgrind --error-exitcode=99 --quiet

c-tests-helgrind: $(OUT)/c/test_threads-shared
	@echo "== test_threads (helgrind)"
	WWWURL_TEST_QUICK=1 $(VALGRIND) $(HELGRIND_FLAGS) $(OUT)/c/test_threads-shared $(VECTORS)

# The shared libraries export exactly the documented symbols: the list of
# the 2.9 library, and for the 2.9h one the same with its own historical
# function and layout symbol.
SYMS = nm -D --defined-only $(1) | awk '$$2 ~ /^[TDBRVW]$$/ {print $$3}' | sed 's/@.*//' | sort -u
symbols: $(LIB_SO) $(LIB29H_SO) $(DECLARED)
	@mkdir -p $(BUILD)
	@$(call SYMS,$(LIB_SO)) > $(BUILD)/symbols.txt
	@cat c-tests/exported-symbols.txt $(DECLARED) | sort -u | diff -u - $(BUILD)/symbols.txt \
	  || { echo "exported symbols differ from c-tests/exported-symbols.txt and the declared functions"; exit 1; }
	@$(call SYMS,$(LIB29H_SO)) > $(BUILD)/symbols-29h.txt
	@cat c-tests/exported-symbols.txt $(DECLARED) | sed -e 's/^URLReplaceAmp$$/FixHTMLLinkURL/' \
	  -e 's/^wwwurl_legacy_layout_29$$/wwwurl_legacy_layout_29h/' | sort -u | diff -u - $(BUILD)/symbols-29h.txt \
	  || { echo "libwwwurl-29h.so: exported symbols differ"; exit 1; }
	@# Every exported function is a Rust `fn` of its C name under capi/src,
	@# which grep, go-to-definition and the compiler's messages find.
	@for s in $$(nm -D --defined-only $(LIB_SO) $(LIB29H_SO) | awk '$$2 == "T" {print $$3}' | sort -u); do \
	  grep -rqE "fn $$s\(" capi/src || { echo "symbols: no 'fn $$s(' under capi/src"; exit 1; }; done
	@echo "symbols: $$(wc -l < $(BUILD)/symbols.txt) exported by each library, as allowed, each a fn of its name"
	@# Unversioned, as README's "ABI and soname policy" says.
	@! objdump -T $(LIB_SO) $(LIB29H_SO) | awk '$$2 == "g" && $$NF !~ /^_/' | grep -v ' Base ' \
	  | grep -E 'wwwurl_|URL|Canonicalise|Base64|Date|HTML|Hash|Args' \
	  || { echo "exported symbols carry versions; the documented ABI policy says none"; exit 1; }
	@readelf -d $(LIB_SO) | grep -q 'SONAME.*\[libwwwurl.so.$(SOVERSION)\]' || { echo "bad soname"; exit 1; }
	@readelf -d $(LIB29H_SO) | grep -q 'SONAME.*\[libwwwurl-29h.so.$(SOVERSION)\]' \
	  || { echo "bad soname of libwwwurl-29h.so"; exit 1; }

# Every exported function is called with NULL arguments by c-tests/test_null.c
# and made to panic by c-tests/fault_injection.c, except those that take no
# pointer (for test_null) and the layout symbol, which is data
# (CONTRIBUTING.md, "Adding a function").
API_NO_NULL_TEST  := wwwurl_legacy_layout_29
API_NO_FAULT_TEST := wwwurl_legacy_layout_29
# The test files are read without their comments (the compiler's
# preprocessor strips them, expanding no macro), and a function counts only
# where it is called or its address taken: a name in a comment does not.
api-coverage: $(DECLARED)
	@mkdir -p $(BUILD)
	@for f in test_null fault_injection; do \
	  $(CC) -fpreprocessed -dD -E -P c-tests/$$f.c > $(BUILD)/$$f.code || exit 1; done
	@for s in $$(cat c-tests/exported-symbols.txt) FixHTMLLinkURL; do \
	  case " $(API_NO_NULL_TEST) " in *" $$s "*) ;; *) grep -qE "\b$$s\b[[:space:]]*[(,;)}]" $(BUILD)/test_null.code || \
	    { echo "c-tests/test_null.c never calls $$s"; exit 1; };; esac; \
	  case " $(API_NO_FAULT_TEST) " in *" $$s "*) ;; *) grep -qE "\b$$s\b[[:space:]]*[(,;)}]" $(BUILD)/fault_injection.code || \
	    { echo "c-tests/fault_injection.c never calls $$s"; exit 1; };; esac; \
	done
	@# A function declared once has its NULL and fault rows generated; its
	@# exact results are tested by hand in test_modern.c (or, for the query,
	@# WHATWG, Public Suffix List and URL pattern functions, test_query.c,
	@# test_whatwg.c, test_psl.c and test_urlpattern.c), and CHANGELOG.md
	@# names it (a _buf twin comes with its function).
	@for f in test_modern test_query test_whatwg test_psl test_urlpattern; do \
	  $(CC) -fpreprocessed -dD -E -P c-tests/$$f.c || exit 1; done > $(BUILD)/test_modern.code
	@for s in $$(cat $(DECLARED)); do \
	  grep -qE "\b$$s\b[[:space:]]*[(,;)}]" $(BUILD)/test_modern.code || \
	    { echo "c-tests/test_modern.c, test_query.c, test_whatwg.c, test_psl.c, test_urlpattern.c never call $$s"; exit 1; }; \
	  case $$s in *_buf) ;; *) grep -qw "$$s" CHANGELOG.md || \
	    { echo "CHANGELOG.md does not name $$s"; exit 1; };; esac; \
	done
	@echo "api-coverage: every exported function in test_null.c and fault_injection.c;" \
	  "every declared one in test_modern.c and CHANGELOG.md"

# A C program built against a DESTDIR install with nothing but pkg-config.
STAGE := $(abspath $(BUILD)/stage)
pkgconfig-test: release
	rm -rf $(STAGE)
	$(MAKE) --no-print-directory install DESTDIR=$(STAGE) PREFIX=/usr
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -o $(BUILD)/pc-shared examples/demo.c $$(pkg-config --cflags --libs wwwurl)'
	LD_LIBRARY_PATH=$(STAGE)/usr/lib $(BUILD)/pc-shared > /dev/null
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -o $(BUILD)/pc-static examples/demo.c $$(pkg-config --cflags wwwurl) $(STAGE)/usr/lib/libwwwurl.a -Wl,--as-needed $$(pkg-config --static --libs wwwurl)'
	! readelf -d $(BUILD)/pc-static | grep -q 'NEEDED.*libwwwurl'
	$(BUILD)/pc-static > /dev/null
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -g -Ic-tests -o $(BUILD)/pc-dropin c-tests/test_dropin.c $(HARNESS_SRC) $$(pkg-config --cflags --libs wwwurl)'
	LD_LIBRARY_PATH=$(STAGE)/usr/lib $(BUILD)/pc-dropin $(VECTORS)
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -o $(BUILD)/pc29h-shared examples/demo.c $$(pkg-config --cflags --libs wwwurl-29h)'
	LD_LIBRARY_PATH=$(STAGE)/usr/lib $(BUILD)/pc29h-shared > /dev/null
	readelf -d $(BUILD)/pc29h-shared | grep -q 'NEEDED.*\[libwwwurl-29h.so.$(SOVERSION)\]'
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -g -Ic-tests -o $(BUILD)/pc29h-dropin c-tests/test_dropin.c $(HARNESS_SRC) $$(pkg-config --cflags --libs wwwurl-29h)'
	LD_LIBRARY_PATH=$(STAGE)/usr/lib $(BUILD)/pc29h-dropin $(VECTORS)
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -o $(BUILD)/pc29h-static examples/demo.c $$(pkg-config --cflags wwwurl-29h) $(STAGE)/usr/lib/libwwwurl-29h.a -Wl,--as-needed $$(pkg-config --static --libs wwwurl-29h)'
	! readelf -d $(BUILD)/pc29h-static | grep -q 'NEEDED.*libwwwurl'
	$(BUILD)/pc29h-static > /dev/null
	@# wwwurl_legacy.h for one record with the other library: a link error
	@# that names the layout, never a program that reads the wrong offsets.
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '! $(CC) $(C_STD) $(WARN) -o $(BUILD)/pc-mismatch examples/demo.c $$(pkg-config --cflags wwwurl-29h) $$(pkg-config --libs wwwurl) 2> $(BUILD)/pc-mismatch.err'
	grep -q 'undefined reference to .wwwurl_legacy_layout_29h' $(BUILD)/pc-mismatch.err
	PKG_CONFIG_PATH=$(STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(STAGE) \
	  sh -c '! $(CC) $(C_STD) $(WARN) -o $(BUILD)/pc-mismatch examples/demo.c $$(pkg-config --cflags wwwurl) $$(pkg-config --libs wwwurl-29h) 2> $(BUILD)/pc-mismatch.err'
	grep -q 'undefined reference to .wwwurl_legacy_layout_29.$$' $(BUILD)/pc-mismatch.err || \
	  grep -q "undefined reference to .wwwurl_legacy_layout_29'" $(BUILD)/pc-mismatch.err
	@echo "pkg-config: wwwurl and wwwurl-29h programs, shared and static, from a DESTDIR install; mismatches fail to link"

# The install targets: they run without cargo (CARGO=false), refuse to run
# before `make`, honour LIBDIR, strip, and uninstall leaves nothing behind.
INSTALL_STAGE := $(abspath $(BUILD)/install-stage)
install-test: release
	rm -rf $(INSTALL_STAGE)
	$(MAKE) --no-print-directory -s install CARGO=false DESTDIR=$(INSTALL_STAGE) PREFIX=/usr \
	  LIBDIR=/usr/lib/x86_64-linux-gnu > /dev/null
	grep -q '^libdir=/usr/lib/x86_64-linux-gnu$$' $(INSTALL_STAGE)/usr/lib/x86_64-linux-gnu/pkgconfig/wwwurl.pc
	test -f $(INSTALL_STAGE)/usr/lib/x86_64-linux-gnu/cmake/wwwurl/wwwurl-config.cmake
	test -f $(INSTALL_STAGE)/usr/share/man/man3/SplitURL.3
	test -f $(INSTALL_STAGE)/usr/share/man/man3/wwwurl_parse.3
	cmp $(MAN1) $(INSTALL_STAGE)/usr/share/man/man1/wwwurl.1
	grep -q wwwurl $(INSTALL_STAGE)/usr/share/bash-completion/completions/wwwurl
	$(MAKE) --no-print-directory -s uninstall CARGO=false DESTDIR=$(INSTALL_STAGE) PREFIX=/usr \
	  LIBDIR=/usr/lib/x86_64-linux-gnu > /dev/null
	test -z "$$(find $(INSTALL_STAGE) -type f -o -type l)" || \
	  { echo "uninstall left:"; find $(INSTALL_STAGE) -type f -o -type l; exit 1; }
	$(MAKE) --no-print-directory -s install-strip CARGO=false DESTDIR=$(INSTALL_STAGE) PREFIX=/usr > /dev/null
	! readelf -S $(INSTALL_STAGE)/usr/lib/libwwwurl.so.$(VERSION) | grep -q debug_info
	nm -D $(INSTALL_STAGE)/usr/lib/libwwwurl.so.$(VERSION) | grep -q ' T SplitURL'
	nm $(INSTALL_STAGE)/usr/lib/libwwwurl-29h.a 2>/dev/null | grep -q ' T FixHTMLLinkURL'
	! $(MAKE) --no-print-directory -s install-check CARGO=false LIB_A=$(BUILD)/none.a 2> $(BUILD)/install-check.err
	grep -q "run 'make' first" $(BUILD)/install-check.err
	@echo "install: without cargo, LIBDIR, install-strip, uninstall, refusal before make"

# A CMake project finds the DESTDIR install of pkgconfig-test by
# find_package(wwwurl CONFIG) and links each of the four targets.
cmake-test: pkgconfig-test
	rm -rf $(BUILD)/cmake-test
	cmake -S c-tests/cmake -B $(BUILD)/cmake-test -DCMAKE_PREFIX_PATH=$(STAGE)/usr \
	  -DDEMO_SOURCE=$(abspath examples/demo.c) > $(BUILD)/cmake-test.log
	cmake --build $(BUILD)/cmake-test >> $(BUILD)/cmake-test.log
	for t in wwwurl wwwurl-29h; do \
	  LD_LIBRARY_PATH=$(STAGE)/usr/lib $(BUILD)/cmake-test/demo-$$t > /dev/null || exit 1; \
	  readelf -d $(BUILD)/cmake-test/demo-$$t | grep -q "NEEDED.*\[lib$$t.so.$(SOVERSION)\]" || exit 1; \
	  $(BUILD)/cmake-test/demo-$${t}_static > /dev/null || exit 1; \
	  ! readelf -d $(BUILD)/cmake-test/demo-$${t}_static | grep -q 'NEEDED.*libwwwurl' || exit 1; done
	@echo "cmake: find_package(wwwurl CONFIG) and wwwurl::wwwurl, wwwurl::wwwurl-29h, static and shared"

# ---- demo and benchmarks ----------------------------------------------------

DEMO_STAGE := $(abspath $(BUILD)/demo-stage)
demo: release
	rm -rf $(DEMO_STAGE)
	$(MAKE) --no-print-directory install DESTDIR=$(DEMO_STAGE) PREFIX=/usr
	PKG_CONFIG_PATH=$(DEMO_STAGE)/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(DEMO_STAGE) \
	  sh -c '$(CC) $(C_STD) $(WARN) -o $(BUILD)/demo examples/demo.c $$(pkg-config --cflags --libs wwwurl)'
	LD_LIBRARY_PATH=$(DEMO_STAGE)/usr/lib $(BUILD)/demo
	@echo
	@echo '$$ wwwurl canon "HTTP://WWW.Example.COM:80/a/./b/../c?x=%41&amp;y=1"'
	@$(DEMO_STAGE)/usr/bin/wwwurl canon 'HTTP://WWW.Example.COM:80/a/./b/../c?x=%41&amp;y=1'
	@echo '$$ wwwurl cachefile http://www.example.com/index.html'
	@$(DEMO_STAGE)/usr/bin/wwwurl cachefile http://www.example.com/index.html

include bench/bench.mk

# ---- install ----------------------------------------------------------------
#
# `make` builds; `make install` only copies what `make` built (it never runs
# cargo, so `sudo make install` works where root has no Rust toolchain).
# Directories follow the GNU conventions and DESTDIR stages the install.

LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
BINDIR       ?= $(PREFIX)/bin
MANDIR       ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/wwwurl

D_LIB := $(DESTDIR)$(LIBDIR)
D_INC := $(DESTDIR)$(INCLUDEDIR)
D_BIN := $(DESTDIR)$(BINDIR)
D_MAN := $(DESTDIR)$(MANDIR)
D_PC  := $(DESTDIR)$(PKGCONFIGDIR)
D_CM  := $(DESTDIR)$(CMAKEDIR)
# Shell completions, where bash-completion, zsh and fish look for them.
D_BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
D_ZSH  := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
D_FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

INSTALLED_FILES := $(LIB_SO) $(LIB_A) $(LIB29H_SO) $(LIB29H_A) \
	$(TOOL) $(MAN3_DIR)/SplitURL.3 $(COMPLETIONS) $(MAN1)
CMAKE_SED = sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' \
	-e "s|@REL_LIBDIR@|$$(realpath -m --relative-to=$(CMAKEDIR) $(LIBDIR))|g" \
	-e "s|@REL_INCLUDEDIR@|$$(realpath -m --relative-to=$(CMAKEDIR) $(INCLUDEDIR))|g" \
	-e 's|@STATIC_DEPS_CMAKE@|$(patsubst -l%,%,$(STATIC_DEPS))|g'

install-check:
	@for f in $(INSTALLED_FILES); do test -e $$f || { \
	  echo "make install: $$f is missing: run 'make' first (as the user who builds)" >&2; exit 1; }; done

install: install-check
	install -d $(D_LIB) $(D_INC) $(D_BIN) $(D_PC) $(D_CM) $(D_MAN)/man1 $(D_MAN)/man3
	install -m 0755 $(LIB_SO) $(D_LIB)/libwwwurl.so.$(VERSION)
	ln -sf libwwwurl.so.$(VERSION) $(D_LIB)/libwwwurl.so.$(SOVERSION)
	ln -sf libwwwurl.so.$(SOVERSION) $(D_LIB)/libwwwurl.so
	install -m 0644 $(LIB_A) $(D_LIB)/libwwwurl.a
	install -m 0755 $(LIB29H_SO) $(D_LIB)/libwwwurl-29h.so.$(VERSION)
	ln -sf libwwwurl-29h.so.$(VERSION) $(D_LIB)/libwwwurl-29h.so.$(SOVERSION)
	ln -sf libwwwurl-29h.so.$(SOVERSION) $(D_LIB)/libwwwurl-29h.so
	install -m 0644 $(LIB29H_A) $(D_LIB)/libwwwurl-29h.a
	install -m 0644 include/wwwurl.h include/wwwurl_legacy.h $(D_INC)/
	$(PC_SED) pkgconfig/wwwurl.pc.in > $(D_PC)/wwwurl.pc
	$(PC_SED) pkgconfig/wwwurl-29h.pc.in > $(D_PC)/wwwurl-29h.pc
	$(CMAKE_SED) cmake/wwwurl-config.cmake.in > $(D_CM)/wwwurl-config.cmake
	$(CMAKE_SED) cmake/wwwurl-config-version.cmake.in > $(D_CM)/wwwurl-config-version.cmake
	install -m 0755 $(TOOL) $(D_BIN)/wwwurl
	install -m 0644 $(MAN1) $(D_MAN)/man1/wwwurl.1
	install -m 0644 $(MAN3_DIR)/*.3 $(D_MAN)/man3/
	install -d $(D_BASH) $(D_ZSH) $(D_FISH)
	install -m 0644 $(BUILD)/completions/wwwurl $(D_BASH)/wwwurl
	install -m 0644 $(BUILD)/completions/_wwwurl $(D_ZSH)/_wwwurl
	install -m 0644 $(BUILD)/completions/wwwurl.fish $(D_FISH)/wwwurl.fish

# The same, without debugging information (5 MB of the shared library is
# debug info); the archives keep their symbols.
install-strip: install
	strip --strip-unneeded $(D_LIB)/libwwwurl.so.$(VERSION) $(D_LIB)/libwwwurl-29h.so.$(VERSION) \
	  $(D_BIN)/wwwurl
	strip --strip-debug $(D_LIB)/libwwwurl.a $(D_LIB)/libwwwurl-29h.a

uninstall:
	rm -f $(D_LIB)/libwwwurl.so.$(VERSION) $(D_LIB)/libwwwurl.so.$(SOVERSION) \
	  $(D_LIB)/libwwwurl.so $(D_LIB)/libwwwurl.a \
	  $(D_LIB)/libwwwurl-29h.so.$(VERSION) $(D_LIB)/libwwwurl-29h.so.$(SOVERSION) \
	  $(D_LIB)/libwwwurl-29h.so $(D_LIB)/libwwwurl-29h.a $(D_INC)/wwwurl.h \
	  $(D_INC)/wwwurl_legacy.h $(D_PC)/wwwurl.pc $(D_PC)/wwwurl-29h.pc \
	  $(D_CM)/wwwurl-config.cmake $(D_CM)/wwwurl-config-version.cmake \
	  $(D_BIN)/wwwurl $(D_MAN)/man1/wwwurl.1 \
	  $(D_BASH)/wwwurl $(D_ZSH)/_wwwurl $(D_FISH)/wwwurl.fish
	for f in $(notdir $(wildcard $(MAN3_DIR)/*.3)); do rm -f $(D_MAN)/man3/$$f; done
	-rmdir $(D_CM) 2>/dev/null

clean:
	$(CARGO) clean
	rm -rf $(BUILD)

FORCE:

# ---- differential tests ------------------------------------------------------

# The RFC 3986 tools against uriparser (Debian liburiparser-dev).
include c-tests/diff.mk

# ---- WWWOFFLE emulation ------------------------------------------------------

# Programs that declare the historical record and prototypes themselves, as
# WWWOFFLE 2.9 and 2.9h do, built from the pkgconfig-test install.
EMU_STAGE := $(STAGE)
include c-tests/emulate/emulate.mk
emulate-test: pkgconfig-test

# ---- hostile input and fuzzing -------------------------------------------

$(OUT)/hostile-asan: fuzz/hostile.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -o $@ $< $(LIB_A) $(STATIC_DEPS)

$(OUT)/hostile-shared: fuzz/hostile.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_SO)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -L$(LIB_DIR) -Wl,-rpath,$(abspath $(LIB_DIR)) -lwwwurl -lpthread

# Every byte in every component, 1 MiB and 8 MiB inputs, the documented
# results of SECURITY.md: with ASan+UBSan, then under valgrind (1 MiB only).
hostile-test: $(OUT)/hostile-asan $(OUT)/hostile-shared
	ulimit -s 8192 && $(OUT)/hostile-asan
	WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) $(OUT)/hostile-shared

# libFuzzer targets (clang); FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
fuzz: lib
	sh fuzz/run.sh $(FUZZ_SECONDS)
