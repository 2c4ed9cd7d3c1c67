//! The backends in alternating rounds: each round times one run of every backend this CPU
//! runs on the same job, back to back (starting with a different backend each round), and
//! reports the fastest and the median run of each. `backends.rs` (criterion) measures one
//! backend for seconds and then the next, so on a shared machine a burst of load can land on
//! one backend and reorder neighbours that are close; here all meet the same load.
//!
//! `cargo bench --bench backends_paired` (the shipped build: no `target-cpu` flags);
//! `PAIRED_ROUNDS` sets the rounds (default 15; the move-list job takes 10 times as many).
//! Jobs: bulk-counted perft from the start position (depth 5) and Kiwipete (depth 4), and the
//! `legal_moves()` lists of the first 1000 positions of `tests/data/standard.epd`, every move
//! read (the set of `backends.rs` and `peers.rs`).

use std::hint::black_box;
use std::time::Instant;

use dirgolem::{Backend, Generator, Position};

#[path = "common/list_set.rs"]
mod list_set;
#[path = "common/paired.rs"]
mod paired;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Times `job` on every generator in turn for `rounds` rounds, checks that all return the
/// same, and prints each backend's fastest and median time and its speed relative to the
/// first (scalar) backend's.
fn rounds<T: PartialEq + std::fmt::Debug>(
    name: &str,
    unit: (&str, f64),
    rounds: usize,
    generators: &[Generator],
    job: impl Fn(&Generator) -> T,
) {
    let mut times = vec![Vec::new(); generators.len()];
    for round in 0..rounds {
        let mut first = None;
        for k in 0..generators.len() {
            let i = (round + k) % generators.len();
            let start = Instant::now();
            let out = job(&generators[i]);
            times[i].push(start.elapsed().as_secs_f64());
            match &first {
                None => first = Some(out),
                Some(expected) => assert_eq!(&out, expected, "{name}: backends disagree"),
            }
        }
    }
    let (label, scale) = unit;
    println!("{name}");
    let mut reference = None;
    for (g, t) in generators.iter().zip(&mut times) {
        let (fastest, median) = paired::fastest_and_median(t);
        let (ref_fastest, ref_median) = *reference.get_or_insert((fastest, median));
        println!(
            "  {:<7} fastest {:>9.1} {label}  median {:>9.1} {label}   speed vs {} {:.2} (medians {:.2})",
            g.backend().name(),
            fastest * scale,
            median * scale,
            generators[0].backend().name(),
            ref_fastest / fastest,
            ref_median / median,
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; filters are not supported.
    let count = paired::rounds_from_env(15);
    let generators: Vec<Generator> = Backend::available()
        .into_iter()
        .map(|b| Generator::new(b).unwrap())
        .collect();
    println!(
        "{} backends, {count} rounds (move lists {}), each round every backend once",
        generators.len(),
        10 * count
    );
    let start = Position::startpos();
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();
    rounds(
        "perft, start position, depth 5",
        ("ms", 1e3),
        count,
        &generators,
        |g| g.perft(black_box(&start), 5),
    );
    rounds(
        "perft, Kiwipete, depth 4",
        ("ms", 1e3),
        count,
        &generators,
        |g| g.perft(black_box(&kiwipete), 4),
    );
    let positions = list_set::list_positions();
    rounds(
        "legal_moves() of the first 1000 positions of standard.epd, every move read",
        ("us", 1e6),
        10 * count,
        &generators,
        |g| {
            let (mut moves, mut sum) = (0usize, 0usize);
            for p in &positions {
                for m in g.legal_moves(black_box(p)).iter() {
                    moves += 1;
                    sum += m.to() as usize;
                }
            }
            black_box(sum);
            moves
        },
    );
}
