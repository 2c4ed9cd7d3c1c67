//! Position-parallel counting, for the last ply of perft: the legal moves of eight positions
//! counted at once, one position per lane.
//!
//! [`super::generate`] puts the directions of one position into the lanes, so the work that is
//! not per direction (attack unions, check masks, pawns, popcounts) runs on one lane or needs
//! horizontal reductions. Here every lane holds its own position and runs the same pipeline
//! (the same four phases, direction by direction), so every operation is vertical and every
//! lane does useful work however few directions a position uses. The target sets are counted
//! with carry-save adders ([`Tally`]), reduced to a count per lane for each vector of
//! positions, and summed across the lanes once for all the vectors of a call (a parent's
//! moves, or a batch).
//!
//! A batch of eight is counted by the vectors of positions that suit the backend's registers
//! ([`Lanes::by_position`]): the eight in one pass on AVX-512, in passes of four on AVX2 and of
//! two on SSE2, NEON and portable: the count keeps some twenty bitboards live, and as two or
//! four registers each they would mostly live on the stack.
//!
//! perft counts the positions one ply above the leaves from their parent: the whole vectors of
//! a parent's plain moves in one call ([`Batch::count_plain_from_parent`], the parent
//! broadcast to every lane); where the parent has other moves, the rest likewise, whole vectors
//! of at most eight at a time (those that are not all plain by
//! [`Batch::count_changed_from_parent`]). What is left of each parent's moves goes through a
//! [`Batch`] shared by the whole tree, so that it fills across parents; a lane left unfilled at
//! the end holds a board without men of the side to move, which has no moves.
//! Counted from one parent, the side to move has the parent's king and knights in every lane
//! (a capture may take a knight), and the count looks up what they give ([`KnownMen`]) rather
//! than shifting it out of the vectors. So it does for a full shared batch whose eight parents
//! have the same king of the side to move after the move ([`FromParent::of_columns`]), on the
//! backends where that pays ([`PositionLanes::KNOWS_SHARED_KING`]: AVX2, SSE2, NEON,
//! portable): with the sibling parents' moves in it, most full batches have one king.

use super::castling;
use super::directions::{
    E, KNIGHT_LANDING, KNIGHT_STEP, N, NOT_AB, NOT_GH, RAY_LANDING, RAY_STEP, S, W, opposite,
};
use super::tally::Tally;
use crate::Move;
use crate::attacks::{KING, KNIGHT, LINES, RAYS};
use crate::lanes::{Lanes, PositionJob, PositionLanes, Positions, swap_bytes};
use crate::position::*;
use crate::position::{
    double_push_beside_enemy_pawn, en_passant_pawn, make_board, may_double_push_beside_enemy_pawn,
    promote, square_after_double_push, take_en_passant_pawn,
};

/// Repeats `$body` with `$i` bound to each literal in turn, so that indices and shift counts
/// derived from it are constants. The blocks it repeats are [`count_legal`]'s per line and
/// per direction; written as functions called once per index they compiled to more
/// instructions and slower perft (BENCHMARKS.md, "Bulk perft: the count's loops as
/// functions").
macro_rules! unroll {
    ($i:ident in $($n:literal)* => $body:block) => {
        $({
            let $i: usize = $n;
            $body
        })*
    };
}

const _: () = assert!(
    RAY_STEP[E] == 1,
    "the fill by subtraction runs towards the h-file"
);

const A1: u64 = 1;
const B1: u64 = 1 << 1;
const C1: u64 = 1 << 2;
const D1: u64 = 1 << 3;
const E1: u64 = 1 << 4;
const F1: u64 = 1 << 5;
const G1: u64 = 1 << 6;
const H1: u64 = 1 << 7;

/// Up to eight moves to make and count the replies of, stored by bitboard kind so that each
/// kind loads as one vector: lane `i` holds the position a move is made in and the move.
/// The moves are made when the batch is counted, all eight at once.
pub(crate) struct Batch {
    /// `parents[k][i]`: bitboard `k` of the position lane `i`'s move is made in.
    parents: [[u64; 8]; 8],
    /// The from square of lane `i`'s move as a bitboard: empty for a move made ahead (see
    /// [`Batch::push`]).
    from: [u64; 8],
    /// The to square, likewise.
    to: [u64; 8],
    len: usize,
}

impl Batch {
    /// An empty batch.
    #[inline(always)]
    pub(crate) fn new() -> Batch {
        Batch {
            parents: [[0; 8]; 8],
            from: [0; 8],
            to: [0; 8],
            len: 0,
        }
    }

    /// Adds the legal move `from -> to` of kind `kind_bits` (relative squares) of `parent`;
    /// true when the batch is then full (eight moves), to be counted before the next push.
    ///
    /// Every move is made later, in the vectors, as a plain move on its parent with the rest
    /// of it done ahead there ([`as_plain_move`]). Only a castling whose king or rook lands on
    /// the king's own square (Chess960) is made here, and the lane holds the result seen back
    /// from the mover's side with an empty move, which the vector make turns into the result.
    #[inline(always)]
    pub(crate) fn push(&mut self, parent: &Board, from: u32, to: u32, kind_bits: u16) -> bool {
        let i = self.len & 7;
        if let Some(plain) = as_plain_move(parent, from, to, kind_bits) {
            for (column, &bb) in self.parents.iter_mut().zip(&plain.parent) {
                column[i] = bb;
            }
            self.from[i] = plain.from;
            self.to[i] = plain.to;
        } else {
            let made = flipped(&make_board(parent, from, to, kind_bits));
            for (column, &bb) in self.parents.iter_mut().zip(&made) {
                column[i] = bb;
            }
            self.from[i] = 0;
            self.to[i] = 0;
        }
        self.len = i + 1;
        self.len == 8
    }

    /// Whether [`Batch::push`] makes the legal move `m` ahead (a castling [`as_plain_move`]
    /// cannot express), so that [`Batch::count_from_parent`] refuses the moves when one of
    /// them is (what the tests check it by).
    #[cfg(test)]
    pub(crate) fn is_made_ahead(m: Move) -> bool {
        made_ahead(m.source_index(), m.target_index(), m.kind_bits())
    }

    /// The number of legal replies to all moves in the batch, which is emptied.
    #[inline(always)]
    pub(crate) fn count_and_clear<L: Lanes>(&mut self, lanes: L) -> u64 {
        if self.len == 0 {
            return 0;
        }
        // A lane past `len` may hold a move of an earlier batch. Without men of the side
        // not to move, and with an empty move, it makes a position where the side to move
        // has no men and so no moves.
        for i in self.len..8 {
            self.parents[THEM][i] = 0;
            self.from[i] = 0;
            self.to[i] = 0;
        }
        // What is known of the positions, where every lane's parent has the same king of the
        // side to move after the move (most often: the batch fills with the moves of sibling
        // parents). A lane left unfilled has no king there, so only a full batch is looked at.
        let known = if self.len == 8 && lanes.by_position(ShapeOf).knows_shared_king {
            FromParent::of_columns(&self.parents)
        } else {
            None
        };
        self.len = 0;
        lanes.by_position(CountColumns {
            parents: &self.parents,
            from: &self.from,
            to: &self.to,
            moves: 8,
            known,
            mirrored: false,
        })
    }

    /// The number of legal replies to the legal moves `moves` of `parent` (relative squares),
    /// counted at once without going through a batch: the parent is broadcast to every lane.
    /// `None` where the moves are not whole vectors of the backend's positions, at most eight
    /// ([`counts_at_once`]), or where one of them has to be made ahead (see [`Batch::push`] and
    /// [`made_ahead`]); push those. (perft counts plain moves with
    /// [`Batch::count_plain_from_parent`] through an entry point of its own, and the others
    /// with [`Batch::count_changed_from_parent`]; the tests count both kinds here.)
    #[cfg(test)]
    #[inline(always)]
    pub(crate) fn count_from_parent<L: Lanes>(
        lanes: L,
        parent: &Board,
        moves: &[Move],
    ) -> Option<u64> {
        if !counts_at_once(lanes, moves.len()) {
            return None;
        }
        if all_plain(moves) {
            return Some(Batch::count_plain_from_parent(lanes, parent, moves));
        }
        count_on_changed_parents(lanes, parent, moves)
    }

