# The Public Suffix List: the differential test against libpsl, the
# benchmark beside libpsl and the `psl` crate, and the built-in table made
# again from the list; included by the top-level Makefile.
#
#   make diff-libpsl   c-tests/diff_libpsl.c: wwwurl's registrable domain and
#                      public suffix (both sections, and the ICANN one) of
#                      hosts made from every rule and of random hosts of the
#                      list's labels, and of the real corpus's hosts, against
#                      libpsl loading the same list file. Part of make check.
#                      libpsl comes from Debian's libpsl-dev (tools/prereqs.sh
#                      names it); without it the test fails.
#   make bench-psl     bench/psl.c: ns and instructions per lookup of wwwurl
#                      (built-in and loaded list), libpsl (the same list file
#                      loaded, and its own built-in list) and the psl crate
#                      (bench/psl-peer), on the real corpus's hosts and on
#                      hosts made from the list's rules; under callgrind with
#                      PSL_CALLGRIND=1 (CALLGRIND_COUNT hosts of each)
#   make psl-builtin   writes src/psl/builtin.bin, the built-in table, from
#                      data/psl/public_suffix_list.dat (after a new copy of the
#                      list; `cargo test --test core psl::` fails until then),
#                      and after a change of the table's format (the library
#                      does not build with a table of another format but with
#                      WWWURL_PSL_BOOTSTRAP set, which this sets)

PSL_LIST     := data/psl/public_suffix_list.dat
PSL_CFLAGS    = $(shell $(PKG_CONFIG) --cflags libpsl 2>/dev/null)
PSL_LIBS      = $(shell $(PKG_CONFIG) --libs libpsl 2>/dev/null || echo -lpsl)
PSL_PEER_DIR := bench/psl-peer/target/release
PSL_PEER     := $(PSL_PEER_DIR)/libpsl_peer.so
DIFF_LIBPSL  := $(dir $(LIB_DIR))diff/diff_libpsl

.PHONY: diff-libpsl bench-psl psl-builtin libpsl-present

EXTRA_CHECKS += diff-libpsl

# A missing libpsl fails, naming the package.
libpsl-present:
	@$(PKG_CONFIG) --exists libpsl 2>/dev/null || { echo "diff-libpsl: libpsl is missing" \
	  "(Debian package libpsl-dev; tools/prereqs.sh)"; exit 1; }

$(DIFF_LIBPSL): c-tests/diff_libpsl.c include/wwwurl.h $(LIB_SO) | libpsl-present
	@mkdir -p $(dir $@)
	$(CC) $(C_STD) $(WARN) -g -O1 -Iinclude $(PSL_CFLAGS) -o $@ $< -L$(LIB_DIR) \
	  -Wl,-rpath,$(abspath $(LIB_DIR)) -lwwwurl $(PSL_LIBS) -lpthread

diff-libpsl: $(DIFF_LIBPSL) libpsl-present
	$(DIFF_LIBPSL) $(PSL_LIST) tests/corpus/kasztp.txt

$(PSL_PEER): bench/psl-peer/Cargo.toml bench/psl-peer/src/lib.rs
	cd bench/psl-peer && $(CARGO) build --locked --release

$(OUT)/psl-bench: bench/psl.c bench/measure.h include/wwwurl.h $(LIB_A) $(PSL_PEER) | libpsl-present
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BENCH_CG_CFLAGS) $(PSL_CFLAGS) -DHAVE_PSL_CRATE -o $@ bench/psl.c \
	  $(LIB_A) -L$(PSL_PEER_DIR) -Wl,-rpath,$(abspath $(PSL_PEER_DIR)) -lpsl_peer $(PSL_LIBS) \
	  $(STATIC_DEPS)

bench-psl: $(OUT)/psl-bench
	@echo "== Public Suffix List, real hosts: $(CORPUS)"
	$(OUT)/psl-bench $(CORPUS)
	@echo "== Public Suffix List, hosts made from the rules: $(PSL_LIST)"
	$(OUT)/psl-bench $(PSL_LIST)
	@if [ -n "$(PSL_CALLGRIND)" ]; then \
	  echo "== instructions per lookup, real hosts"; \
	  CALLGRIND_DIR=$(BUILD)/callgrind-psl sh bench/callgrind.sh $(OUT)/psl-bench $(CORPUS) $(CALLGRIND_COUNT); \
	  echo "== instructions per lookup, hosts made from the rules"; \
	  CALLGRIND_DIR=$(BUILD)/callgrind-psl-rules sh bench/callgrind.sh $(OUT)/psl-bench $(PSL_LIST) $(CALLGRIND_COUNT); \
	fi

psl-builtin:
	WWWURL_PSL_BOOTSTRAP=1 WWWURL_PSL_WRITE=1 $(CARGO) test --locked --profile $(CHECK_PROFILE) --test core psl::the_built_in_table
