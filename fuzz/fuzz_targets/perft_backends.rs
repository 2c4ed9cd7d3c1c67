//! Fuzz target `perft_backends`: its body, shared with the stable loop of `tests/interface/fuzz_loops.rs`, is
//! `fuzz_bodies::perft_backends` in `tests/fuzz_bodies/mod.rs`.
#![no_main]

#[path = "../../tests/fuzz_bodies/mod.rs"]
#[allow(dead_code)]
mod fuzz_bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_bodies::perft_backends(data);
});
