//! `dirgolem perft DEPTH [FEN]`: the leaf count on stdout (`nodes N`), time, speed and backend
//! on stderr.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use dirgolem::Generator;

use super::Error;
use super::args::Args;
use super::input::{chosen_backend, depth_argument, parse_options, position};
use super::output::bounded;

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
    let nodes = generator.perft(&position, depth);
    let elapsed = start.elapsed();
    writeln!(out, "nodes {nodes}")?;
    out.flush()?;
    report_speed(nodes, elapsed, &generator);
    Ok(ExitCode::SUCCESS)
}

/// `time 1.234 s, 96.5 Mnps, backend avx2` on stderr (ignored if stderr cannot be written).
pub fn report_speed(nodes: u64, elapsed: Duration, generator: &Generator) {
    let seconds = elapsed.as_secs_f64();
    let backend = generator.backend();
    let _ = if seconds > 0.0 {
        let mnps = nodes as f64 / seconds / 1e6;
        writeln!(
            io::stderr(),
            "time {seconds:.3} s, {mnps:.1} Mnps, backend {backend}"
        )
    } else {
        writeln!(io::stderr(), "time {seconds:.3} s, backend {backend}")
    };
}
