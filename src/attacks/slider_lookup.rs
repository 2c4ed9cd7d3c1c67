//! Rook and bishop attacks for the per-node queries of an engine (who attacks a square, the
//! exchange evaluation, check and legality tests off the generator's path), where the
//! classical ray scans of the parent module cost a branch and a bit scan per ray.
//!
//! With BMI2 the attacks are one table read: `pext` gathers the relevant occupancy of the
//! square (its lines without the edge squares) into a dense index into the square's block of a
//! shared table, `TABLE[offset + pext(occupied, mask)]` (the PEXT layout: 102400 rook and 5248
//! bishop entries). An entry holds the attacks packed to 16 bits, one per square of the
//! square's lines (at most 14), and `pdep` spreads them back over the lines: a table of 210 KiB
//! instead of 841 (`table.rs`), which stays in a core's second-level cache where the unpacked
//! one would not, for one more instruction a lookup. The
//! table is built at compile time, so no_std builds have it too and nothing is built at
//! start-up. With `std` the table is used where the CPU has BMI2 and runs `pext` and `pdep`
//! fast, asked at run time (the `choice` module: not on AMD before Zen 3, where both are
//! microcode), even in a build that enables BMI2; a no_std build cannot ask and uses the
//! table exactly where the build enables BMI2. Where the build enables it the lookup is inlined.
//! A query with several lookups (the exchange evaluation, the attackers of a square, a king's
//! check test) is written generic over [`Sliders`] and run through [`with_sliders`], which asks
//! once and, in a build without BMI2, runs the query compiled with the feature, lookups
//! inlined: there is no lookup that asks on its own. Otherwise the attacks are computed by
//! hyperbola quintessence on the file and the diagonals (a subtraction and a byte swap per
//! line) and the two rank rays by scan, with no table at all.

use super::{RAYS, ray_attacks};
use crate::lanes::{swap_bytes, swap_bytes_pair};

#[cfg(all(target_arch = "x86_64", feature = "std"))]
mod choice;
mod table;
mod technique;
#[cfg(all(target_arch = "x86_64", feature = "std"))]
use choice::{Technique, chosen_technique};
// The lookups read the table where the CPU may have BMI2; its test reads it on every target.
#[cfg(any(
    test,
    all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))
))]
use table::TABLE;
pub use technique::SliderTechnique;

/// Ray directions (lane order) of a rook: N, E, S, W.
const ROOK_DIRECTIONS: [usize; 4] = [0, 2, 4, 6];
/// Ray directions (lane order) of a bishop: NE, SE, SW, NW.
const BISHOP_DIRECTIONS: [usize; 4] = [1, 3, 5, 7];

/// Rook entries of [`TABLE`] (the sum over squares of 2 to the number of
/// relevant squares).
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
    /// The squares the slider attacks on an empty board, whose bits an entry packs.
    lines: u64,
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
    let mut out = [Block {
        mask: 0,
        offset: 0,
        lines: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mut mask = 0;
        let mut i = 0;
        while i < 4 {
            mask |= relevant_ray(directions[i], sq);
            i += 1;
        }
        let lines = scanned(directions, sq, 0);
        out[sq] = Block {
            mask,
            offset,
            lines,
        };
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
#[cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]
static ROOK_BLOCKS: [Block; 64] = ROOK_BLOCKS_AND_END.0;
/// The bishop blocks, by square.
#[cfg_attr(
    not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))),
    allow(dead_code, reason = "only the BMI2 lookup reads the table")
)]
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

/// The table lookup, for a build with BMI2 enabled throughout (inlined into its callers).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn by_pext(block: &Block, occupied: u64) -> u64 {
    // SAFETY: `pext` and `pdep` need BMI2, which this build enables for the whole program
    // (the cfg above), so every CPU it runs on has it.
    unsafe {
        let index = core::arch::x86_64::_pext_u64(occupied, block.mask);
        core::arch::x86_64::_pdep_u64(entry(block, index), block.lines)
    }
}

