//! Whether a move checks the other side's king, asked before the move is made: a search
//! decides on check extensions, pruning and move order this way for many moves it never plays.
//!
//! The answer is the other king's attackers among the mover's men as they stand after the
//! move, with the occupancy after it: one rook and one bishop lookup from that king's square,
//! a knight and a pawn table read. That covers a direct check, a discovered one (the slider
//! behind the man that left), both at once, the rook of a castling, the man a promotion makes,
//! and the en passant capture that uncovers a line through the taken pawn, with no case of
//! its own: only the sets before the lookups differ by kind. Making the move and asking
//! [`Position::is_check`] answers the same and also flips the board and updates the key.

use super::Position;
use super::board::*;
use super::castling_squares::castling_squares;
use super::make::en_passant_pawn;
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
    #[inline]
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
        // The mover's men by kind after the move (kings left out: a king never gives check).
        let (mut pawns, mut knights, mut diagonal, mut orthogonal);
        if self.kind_bits == Move::RAW_CASTLING {
            // `to` is the rook's square: both men leave and land on their castling squares.
            let (king_to, rook_to) = castling_squares(self.from, self.to);
            occupied = occupied & !to_bb | 1 << king_to | 1 << rook_to;
            (pawns, knights, diagonal) = (ours(PAWNS), ours(KNIGHTS), ours(DIAGONAL));
            orthogonal = ours(ORTHOGONAL) & !to_bb | 1 << rook_to;
        } else {
            // The man on `from` moves its bit on its kind's board; whatever stood on `to` was
            // the other side's and is gone from the occupancy's count of it only.
            let moved = |kind: usize| {
                let holds = (b[kind] >> self.from & 1).wrapping_neg();
                ours(kind) & !from_bb | holds & to_bb
            };
            (pawns, knights, diagonal, orthogonal) = (
                moved(PAWNS),
                moved(KNIGHTS),
                moved(DIAGONAL),
                moved(ORTHOGONAL),
            );
            if self.kind_bits == Move::RAW_EN_PASSANT {
                occupied &= !en_passant_pawn(to_bb);
            } else if self.kind_bits >= Move::RAW_PROMOTION {
                // The pawn becomes the promotion's man (the kind's two low bits: knight,
                // bishop, rook, queen), as make does.
                let man = self.kind_bits & 3;
                let on = |yes: bool| to_bb & u64::from(yes).wrapping_neg();
                pawns &= !to_bb;
                knights |= on(man == 0);
                diagonal |= on(man & 1 != 0);
                orthogonal |= on(man & 2 != 0);
            }
        }
        let king = b[KINGS] & b[THEM];
        // A board without the other king (not a position `Position` accepts) answers false
        // rather than reading a table past its end.
        let king_sq = king.trailing_zeros() & 63;
        let attackers = sliders.rook(king_sq, occupied) & orthogonal
            | sliders.bishop(king_sq, occupied) & diagonal
            | crate::attacks::knight(crate::Square::index(king_sq as usize)).0 & knights
            | pawn_attacks_south(king) & pawns;
        king != 0 && attackers != 0
    }
}
