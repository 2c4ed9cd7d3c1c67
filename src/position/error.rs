//! Errors of reading a FEN ([`FenSyntaxError`] from [`Setup::from_fen`](crate::Setup::from_fen))
//! and of validating a setup ([`PositionError`] from
//! [`Position::from_setup`](crate::Position::from_setup)); [`FenError`] is either, for
//! [`Position::from_fen`](crate::Position::from_fen), which does both.
//!
//! One variant per kind of problem, each with where it is: the byte offset in a field, the rank,
//! the square, the offending character or (shortened) text.

use core::fmt;

use crate::{Bitboard, Color, ErrorText, Rank, Square};

/// The six fields of a FEN, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// Field 1: the piece placement (`rnbqkbnr/pppppppp/...`).
    Board,
    /// Field 2: the side to move (`w` or `b`).
    Turn,
    /// Field 3: the castling rights (`KQkq`, `HAha` or `-`).
    Castling,
    /// Field 4: the en passant target square (`e3` or `-`).
    EnPassant,
    /// Field 5: the halfmove clock.
    Halfmove,
    /// Field 6: the fullmove number.
    Fullmove,
}

impl FenField {
    /// The field's 1-based position in a FEN.
    pub const fn number(self) -> usize {
        self as usize + 1
    }

    /// The field's name in messages, such as `"castling field"`.
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Board => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (field {})", self.name(), self.number())
    }
}

/// What is wrong with the syntax of a castling field ([`FenSyntaxError::InvalidCastling`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSyntax {
    /// A character that names no right (only `K Q k q`, file letters `A-H a-h` and a lone `-`).
    InvalidChar,
    /// `-` together with other characters (`-` must stand alone).
    Dash,
    /// A right written twice, literally (`KQkqK`) or in two notations (`QA` both mean a1).
    Duplicate,
}

/// Why a castling right is refused ([`PositionError::CastlingRight`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRightProblem {
    /// The king is not where the right needs it: on e1 / e8 in standard chess, on its back
    /// rank in Chess960.
    NoKing,
    /// No rook of that colour stands on the right's square (or, for X-FEN `K`/`Q`, on that
    /// side of the king on the back rank).
    NoRook,
    /// Standard chess castles only with the corner rooks (a1, h1, a8, h8).
    NotCorner,
    /// The rook square is not on the colour's back rank (possible only in a hand-made
    /// [`Setup`](crate::Setup)).
    NotBackRank,
    /// Two rights on the same side of the king.
    SameSide,
}

/// Why an en passant square has no pawn that just moved past it ([`PositionError::EnPassantPawn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnPassantProblem {
    /// No pawn of the side that just moved stands in front of the square.
    NoPawn,
    /// The square the pawn would have come from is occupied.
    OriginOccupied,
    /// The en passant square itself is occupied.
    SquareOccupied,
}

/// Which way a side has too much material ([`PositionError::TooMuchMaterial`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaterialProblem {
    /// More than 16 men.
    TooManyMen {
        /// The number of men (king included).
        count: u32,
    },
    /// More than 8 pawns.
    TooManyPawns {
        /// The number of pawns.
        count: u32,
    },
    /// More knights, bishops, rooks and queens beyond the initial 2/2/2/1 than pawns can have
    /// promoted: `promoted > 8 - pawns`.
    TooManyPromoted {
        /// Pieces beyond the initial set.
        promoted: u32,
        /// Pawns still on the board.
        pawns: u32,
    },
}