    /// The number of legal replies to the legal moves `moves` of `parent`, some of them not
    /// plain (see [`all_plain`]: plain moves alone are counted by
    /// [`Batch::count_plain_from_parent`], faster, but here too), counted at once without
    /// going through a batch, each move on its own copy of the parent. `moves` is whole vectors of the
    /// backend's positions, at most eight ([`counts_at_once`]). `None` where one of them has
    /// to be made ahead (see [`Batch::push`] and [`made_ahead`]); push those.
    #[inline(always)]
    pub(crate) fn count_changed_from_parent<L: Lanes>(
        lanes: L,
        parent: &Board,
        moves: &[Move],
    ) -> Option<u64> {
        debug_assert!(counts_at_once(lanes, moves.len()));
        count_on_changed_parents(lanes, parent, moves)
    }

    /// The number of legal replies to the plain moves `moves` of `parent` (relative squares;
    /// see [`all_plain`]), counted without going through a batch: the parent is broadcast to
    /// every lane. `moves` is whole vectors of the backend's positions
    /// ([`positions_per_vector`]); one call counts all of them, so that what is known of the
    /// parent is settled once.
    #[inline(always)]
    pub(crate) fn count_plain_from_parent<L: Lanes>(
        lanes: L,
        parent: &Board,
        moves: &[Move],
    ) -> u64 {
        debug_assert!(all_plain(moves));
        lanes.by_position(CountBroadcast { parent, moves })
    }
}

/// Whether every move of `moves` is plain (not a promotion, en passant or castling), so that
/// it is made in the vectors on its parent as it is: what
/// [`Batch::count_plain_from_parent`] takes.
#[inline(always)]
pub(crate) fn all_plain(moves: &[Move]) -> bool {
    const _: () = assert!(Move::RAW_NORMAL == 0, "the kinds are OR-ed");
    moves.iter().fold(0, |kinds, m| kinds | m.kind_bits()) == Move::RAW_NORMAL
}

/// The number of positions per vector of `lanes`'s count by position (a constant once
/// inlined).
#[inline(always)]
pub(crate) fn positions_per_vector<L: Lanes>(lanes: L) -> usize {
    lanes.by_position(ShapeOf).positions_per_vector
}

/// Whether `lanes` counts `n` moves of one parent at once
/// ([`Batch::count_changed_from_parent`]): where they are whole vectors of its positions, at
/// most eight (the one place that decides it).
#[inline(always)]
pub(crate) fn counts_at_once<L: Lanes>(lanes: L, n: usize) -> bool {
    n <= 8 && n.is_multiple_of(positions_per_vector(lanes))
}

/// What the batch's callers need to know of a backend's [`PositionLanes`] outside its entry
/// points: constants of the backend, read through one [`PositionJob`].
#[derive(Clone, Copy)]
struct Shape {
    /// [`PositionLanes::LANES`].
    positions_per_vector: usize,
    /// [`PositionLanes::KNOWS_SHARED_KING`].
    knows_shared_king: bool,
}

/// The [`Shape`] of a backend's [`PositionLanes`].
struct ShapeOf;

impl PositionJob for ShapeOf {
    type Output = Shape;

    #[inline(always)]
    fn run<P: PositionLanes>(self, _lanes: P) -> Shape {
        Shape {
            positions_per_vector: P::LANES,
            knows_shared_king: P::KNOWS_SHARED_KING,
        }
    }
}

/// [`Batch::count_changed_from_parent`]: the replies to the legal moves `moves` of `parent`,
/// each made on a copy of the parent changed where the move needs it. `moves` is whole vectors
/// of the backend's positions, at most eight (see [`counts_at_once`]).
#[inline(always)]
fn count_on_changed_parents<L: Lanes>(lanes: L, parent: &Board, moves: &[Move]) -> Option<u64> {
    // Each move on its own parent: the broadcast parent in every lane's columns, changed
    // where the move needs it. Most of such moves leave their parent as it is, so only the
    // changed lanes' bits are flipped, rather than a board made and copied into the columns
    // for every lane. The columns hold the boards mirrored (byte-swapped, as
    // the make takes them): the parent swapped once here on general registers, and a changed
    // lane's bits made mirrored, rather than every board of every vector swapped in each pass.
    let mut parents = [[0u64; 8]; 8];
    for (column, &bb) in parents.iter_mut().zip(parent) {
        *column = [swap_bytes(bb); 8];
    }
    let (mut from, mut to) = ([0u64; 8], [0u64; 8]);
    let may_double_push_beside = may_double_push_beside_enemy_pawn(parent);
    debug_assert!(counts_at_once(lanes, moves.len()));
    for (i, m) in moves.iter().enumerate() {
        let (source, target, kind_bits) = (m.source_index(), m.target_index(), m.kind_bits());
        // (`i < 8`, as the caller checked: the mask only spares the compiler a bounds check.)
        from[i & 7] = 1 << source;
        to[i & 7] = 1 << target;
        // (A double push moves two ranks up: most moves fail that first.)
        let double_push_beside = kind_bits == Move::RAW_NORMAL
            && may_double_push_beside
            && target == source + 16
            && double_push_beside_enemy_pawn(parent, 1 << source, 1 << target);
        if kind_bits == Move::RAW_NORMAL && !double_push_beside {
            continue;
        }
        let mut bits: Board = [0; 8];
        let plain_target = change_parent(
            &mut bits,
            parent,
            source,
            target,
            kind_bits,
            double_push_beside,
            true,
        )?;
        for (column, &bits) in parents.iter_mut().zip(&bits) {
            column[i & 7] ^= bits;
        }
        // Castling's plain move is the king's, to its own square.
        to[i & 7] = plain_target;
    }
    // What is known of the positions made from the changed parents: that of the parent, but
    // for a promotion's new man, which may be of a kind the parent's mover lacks (marked
    // present: a kind marked present that a position lacks only costs the count the work on
    // it). No other change touches what it knows: castling moves a rook of the mover's, en
    // passant takes a pawn and a double push marks rank 3, and the other king stays.
    const _: () = assert!(
        Move::RAW_PROMOTION == 4 && (Move::RAW_EN_PASSANT | Move::RAW_CASTLING) & 4 == 0,
        "only promotions have the kinds' bit 2"
    );
    let mut known = FromParent::of(parent);
    if moves
        .iter()
        .any(|m| m.kind_bits() & Move::RAW_PROMOTION != 0)
    {
        let present = &mut known.present;
        present.knights = true;
        // The parent's mover is the side not to move after its move (index 0, see
        // `FromParent::of`).
        present.orthogonal[0] = true;
        present.diagonal[0] = true;
    }
    Some(lanes.by_position(CountColumns {
        parents: &parents,
        from: &from,
        to: &to,
        moves: moves.len(),
        known: Some(known),
        mirrored: true,
    }))
}

/// The legal replies to the moves `from[i] -> to[i]` (`i < moves`, whole vectors of
/// positions) made in the boards `parents` (`parents[k][i]`: bitboard `k` of the position lane
/// `i`'s move is made in, byte-swapped where `mirrored`). `known`, where the boards were
/// changed from one parent, is what is known of them (see [`FromParent`] and [`with_copy`]).
struct CountColumns<'a> {
    parents: &'a [[u64; 8]; 8],
    from: &'a [u64; 8],
    to: &'a [u64; 8],
    moves: usize,
    known: Option<FromParent>,
    /// Whether `parents` are stored mirrored (see [`make_mirrored`]); the squares never are.
    mirrored: bool,
}

impl PositionJob for CountColumns<'_> {
    type Output = u64;

    #[inline(always)]
    fn run<P: PositionLanes>(self, lanes: P) -> u64 {
        with_copy(self.known, ColumnVectors { lanes, job: &self }).sum_lanes()
    }
}

/// [`CountColumns`]'s loop over its vectors, run by [`with_copy`].
struct ColumnVectors<'a, P: PositionLanes> {
    lanes: P,
    job: &'a CountColumns<'a>,
}

