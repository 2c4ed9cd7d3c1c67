#!/usr/bin/env bash
# Whether rustc builds a returned list in the caller's return place or in a local copied out
# (a `memcpy` of the whole list): the question behind `legal_moves()`'s copy (BENCHMARKS.md,
# "Move lists (session 19): the list written in the return place"). A cut-down crate, a list laid
# out as `MoveList` and five functions that fill one through a writer and return it, compiled by
# the rustc on the PATH with -O (as a release build); for each, the number of `memcpy` calls in
# its assembly (0: written in place) and of `memset` calls (the fifth: whether the caller's
# zeroing is dropped; BENCHMARKS.md, "Move lists (session 22)").
#
# usage: scripts/return-place-probe.sh
set -euo pipefail
if [ $# -ne 0 ]; then
  sed -n '2,/^set /p' "$0" | grep '^#' >&2
  exit 2
fi
command -v rustc >/dev/null || { echo "rustc is needed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/probe.rs" <<'RUST'
// A list as `MoveList` is laid out: 264 two-byte moves and a length.
pub struct List {
    moves: [u16; 264],
    len: usize,
}

// The writer's interface, as `golem::list`'s `Out`.
trait Out {
    fn put(&mut self, m: u16);
}

impl Out for List {
    #[inline(always)]
    fn put(&mut self, m: u16) {
        self.moves[self.len % 256] = m;
        self.len += 1;
    }
}

// The list's array held by reference in a struct, as the fast writer holds it.
struct ArrayRef<'a> {
    moves: &'a mut [u16; 264],
    len: usize,
}

impl Out for ArrayRef<'_> {
    #[inline(always)]
    fn put(&mut self, m: u16) {
        self.moves[self.len % 256] = m;
        self.len += 1;
    }
}

// A small writer: one loop over a set.
#[inline(always)]
fn small<O: Out>(out: &mut O, set: u64) {
    let mut set = set;
    while set != 0 {
        out.put(set.trailing_zeros() as u16);
        set &= set - 1;
    }
}

// A writer past the MIR inliner's size threshold (which applies to `inline(always)` too).
#[inline(always)]
fn large<O: Out>(out: &mut O, sets: &[u64; 8]) {
    for (i, &set) in sets.iter().enumerate() {
        let mut set = set;
        while set != 0 {
            out.put(set.trailing_zeros() as u16 | (i as u16) << 6);
            set &= set - 1;
        }
        out.put(i as u16);
    }
    small(out, sets[0] ^ sets[7]);
    small(out, sets[1] ^ sets[6]);
    small(out, sets[2] ^ sets[5]);
}

#[no_mangle]
#[inline(never)]
pub fn small_writer_on_the_list(set: u64) -> List {
    let mut list = List { moves: [set as u16; 264], len: 0 };
    small(&mut list, set);
    list
}

#[no_mangle]
#[inline(never)]
pub fn small_writer_on_a_reference_to_the_array(set: u64) -> List {
    let mut list = List { moves: [set as u16; 264], len: 0 };
    let mut out = ArrayRef { moves: &mut list.moves, len: 0 };
    small(&mut out, set);
    list.len = out.len;
    list
}

#[no_mangle]
#[inline(never)]
pub fn large_writer_on_the_list(sets: &[u64; 8]) -> List {
    let mut list = List { moves: [sets[0] as u16; 264], len: 0 };
    large(&mut list, sets);
    list
}

// A writer kept out of line that first writes the whole list (all zeros, so one memset): LLVM
// infers that the call initializes the list and drops the caller's zeroing before it, but the
// pass that could then hand the call the return place (call-slot) ran before that.
#[inline(never)]
fn write_whole(list: &mut List, sets: &[u64; 8]) {
    *list = List { moves: [0; 264], len: 0 };
    large(list, sets);
}

#[no_mangle]
#[inline(never)]
pub fn out_of_line_writer_writing_the_whole_list(sets: &[u64; 8]) -> List {
    let mut list = List { moves: [0; 264], len: 0 };
    write_whole(&mut list, sets);
    list
}

#[cfg(target_arch = "x86_64")]
#[no_mangle]
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn small_writer_on_the_list_avx2(set: u64) -> List {
    let mut list = List { moves: [set as u16; 264], len: 0 };
    small(&mut list, set);
    list
}
RUST
rustc --edition 2021 --crate-type=lib -O --emit=asm "$tmp/probe.rs" -o "$tmp/probe.s"
echo "$(rustc --version), -O: memcpy calls in each function (0: the list is written in place), memset calls"
# The calls to $2 in function $1 of the probe's assembly.
calls() {
  awk -v f="^$1:" -v callee="$2" '$0 ~ f {p=1} p && $0 ~ callee {c++} p && /\.cfi_endproc/ {print c + 0; exit}' \
    "$tmp/probe.s"
}
for f in small_writer_on_the_list small_writer_on_a_reference_to_the_array \
  large_writer_on_the_list small_writer_on_the_list_avx2 \
  out_of_line_writer_writing_the_whole_list; do
  grep -q "^$f:" "$tmp/probe.s" || continue
  printf '  %-45s %s  %s\n' "$f" "$(calls "$f" memcpy)" "$(calls "$f" memset)"
done
