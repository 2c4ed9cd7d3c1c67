//! Static exchange evaluation: the material a move wins or loses if both sides then capture on
//! its target square, each with its least valuable attacker, and each free to stop.
//!
//! This is seed 001's swap list (section 6) without the list: take the attackers of the
//! square, let the sides capture in turn with their cheapest man, and remove each capturer
//! from the occupancy so that the sliders behind it join in (x-rays). Where the swap list
//! records the running balance and folds it from the end (each side stopping when going on
//! would cost it), the fold is made here as the captures are: each side's chance to stop
//! bounds the result from one side, and once the bounds meet no later capture can change it,
//! so the exchange is not played further. [`Position::see_ge`] answers "is the result at least
//! this much" on the same rules and stops as soon as the bounds settle that.
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
//! speed of a single line of captures is worth.

use super::Position;
use super::attackers::{attackers_both, slider_behind};
use super::board::*;
use crate::attacks::slider_lookup::{self, SliderJob, Sliders, with_sliders};
use crate::{Move, MoveKind};

/// The piece values of the exchange evaluation, indexed by [`Piece`](crate::Piece)
/// (`Piece::Pawn as usize` and so on). The king's entry is 0: it is never captured in an
/// exchange.
///
/// ```
/// use dirgolem::{Piece, SEE_VALUES};
/// assert_eq!(SEE_VALUES[Piece::Rook as usize], 500);
/// ```
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

// The values by kind, for the exchange's branches.
const PAWN: i32 = SEE_VALUES[0];
const KNIGHT: i32 = SEE_VALUES[1];
const BISHOP: i32 = SEE_VALUES[2];
const ROOK: i32 = SEE_VALUES[3];
const QUEEN: i32 = SEE_VALUES[4];

/// The value of the man on the relative square `index`, 0 for an empty square or a king,
/// read from the piece bitboards without a branch: a queen counts on both slider boards, so it
/// gets a bishop's and a rook's value and the difference to its own.
#[inline(always)]
fn value_on(b: &Board, index: u32) -> i32 {
    let has = |men: u64| (men >> index & 1) as i32;
    let (diagonal, orthogonal) = (has(b[DIAGONAL]), has(b[ORTHOGONAL]));
    PAWN * has(b[PAWNS])
        + KNIGHT * has(b[KNIGHTS])
        + BISHOP * diagonal
        + ROOK * orthogonal
        + (QUEEN - BISHOP - ROOK) * (diagonal & orthogonal)
}

/// The exchange on one square while it is being played out: who is still on the board and
/// which of them attack the square.
struct Exchange<'a, S> {
    /// Where the sliders' attacks come from.
    sliders: S,
    b: &'a Board,
    /// The relative index of the target square.
    target: u32,
    /// The men still on the board (the capturers so far have left their squares).
    occupied: u64,
    /// The men on `occupied` that attack the target, x-rays through the departed included.
    attackers: u64,
}

/// What one side does on its turn in the exchange.
enum Turn {
    /// It cannot capture (or only with a king that may not).
    Stops,
    /// Its king captures; nobody can take back.
    KingTakes,
    /// A man worth this much captures and now stands on the square.
    Takes(i32),
}

