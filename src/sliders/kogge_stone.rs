//! Kogge-Stone fills: the occluded fill of a parallel-prefix adder, three doubling shifts per
//! direction instead of up to seven single steps (the fill the Golem runs on eight lanes at
//! once, see [`crate::golem`]; here one direction at a time on plain `u64`s).
//!
//! `generator` holds the slider, `propagator` the empty squares. Each round lets the filled set
//! grow by as many steps as it already spans, where the squares in between are empty, and lets
//! the propagator shrink to the squares with that many empty squares behind them:
//!
//! ```text
//! g |= p & shift(g, s);   p &= shift(p, s);
//! g |= p & shift(g, 2s);  p &= shift(p, 2s);
//! g |= p & shift(g, 4s);
//! attacks = shift(g, s) & landing
//! ```
//!
//! Shifts that move east or west would wrap from one edge of the board to the other; the
//! propagator and the final step are masked with the squares such a shift may land on (not
//! the a-file going east, not the h-file going west).
//!
//! No tables: the attacks are computed from the occupancy alone.

use super::{SliderAttacks, TableBuild};
use crate::position::{NOT_FILE_A as NOT_A, NOT_FILE_H as NOT_H};
use crate::{Bitboard, Square};

/// Steps in square-index units and the squares a one-step shift may land on.
pub(crate) const NORTH: (i32, u64) = (8, !0);
pub(crate) const SOUTH: (i32, u64) = (-8, !0);
pub(crate) const EAST: (i32, u64) = (1, NOT_A);
pub(crate) const WEST: (i32, u64) = (-1, NOT_H);
pub(crate) const NORTH_EAST: (i32, u64) = (9, NOT_A);
pub(crate) const NORTH_WEST: (i32, u64) = (7, NOT_H);
pub(crate) const SOUTH_EAST: (i32, u64) = (-7, NOT_A);
pub(crate) const SOUTH_WEST: (i32, u64) = (-9, NOT_H);

/// Shifts towards higher square numbers for a positive step, lower ones for a negative step.
#[inline(always)]
pub(crate) const fn shift(x: u64, step: i32) -> u64 {
    if step >= 0 { x << step } else { x >> -step }
}

/// The squares attacked from the men of `generator` in one direction.
#[inline(always)]
fn occluded_fill_attacks(generator: u64, empty: u64, (step, landing): (i32, u64)) -> u64 {
    let mut g = generator;
    let mut p = empty & landing;
    g |= p & shift(g, step);
    p &= shift(p, step);
    g |= p & shift(g, 2 * step);
    p &= shift(p, 2 * step);
    g |= p & shift(g, 4 * step);
    shift(g, step) & landing
}

/// The Kogge-Stone technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone;

impl SliderAttacks for KoggeStone {
    fn name(&self) -> &'static str {
        "kogge-stone"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (g, e) = (sq.bitboard().0, !occupied.0);
        Bitboard(
            occluded_fill_attacks(g, e, NORTH)
                | occluded_fill_attacks(g, e, SOUTH)
                | occluded_fill_attacks(g, e, EAST)
                | occluded_fill_attacks(g, e, WEST),
        )
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (g, e) = (sq.bitboard().0, !occupied.0);
        Bitboard(
            occluded_fill_attacks(g, e, NORTH_EAST)
                | occluded_fill_attacks(g, e, NORTH_WEST)
                | occluded_fill_attacks(g, e, SOUTH_EAST)
                | occluded_fill_attacks(g, e, SOUTH_WEST),
        )
    }

    fn table_bytes(&self) -> usize {
        0
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::None
    }
}
