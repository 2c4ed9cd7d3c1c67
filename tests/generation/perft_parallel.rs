//! The parallel perft and divide against the single-threaded ones: the same counts for every
//! thread count, on the CPW positions, positions with few root moves, checkmates, stalemates and
//! positions with more moves than a move list holds; and the published counts where they are
//! cheap.

use crate::common;

use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use common::{ALL_SUITES, Suite, epd, positions};
use dirgolem::{Generator, Move, Position, Progress, divide_each, divide_parallel_each};

const THREADS: [usize; 4] = [1, 2, 3, 8];

fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

fn split_parallel(
    generator: &Generator,
    position: &Position,
    depth: u32,
    n: usize,
) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    let flow: ControlFlow<()> =
        divide_parallel_each(generator, position, depth, threads(n), |m, c| {
            out.push((m, c));
            ControlFlow::Continue(())
        });
    assert_eq!(flow, ControlFlow::Continue(()));
    out
}

fn split_single(generator: &Generator, position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    let _: ControlFlow<()> = divide_each(generator, position, depth, |m, c| {
        out.push((m, c));
        ControlFlow::Continue(())
    });
    out
}

/// Depths 0 to 3 of every position of the small suite files (the CPW positions, tricky and
/// terminal positions, relaxed ones with more moves than a move list holds, the two-rook
/// Chess960 ones), perft and divide, for each thread count: the same as the single-threaded
/// count (depth 3 makes the split cut below the root for 3 and 8 threads on most positions).
#[test]
fn parallel_counts_equal_the_single_threaded_ones_on_the_small_suites() {
    let generator = Generator::detect();
    let small = [
        "cpw.epd",
        "tricky.epd",
        "terminal.epd",
        "relaxed.epd",
        "chess960-relaxed.epd",
    ];
    for suite in ALL_SUITES.into_iter().filter(|s| small.contains(&s.file)) {
        for (fen, position) in positions(suite) {
            for depth in 0..=3 {
                let single = generator.perft(&position, depth);
                let single_split = split_single(&generator, &position, depth);
                for n in THREADS {
                    assert_eq!(
                        generator.perft_parallel(&position, depth, threads(n)),
                        single,
                        "{}: {fen} depth {depth}, {n} threads",
                        suite.file
                    );
                    assert_eq!(
                        split_parallel(&generator, &position, depth, n),
                        single_split,
                        "{}: {fen} divide {depth}, {n} threads",
                        suite.file
                    );
                }
            }
        }
    }
}

/// The published counts of cpw.epd, tricky.epd and terminal.epd up to a million leaves, each
/// on every thread count: deep enough for the split to go two and three plies below the root.
#[test]
fn parallel_counts_match_the_published_ones() {
    let generator = Generator::detect();
    // Smaller counts in a debug build (CI's run with overflow checks, there to show that the
    // calls work); release builds have the volume.
    let most_nodes = if cfg!(debug_assertions) {
        200_000
    } else {
        1_000_000
    };
    for file in ["cpw.epd", "tricky.epd", "terminal.epd"] {
        let suite = ALL_SUITES.iter().find(|s| s.file == file).copied();
        let Suite { options, .. } = suite.unwrap();
        for line in epd::load(file) {
            let position = Position::from_fen_with(&line.fen, options).unwrap();
            for &(depth, nodes) in &line.counts {
                if nodes > most_nodes {
                    continue;
                }
                for n in THREADS {
                    assert_eq!(
                        generator.perft_parallel(&position, depth, threads(n)),
                        nodes,
                        "{file}:{} depth {depth}, {n} threads",
                        line.line_no
                    );
                }
            }
        }
    }
}

/// One root move (a lone king with one square) and checkmate/stalemate roots: the split has
/// to go below the root or has nothing to split at all.
#[test]
fn few_or_no_root_moves() {
    let generator = Generator::detect();
    let cases = [
        // One legal move (Kg1).
        "8/8/8/8/8/5q1k/8/7K w - - 0 1",
        // Checkmate (fool's mate) and stalemate.
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        // Two root moves.
        "k7/8/8/8/8/5q2/8/7K w - - 0 1",
    ];
    let mut root_moves = Vec::new();
    for fen in cases {
        let position = Position::from_fen(fen).unwrap();
        root_moves.push(generator.count_legal(&position));
        for depth in 0..=5 {
            let single = generator.perft(&position, depth);
            for n in THREADS {
                assert_eq!(
                    generator.perft_parallel(&position, depth, threads(n)),
                    single,
                    "{fen} depth {depth}, {n} threads"
                );
                assert_eq!(
                    split_parallel(&generator, &position, depth, n),
                    split_single(&generator, &position, depth),
                    "{fen} divide {depth}, {n} threads"
                );
            }
        }
    }
    assert_eq!(root_moves, [1, 0, 0, 2]);
}

/// Every backend splits and counts the same.
#[test]
fn every_backend_gives_the_same_parallel_count() {
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    for generator in common::generators() {
        assert_eq!(
            generator.perft_parallel(&kiwipete, 4, threads(3)),
            4_085_603,
            "{}",
            generator.backend()
        );
    }
}

/// The progress reports count up to the whole tree, one subtree at a time, and the roots done
/// reach every root move.
#[test]
fn progress_counts_up_to_the_whole_tree() {
    let generator = Generator::detect();
    let start = Position::startpos();
    let mut reports: Vec<Progress> = Vec::new();
    let nodes = generator.perft_parallel_with_progress(&start, 5, threads(2), |p| reports.push(p));
    assert_eq!(nodes, 4_865_609);
    let last = *reports.last().unwrap();
    assert_eq!((last.roots, last.roots_done, last.nodes), (20, 20, nodes));
    assert_eq!(reports.len(), last.subtrees);
    for (i, pair) in reports.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        assert_eq!(b.subtrees_done, a.subtrees_done + 1, "report {i}");
        assert!(
            b.nodes >= a.nodes && b.roots_done >= a.roots_done,
            "report {i}"
        );
        assert!(
            b.roots_done <= b.roots && b.subtrees == a.subtrees,
            "report {i}"
        );
    }
    // No report at depth 0.
    let mut called = false;
    assert_eq!(
        generator.perft_parallel_with_progress(&start, 0, threads(2), |_| called = true),
        1
    );
    assert!(!called);
}

/// A break from the callback ends the divide with that value and no further calls.
#[test]
fn divide_stops_when_the_callback_breaks() {
    let generator = Generator::detect();
    let start = Position::startpos();
    let mut seen = Vec::new();
    let flow = divide_parallel_each(&generator, &start, 4, threads(2), |m, n| {
        seen.push((m, n));
        if seen.len() == 3 {
            ControlFlow::Break("enough")
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(flow, ControlFlow::Break("enough"));
    assert_eq!(seen[..], split_single(&generator, &start, 4)[..3]);
}
