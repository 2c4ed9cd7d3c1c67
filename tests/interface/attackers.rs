//! `attackers_to`, `checkers` and `pinned` against a ray-walking oracle, on every suite
//! position and on positions reached by random play.

use crate::oracle;

use dirgolem::{Bitboard, Color, Position, Square};
use oracle::{DIAGONAL, Mailbox, ORTHOGONAL};

/// The side to move's men standing alone between their king and an enemy slider of the right
/// kind, found by walking out from the king.
fn naive_pinned(board: &Mailbox, us: Color) -> u64 {
    use dirgolem::Piece::{Bishop, Queen, Rook};
    let king = oracle::king_square(board, us);
    let mut pinned = 0;
    for (dirs, slider) in [(ORTHOGONAL, Rook), (DIAGONAL, Bishop)] {
        for dir in dirs {
            let Some(first) = oracle::first_on_ray(board, king, dir) else {
                continue;
            };
            if board[first].is_some_and(|(c, _)| c != us) {
                continue;
            }
            if let Some(second) = oracle::first_on_ray(board, first, dir)
                && (board[second] == Some((!us, slider)) || board[second] == Some((!us, Queen)))
            {
                pinned |= 1 << first;
            }
        }
    }
    pinned
}

fn all_positions() -> Vec<Position> {
    // Unoptimised (plain `cargo test`), games from a quarter as many starts: still above the
    // test's floors.
    let stride = if cfg!(debug_assertions) { 32 } else { 8 };
    oracle::test_positions(&oracle::all_files(), stride, 60, 0xa77a_c4e5)
}

/// Checks one position; the occupancy for `attackers_to` is the full board and, to cover
/// x-rays, the board with every `drop`-th man taken off.
fn check(pos: &Position, drop: usize) {
    let board = oracle::mailbox(pos);
    let us = pos.side_to_move();
    let king = oracle::king_square(&board, us);
    let fen = pos.to_fen();
    assert_eq!(
        pos.checkers().0,
        oracle::bits(&oracle::attackers(&board, king, !us)),
        "checkers of {fen}"
    );
    assert_eq!(pos.is_check(), !pos.checkers().is_empty(), "{fen}");
    assert_eq!(pos.pinned().0, naive_pinned(&board, us), "pinned of {fen}");

    let mut thinned = board;
    for (i, sq) in pos.occupied().into_iter().enumerate() {
        if i % drop == 0 {
            thinned[sq as usize] = None;
        }
    }
    let thinned_occupied: Bitboard = (0..64)
        .filter(|&i| thinned[i].is_some())
        .map(Square::index)
        .collect();
    for target in 0..64 {
        for by in Color::ALL {
            let sq = Square::index(target);
            assert_eq!(
                pos.attackers_to(sq, by, pos.occupied()).0,
                oracle::bits(&oracle::attackers(&board, target, by)),
                "{by} attackers of {sq} in {fen}"
            );
            assert_eq!(
                pos.attackers_to(sq, by, thinned_occupied).0,
                oracle::bits(&oracle::attackers(&thinned, target, by)),
                "{by} attackers of {sq} in {fen} with {thinned_occupied:?} taken"
            );
        }
    }
}

#[test]
fn attack_queries_match_the_ray_walk_on_suite_and_random_positions() {
    let positions = all_positions();
    assert!(
        positions.len() > 20_000,
        "only {} positions",
        positions.len()
    );
    let mut in_check = 0;
    let mut with_pins = 0;
    for (i, pos) in positions.iter().enumerate() {
        check(pos, 2 + i % 4);
        in_check += pos.is_check() as usize;
        with_pins += !pos.pinned().is_empty() as usize;
    }
    // The data must exercise what is tested.
    assert!(in_check > 500, "only {in_check} positions in check");
    assert!(with_pins > 500, "only {with_pins} positions with a pin");
}

#[test]
fn attackers_to_ignores_men_left_out_of_the_occupancy() {
    // Queen d1 behind rook d2 behind nothing: taking d2 away reveals d1; taking d5 away (the
    // target's own man) changes nothing; men not on `occupied` are never reported.
    let pos = Position::from_fen("3k4/8/8/3p4/8/8/3R4/3QK3 w - - 0 1").unwrap();
    let all = pos.occupied();
    assert_eq!(
        pos.attackers_to(Square::D5, Color::White, all),
        Square::D2.bitboard()
    );
    assert_eq!(
        pos.attackers_to(Square::D5, Color::White, all - Square::D2.bitboard()),
        Square::D1.bitboard()
    );
    assert_eq!(
        pos.attackers_to(Square::D5, Color::White, Bitboard::EMPTY),
        Bitboard::EMPTY
    );
}

#[test]
fn checkers_and_pins_from_the_black_side() {
    // Black to move: the frame is flipped inside, the answers are in absolute squares.
    let pos = Position::from_fen("4k3/3n4/8/1B6/8/8/8/4RK2 b - - 0 1").unwrap();
    assert_eq!(pos.checkers(), Square::E1.bitboard());
    assert_eq!(pos.pinned(), Square::D7.bitboard());
}
