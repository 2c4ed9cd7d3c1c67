//! Direction constants and the Kogge-Stone fills, on eight lanes at once.
//!
//! Each lane shifts by its own direction's step: a zero-filling shift plus a mask that drops
//! the squares a shift would wrap into from the other side of the board (Kogge-Stone with
//! "avoid wrap" masks, as on the Chess Programming Wiki's Kogge-Stone page).

use crate::lanes::Lanes;

const ALL: u64 = !0;
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;

/// Ray lane order: N, NE, E, SE, S, SW, W, NW.
pub(crate) const N: usize = 0;
pub(crate) const NE: usize = 1;
pub(crate) const NW: usize = 7;

/// One step along each ray direction, in square-index units.
pub(crate) const RAY_STEP: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];
const RAY_STEP_2: [i8; 8] = [16, 18, 2, -14, -16, -18, -2, 14];
const RAY_STEP_4: [i8; 8] = [32, 36, 4, -28, -32, -36, -4, 28];
/// Squares a one-step shift in each ray direction may land on.
pub(crate) const RAY_LANDING: [u64; 8] = [ALL, NOT_A, NOT_A, NOT_A, ALL, NOT_H, NOT_H, NOT_H];

/// Knight lane order: NNE, NEE, SEE, SSE, SSW, SWW, NWW, NNW.
pub(crate) const KNIGHT_STEP: [i8; 8] = [17, 10, -6, -15, -17, -10, 6, 15];
/// Squares a knight jump in each direction may land on.
pub(crate) const KNIGHT_LANDING: [u64; 8] = [NOT_A, NOT_AB, NOT_AB, NOT_A, NOT_H, NOT_GH, NOT_GH, NOT_H];

/// `[orthogonal, diagonal, orthogonal, …]`: the slider kind that moves along each ray lane.
#[inline(always)]
pub(crate) fn by_line_kind<L: Lanes>(orthogonal: u64, diagonal: u64) -> L {
    L::from_array([
        orthogonal, diagonal, orthogonal, diagonal, orthogonal, diagonal, orthogonal, diagonal,
    ])
}

/// Lane-wise sliding attacks: lane `d` holds the squares attacked along direction `d` by the
/// pieces in lane `d` of `sliders`, up to and including the first square not in `empty`.
#[inline(always)]
pub(crate) fn slide<L: Lanes>(sliders: L, empty: L) -> L {
    let landing = L::from_array(RAY_LANDING);
    let mut propagate = empty.and(landing);
    let mut filled = sliders;
    filled = filled.or(propagate.and(filled.shift(RAY_STEP)));
    propagate = propagate.and(propagate.shift(RAY_STEP));
    filled = filled.or(propagate.and(filled.shift(RAY_STEP_2)));
    propagate = propagate.and(propagate.shift(RAY_STEP_2));
    filled = filled.or(propagate.and(filled.shift(RAY_STEP_4)));
    filled.shift(RAY_STEP).and(landing)
}

/// Lane-wise one step along each ray direction.
#[inline(always)]
pub(crate) fn step<L: Lanes>(x: L) -> L {
    x.shift(RAY_STEP).and(L::from_array(RAY_LANDING))
}

/// Lane-wise knight jump in each knight direction.
#[inline(always)]
pub(crate) fn jump<L: Lanes>(x: L) -> L {
    x.shift(KNIGHT_STEP).and(L::from_array(KNIGHT_LANDING))
}
