#!/bin/sh
# Throughput of every canonicalisation profile, in URLs per second:
# `wwwurl canon --jobs 1 --profile P` on each corpus, and on the corpus
# repeated to about PROFILE_BENCH_LINES lines (default 1000000) so that
# start-up does not count, best of PROFILE_BENCH_RUNS runs (default 3),
# each the wall time of the whole process with its input from a file and
# its output to /dev/null. Beside them, the Python reference packages the
# profiles are compared with (tests/profile-diff): surt.surt, w3lib's
# canonicalize_url and gglsbl's URL.canonical, a plain loop over the same
# lines timed inside the interpreter (no start-up, no import), best of the
# same number of runs, on each corpus once (a loop timed in place gains
# nothing from repeating it). A package that is not installed gets a `-`.
#
#   sh bench/profiles.sh TOOL CORPUS...
#
# PYTHON (default python3) runs the packages. Measure on an otherwise idle
# machine.
set -eu
tool=$1
shift
python=${PYTHON:-python3}
target=${PROFILE_BENCH_LINES:-1000000}
runs=${PROFILE_BENCH_RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best_ns FILE PROFILE: the best wall time of `canon --profile`, in ns.
best_ns() {
  best=
  run=0
  while [ $run -lt "$runs" ]; do
    start=$(date +%s%N)
    # Status 1 only says that some URL was refused (an empty line each).
    "$tool" canon --jobs 1 --profile "$2" < "$1" > /dev/null 2>&1 || {
      s=$?
      [ $s -eq 1 ] || { echo "bench/profiles.sh: $tool canon --profile $2: status $s" >&2; exit 1; }
    }
    end=$(date +%s%N)
    ns=$((end - start))
    if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
    run=$((run + 1))
  done
  echo "$best"
}

# rate LINES NS: URLs per second.
rate() {
  echo $(( $1 * 1000000 / ($2 / 1000 + 1) ))
}

# The corpora: each once and repeated, with their line counts.
n=0
header1=$(printf '%-34s' '')
header2=$(printf '%-34s' 'URLs per second')
for corpus in "$@"; do
  n=$((n + 1))
  name=$(basename "$corpus" .txt)
  cp "$corpus" "$tmp/c$n.x1"
  # A final line without LF would join the next copy's first line.
  [ -z "$(tail -c 1 "$corpus")" ] || echo >> "$tmp/c$n.x1"
  lines=$(wc -l < "$tmp/c$n.x1")
  times=$(( (target + lines - 1) / lines ))
  i=0
  while [ $i -lt "$times" ]; do cat "$tmp/c$n.x1"; i=$((i + 1)); done > "$tmp/c$n.big"
  eval "lines_$n=$lines; big_$n=$((lines * times))"
  header1="$header1$(printf '  %12s  %12s' "$name x1" "$name x$times")"
  header2="$header2$(printf '  %12s  %12s' "$lines" "$((lines * times))")"
done

echo "wwwurl canon --jobs 1 --profile P: whole process, input from a file, output to /dev/null, best of $runs"
echo "Python packages: the loop alone, best of $runs, on each corpus once"
echo "$header1"
echo "$header2"

for p in $("$tool" profiles | cut -f 1); do
  row=$(printf '%-34s' "$p")
  k=0
  while [ $k -lt $n ]; do
    k=$((k + 1))
    eval "l1=\$lines_$k; lb=\$big_$k"
    t1=$(best_ns "$tmp/c$k.x1" "$p")
    tb=$(best_ns "$tmp/c$k.big" "$p")
    row="$row$(printf '  %12s  %12s' "$(rate "$l1" "$t1")" "$(rate "$lb" "$tb")")"
  done
  echo "$row"
done

# One row per package; the loop is the same for each, the call differs.
for peer in surt w3lib gglsbl; do
  "$python" - "$peer" "$runs" $(k=0; while [ $k -lt $n ]; do k=$((k + 1)); echo "$tmp/c$k.x1"; done) <<'EOF'
import importlib.metadata
import sys
import time

peer, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
try:
    if peer == "surt":
        import surt
        call, label = surt.surt, "surt.surt()"
    elif peer == "w3lib":
        from w3lib.url import canonicalize_url as call
        label = "w3lib canonicalize_url()"
    else:
        from gglsbl.protocol import URL
        call, label = (lambda u: URL(u).canonical), "gglsbl URL.canonical"
    label = "%s %s" % (label, importlib.metadata.version(peer))
except ImportError:
    call, label = None, "%s (not installed)" % peer
row = "%-34s" % label
for f in files:
    with open(f, "rb") as fh:
        lines = fh.read().split(b"\n")[:-1]
    if call is None:
        row += "  %12s  %12s" % ("-", "")
        continue
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        for u in lines:
            try:
                call(u)
            except Exception:  # a URL the package rejects still took its time
                pass
        t = time.perf_counter() - start
        best = t if best is None or t < best else best
    row += "  %12d  %12s" % (len(lines) / best, "")
print(row.rstrip())
EOF
done
