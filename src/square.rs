//! Squares, files and ranks in little-endian rank-file mapping: a1 = 0, b1 = 1, …, h1 = 7,
//! a2 = 8, …, h8 = 63 (the mapping of the DirGolem text).

use core::fmt;
use core::str::FromStr;

use crate::Bitboard;

/// A file (column) of the board, `A` to `H`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the variant names say it all
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `First` to `Eighth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the variant names say it all
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files from `A` to `H`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `i` (0 = `A`); `i` is taken modulo 8.
    #[inline]
    pub const fn index(i: usize) -> File {
        File::ALL[i & 7]
    }

    /// The file's letter, `'a'` to `'h'`.
    #[inline]
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses `'a'..='h'` (lowercase only).
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::index(c as usize - 'a' as usize)),
            _ => None,
        }
    }

    /// The squares of this file.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }
}

impl Rank {
    /// All ranks from `First` to `Eighth`.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `i` (0 = `First`); `i` is taken modulo 8.
    #[inline]
    pub const fn index(i: usize) -> Rank {
        Rank::ALL[i & 7]
    }

    /// The rank's digit, `'1'` to `'8'`.
    #[inline]
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses `'1'..='8'`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::index(c as usize - '1' as usize)),
            _ => None,
        }
    }

    /// The squares of this rank.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xff << (8 * self as u8))
    }
}

/// A square of the board. `Square::A1 as u8 == 0`, `Square::H8 as u8 == 63`.
///
/// ```
/// use dirgolem::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.file(), File::E);
/// assert_eq!(e4.rank(), Rank::Fourth);
/// assert_eq!(e4 as u8, 28);
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)] // the variant names say it all
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares in index order (a1, b1, …, h8).
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square with index `i` (0 = a1, 63 = h8); `i` is taken modulo 64.
    #[inline]
    #[rustfmt::skip]
    pub const fn index(i: usize) -> Square {
        use Square::*;
        // A match whose values equal its cases compiles to the index itself; `ALL[i & 63]`
        // was a load from memory for every square read (every `Move::to`, say).
        match i & 63 {
            0 => A1, 1 => B1, 2 => C1, 3 => D1, 4 => E1, 5 => F1, 6 => G1, 7 => H1,
            8 => A2, 9 => B2, 10 => C2, 11 => D2, 12 => E2, 13 => F2, 14 => G2, 15 => H2,
            16 => A3, 17 => B3, 18 => C3, 19 => D3, 20 => E3, 21 => F3, 22 => G3, 23 => H3,
            24 => A4, 25 => B4, 26 => C4, 27 => D4, 28 => E4, 29 => F4, 30 => G4, 31 => H4,
            32 => A5, 33 => B5, 34 => C5, 35 => D5, 36 => E5, 37 => F5, 38 => G5, 39 => H5,
            40 => A6, 41 => B6, 42 => C6, 43 => D6, 44 => E6, 45 => F6, 46 => G6, 47 => H6,
            48 => A7, 49 => B7, 50 => C7, 51 => D7, 52 => E7, 53 => F7, 54 => G7, 55 => H7,
            56 => A8, 57 => B8, 58 => C8, 59 => D8, 60 => E8, 61 => F8, 62 => G8, _ => H8,
        }
    }

    /// The square with index `i`, or `None` if `i > 63`.
    #[inline]
    pub const fn try_index(i: usize) -> Option<Square> {
        if i < 64 { Some(Square::ALL[i]) } else { None }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::index(rank as usize * 8 + file as usize)
    }

    /// This square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::index(self as usize & 7)
    }

    /// This square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::index(self as usize >> 3)
    }

    /// The single-square bitboard.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// The square mirrored top to bottom (a1 ↔ a8): how the other colour sees it.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::index(self as usize ^ 56)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

/// A string that is not a square name such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (expected a file a-h and a rank 1-8, such as e4)")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}
