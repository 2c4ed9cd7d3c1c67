//! `dirgolem suite FILE`: runs an EPD perft file (`FEN ;D1 n ;D2 n ...`, one position a line;
//! the format is described in `tests/data/PERFT-README.md`).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use dirgolem::{Generator, ParseOptions, Position};

use super::Error;
use super::args::Args;
use super::input::{chosen_backend, no_more, parse_options};
use super::output::{bounded, report_speed};

/// The node budget when `--max-nodes` is not given: every count above it is skipped (and
/// counted as skipped in the summary). Suites hold counts up to 10^18, which nothing can run.
pub const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// What to run and with which limits.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// How to read the FENs.
    pub options: ParseOptions,
    /// The backend that counts.
    pub generator: Generator,
    /// Depths above this are skipped.
    pub max_depth: Option<u32>,
    /// Counts above this are skipped.
    pub max_nodes: u64,
}

/// The outcome of a suite run. Each (position, depth) pair is one check; an unparsable line
/// (or a FEN the library refuses) is one failure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Checks whose count matched.
    pub passed: u64,
    /// Checks whose count differed, plus unparsable lines.
    pub failed: u64,
    /// Checks left out by `--max-depth` or `--max-nodes`.
    pub skipped: u64,
    /// Leaf nodes counted over all checks run.
    pub nodes: u64,
}

impl Summary {
    /// The summary line: `N passed, M failed`, with `, K skipped` when any were skipped.
    pub fn line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if self.skipped > 0 {
            line += &format!(", {} skipped", self.skipped);
        }
        line
    }
}

/// Runs `dirgolem suite FILE` with the arguments after the command.
pub fn command(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    let Some((path, extra)) = rest.split_first() else {
        return Err(Error::Input(
            "missing FILE (usage: dirgolem suite FILE)".to_string(),
        ));
    };
    no_more("suite", extra)?;
    let config = Config {
        options: parse_options(args),
        generator: chosen_backend(args)?,
        max_depth: args.max_depth,
        max_nodes: args.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read '{}': {e}", bounded(path)))?;
    let start = Instant::now();
    let summary = run(&text, &config, out)?;
    let elapsed = start.elapsed();
    writeln!(out, "{}", summary.line())?;
    out.flush()?;
    report_speed(summary.nodes, elapsed, &config.generator);
    Ok(if summary.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One `;D<depth> <nodes>` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Expected {
    depth: u32,
    nodes: u64,
}

/// Splits a line into its FEN and expected counts, or says why it cannot.
fn parse_line(line: &str) -> Result<(&str, Vec<Expected>), String> {
    let mut pieces = line.split(';');
    let fen = pieces.next().unwrap_or("").trim();
    if fen.is_empty() {
        return Err("no FEN before the first ';'".to_string());
    }
    let mut expected = Vec::new();
    for piece in pieces {
        let piece = piece.trim();
        let entry = piece
            .strip_prefix('D')
            .and_then(|rest| rest.split_once(' '))
            .and_then(|(depth, nodes)| {
                let depth = super::args::parse_depth("depth", depth).ok()?;
                let nodes = super::args::parse_count("count", nodes.trim()).ok()?;
                Some(Expected { depth, nodes })
            })
            .ok_or_else(|| format!("'{}' is not of the form 'D<depth> <nodes>'", bounded(piece)))?;
        expected.push(entry);
    }
    if expected.is_empty() {
        return Err("no ';D<depth> <nodes>' entries".to_string());
    }
    Ok((fen, expected))
}

/// Runs every line of `text`, writing one line per mismatch and per unparsable line to `out`.
/// Only errors of writing `out` are returned; everything about the file goes into the summary.
pub fn run(text: &str, config: &Config, out: &mut impl Write) -> io::Result<Summary> {
    let mut summary = Summary::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let (fen, expected) = match parse_line(line) {
            Ok(parsed) => parsed,
            Err(why) => {
                summary.failed += 1;
                writeln!(
                    out,
                    "unparsable line {number}: {why}: {}",
                    bounded(line.trim())
                )?;
                continue;
            }
        };
        let position = match Position::from_fen_with(fen, config.options) {
            Ok(position) => position,
            Err(e) => {
                summary.failed += 1;
                writeln!(
                    out,
                    "unparsable line {number}: bad FEN ({e}): {}",
                    bounded(fen)
                )?;
                continue;
            }
        };
        for Expected { depth, nodes } in expected {
            if nodes > config.max_nodes || config.max_depth.is_some_and(|max| depth > max) {
                summary.skipped += 1;
                continue;
            }
            let got = config.generator.perft(&position, depth);
            summary.nodes += got;
            if got == nodes {
                summary.passed += 1;
            } else {
                summary.failed += 1;
                writeln!(
                    out,
                    "mismatch line {number}: {} ;D{depth} expected {nodes}, got {got}",
                    bounded(fen)
                )?;
                out.flush()?;
            }
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_into_fen_and_counts() {
        let (fen, expected) = parse_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D32 1").unwrap();
        assert_eq!(fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
        assert_eq!(
            expected,
            [
                Expected { depth: 1, nodes: 3 },
                Expected {
                    depth: 32,
                    nodes: 1
                }
            ]
        );
    }

    #[test]
    fn malformed_lines_are_refused() {
        for line in [
            "",
            " ;D1 20",
            "fen",
            "fen ;D1",
            "fen ;1 20",
            "fen ;Dx 20",
            "fen ;D1 -3",
            "fen ;D99 1",
        ] {
            assert!(parse_line(line).is_err(), "{line:?}");
        }
    }

    #[test]
    fn summary_line_mentions_skipped_only_when_some_were() {
        let mut s = Summary {
            passed: 3,
            failed: 1,
            skipped: 0,
            nodes: 0,
        };
        assert_eq!(s.line(), "3 passed, 1 failed");
        s.skipped = 2;
        assert_eq!(s.line(), "3 passed, 1 failed, 2 skipped");
    }
}
