#!/bin/sh
# Instructions per URL of each benchmarked function, under valgrind's callgrind.
#
#   sh bench/callgrind.sh BENCH CORPUS [COUNT] [NAME...]
#
# BENCH is the binary built from bench/bench.c (make build/bench), COUNT the
# number of URLs (default 2000), NAMEs the functions (default: all of
# `BENCH --list`). For each function it runs
#   valgrind --tool=callgrind --instr-atstart=no BENCH --callgrind NAME --count COUNT CORPUS
# and divides the instructions of the measured region (callgrind's totals) by
# the number of URLs processed (COUNT, or fewer if the corpus is shorter) and
# by their total length in bytes (both printed by BENCH; per-byte is always
# per byte of the whole URLs, also for the functions given only the path). When BENCH was built without <valgrind/callgrind.h> it instead runs
# with instrumentation from the start and subtracts a --dry run (same set-up,
# no measured loop). The callgrind.out files stay in $CALLGRIND_DIR (default
# build/callgrind) for callgrind_annotate.
#
# When the WHATWG rows were measured, the last lines give instructions per
# URL as a ratio to ada's: in benches/core.rs `whatwg` and `rust_url` to
# `ada`; in bench/bench.c, through both C APIs, `whatwg` and `whatwg_into`
# to `ada_href`, and `whatwg_parts` to `ada_parts`; in both, the reporting
# parse `whatwg_validate` to the plain `whatwg`. When the URLPattern rows
# were measured (bench/urlpattern-peer), `wwwurl_*` to the `urlpattern`
# crate's `peer_*` and to ada's `ada_*`, and the set of 1,000 host rules to
# the set of one.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 BENCH CORPUS [COUNT] [NAME...]" >&2
    exit 2
fi
bench=$1
corpus=$2
count=${3:-2000}
[ $# -ge 3 ] && shift 3 || shift $#
names=${*:-$("$bench" --list)}
dir=${CALLGRIND_DIR:-build/callgrind}
mkdir -p "$dir"

. "$(dirname "$0")/callgrind-common.sh"

macros=$("$bench" --has-callgrind-macros)
echo "corpus: $corpus, first $count URLs"
printf '%-20s %14s %12s %9s  %s\n' function instructions per-URL per-byte "(COUNT=$count, macros=$macros)"
per_url=$dir/per-url.txt
: > "$per_url"
for name in $names; do
    out=$dir/callgrind.out.$name
    if [ "$macros" = 1 ]; then
        "$valgrind" --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
            "$bench" --callgrind "$name" --count "$count" "$corpus" >"$dir/$name.log" 2>&1
        ir=$(total_ir "$out")
    else
        "$valgrind" --tool=callgrind --callgrind-out-file="$out" \
            "$bench" --callgrind "$name" --count "$count" "$corpus" >"$dir/$name.log" 2>&1
        "$valgrind" --tool=callgrind --callgrind-out-file="$out.dry" \
            "$bench" --callgrind "$name" --count "$count" --dry "$corpus" >"$dir/$name.dry.log" 2>&1
        ir=$(( $(total_ir "$out") - $(total_ir "$out.dry") ))
    fi
    note=$(sed -n 's/^callgrind [^:]*: \(.*\), macros.*/\1/p' "$dir/$name.log")
    urls=$(sed -n 's/^callgrind [^:]*: \([0-9][0-9]*\) URLs.*/\1/p' "$dir/$name.log")
    bytes=$(sed -n 's/^callgrind [^:]*: [0-9]* URLs, \([0-9][0-9]*\) bytes.*/\1/p' "$dir/$name.log")
    awk -v n="$name" -v ir="$ir" -v c="${urls:-$count}" -v b="${bytes:-0}" -v note="$note" \
        'BEGIN { printf "%-20s %14d %12.1f %9s  %s\n", n, ir, ir / c,
                 (b > 0 ? sprintf("%.2f", ir / b) : "-"), note }'
    awk -v n="$name" -v ir="$ir" -v c="${urls:-$count}" 'BEGIN { print n, ir / c }' >> "$per_url"
done
awk '{ v[$1] = $2 }
     END { if ("ada" in v && v["ada"] > 0)
               for (k in v) if (k == "whatwg" || k == "rust_url")
                   printf "%s / ada, instructions per URL: %.2f\n", k, v[k] / v["ada"]
           if ("ada_href" in v && v["ada_href"] > 0)
               for (k in v) if (k == "whatwg" || k == "whatwg_into")
                   printf "%s / ada_href, instructions per URL: %.2f\n", k, v[k] / v["ada_href"]
           if ("whatwg" in v && v["whatwg"] > 0 && "whatwg_validate" in v)
               printf "whatwg_validate / whatwg, instructions per URL: %.2f\n",
                      v["whatwg_validate"] / v["whatwg"]
           n = split("plain regexp plain_url", up, " ")
           m = split("peer ada", peers, " ")
           for (i = 1; i <= n; i++)
               for (j = 1; j <= m; j++) {
                   p = peers[j] "_" up[i]
                   if (p in v && v[p] > 0 && ("wwwurl_" up[i]) in v)
                       printf "wwwurl_%s / %s, instructions per URL: %.2f\n", up[i], p,
                              v["wwwurl_" up[i]] / v[p]
               }
           if ("set_1" in v && v["set_1"] > 0 && "set_1000" in v)
               printf "set_1000 / set_1, instructions per URL: %.2f\n", v["set_1000"] / v["set_1"]
           if ("ada_parts" in v && v["ada_parts"] > 0 && "whatwg_parts" in v)
               printf "whatwg_parts / ada_parts, instructions per URL: %.2f\n",
                      v["whatwg_parts"] / v["ada_parts"] }' "$per_url" |
    sort
