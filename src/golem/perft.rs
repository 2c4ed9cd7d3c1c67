//! perft on boards: the recursion over the legal move tree, the last ply counted in bulk from
//! the target sets, and the ply above it counted eight positions at a time where the backend
//! gains by that ([`Lanes::COUNTS_BY_POSITION`], see [`super::batch`]).
//!
//! The recursion works on [`Board`]s, relative to the side to move, and makes moves with
//! [`make_board`]: it needs neither the clocks nor anything else a `Position` carries. Every
//! move is generated and made in relative squares (flip 0).
//!
//! The functions here are `#[inline(always)]` and generic over the backend: each backend's
//! entry points are one-line `#[target_feature]` trampolines that call them, so that the whole
//! recursion step is compiled for the trampoline's instruction set. A recursive call cannot be
//! inlined into itself, so it goes back through the trampoline: the `recurse` closure, which
//! the trampoline defines (a closure inherits the target features of the function it is
//! written in). So do the count of a full shared batch (`count_batch`), which perft needs at
//! every place it pushes a move, and that of a parent's plain moves (`count_plain`), which holds
//! a loop for each copy of the count: through the trampoline, each is compiled once per backend
//! and kept out of the recursion's own code (BENCHMARKS.md, "CI time (session 36)", and "One
//! loop per copy of the count (session 39)").
//! No closure is written here: one written in a generic function does not inherit the features
//! of the trampoline it is inlined into, and handed to the move writer (which calls it from many
//! places) it is not inlined either. So the moves are written into a list, a list at a time, and
//! read from it by a loop.

use super::batch::{Batch, positions_per_vector};
use super::{fill_list_from, generate};
use crate::lanes::Lanes;
use crate::move_list::CAPACITY;
use crate::position::{Board, make_board};
use crate::{Move, MoveList};

/// The counts [`perft_batched`] calls through the backend's trampoline (see the module comment).
pub(crate) struct Counts<Plain, Full> {
    /// [`Batch::count_plain_from_parent`].
    pub(crate) plain: Plain,
    /// [`Batch::count_and_clear`] of a full shared batch.
    pub(crate) batch: Full,
}

/// The board after the legal move `m` of `b`, generated in relative squares (flip 0).
#[inline(always)]
fn made(b: &Board, m: Move) -> Board {
    make_board(b, m.source_index(), m.target_index(), m.kind_bits())
}

/// The number of leaves `depth` plies below `board`. `recurse` is this function, `batched`
/// [`perft_batched`] and `count_batch` [`Batch::count_and_clear`], each called through the
/// backend's trampoline (see the module comment).
#[inline(always)]
pub(crate) fn perft<L: Lanes>(
    lanes: L,
    board: &Board,
    depth: u32,
    mut recurse: impl FnMut(&Board, u32) -> u64,
    batched: impl FnOnce(&Board, u32, &mut Batch, &mut MoveList) -> u64,
    count_batch: impl FnOnce(&mut Batch) -> u64,
) -> u64 {
    match depth {
        0 => 1,
        1 => generate(lanes, board).count() as u64,
        _ if !L::COUNTS_BY_POSITION => {
            let targets = generate(lanes, board);
            let mut list = MoveList::new();
            let mut nodes = 0;
            let mut skip = 0;
            loop {
                fill_list_from(lanes, board, &targets, 0, skip, &mut list);
                for &m in list.iter() {
                    nodes += recurse(&made(board, m), depth - 1);
                }
                if list.is_complete() {
                    return nodes;
                }
                skip += CAPACITY;
            }
        }
        _ => {
            let mut batch = Batch::new();
            let mut moves = MoveList::new();
            let nodes = batched(board, depth, &mut batch, &mut moves);
            nodes + count_batch(&mut batch)
        }
    }
}

/// perft to `depth` (at least 2), batched: the positions one ply above the leaves go into
/// `batch` (shared by the whole tree, so that batches stay full) and are counted eight at a
/// time; what is left in it at the end is the caller's to count. `moves` is room for the moves
/// of a node one ply above those (the same list for all, so it is not made anew for each).
/// `recurse` is this function and `counts` the counts, each called through the backend's
/// trampoline (see the module comment).
#[inline(always)]
pub(crate) fn perft_batched<L: Lanes>(
    lanes: L,
    board: &Board,
    depth: u32,
    batch: &mut Batch,
    moves: &mut MoveList,
    mut recurse: impl FnMut(&Board, u32, &mut Batch, &mut MoveList) -> u64,
    counts: Counts<impl FnMut(&Board, &[Move]) -> u64, impl FnMut(&mut Batch) -> u64>,
) -> u64 {
    let Counts {
        plain: mut count_plain,
        batch: mut count_batch,
    } = counts;
    let targets = generate(lanes, board);
    let mut nodes = 0;
    let mut skip = 0;
    if depth > 2 {
        let mut list = MoveList::new();
        loop {
            fill_list_from(lanes, board, &targets, 0, skip, &mut list);
            for &m in list.iter() {
                nodes += recurse(&made(board, m), depth - 1, batch, moves);
            }
            if list.is_complete() {
                return nodes;
            }
            skip += CAPACITY;
        }
    }
    // The moves into a list first, then into the batch from one loop, so that the batch code
    // (and its vector registers) is not a call per move.
    let plain = fill_list_from(lanes, board, &targets, 0, skip, moves);
    nodes += count_replies(
        lanes,
        board,
        moves.as_slice(),
        plain,
        batch,
        &mut count_plain,
        &mut count_batch,
    );
    while !moves.is_complete() {
        // More moves than a list holds (relaxed positions only): the next list of them.
        skip += CAPACITY;
        fill_list_from(lanes, board, &targets, 0, skip, moves);
        nodes += push_all(batch, board, moves, &mut count_batch);
    }
    nodes
}

