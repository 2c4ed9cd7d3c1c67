#!/usr/bin/env bash
# Instructions, conditional branches and simulated mispredicts per move list under callgrind:
# one pass of one job of benches/peers_paired.rs over one set (PAIRED_ONCE, PAIRED_SET), counted
# inside the function `counted_pass` only, divided by the positions the pass printed. The
# measure of the BENCHMARKS.md tables of move lists ("Move lists: instructions and mispredicts
# per list").
#
# usage: scripts/callgrind-lists.sh PEERS_PAIRED_BINARY BACKEND JOB SET
#   JOB: lists (legal_moves()), callbacks (for_each_legal_move), refills (fill_legal into one
#        list), cozy (cozy-chess's callback) or cozy-list (cozy-chess's moves collected into a
#        list returned by value)
#   SET: replayed or games
# example:
#   RUSTFLAGS="-C target-cpu=native" cargo bench --no-run --bench peers_paired
#   scripts/callgrind-lists.sh target/release/deps/peers_paired-<hash> avx2 lists replayed
# valgrind runs no AVX-512: on a CPU with it, a `native` build holds AVX-512 instructions
# (cozy-chess's and the bench's own code too) and stops at the first. Build for a CPU without
# it instead, as a Zen 3 user's native build: RUSTFLAGS="-C target-cpu=znver3" (or x86-64-v3).
# valgrind 3.19 also lacks a few AVX encodings: the sse2 backend of a znver3 build holds
# `vmovq xmm, xmm` in its VEX 0F D6 form (since session 27's code), so count sse2 on a build
# without target-cpu (the shipped build's SSE2 code).
set -euo pipefail
if [ $# -ne 4 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
bin=$1; backend=$2; job=$3; set=$4
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! DIRGOLEM_BACKEND=$backend PAIRED_ONCE=$job PAIRED_SET=$set valgrind --tool=callgrind \
  --branch-sim=yes --toggle-collect='*counted_pass*' --callgrind-out-file="$tmp/out" \
  "$bin" --bench >"$tmp/stdout" 2>"$tmp/stderr"; then
  tail -n 20 "$tmp/stderr" >&2
  if grep -q 'unhandled instruction' "$tmp/stderr"; then
    echo "valgrind cannot run an instruction of this binary (AVX-512, or an encoding it lacks):" \
      "build it with RUSTFLAGS=\"-C target-cpu=znver3\", or for sse2 without target-cpu" \
      "(see the header)" >&2
  fi
  exit 1
fi
n=$(grep -oE '[0-9]+ positions' "$tmp/stdout" | head -1 | awk '{print $1}')
[ -n "$n" ] || { cat "$tmp/stdout" "$tmp/stderr" >&2; exit 1; }
# The summary line's values follow the order of the events line (Ir Bc Bcm Bi Bim).
events=$(grep -m1 '^events:' "$tmp/out" | cut -d' ' -f2-)
summary=$(grep -m1 '^summary:' "$tmp/out" | cut -d' ' -f2-)
paste <(echo "$events" | tr ' ' '\n') <(echo "$summary" | tr ' ' '\n') |
  awk -v n="$n" -v w="$backend $job $set" '{ v[$1] = $2 } END {
    printf "%s: instructions %.1f  branches %.1f  mispredicts %.2f (per list, %d lists)\n",
      w, v["Ir"] / n, v["Bc"] / n, (v["Bcm"] + v["Bim"]) / n, n }'
