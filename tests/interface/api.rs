//! The public API around move generation, checked on the suite positions: game states, checked
//! play, UCI input, the move list's capacity, the fifty-move flag and the direction target sets.

use crate::common;

use std::collections::HashSet;

use common::reference::{self, offset};
use common::{ALL_SUITES, STANDARD_SUITES, Suite, epd, positions};
use dirgolem::{
    CastlingMode, Color, Direction, IllegalMove, MOVE_LIST_CAPACITY, Move, MoveKind, MoveList,
    ParseOptions, Piece, Position, Square, UciMoveError,
};

/// Every position of every suite file, with the file's options.
fn all_positions() -> Vec<(String, Position, ParseOptions)> {
    ALL_SUITES
        .iter()
        .flat_map(|&suite| {
            positions(suite)
                .into_iter()
                .map(move |(f, p)| (f, p, suite.options))
        })
        .collect()
}

/// The legal moves, all of them (a `MoveList` keeps at most its capacity).
fn all_legal(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.for_each_legal_move(|m| moves.push(m));
    moves
}

#[test]
fn terminal_positions_are_checkmate_or_stalemate() {
    let (mut mates, mut stalemates) = (0, 0);
    for (fen, pos) in positions(Suite {
        file: "terminal.epd",
        options: ParseOptions::standard(),
    }) {
        assert_eq!(pos.count_legal(), 0, "{fen}");
        assert!(pos.legal_moves().is_empty(), "{fen}");
        assert!(pos.move_targets().all().is_empty(), "{fen}");
        let in_check = reference::king_attacked(&pos.to_setup(), pos.side_to_move());
        assert_eq!(pos.is_check(), in_check, "{fen}: is_check");
        assert_eq!(pos.is_checkmate(), in_check, "{fen}: is_checkmate");
        assert_eq!(pos.is_stalemate(), !in_check, "{fen}: is_stalemate");
        if in_check {
            mates += 1
        } else {
            stalemates += 1
        }
    }
    // Fool's, scholar's, back-rank and smothered mate; five stalemates, one of them with an en
    // passant capture that would expose the king, one Loyd's ten-move stalemate.
    assert_eq!((mates, stalemates), (4, 5));
}

#[test]
fn game_states_of_every_suite_position() {
    let mut checks = 0;
    for (fen, pos, _) in all_positions() {
        let in_check = reference::king_attacked(&pos.to_setup(), pos.side_to_move());
        assert_eq!(pos.is_check(), in_check, "{fen}: is_check");
        let has_moves = pos.count_legal() > 0;
        assert_eq!(
            pos.is_checkmate(),
            in_check && !has_moves,
            "{fen}: is_checkmate"
        );
        assert_eq!(
            pos.is_stalemate(),
            !in_check && !has_moves,
            "{fen}: is_stalemate"
        );
        checks += in_check as usize;
    }
    assert!(
        checks > 100,
        "only {checks} positions in check: the check test sees too little"
    );
}

/// Positions for the exhaustive tests: the `standard` files (`STANDARD_SUITES`, all of them, or
/// cpw, tricky and terminal only) and the first `chess960` and the 6 tricky Chess960 positions.
fn exhaustive_positions(all_standard: bool, chess960: usize) -> Vec<(String, Position)> {
    let standard = STANDARD_SUITES
        .iter()
        .filter(|s| all_standard || s.file != "perftsuite.epd");
    let mut out: Vec<_> = standard.flat_map(|&suite| positions(suite)).collect();
    let positions960 = positions(Suite {
        file: "chess960.epd",
        options: ParseOptions::chess960(),
    });
    out.extend(positions960[..chess960].iter().cloned());
    out.extend(positions960[960..].iter().cloned());
    out
}

