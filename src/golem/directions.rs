//! Direction constants and the Kogge-Stone fills, on eight lanes at once.
//!
//! Each lane shifts by its own direction's step: a zero-filling shift plus a mask that drops
//! the squares a shift would wrap into from the other side of the board (Kogge-Stone with
//! "avoid wrap" masks, as on the Chess Programming Wiki's Kogge-Stone page).

use core::ops::{BitAnd, BitOr};

use crate::attacks::{RAYS, is_positive};
use crate::lanes::{Lanes, Lanes8, Pair8};
use crate::position::{NOT_FILE_A as NOT_A, NOT_FILE_H as NOT_H};
pub(crate) const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
pub(crate) const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;
const NOT_1: u64 = !0xff;
const NOT_12: u64 = !0xffff;
const NOT_8: u64 = !(0xff << 56);
const NOT_78: u64 = !(0xffff << 48);

/// Ray lane order: N, NE, E, SE, S, SW, W, NW.
pub(crate) const N: usize = 0;
pub(crate) const NE: usize = 1;
/// Towards the h-file.
pub(crate) const E: usize = 2;
pub(crate) const SE: usize = 3;
pub(crate) const S: usize = 4;
pub(crate) const SW: usize = 5;
/// Towards the a-file.
pub(crate) const W: usize = 6;
pub(crate) const NW: usize = 7;

/// The opposite of ray direction `d`: in lane order it is four lanes on (N and S, NE and SW,
/// and so on), which the step tables below rely on too.
#[inline(always)]
pub(crate) const fn opposite(d: usize) -> usize {
    (d + 4) % 8
}

/// One step along each ray direction, in square-index units.
pub(crate) const RAY_STEP: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];
const RAY_STEP_2: [i8; 8] = [16, 18, 2, -14, -16, -18, -2, 14];
const RAY_STEP_4: [i8; 8] = [32, 36, 4, -28, -32, -36, -4, 28];
/// Whether `steps` holds each direction's opposite four lanes on (`steps[i + 4] == -steps[i]`)
/// and moves less than a word: what [`Lanes::shift`] assumes of its amounts.
const fn is_shift_table(steps: [i8; 8]) -> bool {
    let mut i = 0;
    while i < 8 {
        if steps[i] <= -64 || steps[i] >= 64 || steps[opposite(i)] != -steps[i] {
            return false;
        }
        i += 1;
    }
    true
}
const _: () = assert!(is_shift_table(RAY_STEP));
const _: () = assert!(is_shift_table(RAY_STEP_2));
const _: () = assert!(is_shift_table(RAY_STEP_4));
const _: () = assert!(is_shift_table(KNIGHT_STEP));

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

/// `[orthogonal, diagonal, orthogonal, …]` on `lanes`: the slider kind that moves along each
/// ray lane ([`lanes::by_line_kind`](crate::lanes::by_line_kind)).
#[inline(always)]
pub(crate) fn by_line_kind<L: Lanes>(lanes: L, orthogonal: u64, diagonal: u64) -> Lanes8<L> {
    Lanes8::load(lanes, crate::lanes::by_line_kind(orthogonal, diagonal))
}

/// Lane-wise sliding attacks: lane `d` holds the squares attacked along direction `d` by the
/// pieces in lane `d` of `sliders`, up to and including the first square not in `empty`.
#[inline(always)]
pub(crate) fn slide<L: Lanes>(lanes: L, sliders: Lanes8<L>, empty: Lanes8<L>) -> Lanes8<L> {
    fill(sliders, empty, Lanes8::load(lanes, RAY_LANDING))
}

/// [`slide`] of two sets of sliders, each through its own empty squares, at once: on backends
/// whose shifts move a register by one count, the pair's registers each hold one direction
/// (`Lanes::pair`), and its shifts take half the instructions of two slides.
#[inline(always)]
pub(crate) fn slide_two<L: Lanes>(lanes: L, sliders: Pair8<L>, empty: Pair8<L>) -> [Lanes8<L>; 2] {
    fill(sliders, empty, Pair8::load(lanes, RAY_LANDING)).split()
}

/// What the Kogge-Stone fill computes on: eight bitboards, or two times eight.
trait Fill: Copy + BitAnd<Output = Self> + BitOr<Output = Self> {
    /// Each lane moved by its direction's amount (`Lanes::shift`).
    fn shift(self, amounts: [i8; 8]) -> Self;
}

impl<L: Lanes> Fill for Lanes8<L> {
    #[inline(always)]
    fn shift(self, amounts: [i8; 8]) -> Self {
        Lanes8::shift(self, amounts)
    }
}

impl<L: Lanes> Fill for Pair8<L> {
    #[inline(always)]
    fn shift(self, amounts: [i8; 8]) -> Self {
        Pair8::shift(self, amounts)
    }
}