impl<P: PositionLanes> CopyJob<P> for ColumnVectors<'_, P> {
    // Not forced inline in unoptimised builds (`build.rs` says why): `with_copy`'s frame would
    // hold six copies of the loop's locals.
    #[cfg_attr(not(dirgolem_unoptimized), inline(always))]
    #[cfg_attr(dirgolem_unoptimized, inline)]
    fn run<const KINDS: u8>(self, present: Present, men: Option<KnownMen>) -> Positions<P> {
        let (lanes, job) = (self.lanes, self.job);
        let mut total = Positions::splat(lanes, 0);
        for chunk in 0..job.moves / P::LANES {
            // Loops, not `array::map`: its closure would not inherit the target features.
            let mut parents = [Positions::splat(lanes, 0); 8];
            for (vector, column) in parents.iter_mut().zip(job.parents) {
                *vector = Positions::load(lanes, column, chunk);
            }
            let from = Positions::load(lanes, job.from, chunk);
            let to = Positions::load(lanes, job.to, chunk);
            let made = if job.mirrored {
                make_mirrored(lanes, parents, from.swap_bytes(), to.swap_bytes())
            } else {
                make(lanes, parents, from, to)
            };
            total = total.add(count_by::<P, KINDS>(lanes, made, present, men));
        }
        total
    }
}

/// The legal replies to the plain moves `moves` of `parent` (whole vectors of positions), the
/// same board in every lane: vector after vector, with what is known of the parent settled once
/// for all of them (each call sets up the broadcast anew, so a parent's moves are counted in
/// one).
struct CountBroadcast<'a> {
    parent: &'a Board,
    moves: &'a [Move],
}

impl PositionJob for CountBroadcast<'_> {
    type Output = u64;

    #[inline(always)]
    fn run<P: PositionLanes>(self, lanes: P) -> u64 {
        debug_assert!(self.moves.len().is_multiple_of(P::LANES));
        let zero = Positions::splat(lanes, 0);
        // The parent mirrored once, on general registers (see `make_mirrored`).
        let mut parents = [zero; 8];
        for (vector, &bb) in parents.iter_mut().zip(self.parent) {
            *vector = Positions::splat(lanes, swap_bytes(bb));
        }
        let known = FromParent::of(self.parent);
        with_copy(
            Some(known),
            BroadcastVectors {
                lanes,
                job: &self,
                parents,
            },
        )
        .sum_lanes()
    }
}

/// [`CountBroadcast`]'s loop over the parent's vectors, with the parent mirrored and broadcast
/// (`parents`), run by [`with_copy`].
struct BroadcastVectors<'a, P: PositionLanes> {
    lanes: P,
    job: &'a CountBroadcast<'a>,
    parents: [Positions<P>; 8],
}

impl<P: PositionLanes> CopyJob<P> for BroadcastVectors<'_, P> {
    // Not forced inline in unoptimised builds (`build.rs` says why): `with_copy`'s frame would
    // hold six copies of the loop's locals.
    #[cfg_attr(not(dirgolem_unoptimized), inline(always))]
    #[cfg_attr(dirgolem_unoptimized, inline)]
    fn run<const KINDS: u8>(self, present: Present, men: Option<KnownMen>) -> Positions<P> {
        let (lanes, parent, moves) = (self.lanes, self.job.parent, self.job.moves);
        // On most parents no move can be a double push beside an enemy pawn, and the moves
        // are not looked at for one.
        let may_double_push_beside = may_double_push_beside_enemy_pawn(parent);
        let their_pawns = parent[PAWNS] & parent[THEM];
        let mut total = Positions::splat(lanes, 0);
        for vector in moves.chunks_exact(P::LANES) {
            let mut words = [0u16; 8];
            for (word, m) in words.iter_mut().zip(vector) {
                *word = m.to_bits();
            }
            let (from, to) = Positions::move_squares(lanes, &words, 0);
            // `double_push_beside_enemy_pawn` for the vector's moves at once (a union, so true
            // exactly when it is for one of them): on the vectors of squares where the backend
            // makes them there, on general registers from the words elsewhere.
            let double_pushed_beside = may_double_push_beside
                && if P::MOVE_SQUARES_IN_VECTORS {
                    let pawns = Positions::splat(lanes, parent[PAWNS]);
                    let double_pushes = to & (from & pawns).shift_all(16);
                    let beside = (double_pushes.shift_all(1) & Positions::splat(lanes, NOT_FILE_A))
                        | (double_pushes.shift_all(-1) & Positions::splat(lanes, NOT_FILE_H));
                    (beside & Positions::splat(lanes, their_pawns)).any()
                } else {
                    let mut double_pushes = 0;
                    for &word in &words[..P::LANES] {
                        let (source, target) = word_squares(word);
                        double_pushes |= target & (source & parent[PAWNS]) << 16;
                    }
                    double_push_beside_enemy_pawn(parent, double_pushes >> 16, double_pushes)
                };
            let mut parents = self.parents;
            if double_pushed_beside {
                // The en passant square each such move leaves (see `change_parent`),
                // mirrored, by lane: added to the parent's special squares in its lane, which
                // the make keeps on the mirrored rank 6.
                let mut en_passant = [0u64; 8];
                for (square, &word) in en_passant.iter_mut().zip(&words[..P::LANES]) {
                    let (source, target) = word_squares(word);
                    if double_push_beside_enemy_pawn(parent, source, target) {
                        *square = swap_bytes(square_after_double_push(parent, source, target));
                    }
                }
                parents[SPECIAL] = parents[SPECIAL] | Positions::load(lanes, &en_passant, 0);
            }
            let made = make_mirrored(lanes, parents, from.swap_bytes(), to.swap_bytes());
            total = total.add(count_by::<P, KINDS>(lanes, made, present, men));
        }
        total
    }
}

/// The from and to squares, as one-square bitboards, of the move whose
/// [`Move::to_bits`] word is `word`.
#[inline(always)]
fn word_squares(word: u16) -> (u64, u64) {
    (1 << (word & 63), 1 << (word >> 6 & 63))
}

/// A legal move as the vector make takes it: the plain move `from -> to` (one-square
/// bitboards) made in `parent`, a board that already holds whatever else the move changes.
struct PlainMove {
    parent: Board,
    from: u64,
    to: u64,
}

/// The legal move `from -> to` of kind `kind_bits` (relative squares) of `parent` as a plain
/// move ([`PlainMove`]): its parent changed by [`change_parent`]. `None` for a castling
/// [`made_ahead`].
#[inline(always)]
fn as_plain_move(parent: &Board, from: u32, to: u32, kind_bits: u16) -> Option<PlainMove> {
    let mut board = *parent;
    let double_push_beside = double_push_beside_enemy_pawn(parent, 1 << from, 1 << to);
    let target = change_parent(
        &mut board,
        parent,
        from,
        to,
        kind_bits,
        double_push_beside,
        false,
    )?;
    Some(PlainMove {
        parent: board,
        from: 1 << from,
        to: target,
    })
}

/// Makes on `board` what the legal move `from -> to` of kind `kind_bits` (relative squares) of
/// `parent` changes ahead of its plain move, the move the vector make makes, and returns that
/// move's target square (a one-square bitboard): a promotion is the new man's move (the pawn
/// changed into it on its square first); en passant, the pawn's move to an empty square (the
/// captured pawn taken first); castling, the king's move (the rook moved first; the king's
/// move ends the rights); a double push, itself on a parent that holds the en passant square
/// it leaves, on rank 3 (the vector make keeps it). Every change sets or clears a square that
/// the parent has the other way, so made on an empty board, they are the bits that change.
/// `double_push_beside` is [`double_push_beside_enemy_pawn`] of the move (read for a normal
/// move only), which the callers know already: one of them tests it before it comes here.
/// Where `mirrored`, `board` is mirrored (byte-swapped, as the vector make takes it), and so
/// is every square the changes touch on it; the move's squares and the target returned never
/// are. `None` for a castling [`made_ahead`].
#[inline(always)]
fn change_parent(
    board: &mut Board,
    parent: &Board,
    from: u32,
    to: u32,
    kind_bits: u16,
    double_push_beside: bool,
    mirrored: bool,
) -> Option<u64> {
    let on_board = |squares: u64| {
        if mirrored {
            swap_bytes(squares)
        } else {
            squares
        }
    };
    let from_bb = 1u64 << from;
    let to_bb = 1u64 << to;
    let mut target = to_bb;
    // Promotions first, by their bit: tests of the kind for equality alone become a jump table
    // on it, which the kinds of a parent's last moves (promotions in turn, castlings) mispredict
    // nearly every time.
    const _: () = assert!(
        Move::RAW_PROMOTION == 4 && (Move::RAW_EN_PASSANT | Move::RAW_CASTLING) & 4 == 0,
        "only promotions have the kinds' bit 2"
    );
    if kind_bits & Move::RAW_PROMOTION != 0 {
        promote(board, on_board(from_bb), kind_bits);
    } else if kind_bits == Move::RAW_NORMAL {
        if double_push_beside {
            board[SPECIAL] |= on_board(square_after_double_push(parent, from_bb, to_bb));
        }
    } else if kind_bits == Move::RAW_CASTLING {
        if made_ahead(from, to, kind_bits) {
            return None;
        }
        let (king_to, rook_to) = castling_squares(from, to);
        let rook = on_board(to_bb ^ 1 << rook_to);
        board[US] ^= rook;
        board[ORTHOGONAL] ^= rook;
        target = 1 << king_to;
    } else {
        take_en_passant_pawn(board, on_board(en_passant_pawn(to_bb)));
    }
    Some(target)
}

