//! dirgolem against cozy-chess in alternating rounds: each round times one run of each on
//! the same job, back to back, and the ratio is taken of the fastest run of each (and of the
//! medians). On a shared machine the load changes within seconds; criterion (`peers.rs`)
//! measures one side for several seconds and then the other, so a burst of load lands on
//! one side only and moves the ratio. Alternating rounds expose both sides to the same load,
//! and the fastest run of each is the one least disturbed.
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench --bench peers_paired` (the peers' best build,
//! as for `peers.rs`); `PAIRED_ROUNDS` sets the rounds (default 9); `DIRGOLEM_BACKEND` picks
//! dirgolem's backend. Jobs: bulk-counted perft of the five CPW positions at the depths of
//! `dirgolem bench`, and the moves of the first 1000 positions of `tests/data/standard.epd`
//! (every move read, 20 passes per run): `lists` takes dirgolem's `legal_moves()` lists (the
//! issue's measure), `callbacks` its `for_each_legal_move`; cozy-chess hands out its
//! per-piece move sets to a callback in both. A move-list run is short (milliseconds), so
//! these jobs take 25 times the rounds, spread over seconds like the perft jobs.

use std::hint::black_box;
use std::time::Instant;

use dirgolem::{Generator, Position};

#[path = "common/peers.rs"]
mod common;
use common::{POSITIONS, cozy_perft};

/// Seconds taken by `f`, and its result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = f();
    (start.elapsed().as_secs_f64(), out)
}

/// Times `ours` and `theirs` alternately for `rounds` rounds, checks they agree, and prints
/// the fastest and median times and the ratios (theirs / ours).
fn pair<T: PartialEq + std::fmt::Debug>(
    name: &str,
    unit: (&str, f64),
    rounds: usize,
    ours: impl Fn() -> T,
    theirs: impl Fn() -> T,
) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (t, x) = timed(&ours);
        a.push(t);
        let (u, y) = timed(&theirs);
        b.push(u);
        assert_eq!(x, y, "{name}: the generators disagree");
    }
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    let ((a_min, a_med), (b_min, b_med)) = (min_median(&a), min_median(&b));
    let (label, scale) = unit;
    println!(
        "{name:<10} dirgolem {:>9.1} {label} (median {:>9.1})   cozy-chess {:>9.1} {label} (median {:>9.1})   ratio {:.2} (medians {:.2})",
        a_min * scale,
        a_med * scale,
        b_min * scale,
        b_med * scale,
        b_min / a_min,
        b_med / a_med,
    );
}

/// The fastest and the median of sorted times.
fn min_median(v: &[f64]) -> (f64, f64) {
    (v[0], v[v.len() / 2])
}

fn main() {
    // `cargo bench` passes `--bench`; filters are not supported.
    let rounds = std::env::var("PAIRED_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(9);
    let g = Generator::from_env().unwrap_or_else(|e| panic!("DIRGOLEM_BACKEND: {e}"));
    println!(
        "dirgolem ({}) against cozy-chess, {rounds} alternating rounds; ratio = cozy-chess time / dirgolem time",
        g.backend()
    );
    for (name, fen, depth) in POSITIONS {
        let ours = Position::from_fen(fen).unwrap();
        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
        pair(
            name,
            ("ms", 1e3),
            rounds,
            || g.perft(black_box(&ours), depth),
            || cozy_perft(black_box(&cozy), depth),
        );
    }
    let fens: Vec<&str> = common::list_fens();
    let ours: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let cozy: Vec<cozy_chess::Board> = fens
        .iter()
        .map(|f| cozy_chess::Board::from_fen(f, false).unwrap())
        .collect();
    const PASSES: usize = 20;
    let cozy_moves = || {
        let (mut count, mut sum) = (0usize, 0usize);
        for _ in 0..PASSES {
            for board in &cozy {
                black_box(board).generate_moves(|moves| {
                    for mv in moves {
                        count += 1;
                        sum += mv.to as usize;
                    }
                    false
                });
            }
        }
        black_box(sum);
        count
    };
    // Both sides return the number of moves read, so the check compares move counts.
    pair(
        "lists",
        ("us", 1e6 / PASSES as f64),
        25 * rounds,
        || {
            let (mut count, mut sum) = (0usize, 0usize);
            for _ in 0..PASSES {
                for p in &ours {
                    for m in g.legal_moves(black_box(p)).iter() {
                        count += 1;
                        sum += m.to() as usize;
                    }
                }
            }
            black_box(sum);
            count
        },
        cozy_moves,
    );
    pair(
        "callbacks",
        ("us", 1e6 / PASSES as f64),
        25 * rounds,
        || {
            let (mut count, mut sum) = (0usize, 0usize);
            for _ in 0..PASSES {
                for p in &ours {
                    g.for_each_legal_move(black_box(p), |m| {
                        count += 1;
                        sum += m.to() as usize;
                    });
                }
            }
            black_box(sum);
            count
        },
        cozy_moves,
    );
}
