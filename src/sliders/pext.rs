//! PEXT bitboards: BMI2's `pext` instruction gathers the relevant occupancy bits of a slider
//! into a dense index, which picks the attacks from the square's block of a shared table
//! (the same layout as fancy magics, without the multiplication and without magic numbers):
//!
//! ```text
//! attacks = table[offset[sq] + pext(occupied, mask[sq])]
//! ```
//!
//! Chosen at run time: [`Pext::new`] asks the CPU for BMI2 once (`is_x86_feature_detected!`,
//! stored in the value) and builds the PEXT tables only when it is there; otherwise every call
//! goes to the shared [`Magic`] tables. On other architectures than x86-64 only the fallback
//! is compiled. The BMI2 code sits in `#[target_feature(enable = "bmi2")]` functions, which
//! cannot be inlined into callers without the feature: in a normal build each lookup is a call
//! (a queen makes both lookups in one call). Built with BMI2 enabled for the whole program
//! (`-C target-cpu=native` on such a CPU) the lookups are inlined; BENCHMARKS.md shows both.
//!
//! Tables, built once at start-up when BMI2 is present ([`Pext::shared`], a few
//! milliseconds): (102400 + 5248) × 8 bytes = 841 KiB plus 2 × 64 masks and offsets
//! (16 bytes each, 2 KiB). Without BMI2 the magic tables (see [`super::magic`]).

use std::sync::OnceLock;

use super::{Magic, SliderAttacks, TableBuild};
use crate::{Bitboard, Square};

#[cfg(target_arch = "x86_64")]
use super::{bishop_relevant, deposit, rook_relevant, timed};
#[cfg(target_arch = "x86_64")]
use crate::attacks;

/// The PEXT technique with its run-time choice (see the [module docs](self)).
pub struct Pext {
    imp: Imp,
}

enum Imp {
    /// The CPU has BMI2: our own tables, looked up by `pext`.
    #[cfg(target_arch = "x86_64")]
    Bmi2(Box<PextTables>),
    /// No BMI2: the magic technique.
    Magic(&'static Magic),
}

impl core::fmt::Debug for Pext {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Pext")
            .field("uses_bmi2", &self.uses_bmi2())
            .finish_non_exhaustive()
    }
}

impl Pext {
    /// Detects BMI2 and builds the PEXT tables if the CPU has it, else falls back to the
    /// shared magic tables (a fresh copy; [`Pext::shared`] keeps one for the whole program).
    pub fn new() -> Pext {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("bmi2") {
            let (mut tables, time) = timed(PextTables::build);
            tables.build_time = time;
            return Pext {
                imp: Imp::Bmi2(tables),
            };
        }
        Pext {
            imp: Imp::Magic(Magic::shared()),
        }
    }

    /// The program's copy, built on first use.
    pub fn shared() -> &'static Pext {
        static SHARED: OnceLock<Pext> = OnceLock::new();
        SHARED.get_or_init(Pext::new)
    }

    /// Whether lookups use the BMI2 `pext` instruction (else the magic fallback).
    pub fn uses_bmi2(&self) -> bool {
        match self.imp {
            #[cfg(target_arch = "x86_64")]
            Imp::Bmi2(_) => true,
            Imp::Magic(_) => false,
        }
    }
}

impl Default for Pext {
    fn default() -> Pext {
        Pext::new()
    }
}

#[cfg(target_arch = "x86_64")]
struct PextTables {
    /// `(mask, offset)` per square, rooks then bishops.
    rook: [(u64, u32); 64],
    bishop: [(u64, u32); 64],
    table: Box<[u64]>,
    build_time: core::time::Duration,
}

#[cfg(target_arch = "x86_64")]
impl PextTables {
    /// Fills each square's block in `pext` order: entry `i` holds the attacks for the `i`-th
    /// subset of the mask, which a software `pdep` ([`deposit`]) enumerates without BMI2.
    fn build() -> Box<PextTables> {
        let mut tables = Box::new(PextTables {
            rook: [(0, 0); 64],
            bishop: [(0, 0); 64],
            table: Box::default(),
            build_time: core::time::Duration::ZERO,
        });
        let mut table = Vec::with_capacity(102_400 + 5248);
        for sq in 0..64 {
            let mask = rook_relevant(sq);
            tables.rook[sq] = (mask, table.len() as u32);
            for index in 0..1u64 << mask.count_ones() {
                table.push(attacks::rook(Square::index(sq), Bitboard(deposit(index, mask))).0);
            }
        }
        for sq in 0..64 {
            let mask = bishop_relevant(sq);
            tables.bishop[sq] = (mask, table.len() as u32);
            for index in 0..1u64 << mask.count_ones() {
                table.push(attacks::bishop(Square::index(sq), Bitboard(deposit(index, mask))).0);
            }
        }
        tables.table = table.into_boxed_slice();
        tables
    }

    fn bytes(&self) -> usize {
        size_of_val(&*self.table) + size_of_val(&self.rook) + size_of_val(&self.bishop)
    }
}

/// Looks up `occupied` in a square's block.
///
/// # Safety
/// The CPU must support BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn lookup(table: &[u64], (mask, offset): (u64, u32), occupied: u64) -> u64 {
    let index = core::arch::x86_64::_pext_u64(occupied, mask);
    table[offset as usize + index as usize]
}

/// Queen attacks: both lookups in one call.
///
/// # Safety
/// The CPU must support BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn queen_lookup(t: &PextTables, sq: usize, occupied: u64) -> u64 {
    // SAFETY: this function has the BMI2 feature, which its caller guarantees.
    unsafe { lookup(&t.table, t.rook[sq], occupied) | lookup(&t.table, t.bishop[sq], occupied) }
}

impl SliderAttacks for Pext {
    fn name(&self) -> &'static str {
        if self.uses_bmi2() {
            "pext"
        } else {
            "pext-fallback-magic"
        }
    }

    #[inline]
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.imp {
            #[cfg(target_arch = "x86_64")]
            Imp::Bmi2(t) => {
                // SAFETY: `Imp::Bmi2` is only built after `is_x86_feature_detected!("bmi2")`.
                Bitboard(unsafe { lookup(&t.table, t.rook[sq as usize], occupied.0) })
            }
            Imp::Magic(m) => m.rook(sq, occupied),
        }
    }

    #[inline]
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.imp {
            #[cfg(target_arch = "x86_64")]
            Imp::Bmi2(t) => {
                // SAFETY: `Imp::Bmi2` is only built after `is_x86_feature_detected!("bmi2")`.
                Bitboard(unsafe { lookup(&t.table, t.bishop[sq as usize], occupied.0) })
            }
            Imp::Magic(m) => m.bishop(sq, occupied),
        }
    }

    #[inline]
    fn queen(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.imp {
            #[cfg(target_arch = "x86_64")]
            Imp::Bmi2(t) => {
                // SAFETY: `Imp::Bmi2` is only built after `is_x86_feature_detected!("bmi2")`.
                Bitboard(unsafe { queen_lookup(t, sq as usize, occupied.0) })
            }
            Imp::Magic(m) => m.queen(sq, occupied),
        }
    }

    fn table_bytes(&self) -> usize {
        match &self.imp {
            #[cfg(target_arch = "x86_64")]
            Imp::Bmi2(t) => t.bytes(),
            Imp::Magic(m) => m.table_bytes(),
        }
    }

    fn table_build(&self) -> TableBuild {
        match &self.imp {
            #[cfg(target_arch = "x86_64")]
            Imp::Bmi2(t) => TableBuild::StartUp(t.build_time),
            Imp::Magic(m) => m.table_build(),
        }
    }
}
