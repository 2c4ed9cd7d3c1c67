//! Same answers everywhere: every backend this CPU can run gives bit-identical move targets,
//! counts, move lists (also as handed to `for_each_legal_move`) and perft counts.

use dirgolem::{Backend, Bitboard, Color, Generator, ParseOptions, Piece, Position, Setup, Square};
use proptest::prelude::*;

const SUITE_FENS: &str = include_str!("../data/perftsuite.epd");
const TRICKY_FENS: &str = include_str!("../data/tricky.epd");
const CHESS960_FENS: &str = include_str!("../data/chess960.epd");

fn suite_positions() -> Vec<Position> {
    SUITE_FENS
        .lines()
        .chain(TRICKY_FENS.lines())
        .map(|line| Position::from_fen(line.split(';').next().unwrap().trim()).unwrap())
        .collect()
}

fn generators() -> Vec<Generator> {
    Backend::available()
        .into_iter()
        .map(|b| Generator::new(b).unwrap())
        .collect()
}

/// Asserts that all generators agree with the first (scalar) on `position`.
fn assert_backends_agree(position: &Position) {
    let all = generators();
    let reference = all[0];
    assert_eq!(reference.backend(), Backend::Scalar);
    let targets = reference.move_targets(position);
    let moves = reference.legal_moves(position);
    for g in &all {
        let mut each = Vec::new();
        g.for_each_legal_move(position, |m| each.push(m));
        assert_eq!(
            each[..],
            moves[..],
            "{:?} for_each_legal_move differs from the list on {position:?}",
            g.backend()
        );
    }
    for g in &all[1..] {
        assert_eq!(
            g.move_targets(position),
            targets,
            "{:?} targets differ on {position:?}",
            g.backend()
        );
        assert_eq!(
            g.count_legal(position),
            targets.count(),
            "{:?} count differs on {position:?}",
            g.backend()
        );
        assert_eq!(
            &g.legal_moves(position)[..],
            &moves[..],
            "{:?} moves differ on {position:?}",
            g.backend()
        );
    }
}

#[test]
fn scalar_is_always_available_and_detect_picks_an_available_backend() {
    let available = Backend::available();
    assert_eq!(available[0], Backend::Scalar);
    assert!(available.contains(&Backend::detect()));
    assert_eq!(*available.last().unwrap(), Backend::detect());
    #[cfg(target_arch = "x86_64")]
    assert!(available.contains(&Backend::Sse2));
    // `wide` maps to SSE2 on every x86-64 build, to simd128 on wasm32 built with it.
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    assert!(available.contains(&Backend::Portable));
    #[cfg(all(target_arch = "wasm32", not(target_feature = "simd128")))]
    assert_eq!(available, [Backend::Scalar]);
    #[cfg(target_arch = "aarch64")]
    assert!(available.contains(&Backend::Neon));
}

#[test]
fn unknown_and_unavailable_backends_are_typed_errors() {
    assert!(matches!(
        "avx1024".parse::<Backend>(),
        Err(dirgolem::BackendError::Unknown(_))
    ));
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        Generator::new(Backend::Neon),
        Err(dirgolem::BackendError::Unavailable(Backend::Neon))
    );
    #[cfg(target_arch = "aarch64")]
    assert_eq!(
        Generator::new(Backend::Avx2),
        Err(dirgolem::BackendError::Unavailable(Backend::Avx2))
    );
}

#[test]
fn every_backend_gives_the_suite_perft_counts() {
    // Some counts are 32 plies deep (blocked positions with few moves): a debug build's frames
    // need more than a test thread's 2 MiB for that depth, so the counts run on a bigger stack.
    // wasm32-wasip1 has no threads: there they run on the main stack, which a release build's
    // frames fit (CI runs the wasm tests in release only).
    #[cfg(not(target_family = "wasm"))]
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(suite_perft_counts_on_every_backend)
        .unwrap()
        .join()
        .unwrap();
    #[cfg(target_family = "wasm")]
    suite_perft_counts_on_every_backend();
}