impl<S: Sliders> Exchange<'_, S> {
    /// The turn of the side whose men are `side`: its king if the king may capture (see
    /// [`Exchange::king_may_capture`]), else its least valuable attacker, which leaves its
    /// square and so lets the sliders behind it through. Each kind of man has its own branch,
    /// which knows the lines it can have uncovered: the diagonals for a pawn or a bishop, the
    /// file and rank for a rook, all four for a queen, none for a knight.
    #[inline(always)]
    fn turn(&mut self, side: u64) -> Turn {
        let b = self.b;
        let mine = self.attackers & side;
        let king = mine & b[KINGS];
        if king != 0 && self.king_may_capture(king, side) {
            return Turn::KingTakes;
        }
        let men = mine ^ king;
        if men == 0 {
            return Turn::Stops;
        }
        let (pawns, knights) = (men & b[PAWNS], men & b[KNIGHTS]);
        let bishops = men & b[DIAGONAL] & !b[ORTHOGONAL];
        let rooks = men & b[ORTHOGONAL] & !b[DIAGONAL];
        let (value, uncovered) = if pawns != 0 {
            self.leave(pawns);
            (PAWN, self.diagonal_sliders())
        } else if knights != 0 {
            self.leave(knights);
            (KNIGHT, 0)
        } else if bishops != 0 {
            self.leave(bishops);
            (BISHOP, self.diagonal_sliders())
        } else if rooks != 0 {
            self.leave(rooks);
            (ROOK, self.orthogonal_sliders())
        } else {
            self.leave(men); // only queens are left
            (QUEEN, self.diagonal_sliders() | self.orthogonal_sliders())
        };
        self.attackers = (self.attackers | uncovered) & self.occupied;
        Turn::Takes(value)
    }

    /// Takes the lowest of `men` (not empty) off its square; among equal men the lowest
    /// relative square goes first.
    #[inline(always)]
    fn leave(&mut self, men: u64) {
        self.occupied ^= men & men.wrapping_neg();
    }

    /// The diagonal sliders that reach the target through the current occupancy.
    #[inline(always)]
    fn diagonal_sliders(&self) -> u64 {
        self.sliders.bishop(self.target, self.occupied) & self.b[DIAGONAL]
    }

    /// The orthogonal sliders that reach the target through the current occupancy.
    #[inline(always)]
    fn orthogonal_sliders(&self) -> u64 {
        self.sliders.rook(self.target, self.occupied) & self.b[ORTHOGONAL]
    }

    /// Whether the king of the side whose men are `side`, standing on `king`, may capture:
    /// the other side must not attack the target once the king has left its own square. Such
    /// a capture ends the exchange and keeps all that is on the square, so it is the best
    /// capture there is, whichever cheaper men could also take.
    #[inline(always)]
    fn king_may_capture(&self, king: u64, side: u64) -> bool {
        let defenders = self.attackers & !side;
        if defenders != 0 {
            return false;
        }
        let occupied = self.occupied ^ king;
        slider_behind(self.b, self.target, king, occupied) & occupied & !side == 0
    }
}

/// An exchange before any slider has been looked at: the first capture made, the result not
/// yet settled.
struct Opened {
    /// The relative index of the square the move leaves.
    from_index: u32,
    /// The relative index of the target square.
    target: u32,
    /// The men still on the board: all but the mover (and a pawn taken en passant).
    occupied: u64,
    /// The moving side's balance if the first capture stands.
    balance: i32,
    /// The most the moving side can get (the other side may stop at once).
    high: i32,
    /// The value of the man on the target square, once read (see [`open`]).
    on_square: i32,
}

/// The start of the exchange opened by `m` on the board `b` (flipped by `flip` from absolute
/// squares): the result itself (`Err`) when it is settled before any attacker is looked at
/// (castling, a king's capture, a move of no man, or `settled` by the first capture alone),
/// else where the exchange stands (`Ok`), for [`play_out`]. This part needs no slider
/// attacks, so the slider technique is chosen only for exchanges that go on.
///
/// With `exact` (a constant in each caller) the bounds can only meet after the other side's
/// first capture, so the mover's value is read only once that capture is found (by
/// [`play_out`]); without it `settled` may answer here.
#[inline(always)]
fn open(
    b: &Board,
    flip: u32,
    m: Move,
    exact: bool,
    settled: impl Fn(i32, i32) -> bool,
) -> Result<Opened, i32> {
    let from_index = m.source_index() ^ flip;
    let target = m.target_index() ^ flip;
    let from = 1u64 << from_index;
    let mut occupied = (b[US] | b[THEM]) ^ from;
    // The balance if the last capture made stands.
    let balance = match m.kind() {
        MoveKind::Castling => return Err(0),
        MoveKind::EnPassant => {
            occupied &= !(1u64 << target >> 8);
            PAWN
        }
        MoveKind::Normal | MoveKind::Promotion(_) => {
            value_on(b, target) * (b[THEM] >> target & 1) as i32
        }
    };
    if b[US] & from == 0 {
        return Err(0); // no man moves: not a move of this position
    }
    if b[KINGS] & from != 0 {
        return Err(balance); // nobody can take a king's capture back
    }
    // The other side may stop at once: the mover's side gets at most the first balance.
    let high = balance;
    let mut on_square = 0;
    if !exact {
        on_square = value_on(b, from_index);
        // The least the mover's side can end with: the other side takes and stops.
        let floor = balance - on_square;
        if settled(floor, high) {
            return Err(floor);
        }
    }
    Ok(Opened {
        from_index,
        target,
        occupied,
        balance,
        high,
        on_square,
    })
}

