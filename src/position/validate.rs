//! Validation of a [`Setup`]: from what a FEN says to a position that can be played (and, in
//! strict mode, reached in a game as far as cheap checks can tell).
//!
//! The impossible-check rule reasons about the last move, which the other side made: a king can
//! be in check from at most two men, and from two only when one of them moved (from a square it
//! can have come from, and from which it did not already give check) and uncovered the other, a
//! slider, through the square it left; or when an en passant capture uncovered two sliders
//! through the two squares it emptied. Castling never gives a double check. A recorded en
//! passant square names the last move: then only the pushed pawn, or one slider through the
//! square the pawn left, can give check.

use super::castling_field::{back_rank, right_letter};
use super::{CastlingMode, ParseOptions, Position, Setup};
use crate::attacks;
use crate::{
    Bitboard, CastlingRightProblem, Color, EnPassantProblem, File, MaterialProblem, Piece,
    PositionError, Rank, Square,
};

impl Position {
    /// Validates `setup` and builds the position.
    ///
    /// Always checked: the colour and piece bitboards agree, one king a side, no pawn on rank 1
    /// or 8, every castling right has its king and rook in place for `options.castling`, the en
    /// passant square (if any) is on the right rank with the pawn that just moved two squares
    /// in front of it and nothing on it or behind it, and the side not to move is not in check.
    /// Unless `options.relaxed`: no more material than a game can produce and no check that no
    /// last move can give. The full policy is at [`Position::from_fen`].
    ///
    /// An en passant square is kept only if a capture there is legal; a fullmove number 0
    /// becomes 1.
    ///
    /// ```
    /// use dirgolem::{Color, PositionError, ParseOptions, Piece, Position, Setup, Square};
    /// let mut setup = Setup::default();
    /// setup.put(Square::E1, Color::White, Piece::King);
    /// assert_eq!(
    ///     Position::from_setup(&setup, ParseOptions::standard()),
    ///     Err(PositionError::MissingKing { color: Color::Black })
    /// );
    /// setup.put(Square::E8, Color::Black, Piece::King);
    /// let pos = Position::from_setup(&setup, ParseOptions::standard()).unwrap();
    /// assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// ```
    pub fn from_setup(setup: &Setup, options: ParseOptions) -> Result<Position, PositionError> {
        check_board(setup)?;
        check_kings(setup)?;
        check_pawns(setup)?;
        check_castling(setup, options.castling)?;
        check_en_passant(setup)?;
        check_opposite_check(setup)?;
        if !options.relaxed {
            check_material(setup)?;
            check_impossible_check(setup)?;
        }
        Ok(Position::from_trusted_setup(setup, options.castling))
    }
}

/// Each square holds at most one colour and one kind, and has a colour exactly when it has a
/// kind.
fn check_board(setup: &Setup) -> Result<(), PositionError> {
    let [white, black] = setup.colors;
    let mut kinds = Bitboard::EMPTY;
    let mut kind_overlap = Bitboard::EMPTY;
    for piece in setup.pieces {
        kind_overlap |= kinds & piece;
        kinds |= piece;
    }
    let bad = (white & black) | kind_overlap | ((white | black) ^ kinds);
    match bad.first() {
        Some(square) => Err(PositionError::InconsistentBoard { square }),
        None => Ok(()),
    }
}

fn check_kings(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        match setup.men(color, Piece::King).len() {
            0 => return Err(PositionError::MissingKing { color }),
            1 => {}
            count => return Err(PositionError::TooManyKings { color, count }),
        }
    }
    Ok(())
}

fn check_pawns(setup: &Setup) -> Result<(), PositionError> {
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    match (setup.pieces[Piece::Pawn as usize] & back_ranks).first() {
        Some(square) => Err(PositionError::PawnOnBackRank { square }),
        None => Ok(()),
    }
}

/// The square of `color`'s king (validated: exactly one).
fn king_of(setup: &Setup, color: Color) -> Square {
    setup.men(color, Piece::King).first().unwrap_or(Square::A1)
}

fn check_castling(setup: &Setup, mode: CastlingMode) -> Result<(), PositionError> {
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    if let Some(rook) = (setup.castling_rooks - back_ranks).first() {
        let color = if rook.rank() <= Rank::Fourth {
            Color::White
        } else {
            Color::Black
        };
        return Err(PositionError::CastlingRight {
            color,
            right: right_letter(rook, color, mode),
            rook: Some(rook),
            problem: CastlingRightProblem::NotBackRank,
        });
    }
    for color in Color::ALL {
        let rank = back_rank(color);
        let king = king_of(setup, color);
        let (mut king_side, mut queen_side) = (0, 0);
        // In the order the rights are written: descending files.
        let rooks = File::ALL
            .into_iter()
            .rev()
            .map(|file| Square::new(file, rank));
        for rook in rooks.filter(|&rook| setup.castling_rooks.contains(rook)) {
            let problem = match mode {
                CastlingMode::Standard if !matches!(rook.file(), File::A | File::H) => {
                    Some(CastlingRightProblem::NotCorner)
                }
                CastlingMode::Standard if king != Square::new(File::E, rank) => {
                    Some(CastlingRightProblem::NoKing)
                }
                CastlingMode::Chess960 if king.rank() != rank => Some(CastlingRightProblem::NoKing),
                _ if !setup.men(color, Piece::Rook).contains(rook) => {
                    Some(CastlingRightProblem::NoRook)
                }
                _ => {
                    let side = if rook > king {
                        &mut king_side
                    } else {
                        &mut queen_side
                    };
                    *side += 1;
                    (*side > 1).then_some(CastlingRightProblem::SameSide)
                }
            };
            if let Some(problem) = problem {
                return Err(PositionError::CastlingRight {
                    color,
                    right: right_letter(rook, color, mode),
                    rook: Some(rook),
                    problem,
                });
            }
        }
    }
    Ok(())
}

