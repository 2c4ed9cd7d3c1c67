//! The same alpha-beta search written once, generically, over dirgolem and over cozy-chess,
//! timed in alternating rounds (as `peers_paired.rs` does). This is what an engine asks of its
//! move generator at every node: the legal moves, the captures alone in quiescence, the piece
//! on a square for move ordering, making a move (with its hash), the material.
//!
//! Both sides search the same tree node for node: the moves are ordered by a key that depends
//! only on the move and the position (MVV-LVA, then the move's squares), never on generation
//! order, and the benchmark checks that both visit the same number of nodes with the same score.
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench --bench engine_search` (the peer's best
//! build). `PAIRED_ROUNDS` sets the rounds (default 5), `SEARCH_DEPTH` the depth (default 4),
//! `SEARCH_POSITIONS` the number of positions (default 200), `SEARCH_PICK=branchy` the
//! harness's branching pick scan instead of its branch-free one (see `common/search.rs`);
//! `SEARCH_ONLY=dirgolem` or `cozy-chess` runs one side once (for a profiler). dirgolem runs on
//! the detected backend (the `Position` methods an engine calls). The positions come from random games played from
//! the start position with a fixed seed (the same ones every run).

use std::hint::black_box;
use std::time::Instant;

#[path = "common/paired.rs"]
mod paired;
#[path = "common/random_games.rs"]
mod random_games;
#[path = "common/search.rs"]
mod search;

use random_games::random_game_fens;
use search::Searcher;

fn main() {
    // The pick both sides share: the first of the highest keys, 0 for an empty or all-zero
    // list (a wrong pick would still give both sides the same, wrong, tree).
    for (keys, best) in [
        (&[][..], 0),
        (&[5], 0),
        (&[1, 3, 3, 2], 1),
        (&[0, 0], 0),
        (&[7, 1, 9], 2),
    ] {
        let key = |j: usize| keys[j];
        assert_eq!(search::index_of_max(keys.iter().copied()), best, "{keys:?}");
        assert_eq!(
            search::index_of_max_branchy(keys.len(), key),
            best,
            "{keys:?}"
        );
    }
    let rounds = paired::rounds_from_env(5);
    let depth: u32 = env_number("SEARCH_DEPTH", 4);
    let count: usize = env_number("SEARCH_POSITIONS", 200);
    // The harness's pick scan: branch-free (the default) or branching, as first written.
    let branchy = match std::env::var("SEARCH_PICK").as_deref() {
        Err(_) | Ok("branch-free") => false,
        Ok("branchy") => true,
        Ok(other) => panic!("SEARCH_PICK={other}: expected branch-free or branchy"),
    };
    if branchy {
        run::<false>(rounds, depth, count);
    } else {
        run::<true>(rounds, depth, count);
    }
}

/// The benchmark with the pick scan `BRANCH_FREE` selects (see `search::Searcher`).
fn run<const BRANCH_FREE: bool>(rounds: usize, depth: u32, count: usize) {
    let fens = random_game_fens(count, 0x5eed_d15c);
    let ours: Vec<dirgolem::Position> = fens
        .iter()
        .map(|f| dirgolem::Position::from_fen(f).unwrap())
        .collect();
    let theirs: Vec<cozy_chess::Board> = fens
        .iter()
        .map(|f| cozy_chess::Board::from_fen(f, false).unwrap())
        .collect();
    println!(
        "alpha-beta to depth {depth} + quiescence on {count} positions from random games, {rounds} alternating rounds (backend {}, {} pick)",
        dirgolem::Generator::detect().backend(),
        if BRANCH_FREE {
            "branch-free"
        } else {
            "branchy"
        }
    );
    // One side alone, for profilers (callgrind): `SEARCH_ONLY=dirgolem` or `cozy-chess`.
    match std::env::var("SEARCH_ONLY").as_deref() {
        Ok("dirgolem") => return println!("{:?}", search_all::<_, BRANCH_FREE>(&ours, depth)),
        Ok("cozy-chess") => return println!("{:?}", search_all::<_, BRANCH_FREE>(&theirs, depth)),
        _ => {}
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut nodes = 0;
    for _ in 0..rounds {
        let (t, x) = timed(|| search_all::<_, BRANCH_FREE>(&ours, depth));
        let (u, y) = timed(|| search_all::<_, BRANCH_FREE>(&theirs, depth));
        assert_eq!(x, y, "the two searches visited different trees");
        nodes = x.0;
        a.push(t);
        b.push(u);
    }
    let line = paired::against_cozy_chess(&mut a, &mut b, ("ms", 1e3), 8, 1);
    // `a` is sorted now: its fastest time first.
    let mnps = nodes as f64 / a[0] / 1e6;
    println!("search     {line}   {nodes} nodes, {mnps:.2} Mnps dirgolem");
}

/// Searches every position; returns the total nodes and the sum of the scores.
fn search_all<B: search::SearchBoard, const BRANCH_FREE: bool>(
    positions: &[B],
    depth: u32,
) -> (u64, i64) {
    let mut nodes = 0;
    let mut scores = 0;
    for p in positions {
        let mut s = Searcher::<BRANCH_FREE>::default();
        scores += s.search(black_box(p), depth) as i64;
        nodes += s.nodes;
    }
    (nodes, scores)
}

fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = f();
    (start.elapsed().as_secs_f64(), out)
}

fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
