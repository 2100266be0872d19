# Benchmarks and the linear-time test; included by the top-level Makefile
# (after the definitions of CC, CARGO, LIB_A, BUILD, C_STD, WARN, STATIC_DEPS).
#
#   make bench        bench/bench.c (with libcurl and uriparser as peers when
#                     pkg-config finds them), benches/core.rs (with ada and
#                     rust-url as the WHATWG parser's peers), the tool
#                     (bench/cli.sh) and every canonicalisation profile
#                     through the tool (bench/profiles.sh, with the Python
#                     packages surt, w3lib and gglsbl beside), each on both
#                     corpora
#   make bench-callgrind   instructions per URL and per input byte under
#                     valgrind's callgrind, for bench/bench.c and
#                     benches/core.rs on both corpora (with the WHATWG
#                     parsers' ratios to ada), then the per-byte table
#                     (output in build/callgrind*)
#   make bench-perbyte     only the per-byte table: instructions per input
#                     byte of URLDecodeGeneric, URLEncodePath, SplitURL (the
#                     pattern in the path, and in the host), CanonicaliseName
#                     and URLDecodeFormArgs on 1 MiB of one repeated pattern
#                     (bench/perbyte.c, bench/perbyte.sh), with the targets;
#                     cells over target are marked, never a failure
#   make bench-corpus the escape-heavy corpus, $(BUILD)/escapes.txt
#   make bench-corpus-test  the generator's output has the expected checksum
#                     (part of make check)
#   make linear-test  1 MiB / 64 KiB time ratios of every string function
#                     (query functions on queries of many parameters too)
#   make memory-test  peak heap bytes per input byte of every string function,
#                     against the bounds of SECURITY.md's table
#
# The corpora, one URL a line:
#   CORPUS      real URLs; default tests/corpus/kasztp.txt (in the repository,
#               MIT, licence beside it)
#   FILE_CORPUS `file:` URLs and Node module specifiers, for the WHATWG rows;
#               default tests/corpus/file-urls.txt (tools/file-corpus.py)
#   ESC_CORPUS  escape-heavy, valid but non-canonical URLs; default
#               $(BUILD)/escapes.txt, made by bench/gen_escapes.c (fixed seed,
#               ESC_COUNT URLs, default 20000; the same bytes on every machine)
# BENCH_ARGS go to bench/bench.c (--rounds N --min-time S --only NAME,...),
# RUST_BENCH_ARGS to benches/core.rs (--rounds N --min-time S),
# CALLGRIND_COUNT (default 2000) is the number of URLs of each corpus that
# bench-callgrind measures, PERBYTE_SIZE (default 1048576) the per-byte
# table's input length.

PKG_CONFIG ?= pkg-config
CORPUS     ?= tests/corpus/kasztp.txt
FILE_CORPUS ?= tests/corpus/file-urls.txt
WHATWG_ROWS := whatwg whatwg_parts whatwg_into ada_href ada_parts
ESC_COUNT  ?= 20000
ESC_CORPUS ?= $(BUILD)/escapes.txt
BENCH_ARGS ?=
RUST_BENCH_ARGS ?=
CALLGRIND_COUNT ?= 2000
PERBYTE_SIZE ?= 1048576
# cksum of `gen_escapes 20000` (the default corpus): bench-corpus-test.
ESC_CKSUM  := 450501315-6173898

BENCH_CFLAGS := $(C_STD) -Wall -Wextra -O2 -g -Iinclude
BENCH_CURL   := $(shell $(PKG_CONFIG) --exists libcurl 2>/dev/null && echo yes)
BENCH_URIP   := $(shell $(PKG_CONFIG) --exists liburiparser 2>/dev/null && echo yes)
BENCH_PEER_CFLAGS := $(if $(BENCH_CURL),-DHAVE_CURL $(shell $(PKG_CONFIG) --cflags libcurl)) \
	$(if $(BENCH_URIP),-DHAVE_URIPARSER $(shell $(PKG_CONFIG) --cflags liburiparser))
BENCH_PEER_LIBS := $(if $(BENCH_CURL),$(shell $(PKG_CONFIG) --libs libcurl)) \
	$(if $(BENCH_URIP),$(shell $(PKG_CONFIG) --libs liburiparser))
BENCH_CG_CFLAGS := $(shell printf '\#include <valgrind/callgrind.h>\n' | \
	$(CC) -E -x c - >/dev/null 2>&1 && echo -DHAVE_CALLGRIND_H)

.PHONY: bench bench-c bench-rust bench-cli bench-callgrind bench-perbyte bench-corpus \
	bench-corpus-test linear-test memory-test

