//! The API an engine calls at every node: Zobrist keys (Polyglot's), repetition equality, the
//! null move, moves packed for a transposition table, `is_legal` on such moves, game end, piece
//! queries and the move list as a slice. Runs in debug builds too (`cargo test --test
//! interface engine_api::`): there `play_unchecked` with moves not from the generator must not panic.

use crate::common;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use common::{ALL_SUITES, Suite, positions};
use dirgolem::{Color, Move, MoveKind, Outcome, ParseOptions, Piece, Position, Square};

/// A small xorshift generator, so that the random games are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The position after the UCI moves `moves` (space separated) from `pos`.
fn after(pos: &Position, moves: &str) -> Position {
    moves.split_whitespace().fold(*pos, |p, text| {
        let m = p.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap()
    })
}

/// Positions of every suite, at most `per_suite` from each (spread over the file).
fn sample_positions(per_suite: usize) -> Vec<(Suite, String, Position)> {
    let mut out = Vec::new();
    for suite in ALL_SUITES {
        let all = positions(suite);
        let stride = all.len().div_ceil(per_suite).max(1);
        out.extend(
            all.into_iter()
                .step_by(stride)
                .map(|(fen, pos)| (suite, fen, pos)),
        );
    }
    out
}

/// The key of `pos` computed from scratch: the position rebuilt from its setup.
fn key_from_scratch(pos: &Position, suite: Suite) -> u64 {
    let options = ParseOptions {
        castling: suite.options.castling,
        relaxed: true,
    };
    Position::from_setup(&pos.to_setup(), options)
        .unwrap_or_else(|e| panic!("{pos:?} not rebuilt: {e}"))
        .zobrist()
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys

/// The example keys of the Polyglot book format description.
#[test]
fn zobrist_matches_polyglot_examples() {
    let start = Position::startpos();
    let cases = [
        ("", 0x463b96181691fc9c),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let pos = after(&start, moves);
        assert_eq!(pos.zobrist(), key, "after '{moves}': {pos:?}");
        let from_fen = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(from_fen.zobrist(), key, "from FEN after '{moves}'");
    }
}

/// Over random games from every suite (all move kinds: both castling dialects, en passant,
/// promotions, captures of castling rooks, null moves), the key kept by make-move equals the
/// key computed from scratch.
#[test]
fn zobrist_incremental_equals_from_scratch() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut seen = [0usize; 4]; // castling, en passant, promotion, null
    for (suite, fen, start) in sample_positions(60) {
        let mut pos = start;
        for ply in 0..80 {
            assert_eq!(
                pos.zobrist(),
                key_from_scratch(&pos, suite),
                "{fen}, ply {ply}: {pos:?}"
            );
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if rng.below(16) == 0
                && let Some(passed) = pos.play_null()
            {
                seen[3] += 1;
                pos = passed;
                continue;
            }
            // Prefer the rare kinds, so that every game meets them when it can.
            let rare: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.kind() != MoveKind::Normal)
                .collect();
            let m = if !rare.is_empty() && rng.below(2) == 0 {
                rare[rng.below(rare.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            match m.kind() {
                MoveKind::Castling => seen[0] += 1,
                MoveKind::EnPassant => seen[1] += 1,
                MoveKind::Promotion(_) => seen[2] += 1,
                MoveKind::Normal => {}
            }
            pos = pos.play_unchecked(m);
        }
    }
    assert!(seen.iter().all(|&n| n > 10), "move kinds met: {seen:?}");
}

/// A castling rook captured, castling rights lost by a rook move and by a king move: each
/// changes the key as computing it afresh does.
#[test]
fn zobrist_follows_castling_rights() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1").unwrap();
    for moves in ["g2h1", "a8a7", "e8d8", "g2h1 e1c1", "e8g8"] {
        let p = after(&pos, moves);
        let rebuilt = Position::from_fen(&p.to_fen()).unwrap();
        assert_eq!(p.zobrist(), rebuilt.zobrist(), "after {moves}: {p:?}");
        assert_ne!(p.zobrist(), pos.zobrist());
    }
    // Chess960 castling, king takes rook.
    let options = ParseOptions::chess960();
    let pos = Position::from_fen_with(
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        options,
    )
    .unwrap();
    for moves in ["e1g1", "e1b1", "e1g1 e8b8"] {
        let p = after(&pos, moves);
        let rebuilt = Position::from_fen_with(&p.to_fen(), options).unwrap();
        assert_eq!(p.zobrist(), rebuilt.zobrist(), "after {moves}: {p:?}");
    }
}

/// The en passant rule: the file counts when a capture is legal, not when it is only
/// pseudo-legal (there Polyglot would count it; dirgolem keeps no en passant square).
#[test]
fn zobrist_en_passant_file_only_when_capture_is_legal() {
    // Legal capture: the key differs from the same position without the square.
    let with = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    let without = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2").unwrap();
    assert_eq!(with.ep_square(), Some(Square::D6));
    assert_ne!(with.zobrist(), without.zobrist());
    assert_ne!(with, without);
    // The e5 pawn is pinned to its king on e1 by the rook on e8: no legal capture, no file.
    let pinned = Position::from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    let pinned_without = Position::from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - - 0 2").unwrap();
    assert_eq!(pinned.ep_square(), None);
    assert_eq!(pinned.zobrist(), pinned_without.zobrist());
    assert_eq!(pinned, pinned_without);
    // Reached by play, the same.
    let start = Position::from_fen("4r1k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1").unwrap();
    let pushed = after(&start, "d7d5");
    assert_eq!(pushed.zobrist(), pinned.zobrist());
}

// ---------------------------------------------------------------------------------------------
// Repetition equality

fn hash_of(pos: &Position) -> u64 {
    let mut h = DefaultHasher::new();
    pos.hash(&mut h);
    h.finish()
}

#[test]
fn equality_follows_the_repetition_rule() {
    let start = Position::startpos();
    // Knights out and back: clocks differ, the position repeats.
    let back = after(&start, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(back, start);
    assert_eq!(hash_of(&back), hash_of(&start));
    assert_eq!(back.zobrist(), start.zobrist());
    assert_ne!(back.halfmove_clock(), start.halfmove_clock());
    assert_ne!(back.fullmove_number(), start.fullmove_number());
    // The notation mode does not count either.
    let as960 = start.with_castling_mode(dirgolem::CastlingMode::Chess960);
    assert_eq!(as960, start);
    assert_eq!(hash_of(&as960), hash_of(&start));
    // Same men, castling rights lost: not the same position.
    let kings_walked = after(&start, "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8");
    let pawns_only = after(&start, "e2e4 e7e5");
    assert_ne!(kings_walked, pawns_only);
    assert_eq!(kings_walked.occupied(), pawns_only.occupied());
    assert_eq!(
        kings_walked.to_fen().split(' ').next(),
        pawns_only.to_fen().split(' ').next()
    );
    assert_ne!(kings_walked.zobrist(), pawns_only.zobrist());
    // Same men, other side to move: not the same.
    let passed = start.play_null().unwrap();
    assert_ne!(passed, start);
    assert_ne!(passed.zobrist(), start.zobrist());
    // A double push nobody can take leaves no trace.
    let e4 = after(&start, "e2e4");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq";
    let with_square = Position::from_fen(&format!("{fen} e3 0 1")).unwrap();
    let without_square = Position::from_fen(&format!("{fen} - 0 1")).unwrap();
    assert_eq!(e4, with_square);
    assert_eq!(e4, without_square);
    assert_eq!(hash_of(&e4), hash_of(&with_square));
}

// ---------------------------------------------------------------------------------------------
// Null move

#[test]
fn null_move_passes_and_clears_en_passant() {
    let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 40").unwrap();
    let passed = pos.play_null().unwrap();
    assert_eq!(passed.side_to_move(), Color::Black);
    assert_eq!(passed.ep_square(), None);
    assert_eq!(passed.occupied(), pos.occupied());
    assert_eq!(passed.halfmove_clock(), 4);
    assert_eq!(passed.fullmove_number(), 40);
    assert_eq!(
        passed.zobrist(),
        Position::from_fen(&passed.to_fen()).unwrap().zobrist()
    );
    let twice = passed.play_null().unwrap();
    assert_eq!(twice.fullmove_number(), 41);
    assert_eq!(twice.side_to_move(), Color::White);
    // En passant is gone: passing twice is not the position before.
    assert_ne!(twice, pos);
    assert_eq!(
        twice,
        Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap()
    );
    // In check: no null move.
    let check = Position::from_fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1").unwrap();
    assert!(check.play_null().is_none());
}

// ---------------------------------------------------------------------------------------------
// Game end and piece queries

#[test]
fn outcome_of_finished_and_unfinished_games() {
    let outcome = |fen: &str| Position::from_fen(fen).unwrap().outcome();
    let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(
        outcome(fools_mate),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(outcome(fools_mate).unwrap().winner(), Some(Color::Black));
    // Mate given on the hundredth half-move is mate, not a fifty-move draw.
    assert_eq!(
        outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 100 80"),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(
        outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 80"),
        Some(Outcome::Stalemate)
    );
    assert_eq!(
        outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 100 80"),
        Some(Outcome::Stalemate)
    );
    assert_eq!(outcome("7k/8/6K1/8/8/8/8/3Q4 b - - 99 80"), None);
    assert_eq!(
        outcome("7k/8/6K1/8/8/8/8/3Q4 b - - 100 80"),
        Some(Outcome::FiftyMoves)
    );
    assert_eq!(
        outcome("7k/8/6K1/8/8/8/8/3Q4 b - - 100 80")
            .unwrap()
            .winner(),
        None
    );
    let dead = Some(Outcome::InsufficientMaterial);
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",      // K v K
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",    // K+N v K
        "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",    // K+B v K
        "4k3/8/8/2b5/8/8/8/B3K3 w - - 0 1",   // bishops on dark squares, both sides
        "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1",   // c8 and d1: light squares, both sides
        "4k3/8/8/8/8/2B5/1B6/B3K3 w - - 0 1", // three dark-squared bishops
    ] {
        assert_eq!(outcome(fen), dead, "{fen}");
    }
    for fen in [
        "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", // two knights: a mate exists
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", // knight and bishop
        "4k3/8/8/8/2b5/8/8/B3K3 w - - 0 1", // bishops on both colours
        "4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1", // knight each
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",   // a pawn
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",   // a rook
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",   // a queen
    ] {
        assert_eq!(outcome(fen), None, "{fen}");
    }
}

/// `piece_at` against the per-kind and per-colour sets, on every square of many positions.
#[test]
fn piece_at_agrees_with_the_piece_sets() {
    for (_, fen, pos) in sample_positions(100) {
        for sq in Square::ALL {
            let expected = Color::ALL.into_iter().find_map(|c| {
                Piece::ALL
                    .into_iter()
                    .find(|&p| (pos.pieces(p) & pos.colored(c)).contains(sq))
                    .map(|p| (c, p))
            });
            assert_eq!(pos.piece_at(sq), expected, "{fen} {sq}");
        }
    }
}

/// `moved_piece` and `captured_piece` against the board before and after each legal move.
#[test]
fn moved_and_captured_pieces() {
    let mut kinds = [0usize; 3]; // en passant, castling, other captures
    for (_, fen, pos) in sample_positions(100) {
        let us = pos.side_to_move();
        for m in pos.legal_moves() {
            let moved = pos.piece_at(m.from()).map(|(_, p)| p);
            assert_eq!(pos.moved_piece(m), moved, "{fen} {m:?}");
            let captured = match m.kind() {
                MoveKind::EnPassant => {
                    kinds[0] += 1;
                    Some(Piece::Pawn)
                }
                MoveKind::Castling => {
                    kinds[1] += 1;
                    None
                }
                _ => pos.piece_at(m.to()).map(|(c, p)| {
                    assert_eq!(c, !us);
                    kinds[2] += 1;
                    p
                }),
            };
            assert_eq!(pos.captured_piece(m), captured, "{fen} {m:?}");
            let after = pos.play_unchecked(m);
            let men = |p: &Position| p.colored(!us).len();
            assert_eq!(
                men(&after) + u32::from(captured.is_some()),
                men(&pos),
                "{fen} {m:?}"
            );
        }
        // A from square without a man of the side to move.
        let empty = Square::ALL
            .into_iter()
            .find(|&s| pos.piece_at(s).is_none())
            .unwrap();
        assert_eq!(
            pos.moved_piece(Move::new(empty, Square::A1, MoveKind::Normal)),
            None
        );
    }
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
}

// ---------------------------------------------------------------------------------------------
// The move list as a slice

#[test]
fn move_list_behaves_like_a_slice() {
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let original = kiwipete.legal_moves();
    assert_eq!(original.len(), 48);
    // DerefMut: sort in place.
    let mut sorted = original.clone();
    sorted.sort_by_key(|m| m.to_string());
    let mut names: Vec<String> = original.iter().map(|m| m.to_string()).collect();
    names.sort();
    assert_eq!(
        sorted.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        names
    );
    // Eq: same moves in another order differ, the same order is equal.
    assert_ne!(sorted, original);
    assert_eq!(original.clone(), original);
    // By value, by reference, by mutable reference.
    let by_value: Vec<Move> = original.clone().into_iter().collect();
    assert_eq!(by_value.as_slice(), &original[..]);
    assert_eq!((&original).into_iter().count(), 48);
    let mut edited = original.clone();
    for m in &mut edited {
        *m = Move::new(m.from(), m.from(), MoveKind::Normal);
    }
    assert!(
        edited
            .iter()
            .zip(&original)
            .all(|(e, o)| e.from() == o.from() && e.to() == o.from())
    );
    // retain keeps order.
    let mut captures = original.clone();
    captures.retain(|&m| kiwipete.captured_piece(m).is_some());
    let expected: Vec<Move> = original
        .iter()
        .copied()
        .filter(|&m| kiwipete.captured_piece(m).is_some())
        .collect();
    assert_eq!(&captures[..], expected.as_slice());
    assert_eq!(captures.len(), 8);
    // swap_remove: the last move fills the hole; out of range is refused.
    let mut list = original.clone();
    let removed = list.swap_remove(3).unwrap();
    assert_eq!(removed, original[3]);
    assert_eq!(list[3], original[47]);
    assert_eq!(list.len(), 47);
    assert_eq!(list.swap_remove(47), None);
    assert_eq!(list.len(), 47);
    // clear.
    list.clear();
    assert!(list.is_empty() && list.is_complete());
    assert_eq!(list, dirgolem::MoveList::new());
    // Debug lists the moves.
    assert_eq!(format!("{:?}", captures).matches("Move(").count(), 8);
}

/// `extend` past the capacity counts the rest as dropped, as `push` does.
#[test]
fn move_list_extend_counts_what_does_not_fit() {
    let moves = Position::startpos().legal_moves();
    let mut list = dirgolem::MoveList::new();
    list.extend(
        moves
            .iter()
            .copied()
            .cycle()
            .take(dirgolem::MOVE_LIST_CAPACITY - 1),
    );
    assert!(list.is_complete());
    list.extend(moves.iter().copied().take(3));
    assert_eq!(list.len(), dirgolem::MOVE_LIST_CAPACITY);
    assert!(!list.is_complete());
    let mut again = dirgolem::MoveList::new();
    again.extend(list.iter().copied());
    assert!(again.is_complete());
    assert_ne!(again, list); // same moves, but `list` dropped two
    list.clear();
    assert!(list.is_complete());
}

// ---------------------------------------------------------------------------------------------
// Moves for a transposition table

/// The valid patterns, by an independent description: every move the generator makes on the
/// test positions is among them, and they are exactly the from/to/kind shapes of chess moves.
fn valid_patterns() -> Vec<u16> {
    (0..=u16::MAX)
        .filter(|&b| Move::from_bits(b).is_some())
        .collect()
}

#[test]
fn move_bits_round_trip_and_valid_patterns() {
    let valid = valid_patterns();
    assert_eq!(valid.len(), 2108);
    // Shapes counted square by square: queen lines and knight jumps (normal), one file over
    // from the fifth to the sixth rank either way (en passant), pairs on a back rank
    // (castling), one step to the last rank (promotion, four pieces).
    let mut expected = 0;
    for bits in 0..=u16::MAX {
        let (from, to, kind) = (bits & 63, bits >> 6 & 63, bits >> 12);
        let (ff, fr, tf, tr) = (
            i32::from(from % 8),
            i32::from(from / 8),
            i32::from(to % 8),
            i32::from(to / 8),
        );
        let (df, dr) = ((tf - ff).abs(), tr - fr);
        let shape = match kind {
            0 => from != to && (df == 0 || dr == 0 || df == dr.abs() || df * dr.abs() == 2),
            1 => df == 1 && ((fr, tr) == (4, 5) || (fr, tr) == (3, 2)),
            2 => from != to && fr == tr && (fr == 0 || fr == 7),
            4..=7 => df <= 1 && ((fr, tr) == (6, 7) || (fr, tr) == (1, 0)),
            _ => false,
        };
        assert_eq!(Move::from_bits(bits).is_some(), shape, "{bits:#06x}");
        expected += usize::from(shape);
        if let Some(m) = Move::from_bits(bits) {
            assert_eq!(m.to_bits(), bits);
        }
    }
    assert_eq!(expected, 2108);
    for (_, fen, pos) in sample_positions(200) {
        for m in pos.legal_moves() {
            assert_eq!(Move::from_bits(m.to_bits()), Some(m), "{fen} {m:?}");
        }
    }
}

/// `is_legal` on every valid pattern equals membership in the legal move list, on the suite
/// positions (all of them in release builds, a sample in debug builds) and on positions of
/// random games.
#[test]
fn is_legal_equals_generated_moves() {
    let valid: Vec<Move> = valid_patterns()
        .into_iter()
        .map(|b| Move::from_bits(b).unwrap())
        .collect();
    let per_suite = if cfg!(debug_assertions) {
        25
    } else {
        usize::MAX
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for (_, fen, start) in sample_positions(per_suite) {
        let mut pos = start;
        for _ in 0..2 {
            // All of them: a list keeps at most its capacity.
            let mut legal = Vec::new();
            pos.for_each_legal_move(|m| legal.push(m));
            let mut found = 0;
            for &m in &valid {
                let expected = legal.contains(&m);
                assert_eq!(pos.is_legal(m), expected, "{fen} -> {pos:?}: {m:?}");
                found += usize::from(expected);
            }
            assert_eq!(
                found,
                legal.len(),
                "{pos:?}: a legal move has an invalid pattern"
            );
            checked += 1;
            if legal.is_empty() {
                break;
            }
            pos = pos.play_unchecked(legal[rng.below(legal.len())]);
        }
    }
    assert!(checked > 200, "{checked}");
}

// ---------------------------------------------------------------------------------------------
// Moves not from the generator

/// `play_unchecked` with any valid pattern, and with `Move::new` on any squares and kind, gives
/// a meaningless position but never panics, in debug builds too (overflow checks on); so do the
/// per-move queries, `is_legal`, and the generator's calls on the position it gives.
#[test]
fn moves_not_from_the_generator_never_panic() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 4294967295 4294967295",
        "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "1nbqkbn1/PpppppPp/8/8/8/8/pPPPPPpP/1NBQKBN1 b - - 0 1",
    ];
    let mut played = 0u64;
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let mut moves: Vec<Move> = valid_patterns()
            .into_iter()
            .map(|b| Move::from_bits(b).unwrap())
            .collect();
        for from in Square::ALL {
            for to in Square::ALL {
                moves.extend(MoveKind::ALL.map(|k| Move::new(from, to, k)));
            }
        }
        let patterns = valid_patterns().len();
        for (i, m) in moves.into_iter().enumerate() {
            let next = pos.play_unchecked(m);
            played ^= next.zobrist() ^ u64::from(next.halfmove_clock());
            let _ = (pos.moved_piece(m), pos.captured_piece(m), pos.is_legal(m));
            // The meaningless position answers every generator call without panicking too
            // (a king taken leaves a side without one: no square to castle from). Every
            // pattern, and of the made-up moves those that take a king (kept few: this test
            // runs in the debug profile too).
            let takes_king = pos
                .piece_at(m.to())
                .is_some_and(|(_, piece)| piece == Piece::King);
            if i >= patterns && !takes_king {
                continue;
            }
            played ^= next.legal_moves().len() as u64
                ^ next.count_legal() as u64
                ^ next.captures().len() as u64
                ^ next.quiets().len() as u64
                ^ next.checkers().0
                ^ next.pinned().0
                ^ u64::from(next.is_check())
                ^ next.to_fen().len() as u64;
            let _ = next.outcome();
        }
    }
    // Something was computed (and the loop not optimised away).
    assert_ne!(played, 0);
}

/// Keys of positions from random games (standard and Chess960, castling and en passant
/// included) as computed by an independent implementation (see `tests/data/polyglot-keys.txt`):
/// dirgolem's key equals Polyglot's, except for the en passant file when no capture is legal.
#[test]
fn zobrist_matches_an_independent_implementation() {
    let text = std::fs::read_to_string(common::data_path("polyglot-keys.txt")).unwrap();
    let (mut checked, mut differing) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(';').collect();
        let options = match fields[0] {
            "960" => ParseOptions::chess960(),
            _ => ParseOptions::standard(),
        };
        let pos = Position::from_fen_with(fields[1], options).unwrap();
        let polyglot = u64::from_str_radix(fields[2], 16).unwrap();
        let legal_rule = u64::from_str_radix(fields[3], 16).unwrap();
        assert_eq!(pos.zobrist(), legal_rule, "{line}");
        if polyglot != legal_rule {
            differing += 1;
            assert_eq!(pos.ep_square(), None, "{line}");
        }
        checked += 1;
    }
    assert!(checked > 1000 && differing >= 2, "{checked} {differing}");
}
