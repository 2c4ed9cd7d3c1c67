//! The PEXT table of [`super`]'s lookups, built by the compiler: every rook and bishop block's
//! attacks, each packed along the block's lines into 16 bits ([`super::Block::lines`]). The
//! compiler evaluates each constant within a budget of steps, which the packed table as a whole
//! exceeds, so it is built in parts of [`PART`] entries, each a constant of its own, and the
//! static [`TABLE`] is their array. The parts are constants only while the compiler builds the
//! table; the program holds the one static.

#![cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]
#![allow(
    clippy::large_const_arrays,
    reason = "a part is a constant so that the compiler evaluates it on a step budget of its own; only `TABLE`, a static, is in the program"
)]

use super::{
    BISHOP_BLOCKS_AND_END, BISHOP_DIRECTIONS, BISHOP_ENTRIES, Block, ROOK_BLOCKS_AND_END,
    ROOK_DIRECTIONS, ROOK_ENTRIES, scanned,
};

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

/// Entries of one part of [`TABLE`].
const PART: usize = 1 << 14;

/// Parts of [`TABLE`]: enough for every rook and bishop entry.
const PARTS: usize = 7;
const _: () = assert!(PARTS == (ROOK_ENTRIES + BISHOP_ENTRIES).div_ceil(PART));

/// Writes the entries of one kind's blocks (`kind`, whose rays are `directions`) that fall in
/// the part starting at entry `start` into `part`. The subsets of a mask, enumerated by the
/// carry-rippler `next = (subset - mask) & mask`, come in increasing order, which is the order
/// of their `pext` indices: the n-th subset goes to entry n of the block.
const fn fill(part: &mut [u16; PART], start: usize, kind: &[Block; 64], directions: [usize; 4]) {
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
        let size = 1 << mask.count_ones();
        if offset < start + PART && start < offset + size {
            let mut subset = 0u64;
            let mut n = 0;
            loop {
                let at = offset + n;
                if start <= at && at < start + PART {
                    part[at - start] = extract(scanned(directions, sq, subset), lines) as u16;
                }
                n += 1;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
        sq += 1;
    }
}

/// Entries `k * PART` to `(k + 1) * PART` of [`TABLE`] (zero past the last block).
const fn part(k: usize) -> [u16; PART] {
    let mut part = [0; PART];
    fill(&mut part, k * PART, &ROOK_BLOCKS_AND_END.0, ROOK_DIRECTIONS);
    fill(
        &mut part,
        k * PART,
        &BISHOP_BLOCKS_AND_END.0,
        BISHOP_DIRECTIONS,
    );
    part
}

const PART_0: [u16; PART] = part(0);
const PART_1: [u16; PART] = part(1);
const PART_2: [u16; PART] = part(2);
const PART_3: [u16; PART] = part(3);
const PART_4: [u16; PART] = part(4);
const PART_5: [u16; PART] = part(5);
const PART_6: [u16; PART] = part(6);

/// Every block's attacks packed along its lines ([`Block::lines`]), rook blocks first, in
/// parts ([`PART`]): 224 KiB, built by the compiler. Read as one array (`as_flattened`).
pub(super) static TABLE: [[u16; PART]; PARTS] =
    [PART_0, PART_1, PART_2, PART_3, PART_4, PART_5, PART_6];