# ada's C API, the WHATWG rows' peer in the same binary: the static library
# that the ada-url crate (a dev-dependency, benches/core.rs) builds from
# ada's C++ at -O3, in this profile's target directory.
$(OUT)/bench: bench/bench.c bench/measure.h bench/profile_list.h include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(@D)
	$(CARGO) build --locked --profile $(PROFILE) --bench core
	ada=$$(ls -t $(TARGET_DIR)/build/ada-url-*/out/libada.a | head -n 1); \
	  test -n "$$ada" || { echo "bench: no libada.a under $(TARGET_DIR)/build"; exit 1; }; \
	  $(CC) $(BENCH_CFLAGS) -DHAVE_ADA $(BENCH_PEER_CFLAGS) $(BENCH_CG_CFLAGS) -o $@ bench/bench.c \
	  $(LIB_A) $$ada -lstdc++ $(BENCH_PEER_LIBS) $(STATIC_DEPS)

$(OUT)/perbyte: bench/perbyte.c bench/measure.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BENCH_CG_CFLAGS) -o $@ bench/perbyte.c $(LIB_A) $(STATIC_DEPS)

# The generator needs nothing but a C99 compiler (no library).
$(BUILD)/gen_escapes: bench/gen_escapes.c
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(WARN) -O2 -o $@ bench/gen_escapes.c

# Made again on every run (a few milliseconds), so that it follows ESC_COUNT;
# replaced only when it changes.
$(BUILD)/escapes.txt: $(BUILD)/gen_escapes FORCE
	@$(BUILD)/gen_escapes $(ESC_COUNT) > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; echo "gen_escapes $(ESC_COUNT) > $@"; fi

bench-corpus: $(ESC_CORPUS)
	@$(BUILD)/gen_escapes --stats $(ESC_COUNT)

# The generator is deterministic: the same bytes on every machine and run.
bench-corpus-test: $(BUILD)/gen_escapes
	@sum=$$($(BUILD)/gen_escapes 20000 | cksum | awk '{ print $$1 "-" $$2 }'); \
	  test "$$sum" = "$(ESC_CKSUM)" || { echo "bench/gen_escapes.c: output cksum $$sum," \
	    "expected $(ESC_CKSUM) (a changed generator: update ESC_CKSUM in bench/bench.mk" \
	    "and the escape-corpus figures of BENCHMARKS.md)"; exit 1; }
	@echo "bench corpus: gen_escapes output as expected ($(ESC_CKSUM))"

$(OUT)/linear: bench/linear.c bench/profile_list.h include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -o $@ bench/linear.c $(LIB_A) $(STATIC_DEPS)

# One recipe, so that they never run at the same time under make -j.
bench: $(OUT)/bench $(TOOL) $(ESC_CORPUS)
	@echo "== C ABI (bench/bench.c), real URLs: $(CORPUS)"
	$(OUT)/bench $(BENCH_ARGS) $(CORPUS)
	@echo "== C ABI (bench/bench.c), escape-heavy URLs: $(ESC_CORPUS)"
	$(OUT)/bench $(BENCH_ARGS) $(ESC_CORPUS)
	@echo "== Rust core (benches/core.rs), real URLs: $(CORPUS)"
	WWWURL_CORPUS=$(abspath $(CORPUS)) $(CARGO) bench --locked --bench core -- $(RUST_BENCH_ARGS)
	@echo "== Rust core (benches/core.rs), escape-heavy URLs: $(ESC_CORPUS)"
	WWWURL_CORPUS=$(abspath $(ESC_CORPUS)) $(CARGO) bench --locked --bench core -- $(RUST_BENCH_ARGS)
	@echo "== wwwurl canon (bench/cli.sh), real URLs: $(CORPUS)"
	sh bench/cli.sh $(TOOL) $(CORPUS)
	@echo "== wwwurl canon (bench/cli.sh), escape-heavy URLs: $(ESC_CORPUS)"
	sh bench/cli.sh $(TOOL) $(ESC_CORPUS)
	@echo "== canonicalisation profiles (bench/profiles.sh), real and escape-heavy URLs"
	PYTHON=$(PYTHON) sh bench/profiles.sh $(TOOL) $(CORPUS) $(ESC_CORPUS)

bench-cli: $(TOOL) $(ESC_CORPUS)
	@echo "== wwwurl canon (bench/cli.sh), real URLs: $(CORPUS)"
	sh bench/cli.sh $(TOOL) $(CORPUS)
	@echo "== wwwurl canon (bench/cli.sh), escape-heavy URLs: $(ESC_CORPUS)"
	sh bench/cli.sh $(TOOL) $(ESC_CORPUS)

