//! Sherwin bitboards (Michael Sherwin's Elephant, seed 004): the relevant occupancy of a slider
//! is cut into rows (ranks); one lookup per row turns that row's bits into part of an index,
//! the parts are or-ed together, and the index picks the attacks from a compact second table.
//!
//! For a bishop the relevant squares lie on the inner 6 × 6 board: after `occupied &
//! bishop_bits[sq]` and a shift by 9, ranks 2 to 7 are six 6-bit rows, looked up in
//! `bishop_rows[sq][row][bits]`. For a rook the relevant squares can lie on any rank and file
//! (a rook on the a-file sees along it), so all eight full bytes are looked up in
//! `rook_rows[sq][row][bits]`. Each square gets `2^n` consecutive entries of the attack table,
//! `n` its number of relevant squares, squares with many bits first (as in the seed):
//! 5248 bishop and 102400 rook entries, no gaps and no collisions.
//!
//! Port: the seed's code runs with a big-endian file mapping; its loops use `sq % 8` as the
//! file and `sq / 8` as the row, and the masks it applies are symmetric in the files, so the
//! construction carries over to our squares unchanged except for which square gets which
//! block of the table. The row lookups concatenate the relevant bits in ascending square
//! order, the same order the attack table is filled in.
//!
//! Tables, built once at start-up (see [`Sherwin::shared`], a few milliseconds):
//! `bishop_rows` 64 × 6 × 64 × `u16` = 48 KiB, `rook_rows` 64 × 8 × 256 × `u32` = 512 KiB,
//! attacks (5248 + 102400) × 8 bytes = 841 KiB, masks 1 KiB; about 1.37 MiB in all.

use std::sync::OnceLock;

use super::{SliderAttacks, TableBuild, bishop_relevant, deposit, rook_relevant, timed};
use crate::{Bitboard, Square, attacks};

/// Relevant bits per bishop square (from the seed; the same in either file mapping).
#[rustfmt::skip]
const BISHOP_BITS: [u8; 64] = [
    6, 5, 5, 5, 5, 5, 5, 6,
    5, 5, 5, 5, 5, 5, 5, 5,
    5, 5, 7, 7, 7, 7, 5, 5,
    5, 5, 7, 9, 9, 7, 5, 5,
    5, 5, 7, 9, 9, 7, 5, 5,
    5, 5, 7, 7, 7, 7, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5,
    6, 5, 5, 5, 5, 5, 5, 6,
];

/// Relevant bits per rook square.
#[rustfmt::skip]
const ROOK_BITS: [u8; 64] = [
    12, 11, 11, 11, 11, 11, 11, 12,
    11, 10, 10, 10, 10, 10, 10, 11,
    11, 10, 10, 10, 10, 10, 10, 11,
    11, 10, 10, 10, 10, 10, 10, 11,
    11, 10, 10, 10, 10, 10, 10, 11,
    11, 10, 10, 10, 10, 10, 10, 11,
    11, 10, 10, 10, 10, 10, 10, 11,
    12, 11, 11, 11, 11, 11, 11, 12,
];

/// Bishop attack-table entries.
pub const BISHOP_ENTRIES: usize = 5248;
/// Rook attack-table entries.
pub const ROOK_ENTRIES: usize = 102_400;

/// The Sherwin technique's tables (see the [module docs](self)).
pub struct Sherwin {
    bishop_bits: [u64; 64],
    rook_bits: [u64; 64],
    /// `bishop_rows[sq][row][bits]`: index part for row `row` (rank `row + 2`) of the shifted
    /// relevant occupancy.
    bishop_rows: Box<[[[u16; 64]; 6]]>,
    /// `rook_rows[sq][row][bits]`: index part for rank `row + 1`.
    rook_rows: Box<[[[u32; 256]; 8]]>,
    bishop_attacks: Box<[u64]>,
    rook_attacks: Box<[u64]>,
    build_time: core::time::Duration,
}

impl core::fmt::Debug for Sherwin {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Sherwin")
            .field("build_time", &self.build_time)
            .finish_non_exhaustive()
    }
}

/// The first entry of each square's block: squares with more bits first, then by square.
fn base_indices(bits: &[u8; 64]) -> [u32; 64] {
    let mut base = [0u32; 64];
    let mut next = 0u32;
    for n in (0..=12u8).rev() {
        for sq in 0..64 {
            if bits[sq] == n {
                base[sq] = next;
                next += 1 << n;
            }
        }
    }
    base
}

