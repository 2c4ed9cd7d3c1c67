//! Questions about a position: perft, its Zobrist key, check, the side to move.

use core::ffi::{c_int, c_uint};

use crate::boundary::guard;
use crate::position::{DgPosition, read_or_none};

/// `dg_side_to_move`'s answer when White is to move.
pub const DG_WHITE: c_int = 0;

/// `dg_side_to_move`'s answer when Black is to move.
pub const DG_BLACK: c_int = 1;

/// perft: the number of leaf nodes `depth` plies below `*p` (1 at depth 0); 0 if `p` is NULL or
/// not a position.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_perft(p: *const DgPosition, depth: c_uint) -> u64 {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    guard(0, || {
        position.map_or(0, |position| dirgolem::perft(&position, depth))
    })
}

/// The Polyglot Zobrist key of `*p` (see `dirgolem::Position::zobrist`); 0 if `p` is NULL or
/// not a position.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_zobrist(p: *const DgPosition) -> u64 {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    position.map_or(0, |position| position.zobrist())
}

/// 1 if the side to move is in check, else 0 (also if `p` is NULL or not a position).
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_is_check(p: *const DgPosition) -> c_int {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    guard(0, || c_int::from(position.is_some_and(|p| p.is_check())))
}

/// `DG_WHITE` or `DG_BLACK`, the side to move; -1 if `p` is NULL or not a position.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_side_to_move(p: *const DgPosition) -> c_int {
    // SAFETY: the caller promises NULL or a `dg_position` at `p`.
    let position = unsafe { read_or_none(p) };
    match position.map(|p| p.side_to_move()) {
        Some(dirgolem::Color::White) => DG_WHITE,
        Some(dirgolem::Color::Black) => DG_BLACK,
        None => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::null;
    use dirgolem::Position;

    #[test]
    fn perft_counts_the_cpw_positions() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                3,
                8_902,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
                97_862,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
                9_467,
            ),
        ];
        for (fen, depth, nodes) in cases {
            let p = DgPosition::new(Position::from_fen(fen).unwrap());
            // SAFETY: a live position.
            assert_eq!(unsafe { dg_perft(&p, depth) }, nodes, "{fen}");
            // SAFETY: as above.
            assert_eq!(unsafe { dg_perft(&p, 0) }, 1);
        }
    }

    #[test]
    fn queries_answer_for_the_position_and_refuse_bad_pointers() {
        let check = Position::from_fen("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1").unwrap();
        let p = DgPosition::new(check);
        let after_e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let q = DgPosition::new(after_e4.unwrap());
        // SAFETY: live positions and NULL only.
        unsafe {
            assert_eq!(dg_is_check(&p), 1);
            assert_eq!(dg_is_check(&q), 0);
            assert_eq!(dg_side_to_move(&p), DG_WHITE);
            assert_eq!(dg_side_to_move(&q), DG_BLACK);
            assert_eq!(dg_zobrist(&q), 0x823c_9b50_fd11_4196);
            assert_eq!(dg_perft(null(), 1), 0);
            assert_eq!(dg_zobrist(null()), 0);
            assert_eq!(dg_is_check(null()), 0);
            assert_eq!(dg_side_to_move(null()), -1);
            assert_eq!(dg_side_to_move(&DgPosition::zeroed()), -1);
        }
    }
}