/// The number of legal replies to `moves` (legal moves of `board`, the first `plain` of them
/// plain: see [`super::list::fill_list`]) counted so far. The whole vectors of the plain moves
/// are counted straight from `board`, all in one call of `count_plain`, so that what the count
/// knows of the parent is set up once (rather than once per eight and again per four); most
/// parents have only plain moves, and the few left over go into the batch, which fills across
/// parents. Whatever the batch holds at the end is the caller's to count. A parent with other
/// moves (en passant, promotions, castling) has what is left of its moves counted by
/// [`count_rest`].
// Not forced inline in unoptimised builds (`build.rs` says why): there, its frame holds every
// count's locals apart, and inlined into the recursion, that frame would be on the stack once
// per ply.
#[cfg_attr(not(dirgolem_unoptimized), inline(always))]
#[cfg_attr(dirgolem_unoptimized, inline)]
fn count_replies<L: Lanes>(
    lanes: L,
    board: &Board,
    moves: &[Move],
    plain: usize,
    batch: &mut Batch,
    count_plain: &mut impl FnMut(&Board, &[Move]) -> u64,
    count_batch: &mut impl FnMut(&mut Batch) -> u64,
) -> u64 {
    let every_move_plain = plain == moves.len();
    let whole = plain - plain % positions_per_vector(lanes);
    // (`min`: the compiler then sees the split in bounds, and puts no panic in the entry point.)
    let (counted, rest) = moves.split_at(whole.min(moves.len()));
    let nodes = count_plain(board, counted);
    if every_move_plain {
        // Most parents: every move plain, and fewer left than a vector holds (so none of
        // `count_rest`'s tests).
        return nodes + push_all(batch, board, rest, count_batch);
    }
    nodes + count_rest(lanes, board, rest, batch, count_batch)
}

/// [`count_replies`] of the moves left of a parent that has moves other than plain ones: as
/// many of them as make whole vectors of the backend's positions, at most eight, counted at
/// once from `board` ([`Batch::count_changed_from_parent`]), and again until fewer than a
/// vector are left (on two-position vectors, the count of a parent's last two moves as one
/// vector takes fewer instructions than two moves through the batch: BENCHMARKS.md, "neon: a
/// parent's last two moves (session 29)"). One call for every size, so that the count is
/// inlined here once (BENCHMARKS.md, "CI time (session 37)"). Moves refused there, because one
/// of them is made ahead (see [`Batch::push`]), go into the batch, as do those left over.
#[inline(always)]
fn count_rest<L: Lanes>(
    lanes: L,
    board: &Board,
    moves: &[Move],
    batch: &mut Batch,
    count_batch: &mut impl FnMut(&mut Batch) -> u64,
) -> u64 {
    let per_vector = positions_per_vector(lanes);
    let mut nodes = 0;
    let mut rest = moves;
    loop {
        let whole = rest.len().min(8) / per_vector * per_vector;
        let (some, left) = rest.split_at(whole.min(rest.len()));
        if some.is_empty() {
            break;
        }
        // Each chunk holds a move other than a plain one: the plain moves come first, and
        // fewer than a vector of them are left here (in a list written by the writer for lists
        // that overflow, which marks none plain, a chunk may be all plain: counted the same,
        // only slower). Refused (one of them is made ahead: Chess960 castlings, seldom): into
        // the batch.
        nodes += match Batch::count_changed_from_parent(lanes, board, some) {
            Some(n) => n,
            None => push_all(batch, board, some, count_batch),
        };
        rest = left;
    }
    nodes + push_all(batch, board, rest, count_batch)
}

/// [`push`] of every move of `moves` (legal moves of `board`) in turn: the leaves counted of
/// the batches they fill.
#[inline(always)]
fn push_all(
    batch: &mut Batch,
    board: &Board,
    moves: &[Move],
    count_batch: &mut impl FnMut(&mut Batch) -> u64,
) -> u64 {
    let mut nodes = 0;
    for &m in moves {
        nodes += push(batch, board, m, count_batch);
    }
    nodes
}

/// Puts the legal move `m` of `board` into `batch`, and counts the batch with `count_batch`
/// ([`Batch::count_and_clear`] through the backend's trampoline) when that fills it: the
/// leaves counted (0 while the batch is not full).
#[inline(always)]
fn push(
    batch: &mut Batch,
    board: &Board,
    m: Move,
    count_batch: &mut impl FnMut(&mut Batch) -> u64,
) -> u64 {
    if batch.push(board, m.source_index(), m.target_index(), m.kind_bits()) {
        count_batch(batch)
    } else {
        0
    }
}
