//! Standard Algebraic Notation: moves written as people read them (`Nbd7`, `exd6`, `e8=Q+`,
//! `O-O-O#`), and read back from what people type.
//!
//! Writing follows the standard (FIDE Laws, appendix C; the PGN standard, 8.2.3): the piece
//! letter, the from file if that tells the legal moves of the same kind of man to the same
//! square apart, else the from rank, else both; `x` for a capture; the target square;
//! `=` and the promotion letter; `+` for check and `#` for mate. Castling is `O-O` or `O-O-O`,
//! in Chess960 too. The text is produced by a `Display` value, without allocation.
//!
//! Reading is lenient where intent is clear and strict where it is not: castling with zeros,
//! a missing or wrong check sign, annotations (`!`, `?`, `!?`...), a redundant from square or
//! capture sign, and a promotion without `=` are accepted; a move that is not legal, or that
//! fits several legal moves, is refused with a [`SanError`] that says which.

use core::fmt;

use super::Position;
use crate::{Bitboard, Color, ErrorText, File, Move, MoveKind, Piece, Rank, Square};

/// How a SAN move ends: nothing, check or mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Suffix {
    None,
    Check,
    Mate,
}

/// What a SAN move says before its suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Body {
    /// `O-O` (king side, towards the h-file) or `O-O-O` (towards the a-file).
    Castling { queen_side: bool },
    /// Any other move.
    Move {
        piece: Piece,
        from: Square,
        show_file: bool,
        show_rank: bool,
        capture: bool,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// A move in Standard Algebraic Notation, made by [`Position::san`]; printing it writes the
/// text (no allocation).
///
/// ```
/// use dirgolem::Position;
/// let pos = Position::startpos();
/// let san = pos.san(pos.parse_uci("g1f3").unwrap());
/// assert_eq!(san.to_string(), "Nf3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct San {
    body: Body,
    suffix: Suffix,
}

fn upper(piece: Piece) -> char {
    piece.to_char().to_ascii_uppercase()
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.body {
            Body::Castling { queen_side: false } => f.write_str("O-O")?,
            Body::Castling { queen_side: true } => f.write_str("O-O-O")?,
            Body::Move {
                piece,
                from,
                show_file,
                show_rank,
                capture,
                to,
                promotion,
            } => {
                if piece != Piece::Pawn {
                    write!(f, "{}", upper(piece))?;
                }
                if show_file {
                    write!(f, "{}", from.file().to_char())?;
                }
                if show_rank {
                    write!(f, "{}", from.rank().to_char())?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", upper(p))?;
                }
            }
        }
        match self.suffix {
            Suffix::None => Ok(()),
            Suffix::Check => f.write_str("+"),
            Suffix::Mate => f.write_str("#"),
        }
    }
}

/// Why [`Position::parse_san`] refused a move. Each variant holds a quote of the input (at most
/// [`ErrorText::MAX_QUOTE`] bytes, cut at a character boundary, then `...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all (such as `Nf`, `e9`, `Zz4`).
    Syntax(ErrorText),
    /// Well formed, but no legal move of the position fits it.
    Illegal(ErrorText),
    /// Well formed, but more than one legal move fits it (such as `Nd2` when two knights can go
    /// there): name the from file or rank.
    Ambiguous(ErrorText),
}

impl SanError {
    /// The quoted input (at most [`ErrorText::MAX_QUOTE`] bytes, then `...`).
    pub fn quote(&self) -> &str {
        match self {
            SanError::Syntax(q) | SanError::Illegal(q) | SanError::Ambiguous(q) => q,
        }
    }
}

/// The input as an error quotes it.
fn quote(text: &str) -> ErrorText {
    ErrorText::new(text)
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(q) => write!(
                f,
                "'{q}' is not a SAN move (expected a piece letter, an optional from file and \
                 rank, an optional x, a square and an optional promotion such as =Q; or O-O, \
                 O-O-O)"
            ),
            SanError::Illegal(q) => write!(f, "'{q}' is not a legal move in this position"),
            SanError::Ambiguous(q) => write!(
                f,
                "'{q}' is ambiguous in this position: several legal moves fit it (add the from \
                 file or rank)"
            ),
        }
    }
}

impl core::error::Error for SanError {}

