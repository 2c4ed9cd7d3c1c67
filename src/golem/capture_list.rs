//! The moves of capture targets (`kind::CAPTURES`), target by target.
//!
//! A capture's target set is sparse: at most the other side's men, each reached from a few
//! directions, and usually a handful of moves in all. The general writer (`list.rs`) pays a
//! fixed cost per man and per direction to write whole runs without branches, which is what a
//! full list needs and more than a few captures are worth. Here each target of a direction set
//! finds its one source the way the DirGolem form defines it: the nearest man behind the
//! target (for a ray direction, the first occupied square looking back along the ray; for a
//! knight jump, one jump back). Empty sets cost one test each, and a position with no capture
//! costs one test in all.
//!
//! Order: the ray directions in lane order, then the knight jumps, then capture-promotions
//! (four each: knight, bishop, rook, queen); within a set, targets ascending. The same on every
//! backend, since nothing here depends on the lanes.

use super::MoveTargets;
use super::directions::{KNIGHT_STEP, NE, NW, opposite};
use super::list::word;
use crate::Move;
use crate::attacks::{RAYS, is_positive};
use crate::move_list::{CAPACITY, MoveList};
use crate::position::*;

/// The moves of `t` into `list` (which must be empty), as [`write_captures`] writes them; past
/// the list's capacity they are counted as dropped (relaxed positions only).
#[inline(always)]
pub(crate) fn fill_captures(b: &Board, t: &MoveTargets, flip: u32, list: &mut MoveList) {
    let moves = list.array_mut();
    let mut len = 0;
    write_captures(b, t, flip, |m| {
        if let Some(slot) = moves[..CAPACITY].get_mut(len) {
            *slot = m;
        }
        len += 1;
    });
    list.set_filled(len);
}

/// Calls `put` with each move of `t`, targets generated for `kind::CAPTURES` on board `b`
/// (`flip` is 0 when White moves, 56 when Black does), in the order of the module text.
#[inline(always)]
pub(crate) fn write_captures(b: &Board, t: &MoveTargets, flip: u32, mut put: impl FnMut(Move)) {
    let flip = word(flip, flip, Move::RAW_NORMAL);
    let occupied = b[US] | b[THEM];
    // The only empty target a capture has; a pawn's, so its source is the pawn behind it.
    let ep = b[SPECIAL] & RANK_6;
    // Pawn captures onto the last rank are written as promotions below.
    let mut rays = t.rays;
    rays[NE] &= !t.promotions[1];
    rays[NW] &= !t.promotions[2];
    let any_ray = rays.iter().fold(0, |any, &set| any | set);
    if any_ray != 0 {
        ray_captures::<0>(&mut put, rays[0], occupied, ep, flip);
        ray_captures::<1>(&mut put, rays[1], occupied, ep, flip);
        ray_captures::<2>(&mut put, rays[2], occupied, ep, flip);
        ray_captures::<3>(&mut put, rays[3], occupied, ep, flip);
        ray_captures::<4>(&mut put, rays[4], occupied, ep, flip);
        ray_captures::<5>(&mut put, rays[5], occupied, ep, flip);
        ray_captures::<6>(&mut put, rays[6], occupied, ep, flip);
        ray_captures::<7>(&mut put, rays[7], occupied, ep, flip);
    }
    let any_jump = t.knights.iter().fold(0, |any, &set| any | set);
    if any_jump != 0 {
        for (&set, &step) in t.knights.iter().zip(&KNIGHT_STEP) {
            let mut set = set;
            while set != 0 {
                let to = set.trailing_zeros();
                set &= set - 1;
                let from = to.wrapping_sub(step as i32 as u32) & 63;
                put(Move::from_raw(word(from, to, Move::RAW_NORMAL) ^ flip));
            }
        }
    }
    let [_, promote_ne, promote_nw] = t.promotions;
    if promote_ne | promote_nw != 0 {
        for (set, back) in [(promote_ne, 9), (promote_nw, 7)] {
            let mut set = set;
            while set != 0 {
                let to = set.trailing_zeros();
                set &= set - 1;
                let base = word(to.wrapping_sub(back) & 63, to, Move::RAW_NORMAL) ^ flip;
                for piece in 0..4 {
                    put(Move::from_raw(
                        base | word(0, 0, Move::RAW_PROMOTION + piece),
                    ));
                }
            }
        }
    }
}

/// The moves to the targets of `set`, ray direction `D`: each from the nearest man behind its
/// target. The square past the edge counts as taken, so the scan always finds a square (a
/// target in a legal set always has its man).
#[inline(always)]
fn ray_captures<const D: usize>(
    put: &mut impl FnMut(Move),
    set: u64,
    occupied: u64,
    ep: u64,
    flip: u16,
) {
    let mut set = set;
    while set != 0 {
        let to = set.trailing_zeros();
        set &= set - 1;
        let behind = RAYS[opposite(D)][to as usize] & occupied;
        // Looking back from a target of a direction towards higher squares goes down.
        let from = if is_positive(D) {
            63 ^ (behind | 1).leading_zeros()
        } else {
            (behind | 1 << 63).trailing_zeros()
        };
        let kind = if D == NE || D == NW {
            (ep >> to & 1) as u16 * Move::RAW_EN_PASSANT
        } else {
            Move::RAW_NORMAL
        };
        put(Move::from_raw(word(from, to, kind) ^ flip));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// Target sets of `rays` and `knights` on the start position's board (not legal moves:
    /// the writer only needs each target's man behind it, which the edge stands in for).
    fn targets(rays: [u64; 8], knights: [u64; 8]) -> MoveTargets {
        MoveTargets {
            rays,
            knights,
            ..MoveTargets::default()
        }
    }

    /// The list holds what `write_captures` hands over, up to the capacity, below it, at it
    /// and past it (the rest counted as dropped).
    #[test]
    fn the_list_holds_the_first_moves_on_both_sides_of_the_capacity() {
        let board = Position::startpos().board;
        let full = [!0; 8];
        for (t, count) in [
            (targets([0, 0, 1 << 40, 0, 0, 0, 0, 0], [0; 8]), 1),
            (targets([!0, !0, !0, !0, 0, 0, 0, 0], [0; 8]), CAPACITY),
            (targets(full, [0; 8]), 8 * 64),
            (targets(full, full), 16 * 64),
        ] {
            let mut all = Vec::new();
            write_captures(&board, &t, 0, |m| all.push(m));
            assert_eq!(all.len(), count);
            let mut list = MoveList::new();
            fill_captures(&board, &t, 0, &mut list);
            let kept = count.min(CAPACITY);
            assert_eq!(list[..], all[..kept], "{count} moves");
            assert_eq!(list.is_complete(), count <= CAPACITY, "{count} moves");
        }
    }
}
