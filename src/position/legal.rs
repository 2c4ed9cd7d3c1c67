//! The legal-move API of `Position` built on the move calls (targets, counts, lists, in
//! `crate::dispatch`): checked play, UCI input, and the game states that follow from them.

use core::fmt;

use super::Position;
use super::board::*;
use crate::{CastlingMode, ErrorText, Move};

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv.to_uci(CastlingMode::Chess960))
    }
}

impl core::error::Error for IllegalMove {}

/// Why a UCI move string was refused by [`Position::parse_uci`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// Not of the form `e2e4` or `e7e8q` (from square, to square, optional promotion letter).
    /// Holds the text, cut (at a character boundary, marked with `...`) when longer than any
    /// field a FEN error keeps, so that a huge input does not give a huge error.
    Syntax(ErrorText),
    /// Well formed, but no legal move of the position has this text.
    Illegal(ErrorText),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Syntax(s) => {
                write!(
                    f,
                    "'{s}' is not a UCI move (expected from and to squares and an optional promotion letter, such as e2e4 or e7e8q)"
                )
            }
            UciMoveError::Illegal(s) => write!(f, "'{s}' is not a legal move in this position"),
        }
    }
}

impl core::error::Error for UciMoveError {}

impl Position {
    /// Whether `m` is a legal move here; any 16 bits (say, a move read from a transposition
    /// table with [`Move::from_bits`]) are safe to ask about. A normal move or a promotion
    /// costs a few bit tests, the moving man's attack set and one test of whether the king is
    /// attacked after it; castling and en passant cost one target generation (the work of
    /// [`Position::count_legal`]). No move list either way.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_legal_direct(m)
    }

    /// The position after `m`, or an error if `m` is not legal here.
    ///
    /// ```
    /// use dirgolem::{Move, MoveKind, Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.play(Move::new(Square::E2, Square::E5, MoveKind::Normal)).is_err());
    /// assert!(pos.play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).is_ok());
    /// ```
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// Reads a move in UCI notation and finds it among the legal moves. Standard chess takes
    /// castling as the king's move (`e1g1`) or as king takes rook (`e1h1`); Chess960 only as
    /// king takes rook, since there a king's step can look like castling.
    ///
    /// ```
    /// use dirgolem::{MoveKind, Position};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.parse_uci("e1g1").unwrap().kind(), MoveKind::Castling);
    /// assert!(pos.parse_uci("e1e3").is_err());
    /// assert!(pos.parse_uci("castle").is_err());
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciMoveError> {
        let square = |range: core::ops::Range<usize>| {
            text.get(range)
                .and_then(|t| t.parse::<crate::Square>().ok())
        };
        let promotion = match text.get(4..) {
            Some("") => Some(None),
            Some(letter @ ("n" | "b" | "r" | "q")) => {
                Some(crate::Piece::from_char(letter.as_bytes()[0] as char))
            }
            _ => None,
        };
        let (Some(from), Some(to), Some(promotion), 4..=5) =
            (square(0..2), square(2..4), promotion, text.len())
        else {
            return Err(UciMoveError::Syntax(super::error::shorten(text)));
        };
        let mut found = None;
        self.for_each_legal_move(|m| {
            // Castling is king takes rook in both dialects; standard chess also takes the king's
            // two-square move (never a normal king move there).
            let standard_castling = self.mode == CastlingMode::Standard
                && m.is_castling()
                && m.king_destination() == to;
            if m.from() == from && m.promotion() == promotion && (m.to() == to || standard_castling)
            {
                found = Some(m);
            }
        });
        found.ok_or_else(|| UciMoveError::Illegal(ErrorText::new(text)))
    }

    /// Whether the side to move is in check.
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn is_check(&self) -> bool {
        let b = &self.board;
        let king = b[KINGS] & b[US];
        king_attacked(b, king, b[US] | b[THEM], b[THEM])
    }

    /// Whether the side to move is checkmated.
    #[inline]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal() == 0
    }

    /// Whether the side to move is stalemated.
    #[inline]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal() == 0
    }
}
