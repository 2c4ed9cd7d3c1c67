#!/usr/bin/env bash
# Instructions per leaf of bulk perft under callgrind: the five CPW positions at the depths of
# BENCHMARKS.md (start 5, Kiwipete 4, position 3 6, position 4 5, position 5 4), one thread, less
# the instructions of `perft 1` of the same position (start-up), divided by the leaves. Counts,
# unlike times, repeat on a loaded machine: the measure the BENCHMARKS.md tables of perft use.
#
# usage: scripts/callgrind-perft.sh DIRGOLEM_BINARY BACKEND [POSITIONS]
#   POSITIONS: any of the letters s k 3 4 5 (default all five), for example `s4`.
# example: cargo build --release && scripts/callgrind-perft.sh target/release/dirgolem avx2
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
bin=$1; backend=$2; which=${3:-sk345}
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
source "$(dirname "$0")/cpw-fens.sh"
declare -A depth=([s]=5 [k]=4 [3]=6 [4]=5 [5]=4) leaves
for p in "${!depth[@]}"; do leaves[$p]=${cpw_leaves[$p,${depth[$p]}]}; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The total of one run, from the `summary:` (or `totals:`) line of callgrind's output.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" perft "$1" "$2" \
    --backend "$backend" --threads 1 >"$tmp/stdout" 2>"$tmp/stderr"
  grep -E '^(summary|totals):' "$tmp/out" | head -1 | awk '{print $2}'
}
out=""
for p in $(echo "$which" | grep -o .); do
  [ -n "${fen[$p]:-}" ] || { echo "unknown position '$p' (s k 3 4 5)" >&2; exit 2; }
  full=$(instructions "${depth[$p]}" "${fen[$p]}")
  grep -q "${leaves[$p]}" "$tmp/stdout" || { echo "wrong count for $p: $(tail -2 "$tmp/stdout")" >&2; exit 1; }
  one=$(instructions 1 "${fen[$p]}")
  out="$out $(awk -v a="$full" -v b="$one" -v n="${leaves[$p]}" 'BEGIN { printf "%.3f", (a - b) / n }')"
done
echo "$backend:$out"
