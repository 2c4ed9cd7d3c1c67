//! Static exchange evaluation: the material a move wins or loses if both sides then capture on
//! its target square, each with its least valuable attacker, and each free to stop.
//!
//! This is seed 001's swap list (section 6): take the attackers of the square, let the sides
//! capture in turn with their cheapest man, remove each capturer from the occupancy so that the
//! sliders behind it join in (x-rays), and record the running balance; then fold the list from
//! the end, letting each side stop when going on would cost it. [`Position::see_ge`] answers
//! "is the result at least this much" on the same rules and stops as soon as the answer is
//! settled.
//!
//! The rules, shared by both functions:
//! - values: pawn 100, knight 300, bishop 300, rook 500, queen 900 ([`SEE_VALUES`]);
//! - the king captures only onto a square the other side does not attack (once the king has
//!   left its own square), so it is never captured and needs no value; when it can, it does so
//!   before any cheaper man, since nobody can take back and no better capture exists; a move by
//!   the king ends the exchange at once (a legal king move never steps into attack);
//! - promotions do not count: a promoting pawn (and any pawn recapturing on the last rank) is
//!   valued as a pawn, and a promotion without capture is worth 0 if the pawn survives;
//! - en passant wins a pawn, and the captured pawn's square is emptied for the x-rays;
//! - castling is worth 0; a move that captures nothing risks only the moved man;
//! - pins are ignored, as in the classic SEE: a pinned man may capture, and so may a man
//!   whose capture would expose its own king (only the king itself is held back).
//!
//! Cheapest first is the classic SEE's assumption, and it is not always best play: when the
//! cheapest man's capture uncovers a slider of the other side on the square (or among equals
//! the one taken does), a dearer capture can be better. `tests/interface/see.rs` compares with a search
//! over every capture order and pins down such a case; those are rare exceptions, which the
//! speed of a single swap list is worth.

use super::Position;
use super::attackers::{attackers_both, slider_behind, sliders_uncovered};
use super::board::*;
use crate::{Move, MoveKind, Piece};

/// The piece values of the exchange evaluation, indexed by [`Piece`] (`Piece::Pawn as usize`
/// and so on). The king's entry is 0: it is never captured in an exchange.
///
/// ```
/// use dirgolem::{Piece, SEE_VALUES};
/// assert_eq!(SEE_VALUES[Piece::Rook as usize], 500);
/// ```
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// Room for the swap list: one entry per capture. A game has at most 32 men, so at most 31
/// captures on one square; a relaxed position with more men on one square's lines has its
/// exchange cut there.
const MAX_CAPTURES: usize = 32;

/// The kind of the man on the relative square bit `bit` (which must hold one), read from the
/// piece bitboards; `None` for an empty square.
#[inline]
fn kind_on(b: &Board, bit: u64) -> Option<Piece> {
    if b[PAWNS] & bit != 0 {
        Some(Piece::Pawn)
    } else if b[KNIGHTS] & bit != 0 {
        Some(Piece::Knight)
    } else if b[DIAGONAL] & bit != 0 {
        Some(if b[ORTHOGONAL] & bit != 0 {
            Piece::Queen
        } else {
            Piece::Bishop
        })
    } else if b[ORTHOGONAL] & bit != 0 {
        Some(Piece::Rook)
    } else if b[KINGS] & bit != 0 {
        Some(Piece::King)
    } else {
        None
    }
}

/// The least valuable man among `candidates` (non-empty, no king) and its square bit.
#[inline]
fn least_valuable(b: &Board, candidates: u64) -> (Piece, u64) {
    let queens = b[DIAGONAL] & b[ORTHOGONAL];
    let by_value = [
        (Piece::Pawn, b[PAWNS]),
        (Piece::Knight, b[KNIGHTS]),
        (Piece::Bishop, b[DIAGONAL] & !queens),
        (Piece::Rook, b[ORTHOGONAL] & !queens),
        (Piece::Queen, queens),
    ];
    for (piece, men) in by_value {
        let found = candidates & men;
        if found != 0 {
            return (piece, found & found.wrapping_neg());
        }
    }
    // Only a king is left (callers leave kings out; this keeps the answer defined).
    (Piece::King, candidates & candidates.wrapping_neg())
}

/// Where an exchange starts: the first move made, the men left, and who attacks the square.
struct Exchange {
    /// The relative index of the target square.
    target: u32,
    /// The value of the man the first move takes (0 if none).
    captured: i32,
    /// The man that made the first move.
    mover: Piece,
    /// The occupancy after the first move (its from square and an en passant victim emptied).
    occupied: u64,
}

impl Exchange {
    /// The exchange opened by `m`; `None` for castling or a move from an empty square (both
    /// worth 0).
    #[inline]
    fn start(b: &Board, flip: u32, m: Move) -> Option<Exchange> {
        let from = 1u64 << (m.source_index() ^ flip);
        let target = m.target_index() ^ flip;
        let to = 1u64 << target;
        let mover = kind_on(b, from & b[US])?;
        let occupied = (b[US] | b[THEM]) ^ from;
        match m.kind() {
            MoveKind::Castling => None,
            MoveKind::EnPassant => Some(Exchange {
                target,
                captured: SEE_VALUES[Piece::Pawn as usize],
                mover,
                occupied: occupied & !(to >> 8),
            }),
            MoveKind::Normal | MoveKind::Promotion(_) => Some(Exchange {
                target,
                captured: kind_on(b, to & b[THEM]).map_or(0, |p| SEE_VALUES[p as usize]),
                mover,
                occupied,
            }),
        }
    }
}

