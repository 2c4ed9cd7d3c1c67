//! The parts of the `dirgolem` tool: argument parsing, backend choice, the suite runner and the
//! benchmark.
//! (The commands themselves and the output handling are in `main.rs`.)

pub mod args;
pub mod backend;
pub mod bench;
pub mod suite;
