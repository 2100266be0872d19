# Emulation tests: c-tests/emulate/emulate.c is an old WWWOFFLE program
# (2.9 or 2.9h, by its own misc.h) built against a DESTDIR install with
# nothing but pkg-config, then run on the conformance vectors: shared,
# static, shared under valgrind, static with ASan+UBSan. Then the wrong
# combinations (a 2.9 program and the 2.9h library, and the reverse) must
# fail to link, naming the missing function.
#
# GNU make fragment, included by the top-level Makefile, which makes
# emulate-test depend on the install. Variables (set by the includer):
#   EMU_STAGE       absolute path of a DESTDIR install with PREFIX=/usr
#   CC BUILD VECTORS VALGRIND VALGRIND_FLAGS SAN_FLAGS
# No target name below uses them, so the place of the include does not
# matter. Standalone, for example:
#   make -f c-tests/emulate/emulate.mk emulate-test EMU_STAGE=/tmp/emu-stage

BUILD          ?= build
VECTORS        ?= tests/vectors
VALGRIND       ?= valgrind
VALGRIND_FLAGS ?= --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --quiet
SAN_FLAGS      ?= -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

EMU_DIR    := c-tests/emulate
EMU_OUT     = $(BUILD)/emulate
EMU_CFLAGS := -std=c89 -Wall -Wextra -pedantic -Werror -g -O1
EMU_LIBDIR  = $(EMU_STAGE)/usr/lib
EMU_PC      = env PKG_CONFIG_PATH=$(EMU_LIBDIR)/pkgconfig PKG_CONFIG_SYSROOT_DIR=$(EMU_STAGE)

# $(call emu_build,TAG,VERSION,PCNAME): the three programs of one version.
# The static ones link the archive: its path comes before pkg-config's
# -lPCNAME, which --as-needed then drops; readelf proves it.
define emu_build
@echo "== emulate $2: build against $3.pc"
$(EMU_PC) sh -c '$(CC) $(EMU_CFLAGS) -I$(EMU_DIR)/wwwoffle-$2 -o $(EMU_OUT)/emulate-$1-shared \
  $(EMU_DIR)/emulate.c $$(pkg-config --cflags --libs $3)'
$(EMU_PC) sh -c '$(CC) $(EMU_CFLAGS) -I$(EMU_DIR)/wwwoffle-$2 -o $(EMU_OUT)/emulate-$1-static \
  $(EMU_DIR)/emulate.c $$(pkg-config --static --cflags $3) $(EMU_LIBDIR)/lib$3.a \
  -Wl,--as-needed $$(pkg-config --static --libs $3)'
$(EMU_PC) sh -c '$(CC) $(EMU_CFLAGS) $(SAN_FLAGS) -I$(EMU_DIR)/wwwoffle-$2 -o $(EMU_OUT)/emulate-$1-asan \
  $(EMU_DIR)/emulate.c $$(pkg-config --static --cflags $3) $(EMU_LIBDIR)/lib$3.a \
  -Wl,--as-needed $$(pkg-config --static --libs $3)'
@readelf -d $(EMU_OUT)/emulate-$1-shared | grep -q 'NEEDED.*\[lib$3\.so' \
  || { echo "FAIL: emulate-$1-shared does not need lib$3.so"; exit 1; }
@for m in static asan; do \
  if readelf -d $(EMU_OUT)/emulate-$1-$$m | grep 'NEEDED.*libwwwurl'; then \
    echo "FAIL: emulate-$1-$$m needs a shared libwwwurl: lib$3.a was not linked"; exit 1; fi; \
done
@echo "ok: emulate-$1-static and emulate-$1-asan have lib$3.a linked in (no NEEDED libwwwurl)"
endef

# $(call emu_run,TAG,VERSION)
define emu_run
@echo "== emulate $2 (shared)"
LD_LIBRARY_PATH=$(EMU_LIBDIR) $(EMU_OUT)/emulate-$1-shared $(VECTORS)
@echo "== emulate $2 (static)"
$(EMU_OUT)/emulate-$1-static $(VECTORS)
@echo "== emulate $2 (shared, valgrind, every 4th row)"
LD_LIBRARY_PATH=$(EMU_LIBDIR) WWWURL_TEST_QUICK=1 $(VALGRIND) $(VALGRIND_FLAGS) \
  $(EMU_OUT)/emulate-$1-shared $(VECTORS)
