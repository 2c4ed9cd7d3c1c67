#!/usr/bin/env bash
# The paired benches against cozy-chess (benches/peers_paired.rs, benches/engine_calls.rs) built
# for wasm32-wasip1 with simd128 (or, with NOSIMD=1, without it) and run under node's WASI
# (.ci/wasi-run.mjs): each checkout
# given is built once (its own target directory), then the checkouts take turns, RUNS times,
# so that their ratios to cozy-chess (timed in the same process, built alike) can be compared
# side by side. Each run's ratio lines are printed as the bench prints them.
#
# usage: scripts/wasm-benches.sh RUNS BENCH CHECKOUT [CHECKOUT ...]
#   BENCH: peers_paired or engine_calls. The benches' own variables pass through
#   (PAIRED_JOBS, PAIRED_ROUNDS, LIST_POSITIONS, ENGINE_CALLS, ...); DIRGOLEM_BACKEND defaults
#   to the backend detection picks: portable in a simd128 module, scalar without simd128.
#   NOSIMD=1: modules built without simd128, in target/wasm-nosimd of each checkout (its own
#   directory, so that the two builds do not rebuild over each other), cozy-chess built alike.
# example (this checkout against one of an older commit, `git worktree add ../old COMMIT`):
#   PAIRED_JOBS=lists scripts/wasm-benches.sh 2 peers_paired ../old .
# Timing under node is V8's compiled code on this CPU: say which CPU in every figure.
# node runs with --no-liftoff (NODE_FLAGS replaces it): every function is compiled by V8's
# optimising tier before it first runs, as an engine's hot code is once it has run a while.
# Under the default tiering a function starts on the baseline compiler and moves up only
# when it is called again, so a bench's pass, called once a round, may run whole rounds on
# baseline code: one side's rounds then took 2.6 times as long, twice in some thirty runs.
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
runs=$1; bench=$2; shift 2
case $bench in
  peers_paired | engine_calls) ;;
  *) echo "BENCH must be peers_paired or engine_calls, not '$bench'" >&2; exit 2 ;;
esac
runner=$(cd "$(dirname "$0")/.." && pwd)/.ci/wasi-run.mjs
command -v node >/dev/null || { echo "node is needed (apt-get install nodejs)" >&2; exit 2; }
case ${NOSIMD:-0} in
  0) rustflags="-C target-feature=+simd128"; target_dir=target; default_backend=portable ;;
  1) rustflags=""; target_dir=target/wasm-nosimd; default_backend=scalar ;;
  *) echo "NOSIMD must be 0 or 1, not '$NOSIMD'" >&2; exit 2 ;;
esac
modules=()
for checkout in "$@"; do
  dir=$(cd "$checkout" && pwd)
  # The module's path from cargo's own report of the bench it built.
  module=$(cd "$dir" && RUSTFLAGS="$rustflags" CARGO_TARGET_DIR="$dir/$target_dir" \
    cargo bench --no-run --bench "$bench" --target wasm32-wasip1 --message-format=json 2>/dev/null |
    grep -o "\"executable\":\"[^\"]*/deps/$bench-[^\"]*\\.wasm\"" | tail -1 | cut -d'"' -f4)
  [ -n "$module" ] || { echo "no $bench module built in $dir" >&2; exit 1; }
  modules+=("$module")
done
export DIRGOLEM_BACKEND=${DIRGOLEM_BACKEND:-$default_backend}
read -r -a node_flags <<<"${NODE_FLAGS---no-liftoff}"
for i in $(seq "$runs"); do
  for k in "${!modules[@]}"; do
    echo "== ${*:k+1:1} run $i ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
    # The module runs in its checkout, where the benches find their data.
    (cd "$(cd "${*:k+1:1}" && pwd)" && node --no-warnings "${node_flags[@]}" "$runner" "${modules[$k]}" --bench 2>&1) |
      grep 'ratio' | grep -v 'against'
  done
done
