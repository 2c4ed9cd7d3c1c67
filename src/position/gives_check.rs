//! Whether a move checks the other side's king, asked before the move is made: a search
//! decides on check extensions, pruning and move order this way for many moves it never plays.
//!
//! The answer is the other king's attackers among the mover's men as they stand after the
//! move, with the occupancy after it, by the query that answers [`Position::attackers_to`]:
//! one rook and one bishop lookup from that king's square, a knight and a pawn table read. That covers a direct check, a discovered one (the slider
//! behind the man that left), both at once, the rook of a castling, the man a promotion makes,
//! and the en passant capture that uncovers a line through the taken pawn, with no case of
//! its own: only the sets before the lookups differ by kind. Making the move and asking
//! [`Position::is_check`] answers the same and also flips the board and updates the key.

use super::Position;
use super::attackers::attackers_both;
use super::board::*;
use super::castling_squares::castling_squares;
use super::make::{en_passant_pawn, promote};
use crate::Move;
use crate::attacks::slider_lookup::{SliderJob, Sliders, with_sliders};

impl Position {
    /// Whether `m`, a legal move of this position (as generated, or checked with
    /// [`Position::is_legal`]), gives check: the same answer as
    /// `self.play_unchecked(m).is_check()`, without making the move. Checks by the moved man,
    /// discovered checks, the rook of a castling, the man a promotion makes and the line an
    /// en passant capture opens all count. Any other move gives a meaningless answer (never a
    /// panic, in debug builds too).
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::from_fen("3k4/8/8/8/8/4B3/8/R3K3 w Q - 0 1")?;
    /// let gives_check = |uci| pos.gives_check(pos.parse_uci(uci).unwrap());
    /// assert!(gives_check("e3b6")); // the bishop, directly
    /// assert!(gives_check("a1a8")); // the rook, along the eighth rank
    /// assert!(gives_check("e1c1")); // castling: the rook lands on d1, on the king's file
    /// assert!(!gives_check("e3d4"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn gives_check(&self, m: Move) -> bool {
        let flip = self.square_flip();
        with_sliders(GivesCheck {
            b: &self.board,
            from: m.source_index() ^ flip,
            to: m.target_index() ^ flip,
            kind_bits: m.kind_bits(),
        })
    }
}

/// The query of [`Position::gives_check`]: the move `from -> to` (relative squares) of kind
/// `kind_bits` on `b`.
struct GivesCheck<'a> {
    b: &'a Board,
    from: u32,
    to: u32,
    kind_bits: u16,
}

impl SliderJob for GivesCheck<'_> {
    type Output = bool;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> bool {
        let b = self.b;
        let (from_bb, to_bb) = (1u64 << self.from, 1u64 << self.to);
        let ours = |kind: usize| b[kind] & b[US];
        let mut occupied = (b[US] | b[THEM]) & !from_bb | to_bb;
        // Our men after the move, by kind (kings left out: a king never gives check). A man
        // taken on `to` was the other side's: these are our sets only, and the occupancy
        // already holds `to`.
        let mut men: Board = [0; 8];
        if self.kind_bits == Move::RAW_CASTLING {
            // `to` is the rook's square: both men leave and land on their castling squares.
            let (king_to, rook_to) = castling_squares(self.from, self.to);
            occupied = occupied & !to_bb | 1 << king_to | 1 << rook_to;
            for kind in [PAWNS, KNIGHTS, DIAGONAL] {
                men[kind] = ours(kind);
            }
            men[ORTHOGONAL] = ours(ORTHOGONAL) & !to_bb | 1 << rook_to;
        } else {
            // The man on `from` moves its bit on its kind's boards (both slider boards for a
            // queen).
            for kind in [PAWNS, KNIGHTS, DIAGONAL, ORTHOGONAL] {
                let holds = (b[kind] >> self.from & 1).wrapping_neg();
                men[kind] = ours(kind) & !from_bb | holds & to_bb;
            }
            if self.kind_bits == Move::RAW_EN_PASSANT {
                occupied &= !en_passant_pawn(to_bb);
            } else if self.kind_bits >= Move::RAW_PROMOTION {
                promote(&mut men, to_bb, self.kind_bits);
            }
        }
        // Every man on `men` is ours (its side-to-move board), so the attackers of either
        // colour that the shared query finds are our men that check.
        men[US] = men[PAWNS] | men[KNIGHTS] | men[DIAGONAL] | men[ORTHOGONAL];
        // A position has one king a side, so the scan finds the other king's square.
        let king_sq = (b[KINGS] & b[THEM]).trailing_zeros();
        attackers_both(sliders, &men, king_sq, occupied) != 0
    }
}
