//! Hyperbola quintessence: the `o ^ (o - 2r)` trick applied to one line at a time, in both
//! directions at once by reversing the line.
//!
//! With `o` the occupancy of the line through the slider (the slider's square left out) and `r`
//! the slider's bit, `o - r` borrows through the empty squares above the slider up to and
//! including the first blocker: exactly the attacks towards higher square numbers (plus the
//! squares beyond the line, which the line mask removes). The attacks towards lower numbers
//! are the same subtraction on the reversed line, reversed back:
//!
//! ```text
//! forward = o & mask;  reverse = rev(forward);
//! forward -= r;        reverse -= rev(r);
//! attacks = (forward ^ rev(reverse)) & mask;
//! ```
//!
//! For files and both diagonals a byte swap reverses the line, since each rank holds at most
//! one of its squares. A rank lies within one byte, where a byte swap does nothing useful; as
//! usual with this technique, rank attacks come from a small first-rank table instead:
//! `FIRST_RANK[file][inner six bits of the rank]`, shifted to the rank. (A full bit reversal,
//! `u64::reverse_bits`, would also do, but x86-64 has no instruction for it and it took longer
//! than the rest of the rook attack.)
//!
//! Tables: masks for files, diagonals and anti-diagonals, 3 × 64 × 8 bytes, and the first-rank
//! attacks, 8 × 64 bytes; 2 KiB in all, built by `const fn` at compile time.

use super::{SliderAttacks, TableBuild, ray};
use crate::{Bitboard, Square};

const fn build_masks() -> [[u64; 64]; 3] {
    let mut table = [[0u64; 64]; 3];
    let mut sq = 0;
    while sq < 64 {
        table[0][sq] = ray(sq, 0, 1) | ray(sq, 0, -1); // file
        table[1][sq] = ray(sq, 1, 1) | ray(sq, -1, -1); // diagonal
        table[2][sq] = ray(sq, -1, 1) | ray(sq, 1, -1); // anti-diagonal
        sq += 1;
    }
    table
}

const fn build_first_rank() -> [[u8; 64]; 8] {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            // Rank 1 with the slider on `file` and b1..g1 taken as the bits of `inner` say.
            let occupied = (inner as u64) << 1;
            let east = ray(file, 1, 0) ^ ray_beyond(file, occupied, 1);
            let west = ray(file, -1, 0) ^ ray_beyond(file, occupied, -1);
            table[file][inner] = (east | west) as u8;
            inner += 1;
        }
        file += 1;
    }
    table
}

/// The part of the rank-1 ray from `file` in direction `step` behind its first blocker.
const fn ray_beyond(file: usize, occupied: u64, step: i32) -> u64 {
    let mut f = file as i32 + step;
    while f >= 0 && f <= 7 {
        if occupied >> f & 1 != 0 {
            return ray(f as usize, step, 0);
        }
        f += step;
    }
    0
}

/// `MASKS[kind][sq]`: the line through `sq` without `sq`, for kinds file, diagonal,
/// anti-diagonal.
static MASKS: [[u64; 64]; 3] = build_masks();

/// `FIRST_RANK[file][inner]`: the attacks along rank 1 of a rook on `file` when the six inner
/// squares b1..g1 are taken as the bits of `inner` say.
static FIRST_RANK: [[u8; 64]; 8] = build_first_rank();

/// Rank attacks by the first-rank table.
#[inline(always)]
fn rank_attacks(sq: usize, occupied: u64) -> u64 {
    let rank_shift = sq & 56;
    let inner = (occupied >> (rank_shift + 1)) & 63;
    (FIRST_RANK[sq & 7][inner as usize] as u64) << rank_shift
}

/// The attacks along one line; `rev` reverses the order of the line's squares.
#[inline(always)]
fn line(occupied: u64, slider: u64, mask: u64, rev: impl Fn(u64) -> u64) -> u64 {
    let forward = occupied & mask;
    let reverse = rev(forward);
    let forward = forward.wrapping_sub(slider);
    let reverse = reverse.wrapping_sub(rev(slider));
    (forward ^ rev(reverse)) & mask
}

/// The hyperbola-quintessence technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hyperbola;

impl SliderAttacks for Hyperbola {
    fn name(&self) -> &'static str {
        "hyperbola"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o, r) = (sq as usize, occupied.0, sq.bitboard().0);
        Bitboard(rank_attacks(s, o) | line(o, r, MASKS[0][s], u64::swap_bytes))
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o, r) = (sq as usize, occupied.0, sq.bitboard().0);
        Bitboard(
            line(o, r, MASKS[1][s], u64::swap_bytes) | line(o, r, MASKS[2][s], u64::swap_bytes),
        )
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&MASKS) + size_of_val(&FIRST_RANK)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::CompileTime
    }
}
