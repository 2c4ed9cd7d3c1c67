//! Zobrist keys with Polyglot's numbers (`polyglot_keys.rs`), so that a position's key is the
//! one Polyglot opening books are indexed by. The key is computed once when a position is built
//! and then kept up to date by make-move, which XORs out what a move takes away and XORs in what
//! it adds.
//!
//! En passant: Polyglot hashes the en passant file when a pawn of the side to move stands beside
//! the pawn that just made a double push; dirgolem keeps an en passant square only when an en
//! passant capture is legal (see `en_passant.rs`), and hashes its file exactly then. The two agree
//! except when every such capture is illegal (the capturing pawn is pinned, or capturing would
//! leave the king in check): there Polyglot's key has the file and dirgolem's does not.
//!
//! Castling: Polyglot numbers rights as short (king side) and long (queen side). In Chess960 a
//! castling rook on the king's h-side is short and one on the a-side long, the common extension
//! of the format.

use super::board::*;
use super::pieces::kind_code;
use super::polyglot_keys::{CASTLING, EN_PASSANT, RANDOM64, WHITE_TO_MOVE};
use crate::{Color, Move};

/// The number for a man of kind `code` and colour (`white` 1 or black 0) on absolute square
/// `sq`.
#[inline(always)]
fn man(code: usize, white: usize, sq: u32) -> u64 {
    RANDOM64[64 * (2 * code + white) + (sq & 63) as usize]
}

/// The number for the en passant square in `special` (relative), or 0 without one.
#[inline(always)]
fn en_passant(special: u64) -> u64 {
    let ep = special & RANK_6;
    let present = ((ep != 0) as u64).wrapping_neg();
    present & RANDOM64[EN_PASSANT + (ep.trailing_zeros() & 7) as usize]
}

/// The numbers for the castling rights kept in `b[SPECIAL]`, with `turn` to move on `b`.
fn castling(b: &Board, turn: Color) -> u64 {
    let mut key = 0;
    let sides = [
        (0, turn, b[KINGS] & b[US] & RANK_1),
        (56, !turn, b[KINGS] & b[THEM] & RANK_8),
    ];
    for (rank_shift, color, king) in sides {
        let rooks = (b[SPECIAL] >> rank_shift & 0xff) as u32;
        let king_file = king.trailing_zeros() & 7;
        let base = CASTLING + 2 * (color == Color::Black) as usize;
        if rooks >> king_file >> 1 != 0 {
            key ^= RANDOM64[base];
        }
        if rooks & ((1 << king_file) - 1) != 0 {
            key ^= RANDOM64[base + 1];
        }
    }
    key
}

/// The key of the position `b` (relative to `turn`), computed from scratch.
pub(crate) fn key_of(b: &Board, turn: Color) -> u64 {
    let flip = if turn == Color::White { 0 } else { 56 };
    let us_white = (turn == Color::White) as usize;
    let mut key = 0;
    let mut men = b[US] | b[THEM];
    while men != 0 {
        let sq = men.trailing_zeros();
        men &= men - 1;
        let white = us_white ^ (b[THEM] >> sq & 1) as usize;
        key ^= man(kind_code(b, sq), white, sq ^ flip);
    }
    key ^ castling(b, turn) ^ en_passant(b[SPECIAL]) ^ side_to_move(turn)
}

/// The number for the side to move.
#[inline(always)]
fn side_to_move(turn: Color) -> u64 {
    if turn == Color::White {
        RANDOM64[WHITE_TO_MOVE]
    } else {
        0
    }
}

/// The key after the move `m` (absolute squares, `turn` to move) took the board `b` (relative
/// to `turn`, before the move) to `after` (relative to the other side), given the key `key`
/// before it. Only the squares the move touches are looked at; castling rights only when they
/// changed.
#[inline(always)]
pub(crate) fn after_move(key: u64, b: &Board, after: &Board, turn: Color, m: Move) -> u64 {
    let flip = if turn == Color::White { 0 } else { 56 };
    let us = (turn == Color::White) as usize;
    let them = us ^ 1;
    let from = m.source_index();
    let to = m.target_index();
    let (from_rel, to_rel) = (from ^ flip, to ^ flip);
    let kind_bits = m.kind_bits();
    // Both side-to-move numbers (one is zero) and both en passant numbers (either may be zero).
    let mut key =
        key ^ RANDOM64[WHITE_TO_MOVE] ^ en_passant(b[SPECIAL]) ^ en_passant(after[SPECIAL]);
    if kind_bits == Move::RAW_CASTLING {
        let (king_to, rook_to) = if to_rel > from_rel { (6, 5) } else { (2, 3) };
        key ^= man(5, us, from) ^ man(5, us, king_to ^ flip);
        key ^= man(3, us, to) ^ man(3, us, rook_to ^ flip);
    } else {
        let mover = kind_code(b, from_rel);
        let placed = if kind_bits >= Move::RAW_PROMOTION {
            // Knight 1, bishop 2, rook 3, queen 4 (`kind_bits` is at most 15).
            (kind_bits - Move::RAW_PROMOTION + 1).min(4) as usize
        } else {
            mover
        };
        key ^= man(mover, us, from) ^ man(placed, us, to);
        if b[THEM] >> to_rel & 1 != 0 {
            key ^= man(kind_code(b, to_rel), them, to);
        }
        if kind_bits == Move::RAW_EN_PASSANT {
            key ^= man(0, them, to_rel.wrapping_sub(8) ^ flip);
        }
    }
    let rights_before = b[SPECIAL] & (RANK_1 | RANK_8);
    let rights_after = (after[SPECIAL] & (RANK_1 | RANK_8)).swap_bytes();
    if rights_before != rights_after {
        key ^= castling(b, turn) ^ castling(after, !turn);
    }
    key
}

/// The key after a null move from `b` (relative to `turn`): the side to move changes and the en
/// passant square, if any, goes.
#[inline]
pub(crate) fn after_null_move(key: u64, b: &Board) -> u64 {
    key ^ RANDOM64[WHITE_TO_MOVE] ^ en_passant(b[SPECIAL])
}

#[cfg(test)]
mod tests {
    use super::RANDOM64;

    /// FNV-1a over the table's little-endian bytes, in order: a typo in any of the 781 numbers,
    /// or two numbers swapped, changes it. The expected value was computed from two independent
    /// copies of the published table, which agree number for number.
    #[test]
    fn table_checksum() {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in RANDOM64.iter().flat_map(|n| n.to_le_bytes()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        assert_eq!(hash, 0x6c25_be54_e4f6_2b13);
        assert_eq!(RANDOM64.iter().fold(0, |a, n| a ^ n), 0xeaa4_dc0d_d065_42b6);
    }

    #[test]
    fn table_ends_match_the_description() {
        assert_eq!(RANDOM64[0], 0x9d39_247e_3377_6d41);
        assert_eq!(RANDOM64[780], 0xf8d6_26aa_af27_8509);
    }
}
