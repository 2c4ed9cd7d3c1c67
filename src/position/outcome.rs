//! How a game ends in a position, as far as the position alone can tell: checkmate, stalemate,
//! the fifty-move rule and dead positions by insufficient material. Repetition needs the game's
//! history, which a position does not keep (compare positions with `==` or their
//! [`Position::zobrist`] keys for that).

use super::Position;
use super::board::*;
use crate::Color;

/// Why the game is over; see [`Position::outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; the other side wins.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can ever checkmate (simple cases, see [`Position::outcome`]): a draw.
    InsufficientMaterial,
    /// Fifty moves by each side without a capture or pawn move (halfmove clock at least 100):
    /// a draw that a player may claim.
    FiftyMoves,
}

impl Outcome {
    /// The winner, if the outcome is decisive.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

/// The dark squares (a1 is dark). The relative frame swaps ranks, which swaps the two colours;
/// "all on one colour" does not care.
const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

impl Position {
    /// Whether the game is over, and how: checkmate first (mate on the hundredth half-move
    /// still wins), then stalemate, then insufficient material, then the fifty-move rule.
    ///
    /// Insufficient material covers the dead positions that material alone decides: king
    /// against king, king and one knight or bishop against king, and any number of bishops
    /// (either side's) all on squares of one colour, with no pawns, rooks, queens or other
    /// knights. Positions that are dead only because of their pawn structure are not found.
    ///
    /// ```
    /// use dirgolem::{Color, Outcome, Position};
    /// let mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    ///     .unwrap();
    /// assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    /// let bishops = Position::from_fen("4k3/8/8/2b5/8/8/8/B3K3 w - - 0 1").unwrap();
    /// assert_eq!(bishops.outcome(), Some(Outcome::InsufficientMaterial));
    /// assert_eq!(Position::startpos().outcome(), None);
    /// ```
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.count_legal() == 0 {
            return Some(if self.is_check() {
                Outcome::Checkmate { winner: !self.turn }
            } else {
                Outcome::Stalemate
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        if self.is_fifty_move_draw() {
            return Some(Outcome::FiftyMoves);
        }
        None
    }

    /// Whether neither side has mating material (the simple cases of [`Position::outcome`]).
    ///
    /// ```
    /// use dirgolem::Position;
    /// let knights = Position::from_fen("4k3/8/8/2n5/8/8/8/N3K3 w - - 0 1").unwrap();
    /// assert!(!knights.is_insufficient_material()); // a mate exists, however unlikely
    /// ```
    #[inline]
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if b[PAWNS] | b[ORTHOGONAL] != 0 {
            return false;
        }
        let minors = b[KNIGHTS] | b[DIAGONAL];
        let bishops_one_colour =
            b[DIAGONAL] & DARK_SQUARES == 0 || b[DIAGONAL] & !DARK_SQUARES == 0;
        minors.count_ones() <= 1 || (b[KNIGHTS] == 0 && bishops_one_colour)
    }
}
