#!/usr/bin/env bash
# The speed issue's bars (issue 15) measured on this x86-64 machine in one sitting, with a
# PASS/FAIL table at the end, so that a new CPU (the AVX2-only Zen 3 among them) is checked by
# one command. Each measure runs RUNS times (default 3); a bar is judged on the median of the
# runs, and every run's figure is shown beside it. Bars and measures:
#
#   avx2 perft         cozy-chess time / dirgolem time, each of the five CPW positions at the
#                      depths of `dirgolem bench` (benches/peers_paired.rs, PAIRED_JOBS=perft,
#                      7 alternating rounds a run, the fastest round of each side): 3.5
#   avx2 / sse2 lists  the same ratio for `legal_moves()` lists and `for_each_legal_move`
#                      (PAIRED_JOBS=lists, 9 rounds), on the representative set of 20,000 game
#                      positions: avx2 1.5, sse2 1.2; on the small replayed set: 1.0 (whether
#                      that bar covers sse2 is a question put to the issue's owner)
#   sse2 / scalar      `dirgolem bench --json`, sse2 Mnps / scalar Mnps (each the fastest of
#                      the bench's rounds), each position: 1.5
#   threads            `dirgolem perft 7 --threads 1` time / `--threads 2` time (start
#                      position, the default backend), on a machine with 2 cores or more: 1.8
#
# Not here: the neon bar (executed instructions under qemu-aarch64,
# scripts/qemu-aarch64-perft.sh, about 5 minutes) and "nothing slower on avx512", which compares
# two builds (scripts/paired-ab.sh). Rows of a backend the CPU lacks are skipped.
#
# The CLI is the shipped build (cargo build --release); peers_paired is built with
# RUSTFLAGS="-C target-cpu=native" (cozy-chess's best build) in target/speed-bars, and on a CPU
# with AVX-512 also with `-C target-feature=-avx512f`. A backend's entry points are compiled
# with the build's features and their own, so in a plain native build on such a CPU the avx2
# entries hold AVX-512 code (EVEX ternary logic, 32 registers, mask registers): not what an
# AVX2-only CPU runs, and on the Xeon of session 32 3 to 10 % faster on the lists and 17 to 20 %
# on perft. Without AVX-512 they are AVX2 code, as the shipped build's are; cozy-chess, scalar
# code with BMI2, runs as fast either way (BENCHMARKS.md, "The avx2 backend measured as AVX2").
# The sse2 rows run in the same build, so there the sse2 entries may use the AVX2 encodings of
# SSE2's instructions, as in a Zen 3's native build (the README's shipped-build row measures
# them as SSE2 code). Run on a quiet machine: other load moves the ratios. Takes about 5
# minutes after the builds.
#
# usage: scripts/speed-bars.sh [RUNS]
set -euo pipefail
runs=${1:-3}
case $runs in '' | *[!0-9]* | 0) echo "RUNS must be a positive number, not '$runs'" >&2; exit 2 ;; esac
[ "$(uname -m)" = x86_64 ] || { echo "for x86-64 machines (neon: scripts/qemu-aarch64-perft.sh)" >&2; exit 2; }
cd "$(dirname "$0")/.."

echo "CPU: $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" \
  "(family $(grep -m1 '^cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')," \
  "model $(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')), $(nproc) cores"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(rustc --version)"

