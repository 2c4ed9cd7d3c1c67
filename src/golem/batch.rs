//! Position-parallel counting, for the last ply of perft: the legal moves of eight positions
//! counted at once, one position per lane.
//!
//! [`super::generate`] puts the directions of one position into the lanes, so the work that is
//! not per direction (attack unions, check masks, pawns, popcounts) runs on one lane or needs
//! horizontal reductions. Here every lane holds its own position and runs the same pipeline
//! (the same four phases, direction by direction), so every operation is vertical and every
//! lane does useful work however few directions a position uses. The counts are summed per
//! byte (popcounts of bytes, added bytewise) and reduced once per batch.
//!
//! perft makes the positions one ply above the leaves into a [`Batch`] (one for the whole
//! tree, so batches fill across parents) and counts them eight at a time; a lane left unfilled
//! at the end holds a board without men of the side to move, which has no moves.

use super::castling;
use super::directions::{KNIGHT_LANDING, KNIGHT_STEP, RAY_LANDING, RAY_STEP};
use crate::lanes::{Lanes, Lanes8};
use crate::position::*;

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;
const A1: u64 = 1;
const B1: u64 = 1 << 1;
const C1: u64 = 1 << 2;
const D1: u64 = 1 << 3;
const E1: u64 = 1 << 4;
const F1: u64 = 1 << 5;
const G1: u64 = 1 << 6;
const H1: u64 = 1 << 7;

/// Up to eight boards stored by bitboard kind: `columns[k][i]` is bitboard `k` of board `i`,
/// so that each kind loads as one vector.
pub(crate) struct Batch {
    columns: [[u64; 8]; 8],
    len: usize,
}

impl Batch {
    /// An empty batch.
    #[inline(always)]
    pub(crate) fn new() -> Batch {
        Batch {
            columns: [[0; 8]; 8],
            len: 0,
        }
    }

    /// Adds `board`; true when the batch is then full (eight boards), to be counted before
    /// the next push.
    #[inline(always)]
    pub(crate) fn push(&mut self, board: &Board) -> bool {
        let i = self.len & 7;
        for (column, &bb) in self.columns.iter_mut().zip(board) {
            column[i] = bb;
        }
        self.len = i + 1;
        self.len == 8
    }

    /// The number of legal moves of all boards in the batch, which is emptied.
    #[inline(always)]
    pub(crate) fn count_and_clear<L: Lanes>(&mut self, lanes: L) -> u64 {
        if self.len == 0 {
            return 0;
        }
        // A lane past `len` may hold a board of an earlier batch: without men of the side to
        // move it has no moves, so clearing that one bitboard is enough.
        for i in self.len..8 {
            self.columns[US][i] = 0;
        }
        self.len = 0;
        count_legal(lanes, &self.columns)
    }
}

/// Lane-wise sliding attacks in the ray direction `d` from `sliders` over `empty`.
#[inline(always)]
fn slide<L: Lanes>(sliders: Lanes8<L>, empty: Lanes8<L>, d: usize, lanes: L) -> Lanes8<L> {
    let step = RAY_STEP[d];
    let landing = Lanes8::splat(lanes, RAY_LANDING[d]);
    let mut propagate = empty & landing;
    let mut filled = sliders;
    filled = filled | (propagate & filled.shift_all(step));
    propagate = propagate & propagate.shift_all(step);
    filled = filled | (propagate & filled.shift_all(2 * step));
    propagate = propagate & propagate.shift_all(2 * step);
    filled = filled | (propagate & filled.shift_all(4 * step));
    filled.shift_all(step) & landing
}

/// Lane-wise knight jumps in knight direction `k`.
#[inline(always)]
fn jump<L: Lanes>(x: Lanes8<L>, k: usize, lanes: L) -> Lanes8<L> {
    x.shift_all(KNIGHT_STEP[k]) & Lanes8::splat(lanes, KNIGHT_LANDING[k])
}

