//! Attack queries for engines: which men attack a square (seed 001's `attacks_to`), which give
//! check, which are pinned to their king.
//!
//! The answers are built as seed 001 section 5 describes: the attacks of each kind of man from
//! the target square, masked by the men of that kind, all from [`crate::attacks`] (the core's
//! scalar attack tables; the slider techniques of `sliders` are oracles behind a feature). The work is done on the board relative to the side to move and only the
//! result is turned into absolute squares.

use super::Position;
use super::board::*;
use crate::attacks::slider_lookup::{SliderJob, Sliders, with_sliders};
use crate::{Bitboard, Color, Square, attacks};

/// Every man of either colour that attacks the relative square `target` (index `target_index`)
/// when the squares of `occupied` (relative) are taken, the sliders' attacks read from
/// `sliders`. Men not on `occupied` are included too: callers that remove men (x-rays in the
/// exchange evaluation) mask with `occupied` themselves.
#[inline]
pub(crate) fn attackers_both<S: Sliders>(
    sliders: S,
    b: &Board,
    target_index: u32,
    occupied: u64,
) -> u64 {
    let sq = Square::index(target_index as usize);
    // The side to move's pawns attack northwards, so they stand where a black pawn on the
    // target would attack, and the other side's where a white one would.
    let pawns = (attacks::pawn(Color::Black, sq).0 & b[US]
        | attacks::pawn(Color::White, sq).0 & b[THEM])
        & b[PAWNS];
    pawns
        | attacks::knight(sq).0 & b[KNIGHTS]
        | attacks::king(sq).0 & b[KINGS]
        | sliders_to(sliders, b, target_index, occupied)
}

/// The sliders of either colour that reach the relative square `target_index` with
/// `occupied` as blockers: after a man leaves a line, this finds the slider behind it.
#[inline]
pub(crate) fn sliders_to<S: Sliders>(
    sliders: S,
    b: &Board,
    target_index: u32,
    occupied: u64,
) -> u64 {
    sliders.bishop(target_index, occupied) & b[DIAGONAL]
        | sliders.rook(target_index, occupied) & b[ORTHOGONAL]
}

/// The query of [`Position::attackers_to`] and [`Position::checkers`]: the men of `men` on
/// `occupied` that attack the relative square `target_index`.
struct AttackersOf<'a> {
    b: &'a Board,
    target_index: u32,
    occupied: u64,
    men: u64,
}

impl SliderJob for AttackersOf<'_> {
    type Output = u64;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> u64 {
        attackers_both(sliders, self.b, self.target_index, self.occupied) & self.men & self.occupied
    }
}

/// The query of [`Position::pinned`]: the side to move's men pinned to its king on the
/// relative square `king_index`.
struct PinnedTo<'a> {
    b: &'a Board,
    king_index: u32,
}

impl SliderJob for PinnedTo<'_> {
    type Output = u64;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> u64 {
        let b = self.b;
        let king_sq = Square::index(self.king_index as usize);
        // Enemy sliders on the king's lines when only enemy men block: each may pin one man.
        let snipers = (sliders.rook(self.king_index, b[THEM]) & b[ORTHOGONAL]
            | sliders.bishop(self.king_index, b[THEM]) & b[DIAGONAL])
            & b[THEM];
        let occupied = b[US] | b[THEM];
        let mut pinned = 0;
        for sniper in Bitboard(snipers) {
            let blockers = attacks::between(king_sq, sniper).0 & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & b[US];
            }
        }
        pinned
    }
}

/// The slider of either colour that a man leaving the relative square `left` (one-square
/// bitboard) uncovers on `target_index`, with `occupied` the occupancy after it left: the man
/// on the line from the target through `left`, beyond it, if it moves along that line. Only
/// that line can change, so this is one ray instead of the eight of [`sliders_to`] (an
/// exchange evaluation's x-ray step).
#[inline]
pub(crate) fn slider_behind(b: &Board, target_index: u32, left: u64, occupied: u64) -> u64 {
    let d = attacks::direction_to(target_index, left.trailing_zeros());
    if d == attacks::NO_DIRECTION {
        return 0;
    }
    let sliders = if d & 1 == 0 {
        b[ORTHOGONAL]
    } else {
        b[DIAGONAL]
    };
    attacks::ray_attacks(d as usize, target_index as usize, occupied) & sliders
}

