//! `dirgolem help [COMMAND]`: the general help, or one command's usage, description and the
//! options that apply to it. The README's tool section says the same at length.

use std::io::Write;
use std::process::ExitCode;

use super::Error;
use super::output::bounded;

/// The general help.
pub const USAGE: &str = "\
dirgolem: strictly legal chess move generation the DirGolem way

Usage:
  dirgolem perft DEPTH [FEN]             count the leaf nodes DEPTH plies deep
  dirgolem divide DEPTH [FEN] [MOVES...] play MOVES, then count the nodes below each legal move
  dirgolem suite FILE                    check every count of an EPD perft file
  dirgolem bench [--quick]               perft of the five CPW positions per backend, in Mnps
  dirgolem backends                      list the backends, which this CPU runs, which is selected
  dirgolem help [COMMAND] | --help | -h  show this text, or one command's
  dirgolem --version                     show the version

The FEN is one argument (quote it); without it the start position is used. In divide, the
argument after DEPTH is the FEN when it contains a '/', else the first move. MOVES are UCI
moves (e2e4 e7e5), as separate arguments or as one space-separated argument. DEPTH is 0 to 64
in plain decimal digits.

Options (anywhere on the line; those with a value at most once):
  --chess960          castling rights in Shredder-FEN or X-FEN, castling moves as king takes rook
  --relaxed           accept positions with impossible checks or too much material
  --backend NAME      run on this backend (or set DIRGOLEM_BACKEND); default: the fastest
                      one this CPU runs (see 'dirgolem backends')
  --max-depth D       suite: skip depths above D
  --max-nodes N       suite: skip counts above N (default 100000000)
  --quick             bench: one ply shallower
  --threads N         perft, divide: count on N threads (default: every core); bench: also
                      run on N threads and print the speed-up. N is at least 1
  --json              bench: the figures as one JSON object (CPU, features, Mnps, version)

Output:
  perft   'nodes N' on stdout; time, Mnps and backend on stderr (and the progress while
          stderr is a terminal)
  divide  'MOVE COUNT' per legal move, a blank line, then the total (perftree format)
  suite   one line per mismatch or unparsable line, then 'N passed, M failed[, K skipped]'

Exit status: 0 success, 1 suite mismatch or wrong bench count, 2 bad input or output that
cannot be written, 141 the reader of stdout went away. The README has the details.
";

/// One command's help: usage line, what it does, the options that apply.
struct CommandHelp {
    name: &'static str,
    usage: &'static str,
    text: &'static str,
}

const COMMANDS: [CommandHelp; 6] = [
    CommandHelp {
        name: "perft",
        usage: "dirgolem perft DEPTH [FEN]",
        text: "Counts the leaf nodes DEPTH plies below FEN (default: the start position) and\n\
               prints 'nodes N' on stdout; time, Mnps and backend go to stderr. On N threads\n\
               (default: every core) the count is the same; while stderr is a terminal, the\n\
               progress is shown there.\n\n\
               Options: --threads N, --chess960, --relaxed, --backend NAME\n",
    },
    CommandHelp {
        name: "divide",
        usage: "dirgolem divide DEPTH [FEN] [MOVES...]",
        text: "Plays the UCI MOVES from FEN (default: the start position), then prints each\n\
               legal move with the leaves DEPTH - 1 plies below it, a blank line and the\n\
               total: the format perftree reads. The argument after DEPTH is the FEN when it\n\
               contains a '/'. The lines are the same on any number of threads.\n\n\
               Options: --threads N, --chess960, --relaxed, --backend NAME\n",
    },
    CommandHelp {
        name: "suite",
        usage: "dirgolem suite FILE",
        text: "Checks every ';D<depth> <nodes>' count of an EPD perft file; prints one line per\n\
               mismatch or unparsable line, then 'N passed, M failed[, K skipped]'. Exits 1\n\
               when anything failed.\n\n\
               Options: --max-depth D, --max-nodes N, --chess960, --relaxed, --backend NAME\n",
    },
    CommandHelp {
        name: "bench",
        usage: "dirgolem bench [--quick] [--threads N] [--json]",
        text: "Perft of the five CPW positions on every backend this CPU runs (or the one\n\
               chosen), one line each and a total per backend, in Mnps; exits 1 if a count\n\
               differs from the published one. Each position is counted at least three times\n\
               and for at least 0.2 s, and the fastest round is shown with the number of\n\
               rounds.\n\n\
               Options: --quick (one ply shallower, one round), --threads N (also run on N\n\
               threads and print the speed-up), --json (one JSON object: CPU, features,\n\
               Mnps, version), --backend NAME\n",
    },
    CommandHelp {
        name: "backends",
        usage: "dirgolem backends",
        text: "Lists the backends, whether this CPU runs each, and which one is selected.\n\n\
               Options: --backend NAME\n",
    },
    CommandHelp {
        name: "help",
        usage: "dirgolem help [COMMAND]",
        text: "Shows the general help, or one command's.\n",
    },
];

/// The help text of `command`, or `None` for an unknown command.
pub fn text_of(command: &str) -> Option<String> {
    let help = COMMANDS.iter().find(|c| c.name == command)?;
    Some(format!("Usage: {}\n\n{}", help.usage, help.text))
}

/// Writes the general help (`None`) or one command's.
pub fn command(command: Option<&str>, out: &mut impl Write) -> Result<ExitCode, Error> {
    let text = match command {
        None => USAGE.to_string(),
        Some(name) => text_of(name).ok_or_else(|| {
            Error::Input(format!(
                "no help for unknown command '{}' (see 'dirgolem help')",
                bounded(name)
            ))
        })?,
    };
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_of_the_usage_has_its_own_help() {
        for help in &COMMANDS {
            assert!(
                USAGE.contains(&format!("  dirgolem {}", help.name)),
                "{}",
                help.name
            );
            let text = text_of(help.name).unwrap();
            assert!(text.starts_with(&format!("Usage: {}\n", help.usage)));
        }
        assert_eq!(text_of("frobnicate"), None);
    }
}
