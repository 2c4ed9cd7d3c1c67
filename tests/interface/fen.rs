//! FEN reading, validation and writing: the FEN test files (invalid, lenient, valid-edge), round
//! trips through every perft file, hostile inputs, and property tests that nothing panics.

use std::fs;
use std::sync::OnceLock;

use dirgolem::{
    Bitboard, CastlingMode, CastlingRightProblem, CastlingSyntax, Color, EnPassantProblem,
    FenError, FenField, FenSyntaxError, MaterialProblem, ParseOptions, Piece, Position,
    PositionError, Rank, Setup, Square,
};
use proptest::prelude::*;

use crate::common::rng;

use rng::Rng;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn data(name: &str) -> String {
    fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("reading tests/data/{name}: {e}"))
}

/// The cases of a FEN test file: (1-based line number, FEN, reason), split at the last " # ".
fn fen_cases(name: &str) -> Vec<(usize, String, String)> {
    data(name)
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with("# "))
        .map(|(i, line)| {
            let (fen, reason) = line
                .rsplit_once(" # ")
                .unwrap_or_else(|| panic!("{name}:{}: no ' # '", i + 1));
            (i + 1, fen.to_string(), reason.to_string())
        })
        .collect()
}

/// The FENs of a perft file.
fn perft_fens(name: &str) -> Vec<String> {
    data(name)
        .lines()
        .map(|line| line.split(';').next().unwrap().trim().to_string())
        .collect()
}

/// The variant name of an error (the inner error's `Debug` text up to the fields).
fn variant(e: &FenError) -> String {
    let debug = match e {
        FenError::Syntax(e) => format!("{e:?}"),
        FenError::Position(e) => format!("{e:?}"),
    };
    debug.split([' ', '{', '(']).next().unwrap().to_string()
}

/// invalid.txt: line number, expected variant, and a text the error's `Debug` must contain
/// (the sub-problem), "" for none.
const INVALID: &[(usize, &str, &str)] = &[
    (1, "Empty", ""),
    (2, "Empty", ""),
    (3, "Empty", ""),
    (4, "FieldCount", "found: 1"),
    (5, "FieldCount", "found: 2"),
    (6, "FieldCount", "found: 3"),
    (7, "FieldCount", "found: 5"),
    (8, "FieldCount", "found: 7"),
    (9, "FieldCount", "found: 8"),
    (10, "FieldCount", "found: 1"),
    (11, "FieldCount", "found: 1"),
    (12, "InvalidBoardChar", "'X'"),
    (13, "InvalidBoardChar", "'Z'"),
    (14, "InvalidBoardChar", "'x'"),
    (15, "InvalidBoardChar", "'*'"),
    (16, "InvalidBoardChar", "'.'"),
    (17, "InvalidBoardChar", "'0'"),
    (18, "InvalidBoardChar", "'9'"),
    (19, "ConsecutiveDigits", "Sixth"),
    (20, "InvalidBoardChar", "'-'"),
    (21, "InvalidBoardChar", "'~'"),
    (22, "RankLength", "rank: Eighth, squares: 9"),
    (23, "RankLength", "rank: Sixth, squares: 7"),
    (24, "RankLength", "rank: Eighth, squares: 7"),
    (25, "RankLength", "rank: Fourth, squares: 9"),
    (26, "RankLength", "rank: First, squares: 9"),
    (27, "RankCount", "found: 7"),
    (28, "RankCount", "found: 9"),
    (29, "RankCount", "found: 9"),
    (30, "RankCount", "found: 9"),
    (31, "RankLength", "rank: Fifth, squares: 0"),
    (32, "InvalidBoardChar", "'|'"),
    (33, "InvalidTurn", "\"W\""),
    (34, "InvalidTurn", "\"x\""),
    (35, "InvalidTurn", "\"white\""),
    (36, "InvalidTurn", "\"-\""),
    (37, "InvalidTurn", "\"wb\""),
    (38, "InvalidCastling", "Duplicate"),
    (39, "InvalidCastling", "InvalidChar"),
    (40, "InvalidCastling", "Dash"),
    (41, "InvalidCastling", "Dash"),
    (42, "InvalidCastling", "InvalidChar"),
    (43, "CastlingRight", "NoKing"),
    (44, "CastlingRight", "NoRook"),
    (45, "CastlingRight", "NoRook"),
    (46, "CastlingRight", "NoRook"),
    (47, "InvalidCastling", "Duplicate"),
    (48, "EnPassantRank", "E3"),
    (49, "EnPassantRank", "E6"),
    (50, "EnPassantRank", "E4"),
    (51, "InvalidEnPassant", "e9"),
    (52, "InvalidEnPassant", "i6"),
    (53, "InvalidEnPassant", "E6"),
    (54, "InvalidEnPassant", "6e"),
    (55, "EnPassantPawn", "NoPawn"),
    (56, "EnPassantPawn", "OriginOccupied"),
    (57, "EnPassantPawn", "SquareOccupied"),
    (58, "EnPassantPawn", "NoPawn"),
    (59, "InvalidClock", "Halfmove"),
    (60, "InvalidClock", "Fullmove"),
    (61, "InvalidClock", "Halfmove"),
    (62, "InvalidClock", "Fullmove"),
    (63, "InvalidClock", "Halfmove"),
    (64, "InvalidClock", "Halfmove"),
    (65, "InvalidClock", "Halfmove"),
    (66, "ClockOverflow", "Halfmove"),
    (67, "ClockOverflow", "Fullmove"),
    (68, "TooManyKings", "White"),
    (69, "MissingKing", "Black"),
    (70, "MissingKing", "White"),
    (71, "MissingKing", "White"),
    (72, "MissingKing", "White"),
    (73, "PawnOnBackRank", "H1"),
    (74, "PawnOnBackRank", "H8"),
    (75, "PawnOnBackRank", "H1"),
    (76, "PawnOnBackRank", "A8"),
    (77, "OppositeCheck", "E1"),
    (78, "OppositeCheck", "E5"),
    (79, "OppositeCheck", "H5"),
    (80, "OppositeCheck", "D2"),
    (81, "TooMuchMaterial", "TooManyMen"),
    (82, "TooMuchMaterial", "TooManyMen"),
    (83, "TooMuchMaterial", "TooManyMen"),
    (84, "TooMuchMaterial", "TooManyMen"),
    (85, "ImpossibleCheck", ""),
    // The reason of line 86 itself contains " # ", so the split at the last " # " that the
    // README prescribes leaves part of it in the FEN: more fields still.
    (86, "FieldCount", ""),
    (87, "NonAscii", "'♔'"),
    (88, "NonAscii", "'–'"),
    (89, "NonAscii", "'\\u{a0}'"),
    (90, "NonAscii", "'\\u{feff}'"),
    (91, "NonAscii", "'\\u{200b}'"),
    (92, "NonAscii", "'ｒ'"),
    (93, "NonAscii", "'١'"),
    (94, "NonAscii", "'é'"),
    (95, "ClockOverflow", "Fullmove"),
    (96, "RankCount", "found: 1"),
    (97, "RankCount", "found: 201"),
];