/// Why the text of a FEN was refused by [`Setup::from_fen`](crate::Setup::from_fen): its syntax.
/// Every problem is reported with where it is (the byte offset, the field, the rank); `Display`
/// gives a one-line message.
///
/// One step of reading looks at the board: Chess960 X-FEN `K`/`Q` name the outermost rook on
/// that side of the king, so a board without that king or rook leaves the letter naming no
/// square. That is reported here, as [`FenSyntaxError::UnresolvedCastling`] with the legality
/// problem in the way; every other legality problem is left to
/// [`Position::from_setup`](crate::Position::from_setup) ([`PositionError`]).
///
/// ```
/// use dirgolem::{CastlingMode, FenField, FenSyntaxError, Setup};
/// let fen = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let err = Setup::from_fen(fen, CastlingMode::Standard).unwrap_err();
/// assert_eq!(err, FenSyntaxError::InvalidBoardChar { index: 18, ch: '9' });
/// assert_eq!(err.field(), Some(FenField::Board));
/// assert_eq!(
///     err.to_string(),
///     "invalid character '9' at byte 18 of the piece placement (expected a piece letter, a digit 1-8 or '/')"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenSyntaxError {
    /// The text is empty or only whitespace.
    Empty,
    /// A character outside ASCII (FEN is ASCII; no BOM, no-break space or fullwidth letter).
    NonAscii {
        /// Byte offset of the character in the input.
        index: usize,
        /// The character.
        ch: char,
    },
    /// Not 4 or 6 whitespace-separated fields.
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// A character in the piece placement that is no piece letter, no digit 1-8 and no `/`.
    InvalidBoardChar {
        /// Byte offset in the piece placement field.
        index: usize,
        /// The character.
        ch: char,
    },
    /// Two digits in a row in one rank (`44`): not canonical FEN.
    ConsecutiveDigits {
        /// The rank.
        rank: Rank,
        /// Byte offset of the second digit in the piece placement field.
        index: usize,
    },
    /// The piece placement does not have 8 ranks.
    RankCount {
        /// The number of `/`-separated ranks found.
        found: usize,
    },
    /// A rank that does not describe exactly 8 squares.
    RankLength {
        /// The rank.
        rank: Rank,
        /// The number of squares it describes.
        squares: usize,
    },
    /// The side to move is not `w` or `b`.
    InvalidTurn {
        /// The field (shortened if long).
        text: ErrorText,
    },
    /// The castling field is not `-` or a set of distinct right letters.
    InvalidCastling {
        /// Byte offset in the castling field.
        index: usize,
        /// The offending character.
        ch: char,
        /// What is wrong.
        problem: CastlingSyntax,
    },
    /// A Chess960 X-FEN `K`/`Q` (`k`/`q`) that names no rook, because the board has not one
    /// king of that colour ([`PositionError::MissingKing`], [`PositionError::TooManyKings`]),
    /// the king is off its back rank or no rook stands on that side of it
    /// ([`PositionError::CastlingRight`] with [`CastlingRightProblem::NoKing`] or
    /// [`CastlingRightProblem::NoRook`]). The message is the legality problem's.
    UnresolvedCastling {
        /// Byte offset of the letter in the castling field.
        index: usize,
        /// The legality problem that leaves the letter without a rook.
        cause: PositionError,
    },
    /// The en passant field is not `-` or a lowercase square name.
    InvalidEnPassant {
        /// The field (shortened if long).
        text: ErrorText,
    },
    /// A clock that is not a plain decimal number (digits only: no sign, point or prefix).
    InvalidClock {
        /// [`FenField::Halfmove`] or [`FenField::Fullmove`].
        field: FenField,
        /// The field (shortened if long).
        text: ErrorText,
    },
    /// A clock too large for a `u32` (rejected, never saturated).
    ClockOverflow {
        /// [`FenField::Halfmove`] or [`FenField::Fullmove`].
        field: FenField,
        /// The field (shortened if long).
        text: ErrorText,
    },
}

impl FenSyntaxError {
    /// The FEN field the problem is in; `None` for the problems of the whole text
    /// ([`FenSyntaxError::Empty`], [`FenSyntaxError::NonAscii`],
    /// [`FenSyntaxError::FieldCount`]).
    ///
    /// ```
    /// use dirgolem::{CastlingMode, FenField, Setup};
    /// let err = Setup::from_fen("8/8/8/8/8/8/8/8 w KQkq", CastlingMode::Standard).unwrap_err();
    /// assert_eq!(err.field(), None);
    /// let err = Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 x", CastlingMode::Standard).unwrap_err();
    /// assert_eq!(err.field(), Some(FenField::Fullmove));
    /// ```
    pub fn field(&self) -> Option<FenField> {
        Some(match self {
            FenSyntaxError::Empty
            | FenSyntaxError::NonAscii { .. }
            | FenSyntaxError::FieldCount { .. } => return None,
            FenSyntaxError::InvalidBoardChar { .. }
            | FenSyntaxError::ConsecutiveDigits { .. }
            | FenSyntaxError::RankCount { .. }
            | FenSyntaxError::RankLength { .. } => FenField::Board,
            FenSyntaxError::InvalidTurn { .. } => FenField::Turn,
            FenSyntaxError::InvalidCastling { .. } | FenSyntaxError::UnresolvedCastling { .. } => {
                FenField::Castling
            }
            FenSyntaxError::InvalidEnPassant { .. } => FenField::EnPassant,
            FenSyntaxError::InvalidClock { field, .. }
            | FenSyntaxError::ClockOverflow { field, .. } => *field,
        })
    }
}