/// Whether the move `from -> to` of kind `kind_bits` is made ahead (see [`Batch::push`]): a
/// castling whose king starts where the king or the rook ends (Chess960), which a plain move
/// of the king cannot express.
#[inline(always)]
fn made_ahead(from: u32, to: u32, kind_bits: u16) -> bool {
    if kind_bits != Move::RAW_CASTLING {
        return false;
    }
    let (king_to, rook_to) = castling_squares(from, to);
    (1u64 << king_to | 1u64 << rook_to) >> from & 1 != 0
}

/// `lines[l]`: the squares on line `l` (ray direction `l` and its opposite `l + 4`) through
/// the squares of `kings`, on an empty board.
#[inline(always)]
pub(super) fn king_lines(kings: u64) -> [u64; 4] {
    if kings & kings.wrapping_sub(1) == 0 {
        // One king, as in every position of a game, by a look-up. None (a board a caller made
        // without one) gives the lines of a1: with no king in any lane, no king ray is on them.
        return LINES[kings.trailing_zeros() as usize & 63];
    }
    let mut lines = [0; 4];
    let mut left = kings;
    while left != 0 {
        let sq = left.trailing_zeros() as usize;
        for (l, line) in lines.iter_mut().enumerate() {
            *line |= LINES[sq][l];
        }
        left &= left - 1;
    }
    lines
}

/// What the count knows of positions made from one parent (the same board in every lane)
/// before the moves are made: the mover's men are the parent's, and a move that is not made
/// ahead takes at most one man of the side then to move.
#[derive(Clone, Copy)]
struct FromParent {
    /// The men of the side to move (the parent's other side) that the count looks up, where
    /// it has one king, as in every position of a game, and at most two knights: `None`
    /// elsewhere.
    men: Option<KnownMen>,
    /// The kinds of men of the parent: some of them may be gone after a capture, which only
    /// costs the count the work on an absent kind.
    present: Present,
}

impl FromParent {
    #[inline(always)]
    fn of(parent: &Board) -> FromParent {
        // The side to move after the move is the parent's `THEM`, seen from its side.
        let (theirs, ours) = (parent[US], parent[THEM]);
        let (orthogonal, diagonal) = (parent[ORTHOGONAL], parent[DIAGONAL]);
        // Its rights are on the parent's eighth rank (the first once mirrored).
        let rights = parent[SPECIAL] & RANK_8;
        FromParent::new(
            parent[KINGS] & ours,
            parent[KNIGHTS] & ours,
            orthogonal & ours,
            rights,
            Present::of_men(
                parent[KNIGHTS],
                [orthogonal & theirs, orthogonal & ours],
                [diagonal & theirs, diagonal & ours],
                rights,
            ),
        )
    }

    /// What is known of the positions made from the parents of a full batch's columns
    /// (`parents[k][i]`: bitboard `k` of lane `i`'s parent, not mirrored), as of one parent
    /// ([`FromParent::of`]) where every lane's parent has the same king of the side to move
    /// after the move: the union of the lanes' knights of that side (a knight in some lanes
    /// only is one the count finds gone in the others, as one a capture took), of their
    /// castling rights (a right marked where a lane lacks it only leaves less out of the
    /// count, see [`their_reach`]) and of the kinds of men present. `None` where the kings
    /// differ.
    #[inline(always)]
    fn of_columns(parents: &[[u64; 8]; 8]) -> Option<FromParent> {
        let king = parents[KINGS][0] & parents[THEM][0];
        let mut kings_differ = 0;
        for (&kings, &ours) in parents[KINGS].iter().zip(&parents[THEM]) {
            kings_differ |= (kings & ours) ^ king;
        }
        if kings_differ != 0 {
            return None;
        }
        let (mut our_knights, mut knights, mut rights) = (0, 0, 0);
        for (&lane_knights, &ours) in parents[KNIGHTS].iter().zip(&parents[THEM]) {
            our_knights |= lane_knights & ours;
            knights |= lane_knights;
        }
        for &special in &parents[SPECIAL] {
            rights |= special;
        }
        // `[theirs, ours]`, as in `Present`.
        let (mut orthogonal, mut diagonal) = ([0; 2], [0; 2]);
        let sides = parents[US].iter().zip(&parents[THEM]);
        for ((&lane_orthogonal, &lane_diagonal), (&theirs, &ours)) in parents[ORTHOGONAL]
            .iter()
            .zip(&parents[DIAGONAL])
            .zip(sides)
        {
            orthogonal[0] |= lane_orthogonal & theirs;
            orthogonal[1] |= lane_orthogonal & ours;
            diagonal[0] |= lane_diagonal & theirs;
            diagonal[1] |= lane_diagonal & ours;
        }
        let rights = rights & RANK_8;
        Some(FromParent::new(
            king,
            our_knights,
            orthogonal[1],
            rights,
            Present::of_men(knights, orthogonal, diagonal, rights),
        ))
    }

    /// What is known from the king, the knights, the orthogonal sliders and the castling rights
    /// (on the eighth rank) of the side to move after the move, as the parent has them (not
    /// mirrored), and the kinds of men `present`.
    #[inline(always)]
    fn new(king: u64, knights: u64, orthogonal: u64, rights: u64, present: Present) -> FromParent {
        let (king, knights, rights) = (swap_bytes(king), swap_bytes(knights), swap_bytes(rights));
        let second_knight = knights & knights.wrapping_sub(1);
        let at_most_two_knights = second_knight & second_knight.wrapping_sub(1) == 0;
        FromParent {
            // (An `if`, not `bool::then`: a closure's call is not inlined into an entry point
            // whose target features the closure lacks.)
            men: if king.is_power_of_two() && at_most_two_knights {
                Some(KnownMen {
                    lines: king_lines(king),
                    king,
                    knights: [knights ^ second_knight, second_knight],
                    one_orthogonal: orthogonal & orthogonal.wrapping_sub(1) == 0,
                    reach: their_reach(king, rights),
                })
            } else {
                None
            },
            present,
        }
    }
}

/// What the count knows of the men of the side to move where the positions are made from one
/// parent: the parent's, but for one a capture may take.
#[derive(Clone, Copy)]
struct KnownMen {
    /// The lines through the king, see [`king_lines`].
    lines: [u64; 4],
    /// The king, a one-square bitboard.
    king: u64,
    /// The knights of the side to move before the move (one may be taken), a one-square
    /// bitboard each, or zero for none.
    knights: [u64; 2],
    /// Whether the side to move has at most one orthogonal slider (one a capture may take):
    /// its four direction sets are then disjoint, and their union counts its moves.
    one_orthogonal: bool,
    /// Where the opponent's men must stand for their attacks to matter to the count, see
    /// [`their_reach`].
    reach: &'static Reach,
}

/// Where the opponent's men must stand, on an empty board, to attack a square of a set: for a
/// slider moving in each ray direction, for a knight and for the king.
struct Reach {
    /// `sliders[d]`: for a slider moving in ray direction `d`.
    sliders: [u64; 8],
    knights: u64,
    king: u64,
}

