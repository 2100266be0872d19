# Differential test against uriparser (Debian liburiparser-dev):
# c-tests/diff_uriparser.c compares wwwurl's RFC 3986 resolution,
# make-relative and normalisation with uriAddBaseUriExA, uriRemoveBaseUriA
# and uriNormalizeSyntaxExA over the corpus and generated pairs, and fails
# on every disagreement outside the classes its header documents. Not
# timed. The program is not named test_*.c, so the generic C-test rules of
# the top Makefile leave it alone.
#
# GNU make fragment, included by the top-level Makefile. Variables (set by
# the includer): CC BUILD C_STD WARN LIB_DIR LIB_SO. Standalone:
#   make -f c-tests/diff.mk diff-uriparser LIB_DIR=build/release/lib

BUILD      ?= build
LIB_DIR    ?= build/release/lib
LIB_SO     ?= $(LIB_DIR)/libwwwurl.so
C_STD      ?= -std=c99 -D_POSIX_C_SOURCE=200809L
WARN       ?= -Wall -Wextra -Werror -Wno-unused-parameter

DIFF_URIPARSER := $(dir $(LIB_DIR))diff/diff_uriparser
DIFF_CORPUS    := tests/corpus/kasztp.txt

.PHONY: diff-uriparser

$(DIFF_URIPARSER): c-tests/diff_uriparser.c include/wwwurl.h $(LIB_SO)
	@mkdir -p $(dir $@)
	$(CC) $(C_STD) $(WARN) -g -O1 -Iinclude -o $@ $< -L$(LIB_DIR) \
	  -Wl,-rpath,$(abspath $(LIB_DIR)) -lwwwurl -luriparser -lpthread

diff-uriparser: $(DIFF_URIPARSER)
	$(DIFF_URIPARSER) $(DIFF_CORPUS)
