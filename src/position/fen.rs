//! FEN text in and out, in two steps as the text is: [`Setup::from_fen`] reads the syntax into
//! an unvalidated [`Setup`], [`Position::from_setup`] checks that it is a legal position.
//! Writing goes through one writer into any [`fmt::Write`]: a `String` ([`Setup::to_fen`],
//! with `alloc`), a formatter (`Display`) or a caller's byte buffer ([`Position::write_fen`]).

use core::fmt;
use core::str::FromStr;

use super::castling_field;
use super::error::shorten;
use super::{CastlingMode, ParseOptions, Position, Setup};
use crate::slice_writer::{BufferTooSmall, SliceWriter};
use crate::{Color, FenError, FenField, FenSyntaxError, Piece, Rank, Square};

impl Setup {
    /// Reads the syntax of a FEN, without checking that the position is legal (that is
    /// [`Position::from_setup`]'s work). The accepted text is described at
    /// [`Position::from_fen`].
    ///
    /// Castling letters are resolved to rook squares in `mode`: X-FEN `K`/`Q` in Chess960 name
    /// the outermost rook on that side of the king, so they need one king of that colour on its
    /// back rank and a rook on that side; without them the letter names no square, and reading
    /// stops with [`FenSyntaxError::UnresolvedCastling`] carrying that legality problem.
    /// Everything else (kings, en passant, checks, whether a named rook is there) is left to
    /// validation. Clocks are kept as written (a fullmove number 0 stays 0 here; the position
    /// reads it as 1).
    ///
    /// ```
    /// use dirgolem::{CastlingMode, FenSyntaxError, Setup, Square};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", CastlingMode::Standard).unwrap();
    /// assert_eq!(setup.castling_rooks, Square::A1.bitboard() | Square::H1.bitboard());
    /// // Syntax only: a setup without a black king still reads.
    /// assert!(Setup::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard).is_ok());
    /// assert_eq!(setup.to_fen(CastlingMode::Chess960), "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1");
    /// // X-FEN `K` with no rook on the king's side names no square.
    /// let err = Setup::from_fen("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", CastlingMode::Chess960);
    /// assert!(matches!(err, Err(FenSyntaxError::UnresolvedCastling { index: 0, .. })));
    /// ```
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Setup, FenSyntaxError> {
        if let Some((index, ch)) = fen.char_indices().find(|(_, c)| !c.is_ascii()) {
            return Err(FenSyntaxError::NonAscii { index, ch });
        }
        let mut fields = [""; 6];
        let mut found = 0;
        for field in fen.split_ascii_whitespace() {
            if let Some(slot) = fields.get_mut(found) {
                *slot = field;
            }
            found += 1;
        }
        match found {
            0 => return Err(FenSyntaxError::Empty),
            4 | 6 => {}
            _ => return Err(FenSyntaxError::FieldCount { found }),
        }
        let mut setup = Setup::default();
        read_board(fields[0], &mut setup)?;
        setup.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            text => {
                return Err(FenSyntaxError::InvalidTurn {
                    text: shorten(text),
                });
            }
        };
        castling_field::read(fields[2], mode, &mut setup)?;
        setup.ep_square = match fields[3] {
            "-" => None,
            text => Some(text.parse().map_err(|_| FenSyntaxError::InvalidEnPassant {
                text: shorten(text),
            })?),
        };
        if found == 6 {
            setup.halfmove_clock = read_clock(fields[4], FenField::Halfmove)?;
            setup.fullmove_number = read_clock(fields[5], FenField::Fullmove)?;
        }
        Ok(setup)
    }

    /// The FEN of this setup, castling rights written in `mode`: `KQkq` in standard chess,
    /// Shredder-FEN (`HAha`: rook files, white first, descending) in Chess960. In standard
    /// mode a right on a rook off the corners (which only a Chess960 setup has) is written with
    /// its file letter, so the text still reads back to the same setup; rights off the back
    /// ranks cannot be written and are left out. Clocks are written as stored.
    ///
    /// ```
    /// use dirgolem::{CastlingMode, Position};
    /// let setup = Position::startpos().to_setup();
    /// assert_eq!(
    ///     setup.to_fen(CastlingMode::Standard),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// assert_eq!(
    ///     setup.to_fen(CastlingMode::Chess960),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    /// );
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_fen(&self, mode: CastlingMode) -> alloc::string::String {
        let mut out = alloc::string::String::with_capacity(90);
        // Writing into a `String` cannot fail.
        let _ = self.write_fen_to(mode, &mut out);
        out
    }

    /// Writes `Setup::to_fen` into `buf`, without allocation, and returns the number of bytes
    /// written (the FEN is ASCII; no terminating NUL is added). A setup's FEN has at most
    /// [`Setup::MAX_FEN_LEN`] bytes. If `buf` is shorter than the FEN the error says how many
    /// bytes it needs, and what `buf` holds is unspecified.
    ///
    /// ```
    /// use dirgolem::{CastlingMode, Setup};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", CastlingMode::Standard).unwrap();
    /// let mut buf = [0u8; Setup::MAX_FEN_LEN];
    /// let len = setup.write_fen(CastlingMode::Chess960, &mut buf).unwrap();
    /// assert_eq!(&buf[..len], b"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1");
    /// ```
    pub fn write_fen(&self, mode: CastlingMode, buf: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let mut out = SliceWriter::new(buf);
        // The writer never fails: it counts what does not fit.
        let _ = self.write_fen_to(mode, &mut out);
        out.finish()
    }

    /// The longest FEN [`Setup::write_fen`] writes: 71 bytes of piece placement (8 ranks of 8
    /// characters and 7 slashes), the side to move, 16 castling letters (a hand-made setup can
    /// name every back rank square), an en passant square, two 10-digit clocks and 5 spaces.
    pub const MAX_FEN_LEN: usize = 71 + 1 + 16 + 2 + 10 + 10 + 5;

    /// Writes the FEN (see [`Setup::to_fen`]) into `out`.
    pub(crate) fn write_fen_to(
        &self,
        mode: CastlingMode,
        out: &mut impl fmt::Write,
    ) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0u8;
            for sq in Square::ALL[rank as usize * 8..][..8].iter() {
                match self.piece_at(*sq) {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            out.write_char(char::from(b'0' + empty))?;
                            empty = 0;
                        }
                        out.write_char(piece_char(color, piece))?;
                    }
                }
            }
            if empty > 0 {
                out.write_char(char::from(b'0' + empty))?;
            }
            if rank != Rank::First {
                out.write_char('/')?;
            }
        }
        out.write_char(' ')?;
        out.write_char(self.turn.to_char())?;
        out.write_char(' ')?;
        castling_field::write(self, mode, out)?;
        out.write_char(' ')?;
        match self.ep_square {
            Some(sq) => {
                out.write_char(sq.file().to_char())?;
                out.write_char(sq.rank().to_char())?;
            }
            None => out.write_char('-')?,
        }
        write!(out, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

/// The FEN letter of a man: uppercase for White.
fn piece_char(color: Color, piece: Piece) -> char {
    match color {
        Color::White => piece.to_char().to_ascii_uppercase(),
        Color::Black => piece.to_char(),
    }
}

/// Reads the piece placement field into `setup` (which must be empty).
fn read_board(field: &str, setup: &mut Setup) -> Result<(), FenSyntaxError> {
    if let Some((index, byte)) = field
        .bytes()
        .enumerate()
        .find(|&(_, b)| !matches!(b, b'1'..=b'8' | b'/') && piece_of(b).is_none())
    {
        return Err(FenSyntaxError::InvalidBoardChar {
            index,
            ch: char::from(byte),
        });
    }
    let found = field.split('/').count();
    if found != 8 {
        return Err(FenSyntaxError::RankCount { found });
    }
    let mut offset = 0;
    for (row, text) in field.split('/').enumerate() {
        let rank = Rank::index(7 - row);
        let mut squares = 0usize;
        let mut after_digit = false;
        for (i, byte) in text.bytes().enumerate() {
            if byte.is_ascii_digit() {
                if after_digit {
                    return Err(FenSyntaxError::ConsecutiveDigits {
                        rank,
                        index: offset + i,
                    });
                }
                squares += usize::from(byte - b'0');
                after_digit = true;
            } else {
                if let (Some((color, piece)), true) = (piece_of(byte), squares < 8) {
                    setup.put(Square::index(rank as usize * 8 + squares), color, piece);
                }
                squares += 1;
                after_digit = false;
            }
        }
        if squares != 8 {
            return Err(FenSyntaxError::RankLength { rank, squares });
        }
        offset += text.len() + 1;
    }
    Ok(())
}

/// The man a FEN piece letter stands for.
fn piece_of(byte: u8) -> Option<(Color, Piece)> {
    let piece = Piece::from_char(char::from(byte.to_ascii_lowercase()))?;
    let color = if byte.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((color, piece))
}

/// Reads a clock: decimal digits only, at most `u32::MAX`.
fn read_clock(text: &str, field: FenField) -> Result<u32, FenSyntaxError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenSyntaxError::InvalidClock {
            field,
            text: shorten(text),
        });
    }
    text.bytes()
        .try_fold(0u32, |n, digit| {
            n.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
        })
        .ok_or_else(|| FenSyntaxError::ClockOverflow {
            field,
            text: shorten(text),
        })
}