/// Where the opponent's men must stand, on an empty board, to attack a square that the count
/// of the positions with our king on `king` (a one-square bitboard) and castling rights
/// `rights` (on our first rank) reads of the opponent's attacks: those the king stands on or
/// steps to, and those castling crosses. The count reads them there only, and the squares
/// between a pinning or checking slider and the king are on the king's lines, so a man
/// elsewhere changes no count: the opponent's king, its knights and its sliders moving in a
/// direction are left out where no lane has one where it reaches. Castling from e1 with the
/// rooks of a1 and h1 crosses c1 to g1; any other castling (Chess960) reads the attacks on the
/// whole first rank, and then nothing is left out.
#[inline(always)]
fn their_reach(king: u64, rights: u64) -> &'static Reach {
    if rights == 0 {
        &THEIR_REACH[king.trailing_zeros() as usize & 63]
    } else if king == E1 && rights & !(A1 | H1) == 0 {
        &THEIR_REACH_CASTLING_FROM_E1
    } else {
        &EVERY_SQUARE_EVERY_WAY
    }
}

/// [`their_reach`] of a king on each square, without castling rights.
static THEIR_REACH: [Reach; 64] = {
    let mut table = [const { reach_of(0) }; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = reach_of(KING[sq] | 1 << sq);
        sq += 1;
    }
    table
};

/// [`their_reach`] of a king on e1 that may castle with the rooks on a1 and h1.
static THEIR_REACH_CASTLING_FROM_E1: Reach = reach_of(KING[4] | E1 | C1 | G1);

/// [`their_reach`] where castling may cross any square of the first rank: nothing left out.
static EVERY_SQUARE_EVERY_WAY: Reach = Reach {
    sliders: [!0; 8],
    knights: !0,
    king: !0,
};

/// Where the opponent's men attack a square of `squares` from, on an empty board.
const fn reach_of(squares: u64) -> Reach {
    let mut reach = Reach {
        sliders: [0; 8],
        knights: 0,
        king: 0,
    };
    let mut left = squares;
    while left != 0 {
        let sq = left.trailing_zeros() as usize;
        let mut d = 0;
        while d < 8 {
            reach.sliders[d] |= RAYS[opposite(d)][sq];
            d += 1;
        }
        reach.knights |= KNIGHT[sq];
        reach.king |= KING[sq];
        left &= left - 1;
    }
    reach
}

/// Work that counts made boards with one copy of the count, [`count_by`]`::<P, KINDS>`, chosen
/// by [`with_copy`] from what is known of them; `present` and `men` are to be handed to it.
trait CopyJob<P: PositionLanes> {
    fn run<const KINDS: u8>(self, present: Present, men: Option<KnownMen>) -> Positions<P>;
}

/// Runs `job` with the copy of [`count_legal`] that suits what is `known` of the boards it
/// counts: where they were made from one parent, what is known of them from it (see
/// [`FromParent`]); elsewhere ([`KINDS_IN_VECTORS`]) the count finds out which kinds of men
/// the boards hold. A caller that counts several vectors of boards with the same `known`
/// puts its loop over them in `job`, so that the copy is chosen once and each copy's loop sets
/// up only its own invariants (one loop around all the copies set up every copy's, most of
/// them spilled to the stack, for every call).
#[inline(always)]
fn with_copy<P: PositionLanes, J: CopyJob<P>>(known: Option<FromParent>, job: J) -> Positions<P> {
    // (A board with other than one king of the side to move, never in a game, or with more
    // than two knights, is counted as one whose parent is not known.)
    if let Some(known) = known
        && let Some(men) = known.men
    {
        // Flags on general registers, known once for all the parent's moves. Where every kind
        // of man is present, the castling flag is made a constant of its own copy of the
        // count: a branch on it in the one copy costs spills around it.
        let present = known.present;
        let one_orthogonal = men.one_orthogonal;
        let men = Some(men);
        return if !present.every_man() {
            // Rooks, kings and pawns alone (as in many endgames), without castling rights:
            // the copy without the work on knights and diagonal sliders and their sets'
            // adders. Here only, where the flags are the parent's: in the shared batch's
            // columns (flags from vector tests) the copy slowed the positions that never
            // take it.
            if present.orthogonal_only() {
                // And of those, a side to move with at most one rook (position 3, many rook
                // endgames): the copy that counts its four direction sets as one.
                if one_orthogonal {
                    job.run::<ONE_ROOK>(present, men)
                } else {
                    job.run::<ORTHOGONAL_ONLY>(present, men)
                }
            } else {
                job.run::<SOME_KINDS>(present, men)
            }
        } else if present.castling {
            job.run::<EVERY_KIND>(Present::EVERY_MAN_CASTLING, men)
        } else {
            let present = Present {
                castling: false,
                ..Present::EVERY_MAN_CASTLING
            };
            job.run::<EVERY_KIND>(present, men)
        };
    }
    job.run::<KINDS_IN_VECTORS>(Present::EVERY_MAN_CASTLING, None)
}

/// [`count_legal`]`::<P, KINDS>` of the boards `b`, or where `KINDS` is [`KINDS_IN_VECTORS`]
/// (nothing known of them), the copy that suits the kinds of men the vectors hold.
#[inline(always)]
fn count_by<P: PositionLanes, const KINDS: u8>(
    lanes: P,
    b: [Positions<P>; 8],
    present: Present,
    men: Option<KnownMen>,
) -> Positions<P> {
    if KINDS != KINDS_IN_VECTORS {
        return count_legal::<P, KINDS>(lanes, b, present, men);
    }
    // Which kinds of men occur at all; where every kind does (most middlegames) the count
    // runs without the branches that skip absent kinds. That case is tested first by a chain
    // of branches, a vector test each: flags kept for later would each be reduced to a
    // general register, several instructions more. Only where the chain fails are the flags
    // made (knights first, the kind most often absent: in many endgames).
    let knights = b[KNIGHTS].any();
    let (theirs, ours) = (b[THEM], b[US]);
    let (orthogonal, diagonal) = (b[ORTHOGONAL], b[DIAGONAL]);
    if knights
        && (orthogonal & theirs).any()
        && (orthogonal & ours).any()
        && (diagonal & theirs).any()
        && (diagonal & ours).any()
    {
        count_legal::<P, EVERY_KIND>(lanes, b, Present::EVERY_MAN_CASTLING, None)
    } else {
        let present = Present {
            knights,
            orthogonal: [(orthogonal & theirs).any(), (orthogonal & ours).any()],
            diagonal: [(diagonal & theirs).any(), (diagonal & ours).any()],
            castling: (b[SPECIAL] & Positions::splat(lanes, RANK_1)).any(),
        };
        count_legal::<P, SOME_KINDS>(lanes, b, present, None)
    }
}

/// The positions after the moves `from -> to` made in the boards `parents` (vectors by
/// bitboard kind, lane `i` holding position `i`), each seen from its side to move (colours
/// swapped, ranks mirrored by a byte swap of every lane).
#[inline(always)]
fn make<P: PositionLanes>(
    lanes: P,
    parents: [Positions<P>; 8],
    from: Positions<P>,
    to: Positions<P>,
) -> [Positions<P>; 8] {
    let mut mirrored = parents;
    for board in &mut mirrored {
        *board = board.swap_bytes();
    }
    make_mirrored(lanes, mirrored, from.swap_bytes(), to.swap_bytes())
}

/// [`make`] of the boards and squares mirrored already (every lane byte-swapped, as a parent
/// broadcast to every lane is once for all its moves, on a general register): the make's
/// operations are bitwise, so they give the same on mirrored boards, with the ranks of its
/// masks mirrored.
#[inline(always)]
fn make_mirrored<P: PositionLanes>(
    lanes: P,
    parents: [Positions<P>; 8],
    from: Positions<P>,
    to: Positions<P>,
) -> [Positions<P>; 8] {
    let from_to = from | to;
    let mut made = [from; 8];
    for (made, &before) in made[PAWNS..SPECIAL]
        .iter_mut()
        .zip(&parents[PAWNS..SPECIAL])
    {
        // Whatever stood on `to` is captured; the mover's board (one or two kinds: a queen
        // is on both slider boards) moves its bit.
        let holds_not = (before & from).zero_mask();
        *made = before.and_not(to) ^ from_to.and_not(holds_not);
    }
    made[US] = parents[THEM].and_not(to);
    made[THEM] = parents[US] ^ from_to;
    // Castling rights end for a rook that moves or is captured, and both for a king that
    // moves (the mover's rights: on its first rank, the eighth once mirrored); the en passant
    // square ends. Rank 3 keeps the en passant square of a move made ahead (rank 6 once
    // mirrored).
    let mover_rights = Positions::splat(lanes, RANK_8);
    let king_moved = mover_rights.and_not((parents[KINGS] & from).zero_mask());
    made[SPECIAL] = (parents[SPECIAL] & Positions::splat(lanes, RANK_8 | RANK_6 | RANK_1))
        .and_not(from_to | king_moved);
    made
}

