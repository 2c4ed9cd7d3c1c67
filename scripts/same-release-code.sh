#!/usr/bin/env bash
# Whether a change left the optimised code as it was: for a change meant only for unoptimised
# builds (an engine's debug build), the tests, or the source's shape. Builds the tool (`cargo
# build --release`: every backend's entry points, the shipped settings) at BASE and in the
# working tree, disassembles both, takes out what moves with any change (addresses, jump
# targets, the comments objdump adds, symbol hashes), and compares them function by function.
# Prints "same code" and exits 0, or lists each function whose code differs with its number of
# instructions before and after, and exits 1; `diff` of the two listings it names shows where.
# What it does not cover: the values of constants in memory (a table's contents, a vector
# constant), and builds with other flags (`-C target-cpu=native`, as the benches are built).
#
# usage: scripts/same-release-code.sh BASE
#   BASE: a commit. Builds go to target/same-code/ (BASE as a git worktree there, kept for a
#   second run; `git worktree remove target/same-code/tree-<commit>` when done).
set -euo pipefail
if [ $# -ne 1 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
root=$(git rev-parse --show-toplevel)
cd "$root"
base=$(git rev-parse --verify --quiet "$1^{commit}") || {
  echo "not a commit: $1" >&2
  exit 2
}
out=target/same-code
tree=$out/tree-${base:0:12}
mkdir -p "$out"
[ -d "$tree" ] || git worktree add -q --detach "$tree" "$base"

# One line per instruction, each under a line naming its function.
listing() {
  objdump -d --no-show-raw-insn -C "$1" | sed -E -n '
    /^[0-9a-f]+ <.*>:$/ { s/^[0-9a-f]+ <(.*)>:$/FN \1/; s/::h[0-9a-f]{16}//g; p; n }
    /^ +[0-9a-f]+:/ {
      s/^ +[0-9a-f]+:\t//; s/[[:space:]]+# [0-9a-f]+ <.*>$//; s/[0-9a-f]+ <.*>$/ADDR/; s/0x[0-9a-f]+/X/g
      s/::h[0-9a-f]{16}//g; s/[[:space:]]+$//; p
    }'
}
echo "building $base (worktree $tree)"
(cd "$tree" && CARGO_TARGET_DIR="$root/$out/base" cargo build -q --release --bin dirgolem)
echo "building the working tree"
CARGO_TARGET_DIR="$out/new" cargo build -q --release --bin dirgolem
listing "$out/base/release/dirgolem" >"$out/base.s"
listing "$out/new/release/dirgolem" >"$out/new.s"
if cmp -s "$out/base.s" "$out/new.s"; then
  echo "same code ($(grep -c '^FN ' "$out/new.s") functions)"
  exit 0
fi
# Each function's instructions as one line, "name<TAB>instructions", compared by name; a name
# that several functions share (instances of one generic) is numbered in the order of the
# binary.
export LC_ALL=C
blocks() {
  awk '/^FN / { if (f) print f "\t" body; n[$0]++; f = substr($0, 4) " #" n[$0]; body = ""; next }
    { body = body $0 ";" } END { print f "\t" body }' "$1" | sort -t "$(printf '\t')" -k1,1
}
echo "functions whose code differs (instructions before -> after):"
join -t "$(printf '\t')" -a1 -a2 -e "(none)" -o 0,1.2,2.2 <(blocks "$out/base.s") <(blocks "$out/new.s") |
  awk -F '\t' '$2 != $3 {
      b = ($2 == "(none)") ? 0 : gsub(/;/, ";", $2); a = ($3 == "(none)") ? 0 : gsub(/;/, ";", $3)
      print "  " b " -> " a "\t" $1
    }'
echo "listings: $out/base.s, $out/new.s"
exit 1