#[test]
fn every_invalid_line_is_rejected_with_its_variant() {
    let cases = fen_cases("invalid.txt");
    assert_eq!(cases.len(), 97);
    assert_eq!(
        INVALID.len(),
        cases.len(),
        "the table must cover every line"
    );
    for ((line, fen, reason), &(table_line, want, detail)) in cases.iter().zip(INVALID) {
        assert_eq!(*line, table_line, "table out of step");
        let err = match Position::from_fen(fen) {
            Ok(pos) => panic!("invalid.txt:{line} accepted ({reason}): {pos}"),
            Err(err) => err,
        };
        let debug = format!("{err:?}");
        assert_eq!(
            variant(&err),
            want,
            "invalid.txt:{line} ({reason}): got {debug}"
        );
        assert!(
            debug.contains(detail),
            "invalid.txt:{line} ({reason}): {debug} lacks {detail:?}"
        );
        assert!(!err.to_string().is_empty());
        // Chess960 mode and relaxed validation refuse them too, except the two relaxable kinds
        // and the castling rights that X-FEN reads differently.
        for options in [ParseOptions::chess960(), ParseOptions::relaxed()] {
            let outcome = Position::from_fen_with(fen, options);
            let allowed = (options.relaxed && err.is_relaxable())
                || (options.castling == CastlingMode::Chess960 && matches!(*line, 43 | 46));
            assert_eq!(
                outcome.is_ok(),
                allowed,
                "invalid.txt:{line} with {options:?}: {outcome:?}"
            );
        }
    }
}

