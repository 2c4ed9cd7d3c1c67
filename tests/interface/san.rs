//! SAN out against cozy-chess's `util::display_san_move`, SAN in round trips, and the accepted
//! variants and errors of `parse_san` by hand.

use crate::oracle;

use dirgolem::{CastlingMode, Move, ParseOptions, Position, SanError};

/// cozy-chess's SAN of `m` in `pos` (the position passed through FEN).
fn cozy_san(board: &cozy_chess::Board, m: Move) -> String {
    let uci = m.to_uci(CastlingMode::Chess960).to_string();
    let cozy_move: cozy_chess::Move = uci.parse().expect("cozy reads UCI");
    cozy_chess::util::display_san_move(board, cozy_move).to_string()
}

fn cozy_board(pos: &Position) -> cozy_chess::Board {
    let chess960 = pos.castling_mode() == CastlingMode::Chess960;
    let fen = pos.to_fen();
    cozy_chess::Board::from_fen(&fen, chess960)
        .unwrap_or_else(|e| panic!("cozy-chess refuses {fen}: {e:?}"))
}

/// Every legal move of every position: the SAN equals cozy-chess's and reads back.
fn check_all_moves(positions: &[Position]) -> (usize, [usize; 5]) {
    let mut moves = 0;
    // Disambiguated by file, by rank, by both; castling; mates.
    let mut seen = [0; 5];
    for pos in positions {
        let board = cozy_board(pos);
        for &m in pos.legal_moves().iter() {
            let san = pos.san(m).to_string();
            assert_eq!(san, cozy_san(&board, m), "{m:?} in {}", pos.to_fen());
            assert_eq!(pos.parse_san(&san), Ok(m), "{san} in {}", pos.to_fen());
            moves += 1;
            if san.starts_with(['N', 'B', 'R', 'Q']) {
                let core = san.trim_end_matches(['+', '#']).replace('x', "");
                let from_part = &core[1..core.len() - 2];
                let digits = from_part.bytes().filter(u8::is_ascii_digit).count();
                match (from_part.len(), digits) {
                    (1, 0) => seen[0] += 1,
                    (1, 1) => seen[1] += 1,
                    (2, _) => seen[2] += 1,
                    _ => {}
                }
            }
            seen[3] += san.starts_with("O-O") as usize;
            seen[4] += san.ends_with('#') as usize;
        }
    }
    (moves, seen)
}

