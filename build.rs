//! Tells the crate whether it is compiled without optimisation (`cfg(dirgolem_unoptimized)`).
//!
//! The pipeline's large phases are forced inline into the backends' entry points only when it
//! is optimised. Unoptimised, nothing shares stack slots, and a frame with every phase inlined
//! grows past a thread's stack. Optimised, a phase left out of line is compiled without the
//! backend's target features, and each of its vector instructions becomes a call. Whether debug
//! assertions are on says neither: an engine's debug build may optimise this crate alone
//! (`[profile.dev.package.dirgolem]`, see the README), with assertions still on.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(dirgolem_unoptimized)");
    println!("cargo::rerun-if-changed=build.rs");
    // Cargo gives a build script the optimisation level of the package being built.
    if std::env::var("OPT_LEVEL").as_deref() == Ok("0") {
        println!("cargo::rustc-cfg=dirgolem_unoptimized");
    }
}
