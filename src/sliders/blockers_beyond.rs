//! Blockers and beyond (Fabien Letouzey's "blocker loop" in Senpai, seed 000): one routine for
//! the attacks of queens, rooks, bishops, knights and kings.
//!
//! The attacks of a man on an empty board are looked up by kind and square. The occupancy is
//! intersected with a kind- and square-specific *blockers-and-beyond* mask: the empty-board
//! attacks without the outermost square of each ray (a man there has nothing behind it to
//! hide), and empty for knights and kings. Each man in that intersection removes the squares
//! behind it as seen from the origin, `behind[from][blocker]`. Men beyond the first blocker of
//! a ray remove parts that are already gone, so the order does not matter and no code depends
//! on a ray's direction:
//!
//! ```text
//! ts = piece_attacks[pc][f];
//! for (b = occupied & blockers_and_beyond[pc][f]; b != 0; b &= b - 1)
//!     ts &= ~behind[f][bitScanForward(b)];
//! ```
//!
//! The tables do not depend on the square numbering, so the port only builds them for ours.
//! Tables: `piece_attacks` and `blockers_and_beyond` 2 × 6 × 64 × 8 bytes (the pawn rows stay
//! empty), `behind` 64 × 64 × 8 bytes; 38 KiB in all, built by `const fn` at compile time.

use super::{SliderAttacks, TableBuild, ray};
use crate::{Bitboard, Piece, Square, attacks};

/// The eight ray directions (file step, rank step), in the crate's order (N, NE, E, …, NW).
const STEPS: [(i32, i32); 8] = {
    let mut steps = [(0, 0); 8];
    let mut d = 0;
    while d < 8 {
        steps[d] = (
            attacks::RAY_STEPS[d].0 as i32,
            attacks::RAY_STEPS[d].1 as i32,
        );
        d += 1;
    }
    steps
};

/// Which directions of [`STEPS`] a piece kind slides along (bit `d` for direction `d`).
const fn slides(piece: usize) -> u32 {
    match piece {
        2 => 0b1010_1010, // bishop: NE, SE, SW, NW
        3 => 0b0101_0101, // rook: N, E, S, W
        4 => 0b1111_1111, // queen
        _ => 0,
    }
}

const fn build_piece_attacks() -> [[u64; 64]; 6] {
    let mut table = [[0u64; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let square = Square::index(sq);
        table[Piece::Knight as usize][sq] = attacks::knight(square).0;
        table[Piece::King as usize][sq] = attacks::king(square).0;
        let mut piece = 2;
        while piece <= 4 {
            let mut d = 0;
            while d < 8 {
                if slides(piece) >> d & 1 != 0 {
                    table[piece][sq] |= ray(sq, STEPS[d].0, STEPS[d].1);
                }
                d += 1;
            }
            piece += 1;
        }
        sq += 1;
    }
    table
}

const fn build_blockers_and_beyond() -> [[u64; 64]; 6] {
    let mut table = [[0u64; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let mut piece = 2;
        while piece <= 4 {
            let mut d = 0;
            while d < 8 {
                if slides(piece) >> d & 1 != 0 {
                    let (df, dr) = STEPS[d];
                    let mut rest = ray(sq, df, dr);
                    while rest != 0 {
                        let s = rest.trailing_zeros() as usize;
                        // Keep the squares with something behind them.
                        if ray(s, df, dr) != 0 {
                            table[piece][sq] |= 1 << s;
                        }
                        rest &= rest - 1;
                    }
                }
                d += 1;
            }
            piece += 1;
        }
        sq += 1;
    }
    table
}

const fn build_behind() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let mut rest = ray(from, df, dr);
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                table[from][s] = ray(s, df, dr);
                rest &= rest - 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
}

/// `PIECE_ATTACKS[piece][sq]`: the attacks of a man on an otherwise empty board, indexed by
/// `Piece as usize` (the pawn row is empty: a pawn's attacks depend on its colour).
pub static PIECE_ATTACKS: [[u64; 64]; 6] = build_piece_attacks();

/// `BLOCKERS_AND_BEYOND[piece][sq]`: the squares whose men can cut a ray of that man, i.e. its
/// empty-board attacks without the last square of each ray; empty for knights and kings.
pub static BLOCKERS_AND_BEYOND: [[u64; 64]; 6] = build_blockers_and_beyond();

/// `BEHIND[from][sq]`: the squares behind `sq` as seen from `from` (the rest of the ray from
/// `from` through `sq`, beyond `sq`); empty when the two do not share a line.
pub static BEHIND: [[u64; 64]; 64] = build_behind();

/// Senpai's routine: the attacks of a `piece` on `from` with `occupied` taken, for knights,
/// bishops, rooks, queens and kings alike. A pawn's attacks depend on its colour: for
/// [`Piece::Pawn`] this gives the empty set (use [`attacks::pawn`]).
///
/// ```
/// use dirgolem::sliders::blockers_beyond::piece_attacks;
/// use dirgolem::{attacks, Bitboard, Piece, Square};
/// let occupied = Square::D6.bitboard() | Square::F2.bitboard();
/// assert_eq!(piece_attacks(Piece::Queen, Square::D4, occupied), attacks::queen(Square::D4, occupied));
/// assert_eq!(piece_attacks(Piece::Knight, Square::D4, occupied), attacks::knight(Square::D4));
/// ```
#[inline]
pub fn piece_attacks(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    let (p, f) = (piece as usize, from as usize);
    let mut targets = PIECE_ATTACKS[p][f];
    let mut blockers = occupied.0 & BLOCKERS_AND_BEYOND[p][f];
    while blockers != 0 {
        let sq = blockers.trailing_zeros() as usize;
        targets &= !BEHIND[f][sq];
        blockers &= blockers - 1;
    }
    Bitboard(targets)
}

/// The blockers-and-beyond technique (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct BlockersBeyond;

impl SliderAttacks for BlockersBeyond {
    fn name(&self) -> &'static str {
        "blockers-beyond"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        piece_attacks(Piece::Rook, sq, occupied)
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        piece_attacks(Piece::Bishop, sq, occupied)
    }

    #[inline]
    fn queen(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        piece_attacks(Piece::Queen, sq, occupied)
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&PIECE_ATTACKS) + size_of_val(&BLOCKERS_AND_BEYOND) + size_of_val(&BEHIND)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::CompileTime
    }
}
