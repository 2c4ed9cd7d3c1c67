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
//! `dirgolem bench`, and the moves of two sets of positions, every move read: `lists` takes
//! dirgolem's `legal_moves()` lists (the measure), `callbacks` its
//! `for_each_legal_move`, `refills` its `fill_legal` into one list kept across positions (an
//! engine's list per ply); cozy-chess hands out its per-piece move sets to a callback in all
//! three. A fourth pair, `lists v list`, times `legal_moves()` against cozy-chess's moves
//! collected into a list that a function returns by value, as `legal_moves()` returns one: the
//! like-for-like pair, shown beside the measure, not in its place.
//!
//! A backend's entry points are compiled with the build's target features as well as their
//! own, so in a native build on a CPU with AVX-512 the avx2 and sse2 backends run AVX-512 code
//! (EVEX ternary logic, 32 registers), which no AVX2 CPU runs: to time them there, add `-C
//! target-feature=-avx512f` (cozy-chess, scalar with BMI2, runs as fast either way;
//! `scripts/speed-bars.sh` does so).
//!
//! The sets: `games`, the representative one, 20,000 distinct positions from seeded random
//! games (`LIST_POSITIONS` sets the number), each visited once per run, as an engine meets
//! positions it has not seen; and `replayed`, the first 1000 positions of
//! `tests/data/standard.epd`, 20 passes per run. Replaying a small set back to back keeps the
//! tables and the branch history of a generator warm, which flatters a branchy, table-driven
//! one. Times are per position. A move-list run is short (milliseconds), so these jobs take
//! 25 times the rounds, spread over seconds like the perft jobs; they run on every vector
//! backend the CPU has, or on `DIRGOLEM_BACKEND` only when it is set. `PAIRED_JOBS=lists` (or
//! `perft`) runs one kind of job only.
//!
//! `REPLAYED_MEN=LOW-HIGH` keeps the replayed set's positions with that many men, to compare
//! the two sides by material (`BENCHMARKS.md`, "Move lists (session 18)").
//!
//! For callgrind, `PAIRED_ONCE=lists`, `callbacks`, `refills`, `cozy` or `cozy-list` (with
//! `PAIRED_SET=games` or `replayed`, `DIRGOLEM_BACKEND` for the backend) makes one pass of that
//! job over the set in `counted_pass` and exits, so that `--toggle-collect='*counted_pass*'`
//! counts the lists alone; the counts divided by the positions it prints are per list (see
//! `BENCHMARKS.md`).

use std::hint::black_box;
use std::time::Instant;

use dirgolem::{Backend, Generator, MoveList, Position};

#[path = "common/peers.rs"]
mod common;
#[path = "common/list_set.rs"]
mod list_set;
#[path = "common/paired.rs"]
mod paired;
#[path = "common/random_games.rs"]
mod random_games;
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
    let line = paired::against_cozy_chess(&mut a, &mut b, unit, 9, 1);
    println!("{name:<18} {line}");
}

fn main() {
    // `cargo bench` passes `--bench`; filters are not supported.
    let rounds = paired::rounds_from_env(9);
    let g = Generator::from_env()
        .unwrap_or_else(|e| panic!("DIRGOLEM_BACKEND or DIRGOLEM_SLIDERS: {e}"));
    let jobs = std::env::var("PAIRED_JOBS").unwrap_or_default();
    if let Ok(job) = std::env::var("PAIRED_ONCE") {
        return once(&g, &job);
    }
    println!(
        "dirgolem against cozy-chess, {rounds} alternating rounds; ratio = cozy-chess time / dirgolem time"
    );
    if jobs != "lists" {
        perft_jobs(&g, rounds);
    }
    if jobs != "perft" {
        let backends: Vec<Backend> = match Backend::from_env() {
            Ok(Some(backend)) => vec![backend],
            _ => Backend::available()
                .into_iter()
                .filter(|&b| b != Backend::Scalar)
                .collect(),
        };
        for set in [games_set(), replayed_set()] {
            println!(
                "move jobs on {}: {} positions, {} passes a run, time per position",
                set.name,
                set.ours.len(),
                set.passes
            );
            for &backend in &backends {
                list_jobs(&Generator::new(backend).unwrap(), &set, rounds);
            }
        }
    }
}

