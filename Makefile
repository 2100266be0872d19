# wwwurl: build, test, install. `make demo` and `make check` are the two
# commands of the README. Honours CC, CARGO, PREFIX, DESTDIR.

CARGO   ?= cargo
CC      ?= cc
CXX     ?= c++
PREFIX  ?= /usr/local
DESTDIR ?=
VALGRIND ?= valgrind

VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
SOVERSION := 0

TARGET_DIR := target/release
LIB_A    := $(TARGET_DIR)/libwwwurl.a
LIB_SO   := $(TARGET_DIR)/libwwwurl.so
TOOL     := $(TARGET_DIR)/wwwurl
GEN_INC  := $(TARGET_DIR)/include
BUILD    := build
PC_FILE  := $(BUILD)/wwwurl.pc
# What the Rust standard library needs when linked statically into C.
STATIC_DEPS := -lpthread -ldl -lm -lrt -lutil -lgcc_s

WARN     := -Wall -Wextra -Werror -Wno-unused-parameter
C_STD    := -std=c99 -D_POSIX_C_SOURCE=200809L
TEST_CFLAGS := $(C_STD) $(WARN) -g -O1 -Iinclude -Ic-tests
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND_FLAGS := --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --quiet
VECTORS  := tests/vectors

C_TEST_SRCS  := $(wildcard c-tests/test_*.c)
C_TEST_NAMES := $(patsubst c-tests/%.c,%,$(C_TEST_SRCS))
HARNESS_SRC  := c-tests/harness.c
HARNESS_DEPS := $(HARNESS_SRC) c-tests/harness.h include/wwwurl.h include/wwwurl_legacy.h

.PHONY: all lib header check-header check test rust-test lint c-tests c-tests-shared \
	c-tests-static c-tests-asan c-tests-valgrind c-tests-helgrind header-compile symbols pkgconfig-test \
	demo bench install uninstall clean hostile-test fault-test fuzz FORCE

all: lib $(PC_FILE)

lib: $(LIB_A)

$(LIB_A) $(LIB_SO) $(TOOL): FORCE
	$(CARGO) build --release --locked
	@ln -sf libwwwurl.so $(TARGET_DIR)/libwwwurl.so.$(SOVERSION)

# ---- headers ------------------------------------------------------------

header: lib
	cp $(GEN_INC)/wwwurl.h $(GEN_INC)/wwwurl_legacy.h include/

check-header: lib
	@for h in wwwurl.h wwwurl_legacy.h; do \
	  cmp -s $(GEN_INC)/$$h include/$$h || { \
	    echo "include/$$h is stale: run 'make header' and commit it"; \
	    diff -u include/$$h $(GEN_INC)/$$h | head -40; exit 1; }; \
	done
	@echo "headers: up to date"

# Both headers compile cleanly as C99 and C++11.
header-compile: lib
	@mkdir -p $(BUILD)
	printf '#include "wwwurl.h"\n#include "wwwurl_legacy.h"\nint main(void) { return 0; }\n' > $(BUILD)/hdr.c
	cp $(BUILD)/hdr.c $(BUILD)/hdr.cpp
	$(CC) -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude -c $(BUILD)/hdr.c -o $(BUILD)/hdr-c.o
	$(CXX) -std=c++11 -Wall -Wextra -pedantic -Werror -Iinclude -c $(BUILD)/hdr.cpp -o $(BUILD)/hdr-cpp.o
	@echo "headers: compile as C99 and C++11"

# ---- pkg-config -----------------------------------------------------------

# Made again on every run, since it records PREFIX.
PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@STATIC_DEPS@|$(STATIC_DEPS)|g' pkgconfig/wwwurl.pc.in

$(PC_FILE): FORCE
	@mkdir -p $(BUILD)
	$(PC_SED) > $@

# ---- tests ----------------------------------------------------------------

check: lint rust-test check-header header-compile c-tests fault-test symbols pkgconfig-test \
	linear-test hostile-test
	@echo "make check: all passed"

test: rust-test c-tests

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --locked --all-targets -- -D warnings
	$(CARGO) clippy --locked --lib --features fault-injection --target-dir $(BUILD)/fault -- -D warnings

rust-test:
	$(CARGO) test --locked --release

