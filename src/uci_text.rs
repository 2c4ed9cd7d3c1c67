//! [`UciText`]: a move's UCI text held inline, so that an engine without an allocator (or a C
//! caller) can read it as a `&str` or copy its bytes. The one place that spells a move in UCI:
//! [`Uci`](crate::Uci)'s `Display` prints this text.

use core::fmt;
use core::ops::Deref;

use crate::{CastlingMode, Move, Position};

/// A move's UCI text (`e2e4`, `e7e8q`, castling as `e1g1` or `e1h1`), four or five ASCII bytes
/// held in the value itself: `Copy`, no allocation, readable as a `&str`
/// ([`UciText::as_str`], `Deref`) or as bytes ([`UciText::as_bytes`]).
///
/// [`Move::uci_text`] writes castling in the dialect asked for; [`Position::uci_text`] in the
/// position's own (king takes rook for a Chess960 position), which is what a UCI engine sends
/// back to its GUI.
///
/// ```
/// use dirgolem::{CastlingMode, Move, MoveKind, Piece, Square};
/// let promote = Move::new(Square::E7, Square::E8, MoveKind::Promotion(Piece::Queen));
/// let text = promote.uci_text(CastlingMode::Standard);
/// assert_eq!(text.as_str(), "e7e8q");
/// assert_eq!(text.as_bytes(), b"e7e8q");
/// assert!(text.len() <= dirgolem::UciText::MAX_LEN);
///
/// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
/// assert_eq!(castle.uci_text(CastlingMode::Standard), "e1g1");
/// assert_eq!(castle.uci_text(CastlingMode::Chess960), "e1h1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciText {
    bytes: [u8; UciText::MAX_LEN],
    len: u8,
}

impl UciText {
    /// The longest UCI text of a move: two squares and a promotion letter.
    pub const MAX_LEN: usize = 5;

    /// The text of `m` with castling in `mode`: standard chess writes the king's destination
    /// (`e1g1`), Chess960 king takes rook (`e1h1`).
    const fn new(m: Move, mode: CastlingMode) -> UciText {
        let to = match mode {
            CastlingMode::Standard => m.king_destination(),
            CastlingMode::Chess960 => m.to(),
        };
        let mut bytes = [0; UciText::MAX_LEN];
        bytes[0] = m.from().file().to_char() as u8;
        bytes[1] = m.from().rank().to_char() as u8;
        bytes[2] = to.file().to_char() as u8;
        bytes[3] = to.rank().to_char() as u8;
        let len = match m.promotion() {
            Some(piece) => {
                bytes[4] = piece.to_char() as u8;
                5
            }
            None => 4,
        };
        UciText { bytes, len }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Always ASCII: file, rank and piece letters.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The text's bytes (ASCII, no terminating NUL).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl Move {
    /// This move's UCI text in the given castling dialect, held inline (no allocation): see
    /// [`UciText`]. The same text as [`Move::to_uci`] prints.
    ///
    /// ```
    /// use dirgolem::{CastlingMode, Position};
    /// let pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3").unwrap();
    /// assert_eq!(m.uci_text(CastlingMode::Standard).as_str(), "g1f3");
    /// ```
    pub const fn uci_text(self, mode: CastlingMode) -> UciText {
        UciText::new(self, mode)
    }
}

impl Position {
    /// The UCI text of `m` in this position's castling dialect ([`Position::castling_mode`]):
    /// castling as king takes rook in a Chess960 position, as the king's destination
    /// otherwise. What [`Position::parse_uci`] reads back; legality is not checked.
    ///
    /// ```
    /// use dirgolem::{ParseOptions, Position};
    /// let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    /// let chess960 = Position::from_fen_with(fen, ParseOptions::chess960()).unwrap();
    /// let castle = chess960.parse_uci("g1h1").unwrap();
    /// assert_eq!(chess960.uci_text(castle), "g1h1");
    /// // Standard notation would name no move here: the king already stands on g1.
    /// assert_eq!(castle.to_string(), "g1g1");
    /// ```
    pub fn uci_text(&self, m: Move) -> UciText {
        m.uci_text(self.castling_mode())
    }
}

impl Deref for UciText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for UciText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for UciText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for UciText {
    /// As the `&str` it holds (`"e2e4"`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for UciText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for UciText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use crate::{CastlingMode, Move, MoveKind, ParseOptions, Piece, Position, Square};

    #[test]
    fn every_kind_of_move_is_spelled_in_both_dialects() {
        let cases = [
            (Square::G1, Square::F3, MoveKind::Normal, "g1f3", "g1f3"),
            (Square::E5, Square::D6, MoveKind::EnPassant, "e5d6", "e5d6"),
            (Square::E8, Square::A8, MoveKind::Castling, "e8c8", "e8a8"),
            (Square::B1, Square::A1, MoveKind::Castling, "b1c1", "b1a1"),
            (Square::F1, Square::H1, MoveKind::Castling, "f1g1", "f1h1"),
            (
                Square::A2,
                Square::B1,
                MoveKind::Promotion(Piece::Knight),
                "a2b1n",
                "a2b1n",
            ),
            (
                Square::H7,
                Square::H8,
                MoveKind::Promotion(Piece::Rook),
                "h7h8r",
                "h7h8r",
            ),
        ];
        for (from, to, kind, standard, chess960) in cases {
            let m = Move::new(from, to, kind);
            assert_eq!(m.uci_text(CastlingMode::Standard).as_str(), standard);
            assert_eq!(m.uci_text(CastlingMode::Chess960).as_str(), chess960);
        }
    }

    #[test]
    fn the_text_is_what_uci_prints_and_what_parse_uci_reads() {
        for (fen, options) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                ParseOptions::standard(),
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                ParseOptions::chess960(),
            ),
            ("8/P6k/8/8/8/8/8/K7 w - - 0 1", ParseOptions::standard()),
        ] {
            let pos = Position::from_fen_with(fen, options).unwrap();
            for m in pos.legal_moves() {
                let text = pos.uci_text(m);
                assert_eq!(text.as_str(), m.to_uci(pos.castling_mode()).to_string());
                assert_eq!(format!("{text}"), text.as_str());
                assert_eq!(format!("{text:?}"), format!("{:?}", text.as_str()));
                assert_eq!(pos.parse_uci(&text), Ok(m), "{fen}: {text}");
            }
        }
    }
}
