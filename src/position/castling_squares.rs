//! Where castling puts the king and the rook, in standard chess and in Chess960 alike.

/// The king's and the rook's squares after castling with the king on `king` and the rook on
/// `rook` (relative squares on the mover's first rank, 0 = a1): on the king's side (the rook on
/// a higher file than the king) the king ends on g1 and the rook on f1, on the queen's side on
/// c1 and d1. Chess960 keeps these squares whatever files the two start on, so one of them may
/// already stand where it ends, or on the other's end square.
///
/// make, the Zobrist key, the legality of castling and the batch's make all take the squares
/// from here.
#[inline(always)]
pub(crate) const fn castling_squares(king: u32, rook: u32) -> (u32, u32) {
    if rook > king { (6, 5) } else { (2, 3) }
}

#[cfg(test)]
mod tests {
    use super::castling_squares;

    const A1: u32 = 0;
    const B1: u32 = 1;
    const C1: u32 = 2;
    const D1: u32 = 3;
    const E1: u32 = 4;
    const F1: u32 = 5;
    const G1: u32 = 6;
    const H1: u32 = 7;

    #[test]
    fn standard_chess() {
        assert_eq!(castling_squares(E1, H1), (G1, F1));
        assert_eq!(castling_squares(E1, A1), (C1, D1));
    }

    #[test]
    fn chess960_sides_follow_the_rook_not_the_distance() {
        // Neighbouring king and rook: the side is the rook's, however short the way.
        assert_eq!(castling_squares(B1, C1), (G1, F1));
        assert_eq!(castling_squares(G1, F1), (C1, D1));
        assert_eq!(castling_squares(B1, A1), (C1, D1));
        assert_eq!(castling_squares(F1, H1), (G1, F1));
    }

    #[test]
    fn chess960_king_or_rook_already_in_place() {
        // The king already on its end square.
        assert_eq!(castling_squares(G1, H1), (G1, F1));
        assert_eq!(castling_squares(C1, A1), (C1, D1));
        // The rook already on its end square, or on the king's.
        assert_eq!(castling_squares(E1, F1), (G1, F1));
        assert_eq!(castling_squares(B1, D1), (G1, F1));
        assert_eq!(castling_squares(F1, G1), (G1, F1));
        assert_eq!(castling_squares(D1, C1), (C1, D1));
    }
}
