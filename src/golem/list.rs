//! Move lists: the target sets written straight into a [`MoveList`]'s array.
//!
//! [`for_each_move`](super::for_each_move) finds each target's source and kind with branches
//! per move (is the source a pawn? a promotion? en passant?), which the CPU mispredicts where
//! pawns and pieces share a direction. Here every set is split by what moves first, so that
//! each loop writes one kind of move with no branch but its own end:
//!
//! 1. pieces (sliders and the king) along the eight ray directions, the source found behind
//!    the target with a ray mask and one bit scan;
//! 2. knights, one jump back;
//! 3. pawns: single pushes, double pushes, captures to the north-east and the north-west
//!    (en passant marked without a branch), each with a fixed step back;
//! 4. promotions (four moves each) and castling, behind one rarely taken test each.
//!
//! That is also the order of the list. The pawn sets are cut out of the direction sets: a
//! target whose square one step back holds our pawn was reached by that pawn (the source is
//! the nearest man behind the target), and a rank-4 target with an empty square and our pawn
//! behind it by a double push.

use super::MoveTargets;
use super::directions::{KNIGHT_STEP, N, NE, NW};
use crate::Move;
use crate::attacks::RAYS;
use crate::move_list::{CAPACITY, MoveList};
use crate::position::*;

const RANK_4: u64 = 0xff << 24;

/// Writes moves into the list's array. `CHECKED` is false when the caller knows that every
/// move fits (then the index is taken modulo the capacity, which is never reached, so the
/// compiler needs no bounds check); true for the relaxed positions with more moves than the
/// capacity, where the surplus is counted and dropped.
struct Writer<'a, const CHECKED: bool> {
    moves: &'a mut [Move; CAPACITY],
    len: usize,
}

impl<const CHECKED: bool> Writer<'_, CHECKED> {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        if CHECKED {
            if let Some(slot) = self.moves.get_mut(self.len) {
                *slot = m;
            }
        } else {
            self.moves[self.len % CAPACITY] = m;
        }
        self.len += 1;
    }

    /// Writes one move per square of `set`, its encoding made from the square by `word`.
    #[inline(always)]
    fn put_set(&mut self, set: u64, word: impl Fn(u32) -> u16) {
        if !CHECKED {
            // The first move is written whether or not there is one (a square-0 stand-in past the
            // end of the list, overwritten or ignored), and counted only if there is: most sets
            // hold zero or one move, and then no branch is taken at all.
            self.moves[self.len % CAPACITY] = Move::from_bits(word(set.trailing_zeros() & 63));
            self.len += (set != 0) as usize;
            let mut set = set & set.wrapping_sub(1);
            while set != 0 {
                let to = set.trailing_zeros();
                set &= set - 1;
                self.put(Move::from_bits(word(to)));
            }
            return;
        }
        let mut set = set;
        while set != 0 {
            let to = set.trailing_zeros();
            set &= set - 1;
            self.put(Move::from_bits(word(to)));
        }
    }
}

/// The legal moves of `targets` (generated for board `b`; `flip` is 0 when White moves, 56
/// when Black does) into `list`, which must be empty.
#[inline(always)]
pub(crate) fn fill_list(b: &Board, targets: &MoveTargets, flip: u32, list: &mut MoveList) {
    let count = targets.count();
    // The unchecked writer may write one stand-in move past the last.
    let written = if count < CAPACITY {
        write_all::<false>(b, targets, flip, list.array_mut())
    } else {
        write_all::<true>(b, targets, flip, list.array_mut())
    };
    list.set_filled(written);
}

