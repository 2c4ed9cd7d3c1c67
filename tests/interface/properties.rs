//! Properties checked along random games against the independent reference generator of
//! `tests/common/reference.rs`.
//!
//! proptest picks a start position from the suites (cpw, perftsuite and tricky, or the
//! Chess960 suite) and a sequence of move choices, and plays up to 40 plies, stopping when the
//! game ends. In every position on the way:
//!
//! * every generated move is legal: after it the mover's king is not attacked (ray-walking
//!   attack test);
//! * every legal move is generated: the move set equals the reference's pseudo-legal moves
//!   filtered by making them (castling, en passant and promotions included);
//! * `count_legal()`, `legal_moves().len()` and `move_targets().count()` agree;
//! * the FEN round trip gives the same position;
//! * `play(m)` gives the setup the reference's own make gives, for every legal move.

use crate::common;

use std::collections::HashSet;
use std::sync::OnceLock;

use common::reference;
use common::{Suite, positions};
use dirgolem::{Move, MoveKind, ParseOptions, Position};
use proptest::prelude::*;
use proptest::sample::Index;

/// Start positions for standard chess: cpw, perftsuite and tricky.
fn standard_starts() -> &'static [Position] {
    static STARTS: OnceLock<Vec<Position>> = OnceLock::new();
    STARTS.get_or_init(|| {
        ["cpw.epd", "perftsuite.epd", "tricky.epd"]
            .into_iter()
            .flat_map(|file| {
                positions(Suite {
                    file,
                    options: ParseOptions::standard(),
                })
            })
            .map(|(_, pos)| pos)
            .collect()
    })
}

/// Start positions for Chess960: the Chess960 suite.
fn chess960_starts() -> &'static [Position] {
    static STARTS: OnceLock<Vec<Position>> = OnceLock::new();
    STARTS.get_or_init(|| {
        positions(Suite {
            file: "chess960.epd",
            options: ParseOptions::chess960(),
        })
        .into_iter()
        .map(|(_, p)| p)
        .collect()
    })
}

/// Checks every property on one position.
fn check_position(pos: &Position, options: ParseOptions) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    let legal = pos.legal_moves();
    prop_assert!(legal.is_complete(), "{fen}: move list truncated");
    // Every backend gives the same list, count and targets, so what follows holds for each.
    for generator in common::generators() {
        prop_assert_eq!(
            &generator.legal_moves(pos)[..],
            &legal[..],
            "{}: list on {}",
            fen,
            generator.backend()
        );
        prop_assert_eq!(
            generator.count_legal(pos),
            legal.len(),
            "{}: count on {}",
            fen,
            generator.backend()
        );
        prop_assert_eq!(
            generator.move_targets(pos),
            pos.move_targets(),
            "{}: targets on {}",
            fen,
            generator.backend()
        );
    }
    prop_assert_eq!(
        pos.count_legal(),
        legal.len(),
        "{}: count_legal vs legal_moves().len()",
        fen
    );
    prop_assert_eq!(
        pos.move_targets().count(),
        legal.len(),
        "{}: move_targets().count() vs legal_moves().len()",
        fen
    );

    // Every legal move is generated, and nothing else.
    let setup = pos.to_setup();
    let generated: HashSet<Move> = legal.iter().copied().collect();
    prop_assert_eq!(
        generated.len(),
        legal.len(),
        "{}: a move is listed twice: {:?}",
        fen,
        legal
    );
    let expected: HashSet<Move> = reference::legal_moves(&setup).into_iter().collect();
    if generated != expected {
        let extra: Vec<_> = generated.difference(&expected).collect();
        let missing: Vec<_> = expected.difference(&generated).collect();
        prop_assert!(
            false,
            "{}: generated moves the reference refuses: {:?}; reference moves not generated: {:?}",
            fen,
            extra,
            missing
        );
    }

    let mover = pos.side_to_move();
    for &m in &legal {
        // Every generated move is legal (checked with the ray-walking attack test).
        let after = pos.play_unchecked(m);
        let after_setup = after.to_setup();
        prop_assert!(
            !reference::king_attacked(&after_setup, mover),
            "{}: after {:?} the mover's king is attacked: {}",
            fen,
            m,
            after.to_fen()
        );
        prop_assert_eq!(after.side_to_move(), !mover);
        // play agrees with play_unchecked, and both with the reference's make.
        prop_assert_eq!(pos.play(m), Ok(after), "{}: play({:?})", fen, m);
        let made = reference::normalize_en_passant(reference::make(&setup, m));
        prop_assert_eq!(
            &after_setup,
            &made,
            "{}: after {:?}: library setup vs reference make",
            fen,
            m
        );
    }

    // FEN round trip.
    let back = Position::from_fen_with(&fen, options);
    prop_assert_eq!(back, Ok(*pos), "FEN round trip of {}", fen);
    Ok(())
}

