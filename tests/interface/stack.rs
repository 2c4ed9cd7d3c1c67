//! The public calls run within the stack of a `cargo test` thread (2 MiB) in every build,
//! debug included, where nothing is inlined but what is forced and locals do not share stack
//! slots: a frame that held the whole pipeline would overflow it.

use crate::common;

use std::thread;

use dirgolem::{MoveKind, Position, Square, divide, perft};

/// The stack of a thread `cargo test` spawns (its default).
const TEST_THREAD_STACK: usize = 2 << 20;

/// Runs `f` on a new thread with the stack of a test thread; a stack overflow aborts the whole
/// test binary, so the test fails then too.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    thread::Builder::new()
        .stack_size(TEST_THREAD_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// Chess Programming Wiki position 3: depth 5 with few nodes (674 624), so that a debug build
/// finishes it quickly on every backend.
const CPW_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// Kiwipete: every kind of man, castling both ways, en passant and promotions close by.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn perft_depth_5_on_every_backend_fits_a_test_thread_stack() {
    on_small_stack(|| {
        let position = Position::from_fen(CPW_3).unwrap();
        for generator in common::generators() {
            let name = generator.backend();
            assert_eq!(generator.perft(&position, 5), 674_624, "depth 5 on {name}");
        }
        assert_eq!(perft(&position, 5), 674_624);
    });
}

#[test]
fn perft_of_a_position_with_every_kind_of_move_fits_a_test_thread_stack() {
    on_small_stack(|| {
        let position = Position::from_fen(KIWIPETE).unwrap();
        for generator in common::generators() {
            let name = generator.backend();
            assert_eq!(generator.perft(&position, 3), 97_862, "depth 3 on {name}");
        }
        let split = divide(&position, 2);
        assert_eq!(split.len(), 48);
        assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 2_039);
    });
}

#[test]
fn move_generation_calls_fit_a_test_thread_stack() {
    on_small_stack(|| {
        let position = Position::from_fen(KIWIPETE).unwrap();
        for generator in common::generators() {
            let name = generator.backend();
            assert_eq!(generator.legal_moves(&position).len(), 48, "{name}");
            assert_eq!(generator.count_legal(&position), 48, "{name}");
            assert_eq!(generator.move_targets(&position).count(), 48, "{name}");
            let mut seen = 0;
            generator.for_each_legal_move(&position, |_| seen += 1);
            assert_eq!(seen, 48, "{name}");
        }
        assert_eq!(position.legal_moves().len(), 48);
        assert_eq!(position.count_legal(), 48);
        assert_eq!(position.move_targets().count(), 48);
        let castling = position.parse_uci("e1g1").unwrap();
        assert_eq!(castling.kind(), MoveKind::Castling);
        assert!(position.is_legal(castling));
        assert!(!position.gives_check(castling));
        let after = position.play(castling).unwrap();
        assert_eq!(after.count_legal(), 43);
        assert!(!after.is_check() && !after.is_checkmate() && !after.is_stalemate());
        let illegal = dirgolem::Move::new(Square::E1, Square::E3, MoveKind::Normal);
        assert!(position.play(illegal).is_err());
    });
}
