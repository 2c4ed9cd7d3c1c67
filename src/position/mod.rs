//! `Position`: a validated, playable chess position, and everything that reads, writes and
//! changes one (FEN, validation, copy-make).
//!
//! # Inlining
//!
//! The calls a search makes at every node with more than a few instructions behind them
//! (`play_unchecked`, `gives_check`, `see`, `see_ge`, `is_check`, `play_null`, the attacker
//! queries, the piece queries of move ordering (`piece_at`, `moved_piece`, `captured_piece`),
//! and the generation calls that find the detected backend first, such as `count_legal` and
//! `fill_legal`) are `#[inline]` only without debug assertions. A function
//! marked `#[inline]` is compiled in the crate that calls it, with that crate's optimisation:
//! an optimised engine then inlines it, but an engine's debug build that optimises this crate
//! alone (`[profile.dev.package.dirgolem] opt-level = 3`, as the README advises) would still
//! run these calls unoptimised. Debug assertions are the dev profile's mark; there the calls
//! stay in this crate, a call each, compiled with this crate's optimisation. Without debug
//! assertions (release builds) the attribute is `#[inline]` as before, and so is the code.
//! (`Generator`'s methods stay `#[inline]`: each is one branch on the backend and a call.)

mod attackers;
mod board;
mod castling_field;
mod castling_squares;
mod en_passant;
mod error;
mod fen;
mod gives_check;
mod legal;
mod make;
mod move_check;
mod null_move;
mod outcome;
mod pieces;
mod polyglot_keys;
mod san;
mod see;
mod setup;
mod validate;
mod zobrist;

pub use crate::slice_writer::BufferTooSmall;
pub(crate) use board::*;
pub(crate) use castling_squares::castling_squares;
pub(crate) use en_passant::square_after_double_push;
pub use error::*;
pub use legal::{IllegalMove, UciMoveError};
pub(crate) use make::{
    double_push_beside_enemy_pawn, en_passant_pawn, make_board, may_double_push_beside_enemy_pawn,
    promote, take_en_passant_pawn,
};
pub use outcome::Outcome;
pub use san::{San, SanError};
pub use see::SEE_VALUES;
pub use setup::Setup;

use crate::lanes::swap_bytes;
use crate::{Bitboard, Color, Piece, Square};

/// How castling rights are written in FEN and castling moves in UCI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Standard chess: `KQkq` and castling as the king's two-square move (`e1g1`).
    #[default]
    Standard,
    /// Chess960: Shredder-FEN or X-FEN rights (`HAha`, `KQkq`) and castling as king takes
    /// rook (`e1h1`).
    Chess960,
}

/// Options for reading a FEN or validating a [`Setup`].
///
/// ```
/// use dirgolem::{ParseOptions, Position};
/// // Two bishops giving check at once cannot arise in a game: strict parsing refuses it...
/// let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
/// assert!(Position::from_fen(fen).is_err());
/// // ...the relaxed option plays it.
/// let pos = Position::from_fen_with(fen, ParseOptions::relaxed()).unwrap();
/// assert!(pos.is_check());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    /// How castling rights are written (and castling moves are printed).
    pub castling: CastlingMode,
    /// Accept positions that cannot arise in a game but can be played: impossible checks
    /// (checker configurations no last move can produce) and too much material.
    pub relaxed: bool,
}

impl ParseOptions {
    /// Standard chess, strict validation (the default).
    pub const fn standard() -> ParseOptions {
        ParseOptions {
            castling: CastlingMode::Standard,
            relaxed: false,
        }
    }

    /// Chess960 castling, strict validation.
    pub const fn chess960() -> ParseOptions {
        ParseOptions {
            castling: CastlingMode::Chess960,
            relaxed: false,
        }
    }

    /// Standard chess, relaxed validation.
    pub const fn relaxed() -> ParseOptions {
        ParseOptions {
            castling: CastlingMode::Standard,
            relaxed: true,
        }
    }