bench-c: $(OUT)/bench $(ESC_CORPUS)
	@echo "== C ABI (bench/bench.c), real URLs: $(CORPUS)"
	$(OUT)/bench $(BENCH_ARGS) $(CORPUS)
	@echo "== C ABI (bench/bench.c), escape-heavy URLs: $(ESC_CORPUS)"
	$(OUT)/bench $(BENCH_ARGS) $(ESC_CORPUS)

bench-rust: $(ESC_CORPUS)
	@echo "== Rust core (benches/core.rs), real URLs: $(CORPUS)"
	WWWURL_CORPUS=$(abspath $(CORPUS)) $(CARGO) bench --locked --bench core -- $(RUST_BENCH_ARGS)
	@echo "== Rust core (benches/core.rs), escape-heavy URLs: $(ESC_CORPUS)"
	WWWURL_CORPUS=$(abspath $(ESC_CORPUS)) $(CARGO) bench --locked --bench core -- $(RUST_BENCH_ARGS)

bench-callgrind: $(OUT)/bench $(OUT)/perbyte $(ESC_CORPUS)
	@echo "== C ABI (bench/bench.c), real URLs"
	CALLGRIND_DIR=$(BUILD)/callgrind sh bench/callgrind.sh $(OUT)/bench $(CORPUS) $(CALLGRIND_COUNT)
	@echo "== C ABI (bench/bench.c), escape-heavy URLs"
	CALLGRIND_DIR=$(BUILD)/callgrind-escapes sh bench/callgrind.sh $(OUT)/bench $(ESC_CORPUS) $(CALLGRIND_COUNT)
	@echo "== C ABI (bench/bench.c), file: URLs, the WHATWG rows"
	CALLGRIND_DIR=$(BUILD)/callgrind-file sh bench/callgrind.sh $(OUT)/bench $(FILE_CORPUS) \
	  $(CALLGRIND_COUNT) $(WHATWG_ROWS)
	@exe=$$($(CARGO) bench --locked --bench core --no-run 2>&1 | \
	  sed -n 's/.*Executable .*(\(.*\)).*/\1/p'); \
	  test -n "$$exe" || { echo "bench-callgrind: no benches/core.rs executable"; exit 1; }; \
	  echo "== Rust core (benches/core.rs), real URLs"; \
	  CALLGRIND_DIR=$(BUILD)/callgrind-rust sh bench/callgrind.sh $$exe $(CORPUS) $(CALLGRIND_COUNT) && \
	  echo "== Rust core (benches/core.rs), escape-heavy URLs" && \
	  CALLGRIND_DIR=$(BUILD)/callgrind-rust-escapes sh bench/callgrind.sh $$exe $(ESC_CORPUS) $(CALLGRIND_COUNT)
	@echo "== per byte (bench/perbyte.c), one pattern repeated to $(PERBYTE_SIZE) bytes"
	CALLGRIND_DIR=$(BUILD)/callgrind-perbyte sh bench/perbyte.sh $(OUT)/perbyte $(PERBYTE_SIZE)

bench-perbyte: $(OUT)/perbyte
	CALLGRIND_DIR=$(BUILD)/callgrind-perbyte sh bench/perbyte.sh $(OUT)/perbyte $(PERBYTE_SIZE)

# FixHTMLLinkURL is only in the 2.9h library.
$(OUT)/linear-29h: bench/linear.c bench/profile_list.h include/wwwurl.h include/wwwurl_legacy.h $(LIB29H_A)
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -DWWWURL_LEGACY_29H -o $@ bench/linear.c $(LIB29H_A) $(STATIC_DEPS)

linear-test: $(OUT)/linear $(OUT)/linear-29h
	$(OUT)/linear
	$(OUT)/linear-29h FixHTMLLinkURL

# bench/memory.c defines malloc and free to count the bytes live: linked
# with the static library, whose allocator then goes through them. The
# bounds come from SECURITY.md (the table between <!-- memory-table -->
# lines), which is a prerequisite so that a changed bound is tested.
$(OUT)/memory: bench/memory.c bench/profile_list.h include/wwwurl.h include/wwwurl_legacy.h $(LIB_A) \
	$(MEMORY_ROWS)
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -I$(dir $(MEMORY_ROWS)) -o $@ bench/memory.c $(LIB_A) $(STATIC_DEPS)

$(OUT)/memory-29h: bench/memory.c bench/profile_list.h include/wwwurl.h include/wwwurl_legacy.h $(LIB29H_A) \
	$(MEMORY_ROWS)
	@mkdir -p $(@D)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -I$(dir $(MEMORY_ROWS)) -DWWWURL_LEGACY_29H -o $@ bench/memory.c $(LIB29H_A) \
	  $(STATIC_DEPS)

memory-test: $(OUT)/memory $(OUT)/memory-29h SECURITY.md
	$(OUT)/memory SECURITY.md
	$(OUT)/memory-29h SECURITY.md FixHTMLLinkURL