@echo "== emulate $2 (static, asan+ubsan)"
ASAN_OPTIONS=detect_leaks=1 $(EMU_OUT)/emulate-$1-asan $(VECTORS)
endef

# $(call emu_mismatch,TAG,VERSION,OTHER-PCNAME,MISSING-FUNCTION,KIND,LINK-ARGS)
# The program's object (it compiles) must fail to link, and the only
# undefined symbol the linker names is MISSING-FUNCTION.
define emu_mismatch
@log=$(EMU_OUT)/mismatch-$1-$3-$5.log; \
if $(EMU_PC) sh -c '$(CC) -o $(EMU_OUT)/mismatch-$1-$3-$5 $(EMU_OUT)/emulate-$1.o $6' >$$log 2>&1; then \
  echo "FAIL: a WWWOFFLE $2 program linked against $3 ($5), it must not"; exit 1; fi; \
if ! grep -q 'undefined.*$4' $$log; then \
  echo "FAIL: linking a WWWOFFLE $2 program against $3 ($5) failed without naming $4:"; cat $$log; exit 1; fi; \
if grep 'undefined' $$log | grep -v '$4'; then \
  echo "FAIL: linking a WWWOFFLE $2 program against $3 ($5) misses more than $4:"; cat $$log; exit 1; fi; \
echo "ok: a WWWOFFLE $2 program does not link against $3 ($5): $$(grep -m1 -o 'undefined.*$4.' $$log)"
endef

.PHONY: emulate-test
emulate-test: $(EMU_DIR)/emulate.c $(EMU_DIR)/wwwoffle-2.9/misc.h $(EMU_DIR)/wwwoffle-2.9h/misc.h
	@case "$(EMU_STAGE)" in /*) ;; *) echo "emulate-test: EMU_STAGE must be an absolute path (got '$(EMU_STAGE)')"; exit 1;; esac
	@for f in pkgconfig/wwwurl.pc pkgconfig/wwwurl-29h.pc libwwwurl.a libwwwurl-29h.a; do \
	  test -f $(EMU_LIBDIR)/$$f || { echo "emulate-test: $(EMU_LIBDIR)/$$f is missing: install first"; exit 1; }; done
	@mkdir -p $(EMU_OUT)
	$(call emu_build,29,2.9,wwwurl)
	$(call emu_build,29h,2.9h,wwwurl-29h)
	$(call emu_run,29,2.9)
	$(call emu_run,29h,2.9h)
	@echo "== emulate: the wrong combinations must not link"
	@# each program compiles (with its own version's flags); only the link fails
	$(EMU_PC) sh -c '$(CC) $(EMU_CFLAGS) -I$(EMU_DIR)/wwwoffle-2.9 $$(pkg-config --cflags wwwurl) \
	  -c $(EMU_DIR)/emulate.c -o $(EMU_OUT)/emulate-29.o'
	$(EMU_PC) sh -c '$(CC) $(EMU_CFLAGS) -I$(EMU_DIR)/wwwoffle-2.9h $$(pkg-config --cflags wwwurl-29h) \
	  -c $(EMU_DIR)/emulate.c -o $(EMU_OUT)/emulate-29h.o'
	$(call emu_mismatch,29,2.9,wwwurl-29h,URLReplaceAmp,shared,$$(pkg-config --libs wwwurl-29h))
	$(call emu_mismatch,29h,2.9h,wwwurl,FixHTMLLinkURL,shared,$$(pkg-config --libs wwwurl))
	$(call emu_mismatch,29,2.9,wwwurl-29h,URLReplaceAmp,static,$(EMU_LIBDIR)/libwwwurl-29h.a $$(pkg-config --static --libs wwwurl-29h))
	$(call emu_mismatch,29h,2.9h,wwwurl,FixHTMLLinkURL,static,$(EMU_LIBDIR)/libwwwurl.a $$(pkg-config --static --libs wwwurl))
	@echo "emulate-test: all passed"
