# URLPattern benchmarks (doc/urlpattern.md).
#
#   make bench-urlpattern  test() beside the `urlpattern` crate and ada's
#                          URLPattern (C++) in one binary
#                          (bench/urlpattern-peer, a workspace of its own),
#                          routing-style patterns over the real corpus, and
#                          pattern sets of 1 and 1,000 host rules; with
#                          URLPATTERN_CALLGRIND=1 also instructions per URL
#                          under callgrind (CALLGRIND_COUNT URLs).
#
# ada is compiled by the peer's build.rs from ada.cpp of the `ada-url`
# package that its Cargo.lock pins (the copy Cargo fetched; ADA_DIR, if set,
# names another directory with deps/ada.cpp), with URLPattern and the
# std::regex provider: a C++20 compiler is needed (cc's CXX, default c++).

URLPATTERN_PEER := bench/urlpattern-peer/target/release/urlpattern-bench

.PHONY: bench-urlpattern urlpattern-peer

# Cargo decides what to rebuild: the library's sources are the peer's
# dependency, and build.rs is run again when ADA_DIR changes.
urlpattern-peer:
	cd bench/urlpattern-peer && $(CARGO) build --locked --release

bench-urlpattern: urlpattern-peer
	$(URLPATTERN_PEER) $(CORPUS)
	@if [ -n "$(URLPATTERN_CALLGRIND)" ]; then \
	  CALLGRIND_DIR=$(BUILD)/callgrind-urlpattern sh bench/callgrind.sh $(URLPATTERN_PEER) $(CORPUS) $(CALLGRIND_COUNT); \
	fi
