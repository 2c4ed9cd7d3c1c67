//! The batch count (eight positions at once, `batch.rs`: its own make and its own copy of the
//! legality rules, written vertically) against the single-position pipeline (`generate` and
//! `make_board`), on every backend this CPU runs. Scalar included: perft never runs the batch
//! there, so only this test does.

use super::batch::{
    Batch, counts_at_once, king_lines, king_ray, positions_per_vector, slide_towards,
};
use super::directions::{RAY_LANDING, RAY_STEP};
use super::generate;
use super::list::fill_list;
use crate::lanes::every_backend::{BackendCheck, on_every_backend};
use crate::lanes::{Lanes, PositionJob, PositionLanes, Positions, Scalar};
use crate::position::{
    Board, DIAGONAL, KINGS, KNIGHTS, NOT_FILE_A, NOT_FILE_H, RANK_1, RANK_8, SPECIAL, THEM, US,
    double_push_beside_enemy_pawn, make_board,
};
use crate::{Move, MoveList, ParseOptions, Position};

/// Positions with every kind of move: castling both ways, en passant (legal and pinned),
/// promotions with and without capture, checks, double checks, pins; and positions where one
/// side alone has knights, or sliders of a kind, and a capture takes the last of them (what a
/// count of one parent's moves knows of their men, see `FromParent`); a knight of the side to
/// move pinned, among two and among three (more than the count takes as known); kings in
/// corners (their rays off the board at once).
const FENS: [&str; 14] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
    "3k4/8/8/8/8/8/1p6/R3K2R b KQ - 0 1",
    "4k3/R7/2n5/8/3B4/8/8/4K2R w K - 0 1",
    "4k2r/8/8/3b4/8/2N5/r7/4K3 b k - 0 1",
    "4k3/8/2n5/8/B7/8/1n6/4K3 w - - 0 1",
    "n3k3/8/2n5/8/B7/8/1n6/4K3 w - - 0 1",
    "7K/8/8/8/8/8/r7/7k w - - 0 1",
];

/// The legal moves of `b` in relative squares, and how many at the front are plain (as
/// `fill_list` says).
fn moves_of(b: &Board) -> (MoveList, usize) {
    let mut list = MoveList::new();
    let plain = fill_list(Scalar, b, &generate(Scalar, b), 0, &mut list);
    assert!(list.is_complete());
    (list, plain)
}

fn made(b: &Board, m: Move) -> Board {
    make_board(b, m.source_index(), m.target_index(), m.kind_bits())
}

/// Every position of `FENS` and of the first lines of the Chess960 suite (castling with the
/// king and rooks anywhere), with the positions one move after each.
fn parents() -> Vec<Board> {
    let chess960 = include_str!("../../tests/data/chess960.epd");
    let roots = FENS
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .chain(chess960.lines().take(40).map(|line| {
            let fen = line.split(';').next().unwrap().trim();
            Position::from_fen_with(fen, ParseOptions::chess960()).unwrap()
        }));
    let mut boards = Vec::new();
    for root in roots {
        boards.push(root.board);
        for &m in moves_of(&root.board).0.iter() {
            boards.push(made(&root.board, m));
        }
    }
    boards
}

// The batch's counting calls are `#[inline(always)]`, so that every call site holds a whole copy
// of the counting pipeline. The checks below reach them through these three functions, which
// are not inlined: one copy of each per backend rather than one per call site. Those copies
// were most of the compile time of this crate's unit tests, the longest single build of
// `cargo test --release` (BENCHMARKS.md, "CI time"). What is counted is the same.

/// [`Batch::count_and_clear`], compiled once per backend.
#[inline(never)]
fn count_and_clear<L: Lanes>(batch: &mut Batch, lanes: L) -> u64 {
    batch.count_and_clear(lanes)
}

/// [`Batch::count_plain_from_parent`], compiled once per backend.
#[inline(never)]
fn count_plain_from_parent<L: Lanes>(lanes: L, parent: &Board, moves: &[Move]) -> u64 {
    Batch::count_plain_from_parent(lanes, parent, moves)
}

