//! What the peer benchmarks share: the five CPW positions with their depths, cozy-chess's
//! bulk-counted perft, and the move-list positions. Included by `peers.rs` and
//! `peers_paired.rs` with `#[path]`, next to `list_set.rs`.

/// The five CPW positions and their depths (those of `dirgolem bench`).
pub const POSITIONS: [(&str, &str, u32); 5] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
    ),
];

/// cozy-chess's perft, bulk-counted at the last ply (its per-piece move sets' lengths).
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// The move-list set (`list_set.rs`): its FENs, with the positions read by dirgolem and by
/// cozy-chess.
pub struct ListPositions {
    pub fens: Vec<&'static str>,
    pub ours: Vec<dirgolem::Position>,
    pub cozy: Vec<cozy_chess::Board>,
}

pub fn list_positions() -> ListPositions {
    let fens = super::list_set::list_fens();
    let cozy = fens
        .iter()
        .map(|f| cozy_chess::Board::from_fen(f, false).unwrap())
        .collect();
    ListPositions {
        fens,
        ours: super::list_set::list_positions(),
        cozy,
    }
}