/// `rows[row][pattern]` for one square: the index bits contributed by `pattern` on row `row`
/// of the (shifted) relevant mask `mask`, `row_bits` wide. Bits of the mask are numbered in
/// ascending order over all rows.
fn row_parts<const ROWS: usize, const PATTERNS: usize>(
    mask: u64,
    row_bits: u32,
    base: u32,
) -> [[u32; PATTERNS]; ROWS] {
    let mut rows = [[0u32; PATTERNS]; ROWS];
    let mut shift = 0;
    for (row, parts) in rows.iter_mut().enumerate() {
        let row_mask = mask >> (row as u32 * 8) & ((1 << row_bits) - 1);
        for (pattern, part) in parts.iter_mut().enumerate() {
            let mut index = 0;
            let mut s = shift;
            for i in 0..row_bits {
                if row_mask >> i & 1 != 0 {
                    index |= ((pattern as u32 >> i) & 1) << s;
                    s += 1;
                }
            }
            *part = base + index;
        }
        shift += row_mask.count_ones();
    }
    rows
}

impl Sherwin {
    /// Builds the tables (a fresh copy; [`Sherwin::shared`] keeps one for the whole program).
    pub fn new() -> Sherwin {
        let (mut sherwin, time) = timed(Sherwin::build);
        sherwin.build_time = time;
        sherwin
    }

    /// The program's copy of the tables, built on first use.
    pub fn shared() -> &'static Sherwin {
        static SHARED: OnceLock<Sherwin> = OnceLock::new();
        SHARED.get_or_init(Sherwin::new)
    }

    fn build() -> Sherwin {
        let bishop_bits: [u64; 64] = core::array::from_fn(bishop_relevant);
        let rook_bits: [u64; 64] = core::array::from_fn(rook_relevant);
        let bishop_base = base_indices(&BISHOP_BITS);
        let rook_base = base_indices(&ROOK_BITS);

        let mut bishop_rows = vec![[[0u16; 64]; 6]; 64].into_boxed_slice();
        let mut rook_rows = vec![[[0u32; 256]; 8]; 64].into_boxed_slice();
        let mut bishop_attacks = vec![0u64; BISHOP_ENTRIES].into_boxed_slice();
        let mut rook_attacks = vec![0u64; ROOK_ENTRIES].into_boxed_slice();
        for sq in 0..64 {
            let square = Square::index(sq);
            let rows: [[u32; 64]; 6] = row_parts(bishop_bits[sq] >> 9, 6, bishop_base[sq]);
            for (row, parts) in rows.iter().enumerate() {
                for (pattern, &part) in parts.iter().enumerate() {
                    // At most 5248: fits.
                    bishop_rows[sq][row][pattern] = part as u16;
                }
            }
            rook_rows[sq] = row_parts(rook_bits[sq], 8, rook_base[sq]);

            for index in 0..1u64 << bishop_bits[sq].count_ones() {
                let occupied = Bitboard(deposit(index, bishop_bits[sq]));
                bishop_attacks[bishop_base[sq] as usize + index as usize] =
                    attacks::bishop(square, occupied).0;
            }
            for index in 0..1u64 << rook_bits[sq].count_ones() {
                let occupied = Bitboard(deposit(index, rook_bits[sq]));
                rook_attacks[rook_base[sq] as usize + index as usize] =
                    attacks::rook(square, occupied).0;
            }
        }
        Sherwin {
            bishop_bits,
            rook_bits,
            bishop_rows,
            rook_rows,
            bishop_attacks,
            rook_attacks,
            build_time: core::time::Duration::ZERO,
        }
    }
}

impl Default for Sherwin {
    fn default() -> Sherwin {
        Sherwin::new()
    }
}

impl SliderAttacks for Sherwin {
    fn name(&self) -> &'static str {
        "sherwin"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq as usize;
        let occ = occupied.0 & self.rook_bits[s];
        let rows = &self.rook_rows[s];
        let index = rows[0][(occ & 0xff) as usize]
            | rows[1][(occ >> 8 & 0xff) as usize]
            | rows[2][(occ >> 16 & 0xff) as usize]
            | rows[3][(occ >> 24 & 0xff) as usize]
            | rows[4][(occ >> 32 & 0xff) as usize]
            | rows[5][(occ >> 40 & 0xff) as usize]
            | rows[6][(occ >> 48 & 0xff) as usize]
            | rows[7][(occ >> 56) as usize];
        Bitboard(self.rook_attacks[index as usize])
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq as usize;
        let occ = (occupied.0 & self.bishop_bits[s]) >> 9;
        let rows = &self.bishop_rows[s];
        let index = rows[0][(occ & 0x3f) as usize]
            | rows[1][(occ >> 8 & 0x3f) as usize]
            | rows[2][(occ >> 16 & 0x3f) as usize]
            | rows[3][(occ >> 24 & 0x3f) as usize]
            | rows[4][(occ >> 32 & 0x3f) as usize]
            | rows[5][(occ >> 40 & 0x3f) as usize];
        Bitboard(self.bishop_attacks[index as usize])
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&self.bishop_bits)
            + size_of_val(&self.rook_bits)
            + size_of_val(&*self.bishop_rows)
            + size_of_val(&*self.rook_rows)
            + size_of_val(&*self.bishop_attacks)
            + size_of_val(&*self.rook_attacks)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::StartUp(self.build_time)
    }
}
