//! `Board`: the eight bitboards of a position, seen from the side to move.
//!
//! The board is colour-flipped (DESIGN: orientation): the side to move always plays "up the
//! board" as White does, and when Black is to move every bitboard is byte-swapped (a1 ↔ a8).
//! One make-move flips all eight with one byte swap each (one vector shuffle on SIMD units), and
//! the generator needs only White's pawn directions and back rank.
//!
//! `SPECIAL` packs the two kinds of state that are not pieces into one bitboard without overlap:
//! castling rights as the squares of the rooks that keep them (rank 1 for the side to move,
//! rank 8 for the other) and the en passant target square (always on rank 6 for the side to
//! move, stored only when an en passant capture is legal).

use crate::attacks::slider_lookup::{SliderJob, Sliders, with_sliders};
use crate::lanes::{swap_bytes, swap_bytes_pair};

/// Index of the side to move's men.
pub(crate) const US: usize = 0;
/// Index of the other side's men.
pub(crate) const THEM: usize = 1;
/// Index of all pawns.
pub(crate) const PAWNS: usize = 2;
/// Index of all knights.
pub(crate) const KNIGHTS: usize = 3;
/// Index of the diagonal sliders: bishops and queens.
pub(crate) const DIAGONAL: usize = 4;
/// Index of the orthogonal sliders: rooks and queens.
pub(crate) const ORTHOGONAL: usize = 5;
/// Index of both kings.
pub(crate) const KINGS: usize = 6;
/// Index of castling rook squares and the en passant square.
pub(crate) const SPECIAL: usize = 7;

pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_3: u64 = 0xff << 16;
pub(crate) const RANK_4: u64 = 0xff << 24;
pub(crate) const RANK_6: u64 = 0xff << 40;
pub(crate) const RANK_8: u64 = 0xff << 56;
pub(crate) const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
pub(crate) const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight bitboards, relative to the side to move (see the module text).
pub(crate) type Board = [u64; 8];

/// The board seen from the other side: colours swapped, ranks mirrored.
#[inline(always)]
pub(crate) fn flipped(b: &Board) -> Board {
    let [them, us] = swap_bytes_pair(b[THEM], b[US]);
    let [pawns, knights] = swap_bytes_pair(b[PAWNS], b[KNIGHTS]);
    let [diagonal, orthogonal] = swap_bytes_pair(b[DIAGONAL], b[ORTHOGONAL]);
    let kings = swap_bytes(b[KINGS]);
    // The plain swap: the key's update swaps it back (`zobrist::after_specials`), and where
    // a caller keeps only the key, a shuffle here timed about 5 % slower on wasm32.
    let special = b[SPECIAL].swap_bytes();
    [
        them, us, pawns, knights, diagonal, orthogonal, kings, special,
    ]
}

/// Squares attacked by white-relative pawns (moving north) on `pawns`.
#[inline(always)]
pub(crate) const fn pawn_attacks_north(pawns: u64) -> u64 {
    (pawns << 9 & NOT_FILE_A) | (pawns << 7 & NOT_FILE_H)
}

/// Squares attacked by pawns moving south (the other side's, in the relative frame).
#[inline(always)]
pub(crate) const fn pawn_attacks_south(pawns: u64) -> u64 {
    (pawns >> 7 & NOT_FILE_A) | (pawns >> 9 & NOT_FILE_H)
}

/// Whether `king` (one square) is attacked by the men `them` with occupancy `occupied`; piece
/// kinds are read from `b`. A plain attack test, for the places off the generator's path: the
/// slider technique is chosen once for both of its slider lookups ([`with_sliders`]).
#[inline(always)]
pub(crate) fn king_attacked(b: &Board, king: u64, occupied: u64, them: u64) -> bool {
    with_sliders(KingAttacked {
        b,
        king,
        occupied,
        them,
    })
}

/// [`king_attacked`] as a query for [`with_sliders`].
struct KingAttacked<'a> {
    b: &'a Board,
    king: u64,
    occupied: u64,
    them: u64,
}

impl SliderJob for KingAttacked<'_> {
    type Output = bool;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> bool {
        king_attacked_by(sliders, self.b, self.king, self.occupied, self.them)
    }
}

/// [`king_attacked`] by ray scans only: no run-time CPU detection and no table, so that the
/// en passant check inside make-move compiles to the backend's own instructions in its perft.
#[inline(always)]
pub(crate) fn king_attacked_by_ray_scans(b: &Board, king: u64, occupied: u64, them: u64) -> bool {
    let sq = crate::Square::index(king.trailing_zeros() as usize);
    let rook = crate::attacks::rook(sq, crate::Bitboard(occupied)).0;
    let bishop = crate::attacks::bishop(sq, crate::Bitboard(occupied)).0;
    attacked_given_sliders(b, king, them, rook, bishop)
}

/// [`king_attacked`] with the sliders' attacks from `sliders`: for a query that has chosen its
/// slider technique once ([`with_sliders`]).
#[inline(always)]
pub(crate) fn king_attacked_by<S: Sliders>(
    sliders: S,
    b: &Board,
    king: u64,
    occupied: u64,
    them: u64,
) -> bool {
    let king_sq = king.trailing_zeros();
    attacked_given_sliders(
        b,
        king,
        them,
        sliders.rook(king_sq, occupied),
        sliders.bishop(king_sq, occupied),
    )
}

/// Whether `king` is attacked by `them`, given the rook and bishop attacks from its square.
#[inline(always)]
fn attacked_given_sliders(b: &Board, king: u64, them: u64, rook: u64, bishop: u64) -> bool {
    let sq = crate::Square::index(king.trailing_zeros() as usize);
    rook & b[ORTHOGONAL] & them != 0
        || bishop & b[DIAGONAL] & them != 0
        || crate::attacks::knight(sq).0 & b[KNIGHTS] & them != 0
        || pawn_attacks_north(king) & b[PAWNS] & them != 0
        || crate::attacks::king(sq).0 & b[KINGS] & them != 0
}
