//! `Move`: a compact (two-byte) legal move, with UCI text out.

use core::fmt;

use crate::{CastlingMode, File, Piece, Square};

/// What a move does beyond moving a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// A pawn reaching the last rank, becoming the given piece.
    Promotion(Piece),
    /// A pawn capturing en passant: `to` is the empty square it moves to.
    EnPassant,
    /// Castling: `from` is the king's square, `to` the castling rook's square
    /// (the Chess960 convention, which also covers standard chess).
    Castling,
}

impl MoveKind {
    /// Every kind a move can have: the seven a [`Move`] holds (promotions to a knight, bishop,
    /// rook or queen; [`Move::new`] stores one to a pawn or king as a queen's). For code that
    /// tries every kind, such as a check of made-up moves against the legal ones.
    ///
    /// ```
    /// use dirgolem::{Move, MoveKind, Position, Square};
    /// // Each kind is kept by a move, and is a different move.
    /// for (i, kind) in MoveKind::ALL.into_iter().enumerate() {
    ///     assert_eq!(Move::new(Square::E2, Square::E4, kind).kind(), kind);
    ///     assert!(!MoveKind::ALL[..i].contains(&kind));
    /// }
    /// // Every legal move of a position is one of the made-up moves of every kind.
    /// let pos = Position::startpos();
    /// let legal = Square::ALL
    ///     .into_iter()
    ///     .flat_map(|from| Square::ALL.into_iter().map(move |to| (from, to)))
    ///     .flat_map(|(from, to)| MoveKind::ALL.map(|kind| Move::new(from, to, kind)))
    ///     .filter(|&m| pos.is_legal(m))
    ///     .count();
    /// assert_eq!(legal, 20);
    /// ```
    pub const ALL: [MoveKind; 7] = [
        MoveKind::Normal,
        MoveKind::EnPassant,
        MoveKind::Castling,
        MoveKind::Promotion(Piece::Knight),
        MoveKind::Promotion(Piece::Bishop),
        MoveKind::Promotion(Piece::Rook),
        MoveKind::Promotion(Piece::Queen),
    ];
}

/// A move, two bytes: from (6 bits), to (6 bits), kind (4 bits).
///
/// Castling is stored as "king takes own rook", so that standard chess and Chess960 share one
/// form; [`Display`](fmt::Display) prints standard UCI (`e1g1`), and
/// [`Move::to_uci`] prints either dialect.
///
/// ```
/// use dirgolem::{Move, MoveKind, Piece, Square};
/// let m = Move::new(Square::E7, Square::E8, MoveKind::Promotion(Piece::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
/// assert_eq!(castle.to_string(), "e1g1");
/// assert_eq!(castle.king_destination(), Square::G1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLING: u16 = 2;
const KIND_PROMOTION: u16 = 4; // + 0 knight, 1 bishop, 2 rook, 3 queen

