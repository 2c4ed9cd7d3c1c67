//! Rook and bishop attacks for the per-node queries of an engine (who attacks a square, the
//! exchange evaluation, check and legality tests off the generator's path), where the
//! classical ray scans of the parent module cost a branch and a bit scan per ray.
//!
//! With BMI2 the attacks are one table read: `pext` gathers the relevant occupancy of the
//! square (its lines without the edge squares) into a dense index into the square's block of a
//! shared table, `TABLE[offset + pext(occupied, mask)]` (the PEXT layout: 102400 rook and 5248
//! bishop entries). The table is built at compile time, so no_std builds have it too and
//! nothing is built at start-up. BMI2 is used when the build enables it (then the lookup is
//! inlined), else, with `std`, when the CPU reports it at run time (the lookup is then a call
//! into a function compiled with the feature); a no_std build without the feature cannot ask
//! and does not link the table. Without BMI2 the attacks are computed by
//! hyperbola quintessence on the file and the diagonals (a subtraction and a byte swap per
//! line) and the two rank rays by scan, with no table at all.

use super::{RAYS, ray_attacks};

/// Ray directions (lane order) of a rook: N, E, S, W.
const ROOK_DIRECTIONS: [usize; 4] = [0, 2, 4, 6];
/// Ray directions (lane order) of a bishop: NE, SE, SW, NW.
const BISHOP_DIRECTIONS: [usize; 4] = [1, 3, 5, 7];

/// Rook entries of [`TABLE`] (the sum over squares of 2 to the number of relevant squares).
const ROOK_ENTRIES: usize = 102_400;
/// Bishop entries of [`TABLE`], after the rook entries.
const BISHOP_ENTRIES: usize = 5_248;

/// One square's lookup for one slider kind: the relevant occupancy and where its block starts.
#[derive(Clone, Copy)]
struct Block {
    /// The squares whose occupancy changes the attacks: the rays without their last square.
    mask: u64,
    /// The index of the block's first entry in [`TABLE`].
    offset: usize,
}

/// The ray of direction `d` from `sq` without its last square (the edge square, which stops
/// the slider whether it is taken or not).
const fn relevant_ray(d: usize, sq: usize) -> u64 {
    let ray = RAYS[d][sq];
    if ray == 0 {
        return 0;
    }
    let last = if super::is_positive(d) {
        63 - ray.leading_zeros()
    } else {
        ray.trailing_zeros()
    };
    ray & !(1 << last)
}

/// The blocks of one slider kind, the first starting at `start`; also where the next kind's
/// blocks start.
const fn blocks(directions: [usize; 4], start: usize) -> ([Block; 64], usize) {
    let mut out = [Block { mask: 0, offset: 0 }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mut mask = 0;
        let mut i = 0;
        while i < 4 {
            mask |= relevant_ray(directions[i], sq);
            i += 1;
        }
        out[sq] = Block { mask, offset };
        offset += 1 << mask.count_ones();
        sq += 1;
    }
    (out, offset)
}

const ROOK_BLOCKS_AND_END: ([Block; 64], usize) = blocks(ROOK_DIRECTIONS, 0);
const BISHOP_BLOCKS_AND_END: ([Block; 64], usize) = blocks(BISHOP_DIRECTIONS, ROOK_ENTRIES);
const _: () = assert!(ROOK_BLOCKS_AND_END.1 == ROOK_ENTRIES);
const _: () = assert!(BISHOP_BLOCKS_AND_END.1 == ROOK_ENTRIES + BISHOP_ENTRIES);

/// The rook blocks, by square.
static ROOK_BLOCKS: [Block; 64] = ROOK_BLOCKS_AND_END.0;
/// The bishop blocks, by square.
static BISHOP_BLOCKS: [Block; 64] = BISHOP_BLOCKS_AND_END.0;

/// The attacks of a slider moving along `directions` from `sq` with blockers `occupied`, by
/// the parent module's ray scans (the table's reference).
#[cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]
const fn scanned(directions: [usize; 4], sq: usize, occupied: u64) -> u64 {
    let mut attacks = 0;
    let mut i = 0;
    while i < 4 {
        attacks |= ray_attacks(directions[i], sq, occupied);
        i += 1;
    }
    attacks
}

