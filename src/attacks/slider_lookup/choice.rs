//! Which slider technique the per-node queries run on ([`super::with_sliders`]): the PEXT table
//! where the CPU has BMI2 and runs `pext` fast, else the computed attacks.
//!
//! BMI2 alone does not say that `pext` is fast: AMD's cores before Zen 3 (family 0x15 to 0x18,
//! and Hygon's Zen 1 cores) run `pext` and `pdep` as microcode, taking a number of cycles that
//! grows with the mask's set bits, so a table read indexed by `pext` loses to a few ordinary
//! instructions there. Intel's cores with BMI2 and AMD's from Zen 3 (family 0x19) on run it as
//! one fast instruction. The choice is made from the CPUID vendor and family once, cached
//! after the first question (as the standard library caches the feature detection that
//! `lanes/detect.rs` asks with `std`): one load per query after that. It is made at run time even
//! in a build that enables BMI2, since a build for a BMI2 baseline (`x86-64-v3`) also runs on
//! Zen 1 and Zen 2.
//!
//! The environment variable [`ENV_VAR`] (`DIRGOLEM_SLIDERS`) forces the choice, for tests and
//! measurements: `computed` takes the computed attacks on any CPU, `pext` takes the table on
//! any CPU with BMI2 (without it there is no table to take).
//! [`SliderTechnique::from_env`](Technique::from_env) (which the tool and `Generator::from_env`
//! call at start-up) reads it, refuses a value it does not know and makes the choice
//! ([`settle`]). Where nothing has made the choice, the first query reads the variable itself:
//! a query cannot fail, so it ignores a value it does not know, and the read is the one heap
//! allocation of the queries, once per process.

use core::sync::atomic::{AtomicU8, Ordering};

pub(crate) use super::technique::SliderTechnique as Technique;

/// The environment variable that forces the technique: `pext` or `computed`.
pub(crate) const ENV_VAR: &str = Technique::ENV_VAR;

/// Whether a CPU of this CPUID vendor string and (display) family runs `pext` fast, given that
/// it has BMI2: everything but AMD's and Hygon's cores before family 0x19 (Zen 3).
pub(crate) fn pext_is_fast(vendor: &[u8; 12], family: u32) -> bool {
    match vendor {
        b"AuthenticAMD" | b"HygonGenuine" => family >= 0x19,
        _ => true,
    }
}

/// The technique for a CPU with or without BMI2, of this vendor and family, with `forced` the
/// value of [`ENV_VAR`] if it is set: a pure function of them, so that every case can be tested
/// on any CPU.
pub(crate) fn decide(
    bmi2: bool,
    vendor: &[u8; 12],
    family: u32,
    forced: Option<&[u8]>,
) -> Technique {
    let pext_wanted = match forced {
        Some(b"pext") => true,
        Some(b"computed") => false,
        _ => pext_is_fast(vendor, family),
    };
    if bmi2 && pext_wanted {
        Technique::Pext
    } else {
        Technique::Computed
    }
}

/// The display family of CPUID leaf 1's `eax`: the base family, plus the extended family when
/// the base family is 0xf (as AMD's are from family 0x10 on).
pub(crate) fn family_of(eax: u32) -> u32 {
    let base = eax >> 8 & 0xf;
    if base == 0xf {
        base + (eax >> 20 & 0xff)
    } else {
        base
    }
}

