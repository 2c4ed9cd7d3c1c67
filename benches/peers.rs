//! dirgolem against its peers, in one run: cozy-chess 0.3 and jordanbray's chess 3.2 on the
//! same positions, in the same criterion groups, so the ratios come from one run.
//!
//! - `peers_perft`: bulk-counted perft (the last ply counted without making moves; every
//!   generator counts its own way) on the five CPW positions at the depths of the speed issue
//!   and `dirgolem bench`.
//! - `peers_lists`: full move lists, what an engine uses: each generator builds its list of
//!   legal moves for each of the first 1000 positions of `tests/data/standard.epd` (the CPW
//!   positions, perftsuite, the tricky and terminal positions, then openings and middlegames
//!   from Marcel van Kervinck's random play), and every move's target square is summed so the
//!   whole list is read (cozy-chess expands its per-piece move sets by iterating them). The
//!   move counts are checked to agree before timing. `dirgolem-…-callbacks` takes the same
//!   moves from `for_each_legal_move` instead of a returned list (cozy-chess's way).
//!
//! Run it with the peers' best build: `RUSTFLAGS="-C target-cpu=native" cargo bench --bench
//! peers` (cozy-chess loses much without hardware popcount); dirgolem dispatches at run time
//! and runs the same code in either build. `DIRGOLEM_BACKEND` picks dirgolem's backend.

use std::hint::black_box;
use std::str::FromStr;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dirgolem::{Generator, Position};

#[path = "common/peers.rs"]
mod common;
#[path = "common/list_set.rs"]
mod list_set;
use common::{POSITIONS, cozy_perft};

fn generator() -> Generator {
    Generator::from_env().unwrap_or_else(|e| panic!("DIRGOLEM_BACKEND or DIRGOLEM_SLIDERS: {e}"))
}

fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .map(|mv| chess_perft(&board.make_move_new(mv), depth - 1))
        .sum()
}

fn perft(c: &mut Criterion) {
    let g = generator();
    let mut group = c.benchmark_group("peers_perft");
    group.sample_size(10);
    for p in &POSITIONS {
        let (name, fen, depth) = (p.name, p.fen, p.depth);
        let ours = Position::from_fen(fen).unwrap();
        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
        let theirs = chess::Board::from_str(fen).unwrap();
        let nodes = g.perft(&ours, depth);
        assert_eq!(
            nodes, p.nodes,
            "dirgolem disagrees with the published count on {name}"
        );
        assert_eq!(
            cozy_perft(&cozy, depth),
            nodes,
            "cozy-chess disagrees on {name}"
        );
        assert_eq!(
            chess_perft(&theirs, depth),
            nodes,
            "chess disagrees on {name}"
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(
            BenchmarkId::new(name, format!("dirgolem-{}", g.backend())),
            |b| b.iter(|| g.perft(black_box(&ours), depth)),
        );
        group.bench_function(BenchmarkId::new(name, "cozy-chess"), |b| {
            b.iter(|| cozy_perft(black_box(&cozy), depth))
        });
        group.bench_function(BenchmarkId::new(name, "chess"), |b| {
            b.iter(|| chess_perft(black_box(&theirs), depth))
        });
    }
    group.finish();
}

fn lists(c: &mut Criterion) {
    let common::ListPositions { fens, ours, cozy } = common::list_positions();
    let theirs: Vec<chess::Board> = fens
        .iter()
        .map(|f| chess::Board::from_str(f).unwrap())
        .collect();
    let g = generator();
    let ours_sum = || {
        let mut sum = 0usize;
        for p in &ours {
            for m in g.legal_moves(black_box(p)).iter() {
                sum += m.to() as usize;
            }
        }
        sum
    };
    let ours_each_sum = || {
        let mut sum = 0usize;
        for p in &ours {
            g.for_each_legal_move(black_box(p), |m| sum += m.to() as usize);
        }
        sum
    };
    let cozy_sum = || {
        let mut sum = 0usize;
        for board in &cozy {
            black_box(board).generate_moves(|moves| {
                for mv in moves {
                    sum += mv.to as usize;
                }
                false
            });
        }
        sum
    };
    let chess_sum = || {
        let mut sum = 0usize;
        for board in &theirs {
            for mv in chess::MoveGen::new_legal(black_box(board)) {
                sum += mv.get_dest().to_index();
            }
        }
        sum
    };
    // First, every generator must find the same number of moves in every position (the sums
    // differ: dirgolem writes castling as king takes rook, the peers as the king's move).
    let counts = |n: &dyn Fn(usize) -> usize| (0..fens.len()).map(n).collect::<Vec<_>>();
    let ours_counts = counts(&|i| g.legal_moves(&ours[i]).len());
    assert_eq!(
        counts(&|i| {
            let mut n = 0;
            cozy[i].generate_moves(|moves| {
                n += moves.len();
                false
            });
            n
        }),
        ours_counts,
        "cozy-chess disagrees on a move count"
    );
    assert_eq!(
        counts(&|i| chess::MoveGen::new_legal(&theirs[i]).len()),
        ours_counts,
        "chess disagrees on a move count"
    );
    let mut group = c.benchmark_group("peers_lists");
    group.throughput(Throughput::Elements(fens.len() as u64));
    group.bench_function(format!("dirgolem-{}", g.backend()), |b| b.iter(ours_sum));
    group.bench_function(format!("dirgolem-{}-callbacks", g.backend()), |b| {
        b.iter(ours_each_sum)
    });
    group.bench_function("cozy-chess", |b| b.iter(cozy_sum));
    group.bench_function("chess", |b| b.iter(chess_sum));
    group.finish();
}

criterion_group!(benches, perft, lists);
criterion_main!(benches);
