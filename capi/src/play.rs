//! Copy-make from C: the position after a move, written to a struct the caller owns.

use core::ffi::c_int;

use dirgolem::Move;

use crate::boundary::{guard, status};
use crate::dg_move;
use crate::error::ErrorCode;
use crate::position::{self, DgPosition};

/// Writes the position after `m` into `*out` if `m` is legal in `*p`. `out` may be `p` (play in
/// place) or another struct (copy-make: `*p` stays as it was). Returns `DG_OK`, or
/// `DG_ERR_NULL`, `DG_ERR_NOT_A_POSITION`, `DG_ERR_ILLEGAL_MOVE` (also for 16 bits that are no
/// move at all); `*out` is unchanged on error.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`; `out` is NULL or points to a writable
/// `dg_position` (which may be `*p`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_play(p: *const DgPosition, m: dg_move, out: *mut DgPosition) -> c_int {
    status(|| {
        // SAFETY: the caller promises NULL or a `dg_position` at `p`; `read` copies it out
        // before `out`, which may be the same struct, is written.
        let position = unsafe { position::read(p) }?;
        if out.is_null() {
            return Err(ErrorCode::Null);
        }
        let m = Move::from_bits(m).ok_or(ErrorCode::IllegalMove)?;
        let after = position.play(m).map_err(|_| ErrorCode::IllegalMove)?;
        // SAFETY: the caller promises a writable `dg_position` at `out` (not NULL, checked).
        unsafe { position::write(out, after) }
    })
}

/// [`dg_play`] without the legality check, for moves from `dg_legal_moves` (or checked with
/// `dg_is_legal`): writes the position after `m` into `*out` (which may be `p`). An illegal
/// move gives a meaningless position, never a crash; 16 bits that are no move at all, a NULL
/// pointer or a `*p` that is not a position leave `*out` unchanged.
///
/// # Safety
/// As [`dg_play`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_play_unchecked(p: *const DgPosition, m: dg_move, out: *mut DgPosition) {
    guard((), || {
        // SAFETY: as in dg_play: `*p` is copied out before `*out` is written.
        let Ok(position) = (unsafe { position::read(p) }) else {
            return;
        };
        if let Some(m) = Move::from_bits(m) {
            // SAFETY: the caller promises NULL (refused) or a writable `dg_position` at `out`.
            let _ = unsafe { position::write(out, position.play_unchecked(m)) };
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dirgolem::Position;

    #[test]
    fn play_copies_or_plays_in_place() {
        let start = Position::startpos();
        let e4 = start.parse_uci("e2e4").unwrap().to_bits();
        let mut p = DgPosition::new(start);
        let mut after = DgPosition::zeroed();
        // SAFETY: live structs; `p` is both input and output in the second call.
        unsafe {
            assert_eq!(dg_play(&p, e4, &mut after), 0);
            assert_eq!(p.get().unwrap(), start);
            let p_ptr: *mut DgPosition = &mut p;
            assert_eq!(dg_play(p_ptr, e4, p_ptr), 0);
        }
        let expected = start.play_unchecked(start.parse_uci("e2e4").unwrap());
        assert_eq!(after.get().unwrap().to_fen(), expected.to_fen());
        assert_eq!(p.get().unwrap().to_fen(), expected.to_fen());
    }

    #[test]
    fn illegal_moves_and_bad_pointers_leave_the_output_alone() {
        let start = Position::startpos();
        let p = DgPosition::new(start);
        let mut out = DgPosition::zeroed();
        let e2e5 = Move::new(
            dirgolem::Square::E2,
            dirgolem::Square::E5,
            dirgolem::MoveKind::Normal,
        );
        // SAFETY: live structs and NULL only.
        unsafe {
            assert_eq!(
                dg_play(&p, e2e5.to_bits(), &mut out),
                ErrorCode::IllegalMove.code()
            );
            assert_eq!(dg_play(&p, 0, &mut out), ErrorCode::IllegalMove.code());
            assert_eq!(
                dg_play(&p, 0x0c1c, core::ptr::null_mut()),
                ErrorCode::Null.code()
            );
            assert_eq!(
                dg_play(core::ptr::null(), 0x0c1c, &mut out),
                ErrorCode::Null.code()
            );
            let zeroed = DgPosition::zeroed();
            assert_eq!(
                dg_play(&zeroed, 0x0c1c, &mut out),
                ErrorCode::NotAPosition.code()
            );
            dg_play_unchecked(&p, 0, &mut out);
            dg_play_unchecked(&zeroed, 0x0c1c, &mut out);
            dg_play_unchecked(&p, 0x0c1c, core::ptr::null_mut());
        }
        assert!(out.get().is_err());
    }

    #[test]
    fn play_unchecked_plays_a_legal_move() {
        let start = Position::startpos();
        let nf3 = start.parse_uci("g1f3").unwrap();
        let p = DgPosition::new(start);
        let mut out = DgPosition::zeroed();
        // SAFETY: live structs.
        unsafe { dg_play_unchecked(&p, nf3.to_bits(), &mut out) };
        assert_eq!(out.get().unwrap(), start.play_unchecked(nf3));
    }

    #[test]
    fn illegal_moves_played_unchecked_never_crash_the_boundary() {
        // Every word that is a move somewhere, played unchecked where most are illegal: each
        // meaningless result still answers every call, and the process goes on.
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let mut played = 0;
        for fen in fens {
            let p = DgPosition::new(Position::from_fen(fen).unwrap());
            for bits in (0..=u16::MAX).filter(|&b| Move::from_bits(b).is_some()) {
                let mut out = DgPosition::zeroed();
                let mut fen = [0 as core::ffi::c_char; crate::fen::DG_FEN_BUFFER_SIZE];
                let mut moves = [0 as dg_move; crate::moves::DG_MAX_MOVES];
                // SAFETY: live structs and buffers of the sizes the calls ask for.
                unsafe {
                    dg_play_unchecked(&p, bits, &mut out);
                    let code = crate::fen::dg_position_to_fen(&out, fen.as_mut_ptr(), fen.len());
                    assert!(code == 0 || code == ErrorCode::Internal.code());
                    let listed = crate::moves::dg_legal_moves(&out, moves.as_mut_ptr());
                    assert!(listed <= crate::moves::DG_MAX_MOVES);
                    crate::query::dg_perft(&out, 2);
                    crate::query::dg_is_check(&out);
                }
                played += 1;
            }
        }
        assert_eq!(played, 2 * 2108);
    }
}
