#!/bin/sh
# Copies the C libraries of one cargo build out of its target directory,
# where the next build of another variant would overwrite them:
#
#   sh tools/copy-lib.sh TARGET_DIR LIB_DIR NAME SOVERSION
#   sh tools/copy-lib.sh TARGET_DIR LIB_DIR NAME --static-only
#
# TARGET_DIR/libwwwurl.a becomes LIB_DIR/libNAME.a without the LLVM
# bitcode that rustc embeds for Rust consumers (with it, binutils' nm and
# strip see "no symbols"); TARGET_DIR/libwwwurl.so becomes
# LIB_DIR/libNAME.so, with the link libNAME.so.SOVERSION that programs
# load it by. A file whose bytes did not change keeps its time, so that
# make does not link the tests again.
set -eu
from=$1 to=$2 name=$3 so=$4
mkdir -p "$to"

# replace NEW DEST: moves NEW to DEST unless DEST has the same bytes.
replace() {
    if cmp -s "$1" "$2"; then rm -f "$1"; else mv -f "$1" "$2"; fi
}

objcopy --remove-section=.llvmbc --remove-section=.llvmcmd \
    "$from/libwwwurl.a" "$to/lib$name.a.tmp"
replace "$to/lib$name.a.tmp" "$to/lib$name.a"
[ "$so" = --static-only ] && exit 0
cp "$from/libwwwurl.so" "$to/lib$name.so.tmp"
replace "$to/lib$name.so.tmp" "$to/lib$name.so"
ln -sf "lib$name.so" "$to/lib$name.so.$so"