impl Position {
    /// The men of `by` standing on `occupied` that attack `sq` when exactly the squares of
    /// `occupied` are taken (seed 001's `attacks_to`, for one colour).
    ///
    /// With `occupied` = [`Position::occupied`] this is the plain question "who attacks this
    /// square"; leaving men out of `occupied` removes them and lets the sliders behind them
    /// through (x-rays), as an exchange evaluation or a check test after a move needs. Pins
    /// are not considered: a pinned man still attacks.
    ///
    /// ```
    /// use dirgolem::{Color, Position, Square};
    /// // A rook on d1 behind a rook on d2: only the front one attacks d5...
    /// let pos = Position::from_fen("3k4/8/8/3p4/8/8/3R4/3RK3 w - - 0 1").unwrap();
    /// let direct = pos.attackers_to(Square::D5, Color::White, pos.occupied());
    /// assert_eq!(direct, Square::D2.bitboard());
    /// // ...until the front rook is taken off the board.
    /// let without_d2 = pos.occupied() - Square::D2.bitboard();
    /// let x_ray = pos.attackers_to(Square::D5, Color::White, without_d2);
    /// assert_eq!(x_ray, Square::D1.bitboard());
    /// ```
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let relative_occupied = self.absolute(occupied.0).0;
        let relative_sq = sq as u32 ^ self.square_flip();
        let men = b[if by == self.turn { US } else { THEM }];
        self.absolute(with_sliders(AttackersOf {
            b,
            target_index: relative_sq,
            occupied: relative_occupied,
            men,
        }))
    }

    /// The other side's men that give check to the side to move's king (empty when not in
    /// check; two men in a double check).
    ///
    /// ```
    /// use dirgolem::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.checkers(), Square::A1.bitboard());
    /// assert!(Position::startpos().checkers().is_empty());
    /// ```
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn checkers(&self) -> Bitboard {
        let b = &self.board;
        let king_index = (b[KINGS] & b[US]).trailing_zeros();
        if king_index == 64 {
            // No king: only a meaningless position from `play_unchecked` lacks one.
            return Bitboard(0);
        }
        self.absolute(with_sliders(AttackersOf {
            b,
            target_index: king_index,
            occupied: b[US] | b[THEM],
            men: b[THEM],
        }))
    }

    /// The side to move's men that are absolutely pinned: each stands alone between its own
    /// king and an enemy rook, bishop or queen that would attack the king along that line if
    /// the man left it. (A pinned man may still move along the line of its pin. The en passant
    /// case where two pawns leave one rank together is not a pin and is not included.)
    ///
    /// ```
    /// use dirgolem::{Position, Square};
    /// // The knight on d2 is pinned by the bishop on b4; the rook on a1 is only a checker.
    /// let pos = Position::from_fen("4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.pinned(), Square::D2.bitboard());
    /// ```
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn pinned(&self) -> Bitboard {
        let b = &self.board;
        let king_index = (b[KINGS] & b[US]).trailing_zeros();
        if king_index == 64 {
            // No king, no pins (only a meaningless position from `play_unchecked` lacks one).
            return Bitboard(0);
        }
        self.absolute(with_sliders(PinnedTo { b, king_index }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::slider_lookup::Computed;

    /// The queries on the computed slider attacks (the technique of a CPU without BMI2) give
    /// the answers of the public calls on whatever technique this CPU picks.
    #[test]
    fn every_technique_gives_the_same_attackers_and_pins() {
        let fens = [
            "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "3q3k/3r4/3r4/3p4/4P3/2B5/1Q1R4/K2R4 b - - 0 1",
            "4k3/4r3/8/b7/8/2PRP3/3K4/8 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let b = &pos.board;
            let king_index = (b[KINGS] & b[US]).trailing_zeros();
            let occupied = b[US] | b[THEM];
            let checkers = AttackersOf {
                b,
                target_index: king_index,
                occupied,
                men: b[THEM],
            }
            .run(Computed);
            assert_eq!(pos.absolute(checkers), pos.checkers(), "{fen}");
            let pinned = PinnedTo { b, king_index }.run(Computed);
            assert_eq!(pos.absolute(pinned), pos.pinned(), "{fen}");
            for sq in Square::ALL {
                for by in [Color::White, Color::Black] {
                    let men = b[if by == pos.side_to_move() { US } else { THEM }];
                    let computed = AttackersOf {
                        b,
                        target_index: sq as u32 ^ pos.square_flip(),
                        occupied,
                        men,
                    }
                    .run(Computed);
                    assert_eq!(
                        pos.absolute(computed),
                        pos.attackers_to(sq, by, pos.occupied()),
                        "{fen} {sq:?} {by:?}"
                    );
                }
            }
        }
    }
}
