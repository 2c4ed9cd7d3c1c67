//! The library's interface and what does not depend on the instruction set: the engine API,
//! FEN, SAN, SEE, attack queries, the tool as a process, the slider oracles, the fuzz bodies as
//! bounded loops and the stack budget of debug builds. (Why two binaries and not one per file:
//! `tests/generation/main.rs`.)

// The helper files include the plain ones they build on by path (`rng.rs`, `steps.rs`,
// `reference.rs`), so that each also works included alone: the fuzz crate includes
// `fuzz_bodies` by itself. Here some are therefore compiled twice, as separate modules.
#![allow(clippy::duplicate_mod)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../fuzz_bodies/mod.rs"]
mod fuzz_bodies;
#[path = "../oracle/mod.rs"]
mod oracle;
#[path = "../common/steps.rs"]
mod steps;

mod api;
mod attackers;
// The tool runs as a child process: wasm32-wasip1 cannot spawn one.
#[cfg(not(target_family = "wasm"))]
mod cli;
mod engine_api;
mod engine_example;
mod fen;
mod fuzz_loops;
mod gives_check;
mod no_alloc_calls;
mod properties;
mod san;
mod see;
mod sliders;
// The calls run on spawned threads of given stack sizes: wasm32-wasip1 has no threads.
#[cfg(not(target_family = "wasm"))]
mod stack;
