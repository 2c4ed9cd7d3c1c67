//! `Setup`: what a FEN says, before it is checked to be a playable position.

use crate::{Bitboard, Color, Piece, Square};

/// An unvalidated position: pieces, side to move, castling rights, en passant square and clocks,
/// exactly as read (or to be written). [`Position::from_setup`](crate::Position::from_setup)
/// validates it; [`Position::to_setup`](crate::Position::to_setup) gives it back.
///
/// ```
/// use dirgolem::{Color, Piece, Position, Setup, Square};
/// let setup = Position::startpos().to_setup();
/// assert_eq!(setup.piece_at(Square::E1), Some((Color::White, Piece::King)));
/// assert_eq!(setup.castling_rooks.len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Squares of each colour's men, indexed by `Color as usize`.
    pub colors: [Bitboard; 2],
    /// Squares of each piece kind (both colours), indexed by `Piece as usize`.
    pub pieces: [Bitboard; 6],
    /// The side to move.
    pub turn: Color,
    /// The rooks that keep a castling right, both colours (white's on rank 1, black's on rank 8).
    pub castling_rooks: Bitboard,
    /// The en passant target square as written (the square behind a pawn that just moved two).
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmove_number: u32,
}

impl Default for Setup {
    /// An empty board, white to move, no rights, clocks `0 1`.
    fn default() -> Setup {
        Setup {
            colors: [Bitboard::EMPTY; 2],
            pieces: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling_rooks: Bitboard::EMPTY,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

impl Setup {
    /// The man on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        let color = Color::ALL
            .into_iter()
            .find(|&c| self.colors[c as usize].contains(sq))?;
        let piece = Piece::ALL
            .into_iter()
            .find(|&p| self.pieces[p as usize].contains(sq))?;
        Some((color, piece))
    }

    /// Puts a man on `sq` (replacing whatever stood there).
    pub fn put(&mut self, sq: Square, color: Color, piece: Piece) {
        self.remove(sq);
        self.colors[color as usize] |= sq.bitboard();
        self.pieces[piece as usize] |= sq.bitboard();
    }

    /// Empties `sq`.
    pub fn remove(&mut self, sq: Square) {
        for bb in self.colors.iter_mut().chain(self.pieces.iter_mut()) {
            *bb = *bb - sq.bitboard();
        }
    }

    /// The men of one colour and kind.
    pub fn men(&self, color: Color, piece: Piece) -> Bitboard {
        self.colors[color as usize] & self.pieces[piece as usize]
    }

    /// All occupied squares.
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
}