cargo build --release --quiet --bin dirgolem
cli=target/release/dirgolem
bench_flags="-C target-cpu=native"
if grep -qw avx512f /proc/cpuinfo; then bench_flags="$bench_flags -C target-feature=-avx512f"; fi
echo "peers_paired built with RUSTFLAGS=\"$bench_flags\""
peers=$(RUSTFLAGS="$bench_flags" CARGO_TARGET_DIR=target/speed-bars \
  cargo bench --no-run --bench peers_paired --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*peers_paired[^"]*\)".*/\1/p' | tail -n 1)
[ -x "$peers" ] || { echo "could not build benches/peers_paired.rs" >&2; exit 1; }
# The avx2 perft recursion holds no AVX-512 instruction (EVEX ternary logic, registers 16 to
# 31, zmm or mask registers): else the avx2 rows would measure other code than an AVX2 CPU's.
if command -v objdump >/dev/null; then
  read -r found evex < <(objdump -d --no-show-raw-insn -C "$peers" | awk '
    /^[0-9a-f]+ </ { inside = index($0, "avx2::Avx2>::perft_batched>:") > 0; found += inside }
    inside && /vpternlog|%[xy]mm(1[6-9]|2[0-9]|3[01])|%zmm|%k[0-7]/ { n++ }
    END { print found + 0, n + 0 }')
  [ "$found" -gt 0 ] || { echo "no avx2 perft_batched in $peers (renamed?)" >&2; exit 1; }
  [ "$evex" -eq 0 ] || { echo "the avx2 entries hold $evex AVX-512 instructions" >&2; exit 1; }
fi

backends=$("$cli" backends)
has() { grep -q "^$1 available" <<<"$backends"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One line per figure: the bar's row (its order kept), the bar, the figure.
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$tmp/figures"; }

for run in $(seq "$runs"); do
  echo "run $run of $runs ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))" >&2
  if has avx2; then
    DIRGOLEM_BACKEND=avx2 PAIRED_JOBS=perft PAIRED_ROUNDS=7 "$peers" --bench >"$tmp/perft"
    awk '/ dirgolem .* ratio / { for (i = 1; i < NF; i++) if ($i == "ratio") print $1, $(i + 1) }' \
      "$tmp/perft" >"$tmp/ratios"
    [ "$(wc -l <"$tmp/ratios")" -eq 5 ] || { cat "$tmp/perft" >&2; echo "unexpected perft output" >&2; exit 1; }
    while read -r position ratio; do record "avx2 perft, $position" 3.5 "$ratio"; done <"$tmp/ratios"
  fi
  for backend in avx2 sse2; do
    has "$backend" || continue
    if [ "$backend" = avx2 ]; then games_bar=1.5; else games_bar=1.2; fi
    DIRGOLEM_BACKEND=$backend PAIRED_JOBS=lists PAIRED_ROUNDS=9 "$peers" --bench >"$tmp/lists"
    awk -v b="$backend" '
      /^move jobs on / { set = $4; sub(":", "", set) }
      $1 == b && ($2 == "lists" || $2 == "callbacks") && $3 == "dirgolem" {
        for (i = 1; i < NF; i++) if ($i == "ratio") print set, $2, $(i + 1) }' \
      "$tmp/lists" >"$tmp/ratios"
    [ "$(wc -l <"$tmp/ratios")" -eq 4 ] || { cat "$tmp/lists" >&2; echo "unexpected lists output" >&2; exit 1; }
    while read -r set job ratio; do
      if [ "$job" = lists ]; then call="legal_moves()"; else call="for_each_legal_move"; fi
      if [ "$set" = games ]; then bar=$games_bar; else bar=1.0; fi
      record "$backend $call, $set set" "$bar" "$ratio"
    done <"$tmp/ratios"
  done
  if has sse2; then
    for backend in scalar sse2; do
      "$cli" bench --json --backend "$backend" |
        grep -o '"name":"[a-z0-9]*","depth":[0-9]*,"nodes":[0-9]*,"seconds":[0-9.]*,"mnps":[0-9.]*,"rounds":[0-9]*,"correct":true' |
        sed 's/"name":"\([a-z0-9]*\)".*"mnps":\([0-9.]*\).*/\1 \2/' >"$tmp/$backend"
    done
    [ "$(wc -l <"$tmp/sse2")" -eq 5 ] && [ "$(wc -l <"$tmp/scalar")" -eq 5 ] ||
      { echo "unexpected bench output (or a wrong count)" >&2; exit 1; }
    paste -d' ' "$tmp/sse2" "$tmp/scalar" | while read -r position sse2 same scalar; do
      [ "$position" = "$same" ] || { echo "bench positions out of order" >&2; exit 1; }
      record "sse2 / scalar perft, $position" 1.5 "$(awk -v a="$sse2" -v b="$scalar" 'BEGIN { printf "%.2f", a / b }')"
    done
  fi
  if [ "$(nproc)" -ge 2 ]; then
    seconds() { "$cli" perft 7 --threads "$1" 2>&1 >/dev/null | sed -n 's/^time \([0-9.]*\) s.*/\1/p'; }
    one=$(seconds 1); two=$(seconds 2)
    [ -n "$one" ] && [ -n "$two" ] || { echo "unexpected perft output" >&2; exit 1; }
    record "threads: perft 7, 2 threads against 1" 1.8 "$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')"
  fi
done

echo
awk -F'\t' '
  !($1 in n) { order[++rows] = $1; bar[$1] = $2 }
  { v[$1, ++n[$1]] = $3 }
  END {
    failed = 0
    printf "%-44s %5s %7s  %-6s %s\n", "bar", "need", "median", "", "runs"
    for (r = 1; r <= rows; r++) {
      k = order[r]; m = n[k]
      for (i = 1; i <= m; i++) s[i] = v[k, i] + 0
      for (i = 2; i <= m; i++) for (j = i; j > 1 && s[j - 1] > s[j]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
      med = m % 2 ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2
      list = ""
      for (i = 1; i <= m; i++) list = list (i > 1 ? ", " : "") v[k, i]
      ok = med >= bar[k]
      if (!ok) failed++
      printf "%-44s %5s %7.2f  %-6s %s\n", k, bar[k], med, ok ? "PASS" : "FAIL", list
    }
    printf "\n%d of %d bars failed\n", failed, rows
    exit failed > 0
  }' "$tmp/figures"