impl Move {
    /// A move from `from` to `to` of the given kind. Promotions to a pawn or king are
    /// stored as queen promotions (they do not exist in chess).
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => KIND_NORMAL,
            MoveKind::EnPassant => KIND_EN_PASSANT,
            MoveKind::Castling => KIND_CASTLING,
            MoveKind::Promotion(p) => {
                KIND_PROMOTION
                    + match p {
                        Piece::Knight => 0,
                        Piece::Bishop => 1,
                        Piece::Rook => 2,
                        _ => 3,
                    }
            }
        };
        Move(from as u16 | (to as u16) << 6 | k << 12)
    }

    /// Builds from the two-byte encoding without checking it (the generator's words are
    /// valid by construction).
    #[inline(always)]
    pub(crate) const fn from_raw(bits: u16) -> Move {
        Move(bits)
    }

    /// The move as 16 bits, for a transposition table: bits 0-5 the from square, 6-11 the to
    /// square (squares a1 = 0 .. h8 = 63), 12-15 the kind (0 normal, 1 en passant, 2 castling,
    /// 4-7 promotion to knight, bishop, rook, queen). [`Move::from_bits`] reads it back.
    ///
    /// ```
    /// use dirgolem::{Move, Position};
    /// let pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3").unwrap();
    /// assert_eq!(Move::from_bits(m.to_bits()), Some(m));
    /// assert!(pos.is_legal(Move::from_bits(m.to_bits()).unwrap()));
    /// ```
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with these [`Move::to_bits`] bits, or `None` for a pattern that is a legal
    /// move in no position. Valid patterns, by kind (ranks and files of the from and to
    /// squares):
    ///
    /// - normal (0): two different squares on one rank, file or diagonal, or a knight's jump
    ///   apart (1792 patterns);
    /// - en passant (1): one file apart, from rank 5 to rank 6 or from rank 4 to rank 3 (28);
    /// - castling (2): two different squares of rank 1, or of rank 8 (the king's and the
    ///   rook's; 112);
    /// - promotion (4-7): at most one file apart, from rank 7 to rank 8 or from rank 2 to
    ///   rank 1 (176);
    /// - kinds 3 and 8-15: none.
    ///
    /// That is 2108 of the 65536 patterns. A valid pattern still needs
    /// [`Position::is_legal`](crate::Position::is_legal) before it is played in a position.
    ///
    /// ```
    /// use dirgolem::Move;
    /// assert!(Move::from_bits(0).is_none()); // a1a1
    /// let valid = (0..=u16::MAX).filter(|&b| Move::from_bits(b).is_some()).count();
    /// assert_eq!(valid, 2108);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let from = (bits & 63) as i32;
        let to = (bits >> 6 & 63) as i32;
        let (from_file, from_rank) = (from & 7, from >> 3);
        let (to_file, to_rank) = (to & 7, to >> 3);
        let files = (to_file - from_file).abs();
        let ranks = (to_rank - from_rank).abs();
        let forward = (from_rank == 4 && to_rank == 5) || (from_rank == 3 && to_rank == 2);
        let promotes = (from_rank == 6 && to_rank == 7) || (from_rank == 1 && to_rank == 0);
        let valid = match bits >> 12 {
            KIND_NORMAL => {
                let line = files == 0 || ranks == 0 || files == ranks;
                let jump = (files == 1 && ranks == 2) || (files == 2 && ranks == 1);
                from != to && (line || jump)
            }
            KIND_EN_PASSANT => files == 1 && forward,
            KIND_CASTLING => {
                from != to && from_rank == to_rank && (from_rank == 0 || from_rank == 7)
            }
            4..=7 => files <= 1 && promotes,
            _ => false,
        };
        if valid { Some(Move(bits)) } else { None }
    }

    pub(crate) const RAW_NORMAL: u16 = KIND_NORMAL;
    pub(crate) const RAW_EN_PASSANT: u16 = KIND_EN_PASSANT;
    pub(crate) const RAW_CASTLING: u16 = KIND_CASTLING;
    pub(crate) const RAW_PROMOTION: u16 = KIND_PROMOTION;

    /// The square the moving piece (the king, for castling) stands on.
    #[inline]
    pub const fn from(self) -> Square {
        Square::index((self.0 & 63) as usize)
    }

    /// The target square; for castling, the castling rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::index((self.0 >> 6 & 63) as usize)
    }

    #[inline]
    pub(crate) const fn kind_bits(self) -> u16 {
        self.0 >> 12
    }

    /// The from square's index (0..64), as a plain integer for bit shifts (no [`Square`]).
    #[inline(always)]
    pub(crate) const fn source_index(self) -> u32 {
        (self.0 & 63) as u32
    }

    /// The to square's index (0..64).
    #[inline(always)]
    pub(crate) const fn target_index(self) -> u32 {
        (self.0 >> 6 & 63) as u32
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_CASTLING => MoveKind::Castling,
            _ => match self.promotion() {
                Some(piece) => MoveKind::Promotion(piece),
                None => MoveKind::Normal,
            },
        }
    }

    /// The promotion piece, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Piece> {
        // Read off the kind bits directly: an engine asks this of every move it orders.
        // `& 3`: a move's kind is at most 7, and the mask tells the compiler so (no bounds
        // check on the table).
        let k = self.0 >> 12;
        if k >= KIND_PROMOTION {
            Some(Piece::ALL[((k - KIND_PROMOTION) & 3) as usize + 1])
        } else {
            None
        }
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castling(self) -> bool {
        self.0 >> 12 == KIND_CASTLING
    }

    /// Where the king (or the moving piece) ends: for castling the g- or c-file square,
    /// otherwise [`Move::to`].
    #[inline]
    pub const fn king_destination(self) -> Square {
        if self.is_castling() {
            let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) {
                File::G
            } else {
                File::C
            };
            Square::new(file, self.from().rank())
        } else {
            self.to()
        }
    }

    /// UCI text in the given castling dialect: standard chess writes castling as the king's
    /// two-square move (`e1g1`), Chess960 as king takes rook (`e1h1`).
    ///
    /// ```
    /// use dirgolem::{CastlingMode, Move, MoveKind, Square};
    /// let m = Move::new(Square::E1, Square::H1, MoveKind::Castling);
    /// assert_eq!(m.to_uci(CastlingMode::Standard).to_string(), "e1g1");
    /// assert_eq!(m.to_uci(CastlingMode::Chess960).to_string(), "e1h1");
    /// ```
    pub const fn to_uci(self, mode: CastlingMode) -> Uci {
        Uci { mv: self, mode }
    }
}

/// A move formatted as UCI text; see [`Move::to_uci`] (and [`Move::uci_text`] for the text
/// itself, without a formatter).
#[derive(Clone, Copy, Debug)]
pub struct Uci {
    mv: Move,
    mode: CastlingMode,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.mv.uci_text(self.mode))
    }
}

/// Standard UCI text (castling as `e1g1`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_uci(CastlingMode::Standard).fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({} {:?})",
            self.to_uci(CastlingMode::Chess960),
            self.kind()
        )
    }
}
