//! The legal moves of a `Position`: targets, counts and lists, each computed on the detected
//! backend. (An `impl Position` here, above the backends, so that `position` does not call up
//! into the layer that runs on it.)

use super::Generator;
use crate::{Move, MoveList, MoveTargets, Position};

impl Position {
    /// The legal moves as 16 direction target sets (the DirGolem form).
    #[inline]
    pub fn move_targets(&self) -> MoveTargets {
        Generator::detect().move_targets(self)
    }

    /// The number of legal moves, by popcounts alone (no list is built).
    ///
    /// ```
    /// use dirgolem::Position;
    /// let kiwipete = Position::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(kiwipete.count_legal(), 48);
    /// ```
    #[inline]
    pub fn count_legal(&self) -> usize {
        Generator::detect().count_legal(self)
    }

    /// Calls `f` with every legal move, in the order of [`Position::legal_moves`], with no
    /// limit on the count (the moves are written into a list on the stack first, and handed
    /// over one at a time as they are found when there are more than a list holds).
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        Generator::detect().for_each_legal_move(self, f)
    }

    /// The legal moves in a fixed-capacity list (no allocation), in generation order: king,
    /// rooks and queens, bishops and queens, knights, pawns, promotions, castling (the order
    /// of [`Position::for_each_legal_move`] too).
    pub fn legal_moves(&self) -> MoveList {
        Generator::detect().legal_moves(self)
    }
}