fn suite_perft_counts_on_every_backend() {
    let mut checked = 0;
    for g in generators() {
        for line in SUITE_FENS.lines().chain(TRICKY_FENS.lines()) {
            let mut parts = line.split(';');
            let position = Position::from_fen(parts.next().unwrap().trim()).unwrap();
            for part in parts {
                let (depth, nodes) = part.trim()[1..].split_once(' ').unwrap();
                let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
                if nodes <= 20_000 {
                    assert_eq!(
                        g.perft(&position, depth),
                        nodes,
                        "{:?} D{depth} {line}",
                        g.backend()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(
        checked >= 300 * Backend::available().len(),
        "only {checked} counts checked"
    );
}

#[test]
fn every_backend_agrees_on_every_suite_position() {
    for position in suite_positions() {
        assert_backends_agree(&position);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Along random games from suite positions, all backends agree at every ply.
    #[test]
    fn backends_agree_along_random_games(start in 0usize..200, choices in prop::collection::vec(any::<u32>(), 0..60)) {
        let positions = suite_positions();
        let mut position = positions[start % positions.len()];
        for choice in choices {
            assert_backends_agree(&position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[choice as usize % moves.len()]);
        }
    }

    /// Random legal placements of random men (kings anywhere, pawns off the back ranks), with
    /// random side to move: all backends agree whenever the placement is a valid position, on
    /// perft 2 too (more than two knights, or queens in numbers, as no game reaches).
    #[test]
    fn backends_agree_on_random_placements(
        squares in prop::collection::vec(0usize..64, 2..32),
        kinds in prop::collection::vec(0usize..10, 32),
        black in any::<bool>(),
    ) {
        let mut setup = Setup { turn: if black { Color::Black } else { Color::White }, ..Setup::default() };
        let mut occupied = Bitboard::EMPTY;
        for (i, &sq) in squares.iter().enumerate() {
            let sq = Square::index(sq);
            if occupied.contains(sq) {
                continue;
            }
            occupied |= sq.bitboard();
            let (color, piece) = match i {
                0 => (Color::White, Piece::King),
                1 => (Color::Black, Piece::King),
                _ => {
                    let k = kinds[i];
                    let color = if k % 2 == 0 { Color::White } else { Color::Black };
                    let piece = [Piece::Pawn, Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen][k / 2];
                    (color, piece)
                }
            };
            if piece == Piece::Pawn && matches!(sq.rank(), dirgolem::Rank::First | dirgolem::Rank::Eighth) {
                continue;
            }
            setup.put(sq, color, piece);
        }
        if let Ok(position) = Position::from_setup(&setup, dirgolem::ParseOptions::relaxed()) {
            assert_backends_agree(&position);
            assert_perft_agrees(&generators(), &position, 2);
        }
    }
}

/// The Chess960 suite's positions (castling rights in Shredder-FEN or X-FEN).
fn chess960_positions() -> Vec<Position> {
    CHESS960_FENS
        .lines()
        .map(|line| {
            let fen = line.split(';').next().unwrap().trim();
            Position::from_fen_with(fen, ParseOptions::chess960()).unwrap()
        })
        .collect()
}

/// Asserts that every backend's perft `depth` of `position` is the scalar backend's.
fn assert_perft_agrees(generators: &[Generator], position: &Position, depth: u32) {
    let expected = generators[0].perft(position, depth);
    for g in &generators[1..] {
        assert_eq!(
            g.perft(position, depth),
            expected,
            "{:?} perft {depth} differs from scalar's on {position:?}",
            g.backend()
        );
    }
}

proptest! {
    // The debug profile's perft is some 30 times slower: fewer games there.
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 12 } else { 300 }))]

    /// Every vector backend counts perft's last ply a vector of positions at a time
    /// (`golem::batch`: eights, fours and twos of one parent's moves, with its king and knights
    /// looked up; the rest in a batch shared across parents; parents changed ahead for
    /// castling, promotions and en passant), while the scalar backend generates every
    /// position's moves. Along random games from the standard and Chess960 suites, every
    /// fourth ply, the perft 3 counts agree: each count is some thousand parents' moves
    /// counted in the batch, in positions the suites' fixed lines never reach.
    #[test]
    fn perft_agrees_with_scalar_along_random_games(
        start in 0usize..1000,
        chess960 in any::<bool>(),
        choices in prop::collection::vec(any::<u32>(), 0..60),
    ) {
        let generators = generators();
        assert_eq!(generators[0].backend(), Backend::Scalar);
        let positions = if chess960 { chess960_positions() } else { suite_positions() };
        let mut position = positions[start % positions.len()];
        for (ply, choice) in choices.iter().enumerate() {
            if ply % 4 == 0 {
                assert_perft_agrees(&generators, &position, 3);
            }
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[*choice as usize % moves.len()]);
        }
    }
}

/// CI runs the tests on emulated CPUs and says which backend detection must pick there
/// (sse2 on a pre-AVX2 x86-64, neon on aarch64).
#[test]
fn detection_picks_the_backend_ci_expects() {
    match std::env::var("DIRGOLEM_EXPECT_DETECTED") {
        Ok(expected) => assert_eq!(Backend::detect().name(), expected),
        Err(_) => eprintln!("DIRGOLEM_EXPECT_DETECTED not set: nothing to compare"),
    }
}