/// Which kinds of men some lane of a batch has: knights (either side), orthogonal and
/// diagonal sliders (`[theirs, ours]`); and whether some lane has a castling right. A kind
/// may be marked present where no lane has it (the count then does work for nothing), never
/// the other way.
#[derive(Clone, Copy)]
struct Present {
    knights: bool,
    orthogonal: [bool; 2],
    diagonal: [bool; 2],
    castling: bool,
}

impl Present {
    /// The kinds among the men given: `knights` of either side, `orthogonal` and `diagonal`
    /// sliders (`[theirs, ours]`), and castling `rights`.
    #[inline(always)]
    fn of_men(knights: u64, orthogonal: [u64; 2], diagonal: [u64; 2], rights: u64) -> Present {
        Present {
            knights: knights != 0,
            orthogonal: [orthogonal[0] != 0, orthogonal[1] != 0],
            diagonal: [diagonal[0] != 0, diagonal[1] != 0],
            castling: rights != 0,
        }
    }

    /// Whether every kind of man is present, so that the count need not skip any.
    #[inline(always)]
    fn every_man(self) -> bool {
        self.knights
            && self.orthogonal[0]
            && self.orthogonal[1]
            && self.diagonal[0]
            && self.diagonal[1]
    }

    /// Whether no lane has knights, diagonal sliders or a castling right, so that the count
    /// may run its copy for orthogonal sliders, kings and pawns alone.
    #[inline(always)]
    fn orthogonal_only(self) -> bool {
        !(self.knights || self.diagonal[0] || self.diagonal[1] || self.castling)
    }

    /// Every kind of man, and castling rights, present.
    const EVERY_MAN_CASTLING: Present = Present {
        knights: true,
        orthogonal: [true; 2],
        diagonal: [true; 2],
        castling: true,
    };
}

/// The copies of [`count_legal`], by what it may assume of the kinds of men (its `KINDS`):
/// every kind present, so that nothing is skipped;
const EVERY_KIND: u8 = 0;
/// the kinds [`Present`] marks absent skipped, each by a branch;
const SOME_KINDS: u8 = 1;
/// no knights, no diagonal sliders and no castling right in any lane
/// ([`Present::orthogonal_only`]), their work left out of the copy; orthogonal sliders as
/// [`SOME_KINDS`].
const ORTHOGONAL_ONLY: u8 = 2;
/// [`ORTHOGONAL_ONLY`], and at most one rook of ours in every lane
/// ([`KnownMen::one_orthogonal`], as in many rook endgames): its four direction sets are
/// disjoint, so their union is counted as one set.
const ONE_ROOK: u8 = 3;
/// Not a copy of [`count_legal`]'s: for [`count_by`], nothing known, the copy chosen by the
/// kinds of men found in the vectors.
const KINDS_IN_VECTORS: u8 = 4;

/// Lane-wise sliding attacks in the one ray direction `d` from `sliders` over `empty` (every
/// lane a position; [`super::directions::slide`] fills every direction, one per lane).
/// `sliders` must be occupied squares (not in `empty`).
#[inline(always)]
pub(super) fn slide_towards<P: PositionLanes>(
    lanes: P,
    d: usize,
    sliders: Positions<P>,
    empty: Positions<P>,
) -> Positions<P> {
    if d == E || (d == W && P::MIRRORS_FILES) {
        // Along a rank towards the h-file, subtraction fills for all sliders at once: taking
        // twice a slider from the blockers borrows through the empty squares above it up to
        // the first blocker, so the bits that change are its attacks. The h-file counts as
        // blocked (attacked squares stop there anyway), so no borrow leaves its rank; a
        // slider on the h-file has no such attacks and is left out. Towards the a-file, on a
        // backend that mirrors files cheaply, the same on the mirrored boards.
        let mirrored = d == W;
        let (sliders, empty) = if mirrored {
            (sliders.mirror_files(), empty.mirror_files())
        } else {
            (sliders, empty)
        };
        let blockers = (empty & Positions::splat(lanes, NOT_FILE_H)) ^ Positions::splat(lanes, !0);
        let doubled = (sliders & Positions::splat(lanes, NOT_FILE_H)).shift_all(1);
        let attacks = blockers ^ blockers.sub(doubled);
        return if mirrored {
            attacks.mirror_files()
        } else {
            attacks
        };
    }
    let step = RAY_STEP[d];
    let landing = Positions::splat(lanes, RAY_LANDING[d]);
    let mut propagate = empty & landing;
    let mut filled = sliders;
    filled = filled | (propagate & filled.shift_all(step));
    propagate = propagate & propagate.shift_all(step);
    filled = filled | (propagate & filled.shift_all(2 * step));
    propagate = propagate & propagate.shift_all(2 * step);
    filled = filled | (propagate & filled.shift_all(4 * step));
    filled.shift_all(step) & landing
}

/// The king's ray in direction `d`: [`slide_towards`] from `king`, up to and with the first
/// man, `occupied` being the men and `empty` the rest.
///
/// Where the king is `known` (a one-square bitboard: the same square in every lane, as in
/// the positions made from one parent), by one subtraction ([`ray_to_first_man`]) instead of
/// a fill: towards higher squares always, towards lower ones on the bit-reversed boards where
/// the backend reverses cheaply ([`PositionLanes::MIRRORS_FILES`]).
///
/// On vectors of four positions (AVX2), a shortcut instead, known king or not: a ray whose
/// first step is blocked (or off the board) in every lane, as a king behind its own men mostly
/// is, is that one step, and the fill is not needed (one test for the whole vector). There the
/// shortcut is the faster of the two (BENCHMARKS.md, "Bulk perft: the known king (session
/// 28)"). On two (SSE2, NEON) the fills are short enough that the shortcut's branch costs more
/// than it saves, and AVX-512's eight kept their code as it was. (Tried for the sliders' rays
/// too: there the test costs more than the fills it saves, except in the opening.)
#[inline(always)]
pub(super) fn king_ray<P: PositionLanes>(
    lanes: P,
    d: usize,
    king: Positions<P>,
    known: Option<u64>,
    empty: Positions<P>,
    occupied: Positions<P>,
) -> Positions<P> {
    if P::LANES == 4 {
        if d != E {
            let first = step(king, d, lanes);
            if !(first & empty).any() {
                return first;
            }
        }
    } else if let Some(known) = known {
        let ray = RAYS[d][known.trailing_zeros() as usize & 63];
        if RAY_STEP[d] > 0 {
            return ray_to_first_man(lanes, ray, known, occupied);
        }
        if P::MIRRORS_FILES {
            let reversed = ray_to_first_man(
                lanes,
                ray.reverse_bits(),
                known.reverse_bits(),
                occupied.reverse_bits(),
            );
            return reversed.reverse_bits();
        }
    }
    slide_towards(lanes, d, king, empty)
}

/// The squares of `ray` (towards higher squares from `king`, a one-square bitboard, the same in
/// every lane) up to and with the first man of `occupied`, all of it where none stands on it:
/// as a single slider's attacks along a line. In `o - 2 * king`, where `o` is the men on the
/// ray, the borrow runs from the square after the king through the empty squares up to the
/// nearest man, so the bits that change, masked to the ray, are the squares up to that man.
#[inline(always)]
fn ray_to_first_man<P: PositionLanes>(
    lanes: P,
    ray: u64,
    king: u64,
    occupied: Positions<P>,
) -> Positions<P> {
    let ray = Positions::splat(lanes, ray);
    let on_ray = occupied & ray;
    // (`king << 1` is zero for a king on h8, which has no ray towards higher squares.)
    (on_ray ^ on_ray.sub(Positions::splat(lanes, king << 1))) & ray
}

/// Lane-wise one step in ray direction `d`.
#[inline(always)]
fn step<P: PositionLanes>(x: Positions<P>, d: usize, lanes: P) -> Positions<P> {
    x.shift_all(RAY_STEP[d]) & Positions::splat(lanes, RAY_LANDING[d])
}