/// Lane-wise union of the knight attacks of `x`.
#[inline(always)]
fn knight_attacks<L: Lanes>(x: Lanes8<L>, lanes: L) -> Lanes8<L> {
    let splat = |m| Lanes8::splat(lanes, m);
    let one = (x.shift_all(1) & splat(NOT_A)) | (x.shift_all(-1) & splat(NOT_H));
    let two = (x.shift_all(2) & splat(NOT_AB)) | (x.shift_all(-2) & splat(NOT_GH));
    one.shift_all(16) | one.shift_all(-16) | two.shift_all(8) | two.shift_all(-8)
}

/// Lane-wise king attacks of `x`.
#[inline(always)]
fn king_attacks<L: Lanes>(x: Lanes8<L>, lanes: L) -> Lanes8<L> {
    let sideways = (x.shift_all(1) & Lanes8::splat(lanes, NOT_A))
        | (x.shift_all(-1) & Lanes8::splat(lanes, NOT_H));
    let row = sideways | x;
    sideways | row.shift_all(8) | row.shift_all(-8)
}

/// The total number of legal moves of the eight boards in `columns` (see [`Batch`]), each
/// relative to its side to move as usual. Same rules as [`super::generate`], phase by phase.
#[inline(always)]
pub(crate) fn count_legal<L: Lanes>(lanes: L, columns: &[[u64; 8]; 8]) -> u64 {
    // Macros and loops, no closures: a closure would not inherit the entry point's target
    // features, and its vector operations would become calls.
    macro_rules! splat {
        ($x:expr) => {
            Lanes8::splat(lanes, $x)
        };
    }
    macro_rules! load {
        ($k:expr) => {
            Lanes8::load(lanes, columns[$k])
        };
    }
    let (us, them) = (load!(US), load!(THEM));
    let (pawns, knights, kings) = (load!(PAWNS), load!(KNIGHTS), load!(KINGS));
    let (diagonal, orthogonal) = (load!(DIAGONAL), load!(ORTHOGONAL));
    let occupied = us | them;
    let empty = occupied ^ splat!(!0);
    let king = kings & us;

    // Phase 1: opponent attacks; sliders through our king (x-ray).
    let their_orthogonal = orthogonal & them;
    let their_diagonal = diagonal & them;
    let xray_empty = empty | king;
    let mut their_rays = [empty; 8];
    for (d, ray) in their_rays.iter_mut().enumerate() {
        let sliders = if d % 2 == 0 {
            their_orthogonal
        } else {
            their_diagonal
        };
        *ray = slide(sliders, xray_empty, d, lanes);
    }
    let their_pawns = pawns & them;
    let mut their_attacks = knight_attacks(knights & them, lanes)
        | king_attacks(kings & them, lanes)
        | (their_pawns.shift_all(-7) & splat!(NOT_A))
        | (their_pawns.shift_all(-9) & splat!(NOT_H));
    for ray in their_rays {
        their_attacks = their_attacks | ray;
    }

    // Phase 2: our king as a super piece; in-between sets per line, pins and checkers.
    let mut king_rays = [empty; 8];
    for (d, ray) in king_rays.iter_mut().enumerate() {
        *ray = slide(king, empty, d, lanes);
    }
    // Line `l` (0..4) is direction `l` with its opposite `l + 4`.
    let mut line_between = [empty; 4];
    for (l, between) in line_between.iter_mut().enumerate() {
        *between = (their_rays[l] & king_rays[l + 4]) | (their_rays[l + 4] & king_rays[l]);
    }
    let all_between = line_between[0] | line_between[1] | line_between[2] | line_between[3];
    let king_orthogonal = king_rays[0] | king_rays[2] | king_rays[4] | king_rays[6];
    let king_diagonal = king_rays[1] | king_rays[3] | king_rays[5] | king_rays[7];
    let pawn_checkers =
        ((king.shift_all(9) & splat!(NOT_A)) | (king.shift_all(7) & splat!(NOT_H))) & their_pawns;
    let checkers = (king_orthogonal & their_orthogonal)
        | (king_diagonal & their_diagonal)
        | (knight_attacks(king, lanes) & knights & them)
        | pawn_checkers;

    // Phase 3: the check mask.
    let not_in_check = (their_attacks & king).zero_mask();
    let not_double_check = (checkers & checkers.sub(splat!(1))).zero_mask();
    let check_to = checkers | (all_between & empty) | not_in_check;
    let target_mask = (check_to & not_double_check).and_not(us);

    // Phase 4: our targets, counted per byte. Every set adds at most 8 to a byte: 8 slider
    // sets, 8 knight sets, the king, 3 pawn sets, 3 x 3 promotion sets (rank 8 only) and the
    // castling set (rank 1 only) make at most 29 x 8 = 232 per byte, below 256.
    let our_orthogonal = orthogonal & us;
    let our_diagonal = diagonal & us;
    let mut counts = splat!(0);
    for d in 0..8 {
        let pinned_off_line = all_between ^ line_between[d % 4];
        let sliders = if d % 2 == 0 {
            our_orthogonal
        } else {
            our_diagonal
        };
        let targets = slide(sliders.and_not(pinned_off_line), empty, d, lanes) & target_mask;
        counts = counts.add_bytes(targets.byte_counts());
    }
    let king_targets = king_attacks(king, lanes).and_not(us | their_attacks);
    counts = counts.add_bytes(king_targets.byte_counts());
    let free_knights = (knights & us).and_not(all_between);
    for k in 0..8 {
        let targets = jump(free_knights, k, lanes) & target_mask;
        counts = counts.add_bytes(targets.byte_counts());
    }

    let our_pawns = pawns & us;
    let special = load!(SPECIAL);
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
    let promotions = (pawn_n & splat!(RANK_8))
        .byte_counts()
        .add_bytes((pawn_ne & splat!(RANK_8)).byte_counts())
        .add_bytes((pawn_nw & splat!(RANK_8)).byte_counts());
    counts = counts
        .add_bytes(pawn_n.byte_counts())
        .add_bytes(pawn_ne.byte_counts())
        .add_bytes(pawn_nw.byte_counts())
        .add_bytes(promotions)
        .add_bytes(promotions)
        .add_bytes(promotions);

    // Castling. The standard shapes (king on e1, rook on a1 or h1) by masks; any other
    // (Chess960) by the scalar rule of `generate`, lane by lane.
    let rights = special & splat!(RANK_1) & us & not_in_check;
    let king_on_e1 = (king ^ splat!(E1)).zero_mask();
    let kingside_blocked = (occupied | their_attacks) & splat!(F1 | G1);
    let queenside_blocked = (occupied & splat!(B1 | C1 | D1)) | (their_attacks & splat!(C1 | D1));
    let castles = (rights & king_on_e1)
        & ((kingside_blocked.zero_mask() & splat!(H1))
            | (queenside_blocked.zero_mask() & splat!(A1)));
    counts = counts.add_bytes(castles.byte_counts());
    let mut total = counts.sum_bytes();
    let other_rights = rights.and_not(king_on_e1 & splat!(A1 | H1));
    if other_rights.or_all() != 0 {
        let other_rights = other_rights.to_array();
        let their_attacks = their_attacks.to_array();
        for i in 0..8 {
            if other_rights[i] != 0 {
                let mut board: Board = [0; 8];
                for (k, bb) in board.iter_mut().enumerate() {
                    *bb = columns[k][i];
                }
                let king = board[KINGS] & board[US];
                let occupied = board[US] | board[THEM];
                let legal = castling::targets(&board, king, occupied, their_attacks[i]);
                total += (legal & other_rights[i]).count_ones() as u64;
            }
        }
    }
    total
}
