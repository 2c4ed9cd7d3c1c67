//! Moves as UCI text, in and out.
//!
//! A move word stores castling as king takes rook, and does not know whether the game is
//! standard chess or Chess960: `dg_move_to_uci` writes standard notation (the king's
//! destination, `e1g1`), which is what a standard game's GUI expects. In Chess960 that text can
//! be ambiguous (king on f1, rook on h1: castling and the king's step are both `f1g1`) or not a
//! move at all (king on g1: `g1g1`), so UCI's Chess960 mode writes castling as king takes rook;
//! `dg_move_to_uci_in` takes the notation from the position (`DG_FEN_CHESS960` when it was
//! read).

use core::ffi::{c_char, c_int};
use core::mem::MaybeUninit;

use dirgolem::{CastlingMode, Move, UciMoveError};

use crate::boundary::{guard, out_bytes, put, put_text, status, text};
use crate::dg_move;
use crate::error::ErrorCode;
use crate::position::{self, DgPosition};

/// The size of a buffer for a move's UCI text: four squares' letters, a promotion letter and
/// the NUL (`dirgolem::UciText::MAX_LEN` and one).
pub const DG_UCI_BUFFER_SIZE: usize = 6;

/// What a word that is no move at all prints as (UCI's null move).
const NO_MOVE: &[u8] = b"0000";

/// The UCI text of the move word `m` with castling in `mode`, or `0000` for a word that is no
/// move, written with its NUL into `out`.
fn put_uci(out: &mut [MaybeUninit<u8>], m: dg_move, mode: CastlingMode) -> Result<(), ErrorCode> {
    match Move::from_bits(m) {
        Some(m) => put_text(out, m.uci_text(mode).as_bytes()),
        None => put_text(out, NO_MOVE),
    }
}

/// Writes the UCI text of `m` and a NUL into `buf` (`DG_UCI_BUFFER_SIZE` bytes), castling in
/// standard notation (`e1g1`, `e1c1`): right for standard chess, not for Chess960, where
/// [`dg_move_to_uci_in`] writes king takes rook. A word that is no move at all
/// (`Move::from_bits`) gives `"0000"`, UCI's null move. Does nothing if `buf` is NULL.
///
/// # Safety
/// `buf` is NULL or points to `DG_UCI_BUFFER_SIZE` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_move_to_uci(m: dg_move, buf: *mut c_char) {
    guard((), || {
        // SAFETY: the caller promises NULL or DG_UCI_BUFFER_SIZE writable bytes.
        if let Ok(out) = unsafe { out_bytes(buf, DG_UCI_BUFFER_SIZE) } {
            let _ = put_uci(out, m, CastlingMode::Standard);
        }
    })
}

/// [`dg_move_to_uci`] in the castling notation of `*p`: king takes rook (`e1h1`) for a
/// position read with `DG_FEN_CHESS960`, the king's destination otherwise. Legality is not
/// checked. Returns `DG_OK`, or `DG_ERR_NULL`, `DG_ERR_NOT_A_POSITION` (then `buf` is
/// unchanged).
///
/// # Safety
/// `p` is NULL or points to a `dg_position`; `buf` is NULL or points to `DG_UCI_BUFFER_SIZE`
/// writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_move_to_uci_in(
    p: *const DgPosition,
    m: dg_move,
    buf: *mut c_char,
) -> c_int {
    status(|| {
        // SAFETY: the caller promises NULL or a `dg_position` at `p`.
        let position = unsafe { position::read(p) }?;
        // SAFETY: the caller promises NULL or DG_UCI_BUFFER_SIZE writable bytes.
        let out = unsafe { out_bytes(buf, DG_UCI_BUFFER_SIZE) }?;
        put_uci(out, m, position.castling_mode())
    })
}