/// Lane-wise knight jumps in knight direction `k`.
#[inline(always)]
fn jump<P: PositionLanes>(x: Positions<P>, k: usize, lanes: P) -> Positions<P> {
    x.shift_all(KNIGHT_STEP[k]) & Positions::splat(lanes, KNIGHT_LANDING[k])
}

/// Lane-wise union of the knight attacks of `x`.
#[inline(always)]
fn knight_attacks<P: PositionLanes>(x: Positions<P>, lanes: P) -> Positions<P> {
    let one = (x.shift_all(1) & Positions::splat(lanes, NOT_FILE_A))
        | (x.shift_all(-1) & Positions::splat(lanes, NOT_FILE_H));
    let two = (x.shift_all(2) & Positions::splat(lanes, NOT_AB))
        | (x.shift_all(-2) & Positions::splat(lanes, NOT_GH));
    one.shift_all(16) | one.shift_all(-16) | two.shift_all(8) | two.shift_all(-8)
}

/// Lane-wise king attacks of `x`.
#[inline(always)]
fn king_attacks<P: PositionLanes>(x: Positions<P>, lanes: P) -> Positions<P> {
    let sideways = (x.shift_all(1) & Positions::splat(lanes, NOT_FILE_A))
        | (x.shift_all(-1) & Positions::splat(lanes, NOT_FILE_H));
    let row = sideways | x;
    sideways | row.shift_all(8) | row.shift_all(-8)
}

/// The promotion targets of the three pawn target sets in one: ranks 8, 7 and 6 of it for
/// the pushes, the captures north-east and north-west. Each counts three more moves.
#[inline(always)]
fn promotion_targets<P: PositionLanes>(
    pawn_n: Positions<P>,
    pawn_ne: Positions<P>,
    pawn_nw: Positions<P>,
    lanes: P,
) -> Positions<P> {
    let rank_8 = Positions::splat(lanes, RANK_8);
    (pawn_n & rank_8) | (pawn_ne & rank_8).shift_all(-8) | (pawn_nw & rank_8).shift_all(-16)
}

