#!/usr/bin/env bash
# Two builds of benches/peers_paired.rs run in turn, RUNS times each, so that their ratios to
# cozy-chess (measured in the same process) can be compared side by side on a machine whose
# speed drifts with other tenants' load. Each run's lines are printed as the bench prints them.
#
# usage: scripts/paired-ab.sh perft|lists RUNS NAME_A BINARY_A NAME_B BINARY_B [BACKEND]
#   BACKEND: default avx2. perft runs 7 rounds, lists 9 (PAIRED_ROUNDS).
# On a CPU with AVX-512, build the binaries for avx2 or sse2 with RUSTFLAGS="-C target-cpu=native
# -C target-feature=-avx512f": in a plain native build their entry points hold AVX-512 code
# (scripts/speed-bars.sh says why).
# example (two checkouts built with RUSTFLAGS="-C target-cpu=native" cargo bench --no-run
# --bench peers_paired):
#   scripts/paired-ab.sh perft 3 before ../old/target/release/deps/peers_paired-<hash> \
#     after target/release/deps/peers_paired-<hash>
set -uo pipefail
if [ $# -lt 6 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
job=$1; runs=$2; name_a=$3; bin_a=$4; name_b=$5; bin_b=$6; backend=${7:-avx2}
case $job in
  perft) rounds=7 ;;
  lists) rounds=9 ;;
  *) echo "job must be perft or lists, not '$job'" >&2; exit 2 ;;
esac
for i in $(seq "$runs"); do
  for side in a b; do
    if [ $side = a ]; then name=$name_a; bin=$bin_a; else name=$name_b; bin=$bin_b; fi
    echo "== $name run $i ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
    DIRGOLEM_BACKEND=$backend PAIRED_JOBS=$job PAIRED_ROUNDS=$rounds "$bin" --bench 2>&1 |
      grep -v '^dirgolem against\|^perft on'
  done
done
