#!/bin/sh
# Throughput of `wwwurl canon` on standard input, in URLs per second, with 1
# and 2 jobs (threads), on the corpus and on the corpus repeated 10 times:
# best of 9 runs each, output to /dev/null, and the peak RSS of one more run
# (GNU time, when installed). Measure on an otherwise idle machine: the 2-job
# figures need both cores.
set -eu
tool=$1
corpus=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$corpus" "$tmp/x1.txt"
i=0
while [ $i -lt 10 ]; do cat "$corpus"; i=$((i + 1)); done > "$tmp/x10.txt"
for size in 1 10; do
  input=$tmp/x$size.txt
  lines=$(wc -l < "$input")
  for jobs in 1 2; do
    best=
    for run in 1 2 3 4 5 6 7 8 9; do
      start=$(date +%s%N)
      "$tool" canon --jobs "$jobs" < "$input" > /dev/null || true
      end=$(date +%s%N)
      ns=$((end - start))
      if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
    done
    rss=
    if [ -x /usr/bin/time ]; then
      rss=$( { /usr/bin/time -f %M "$tool" canon --jobs "$jobs" < "$input" > /dev/null; } 2>&1 | tail -n 1)
      rss=", peak RSS $rss KiB"
    fi
    echo "wwwurl canon --jobs $jobs: corpus x$size, $lines URLs, best of 9:" \
      "$((best / 1000)) us, $((lines * 1000000 / (best / 1000))) URLs/s$rss"
  done
done
