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
use super::castling_squares;
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

/// Row of a man in [`RELATIVE_MEN`], from three bit tests: bit 0 for the diagonal or king
/// board, bit 1 for the orthogonal board, bit 2 for the knight or king board. That gives pawn
/// 0, bishop 1, rook 2, queen 3, knight 4 and king 5, and every value fits the table's eight
/// rows whatever the board holds. `dk` and `nk` are the two unions, made once per move.
#[inline(always)]
fn row(dk: u64, orthogonal: u64, nk: u64, sq: u32) -> usize {
    let bit = |bb: u64| (bb >> (sq & 63) & 1) as usize;
    bit(dk) | bit(orthogonal) << 1 | bit(nk) << 2
}

/// The unions [`row`] tests: diagonal or king, knight or king.
#[inline(always)]
fn row_boards(b: &Board) -> (u64, u64, u64) {
    (b[DIAGONAL] | b[KINGS], b[ORTHOGONAL], b[KNIGHTS] | b[KINGS])
}

/// The Polyglot kind code (pawn 0 ... king 5) of a [`row`] value, or `None` for the rows no
/// man has.
const fn kind_of_row(row: usize) -> Option<usize> {
    match row {
        0 => Some(0),
        4 => Some(1),
        1 => Some(2),
        2 => Some(3),
        3 => Some(4),
        5 => Some(5),
        _ => None,
    }
}

/// [`RANDOM64`]'s man numbers rearranged for the relative board: `[turn][side][square][row]`,
/// with `turn` the side to move (white 0), `side` 0 for its men and 1 for the other side's,
/// `square` relative to `turn` and `row` as [`row`] gives it (rows no man has are zero).
/// Make-move then looks a number up straight from the relative board, with no colour or square
/// flip. Derived from the table at compile time, so `polyglot_keys.rs` stays the only source.
static RELATIVE_MEN: [[[[u64; 8]; 64]; 2]; 2] = relative_men();

const fn relative_men() -> [[[[u64; 8]; 64]; 2]; 2] {
    let mut table = [[[[0; 8]; 64]; 2]; 2];
    let mut turn = 0;
    while turn < 2 {
        let mut side = 0;
        while side < 2 {
            // White's men are the mover's when White moves, the other side's when Black does.
            let white = (turn == side) as usize;
            let mut row = 0;
            while row < 8 {
                if let Some(kind) = kind_of_row(row) {
                    let mut sq = 0;
                    while sq < 64 {
                        table[turn][side][sq][row] =
                            RANDOM64[64 * (2 * kind + white) + (sq ^ (56 * turn))];
                        sq += 1;
                    }
                }
                row += 1;
            }
            side += 1;
        }
        turn += 1;
    }
    table
}

/// The key after the move `from -> to` of kind `kind_bits` (relative squares, `turn` to move)
/// on the board `b` (relative to `turn`, before the move), given the key `key` before it, as far
/// as the men and the side to move go: the castling rights and the en passant square are left
/// to [`after_specials`]. It reads only the board before the move, so make-move runs it before
/// building the new board and keeps no old board alive past it. A quiet move or a capture costs
/// a few bit tests and two or three table reads; castling, en passant and promotions take one
/// branch.
#[inline(always)]
pub(crate) fn after_move_men(
    key: u64,
    b: &Board,
    turn: Color,
    from: u32,
    to: u32,
    kind_bits: u16,
) -> u64 {
    let (from, to) = ((from & 63) as usize, (to & 63) as usize);
    let men = &RELATIVE_MEN[turn as usize];
    // One of the two side-to-move numbers is zero.
    let key = key ^ RANDOM64[WHITE_TO_MOVE];
    if kind_bits == Move::RAW_NORMAL {
        let (dk, orthogonal, nk) = row_boards(b);
        let mover = row(dk, orthogonal, nk, from as u32);
        let taken = (b[THEM] >> to & 1).wrapping_neg();
        key ^ men[0][from][mover]
            ^ men[0][to][mover]
            ^ (taken & men[1][to][row(dk, orthogonal, nk, to as u32)])
    } else {
        key ^ special_move(b, turn, from, to, kind_bits)
    }
}

/// `key` (from [`after_move_men`]) with the castling rights and en passant square of `b`
/// (relative to `turn`, before the move) swapped for those of `after` (the board after it).
#[inline(always)]
pub(crate) fn after_specials(key: u64, b: &Board, after_special: u64, turn: Color) -> u64 {
    // Castling rooks are on ranks 1 and 8 in both frames, the en passant square on rank 6 of
    // its own: the XOR is empty exactly when the rights stayed and no en passant square was
    // there before or after.
    if b[SPECIAL] ^ after_special.swap_bytes() != 0 {
        key ^ special_squares(b, after_special, turn)
    } else {
        key
    }
}

