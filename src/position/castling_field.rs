//! The castling field of a FEN: letters to rook squares and back.
//!
//! Rights are rook squares ([`Setup::castling_rooks`]), so one representation serves every
//! notation. Reading:
//!
//! * `CastlingMode::Standard`: `K`/`Q` (`k`/`q`) are the h- and a-file rooks, and Shredder file
//!   letters name the rook's file (`HAha` is the start position). Whether king and rook are in
//!   place is left to validation, which accepts only the corner rooks with the king on e1 / e8.
//! * `CastlingMode::Chess960`: Shredder-FEN file letters, and X-FEN `K`/`Q` for the outermost
//!   rook on the king's / queen's side of the king (which needs the king on its back rank).
//!
//! Which stage refuses a right: a letter that names a square (`K`/`Q` in standard chess, every
//! file letter) is kept, and validation ([`PositionError::CastlingRight`]) checks its king and
//! rook. An X-FEN `K`/`Q` that finds no king or no rook names nothing, and a [`Setup`] has no way
//! to hold a right without its rook square, so reading stops there: the syntax error
//! [`FenSyntaxError::UnresolvedCastling`] carries the legality problem found
//! ([`PositionError::MissingKing`], [`PositionError::TooManyKings`], or
//! [`PositionError::CastlingRight`] with `NoKing` / `NoRook`), whose message it shows.
//!
//! Writing: Standard gives `KQkq` (file letters for rook squares no standard right has, so the
//! text reads back to the same setup); Chess960 gives Shredder-FEN, white first, files in
//! descending order (`HAha`, `HFhf`).

use core::fmt;

use super::{CastlingMode, Setup};
use crate::{
    Bitboard, CastlingRightProblem, CastlingSyntax, Color, FenSyntaxError, File, Piece,
    PositionError, Rank, Square,
};

/// The back rank of `color`.
pub(crate) const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

/// `c` as a right letter of `color` (uppercase for White).
fn cased(c: char, color: Color) -> char {
    match color {
        Color::White => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}

/// The letter a right with the rook on `rook` is written with in `mode`.
pub(crate) fn right_letter(rook: Square, color: Color, mode: CastlingMode) -> char {
    let letter = match (mode, rook.file()) {
        (CastlingMode::Standard, File::H) => 'k',
        (CastlingMode::Standard, File::A) => 'q',
        (_, file) => file.to_char(),
    };
    cased(letter, color)
}

/// Reads the castling field into `setup.castling_rooks` (the board must be read already).
pub(crate) fn read(
    field: &str,
    mode: CastlingMode,
    setup: &mut Setup,
) -> Result<(), FenSyntaxError> {
    setup.castling_rooks = Bitboard::EMPTY;
    if field == "-" {
        return Ok(());
    }
    for (index, byte) in field.bytes().enumerate() {
        let ch = char::from(byte);
        let syntax = |problem| FenSyntaxError::InvalidCastling { index, ch, problem };
        if byte == b'-' {
            return Err(syntax(CastlingSyntax::Dash));
        }
        let color = if byte.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let lower = byte.to_ascii_lowercase();
        if !matches!(lower, b'a'..=b'h' | b'k' | b'q') {
            return Err(syntax(CastlingSyntax::InvalidChar));
        }
        if field.as_bytes()[..index].contains(&byte) {
            return Err(syntax(CastlingSyntax::Duplicate));
        }
        let rook = resolve(lower, color, mode, setup, ch)
            .map_err(|cause| FenSyntaxError::UnresolvedCastling { index, cause })?;
        if setup.castling_rooks.contains(rook) {
            return Err(syntax(CastlingSyntax::Duplicate));
        }
        setup.castling_rooks |= rook.bitboard();
    }
    Ok(())
}

/// The rook square that the letter `lower` (already lowercase) of `color` names.
fn resolve(
    lower: u8,
    color: Color,
    mode: CastlingMode,
    setup: &Setup,
    ch: char,
) -> Result<Square, PositionError> {
    let rank = back_rank(color);
    let file = match (lower, mode) {
        (b'k', CastlingMode::Standard) => File::H,
        (b'q', CastlingMode::Standard) => File::A,
        (b'k' | b'q', CastlingMode::Chess960) => {
            return outermost_rook(lower == b'k', color, setup, ch);
        }
        (letter, _) => File::index(usize::from(letter - b'a')),
    };
    Ok(Square::new(file, rank))
}

/// X-FEN `K`/`Q`: the outermost rook of `color` on the back rank on the king's side
/// (`king_side`) or the queen's side of the king.
fn outermost_rook(
    king_side: bool,
    color: Color,
    setup: &Setup,
    right: char,
) -> Result<Square, PositionError> {
    let kings = setup.men(color, Piece::King);
    match kings.len() {
        0 => return Err(PositionError::MissingKing { color }),
        1 => {}
        count => return Err(PositionError::TooManyKings { color, count }),
    }
    let rank = back_rank(color).bitboard();
    let problem = |problem| PositionError::CastlingRight {
        color,
        right,
        rook: None,
        problem,
    };
    let king = (kings & rank)
        .first()
        .ok_or(problem(CastlingRightProblem::NoKing))?;
    let rooks = setup.men(color, Piece::Rook) & rank;
    let found = if king_side {
        rooks.iter().filter(|&r| r > king).last()
    } else {
        rooks.iter().find(|&r| r < king)
    };
    found.ok_or(problem(CastlingRightProblem::NoRook))
}

/// Writes the castling field of `setup` in `mode` (`-` without rights). Rights off the back
/// ranks (possible only in a hand-made setup) cannot be written and are left out.
pub(crate) fn write(setup: &Setup, mode: CastlingMode, out: &mut impl fmt::Write) -> fmt::Result {
    let mut any = false;
    for color in Color::ALL {
        for file in File::ALL.into_iter().rev() {
            let rook = Square::new(file, back_rank(color));
            if setup.castling_rooks.contains(rook) {
                out.write_char(right_letter(rook, color, mode))?;
                any = true;
            }
        }
    }
    if !any {
        out.write_char('-')?;
    }
    Ok(())
}
