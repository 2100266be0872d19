#!/bin/sh
# Builds every libFuzzer target of fuzz/ and runs each one, one after the
# other (one process at a time), for SECONDS seconds.
#
#   fuzz/run.sh SECONDS [TARGET...]
#
# Prints the executions of each target (libFuzzer's final
# stat::number_of_executed_units) and exits non-zero if any target found a
# crash, a leak, undefined behaviour, a failed CHECK or a timeout. The
# inputs in fuzz/regressions/<target>/ are replayed first by every run.
#
# Environment:
#   CLANG        clang with libFuzzer (default: clang; Debian: clang +
#                libclang-rt-<ver>-dev)
#   CARGO        cargo (default: cargo)
#   FUZZ_LIB     the static library to link. Default: a copy of the library
#                built by this script with SanitizerCoverage instrumentation
#                (stable rustc flags) in build/fuzz/cargo, so that libFuzzer
#                sees the coverage of the Rust code; with
#                FUZZ_LIB=build/release/lib/libwwwurl.a the harness code is the
#                only coverage feedback.
#   FUZZ_RUNS    also stop each target after this many executions
#   FUZZ_OUT     build and log directory (default build/fuzz)
#   FUZZ_CORPUS  corpus root (default build/fuzz-corpus; seeded by
#                fuzz/make-corpus.py when a target's directory is missing)
#   FUZZ_FLAGS   extra libFuzzer flags
#   FUZZ_BUILD_ONLY=1  build, do not run
set -eu

cd "$(dirname "$0")/.."
SECS=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
CLANG=${CLANG:-clang}
CARGO=${CARGO:-cargo}
OUT=${FUZZ_OUT:-build/fuzz}
CORPUS=${FUZZ_CORPUS:-build/fuzz-corpus}
LIBS="-lpthread -ldl -lm -lrt -lutil"
CFLAGS="-std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -fno-omit-frame-pointer -Iinclude -Ifuzz"

# fuzz/fixed_point.c is one target per profile whose output is a URL.
FIXED="fixed_rfc3986 fixed_rfc3986-scheme fixed_cachekey fixed_safebrowsing fixed_webcapture \
fixed_whatwg"
if [ $# -gt 0 ]; then
    TARGETS="$*"
else
    TARGETS="$(cd fuzz && ls fuzz_*.c diff_*.c idem_*.c | sed 's/\.c$//') $FIXED"
fi

mkdir -p "$OUT/bin" "$OUT/logs"

if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' \
     | $CLANG -x c -fsanitize=fuzzer -o "$OUT/bin/.probe" - 2>/dev/null; then
    echo "fuzz: $CLANG cannot build libFuzzer targets (Debian: apt-get install clang)" >&2
    exit 2
fi
rm -f "$OUT/bin/.probe"

if [ -z "${FUZZ_LIB:-}" ]; then
    host=$(rustc -vV | sed -n 's/^host: //p')
    echo "== instrumented library ($host)"
    RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
-Cdebug-assertions -Coverflow-checks=on" \
    "$CARGO" build --release --locked -p wwwurl-capi --quiet --target "$host" \
        --target-dir "$OUT/cargo"
    FUZZ_LIB="$OUT/cargo/$host/release/libwwwurl.a"
fi

for t in $TARGETS; do
    case $t in
        fixed_*) src=fuzz/fixed_point.c; def="-DFZ_PROFILE=\"${t#fixed_}\"" ;;
        *) src="fuzz/$t.c"; def="" ;;
    esac
    [ -f "$src" ] || { echo "no such target: $t" >&2; exit 2; }
    bin="$OUT/bin/$t"
    if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ fuzz/fuzz_common.h -nt "$bin" ] \
       || [ "$FUZZ_LIB" -nt "$bin" ]; then
        echo "== build $t"
        # shellcheck disable=SC2086
        $CLANG $CFLAGS $def -o "$bin" "$src" "$FUZZ_LIB" $LIBS
    fi
done
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

# Seeds for every target without its corpus directory yet (the script
# writes only the seeds that are missing).
for t in $TARGETS; do
    if [ ! -d "$CORPUS/$t" ]; then
        python3 fuzz/make-corpus.py tests/vectors "$CORPUS"
        break
    fi
done

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

failed=""
printf '%-24s %14s %8s %10s  %s\n' target executions seconds exec/s result > "$OUT/summary.txt"
for t in $TARGETS; do
    mkdir -p "$CORPUS/$t" "$OUT/artifacts/$t"
    dirs="$CORPUS/$t"
    if [ -d "fuzz/regressions/$t" ] && [ -n "$(ls "fuzz/regressions/$t")" ]; then
        dirs="$dirs fuzz/regressions/$t"
    fi
    runs=""
    [ -n "${FUZZ_RUNS:-}" ] && runs="-runs=$FUZZ_RUNS"
    log="$OUT/logs/$t.log"
    echo "== run $t (${SECS}s${FUZZ_RUNS:+, at most $FUZZ_RUNS runs})"
    start=$(date +%s)
    rc=0
    # shellcheck disable=SC2086
    "$OUT/bin/$t" -max_total_time="$SECS" $runs -print_final_stats=1 \
        -timeout=30 -rss_limit_mb=2560 -dict=fuzz/url.dict \
        -artifact_prefix="$OUT/artifacts/$t/" ${FUZZ_FLAGS:-} $dirs \
        > "$log" 2>&1 || rc=$?
    secs=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit $rc, see $log and $OUT/artifacts/$t/)"
        failed="$failed $t"
        grep -m 3 -E 'ERROR: |CHECK failed|runtime error|SUMMARY' "$log" | sed 's/^/    /' || true
    fi
    printf '%-24s %14s %8s %10s  %s\n' "$t" "${execs:-?}" "$secs" "${rate:-?}" "$result" \
        | tee -a "$OUT/summary.txt"
done

echo
cat "$OUT/summary.txt"
if [ -n "$failed" ]; then
    echo "fuzz: FAILED:$failed"
    exit 1
fi
echo "fuzz: no failure"
