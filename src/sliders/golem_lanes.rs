//! The Golem's own fill (seed 002) asked about a single slider: the eight-lane Kogge-Stone
//! `slide` of [`crate::golem`] on the scalar lanes backend, with the slider in the lanes of its
//! directions. This puts the very code the move generator runs next to the seed techniques, so
//! the oracles check it directly and the benchmark shows what the lane form costs per slider.
//!
//! No tables: the attacks are computed from the occupancy alone.
//!
//! This is the one deliberate link from the slider oracles to the move generator's pipeline
//! (`golem` and `lanes`): everything else in `sliders` stands alone.

use super::{SliderAttacks, TableBuild};
use crate::golem::directions::{by_line_kind, slide};
use crate::lanes::{Lanes8, Scalar};
use crate::{Bitboard, Square};

/// The Golem-lanes technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct GolemLanes;

#[inline(always)]
fn fill(orthogonal: u64, diagonal: u64, occupied: u64) -> Bitboard {
    let sliders = by_line_kind(Scalar, orthogonal, diagonal);
    Bitboard(slide(Scalar, sliders, Lanes8::splat(Scalar, !occupied)).or_all())
}

impl SliderAttacks for GolemLanes {
    fn name(&self) -> &'static str {
        "golem-lanes"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        fill(sq.bitboard().0, 0, occupied.0)
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        fill(0, sq.bitboard().0, occupied.0)
    }

    #[inline]
    fn queen(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        fill(sq.bitboard().0, sq.bitboard().0, occupied.0)
    }

    fn table_bytes(&self) -> usize {
        0
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::None
    }
}
