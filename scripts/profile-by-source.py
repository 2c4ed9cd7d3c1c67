#!/usr/bin/env python3
"""Where a profiled run of the tool spent its time, instructions or mispredicts, charged to
the source lines of the generator that the hot code was inlined from.

perft's recursion, its count and the list writer are all inlined into a backend's few entry
points, so a profile by function says only "perft_batched". Each sampled or counted
instruction address is resolved here with its whole inline stack (addr2line -i), and charged
to the frame of a chosen function: by the line in it (`--function count_legal`), or to the
outermost frames of a chosen set (`--phases`).

Inputs, from a build with line tables
(CARGO_PROFILE_RELEASE_DEBUG=line-tables-only CARGO_TARGET_DIR=/tmp/prof cargo build --release):
  callgrind, per instruction (repeatable on a loaded machine):
    valgrind --tool=callgrind --dump-instr=yes [--branch-sim=yes] --callgrind-out-file=OUT \\
      BIN perft 6 FEN --backend avx2 --threads 1
    scripts/profile-by-source.py BIN --callgrind OUT [--event Bcm] ...
  perf, timer samples (time, where the CPU gives no hardware counters, as a KVM guest may not):
    perf record -e cpu-clock -F 10000 -o OUT BIN perft 8 FEN --backend avx2 --threads 1
    scripts/profile-by-source.py BIN --perf OUT ...
A timer sample is charged to the instruction the CPU had not yet retired, often the one
after a long wait: read its lines as "about here".

examples:
  scripts/profile-by-source.py /tmp/prof/release/dirgolem --perf perf.data --phases
  scripts/profile-by-source.py /tmp/prof/release/dirgolem --callgrind cg.out --function count_legal
"""
import argparse
import collections
import re
import subprocess
import sys

# The generator's phases, as the functions perft inlines them from.
PHASES = [
    "count_replies", "count_rest", "count_plain_from_parent", "count_from_parent",
    "count_and_clear", "push", "generate", "fill_list_from", "make_board",
    "count_legal", "make_mirrored", "make", "count_by", "count_changed_from_parent",
]


def callgrind_costs(path, event):
    """Cost of `event` per instruction address, from a callgrind file written with
    --dump-instr=yes."""
    events, costs, addr, after_calls = None, collections.Counter(), 0, False
    for line in open(path):
        if line.startswith("events:"):
            events = line.split()[1:]
            if event not in events:
                sys.exit(f"{path} has no event {event} (it has {' '.join(events)})")
            column = 2 + events.index(event)
            continue
        if line.startswith("calls="):
            after_calls = True  # the next cost line is the call's inclusive cost
            continue
        first = line[:1]
        if not (first.isdigit() or first in "+-*"):
            continue
        fields = line.split()
        position = fields[0]
        if position.startswith("0x"):
            addr = int(position, 16)
        elif position[0] in "+-":
            addr += int(position)
        elif position != "*":
            addr = int(position)
        if after_calls:
            after_calls = False
            continue
        if events is not None and len(fields) > column:
            costs[addr] += int(fields[column])
    return costs


def perf_costs(path, binary):
    """Samples per address of `binary`'s code, from `perf script`: symbol plus offset, turned
    into the address in the file by the symbol's value (the run's load address drops out)."""
    symbols = {}
    listing = subprocess.run(["nm", "-C", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        m = re.match(r"([0-9a-f]+) [tT] (.*)$", line)
        if m:
            symbols[m.group(2)] = int(m.group(1), 16)
    out = subprocess.run(["perf", "script", "-i", path, "-F", "ip,sym,symoff"],
                         capture_output=True, text=True).stdout
    costs = collections.Counter()
    for line in out.splitlines():
        m = re.match(r"\s*[0-9a-f]+\s+(.*)\+0x([0-9a-f]+)\s*$", line)
        if m and m.group(1) in symbols:
            costs[symbols[m.group(1)] + int(m.group(2), 16)] += 1
    return costs


def inline_stacks(binary, addresses):
    """Each address's inline stack, innermost first: (function, file:line) pairs, the line
    being where in that function the frame inside it sits (addr2line -i's pairs, but for the
    outermost name, which addr2line gives for the innermost location)."""
    text = "\n".join(hex(a) for a in addresses)
    out = subprocess.run(["addr2line", "-e", binary, "-i", "-f", "-C", "-a"],
                         input=text, capture_output=True, text=True).stdout.splitlines()
    stacks, current = {}, None
    for line in out:
        if line.startswith("0x"):
            current = int(line, 16)
            stacks[current] = []
        elif current is not None:
            stacks[current].append(line)
    result = {}
    for addr, lines in stacks.items():
        # lines: name, location, name, location, ...; the first name is the physical
        # function's, the first location the innermost one.
        names = lines[2::2]
        locations = lines[3::2]
        innermost = lines[1] if len(lines) > 1 else "?"
        result[addr] = (innermost, list(zip(names, locations)))
    return result


def short(name):
    """A function's name without its path and generic arguments."""
    return re.sub(r"<.*", "", name).split("::")[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--callgrind", metavar="OUT")
    source.add_argument("--perf", metavar="OUT")
    parser.add_argument("--event", default="Ir", help="callgrind event (Ir, Bcm, ...)")
    parser.add_argument("--function", help="charge to the lines of this function")
    parser.add_argument("--phases", action="store_true", help="charge to the outermost phases")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    costs = (callgrind_costs(args.callgrind, args.event) if args.callgrind
             else perf_costs(args.perf, args.binary))
    total = sum(costs.values())
    if total == 0:
        sys.exit("no cost found (a build without line tables, or another binary?)")
    stacks = inline_stacks(args.binary, [a for a, c in costs.items() if c])
    charged = collections.Counter()
    for addr, cost in costs.items():
        innermost, frames = stacks.get(addr, ("?", []))
        if args.function:
            key = next((loc.split("/")[-1] for name, loc in frames
                        if short(name) == args.function), None)
            if key is None:
                continue
        elif args.phases:
            found = [short(name) for name, _ in frames if short(name) in PHASES]
            key = " < ".join(found[-3:]) or "(elsewhere)"
        else:
            key = innermost.split("/")[-1]
        charged[key] += cost
    what = args.event if args.callgrind else "samples"
    print(f"{total} {what} in all")
    for key, cost in charged.most_common(args.top):
        print(f"{100 * cost / total:5.1f} %  {key}")


if __name__ == "__main__":
    main()