/// The perft jobs, on `g`'s backend.
fn perft_jobs(g: &Generator, rounds: usize) {
    println!("perft on {}", g.backend());
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
}

/// A set of move-list positions, read by both generators, and the passes a run makes over it.
struct ListSet {
    name: &'static str,
    ours: Vec<Position>,
    cozy: Vec<cozy_chess::Board>,
    passes: usize,
}

/// The representative set: distinct positions from random games, visited once a run.
fn games_set() -> ListSet {
    let count = std::env::var("LIST_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let fens = random_games::random_game_fens(count, 0x6a3e_5eed);
    ListSet {
        name: "games",
        ours: fens
            .iter()
            .map(|f| Position::from_fen(f).unwrap())
            .collect(),
        cozy: fens
            .iter()
            .map(|f| cozy_chess::Board::from_fen(f, false).unwrap())
            .collect(),
        passes: 1,
    }
}

/// The small set replayed back to back: the first 1000 positions of `tests/data/standard.epd`.
fn replayed_set() -> ListSet {
    let common::ListPositions { fens, ours, cozy } = common::list_positions();
    assert_eq!(fens.len(), ours.len(), "the replayed set reads every FEN");
    let (ours, cozy) = match std::env::var("REPLAYED_MEN") {
        Ok(range) => with_men(ours, cozy, &range),
        Err(_) => (ours, cozy),
    };
    ListSet {
        name: "replayed",
        ours,
        cozy,
        passes: 20,
    }
}

/// The positions of a set with `LOW-HIGH` men (kings included), both sides' lists alike:
/// `REPLAYED_MEN` cuts the replayed set by material, to see where the time goes.
fn with_men(
    ours: Vec<Position>,
    cozy: Vec<cozy_chess::Board>,
    range: &str,
) -> (Vec<Position>, Vec<cozy_chess::Board>) {
    let bounds = range
        .split_once('-')
        .and_then(|(low, high)| Some((low.parse::<u32>().ok()?, high.parse::<u32>().ok()?)));
    let Some((low, high)) = bounds else {
        panic!("REPLAYED_MEN: {range:?} is not LOW-HIGH, such as 2-8");
    };
    let (ours, cozy): (Vec<_>, Vec<_>) = ours
        .into_iter()
        .zip(cozy)
        .filter(|(p, _)| (low..=high).contains(&p.occupied().len()))
        .unzip();
    eprintln!("REPLAYED_MEN={range}: {} positions", ours.len());
    (ours, cozy)
}

/// The move jobs on `set`, dirgolem on `g`'s backend.
fn list_jobs(g: &Generator, set: &ListSet, rounds: usize) {
    let cozy_moves = || read_all(&set.cozy, set.passes, cozy_read);
    let unit = ("ns", 1e9 / (set.passes * set.ours.len()) as f64);
    let backend = g.backend();
    pair(
        &format!("{backend} lists"),
        unit,
        25 * rounds,
        || read_all(&set.ours, set.passes, |p, read| list_read(g, p, read)),
        cozy_moves,
    );
    pair(
        &format!("{backend} callbacks"),
        unit,
        25 * rounds,
        || read_all(&set.ours, set.passes, |p, read| callback_read(g, p, read)),
        cozy_moves,
    );
    pair(
        &format!("{backend} refills"),
        unit,
        25 * rounds,
        || {
            let mut list = MoveList::new();
            read_all(&set.ours, set.passes, |p, read| {
                refill_read(g, p, &mut list, read)
            })
        },
        cozy_moves,
    );
    pair(
        &format!("{backend} lists v list"),
        unit,
        25 * rounds,
        || read_all(&set.ours, set.passes, |p, read| list_read(g, p, read)),
        || read_all(&set.cozy, set.passes, cozy_list_read),
    );
}

/// dirgolem's `legal_moves()` list of `p`, every move read.
#[inline(always)]
fn list_read(g: &Generator, p: &Position, read: &mut Read) {
    for m in g.legal_moves(p).iter() {
        read.visit(m.to() as usize);
    }
}

/// dirgolem's `for_each_legal_move` on `p`, every move read.
#[inline(always)]
fn callback_read(g: &Generator, p: &Position, read: &mut Read) {
    g.for_each_legal_move(p, |m| read.visit(m.to() as usize))
}

/// dirgolem's `fill_legal` of `p` into `list`, every move read.
#[inline(always)]
fn refill_read(g: &Generator, p: &Position, list: &mut MoveList, read: &mut Read) {
    g.fill_legal(p, list);
    for m in list.iter() {
        read.visit(m.to() as usize);
    }
}

/// cozy-chess's moves of `board`, every move read.
#[inline(always)]
fn cozy_read(board: &cozy_chess::Board, read: &mut Read) {
    board.generate_moves(|moves| {
        moves.into_iter().for_each(|mv| read.visit(mv.to as usize));
        false
    });
}

/// cozy-chess's moves of `board` in a list returned by value ([`cozy_list`]), every move read.
#[inline(always)]
fn cozy_list_read(board: &cozy_chess::Board, read: &mut Read) {
    let list = cozy_list(board);
    for mv in &list.moves[..list.len] {
        read.visit(mv.to as usize);
    }
}

/// A fixed-capacity list of cozy-chess's moves, as `MoveList` is of dirgolem's.
struct CozyList {
    moves: [cozy_chess::Move; 256],
    len: usize,
}

/// cozy-chess's moves of `board` collected into a list and returned by value, the way
/// `legal_moves()` returns dirgolem's. Kept out of line, as a library's list function is to its
/// caller (dirgolem's is out of line in this bench too); inlined, the compiler could read the
/// moves where they are made and drop the list.
#[inline(never)]
fn cozy_list(board: &cozy_chess::Board) -> CozyList {
    let stand_in = cozy_chess::Move {
        from: cozy_chess::Square::A1,
        to: cozy_chess::Square::A1,
        promotion: None,
    };
    let mut list = CozyList {
        moves: [stand_in; 256],
        len: 0,
    };
    board.generate_moves(|moves| {
        for mv in moves {
            if let Some(slot) = list.moves.get_mut(list.len) {
                *slot = mv;
                list.len += 1;
            }
        }
        false
    });
    list
}

/// One pass of move job `job` (`lists`, `callbacks`, `refills`, `cozy` or `cozy-list`) over the
/// set `PAIRED_SET` (`games`, the default, or `replayed`), for callgrind: the pass alone is
/// `counted_pass`.
fn once(g: &Generator, job: &str) {
    let set = match std::env::var("PAIRED_SET").as_deref() {
        Ok("replayed") => replayed_set(),
        Ok("games") | Err(_) => games_set(),
        Ok(other) => panic!("PAIRED_SET: no set {other:?} (games, replayed)"),
    };
    let moves = match job {
        "lists" => counted_pass(&set.ours, |p, read| list_read(g, p, read)),
        "callbacks" => counted_pass(&set.ours, |p, read| callback_read(g, p, read)),
        "refills" => {
            let mut list = MoveList::new();
            counted_pass(&set.ours, |p, read| refill_read(g, p, &mut list, read))
        }
        "cozy" => counted_pass(&set.cozy, cozy_read),
        "cozy-list" => counted_pass(&set.cozy, cozy_list_read),
        other => {
            panic!("PAIRED_ONCE: no job {other:?} (lists, callbacks, refills, cozy, cozy-list)")
        }
    };
    println!(
        "{job} on {} ({}): {} positions, {moves} moves, one pass in counted_pass",
        set.name,
        g.backend(),
        set.ours.len()
    );
}

/// One pass of `moves_of` over `positions`, kept out of line for callgrind's
/// `--toggle-collect`.
#[inline(never)]
fn counted_pass<P>(positions: &[P], moves_of: impl FnMut(&P, &mut Read)) -> usize {
    read_all(positions, 1, moves_of)
}

/// Runs `moves_of` on every position (through `black_box`), `passes` times, and returns the
/// number of moves it read.
fn read_all<P>(positions: &[P], passes: usize, mut moves_of: impl FnMut(&P, &mut Read)) -> usize {
    let mut read = Read::default();
    for _ in 0..passes {
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
