//! Rotated bitboards (Hyatt, Crafty; seed 001, sections 3 and 4): the occupancy is kept four
//! times, each copy with the squares of one kind of line next to each other, so that the state
//! of the line through a square is a shift and a mask away and indexes a table of attacks.
//!
//! - `normal`: the board as it is; a rank is one byte.
//! - `rl90`: turned by 90 degrees so that a file is one byte. Our version is the transposition
//!   (square file `f`, rank `r` at bit `8f + r`): a rotation mirrored, which keeps a1..a8 in
//!   bits 0..7, as good for the purpose.
//! - `rl45` and `rr45`: turned by 45 degrees either way so that the diagonals (a1-h8 direction)
//!   or the anti-diagonals (h1-a8 direction) are runs of bits, one line after another, the
//!   lines of length 1, 2, …, 8, …, 2, 1 packed into 64 bits.
//!
//! As in the seed only the six inner squares of a line index the tables (the two end squares
//! are attacked whether taken or not): `attacks[kind][sq][(rotated >> shift) & 63]` with 64
//! entries per square. A diagonal shorter than eight squares simply takes the next line's
//! bits into the index too; its table entries repeat for every value of those bits (Hyatt's
//! "AND 255" trick, here with 63).
//!
//! The technique proper is [`RotatedOccupancy`]: kept up to date square by square as men are
//! put and removed (`set`, `clear`, or `toggle` as Crafty's `MakeMove` does with its
//! `set_mask_rl90` etc.), it answers [`RotatedOccupancy::rook`], `bishop` and `queen` with two
//! or four lookups. The stateless [`Rotated`] form of the shared trait has to build the rotated
//! copies from scratch for every call (one or two `set_mask` lookups per man on the board), so
//! it is slow by construction; the benchmark measures both.
//!
//! Tables: attacks 4 × 64 × 64 × 8 bytes = 128 KiB, set masks 4 × 64 × 8 bytes and shifts
//! 4 × 64 bytes, 130.25 KiB in all, built by `const fn` at compile time (the attack tables'
//! const evaluation adds about 0.4 s to a build of the crate).

use super::{SliderAttacks, TableBuild};
use crate::{Bitboard, Square};

/// Line kinds, the index of the rotated copy and of its tables.
const RANK: usize = 0;
const FILE: usize = 1;
/// Diagonals going north-east (a1-h8 direction), bits in `rl45`.
const DIAGONAL: usize = 2;
/// Anti-diagonals going north-west (h1-a8 direction), bits in `rr45`.
const ANTI_DIAGONAL: usize = 3;

/// `(line number, position on the line, length of the line)` of `sq` for a line kind.
/// Positions count from the line's south end (for ranks from the a-file).
const fn line_of(kind: usize, sq: usize) -> (usize, usize, usize) {
    let (file, rank) = (sq & 7, sq >> 3);
    match kind {
        RANK => (rank, file, 8),
        FILE => (file, rank, 8),
        DIAGONAL => {
            let line = file + 7 - rank;
            (line, min(file, rank), diagonal_len(line))
        }
        _ => {
            let line = file + rank;
            (line, min(rank, 7 - file), diagonal_len(line))
        }
    }
}

const fn min(a: usize, b: usize) -> usize {
    if a < b { a } else { b }
}

/// Squares on diagonal number `line` (0..15) of either kind: 1, 2, …, 8, …, 2, 1.
const fn diagonal_len(line: usize) -> usize {
    if line <= 7 { line + 1 } else { 15 - line }
}

/// The square at `pos` on `line` of a kind (inverse of [`line_of`]).
const fn square_on(kind: usize, line: usize, pos: usize) -> usize {
    let (file, rank) = match kind {
        RANK => (pos, line),
        FILE => (line, pos),
        DIAGONAL => {
            if line >= 7 {
                (line - 7 + pos, pos)
            } else {
                (pos, 7 - line + pos)
            }
        }
        _ => {
            if line <= 7 {
                (line - pos, pos)
            } else {
                (7 - pos, line - 7 + pos)
            }
        }
    };
    rank * 8 + file
}

