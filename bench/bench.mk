# Benchmarks and the linear-time test; included by the top-level Makefile
# (after the definitions of CC, CARGO, LIB_A, BUILD, C_STD, WARN, STATIC_DEPS).
#
#   make bench        bench/bench.c over the corpus (with libcurl and uriparser
#                     as peers when pkg-config finds them), then benches/core.rs
#   make bench-callgrind   instructions per URL under valgrind's callgrind, for
#                     bench/bench.c and benches/core.rs (output in build/callgrind*)
#   make linear-test  1 MiB / 64 KiB time ratios of every string function
#   make memory-test  peak heap bytes per input byte of every string function,
#                     against the bounds of SECURITY.md's table
#
# CORPUS defaults to shared/ beside the repository, as on CI. BENCH_ARGS go to
# bench/bench.c (--rounds N --min-time S --only NAME,...), RUST_BENCH_ARGS to
# benches/core.rs (--rounds N --min-time S).

PKG_CONFIG ?= pkg-config
CORPUS     ?= ../shared/corpus/kasztp.txt
BENCH_ARGS ?=
RUST_BENCH_ARGS ?=

BENCH_CFLAGS := $(C_STD) -Wall -Wextra -O2 -g -Iinclude
BENCH_CURL   := $(shell $(PKG_CONFIG) --exists libcurl 2>/dev/null && echo yes)
BENCH_URIP   := $(shell $(PKG_CONFIG) --exists liburiparser 2>/dev/null && echo yes)
BENCH_PEER_CFLAGS := $(if $(BENCH_CURL),-DHAVE_CURL $(shell $(PKG_CONFIG) --cflags libcurl)) \
	$(if $(BENCH_URIP),-DHAVE_URIPARSER $(shell $(PKG_CONFIG) --cflags liburiparser))
BENCH_PEER_LIBS := $(if $(BENCH_CURL),$(shell $(PKG_CONFIG) --libs libcurl)) \
	$(if $(BENCH_URIP),$(shell $(PKG_CONFIG) --libs liburiparser))
BENCH_CG_CFLAGS := $(shell printf '\#include <valgrind/callgrind.h>\n' | \
	$(CC) -E -x c - >/dev/null 2>&1 && echo -DHAVE_CALLGRIND_H)

.PHONY: bench bench-c bench-rust bench-cli bench-callgrind linear-test memory-test

$(BUILD)/bench: bench/bench.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(BUILD)
	$(CC) $(BENCH_CFLAGS) $(BENCH_PEER_CFLAGS) $(BENCH_CG_CFLAGS) -o $@ bench/bench.c \
	  $(LIB_A) $(BENCH_PEER_LIBS) $(STATIC_DEPS)

$(BUILD)/linear: bench/linear.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(BUILD)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -o $@ bench/linear.c $(LIB_A) $(STATIC_DEPS)

# One recipe, so that they never run at the same time under make -j.
bench: $(BUILD)/bench $(TOOL)
	$(BUILD)/bench $(BENCH_ARGS) $(CORPUS)
	WWWURL_CORPUS=$(abspath $(CORPUS)) $(CARGO) bench --locked --bench core -- $(RUST_BENCH_ARGS)
	sh bench/cli.sh $(TOOL) $(CORPUS)

bench-cli: $(TOOL)
	sh bench/cli.sh $(TOOL) $(CORPUS)

bench-c: $(BUILD)/bench
	$(BUILD)/bench $(BENCH_ARGS) $(CORPUS)

bench-rust:
	WWWURL_CORPUS=$(abspath $(CORPUS)) $(CARGO) bench --locked --bench core -- $(RUST_BENCH_ARGS)

bench-callgrind: $(BUILD)/bench
	@echo "== C ABI (bench/bench.c)"
	CALLGRIND_DIR=$(BUILD)/callgrind sh bench/callgrind.sh $(BUILD)/bench $(CORPUS)
	@echo "== Rust core (benches/core.rs)"
	@exe=$$($(CARGO) bench --locked --bench core --no-run 2>&1 | \
	  sed -n 's/.*Executable .*(\(.*\)).*/\1/p'); \
	  test -n "$$exe" || { echo "bench-callgrind: no benches/core.rs executable"; exit 1; }; \
	  CALLGRIND_DIR=$(BUILD)/callgrind-rust sh bench/callgrind.sh $$exe $(CORPUS)

# FixHTMLLinkURL is only in the 2.9h library.
$(BUILD)/linear-29h: bench/linear.c include/wwwurl.h include/wwwurl_legacy.h $(LIB29H_A)
	@mkdir -p $(BUILD)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -DWWWURL_LEGACY_29H -o $@ bench/linear.c $(LIB29H_A) $(STATIC_DEPS)

linear-test: $(BUILD)/linear $(BUILD)/linear-29h
	$(BUILD)/linear
	$(BUILD)/linear-29h FixHTMLLinkURL

# bench/memory.c defines malloc and free to count the bytes live: linked
# with the static library, whose allocator then goes through them. The
# bounds come from SECURITY.md (the table between <!-- memory-table -->
# lines), which is a prerequisite so that a changed bound is tested.
$(BUILD)/memory: bench/memory.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(BUILD)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -o $@ bench/memory.c $(LIB_A) $(STATIC_DEPS)

$(BUILD)/memory-29h: bench/memory.c include/wwwurl.h include/wwwurl_legacy.h $(LIB29H_A)
	@mkdir -p $(BUILD)
	$(CC) $(C_STD) $(WARN) -O2 -Iinclude -DWWWURL_LEGACY_29H -o $@ bench/memory.c $(LIB29H_A) \
	  $(STATIC_DEPS)

memory-test: $(BUILD)/memory $(BUILD)/memory-29h SECURITY.md
	$(BUILD)/memory SECURITY.md
	$(BUILD)/memory-29h SECURITY.md FixHTMLLinkURL
