//! Above/below ("A/B") bitboards (Bitfoot, seed 003): ray masks as in the classical approach,
//! but the squares behind the first blocker are dropped by intersecting the ray with the
//! squares below (for rays going up the board) or above (going down) the isolated blocker,
//! instead of an exclusive or with the blocker's own ray.
//!
//! Positive rays (towards higher square numbers: east, north-west, north, north-east) isolate
//! the nearest blocker as the least significant bit, `x = b & -b`, and keep `x | (ray & (x - 1))`
//! ("below"). Negative rays isolate the most significant bit, `x = 1 << bsr(b)`, and keep
//! `x | (ray & (x ^ -x))` ("above").
//!
//! One correction to the seed: its negative routine sets `x = 0` when the ray has no blocker,
//! and then `x ^ -x = 0` yields no attacks at all instead of the whole ray. Here the negative
//! case scans `b | 1` (a1 as sentinel) and keeps `ray & !(x - 1)` = `x | (ray & (x ^ -x))` for a
//! real blocker, the whole ray for the sentinel (`x - 1 = 0`). The positive case needs no
//! sentinel: with `x = 0`, `x - 1` is all ones and the whole ray is kept, as in the seed.
//!
//! Tables: 8 rays × 64 squares × 8 bytes = 4 KiB, built by `const fn` at compile time.

use super::{SliderAttacks, TableBuild, ray_table};
use crate::{Bitboard, Square};

/// Rays per direction in the order N, NE, E, NW (positive), S, SW, W, SE (negative).
static RAYS: [[u64; 64]; 8] = [
    ray_table(0, 1),
    ray_table(1, 1),
    ray_table(1, 0),
    ray_table(-1, 1),
    ray_table(0, -1),
    ray_table(-1, -1),
    ray_table(-1, 0),
    ray_table(1, -1),
];

/// Attacks along a positive ray: the blocker (lowest bit) and the ray squares below it.
#[inline(always)]
fn positive(ray: u64, occupied: u64) -> u64 {
    let blockers = ray & occupied;
    let x = blockers & blockers.wrapping_neg(); // LSB, if any
    x | (ray & x.wrapping_sub(1)) // BELOW
}

/// Attacks along a negative ray: the blocker (highest bit) and the ray squares above it.
#[inline(always)]
fn negative(ray: u64, occupied: u64) -> u64 {
    let blockers = ray & occupied;
    let x = 1u64 << (63 - (blockers | 1).leading_zeros()); // MSB, or the a1 sentinel
    ray & !x.wrapping_sub(1) // the blocker and ABOVE
}

/// The above/below technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct AboveBelow;

impl SliderAttacks for AboveBelow {
    fn name(&self) -> &'static str {
        "above-below"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o) = (sq as usize, occupied.0);
        Bitboard(
            positive(RAYS[0][s], o)
                | positive(RAYS[2][s], o)
                | negative(RAYS[4][s], o)
                | negative(RAYS[6][s], o),
        )
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (s, o) = (sq as usize, occupied.0);
        Bitboard(
            positive(RAYS[1][s], o)
                | positive(RAYS[3][s], o)
                | negative(RAYS[5][s], o)
                | negative(RAYS[7][s], o),
        )
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&RAYS)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::CompileTime
    }
}