/// The suite files whose positions can arise in a game (cozy-chess refuses impossible checks).
fn strict(files: &[(&'static str, ParseOptions)]) -> Vec<(&'static str, ParseOptions)> {
    files.iter().copied().filter(|(_, o)| !o.relaxed).collect()
}

#[test]
fn san_matches_cozy_chess_on_random_games_from_standard_starts() {
    // Unoptimised (plain `cargo test`), games from fewer of the suite positions: about a sixth
    // of the volume, still above every floor below.
    let stride = if cfg!(debug_assertions) { 24 } else { 3 };
    let positions = oracle::test_positions(&strict(&oracle::STANDARD_FILES), stride, 100, 0x5a2);
    let (moves, seen) = check_all_moves(&positions);
    assert!(positions.len() > 10_000, "{} positions", positions.len());
    assert!(moves > 300_000, "{moves} moves");
    let [by_file, by_rank, _by_both, castling, mates] = seen;
    assert!(by_file > 1_000, "{by_file} moves disambiguated by file");
    assert!(by_rank > 100, "{by_rank} by rank");
    // (Three men of a kind that need file and rank are too rare in play to ask for here;
    // `san_text_by_hand` has one.)
    assert!(castling > 100, "{castling} castlings");
    assert!(mates > 50, "{mates} mates");
}

#[test]
fn san_matches_cozy_chess_on_random_games_from_chess960_starts() {
    // As above: unoptimised, games from fewer starts, still above the floors.
    let stride = if cfg!(debug_assertions) { 5 } else { 2 };
    let positions = oracle::test_positions(&strict(&oracle::CHESS960_FILES), stride, 60, 0x960);
    let (moves, seen) = check_all_moves(&positions);
    assert!(positions.len() > 10_000, "{} positions", positions.len());
    assert!(moves > 200_000, "{moves} moves");
    assert!(seen[3] > 1_000, "{} castlings", seen[3]);
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn uci(pos: &Position, text: &str) -> Move {
    pos.parse_uci(text).unwrap()
}

#[test]
fn san_text_by_hand() {
    let p = pos("r3k2r/1P6/8/3pP3/8/1N3N2/8/R3K2R w KQkq d6 0 1");
    let san = |text: &str| p.san(uci(&p, text)).to_string();
    assert_eq!(san("e1g1"), "O-O");
    assert_eq!(san("e1c1"), "O-O-O");
    assert_eq!(san("e5d6"), "exd6");
    assert_eq!(san("b7a8q"), "bxa8=Q+");
    assert_eq!(san("b7b8n"), "b8=N");
    assert_eq!(san("b3d4"), "Nbd4");
    assert_eq!(san("f3d4"), "Nfd4");
    assert_eq!(san("f3h4"), "Nh4");
    assert_eq!(san("a1a8"), "Rxa8+");
    // By rank when the file is shared; by both when neither alone tells.
    let p = pos("4k3/8/8/8/R7/8/R7/4K3 w - - 0 1");
    assert_eq!(p.san(uci(&p, "a2a3")).to_string(), "R2a3");
    let p = pos("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
    assert_eq!(p.san(uci(&p, "a4b3")).to_string(), "Qa4b3");
    // A pinned knight does not count as a rival.
    let p = pos("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1");
    assert_eq!(p.san(uci(&p, "c3e4")).to_string(), "Nce4");
    let p = pos("4k3/8/8/8/7b/2N3N1/8/4K3 w - - 0 1");
    assert_eq!(p.san(uci(&p, "c3e4")).to_string(), "Ne4");
    // Mate.
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(p.san(uci(&p, "a1a8")).to_string(), "Ra8#");
}

#[test]
fn chess960_castling_is_o_o_and_o_o_o() {
    let p = Position::from_fen_with(
        "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1",
        dirgolem::ParseOptions::chess960(),
    )
    .unwrap();
    assert_eq!(p.san(uci(&p, "e1g1")).to_string(), "O-O");
    assert_eq!(p.san(uci(&p, "e1b1")).to_string(), "O-O-O");
    assert_eq!(p.parse_san("O-O"), Ok(uci(&p, "e1g1")));
    assert_eq!(p.parse_san("0-0-0"), Ok(uci(&p, "e1b1")));
}

#[test]
fn parse_san_accepts_what_people_type() {
    let p = pos("r3k2r/1P6/8/3pP3/8/1N3N2/8/R3K2R w KQkq d6 0 1");
    let accepts = |text: &str, expected: &str| {
        assert_eq!(p.parse_san(text), Ok(uci(&p, expected)), "{text:?}");
    };
    accepts("O-O", "e1g1");
    accepts("0-0", "e1g1");
    accepts("o-o", "e1g1");
    accepts("O-O-O", "e1c1");
    accepts("0-0-0", "e1c1");
    accepts("O-O+", "e1g1"); // a wrong check sign
    accepts("bxa8=Q+", "b7a8q");
    accepts("bxa8=Q", "b7a8q"); // the check sign missing
    accepts("bxa8Q", "b7a8q"); // no `=`
    accepts("bxa8q", "b7a8q");
    accepts("ba8=Q", "b7a8q"); // no capture sign
    accepts("b8=N", "b7b8n");
    accepts("b8N", "b7b8n");
    accepts("Rxa8#", "a1a8"); // check, not mate: a wrong sign
    accepts("Ra8", "a1a8"); // the capture sign missing
    accepts("Ra1xa8", "a1a8"); // a redundant from square
    accepts("R1a8", "a1a8");
    accepts("Nh4", "f3h4");
    accepts("Nfh4", "f3h4");
    accepts("Nf3h4", "f3h4");
    accepts("Nbd4!", "b3d4");
    accepts("Nbd4?!", "b3d4");
    accepts("Nbd4!!", "b3d4");
    accepts("Nbd4+?", "b3d4");
    accepts("  Nbd4  ", "b3d4");
    accepts("exd6", "e5d6");
    accepts("exd6+", "e5d6");
    accepts("ed6", "e5d6");
    accepts("e5d6", "e5d6");
    accepts("Pe5xd6", "e5d6");
    accepts("e6", "e5e6");
}

#[test]
fn parse_san_refuses_with_the_reason() {
    let p = pos("r3k2r/1P6/8/3pP3/8/1N3N2/8/R3K2R w KQkq d6 0 1");
    let syntax = |text: &str| SanError::Syntax(text.into());
    let illegal = |text: &str| SanError::Illegal(text.into());
    let ambiguous = |text: &str| SanError::Ambiguous(text.into());
    for text in [
        "", "N", "Nf", "e9", "i4", "Zz4", "O-O-O-O", "Nbb3d4", "Ne4=Q", "e8=K", "x",
    ] {
        assert_eq!(p.parse_san(text), Err(syntax(text)), "{text:?}");
    }
    // Well formed but not legal: no man of that kind can go there (or there is none), a pawn
    // reaching the last rank without a promotion.
    for text in ["Nd5", "Qa4", "e4", "b8", "bxa8", "Kd1x", "Kg3", "Bb5"] {
        let expected = if text == "Kd1x" {
            syntax(text)
        } else {
            illegal(text)
        };
        assert_eq!(p.parse_san(text), Err(expected), "{text:?}");
    }
    assert_eq!(p.parse_san("Nd4"), Err(ambiguous("Nd4")));
    assert_eq!(p.parse_san("Nxd4"), Err(ambiguous("Nxd4")));
    // Castling that is not legal.
    let no_rights = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(no_rights.parse_san("O-O"), Err(illegal("O-O")));
}

#[test]
fn errors_quote_at_most_80_bytes() {
    let p = Position::startpos();
    let long = "N".repeat(200);
    let err = p.parse_san(&long).unwrap_err();
    assert_eq!(err.quote(), format!("{}...", "N".repeat(80)));
    let exactly = "Q".repeat(80);
    assert_eq!(p.parse_san(&exactly).unwrap_err().quote(), exactly);
    // Cut between characters, never inside one: 80 bytes are 40 two-byte characters.
    let wide = "é".repeat(100);
    assert_eq!(
        p.parse_san(&wide).unwrap_err().quote(),
        format!("{}...", "é".repeat(40))
    );
    let text = p.parse_san("Nd5").unwrap_err().to_string();
    assert_eq!(text, "'Nd5' is not a legal move in this position");
    assert!(
        p.parse_san("Nf")
            .unwrap_err()
            .to_string()
            .contains("'Nf' is not a SAN move"),
        "{}",
        p.parse_san("Nf").unwrap_err()
    );
    let two = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert!(
        two.parse_san("Nd2")
            .unwrap_err()
            .to_string()
            .contains("ambiguous")
    );
}
