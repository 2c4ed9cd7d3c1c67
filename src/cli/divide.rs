//! `dirgolem divide DEPTH [FEN] [MOVES...]`: plays MOVES, then prints each legal move with the
//! leaves below it, a blank line and the total: the format perftree reads. With more than one
//! thread (`--threads N`, default every core) the moves are still printed in generation order.

use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;

use dirgolem::{available_threads, divide_each, divide_parallel_each};

use super::Error;
use super::args::Args;
use super::input::{chosen_backend, depth_argument, parse_options, position};
use super::output::bounded;

/// Runs `dirgolem divide` with the arguments after the command.
pub fn command(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    let depth = depth_argument("divide", rest)?;
    let generator = chosen_backend(args)?;
    let (fen, move_arguments) = match rest.get(1) {
        Some(word) if word.contains('/') => (Some(word.as_str()), &rest[2..]),
        _ => (None, rest.get(1..).unwrap_or(&[])),
    };
    let mut position = position(fen, parse_options(args), !move_arguments.is_empty())?;
    let moves = move_arguments.iter().flat_map(|a| a.split_whitespace());
    for (index, text) in moves.enumerate() {
        let m = position.parse_uci(text).map_err(|e| {
            format!(
                "cannot play move {} of MOVES ({}): {e}",
                index + 1,
                bounded(text)
            )
        })?;
        position = position
            .play(m)
            .map_err(|e| format!("cannot play move {} of MOVES: {e}", index + 1))?;
    }
    let mode = position.castling_mode();
    // The position itself is the one leaf at depth 0, with no first move to split by.
    let mut total = u64::from(depth == 0);
    let print = |m: dirgolem::Move, nodes| {
        total += nodes;
        match writeln!(out, "{} {nodes}", m.to_uci(mode)).and_then(|()| out.flush()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        }
    };
    let threads = args.threads.unwrap_or_else(available_threads);
    let written = if threads.get() == 1 {
        divide_each(&generator, &position, depth, print)
    } else {
        divide_parallel_each(&generator, &position, depth, threads, print)
    };
    if let ControlFlow::Break(e) = written {
        return Err(Error::Output(e));
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