/// Writes every move, returns how many there are (written or, past the capacity, dropped).
#[inline(always)]
fn write_all<const CHECKED: bool>(
    b: &Board,
    t: &MoveTargets,
    flip: u32,
    moves: &mut [Move; CAPACITY],
) -> usize {
    let mut w = Writer::<CHECKED> { moves, len: 0 };
    // Flipping both squares of a move word at once.
    let flip = (flip | flip << 6) as u16;
    let occupied = b[US] | b[THEM];
    let pawns = b[PAWNS] & b[US];

    let singles = t.rays[N] & pawns << 8;
    let doubles = t.rays[N] & pawns << 16 & RANK_4 & !(occupied << 8);
    let pawn_ne = t.rays[NE] & pawns << 9 & NOT_FILE_A;
    let pawn_nw = t.rays[NW] & pawns << 7 & NOT_FILE_H;

    // 1. Pieces along the rays.
    let mut pieces = t.rays;
    pieces[N] &= !(singles | doubles);
    pieces[NE] &= !pawn_ne;
    pieces[NW] &= !pawn_nw;
    ray_moves::<CHECKED, 0>(&mut w, pieces[0], occupied, flip);
    ray_moves::<CHECKED, 1>(&mut w, pieces[1], occupied, flip);
    ray_moves::<CHECKED, 2>(&mut w, pieces[2], occupied, flip);
    ray_moves::<CHECKED, 3>(&mut w, pieces[3], occupied, flip);
    ray_moves::<CHECKED, 4>(&mut w, pieces[4], occupied, flip);
    ray_moves::<CHECKED, 5>(&mut w, pieces[5], occupied, flip);
    ray_moves::<CHECKED, 6>(&mut w, pieces[6], occupied, flip);
    ray_moves::<CHECKED, 7>(&mut w, pieces[7], occupied, flip);

    // 2. Knights.
    for (d, &set) in t.knights.iter().enumerate() {
        let back = (KNIGHT_STEP[d] as i32) as u32;
        w.put_set(set, |to| (to.wrapping_sub(back) | to << 6) as u16 ^ flip);
    }

    // 3. Pawns, promotions left for 4.
    w.put_set(singles & !RANK_8, |to| (to.wrapping_sub(8) | to << 6) as u16 ^ flip);
    w.put_set(doubles, |to| (to.wrapping_sub(16) | to << 6) as u16 ^ flip);
    let ep = b[SPECIAL] & RANK_6;
    let ep_bits = (Move::RAW_EN_PASSANT as u64) << 12;
    let capture = |back: u32| {
        move |to: u32| {
            let kind = (ep >> to & 1) * ep_bits;
            (to.wrapping_sub(back) as u64 | (to as u64) << 6 | kind) as u16 ^ flip
        }
    };
    w.put_set(pawn_ne & !RANK_8, capture(9));
    w.put_set(pawn_nw & !RANK_8, capture(7));

    // 4. Promotions and castling.
    let [promote_n, promote_ne, promote_nw] = t.promotions;
    if promote_n | promote_ne | promote_nw != 0 {
        for (set, back) in [(promote_n, 8), (promote_ne, 9), (promote_nw, 7)] {
            let mut set = set;
            while set != 0 {
                let to = set.trailing_zeros();
                set &= set - 1;
                let base = (to - back | to << 6) as u16 ^ flip;
                for piece in 0..4 {
                    w.put(Move::from_bits(base | (Move::RAW_PROMOTION + piece) << 12));
                }
            }
        }
    }
    if t.castling != 0 {
        let king = (b[KINGS] & b[US]).trailing_zeros();
        w.put_set(t.castling, |rook| {
            (king | rook << 6) as u16 ^ flip | Move::RAW_CASTLING << 12
        });
    }
    w.len
}

/// The moves of pieces going in ray direction `D` to the squares of `set`: the source is the
/// nearest occupied square behind each target.
#[inline(always)]
fn ray_moves<const CHECKED: bool, const D: usize>(
    w: &mut Writer<'_, CHECKED>,
    set: u64,
    occupied: u64,
    flip: u16,
) {
    let back = (D + 4) & 7;
    // Looking back north, north-east, east or north-west: the nearest is the lowest square.
    let back_goes_up = matches!(back, 0 | 1 | 2 | 7);
    w.put_set(set, |to| {
        let behind = RAYS[back][to as usize & 63] & occupied;
        let from = if back_goes_up {
            behind.trailing_zeros()
        } else {
            63 ^ behind.leading_zeros()
        };
        (from | to << 6) as u16 ^ flip
    });
}