/// `sq` moved `delta` squares (`+8` = one rank up), if that stays on the board (the caller
/// keeps to the same file).
fn shifted(sq: Square, delta: i32) -> Option<Square> {
    usize::try_from(sq as i32 + delta)
        .ok()
        .and_then(Square::try_index)
}

/// One rank forward for `color` as a square delta.
const fn forward(color: Color) -> i32 {
    match color {
        Color::White => 8,
        Color::Black => -8,
    }
}

/// For a validated en passant square: the square of the pawn that just moved and the square it
/// came from.
fn pushed_and_origin(setup: &Setup, ep: Square) -> Option<(Square, Square)> {
    let mover = !setup.turn;
    Some((shifted(ep, forward(mover))?, shifted(ep, -forward(mover))?))
}

fn check_en_passant(setup: &Setup) -> Result<(), PositionError> {
    let Some(square) = setup.ep_square else {
        return Ok(());
    };
    let rank = match setup.turn {
        Color::White => Rank::Sixth,
        Color::Black => Rank::Third,
    };
    let (pushed, origin) = match pushed_and_origin(setup, square) {
        Some(squares) if square.rank() == rank => squares,
        _ => return Err(PositionError::EnPassantRank { square }),
    };
    let problem = if !setup.men(!setup.turn, Piece::Pawn).contains(pushed) {
        EnPassantProblem::NoPawn
    } else if setup.occupied().contains(origin) {
        EnPassantProblem::OriginOccupied
    } else if setup.occupied().contains(square) {
        EnPassantProblem::SquareOccupied
    } else {
        return Ok(());
    };
    Err(PositionError::EnPassantPawn { square, problem })
}

/// The men of `by` that attack `sq` with the given occupancy.
fn attackers(setup: &Setup, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let p = |piece: Piece| setup.pieces[piece as usize];
    let queens = p(Piece::Queen);
    (attacks::pawn(!by, sq) & p(Piece::Pawn)
        | attacks::knight(sq) & p(Piece::Knight)
        | attacks::bishop(sq, occupied) & (p(Piece::Bishop) | queens)
        | attacks::rook(sq, occupied) & (p(Piece::Rook) | queens)
        | attacks::king(sq) & p(Piece::King))
        & setup.colors[by as usize]
}

fn check_opposite_check(setup: &Setup) -> Result<(), PositionError> {
    let color = !setup.turn;
    let checkers = attackers(setup, king_of(setup, color), setup.turn, setup.occupied());
    match checkers.first() {
        Some(checker) => Err(PositionError::OppositeCheck { color, checker }),
        None => Ok(()),
    }
}

fn check_material(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        let count = |piece| setup.men(color, piece).len();
        let men = setup.colors[color as usize].len();
        let pawns = count(Piece::Pawn);
        let promoted = count(Piece::Knight).saturating_sub(2)
            + count(Piece::Bishop).saturating_sub(2)
            + count(Piece::Rook).saturating_sub(2)
            + count(Piece::Queen).saturating_sub(1);
        let problem = if men > 16 {
            MaterialProblem::TooManyMen { count: men }
        } else if pawns > 8 {
            MaterialProblem::TooManyPawns { count: pawns }
        } else if promoted > 8 - pawns {
            MaterialProblem::TooManyPromoted { promoted, pawns }
        } else {
            continue;
        };
        return Err(PositionError::TooMuchMaterial { color, problem });
    }
    Ok(())
}

