//! The `dirgolem` tool: perft, a perftree-compatible divide, and EPD perft suites, on the
//! DirGolem move generator. Run `dirgolem help` for the commands; `docs/TOOL.md` (the README's
//! tool section) describes the output formats and exit codes.
//!
//! Exit status: 0 success, 1 a suite found a mismatch, 2 bad input (arguments, FEN, moves,
//! files). Errors are one line on stderr starting `dirgolem: error: `. When stdout is closed
//! early (`dirgolem divide 5 | head -1`) the tool stops quietly with status 141, as a Unix tool
//! ended by SIGPIPE does.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cli::args::{Args, parse_depth};
use cli::backend;
use cli::suite;
use dirgolem::{Generator, ParseOptions, Position};

const USAGE: &str = "\
dirgolem: strictly legal chess move generation the DirGolem way

Usage:
  dirgolem perft DEPTH [FEN]             count the leaf nodes DEPTH plies deep
  dirgolem divide DEPTH [FEN] [MOVES...] play MOVES, then count the nodes below each legal move
  dirgolem suite FILE                    check every count of an EPD perft file
  dirgolem bench [--quick]               perft of the five CPW positions per backend, in Mnps
  dirgolem backends                      list the backends, which this CPU runs, which is selected
  dirgolem help | --help | -h            show this text
  dirgolem --version                     show the version

The FEN is one argument (quote it); without it the start position is used. In divide, the
argument after DEPTH is the FEN when it contains a '/', else the first move. MOVES are UCI
moves (e2e4 e7e5), as separate arguments or as one space-separated argument. DEPTH is 0 to 64.

Options (anywhere on the line):
  --chess960          castling rights in Shredder-FEN or X-FEN, castling moves as king takes rook
  --relaxed           accept positions with impossible checks or too much material
  --backend NAME      run on this backend (or set DIRGOLEM_BACKEND); default: the fastest
                      one this CPU runs (see 'dirgolem backends')
  --max-depth D       suite: skip depths above D
  --max-nodes N       suite: skip counts above N (default 100000000)
  --quick             bench: one ply shallower

Output:
  perft   'nodes N' on stdout; time, Mnps and backend on stderr
  divide  'MOVE COUNT' per legal move, a blank line, then the total (perftree format)
  suite   one line per mismatch or unparsable line, then 'N passed, M failed[, K skipped]'

Exit status: 0 success, 1 suite mismatch, 2 bad input.
";

