//! Whether the CPU has an instruction set extension, the question each backend token asks
//! before it exists.
//!
//! With `std` the CPU is asked at run time (the standard library's detection macros: CPUID, and
//! XGETBV for the AVX families, whose registers the operating system must save). Without `std`
//! the answer is what the build's target features promise (`-C target-feature`, `-C
//! target-cpu`), known at compile time: there is no operating system to ask whether the vector
//! registers are enabled and saved, only the code around the library knows, and the target
//! features are how it says so.

/// Whether the CPU runs the x86 feature named by the string literal `$name` (`"avx2"`).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
macro_rules! x86_feature {
    ($name:tt) => {{
        #[cfg(feature = "std")]
        let has = std::arch::is_x86_feature_detected!($name);
        #[cfg(not(feature = "std"))]
        let has = $crate::lanes::detect::promised(cfg!(target_feature = $name));
        has
    }};
}

/// Whether the CPU runs the aarch64 feature named by the string literal `$name` (`"neon"`).
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
macro_rules! aarch64_feature {
    ($name:tt) => {{
        #[cfg(feature = "std")]
        let has = std::arch::is_aarch64_feature_detected!($name);
        #[cfg(not(feature = "std"))]
        let has = $crate::lanes::detect::promised(cfg!(target_feature = $name));
        has
    }};
}

/// `has`, the build's answer: a call, so that a conjunction of such answers stays one
/// condition per feature (as with run-time detection) rather than `true && false`, which lints
/// would ask to simplify differently for each build.
#[cfg(all(
    not(feature = "std"),
    any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )
))]
#[inline(always)]
pub(crate) const fn promised(has: bool) -> bool {
    has
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
pub(crate) use aarch64_feature;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) use x86_feature;
