#!/usr/bin/env bash
# The "nothing slower than before" check of one backend: an older commit against the working
# tree, side by side on this machine. Builds, for each, the bench binary of
# benches/peers_paired.rs (RUSTFLAGS="-C target-cpu=native", as the README's figures) and the
# shipped `dirgolem` (cargo build --release), then alternates them: perft and move lists
# against cozy-chess (scripts/paired-ab.sh, RUNS runs each) and `dirgolem bench --backend B`
# (RUNS rounds). Ratios to cozy-chess are measured in one process each, so they can be compared
# across the two builds; Mnps of `dirgolem bench` only within this run. Ends with a summary:
# each line's figures of every run, BASE first.
#
# usage: scripts/compare-commits.sh BASE [BACKEND] [RUNS]
#   BASE: a commit (the last one measured on this kind of CPU); BACKEND: default avx512 (the
#   check that an AVX-512 machine's session owes); RUNS: default 3.
# example: scripts/compare-commits.sh 7108bb3 avx512
# On a CPU with AVX-512, the bench of any other backend is built with `-C
# target-feature=-avx512f` too (as scripts/speed-bars.sh says, a backend's entry points take
# the build's features as well as their own: in a plain native build the avx2 and sse2 entries
# would hold AVX-512 code), in target directories of their own.
# Builds go to target/compare/ (kept, so a second run does not build again; BASE is checked
# out there as a git worktree: `git worktree remove target/compare/tree-<commit>` when done); a
# build takes a few minutes. Run nothing else meanwhile: the figures are times.
set -euo pipefail
if [ $# -lt 1 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
base=$1; backend=${2:-avx512}; runs=${3:-3}
root=$(git rev-parse --show-toplevel)
cd "$root"
base_sha=$(git rev-parse --verify --quiet "$base^{commit}") ||
  { echo "not a commit: '$base'" >&2; exit 2; }
short=$(git rev-parse --short "$base_sha")
out=$root/target/compare
mkdir -p "$out"
bench_flags="-C target-cpu=native"
variant=""
if [ "$backend" != avx512 ] && grep -qw avx512f /proc/cpuinfo; then
  bench_flags="$bench_flags -C target-feature=-avx512f"
  variant="-no-avx512"
fi

# Builds the checkout in $1 with the target directory $2; prints the bench binary's path, then
# the shipped binary's.
build() {
  local src=$1 target=$2 bench shipped
  shipped=${target%-no-avx512}-shipped # the shipped build has no RUSTFLAGS: one for both
  (cd "$src" && CARGO_TARGET_DIR=$target RUSTFLAGS="$bench_flags" \
    cargo bench --no-run --bench peers_paired 2>&1) >"$target.log" ||
    { cat "$target.log" >&2; exit 1; }
  bench=$(grep -o 'Executable benches/peers_paired.rs (.*)' "$target.log" | tail -1 |
    sed 's/.*(\(.*\))/\1/')
  (cd "$src" && CARGO_TARGET_DIR=$shipped cargo build --release --bin dirgolem 2>&1) \
    >>"$target.log" || { cat "$target.log" >&2; exit 1; }
  echo "$bench"
  echo "$shipped/release/dirgolem"
}

tree=$out/tree-$short
if [ ! -d "$tree" ]; then
  git worktree add --detach --quiet "$tree" "$base_sha"
fi
echo "building $short and the working tree (logs in $out)" >&2
mapfile -t base_bins < <(build "$tree" "$out/target-$short$variant")
mapfile -t head_bins < <(build "$root" "$out/target-head$variant")
for bin in "${base_bins[@]}" "${head_bins[@]}" ""; do
  [ -z "$bin" ] && break
  [ -x "$bin" ] || { echo "a build failed (logs in $out)" >&2; exit 1; }
done
[ ${#base_bins[@]} -eq 2 ] && [ ${#head_bins[@]} -eq 2 ] ||
  { echo "a build failed (logs in $out)" >&2; exit 1; }

if ! "${head_bins[1]}" perft 1 --backend "$backend" >/dev/null 2>&1; then
  echo "this CPU cannot run the $backend backend:" >&2
  "${head_bins[1]}" perft 1 --backend "$backend" >&2 || true
  exit 1
fi

log=$out/run-$short-$backend.txt
{
  echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "bench built with RUSTFLAGS=\"$bench_flags\""
  echo "base $short against the working tree at $(git rev-parse --short HEAD)" \
    "($(git status --porcelain | grep -c . || true) files changed), backend $backend"
  scripts/paired-ab.sh perft "$runs" base "${base_bins[0]}" head "${head_bins[0]}" "$backend"
  scripts/paired-ab.sh lists "$runs" base "${base_bins[0]}" head "${head_bins[0]}" "$backend"
  for i in $(seq "$runs"); do
    for side in base head; do
      if [ $side = base ]; then bin=${base_bins[1]}; else bin=${head_bins[1]}; fi
      echo "== $side run $i: dirgolem bench --backend $backend"
      "$bin" bench --backend "$backend" | grep "^$backend "
    done
  done
} | tee "$log"

# The summary: for each line (a perft position, a move job on a set, a bench position), the
# figure of every run of each side: the ratio to cozy-chess, or the bench's Mnps.
echo
echo "summary (ratio to cozy-chess, higher is faster; bench: Mnps)"
awk -v backend="$backend" '
  /^== / { side = $2; next }
  /^move jobs on / { set = $4; sub(":", "", set); next }
  / ratio / {
    label = $1
    # A move job: its name is the words between the backend and "dirgolem" ("lists",
    # "lists v list"), then the set.
    if ($1 == backend) {
      label = $2
      for (i = 3; i <= NF && $i != "dirgolem"; i++) label = label " " $i
      label = label " " set
    }
    for (i = 1; i < NF; i++) if ($i == "ratio") value = $(i + 1)
    add(label, side, value); next
  }
  # A bench position line: backend, position, depth, nodes, seconds, Mnps, rounds.
  $1 == backend && NF >= 7 && $2 != "position" { add("bench " $2, side, $6) }
  function add(label, side, value) {
    if (!(label in seen)) { seen[label] = 1; order[++n] = label }
    fig[label, side] = fig[label, side] " " value
  }
  END {
    for (k = 1; k <= n; k++)
      printf "%-22s base%-24s head%s\n", order[k], fig[order[k], "base"], fig[order[k], "head"]
  }
' "$log"
