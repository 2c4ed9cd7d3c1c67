//! `dirgolem bench`: bulk-counted perft on the five CPW positions, per backend, in Mnps, for
//! comparing CPUs and separately built programs. Every count is checked against the published
//! one, so a fast wrong answer cannot pass as a result.

use std::time::Instant;

use dirgolem::{Generator, Position};

/// A benchmark position: name, FEN, depth, the published leaf count at that depth.
pub struct BenchPosition {
    /// Short name.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// Full depth.
    pub depth: u32,
    /// Leaves at `depth`.
    pub nodes: u64,
    /// Leaves at `depth - 1` (for `--quick`).
    pub nodes_quick: u64,
}

/// The five CPW positions at the depths of the speed issue.
pub const POSITIONS: [BenchPosition; 5] = [
    BenchPosition {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        nodes: 119_060_324,
        nodes_quick: 4_865_609,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 5,
        nodes: 193_690_690,
        nodes_quick: 4_085_603,
    },
    BenchPosition {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 7,
        nodes: 178_633_661,
        nodes_quick: 11_030_083,
    },
    BenchPosition {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
        nodes_quick: 422_333,
    },
    BenchPosition {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 5,
        nodes: 89_941_194,
        nodes_quick: 2_103_487,
    },
];

/// One measured line: `backend position depth nodes seconds Mnps`.
pub struct Measurement {
    /// The line's text.
    pub line: String,
    /// Whether the count matched the published one.
    pub correct: bool,
    /// Nodes counted.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// Runs one position on one generator (one ply shallower with `quick`).
pub fn measure(generator: &Generator, p: &BenchPosition, quick: bool) -> Measurement {
    let position = Position::from_fen(p.fen).expect("the benchmark FENs are valid");
    let (depth, expected) = if quick {
        (p.depth - 1, p.nodes_quick)
    } else {
        (p.depth, p.nodes)
    };
    let start = Instant::now();
    let nodes = generator.perft(&position, depth);
    let seconds = start.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    let correct = nodes == expected;
    let mark = if correct {
        String::new()
    } else {
        format!("  WRONG: expected {expected}")
    };
    Measurement {
        line: format!(
            "{:<8} {:<10} {:>2} {:>11} {:>8.3} {:>8.1}{mark}",
            generator.backend().name(),
            p.name,
            depth,
            nodes,
            seconds,
            mnps
        ),
        correct,
        nodes,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_counts_match_the_generator() {
        let generator = Generator::detect();
        for p in &POSITIONS {
            let position = Position::from_fen(p.fen).unwrap();
            assert_eq!(
                generator.perft(&position, p.depth - 1),
                p.nodes_quick,
                "{}",
                p.name
            );
        }
    }
}
