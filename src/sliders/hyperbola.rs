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
//! one of its squares. A rank lies within one byte, so for ranks the reversal is the full bit
//! reversal (`u64::reverse_bits`, which maps the rank onto its mirror rank, reversed).
//!
//! Tables: one line mask per square and line kind, 4 × 64 × 8 bytes = 2 KiB, built by `const fn`
//! at compile time.

use super::{SliderAttacks, TableBuild, ray};
use crate::{Bitboard, Square};

const fn build_masks() -> [[u64; 64]; 4] {
    let mut table = [[0u64; 64]; 4];
    let mut sq = 0;
    while sq < 64 {
        table[0][sq] = ray(sq, 1, 0) | ray(sq, -1, 0); // rank
        table[1][sq] = ray(sq, 0, 1) | ray(sq, 0, -1); // file
        table[2][sq] = ray(sq, 1, 1) | ray(sq, -1, -1); // diagonal
        table[3][sq] = ray(sq, -1, 1) | ray(sq, 1, -1); // anti-diagonal
        sq += 1;
    }
    table
}

/// `MASKS[kind][sq]`: the line through `sq` without `sq`, for kinds rank, file, diagonal,
/// anti-diagonal.
static MASKS: [[u64; 64]; 4] = build_masks();

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
        Bitboard(
            line(o, r, MASKS[0][s], u64::reverse_bits) | line(o, r, MASKS[1][s], u64::swap_bytes),
        )
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o, r) = (sq as usize, occupied.0, sq.bitboard().0);
        Bitboard(
            line(o, r, MASKS[2][s], u64::swap_bytes) | line(o, r, MASKS[3][s], u64::swap_bytes),
        )
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&MASKS)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::CompileTime
    }
}