#[test]
fn play_refuses_every_move_not_listed() {
    let mut accepted = 0;
    for (fen, pos) in exhaustive_positions(true, 40) {
        let legal: HashSet<Move> = all_legal(&pos).into_iter().collect();
        for from in Square::ALL {
            for to in Square::ALL {
                for kind in MoveKind::ALL {
                    let m = Move::new(from, to, kind);
                    let listed = legal.contains(&m);
                    assert_eq!(pos.is_legal(m), listed, "{fen}: is_legal({m:?})");
                    match pos.play(m) {
                        Ok(after) => {
                            assert!(listed, "{fen}: play accepts the unlisted {m:?}");
                            assert_eq!(after, pos.play_unchecked(m), "{fen}: play({m:?})");
                            accepted += 1;
                        }
                        Err(e) => {
                            assert!(!listed, "{fen}: play refuses the listed {m:?}");
                            assert_eq!(e, IllegalMove { mv: m });
                            assert!(
                                e.to_string()
                                    .contains(&m.to_uci(CastlingMode::Chess960).to_string()),
                                "{e}"
                            );
                        }
                    }
                }
            }
        }
    }
    // 4058 legal moves in these positions.
    assert!(accepted > 4_000, "only {accepted} legal moves played");
}

#[test]
fn parse_uci_accepts_every_legal_move() {
    let mut castlings = 0;
    for (fen, pos, options) in all_positions() {
        for m in all_legal(&pos) {
            let chess960_text = m.to_uci(CastlingMode::Chess960).to_string();
            let standard_text = m.to_uci(CastlingMode::Standard).to_string();
            assert_eq!(
                pos.parse_uci(&chess960_text),
                Ok(m),
                "{fen}: {chess960_text}"
            );
            match options.castling {
                CastlingMode::Standard => {
                    assert_eq!(
                        pos.parse_uci(&standard_text),
                        Ok(m),
                        "{fen}: {standard_text}"
                    );
                    assert_eq!(m.to_string(), standard_text);
                }
                CastlingMode::Chess960 if m.is_castling() && standard_text != chess960_text => {
                    // The king's-destination text is not castling in Chess960 (unless the rook
                    // stands on the king's destination, when both texts are one): it is refused
                    // or read as a plain king move.
                    match pos.parse_uci(&standard_text) {
                        Err(UciMoveError::Illegal(text)) => assert_eq!(text, standard_text),
                        Ok(other) => {
                            assert!(
                                !other.is_castling(),
                                "{fen}: {standard_text} read as {other:?}"
                            );
                            assert_eq!(
                                other.to_uci(CastlingMode::Chess960).to_string(),
                                standard_text
                            );
                        }
                        Err(e) => panic!("{fen}: {standard_text}: {e:?}"),
                    }
                }
                CastlingMode::Chess960 => {}
            }
            castlings += m.is_castling() as usize;
        }
    }
    // 323 castling moves in all.
    assert!(castlings > 300, "only {castlings} castling moves seen");
}

