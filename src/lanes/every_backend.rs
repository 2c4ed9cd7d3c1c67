//! For tests: one check run on the scalar backend and on every vector backend this CPU has,
//! so that the list of backends is written once and a new backend is tested everywhere.

use super::{Lanes, Scalar};

/// A check that runs on any backend, for [`on_every_backend`]: a trait, because a closure
/// cannot be generic over the backend.
pub(crate) trait BackendCheck {
    /// Checks `lanes`, whose backend is called `name` in messages.
    fn check<L: Lanes>(lanes: L, name: &str);
}

/// Runs `C`'s check on scalar and on every vector backend this CPU has: portable where the
/// build targets a vector unit, then SSE2, AVX2 and AVX-512 on x86-64 and NEON on aarch64,
/// each where detected. Returns the
/// names of the backends checked, so that a test can say (or assert) what ran.
pub(crate) fn on_every_backend<C: BackendCheck>() -> Vec<&'static str> {
    let mut checked = Vec::new();
    check_one::<C, _>(Scalar, "scalar", &mut checked);
    if let Some(t) = super::Portable::new() {
        check_one::<C, _>(t, "portable", &mut checked);
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        use super::x86_64::{Avx2, Avx512, Sse2};
        if let Some(t) = Sse2::new() {
            check_one::<C, _>(t, "sse2", &mut checked);
        }
        if let Some(t) = Avx2::new() {
            check_one::<C, _>(t, "avx2", &mut checked);
        }
        if let Some(t) = Avx512::new() {
            check_one::<C, _>(t, "avx512", &mut checked);
        }
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    if let Some(t) = super::aarch64::Neon::new() {
        check_one::<C, _>(t, "neon", &mut checked);
    }
    checked
}

/// `C`'s check on `lanes`, its name added to `checked`.
fn check_one<C: BackendCheck, L: Lanes>(
    lanes: L,
    name: &'static str,
    checked: &mut Vec<&'static str>,
) {
    C::check(lanes, name);
    checked.push(name);
}

/// Each backend named is checked, and on x86-64 (every CPU has SSE2) and aarch64 (every CPU
/// has NEON) the vector backend is among them: a test run that skipped it would pass without
/// testing it.
#[test]
fn every_backend_named_is_checked_and_the_baseline_vector_one_is_among_them() {
    use core::sync::atomic::{AtomicUsize, Ordering};
    static CHECKS: AtomicUsize = AtomicUsize::new(0);
    struct Count;
    impl BackendCheck for Count {
        fn check<L: Lanes>(_lanes: L, _name: &str) {
            CHECKS.fetch_add(1, Ordering::Relaxed);
        }
    }
    let checked = on_every_backend::<Count>();
    assert_eq!(CHECKS.load(Ordering::Relaxed), checked.len(), "{checked:?}");
    assert_eq!(checked.first(), Some(&"scalar"));
    if cfg!(all(target_arch = "x86_64", target_feature = "sse2")) {
        assert!(checked.contains(&"sse2"), "{checked:?}");
    }
    if cfg!(all(target_arch = "aarch64", target_feature = "neon")) {
        assert!(checked.contains(&"neon"), "{checked:?}");
    }
}
