//! Move generation on every backend the CPU runs: the tests that depend on the instruction set,
//! which CI runs natively, under emulated CPUs (qemu-x86_64, qemu-aarch64) and on wasm32.
//!
//! The integration tests are two binaries, this one and `tests/interface`, each a module per
//! file, rather than a binary per file: the release profile links with LTO, so every test
//! binary generates the crate's code again, and one binary per file made that most of the
//! time `cargo test --release` takes.

#[path = "../common/mod.rs"]
mod common;

mod backends;
mod move_kinds;
mod perft;
mod perft_parallel;