/// The bit where `line` starts in the rotated copy of a kind.
const fn line_start(kind: usize, line: usize) -> usize {
    if kind == RANK || kind == FILE {
        return 8 * line;
    }
    let mut start = 0;
    let mut l = 0;
    while l < line {
        start += diagonal_len(l);
        l += 1;
    }
    start
}

const fn build_set_masks() -> [[u64; 64]; 4] {
    let mut table = [[0u64; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (line, pos, _) = line_of(kind, sq);
            table[kind][sq] = 1 << (line_start(kind, line) + pos);
            sq += 1;
        }
        kind += 1;
    }
    table
}

const fn build_shifts() -> [[u8; 64]; 4] {
    let mut table = [[0u8; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (line, _, len) = line_of(kind, sq);
            // Lines of one or two squares have no inner squares: any index will do.
            if len >= 3 {
                table[kind][sq] = (line_start(kind, line) + 1) as u8;
            }
            sq += 1;
        }
        kind += 1;
    }
    table
}

/// Whether position `p` of a line of `len` squares is taken in line state `state`: bit `i` of
/// the state stands for inner position `i + 1`; the end squares never block anything further,
/// and bits for positions past the line's inner squares belong to the next line.
const fn taken(state: usize, p: usize, len: usize) -> bool {
    p >= 1 && p + 1 < len && state >> (p - 1) & 1 != 0
}

const fn build_attacks() -> [[[u64; 64]; 64]; 4] {
    let mut table = [[[0u64; 64]; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (line, pos, len) = line_of(kind, sq);
            let mut state = 0;
            while state < 64 {
                let mut attacks = 0u64;
                let mut p = pos + 1;
                while p < len {
                    attacks |= 1 << square_on(kind, line, p);
                    if taken(state, p, len) {
                        break;
                    }
                    p += 1;
                }
                let mut p = pos;
                while p > 0 {
                    p -= 1;
                    attacks |= 1 << square_on(kind, line, p);
                    if taken(state, p, len) {
                        break;
                    }
                }
                table[kind][sq][state] = attacks;
                state += 1;
            }
            sq += 1;
        }
        kind += 1;
    }
    table
}

/// `SET_MASK[kind][sq]`: the bit of `sq` in the rotated copy of a kind (Crafty's `set_mask`,
/// `set_mask_rl90`, `set_mask_rl45`, `set_mask_rr45`). Kind 0 is the normal board.
pub static SET_MASK: [[u64; 64]; 4] = build_set_masks();

/// `SHIFT[kind][sq]`: how far to shift the rotated copy so that the inner squares of the line
/// through `sq` are the low six bits.
static SHIFT: [[u8; 64]; 4] = build_shifts();

/// `ATTACKS[kind][sq][state]`: Hyatt's `rank_attacks`, `file_attacks`, `diaga1h8_attacks` and
/// `diagh1a8_attacks`, indexed by the six inner squares of the line.
static ATTACKS: [[[u64; 64]; 64]; 4] = build_attacks();

/// The occupancy in its four orientations (normal, rotated by 90 degrees and by 45 degrees
/// either way), kept up to date as men are put on and taken off squares.
///
/// ```
/// use dirgolem::sliders::RotatedOccupancy;
/// use dirgolem::{attacks, Bitboard, Square};
/// let mut occupancy = RotatedOccupancy::from_occupied(Bitboard(0xffff_0000_0000_ffff));
/// // 1. e4: the pawn leaves e2 and arrives on e4.
/// occupancy.clear(Square::E2);
/// occupancy.set(Square::E4);
/// assert_eq!(occupancy, RotatedOccupancy::from_occupied(occupancy.occupied()));
/// assert_eq!(occupancy.bishop(Square::F1), attacks::bishop(Square::F1, occupancy.occupied()));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RotatedOccupancy {
    /// Normal, rl90, rl45, rr45 (indexed by line kind).
    rotated: [u64; 4],
}

