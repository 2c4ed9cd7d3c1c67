//! `MoveTargets`: the legal moves of a position as 16 direction target sets.

use crate::golem::directions::{KNIGHT_STEP, RAY_STEP};
use crate::lanes::swap_bytes;
use crate::{Bitboard, Color};

/// A direction a move goes in: eight ray directions (sliders, king, pawns, all moving one or
/// more steps) and eight knight jumps. Directions are absolute (north is towards rank 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the variant names say it all
pub enum Direction {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
    /// Knight: two north, one east.
    NorthNorthEast,
    /// Knight: one north, two east.
    NorthEastEast,
    /// Knight: one south, two east.
    SouthEastEast,
    /// Knight: two south, one east.
    SouthSouthEast,
    /// Knight: two south, one west.
    SouthSouthWest,
    /// Knight: one south, two west.
    SouthWestWest,
    /// Knight: one north, two west.
    NorthWestWest,
    /// Knight: two north, one west.
    NorthNorthWest,
}

impl Direction {
    /// All 16, rays first (in lane order), then knight jumps.
    pub const ALL: [Direction; 16] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
        Direction::NorthNorthEast,
        Direction::NorthEastEast,
        Direction::SouthEastEast,
        Direction::SouthSouthEast,
        Direction::SouthSouthWest,
        Direction::SouthWestWest,
        Direction::NorthWestWest,
        Direction::NorthNorthWest,
    ];

    /// Whether this is one of the eight knight jumps.
    pub const fn is_knight(self) -> bool {
        self as u8 >= 8
    }

    /// The direction as seen with the board mirrored top to bottom (north ↔ south).
    pub const fn flip_rank(self) -> Direction {
        // Mirroring ranks maps N↔S, NE↔SE, NW↔SW (E, W stay) and the knight jumps alike.
        const MIRROR: [u8; 16] = [4, 3, 2, 1, 0, 7, 6, 5, 11, 10, 9, 8, 15, 14, 13, 12];
        Direction::ALL[MIRROR[self as usize] as usize]
    }

    /// The step in square-index units (for example +8 for north, +17 for north-north-east).
    pub const fn step(self) -> i8 {
        let i = self as usize;
        if i < 8 {
            RAY_STEP[i]
        } else {
            KNIGHT_STEP[i - 8]
        }
    }
}

/// The legal moves of a position, DirGolem style: for each of the 16 [`Direction`]s the set of
/// target squares of legal moves in that direction. Each target in a set has exactly one source
/// square: the nearest man of the side to move in the opposite direction (for knight sets, one
/// jump back). Castling is a set of its own (the castling rooks' squares), and promotions count
/// four moves each.
///
/// ```
/// use dirgolem::{Direction, Position, Square};
/// let pos = Position::startpos();
/// let targets = pos.move_targets();
/// // Pawn pushes north: a3..h3 and a4..h4.
/// assert_eq!(targets.get(Direction::North).len(), 16);
/// assert!(targets.get(Direction::NorthNorthEast).contains(Square::C3)); // Nb1-c3
/// assert_eq!(targets.count(), 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct MoveTargets {
    /// Ray targets in lane order, relative to the side to move (see `position::board`).
    pub(crate) rays: [u64; 8],
    /// Knight targets in knight lane order, relative.
    pub(crate) knights: [u64; 8],
    /// Castling rooks (relative) whose castling is legal.
    pub(crate) castling: u64,
    /// Promotion targets of pawn moves north, north-east, north-west (relative, rank 8).
    pub(crate) promotions: [u64; 3],
    /// Black to move: the relative sets are byte-swapped against the board.
    pub(crate) black: bool,
    /// The side to move is in check (the move list builder takes a simpler way then).
    pub(crate) in_check: bool,
}

impl MoveTargets {
    /// The target squares of legal moves going in direction `d` (absolute squares), castling
    /// not included.
    pub fn get(&self, d: Direction) -> Bitboard {
        let rel = if self.black { d.flip_rank() } else { d } as usize;
        let set = if rel < 8 {
            self.rays[rel]
        } else {
            self.knights[rel - 8]
        };
        Bitboard(if self.black { swap_bytes(set) } else { set })
    }

    /// The squares of the rooks the side to move can castle with.
    pub fn castling_rooks(&self) -> Bitboard {
        Bitboard(if self.black {
            swap_bytes(self.castling)
        } else {
            self.castling
        })
    }

    /// The union of all targets (castling by the rook's square): empty exactly when the side
    /// to move has no legal move.
    pub fn all(&self) -> Bitboard {
        let rays = self.rays.iter().fold(0, |a, &b| a | b);
        let knights = self.knights.iter().fold(0, |a, &b| a | b);
        let all = rays | knights | self.castling;
        Bitboard(if self.black { swap_bytes(all) } else { all })
    }

    /// Number of legal moves, by popcounts (each promotion counts four).
    #[inline]
    pub fn count(&self) -> usize {
        let rays: u32 = self.rays.iter().map(|b| b.count_ones()).sum();
        let knights: u32 = self.knights.iter().map(|b| b.count_ones()).sum();
        let promotions: u32 = self.promotions.iter().map(|b| b.count_ones()).sum();
        (rays + knights + self.castling.count_ones() + 3 * promotions) as usize
    }

    /// The side these moves are for.
    pub fn side_to_move(&self) -> Color {
        if self.black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether the side to move is in check (the pipeline knows it from its check mask, so
    /// asking costs nothing).
    ///
    /// ```
    /// use dirgolem::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    /// assert!(pos.move_targets().is_check());
    /// assert!(!Position::startpos().move_targets().is_check());
    /// ```
    #[inline]
    pub fn is_check(&self) -> bool {
        self.in_check
    }
}
