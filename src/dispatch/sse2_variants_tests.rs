//! The SSE2 backend's two compilations (`lanes::x86_64::Sse2With`): `Backend::Sse2` runs the one
//! with POPCNT wherever the CPU has it, so the tests that go through [`Backend`] never reach
//! the baseline one on such a CPU. Here both are made directly and every entry point of each is
//! compared with the scalar backend's.

use super::generator::{Generator, Token};
use crate::lanes::x86_64::{Sse2, Sse2Popcnt};
use crate::{Backend, MoveList, Position};

const SUITE: &str = include_str!("../../tests/data/perftsuite.epd");
const TRICKY: &str = include_str!("../../tests/data/tricky.epd");

/// The suite's positions, each with its shallowest perft count (`;D<depth> <count>`) as
/// `(depth, count)`. Unoptimised, counts over 200,000 nodes are left out (they take
/// seconds there).
fn suite() -> Vec<(Position, Option<(u32, u64)>)> {
    SUITE
        .lines()
        .chain(TRICKY.lines())
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let position = Position::from_fen(fields.next().unwrap().trim()).unwrap();
            let (depth, count) = fields.next().unwrap().trim().split_once(' ').unwrap();
            let depth: u32 = depth.strip_prefix('D').unwrap().parse().unwrap();
            let count: u64 = count.parse().unwrap();
            let cheap = !cfg!(debug_assertions) || count <= 200_000;
            (position, cheap.then_some((depth, count)))
        })
        .collect()
}

/// The plies of each game of [`positions`], and the depth of the perft compared there:
/// fewer unoptimised, where the release build's checks would take half a minute.
const PLIES: usize = if cfg!(debug_assertions) { 6 } else { 40 };
const DEPTH: u32 = if cfg!(debug_assertions) { 2 } else { 3 };

/// The suite's positions and those along a pseudo-random game from each (a fixed
/// xorshift, so that a failure repeats).
fn positions() -> Vec<Position> {
    let scalar = Generator::new(Backend::Scalar).unwrap();
    let mut next = crate::test_random::xorshift(0x9e37_79b9_7f4a_7c15);
    let mut all = Vec::new();
    for (start, _) in suite() {
        let mut position = start;
        for _ in 0..PLIES {
            all.push(position);
            let moves = scalar.legal_moves(&position);
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
    }
    all
}

/// Every answer of `g` on `position` against the scalar backend's.
fn assert_agrees(g: Generator, name: &str, position: &Position) {
    let scalar = Generator::new(Backend::Scalar).unwrap();
    let at = || format!("{name} {position:?}");
    let moves = scalar.legal_moves(position);
    let captures = scalar.captures(position);
    assert_eq!(
        g.move_targets(position),
        scalar.move_targets(position),
        "{}",
        at()
    );
    assert_eq!(
        g.count_legal(position),
        scalar.count_legal(position),
        "{}",
        at()
    );
    assert_eq!(g.legal_moves(position), moves, "{}", at());
    assert_eq!(g.captures(position), captures, "{}", at());
    assert_eq!(g.quiets(position), scalar.quiets(position), "{}", at());
    let mut list = MoveList::new();
    g.fill_legal(position, &mut list);
    assert_eq!(list, moves, "{}", at());
    g.fill_captures(position, &mut list);
    assert_eq!(list, captures, "{}", at());
    let mut each = Vec::new();
    g.for_each_legal_move(position, |m| each.push(m));
    assert_eq!(each[..], moves[..], "{}", at());
    each.clear();
    g.for_each_capture(position, |m| each.push(m));
    assert_eq!(each[..], captures[..], "{}", at());
    assert_eq!(
        g.perft(position, DEPTH),
        scalar.perft(position, DEPTH),
        "{}",
        at()
    );
}

#[test]
fn both_sse2_compilations_agree_with_scalar() {
    let baseline = Generator {
        token: Token::Sse2(Sse2::new().expect("every x86-64 CPU has SSE2")),
    };
    let mut variants = vec![(baseline, "sse2 without popcnt")];
    if let Some(t) = Sse2Popcnt::new() {
        variants.push((
            Generator {
                token: Token::Sse2Popcnt(t),
            },
            "sse2 with popcnt",
        ));
    }
    for (g, name) in &variants {
        assert_eq!(g.backend(), Backend::Sse2, "{name}");
        for (position, count) in suite() {
            if let Some((depth, count)) = count {
                assert_eq!(g.perft(&position, depth), count, "{name} {position:?}");
            }
        }
        let positions = positions();
        assert!(positions.len() > 5 * suite().len(), "{}", positions.len());
        for position in &positions {
            assert_agrees(*g, name, position);
        }
    }
}

/// `Backend::Sse2` is the POPCNT compilation wherever the CPU has POPCNT.
#[cfg(feature = "std")]
#[test]
fn the_sse2_backend_takes_popcnt_where_the_cpu_has_it() {
    let g = Generator::new(Backend::Sse2).unwrap();
    let with_popcnt = matches!(g.token, Token::Sse2Popcnt(_));
    assert_eq!(with_popcnt, std::arch::is_x86_feature_detected!("popcnt"));
}