#[test]
fn invalid_lines_carry_exact_locations() {
    let cases = fen_cases("invalid.txt");
    let err = |line: usize| Position::from_fen(&cases[line - 1].1).unwrap_err();
    assert_eq!(
        err(12),
        FenError::Syntax(FenSyntaxError::InvalidBoardChar { index: 42, ch: 'X' })
    );
    assert_eq!(
        err(19),
        FenError::Syntax(FenSyntaxError::ConsecutiveDigits {
            rank: Rank::Sixth,
            index: 19
        })
    );
    assert_eq!(
        err(38),
        FenError::Syntax(FenSyntaxError::InvalidCastling {
            index: 4,
            ch: 'K',
            problem: CastlingSyntax::Duplicate
        })
    );
    assert_eq!(
        err(47),
        FenError::Syntax(FenSyntaxError::InvalidCastling {
            index: 4,
            ch: 'A',
            problem: CastlingSyntax::Duplicate
        })
    );
    assert_eq!(
        err(41),
        FenError::Syntax(FenSyntaxError::InvalidCastling {
            index: 0,
            ch: '-',
            problem: CastlingSyntax::Dash
        })
    );
    assert_eq!(
        err(43),
        FenError::Position(PositionError::CastlingRight {
            color: Color::White,
            right: 'K',
            rook: Some(Square::H1),
            problem: CastlingRightProblem::NoKing
        })
    );
    assert_eq!(
        err(56),
        FenError::Position(PositionError::EnPassantPawn {
            square: Square::E6,
            problem: EnPassantProblem::OriginOccupied
        })
    );
    assert_eq!(
        err(64),
        FenError::Syntax(FenSyntaxError::InvalidClock {
            field: FenField::Halfmove,
            text: "+3".into()
        })
    );
    assert_eq!(
        err(67),
        FenError::Syntax(FenSyntaxError::ClockOverflow {
            field: FenField::Fullmove,
            text: "4294967296".into()
        })
    );
    assert_eq!(
        err(68),
        FenError::Position(PositionError::TooManyKings {
            color: Color::White,
            count: 2
        })
    );
    assert_eq!(
        err(78),
        FenError::Position(PositionError::OppositeCheck {
            color: Color::Black,
            checker: Square::E5
        })
    );
    assert_eq!(
        err(81),
        FenError::Position(PositionError::TooMuchMaterial {
            color: Color::White,
            problem: MaterialProblem::TooManyMen { count: 17 }
        })
    );
    assert_eq!(
        err(85),
        FenError::Position(PositionError::ImpossibleCheck {
            king: Square::E8,
            checkers: Square::D6.bitboard() | Square::F6.bitboard(),
            ep_square: None
        })
    );
    assert_eq!(
        err(90),
        FenError::Syntax(FenSyntaxError::NonAscii {
            index: 0,
            ch: '\u{feff}'
        })
    );
    // Long text is shortened in the error.
    match err(95) {
        FenError::Syntax(FenSyntaxError::ClockOverflow { text, .. }) => {
            assert!(text.len() < 40 && text.ends_with("..."), "{text}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(err(12).field(), Some(FenField::Board));
    assert_eq!(err(38).field(), Some(FenField::Castling));
    assert_eq!(err(55).field(), Some(FenField::EnPassant));
    assert_eq!(err(66).field(), Some(FenField::Halfmove));
    assert_eq!(err(1).field(), None);
}

#[test]
fn error_messages_say_what_and_where() {
    let msg = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
    assert_eq!(msg(""), "empty FEN");
    assert_eq!(
        msg("8/8/8/8/8/8/8/8 w - -  0 1 x"),
        "FEN has 7 fields, expected 6 (or 4 without the clocks) separated by spaces"
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"),
        "invalid en passant field \"e9\" (expected '-' or a square such as e3 or d6)"
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K3 w - - 0 1x"),
        "fullmove number \"1x\" is not a number (expected decimal digits only)"
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        "invalid side to move \"x\" (expected 'w' or 'b')"
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K2R w KK - 0 1"),
        "castling field: 'K' at byte 1 repeats a right already given"
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        "castling right 'K' (white) with the rook on h1: there is no white rook there"
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        "en passant square e6: no pawn of the side that just moved stands in front of it"
    );
    assert_eq!(msg("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"), "white has 2 kings");
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/3PK3 w - - 0 1"),
        "pawn on d1: pawns cannot stand on the first or eighth rank"
    );
    assert!(
        msg("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1")
            .starts_with("impossible check: the king on e8 is attacked from d6 f6")
    );
    assert_eq!(
        msg("4k3/8/8/8/8/8/8/4K3 w - - 0 1\u{a0}"),
        "non-ASCII character '\\u{a0}' (U+00A0) at byte 29"
    );
}

const LENIENT_CANONICAL: &[(usize, &str)] = &[
    (2, START),
    (3, START),
    (4, START),
    (5, START),
    (6, START),
    (
        7,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 5 1",
    ),
    (
        8,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 200 1",
    ),
];

#[test]
fn every_lenient_line_is_accepted_and_normalised() {
    let cases = fen_cases("lenient.txt");
    assert_eq!(cases.len(), LENIENT_CANONICAL.len());
    for ((line, fen, reason), &(table_line, canonical)) in cases.iter().zip(LENIENT_CANONICAL) {
        assert_eq!(*line, table_line);
        let pos = Position::from_fen(fen)
            .unwrap_or_else(|e| panic!("lenient.txt:{line} ({reason}): {e}"));
        assert_eq!(pos.to_fen(), canonical, "lenient.txt:{line} ({reason})");
        assert_eq!(Position::from_fen(canonical), Ok(pos));
    }
}

#[test]
fn every_valid_edge_line_is_accepted_in_its_mode() {
    let cases = fen_cases("valid-edge.txt");
    assert_eq!(cases.len(), 24);
    for (line, fen, reason) in &cases {
        let chess960 = reason.contains("(Chess960 mode)");
        let options = if chess960 {
            ParseOptions::chess960()
        } else {
            ParseOptions::standard()
        };
        let pos = Position::from_fen_with(fen, options)
            .unwrap_or_else(|e| panic!("valid-edge.txt:{line}: {e}"));
        assert_eq!(
            Position::from_fen_with(&pos.to_fen(), options),
            Ok(pos),
            "valid-edge.txt:{line}"
        );
        if chess960 {
            // Standard chess cannot read them (king off e1 or a right on an inner rook).
            assert!(
                Position::from_fen(fen).is_err(),
                "valid-edge.txt:{line} read in standard mode"
            );
        }
        let expected_moves = match *line {
            7 | 8 => Some(218),
            13 => Some(5),
            22 | 23 => Some(0),
            _ => None,
        };
        if let Some(n) = expected_moves {
            assert_eq!(pos.count_legal(), n, "valid-edge.txt:{line}");
        }
    }
    let read = |line: usize, options| {
        Position::from_fen_with(&cases[line - 1].1, options)
            .unwrap()
            .to_fen()
    };
    // 4 fields: clocks 0 1.
    assert_eq!(read(1, ParseOptions::standard()), START);
    // En passant squares without a legal capture are dropped, a legal one kept.
    assert_eq!(
        read(2, ParseOptions::standard()),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        read(4, ParseOptions::standard()),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    );
    assert_eq!(
        read(5, ParseOptions::standard()),
        "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1"
    );
    // Shredder letters in standard mode, X-FEN in Chess960 mode: both normalised.
    assert_eq!(read(14, ParseOptions::standard()), START);
    assert_eq!(read(16, ParseOptions::chess960()), cases[14].1);
    assert_eq!(
        read(17, ParseOptions::chess960()),
        "2r1kr2/8/8/8/8/8/8/1R2KR1R w Ffc - 0 1"
    );
    assert_eq!(
        read(18, ParseOptions::chess960()),
        "4k3/8/8/8/8/8/8/R1R1K2R w HC - 0 1"
    );
}

/// `fen` with its en passant field replaced by `-`.
fn without_ep(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[3] = "-";
    fields.join(" ")
}

/// Reads every FEN of a perft file and checks `to_fen` gives the input back (the en passant
/// square dropped when no capture is legal) and reading that gives the same position.
fn round_trip(name: &str, options: ParseOptions) -> usize {
    let fens = perft_fens(name);
    let mut dropped = 0;
    for fen in &fens {
        let pos =
            Position::from_fen_with(fen, options).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let ep_field = fen.split(' ').nth(3).unwrap();
        let expected = if ep_field != "-" && pos.ep_square().is_none() {
            dropped += 1;
            without_ep(fen)
        } else {
            fen.clone()
        };
        let out = pos.to_fen();
        assert_eq!(out, expected, "{name}");
        assert_eq!(
            Position::from_fen_with(&out, options),
            Ok(pos),
            "{name}: {fen}"
        );
        if options == ParseOptions::standard() {
            assert_eq!(out.parse::<Position>(), Ok(pos));
            assert_eq!(pos.to_string(), out);
        }
        // Syntax and legality are separate steps; the setup writes back the input byte for byte.
        let setup = Setup::from_fen(fen, options.castling).unwrap();
        assert_eq!(setup.to_fen(options.castling), *fen, "{name}");
        assert_eq!(Position::from_setup(&setup, options), Ok(pos));
    }
    assert!(!fens.is_empty());
    dropped
}

#[test]
fn standard_perft_files_read_strictly_and_round_trip() {
    let mut dropped = 0;
    for name in [
        "cpw.epd",
        "perftsuite.epd",
        "tricky.epd",
        "terminal.epd",
        "marcel-random.epd",
    ] {
        dropped += round_trip(name, ParseOptions::standard());
    }
    // Some en passant squares in these files have no legal capture (tricky.epd has several).
    assert!(dropped > 0);
}

#[test]
fn chess960_perft_file_reads_strictly_and_round_trips_byte_for_byte() {
    round_trip("chess960.epd", ParseOptions::chess960());
}

#[test]
fn relaxed_files_need_the_relaxed_option() {
    let relaxed = ParseOptions::relaxed();
    round_trip("relaxed.epd", relaxed);
    for fen in perft_fens("relaxed.epd") {
        let err = Position::from_fen(&fen).unwrap_err();
        assert!(err.is_relaxable(), "{fen}: {err}");
    }
    let relaxed960 = ParseOptions {
        castling: CastlingMode::Chess960,
        relaxed: true,
    };
    round_trip("chess960-relaxed.epd", relaxed960);
    let fens = perft_fens("chess960-relaxed.epd");
    // Two knights giving check: refused strictly.
    assert!(matches!(
        Position::from_fen_with(&fens[0], ParseOptions::chess960()),
        Err(FenError::Position(PositionError::ImpossibleCheck { .. }))
    ));
    // King on h8 with the a8 rook's right: accepted in Chess960 mode, strict or not (the policy
    // of Position::from_fen); refused in standard chess.
    assert!(Position::from_fen_with(&fens[1], ParseOptions::chess960()).is_ok());
    assert!(
        Position::from_fen_with(&fens[1].replace("HAa", "KQq"), ParseOptions::relaxed()).is_err()
    );
}

/// Checks by the side that just moved: (FEN, whether one last move can have given them).
const CHECKS: &[(&str, bool)] = &[
    ("4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1", false), // two pawns
    ("4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1", false), // pawn and knight
    ("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", false), // two knights
    ("4k3/8/8/8/7b/2b5/8/4K3 w - - 0 1", false),  // two bishops
    ("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", false),   // two rooks aligned with the king
    ("4k3/8/8/8/8/5n2/2np4/4K3 w - - 0 1", false), // three checkers
    ("4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1", false), // a check d7-d5 cannot have given
    ("B3R3/8/8/8/4k3/8/8/7K b - - 0 1", false),   // two sliders and nothing that uncovered them
    ("4k3/8/8/8/4r3/8/8/4K3 w - - 0 1", true),    // one checker
    ("4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1", true),   // check by the pushed pawn
    ("2b1k3/8/4K3/3p4/8/8/8/8 w - d6 0 1", true), // check uncovered by the pushed pawn
    // Two diagonal checks: the queen's only origins on the bishop's line (d7, c6) already saw
    // the king, and a promotion cannot give them either.
    ("4k3/5Q2/8/8/B7/8/8/4K3 b - - 0 1", false),
    // The shape: rooks (or a queen) on both sides along the checkers' back rank. No
    // last move opens the line (the king on h1 never castled); refused like the same shape on
    // rank 5.
    ("r3K2r/8/8/8/8/8/8/7k w - - 0 1", false),
    ("q3K2r/8/8/8/8/8/8/7k w - - 0 1", false),
    ("r3K2q/8/8/8/8/8/8/7k w - - 0 1", false),
    ("r3K2r/8/8/8/8/8/8/4k3 w - - 0 1", false), // with the king on its castling square
    ("4K3/8/8/8/8/8/8/R2k3R b - - 0 1", false), // white's back rank, king between
    ("8/8/8/r3K2r/8/8/8/7k w - - 0 1", false),
    // A queen that moved off the line of a discovered check had been giving that check.
    ("4r3/8/8/8/7q/8/8/4K2k w - - 0 1", false),
    // An en passant capture whose taken pawn cannot have come from its start square.
    ("B3R3/3p4/3P4/8/4k3/8/8/7K b - - 0 1", false),
    // Castling gives at most one check, by its rook.
    ("5k2/8/8/8/8/8/8/5RK1 b - - 0 1", true), // O-O+, the rook checks along the file
    ("8/8/8/8/8/8/8/2k2RK1 b - - 0 1", true), // O-O+, the rook checks along the rank
    ("3kR3/8/8/8/8/8/8/3RK3 b - - 0 1", true), // d7xe8=R uncovering Rd1: two rooks
    ("B3R3/8/3P4/8/4k3/8/8/7K b - - 0 1", true), // e5xd6 e.p. uncovering rook and bishop
    ("4k3/8/8/8/8/8/1r4K1/5b2 w - - 0 2", true), // Bf1+ from e2 uncovering the rook
    ("4k3/4r3/8/8/8/8/3p4/4K3 w - - 0 2", true), // ...exd2+ uncovering the rook
];

#[test]
fn impossible_checks_are_refused_strictly_and_played_relaxed() {
    for &(fen, possible) in CHECKS {
        let strict = Position::from_fen(fen);
        if possible {
            assert!(strict.is_ok_and(|p| p.is_check()), "{fen}");
        } else {
            assert!(
                matches!(
                    strict,
                    Err(FenError::Position(PositionError::ImpossibleCheck { .. }))
                ),
                "{fen}: {strict:?}"
            );
        }
        let relaxed = Position::from_fen_with(fen, ParseOptions::relaxed());
        assert!(relaxed.is_ok_and(|p| p.is_check()), "{fen}");
    }
}

#[test]
fn hostile_inputs_give_errors_not_panics() {
    let mb = 1 << 20;
    let cases: Vec<(String, &str)> = vec![
        ("p".repeat(mb), "FieldCount"),
        (format!("{} w - - 0 1", "p".repeat(mb)), "RankCount"),
        (format!("{} w - - 0 1", "8/".repeat(mb / 2)), "RankCount"),
        (
            format!("{}8 w - - 0 1", "8/".repeat(7) + &"1".repeat(mb)),
            "ConsecutiveDigits",
        ),
        (
            format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {}", "9".repeat(mb)),
            "ClockOverflow",
        ),
        (
            format!("4k3/8/8/8/8/8/8/4K3 w {} - 0 1", "K".repeat(mb)),
            "InvalidCastling",
        ),
        (
            format!("4k3/8/8/8/8/8/8/4K3 {} - - 0 1", "w".repeat(mb)),
            "InvalidTurn",
        ),
        (" ".repeat(mb), "Empty"),
        ("\t \n\r ".repeat(mb / 4), "Empty"),
        (
            format!(
                "{} 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "\u{feff}".repeat(mb / 3)
            ),
            "NonAscii",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\0".to_string(),
            "InvalidClock",
        ),
        (
            "4k3/8/8/8/\08/8/8/4K3 w - - 0 1".to_string(),
            "InvalidBoardChar",
        ),
        ("\0".to_string(), "FieldCount"),
        (
            String::from_utf8_lossy(b"4k3/8/8/8/8/8/8/4K3 w - - 0 \xff\xfe").into_owned(),
            "NonAscii",
        ),
        (
            String::from_utf8_lossy(b"\xc3\x28 w - - 0 1").into_owned(),
            "NonAscii",
        ),
    ];
    for (input, want) in &cases {
        let err = Position::from_fen(input).expect_err(want);
        assert_eq!(variant(&err), *want, "{err}");
        // The message stays short whatever the input.
        assert!(err.to_string().len() < 200, "{err}");
    }
    // A huge but harmless amount of whitespace between fields is fine.
    let spaced = START.replace(' ', &" ".repeat(mb / 8));
    assert_eq!(
        Position::from_fen(&spaced).map(|p| p.to_fen()),
        Ok(START.to_string())
    );
}

#[test]
fn castling_notations() {
    let chess960 = ParseOptions::chess960();
    // Shredder letters of the corner rooks in standard mode; any order; written KQkq.
    for field in ["KQkq", "HAha", "qkQK", "AhHa", "KAka"] {
        let fen = START.replace("KQkq", field);
        assert_eq!(
            Position::from_fen(&fen).map(|p| p.to_fen()),
            Ok(START.to_string()),
            "{field}"
        );
        let p = Position::from_fen_with(&fen, chess960).unwrap();
        assert_eq!(p.to_fen(), START.replace("KQkq", "HAha"));
    }
    // A right named twice in two notations.
    let err = Position::from_fen(&START.replace("KQkq", "KQkqh")).unwrap_err();
    assert_eq!(
        err,
        FenError::Syntax(FenSyntaxError::InvalidCastling {
            index: 4,
            ch: 'h',
            problem: CastlingSyntax::Duplicate
        })
    );
    // Inner rooks are not standard chess.
    let err = Position::from_fen("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1").unwrap_err();
    assert!(
        matches!(
            err,
            FenError::Position(PositionError::CastlingRight {
                problem: CastlingRightProblem::NotCorner,
                ..
            })
        ),
        "{err}"
    );
    assert!(Position::from_fen_with("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", chess960).is_ok());
    // Chess960: two rights on one side of the king.
    let err = Position::from_fen_with("4k3/8/8/8/8/8/8/4K1RR w HG - 0 1", chess960).unwrap_err();
    assert!(
        matches!(
            err,
            FenError::Position(PositionError::CastlingRight {
                problem: CastlingRightProblem::SameSide,
                ..
            })
        ),
        "{err}"
    );
    // X-FEN K without a rook on the king side, and without a king on the back rank: the letter
    // names no rook, so reading the text stops (a syntax error carrying the legality problem).
    let err = Position::from_fen_with("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", chess960).unwrap_err();
    assert!(matches!(
        err,
        FenError::Syntax(FenSyntaxError::UnresolvedCastling {
            index: 0,
            cause: PositionError::CastlingRight {
                right: 'K',
                rook: None,
                problem: CastlingRightProblem::NoRook,
                ..
            }
        })
    ));
    let err = Position::from_fen_with("4k3/8/8/8/8/8/4K3/R6R w K - 0 1", chess960).unwrap_err();
    assert!(matches!(
        err,
        FenError::Syntax(FenSyntaxError::UnresolvedCastling {
            cause: PositionError::CastlingRight {
                problem: CastlingRightProblem::NoKing,
                ..
            },
            ..
        })
    ));
    // A file letter names its rook whatever the board: validation refuses the right.
    let err = Position::from_fen_with("4k3/8/8/8/8/8/4K3/R6R w A - 0 1", chess960).unwrap_err();
    assert!(matches!(
        err,
        FenError::Position(PositionError::CastlingRight {
            problem: CastlingRightProblem::NoKing,
            ..
        })
    ));
    // X-FEN K picks the outermost rook; the inner one needs its file letter.
    let p = Position::from_fen_with("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1", chess960).unwrap();
    assert_eq!(p.castling_rooks(Color::White), Square::G1.bitboard());
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4KRR1 w G - 0 1");
}

#[test]
fn clocks_and_fields() {
    let with_clocks = |clocks: &str| Position::from_fen(&START.replace("0 1", clocks));
    assert_eq!(
        with_clocks("00 01").map(|p| p.to_fen()),
        Ok(START.to_string())
    );
    assert_eq!(
        with_clocks("4294967295 4294967295").map(|p| p.halfmove_clock()),
        Ok(u32::MAX)
    );
    assert!(with_clocks("4294967296 1").is_err_and(|e| variant(&e) == "ClockOverflow"));
    for bad in ["- 1", "1e3 1", "0 +1", "0 1_000", "0 ０"] {
        assert!(with_clocks(bad).is_err(), "{bad}");
    }
    // Setup keeps fullmove 0 as written, the position reads it as 1.
    let setup = Setup::from_fen(&START.replace("0 1", "3 0"), CastlingMode::Standard).unwrap();
    assert_eq!(setup.fullmove_number, 0);
    assert_eq!(
        Position::from_setup(&setup, ParseOptions::standard())
            .unwrap()
            .fullmove_number(),
        1
    );
    // Whitespace around and between fields.
    let spaced = format!("\t {} \r\n", START.replace(' ', " \t "));
    assert_eq!(
        Position::from_fen(&spaced).map(|p| p.to_fen()),
        Ok(START.to_string())
    );
    assert_eq!(START.parse::<Position>(), Ok(Position::startpos()));
    assert_eq!(Position::startpos().to_string(), START);
}

#[test]
fn hand_made_setups_are_validated() {
    let options = ParseOptions::standard();
    let mut setup = Position::startpos().to_setup();
    setup.colors[Color::Black as usize] |= Square::E1.bitboard();
    assert_eq!(
        Position::from_setup(&setup, options),
        Err(PositionError::InconsistentBoard { square: Square::E1 })
    );
    let mut setup = Position::startpos().to_setup();
    setup.pieces[Piece::Queen as usize] |= Square::E4.bitboard();
    assert_eq!(
        Position::from_setup(&setup, options),
        Err(PositionError::InconsistentBoard { square: Square::E4 })
    );
    let mut setup = Position::startpos().to_setup();
    setup.castling_rooks |= Square::A2.bitboard();
    assert!(matches!(
        Position::from_setup(&setup, options),
        Err(PositionError::CastlingRight {
            problem: CastlingRightProblem::NotBackRank,
            rook: Some(Square::A2),
            ..
        })
    ));
    let mut setup = Position::startpos().to_setup();
    setup.ep_square = Some(Square::A1);
    assert_eq!(
        Position::from_setup(&setup, options),
        Err(PositionError::EnPassantRank { square: Square::A1 })
    );
    let mut setup = Position::startpos().to_setup();
    setup.castling_rooks = Bitboard::EMPTY;
    assert_eq!(
        Position::from_setup(&setup, options).unwrap().to_fen(),
        START.replace("KQkq", "-")
    );
}

/// A small pool of valid FENs for mutation (read once).
fn pool() -> &'static [String] {
    static POOL: OnceLock<Vec<String>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut fens: Vec<String> = Vec::new();
        for name in [
            "cpw.epd",
            "tricky.epd",
            "terminal.epd",
            "chess960.epd",
            "relaxed.epd",
        ] {
            fens.extend(perft_fens(name).into_iter().take(40));
        }
        fens.extend(fen_cases("valid-edge.txt").into_iter().map(|c| c.1));
        fens
    })
}

