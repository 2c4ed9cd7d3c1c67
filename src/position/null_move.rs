//! The null move: the side to move passes. Engines use it to prune (null-move pruning); it is
//! not a chess move, so it is refused when the side to move is in check (passing would leave the
//! king in check).

use super::board::*;
use super::{Position, zobrist};
use crate::Color;

impl Position {
    /// The position with the other side to move and nothing else changed, except that an en
    /// passant capture is no longer possible; `None` when the side to move is in check.
    ///
    /// The clocks move as for a reversible move: the halfmove clock goes up by one and the move
    /// number goes up after Black passes. The Zobrist key changes by the side-to-move number and
    /// the en passant file, if there was one.
    ///
    /// ```
    /// use dirgolem::{Color, Position};
    /// let pos = Position::startpos();
    /// let passed = pos.play_null().unwrap();
    /// assert_eq!(passed.side_to_move(), Color::Black);
    /// assert_eq!(passed.play_null().unwrap().zobrist(), pos.zobrist());
    /// let check = Position::from_fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1").unwrap();
    /// assert!(check.play_null().is_none());
    /// ```
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn play_null(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut board = self.board;
        board[SPECIAL] &= RANK_1 | RANK_8;
        Some(Position {
            board: flipped(&board),
            key: zobrist::after_null_move(self.key, &self.board),
            turn: !self.turn,
            mode: self.mode,
            halfmove_clock: self.halfmove_clock.saturating_add(1),
            fullmove_number: self
                .fullmove_number
                .saturating_add((self.turn == Color::Black) as u32),
        })
    }
}
