//! `dirgolem perft DEPTH [FEN] [--threads N]`: the leaf count on stdout (`nodes N`), time,
//! speed and backend on stderr, and while stderr is a terminal, the progress of the count.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use dirgolem::available_threads;

use super::Error;
use super::args::Args;
use super::input::{chosen_backend, depth_argument, parse_options, position};
use super::output::{ProgressLine, bounded, report_speed};

/// Runs `dirgolem perft` with the arguments after the command.
pub fn command(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    let depth = depth_argument("perft", rest)?;
    if let Some(extra) = rest.get(2) {
        let hint = if rest[1].contains('/') {
            " (the FEN must be one argument: quote it)"
        } else {
            ""
        };
        return Err(Error::Input(format!(
            "too many arguments for perft: '{}'{hint}",
            bounded(extra)
        )));
    }
    let generator = chosen_backend(args)?;
    let position = position(rest.get(1).map(String::as_str), parse_options(args), false)?;
    let start = Instant::now();
    let threads = args.threads.unwrap_or_else(available_threads);
    let mut progress = ProgressLine::new();
    let nodes = if threads.get() == 1 && !progress.enabled() {
        generator.perft(&position, depth)
    } else {
        let nodes = generator.perft_parallel_with_progress(&position, depth, threads, |p| {
            progress.report(p);
        });
        progress.finish();
        nodes
    };
    let elapsed = start.elapsed();
    writeln!(out, "nodes {nodes}")?;
    out.flush()?;
    report_speed(nodes, elapsed, &generator);
    Ok(ExitCode::SUCCESS)
}