/// Every option set a FEN can be read with.
const ALL_OPTIONS: [ParseOptions; 4] = [
    ParseOptions::standard(),
    ParseOptions::chess960(),
    ParseOptions::relaxed(),
    ParseOptions {
        castling: CastlingMode::Chess960,
        relaxed: true,
    },
];

/// Reads `fen` every way; whatever is accepted must write and read back to itself.
fn read_every_way(fen: &str) -> Result<(), TestCaseError> {
    for options in ALL_OPTIONS {
        match Position::from_fen_with(fen, options) {
            Ok(pos) => {
                let out = pos.to_fen();
                prop_assert_eq!(
                    Position::from_fen_with(&out, options),
                    Ok(pos),
                    "{:?} -> {}",
                    fen,
                    out
                );
            }
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
        if let Ok(setup) = Setup::from_fen(fen, options.castling) {
            let out = setup.to_fen(options.castling);
            prop_assert_eq!(
                Setup::from_fen(&out, options.castling),
                Ok(setup),
                "{:?} -> {}",
                fen,
                out
            );
        }
    }
    Ok(())
}

const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK012345678/ wb-KQkqABCDEFGHabcdefgh936 \t_,+x#";

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_never_panic(s in ".{0,120}") {
        read_every_way(&s)?;
    }

    #[test]
    fn random_fen_alphabet_strings_never_panic(bytes in prop::collection::vec(prop::sample::select(FEN_ALPHABET), 0..100)) {
        read_every_way(&String::from_utf8(bytes).unwrap())?;
    }

    #[test]
    fn mutated_valid_fens_never_panic(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(FEN_ALPHABET)), 1..4),
    ) {
        let fens = pool();
        let mut fen = pick.get(fens).clone().into_bytes();
        for (at, op, byte) in edits {
            let i = at.index(fen.len() + 1);
            match op {
                0 if i < fen.len() => fen[i] = byte,
                1 => fen.insert(i, byte),
                _ if i < fen.len() => { fen.remove(i); }
                _ => fen.push(byte),
            }
        }
        read_every_way(&String::from_utf8(fen).unwrap())?;
    }

    #[test]
    fn random_setups_never_panic(
        men in prop::collection::vec((0usize..64, 0usize..2, 0usize..6), 0..40),
        turn in any::<bool>(),
        castling in any::<u64>(),
        ep in prop::option::of(0usize..64),
        raw in prop::option::of((0usize..8, any::<u64>())),
    ) {
        let mut setup = Setup::default();
        for (sq, color, piece) in men {
            setup.put(Square::index(sq), Color::ALL[color], Piece::ALL[piece]);
        }
        setup.turn = if turn { Color::White } else { Color::Black };
        setup.castling_rooks = Bitboard(castling & 0xff00_0000_0000_00ff);
        setup.ep_square = ep.map(Square::index);
        if let Some((i, bits)) = raw {
            // Also feed inconsistent bitboards.
            if i < 2 { setup.colors[i] = Bitboard(bits); } else { setup.pieces[i - 2] = Bitboard(bits); }
        }
        for options in ALL_OPTIONS {
            if let Ok(pos) = Position::from_setup(&setup, options) {
                prop_assert_eq!(Position::from_fen_with(&pos.to_fen(), options), Ok(pos));
            }
        }
    }
}