/// The fill of [`slide`]: `landing` is [`RAY_LANDING`] in the layout of `sliders`.
#[inline(always)]
fn fill<F: Fill>(sliders: F, empty: F, landing: F) -> F {
    let mut propagate = empty & landing;
    let mut filled = sliders;
    filled = filled | (propagate & filled.shift(RAY_STEP));
    propagate = propagate & propagate.shift(RAY_STEP);
    filled = filled | (propagate & filled.shift(RAY_STEP_2));
    propagate = propagate & propagate.shift(RAY_STEP_2);
    filled = filled | (propagate & filled.shift(RAY_STEP_4));
    filled.shift(RAY_STEP) & landing
}

/// [`slide`] of the man on `one` (a board with at most one man, such as a side's king) through
/// the squares not in `occupied`, by lookups: each direction's ray from a table, cut after its
/// first man. Where a fill of one set costs as many instructions as a fill of two (backends
/// that pair fills, `Lanes::PAIRS_FILLS`), this is fewer.
#[inline(always)]
pub(crate) fn slide_one<L: Lanes>(lanes: L, one: u64, occupied: u64) -> Lanes8<L> {
    let rays = &RAYS_FROM_ONE[one.trailing_zeros() as usize];
    Lanes8::load(
        lanes,
        core::array::from_fn(|d| {
            let ray = rays[d];
            let men = ray & occupied;
            // Going up the first man is the lowest, going down the highest. With no man the
            // masks keep the whole ray: `men | 1` makes the scan find square 0 then, and
            // changes nothing where there is a man.
            if is_positive(d) {
                ray & (men ^ men.wrapping_sub(1))
            } else {
                ray & (u64::MAX << (63 - (men | 1).leading_zeros()))
            }
        }),
    )
}

/// `RAYS_FROM_ONE[sq]`: the rays from `sq` in lane order, one cache line a square; `[64]`, for a
/// board with no man, is empty.
static RAYS_FROM_ONE: [[u64; 8]; 65] = {
    let mut table = [[0; 8]; 65];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            table[sq][d] = RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    table
};

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

/// [`step`] of the man on `one` (a board with at most one man, such as a side's king): where
/// the backend loads tables cheaply ([`Lanes::TABLE_LOADS`]), from a table in its order, loads
/// where the shifts are a broadcast, two shifts and two masks.
#[inline(always)]
pub(crate) fn step_one<L: Lanes>(lanes: L, one: u64) -> Lanes8<L> {
    if L::TABLE_LOADS {
        Lanes8::load_table(lanes, &L::KING_STEPS[one.trailing_zeros() as usize])
    } else {
        step(lanes, Lanes8::splat(lanes, one))
    }
}

/// [`jump`] of the man on `one` (a board with at most one man): where the backend loads tables
/// cheaply, from a table in its order, loads where the shifts are a broadcast, four shifts,
/// two ORs and two masks.
#[inline(always)]
pub(crate) fn jump_one<L: Lanes>(lanes: L, one: u64) -> Lanes8<L> {
    if L::TABLE_LOADS {
        Lanes8::load_table(lanes, &L::KNIGHT_JUMPS[one.trailing_zeros() as usize])
    } else {
        jump(lanes, Lanes8::splat(lanes, one))
    }
}

/// The tables of [`step_one`] and [`jump_one`], in each backend's [`Lanes::TABLE_ORDER`].
pub(crate) trait OneManTables: Lanes {
    const KING_STEPS: [[u64; 8]; 65] = moves_from_one(RAY_STEP, RAY_LANDING, Self::TABLE_ORDER);
    const KNIGHT_JUMPS: [[u64; 8]; 65] =
        moves_from_one(KNIGHT_STEP, KNIGHT_LANDING, Self::TABLE_ORDER);
}

impl<L: Lanes> OneManTables for L {}