/// The exchange from where [`open`] left it, played out until it ends or `settled(low,
/// high)` says the bounds answer the question, the sliders' attacks read from `sliders`.
///
/// The moving side's result is kept as bounds: `high` is the least it has been held to by
/// the other side's chances to stop (after each of the moving side's captures), `low` the
/// most it is sure of through its own chances to stop (after each of the other side's). A
/// capture whose balance lies outside the bounds changes nothing, and once they meet the
/// result is known: no later capture is looked at. The answer is `low`: the exact result
/// when the exchange is played out or the bounds meet, else a value on the same side of the
/// question `settled` asked about.
#[inline(always)]
fn play_out<S: Sliders>(
    sliders: S,
    b: &Board,
    opened: Opened,
    exact: bool,
    settled: impl Fn(i32, i32) -> bool,
) -> i32 {
    let Opened {
        from_index,
        target,
        occupied,
        mut balance,
        mut high,
        mut on_square,
    } = opened;
    let mut exchange = Exchange {
        sliders,
        b,
        target,
        occupied,
        attackers: attackers_both(sliders, b, target, occupied) & occupied,
    };
    // The other side's first turn: if it takes, the mover's side may stop there.
    let mut low = match exchange.turn(b[THEM]) {
        Turn::Stops => return high,
        turn => {
            if exact {
                on_square = value_on(b, from_index);
            }
            balance -= on_square;
            match turn {
                Turn::Takes(value) => on_square = value,
                _ => return balance, // its king took: nobody takes back
            }
            balance
        }
    };
    loop {
        // The moving side's turn: if it takes, the other side may stop at the new balance.
        balance += on_square;
        let bound = balance.max(low).min(high);
        if bound == low || settled(low, bound) {
            return low;
        }
        match exchange.turn(b[US]) {
            Turn::Stops => return low,
            Turn::KingTakes => return bound,
            Turn::Takes(value) => (high, on_square) = (bound, value),
        }
        // The other side's turn: if it takes, the moving side may stop at the new balance.
        balance -= on_square;
        let bound = balance.max(low).min(high);
        if bound == high || settled(bound, high) {
            return bound; // whether it takes or not, the result is settled
        }
        match exchange.turn(b[THEM]) {
            Turn::Stops => return high,
            Turn::KingTakes => return bound,
            Turn::Takes(value) => (low, on_square) = (bound, value),
        }
    }
}

/// The exchange of `m` on `b`: [`open`], then, if that does not settle it, [`play_out`] on the
/// slider technique [`with_sliders`] picks once for the whole exchange.
///
/// Where that choice is made at run time ([`slider_lookup::CHOSEN_AT_RUN_TIME`]), the chosen
/// technique's code is a function of its own: the threshold test, which often ends in
/// [`open`], opens first and calls it only if the exchange goes on; the exact evaluation
/// almost never ends there and runs whole in it (handing the opened state over would cost
/// more than it saves). Elsewhere everything is inlined and the exchange runs in one piece.
#[inline(always)]
fn exchange(b: &Board, flip: u32, m: Move, exact: bool, settled: impl Fn(i32, i32) -> bool) -> i32 {
    if exact {
        return with_sliders(Whole::<_, true> {
            b,
            flip,
            m,
            settled,
        });
    }
    if !slider_lookup::CHOSEN_AT_RUN_TIME {
        return with_sliders(Whole::<_, false> {
            b,
            flip,
            m,
            settled,
        });
    }
    match open(b, flip, m, false, &settled) {
        Err(result) => result,
        Ok(opened) => with_sliders(PlayOut { b, opened, settled }),
    }
}

/// The exchange of `m` on `b` from its start ([`open`], then [`play_out`]), as a query for
/// [`with_sliders`]; `EXACT` is their `exact`.
struct Whole<'a, F, const EXACT: bool> {
    b: &'a Board,
    flip: u32,
    m: Move,
    settled: F,
}

impl<F: Fn(i32, i32) -> bool, const EXACT: bool> SliderJob for Whole<'_, F, EXACT> {
    type Output = i32;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> i32 {
        match open(self.b, self.flip, self.m, EXACT, &self.settled) {
            Err(result) => result,
            Ok(opened) => play_out(sliders, self.b, opened, EXACT, self.settled),
        }
    }
}