$(BUILD)/c/%-shared: c-tests/%.c $(HARNESS_DEPS) $(LIB_SO)
	@mkdir -p $(BUILD)/c
	$(CC) $(TEST_CFLAGS) -o $@ $< $(HARNESS_SRC) -L$(TARGET_DIR) \
	  -Wl,-rpath,$(abspath $(TARGET_DIR)) -lwwwurl -lpthread

$(BUILD)/c/%-static: c-tests/%.c $(HARNESS_DEPS) $(LIB_A)
	@mkdir -p $(BUILD)/c
	$(CC) $(TEST_CFLAGS) -o $@ $< $(HARNESS_SRC) $(LIB_A) $(STATIC_DEPS)

$(BUILD)/c/%-asan: c-tests/%.c $(HARNESS_DEPS) $(LIB_A)
	@mkdir -p $(BUILD)/c
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -o $@ $< $(HARNESS_SRC) $(LIB_A) $(STATIC_DEPS)

c-tests: c-tests-shared c-tests-static c-tests-asan c-tests-valgrind c-tests-helgrind

c-tests-shared: $(C_TEST_NAMES:%=$(BUILD)/c/%-shared)
	@for t in $(C_TEST_NAMES); do echo "== $$t (shared)"; \
	  $(BUILD)/c/$$t-shared $(VECTORS) || exit 1; done

c-tests-static: $(C_TEST_NAMES:%=$(BUILD)/c/%-static)
	@for t in $(C_TEST_NAMES); do echo "== $$t (static)"; \
	  $(BUILD)/c/$$t-static $(VECTORS) || exit 1; done

c-tests-asan: $(C_TEST_NAMES:%=$(BUILD)/c/%-asan)
	@for t in $(C_TEST_NAMES); do echo "== $$t (asan+ubsan)"; \
	  ASAN_OPTIONS=detect_leaks=1 $(BUILD)/c/$$t-asan $(VECTORS) || exit 1; done

c-tests-valgrind: $(C_TEST_NAMES:%=$(BUILD)/c/%-shared)
	@for t in $(C_TEST_NAMES); do echo "== $$t (valgrind)"; \
	  WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) $(BUILD)/c/$$t-shared $(VECTORS) || exit 1; done

# Allocation failures and panics on demand (c-tests/fault_injection.c), against
# a copy of the library built with the test-only cargo feature fault-injection.
FAULT_LIB := $(BUILD)/fault/release/libwwwurl.a

$(FAULT_LIB): FORCE
	$(CARGO) build --release --locked --lib --features fault-injection --target-dir $(BUILD)/fault

$(BUILD)/c/fault_injection-static: c-tests/fault_injection.c $(HARNESS_DEPS) $(FAULT_LIB)
	@mkdir -p $(BUILD)/c
	$(CC) $(TEST_CFLAGS) -o $@ $< $(HARNESS_SRC) $(FAULT_LIB) $(STATIC_DEPS)

$(BUILD)/c/fault_injection-asan: c-tests/fault_injection.c $(HARNESS_DEPS) $(FAULT_LIB)
	@mkdir -p $(BUILD)/c
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -o $@ $< $(HARNESS_SRC) $(FAULT_LIB) $(STATIC_DEPS)

fault-test: $(BUILD)/c/fault_injection-static $(BUILD)/c/fault_injection-asan
	@echo "== fault_injection (asan+ubsan)"
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/c/fault_injection-asan $(VECTORS)
	@echo "== fault_injection (valgrind)"
	$(VALGRIND) $(VALGRIND_FLAGS) $(BUILD)/c/fault_injection-static $(VECTORS)

# The thread test under valgrind's race detector: the configuration setters
# race with every function, and helgrind must see no data race.
HELGRIND_FLAGS := --tool=helgrind --error-exitcode=99 --quiet

c-tests-helgrind: $(BUILD)/c/test_threads-shared
	@echo "== test_threads (helgrind)"
	WWWURL_TEST_QUICK=1 $(VALGRIND) $(HELGRIND_FLAGS) $(BUILD)/c/test_threads-shared $(VECTORS)