/// The entry of `block` at `index`, a `pext` of an occupancy by the block's mask: the attacks
/// packed along the block's lines.
#[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
#[inline(always)]
fn entry(block: &Block, index: u64) -> u64 {
    debug_assert!(index < 1 << block.mask.count_ones());
    // SAFETY: `pext` by `block.mask` gathers as many bits as the mask has, so `index` is below
    // 2 to the mask's population: the size of the block, which `blocks` placed inside `TABLE`
    // (the `const` assertions on the blocks' end check it at compile time).
    u64::from(unsafe { *TABLE.get_unchecked(block.offset + index as usize) })
}

/// The table lookup, compiled with BMI2 for a build without it; callable only once the CPU
/// has been seen to have BMI2. Inlined where the caller is compiled with BMI2 too (the code
/// [`with_sliders`] runs through [`run_with_bmi2`]), a call elsewhere.
#[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), feature = "std"))]
#[target_feature(enable = "bmi2")]
#[inline]
fn by_pext(block: &Block, occupied: u64) -> u64 {
    use core::arch::x86_64::{_pdep_u64, _pext_u64};
    _pdep_u64(entry(block, _pext_u64(occupied, block.mask)), block.lines)
}

/// A way to compute rook and bishop attacks. Code generic over it is compiled once per
/// technique, and [`with_sliders`] picks the technique once for a whole query, so that a query
/// with several lookups (an exchange evaluation has up to a few dozen) asks the CPU once.
pub(crate) trait Sliders: Copy {
    /// Which technique this is, by its public name.
    const TECHNIQUE: SliderTechnique;
    /// The squares a rook on square index `sq` attacks with blockers `occupied` (blockers
    /// included; the same answer as [`super::rook`]).
    fn rook(self, sq: u32, occupied: u64) -> u64;
    /// The squares a bishop on square index `sq` attacks with blockers `occupied` (blockers
    /// included; the same answer as [`super::bishop`]).
    fn bishop(self, sq: u32, occupied: u64) -> u64;
}

/// The attacks computed without a table (hyperbola quintessence, rank scans): any CPU.
#[derive(Clone, Copy)]
pub(crate) struct Computed;

impl Sliders for Computed {
    const TECHNIQUE: SliderTechnique = SliderTechnique::Computed;

    #[inline(always)]
    fn rook(self, sq: u32, occupied: u64) -> u64 {
        rook_without_table(sq, occupied)
    }

    #[inline(always)]
    fn bishop(self, sq: u32, occupied: u64) -> u64 {
        bishop_without_table(sq, occupied)
    }
}

/// The PEXT table lookup: a value of this type is proof that the CPU has BMI2 (its field is
/// private, and [`Pext::detect`] makes one only after seeing the feature).
#[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
#[derive(Clone, Copy)]
pub(crate) struct Pext(());

#[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
impl Pext {
    /// The lookup if it is the technique to use here: with `std`, where the CPU has BMI2 and
    /// runs `pext` fast ([`chosen_technique`], asked once and cached); without `std`, where the
    /// build enables BMI2 (the build's promise, as for the backends: there is no run-time
    /// question without `std`).
    #[inline(always)]
    fn detect() -> Option<Pext> {
        #[cfg(feature = "std")]
        {
            (chosen_technique() == Technique::Pext).then_some(Pext(()))
        }
        #[cfg(not(feature = "std"))]
        {
            Some(Pext(()))
        }
    }

    /// The lookup if the CPU has BMI2, fast `pext` or not: for tests that run both techniques.
    #[cfg(test)]
    fn if_bmi2() -> Option<Pext> {
        #[cfg(target_feature = "bmi2")]
        {
            Some(Pext(()))
        }
        #[cfg(not(target_feature = "bmi2"))]
        {
            std::arch::is_x86_feature_detected!("bmi2").then_some(Pext(()))
        }
    }
}