/// Reads a UCI move (`e2e4`, `e7e8q`) and finds it among the legal moves of `*p`, writing its
/// word to `*out`. Standard chess takes castling as the king's move (`e1g1`) or as king takes
/// rook (`e1h1`); a Chess960 position only as king takes rook. Returns `DG_OK`, or
/// `DG_ERR_NULL`, `DG_ERR_NOT_A_POSITION`, `DG_ERR_UTF8`, `DG_ERR_UCI_SYNTAX`,
/// `DG_ERR_ILLEGAL_MOVE`; `*out` is unchanged on error.
///
/// # Safety
/// `p` is NULL or points to a `dg_position`; `uci` is NULL or a NUL-terminated string; `out` is
/// NULL or points to a writable `dg_move`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_parse_uci(
    p: *const DgPosition,
    uci: *const c_char,
    out: *mut dg_move,
) -> c_int {
    status(|| {
        if out.is_null() {
            return Err(ErrorCode::Null);
        }
        // SAFETY: the caller promises NULL or a `dg_position` at `p`.
        let position = unsafe { position::read(p) }?;
        // SAFETY: the caller promises NULL or a NUL-terminated string at `uci`.
        let uci = unsafe { text(uci) }?;
        let m = position.parse_uci(uci).map_err(|error| match error {
            UciMoveError::Syntax(_) => ErrorCode::UciSyntax,
            UciMoveError::Illegal(_) => ErrorCode::IllegalMove,
        })?;
        // SAFETY: the caller promises a writable `dg_move` at `out` (not NULL, checked).
        unsafe { put(out, m.to_bits()) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;
    use dirgolem::{ParseOptions, Position};

    fn to_uci(m: dg_move) -> String {
        let mut buf = [b'x' as c_char; DG_UCI_BUFFER_SIZE];
        // SAFETY: a buffer of DG_UCI_BUFFER_SIZE bytes.
        unsafe { dg_move_to_uci(m, buf.as_mut_ptr()) };
        // SAFETY: dg_move_to_uci wrote a NUL-terminated string.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
        text.to_str().unwrap().to_string()
    }

    fn parse(p: &DgPosition, uci: &CStr) -> Result<dg_move, c_int> {
        let mut m = 0;
        // SAFETY: a live position, a NUL-terminated string and a live output.
        match unsafe { dg_parse_uci(p, uci.as_ptr(), &mut m) } {
            0 => Ok(m),
            code => Err(code),
        }
    }

    #[test]
    fn every_legal_move_prints_and_parses_back() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let p = DgPosition::new(pos);
        for m in pos.legal_moves() {
            let text = to_uci(m.to_bits());
            assert_eq!(text, m.to_string());
            let text = std::ffi::CString::new(text).unwrap();
            assert_eq!(parse(&p, &text), Ok(m.to_bits()));
        }
    }

    #[test]
    fn promotions_and_non_moves_print() {
        let pos = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let promote = pos.parse_uci("a7a8n").unwrap().to_bits();
        assert_eq!(to_uci(promote), "a7a8n");
        // The longest text and its NUL fill the buffer the header names.
        assert_eq!(DG_UCI_BUFFER_SIZE, dirgolem::UciText::MAX_LEN + 1);
        assert_eq!(to_uci(0), "0000");
        assert_eq!(to_uci(u16::MAX), "0000");
        // SAFETY: NULL is refused, not written.
        unsafe { dg_move_to_uci(promote, core::ptr::null_mut()) };
    }

    #[test]
    fn chess960_castling_is_written_as_king_takes_rook() {
        let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
        let pos = Position::from_fen_with(fen, ParseOptions::chess960()).unwrap();
        let p = DgPosition::new(pos);
        let castle = parse(&p, c"g1h1").unwrap();
        // The king already stands on g1: standard notation would write g1g1.
        assert_eq!(to_uci(castle), "g1g1");
        let mut buf = [0 as c_char; DG_UCI_BUFFER_SIZE];
        // SAFETY: a live position and a buffer of DG_UCI_BUFFER_SIZE bytes.
        let code = unsafe { dg_move_to_uci_in(&p, castle, buf.as_mut_ptr()) };
        assert_eq!(code, 0);
        // SAFETY: written NUL-terminated above.
        assert_eq!(unsafe { CStr::from_ptr(buf.as_ptr()) }, c"g1h1");
        // SAFETY: a zeroed struct and NULL are refused before anything is written.
        unsafe {
            let code = dg_move_to_uci_in(&DgPosition::zeroed(), castle, buf.as_mut_ptr());
            assert_eq!(code, ErrorCode::NotAPosition.code());
            let code = dg_move_to_uci_in(&p, castle, core::ptr::null_mut());
            assert_eq!(code, ErrorCode::Null.code());
        }
    }

    #[test]
    fn bad_uci_gets_its_code() {
        let p = DgPosition::new(Position::startpos());
        assert_eq!(parse(&p, c"e2e5"), Err(ErrorCode::IllegalMove.code()));
        assert_eq!(parse(&p, c"castle"), Err(ErrorCode::UciSyntax.code()));
        assert_eq!(parse(&p, c"e2\xffe4"), Err(ErrorCode::Utf8.code()));
        assert_eq!(
            parse(&DgPosition::zeroed(), c"e2e4"),
            Err(ErrorCode::NotAPosition.code())
        );
        let mut m: dg_move = 7;
        // SAFETY: NULL arguments are refused before anything is read or written.
        unsafe {
            assert_eq!(dg_parse_uci(&p, core::ptr::null(), &mut m), 1);
            assert_eq!(dg_parse_uci(core::ptr::null(), c"e2e4".as_ptr(), &mut m), 1);
            assert_eq!(dg_parse_uci(&p, c"e2e4".as_ptr(), core::ptr::null_mut()), 1);
        }
        assert_eq!(m, 7);
    }
}
