//! perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard test
//! and benchmark of a move generator. The last ply is counted in bulk from the target sets
//! (popcounts), without making the moves.

use crate::position::make_board;
use crate::{Move, Position};

/// The number of leaf nodes `depth` plies below `position` (1 at depth 0).
///
/// ```
/// use dirgolem::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8902);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    crate::Generator::detect().perft(position, depth)
}

/// perft split by the first move: each legal move with the number of leaves below it, in
/// generation order. Their sum is `perft(position, depth)`; at depth 0 the list is empty.
///
/// ```
/// use dirgolem::{divide, Position};
/// let split = divide(&Position::startpos(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    let generator = crate::Generator::detect();
    let flip = position.square_flip();
    generator.for_each_legal_move(position, |m| {
        // The moves are in absolute squares, the board in squares relative to the mover.
        let from = m.source_index() ^ flip;
        let to = m.target_index() ^ flip;
        let board = make_board(&position.board, from, to, m.kind_bits());
        out.push((m, generator.perft_board(&board, depth - 1)))
    });
    out
}
