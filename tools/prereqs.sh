#!/bin/sh
# Checks every prerequisite of `make check` before any work starts, and
# names each one that is missing with the Debian package that provides it.
# Exits 1 if anything is missing, 0 (and prints one line) otherwise.
#
#   sh tools/prereqs.sh
#
# POSIX sh; no network, no root, nothing installed. `.ci/run` installs the
# same packages on a fresh Debian machine.

missing=0

# miss WHAT PACKAGE [NOTE]
miss() {
    if [ -n "${3-}" ]; then
        printf 'missing: %s (Debian package: %s; %s)\n' "$1" "$2" "$3" >&2
    else
        printf 'missing: %s (Debian package: %s)\n' "$1" "$2" >&2
    fi
    missing=1
}

# need COMMAND PACKAGE
need() {
    command -v "$1" >/dev/null 2>&1 || miss "$1" "$2"
}

need cargo cargo
if command -v cargo >/dev/null 2>&1; then
    cargo fmt --version >/dev/null 2>&1 ||
        miss "cargo fmt" rustfmt "with rustup: rustup component add rustfmt"
    cargo clippy --version >/dev/null 2>&1 ||
        miss "cargo clippy" rust-clippy "with rustup: rustup component add clippy"
else
    miss "cargo fmt" rustfmt "with rustup: rustup component add rustfmt"
    miss "cargo clippy" rust-clippy "with rustup: rustup component add clippy"
fi
need cc gcc
need c++ g++
need make make
need cmake cmake
need pkg-config pkg-config
need valgrind valgrind
need groff groff-base
need objcopy binutils
need nm binutils
need readelf binutils
# Spark in local mode (make spark-test).
need java default-jre-headless

# The uriparser headers, through its pkg-config module (make diff-uriparser,
# part of make check). Without pkg-config that check cannot be made; the
# missing pkg-config is reported above.
if command -v pkg-config >/dev/null 2>&1; then
    if ! pkg-config --exists liburiparser 2>/dev/null; then
        miss "pkg-config module liburiparser" liburiparser-dev
    else
        inc=$(pkg-config --variable=includedir liburiparser 2>/dev/null)
        found=0
        for d in "$inc" /usr/include /usr/local/include; do
            if [ -n "$d" ] && [ -f "$d/uriparser/Uri.h" ]; then
                found=1
                break
            fi
        done
        [ "$found" = 1 ] || miss "uriparser/Uri.h" liburiparser-dev
    fi
fi

# libpsl, which make diff-libpsl compares the Public Suffix List with.
if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists libpsl 2>/dev/null || miss "pkg-config module libpsl" libpsl-dev
fi

# The Python package (mk/python.mk): an interpreter that makes virtual
# environments. The PyPI packages go into the one `make pyenv` builds
# (python/requirements-dev.txt), never into this interpreter.
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import ensurepip, venv' >/dev/null 2>&1 ||
        miss "python3 -m venv (ensurepip)" python3-venv
else
    miss python3 python3
fi

if [ "$missing" != 0 ]; then
    echo "tools/prereqs.sh: make check cannot run until the above are installed" >&2
    exit 1
fi
echo "tools/prereqs.sh: every prerequisite of make check is present"
exit 0
