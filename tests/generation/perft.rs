//! perft against the published suites of `tests/data` (format: `PERFT-README.md`).
//!
//! Each test runs the `(depth, nodes)` pairs of one file within a node budget, reports every
//! mismatch (FEN, depth, expected, got), and checks that it ran exactly the number of pairs the
//! budget selects, counted from the data by hand, so that a test cannot pass by running nothing.

use crate::common;

use std::collections::HashSet;
use std::fmt::Write as _;

use common::epd::{self, EpdLine};
use common::{Suite, positions};
use dirgolem::{Move, ParseOptions, Position, divide, perft};

/// The outcome of running part of a suite file.
#[derive(Debug, Default)]
struct Run {
    /// `(position, depth)` pairs computed and compared.
    checked: usize,
    /// Pairs left out by the selection.
    skipped: usize,
    /// One line per problem.
    mismatches: Vec<String>,
}

/// Runs `perft` for every pair of `suite` that `select(depth, nodes)` keeps.
/// Each pair runs on every backend this CPU has; `checked` counts pairs, not runs.
fn run_suite(suite: Suite, select: impl Fn(u32, u64) -> bool) -> Run {
    let generators = common::generators();
    let mut run = Run::default();
    for EpdLine {
        line_no,
        fen,
        counts,
    } in epd::load(suite.file)
    {
        let pos = match Position::from_fen_with(&fen, suite.options) {
            Ok(pos) => pos,
            Err(e) => {
                run.mismatches
                    .push(format!("{}:{line_no}: {fen}: FEN refused: {e}", suite.file));
                continue;
            }
        };
        for (depth, expected) in counts {
            if !select(depth, expected) {
                run.skipped += 1;
                continue;
            }
            run.checked += 1;
            for generator in &generators {
                let got = generator.perft(&pos, depth);
                if got != expected {
                    run.mismatches.push(format!(
                        "{}:{line_no}: {fen}: depth {depth}: expected {expected}, got {got} on {}",
                        suite.file,
                        generator.backend()
                    ));
                }
            }
        }
    }
    run
}

/// Fails with every mismatch, or if the number of pairs run is not `expected_checked`.
fn assert_run(name: &str, run: Run, expected_checked: usize) {
    if !run.mismatches.is_empty() {
        let mut msg = format!(
            "{name}: {} of {} pairs wrong:\n",
            run.mismatches.len(),
            run.checked
        );
        for m in &run.mismatches {
            writeln!(msg, "  {m}").unwrap();
        }
        panic!("{msg}");
    }
    assert_eq!(
        run.checked, expected_checked,
        "{name}: ran {} (position, depth) pairs (skipped {}), expected {expected_checked}",
        run.checked, run.skipped
    );
}

const STANDARD: ParseOptions = ParseOptions::standard();

fn suite(file: &'static str, options: ParseOptions) -> Suite {
    Suite { file, options }
}

/// Node budget of the quick tests (every count up to it is run). A tenth of it in an
/// unoptimized build (plain `cargo test`), where perft on every backend runs tens of times
/// slower: the Chess960 suite alone took ten minutes there within the release budget.
const QUICK_BUDGET: u64 = if cfg!(debug_assertions) {
    200_000
} else {
    2_000_000
};

