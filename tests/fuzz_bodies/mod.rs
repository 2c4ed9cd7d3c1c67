//! The fuzz targets' bodies, one function per target, shared by the cargo-fuzz targets in
//! `fuzz/fuzz_targets/` (nightly, for hours, coverage-guided) and by `tests/interface/fuzz_loops.rs`
//! (stable, seconds, seeded inputs in `cargo test`). Each body takes the raw input bytes, panics
//! on a broken property and otherwise returns how much of its work the input reached (how many
//! readings were accepted, moves played, positions compared), so that the loops can check that
//! their inputs get past the parsers.
//!
//! The properties: reading a FEN or a `Setup` never panics and what is accepted writes back to
//! itself; a UCI move that parses is legal and plays, one that does not gives a short error;
//! the legal moves (as a list, through the callback, as a count, and move by move through
//! `is_legal`) are exactly those of the independent reference generator of `tests/common`, and
//! `gives_check` answers as the position after the move; perft 2 agrees on every backend and
//! with the reference.

#[path = "../common/reference.rs"]
#[allow(dead_code)]
mod reference;

use std::collections::BTreeSet;

use dirgolem::{
    Backend, Bitboard, CastlingMode, Color, FenError, Generator, Move, ParseOptions, Piece,
    Position, Setup, Square,
};

/// Every option set a FEN can be read with.
pub const ALL_OPTIONS: [ParseOptions; 4] = [
    ParseOptions::standard(),
    ParseOptions::chess960(),
    ParseOptions::relaxed(),
    ParseOptions {
        castling: CastlingMode::Chess960,
        relaxed: true,
    },
];

/// Valid FENs with the options they need: the start points of the move targets and the seeds
/// the loops mutate (a few of each test file; the fuzz targets compile them in too).
pub fn pool() -> Vec<(&'static str, ParseOptions)> {
    let files = [
        (include_str!("../data/cpw.epd"), ParseOptions::standard()),
        (include_str!("../data/tricky.epd"), ParseOptions::standard()),
        (
            include_str!("../data/terminal.epd"),
            ParseOptions::standard(),
        ),
        (include_str!("../data/relaxed.epd"), ParseOptions::relaxed()),
        (
            include_str!("../data/chess960.epd"),
            ParseOptions::chess960(),
        ),
        (include_str!("../data/chess960-relaxed.epd"), ALL_OPTIONS[3]),
    ];
    files
        .iter()
        .flat_map(|&(text, options)| {
            text.lines()
                .take(30)
                .map(move |line| (line.split(';').next().unwrap_or("").trim(), options))
        })
        .collect()
}

/// The longest error message a hostile input may produce: errors quote a bounded part of it.
const MAX_MESSAGE: usize = 400;

/// Target `read_fen`: the input as a FEN in every mode, as a `Setup` in both castling modes,
/// and (from its bytes) as a hand-built `Setup` validated every way. Returns the number of
/// accepted readings.
pub fn read_fen(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut accepted = 0;
    for options in ALL_OPTIONS {
        let read = Position::from_fen_with(&text, options);
        let via_setup = Setup::from_fen(&text, options.castling)
            .map_err(FenError::from)
            .and_then(|setup| Position::from_setup(&setup, options).map_err(FenError::from));
        assert_eq!(read, via_setup, "{text:?}: FEN and Setup reading differ");
        match read {
            Ok(position) => {
                accepted += 1;
                let fen = position.to_fen();
                assert_eq!(
                    Position::from_fen_with(&fen, options),
                    Ok(position),
                    "{text:?} -> {fen}"
                );
            }
            Err(e) => {
                let message = e.to_string();
                assert!(
                    !message.is_empty() && message.len() <= MAX_MESSAGE,
                    "{message}"
                );
            }
        }
        if let Ok(setup) = Setup::from_fen(&text, options.castling) {
            let fen = setup.to_fen(options.castling);
            assert_eq!(
                Setup::from_fen(&fen, options.castling),
                Ok(setup),
                "{text:?} -> {fen}"
            );
        }
    }
    let setup = setup_from_bytes(data);
    for options in ALL_OPTIONS {
        if let Ok(position) = Position::from_setup(&setup, options) {
            accepted += 1;
            assert_eq!(
                Position::from_fen_with(&position.to_fen(), options),
                Ok(position)
            );
        }
    }
    accepted
}

/// A `Setup` built from bytes: three bytes a man (square, colour, kind), then side to move,
/// castling rooks and en passant square from what follows; inconsistent bitboards included.
fn setup_from_bytes(data: &[u8]) -> Setup {
    let mut setup = Setup::default();
    let mut chunks = data.chunks_exact(3);
    for man in chunks.by_ref().take(40) {
        let square = Square::index(usize::from(man[0] % 64));
        let piece = Piece::ALL[usize::from(man[2]) % Piece::ALL.len()];
        setup.put(square, Color::ALL[usize::from(man[1] & 1)], piece);
    }
    let rest = chunks.remainder();
    if let [turn, castling, ep, ..] = *rest {
        setup.turn = Color::ALL[usize::from(turn & 1)];
        let rooks = u64::from(castling);
        setup.castling_rooks = Bitboard((rooks & 0x0f) | ((rooks & 0xf0) << 56));
        setup.ep_square = (ep < 64).then(|| Square::index(usize::from(ep)));
    }
    setup
}

