//! Helpers shared by the integration tests: data-file readers (`epd`), an independent, slow
//! reference move generator (`reference`) on the plain geometry of `steps.rs`, and the seeded
//! random source (`rng`). Each test binary uses only part of this module.
#![allow(dead_code)]

pub mod epd;
pub mod reference;
pub mod rng;

use dirgolem::{ParseOptions, Position};

/// The path of a file in `tests/data`.
pub fn data_path(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A suite file together with the options its FENs need.
#[derive(Clone, Copy, Debug)]
pub struct Suite {
    /// File name in `tests/data`.
    pub file: &'static str,
    /// Options for `Position::from_fen_with`.
    pub options: ParseOptions,
}

const fn suite(file: &'static str, options: ParseOptions) -> Suite {
    Suite { file, options }
}

/// The standard-chess files whose positions any strict parser accepts.
pub const STANDARD_SUITES: [Suite; 4] = [
    suite("cpw.epd", ParseOptions::standard()),
    suite("perftsuite.epd", ParseOptions::standard()),
    suite("tricky.epd", ParseOptions::standard()),
    suite("terminal.epd", ParseOptions::standard()),
];

/// Every perft file with its options.
pub const ALL_SUITES: [Suite; 8] = [
    STANDARD_SUITES[0],
    STANDARD_SUITES[1],
    STANDARD_SUITES[2],
    STANDARD_SUITES[3],
    suite("marcel-random.epd", ParseOptions::standard()),
    suite("relaxed.epd", ParseOptions::relaxed()),
    suite("chess960.epd", ParseOptions::chess960()),
    suite(
        "chess960-relaxed.epd",
        ParseOptions::chess960().with_relaxed(true),
    ),
];

/// Every position of a suite file, parsed; panics naming the line if a FEN is refused.
pub fn positions(suite: Suite) -> Vec<(String, Position)> {
    epd::load(suite.file)
        .into_iter()
        .map(|line| {
            let pos = Position::from_fen_with(&line.fen, suite.options).unwrap_or_else(|e| {
                panic!(
                    "{}:{}: FEN {:?} refused with {:?}: {e}",
                    suite.file, line.line_no, line.fen, suite.options
                )
            });
            (line.fen, pos)
        })
        .collect()
}

/// A generator for every backend this CPU runs (scalar first): generator tests run on each.
pub fn generators() -> Vec<dirgolem::Generator> {
    dirgolem::Backend::available()
        .into_iter()
        .map(|b| dirgolem::Generator::new(b).expect("an available backend"))
        .collect()
}
