# Sourced by bench/callgrind.sh and bench/perbyte.sh: the valgrind they run
# ($VALGRIND, default valgrind), checked, and how they read its totals.

valgrind=${VALGRIND:-valgrind}
command -v "$valgrind" >/dev/null 2>&1 || { echo "$0: valgrind not found" >&2; exit 2; }

# The total instructions (Ir) recorded in a callgrind output file: the
# "totals:" line (with --instr-atstart=no "summary:" says 0), else "summary:".
total_ir() {
    awk '/^totals:/ { t = $2 } /^summary:/ { s = $2 }
         END { print (t != "" ? t : (s != "" ? s : 0)) }' "$1"
}
