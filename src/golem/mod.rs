//! The DirGolem pipeline (seed 002): strictly legal move targets for 16 directions, computed
//! branch-less on [`Lanes`] of bitboards, one direction per lane.
//!
//! 1. Opponent sliding attacks by Kogge-Stone fills in all eight ray directions, with the own
//!    king removed from the occupancy so that a checked king cannot step back along the
//!    checking ray (x-ray).
//! 2. The own king as a super piece, filled in all eight directions (looked up, ray by ray,
//!    where the backend fills two sets as a pair: there the pair is the opponent's sliders and
//!    ours); intersected with the opponent rays of the opposite direction it gives the
//!    in-between sets per line (pinned men and check-blocking squares), and the sliding
//!    checkers.
//! 3. The check mask: the checker and the blocking squares when in single check, everything
//!    when not in check, nothing in double check.
//! 4. Own targets per direction: sliders (pinned ones only along their pin line), knights
//!    (never when pinned), pawns (pushes, double pushes, captures, en passant, promotions, with
//!    partial pins), the king (to squares the opponent does not attack), castling.
//!
//! Everything is relative to the side to move (see `position::board`). Only castling, which
//! the seed leaves to the reader, loops over the (at most two) castling rights.
//!
//! Two tests choose which of two branch-less computations runs, never what a set holds: when
//! nothing of ours is pinned, phase 4 leaves out the pin masks, and when the king is not in
//! check, the check mask. Both computations give the same sets there, and the tests go the
//! same way in most positions (about nine in ten of the test suite's and of random games'),
//! so the CPU predicts them. Predicted, our targets no longer wait for phases 1 to 3 (two
//! fills, then reductions across the lanes), the longest chain of dependent instructions
//! of a move list (`BENCHMARKS.md`, "Move lists (session 27)").

pub(crate) mod batch;
#[cfg(test)]
mod batch_tests;
mod capture_list;
mod castling;
pub(crate) mod directions;
mod list;
pub(crate) mod perft;
mod tally;
mod targets;

pub use targets::{Direction, MoveTargets};

pub(crate) use capture_list::write_captures;
pub(crate) use list::{
    EACH_SLOTS, EachMoves, fill_list_from, fill_list_kind, hand_over, list_of_kind, write_each,
};

use crate::lanes::{Lanes, Lanes8, Pair8, Scalar};
use crate::position::*;
use directions::*;

/// All ones when `x == 0`, else zero (branch-less).
#[inline(always)]
const fn all_if_zero(x: u64) -> u64 {
    ((x == 0) as u64).wrapping_neg()
}

/// In check, the squares a move other than the king's may land on: the checker and the
/// squares between it and our king in single check, none in double check.
#[inline(always)]
fn check_mask(checkers: u64, all_between: u64, occupied: u64) -> u64 {
    let not_double_check = all_if_zero(checkers & checkers.wrapping_sub(1));
    (checkers | (all_between & !occupied)) & not_double_check
}

/// Which of the legal moves to generate: one final target mask, applied where each kind of
/// move meets the check mask, so that no move of the other kind is made and then dropped.
pub(crate) mod kind {
    /// Every legal move.
    pub(crate) const ALL: u8 = 0;
    /// The moves that take a man: captures, en passant, capture-promotions.
    pub(crate) const CAPTURES: u8 = 1;
    /// The rest: quiet moves, pushes, quiet promotions, castling.
    pub(crate) const QUIETS: u8 = 2;
}

/// The legal move targets of the side to move of `b`, computed on the lanes of `lanes`.
// Not forced inline in unoptimised builds (`build.rs` says why).
#[cfg_attr(not(dirgolem_unoptimized), inline(always))]
#[cfg_attr(dirgolem_unoptimized, inline)]
pub(crate) fn generate<L: Lanes>(lanes: L, b: &Board) -> MoveTargets {
    generate_kind::<L, { kind::ALL }>(lanes, b)
}

/// The legal move targets of kind `KIND` (see [`kind`]) of the side to move of `b`.
// Not forced inline in unoptimised builds, as `generate`.
#[cfg_attr(not(dirgolem_unoptimized), inline(always))]
#[cfg_attr(dirgolem_unoptimized, inline)]
pub(crate) fn generate_kind<L: Lanes, const KIND: u8>(lanes: L, b: &Board) -> MoveTargets {
    if L::TARGETS_AS_SCALAR {
        // The sets on the scalar lanes, the fill of two sets at once on the backend's vectors
        // (see `Lanes::TARGETS_AS_SCALAR`).
        return targets_on::<Scalar, L, KIND>(Scalar, lanes, b);
    }
    targets_on::<L, L, KIND>(lanes, lanes, b)
}