/// The rest of a threshold test's exchange after [`open`], as a query for [`with_sliders`].
struct PlayOut<'a, F> {
    b: &'a Board,
    opened: Opened,
    settled: F,
}

impl<F: Fn(i32, i32) -> bool> SliderJob for PlayOut<'_, F> {
    type Output = i32;

    #[inline(always)]
    fn run<S: Sliders>(self, sliders: S) -> i32 {
        play_out(sliders, self.b, self.opened, false, self.settled)
    }
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
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn see(&self, m: Move) -> i32 {
        exchange(&self.board, self.square_flip(), m, true, |low, high| {
            low == high
        })
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
    #[cfg_attr(not(debug_assertions), inline)] // why: the `position` module's "Inlining"
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        // Settled once the lower bound reaches the threshold or the upper one stays below it;
        // the answer is then on the threshold's side of it.
        // The closure holds the threshold itself, not a reference to it: where the exchange
        // goes on in a function of its own, the test then reads no memory.
        exchange(
            &self.board,
            self.square_flip(),
            m,
            false,
            move |low, high| low >= threshold || high < threshold,
        ) >= threshold
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Piece;
    use crate::attacks::slider_lookup::Computed;

    /// The exchange on the computed slider attacks (the technique of a CPU without BMI2) gives
    /// the answers of `see` and `see_ge` on whatever technique this CPU picks, for every legal
    /// move of positions rich in x-rays and exchanges, both ways of playing it (whole, and
    /// opened first) included.
    #[test]
    fn every_technique_gives_the_same_exchange() {
        let fens = [
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6rk/1pB5/1Ppp4/p1R1b3/P1n3Pp/7K/2P1R2P/1N1n2N1 w - - 7 36",
            "2r1r1k1/pp1bqpp1/2np1n1p/2p1p3/2PPP3/2PB1N1P/P1Q2PP1/R1B1R1K1 b - - 0 1",
            "3q3k/3r4/3r4/3p4/4P3/1B6/Q2R4/K2R4 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let (b, flip) = (&pos.board, pos.square_flip());
            for &m in pos.legal_moves().iter() {
                let exact = Whole::<_, true> {
                    b,
                    flip,
                    m,
                    settled: |low: i32, high: i32| low == high,
                }
                .run(Computed);
                assert_eq!(exact, pos.see(m), "{fen} {m:?}");
                for threshold in [-900, -300, -100, 0, 1, 100, 200, 300, 500] {
                    let settled = |low: i32, high: i32| low >= threshold || high < threshold;
                    let whole = Whole::<_, false> {
                        b,
                        flip,
                        m,
                        settled,
                    }
                    .run(Computed);
                    let opened = match open(b, flip, m, false, settled) {
                        Err(result) => result,
                        Ok(opened) => PlayOut { b, opened, settled }.run(Computed),
                    };
                    let expected = pos.see_ge(m, threshold);
                    assert_eq!(whole >= threshold, expected, "{fen} {m:?} {threshold}");
                    assert_eq!(opened >= threshold, expected, "{fen} {m:?} {threshold}");
                    assert_eq!(expected, exact >= threshold, "{fen} {m:?} {threshold}");
                }
            }
        }
    }

    /// The branch-free value of a square agrees with the published values for every kind of
    /// man, and is 0 on an empty square.
    #[test]
    fn value_on_reads_the_published_values() {
        let mut b: Board = [0; 8];
        let kinds = [
            (Piece::Pawn, 0u64, PAWNS, PAWNS),
            (Piece::Knight, 1, KNIGHTS, KNIGHTS),
            (Piece::Bishop, 2, DIAGONAL, DIAGONAL),
            (Piece::Rook, 3, ORTHOGONAL, ORTHOGONAL),
            (Piece::Queen, 4, DIAGONAL, ORTHOGONAL),
            (Piece::King, 5, KINGS, KINGS),
        ];
        for &(_, index, first, second) in &kinds {
            b[first] |= 1 << (index * 9);
            b[second] |= 1 << (index * 9);
        }
        for (piece, index, _, _) in kinds {
            assert_eq!(
                value_on(&b, (index * 9) as u32),
                SEE_VALUES[piece as usize],
                "{piece:?}"
            );
        }
        assert_eq!(value_on(&b, 63), 0);
    }
}