/// [`Batch::count_from_parent`], compiled once per backend.
#[inline(never)]
fn count_from_parent<L: Lanes>(lanes: L, parent: &Board, moves: &[Move]) -> Option<u64> {
    Batch::count_from_parent(lanes, parent, moves)
}

/// Counts the replies to every move of every parent through the batch (filled across parents,
/// as perft does), and [`SIZES`] at a time from one parent, against `generate` on each child.
fn check_batch<L: Lanes>(lanes: L, name: &str) {
    let mut batch = Batch::new();
    let mut pending = 0;
    let mut counted_by_size = [0; SIZES.len()];
    let (mut made_ahead, mut changed_parents, mut plain_counted) = (0, 0, 0);
    // Full batches whose parents share the king of the side to move after the move (counted
    // with what that king gives, see `FromParent::of_columns`), and those whose do not.
    let (mut one_king, mut kings) = (0, 0);
    let mut batch_kings = Vec::new();
    for parent in parents() {
        let (moves, plain) = moves_of(&parent);
        let expected: Vec<u64> = moves
            .iter()
            .map(|&m| generate(Scalar, &made(&parent, m)).count() as u64)
            .collect();
        for (&m, &replies) in moves.iter().zip(&expected) {
            made_ahead += Batch::is_made_ahead(m) as usize;
            // Moves whose parent the batch changes before the plain move (promotions, en
            // passant, castling, double pushes that may leave an en passant square).
            changed_parents += (m.kind_bits() != Move::RAW_NORMAL
                || double_push_beside_enemy_pawn(
                    &parent,
                    1 << m.source_index(),
                    1 << m.target_index(),
                )) as usize;
            pending += replies;
            batch_kings.push(parent[KINGS] & parent[THEM]);
            if batch.push(&parent, m.source_index(), m.target_index(), m.kind_bits()) {
                let counted = count_and_clear(&mut batch, lanes);
                assert_eq!(
                    counted, pending,
                    "{name}: a batch ending with {m:?} of {parent:x?}"
                );
                pending = 0;
                if batch_kings.iter().all(|&king| king == batch_kings[0]) {
                    one_king += 1;
                } else {
                    kings += 1;
                }
                batch_kings.clear();
            }
        }
        check_broadcasts(
            lanes,
            name,
            &parent,
            &moves,
            &expected,
            &mut counted_by_size,
        );
        plain_counted += check_plain(lanes, name, &parent, &moves, plain, &expected);
    }
    assert_sizes_counted(lanes, name, &counted_by_size);
    // A batch that is not full at the end, with lanes left over from earlier batches.
    assert_eq!(
        count_and_clear(&mut batch, lanes),
        pending,
        "{name}: the last batch"
    );
    assert_eq!(
        count_and_clear(&mut batch, lanes),
        0,
        "{name}: an empty batch"
    );
    // Both ways of counting were exercised, with moves on changed parents and moves made
    // ahead (Chess960 castlings) too, and full batches of one king and of several.
    assert!(
        changed_parents > 100 && made_ahead > 0 && plain_counted > 100,
        "{name}: {changed_parents}, {made_ahead}, {plain_counted}"
    );
    assert!(one_king > 100 && kings > 100, "{name}: {one_king}, {kings}");
}

/// The list's plain moves (the first `plain` of `moves`, which must be plain, and the others
/// not) counted with [`Batch::count_plain_from_parent`] against `expected` (the replies to
/// each move): every run of whole vectors from the first move and from the second, each in
/// one call. The number of vectors counted.
fn check_plain<L: Lanes>(
    lanes: L,
    name: &str,
    parent: &Board,
    moves: &MoveList,
    plain: usize,
    expected: &[u64],
) -> usize {
    let is_plain = |m: &Move| m.kind_bits() == Move::RAW_NORMAL;
    assert!(
        moves[..plain].iter().all(is_plain) && !moves[plain..].iter().any(is_plain),
        "{name}: {plain} plain moves first in {moves:?} of {parent:x?}"
    );
    let per_vector = positions_per_vector(lanes);
    let mut vectors = 0;
    for start in 0..2.min(plain) {
        for end in (start..=plain).step_by(per_vector) {
            let counted = count_plain_from_parent(lanes, parent, &moves[start..end]);
            let sum: u64 = expected[start..end].iter().sum();
            assert_eq!(
                counted,
                sum,
                "{name}: {:?} of {parent:x?}",
                &moves[start..end]
            );
            vectors += (end - start) / per_vector;
        }
    }
    vectors
}

