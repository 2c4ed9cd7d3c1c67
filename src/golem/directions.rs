//! Direction constants and the Kogge-Stone fills, on eight lanes at once.
//!
//! Each lane shifts by its own direction's step: a zero-filling shift plus a mask that drops
//! the squares a shift would wrap into from the other side of the board (Kogge-Stone with
//! "avoid wrap" masks, as on the Chess Programming Wiki's Kogge-Stone page).

use crate::lanes::{Lanes, Lanes8};

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
pub(crate) const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
pub(crate) const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;
const NOT_1: u64 = !0xff;
const NOT_12: u64 = !0xffff;
const NOT_8: u64 = !(0xff << 56);
const NOT_78: u64 = !(0xffff << 48);

/// Ray lane order: N, NE, E, SE, S, SW, W, NW.
pub(crate) const N: usize = 0;
pub(crate) const NE: usize = 1;
pub(crate) const NW: usize = 7;

/// One step along each ray direction, in square-index units.
pub(crate) const RAY_STEP: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];
const RAY_STEP_2: [i8; 8] = [16, 18, 2, -14, -16, -18, -2, 14];
const RAY_STEP_4: [i8; 8] = [32, 36, 4, -28, -32, -36, -4, 28];
/// Squares a one-step move in each ray direction may land on. They also exclude the squares
/// a rotation (instead of a shift) would wrap into at the top or bottom, so backends may
/// implement [`Lanes::shift`] as a rotate.
pub(crate) const RAY_LANDING: [u64; 8] = [
    NOT_1,
    NOT_A & NOT_1,
    NOT_A,
    NOT_A & NOT_8,
    NOT_8,
    NOT_H & NOT_8,
    NOT_H,
    NOT_H & NOT_1,
];

/// Knight lane order: NNE, NEE, SEE, SSE, SSW, SWW, NWW, NNW.
pub(crate) const KNIGHT_STEP: [i8; 8] = [17, 10, -6, -15, -17, -10, 6, 15];
/// Squares a knight jump in each direction may land on (rotation-safe as well).
pub(crate) const KNIGHT_LANDING: [u64; 8] = [
    NOT_A & NOT_12,
    NOT_AB & NOT_1,
    NOT_AB & NOT_8,
    NOT_A & NOT_78,
    NOT_H & NOT_78,
    NOT_GH & NOT_8,
    NOT_GH & NOT_1,
    NOT_H & NOT_12,
];

/// `[orthogonal, diagonal, orthogonal, …]`: the slider kind that moves along each ray lane.
#[inline(always)]
pub(crate) fn by_line_kind<L: Lanes>(lanes: L, orthogonal: u64, diagonal: u64) -> Lanes8<L> {
    Lanes8::load(
        lanes,
        [
            orthogonal, diagonal, orthogonal, diagonal, orthogonal, diagonal, orthogonal, diagonal,
        ],
    )
}

/// Lane-wise sliding attacks: lane `d` holds the squares attacked along direction `d` by the
/// pieces in lane `d` of `sliders`, up to and including the first square not in `empty`.
#[inline(always)]
pub(crate) fn slide<L: Lanes>(lanes: L, sliders: Lanes8<L>, empty: Lanes8<L>) -> Lanes8<L> {
    let landing = Lanes8::load(lanes, RAY_LANDING);
    let mut propagate = empty & landing;
    let mut filled = sliders;
    filled = filled | (propagate & filled.shift(RAY_STEP));
    propagate = propagate & propagate.shift(RAY_STEP);
    filled = filled | (propagate & filled.shift(RAY_STEP_2));
    propagate = propagate & propagate.shift(RAY_STEP_2);
    filled = filled | (propagate & filled.shift(RAY_STEP_4));
    filled.shift(RAY_STEP) & landing
}

/// Lane-wise one step along each ray direction.
#[inline(always)]
pub(crate) fn step<L: Lanes>(lanes: L, x: Lanes8<L>) -> Lanes8<L> {
    x.shift(RAY_STEP) & Lanes8::load(lanes, RAY_LANDING)
}

/// Lane-wise knight jump in each knight direction.
#[inline(always)]
pub(crate) fn jump<L: Lanes>(lanes: L, x: Lanes8<L>) -> Lanes8<L> {
    x.shift(KNIGHT_STEP) & Lanes8::load(lanes, KNIGHT_LANDING)
}
