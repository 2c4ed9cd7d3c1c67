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
#[path = "common/list_set.rs"]
mod list_set;
#[path = "common/paired.rs"]
mod paired;
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
    let (a_min, a_med) = paired::fastest_and_median(&mut a);
    let (b_min, b_med) = paired::fastest_and_median(&mut b);
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

fn main() {
    // `cargo bench` passes `--bench`; filters are not supported.
    let rounds = paired::rounds_from_env(9);
    let g = Generator::from_env().unwrap_or_else(|e| panic!("DIRGOLEM_BACKEND: {e}"));
    println!(
        "dirgolem ({}) against cozy-chess, {rounds} alternating rounds; ratio = cozy-chess time / dirgolem time",
        g.backend()
    );
    for p in &POSITIONS {
        let (name, fen, depth) = (p.name, p.fen, p.depth);
        let ours = Position::from_fen(fen).unwrap();
        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
        assert_eq!(cozy_perft(&cozy, depth), p.nodes, "cozy-chess on {name}");
        assert_eq!(g.perft(&ours, depth), p.nodes, "dirgolem on {name}");
        pair(
            name,
            ("ms", 1e3),
            rounds,
            || g.perft(black_box(&ours), depth),
            || cozy_perft(black_box(&cozy), depth),
        );
    }
    let common::ListPositions { fens, ours, cozy } = common::list_positions();
    println!(
        "move jobs: the first {} positions of tests/data/standard.epd, {PASSES} passes a run, time per pass",
        fens.len()
    );
    let cozy_moves = || {
        read_all(&cozy, |board, read| {
            board.generate_moves(|moves| {
                moves.into_iter().for_each(|mv| read.visit(mv.to as usize));
                false
            });
        })
    };
    let unit = ("us", 1e6 / PASSES as f64);
    pair(
        "lists",
        unit,
        25 * rounds,
        || {
            read_all(&ours, |p, read| {
                for m in g.legal_moves(p).iter() {
                    read.visit(m.to() as usize);
                }
            })
        },
        cozy_moves,
    );
    pair(
        "callbacks",
        unit,
        25 * rounds,
        || {
            read_all(&ours, |p, read| {
                g.for_each_legal_move(p, |m| read.visit(m.to() as usize))
            })
        },
        cozy_moves,
    );
}

/// Passes over the move-list positions in a move job.
const PASSES: usize = 20;

/// Runs `moves_of` on every position (through `black_box`), `PASSES` times, and returns the
/// number of moves it read.
fn read_all<P>(positions: &[P], mut moves_of: impl FnMut(&P, &mut Read)) -> usize {
    let mut read = Read::default();
    for _ in 0..PASSES {
        for p in positions {
            moves_of(black_box(p), &mut read);
        }
    }
    read.finish()
}

/// The moves read in a move job: their number and the sum of their target squares (so that
/// every move is really read). Each side returns the number, so the check compares move counts.
#[derive(Default)]
struct Read {
    count: usize,
    sum: usize,
}

impl Read {
    #[inline(always)]
    fn visit(&mut self, to: usize) {
        self.count += 1;
        self.sum += to;
    }

    fn finish(self) -> usize {
        black_box(self.sum);
        self.count
    }
}
