//! What the commands share in reading their arguments: which options apply to which command,
//! the DEPTH and FEN arguments, the FEN options and the backend.

use dirgolem::{Generator, ParseOptions, Position, SliderTechnique};

use super::Error;
use super::args::{Args, parse_depth};
use super::backend;
use super::output::bounded;

/// Refuses the options that do not apply to `command` (`--quick` outside bench, the suite's
/// limits outside suite), so that a misplaced option is not silently ignored.
pub fn check_options_apply(command: &str, args: &Args) -> Result<(), Error> {
    let misplaced = if command != "bench" && args.quick {
        Some(("--quick", "bench"))
    } else if command != "bench" && args.json {
        Some(("--json", "bench"))
    } else if !matches!(command, "perft" | "divide" | "bench") && args.threads.is_some() {
        Some(("--threads", "perft, divide and bench"))
    } else if command != "suite" && args.max_depth.is_some() {
        Some(("--max-depth", "suite"))
    } else if command != "suite" && args.max_nodes.is_some() {
        Some(("--max-nodes", "suite"))
    } else {
        None
    };
    match misplaced {
        Some((option, owner)) => Err(Error::Input(format!(
            "option {option} only applies to {owner}"
        ))),
        None => Ok(()),
    }
}

/// Refuses arguments beyond those a command takes.
pub fn no_more(command: &str, extra: &[String]) -> Result<(), Error> {
    match extra.first() {
        None => Ok(()),
        Some(first) => Err(Error::Input(format!(
            "too many arguments for {command}: '{}' (see 'dirgolem help {command}')",
            bounded(first)
        ))),
    }
}

/// The FEN options of `--chess960` and `--relaxed`.
pub fn parse_options(args: &Args) -> ParseOptions {
    let options = if args.chess960 {
        ParseOptions::chess960()
    } else {
        ParseOptions::standard()
    };
    options.with_relaxed(args.relaxed)
}

/// Checks `DIRGOLEM_SLIDERS` (an unknown technique refused, as an unknown backend is) and
/// settles the slider technique for the run, before any query reads it.
pub fn check_sliders() -> Result<(), Error> {
    SliderTechnique::from_env().map_err(|e| format!("{}: {e}", SliderTechnique::ENV_VAR))?;
    Ok(())
}

/// The generator of `--backend`, `DIRGOLEM_BACKEND`, or the fastest backend of this CPU.
pub fn chosen_backend(args: &Args) -> Result<Generator, Error> {
    let env = match std::env::var_os(backend::ENV_VAR) {
        None => None,
        Some(value) => Some(
            value
                .into_string()
                .map_err(|_| format!("{}: value is not valid UTF-8", backend::ENV_VAR))?,
        ),
    };
    Ok(backend::choose(args.backend.as_deref(), env.as_deref())?)
}

/// The DEPTH argument of perft and divide.
pub fn depth_argument(command: &str, rest: &[String]) -> Result<u32, Error> {
    match rest.first() {
        Some(text) => Ok(parse_depth("depth", text)?),
        None => Err(Error::Input(format!(
            "missing DEPTH (usage: dirgolem {command} DEPTH [FEN]...)"
        ))),
    }
}

/// The position of the FEN argument, or the start position. `more_arguments`: whether other
/// arguments follow, which hints that an unquoted FEN was split into several.
pub fn position(
    fen: Option<&str>,
    options: ParseOptions,
    more_arguments: bool,
) -> Result<Position, Error> {
    let Some(fen) = fen else {
        return Ok(Position::startpos().with_castling_mode(options.castling));
    };
    Position::from_fen_with(fen, options).map_err(|e| {
        let hint = if more_arguments && !fen.trim().contains(' ') {
            " (the FEN must be one argument: quote it)"
        } else {
            ""
        };
        Error::Input(format!("bad FEN '{}': {e}{hint}", bounded(fen)))
    })
}
