//! Whether an en passant capture is legal: settled once, when a double push is made or a FEN is
//! read, so that the generator can treat a stored en passant square as a legal target (the
//! DirGolem rule) and equal positions stay equal.
//!
//! The capture is legal for at least one capturer when, after it, the capturer's king is not
//! attacked. That covers the cases a pin mask cannot: both pawns leaving the king's rank, a
//! check by the pawn that just moved (captured) or through the square it passed (blocked), and
//! a check that the capture does not answer.

use super::board::*;

/// Whether the side to move in `b` (relative frame) can legally capture en passant on `ep`
/// (a single square on rank 6 with the other side's pawn below it).
/// Always inlined and by ray scans, so that inside make-move it is compiled for the backend's
/// instructions.
#[inline(always)]
pub(crate) fn capture_is_legal(b: &Board, ep: u64) -> bool {
    let captured = ep >> 8;
    let their_pawns = b[PAWNS] & b[THEM];
    if captured & their_pawns == 0 || ep & (b[US] | b[THEM]) != 0 {
        return false;
    }
    let mut capturers = pawn_attacks_south(ep) & b[PAWNS] & b[US];
    let king = b[KINGS] & b[US];
    while capturers != 0 {
        let from = capturers & capturers.wrapping_neg();
        capturers ^= from;
        let occupied = (b[US] | b[THEM]) ^ from ^ captured ^ ep;
        let them = b[THEM] ^ captured;
        if !king_attacked_by_ray_scans(b, king, occupied, them) {
            return true;
        }
    }
    false
}