/// Writes every block of one kind into `table`. The subsets of a mask, enumerated by the
/// carry-rippler `next = (subset - mask) & mask`, come in increasing order, which is the order
/// of their `pext` indices: the n-th subset goes to entry n of the block.
#[cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]
const fn fill(
    table: &mut [u64; ROOK_ENTRIES + BISHOP_ENTRIES],
    kind: &[Block; 64],
    directions: [usize; 4],
) {
    let mut sq = 0;
    while sq < 64 {
        let Block { mask, offset } = kind[sq];
        let mut subset = 0u64;
        let mut n = 0;
        loop {
            table[offset + n] = scanned(directions, sq, subset);
            n += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

/// Every block's attacks, rook blocks first: 841 KiB, built by the compiler.
#[cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]
static TABLE: [u64; ROOK_ENTRIES + BISHOP_ENTRIES] = {
    let mut table = [0; ROOK_ENTRIES + BISHOP_ENTRIES];
    fill(&mut table, &ROOK_BLOCKS_AND_END.0, ROOK_DIRECTIONS);
    fill(&mut table, &BISHOP_BLOCKS_AND_END.0, BISHOP_DIRECTIONS);
    table
};

/// The table lookup, for a build with BMI2 enabled throughout (inlined into its callers).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn by_pext(block: &Block, occupied: u64) -> u64 {
    // SAFETY: `pext` needs BMI2, which this build enables for the whole program (the cfg
    // above), so every CPU it runs on has it.
    let index = unsafe { core::arch::x86_64::_pext_u64(occupied, block.mask) };
    entry(block, index)
}

/// The entry of `block` at `index`, a `pext` of an occupancy by the block's mask.
#[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
#[inline(always)]
fn entry(block: &Block, index: u64) -> u64 {
    debug_assert!(index < 1 << block.mask.count_ones());
    // SAFETY: `pext` by `block.mask` gathers as many bits as the mask has, so `index` is below
    // 2 to the mask's population: the size of the block, which `blocks` placed inside `TABLE`
    // (the `const` assertions on the blocks' end check it at compile time).
    unsafe { *TABLE.get_unchecked(block.offset + index as usize) }
}

/// The table lookup, compiled with BMI2 for a build without it; callable only once the CPU
/// has been seen to have BMI2.
#[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), feature = "std"))]
#[target_feature(enable = "bmi2")]
fn by_pext(block: &Block, occupied: u64) -> u64 {
    entry(block, core::arch::x86_64::_pext_u64(occupied, block.mask))
}

/// The table lookup when the CPU has BMI2 (`None` when it has not, or when a no_std build
/// without the feature cannot ask: then the table is not linked in at all).
#[inline(always)]
fn lookup(block: &Block, occupied: u64) -> Option<u64> {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        Some(by_pext(block, occupied))
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), feature = "std"))]
    {
        // std asks the CPU once and caches the answer.
        if std::arch::is_x86_feature_detected!("bmi2") {
            // SAFETY: `by_pext` needs BMI2, and the CPU has just been found to have it.
            Some(unsafe { by_pext(block, occupied) })
        } else {
            None
        }
    }
    #[cfg(not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))))]
    {
        let _ = (block, occupied);
        None
    }
}

/// The squares of `line` (a file or diagonal through `sq`, without `sq`) that a slider on `sq`
/// reaches, blockers included: hyperbola quintessence. Below `sq` the line is read reversed
/// (byte swap: files and diagonals keep one square per rank), so that one subtraction finds
/// the first blocker on each side.
#[inline(always)]
fn hyperbola(sq: u32, line: u64, occupied: u64) -> u64 {
    let bit = 1u64 << (sq & 63);
    let forward = occupied & line;
    let reverse = forward.swap_bytes();
    let forward = forward.wrapping_sub(bit.wrapping_mul(2));
    let reverse = reverse.wrapping_sub(bit.swap_bytes().wrapping_mul(2));
    (forward ^ reverse.swap_bytes()) & line
}

/// Rook attacks without BMI2: the file by hyperbola quintessence, the rank by two ray scans
/// (a byte swap does not reverse a rank).
#[inline(always)]
fn rook_without_table(sq: u32, occupied: u64) -> u64 {
    let s = (sq & 63) as usize;
    hyperbola(sq, RAYS[0][s] | RAYS[4][s], occupied)
        | ray_attacks(2, s, occupied)
        | ray_attacks(6, s, occupied)
}

