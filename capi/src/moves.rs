//! The legal moves of a position: lists, counts and single-move questions.

use core::ffi::c_int;
use core::mem::MaybeUninit;

use dirgolem::{Move, MoveList, Position};

use crate::boundary::guard;
use crate::dg_move;
use crate::position::{DgPosition, read_or_none};

/// The most moves a list call writes (the header's `DG_MAX_MOVES`): more than any position a
/// game reaches has (218 at most known); a position accepted only by `DG_FEN_RELAXED` can have
/// more, and then a list holds its first `DG_MAX_MOVES` (`dg_count_legal` counts them all).
pub const DG_MAX_MOVES: usize = 256;

const _: () = assert!(DG_MAX_MOVES == dirgolem::MOVE_LIST_CAPACITY);

/// Writes the legal moves of `*p` into `moves` (room for `DG_MAX_MOVES`) in generation order
/// and returns how many it wrote; 0 if `p` or `moves` is NULL or `*p` is not a position.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`; `moves` is NULL or points to `DG_MAX_MOVES`
/// writable `dg_move`s.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_legal_moves(p: *const DgPosition, moves: *mut dg_move) -> usize {
    // SAFETY: the caller's promises are `write_list`'s.
    unsafe { write_list(p, moves, Position::legal_moves) }
}

/// [`dg_legal_moves`] for the moves that take a man (captures, en passant, capturing
/// promotions), generated as such, not filtered from the full list.
///
/// # Safety
/// As [`dg_legal_moves`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_captures(p: *const DgPosition, moves: *mut dg_move) -> usize {
    // SAFETY: the caller's promises are `write_list`'s.
    unsafe { write_list(p, moves, Position::captures) }
}

/// [`dg_legal_moves`] for the moves that take nothing (the complement of [`dg_captures`]).
///
/// # Safety
/// As [`dg_legal_moves`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_quiets(p: *const DgPosition, moves: *mut dg_move) -> usize {
    // SAFETY: the caller's promises are `write_list`'s.
    unsafe { write_list(p, moves, Position::quiets) }
}

/// Generates `list(position)` and copies it out as move words.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`; `moves` is NULL or points to `DG_MAX_MOVES`
/// writable `dg_move`s.
unsafe fn write_list(
    p: *const DgPosition,
    moves: *mut dg_move,
    list: fn(&Position) -> MoveList,
) -> usize {
    guard(0, || {
        // SAFETY: the caller promises NULL or a `dg_position` at `p`.
        let Some(position) = (unsafe { read_or_none(p) }) else {
            return 0;
        };
        if moves.is_null() {
            return 0;
        }
        let list = list(&position);
        // SAFETY: not NULL, and the caller promises room for DG_MAX_MOVES words, which no list
        // exceeds (MOVE_LIST_CAPACITY); `MaybeUninit` asks nothing of what is there now.
        let out = unsafe {
            core::slice::from_raw_parts_mut(moves.cast::<MaybeUninit<dg_move>>(), list.len())
        };
        for (slot, m) in out.iter_mut().zip(list.iter()) {
            slot.write(m.to_bits());
        }
        list.len()
    })
}

/// The number of legal moves of `*p`, by popcounts alone (no list); 0 if `p` is NULL or not a
/// position.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_count_legal(p: *const DgPosition) -> usize {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    guard(0, || position.map_or(0, |position| position.count_legal()))
}

/// 1 if `m` is a legal move of `*p`, else 0 (also for a NULL `p`, a struct that is not a
/// position, or 16 bits that are no move at all). Any 16 bits are safe to ask about, say a
/// move from a transposition table.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_is_legal(p: *const DgPosition, m: dg_move) -> c_int {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    guard(0, || {
        let legal = position
            .zip(Move::from_bits(m))
            .is_some_and(|(position, m)| position.is_legal(m));
        c_int::from(legal)
    })
}

/// The static exchange evaluation of `m` in `*p`, in centipawns (pawn 100, knight and bishop
/// 300, rook 500, queen 900): what the side to move wins (or loses, below 0) when both sides
/// capture on `m`'s target square for as long as it pays. `m` should be a legal move; for
/// any other move, a NULL `p` or a struct that is not a position, the answer is meaningless
/// (0 for the last three) but the call is safe.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_see(p: *const DgPosition, m: dg_move) -> i32 {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    guard(0, || {
        position
            .zip(Move::from_bits(m))
            .map_or(0, |(position, m)| position.see(m))
    })
}