#[test]
fn parse_uci_refuses_every_other_well_formed_text() {
    let letters = ["", "n", "b", "r", "q"];
    // Every text is parsed in each position: unoptimised (plain `cargo test`), a quarter of the
    // positions, which takes seconds where all take half a minute.
    let step = if cfg!(debug_assertions) { 4 } else { 1 };
    for (fen, pos) in exhaustive_positions(false, 20).into_iter().step_by(step) {
        let mode = pos.castling_mode();
        let mut accepted: HashSet<String> = HashSet::new();
        for m in all_legal(&pos) {
            accepted.insert(m.to_uci(CastlingMode::Chess960).to_string());
            if mode == CastlingMode::Standard {
                accepted.insert(m.to_uci(CastlingMode::Standard).to_string());
            }
        }
        for from in Square::ALL {
            for to in Square::ALL {
                for letter in letters {
                    let text = format!("{from}{to}{letter}");
                    match pos.parse_uci(&text) {
                        Ok(m) => {
                            assert!(accepted.contains(&text), "{fen}: {text} read as {m:?}");
                            assert!(pos.is_legal(m), "{fen}: {text} read as the illegal {m:?}");
                        }
                        Err(e) => {
                            assert!(
                                !accepted.contains(&text),
                                "{fen}: legal {text} refused: {e}"
                            );
                            assert_eq!(e, UciMoveError::Illegal(text.as_str().into()), "{fen}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn parse_uci_refuses_malformed_text() {
    let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert!(pos.parse_uci("b7b8q").is_ok());
    for text in [
        "", "e", "e1", "e1g", "e1g1qq", "e1g1x", "b7b8k", "b7b8p", "b7b8Q", "i1a1", "a0a1", "a1a9",
        "a1-a2", " a1a2", "a1a2 ", "A1A2", "0000", "castle", "O-O", "e1é1", "ａ1a2", "a1a2\n",
    ] {
        match pos.parse_uci(text) {
            Err(UciMoveError::Syntax(got)) => assert_eq!(got, text),
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
    // Well formed but illegal.
    for text in ["a1a1", "e1e3", "b7b8", "e1d3", "b7c8q", "h1h8q"] {
        assert_eq!(
            pos.parse_uci(text),
            Err(UciMoveError::Illegal(text.into())),
            "{text}"
        );
    }
    // Castling both ways in standard chess.
    assert_eq!(
        pos.parse_uci("e1g1").unwrap(),
        Move::new(Square::E1, Square::H1, MoveKind::Castling)
    );
    assert_eq!(
        pos.parse_uci("e1h1").unwrap(),
        Move::new(Square::E1, Square::H1, MoveKind::Castling)
    );
    assert_eq!(
        pos.parse_uci("e1a1").unwrap(),
        Move::new(Square::E1, Square::A1, MoveKind::Castling)
    );
    // The same position read as Chess960: only king takes rook.
    let chess960 = Position::from_fen_with(
        "4k3/1P6/8/8/8/8/8/R3K2R w HA - 0 1",
        ParseOptions::chess960(),
    )
    .unwrap();
    assert_eq!(
        chess960.parse_uci("e1h1").unwrap().kind(),
        MoveKind::Castling
    );
    assert_eq!(
        chess960.parse_uci("e1g1"),
        Err(UciMoveError::Illegal("e1g1".into()))
    );
    // A Chess960 king next to its destination: f1g1 is a king step, castling is f1h1.
    let pos = Position::from_fen_with("4k3/8/8/8/8/8/8/5K1R w H - 0 1", ParseOptions::chess960())
        .unwrap();
    assert_eq!(
        pos.parse_uci("f1g1").unwrap(),
        Move::new(Square::F1, Square::G1, MoveKind::Normal)
    );
    assert_eq!(
        pos.parse_uci("f1h1").unwrap(),
        Move::new(Square::F1, Square::H1, MoveKind::Castling)
    );
}

#[test]
fn move_lists_hold_every_move_of_every_suite_position() {
    let mut overfull = Vec::new();
    let mut checked = 0;
    for suite in ALL_SUITES {
        for (line, (fen, pos)) in epd::load(suite.file).into_iter().zip(positions(suite)) {
            let list = pos.legal_moves();
            let count = pos.count_legal();
            // `fill_legal` writes its list by another path, overfull positions included (a
            // list kept and refilled, here over another position's moves).
            let mut filled = MoveList::new();
            Position::startpos().fill_legal(&mut filled);
            pos.fill_legal(&mut filled);
            assert_eq!(filled, list, "{fen}: fill_legal against legal_moves()");
            if let Some(&(1, d1)) = line.counts.first() {
                assert_eq!(count as u64, d1, "{fen}: count_legal vs the file's D1");
            }
            if count <= MOVE_LIST_CAPACITY {
                assert!(
                    list.is_complete(),
                    "{fen}: {count} moves, list not complete"
                );
                assert_eq!(list.len(), count, "{fen}");
            } else {
                // Only the relaxed file's 270-move position (too much material).
                assert!(
                    !list.is_complete(),
                    "{fen}: {count} moves in a list of {MOVE_LIST_CAPACITY}"
                );
                assert_eq!(list.len(), MOVE_LIST_CAPACITY, "{fen}");
                assert_eq!(all_legal(&pos).len(), count, "{fen}: for_each_legal_move");
                assert_eq!(
                    list.as_slice(),
                    &all_legal(&pos)[..MOVE_LIST_CAPACITY],
                    "{fen}: the first moves are kept"
                );
                overfull.push(fen);
            }
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        7 + 124 + 80 + 9 + 6752 + 11 + 966 + 2,
        "positions checked"
    );
    assert_eq!(
        overfull,
        ["kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1"]
    );
}

#[test]
fn the_218_move_positions() {
    let cases: Vec<_> = epd::load_fen_cases("valid-edge.txt")
        .into_iter()
        .filter(|c| c.reason.contains("218"))
        .collect();
    assert_eq!(cases.len(), 2, "valid-edge.txt has two 218-move positions");
    for case in cases {
        let pos =
            Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("line {}: {e}", case.line_no));
        let list = pos.legal_moves();
        assert!(list.is_complete());
        assert_eq!(list.len(), 218, "{}", case.fen);
        assert_eq!(pos.count_legal(), 218, "{}", case.fen);
        assert_eq!(pos.move_targets().count(), 218, "{}", case.fen);
        assert_eq!(
            reference::legal_moves(&pos.to_setup()).len(),
            218,
            "{}: reference",
            case.fen
        );
    }
}

#[test]
fn fifty_move_flag() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80").unwrap();
    assert!(!pos.is_fifty_move_draw());
    let rook_move = pos.play(pos.parse_uci("h1h2").unwrap()).unwrap();
    assert_eq!(rook_move.halfmove_clock(), 100);
    assert!(rook_move.is_fifty_move_draw());
    let king_move = rook_move
        .play(rook_move.parse_uci("e8d8").unwrap())
        .unwrap();
    assert_eq!(
        (king_move.halfmove_clock(), king_move.fullmove_number()),
        (101, 81)
    );
    assert!(king_move.is_fifty_move_draw());
    // A pawn move and a capture reset the clock.
    let pawn_move = pos.play(pos.parse_uci("e2e4").unwrap()).unwrap();
    assert_eq!(pawn_move.halfmove_clock(), 0);
    assert!(!pawn_move.is_fifty_move_draw());
    let pos = Position::from_fen("4k3/8/8/8/8/8/7r/4K2R w K - 120 80").unwrap();
    assert!(pos.is_fifty_move_draw());
    let capture = pos.play(pos.parse_uci("h1h2").unwrap()).unwrap();
    assert_eq!(capture.halfmove_clock(), 0);
    assert!(!capture.is_fifty_move_draw());
    // Read from FEN: 100 is a draw claim, 99 is not.
    assert!(
        Position::from_fen("8/8/8/8/8/5k2/8/4K2R w K - 100 150")
            .unwrap()
            .is_fifty_move_draw()
    );
    assert!(
        !Position::from_fen("8/8/8/8/8/5k2/8/4K2R w K - 99 150")
            .unwrap()
            .is_fifty_move_draw()
    );
    // The flag does not change the moves or the mate test.
    let mate = Position::from_fen("6rk/5Npp/8/8/8/8/8/6K1 b - - 100 70").unwrap();
    assert!(mate.is_fifty_move_draw() && mate.is_checkmate());
}

/// A direction as a (file, rank) step, written out independently of the library.
fn delta(d: Direction) -> (i8, i8) {
    match d {
        Direction::North => (0, 1),
        Direction::NorthEast => (1, 1),
        Direction::East => (1, 0),
        Direction::SouthEast => (1, -1),
        Direction::South => (0, -1),
        Direction::SouthWest => (-1, -1),
        Direction::West => (-1, 0),
        Direction::NorthWest => (-1, 1),
        Direction::NorthNorthEast => (1, 2),
        Direction::NorthEastEast => (2, 1),
        Direction::SouthEastEast => (2, -1),
        Direction::SouthSouthEast => (1, -2),
        Direction::SouthSouthWest => (-1, -2),
        Direction::SouthWestWest => (-2, -1),
        Direction::NorthWestWest => (-2, 1),
        Direction::NorthNorthWest => (-1, 2),
    }
}

#[test]
fn directions_are_consistent() {
    let all: HashSet<Direction> = Direction::ALL.into_iter().collect();
    assert_eq!(all.len(), 16);
    for d in Direction::ALL {
        let (df, dr) = delta(d);
        assert_eq!(d.step(), dr * 8 + df, "{d:?}");
        assert_eq!(d.is_knight(), df.abs() + dr.abs() == 3, "{d:?}");
        assert_eq!(delta(d.flip_rank()), (df, -dr), "{d:?}");
    }
}

/// Whether `piece` of `color` moves along (file, rank) step `d` from `from` to `to`, as a
/// non-castling move of a ray direction.
fn moves_along(piece: Piece, color: Color, d: (i8, i8), from: Square, to: Square) -> bool {
    let diagonal = d.0 != 0 && d.1 != 0;
    match piece {
        Piece::Pawn => d.1 == reference::forward(color),
        Piece::Knight => false,
        Piece::Bishop => diagonal,
        Piece::Rook => !diagonal,
        Piece::Queen => true,
        Piece::King => offset(from, d) == Some(to),
    }
}

/// The (from, to) pairs the direction sets stand for, promotions four times; errors describe a
/// target whose source is not a man of the side to move that moves that way.
fn pairs_from_targets(pos: &Position) -> Result<Vec<(Square, Square)>, String> {
    let targets = pos.move_targets();
    let us = pos.side_to_move();
    let mut pairs = Vec::new();
    for d in Direction::ALL {
        let step = delta(d);
        let back = (-step.0, -step.1);
        for to in targets.get(d) {
            let from = if d.is_knight() {
                offset(to, back)
            } else {
                let mut sq = offset(to, back);
                while let Some(s) = sq.filter(|&s| pos.piece_at(s).is_none()) {
                    sq = offset(s, back);
                }
                sq
            };
            let Some(from) = from else {
                return Err(format!("{d:?} target {to}: no square behind it"));
            };
            let piece = match pos.piece_at(from) {
                Some((color, piece)) if color == us => piece,
                other => return Err(format!("{d:?} target {to}: source {from} holds {other:?}")),
            };
            let ok = if d.is_knight() {
                piece == Piece::Knight
            } else {
                moves_along(piece, us, step, from, to)
            };
            if !ok {
                return Err(format!(
                    "{d:?} target {to}: the {piece} on {from} does not move that way"
                ));
            }
            let promotion =
                piece == Piece::Pawn && reference::rank_of(to) == reference::back_rank(!us);
            pairs.extend(std::iter::repeat_n(
                (from, to),
                if promotion { 4 } else { 1 },
            ));
        }
    }
    pairs.sort();
    Ok(pairs)
}

#[test]
fn move_targets_stand_for_the_legal_moves() {
    let mut checked = 0;
    for (fen, pos, _) in all_positions() {
        let targets = pos.move_targets();
        assert_eq!(targets.side_to_move(), pos.side_to_move(), "{fen}");
        let legal = all_legal(&pos);
        assert_eq!(targets.count(), legal.len(), "{fen}");
        let pairs = pairs_from_targets(&pos).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut expected: Vec<(Square, Square)> = legal
            .iter()
            .filter(|m| !m.is_castling())
            .map(|m| (m.from(), m.to()))
            .collect();
        expected.sort();
        assert_eq!(pairs, expected, "{fen}: direction targets vs legal moves");
        let castling_rooks: HashSet<Square> = legal
            .iter()
            .filter(|m| m.is_castling())
            .map(|m| m.to())
            .collect();
        assert_eq!(
            targets.castling_rooks().iter().collect::<HashSet<_>>(),
            castling_rooks,
            "{fen}: castling"
        );
        let union = Direction::ALL
            .into_iter()
            .fold(targets.castling_rooks(), |acc, d| acc | targets.get(d));
        assert_eq!(targets.all(), union, "{fen}: all()");
        checked += 1;
    }
    assert_eq!(checked, 7 + 124 + 80 + 9 + 6752 + 11 + 966 + 2);
}