/// The squares the man of `color` on `sq` can have come from with its last move, leaving out
/// those from which it would already have attacked `king` (the position before the move had
/// `king`'s side in check with `color` to move: not legal). Empty for a king, which gives no
/// check, and for a pawn that never moved. Castling is left out: its rook never gives a double
/// check (see [`double_check_is_possible`]), and a single check needs no origin. Over-approximates
/// otherwise: it only has to contain every true origin.
fn origins(setup: &Setup, sq: Square, color: Color, king: Square) -> Bitboard {
    let Some((_, piece)) = setup.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    let occupied = setup.occupied();
    let behind = shifted(sq, -forward(color)).map_or(Bitboard::EMPTY, Square::bitboard);
    // A pawn's one-step push and its captures end here (also en passant: the captured pawn
    // stood on `behind`).
    let pawn_step = behind | attacks::pawn(!color, sq);
    // Squares from which a pawn of `color` attacks `king`.
    let pawn_checks = attacks::pawn(!color, king);
    let relative_rank = match color {
        Color::White => sq.rank() as u8,
        Color::Black => 7 - sq.rank() as u8,
    };
    let promotion = if relative_rank == 7 {
        pawn_step - pawn_checks
    } else {
        Bitboard::EMPTY
    };
    match piece {
        Piece::Pawn if relative_rank <= 1 => Bitboard::EMPTY,
        Piece::Pawn if relative_rank == 3 && !(behind & occupied).is_empty() => {
            pawn_step - pawn_checks
        }
        Piece::Pawn if relative_rank == 3 => {
            let double = shifted(sq, -2 * forward(color)).map_or(Bitboard::EMPTY, Square::bitboard);
            (pawn_step | double) - pawn_checks
        }
        Piece::Pawn => pawn_step - pawn_checks,
        Piece::Knight => (attacks::knight(sq) - attacks::knight(king)) | promotion,
        Piece::Bishop => {
            (attacks::bishop(sq, occupied) - attacks::bishop(king, occupied)) | promotion
        }
        Piece::Rook => (attacks::rook(sq, occupied) - attacks::rook(king, occupied)) | promotion,
        Piece::Queen => (attacks::queen(sq, occupied) - attacks::queen(king, occupied)) | promotion,
        Piece::King => Bitboard::EMPTY,
    }
}

fn is_slider(setup: &Setup, sq: Square) -> bool {
    let p = |piece: Piece| setup.pieces[piece as usize];
    (p(Piece::Bishop) | p(Piece::Rook) | p(Piece::Queen)).contains(sq)
}

/// Whether the two `checkers` of `king` can both give check after one move of `color`.
///
/// A double check needs a slider whose line to `king` the last move opened. The move either
/// put the other checker on its square from a square on that line (a discovered check, also
/// by a promotion), or was an en passant capture that emptied two squares, one on each
/// checker's line. Castling cannot give one: its king uncovers only lines along the back rank
/// (the square it left is on the board's edge); a checker along that rank and a rook checking
/// from its castling square would need the king or the rook to have passed over the checked
/// king, or would block each other.
fn double_check_is_possible(
    setup: &Setup,
    king: Square,
    a: Square,
    b: Square,
    color: Color,
) -> bool {
    let uncovers = |moved: Square, slider: Square| {
        is_slider(setup, slider)
            && !(origins(setup, moved, color, king) & attacks::between(slider, king)).is_empty()
    };
    if uncovers(a, b) || uncovers(b, a) {
        return true;
    }
    if !(is_slider(setup, a) && is_slider(setup, b)) {
        return false;
    }
    // An en passant capture by a pawn now on `color`'s sixth rank emptied the square of the
    // pawn it took (behind it) and the square it came from (diagonally behind it), one on each
    // checker's line. The taken pawn had just come from the square in front of the capturer,
    // which is still empty, and the capturer must not have attacked the king before.
    let sixth = match color {
        Color::White => Rank::Sixth,
        Color::Black => Rank::Third,
    };
    let occupied = setup.occupied();
    let through = |checker: Square, sq: Square| attacks::between(checker, king).contains(sq);
    (setup.men(color, Piece::Pawn) & sixth.bitboard())
        .iter()
        .any(|pawn| {
            let (Some(taken), Some(taken_from)) = (
                shifted(pawn, -forward(color)),
                shifted(pawn, forward(color)),
            ) else {
                return false;
            };
            let came_from = attacks::pawn(!color, pawn) - occupied - attacks::pawn(!color, king);
            !occupied.contains(taken)
                && !occupied.contains(taken_from)
                && came_from.iter().any(|from| {
                    (through(a, taken) && through(b, from))
                        || (through(b, taken) && through(a, from))
                })
        })
}

fn check_impossible_check(setup: &Setup) -> Result<(), PositionError> {
    let us = setup.turn;
    let king = king_of(setup, us);
    let checkers = attackers(setup, king, !us, setup.occupied());
    let mut squares = checkers.iter();
    let possible = match (
        squares.next(),
        squares.next(),
        squares.next(),
        setup.ep_square,
    ) {
        (None, ..) => true,
        (Some(checker), None, _, Some(ep)) => match pushed_and_origin(setup, ep) {
            Some((pushed, origin)) => {
                checker == pushed || attacks::between(checker, king).contains(origin)
            }
            None => false,
        },
        (Some(_), Some(_), _, Some(_)) => false,
        (Some(_), None, _, None) => true,
        (Some(a), Some(b), None, None) => double_check_is_possible(setup, king, a, b, !us),
        (Some(_), Some(_), Some(_), None) => false,
    };
    if possible {
        Ok(())
    } else {
        Err(PositionError::ImpossibleCheck {
            king,
            checkers,
            ep_square: setup.ep_square,
        })
    }
}
