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

/// The square a double push `from_bb -> to_bb` of `b` (one-square bitboards, before the move,
/// relative to the mover) passes over when the other side can then legally capture en passant
/// there, else 0: [`capture_is_legal`] asked without making the move, in the mover's frame, so
/// that perft's moves made in vectors carry the square on their parent board.
///
/// After the push and a capture by an enemy pawn beside `to_bb`, the mover's men are those of
/// `b` less the pushed pawn, and the squares left occupied those of `b` less the pawn's
/// square and the capturer's, plus the square passed over.
#[inline(always)]
pub(crate) fn square_after_double_push(b: &Board, from_bb: u64, to_bb: u64) -> u64 {
    let ep = to_bb >> 8;
    let mut capturers =
        ((to_bb << 1 & NOT_FILE_A) | (to_bb >> 1 & NOT_FILE_H)) & b[PAWNS] & b[THEM];
    let their_king = b[KINGS] & b[THEM];
    let ours = b[US] ^ from_bb;
    // Their king is not attacked before the push (the side not to move never is), and the push
    // and the capture change no attack of a knight, king or pawn that stays. So an attack after
    // them is a slider's through a square they empty, on a line through the king: without a
    // slider of ours and such a square on one line kind, as mostly, every capturer may take.
    let [north_south, north_east, east_west, south_east] =
        crate::attacks::LINES[their_king.trailing_zeros() as usize & 63];
    let (orthogonal_lines, diagonal_lines) = (north_south | east_west, north_east | south_east);
    let emptied = from_bb | to_bb | capturers;
    if !(emptied & orthogonal_lines != 0 && b[ORTHOGONAL] & ours & orthogonal_lines != 0
        || emptied & diagonal_lines != 0 && b[DIAGONAL] & ours & diagonal_lines != 0)
    {
        return if capturers != 0 { ep } else { 0 };
    }
    while capturers != 0 {
        let from = capturers & capturers.wrapping_neg();
        capturers ^= from;
        let occupied = (b[US] | b[THEM]) ^ from_bb ^ from ^ ep;
        if !attacked_by(b, their_king, occupied, ours) {
            return ep;
        }
    }
    0
}

/// Whether `king` (of the side not to move in `b`) is attacked by the men `ours` of the side to
/// move, with the squares `occupied` blocking: by ray scans, as `king_attacked_by_ray_scans`
/// does for the side to move's king, with the pawns' attacks pointing the other way.
#[inline(always)]
fn attacked_by(b: &Board, king: u64, occupied: u64, ours: u64) -> bool {
    let sq = crate::Square::index(king.trailing_zeros() as usize);
    let occupied = crate::Bitboard(occupied);
    crate::attacks::rook(sq, occupied).0 & b[ORTHOGONAL] & ours != 0
        || crate::attacks::bishop(sq, occupied).0 & b[DIAGONAL] & ours != 0
        || crate::attacks::knight(sq).0 & b[KNIGHTS] & ours != 0
        || pawn_attacks_south(king) & b[PAWNS] & ours != 0
        || crate::attacks::king(sq).0 & b[KINGS] & ours != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// Every double push beside an enemy pawn in the trees below a few positions (horizontal
    /// pins of both pawns, pinned capturers, checks by the pushed pawn and discovered ones):
    /// the square found before the move against `capture_is_legal` on the board after it.
    #[test]
    fn the_square_after_a_double_push_agrees_with_the_capture_test_after_it() {
        let fens = [
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1",
            "8/8/8/8/3p4/8/4P3/3K2kB w - - 0 1",
            "4k3/8/8/8/1b1p1p2/8/2P1P1P1/4K3 w - - 0 1",
            "8/8/8/8/3k4/8/4P3/4K2B w - - 0 1",
        ];
        let (mut legal, mut refused) = (0, 0);
        let mut stack: Vec<(Position, u32)> = fens
            .iter()
            .map(|fen| (Position::from_fen(fen).unwrap(), 4))
            .collect();
        while let Some((position, depth)) = stack.pop() {
            let b = &position.board;
            let flip = position.square_flip();
            for &m in position.legal_moves().iter() {
                let (from_bb, to_bb) = (
                    1u64 << (m.source_index() ^ flip),
                    1u64 << (m.target_index() ^ flip),
                );
                if super::super::double_push_beside_enemy_pawn(b, from_bb, to_bb) {
                    let mut after = *b;
                    after[US] ^= from_bb | to_bb;
                    after[PAWNS] ^= from_bb | to_bb;
                    let after = flipped(&after);
                    let expected = capture_is_legal(&after, (to_bb >> 8).swap_bytes());
                    let found = square_after_double_push(b, from_bb, to_bb);
                    assert_eq!(
                        found,
                        if expected { to_bb >> 8 } else { 0 },
                        "{m:?} in {position}"
                    );
                    legal += expected as usize;
                    refused += !expected as usize;
                }
                if depth > 1 {
                    stack.push((position.play_unchecked(m), depth - 1));
                }
            }
        }
        assert!(
            legal > 100 && refused > 100,
            "{legal} legal, {refused} refused"
        );
    }
}