    /// These options with relaxed validation switched on or off.
    pub const fn with_relaxed(self, relaxed: bool) -> ParseOptions {
        ParseOptions { relaxed, ..self }
    }
}

/// A legal chess position: the men, the side to move, castling rights, a legal en passant
/// square and the clocks. Made by [`Position::from_fen`], [`Position::from_setup`] or
/// [`Position::startpos`], changed only by playing legal moves, so it is always playable.
///
/// Equality and hashing follow the repetition rule: two positions are equal when the same men
/// stand on the same squares, the same side is to move, the castling rights are the same and an
/// en passant capture is possible in both or in neither (on the same square). The clocks and the
/// castling notation mode do not count. The en passant square is kept only when an en passant
/// capture is legal, so a double push that nobody can take leaves no trace. [`Hash`] feeds the
/// [`Position::zobrist`] key alone.
///
/// ```
/// use dirgolem::Position;
/// let pos = Position::startpos();
/// assert_eq!(pos.count_legal(), 20);
/// let after = pos.play(pos.parse_uci("e2e4").unwrap()).unwrap();
/// assert_eq!(after.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    /// The men and specials, relative to the side to move.
    pub(crate) board: Board,
    /// The Polyglot Zobrist key of `board` and `turn` (see `zobrist.rs`).
    pub(crate) key: u64,
    pub(crate) turn: Color,
    pub(crate) mode: CastlingMode,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        let mut s = Setup::default();
        let back = [
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Knight,
            Piece::Rook,
        ];
        for (file, piece) in back.into_iter().enumerate() {
            s.put(Square::index(file), Color::White, piece);
            s.put(Square::index(8 + file), Color::White, Piece::Pawn);
            s.put(Square::index(48 + file), Color::Black, Piece::Pawn);
            s.put(Square::index(56 + file), Color::Black, piece);
        }
        s.castling_rooks = Bitboard(0x8100_0000_0000_0081);
        Position::from_trusted_setup(&s, CastlingMode::Standard)
    }

    /// Builds the position from a setup that has passed validation: exactly one king a side,
    /// castling rooks with their king on the same back rank, an en passant square (if any) on
    /// the side to move's sixth rank behind the other side's pawn. Keeps the en passant square
    /// only if a capture there is legal.
    pub(crate) fn from_trusted_setup(setup: &Setup, mode: CastlingMode) -> Position {
        let turn = setup.turn;
        let rel = |bb: Bitboard| {
            if turn == Color::White {
                bb.0
            } else {
                bb.0.swap_bytes()
            }
        };
        let p = |piece: Piece| setup.pieces[piece as usize];
        let mut board: Board = [
            rel(setup.colors[turn as usize]),
            rel(setup.colors[!turn as usize]),
            rel(p(Piece::Pawn)),
            rel(p(Piece::Knight)),
            rel(p(Piece::Bishop) | p(Piece::Queen)),
            rel(p(Piece::Rook) | p(Piece::Queen)),
            rel(p(Piece::King)),
            rel(setup.castling_rooks) & (RANK_1 | RANK_8),
        ];
        if let Some(ep) = setup.ep_square {
            let ep = rel(ep.bitboard());
            if ep & RANK_6 != 0 && en_passant::capture_is_legal(&board, ep) {
                board[SPECIAL] |= ep;
            }
        }
        Position {
            board,
            key: zobrist::key_of(&board, turn),
            turn,
            mode,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
        }
    }

    /// The position as an unvalidated [`Setup`] (absolute squares).
    pub fn to_setup(&self) -> Setup {
        let b = &self.board;
        let abs = |bb: u64| {
            Bitboard(if self.turn == Color::White {
                bb
            } else {
                bb.swap_bytes()
            })
        };
        let queens = b[DIAGONAL] & b[ORTHOGONAL];
        let mut colors = [abs(b[US]), abs(b[THEM])];
        if self.turn == Color::Black {
            colors.swap(0, 1);
        }
        Setup {
            colors,
            pieces: [
                abs(b[PAWNS]),
                abs(b[KNIGHTS]),
                abs(b[DIAGONAL] & !queens),
                abs(b[ORTHOGONAL] & !queens),
                abs(queens),
                abs(b[KINGS]),
            ],
            turn: self.turn,
            castling_rooks: abs(b[SPECIAL] & (RANK_1 | RANK_8)),
            ep_square: abs(b[SPECIAL] & RANK_6).first(),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// Converts a relative-frame bitboard to absolute squares.
    #[inline]
    pub(crate) fn absolute(&self, relative: u64) -> Bitboard {
        Bitboard(if self.turn == Color::White {
            relative
        } else {
            swap_bytes(relative)
        })
    }

    /// XOR mask that turns a relative square index into an absolute one and back.
    #[inline]
    pub(crate) fn square_flip(&self) -> u32 {
        // The multiply below needs White's discriminant 0 and Black's 1.
        const _: () = assert!(Color::White as u32 == 0 && Color::Black as u32 == 1);
        // White 0, Black 1: a multiply, no branch or select.
        self.turn as u32 * 56
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The castling dialect this position was read in (used for FEN and UCI output).
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The same position with another castling dialect for FEN and UCI text.
    pub fn with_castling_mode(mut self, mode: CastlingMode) -> Position {
        self.mode = mode;
        self
    }

    /// The men of one colour.
    #[inline]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.absolute(self.board[if color == self.turn { US } else { THEM }])
    }

    /// The men of one kind, both colours.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        let b = &self.board;
        let queens = b[DIAGONAL] & b[ORTHOGONAL];
        self.absolute(match piece {
            Piece::Pawn => b[PAWNS],
            Piece::Knight => b[KNIGHTS],
            Piece::Bishop => b[DIAGONAL] & !queens,
            Piece::Rook => b[ORTHOGONAL] & !queens,
            Piece::Queen => queens,
            Piece::King => b[KINGS],
        })
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.absolute(self.board[US] | self.board[THEM])
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.pieces(Piece::King) & self.colored(color);
        Square::index(kings.0.trailing_zeros() as usize)
    }

    /// The rooks of `color` that keep a castling right.
    #[inline]
    pub fn castling_rooks(&self, color: Color) -> Bitboard {
        self.absolute(self.board[SPECIAL] & (RANK_1 | RANK_8)) & self.colored(color)
    }

    /// The en passant square, present only when an en passant capture is legal.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.absolute(self.board[SPECIAL] & RANK_6).first()
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: 1 at the start, incremented after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist key with Polyglot's numbers: the key Polyglot opening books index this
    /// position by, kept up to date by [`Position::play`] and [`Position::play_unchecked`] (no
    /// cost at call time).
    ///
    /// One difference from Polyglot: the en passant file counts only when an en passant
    /// capture is legal, where Polyglot counts it whenever a pawn of the side to move stands
    /// beside the pawn that just made a double push; the keys differ when all such captures
    /// are illegal (the capturing pawn is pinned, say). Castling rights in Chess960 count as
    /// short for the rook on the king's h-side and long for the one on its a-side.
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.zobrist(), 0x463b_9618_1691_fc9c);
    /// let after = pos.play(pos.parse_uci("e2e4").unwrap()).unwrap();
    /// assert_eq!(after.zobrist(), 0x823c_9b50_fd11_4196);
    /// ```
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// Whether the fifty-move rule lets a player claim a draw (the halfmove clock is at least
    /// 100). Checkmate on the hundredth half-move still ends the game as checkmate.
    #[inline]
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock >= 100
    }
}

impl PartialEq for Position {
    /// The repetition rule: men, side to move, castling rights, en passant (see [`Position`]).
    #[inline]
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.turn == other.turn
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    /// The Zobrist key, a function of what [`PartialEq`] compares.
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({self})")
    }
}
