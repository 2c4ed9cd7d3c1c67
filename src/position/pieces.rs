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
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
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
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
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
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        let to = m.target_index() ^ self.square_flip();
        let b = &self.board;
        // One bit test settles most moves: only a target holding a man of the other side, or
        // the en passant square (kept on rank 6 of the relative board), can be a capture's, so
        // a quiet move elsewhere is never asked its kind.
        if (b[THEM] | b[SPECIAL] & RANK_6) >> to & 1 == 0 {
            None
        } else if b[THEM] >> to & 1 != 0 {
            // Castling, onto the mover's own rook, never finds a man of the other side there.
            (m.kind_bits() != Move::RAW_CASTLING).then(|| piece_on(b, to))
        } else if m.kind_bits() == Move::RAW_EN_PASSANT {
            Some(Piece::Pawn)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Piece, Position};

    /// A man other than the en passant pawn that moves onto the en passant square takes
    /// nothing, though the square passes the first test `captured_piece` makes; the en
    /// passant capture onto it takes a pawn; a capture elsewhere takes the man there.
    #[test]
    fn captured_piece_on_the_en_passant_square() {
        for fen in [
            "4k3/8/8/3pP3/1B6/8/8/4K3 w - d6 0 2",
            "4k3/8/8/1b6/3Pp3/8/8/4K3 b - d3 0 2",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let (bishop, pawn) = if fen.contains(" w ") {
                ("b4d6", "e5d6")
            } else {
                ("b5d3", "e4d3")
            };
            let m = pos.parse_uci(bishop).unwrap();
            assert_eq!(pos.captured_piece(m), None, "{fen} {bishop}");
            let m = pos.parse_uci(pawn).unwrap();
            assert_eq!(pos.captured_piece(m), Some(Piece::Pawn), "{fen} {pawn}");
        }
        let pos = Position::from_fen("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 2").unwrap();
        let m = pos.parse_uci("e5d6").unwrap();
        assert_eq!(pos.captured_piece(m), Some(Piece::Knight));
    }
}