/// The numbers of moves [`check_broadcasts`] counts from one parent at once: whole vectors on
/// every backend or on some, and two that are whole vectors on none (refused everywhere).
const SIZES: [usize; 6] = [2, 3, 4, 6, 8, 9];

/// [`check_broadcast`] of every size of [`SIZES`], the chunks counted added to `counted`.
fn check_broadcasts<L: Lanes>(
    lanes: L,
    name: &str,
    parent: &Board,
    moves: &MoveList,
    expected: &[u64],
    counted: &mut [usize; SIZES.len()],
) {
    for (&size, counted) in SIZES.iter().zip(counted) {
        *counted += check_broadcast(lanes, name, parent, moves, expected, size);
    }
}

/// Asserts that the moves of one parent were counted at once ([`check_broadcasts`]) in every
/// size the backend counts at once ([`counts_at_once`]: eight everywhere), often, and in no
/// other size.
fn assert_sizes_counted<L: Lanes>(lanes: L, name: &str, counted: &[usize; SIZES.len()]) {
    assert!(counts_at_once(lanes, 8), "{name}: eight at once");
    for (&size, &counted) in SIZES.iter().zip(counted) {
        let at_once = counts_at_once(lanes, size);
        assert!(
            if at_once { counted > 100 } else { counted == 0 },
            "{name}: {counted} chunks of {size} counted at once"
        );
    }
}

/// Counts the replies to `moves` of `parent` `size` at a time with
/// [`Batch::count_from_parent`] (the parent broadcast), against `expected` (the replies to each
/// move): the number of chunks counted. Every window of `size` moves in a row, not only the
/// list cut in chunks: the writer puts a position's special moves last, where a cut leaves most
/// of them to the batch. A chunk is refused exactly where it holds a move made ahead, or
/// always on a backend that does not count `size` at once ([`counts_at_once`]).
fn check_broadcast<L: Lanes>(
    lanes: L,
    name: &str,
    parent: &Board,
    moves: &MoveList,
    expected: &[u64],
    size: usize,
) -> usize {
    let counts = counts_at_once(lanes, size);
    let mut counted_chunks = 0;
    for (chunk, replies) in moves.windows(size).zip(expected.windows(size)) {
        let made_ahead = chunk.iter().any(|&m| Batch::is_made_ahead(m));
        match count_from_parent(lanes, parent, chunk) {
            Some(counted) => {
                assert!(
                    counts && !made_ahead,
                    "{name}: {chunk:?} of {parent:x?} counted at once"
                );
                counted_chunks += 1;
                let sum: u64 = replies.iter().sum();
                assert_eq!(counted, sum, "{name}: {chunk:?} of {parent:x?}");
            }
            None => assert!(
                !counts || made_ahead,
                "{name}: {chunk:?} of {parent:x?} refused with no move made ahead"
            ),
        }
    }
    counted_chunks
}

#[test]
fn the_batch_count_agrees_with_generate_on_every_backend() {
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, name: &str) {
            check_batch(lanes, name);
        }
    }
    on_every_backend::<Check>();
}

