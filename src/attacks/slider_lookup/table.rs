//! The PEXT table of [`super`]'s lookups, built by the compiler: every rook and bishop block's
//! attacks, each packed along the block's lines into 16 bits ([`super::Block::lines`]).

#![cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]

use super::{
    BISHOP_BLOCKS_AND_END, BISHOP_DIRECTIONS, BISHOP_ENTRIES, Block, ROOK_BLOCKS_AND_END,
    ROOK_ENTRIES, relevant_ray, scanned,
};
use crate::attacks::{RAYS, deposit, is_positive, ray_attacks};

/// The bits of `x` at the squares of `mask`, gathered into the low bits in square order: what
/// `pext` computes, for the compiler to build the table with.
const fn extract(x: u64, mask: u64) -> u64 {
    // A step per set bit of `x`, not per square of `mask`: the compiler's evaluation of the
    // table has a step budget.
    let (mut out, mut rest) = (0, x & mask);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        out |= 1 << (mask & (low - 1)).count_ones();
        rest ^= low;
    }
    out
}

/// Entries of [`TABLE`].
const ENTRIES: usize = ROOK_ENTRIES + BISHOP_ENTRIES;

/// One ray of a rook's block: where its squares' bits sit in an entry's index and in the packed
/// entry, and the packed attacks along the ray for each occupancy of its relevant squares.
#[derive(Clone, Copy)]
struct RookRay {
    index_shift: u32,
    index_bits: u32,
    packed_shift: u32,
    packed: [u64; 64],
}

/// The four rays of a rook on `sq`, in square order. A rook's lines in square order are its
/// south ray, its west ray, its east ray and its north ray, one after the other (a bishop's
/// rays interleave), and so are the relevant squares that `pext` gathers into an entry's index.
/// So an entry is the four rays' packed attacks, each read from a table of its ray by the
/// ray's bits of the index: a few steps an entry for the compiler, which builds the table
/// within a budget of steps (the rook entries are 95 % of it). Along a ray the attacks are the
/// squares nearest the rook: the highest squares of a ray going down the board, the lowest of
/// one going up.
const fn rook_rays(sq: usize) -> [RookRay; 4] {
    // Lane order: N 0, E 2, S 4, W 6.
    const IN_SQUARE_ORDER: [usize; 4] = [4, 6, 2, 0];
    let mut rays = [RookRay {
        index_shift: 0,
        index_bits: 0,
        packed_shift: 0,
        packed: [0; 64],
    }; 4];
    let (mut index_shift, mut packed_shift) = (0, 0);
    let mut i = 0;
    while i < 4 {
        let d = IN_SQUARE_ORDER[i];
        let relevant = relevant_ray(d, sq);
        let (len, bits) = (RAYS[d][sq].count_ones(), relevant.count_ones());
        rays[i].index_shift = index_shift;
        rays[i].index_bits = bits;
        rays[i].packed_shift = packed_shift;
        let mut occupancy = 0;
        while occupancy < 1 << bits {
            let attacked = ray_attacks(d, sq, deposit(occupancy, relevant)).count_ones();
            let run = (1 << attacked) - 1;
            rays[i].packed[occupancy as usize] = if is_positive(d) {
                run
            } else {
                run << (len - attacked)
            };
            occupancy += 1;
        }
        index_shift += bits;
        packed_shift += len;
        i += 1;
    }
    rays
}

/// The packed attacks along `ray` for the entry of index `index`.
const fn along(ray: &RookRay, index: u64) -> u64 {
    let occupancy = index >> ray.index_shift & ((1 << ray.index_bits) - 1);
    ray.packed[occupancy as usize] << ray.packed_shift
}

/// Writes the entries of the rook blocks into `table`, from each block's [`rook_rays`].
const fn fill_rooks(table: &mut [u16; ENTRIES]) {
    let mut sq = 0;
    while sq < 64 {
        let Block { mask, offset, .. } = ROOK_BLOCKS_AND_END.0[sq];
        let [s, w, e, n] = rook_rays(sq);
        let mut index = 0;
        while index < 1 << mask.count_ones() {
            let packed = along(&s, index) | along(&w, index) | along(&e, index) | along(&n, index);
            table[offset + index as usize] = packed as u16;
            index += 1;
        }
        sq += 1;
    }
}

/// Writes the entries of one kind's blocks (`kind`, whose rays are `directions`) into
/// `table`, for any kind: the bishop blocks, whose rays interleave in square order. The subsets
/// of a mask, enumerated by the carry-rippler `next = (subset - mask) & mask`, come in
/// increasing order, which is the order of their `pext` indices: the n-th subset goes to entry
/// n of the block.
const fn fill(table: &mut [u16; ENTRIES], kind: &[Block; 64], directions: [usize; 4]) {
    let mut sq = 0;
    while sq < 64 {
        let Block {
            mask,
            offset,
            lines,
        } = kind[sq];
        assert!(
            lines.count_ones() <= 16,
            "an entry packs the lines into 16 bits"
        );
        let mut subset = 0u64;
        let mut n = 0;
        loop {
            table[offset + n] = extract(scanned(directions, sq, subset), lines) as u16;
            n += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

/// Every block's attacks packed along its lines ([`Block::lines`]), rook blocks first: 210 KiB,
/// built by the compiler.
pub(super) static TABLE: [u16; ENTRIES] = {
    let mut table = [0; ENTRIES];
    fill_rooks(&mut table);
    fill(&mut table, &BISHOP_BLOCKS_AND_END.0, BISHOP_DIRECTIONS);
    table
};
