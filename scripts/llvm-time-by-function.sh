#!/usr/bin/env bash
# Where a release build of the crate spends its compile time, by function: LLVM's time trace
# (`-Z llvm-time-trace`, a rustc flag of nightly builds, which RUSTC_BOOTSTRAP=1 lets the pinned
# toolchain take), the time of every pass that names a function summed by function.
#
#   scripts/llvm-time-by-function.sh [lib|unit-tests] [TOP=15]
#
#   lib         the library (`cargo rustc --release --lib`)
#   unit-tests  the crate's unit tests (`cargo test --release --lib --no-run`); the flag goes
#               through RUSTFLAGS, so every dependency is rebuilt once in the target directory
#
# Builds in target/llvm-time-trace (its own, as the flag changes every unit's hash) and prints
# the total and the TOP functions by seconds; `[module]` and the codegen passes are not charged
# to one function. Needs python3. BENCHMARKS.md, "CI time (session 21)", has what it showed.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-lib}
top=${2:-15}
export CARGO_TARGET_DIR=target/llvm-time-trace
export RUSTC_BOOTSTRAP=1
case "$what" in
  lib)
    touch src/lib.rs # so that the library is compiled again, with the trace
    cargo rustc --release --lib -- -Z llvm-time-trace
    ;;
  unit-tests)
    touch src/lib.rs
    RUSTFLAGS="-Z llvm-time-trace" cargo test --release --lib --no-run
    ;;
  *)
    echo "usage: scripts/llvm-time-by-function.sh [lib|unit-tests] [TOP]" >&2
    exit 2
    ;;
esac
# The newest trace of this crate: the unit just built.
trace=$(ls -t "$CARGO_TARGET_DIR"/release/deps/dirgolem-*.llvm_timings.json | head -1)
echo "trace: $trace"
python3 - "$trace" "$top" <<'EOF'
import collections, json, re, sys

events = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("ph") == "X"]
# Pass managers and adaptors contain the passes they run: count the passes alone.
containers = re.compile(r"Adaptor|PassManager|Wrapper|Repeated|^Total")
seconds = collections.Counter()
for e in events:
    if containers.search(e["name"]):
        continue
    detail = e.get("args", {}).get("detail", "")
    symbol = re.search(r"(_R\w+)", detail)
    seconds[symbol.group(1) if symbol else detail[:60] or e["name"]] += e["dur"] / 1e6
print(f"{sum(seconds.values()):8.1f} s in all")
for name, s in seconds.most_common(int(sys.argv[2])):
    # A v0 mangled name's end names the function and its type parameters.
    print(f"{s:8.2f}  {name[-90:]}")
EOF