/// The men of the side that just moved that attack the king of the side to move.
fn checkers(pos: &Position) -> Bitboard {
    use dirgolem::attacks;
    let us = pos.side_to_move();
    let king = pos.king(us);
    let occupied = pos.occupied();
    let queens = pos.pieces(Piece::Queen);
    (attacks::pawn(us, king) & pos.pieces(Piece::Pawn)
        | attacks::knight(king) & pos.pieces(Piece::Knight)
        | attacks::bishop(king, occupied) & (pos.pieces(Piece::Bishop) | queens)
        | attacks::rook(king, occupied) & (pos.pieces(Piece::Rook) | queens))
        & pos.colored(!us)
}

/// A random position with a game's material at most, many sliders, kings anywhere.
fn random_setup(rng: &mut Rng) -> Setup {
    const ARMY: [Piece; 12] = [
        Piece::Queen,
        Piece::Rook,
        Piece::Rook,
        Piece::Bishop,
        Piece::Bishop,
        Piece::Knight,
        Piece::Pawn,
        Piece::Pawn,
        Piece::Pawn,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
    ];
    let mut setup = Setup::default();
    for color in Color::ALL {
        setup.put(Square::index(rng.below(64)), color, Piece::King);
        // The last three of ARMY stand for promoted men: a pawn fewer each keeps the count.
        let men = rng.below(7);
        for _ in 0..men {
            let piece = ARMY[rng.below(9)];
            let sq = Square::index(rng.below(64));
            if setup.piece_at(sq).is_none() {
                setup.put(sq, color, piece);
            }
        }
    }
    setup.turn = Color::ALL[rng.below(2)];
    setup
}

