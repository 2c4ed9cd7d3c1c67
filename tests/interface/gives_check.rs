//! `gives_check` against the position after the move: its `is_check`, and the ray-walking
//! oracle's attackers of the king, on every suite position and on positions reached by random
//! play; and no panic for any move word at all.

use crate::oracle;

use dirgolem::{Move, MoveKind, Position};

fn all_positions() -> Vec<Position> {
    oracle::test_positions(&oracle::all_files(), 8, 60, 0x61fe_5c4e)
}

/// Whether the side to move of `pos` is attacked, by the oracle's ray walk on a mailbox.
fn oracle_in_check(pos: &Position) -> bool {
    let board = oracle::mailbox(pos);
    let us = pos.side_to_move();
    !oracle::attackers(&board, oracle::king_square(&board, us), !us).is_empty()
}

#[test]
fn gives_check_matches_the_position_after_the_move() {
    let positions = all_positions();
    assert!(
        positions.len() > 20_000,
        "only {} positions",
        positions.len()
    );
    // What the data must exercise: checks by each kind of move, and checks by a man other
    // than the one that moved (discovered).
    let (mut checks, mut discovered, mut castling, mut en_passant, mut promotion) = (0, 0, 0, 0, 0);
    for (i, pos) in positions.iter().enumerate() {
        for &m in pos.legal_moves().iter() {
            let after = pos.play_unchecked(m);
            let expected = after.is_check();
            assert_eq!(
                pos.gives_check(m),
                expected,
                "gives_check of {} in {}",
                m.to_uci(pos.castling_mode()),
                pos.to_fen()
            );
            // The oracle on a quarter of the positions: a mailbox walk for every move of all
            // would take minutes in a debug build.
            if i % 4 == 0 {
                assert_eq!(
                    oracle_in_check(&after),
                    expected,
                    "{} in {}",
                    m.to_uci(pos.castling_mode()),
                    pos.to_fen()
                );
            }
            if expected {
                checks += 1;
                // Castling's check is its rook's, which lands off the move's squares: not
                // counted as discovered.
                discovered += usize::from(!m.is_castling() && !after.checkers().contains(m.to()));
                castling += usize::from(m.is_castling());
                en_passant += usize::from(m.kind() == MoveKind::EnPassant);
                promotion += usize::from(m.promotion().is_some());
            }
        }
    }
    assert!(checks > 20_000, "only {checks} checking moves");
    assert!(discovered > 500, "only {discovered} discovered checks");
    assert!(castling > 5, "only {castling} checking castlings");
    assert!(
        en_passant > 5,
        "only {en_passant} checking en passant captures"
    );
    assert!(promotion > 500, "only {promotion} checking promotions");
}

#[test]
fn gives_check_of_any_move_word_is_an_answer() {
    // Moves that are not legal in the position give a meaningless answer, but an answer:
    // every move word `Move::from_bits` accepts, on a spread of positions.
    let words: Vec<Move> = (0..=u16::MAX).filter_map(Move::from_bits).collect();
    let mut answers = [0usize; 2];
    for pos in all_positions().iter().step_by(97) {
        for &m in &words {
            answers[usize::from(pos.gives_check(m))] += 1;
        }
    }
    assert!(answers[0] > 0 && answers[1] > 0, "{answers:?}");
}