# The shared library exports exactly the documented symbols.
symbols: $(LIB_SO)
	@nm -D --defined-only $(LIB_SO) | awk '$$2 ~ /^[TDBRVW]$$/ {print $$3}' | sed 's/@.*//' | sort -u > $(BUILD)/symbols.txt
	@sort -u c-tests/exported-symbols.txt | diff -u - $(BUILD)/symbols.txt \
	  || { echo "exported symbols differ from c-tests/exported-symbols.txt"; exit 1; }
	@echo "symbols: $$(wc -l < $(BUILD)/symbols.txt) exported, as allowed"
	@readelf -d $(LIB_SO) | grep -q 'SONAME.*libwwwurl.so.$(SOVERSION)' || { echo "bad soname"; exit 1; }

# A C program built against a DESTDIR install with nothing but pkg-config.
STAGE := $(abspath $(BUILD)/stage)
pkgconfig-test: all
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
	@echo "pkg-config: shared and static programs built from a DESTDIR install"

# ---- demo and benchmarks ----------------------------------------------------

DEMO_STAGE := $(abspath $(BUILD)/demo-stage)
demo: all
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

LIBDIR  := $(DESTDIR)$(PREFIX)/lib
INCDIR  := $(DESTDIR)$(PREFIX)/include
BINDIR  := $(DESTDIR)$(PREFIX)/bin
MANDIR  := $(DESTDIR)$(PREFIX)/share/man/man1
PCDIR   := $(LIBDIR)/pkgconfig
# Shell completions, written by the tool itself (`wwwurl completions SHELL`).
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR  := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

install: all
	install -d $(LIBDIR) $(INCDIR) $(BINDIR) $(PCDIR) $(MANDIR)
	install -m 0755 $(LIB_SO) $(LIBDIR)/libwwwurl.so.$(VERSION)
	ln -sf libwwwurl.so.$(VERSION) $(LIBDIR)/libwwwurl.so.$(SOVERSION)
	ln -sf libwwwurl.so.$(SOVERSION) $(LIBDIR)/libwwwurl.so
	install -m 0644 $(LIB_A) $(LIBDIR)/libwwwurl.a
	install -m 0644 include/wwwurl.h include/wwwurl_legacy.h $(INCDIR)/
	$(PC_SED) > $(PCDIR)/wwwurl.pc
	install -m 0755 $(TOOL) $(BINDIR)/wwwurl
	install -m 0644 doc/wwwurl.1 $(MANDIR)/wwwurl.1
	install -d $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	$(TOOL) completions bash > $(BASHDIR)/wwwurl
	$(TOOL) completions zsh > $(ZSHDIR)/_wwwurl
	$(TOOL) completions fish > $(FISHDIR)/wwwurl.fish

uninstall:
	rm -f $(LIBDIR)/libwwwurl.so.$(VERSION) $(LIBDIR)/libwwwurl.so.$(SOVERSION) \
	  $(LIBDIR)/libwwwurl.so $(LIBDIR)/libwwwurl.a $(INCDIR)/wwwurl.h \
	  $(INCDIR)/wwwurl_legacy.h $(PCDIR)/wwwurl.pc $(BINDIR)/wwwurl $(MANDIR)/wwwurl.1 \
	  $(BASHDIR)/wwwurl $(ZSHDIR)/_wwwurl $(FISHDIR)/wwwurl.fish

clean:
	$(CARGO) clean
	rm -rf $(BUILD)

FORCE:

# ---- hostile input and fuzzing -------------------------------------------

$(BUILD)/hostile-asan: fuzz/hostile.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_A)
	@mkdir -p $(BUILD)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -o $@ $< $(LIB_A) $(STATIC_DEPS)

$(BUILD)/hostile-shared: fuzz/hostile.c include/wwwurl.h include/wwwurl_legacy.h $(LIB_SO)
	@mkdir -p $(BUILD)
	$(CC) $(TEST_CFLAGS) -o $@ $< -L$(TARGET_DIR) -Wl,-rpath,$(abspath $(TARGET_DIR)) -lwwwurl -lpthread

# Every byte in every component, 1 MiB and 8 MiB inputs, the documented
# results of SECURITY.md: with ASan+UBSan, then under valgrind (1 MiB only).
hostile-test: $(BUILD)/hostile-asan $(BUILD)/hostile-shared
	ulimit -s 8192 && $(BUILD)/hostile-asan
	WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) $(BUILD)/hostile-shared

# libFuzzer targets (clang); FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
fuzz: lib
	sh fuzz/run.sh $(FUZZ_SECONDS)
