//! Attack sets of single pieces, for validation, make-move checks and users.
//!
//! Sliders use the classical approach (Hyatt, seed 001, section 2): a ray mask per square and
//! direction, and a bit scan for the first blocker. The tables are built by `const fn` at compile
//! time: rays 8 × 64 × 8 bytes = 4 KiB, knight and king steps 2 × 512 bytes. The move generator
//! itself does not use them for its targets (it fills rays set-wise, all directions at once).

use crate::{Bitboard, Color, Square};

pub(crate) mod slider_lookup;

/// Ray directions in the Golem's lane order: N, NE, E, SE, S, SW, W, NW.
pub(crate) const RAY_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The squares from `sq` (exclusive) stepping `(file_step, rank_step)` until the edge; with
/// `repeat` false, the first step only. The one ray walker: the attack tables here, the list
/// writer's precomputed runs and the slider oracles' tables are all built from it.
pub(crate) const fn ray(sq: usize, file_step: i32, rank_step: i32, repeat: bool) -> u64 {
    let (mut file, mut rank) = ((sq & 7) as i32, (sq >> 3) as i32);
    let mut ray = 0u64;
    loop {
        file += file_step;
        rank += rank_step;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            return ray;
        }
        ray |= 1 << (rank * 8 + file);
        if !repeat {
            return ray;
        }
    }
}

const fn step_table(steps: &[(i8, i8)], repeat: bool) -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < steps.len() {
        let mut sq = 0;
        while sq < 64 {
            table[d][sq] = ray(sq, steps[d].0 as i32, steps[d].1 as i32, repeat);
            sq += 1;
        }
        d += 1;
    }
    table
}

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in direction `d` (lane order).
/// A reference, as the other tables here that are read at run time: an unoptimised build copies
/// a `const` array whole before it indexes it, and reads through a reference in place.
pub(crate) const RAYS: &[[u64; 64]; 8] = &step_table(&RAY_STEPS, true);

/// `LINES[sq][l]`: the squares on line `l` (ray direction `l` and its opposite `l + 4`: N-S,
/// NE-SW, E-W, SE-NW) through `sq` (exclusive), on an empty board.
pub(crate) static LINES: [[u64; 4]; 64] = {
    let mut table = [[0; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut l = 0;
        while l < 4 {
            table[sq][l] = RAYS[l][sq] | RAYS[l + 4][sq];
            l += 1;
        }
        sq += 1;
    }
    table
};

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const fn union_of(table: [[u64; 64]; 8]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            out[sq] |= table[d][sq];
            d += 1;
        }
        sq += 1;
    }
    out
}

pub(crate) const KNIGHT: &[u64; 64] = &union_of(step_table(&KNIGHT_STEPS, false));
pub(crate) const KING: &[u64; 64] = &union_of(step_table(&RAY_STEPS, false));

/// Direction indices whose rays go towards higher square numbers (N, NE, E, NW).
#[inline]
pub(crate) const fn is_positive(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

/// `DIRECTION_TO[from][to]`: the ray direction (lane order) that leads from `from` to `to`, or
/// [`NO_DIRECTION`] when the two share no rank, file or diagonal (or are the same square).
/// 64 × 64 bytes = 4 KiB.
static DIRECTION_TO: [[u8; 64]; 64] = {
    let mut table = [[NO_DIRECTION; 64]; 64];
    let mut d = 0;
    while d < 8 {
        let mut from = 0;
        while from < 64 {
            let mut ray = RAYS[d][from];
            while ray != 0 {
                let to = ray.trailing_zeros() as usize;
                ray &= ray - 1;
                table[from][to] = d as u8;
            }
            from += 1;
        }
        d += 1;
    }
    table
};

/// What [`direction_to`] answers for squares on no common line.
pub(crate) const NO_DIRECTION: u8 = 8;

/// The ray direction (lane order: even directions are orthogonal, odd ones diagonal) from
/// square index `from` to square index `to`, or [`NO_DIRECTION`].
#[inline(always)]
pub(crate) fn direction_to(from: u32, to: u32) -> u8 {
    DIRECTION_TO[(from & 63) as usize][(to & 63) as usize]
}

/// The attacks of a slider on `sq` along ray direction `d` (lane order), stopping at and
/// including the first blocker in `occupied`.
#[inline]
pub(crate) const fn ray_attacks(d: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if is_positive(d) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

/// The `index`-th subset of `mask` (bit `i` of `index` decides the `i`-th lowest square of
/// `mask`): a software `pdep`, used to enumerate occupancies when tables are built (the
/// oracles' at start-up, the per-node queries' by the compiler).
pub(crate) const fn deposit(index: u64, mask: u64) -> u64 {
    let mut out = 0u64;
    let mut rest = mask;
    let mut bit = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if index >> bit & 1 != 0 {
            out |= low;
        }
        rest ^= low;
        bit += 1;
    }
    out
}

/// Rook attacks from `sq` with the given occupancy (blockers included).
///
/// ```
/// use dirgolem::{attacks, Bitboard, Square};
/// let occ = Square::A4.bitboard() | Square::D1.bitboard();
/// let a = attacks::rook(Square::A1, occ);
/// assert_eq!(a, Bitboard(0x0101_0100 | 0b1110));
/// ```
#[inline]
pub const fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let (s, o) = (sq as usize, occupied.0);
    Bitboard(
        ray_attacks(0, s, o) | ray_attacks(2, s, o) | ray_attacks(4, s, o) | ray_attacks(6, s, o),
    )
}

/// Bishop attacks from `sq` with the given occupancy (blockers included).
#[inline]
pub const fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let (s, o) = (sq as usize, occupied.0);
    Bitboard(
        ray_attacks(1, s, o) | ray_attacks(3, s, o) | ray_attacks(5, s, o) | ray_attacks(7, s, o),
    )
}

/// Queen attacks from `sq` with the given occupancy (blockers included).
#[inline]
pub const fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook(sq, occupied).0 | bishop(sq, occupied).0)
}

/// Knight attacks from `sq`.
#[inline]
pub const fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq as usize])
}

/// King attacks (one step in each direction) from `sq`.
#[inline]
pub const fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq as usize])
}

/// The squares a pawn of `color` on `sq` attacks.
///
/// ```
/// use dirgolem::{attacks, Color, Square};
/// assert_eq!(attacks::pawn(Color::White, Square::E4), Square::D5.bitboard() | Square::F5.bitboard());
/// assert_eq!(attacks::pawn(Color::Black, Square::A5), Square::B4.bitboard());
/// ```
#[inline]
pub const fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color as usize][sq as usize])
}

/// `PAWN[color][sq]`: the squares a pawn of `color` (`Color as usize`) on `sq` attacks, 1 KiB,
/// so that an attack query reads its pawns as it reads its knights.
const PAWN: &[[u64; 64]; 2] = &{
    let mut table = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        table[Color::White as usize][sq] = ray(sq, 1, 1, false) | ray(sq, -1, 1, false);
        table[Color::Black as usize][sq] = ray(sq, 1, -1, false) | ray(sq, -1, -1, false);
        sq += 1;
    }
    table
};

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
pub const fn between(a: Square, b: Square) -> Bitboard {
    let (a, b) = (a as usize, b as usize);
    let mut d = 0;
    while d < 8 {
        if RAYS[d][a] >> b & 1 != 0 {
            return Bitboard(RAYS[d][a] & !RAYS[d][b] & !(1 << b));
        }
        d += 1;
    }
    Bitboard(0)
}
