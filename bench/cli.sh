#!/bin/sh
# Throughput of `wwwurl canon` on standard input: the corpus repeated until
# it has about a million lines, best of 5 runs, in URLs per second.
set -eu
tool=$1
corpus=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt 20 ]; do cat "$corpus"; i=$((i + 1)); done > "$tmp/in.txt"
lines=$(wc -l < "$tmp/in.txt")
best=
for run in 1 2 3 4 5; do
  start=$(date +%s%N)
  "$tool" canon < "$tmp/in.txt" > /dev/null || true
  end=$(date +%s%N)
  ns=$((end - start))
  if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
done
echo "wwwurl canon: $lines URLs, best of 5: $((best / 1000000)) ms," \
  "$((lines * 1000 / (best / 1000000))) URLs/s, $((best / lines)) ns/URL"
