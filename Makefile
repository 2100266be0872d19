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
# The WWWOFFLE 2.9h variant (cargo feature v29h): its own record layout,
# behaviour and library name, libwwwurl-29h (pkg-config wwwurl-29h).
TARGET29H  := target/v29h
LIB29H_DIR := $(TARGET29H)/release
LIB29H_A   := $(LIB29H_DIR)/libwwwurl-29h.a
LIB29H_SO  := $(LIB29H_DIR)/libwwwurl-29h.so
PC29H_FILE := $(BUILD)/wwwurl-29h.pc
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

all: lib $(PC_FILE) $(PC29H_FILE)

lib: $(LIB_A) $(LIB29H_A)

$(LIB_A) $(LIB_SO) $(TOOL): FORCE
	$(CARGO) build --release --locked
	@ln -sf libwwwurl.so $(TARGET_DIR)/libwwwurl.so.$(SOVERSION)

# cargo names both variants libwwwurl; the links give the 2.9h one its name.
$(LIB29H_A) $(LIB29H_SO): FORCE
	$(CARGO) build --release --locked --lib --features v29h --target-dir $(TARGET29H)
	@cd $(LIB29H_DIR) && ln -sf libwwwurl.a libwwwurl-29h.a && \
	  ln -sf libwwwurl.so libwwwurl-29h.so && ln -sf libwwwurl.so libwwwurl-29h.so.$(SOVERSION)

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

# Both headers compile cleanly as C99 and C++11, in both record layouts
# (included twice, as headers may be).
header-compile: lib
	@mkdir -p $(BUILD)
	printf '#include "wwwurl.h"\n#include "wwwurl_legacy.h"\n#include "wwwurl_legacy.h"\nint main(void) { return 0; }\n' > $(BUILD)/hdr.c
	cp $(BUILD)/hdr.c $(BUILD)/hdr.cpp
	$(CC) -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude -c $(BUILD)/hdr.c -o $(BUILD)/hdr-c.o
	$(CXX) -std=c++11 -Wall -Wextra -pedantic -Werror -Iinclude -c $(BUILD)/hdr.cpp -o $(BUILD)/hdr-cpp.o
	$(CC) -std=c99 -Wall -Wextra -pedantic -Werror -DWWWURL_LEGACY_29H -Iinclude -c $(BUILD)/hdr.c -o $(BUILD)/hdr-c29h.o
	$(CXX) -std=c++11 -Wall -Wextra -pedantic -Werror -DWWWURL_LEGACY_29H -Iinclude -c $(BUILD)/hdr.cpp -o $(BUILD)/hdr-cpp29h.o
	@echo "headers: compile as C99 and C++11, 2.9 and 2.9h records"

# ---- pkg-config -----------------------------------------------------------

# Made again on every run, since it records PREFIX.
PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@STATIC_DEPS@|$(STATIC_DEPS)|g'

$(BUILD)/%.pc: pkgconfig/%.pc.in FORCE
	@mkdir -p $(BUILD)
	$(PC_SED) $< > $@

# ---- tests ----------------------------------------------------------------

check: lint rust-test check-header header-compile c-tests c-tests-29h fault-test symbols \
	pkgconfig-test emulate-test linear-test hostile-test
	@echo "make check: all passed"

test: rust-test c-tests

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --locked --all-targets -- -D warnings
	$(CARGO) clippy --locked --lib --features fault-injection,v29h --target-dir $(BUILD)/fault -- -D warnings

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

# The same suites against libwwwurl-29h, compiled for the 2.9h record
# (WWWURL_LEGACY_29H): every suite shared and under ASan, and the ones that
# touch the record under valgrind too.
C_TEST_29H_VALGRIND := test_legacy_url test_dropin test_hooks test_legacy_strings test_null

$(BUILD)/c29h/%-shared: c-tests/%.c $(HARNESS_DEPS) $(LIB29H_SO)
	@mkdir -p $(BUILD)/c29h
	$(CC) $(TEST_CFLAGS) -DWWWURL_LEGACY_29H -o $@ $< $(HARNESS_SRC) -L$(LIB29H_DIR) \
	  -Wl,-rpath,$(abspath $(LIB29H_DIR)) -lwwwurl-29h -lpthread

$(BUILD)/c29h/%-asan: c-tests/%.c $(HARNESS_DEPS) $(LIB29H_A)
	@mkdir -p $(BUILD)/c29h
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -DWWWURL_LEGACY_29H -o $@ $< $(HARNESS_SRC) $(LIB29H_A) \
	  $(STATIC_DEPS)

c-tests-29h: $(C_TEST_NAMES:%=$(BUILD)/c29h/%-shared) $(C_TEST_NAMES:%=$(BUILD)/c29h/%-asan)
	@for t in $(C_TEST_NAMES); do echo "== $$t (2.9h, shared)"; \
	  $(BUILD)/c29h/$$t-shared $(VECTORS) || exit 1; done
	@for t in $(C_TEST_NAMES); do echo "== $$t (2.9h, asan+ubsan)"; \
	  ASAN_OPTIONS=detect_leaks=1 $(BUILD)/c29h/$$t-asan $(VECTORS) || exit 1; done
	@for t in $(C_TEST_29H_VALGRIND); do echo "== $$t (2.9h, valgrind)"; \
	  WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) $(BUILD)/c29h/$$t-shared $(VECTORS) || exit 1; done

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

