//! Dumb7 fill: the occluded fill one step at a time. Six times the flood moves one step on
//! through empty squares; a last step, not restricted to empty squares, adds the blocker.
//!
//! ```text
//! flood = g;  p = empty & landing;
//! repeat 6 times: g = shift(g, s) & p; flood |= g;
//! attacks = shift(flood, s) & landing
//! ```
//!
//! Simpler than Kogge-Stone and with fewer operations per step, but six dependent steps instead
//! of three. The same wrap masks are used (see [`super::kogge_stone`]).
//!
//! No tables: the attacks are computed from the occupancy alone.

use super::kogge_stone::{
    EAST, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST, shift,
};
use super::{SliderAttacks, TableBuild};
use crate::{Bitboard, Square};

/// The squares attacked from the men of `generator` in one direction.
#[inline(always)]
fn dumb7_attacks(generator: u64, empty: u64, (step, landing): (i32, u64)) -> u64 {
    let propagator = empty & landing;
    let mut flood = generator;
    let mut front = generator;
    for _ in 0..6 {
        front = shift(front, step) & propagator;
        flood |= front;
    }
    shift(flood, step) & landing
}

/// The Dumb7 technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Dumb7;

impl SliderAttacks for Dumb7 {
    fn name(&self) -> &'static str {
        "dumb7"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (g, e) = (sq.bitboard().0, !occupied.0);
        Bitboard(
            dumb7_attacks(g, e, NORTH)
                | dumb7_attacks(g, e, SOUTH)
                | dumb7_attacks(g, e, EAST)
                | dumb7_attacks(g, e, WEST),
        )
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let (g, e) = (sq.bitboard().0, !occupied.0);
        Bitboard(
            dumb7_attacks(g, e, NORTH_EAST)
                | dumb7_attacks(g, e, NORTH_WEST)
                | dumb7_attacks(g, e, SOUTH_EAST)
                | dumb7_attacks(g, e, SOUTH_WEST),
        )
    }

    fn table_bytes(&self) -> usize {
        0
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::None
    }
}
