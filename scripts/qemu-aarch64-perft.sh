#!/usr/bin/env bash
# Executed instructions per leaf of perft on aarch64 under qemu-user, scalar against neon: the
# five CPW positions at the depths of BENCHMARKS.md's neon tables (start 4, Kiwipete 3,
# position 3 4, position 4 4, position 5 3), one thread, each run's count less that of `perft 1`
# of the same position and backend (start-up), divided by the leaves. qemu traces one line per
# executed instruction (Debian's qemu has no plugins); wall time under emulation means nothing.
#
# usage: scripts/qemu-aarch64-perft.sh AARCH64_DIRGOLEM_BINARY
# example (a Debian host: gcc-aarch64-linux-gnu, qemu-user):
#   rustup target add aarch64-unknown-linux-gnu   # .cargo/config.toml names the linker
#   cargo build --release --target aarch64-unknown-linux-gnu --bin dirgolem
#   scripts/qemu-aarch64-perft.sh target/aarch64-unknown-linux-gnu/release/dirgolem
set -euo pipefail
if [ $# -ne 1 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
bin=$1
command -v qemu-aarch64 >/dev/null || { echo "qemu-aarch64 is needed (apt-get install qemu-user)" >&2; exit 2; }
source "$(dirname "$0")/cpw-fens.sh"
declare -A depth=([s]=4 [k]=3 [3]=4 [4]=4 [5]=3) leaves
for p in "${!depth[@]}"; do leaves[$p]=${cpw_leaves[$p,${depth[$p]}]}; done
traced() { # executed instructions of `perft DEPTH FEN --backend B`
  qemu-aarch64 -L /usr/aarch64-linux-gnu -singlestep -d nochain,exec -D /dev/stdout \
    "$bin" perft "$1" "$2" --backend "$3" --threads 1 2>/dev/null | grep -c '^Trace'
}
echo "position depth leaves scalar neon scalar/leaf neon/leaf scalar/neon"
for p in s k 3 4 5; do
  nodes=$(qemu-aarch64 -L /usr/aarch64-linux-gnu "$bin" perft "${depth[$p]}" "${fen[$p]}" --threads 1 2>/dev/null | tail -n 1)
  [ "$nodes" = "nodes ${leaves[$p]}" ] || { echo "position $p: '$nodes', expected ${leaves[$p]} leaves" >&2; exit 1; }
  declare -A count
  for b in scalar neon; do
    count[$b]=$(( $(traced "${depth[$p]}" "${fen[$p]}" $b) - $(traced 1 "${fen[$p]}" $b) ))
  done
  awk -v p="$p" -v d="${depth[$p]}" -v l="${leaves[$p]}" -v s="${count[scalar]}" -v n="${count[neon]}" \
    'BEGIN { printf "%s %d %d %d %d %.2f %.2f %.2f\n", p, d, l, s, n, s / l, n / l, s / n }'
done