/// `king_ray` against the plain fill, in every direction: on vectors of positions whose kings
/// are blocked in every lane (where AVX2 takes the shortcut) and in some lanes only, and on
/// vectors of positions made from one parent, whose king is known (the same in every lane).
fn check_king_ray<P: PositionLanes>(lanes: P, name: &str) {
    let boards = parents();
    let (mut shortcuts, mut fills) = (0, 0);
    for group in boards.chunks(P::LANES) {
        let mut kings = [0u64; 8];
        let mut empty = [0u64; 8];
        for (i, b) in group.iter().enumerate() {
            kings[i] = b[KINGS] & b[US];
            empty[i] = !(b[US] | b[THEM]);
        }
        let king = Positions::load(lanes, &kings, 0);
        let empty = Positions::load(lanes, &empty, 0);
        let occupied = empty ^ Positions::splat(lanes, !0);
        for d in 0..8 {
            let first_step_empty = kings
                .iter()
                .zip(&empty.to_array())
                .any(|(&k, &e)| shift(k, d) & e != 0);
            if first_step_empty {
                fills += 1;
            } else {
                shortcuts += 1;
            }
            assert_eq!(
                king_ray(lanes, d, king, None, empty, occupied).to_array(),
                slide_towards(lanes, d, king, empty).to_array(),
                "{name}: direction {d}, kings {kings:x?}"
            );
        }
    }
    assert!(
        shortcuts > 100 && fills > 100,
        "{name}: {shortcuts}, {fills}"
    );
    // The positions made from one parent, a vector at a time: the side to move has the
    // parent's other king. Kings on every rank and file, with rays open and blocked.
    let mut known_kings = 0u64;
    for parent in &boards {
        let children: Vec<Board> = moves_of(parent)
            .0
            .iter()
            .map(|&m| made(parent, m))
            .collect();
        for group in children.chunks_exact(P::LANES) {
            let known = group[0][KINGS] & group[0][US];
            known_kings |= known;
            let mut empty = [0u64; 8];
            for (i, b) in group.iter().enumerate() {
                assert_eq!(b[KINGS] & b[US], known, "one parent's king");
                empty[i] = !(b[US] | b[THEM]);
            }
            let king = Positions::splat(lanes, known);
            let empty = Positions::load(lanes, &empty, 0);
            let occupied = empty ^ Positions::splat(lanes, !0);
            for d in 0..8 {
                assert_eq!(
                    king_ray(lanes, d, king, Some(known), empty, occupied).to_array(),
                    slide_towards(lanes, d, king, empty).to_array(),
                    "{name}: direction {d}, king {known:x}, empty {:x?}",
                    empty.to_array()
                );
            }
        }
    }
    let edges = [RANK_1, RANK_8, !NOT_FILE_A, !NOT_FILE_H];
    for edge in edges {
        assert_ne!(
            known_kings & edge,
            0,
            "{name}: a known king on every edge: {known_kings:x}"
        );
    }
    let inside = !(edges[0] | edges[1] | edges[2] | edges[3]);
    assert_ne!(known_kings & inside, 0, "{name}: and inside");
}

/// One step of `x` in ray direction `d`, on a plain bitboard.
fn shift(x: u64, d: usize) -> u64 {
    let step = RAY_STEP[d];
    let moved = if step > 0 { x << step } else { x >> -step };
    moved & RAY_LANDING[d]
}

#[test]
fn the_king_ray_shortcut_and_subtraction_agree_with_the_fill() {
    /// `check_king_ray` on the vectors of positions the backend counts by.
    struct KingRay<'a>(&'a str);
    impl PositionJob for KingRay<'_> {
        type Output = ();
        fn run<P: PositionLanes>(self, lanes: P) {
            check_king_ray(lanes, self.0);
        }
    }
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, name: &str) {
            lanes.by_position(KingRay(name));
        }
    }
    on_every_backend::<Check>();
}

/// The squares on line `l` (0: the file, 1: the diagonal up to the h-file, 2: the rank, 3: the
/// diagonal down to the h-file) through `sq`, but `sq`, walked square by square.
fn line_through(sq: i32, l: usize) -> u64 {
    let (df, dr) = [(0, 1), (1, 1), (1, 0), (1, -1)][l];
    let mut line = 0;
    for sign in [1, -1] {
        let (mut file, mut rank) = (sq % 8, sq / 8);
        loop {
            file += sign * df;
            rank += sign * dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            line |= 1u64 << (rank * 8 + file);
        }
    }
    line
}