/// Plays the game chosen by `choices` from `start`, checking every position on the way.
fn walk(start: Position, choices: &[Index], options: ParseOptions) -> Result<(), TestCaseError> {
    let mut pos = start;
    check_position(&pos, options)?;
    for choice in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos = pos
            .play(legal[choice.index(legal.len())])
            .expect("a listed move is playable");
        check_position(&pos, options)?;
    }
    Ok(())
}

/// `release` cases in an optimised build, an eighth of them in an unoptimised one.
const fn cases(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        release / 8
    } else {
        release
    }
}

/// Up to 40 plies of move choices.
fn game() -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), 0..=40)
}

proptest! {
    // About 0.5 ms a case in release: 8000 + 4000 cases take about 6 s on one core. Unoptimised
    // (plain `cargo test`) a case takes some fifteen times as long, so there an eighth of them.
    #![proptest_config(ProptestConfig { cases: cases(8000), ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_suite_positions(start in any::<Index>(), choices in game()) {
        let starts = standard_starts();
        walk(starts[start.index(starts.len())], &choices, ParseOptions::standard())?;
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(4000), ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_chess960_positions(start in any::<Index>(), choices in game()) {
        let starts = chess960_starts();
        walk(starts[start.index(starts.len())], &choices, ParseOptions::chess960())?;
    }
}

/// The reference generator itself must be right for the properties to mean anything: it
/// reproduces the suites' shallow perft counts.
#[test]
fn reference_generator_matches_suite_counts() {
    let mut checked = 0;
    let mut problems = Vec::new();
    // Every suite but marcel-random (its positions are many and add nothing here).
    let suites = common::ALL_SUITES
        .into_iter()
        .filter(|s| s.file != "marcel-random.epd");
    for suite in suites {
        for (line, (fen, pos)) in common::epd::load(suite.file)
            .into_iter()
            .zip(positions(suite))
        {
            for &(depth, nodes) in line.counts.iter().filter(|&&(d, n)| d <= 2 && n <= 3_000) {
                checked += 1;
                let got = reference::perft(&pos.to_setup(), depth);
                if got != nodes {
                    problems.push(format!(
                        "{fen}: depth {depth}: expected {nodes}, reference gives {got}"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // D1 and D2 of almost every line (counted from the files with awk).
    assert_eq!(checked, 2284, "counts checked");
}

/// Every start position itself, deterministically: the properties hold on each, and the move
/// sets compared include every special kind of move.
#[test]
fn properties_hold_on_every_start_position() {
    let (mut castling, mut en_passant, mut promotions) = (0, 0, 0);
    let starts = [
        (standard_starts(), ParseOptions::standard()),
        (chess960_starts(), ParseOptions::chess960()),
    ];
    for (positions, options) in starts {
        for pos in positions {
            if let Err(e) = check_position(pos, options) {
                panic!("{e}");
            }
            for m in pos.legal_moves().iter() {
                match m.kind() {
                    MoveKind::Castling => castling += 1,
                    MoveKind::EnPassant => en_passant += 1,
                    MoveKind::Promotion(_) => promotions += 1,
                    MoveKind::Normal => {}
                }
            }
        }
    }
    assert_eq!(
        standard_starts().len() + chess960_starts().len(),
        7 + 124 + 80 + 966
    );
    // 247 castling moves, 24 en passant captures and 132 promotions (33 pawn moves) in all.
    assert_eq!(
        (castling, en_passant, promotions),
        (247, 24, 132),
        "special moves compared"
    );
}