/// The position the first input byte picks from the pool, and the rest of the input.
fn start(data: &[u8]) -> (Position, &[u8]) {
    let pool = pool();
    let (&pick, rest) = data.split_first().unwrap_or((&0, &[]));
    let (fen, options) = pool[usize::from(pick) % pool.len()];
    let position = Position::from_fen_with(fen, options).expect("the pool's FENs are valid");
    (position, rest)
}

/// Target `parse_uci`: the input's words as UCI moves, played in turn from a pool position. A
/// move that parses must be legal and play; every legal move's text parses back to it. Returns
/// the number of moves played.
pub fn parse_uci(data: &[u8]) -> usize {
    let (mut position, rest) = start(data);
    let text = String::from_utf8_lossy(rest);
    let mode = position.castling_mode();
    let mut played = 0;
    for word in text.split_whitespace() {
        for &m in position.legal_moves().as_slice() {
            let uci = m.to_uci(mode).to_string();
            assert_eq!(
                position.parse_uci(&uci),
                Ok(m),
                "{}: {uci}",
                position.to_fen()
            );
        }
        match position.parse_uci(word) {
            Ok(m) => {
                assert!(position.is_legal(m), "{}: {word}", position.to_fen());
                position = position.play(m).expect("a parsed move plays");
                played += 1;
            }
            Err(e) => {
                let message = e.to_string();
                assert!(message.len() <= MAX_MESSAGE, "{message}");
            }
        }
    }
    played
}

/// The reference generator's legal moves of `position`.
fn reference_moves(position: &Position) -> BTreeSet<u16> {
    reference::legal_moves(&position.to_setup())
        .into_iter()
        .map(bits)
        .collect()
}

/// A move as a sortable key (its from, to and kind; `Move` is not `Ord`).
fn bits(m: Move) -> u16 {
    let kind = match m.promotion() {
        Some(piece) => 4 + piece as u16,
        None if m.is_castling() => 2,
        None if m.kind() == dirgolem::MoveKind::EnPassant => 1,
        None => 0,
    };
    (m.from() as u16) | (m.to() as u16) << 6 | kind << 12
}

/// Target `play_sequence`: from a pool position, each input byte picks the next move among
/// the legal ones. At every position the legal moves by list, by callback and by count, and
/// `is_legal` on every pseudo-legal move of the reference, agree with the reference's legal
/// moves, and `gives_check` of each legal move with the position after it. Returns the number
/// of positions compared.
pub fn play_sequence(data: &[u8]) -> usize {
    let (mut position, rest) = start(data);
    let mut compared = 0;
    for &pick in rest.iter().take(200) {
        let expected = reference_moves(&position);
        let list = position.legal_moves();
        let listed: BTreeSet<u16> = list.as_slice().iter().map(|&m| bits(m)).collect();
        let fen = position.to_fen();
        if list.is_complete() {
            assert_eq!(listed, expected, "{fen}: legal_moves");
        }
        let mut called = BTreeSet::new();
        position.for_each_legal_move(|m| {
            called.insert(bits(m));
        });
        assert_eq!(called, expected, "{fen}: for_each_legal_move");
        assert_eq!(position.count_legal(), expected.len(), "{fen}: count_legal");
        for m in reference::pseudo_legal_moves(&position.to_setup()) {
            assert_eq!(
                position.is_legal(m),
                expected.contains(&bits(m)),
                "{fen}: is_legal({m:?})"
            );
        }
        for &m in list.as_slice() {
            assert_eq!(
                position.gives_check(m),
                position.play_unchecked(m).is_check(),
                "{fen}: gives_check({m:?})"
            );
        }
        compared += 1;
        let moves = list.as_slice();
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(moves[usize::from(pick) % moves.len()]);
    }
    compared
}

/// Target `perft_backends`: the input as a FEN in every mode; every accepted position's perft
/// 2 is the same on every backend this CPU runs and equals the reference's. Returns the number
/// of accepted readings.
pub fn perft_backends(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut accepted = 0;
    for options in ALL_OPTIONS {
        let Ok(position) = Position::from_fen_with(&text, options) else {
            continue;
        };
        accepted += 1;
        let expected = reference::perft(&position.to_setup(), 2);
        for backend in Backend::available() {
            let generator = Generator::new(backend).expect("available backends run");
            assert_eq!(
                generator.perft(&position, 2),
                expected,
                "{text:?} ({options:?}) on {backend}"
            );
        }
    }
    accepted
}
