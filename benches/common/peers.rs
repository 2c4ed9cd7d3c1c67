//! What the peer benchmarks share: the five CPW positions with their depths, cozy-chess's
//! bulk-counted perft, and the move-list positions. Included by `peers.rs` and
//! `peers_paired.rs` with `#[path]`, next to `list_set.rs`.

/// The five CPW positions, their depths and published counts: those of `dirgolem bench`, read
/// from the tool's own list. (`nodes_quick`, the tool's `--quick` counts, is not read here.)
#[path = "../../src/cli/cpw_positions.rs"]
#[allow(dead_code)]
mod cpw_positions;
pub use cpw_positions::POSITIONS;

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