/// Why [`Position::from_setup`](crate::Position::from_setup) refused a setup: it is not a legal
/// position (or, in strict mode, not one a game can reach). Every problem is reported with where
/// it is (the square, the colour, the castling right); `Display` gives a one-line message.
///
/// ```
/// use dirgolem::{CastlingMode, Color, FenField, ParseOptions, Position, PositionError, Setup};
/// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1", CastlingMode::Standard).unwrap();
/// let err = Position::from_setup(&setup, ParseOptions::standard()).unwrap_err();
/// assert_eq!(err, PositionError::MissingKing { color: Color::White });
/// assert_eq!(err.field(), FenField::Board);
/// assert_eq!(err.to_string(), "white has no king");
/// assert!(!err.is_relaxable());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// The colour and piece bitboards of a hand-made [`Setup`](crate::Setup) disagree on a
    /// square (two colours, two kinds, or a colour without a kind or the reverse).
    InconsistentBoard {
        /// The first such square.
        square: Square,
    },
    /// A side has no king.
    MissingKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one king.
    TooManyKings {
        /// The side.
        color: Color,
        /// The number of its kings.
        count: u32,
    },
    /// A pawn on the first or the eighth rank.
    PawnOnBackRank {
        /// The pawn's square.
        square: Square,
    },
    /// A castling right without its king and rook in place.
    CastlingRight {
        /// The side the right belongs to.
        color: Color,
        /// The right as written (`K`, `q`, `H`…) or, for a [`Setup`](crate::Setup), as it
        /// would be written.
        right: char,
        /// The rook square the right names, when it names one.
        rook: Option<Square>,
        /// What is wrong.
        problem: CastlingRightProblem,
    },
    /// The en passant square is not on the sixth rank (White to move) or the third (Black to
    /// move).
    EnPassantRank {
        /// The square.
        square: Square,
    },
    /// The en passant square has no pawn that can just have moved two squares past it.
    EnPassantPawn {
        /// The en passant square.
        square: Square,
        /// What is wrong.
        problem: EnPassantProblem,
    },
    /// The side not to move is in check: its king could be captured.
    OppositeCheck {
        /// The side in check (the side not to move).
        color: Color,
        /// One man giving the check.
        checker: Square,
    },
    /// More material than a game can produce (refused unless
    /// [`ParseOptions::relaxed`](crate::ParseOptions)).
    TooMuchMaterial {
        /// The side.
        color: Color,
        /// What is too much.
        problem: MaterialProblem,
    },
    /// A check that no last move can have given: more than two checkers, two checkers no single
    /// move uncovers (two pawns, two knights, two bishops, checkers aligned with the king…), or a
    /// check the double push recorded by the en passant square cannot have given (refused
    /// unless [`ParseOptions::relaxed`](crate::ParseOptions)).
    ImpossibleCheck {
        /// The king in check (the side to move's).
        king: Square,
        /// The men giving check.
        checkers: Bitboard,
        /// The en passant square, when the check contradicts it.
        ep_square: Option<Square>,
    },
}

impl PositionError {
    /// The FEN field that says what is wrong: the castling field for a castling right, the en
    /// passant field for the en passant square, the piece placement for the rest (kings, pawns,
    /// checks, material, a hand-made setup's bitboards).
    ///
    /// ```
    /// use dirgolem::{FenError, FenField, Position};
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
    /// let FenError::Position(err) = err else { panic!("{err}") };
    /// assert_eq!(err.field(), FenField::Castling);
    /// ```
    pub fn field(&self) -> FenField {
        match self {
            PositionError::CastlingRight { .. } => FenField::Castling,
            PositionError::EnPassantRank { .. } | PositionError::EnPassantPawn { .. } => {
                FenField::EnPassant
            }
            PositionError::InconsistentBoard { .. }
            | PositionError::MissingKing { .. }
            | PositionError::TooManyKings { .. }
            | PositionError::PawnOnBackRank { .. }
            | PositionError::OppositeCheck { .. }
            | PositionError::TooMuchMaterial { .. }
            | PositionError::ImpossibleCheck { .. } => FenField::Board,
        }
    }

    /// Whether [`ParseOptions::relaxed`](crate::ParseOptions) accepts the problem (too much
    /// material, impossible checks).
    ///
    /// ```
    /// use dirgolem::{FenError, ParseOptions, Position};
    /// let fen = "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1";
    /// let Err(FenError::Position(err)) = Position::from_fen(fen) else { panic!() };
    /// assert!(err.is_relaxable());
    /// assert!(Position::from_fen_with(fen, ParseOptions::relaxed()).is_ok());
    /// ```
    pub fn is_relaxable(&self) -> bool {
        matches!(
            self,
            PositionError::TooMuchMaterial { .. } | PositionError::ImpossibleCheck { .. }
        )
    }
}