/// Bishop attacks without BMI2: both diagonals by hyperbola quintessence.
#[inline(always)]
fn bishop_without_table(sq: u32, occupied: u64) -> u64 {
    let s = (sq & 63) as usize;
    hyperbola(sq, RAYS[1][s] | RAYS[5][s], occupied)
        | hyperbola(sq, RAYS[3][s] | RAYS[7][s], occupied)
}

/// The squares a rook on square index `sq` attacks with blockers `occupied` (blockers
/// included; the same answer as [`super::rook`]).
#[inline(always)]
pub(crate) fn rook(sq: u32, occupied: u64) -> u64 {
    lookup(&ROOK_BLOCKS[(sq & 63) as usize], occupied)
        .unwrap_or_else(|| rook_without_table(sq, occupied))
}

/// The squares a bishop on square index `sq` attacks with blockers `occupied` (blockers
/// included; the same answer as [`super::bishop`]).
#[inline(always)]
pub(crate) fn bishop(sq: u32, occupied: u64) -> u64 {
    lookup(&BISHOP_BLOCKS[(sq & 63) as usize], occupied)
        .unwrap_or_else(|| bishop_without_table(sq, occupied))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard, Square};

    /// Occupancies for every square: random ones (several densities) and each relevant subset
    /// pattern's extremes.
    fn occupancies() -> impl Iterator<Item = u64> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..3000)
            .map(move |i| match i % 3 {
                0 => next(),
                1 => next() & next(),
                _ => next() & next() & next(),
            })
            .chain([0, !0])
    }

    /// The path this CPU takes (the table with BMI2) and the table-free fallback both agree
    /// with the classical ray scans on every square.
    #[test]
    fn lookups_match_ray_scans() {
        for occupied in occupancies() {
            for sq in 0..64u32 {
                let square = Square::index(sq as usize);
                let rook_ref = super::super::rook(square, Bitboard(occupied)).0;
                let bishop_ref = super::super::bishop(square, Bitboard(occupied)).0;
                assert_eq!(rook(sq, occupied), rook_ref, "rook {sq} {occupied:#x}");
                assert_eq!(
                    bishop(sq, occupied),
                    bishop_ref,
                    "bishop {sq} {occupied:#x}"
                );
                assert_eq!(rook_without_table(sq, occupied), rook_ref);
                assert_eq!(bishop_without_table(sq, occupied), bishop_ref);
            }
        }
    }

    /// Every entry of the table, read the way `pext` indexes it (bits deposited in mask
    /// order), holds the scanned attacks of its subset: the carry-rippler order is the pext
    /// order, on any CPU.
    #[test]
    fn table_entries_are_in_pext_order() {
        for (blocks, directions) in [
            (&ROOK_BLOCKS, ROOK_DIRECTIONS),
            (&BISHOP_BLOCKS, BISHOP_DIRECTIONS),
        ] {
            for (sq, &Block { mask, offset }) in blocks.iter().enumerate() {
                for index in 0..1u64 << mask.count_ones() {
                    // Deposit the index's bits into the mask's squares, lowest first.
                    let (mut subset, mut rest, mut bit) = (0, mask, 0);
                    while rest != 0 {
                        let low = rest & rest.wrapping_neg();
                        if index >> bit & 1 != 0 {
                            subset |= low;
                        }
                        rest ^= low;
                        bit += 1;
                    }
                    assert_eq!(
                        TABLE[offset + index as usize],
                        scanned(directions, sq, subset),
                        "square {sq}, index {index}"
                    );
                }
            }
        }
    }

    /// The masks are the lines without their edge squares.
    #[test]
    fn masks_hold_the_lines_without_edges() {
        assert_eq!(ROOK_BLOCKS[0].mask, 0x0001_0101_0101_017e);
        assert_eq!(BISHOP_BLOCKS[0].mask, 0x0040_2010_0804_0200);
        assert_eq!(ROOK_BLOCKS[27].mask.count_ones(), 10);
        assert_eq!(BISHOP_BLOCKS[27].mask.count_ones(), 9);
    }
}
