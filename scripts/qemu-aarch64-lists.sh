#!/usr/bin/env bash
# Executed instructions per move list on aarch64 under qemu-user: one pass of a move job of
# benches/peers_paired.rs (PAIRED_ONCE) over one set, counted from the entry of the function
# `counted_pass` to its return, divided by the positions of the pass. The aarch64 counterpart
# of scripts/callgrind-lists.sh (valgrind has no aarch64 guest here): qemu traces one line per
# executed instruction (Debian's qemu has no plugins), and wall time under emulation means
# nothing, so this counts instructions only, not mispredicts.
#
# usage: scripts/qemu-aarch64-lists.sh AARCH64_PEERS_PAIRED_BINARY SET [JOB:BACKEND ...]
#   SET: replayed (the 1000 positions of the replayed set) or games (the first
#        LIST_POSITIONS positions of the games set, default 500 here: its positions are
#        built by playing random games, which under tracing takes about a minute per 500)
#   JOB: lists (legal_moves()), callbacks (for_each_legal_move), refills (fill_legal into one
#        list), cozy (cozy-chess's callback) or cozy-list (cozy-chess's moves collected into a
#        list returned by value); BACKEND: scalar or neon (ignored by the cozy jobs).
#   Default jobs: lists:neon callbacks:neon refills:neon lists:scalar cozy:neon cozy-list:neon
# example (a Debian host: gcc-aarch64-linux-gnu, qemu-user):
#   rustup target add aarch64-unknown-linux-gnu   # .cargo/config.toml names the linker
#   cargo bench --no-run --bench peers_paired --target aarch64-unknown-linux-gnu
#   scripts/qemu-aarch64-lists.sh \
#     target/aarch64-unknown-linux-gnu/release/deps/peers_paired-<hash> replayed
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
bin=$1; set=$2; shift 2
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] ||
  jobs=(lists:neon callbacks:neon refills:neon lists:scalar cozy:neon cozy-list:neon)
case $set in
  replayed | games) ;;
  *) echo "SET must be replayed or games, not '$set'" >&2; exit 2 ;;
esac
command -v qemu-aarch64 >/dev/null || { echo "qemu-aarch64 is needed (apt-get install qemu-user)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 2; }
# The entry addresses of every copy of `counted_pass` (one per job), relative to the binary.
starts=$(nm "$bin" | awk '/counted_pass/ { print $1 }' | paste -sd, -)
[ -n "$starts" ] || { echo "$bin has no counted_pass symbol (a peers_paired bench binary?)" >&2; exit 2; }
export LIST_POSITIONS=${LIST_POSITIONS:-500}
for job_backend in "${jobs[@]}"; do
  job=${job_backend%%:*}; backend=${job_backend#*:}
  [ "$backend" != "$job_backend" ] || backend=neon
  # The trace and the program's output share one stream. Each trace line holds the guest's
  # program counter; qemu-user loads a position-independent executable at 0x5500000000.
  # Counting starts at the first instruction of `counted_pass` and stops at the instruction
  # after the call that entered it; the program then prints the positions of the pass.
  DIRGOLEM_BACKEND=$backend PAIRED_ONCE=$job PAIRED_SET=$set qemu-aarch64 \
    -L /usr/aarch64-linux-gnu -singlestep -d nochain,exec -D /dev/stdout "$bin" --bench \
    2>/dev/null | python3 -c '
import re, sys
base = 0x5500000000
starts = {base + int(a, 16) for a in sys.argv[1].split(",")}
job, backend, set_name = sys.argv[2:5]
prev = ret = None
n = 0
done = False
positions = None
for line in sys.stdin:
    if not line.startswith("Trace"):
        m = re.search(r"(\d+) positions", line)
        if m and positions is None:
            positions = int(m.group(1))
        continue
    if done:
        continue
    pc = int(line.split("/", 2)[1], 16)
    if ret is None:
        if pc in starts:
            ret, n = prev + 4, 1
    elif pc == ret:
        done = True
    else:
        n += 1
    prev = pc
if not done or not positions:
    sys.exit(f"{job} ({backend}): no count (the pass not traced, or no positions printed)")
print(f"{backend} {job} {set_name}: instructions {n / positions:.1f} per list ({positions} lists)")
' "$starts" "$job" "$backend" "$set"
done
