//! The five CPW perft positions with their published counts: the one list that `dirgolem
//! bench` and the peer benchmarks (`benches/common/peers.rs`, which includes this file with
//! `#[path]`) both read. Plain data, no imports, so that it compiles in either crate.

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
