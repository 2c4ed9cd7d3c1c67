//! perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard test
//! and benchmark of a move generator. The last ply is counted in bulk from the target sets
//! (popcounts), without making the moves.

use core::ops::ControlFlow;

use crate::position::make_board;
use crate::{Generator, Move, Position};

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
#[cfg(feature = "alloc")]
pub fn divide(position: &Position, depth: u32) -> alloc::vec::Vec<(Move, u64)> {
    let mut out = alloc::vec::Vec::new();
    let _: ControlFlow<()> = divide_each(&Generator::detect(), position, depth, |m, nodes| {
        out.push((m, nodes));
        ControlFlow::Continue(())
    });
    out
}

/// `divide` on a chosen backend, one move at a time: `f` gets each legal move and the number
/// of leaves below it, in generation order, as soon as that move is counted, and can stop the
/// walk (a tool whose reader went away should not count the remaining moves). Nothing is called
/// at depth 0. Relaxed positions with more moves than a [`MoveList`](crate::MoveList) holds are
/// split completely.
///
/// ```
/// use core::ops::ControlFlow;
/// use dirgolem::{divide_each, Generator, Position};
/// let mut first = Vec::new();
/// let stopped = divide_each(&Generator::detect(), &Position::startpos(), 3, |m, nodes| {
///     first.push((m, nodes));
///     if first.len() == 2 { ControlFlow::Break("enough") } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!(stopped, ControlFlow::Break("enough"));
/// assert_eq!(first.len(), 2);
/// assert!(first.iter().all(|&(_, nodes)| nodes > 0));
/// ```
pub fn divide_each<B>(
    generator: &Generator,
    position: &Position,
    depth: u32,
    mut f: impl FnMut(Move, u64) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if depth == 0 {
        return ControlFlow::Continue(());
    }
    // Each move is counted as it is generated (no list, so no limit and no allocation); once
    // `f` stops, the remaining moves are passed over uncounted.
    let flip = position.square_flip();
    let mut flow = ControlFlow::Continue(());
    generator.for_each_legal_move(position, |m| {
        if flow.is_break() {
            return;
        }
        // The moves are in absolute squares, the board in squares relative to the mover; the
        // children are boards, so the count pays for nothing a `Position` carries (the hash).
        let from = m.source_index() ^ flip;
        let to = m.target_index() ^ flip;
        let board = make_board(&position.board, from, to, m.kind_bits());
        flow = f(m, generator.perft_board(&board, depth - 1));
    });
    flow
}