/// The numbers of the men castling, en passant or a promotion moves, takes and places (the
/// `from -> to` move of kind `kind_bits`, relative squares, on `b` with `turn` to move).
#[cold]
#[inline(never)]
fn special_move(b: &Board, turn: Color, from: usize, to: usize, kind_bits: u16) -> u64 {
    let men = &RELATIVE_MEN[turn as usize];
    let ours = &men[0];
    // Rows: pawn 0, rook 2, king 5 (see `row`).
    if kind_bits == Move::RAW_CASTLING {
        let (king_to, rook_to) = castling_squares(from as u32, to as u32);
        let (king_to, rook_to) = (king_to as usize, rook_to as usize);
        return ours[from][5] ^ ours[king_to][5] ^ ours[to][2] ^ ours[rook_to][2];
    }
    if kind_bits == Move::RAW_EN_PASSANT {
        return ours[from][0] ^ ours[to][0] ^ men[1][to.wrapping_sub(8) & 63][0];
    }
    // A promotion to a knight (row 4), bishop (1), rook (2) or queen (3), maybe a capture.
    let placed = [4, 1, 2, 3][usize::from(kind_bits & 3)];
    let taken = (b[THEM] >> to & 1).wrapping_neg();
    let (dk, orthogonal, nk) = row_boards(b);
    ours[from][0] ^ ours[to][placed] ^ (taken & men[1][to][row(dk, orthogonal, nk, to as u32)])
}

/// The numbers of the castling rights and en passant squares that differ between `b`
/// (relative to `turn`, before a move) and `after_special` (the special board after it): XORed into a key, they swap the
/// first for the second. A move only ever takes rights away, so only the rook squares that
/// left `b[SPECIAL]` are looked at, each against its own king's file on `b` (which the move
/// has not changed for the other side, and which is still where it castles from for ours).
#[cold]
#[inline(never)]
fn special_squares(b: &Board, after_special: u64, turn: Color) -> u64 {
    let mut key = en_passant(b[SPECIAL]) ^ en_passant(after_special);
    let mut lost = b[SPECIAL] & (RANK_1 | RANK_8) & !after_special.swap_bytes();
    while lost != 0 {
        let sq = lost.trailing_zeros();
        lost &= lost - 1;
        // Rank 1 holds the mover's rights, rank 8 the other side's.
        let (king, black) = if sq < 8 {
            (b[KINGS] & b[US] & RANK_1, turn == Color::Black)
        } else {
            (b[KINGS] & b[THEM] & RANK_8, turn == Color::White)
        };
        let short = sq & 7 > king.trailing_zeros() & 7;
        key ^= RANDOM64[CASTLING + 2 * black as usize + !short as usize];
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
    use super::*;

    /// Every man of every kind and colour on every square, with either side to move: the
    /// number make-move reads for it from the reordered table, through the same row the board
    /// gives, is the table's number for that man on that absolute square.
    #[test]
    fn relative_table_matches_random64() {
        // The kind boards a man of each kind (pawn ... king) stands on.
        let boards: [&[usize]; 6] = [
            &[PAWNS],
            &[KNIGHTS],
            &[DIAGONAL],
            &[ORTHOGONAL],
            &[DIAGONAL, ORTHOGONAL],
            &[KINGS],
        ];
        for turn in Color::ALL {
            let flip = if turn == Color::White { 0 } else { 56 };
            for side in [US, THEM] {
                let white = ((turn == Color::White) == (side == US)) as usize;
                for (kind, on) in boards.iter().enumerate() {
                    for sq in 0..64u32 {
                        let mut b: Board = [0; 8];
                        b[side] = 1 << sq;
                        for &i in on.iter() {
                            b[i] = 1 << sq;
                        }
                        let (dk, orthogonal, nk) = row_boards(&b);
                        let row = row(dk, orthogonal, nk, sq);
                        assert_eq!(
                            RELATIVE_MEN[turn as usize][side][sq as usize][row],
                            man(kind, white, sq ^ flip),
                            "{turn:?} to move, side {side}, kind {kind}, square {sq}"
                        );
                    }
                }
            }
        }
        // The rows no man has hold nothing.
        for row in [6, 7] {
            assert!(RELATIVE_MEN.iter().flatten().flatten().all(|r| r[row] == 0));
        }
    }

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
