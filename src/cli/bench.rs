//! `dirgolem bench`: bulk-counted perft on the five CPW positions, per backend, in Mnps, for
//! comparing CPUs and separately built programs. Every count is checked against the published
//! one, so a fast wrong answer cannot pass as a result.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use dirgolem::{Generator, Position};

use super::Error;
use super::args::Args;
use super::backend;
use super::input::{chosen_backend, no_more};

pub use super::cpw_positions::{BenchPosition, POSITIONS};

/// Runs `dirgolem bench`: every available backend (or the one `--backend` / `DIRGOLEM_BACKEND`
/// names), the five CPW positions, one line each, then a total per backend. Exit status 1 when
/// a count differs from the published one.
pub fn command(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    no_more("bench", rest)?;
    let env_set = std::env::var_os(backend::ENV_VAR).is_some_and(|v| !v.is_empty());
    let generators = if args.backend.is_some() || env_set {
        vec![chosen_backend(args)?]
    } else {
        dirgolem::Backend::available()
            .into_iter()
            .filter_map(|b| Generator::new(b).ok())
            .collect()
    };
    writeln!(out, "backend  position   depth     nodes  seconds     Mnps")?;
    let mut all_correct = true;
    for generator in generators {
        let (mut nodes, mut seconds) = (0, 0.0);
        for p in &POSITIONS {
            let m = measure(&generator, p, args.quick);
            writeln!(out, "{}", m.line)?;
            out.flush()?;
            all_correct &= m.correct;
            nodes += m.nodes;
            seconds += m.seconds;
        }
        let mnps = nodes as f64 / f64::max(seconds, 1e-9) / 1e6;
        writeln!(
            out,
            "{:<8} {:<10} {:>2} {nodes:>11} {seconds:>8.3} {mnps:>8.1}",
            generator.backend().name(),
            "total",
            ""
        )?;
    }
    out.flush()?;
    Ok(if all_correct {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One measured line: `backend position depth nodes seconds Mnps`.
pub struct Measurement {
    /// The line's text.
    pub line: String,
    /// Whether the count matched the published one.
    pub correct: bool,
    /// Nodes counted.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// Runs one position on one generator (one ply shallower with `quick`).
pub fn measure(generator: &Generator, p: &BenchPosition, quick: bool) -> Measurement {
    let position = Position::from_fen(p.fen).expect("the benchmark FENs are valid");
    let (depth, expected) = if quick {
        (p.depth - 1, p.nodes_quick)
    } else {
        (p.depth, p.nodes)
    };
    let start = Instant::now();
    let nodes = generator.perft(&position, depth);
    let seconds = start.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    let correct = nodes == expected;
    let mark = if correct {
        String::new()
    } else {
        format!("  WRONG: expected {expected}")
    };
    Measurement {
        line: format!(
            "{:<8} {:<10} {:>2} {:>11} {:>8.3} {:>8.1}{mark}",
            generator.backend().name(),
            p.name,
            depth,
            nodes,
            seconds,
            mnps
        ),
        correct,
        nodes,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_counts_match_the_generator() {
        let generator = Generator::detect();
        for p in &POSITIONS {
            let position = Position::from_fen(p.fen).unwrap();
            assert_eq!(
                generator.perft(&position, p.depth - 1),
                p.nodes_quick,
                "{}",
                p.name
            );
        }
    }
}