/// A SAN move as read, before it is matched against the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pattern {
    Castling {
        queen_side: bool,
    },
    Move {
        piece: Piece,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// Reads the text (annotations and check signs already stripped) into a pattern.
fn read_pattern(text: &str) -> Option<Pattern> {
    match text {
        "O-O" | "0-0" | "o-o" => return Some(Pattern::Castling { queen_side: false }),
        "O-O-O" | "0-0-0" | "o-o-o" => return Some(Pattern::Castling { queen_side: true }),
        _ => {}
    }
    let mut rest = text.as_bytes();
    // The promotion letter, after a rank and an optional `=`.
    let mut promotion = None;
    if let [head @ .., letter] = rest
        && let Some(p) = Piece::from_char(letter.to_ascii_lowercase() as char)
        && matches!(
            p,
            Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen
        )
    {
        let head = head.strip_suffix(b"=").unwrap_or(head);
        if head.last().is_some_and(u8::is_ascii_digit) {
            promotion = Some(p);
            rest = head;
        }
    }
    let [head @ .., file, rank] = rest else {
        return None;
    };
    let to = Square::new(
        File::from_char(*file as char)?,
        Rank::from_char(*rank as char)?,
    );
    rest = head;
    // A piece letter (capital: a small `b` is a file).
    let mut piece = Piece::Pawn;
    if let [
        letter @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P'),
        tail @ ..,
    ] = rest
    {
        piece = Piece::from_char(letter.to_ascii_lowercase() as char)?;
        rest = tail;
    }
    if let [head @ .., b'x' | b':'] = rest {
        rest = head;
    }
    let mut from_file = None;
    if let [first, tail @ ..] = rest
        && let Some(file) = File::from_char(*first as char)
    {
        from_file = Some(file);
        rest = tail;
    }
    let mut from_rank = None;
    if let [first, tail @ ..] = rest
        && let Some(rank) = Rank::from_char(*first as char)
    {
        from_rank = Some(rank);
        rest = tail;
    }
    if !rest.is_empty() || (promotion.is_some() && piece != Piece::Pawn) {
        return None;
    }
    Some(Pattern::Move {
        piece,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

impl Position {
    /// The move `m` in Standard Algebraic Notation (see [`San`]); `m` must be a legal move of
    /// this position (an illegal one gives meaningless text). Disambiguation looks only at
    /// legal moves: a pinned knight that cannot go to the square does not count.
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/4P3/R3K1NR w KQkq - 0 1").unwrap();
    /// let san = |uci: &str| pos.san(pos.parse_uci(uci).unwrap()).to_string();
    /// assert_eq!(san("e1c1"), "O-O-O");
    /// assert_eq!(san("a1a8"), "Rxa8+");
    /// assert_eq!(san("e2e4"), "e4");
    /// assert_eq!(san("g1f3"), "Nf3");
    /// ```
    pub fn san(&self, m: Move) -> San {
        let after = self.play_unchecked(m);
        let suffix = if !after.is_check() {
            Suffix::None
        } else if after.count_legal() == 0 {
            Suffix::Mate
        } else {
            Suffix::Check
        };
        let body = if m.is_castling() {
            Body::Castling {
                queen_side: m.to().file() < m.from().file(),
            }
        } else {
            self.san_body(m)
        };
        San { body, suffix }
    }

    /// The SAN of a move other than castling, without its suffix.
    fn san_body(&self, m: Move) -> Body {
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let piece = self.piece_at(from).map_or(Piece::Pawn, |(_, p)| p);
        let capture = m.kind() == MoveKind::EnPassant || self.colored(!us).contains(to);
        let (mut show_file, mut show_rank) = (piece == Piece::Pawn && capture, false);
        if piece != Piece::Pawn && piece != Piece::King {
            let rivals = self.same_kind_rivals(piece, us, from, to);
            if !rivals.is_empty() {
                let same_file = !(rivals & from.file().bitboard()).is_empty();
                let same_rank = !(rivals & from.rank().bitboard()).is_empty();
                show_file = !same_file || same_rank;
                show_rank = same_file;
            }
        }
        Body::Move {
            piece,
            from,
            show_file,
            show_rank,
            capture,
            to,
            promotion: m.promotion(),
        }
    }

    /// The other men of `us` of kind `piece` (no pawn or king) with a legal move to `to`.
    fn same_kind_rivals(&self, piece: Piece, us: Color, from: Square, to: Square) -> Bitboard {
        let candidates =
            self.attackers_to(to, us, self.occupied()) & self.pieces(piece) & !from.bitboard();
        if candidates.is_empty() {
            return candidates;
        }
        let mut rivals = Bitboard::EMPTY;
        self.for_each_legal_move(|other| {
            if other.to() == to && candidates.contains(other.from()) && !other.is_castling() {
                rivals |= other.from().bitboard();
            }
        });
        rivals
    }

    /// Reads a move in Standard Algebraic Notation and finds it among the legal moves.
    ///
    /// Accepted beyond the standard: `0-0` and `0-0-0` (and `o-o`), a missing or wrong `+` or
    /// `#`, trailing annotations (`!`, `?`, `!!`, `?!`...), a from file, rank or square that is
    /// not needed, a capture sign `x` (or `:`) that is wrong or missing, a promotion without
    /// `=` (`e8Q`, `e8q`), and spaces around the move. Refused, with the reason: text that is
    /// not SAN, a move that is not legal (including a pawn reaching the last rank without a
    /// promotion letter), and a move that fits more than one legal move.
    ///
    /// ```
    /// use dirgolem::{Position, SanError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_san("Nf3").unwrap(), pos.parse_uci("g1f3").unwrap());
    /// assert_eq!(pos.parse_san("e4!?").unwrap(), pos.parse_uci("e2e4").unwrap());
    /// assert_eq!(pos.parse_san("e5"), Err(SanError::Illegal("e5".into())));
    /// assert!(matches!(pos.parse_san("Nf"), Err(SanError::Syntax(_))));
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let core = text
            .trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end();
        let pattern = read_pattern(core).ok_or_else(|| SanError::Syntax(quote(text)))?;
        let us = self.side_to_move();
        let mut found = None;
        let mut matches = 0;
        match pattern {
            Pattern::Castling { queen_side } => self.for_each_legal_move(|m| {
                if m.is_castling() && (m.to().file() < m.from().file()) == queen_side {
                    found = Some(m);
                    matches += 1;
                }
            }),
            Pattern::Move {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                let movers = self.pieces(piece) & self.colored(us);
                self.for_each_legal_move(|m| {
                    let from = m.from();
                    if !m.is_castling()
                        && m.to() == to
                        && movers.contains(from)
                        && m.promotion() == promotion
                        && from_file.is_none_or(|f| f == from.file())
                        && from_rank.is_none_or(|r| r == from.rank())
                    {
                        found = Some(m);
                        matches += 1;
                    }
                })
            }
        }
        match (found, matches) {
            (Some(m), 1) => Ok(m),
            (None, _) => Err(SanError::Illegal(quote(text))),
            _ => Err(SanError::Ambiguous(quote(text))),
        }
    }
}