#[test]
fn king_lines_are_the_lines_through_the_kings() {
    for sq in 0..64 {
        let expected: [u64; 4] = core::array::from_fn(|l| line_through(sq, l));
        assert_eq!(king_lines(1 << sq), expected, "square {sq}");
        // Two kings (never in a game, but the count takes any board): both kings' lines.
        let other = (sq * 37 + 11) % 64;
        if other != sq {
            let both: [u64; 4] = core::array::from_fn(|l| expected[l] | line_through(other, l));
            assert_eq!(
                king_lines(1 << sq | 1 << other),
                both,
                "squares {sq}, {other}"
            );
        }
    }
}

/// Positions of rooks, kings and pawns alone, with no castling right (the count's copy without
/// knights and diagonal sliders): pins of pawns along a file and a rank, checks by a rook and
/// by a pawn, en passant pinned along the rank, promotions both ways.
const ORTHOGONAL_FENS: [&str; 5] = [
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
    "3r4/1P2k3/8/8/7R/8/5p2/R3K3 w - - 0 1",
    "4r3/8/8/8/4P3/8/2k1K2r/8 w - - 0 1",
    "8/8/8/r2PK3/8/8/8/k6R b - - 0 1",
];

/// Whether `b` has no knights, no diagonal sliders and no castling right.
fn orthogonal_only(b: &Board) -> bool {
    (b[KNIGHTS] | b[DIAGONAL] | (b[SPECIAL] & (RANK_1 | RANK_8))) == 0
}

/// Counts the replies to every move of the positions of `ORTHOGONAL_FENS` and of those up to
/// two moves after them that hold only rooks, kings and pawns, through the batch and [`SIZES`]
/// at a time from one parent, against `generate` on each child.
fn check_orthogonal_only<L: Lanes>(lanes: L, name: &str) {
    let mut boards = Vec::new();
    for fen in ORTHOGONAL_FENS {
        let root = Position::from_fen(fen).unwrap().board;
        boards.push(root);
        for &m in moves_of(&root).0.iter() {
            let child = made(&root, m);
            boards.push(child);
            boards.extend(moves_of(&child).0.iter().map(|&m| made(&child, m)));
        }
    }
    let mut batch = Batch::new();
    let (mut pending, mut parents) = (0, 0);
    let mut counted_by_size = [0; SIZES.len()];
    for parent in boards.into_iter().filter(orthogonal_only) {
        parents += 1;
        let (moves, _) = moves_of(&parent);
        let expected: Vec<u64> = moves
            .iter()
            .map(|&m| generate(Scalar, &made(&parent, m)).count() as u64)
            .collect();
        for (&m, &replies) in moves.iter().zip(&expected) {
            pending += replies;
            if batch.push(&parent, m.source_index(), m.target_index(), m.kind_bits()) {
                assert_eq!(
                    count_and_clear(&mut batch, lanes),
                    pending,
                    "{name}: {parent:x?}"
                );
                pending = 0;
            }
        }
        check_broadcasts(
            lanes,
            name,
            &parent,
            &moves,
            &expected,
            &mut counted_by_size,
        );
    }
    assert_eq!(
        count_and_clear(&mut batch, lanes),
        pending,
        "{name}: the last batch"
    );
    let eights = counted_by_size[SIZES.iter().position(|&size| size == 8).unwrap()];
    assert!(
        parents > 500 && eights > 500,
        "{name}: {parents} parents, {eights} eights"
    );
    assert_sizes_counted(lanes, name, &counted_by_size);
}

#[test]
fn the_count_of_rooks_kings_and_pawns_agrees_with_generate_on_every_backend() {
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, name: &str) {
            check_orthogonal_only(lanes, name);
        }
    }
    on_every_backend::<Check>();
}
