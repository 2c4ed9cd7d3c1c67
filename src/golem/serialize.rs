//! Serialization: target sets to moves. The source of a ray target is the nearest occupied
//! square behind it (everything between a mover and its target is empty), found with a ray
//! mask and one bit scan; the source of a knight target is one jump back.

use super::MoveTargets;
use super::directions::{KNIGHT_STEP, N, NE, NW};
use crate::Move;
use crate::attacks::RAYS;
use crate::position::*;

/// Calls `f` with every move of `targets` (generated for board `b`), in absolute squares:
/// `flip` is 0 when White moves, 56 when Black does.
#[inline(always)]
pub(crate) fn for_each_move(b: &Board, targets: &MoveTargets, flip: u32, mut f: impl FnMut(Move)) {
    let occupied = b[US] | b[THEM];
    let pawns = b[PAWNS] & b[US];
    let ep = b[SPECIAL] & RANK_6;
    for (d, &set) in targets.rays.iter().enumerate() {
        let back = (d + 4) & 7;
        let back_goes_up = matches!(back, 0 | 1 | 2 | 7);
        let may_be_pawn = d == N || d == NE || d == NW;
        let mut set = set;
        while set != 0 {
            let to = set.trailing_zeros();
            set &= set - 1;
            let behind = RAYS[back][to as usize] & occupied;
            let from = if back_goes_up {
                behind.trailing_zeros()
            } else {
                63 - behind.leading_zeros()
            };
            let (from_abs, to_abs) = (from ^ flip, to ^ flip);
            if may_be_pawn && pawns >> from & 1 != 0 {
                if to >= 56 {
                    for promotion in 0..4 {
                        f(Move::from_raw(
                            from_abs,
                            to_abs,
                            Move::RAW_PROMOTION + promotion,
                        ));
                    }
                    continue;
                }
                if ep >> to & 1 != 0 {
                    f(Move::from_raw(from_abs, to_abs, Move::RAW_EN_PASSANT));
                    continue;
                }
            }
            f(Move::from_raw(from_abs, to_abs, Move::RAW_NORMAL));
        }
    }
    for (d, &set) in targets.knights.iter().enumerate() {
        let mut set = set;
        while set != 0 {
            let to = set.trailing_zeros();
            set &= set - 1;
            let from = (to as i32 - KNIGHT_STEP[d] as i32) as u32;
            f(Move::from_raw(from ^ flip, to ^ flip, Move::RAW_NORMAL));
        }
    }
    let mut castling = targets.castling;
    let king = (b[KINGS] & b[US]).trailing_zeros();
    while castling != 0 {
        let rook = castling.trailing_zeros();
        castling &= castling - 1;
        f(Move::from_raw(king ^ flip, rook ^ flip, Move::RAW_CASTLING));
    }
}