#[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
impl Pext {
    /// The table entry of `block` for `occupied`.
    #[inline(always)]
    fn lookup(self, block: &Block, occupied: u64) -> u64 {
        #[cfg(target_feature = "bmi2")]
        {
            by_pext(block, occupied)
        }
        // SAFETY: `by_pext` needs BMI2, and `self` exists only where the CPU has it.
        #[cfg(not(target_feature = "bmi2"))]
        unsafe {
            by_pext(block, occupied)
        }
    }
}

#[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
impl Sliders for Pext {
    const TECHNIQUE: SliderTechnique = SliderTechnique::Pext;

    #[inline(always)]
    fn rook(self, sq: u32, occupied: u64) -> u64 {
        self.lookup(&ROOK_BLOCKS[(sq & 63) as usize], occupied)
    }

    #[inline(always)]
    fn bishop(self, sq: u32, occupied: u64) -> u64 {
        self.lookup(&BISHOP_BLOCKS[(sq & 63) as usize], occupied)
    }
}

/// A query to run on whichever slider technique this CPU has: the generic body of
/// [`with_sliders`] (a closure cannot be generic over the technique).
pub(crate) trait SliderJob {
    /// What the query answers.
    type Output;
    /// Runs the query, reading slider attacks from `sliders`.
    fn run<S: Sliders>(self, sliders: S) -> Self::Output;
}

/// Whether [`with_sliders`] asks the CPU at run time (a build for x86-64 with std: whether the
/// CPU has BMI2 and, even where the build enables BMI2, whether its `pext` is fast), and so
/// runs its job in a function of its own for at least one technique; elsewhere the technique is
/// known when compiling and the job is inlined into the caller.
pub(crate) const CHOSEN_AT_RUN_TIME: bool = cfg!(all(target_arch = "x86_64", feature = "std"));

/// Runs `job` on the PEXT table where that is fast (the `choice` module), else on the
/// computed attacks: one question to the CPU for the whole job (a cached answer after the
/// first), and, in a build without BMI2 enabled, the job compiled with BMI2 so that its lookups
/// are inlined. A no_std build cannot ask, and takes the table where the build enables BMI2,
/// else computes.
#[inline(always)]
pub(crate) fn with_sliders<J: SliderJob>(job: J) -> J::Output {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        match Pext::detect() {
            Some(pext) => job.run(pext),
            #[cfg(feature = "std")]
            None => run_computed(job),
            #[cfg(not(feature = "std"))]
            None => job.run(Computed),
        }
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), feature = "std"))]
    {
        match Pext::detect() {
            // SAFETY: `run_with_bmi2` needs BMI2, and a `Pext` exists only where the CPU has it.
            Some(pext) => unsafe { run_with_bmi2(job, pext) },
            None => run_computed(job),
        }
    }
    #[cfg(not(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std"))))]
    {
        job.run(Computed)
    }
}

/// The technique [`with_sliders`] runs its jobs on in this process (the answer of
/// [`SliderTechnique::in_use`]): asked of `with_sliders` itself, so that the two cannot differ.
pub(crate) fn technique_in_use() -> SliderTechnique {
    struct Which;
    impl SliderJob for Which {
        type Output = SliderTechnique;
        fn run<S: Sliders>(self, _sliders: S) -> SliderTechnique {
            S::TECHNIQUE
        }
    }
    with_sliders(Which)
}

/// `job` on the computed attacks, out of line (like [`run_with_bmi2`] in a build without
/// BMI2), so that a caller holds a call rather than a second copy of the job. Cold: most CPUs
/// take the table, and without the mark the compiler lays the caller out for both ways alike
/// (in a build with BMI2 the table's way is inlined, and pays for the other's spills).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[cold]
#[inline(never)]
fn run_computed<J: SliderJob>(job: J) -> J::Output {
    job.run(Computed)
}

