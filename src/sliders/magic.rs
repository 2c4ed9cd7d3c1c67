//! Fancy magic bitboards: the relevant occupancy of a slider is multiplied by a per-square
//! "magic" number so that its bits gather in the top bits of the product, which index the
//! square's block of a shared attack table:
//!
//! ```text
//! attacks = table[offset[sq] + ((occupied & mask[sq]) * magic[sq] >> (64 - bits[sq]))]
//! ```
//!
//! "Fancy" means each square has a block of exactly `2^bits` entries (`bits` = its number of
//! relevant squares), one after another: 102400 rook and 5248 bishop entries. Together with
//! PEXT ([`super::pext`]) this is what fast scalar engines use today, our speed reference.
//!
//! The magic numbers are our own: [`search`] finds them with a fixed-seed xorshift generator
//! (sparse candidates, the AND of three random numbers), accepting a candidate when no two
//! occupancies with different attacks share an index (occupancies with equal attacks may
//! collide, which is harmless). The search is deterministic but takes most of a second in a
//! release build (a few squares need 10^5 candidates), too long for every start, so its result
//! is kept in [`ROOK_MAGICS`] and [`BISHOP_MAGICS`]; a test runs `search(SEED)` again and
//! compares. At start-up [`Magic::new`] only fills the table, checking each square's block as
//! it goes (a magic that failed would be replaced by a searched one).
//!
//! Tables, built once at start-up ([`Magic::shared`], a few milliseconds; the benchmark prints
//! the time): attacks (102400 + 5248) × 8 bytes = 841 KiB plus 2 × 64 entries of mask, magic,
//! shift and offset (24 bytes each, 3 KiB).

use std::sync::OnceLock;

use super::{SliderAttacks, TableBuild, bishop_relevant, deposit, rook_relevant, timed};
use crate::{Bitboard, Square, attacks};

/// Rook entries in the shared table, before the bishop entries.
const ROOK_ENTRIES: usize = 102_400;
/// Bishop entries in the shared table.
const BISHOP_ENTRIES: usize = 5248;
/// Seed of the magic search that produced [`ROOK_MAGICS`] and [`BISHOP_MAGICS`].
pub const SEED: u64 = 0x5eed_d1a6_0be1_2024;

/// Rook magics per square, found by [`search`]`(`[`SEED`]`)`.
#[rustfmt::skip]
pub const ROOK_MAGICS: [u64; 64] = [
    0x2480_1240_01a0_8000, 0x4040_1000_2000_4001, 0x0d00_0842_2001_0012, 0x0100_2100_0804_1000,
    0x1300_0800_1a31_000c, 0x8500_0208_8400_4100, 0x2180_0600_0080_0100, 0x0080_0023_0012_c280,
    0x8000_8008_2880_4004, 0x0000_c010_0040_a000, 0x2008_8020_0010_0080, 0x0002_8080_4800_1000,
    0x41b0_8008_0004_0080, 0x0006_0002_0008_0410, 0x8004_0008_1002_01a4, 0x0143_0001_0004_8042,
    0x0820_0080_8000_4000, 0x0100_2100_4001_0082, 0x0820_0080_2080_1000, 0x0014_2100_0900_1000,
    0x1004_8080_0400_0800, 0x2800_8080_0200_0400, 0x0040_0400_1009_9a08, 0x1000_0200_0040_8104,
    0x0080_0048_4000_2008, 0x5100_4004_8020_0080, 0x0540_1041_0020_0104, 0x0050_0008_0801_0080,
    0x0820_0501_0008_0011, 0x4002_000a_0050_1804, 0x0000_3004_0089_0218, 0x0009_040a_0000_a049,
    0x1100_4000_2080_0088, 0x1840_1040_8080_2000, 0x2900_1000_8080_2000, 0x0010_0080_1080_0800,
    0x0018_0800_8080_0400, 0x0040_0200_8080_0400, 0x0010_0210_0400_0801, 0x0000_86c0_8200_0c01,
    0xa044_8824_4000_8000, 0x0000_8100_4003_0020, 0x0400_4100_2001_0011, 0x1009_0062_3003_0028,
    0x3814_0040_8008_0800, 0x8402_0010_0802_0004, 0x0000_0110_0204_0008, 0x8200_0084_0042_0001,
    0x0000_4088_2102_0200, 0x1040_0c80_5020_0280, 0x40a0_1020_0041_0100, 0x4008_1000_8008_0080,
    0x0041_1800_1400_8280, 0x000c_8004_0002_0080, 0x0002_0008_c104_0200, 0x0134_0414_4120_8a00,
    0x2040_8001_0010_2041, 0x0141_2083_0015_4001, 0x0401_0904_1020_0041, 0x0803_2088_0500_9001,
    0x0002_0050_2004_082a, 0x8802_0010_0104_0802, 0x0008_1082_2108_1014, 0x0080_050c_0021_4282,
];