impl Position {
    /// Reads a FEN in standard chess with strict validation: the position must be one a game
    /// can reach, as far as the checks below can tell.
    ///
    /// Same as [`Position::from_fen_with`] with [`ParseOptions::standard`]; also
    /// [`str::parse`] (`FromStr`).
    ///
    /// # What is accepted
    ///
    /// | input | policy |
    /// |---|---|
    /// | field count | 6 fields, or 4 (EPD style: clocks `0 1`). 1, 2, 3, 5, 7 or more fields (EPD opcodes, a `#` comment) are [`FenSyntaxError::FieldCount`]; empty or blank text is [`FenSyntaxError::Empty`] |
    /// | separators | runs of ASCII whitespace (spaces, tabs, CR/LF) between fields, leading and trailing whitespace ignored; `,` and `_` are not separators |
    /// | non-ASCII | refused anywhere, whatever the character (BOM, no-break space, zero-width space, fullwidth letters, `♔`, Arabic-Indic digits): [`FenSyntaxError::NonAscii`] |
    /// | piece placement | exactly 8 ranks of exactly 8 squares separated by `/`; no leading or trailing `/` (no crazyhouse pocket), no empty rank, digits 1-8 only; two digits in a row (`44`) are refused as non-canonical ([`FenSyntaxError::ConsecutiveDigits`]) |
    /// | side to move | `w` or `b`, lowercase |
    /// | castling | `-`, or distinct right letters in any order (normalised on output); a right named twice, literally (`KQkqK`) or two ways (`QA`), is refused; `-` only alone. Standard: `KQkq` and the Shredder letters of the corner rooks (`HAha`); each right needs its king on e1 / e8 and its rook in the corner. Chess960: Shredder letters and X-FEN (`K`/`Q` = outermost rook on that side); a right needs the king anywhere on its back rank, the rook on the same rank, at most one right per side of the king. A king on the a- or h-file keeps its one-sided right (no Chess960 start has it, but it plays: `chess960-relaxed.epd`), in strict and relaxed mode alike |
    /// | en passant | `-` or a lowercase square on rank 6 (White to move) or 3 (Black to move), with a pawn of the side that just moved in front of it, and the square behind it and the square itself empty. Accepted when no capture is possible or legal; the position then drops it (so `to_fen` writes `-`) |
    /// | clocks | decimal digits only (leading zeros allowed): no sign, point, hex prefix; above `u32::MAX` is [`FenSyntaxError::ClockOverflow`], never saturated. Fullmove number 0 is read as 1. Clocks are not checked against each other or the en passant square (halfmove 200 at move 1, or 5 with an en passant square, are kept as written) |
    /// | men | one king a side, no pawn on rank 1 or 8, the side not to move not in check (adjacent kings included) |
    /// | material (strict only) | at most 16 men and 8 pawns a side, and pieces beyond the initial 2 knights, 2 bishops (either colour), 2 rooks and 1 queen at most `8 - pawns`; [`ParseOptions::relaxed`] accepts more |
    /// | checks (strict only) | at most two checkers; two only if one of them can have moved there uncovering the other (or an en passant capture uncovered both), which refuses two pawns, two knights, pawn and knight, two bishops and checkers aligned with the king; with an en passant square, only a check by the pushed pawn or by one slider it uncovered; [`ParseOptions::relaxed`] accepts them |
    /// | other | a position unreachable by move parity (start position, Black to move) is accepted |
    ///
    /// ```
    /// use dirgolem::{Color, FenError, Position, PositionError, Square};
    /// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 0").unwrap();
    /// assert_eq!(pos, Position::startpos());
    /// assert_eq!(
    ///     Position::from_fen("8/8/8/3kK3/8/8/8/8 w - - 0 1"),
    ///     Err(FenError::Position(PositionError::OppositeCheck { color: Color::Black, checker: Square::E5 }))
    /// );
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, ParseOptions::standard())
    }

    /// Reads a FEN with the given castling mode and strictness: [`Setup::from_fen`], then
    /// [`Position::from_setup`]. See [`Position::from_fen`] for what is accepted.
    ///
    /// ```
    /// use dirgolem::{ParseOptions, Position};
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// let pos = Position::from_fen_with(fen, ParseOptions::chess960()).unwrap();
    /// assert_eq!(pos.to_fen(), fen);
    /// // The same rights in X-FEN.
    /// let xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    /// assert_eq!(Position::from_fen_with(xfen, ParseOptions::chess960()), Ok(pos));
    /// ```
    pub fn from_fen_with(fen: &str, options: ParseOptions) -> Result<Position, FenError> {
        let setup = Setup::from_fen(fen, options.castling)?;
        Ok(Position::from_setup(&setup, options)?)
    }

    /// The FEN of this position, castling written in its [`CastlingMode`] (`KQkq`, or
    /// Shredder-FEN in Chess960). The en passant square is written only when a capture there
    /// is legal (as Stockfish and shakmaty do).
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(pos.to_string(), pos.to_fen());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_fen(&self) -> alloc::string::String {
        self.to_setup().to_fen(self.mode)
    }

    /// Writes the FEN (`Position::to_fen`) into `buf`, without allocation, and returns the
    /// number of bytes written (the FEN is ASCII; no terminating NUL is added). A buffer of
    /// [`Position::MAX_FEN_LEN`] bytes holds any position's FEN. If `buf` is shorter than the
    /// FEN the error says how many bytes it needs, and what `buf` holds is unspecified.
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::startpos();
    /// let mut buf = [0u8; Position::MAX_FEN_LEN];
    /// let len = pos.write_fen(&mut buf).unwrap();
    /// assert_eq!(&buf[..len], b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// let err = pos.write_fen(&mut buf[..10]).unwrap_err();
    /// assert_eq!((err.needed, err.capacity), (len, 10));
    /// ```
    pub fn write_fen(&self, buf: &mut [u8]) -> Result<usize, BufferTooSmall> {
        self.to_setup().write_fen(self.mode, buf)
    }

    /// A length no position's FEN exceeds: 71 bytes of piece placement (8 ranks of 8
    /// characters and 7 slashes), the side to move, at most 4 castling rights, an en passant
    /// square, two 10-digit clocks and 5 spaces. (No legal position has all of them at once:
    /// the bound is simple, not tight.)
    pub const MAX_FEN_LEN: usize = 71 + 1 + 4 + 2 + 10 + 10 + 5;
}

impl fmt::Display for Position {
    /// The FEN (`Position::to_fen`), written without allocation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().write_fen_to(self.mode, f)
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// [`Position::from_fen`]: standard chess, strict.
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}