/// The number of pairs a quick test runs: `release` within the release budget, `debug`
/// within the unoptimized build's.
const fn quick(release: usize, debug: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

// The expected pair counts below were counted from the files (with awk, and again with a
// script for the unoptimized build's budget): the number of `;D<depth> <nodes>` entries with
// nodes within the budget (and depth within the limit).

#[test]
fn cpw_up_to_2m_nodes() {
    assert_run(
        "cpw",
        run_suite(suite("cpw.epd", STANDARD), |_, n| n <= QUICK_BUDGET),
        quick(26, 23),
    );
}

#[test]
fn perftsuite_up_to_2m_nodes() {
    assert_run(
        "perftsuite",
        run_suite(suite("perftsuite.epd", STANDARD), |_, n| n <= QUICK_BUDGET),
        quick(674, 620),
    );
}

#[test]
fn tricky_up_to_2m_nodes() {
    assert_run(
        "tricky",
        run_suite(suite("tricky.epd", STANDARD), |_, n| n <= QUICK_BUDGET),
        quick(105, 78),
    );
}

#[test]
fn terminal_positions_have_no_moves() {
    // Every line is `;D1 0`: nine checkmates and stalemates.
    assert_run(
        "terminal",
        run_suite(suite("terminal.epd", STANDARD), |_, n| n <= QUICK_BUDGET),
        9,
    );
}

#[test]
fn marcel_random_to_depth_3() {
    // 6752 positions, each with D1 to D6 (to D2 only unoptimized, where D3 took two minutes).
    let depth = quick(3, 2);
    assert_run(
        "marcel-random",
        run_suite(suite("marcel-random.epd", STANDARD), |d, _| {
            d as usize <= depth
        }),
        depth * 6752,
    );
}

#[test]
fn relaxed_up_to_2m_nodes() {
    assert_run(
        "relaxed",
        run_suite(suite("relaxed.epd", ParseOptions::relaxed()), |_, n| {
            n <= QUICK_BUDGET
        }),
        quick(32, 31),
    );
}

#[test]
fn chess960_up_to_2m_nodes() {
    // 966 positions: every D1 to D3, 963 of the 965 D4 and 4 D5 counts (unoptimized: every D1
    // to D3 and 19 D4 counts).
    let run = run_suite(suite("chess960.epd", ParseOptions::chess960()), |_, n| {
        n <= QUICK_BUDGET
    });
    assert_run("chess960", run, quick(3865, 2917));
}

#[test]
fn chess960_relaxed_up_to_2m_nodes() {
    let options = ParseOptions::chess960().with_relaxed(true);
    assert_run(
        "chess960-relaxed",
        run_suite(suite("chess960-relaxed.epd", options), |_, n| {
            n <= QUICK_BUDGET
        }),
        quick(8, 7),
    );
}

/// Budget of the deep CPW test: 14 pairs above the quick budget, 2.2 * 10^9 nodes in all (the
/// largest are position 4's D6 and its mirror, 706,045,033 each); about 15 s in release on one
/// core of the development machine.
const CPW_DEEP_BUDGET: u64 = 1_000_000_000;

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "2.2 billion nodes on every backend: `cargo test --release` runs it"
)]
fn cpw_deep() {
    let run = run_suite(suite("cpw.epd", STANDARD), |_, n| {
        n > QUICK_BUDGET && n <= CPW_DEEP_BUDGET
    });
    assert_run("cpw deep", run, 14);
}

/// Budget of the deep perftsuite and tricky test: about 35 s in release on one core
/// (3.7 * 10^9 + 0.14 * 10^9 nodes).
const SUITE_DEEP_BUDGET: u64 = 200_000_000;

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "3.8 billion nodes on every backend: `cargo test --release` runs it"
)]
fn perftsuite_and_tricky_deep() {
    let select = |_, n| n > QUICK_BUDGET && n <= SUITE_DEEP_BUDGET;
    let mut run = run_suite(suite("perftsuite.epd", STANDARD), select);
    let tricky = run_suite(suite("tricky.epd", STANDARD), select);
    run.checked += tricky.checked;
    run.skipped += tricky.skipped;
    run.mismatches.extend(tricky.mismatches);
    assert_run("perftsuite + tricky deep", run, 67 + 5);
}

/// Checks `divide` at `depth` against the expected `nodes`: the entries sum to it, every entry
/// is a distinct legal move, every legal move has an entry, and each entry's count is perft of
/// the position after that move (made with the checked `play`).
fn check_divide(
    fen: &str,
    pos: &Position,
    depth: u32,
    nodes: Option<u64>,
    problems: &mut Vec<String>,
) {
    let split = divide(pos, depth);
    let sum: u64 = split.iter().map(|&(_, n)| n).sum();
    if let Some(nodes) = nodes.filter(|&n| n != sum) {
        problems.push(format!(
            "{fen}: depth {depth}: divide sums to {sum}, expected {nodes}"
        ));
    }
    if sum != perft(pos, depth) {
        problems.push(format!(
            "{fen}: depth {depth}: divide sums to {sum}, perft says {}",
            perft(pos, depth)
        ));
    }
    let moves: HashSet<Move> = split.iter().map(|&(m, _)| m).collect();
    // Not `legal_moves()`: relaxed positions may have more moves than a `MoveList` holds.
    let mut legal = HashSet::new();
    pos.for_each_legal_move(|m| {
        legal.insert(m);
    });
    if moves.len() != split.len() {
        problems.push(format!("{fen}: depth {depth}: divide lists a move twice"));
    }
    if moves != legal {
        let extra: Vec<_> = moves.difference(&legal).collect();
        let missing: Vec<_> = legal.difference(&moves).collect();
        problems.push(format!(
            "{fen}: depth {depth}: divide has extra moves {extra:?}, lacks {missing:?}"
        ));
    }
    for &(m, n) in &split {
        match pos.play(m) {
            Ok(child) => {
                let got = perft(&child, depth - 1);
                if got != n {
                    problems.push(format!(
                        "{fen}: depth {depth}: divide gives {m:?} {n}, perft of the child {got}"
                    ));
                }
            }
            Err(e) => problems.push(format!(
                "{fen}: depth {depth}: divide move {m:?} refused by play: {e}"
            )),
        }
    }
}