/// 1 if `m`, a legal move of `*p`, gives check (as `dg_is_check` would answer after it), else
/// 0, without making the move (see `dirgolem::Position::gives_check`). For any other move, a
/// NULL `p` or a struct that is not a position the answer is meaningless (0 for the last two)
/// but the call is safe.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_gives_check(p: *const DgPosition, m: dg_move) -> c_int {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    guard(0, || {
        let checks = position
            .zip(Move::from_bits(m))
            .is_some_and(|(position, m)| position.gives_check(m));
        c_int::from(checks)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::{null, null_mut};

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn held(fen: &str) -> DgPosition {
        DgPosition::new(Position::from_fen(fen).unwrap())
    }

    #[test]
    fn lists_hold_the_generators_moves_and_split_into_captures_and_quiets() {
        let p = held(KIWIPETE);
        let expected: Vec<u16> = Position::from_fen(KIWIPETE)
            .unwrap()
            .legal_moves()
            .iter()
            .map(|m| m.to_bits())
            .collect();
        let mut all = [0u16; DG_MAX_MOVES];
        let mut captures = [0u16; DG_MAX_MOVES];
        let mut quiets = [0u16; DG_MAX_MOVES];
        // SAFETY: a live position and buffers of DG_MAX_MOVES words.
        let (n, c, q, count) = unsafe {
            (
                dg_legal_moves(&p, all.as_mut_ptr()),
                dg_captures(&p, captures.as_mut_ptr()),
                dg_quiets(&p, quiets.as_mut_ptr()),
                dg_count_legal(&p),
            )
        };
        assert_eq!((n, c, q, count), (48, 8, 40, 48));
        assert_eq!(&all[..n], &expected[..]);
        let mut split: Vec<u16> = captures[..c].iter().chain(&quiets[..q]).copied().collect();
        let mut sorted = expected.clone();
        split.sort();
        sorted.sort();
        assert_eq!(split, sorted);
    }

    #[test]
    fn bad_arguments_give_empty_answers() {
        let p = held(KIWIPETE);
        let zeroed = DgPosition::zeroed();
        let mut buf = [0u16; DG_MAX_MOVES];
        // SAFETY: NULL pointers and live values only.
        unsafe {
            assert_eq!(dg_legal_moves(null(), buf.as_mut_ptr()), 0);
            assert_eq!(dg_legal_moves(&p, null_mut()), 0);
            assert_eq!(dg_legal_moves(&zeroed, buf.as_mut_ptr()), 0);
            assert_eq!(dg_count_legal(null()), 0);
            assert_eq!(dg_count_legal(&zeroed), 0);
            assert_eq!(dg_is_legal(null(), 0), 0);
            assert_eq!(dg_see(null(), 0), 0);
            assert_eq!(dg_gives_check(null(), 0), 0);
            assert_eq!(dg_gives_check(&zeroed, 0), 0);
        }
    }

    #[test]
    fn is_legal_and_see_answer_for_any_bits() {
        let pos = Position::from_fen("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1").unwrap();
        let p = DgPosition::new(pos);
        let rxe5 = pos.parse_uci("e1e5").unwrap().to_bits();
        // SAFETY: a live position.
        unsafe {
            assert_eq!(dg_is_legal(&p, rxe5), 1);
            assert_eq!(dg_see(&p, rxe5), 100);
            let legal = (0..=u16::MAX).filter(|&m| dg_is_legal(&p, m) == 1).count();
            assert_eq!(legal, dg_count_legal(&p));
        }
    }

    #[test]
    fn gives_check_answers_for_any_bits() {
        let pos = Position::from_fen("3k4/8/8/8/8/4B3/8/R3K3 w Q - 0 1").unwrap();
        let p = DgPosition::new(pos);
        let bits = |uci| pos.parse_uci(uci).unwrap().to_bits();
        // SAFETY: a live position.
        unsafe {
            assert_eq!(dg_gives_check(&p, bits("e3b6")), 1);
            assert_eq!(dg_gives_check(&p, bits("e1c1")), 1);
            assert_eq!(dg_gives_check(&p, bits("e3d4")), 0);
            let answers: Vec<_> = (0..=u16::MAX).map(|m| dg_gives_check(&p, m)).collect();
            assert!(answers.iter().all(|&a| a == 0 || a == 1));
        }
    }
}
