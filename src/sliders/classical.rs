//! Classical ray attacks (Hyatt, seed 001, section 2): a ray mask per square and direction, and a
//! bit scan for the first blocker on each ray.
//!
//! For each of the eight directions Hyatt keeps a table of rays from every square to the edge
//! of the board (`plus1, plus7, plus8, plus9, minus1, minus7, minus8, minus9`). The occupied
//! squares on a ray are its blockers; the one nearest the slider is found by a bit scan, and
//! the part of the ray behind it is removed with an exclusive or of that blocker's own ray:
//!
//! ```text
//! diag_attacks = plus7[sq]; blockers = diag_attacks & occupied;
//! attacks |= diag_attacks ^ plus7[FirstOne(blockers)];
//! ```
//!
//! Port to our squares: Hyatt numbers bits from the other end (his bit 0 is the most
//! significant), so his `FirstOne` on a "plus" ray is our lowest set bit (`trailing_zeros`)
//! and his `LastOne` on a "minus" ray our highest (`leading_zeros`). With a1 = bit 0 the plus
//! rays go towards higher square numbers: `plus1` = east, `plus7` = north-west, `plus8` =
//! north, `plus9` = north-east; the minus rays go the opposite ways. Crafty's scans return 64
//! for an empty set and its tables hold an empty ray there; here a sentinel bit does the same
//! job: h8 is or-ed into a plus ray's blockers and a1 into a minus ray's, squares whose rays in
//! that direction are empty, so no blocker means nothing is cut off.
//!
//! Tables: 8 rays × 64 squares × 8 bytes = 4 KiB, built by `const fn` at compile time.

use super::{SliderAttacks, TableBuild, ray_table};
use crate::{Bitboard, Square};

/// Rays east (`+1`) from each square.
pub static PLUS1: [u64; 64] = ray_table(1, 0);
/// Rays north-west (`+7`) from each square.
pub static PLUS7: [u64; 64] = ray_table(-1, 1);
/// Rays north (`+8`) from each square.
pub static PLUS8: [u64; 64] = ray_table(0, 1);
/// Rays north-east (`+9`) from each square.
pub static PLUS9: [u64; 64] = ray_table(1, 1);
/// Rays west (`-1`) from each square.
pub static MINUS1: [u64; 64] = ray_table(-1, 0);
/// Rays south-east (`-7`) from each square.
pub static MINUS7: [u64; 64] = ray_table(1, -1);
/// Rays south (`-8`) from each square.
pub static MINUS8: [u64; 64] = ray_table(0, -1);
/// Rays south-west (`-9`) from each square.
pub static MINUS9: [u64; 64] = ray_table(-1, -1);

/// Attacks along a ray towards higher square numbers: the nearest blocker is the lowest bit.
#[inline(always)]
fn plus(rays: &[u64; 64], sq: usize, occupied: u64) -> u64 {
    let ray = rays[sq];
    let blockers = ray & occupied;
    // FirstOne; with no blocker the sentinel h8, whose plus rays are empty.
    let first = (blockers | 1 << 63).trailing_zeros() as usize;
    ray ^ rays[first]
}

/// Attacks along a ray towards lower square numbers: the nearest blocker is the highest bit.
#[inline(always)]
fn minus(rays: &[u64; 64], sq: usize, occupied: u64) -> u64 {
    let ray = rays[sq];
    let blockers = ray & occupied;
    // LastOne; with no blocker the sentinel a1, whose minus rays are empty.
    let last = 63 - (blockers | 1).leading_zeros() as usize;
    ray ^ rays[last]
}

/// The classical technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Classical;

impl SliderAttacks for Classical {
    fn name(&self) -> &'static str {
        "classical"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o) = (sq as usize, occupied.0);
        Bitboard(
            plus(&PLUS1, s, o) | plus(&PLUS8, s, o) | minus(&MINUS1, s, o) | minus(&MINUS8, s, o),
        )
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o) = (sq as usize, occupied.0);
        Bitboard(
            plus(&PLUS7, s, o) | plus(&PLUS9, s, o) | minus(&MINUS7, s, o) | minus(&MINUS9, s, o),
        )
    }

    fn table_bytes(&self) -> usize {
        8 * size_of::<[u64; 64]>()
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::CompileTime
    }
}