/// `job` on the PEXT table, compiled with BMI2 (for a build without it) so that the lookups
/// inlined into it are single instructions rather than calls.
#[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), feature = "std"))]
#[target_feature(enable = "bmi2")]
fn run_with_bmi2<J: SliderJob>(job: J, pext: Pext) -> J::Output {
    job.run(pext)
}

/// The squares of `line` (a file or diagonal through `sq`, without `sq`) that a slider on `sq`
/// reaches, blockers included: hyperbola quintessence. Below `sq` the line is read reversed
/// (byte swap: files and diagonals keep one square per rank), so that one subtraction finds
/// the first blocker on each side.
#[inline(always)]
fn hyperbola(sq: u32, line: u64, occupied: u64) -> u64 {
    let bit = 1u64 << (sq & 63);
    let forward = occupied & line;
    let [reverse, reverse_bit] = swap_bytes_pair(forward, bit);
    let forward = forward.wrapping_sub(bit.wrapping_mul(2));
    let reverse = reverse.wrapping_sub(reverse_bit.wrapping_mul(2));
    (forward ^ swap_bytes(reverse)) & line
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::deposit;
    use crate::{Bitboard, Square};

    /// Occupancies for every square: random ones (several densities) and each relevant subset
    /// pattern's extremes.
    fn occupancies() -> impl Iterator<Item = u64> {
        let mut next = crate::test_random::xorshift(0x9e37_79b9_7f4a_7c15);
        (0..3000)
            .map(move |i| match i % 3 {
                0 => next(),
                1 => next() & next(),
                _ => next() & next() & next(),
            })
            .chain([0, !0])
    }

    /// Reads one square's rook and bishop attacks through a [`SliderJob`].
    struct Both {
        sq: u32,
        occupied: u64,
    }

    impl SliderJob for Both {
        type Output = (u64, u64);

        fn run<S: Sliders>(self, sliders: S) -> (u64, u64) {
            (
                sliders.rook(self.sq, self.occupied),
                sliders.bishop(self.sq, self.occupied),
            )
        }
    }

    /// Each technique this CPU can run (the table wherever it has BMI2, fast `pext` or not),
    /// and the one [`with_sliders`] picks, agrees with the classical ray scans on every square.
    #[test]
    fn techniques_and_the_chosen_one_match_ray_scans() {
        #[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
        let pext = Pext::if_bmi2();
        for occupied in occupancies() {
            for sq in 0..64u32 {
                let square = Square::index(sq as usize);
                let expected = (
                    super::super::rook(square, Bitboard(occupied)).0,
                    super::super::bishop(square, Bitboard(occupied)).0,
                );
                assert_eq!(
                    with_sliders(Both { sq, occupied }),
                    expected,
                    "{sq} {occupied:#x}"
                );
                assert_eq!(Both { sq, occupied }.run(Computed), expected);
                #[cfg(all(target_arch = "x86_64", any(target_feature = "bmi2", feature = "std")))]
                if let Some(pext) = pext {
                    assert_eq!(Both { sq, occupied }.run(pext), expected);
                }
            }
        }
    }

    /// Every entry of the table, read the way `pext` indexes it (bits deposited in mask
    /// order) and spread over the block's lines the way `pdep` does, holds the scanned attacks
    /// of its subset: the carry-rippler order is the pext order, on any CPU.
    #[test]
    fn table_entries_are_in_pext_order() {
        for (blocks, directions) in [
            (&ROOK_BLOCKS, ROOK_DIRECTIONS),
            (&BISHOP_BLOCKS, BISHOP_DIRECTIONS),
        ] {
            for (
                sq,
                &Block {
                    mask,
                    offset,
                    lines,
                },
            ) in blocks.iter().enumerate()
            {
                for index in 0..1u64 << mask.count_ones() {
                    let subset = deposit(index, mask);
                    assert_eq!(
                        deposit(u64::from(TABLE[offset + index as usize]), lines),
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