impl RotatedOccupancy {
    /// An empty board.
    pub const EMPTY: RotatedOccupancy = RotatedOccupancy { rotated: [0; 4] };

    /// The four copies computed from scratch: one `set_mask` lookup per copy and man.
    pub fn from_occupied(occupied: Bitboard) -> RotatedOccupancy {
        let mut state = RotatedOccupancy::EMPTY;
        state.rotated[RANK] = occupied.0;
        for kind in [FILE, DIAGONAL, ANTI_DIAGONAL] {
            state.rotated[kind] = rotate(kind, occupied.0);
        }
        state
    }

    /// The occupied squares (the normal copy).
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.rotated[RANK])
    }

    /// The rotated copies in the order normal, rl90 (files), rl45 (diagonals), rr45
    /// (anti-diagonals).
    #[inline]
    pub fn copies(&self) -> [u64; 4] {
        self.rotated
    }

    /// Marks `sq` taken in all four copies.
    #[inline]
    pub fn set(&mut self, sq: Square) {
        for (copy, masks) in self.rotated.iter_mut().zip(&SET_MASK) {
            *copy |= masks[sq as usize];
        }
    }

    /// Marks `sq` empty in all four copies.
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        for (copy, masks) in self.rotated.iter_mut().zip(&SET_MASK) {
            *copy &= !masks[sq as usize];
        }
    }

    /// Flips `sq` in all four copies: Crafty's `occupied ^= set_mask[from] | set_mask[to]`,
    /// one square at a time.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        for (copy, masks) in self.rotated.iter_mut().zip(&SET_MASK) {
            *copy ^= masks[sq as usize];
        }
    }

    /// Rook attacks from `sq`: the rank and file lookups.
    #[inline]
    pub fn rook(&self, sq: Square) -> Bitboard {
        Bitboard(self.line(RANK, sq as usize) | self.line(FILE, sq as usize))
    }

    /// Bishop attacks from `sq`: the two diagonal lookups.
    #[inline]
    pub fn bishop(&self, sq: Square) -> Bitboard {
        Bitboard(self.line(DIAGONAL, sq as usize) | self.line(ANTI_DIAGONAL, sq as usize))
    }

    /// Queen attacks from `sq`: all four lookups.
    #[inline]
    pub fn queen(&self, sq: Square) -> Bitboard {
        self.rook(sq) | self.bishop(sq)
    }

    #[inline(always)]
    fn line(&self, kind: usize, sq: usize) -> u64 {
        lookup(kind, sq, self.rotated[kind])
    }
}

#[inline(always)]
fn lookup(kind: usize, sq: usize, rotated: u64) -> u64 {
    let state = (rotated >> SHIFT[kind][sq]) & 63;
    ATTACKS[kind][sq][state as usize]
}

/// The rotated copy of a kind, from scratch.
#[inline(always)]
fn rotate(kind: usize, occupied: u64) -> u64 {
    let mut rotated = 0;
    let mut rest = occupied;
    while rest != 0 {
        rotated |= SET_MASK[kind][rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    rotated
}

/// The stateless form of the rotated technique for the shared trait: rotates the occupancy
/// from scratch on every call (files for rooks, both diagonals for bishops), then looks up.
/// Use [`RotatedOccupancy`] to keep the copies between calls, as the technique intends.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rotated;

impl SliderAttacks for Rotated {
    fn name(&self) -> &'static str {
        "rotated"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq as usize;
        Bitboard(lookup(RANK, s, occupied.0) | lookup(FILE, s, rotate(FILE, occupied.0)))
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq as usize;
        Bitboard(
            lookup(DIAGONAL, s, rotate(DIAGONAL, occupied.0))
                | lookup(ANTI_DIAGONAL, s, rotate(ANTI_DIAGONAL, occupied.0)),
        )
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&ATTACKS) + size_of_val(&SET_MASK) + size_of_val(&SHIFT)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::CompileTime
    }
}