/// This CPU's vendor string and display family (CPUID leaves 0 and 1, which every x86-64 CPU
/// has).
fn cpu_identity() -> ([u8; 12], u32) {
    let leaf0 = core::arch::x86_64::__cpuid(0);
    let mut vendor = [0; 12];
    vendor[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
    vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
    vendor[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
    (vendor, family_of(core::arch::x86_64::__cpuid(1).eax))
}

/// [`CHOICE`] before the first question.
const UNKNOWN: u8 = 0;
/// [`CHOICE`] once the PEXT table is chosen.
const PEXT: u8 = 1;
/// [`CHOICE`] once the computed attacks are chosen.
const COMPUTED: u8 = 2;

/// The cached choice: [`UNKNOWN`], [`PEXT`] or [`COMPUTED`]. Threads that ask at once each
/// work it out and store the same answer.
static CHOICE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The technique for this CPU (and [`ENV_VAR`]), worked out at the first call unless
/// [`settle`] has, and cached.
#[inline(always)]
pub(crate) fn chosen_technique() -> Technique {
    chosen_in(&CHOICE)
}

/// Makes the choice now with `forced` as the value of [`ENV_VAR`] (read and checked by the
/// caller), so that no query reads the environment.
pub(crate) fn settle(forced: Option<Technique>) {
    settle_in(&CHOICE, forced);
}

/// [`chosen_technique`] on the cache `choice`.
#[inline(always)]
fn chosen_in(choice: &AtomicU8) -> Technique {
    match choice.load(Ordering::Relaxed) {
        PEXT => Technique::Pext,
        COMPUTED => Technique::Computed,
        _ => choose_now(choice),
    }
}

/// The first question, where nothing has settled the choice: [`decide`] on this CPU's answers
/// and the variable as it is (an unknown value ignored), stored in `choice`.
#[cold]
#[inline(never)]
fn choose_now(choice: &AtomicU8) -> Technique {
    // The one heap allocation of the queries (an owned copy of the value), once per process.
    let forced = std::env::var_os(ENV_VAR);
    store(
        choice,
        decide_here(forced.as_ref().map(|v| v.as_encoded_bytes())),
    )
}

/// [`settle`] on the cache `choice`.
fn settle_in(choice: &AtomicU8, forced: Option<Technique>) -> Technique {
    store(choice, decide_here(forced.map(|t| t.name().as_bytes())))
}

/// [`decide`] on this CPU's answers, `forced` the value of [`ENV_VAR`].
fn decide_here(forced: Option<&[u8]>) -> Technique {
    let (vendor, family) = cpu_identity();
    // The question `lanes/detect.rs` asks for the backends with `std`.
    let bmi2 = std::arch::is_x86_feature_detected!("bmi2");
    decide(bmi2, &vendor, family, forced)
}

/// Stores `technique` in the cache `choice`, and returns it.
fn store(choice: &AtomicU8, technique: Technique) -> Technique {
    let code = match technique {
        Technique::Pext => PEXT,
        Technique::Computed => COMPUTED,
    };
    choice.store(code, Ordering::Relaxed);
    technique
}

#[cfg(test)]
mod tests {
    use super::*;

    const AMD: &[u8; 12] = b"AuthenticAMD";
    const HYGON: &[u8; 12] = b"HygonGenuine";
    const INTEL: &[u8; 12] = b"GenuineIntel";

    /// `pext` is slow on AMD before Zen 3 (Excavator, Zen 1, Zen 2, Hygon's Zen 1), fast on
    /// Zen 3 and later, Intel and any other vendor.
    #[test]
    fn pext_is_fast_except_on_amd_before_zen_3() {
        for family in [0x15, 0x16, 0x17, 0x18] {
            assert!(!pext_is_fast(AMD, family), "AMD {family:#x}");
            assert!(!pext_is_fast(HYGON, family), "Hygon {family:#x}");
        }
        for family in [0x19, 0x1a, 0x1b] {
            assert!(pext_is_fast(AMD, family), "AMD {family:#x}");
        }
        assert!(pext_is_fast(INTEL, 6));
        assert!(pext_is_fast(b"CentaurHauls", 6));
    }

    /// The table needs BMI2 whatever is asked; the variable overrides the speed rule both ways;
    /// an unknown value is ignored (what a query does; `from_env` refuses it).
    #[test]
    fn decide_takes_the_table_only_where_it_exists_and_is_wanted() {
        use Technique::*;
        assert_eq!(decide(true, INTEL, 6, None), Pext);
        assert_eq!(decide(true, AMD, 0x19, None), Pext);
        assert_eq!(decide(true, AMD, 0x17, None), Computed);
        assert_eq!(decide(false, INTEL, 6, None), Computed);
        assert_eq!(decide(true, AMD, 0x17, Some(b"pext")), Pext);
        assert_eq!(decide(false, AMD, 0x17, Some(b"pext")), Computed);
        assert_eq!(decide(true, INTEL, 6, Some(b"computed")), Computed);
        assert_eq!(decide(true, AMD, 0x17, Some(b"fast")), Computed);
        assert_eq!(decide(true, INTEL, 6, Some(b"")), Pext);
    }

    /// Leaf 1's `eax` of known CPUs: an Intel core (family 6), Zen 2 (0x17), Zen 3 (0x19).
    #[test]
    fn family_of_adds_the_extended_family_to_family_15() {
        assert_eq!(family_of(0x0009_06ea), 6);
        assert_eq!(family_of(0x0083_0f10), 0x17);
        assert_eq!(family_of(0x00a0_0f11), 0x19);
    }

    /// The cached choice is the decision on this CPU's own answers.
    #[test]
    fn the_cached_choice_is_this_cpus_decision() {
        let (vendor, family) = cpu_identity();
        let forced = std::env::var_os(ENV_VAR);
        let expected = decide(
            std::arch::is_x86_feature_detected!("bmi2"),
            &vendor,
            family,
            forced.as_ref().map(|v| v.as_encoded_bytes()),
        );
        assert_eq!(chosen_technique(), expected);
        assert_eq!(
            chosen_technique(),
            expected,
            "the second answer is the cached one"
        );
        assert_ne!(CHOICE.load(Ordering::Relaxed), UNKNOWN);
    }

    /// A settled choice is the decision on the value given, not on the environment, and a
    /// query finds it made. Both ways are asked of a cache of the test's own, so that the
    /// process's choice stays as the other tests expect.
    #[test]
    fn a_settled_choice_is_what_the_queries_take() {
        let (vendor, family) = cpu_identity();
        let bmi2 = std::arch::is_x86_feature_detected!("bmi2");
        for forced in [Some(Technique::Computed), Some(Technique::Pext), None] {
            let cache = AtomicU8::new(UNKNOWN);
            let expected = decide(bmi2, &vendor, family, forced.map(|t| t.name().as_bytes()));
            assert_eq!(settle_in(&cache, forced), expected, "{forced:?}");
            assert_ne!(cache.load(Ordering::Relaxed), UNKNOWN);
            assert_eq!(chosen_in(&cache), expected, "{forced:?}");
        }
        // Forced to compute, the queries compute whatever the CPU and the environment say.
        let cache = AtomicU8::new(UNKNOWN);
        settle_in(&cache, Some(Technique::Computed));
        assert_eq!(chosen_in(&cache), Technique::Computed);
    }
}
