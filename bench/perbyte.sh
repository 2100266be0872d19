#!/bin/sh
# Instructions per input byte of URLDecodeGeneric, URLEncodePath,
# SplitURL+FreeURL (the pattern in the path, and in the host), CanonicaliseName
# and URLDecodeFormArgs on 1 MiB inputs of one repeated
# pattern, under valgrind's callgrind, as a table with the targets of each
# cell. A report: cells over their target are marked OVER, and the exit
# status is 0 all the same. It is 1 only when the measurement itself fails:
# a call that returns NULL (its cell is marked NULL) or a run that breaks.
#
#   sh bench/perbyte.sh PERBYTE [SIZE]
#
# PERBYTE is the binary built from bench/perbyte.c (make build/perbyte),
# SIZE the input length in bytes (default 1048576). For each function and
# pattern it runs
#   valgrind --tool=callgrind --instr-atstart=no PERBYTE --callgrind F P --size SIZE
# and divides the instructions of the measured region (one call) by the
# input's length. Without <valgrind/callgrind.h> it subtracts a --dry run
# instead, as bench/callgrind.sh does. The callgrind.out files stay in
# $CALLGRIND_DIR (default build/callgrind-perbyte) for callgrind_annotate.
#
# Targets (instructions per byte): URLDecodeGeneric 5, URLEncodePath 12,
# SplitURL+FreeURL 15, CanonicaliseName 3 on patterns without a dot segment
# and 20 on /./ and /../, URLDecodeFormArgs 5 (URLDecodeGeneric's),
# SplitURL+FreeURL with the pattern in the host 15 (as in the path).
set -eu
set -f

if [ $# -lt 1 ]; then
    echo "usage: $0 PERBYTE [SIZE]" >&2
    exit 2
fi
bin=$1
size=${2:-1048576}
dir=${CALLGRIND_DIR:-build/callgrind-perbyte}
mkdir -p "$dir"

. "$(dirname "$0")/callgrind-common.sh"

# The input length printed by perbyte: "perbyte F P: N bytes, ...".
input_bytes() {
    sed -n 's/^perbyte .*: \([0-9][0-9]*\) bytes.*/\1/p' "$1"
}

macros=$("$bin" --has-callgrind-macros)
results=$dir/results.txt
: > "$results"
i=0
for f in $("$bin" --functions); do
    for p in $("$bin" --patterns); do
        i=$((i + 1))
        out=$dir/callgrind.out.$f.$i
        if [ "$macros" = 1 ]; then
            "$valgrind" --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
                "$bin" --callgrind "$f" "$p" --size "$size" >"$dir/$f.$i.log" 2>&1 || :
            ir=$(total_ir "$out")
        else
            "$valgrind" --tool=callgrind --callgrind-out-file="$out" \
                "$bin" --callgrind "$f" "$p" --size "$size" >"$dir/$f.$i.log" 2>&1 || :
            "$valgrind" --tool=callgrind --callgrind-out-file="$out.dry" \
                "$bin" --callgrind "$f" "$p" --size "$size" --dry >"$dir/$f.$i.dry.log" 2>&1
            ir=$(( $(total_ir "$out") - $(total_ir "$out.dry") ))
        fi
        bytes=$(input_bytes "$dir/$f.$i.log")
        if [ -z "$bytes" ]; then
            echo "$0: $f on $p did not run, see $dir/$f.$i.log" >&2
            exit 1
        fi
        status=ok
        grep -q FAILED "$dir/$f.$i.log" && status=failed
        printf '%s %s %s %s %s\n' "$f" "$p" "$ir" "$bytes" "$status" >> "$results"
    done
done

# One row a pattern, one column a function: instructions per byte, the
# target in brackets, "OVER" when above it.
awk -v size="$size" -v macros="$macros" '
function target(f, p) {
    if (f == "decode" || f == "form") return 5
    if (f == "encode") return 12
    if (f == "split" || f == "host") return 15
    return (p == "/./" || p == "/../") ? 20 : 3
}
{
    f = $1; p = $2; ir = $3; bytes = $4
    if (!(p in seen)) { seen[p] = 1; order[++np] = p }
    v = ir / bytes; t = target(f, p)
    cell[f, p] = sprintf("%7.2f (<=%2d)%s", v, t, $5 != "ok" ? " NULL" : v > t ? " OVER" : "     ")
    cells++; if (v > t) over++; if ($5 != "ok") failed++
}
END {
    printf "instructions per input byte, inputs of %d bytes (callgrind, macros=%s); target in brackets\n", size, macros
    printf "%-10s  %-19s  %-19s  %-19s  %-19s  %-19s  %-19s\n", "pattern", "URLDecodeGeneric", \
        "URLEncodePath", "SplitURL+FreeURL", "CanonicaliseName", "URLDecodeFormArgs", "SplitURL (host)"
    for (i = 1; i <= np; i++) {
        p = order[i]
        printf "%-10s  %-19s  %-19s  %-19s  %-19s  %-19s  %-19s\n", p, cell["decode", p], \
            cell["encode", p], cell["split", p], cell["canon", p], cell["form", p], cell["host", p]
    }
    printf "%d of %d cells over target (a report: not a failure)\n", over + 0, cells
    if (failed) printf "%d calls returned NULL (marked NULL): the measurement failed\n", failed
    exit failed ? 1 : 0
}' "$results"