/// The number of legal moves of each board of `b` (vectors by bitboard kind, each board relative to
/// its side to move as usual), lane by lane: the caller sums the lanes once for all the vectors it
/// counts ([`Tally::lane_totals`] says why). Same rules as [`super::generate`], phase by phase.
/// `known`, where the positions were made from one parent, is what is known of the men of the side
/// to move ([`KnownMen`]), the same in every lane. A line through its king on which no lane has an
/// enemy slider of its kind then holds no pin and no check, and the king's rays along it are not
/// computed; the others are computed by [`king_ray`] with the king known. The squares the king is
/// checked from by pawns and knights, those it steps to, and our knights' targets are then
/// look-ups, not shifts of the vectors; and the opponent's king, knights and sliders of a direction
/// are left out where no lane has one that could reach a square whose attacks the count reads
/// ([`their_reach`]).
// Not forced inline in unoptimised builds (`build.rs` says why).
#[cfg_attr(not(dirgolem_unoptimized), inline(always))]
#[cfg_attr(dirgolem_unoptimized, inline)]
fn count_legal<P: PositionLanes, const KINDS: u8>(
    lanes: P,
    b: [Positions<P>; 8],
    present: Present,
    known: Option<KnownMen>,
) -> Positions<P> {
    let skip_absent = KINDS != EVERY_KIND;
    let orthogonal_only = KINDS == ORTHOGONAL_ONLY || KINDS == ONE_ROOK;
    // Macros, no closures: a closure would not inherit the entry point's target features,
    // and its vector operations would become calls. The loops over lines and directions are
    // unrolled by `unroll!`: as loops (too long for the compiler to unroll) their shifts
    // would take their counts from memory and branch on their signs.
    macro_rules! splat {
        ($x:expr) => {
            Positions::splat(lanes, $x)
        };
    }
    let (us, them) = (b[US], b[THEM]);
    let (pawns, knights, kings) = (b[PAWNS], b[KNIGHTS], b[KINGS]);
    let (diagonal, orthogonal) = (b[DIAGONAL], b[ORTHOGONAL]);
    // Zero in every lane in the copy without them: as constants, the make of their boards
    // and every set and adder made from them fold away.
    let (knights, diagonal) = if orthogonal_only {
        (splat!(0), splat!(0))
    } else {
        (knights, diagonal)
    };
    let occupied = us | them;
    let empty = occupied ^ splat!(!0);
    let king = kings & us;

    // Phases 1 and 2, line by line (a line is direction `l` with its opposite `l + 4`) so
    // that few vectors are live at once: opponent attacks (their sliders up to our king,
    // and the square behind it); our king as a super piece; the in-between sets per line
    // (pins and check-blocking squares) and the sliding checkers. Work for a kind of man that
    // no lane has (knights, or sliders of one line kind, as in many endgames) is skipped: one
    // branch per batch, taken the same way across a whole subtree.
    let zero = splat!(0);
    let their_orthogonal = orthogonal & them;
    let their_diagonal = diagonal & them;
    let any_knights = !orthogonal_only && (!skip_absent || present.knights);
    let their_pawns = pawns & them;
    let mut their_attacks = (their_pawns.shift_all(-7) & splat!(NOT_FILE_A))
        | (their_pawns.shift_all(-9) & splat!(NOT_FILE_H));
    // Where the king is known, the opponent's king and knights are left out where no lane has
    // one standing where it could reach a square the count reads (see [`their_reach`]); a
    // knight that checks is among those.
    let their_king = kings & them;
    their_attacks = match known {
        Some(known) if !(their_king & splat!(known.reach.king)).any() => their_attacks,
        _ => their_attacks | king_attacks(their_king, lanes),
    };
    // Where the king is known, the squares it is checked from by a pawn or a knight, and
    // those it steps to, are the same in every lane: a look-up, not shifts of the vectors.
    let king_known = known.map(|known| known.king);
    let king_square = king_known.map(|king| king.trailing_zeros() as usize & 63);
    let pawn_checks = match king_known {
        Some(king) => splat!(pawn_attacks_north(king)),
        None => (king.shift_all(9) & splat!(NOT_FILE_A)) | (king.shift_all(7) & splat!(NOT_FILE_H)),
    };
    let mut checkers = pawn_checks & their_pawns;
    let their_knights = knights & them;
    let knights_near = match known {
        Some(known) => (their_knights & splat!(known.reach.knights)).any(),
        None => true,
    };
    if any_knights && knights_near {
        their_attacks = their_attacks | knight_attacks(their_knights, lanes);
        let knight_checks = match king_square {
            Some(square) => splat!(KNIGHT[square]),
            None => knight_attacks(king, lanes),
        };
        checkers = checkers | (knight_checks & their_knights);
    }
    let their_sliders = [their_orthogonal, their_diagonal];
    let theirs_present = [
        !skip_absent || present.orthogonal[0],
        !orthogonal_only && (!skip_absent || present.diagonal[0]),
    ];
    let mut line_between = [zero; 4];
    // Where the backend fills our rays early: as if no slider of ours were pinned.
    let mut our_fills = [zero; 8];
    unroll!(l in 0 1 2 3 => {
        if P::FILLS_OURS_EARLY
            && (!skip_absent || [present.orthogonal[1], present.diagonal[1]][l % 2])
            && !(orthogonal_only && l % 2 == 1)
        {
            let sliders = [orthogonal & us, diagonal & us][l % 2];
            our_fills[l] = slide_towards(lanes, l, sliders, empty);
            our_fills[l + 4] = slide_towards(lanes, l + 4, sliders, empty);
        }
        if theirs_present[l % 2] {
            let sliders = their_sliders[l % 2];
            // Where the king is known, a direction in which no lane has a slider that could
            // reach a square the count reads ([`their_reach`]) is not filled. (Each test next
            // to its branch: a flag kept across the other fill is reduced to a general
            // register, several instructions more.)
            let theirs_forward = match known {
                Some(known) if !(sliders & splat!(known.reach.sliders[l])).any() => zero,
                _ => slide_towards(lanes, l, sliders, empty),
            };
            let theirs_back = match known {
                Some(known) if !(sliders & splat!(known.reach.sliders[l + 4])).any() => zero,
                _ => slide_towards(lanes, l + 4, sliders, empty),
            };
            their_attacks = their_attacks | theirs_forward | theirs_back;
            let on_king_line = match known {
                Some(known) => (sliders & splat!(known.lines[l])).any(),
                None => true,
            };
            if on_king_line {
                let king_forward = king_ray(lanes, l, king, king_known, empty, occupied);
                let king_back = king_ray(lanes, l + 4, king, king_known, empty, occupied);
                // The attacks stop at our king; the one square behind it that a checking
                // slider attacks through it (x-ray) is added, the only one a king step
                // reaches.
                let through_king = step(theirs_forward & king, l, lanes)
                    | step(theirs_back & king, l + 4, lanes);
                their_attacks = their_attacks | through_king;
                line_between[l] = (theirs_forward & king_back) | (theirs_back & king_forward);
                checkers = checkers | ((king_forward | king_back) & sliders);
            }
        }
    });
    let all_between = line_between[0] | line_between[1] | line_between[2] | line_between[3];

    // Phase 3: the check mask.
    let in_check = their_attacks & king;
    let not_in_check = in_check.zero_mask();
    // On vectors of two positions (SSE2, NEON, portable), a test first: neither in check, as
    // most often, needs no check mask. On wider vectors, where some lane is in check more often,
    // the test gained nothing (BENCHMARKS.md, "Bulk perft: the known king (session 28)").
    let target_mask = if P::LANES == 2 && !in_check.any() {
        us ^ splat!(!0)
    } else {
        let not_double_check = (checkers & checkers.sub(splat!(1))).zero_mask();
        let check_to = checkers | (all_between & empty) | not_in_check;
        (check_to & not_double_check).and_not(us)
    };

    // Phase 4: our targets, counted by a tally.
    let our_sliders = [orthogonal & us, diagonal & us];
    let ours_present = [
        !skip_absent || present.orthogonal[1],
        !orthogonal_only && (!skip_absent || present.diagonal[1]),
    ];
    let mut tally = Tally::new(lanes);
    let mut sets = [zero; 8];
    if P::FILLS_OURS_EARLY && !((our_sliders[0] | our_sliders[1]) & all_between).any() {
        unroll!(d in 0 1 2 3 4 5 6 7 => {
            sets[d] = our_fills[d] & target_mask;
        });
    } else {
        unroll!(d in 0 1 2 3 4 5 6 7 => {
            if ours_present[d % 2] {
                let pinned_off_line = all_between ^ line_between[d % 4];
                let sliders = our_sliders[d % 2].and_not(pinned_off_line);
                sets[d] = slide_towards(lanes, d, sliders, empty) & target_mask;
            }
        });
    }
    // In the copy for at most one rook of ours in every lane: its four direction sets are
    // disjoint, so their union is one input of the last block of eight (its empty place), not
    // four of a block of their own.
    let our_rook = if KINDS == ONE_ROOK {
        sets[N] | sets[E] | sets[S] | sets[W]
    } else {
        tally.add8(sets);
        zero
    };
    if any_knights {
        let free_knights = (knights & us).and_not(all_between);
        if let Some(known) = known {
            // Our knights are known: each one's targets a look-up, kept in the lanes where it
            // is still there (not taken by the move) and not pinned. (An empty place, zero,
            // is there in no lane.)
            let mut sets = [zero; 8];
            for (set, &knight) in sets.iter_mut().zip(&known.knights) {
                let gone = (free_knights & splat!(knight)).zero_mask();
                let square = knight.trailing_zeros() as usize & 63;
                *set = splat!(KNIGHT[square]).and_not(gone) & target_mask;
            }
            tally.add8(sets);
        } else {
            unroll!(k in 0 1 2 3 4 5 6 7 => {
                sets[k] = jump(free_knights, k, lanes) & target_mask;
            });
            tally.add8(sets);
        }
    }

    let king_steps = match king_square {
        Some(square) => splat!(KING[square]),
        None => king_attacks(king, lanes),
    };
    let king_targets = king_steps.and_not(us | their_attacks);
    let our_pawns = pawns & us;
    let special = b[SPECIAL];
    let ep = special & splat!(RANK_6);
    let capture_targets = (them & target_mask) | ep;
    // A pawn moves along line 0 (pushes), 1 (north-east) or 3 (north-west); pinned off that
    // line, it does not.
    let pawns_ne = our_pawns.and_not(all_between ^ line_between[1]);
    let pawns_nw = our_pawns.and_not(all_between ^ line_between[3]);
    let pawns_n = our_pawns.and_not(all_between ^ line_between[0]);
    let pawn_ne = pawns_ne.shift_all(9) & splat!(NOT_FILE_A) & capture_targets;
    let pawn_nw = pawns_nw.shift_all(7) & splat!(NOT_FILE_H) & capture_targets;
    let single_pushes = pawns_n.shift_all(8) & empty;
    let double_pushes = (single_pushes & splat!(RANK_3)).shift_all(8) & empty;
    let pawn_n = (single_pushes | double_pushes) & target_mask;
    // Where vectors are of four positions, only in a batch with promotions (below).
    let promotions = if P::LANES == 4 {
        zero
    } else {
        promotion_targets(pawn_n, pawn_ne, pawn_nw, lanes)
    };

    // Castling, where some lane has a right (a branch taken the same way across whole
    // subtrees: none once both sides have lost theirs). The standard shapes (king on e1, rook
    // on a1 or h1) by masks; any other (Chess960) by the scalar rule of `generate`, lane by
    // lane, after the tally.
    let (castles, other_rights) = if !orthogonal_only && present.castling {
        let rights = special & splat!(RANK_1) & us & not_in_check;
        let king_on_e1 = (king ^ splat!(E1)).zero_mask();
        let kingside_blocked = (occupied | their_attacks) & splat!(F1 | G1);
        let queenside_blocked =
            (occupied & splat!(B1 | C1 | D1)) | (their_attacks & splat!(C1 | D1));
        let castles = (rights & king_on_e1)
            & ((kingside_blocked.zero_mask() & splat!(H1))
                | (queenside_blocked.zero_mask() & splat!(A1)));
        (castles, rights.and_not(king_on_e1 & splat!(A1 | H1)))
    } else {
        (zero, zero)
    };
    if P::LANES == 4 {
        // A king on e1 with a castling right steps to neither a1 nor h1, so its steps and its
        // castlings (marked on the rook's square) never share a square and one set holds
        // both. Promotions only where some lane has a pawn of ours on the seventh rank, a
        // branch taken the same way across most of a subtree; the places left empty are
        // constant zeros, whose adders fold away (the fifth holds our one rook's moves in its
        // copy, zero in the others). (On vectors of two, SSE2 and NEON, neither gained: the
        // block of eight as it was.)
        let king_or_castles = king_targets | castles;
        // The block of eight, written once and built in both branches, so that each branch's
        // adders still see its own constants (the closure only moves values: no vector
        // operation in it needs the entry point's target features).
        let block = |promotions| {
            [
                king_or_castles,
                pawn_n,
                pawn_ne,
                pawn_nw,
                our_rook,
                promotions,
                promotions,
                promotions,
            ]
        };
        if (our_pawns & splat!(RANK_8 >> 8)).any() {
            tally.add8(block(promotion_targets(pawn_n, pawn_ne, pawn_nw, lanes)));
        } else {
            tally.add8(block(zero));
        }
    } else {
        tally.add8([
            king_targets,
            pawn_n,
            pawn_ne,
            pawn_nw,
            castles | our_rook,
            promotions,
            promotions,
            promotions,
        ]);
    }
    let total = tally.lane_totals();
    if !orthogonal_only && present.castling && other_rights.any() {
        let mut castlings = [0u64; 8];
        let other_rights = other_rights.to_array();
        let their_attacks = their_attacks.to_array();
        let mut boards = [[0u64; 8]; 8];
        for (k, column) in boards.iter_mut().enumerate() {
            *column = b[k].to_array();
        }
        for i in 0..8 {
            if other_rights[i] != 0 {
                let mut board: Board = [0; 8];
                for (k, bb) in board.iter_mut().enumerate() {
                    *bb = boards[k][i];
                }
                let king = board[KINGS] & board[US];
                let occupied = board[US] | board[THEM];
                let legal = castling::targets(&board, king, occupied, their_attacks[i]);
                castlings[i] = (legal & other_rights[i]).count_ones() as u64;
            }
        }
        return total.add(Positions::load(lanes, &castlings, 0));
    }
    total
}