/// Strict reading never calls a check impossible when one legal move from an accepted position
/// gave it: random positions and random walks from the test files, every move of each, with
/// the double checks (the hard case) counted so that the walk cannot pass vacuously.
#[test]
fn checks_given_by_a_legal_move_are_never_called_impossible() {
    // A debug build (CI's run with overflow checks, there to show that the calls work) walks
    // from a fifth of the random starts; release builds have the volume.
    let (random_starts, least_positions, least_double_checks) = if cfg!(debug_assertions) {
        (300, 200_000, 50)
    } else {
        (1500, 500_000, 150)
    };
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut starts: Vec<(Position, CastlingMode)> = Vec::new();
    while starts.len() < random_starts {
        let setup = random_setup(&mut rng);
        if let Ok(pos) = Position::from_setup(&setup, ParseOptions::relaxed()) {
            starts.push((pos, CastlingMode::Standard));
        }
    }
    for fen in perft_fens("cpw.epd")
        .iter()
        .chain(&perft_fens("tricky.epd"))
    {
        starts.push((Position::from_fen(fen).unwrap(), CastlingMode::Standard));
    }
    for fen in perft_fens("chess960.epd").iter().take(100) {
        let pos = Position::from_fen_with(fen, ParseOptions::chess960()).unwrap();
        starts.push((pos, CastlingMode::Chess960));
    }
    let (mut positions, mut double_checks) = (0, 0);
    for (start, mode) in starts {
        let strict = ParseOptions {
            castling: mode,
            relaxed: false,
        };
        let mut pos = start;
        for _ply in 0..30 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let next = pos.play_unchecked(m);
                let fen = next.to_fen();
                positions += 1;
                if checkers(&next).len() == 2 {
                    double_checks += 1;
                }
                let read = Position::from_fen_with(&fen, strict);
                assert!(
                    !matches!(
                        read,
                        Err(FenError::Position(PositionError::ImpossibleCheck { .. }))
                    ),
                    "{} then {}: {fen} refused",
                    pos.to_fen(),
                    m.to_uci(mode)
                );
            }
            pos = pos.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
        }
    }
    assert!(positions > least_positions, "{positions} positions");
    assert!(
        double_checks > least_double_checks,
        "{double_checks} double checks"
    );
}