/// Why [`Position::from_fen`](crate::Position::from_fen) (and
/// [`from_fen_with`](crate::Position::from_fen_with), `str::parse`) refused a FEN: either its
/// text ([`FenSyntaxError`], from [`Setup::from_fen`](crate::Setup::from_fen)) or the position it
/// describes ([`PositionError`], from [`Position::from_setup`](crate::Position::from_setup)).
/// `Display` gives the inner error's message; `source()` is the inner error.
///
/// ```
/// use dirgolem::{FenError, FenField, FenSyntaxError, Position, PositionError};
/// let err = Position::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err, FenError::Syntax(FenSyntaxError::InvalidBoardChar { index: 18, ch: '9' }));
/// assert_eq!(err.field(), Some(FenField::Board));
/// assert_eq!(
///     err.to_string(),
///     "invalid character '9' at byte 18 of the piece placement (expected a piece letter, a digit 1-8 or '/')"
/// );
/// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
/// assert!(matches!(err, FenError::Position(PositionError::CastlingRight { .. })));
/// let source = std::error::Error::source(&err).unwrap();
/// assert_eq!(source.to_string(), err.to_string());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenError {
    /// The text is not a FEN.
    Syntax(FenSyntaxError),
    /// The FEN describes no legal position (or, in strict mode, none a game can reach).
    Position(PositionError),
}

impl FenError {
    /// The FEN field the problem is in, for the errors that belong to one field (see
    /// [`FenSyntaxError::field`] and [`PositionError::field`]).
    pub fn field(&self) -> Option<FenField> {
        match self {
            FenError::Syntax(e) => e.field(),
            FenError::Position(e) => Some(e.field()),
        }
    }
}

impl FenError {
    /// Whether [`ParseOptions::relaxed`](crate::ParseOptions) accepts the problem: a
    /// [`PositionError::is_relaxable`] one (syntax never is).
    ///
    /// ```
    /// use dirgolem::Position;
    /// assert!(Position::from_fen("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1").unwrap_err().is_relaxable());
    /// assert!(!Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 x").unwrap_err().is_relaxable());
    /// ```
    pub fn is_relaxable(&self) -> bool {
        matches!(self, FenError::Position(e) if e.is_relaxable())
    }
}