# The shared libraries export exactly the documented symbols: the list of
# the 2.9 library, and for the 2.9h one the same with its own historical
# function and layout symbol.
SYMS = nm -D --defined-only $(1) | awk '$$2 ~ /^[TDBRVW]$$/ {print $$3}' | sed 's/@.*//' | sort -u
symbols: $(LIB_SO) $(LIB29H_SO)
	@mkdir -p $(BUILD)
	@$(call SYMS,$(LIB_SO)) > $(BUILD)/symbols.txt
	@sort -u c-tests/exported-symbols.txt | diff -u - $(BUILD)/symbols.txt \
	  || { echo "exported symbols differ from c-tests/exported-symbols.txt"; exit 1; }
	@$(call SYMS,$(LIB29H_SO)) > $(BUILD)/symbols-29h.txt
	@sed -e 's/^URLReplaceAmp$$/FixHTMLLinkURL/' -e 's/^wwwurl_legacy_layout_29$$/wwwurl_legacy_layout_29h/' \
	  c-tests/exported-symbols.txt | sort -u | diff -u - $(BUILD)/symbols-29h.txt \
	  || { echo "libwwwurl-29h.so: exported symbols differ"; exit 1; }
	@echo "symbols: $$(wc -l < $(BUILD)/symbols.txt) exported by each library, as allowed"
	@readelf -d $(LIB_SO) | grep -q 'SONAME.*\[libwwwurl.so.$(SOVERSION)\]' || { echo "bad soname"; exit 1; }
	@readelf -d $(LIB29H_SO) | grep -q 'SONAME.*\[libwwwurl-29h.so.$(SOVERSION)\]' \
	  || { echo "bad soname of libwwwurl-29h.so"; exit 1; }

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

install: all
	install -d $(LIBDIR) $(INCDIR) $(BINDIR) $(PCDIR) $(MANDIR)
	install -m 0755 $(LIB_SO) $(LIBDIR)/libwwwurl.so.$(VERSION)
	ln -sf libwwwurl.so.$(VERSION) $(LIBDIR)/libwwwurl.so.$(SOVERSION)
	ln -sf libwwwurl.so.$(SOVERSION) $(LIBDIR)/libwwwurl.so
	install -m 0644 $(LIB_A) $(LIBDIR)/libwwwurl.a
	install -m 0755 $(LIB29H_DIR)/libwwwurl.so $(LIBDIR)/libwwwurl-29h.so.$(VERSION)
	ln -sf libwwwurl-29h.so.$(VERSION) $(LIBDIR)/libwwwurl-29h.so.$(SOVERSION)
	ln -sf libwwwurl-29h.so.$(SOVERSION) $(LIBDIR)/libwwwurl-29h.so
	install -m 0644 $(LIB29H_DIR)/libwwwurl.a $(LIBDIR)/libwwwurl-29h.a
	install -m 0644 include/wwwurl.h include/wwwurl_legacy.h $(INCDIR)/
	$(PC_SED) pkgconfig/wwwurl.pc.in > $(PCDIR)/wwwurl.pc
	$(PC_SED) pkgconfig/wwwurl-29h.pc.in > $(PCDIR)/wwwurl-29h.pc
	install -m 0755 $(TOOL) $(BINDIR)/wwwurl
	install -m 0644 doc/wwwurl.1 $(MANDIR)/wwwurl.1

uninstall:
	rm -f $(LIBDIR)/libwwwurl.so.$(VERSION) $(LIBDIR)/libwwwurl.so.$(SOVERSION) \
	  $(LIBDIR)/libwwwurl.so $(LIBDIR)/libwwwurl.a \
	  $(LIBDIR)/libwwwurl-29h.so.$(VERSION) $(LIBDIR)/libwwwurl-29h.so.$(SOVERSION) \
	  $(LIBDIR)/libwwwurl-29h.so $(LIBDIR)/libwwwurl-29h.a $(INCDIR)/wwwurl.h \
	  $(INCDIR)/wwwurl_legacy.h $(PCDIR)/wwwurl.pc $(PCDIR)/wwwurl-29h.pc \
	  $(BINDIR)/wwwurl $(MANDIR)/wwwurl.1

clean:
	$(CARGO) clean
	rm -rf $(BUILD)

FORCE:

# ---- WWWOFFLE emulation ------------------------------------------------------

# Programs that declare the historical record and prototypes themselves, as
# WWWOFFLE 2.9 and 2.9h do, built from the pkgconfig-test install.
EMU_STAGE := $(STAGE)
include c-tests/emulate/emulate.mk
emulate-test: pkgconfig-test

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
