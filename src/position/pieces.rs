//! What stands where, read straight from the relative bitboards: `piece_at`, and the pieces a
//! move moves and captures. Each is a few bit tests (no loops), since engines ask per move.

use super::Position;
use super::board::*;
use crate::{Color, Move, Piece, Square};

/// The piece a man is, by four bits read off the board at its square: bit 0 the knight board,
/// bit 1 the diagonal board, bit 2 the orthogonal board, bit 3 the king board (none of them: a
/// pawn). Every pattern has an entry, so a board left inconsistent by a move not from the
/// generator still gives some piece, never an index out of range.
static PIECE_OF_BITS: [Piece; 16] = {
    let mut table = [Piece::Pawn; 16];
    let mut bits = 0;
    while bits < 16 {
        table[bits] = match bits {
            0 => Piece::Pawn,
            1 => Piece::Knight,
            2 => Piece::Bishop,
            4 => Piece::Rook,
            6 => Piece::Queen,
            _ if bits & 8 != 0 => Piece::King,
            _ => Piece::Queen,
        };
        bits += 1;
    }
    table
};

/// The piece on the relative square `sq` (a pawn for an empty square): one table read.
#[inline(always)]
pub(crate) fn piece_on(b: &Board, sq: u32) -> Piece {
    let bit = |i: usize| (b[i] >> (sq & 63) & 1) as usize;
    let bits = bit(KNIGHTS) | bit(DIAGONAL) << 1 | bit(ORTHOGONAL) << 2 | bit(KINGS) << 3;
    PIECE_OF_BITS[bits]
}

/// The kind code (`Piece as usize`: pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5) of the
/// man on the relative square `sq`; 0 for an empty square. Always below 6, so that a board
/// left inconsistent by a move not from the generator still indexes tables safely.
#[inline(always)]
pub(crate) fn kind_code(b: &Board, sq: u32) -> usize {
    piece_on(b, sq) as usize
}

impl Position {
    /// The man on `sq`, if any.
    ///
    /// ```
    /// use dirgolem::{Color, Piece, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.piece_at(Square::D8), Some((Color::Black, Piece::Queen)));
    /// assert_eq!(pos.piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        let rel = sq as u32 ^ self.square_flip();
        let b = &self.board;
        if (b[US] | b[THEM]) >> rel & 1 == 0 {
            return None;
        }
        let color = if b[US] >> rel & 1 != 0 {
            self.turn
        } else {
            !self.turn
        };
        Some((color, piece_on(b, rel)))
    }

    /// The kind of the man `m` moves (the king, for castling): `None` when `m`'s from square
    /// holds no man of the side to move (never for a legal move).
    ///
    /// ```
    /// use dirgolem::{Piece, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.moved_piece(pos.parse_uci("g1f3").unwrap()), Some(Piece::Knight));
    /// ```
    #[inline]
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        let from = m.source_index() ^ self.square_flip();
        let b = &self.board;
        if b[US] >> from & 1 == 0 {
            return None;
        }
        Some(piece_on(b, from))
    }

    /// The kind of the man `m` captures, if any: a pawn for en passant, none for castling
    /// (which in dirgolem's form moves the king onto its own rook's square).
    ///
    /// ```
    /// use dirgolem::{Piece, Position};
    /// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/3n4/4K3 w - d6 0 2").unwrap();
    /// assert_eq!(pos.captured_piece(pos.parse_uci("e5d6").unwrap()), Some(Piece::Pawn));
    /// assert_eq!(pos.captured_piece(pos.parse_uci("e1d2").unwrap()), Some(Piece::Knight));
    /// ```
    #[inline]
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        let to = m.target_index() ^ self.square_flip();
        let b = &self.board;
        // The other side's man on the target first: for most moves that test alone settles it
        // (castling, onto the mover's own rook, never finds one there).
        if b[THEM] >> to & 1 != 0 && m.kind_bits() != Move::RAW_CASTLING {
            Some(piece_on(b, to))
        } else if m.kind_bits() == Move::RAW_EN_PASSANT {
            Some(Piece::Pawn)
        } else {
            None
        }
    }
}