impl From<FenSyntaxError> for FenError {
    fn from(e: FenSyntaxError) -> FenError {
        FenError::Syntax(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// The longest field text an error keeps (longer text is cut and marked with `...`).
pub(crate) const MAX_ERROR_TEXT: usize = 24;

/// `text`, cut to [`MAX_ERROR_TEXT`] bytes (at a character boundary) for an error message.
pub(crate) fn shorten(text: &str) -> ErrorText {
    ErrorText::cut(text, MAX_ERROR_TEXT)
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn rank_name(rank: Rank) -> char {
    rank.to_char()
}

impl fmt::Display for FenSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenSyntaxError::Empty => f.write_str("empty FEN"),
            FenSyntaxError::NonAscii { index, ch } => {
                write!(
                    f,
                    "non-ASCII character {ch:?} (U+{:04X}) at byte {index}",
                    u32::from(*ch)
                )
            }
            FenSyntaxError::FieldCount { found } => write!(
                f,
                "FEN has {found} field{}, expected 6 (or 4 without the clocks) separated by spaces",
                if *found == 1 { "" } else { "s" }
            ),
            FenSyntaxError::InvalidBoardChar { index, ch } => write!(
                f,
                "invalid character {ch:?} at byte {index} of the piece placement (expected a piece \
                 letter, a digit 1-8 or '/')"
            ),
            FenSyntaxError::ConsecutiveDigits { rank, index } => write!(
                f,
                "two digits in a row at byte {index} of the piece placement (rank {}): write one \
                 digit per run of empty squares",
                rank_name(*rank)
            ),
            FenSyntaxError::RankCount { found } => {
                write!(
                    f,
                    "piece placement has {found} ranks, expected 8 separated by '/'"
                )
            }
            FenSyntaxError::RankLength { rank, squares } => write!(
                f,
                "rank {} describes {squares} squares, expected 8",
                rank_name(*rank)
            ),
            FenSyntaxError::InvalidTurn { text } => {
                write!(f, "invalid side to move {text:?} (expected 'w' or 'b')")
            }
            FenSyntaxError::InvalidCastling { index, ch, problem } => {
                write!(f, "castling field: {ch:?} at byte {index} ")?;
                f.write_str(match problem {
                    CastlingSyntax::InvalidChar => {
                        "is not a right (expected K, Q, k, q, a file letter A-H or a-h, or a lone '-')"
                    }
                    CastlingSyntax::Dash => "cannot stand with other characters ('-' means no rights)",
                    CastlingSyntax::Duplicate => "repeats a right already given",
                })
            }
            FenSyntaxError::InvalidEnPassant { text } => write!(
                f,
                "invalid en passant field {text:?} (expected '-' or a square such as e3 or d6)"
            ),
            FenSyntaxError::ClockOverflow { field, text } => {
                write!(
                    f,
                    "{} {text:?} is too large (at most 4294967295)",
                    field.name()
                )
            }
            FenSyntaxError::InvalidClock { field, text } => write!(
                f,
                "{} {text:?} is not a number (expected decimal digits only)",
                field.name()
            ),
            FenSyntaxError::UnresolvedCastling { cause, .. } => cause.fmt(f),
        }
    }
}

impl core::error::Error for FenSyntaxError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            FenSyntaxError::UnresolvedCastling { cause, .. } => Some(cause),
            _ => None,
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::CastlingRight {
                color,
                right,
                rook,
                problem,
            } => {
                write!(f, "castling right '{right}' ({})", color_name(*color))?;
                if let Some(rook) = rook {
                    write!(f, " with the rook on {rook}")?;
                }
                f.write_str(": ")?;
                match problem {
                    CastlingRightProblem::NoKing => write!(
                        f,
                        "the {} king is not in place (e{} in standard chess, the back rank in \
                         Chess960)",
                        color_name(*color),
                        if *color == Color::White { 1 } else { 8 }
                    ),
                    CastlingRightProblem::NoRook => {
                        write!(f, "there is no {} rook there", color_name(*color))
                    }
                    CastlingRightProblem::NotCorner => f.write_str(
                        "standard chess castles only with a corner rook (read Chess960 FEN with \
                         CastlingMode::Chess960)",
                    ),
                    CastlingRightProblem::NotBackRank => f.write_str("not on the back rank"),
                    CastlingRightProblem::SameSide => {
                        f.write_str("a second right on the same side of the king")
                    }
                }
            }
            PositionError::EnPassantRank { square } => write!(
                f,
                "en passant square {square} is on the wrong rank (rank 6 with White to move, rank \
                 3 with Black to move)"
            ),
            PositionError::EnPassantPawn { square, problem } => {
                write!(f, "en passant square {square}: ")?;
                f.write_str(match problem {
                    EnPassantProblem::NoPawn => "no pawn of the side that just moved stands in front of it",
                    EnPassantProblem::OriginOccupied => {
                        "the square the pawn came from is occupied, so no pawn just moved two squares"
                    }
                    EnPassantProblem::SquareOccupied => "the square is occupied",
                })
            }
            PositionError::InconsistentBoard { square } => write!(
                f,
                "the setup's colour and piece bitboards disagree on {square}"
            ),
            PositionError::MissingKing { color } => write!(f, "{} has no king", color_name(*color)),
            PositionError::TooManyKings { color, count } => {
                write!(f, "{} has {count} kings", color_name(*color))
            }
            PositionError::PawnOnBackRank { square } => {
                write!(
                    f,
                    "pawn on {square}: pawns cannot stand on the first or eighth rank"
                )
            }
            PositionError::OppositeCheck { color, checker } => write!(
                f,
                "the side not to move ({}) is in check from {checker}",
                color_name(*color)
            ),
            PositionError::TooMuchMaterial { color, problem } => {
                write!(f, "too much material for {}: ", color_name(*color))?;
                match problem {
                    MaterialProblem::TooManyMen { count } => write!(f, "{count} men, at most 16"),
                    MaterialProblem::TooManyPawns { count } => {
                        write!(f, "{count} pawns, at most 8")
                    }
                    MaterialProblem::TooManyPromoted { promoted, pawns } => write!(
                        f,
                        "{promoted} pieces beyond the initial set but only {} pawns can have \
                         promoted",
                        8 - pawns
                    ),
                }
            }
            PositionError::ImpossibleCheck {
                king,
                checkers,
                ep_square,
            } => {
                write!(f, "impossible check: the king on {king} is attacked from")?;
                for sq in checkers.iter() {
                    write!(f, " {sq}")?;
                }
                match ep_square {
                    Some(ep) => write!(
                        f,
                        ", which the double push recorded by en passant square {ep} cannot have \
                         given"
                    ),
                    None => f.write_str(", which no single last move can have given"),
                }
            }
        }
    }
}

impl core::error::Error for PositionError {}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(e) => e.fmt(f),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for FenError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(match self {
            FenError::Syntax(e) => e,
            FenError::Position(e) => e,
        })
    }
}
