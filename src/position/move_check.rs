//! Whether one given move is legal, without a move list: the check a search makes on a move
//! from its transposition table. It relies on the DirGolem form ([`MoveTargets`]): a legal move
//! goes in one direction, and each target in a direction's set has exactly one source, the
//! nearest man of the side to move behind it. So `from -> to` is legal when `to` is in the set of
//! the direction from `from` to `to`, `from` holds a man of the side to move and nothing stands
//! between them; what remains is that the move's kind fits the man and the squares.
//!
//! [`Position::is_legal`] takes a cheaper road for the common kinds (normal moves and
//! promotions): the man's own reach from `from` to `to`, then whether the king is attacked
//! once the man stands on `to` (sliders see through `from`, the man on `to` is gone). Castling
//! and en passant keep the target-set check, which already knows their rules.

use super::Position;
use super::board::*;
use crate::attacks::slider_lookup::{SliderJob, Sliders, with_sliders};
use crate::golem::MoveTargets;
use crate::{Bitboard, Direction, Move, Square, attacks};

/// The direction from `from` to `to` (absolute square indices), if a move can go that way.
#[inline]
fn direction(from: u32, to: u32) -> Option<Direction> {
    let files = (to & 7) as i32 - (from & 7) as i32;
    let ranks = (to >> 3) as i32 - (from >> 3) as i32;
    use Direction::*;
    Some(match (files.signum(), ranks.signum()) {
        _ if files.abs() + ranks.abs() == 3 && files != 0 && ranks != 0 => match (files, ranks) {
            (1, 2) => NorthNorthEast,
            (2, 1) => NorthEastEast,
            (2, -1) => SouthEastEast,
            (1, -2) => SouthSouthEast,
            (-1, -2) => SouthSouthWest,
            (-2, -1) => SouthWestWest,
            (-2, 1) => NorthWestWest,
            _ => NorthNorthWest,
        },
        _ if files != 0 && ranks != 0 && files.abs() != ranks.abs() => return None,
        (0, 1) => North,
        (1, 1) => NorthEast,
        (1, 0) => East,
        (1, -1) => SouthEast,
        (0, -1) => South,
        (-1, -1) => SouthWest,
        (-1, 0) => West,
        (-1, 1) => NorthWest,
        _ => return None,
    })
}

impl Position {
    /// [`Position::is_legal`]: for a normal move or a promotion, a few bit tests, the attack
    /// set of the moving man and one test of whether the king is attacked after the move; for
    /// castling and en passant, [`Position::is_legal_by_targets`].
    pub(crate) fn is_legal_direct(&self, m: Move) -> bool {
        let kind = m.kind_bits();
        if kind == Move::RAW_CASTLING || kind == Move::RAW_EN_PASSANT {
            return self.is_legal_by_targets(m);
        }
        // The move's bit pattern is not checked on its own (`Move::from_bits`): a normal move or
        // a promotion is legal only if `to` is in the moving man's reach, which holds only
        // squares on its lines or a knight's jump away, and the promotion rule ties the kind to
        // a pawn reaching the last rank; so a pattern that no move can have is refused anyway.
        debug_assert!(
            kind <= Move::RAW_PROMOTION + 3,
            "a Move's kind is one of eight"
        );
        // A move that does not start on a man of the side to move, or lands on one, is refused
        // before the slider technique is chosen; that choice is then made once for the reach
        // and the king's test, not at each lookup (a build without BMI2 enabled asks the CPU).
        let flip = self.square_flip();
        let us = self.board[US];
        if us >> (m.source_index() ^ flip) & 1 == 0 || us >> (m.target_index() ^ flip) & 1 != 0 {
            return false;
        }
        with_sliders(DirectCheck { position: self, m })
    }

    /// [`Position::is_legal_direct`] for a normal move or a promotion `m` (of a valid bit
    /// pattern) that starts on a man of the side to move and does not land on one (the caller
    /// has refused the others), the sliders' attacks read from `sliders`.
    #[inline(always)]
    fn is_legal_normal<S: Sliders>(&self, sliders: S, m: Move) -> bool {
        let kind = m.kind_bits();
        let flip = self.square_flip();
        let (from, to) = (m.source_index() ^ flip, m.target_index() ^ flip);
        let (from_bb, to_bb) = (1u64 << from, 1u64 << to);
        let b = &self.board;
        let occupied = b[US] | b[THEM];
        // Relative squares: knight, king and slider attacks look the same from either side.
        let sq = Square::index(from as usize);
        let pawn = b[PAWNS] & from_bb != 0;
        let reach = if pawn {
            let push = from_bb << 8 & !occupied;
            let double_push = (push & RANK_3) << 8 & !occupied;
            push | double_push | (pawn_attacks_north(from_bb) & b[THEM])
        } else if b[KNIGHTS] & from_bb != 0 {
            attacks::knight(sq).0
        } else if b[KINGS] & from_bb != 0 {
            attacks::king(sq).0
        } else {
            let mut reach = 0;
            if b[DIAGONAL] & from_bb != 0 {
                reach |= sliders.bishop(from, occupied);
            }
            if b[ORTHOGONAL] & from_bb != 0 {
                reach |= sliders.rook(from, occupied);
            }
            reach
        };
        // A pawn reaching the last rank must promote; nothing else may.
        if reach & to_bb == 0 || (pawn && to >= 56) != (kind >= Move::RAW_PROMOTION) {
            return false;
        }
        let king = if b[KINGS] & from_bb != 0 {
            to_bb
        } else {
            b[KINGS] & b[US]
        };
        !king_attacked_by(
            sliders,
            b,
            king,
            occupied & !from_bb | to_bb,
            b[THEM] & !to_bb,
        )
    }