/// Why a run stopped early.
enum Error {
    /// Bad input from the user: reported on stderr, exit status 2.
    Input(String),
    /// stdout could not be written.
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

fn main() -> ExitCode {
    match run(Args::parse(std::env::args_os().skip(1))) {
        Ok(code) => code,
        Err(Error::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(Error::Output(e)) => {
            report(&format!("cannot write the output: {e}"));
            ExitCode::from(2)
        }
        Err(Error::Input(message)) => {
            report(&message);
            ExitCode::from(2)
        }
    }
}

/// Writes the one error line; control characters from the user's input (a newline inside a
/// quoted FEN, say) are escaped so that it stays one line. A failing stderr cannot be reported
/// anywhere, so it is ignored.
fn report(message: &str) {
    let line: String = message
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let _ = writeln!(io::stderr(), "dirgolem: error: {line}");
}

fn run(args: Result<Args, String>) -> Result<ExitCode, Error> {
    let args = args?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.help {
        out.write_all(USAGE.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.version {
        writeln!(out, "dirgolem {}", env!("CARGO_PKG_VERSION"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some((command, rest)) = args.positional.split_first() else {
        return Err(Error::Input(
            "no command given (see 'dirgolem help')".to_string(),
        ));
    };
    if command != "bench" && args.quick {
        return Err(Error::Input(
            "option --quick only applies to bench".to_string(),
        ));
    }
    if command != "suite" {
        if args.max_depth.is_some() {
            return Err(Error::Input(
                "option --max-depth only applies to suite".to_string(),
            ));
        }
        if args.max_nodes.is_some() {
            return Err(Error::Input(
                "option --max-nodes only applies to suite".to_string(),
            ));
        }
    }
    match command.as_str() {
        "help" => {
            out.write_all(USAGE.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        "backends" => {
            no_more(command, rest)?;
            let selected = chosen_backend(&args)?.backend();
            for line in backend::listing(selected) {
                writeln!(out, "{line}")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        "perft" => perft(&args, rest, &mut out),
        "divide" => divide(&args, rest, &mut out),
        "suite" => run_suite(&args, rest, &mut out),
        "bench" => bench(&args, rest, &mut out),
        other => Err(Error::Input(format!(
            "unknown command '{other}' (see 'dirgolem help')"
        ))),
    }
}

/// Refuses arguments beyond those a command takes.
fn no_more(command: &str, extra: &[String]) -> Result<(), Error> {
    match extra.first() {
        None => Ok(()),
        Some(first) => Err(Error::Input(format!(
            "too many arguments for {command}: '{first}' (see 'dirgolem help')"
        ))),
    }
}

/// The FEN options of `--chess960` and `--relaxed`.
fn parse_options(args: &Args) -> ParseOptions {
    let options = if args.chess960 {
        ParseOptions::chess960()
    } else {
        ParseOptions::standard()
    };
    options.with_relaxed(args.relaxed)
}

/// The generator of `--backend`, `DIRGOLEM_BACKEND`, or the fastest backend of this CPU.
fn chosen_backend(args: &Args) -> Result<Generator, Error> {
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
fn depth_argument(command: &str, rest: &[String]) -> Result<u32, Error> {
    match rest.first() {
        Some(text) => Ok(parse_depth("depth", text)?),
        None => Err(Error::Input(format!(
            "missing DEPTH (usage: dirgolem {command} DEPTH [FEN]...)"
        ))),
    }
}

/// The position of the FEN argument, or the start position.
fn position(
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
        Error::Input(format!("bad FEN '{fen}': {e}{hint}"))
    })
}

fn perft(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    let depth = depth_argument("perft", rest)?;
    if let Some(extra) = rest.get(2) {
        let hint = if rest[1].contains('/') {
            " (the FEN must be one argument: quote it)"
        } else {
            ""
        };
        return Err(Error::Input(format!(
            "too many arguments for perft: '{extra}'{hint}"
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

/// `dirgolem bench`: every available backend (or the one `--backend` / `DIRGOLEM_BACKEND`
/// names), the five CPW positions, one line each, then a total per backend.
fn bench(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
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
        for p in &cli::bench::POSITIONS {
            let m = cli::bench::measure(&generator, p, args.quick);
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
    Ok(if all_correct {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `time 1.234 s, 96.5 Mnps, backend avx2` on stderr (ignored if stderr cannot be written).
fn report_speed(nodes: u64, elapsed: Duration, generator: &Generator) {
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

fn divide(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    let depth = depth_argument("divide", rest)?;
    let generator = chosen_backend(args)?;
    let (fen, move_arguments) = match rest.get(1) {
        Some(word) if word.contains('/') => (Some(word.as_str()), &rest[2..]),
        _ => (None, rest.get(1..).unwrap_or(&[])),
    };
    let mut position = position(fen, parse_options(args), !move_arguments.is_empty())?;
    let moves = move_arguments.iter().flat_map(|a| a.split_whitespace());
    for (index, text) in moves.enumerate() {
        let m = position
            .parse_uci(text)
            .map_err(|e| format!("cannot play move {} of MOVES ({text}): {e}", index + 1))?;
        position = position
            .play(m)
            .map_err(|e| format!("cannot play move {} of MOVES: {e}", index + 1))?;
    }
    let mode = position.castling_mode();
    let mut total = 0u64;
    if depth == 0 {
        // The position itself is the one leaf at depth 0; there is no first move to split by.
        total = 1;
    } else {
        // Every move, not a `MoveList` (which keeps 256: relaxed positions can have more).
        let mut moves = Vec::new();
        generator.for_each_legal_move(&position, |m| moves.push(m));
        for m in moves {
            let nodes = generator.perft(&position.play_unchecked(m), depth - 1);
            total += nodes;
            writeln!(out, "{} {nodes}", m.to_uci(mode))?;
            out.flush()?;
        }
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn run_suite(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    let Some((path, extra)) = rest.split_first() else {
        return Err(Error::Input(
            "missing FILE (usage: dirgolem suite FILE)".to_string(),
        ));
    };
    no_more("suite", extra)?;
    let config = suite::Config {
        options: parse_options(args),
        generator: chosen_backend(args)?,
        max_depth: args.max_depth,
        max_nodes: args.max_nodes.unwrap_or(suite::DEFAULT_MAX_NODES),
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let start = Instant::now();
    let summary = suite::run(&text, &config, out)?;
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