/// [`generate_kind`] with the sets on `lanes`, and, where `P::PAIRS_FILLS`, the fill of two
/// sets at once on `pairs` (the backend of `lanes` but on wasm32, [`Lanes::TARGETS_AS_SCALAR`]).
// Not forced inline in unoptimised builds, as `generate`.
#[cfg_attr(not(dirgolem_unoptimized), inline(always))]
#[cfg_attr(dirgolem_unoptimized, inline)]
fn targets_on<L: Lanes, P: Lanes, const KIND: u8>(lanes: L, pairs: P, b: &Board) -> MoveTargets {
    let splat = |x: u64| Lanes8::splat(lanes, x);
    let us = b[US];
    let them = b[THEM];
    let occupied = us | them;
    let king = b[KINGS] & us;

    // Phase 1: opponent attacks; sliders through our king (x-ray).
    let their_sliders = by_line_kind(lanes, b[ORTHOGONAL] & them, b[DIAGONAL] & them);
    let their_empty = !(occupied ^ king);
    // Where the backend fills two sets in fewer instructions than one after the other, our
    // sliders' rays (phase 4) are filled with theirs, as if nothing of ours were pinned (most
    // positions; phase 4 fills them again where something is). Our king's rays (phase 2),
    // left without a partner, are then looked up: fewer instructions than a fill of one set,
    // which there costs as many as a pair. Elsewhere each set is filled in its phase (filled
    // together there, the opponent's attacks, the longest chain, came later).
    let (their_rays, unpinned_rays) = if P::PAIRS_FILLS {
        let [theirs, ours] = slide_two(
            pairs,
            Pair8::by_line_kind(
                pairs,
                [b[ORTHOGONAL] & them, b[DIAGONAL] & them],
                [b[ORTHOGONAL] & us, b[DIAGONAL] & us],
            ),
            Pair8::splat(pairs, their_empty, !occupied),
        );
        (theirs.to(lanes), Some(ours.to(lanes)))
    } else {
        (slide(lanes, their_sliders, splat(their_empty)), None)
    };
    // The three vectors joined lane by lane first: one reduction across the lanes, not three.
    let their_knight_attacks = jump(lanes, splat(b[KNIGHTS] & them));
    let their_king_attacks = step_one(lanes, b[KINGS] & them);
    let their_attacks = (their_rays | their_knight_attacks | their_king_attacks).or_all()
        | pawn_attacks_south(b[PAWNS] & them);

    // Phase 2: our king as a super piece; in-between sets, pins and checkers.
    let king_rays = if P::PAIRS_FILLS {
        slide_one(lanes, king, occupied)
    } else {
        slide(lanes, splat(king), splat(!occupied))
    };
    let between = their_rays & king_rays.swap_opposite();
    let line_between = between | between.swap_opposite();
    // Sliding and knight checkers in one vector, as the attacks above, and its reduction
    // paired with the in-between sets' (which some backends do in fewer instructions).
    let sliding_checkers = king_rays & their_sliders;
    let knight_checkers = jump_one(lanes, king) & splat(b[KNIGHTS] & them);
    let [all_between, vector_checkers] = between.or_all_pair(sliding_checkers | knight_checkers);
    let pawn_checkers = pawn_attacks_north(king) & b[PAWNS] & them;
    let checkers = vector_checkers | pawn_checkers;

    // Phase 3: the check mask.
    let not_in_check = all_if_zero(their_attacks & king);
    // The kind's final mask: what a move may land on (en passant and castling, whose target
    // squares say nothing of what they take, are kept or dropped by kind below).
    let kind_targets = match KIND {
        kind::CAPTURES => them,
        kind::QUIETS => !them,
        _ => !0,
    };
    let target_mask = if not_in_check != 0 {
        // Not in check (most positions): a mask that, the branch predicted, need not wait
        // for the attacks' and the checkers' reductions.
        !us & kind_targets
    } else {
        !us & check_mask(checkers, all_between, occupied) & kind_targets
    };

    // Phase 4: our targets. A man in an in-between set moves only along that set's line.
    let our_sliders = by_line_kind(lanes, b[ORTHOGONAL] & us, b[DIAGONAL] & us);
    let pawns = b[PAWNS] & us;
    let (slider_targets, knight_targets, pawn_free) = if all_between & us == 0 {
        // Nothing of ours pinned (most positions): the same sets without the pin masks, so
        // that, the branch predicted, they need not wait for the in-between sets' reduction.
        // (A `match`, not `unwrap_or_else`: a closure's call is not inlined into an entry
        // point whose target features the closure lacks.)
        (
            match unpinned_rays {
                Some(rays) => rays,
                None => slide(lanes, our_sliders, splat(!occupied)),
            },
            jump(lanes, splat(b[KNIGHTS] & us)),
            [pawns; 8],
        )
    } else {
        let pinned_off_line = splat(all_between) ^ line_between;
        (
            slide(
                lanes,
                our_sliders.and_not(pinned_off_line),
                splat(!occupied),
            ),
            jump(lanes, splat(b[KNIGHTS] & us & !all_between)),
            splat(pawns).and_not(pinned_off_line).to_array(),
        )
    };
    let king_targets = step_one(lanes, king) & splat(!(us | their_attacks) & kind_targets);
    let ep = if KIND == kind::QUIETS {
        0
    } else {
        b[SPECIAL] & RANK_6
    };
    let capture_targets = (them & target_mask) | ep;
    let pawn_ne = pawn_free[NE] << 9 & NOT_FILE_A & capture_targets;
    let pawn_nw = pawn_free[NW] << 7 & NOT_FILE_H & capture_targets;
    let single_pushes = pawn_free[N] << 8 & !occupied;
    let double_pushes = (single_pushes & RANK_3) << 8 & !occupied;
    let pawn_n = (single_pushes | double_pushes) & target_mask;
    let pawn_targets = Lanes8::load(lanes, [pawn_n, pawn_ne, 0, 0, 0, 0, 0, pawn_nw]);

    let rays = (slider_targets & splat(target_mask)) | king_targets | pawn_targets;
    let castling = if KIND == kind::CAPTURES {
        0
    } else {
        castling::targets(b, king, occupied, their_attacks)
    };
    MoveTargets {
        rays: rays.to_array(),
        knights: (knight_targets & splat(target_mask)).to_array(),
        castling: castling & not_in_check,
        promotions: [pawn_n & RANK_8, pawn_ne & RANK_8, pawn_nw & RANK_8],
        black: false,
        in_check: not_in_check == 0,
    }
}
