//! The `dirgolem` tool: perft, a perftree-compatible divide, and EPD perft suites, on the
//! DirGolem move generator. Run `dirgolem help` for the commands; the README's tool section
//! describes the commands, options, output formats, exit codes and perftree use.
//!
//! This file only parses the arguments and dispatches to the commands in `cli/`. Exit status:
//! 0 success, 1 a suite or bench count is wrong, 2 bad input (arguments, FEN, moves, files) or
//! output that cannot be written (a full disk, a stdout closed before the start). Errors are
//! one line on stderr starting `dirgolem: error: `. When the reader of stdout goes away
//! (`dirgolem divide 5 | head -1`) the tool stops quietly with status 141, as a Unix tool
//! ended by SIGPIPE does.

mod cli;

use std::io::{self, ErrorKind};
use std::process::ExitCode;

use cli::Error;
use cli::args::Args;
use cli::output::{check_stdout_is_open, report_error};

fn main() -> ExitCode {
    let result = Args::parse(std::env::args_os().skip(1))
        .map_err(Error::Input)
        .and_then(|args| {
            check_stdout_is_open()?;
            cli::run(&args, &mut io::stdout().lock())
        });
    match result {
        Ok(code) => code,
        Err(Error::Output(e)) if e.kind() == ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(Error::Output(e)) => {
            report_error(&format!("cannot write the output: {e}"));
            ExitCode::from(2)
        }
        Err(Error::Input(message)) => {
            report_error(&message);
            ExitCode::from(2)
        }
    }
}