/// Whether the king of the side whose men are `side`, standing on `king`, may capture on
/// `target`: the other side must not attack the square once the king has left its own.
/// Such a capture ends the exchange and keeps all that is on the square, so it is the best
/// capture there is, whichever cheaper men could also take.
#[inline]
fn king_may_capture(
    b: &Board,
    target: u32,
    attackers: u64,
    occupied: u64,
    king: u64,
    side: u64,
) -> bool {
    let occupied = occupied ^ king;
    let attackers = (attackers | slider_behind(b, target, king, occupied)) & occupied;
    attackers & !side == 0
}

impl Position {
    /// The static exchange evaluation of `m`: the material it wins (positive) or loses
    /// (negative) when both sides then capture on its target square, cheapest man first, each
    /// free to stop. The rules: values 100 / 300 / 300 / 500 / 900 ([`SEE_VALUES`]); the king
    /// captures only onto a square the other side no longer attacks, and then at once (nobody
    /// can take back); a king move ends the exchange; promotion gains do not count (the
    /// promoted man is valued as a pawn); en passant wins a pawn and empties its square for
    /// the x-rays; castling is 0; pins are ignored (a pinned man may capture).
    ///
    /// `m` should be a legal move of this position; for any other move the answer is
    /// meaningless (but the call is safe).
    ///
    /// ```
    /// use dirgolem::Position;
    /// // The rook takes a pawn defended by nothing that can profitably recapture.
    /// let pos = Position::from_fen("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1").unwrap();
    /// assert_eq!(pos.see(pos.parse_uci("e1e5").unwrap()), 100);
    /// // Knight takes pawn, but the bishop, the rook and the queen behind it win it back.
    /// let pos = Position::from_fen("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1")
    ///     .unwrap();
    /// assert_eq!(pos.see(pos.parse_uci("d3e5").unwrap()), -200);
    /// ```
    pub fn see(&self, m: Move) -> i32 {
        let b = &self.board;
        let Some(start) = Exchange::start(b, self.square_flip(), m) else {
            return 0;
        };
        let mut gain = [0i32; MAX_CAPTURES];
        gain[0] = start.captured;
        if start.mover == Piece::King {
            return gain[0];
        }
        let target = start.target;
        let mut occupied = start.occupied;
        let mut attackers = attackers_both(b, target, occupied) & occupied;
        let mut on_square = SEE_VALUES[start.mover as usize];
        let mut side = b[THEM];
        let mut depth = 0;
        loop {
            let side_attackers = attackers & side;
            if depth + 1 == MAX_CAPTURES {
                break;
            }
            let king = side_attackers & b[KINGS];
            if king != 0 && king_may_capture(b, target, attackers, occupied, king, side) {
                depth += 1;
                gain[depth] = on_square - gain[depth - 1];
                break;
            }
            let others = side_attackers & !b[KINGS];
            if others == 0 {
                break;
            }
            let (piece, bit) = least_valuable(b, others);
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            on_square = SEE_VALUES[piece as usize];
            occupied ^= bit;
            attackers = (attackers | sliders_uncovered(b, target, piece, occupied)) & occupied;
            side ^= b[US] | b[THEM];
        }
        // Fold from the end: each side keeps the better of stopping and going on.
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    /// Whether [`Position::see`] of `m` is at least `threshold`, on the same rules, but
    /// without the swap list: it stops as soon as the answer is settled, which makes it the
    /// cheaper call for pruning ("does this capture lose material?").
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::from_fen("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1")
    ///     .unwrap();
    /// let nxe5 = pos.parse_uci("d3e5").unwrap();
    /// assert!(pos.see_ge(nxe5, -200));
    /// assert!(!pos.see_ge(nxe5, -199));
    /// ```
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let b = &self.board;
        let Some(start) = Exchange::start(b, self.square_flip(), m) else {
            return threshold <= 0;
        };
        // `balance`: what the side that moved last must still make up for the move to reach
        // the threshold, seen from the side about to capture; it flips sign at every capture.
        let mut balance = start.captured - threshold;
        if balance < 0 {
            return false; // even if nobody recaptures, the threshold is out of reach
        }
        if start.mover == Piece::King {
            return true;
        }
        balance = SEE_VALUES[start.mover as usize] - balance;
        if balance <= 0 {
            return true; // even losing the mover keeps the threshold
        }
        let target = start.target;
        let mut occupied = start.occupied;
        let mut attackers = attackers_both(b, target, occupied) & occupied;
        let mut side = b[THEM];
        // Whether the threshold is reached if the capturing stops now.
        let mut reached = true;
        loop {
            let side_attackers = attackers & side;
            let king = side_attackers & b[KINGS];
            if king != 0 && king_may_capture(b, target, attackers, occupied, king, side) {
                reached = !reached;
                break;
            }
            let others = side_attackers & !b[KINGS];
            if others == 0 {
                break;
            }
            reached = !reached;
            let (piece, bit) = least_valuable(b, others);
            balance = SEE_VALUES[piece as usize] - balance;
            // The side now capturing wins its point even if it loses this man: settled.
            if balance < reached as i32 {
                break;
            }
            occupied ^= bit;
            attackers = (attackers | sliders_uncovered(b, target, piece, occupied)) & occupied;
            side ^= b[US] | b[THEM];
        }
        reached
    }
}
