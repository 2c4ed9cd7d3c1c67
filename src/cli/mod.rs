//! The parts of the `dirgolem` tool: argument parsing, backend choice and the suite runner.
//! (The commands themselves and the output handling are in `main.rs`.)

pub mod args;
pub mod backend;
pub mod suite;