/// `table[sq][i]`: the square one move from `sq` in direction `order[i]` of `steps`, none
/// where the move leaves the board (the landing masks); `table[64]`, for a board with no man
/// (whose trailing zeros are 64), is empty.
const fn moves_from_one(steps: [i8; 8], landing: [u64; 8], order: [usize; 8]) -> [[u64; 8]; 65] {
    let mut table = [[0; 8]; 65];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let d = order[i];
            let to = sq as i32 + steps[d] as i32;
            if to >= 0 && to < 64 {
                table[sq][i] = 1 << to & landing[d];
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lanes::every_backend::{BackendCheck, on_every_backend};

    /// `Lanes::shift` with each step table the pipeline uses, on every backend, of a vector
    /// alone and of either half of a pair (`Lanes::pair_shift`): each lane moved by its
    /// amount, exact except on the squares a rotate would wrap into (which the callers mask
    /// out, so a backend may shift or rotate).
    fn check_shift<L: Lanes>(lanes: L, name: &str) {
        let mut next = crate::test_random::xorshift(0x2545_f491_4f6c_dd1d);
        for table in [RAY_STEP, RAY_STEP_2, RAY_STEP_4, KNIGHT_STEP] {
            for round in 0..200 {
                let v: [u64; 8] = core::array::from_fn(|_| match round % 3 {
                    0 => next(),
                    1 => next() & next(),
                    _ => u64::MAX,
                });
                // The vector alone, and as either half of a pair (whose other half is `v`
                // turned round, so that the two differ).
                let alone = Lanes8::load(lanes, v);
                let other = Lanes8::load(lanes, v.map(|x| x.rotate_left(29)));
                let [first, _] = Pair8::new(alone, other).shift(table).split();
                let [_, second] = Pair8::new(other, alone).shift(table).split();
                for (got, how) in [
                    (alone.shift(table), "alone"),
                    (first, "first"),
                    (second, "second"),
                ] {
                    check_shifted(got.to_array(), v, table, &format!("{name}, {how}"));
                }
            }
        }
    }

    /// `got`, lane by lane, `v` moved by the amounts of `table`: exact except on the squares a
    /// rotate would wrap into, which hold either a shift's zeros or a rotate's bits.
    fn check_shifted(got: [u64; 8], v: [u64; 8], table: [i8; 8], name: &str) {
        for i in 0..8 {
            let a = table[i];
            let (shifted, wrap) = if a >= 0 {
                (v[i] << a, (1u64 << a) - 1)
            } else {
                (v[i] >> -a, !(u64::MAX >> -a))
            };
            assert_eq!(
                got[i] & !wrap,
                shifted & !wrap,
                "{name}: lane {i} of {v:x?} by {a}"
            );
            assert!(
                got[i] & wrap == 0 || got[i] & wrap == v[i].rotate_left(a as u32) & wrap,
                "{name}: lane {i} of {v:x?} by {a}: neither a shift nor a rotate"
            );
        }
    }

    /// The tables of one man's steps and jumps (loaded in each backend's order, whether or not
    /// it uses them) and `step_one`, `jump_one` and `slide_one` against the shifts and the
    /// fill, on every backend, for every square and for no man at all (`slide_one` through
    /// pseudo-random occupancies, sparse and dense).
    fn check_one_man_tables<L: Lanes>(lanes: L, name: &str) {
        let mut next = crate::test_random::xorshift(0xbb67_ae85_84ca_a73b);
        for (sq, one) in (0..64).map(|sq| 1u64 << sq).chain([0]).enumerate() {
            for occupied in [0, !0, next(), next() & next(), next() & next() & next()] {
                let filled = slide(
                    lanes,
                    Lanes8::splat(lanes, one),
                    Lanes8::splat(lanes, !occupied),
                );
                assert_eq!(
                    slide_one(lanes, one, occupied).to_array(),
                    filled.to_array(),
                    "{name}: rays of {one:x} through {occupied:x}"
                );
            }
            let steps = step(lanes, Lanes8::splat(lanes, one)).to_array();
            let jumps = jump(lanes, Lanes8::splat(lanes, one)).to_array();
            let table_steps = Lanes8::load_table(lanes, &L::KING_STEPS[sq]).to_array();
            let table_jumps = Lanes8::load_table(lanes, &L::KNIGHT_JUMPS[sq]).to_array();
            assert_eq!(table_steps, steps, "{name}: steps of {one:x}");
            assert_eq!(table_jumps, jumps, "{name}: jumps of {one:x}");
            assert_eq!(step_one(lanes, one).to_array(), steps, "{name}: {one:x}");
            assert_eq!(jump_one(lanes, one).to_array(), jumps, "{name}: {one:x}");
        }
    }

    /// `slide_two` against two `slide`s, on every backend, for pseudo-random sliders and
    /// empty squares.
    fn check_slide_two<L: Lanes>(lanes: L, name: &str) {
        let mut next = crate::test_random::xorshift(0x6a09_e667_f3bc_c909);
        for _ in 0..300 {
            let sets: [[u64; 8]; 4] = core::array::from_fn(|i| {
                core::array::from_fn(|_| match i {
                    0 | 2 => next() & next() & next(),
                    _ => next() | next(),
                })
            });
            let [sliders_a, empty_a, sliders_b, empty_b] = sets.map(|s| Lanes8::load(lanes, s));
            let two = slide_two(
                lanes,
                Pair8::new(sliders_a, sliders_b),
                Pair8::new(empty_a, empty_b),
            );
            let expected = [
                slide(lanes, sliders_a, empty_a),
                slide(lanes, sliders_b, empty_b),
            ];
            for (got, expected) in two.iter().zip(expected) {
                assert_eq!(got.to_array(), expected.to_array(), "{name}: {sets:x?}");
            }
        }
    }

    #[test]
    fn slide_two_is_two_slides_on_every_backend() {
        struct Check;
        impl BackendCheck for Check {
            fn check<L: Lanes>(lanes: L, name: &str) {
                check_slide_two(lanes, name);
            }
        }
        on_every_backend::<Check>();
    }

    #[test]
    fn one_man_tables_match_the_shifts_on_every_backend() {
        struct Check;
        impl BackendCheck for Check {
            fn check<L: Lanes>(lanes: L, name: &str) {
                check_one_man_tables(lanes, name);
            }
        }
        on_every_backend::<Check>();
    }

    #[test]
    fn shift_moves_each_lane_by_every_step_table_on_every_backend() {
        struct Check;
        impl BackendCheck for Check {
            fn check<L: Lanes>(lanes: L, name: &str) {
                check_shift(lanes, name);
            }
        }
        on_every_backend::<Check>();
    }
}