/// Bishop magics per square, found by [`search`]`(`[`SEED`]`)`.
#[rustfmt::skip]
pub const BISHOP_MAGICS: [u64; 64] = [
    0x0844_2004_0400_2441, 0x2024_4828_1040_8105, 0x0010_0106_0428_c082, 0x0029_0401_000a_2024,
    0x0081_1040_1408_0009, 0x1802_0804_4410_0140, 0x2402_5110_0860_4282, 0x11a4_1042_0824_4000,
    0x0400_8a50_1108_2300, 0x1000_2019_0102_2884, 0x0006_0494_0400_4040, 0x0203_0410_4200_2844,
    0x2004_0c50_4104_1000, 0x0000_0082_9040_2011, 0x4000_8404_0248_0400, 0x1000_110d_0101_2041,
    0x6110_0020_0230_8120, 0x0052_0050_d042_2082, 0x000c_0060_8104_0008, 0xa102_0820_2021_4082,
    0x08bc_200a_0201_0110, 0x0406_0002_904c_2000, 0x010c_0011_0908_9200, 0x0004_8c81_0088_0104,
    0x0348_4000_2004_4108, 0x0002_1031_2001_0208, 0x0002_d000_0904_0080, 0x000c_0800_c222_0040,
    0x4141_0200_0400_8420, 0x0430_0500_0208_8200, 0x2421_1048_040e_0820, 0x860c_0421_1480_9400,
    0x2001_200a_0120_0821, 0x0444_2202_2520_4420, 0x1000_2104_0440_4c00, 0x8400_0600_8008_0380,
    0x0004_0404_0000_1010, 0xa000_8501_0082_1000, 0x000a_1884_0082_0220, 0x0008_1e01_4001_8442,
    0x0812_080c_4200_5400, 0x0001_0c10_1228_0406, 0x0214_10c1_3009_0800, 0x0021_6120_1102_2800,
    0x0111_8850_1141_0c00, 0x0020_6000_4880_0841, 0x4884_9002_0043_0a0a, 0x4002_4809_0100_0020,
    0x0052_0804_0208_0401, 0x4000_8080_c820_1100, 0x000a_0844_0404_0080, 0x0040_0400_8404_0101,
    0x0880_0005_0504_00c0, 0x0000_4008_1101_1002, 0x0020_20a4_0100_504c, 0x2004_5030_a200_8400,
    0x8600_4400_4430_0412, 0x0140_0104_0101_8820, 0x4000_4093_00a1_b000, 0x1020_0010_220a_0200,
    0x0812_8100_1002_0880, 0xc044_8028_1001_0218, 0x5800_0404_5004_4100, 0x0902_020a_120a_1200,
];

/// One square's lookup parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MagicEntry {
    /// The relevant occupancy: squares whose men can cut a ray.
    pub mask: u64,
    /// The multiplier.
    pub magic: u64,
    /// `64 - bits`: the product is shifted right by this much.
    pub shift: u32,
    /// Where this square's block starts in the shared table.
    pub offset: u32,
}

impl MagicEntry {
    #[inline(always)]
    fn index(&self, occupied: u64) -> usize {
        self.offset as usize
            + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The fancy-magic technique (see the [module docs](self)).
pub struct Magic {
    rook: [MagicEntry; 64],
    bishop: [MagicEntry; 64],
    table: Box<[u64]>,
    build_time: core::time::Duration,
}

impl core::fmt::Debug for Magic {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Magic")
            .field("build_time", &self.build_time)
            .finish_non_exhaustive()
    }
}

/// Marsaglia's xorshift64 (the search's random source; fixed seed, so deterministic).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Scratch space of the search, reused for every square.
struct Search {
    rng: XorShift,
    /// `stamp[i] == attempt` when slot `i` was written during the current attempt.
    stamp: Vec<u32>,
    slot: Vec<u64>,
    attempt: u32,
}

impl Search {
    fn new(seed: u64) -> Search {
        Search {
            rng: XorShift(seed),
            stamp: vec![0; 1 << 12],
            slot: vec![0; 1 << 12],
            attempt: 0,
        }
    }

    /// Whether `magic` maps `occupancies[i]` to indices without harmful collisions (different
    /// attacks on one index).
    fn works(&mut self, magic: u64, mask: u64, occupancies: &[u64], attacks: &[u64]) -> bool {
        let shift = 64 - mask.count_ones();
        self.attempt = self.attempt.wrapping_add(1);
        if self.attempt == 0 {
            self.stamp.fill(0);
            self.attempt = 1;
        }
        for (&occupied, &attack) in occupancies.iter().zip(attacks) {
            let index = (occupied.wrapping_mul(magic) >> shift) as usize;
            if self.stamp[index] != self.attempt {
                self.stamp[index] = self.attempt;
                self.slot[index] = attack;
            } else if self.slot[index] != attack {
                return false;
            }
        }
        true
    }

