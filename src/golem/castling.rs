//! Castling, which the seed leaves "to the ambitious reader": rights are rook squares, so
//! standard chess and Chess960 are one case. Castling with the rook on `r` is legal when the
//! side is not in check (masked by the caller), every square the king and the rook cross or
//! land on is empty but for the two of them, no square the king crosses or lands on is
//! attacked, and no rook or queen on the back rank attacks the king's destination once the
//! castling rook has left (a Chess960 case: the rook may have shielded it).

use super::directions::{E, W};
use crate::attacks::ray_attacks;
use crate::position::*;

/// The squares from `a` to `b` inclusive, both on the first rank. A position made by
/// `play_unchecked` from a move not from the generator may have lost its king (square 64):
/// the shifts wrap there, so the answer is meaningless but never a panic in a debug build.
#[inline(always)]
const fn span(a: u32, b: u32) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    2u64.wrapping_shl(high).wrapping_sub(1u64.wrapping_shl(low))
}

/// The castling rooks (relative squares) whose castling is legal, not in check assumed.
#[inline(always)]
pub(super) fn targets(b: &Board, king: u64, occupied: u64, their_attacks: u64) -> u64 {
    let mut rights = b[SPECIAL] & RANK_1 & b[US];
    let mut legal = 0;
    let king_sq = king.trailing_zeros();
    while rights != 0 {
        let rook = rights & rights.wrapping_neg();
        rights ^= rook;
        let rook_sq = rook.trailing_zeros();
        let (king_to, rook_to) = castling_squares(king_sq, rook_sq);
        let king_path = span(king_sq, king_to);
        let must_be_empty = (king_path | span(rook_sq, rook_to)) & !(king | rook);
        if occupied & must_be_empty != 0 || their_attacks & king_path != 0 {
            continue;
        }
        let after = (occupied ^ king ^ rook) | 1 << king_to | 1 << rook_to;
        let back_rank =
            ray_attacks(E, king_to as usize, after) | ray_attacks(W, king_to as usize, after);
        if back_rank & b[ORTHOGONAL] & b[THEM] == 0 {
            legal |= rook;
        }
    }
    legal
}
