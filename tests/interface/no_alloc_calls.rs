//! The calls that work without an allocator (the crate without its `alloc` feature): FEN
//! writing into a caller's buffer and through `Display`, and error messages, which must say
//! the same as the allocating calls.

use std::fmt::Write;

use dirgolem::{
    Backend, BackendError, Bitboard, BufferTooSmall, CastlingMode, ErrorText, ParseOptions,
    Position, Rank, Setup, Square,
};

const FENS: [(&str, ParseOptions); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ParseOptions::standard(),
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ParseOptions::standard(),
    ),
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ParseOptions::standard(),
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ParseOptions::chess960(),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295",
        ParseOptions::standard(),
    ),
    (
        "r1b1k1nr/p1p1q1p1/n1p1b1p1/1p1pP1p1/1P1P1N1P/P1B1N1P1/1P1Q1B1P/R3K2R w KQkq d6 0 4294967295",
        ParseOptions::relaxed(),
    ),
];

/// `write_fen` into every buffer length from empty to one byte more than needed.
fn check_every_buffer_length(
    fen: &str,
    write: impl Fn(&mut [u8]) -> Result<usize, BufferTooSmall>,
) {
    let mut buf = vec![0u8; fen.len() + 1];
    for capacity in 0..=fen.len() + 1 {
        let result = write(&mut buf[..capacity]);
        if capacity < fen.len() {
            assert_eq!(
                result,
                Err(BufferTooSmall {
                    needed: fen.len(),
                    capacity
                }),
                "{fen}"
            );
        } else {
            assert_eq!(result, Ok(fen.len()), "{fen}");
            assert_eq!(&buf[..fen.len()], fen.as_bytes());
        }
    }
}

#[test]
fn write_fen_fills_the_buffer_or_says_how_much_it_needs() {
    for (fen, options) in FENS {
        let pos = Position::from_fen_with(fen, options).unwrap();
        let written = pos.to_fen();
        assert!(written.len() <= Position::MAX_FEN_LEN, "{written}");
        assert_eq!(pos.to_string(), written);
        assert_eq!(format!("{pos:?}"), format!("Position({written})"));
        check_every_buffer_length(&written, |buf| pos.write_fen(buf));
        let setup = pos.to_setup();
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            check_every_buffer_length(&setup.to_fen(mode), |buf| setup.write_fen(mode, buf));
        }
    }
    let err = Position::startpos().write_fen(&mut [0; 3]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the text needs 56 bytes, the buffer holds 3"
    );
}

#[test]
fn positions_along_games_fit_max_fen_len() {
    // Deterministic pseudo-random games from each position: every FEN met is written alike
    // by all three ways and fits the bound.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut buf = [0u8; Position::MAX_FEN_LEN];
    for (fen, options) in FENS {
        let mut pos = Position::from_fen_with(fen, options).unwrap();
        for _ in 0..150 {
            let len = pos.write_fen(&mut buf).unwrap();
            let text = std::str::from_utf8(&buf[..len]).unwrap();
            assert_eq!(text, pos.to_fen());
            let mut shown = String::new();
            write!(shown, "{pos}").unwrap();
            assert_eq!(shown, text);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            pos = pos.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
        }
    }
}

#[test]
fn a_setup_fen_reaches_setup_max_fen_len() {
    // Every rank 8 characters, a castling right on every back rank square (a hand-made setup
    // can hold them), an en passant square and both clocks at their largest.
    let board = "p1p1p1p1/".repeat(7) + "p1p1p1p1";
    let mut setup = Setup::from_fen(&format!("{board} w - - 0 1"), CastlingMode::Standard).unwrap();
    setup.castling_rooks = Square::ALL
        .into_iter()
        .filter(|sq| matches!(sq.rank(), Rank::First | Rank::Eighth))
        .fold(Bitboard::EMPTY, |b, sq| b | sq.bitboard());
    setup.ep_square = Some(Square::E3);
    setup.halfmove_clock = u32::MAX;
    setup.fullmove_number = u32::MAX;
    let fen = setup.to_fen(CastlingMode::Chess960);
    assert_eq!(fen.len(), Setup::MAX_FEN_LEN, "{fen}");
    check_every_buffer_length(&fen, |buf| setup.write_fen(CastlingMode::Chess960, buf));
}

#[test]
fn backend_errors_list_the_names_without_allocating_them() {
    let err = "mmx".parse::<Backend>().unwrap_err();
    assert_eq!(err, BackendError::Unknown(ErrorText::new("mmx")));
    let known: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    assert_eq!(
        err.to_string(),
        format!("unknown backend 'mmx' (known: {})", known.join(", "))
    );
    for backend in Backend::ALL {
        let available: Vec<&str> = Backend::available().iter().map(|b| b.name()).collect();
        let message = format!(
            "backend '{backend}' is not available on this CPU (available: {})",
            available.join(", ")
        );
        assert_eq!(BackendError::Unavailable(backend).to_string(), message);
    }
    // A long name is quoted cut, so the error stays small.
    let long = "x".repeat(1000);
    let Err(BackendError::Unknown(name)) = long.parse::<Backend>() else {
        panic!("{long} is no backend");
    };
    assert_eq!(name, format!("{}...", "x".repeat(ErrorText::MAX_QUOTE)));
}

#[test]
fn errors_are_core_errors() {
    fn source_of(e: &dyn core::error::Error) -> Option<String> {
        e.source().map(|s| s.to_string())
    }
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
    assert_eq!(source_of(&err), Some(err.to_string()));
    let err = "x".parse::<Backend>().unwrap_err();
    assert_eq!(source_of(&err), None);
    let err = Position::startpos().write_fen(&mut []).unwrap_err();
    assert_eq!(source_of(&err), None);
}
