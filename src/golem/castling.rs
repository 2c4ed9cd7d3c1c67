//! Castling, which the seed leaves "to the ambitious reader": rights are rook squares, so
//! standard chess and Chess960 are one case. Castling with the rook on `r` is legal when the
//! side is not in check (masked by the caller), every square the king and the rook cross or
//! land on is empty but for the two of them, no square the king crosses or lands on is
//! attacked, and no rook or queen on the back rank attacks the king's destination once the
//! castling rook has left (a Chess960 case: the rook may have shielded it).
//!
//! The squares of each test depend on the king's and the rook's files only, so they come from
//! a table ([`CASTLING_SQUARES`]), and a right costs a lookup and one test.

use crate::position::*;

/// The squares from `a` to `b` inclusive, both on the first rank.
const fn span(a: u32, b: u32) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (2u64 << high) - (1u64 << low)
}

/// What castling with the king on file `king` and the rook on file `rook` (first rank)
/// requires: the squares that must be empty, those that must not be attacked, and those where
/// a rook or queen of theirs would attack the king's destination once the rook has left.
#[derive(Clone, Copy)]
struct CastlingSquares {
    /// The squares the king and the rook cross or land on, but for their own.
    must_be_empty: u64,
    /// The king's path, from its square to its destination.
    king_path: u64,
    /// Where their rook or queen would attack the king's destination along the back rank
    /// once the castling rook has left. Their attacks on the destination are known already
    /// (it is on the king's path) as the board stands, with our king seen through; castling
    /// changes the back rank by emptying the rook's and the king's squares and filling the
    /// destinations. The rook's destination is next to the king's on the side of the board's
    /// centre (f1 for g1, d1 for c1), so it blocks that side. On the other side, the only
    /// square that castling empties and that can stand between the king's destination and
    /// a man of theirs is b1, the rook's square when it castles to c1 with a1 beyond it
    /// (h1, beyond g1, is the board's last square). So: a1, for a rook on b1 castling long.
    shield: u64,
}

/// `CASTLING_SQUARES[king][rook]`, by files. Entries with the king and the rook on one file
/// never come from a position (a right's rook stands on another file than its king) and are
/// empty. A position without its king reads the row of file a: meaningless, never a panic.
static CASTLING_SQUARES: [[CastlingSquares; 8]; 8] = {
    let none = CastlingSquares {
        must_be_empty: 0,
        king_path: 0,
        shield: 0,
    };
    let mut table = [[none; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            if rook != king {
                let (king_to, rook_to) = castling_squares(king, rook);
                let king_path = span(king, king_to);
                let own = 1 << king | 1 << rook;
                table[king as usize][rook as usize] = CastlingSquares {
                    must_be_empty: (king_path | span(rook, rook_to)) & !own,
                    king_path,
                    shield: if rook == 1 && king_to == 2 { 1 } else { 0 },
                };
            }
            rook += 1;
        }
        king += 1;
    }
    table
};

/// The castling rooks (relative squares) whose castling is legal, not in check assumed.
#[inline(always)]
pub(super) fn targets(b: &Board, king: u64, occupied: u64, their_attacks: u64) -> u64 {
    let mut rights = b[SPECIAL] & RANK_1 & b[US];
    let mut legal = 0;
    // A position made by `play_unchecked` from a move not from the generator may have lost
    // its king (square 64): the file is then meaningless, never out of the table.
    let row = &CASTLING_SQUARES[king.trailing_zeros() as usize & 7];
    let their_orthogonal = b[ORTHOGONAL] & b[THEM];
    while rights != 0 {
        let rook = rights & rights.wrapping_neg();
        rights ^= rook;
        let squares = &row[rook.trailing_zeros() as usize & 7];
        let blocked = occupied & squares.must_be_empty
            | their_attacks & squares.king_path
            | their_orthogonal & squares.shield;
        if blocked == 0 {
            legal |= rook;
        }
    }
    legal
}

#[cfg(test)]
mod tests {
    use crate::{ParseOptions, Position};

    /// Whether the side to move may castle in `fen` (Chess960 rules), on every backend.
    fn may_castle(fen: &str) -> bool {
        let pos = Position::from_fen_with(fen, ParseOptions::chess960()).unwrap();
        let answers: Vec<bool> = crate::Backend::ALL
            .into_iter()
            .filter_map(|b| crate::Generator::new(b).ok())
            .map(|g| g.legal_moves(&pos).iter().any(|m| m.is_castling()))
            .collect();
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "{fen}: {answers:?}"
        );
        answers[0]
    }

    /// The rook on b1 castling long shields c1 from a rook or queen of theirs on a1 until it
    /// leaves; that is the one shield castling can take away (the table's `shield`). Their
    /// man elsewhere, or not a rook or queen, leaves castling legal. The same for Black.
    #[test]
    fn the_rook_on_b1_shields_c1_from_a1() {
        assert!(!may_castle("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1"));
        assert!(!may_castle("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1"));
        assert!(may_castle("4k3/8/8/8/8/8/r7/1R1K4 w B - 0 1"));
        assert!(may_castle("4k3/8/8/8/8/8/8/bR1K4 w B - 0 1"));
        assert!(!may_castle("Rr1k4/8/8/8/8/8/8/4K3 b b - 0 1"));
        assert!(may_castle("1r1k4/8/8/8/8/8/8/R3K3 b b - 0 1"));
    }
}