#[test]
fn errors_are_split_by_stage() {
    use std::error::Error;
    let standard = ParseOptions::standard();
    // Syntax: Setup::from_fen's error is the one Position::from_fen wraps, same message.
    let text = "4k3/8/8/8/8/8/8/4K3 x - - 0 1";
    let syntax = Setup::from_fen(text, CastlingMode::Standard).unwrap_err();
    assert_eq!(syntax, FenSyntaxError::InvalidTurn { text: "x".into() });
    assert_eq!(syntax.field(), Some(FenField::Turn));
    let err = Position::from_fen(text).unwrap_err();
    assert_eq!(err, FenError::Syntax(syntax.clone()));
    assert_eq!(err, FenError::from(syntax.clone()));
    assert_eq!(err.to_string(), syntax.to_string());
    assert_eq!(
        err.to_string(),
        "invalid side to move \"x\" (expected 'w' or 'b')"
    );
    assert_eq!(err.field(), Some(FenField::Turn));
    assert!(!err.is_relaxable());
    let source = err.source().expect("the syntax error");
    assert_eq!(source.downcast_ref::<FenSyntaxError>(), Some(&syntax));
    assert!(syntax.source().is_none());

    // Legality: the text reads, Position::from_setup refuses it, Position::from_fen wraps that.
    let text = "4k3/8/8/8/8/8/8/4K2R w Q - 0 1";
    let setup = Setup::from_fen(text, CastlingMode::Standard).unwrap();
    let position = Position::from_setup(&setup, standard).unwrap_err();
    assert_eq!(
        position,
        PositionError::CastlingRight {
            color: Color::White,
            right: 'Q',
            rook: Some(Square::A1),
            problem: CastlingRightProblem::NoRook
        }
    );
    assert_eq!(position.field(), FenField::Castling);
    let err = Position::from_fen(text).unwrap_err();
    assert_eq!(err, FenError::Position(position.clone()));
    assert_eq!(err, FenError::from(position.clone()));
    assert_eq!(
        err.to_string(),
        "castling right 'Q' (white) with the rook on a1: there is no white rook there"
    );
    assert_eq!(err.to_string(), position.to_string());
    assert_eq!(err.field(), Some(FenField::Castling));
    let source = err.source().expect("the legality error");
    assert_eq!(source.downcast_ref::<PositionError>(), Some(&position));
    assert!(position.source().is_none());
    let material = Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBQR w - - 0 1").unwrap_err();
    assert!(matches!(
        material,
        FenError::Position(PositionError::TooMuchMaterial { .. })
    ));
    assert!(material.is_relaxable());

    // X-FEN letters that name no rook stop the reading, with the legality problem as cause:
    // its message, its source, the castling field and the letter's offset.
    let chess960 = ParseOptions::chess960();
    for (castling, index, cause, message) in [
        (
            "Qk",
            1,
            PositionError::MissingKing {
                color: Color::Black,
            },
            "black has no king",
        ),
        (
            "AQ",
            1,
            PositionError::TooManyKings {
                color: Color::White,
                count: 2,
            },
            "white has 2 kings",
        ),
        (
            "K",
            0,
            PositionError::CastlingRight {
                color: Color::White,
                right: 'K',
                rook: None,
                problem: CastlingRightProblem::NoRook,
            },
            "castling right 'K' (white): there is no white rook there",
        ),
    ] {
        let board = if castling == "AQ" {
            "8/8/8/8/8/8/8/R1K1K2R"
        } else {
            "8/8/8/8/8/8/8/R3K3"
        };
        let text = format!("{board} w {castling} - 0 1");
        let syntax = Setup::from_fen(&text, CastlingMode::Chess960).unwrap_err();
        assert_eq!(
            syntax,
            FenSyntaxError::UnresolvedCastling {
                index,
                cause: cause.clone()
            },
            "{text}"
        );
        assert_eq!(syntax.to_string(), message);
        assert_eq!(syntax.field(), Some(FenField::Castling));
        let source = syntax.source().expect("the legality problem");
        assert_eq!(source.downcast_ref::<PositionError>(), Some(&cause));
        let err = Position::from_fen_with(&text, chess960).unwrap_err();
        assert_eq!(err, FenError::Syntax(syntax));
        assert_eq!(err.to_string(), message);
        assert_eq!(err.field(), Some(FenField::Castling));
        assert!(!err.is_relaxable());
    }
}