    /// [`Position::is_legal`]: one target generation (the work of [`Position::count_legal`])
    /// and a few bit tests.
    pub(crate) fn is_legal_by_targets(&self, m: Move) -> bool {
        let Some(m) = Move::from_bits(m.to_bits()) else {
            return false;
        };
        let flip = self.square_flip();
        let (from, to) = (m.source_index(), m.target_index());
        let (from_rel, to_rel) = (from ^ flip, to ^ flip);
        let b = &self.board;
        if b[US] >> from_rel & 1 == 0 {
            return false;
        }
        let targets: MoveTargets = self.move_targets();
        if m.is_castling() {
            return b[KINGS] >> from_rel & 1 != 0 && targets.castling_rooks().contains(m.to());
        }
        let Some(d) = direction(from, to) else {
            return false;
        };
        if !targets.get(d).contains(m.to()) {
            return false;
        }
        // `to` has one source in direction `d`, the nearest man behind it: it is `from` when
        // nothing stands between the two.
        let occupied = Bitboard(b[US] | b[THEM]);
        let (from_sq, to_sq) = (m.from(), m.to());
        let clear = match d {
            _ if d.is_knight() => true,
            Direction::North | Direction::East | Direction::South | Direction::West => {
                attacks::rook(from_sq, self.absolute(occupied.0)).contains(to_sq)
            }
            _ => attacks::bishop(from_sq, self.absolute(occupied.0)).contains(to_sq),
        };
        if !clear {
            return false;
        }
        let pawn = b[PAWNS] >> from_rel & 1 != 0;
        let promotes = pawn && to_rel >= 56;
        let en_passant = pawn && (b[SPECIAL] & RANK_6) >> to_rel & 1 != 0;
        match m.kind_bits() {
            Move::RAW_EN_PASSANT => en_passant,
            Move::RAW_NORMAL => !promotes && !en_passant,
            _ => promotes,
        }
    }
}

/// [`Position::is_legal_normal`] as a query for [`with_sliders`].
struct DirectCheck<'a> {
    position: &'a Position,
    m: Move,
}

impl SliderJob for DirectCheck<'_> {
    type Output = bool;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> bool {
        self.position.is_legal_normal(sliders, self.m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::slider_lookup::Computed;

    /// Every move `Move::new` can build (any squares, any kind, geometry or not) is legal by
    /// `is_legal` exactly when the generator lists it, in positions with promotions, castling
    /// and en passant: `is_legal` relies on the reach test, not on a check of the pattern.
    #[test]
    fn every_constructible_move_is_legal_exactly_when_listed() {
        use crate::MoveKind;
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let listed = pos.legal_moves();
            let mut legal = 0;
            for from in Square::ALL {
                for to in Square::ALL {
                    for kind in MoveKind::ALL {
                        let m = Move::new(from, to, kind);
                        let expected = listed.contains(&m);
                        assert_eq!(pos.is_legal(m), expected, "{fen} {m:?}");
                        legal += expected as usize;
                    }
                }
            }
            assert_eq!(legal, listed.len(), "{fen}");
        }
    }

    /// The computed slider technique gives the same answers as the target-set check, so that
    /// the path a CPU without BMI2 takes is tested on every CPU (with BMI2, `is_legal` itself
    /// takes the table). Candidates: each position's own moves and the others' (mostly
    /// illegal here), the normal moves and promotions that start on a man of the side to move.
    #[test]
    fn computed_sliders_agree_with_the_target_sets() {
        let text = include_str!("../../tests/data/tricky.epd");
        let positions: Vec<Position> = text
            .lines()
            .filter_map(|l| Position::from_fen(l.split(';').next()?.trim()).ok())
            .take(40)
            .collect();
        assert!(positions.len() >= 20, "the tricky positions are read");
        let candidates: Vec<Move> = positions
            .iter()
            .flat_map(|p| p.legal_moves().into_iter())
            .filter(|m| {
                let kind = m.kind_bits();
                kind != Move::RAW_CASTLING && kind != Move::RAW_EN_PASSANT
            })
            .collect();
        let (mut checked, mut legal) = (0, 0);
        for p in &positions {
            for &m in &candidates {
                let flip = p.square_flip();
                let us = p.board[US];
                if us >> (m.source_index() ^ flip) & 1 == 0
                    || us >> (m.target_index() ^ flip) & 1 != 0
                {
                    continue;
                }
                let expected = p.is_legal_by_targets(m);
                assert_eq!(p.is_legal_normal(Computed, m), expected, "{p} {m}");
                checked += 1;
                legal += expected as usize;
            }
        }
        assert!(
            checked > 1000 && legal > 100 && legal < checked,
            "{checked} {legal}"
        );
    }
}