    /// A working magic for `mask`: sparse random candidates until one works. The search
    /// always ends in practice (for every square it takes at most a few hundred thousand
    /// candidates with our seed; the tests run it).
    fn find(&mut self, mask: u64, occupancies: &[u64], attacks: &[u64]) -> u64 {
        loop {
            let magic = self.rng.sparse();
            // Few high bits in the product of the mask: rarely a good spread; skip early.
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            if self.works(magic, mask, occupancies, attacks) {
                return magic;
            }
        }
    }
}

/// The relevant occupancies of a square (all subsets of its mask) and their attacks.
fn occupancies_and_attacks(
    rook: bool,
    sq: usize,
    occupancies: &mut Vec<u64>,
    attack_sets: &mut Vec<u64>,
) -> u64 {
    let square = Square::index(sq);
    let mask = if rook {
        rook_relevant(sq)
    } else {
        bishop_relevant(sq)
    };
    occupancies.clear();
    attack_sets.clear();
    for index in 0..1u64 << mask.count_ones() {
        let occupied = deposit(index, mask);
        occupancies.push(occupied);
        attack_sets.push(if rook {
            attacks::rook(square, Bitboard(occupied)).0
        } else {
            attacks::bishop(square, Bitboard(occupied)).0
        });
    }
    mask
}

/// Searches a magic number for every rook and bishop square with an xorshift generator seeded
/// by `seed`: the generator of [`ROOK_MAGICS`] and [`BISHOP_MAGICS`] (`search(SEED)` gives
/// them back; a test checks it). Takes about half a second to a second in a release build.
pub fn search(seed: u64) -> ([u64; 64], [u64; 64]) {
    let mut search = Search::new(seed);
    let (mut occupancies, mut attack_sets) =
        (Vec::with_capacity(1 << 12), Vec::with_capacity(1 << 12));
    let mut magics = [[0u64; 64]; 2];
    for (kind, magics) in magics.iter_mut().enumerate() {
        for (sq, magic) in magics.iter_mut().enumerate() {
            let mask = occupancies_and_attacks(kind == 0, sq, &mut occupancies, &mut attack_sets);
            *magic = search.find(mask, &occupancies, &attack_sets);
        }
    }
    (magics[0], magics[1])
}

impl Magic {
    /// Builds the table from the built-in magics [`ROOK_MAGICS`] and [`BISHOP_MAGICS`]
    /// (a fresh copy; [`Magic::shared`] keeps one for the whole program).
    pub fn new() -> Magic {
        Magic::from_magics(&ROOK_MAGICS, &BISHOP_MAGICS)
    }

    /// Builds the table from the given magics, checking each square's block as it is filled.
    /// A magic that maps two occupancies with different attacks to one entry is replaced by
    /// one searched for that square (which never happens with the built-in magics).
    pub fn from_magics(rook: &[u64; 64], bishop: &[u64; 64]) -> Magic {
        let (mut magic, time) = timed(|| Magic::build(rook, bishop));
        magic.build_time = time;
        magic
    }

    /// The program's copy, built on first use.
    pub fn shared() -> &'static Magic {
        static SHARED: OnceLock<Magic> = OnceLock::new();
        SHARED.get_or_init(Magic::new)
    }

    /// The rook parameters per square.
    pub fn rook_entries(&self) -> &[MagicEntry; 64] {
        &self.rook
    }

    /// The bishop parameters per square.
    pub fn bishop_entries(&self) -> &[MagicEntry; 64] {
        &self.bishop
    }

    fn build(rook: &[u64; 64], bishop: &[u64; 64]) -> Magic {
        let mut search = Search::new(SEED);
        let mut table = vec![0u64; ROOK_ENTRIES + BISHOP_ENTRIES].into_boxed_slice();
        let (mut occupancies, mut attack_sets) =
            (Vec::with_capacity(1 << 12), Vec::with_capacity(1 << 12));
        let mut offset = 0usize;
        let mut entries = [[MagicEntry::default(); 64]; 2];
        for (kind, (entries, magics)) in entries.iter_mut().zip([rook, bishop]).enumerate() {
            for (sq, entry) in entries.iter_mut().enumerate() {
                let mask =
                    occupancies_and_attacks(kind == 0, sq, &mut occupancies, &mut attack_sets);
                let mut magic = magics[sq];
                if !search.works(magic, mask, &occupancies, &attack_sets) {
                    magic = search.find(mask, &occupancies, &attack_sets);
                }
                *entry = MagicEntry {
                    mask,
                    magic,
                    shift: 64 - mask.count_ones(),
                    offset: offset as u32,
                };
                for (&occupied, &attack) in occupancies.iter().zip(&attack_sets) {
                    table[entry.index(occupied)] = attack;
                }
                offset += occupancies.len();
            }
        }
        Magic {
            rook: entries[0],
            bishop: entries[1],
            table,
            build_time: core::time::Duration::ZERO,
        }
    }
}

impl Default for Magic {
    fn default() -> Magic {
        Magic::new()
    }
}

impl SliderAttacks for Magic {
    fn name(&self) -> &'static str {
        "magic"
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(self.table[self.rook[sq as usize].index(occupied.0)])
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(self.table[self.bishop[sq as usize].index(occupied.0)])
    }

    fn table_bytes(&self) -> usize {
        size_of_val(&*self.table) + size_of_val(&self.rook) + size_of_val(&self.bishop)
    }

    fn table_build(&self) -> TableBuild {
        TableBuild::StartUp(self.build_time)
    }
}