/// Node budget of the divide checks (per position, the deepest count within it).
const DIVIDE_BUDGET: u64 = 200_000;

/// Runs [`check_divide`] on each position of `suites` at its deepest count within the budget
/// (at depth 2 against perft alone for lines whose counts are all above it); returns the number
/// of positions checked.
fn divide_suites(suites: &[Suite], problems: &mut Vec<String>) -> usize {
    let mut checked = 0;
    for &suite in suites {
        for (line, (fen, pos)) in epd::load(suite.file).into_iter().zip(positions(suite)) {
            let deepest = line
                .counts
                .iter()
                .rev()
                .find(|&&(d, n)| d >= 1 && n <= DIVIDE_BUDGET);
            match deepest {
                Some(&(depth, nodes)) => check_divide(&fen, &pos, depth, Some(nodes), problems),
                None => check_divide(&fen, &pos, 2, None, problems),
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn divide_matches_perft() {
    let mut problems = Vec::new();
    let suites = [
        suite("cpw.epd", STANDARD),
        suite("perftsuite.epd", STANDARD),
        suite("tricky.epd", STANDARD),
        suite("terminal.epd", STANDARD),
        suite("relaxed.epd", ParseOptions::relaxed()),
    ];
    let checked = divide_suites(&suites, &mut problems);
    assert!(
        problems.is_empty(),
        "{} divide problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Every line of the five files (29 tricky lines list only counts above the budget).
    assert_eq!(
        checked,
        7 + 124 + 80 + 9 + 11,
        "positions checked by divide"
    );
}

#[test]
fn divide_matches_perft_chess960() {
    let mut problems = Vec::new();
    let suites = [
        suite("chess960.epd", ParseOptions::chess960()),
        suite(
            "chess960-relaxed.epd",
            ParseOptions::chess960().with_relaxed(true),
        ),
    ];
    let checked = divide_suites(&suites, &mut problems);
    assert!(
        problems.is_empty(),
        "{} divide problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert_eq!(checked, 966 + 2, "positions checked by divide");
}

#[test]
fn divide_at_depth_zero_is_empty() {
    assert!(divide(&Position::startpos(), 0).is_empty());
    assert_eq!(perft(&Position::startpos(), 0), 1);
}

#[test]
fn epd_parser_reads_and_refuses() {
    let line = epd::parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D3 27", 1).unwrap();
    assert_eq!(line.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
    assert_eq!(line.counts, vec![(1, 3), (3, 27)]);
    for bad in [
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1",
        "8/8/8/8/8/8/8/K6k w - - 0 1 ;1 3",
        "8/8/8/8/8/8/8/K6k w - - 0 1 ;Dx 3",
        "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 -3",
        "8/8/8/8/8/8/8/K6k w - - 0 1 ;D2 3 ;D1 3",
        "8/8/8/8/8/8/8/K6k w - - ;D1 3",
    ] {
        assert!(epd::parse_line(bad, 1).is_err(), "accepted {bad:?}");
    }
}

/// perft where a position has more legal moves than a `MoveList` holds (relaxed: too much
/// material): the last-ply batches must see every move. The expected counts come from
/// `for_each_legal_move` (one move at a time when a list cannot hold them all) and
/// `count_legal`, which use no list.
#[test]
fn perft_counts_every_move_of_a_position_with_more_than_a_list_holds() {
    let fen = "kBQQQQQQ/BR5Q/Q1p4Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
    let position = Position::from_fen_with(fen, ParseOptions::relaxed()).unwrap();
    let children = |p: &Position| {
        let mut all = Vec::new();
        p.for_each_legal_move(|m| all.push(p.play_unchecked(m)));
        all
    };
    let first = children(&position);
    assert_eq!(first.len(), 258);
    let depth_2: u64 = first.iter().map(|c| c.count_legal() as u64).sum();
    let depth_3: u64 = first
        .iter()
        .flat_map(children)
        .map(|g| g.count_legal() as u64)
        .sum();
    assert!(depth_2 > 0 && depth_3 > depth_2);
    for generator in common::generators() {
        let name = generator.backend();
        assert_eq!(generator.perft(&position, 2), depth_2, "depth 2 on {name}");
        assert_eq!(generator.perft(&position, 3), depth_3, "depth 3 on {name}");
    }
}
