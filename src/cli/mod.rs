//! The `dirgolem` tool's parts: argument parsing (`args`), what the commands share (`input`
//! for their arguments, `output` for stdout and the error line), one file per command
//! (`perft`, `divide`, `suite`, `bench`, `backend`, `help`), and the command table here.
//! `main.rs` only parses and dispatches.

pub mod args;
pub mod backend;
pub mod bench;
pub mod cpw_positions;
pub mod divide;
pub mod help;
pub mod input;
pub mod output;
pub mod perft;
pub mod suite;

use std::io::{self, Write};
use std::process::ExitCode;

use args::Args;

/// Why a run stopped early.
pub enum Error {
    /// Bad input from the user: reported on stderr, exit status 2.
    Input(String),
    /// stdout could not be written: status 141 for a reader that went away (as SIGPIPE would
    /// end a Unix tool), else reported with status 2.
    Output(io::Error),
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Output(e)
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Input(message)
    }
}

/// Runs the command of `args`, writing its results to `out`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<ExitCode, Error> {
    let Some((command, rest)) = args.positional.split_first() else {
        if args.help {
            return help::command(None, out);
        }
        if args.version {
            writeln!(out, "dirgolem {}", env!("CARGO_PKG_VERSION"))?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        return Err(Error::Input(
            "no command given (see 'dirgolem help')".to_string(),
        ));
    };
    if args.help {
        // `dirgolem perft --help` is `dirgolem help perft`.
        return help::command(Some(command.as_str()), out);
    }
    if args.version {
        return Err(Error::Input(format!(
            "option --version takes no command (found '{}')",
            output::bounded(command)
        )));
    }
    input::check_options_apply(command, args)?;
    if command != "help" {
        input::check_sliders()?;
    }
    match command.as_str() {
        "help" => {
            input::no_more("help", rest.get(1..).unwrap_or(&[]))?;
            help::command(rest.first().map(String::as_str), out)
        }
        "backends" => backend::command(args, rest, out),
        "perft" => perft::command(args, rest, out),
        "divide" => divide::command(args, rest, out),
        "suite" => suite::command(args, rest, out),
        "bench" => bench::command(args, rest, out),
        other => Err(Error::Input(format!(
            "unknown command '{}' (see 'dirgolem help')",
            output::bounded(other)
        ))),
    }
}
