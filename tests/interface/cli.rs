//! The `dirgolem` tool, run as a process: output formats, values, exit codes, error lines and
//! a closed stdout. The counts are checked against published perft values and against the
//! library itself, never against the tool's own earlier output.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use dirgolem::{Backend, CastlingMode, Generator, ParseOptions, Position, SliderTechnique, perft};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The tool with a clean environment for the backend choice.
fn tool() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dirgolem"));
    command.env_remove("DIRGOLEM_BACKEND");
    command
}

fn run(args: &[&str]) -> Output {
    tool().args(args).output().expect("the tool runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command that must succeed and returns its stdout.
fn success(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: stderr {}",
        stderr(&output)
    );
    stdout(&output)
}

/// A file in cargo's scratch directory for integration tests.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("temp file written");
    path
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

// ---- perft -------------------------------------------------------------------------------

#[test]
fn perft_prints_one_nodes_line_with_the_startpos_counts() {
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8902), (4, 197281)] {
        let output = run(&["perft", &depth.to_string()]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stdout(&output), format!("nodes {nodes}\n"), "depth {depth}");
        let err = stderr(&output);
        assert!(
            err.starts_with("time ") && err.contains(" s"),
            "timing on stderr: {err:?}"
        );
    }
}

#[test]
fn perft_takes_the_fen_as_one_argument() {
    assert_eq!(success(&["perft", "3", KIWIPETE]), "nodes 97862\n");
    assert_eq!(success(&["perft", "2", STARTPOS]), "nodes 400\n");
}

#[test]
fn perft_at_depth_zero_counts_the_position_itself() {
    assert_eq!(success(&["perft", "0"]), "nodes 1\n");
    assert_eq!(success(&["perft", "0", KIWIPETE]), "nodes 1\n");
}

#[test]
fn perft_accepts_options_before_and_after_the_command() {
    // The first position of chess960.epd: D2 528.
    let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(
        success(&["--chess960", "perft", "2", chess960]),
        "nodes 528\n"
    );
    assert_eq!(
        success(&["perft", "2", chess960, "--chess960", "--backend", "scalar"]),
        "nodes 528\n"
    );
    assert_eq!(success(&["perft", "--backend=scalar", "1"]), "nodes 20\n");
}

#[test]
fn backend_can_be_chosen_by_the_environment() {
    let output = tool()
        .env("DIRGOLEM_BACKEND", "scalar")
        .args(["perft", "2"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "nodes 400\n");
}

#[test]
fn backends_lists_every_backend_and_marks_the_selected_one() {
    for (args, selected) in [
        (vec!["backends"], Generator::detect().backend()),
        (vec!["backends", "--backend", "scalar"], Backend::Scalar),
    ] {
        let listed = success(&args);
        let lines: Vec<&str> = listed.lines().collect();
        assert_eq!(lines.len(), Backend::ALL.len(), "{listed:?}");
        for (line, backend) in lines.iter().zip(Backend::ALL) {
            let status = if backend.is_available() {
                "available"
            } else {
                "unavailable"
            };
            let mark = if backend == selected { " selected" } else { "" };
            assert_eq!(*line, format!("{} {status}{mark}", backend.name()));
        }
    }
}

#[test]
fn every_available_backend_gives_the_same_counts() {
    let divide = success(&["divide", "3", KIWIPETE, "--backend", "scalar"]);
    for backend in Backend::available() {
        let output = run(&["perft", "3", KIWIPETE, "--backend", backend.name()]);
        assert_eq!(stdout(&output), "nodes 97862\n", "{backend}");
        assert!(
            stderr(&output).contains(&format!("backend {backend}")),
            "{}",
            stderr(&output)
        );
        let sorted = |text: &str| {
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            lines.sort();
            lines
        };
        let theirs = success(&["divide", "3", KIWIPETE, "--backend", backend.name()]);
        assert_eq!(sorted(&theirs), sorted(&divide), "{backend}");
        let suite = run(&[
            "suite",
            &data("cpw.epd"),
            "--max-nodes",
            "10000",
            "--backend",
            backend.name(),
        ]);
        assert_eq!(
            suite.status.code(),
            Some(0),
            "{backend}: {}",
            stdout(&suite)
        );
    }
}

// ---- divide ------------------------------------------------------------------------------

/// A divide output split into its parts, with every format rule checked on the way.
struct Divide {
    moves: Vec<(String, u64)>,
    total: u64,
}

fn parse_divide(text: &str) -> Divide {
    assert!(text.ends_with('\n'), "output ends with a newline: {text:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() >= 2,
        "at least a blank line and the total: {text:?}"
    );
    let blank = lines
        .iter()
        .position(|l| l.is_empty())
        .expect("a blank line");
    assert_eq!(
        blank,
        lines.len() - 2,
        "the blank line comes just before the total: {text:?}"
    );
    let total = lines[blank + 1]
        .parse()
        .expect("the last line is the total alone");
    let moves = lines[..blank]
        .iter()
        .map(|line| {
            let (mv, count) = line.split_once(' ').expect("'MOVE COUNT'");
            assert!(
                matches!(mv.len(), 4 | 5) && mv.is_ascii(),
                "UCI move text: {line:?}"
            );
            (mv.to_string(), count.parse().expect("a count"))
        })
        .collect();
    Divide { moves, total }
}

/// The library's view of the same split, to compare with the tool's.
fn expected_divide(position: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut all = Vec::new();
    position.for_each_legal_move(|m| all.push(m));
    let mut expected: Vec<(String, u64)> = all
        .iter()
        .map(|&m| {
            (
                m.to_uci(position.castling_mode()).to_string(),
                perft(&position.play_unchecked(m), depth - 1),
            )
        })
        .collect();
    expected.sort();
    expected
}

fn assert_divide_matches(
    text: &str,
    position: &Position,
    depth: u32,
    published_total: Option<u64>,
) {
    let divide = parse_divide(text);
    let sum: u64 = divide.moves.iter().map(|&(_, n)| n).sum();
    assert_eq!(sum, divide.total, "the lines add up to the total");
    assert_eq!(divide.total, perft(position, depth));
    if let Some(total) = published_total {
        assert_eq!(divide.total, total);
    }
    let mut moves = divide.moves;
    moves.sort();
    assert_eq!(moves, expected_divide(position, depth));
}

#[test]
fn divide_startpos_lists_each_move_and_the_total() {
    let text = success(&["divide", "3"]);
    assert_eq!(parse_divide(&text).moves.len(), 20);
    assert_divide_matches(&text, &Position::startpos(), 3, Some(8902));
    assert_divide_matches(
        &success(&["divide", "2", KIWIPETE]),
        &Position::from_fen(KIWIPETE).unwrap(),
        2,
        Some(2039),
    );
}

#[test]
fn divide_lists_every_move_of_a_position_with_more_than_a_move_list_holds() {
    // 258 legal moves (relaxed: too much material); a `MoveList` keeps 256.
    let fen = "kBQQQQQQ/BR5Q/Q1p4Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
    let position = Position::from_fen_with(fen, dirgolem::ParseOptions::relaxed()).unwrap();
    assert!(!position.legal_moves().is_complete());
    let text = success(&["divide", "2", "--relaxed", fen]);
    assert_eq!(parse_divide(&text).moves.len(), 258);
    assert_divide_matches(&text, &position, 2, Some(perft(&position, 2)));
}

#[test]
fn divide_plays_moves_given_as_one_argument_or_several() {
    let one = success(&["divide", "2", STARTPOS, "e2e4 e7e5 g1f3"]);
    let several = success(&["divide", "2", STARTPOS, "e2e4", "e7e5", "g1f3"]);
    let mixed = success(&["divide", "2", STARTPOS, "e2e4 e7e5", "g1f3"]);
    assert_eq!(one, several);
    assert_eq!(one, mixed);
    let mut position = Position::startpos();
    for text in ["e2e4", "e7e5", "g1f3"] {
        position = position.play(position.parse_uci(text).unwrap()).unwrap();
    }
    assert_divide_matches(&one, &position, 2, None);
}

#[test]
fn divide_without_fen_starts_from_the_start_position() {
    let text = success(&["divide", "1", "e2e4"]);
    let after = Position::startpos()
        .play(Position::startpos().parse_uci("e2e4").unwrap())
        .unwrap();
    assert_divide_matches(&text, &after, 1, Some(20));
    assert_eq!(
        success(&["divide", "2"]),
        success(&["divide", "2", STARTPOS])
    );
}

#[test]
fn divide_accepts_an_empty_moves_argument() {
    // perftree passes no moves argument at the root; an empty one must mean the same.
    assert_eq!(
        success(&["divide", "2", STARTPOS, ""]),
        success(&["divide", "2", STARTPOS])
    );
}

#[test]
fn divide_at_depth_zero_prints_no_moves_and_total_one() {
    assert_eq!(success(&["divide", "0"]), "\n1\n");
    assert_eq!(success(&["divide", "0", KIWIPETE, "e1g1"]), "\n1\n");
}

#[test]
fn divide_writes_castling_in_the_position_mode() {
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let moves: Vec<String> = parse_divide(&success(&["divide", "1", standard]))
        .moves
        .into_iter()
        .map(|m| m.0)
        .collect();
    assert!(
        moves.iter().any(|m| m == "e1g1") && moves.iter().any(|m| m == "e1c1"),
        "{moves:?}"
    );
    assert!(
        !moves.iter().any(|m| m == "e1h1" || m == "e1a1"),
        "{moves:?}"
    );

    let shredder = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1";
    let text = success(&["divide", "1", "--chess960", shredder]);
    let moves: Vec<String> = parse_divide(&text).moves.into_iter().map(|m| m.0).collect();
    assert!(
        moves.iter().any(|m| m == "e1h1") && moves.iter().any(|m| m == "e1a1"),
        "{moves:?}"
    );
    assert!(
        !moves.iter().any(|m| m == "e1g1" || m == "e1c1"),
        "{moves:?}"
    );
    let position = Position::from_fen_with(shredder, ParseOptions::chess960()).unwrap();
    assert_eq!(position.castling_mode(), CastlingMode::Chess960);
    assert_divide_matches(&text, &position, 1, None);

    // The Chess960 move text is also what MOVES takes.
    let after = success(&["divide", "1", "--chess960", shredder, "e1h1"]);
    let castled = position.play(position.parse_uci("e1h1").unwrap()).unwrap();
    assert_divide_matches(&after, &castled, 1, None);
}

// ---- suite -------------------------------------------------------------------------------

#[test]
fn suite_reports_a_mismatch_and_exits_one() {
    let file = temp_file(
        "mismatch.epd",
        &format!("{STARTPOS} ;D1 20 ;D2 400\n{KIWIPETE} ;D1 48 ;D2 2040\n"),
    );
    let output = run(&["suite", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text:?}");
    assert!(lines[0].contains(KIWIPETE), "{text:?}");
    assert!(
        lines[0].contains("D2") && lines[0].contains("2040") && lines[0].contains("2039"),
        "{text:?}"
    );
    assert_eq!(lines[1], "3 passed, 1 failed");
}

#[test]
fn suite_counts_unparsable_lines_as_failures() {
    let file = temp_file(
        "unparsable.epd",
        &format!("{STARTPOS} ;D1 20\n{STARTPOS} ;D1 twenty\n\nnot a fen ;D1 3\n{STARTPOS}\n"),
    );
    let output = run(&["suite", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text:?}");
    assert!(lines[0].contains("line 2"), "{text:?}");
    assert!(lines[1].contains("line 4"), "{text:?}");
    assert!(lines[2].contains("line 5"), "{text:?}");
    assert_eq!(lines[3], "1 passed, 3 failed");
}

#[test]
fn suite_passes_cpw_within_a_node_budget() {
    let output = run(&["suite", &data("cpw.epd"), "--max-nodes", "100000"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "only the summary: {text:?}");
    let parts: Vec<&str> = lines[0].split(", ").collect();
    assert_eq!(parts.len(), 3, "{text:?}");
    let passed: u64 = parts[0].strip_suffix(" passed").unwrap().parse().unwrap();
    assert_eq!(parts[1], "0 failed");
    let skipped: u64 = parts[2].strip_suffix(" skipped").unwrap().parse().unwrap();
    // Every count of cpw.epd up to 100000 nodes, counted from the file itself.
    let in_budget = std::fs::read_to_string(data("cpw.epd"))
        .unwrap()
        .lines()
        .flat_map(|l| {
            l.split(';')
                .skip(1)
                .map(|e| e.trim().split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        })
        .filter(|&n| n <= 100_000)
        .count() as u64;
    assert_eq!(passed, in_budget);
    assert!(skipped > 0);
}

#[test]
fn suite_without_skips_prints_the_short_summary() {
    let file = temp_file(
        "short.epd",
        &format!("{STARTPOS} ;D1 20 ;D2 400 ;D3 8902\n"),
    );
    assert_eq!(
        success(&["suite", file.to_str().unwrap()]),
        "3 passed, 0 failed\n"
    );
    assert_eq!(
        success(&["suite", file.to_str().unwrap(), "--max-depth", "2"]),
        "2 passed, 0 failed, 1 skipped\n"
    );
}

#[test]
fn suite_reads_shredder_fen_with_chess960() {
    let output = run(&[
        "suite",
        &data("chess960.epd"),
        "--chess960",
        "--max-nodes",
        "2000",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).contains(" 0 failed"));
}

// ---- help, version -----------------------------------------------------------------------

#[test]
fn help_goes_to_stdout_with_status_zero() {
    for flag in ["help", "--help", "-h"] {
        let output = run(&[flag]);
        assert_eq!(output.status.code(), Some(0));
        let text = stdout(&output);
        for command in [
            "perft",
            "divide",
            "suite",
            "--chess960",
            "--relaxed",
            "--backend",
        ] {
            assert!(text.contains(command), "{flag}: help mentions {command}");
        }
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn help_for_a_command_shows_that_command() {
    for command in ["perft", "divide", "suite", "bench", "backends", "help"] {
        let text = success(&["help", command]);
        assert!(
            text.starts_with(&format!("Usage: dirgolem {command}")),
            "{command}: {text}"
        );
        assert_ne!(text, success(&["help"]), "{command}");
        // `COMMAND --help` is `help COMMAND`, wherever the option stands.
        assert_eq!(success(&[command, "--help"]), text, "{command}");
        assert_eq!(success(&["--help", command, "3"]), text, "{command}");
    }
    assert!(success(&["help", "suite"]).contains("--max-nodes"));
    fails(&["help", "frobnicate"], "unknown command 'frobnicate'");
    fails(&["help", "perft", "divide"], "too many arguments for help");
}

#[test]
fn version_prints_the_crate_version() {
    assert_eq!(
        success(&["--version"]),
        format!("dirgolem {}\n", env!("CARGO_PKG_VERSION"))
    );
}

// ---- errors ------------------------------------------------------------------------------

/// The command fails with status 2, nothing on stdout, and one `dirgolem: error: ` line on
/// stderr that contains `needle`.
fn assert_input_error(command: &mut Command, needle: &str) {
    let output = command.output().expect("the tool runs");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{command:?}: {err}");
    assert!(
        output.stdout.is_empty(),
        "{command:?}: stdout {:?}",
        stdout(&output)
    );
    assert_eq!(err.lines().count(), 1, "{command:?}: one line: {err:?}");
    assert!(
        err.starts_with("dirgolem: error: ") && err.ends_with('\n'),
        "{command:?}: {err:?}"
    );
    assert!(
        err.contains(needle),
        "{command:?}: {err:?} should contain {needle:?}"
    );
}

fn fails(args: &[&str], needle: &str) {
    assert_input_error(tool().args(args), needle);
}

#[test]
fn commands_and_options_are_checked() {
    fails(&[], "no command");
    fails(&["frobnicate"], "unknown command 'frobnicate'");
    fails(
        &["perft", "1", "--frobnicate"],
        "unknown option '--frobnicate'",
    );
    fails(&["perft", "1", "--backend"], "--backend needs a value");
    fails(
        &["perft", "1", "--max-nodes", "10"],
        "--max-nodes only applies to suite",
    );
    fails(
        &["divide", "1", "--max-depth", "1"],
        "--max-depth only applies to suite",
    );
    fails(&["suite", "x.epd", "--max-nodes", "lots"], "--max-nodes");
    fails(&["backends", "extra"], "too many arguments");
}

#[test]
fn options_with_a_value_are_given_once() {
    fails(
        &["perft", "1", "--backend", "scalar", "--backend", "scalar"],
        "option --backend given twice",
    );
    fails(
        &["suite", "x.epd", "--max-depth=1", "--max-depth", "2"],
        "option --max-depth given twice",
    );
    // A repeated flag asks for the same thing twice: accepted.
    assert_eq!(
        success(&["perft", "1", "--relaxed", "--relaxed"]),
        "nodes 20\n"
    );
}

#[test]
fn depths_are_checked() {
    for command in ["perft", "divide"] {
        fails(&[command], "missing DEPTH");
        fails(&[command, "three"], "not a number");
        fails(&[command, "+3"], "'+3' is not a number");
        fails(&[command, " 3"], "not a number");
        fails(&[command, "-1"], "negative");
        fails(&[command, "65"], "too deep");
        fails(&[command, "18446744073709551617"], "too deep");
    }
}

#[test]
fn bad_fens_show_the_library_message() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";
    let message = Position::from_fen(fen).unwrap_err().to_string();
    fails(&["perft", "1", fen], &message);
    fails(&["divide", "1", fen], &message);
    fails(
        &[
            "perft",
            "1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "w",
        ],
        "quote it",
    );
    // A newline inside an argument is escaped: the error stays one line.
    fails(&["perft", "1", "8/8/8\n/8/8/8/8/8 w - - 0 1"], "\\n");
    fails(&["perft", "3\n"], "\\n");
}

#[test]
fn bad_moves_say_which_and_why() {
    fails(&["divide", "1", STARTPOS, "e2e4 e7e5 e1e3"], "move 3");
    fails(
        &["divide", "1", STARTPOS, "e2e4", "e7e9"],
        "'e7e9' is not a UCI move",
    );
    fails(&["divide", "1", "e2e5"], "'e2e5' is not a legal move");
    // Standard move text for castling is refused in Chess960 mode, where it could be a king step.
    fails(
        &[
            "divide",
            "1",
            "--chess960",
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            "e1g1",
        ],
        "e1g1",
    );
}

#[test]
fn suite_files_are_checked() {
    fails(&["suite"], "missing FILE");
    fails(
        &["suite", "/nonexistent/dirgolem/suite.epd"],
        "cannot read '/nonexistent/dirgolem/suite.epd'",
    );
    fails(&["suite", &data("cpw.epd"), "extra"], "too many arguments");
}

#[test]
fn unknown_backends_are_refused_from_option_and_environment() {
    let unknown = |name: &str| name.parse::<Backend>().unwrap_err().to_string();
    assert!(
        unknown("x").starts_with("unknown backend 'x' (known: scalar"),
        "{}",
        unknown("x")
    );
    fails(&["perft", "1", "--backend", "x"], &unknown("x"));
    fails(
        &["suite", &data("cpw.epd"), "--backend", "avx9"],
        &unknown("avx9"),
    );
    assert_input_error(
        tool().env("DIRGOLEM_BACKEND", "x").args(["perft", "1"]),
        &unknown("x"),
    );
    assert_input_error(
        tool()
            .env("DIRGOLEM_BACKEND", "x")
            .args(["divide", "1", "--backend", "scalar"]),
        &format!("DIRGOLEM_BACKEND: {}", unknown("x")),
    );
}

/// A set but unknown `DIRGOLEM_SLIDERS` stops every command but help before it starts, as an
/// unknown backend does, naming the variable and the accepted values; the accepted values and
/// an empty one run.
#[test]
fn unknown_slider_techniques_are_refused_from_the_environment() {
    let message = "DIRGOLEM_SLIDERS: unknown slider technique 'bogus' (known: pext, computed)";
    assert_eq!(
        format!(
            "{}: {}",
            SliderTechnique::ENV_VAR,
            "bogus".parse::<SliderTechnique>().unwrap_err()
        ),
        message
    );
    for args in [
        &["perft", "1"][..],
        &["divide", "1", "--backend", "scalar"],
        &["suite", &data("cpw.epd")],
        &["bench", "--quick"],
        &["backends"],
    ] {
        assert_input_error(tool().env("DIRGOLEM_SLIDERS", "bogus").args(args), message);
    }
    let output = tool()
        .env("DIRGOLEM_SLIDERS", "bogus")
        .args(["help", "perft"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for value in ["pext", "computed", ""] {
        let output = tool()
            .env("DIRGOLEM_SLIDERS", value)
            .args(["perft", "3"])
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{value}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "nodes 8902\n", "{value}");
    }
}

#[test]
fn backends_this_cpu_lacks_are_refused() {
    for backend in Backend::ALL.into_iter().filter(|b| !b.is_available()) {
        let message = Generator::new(backend).unwrap_err().to_string();
        assert!(message.contains("not available"), "{message}");
        fails(&["perft", "1", "--backend", backend.name()], &message);
        assert_input_error(
            tool()
                .env("DIRGOLEM_BACKEND", backend.name())
                .args(["perft", "1"]),
            &message,
        );
    }
}

// ---- closed stdout -----------------------------------------------------------------------

/// A reader that goes away after the first line must not make the tool panic: it stops
/// quietly with status 141 (as a tool ended by SIGPIPE).
#[test]
fn closed_stdout_ends_divide_quietly() {
    // The tool must still have lines to write when the reader goes away: one thread and a
    // depth at which the other root moves take seconds in this profile's build (at `divide 5`
    // a release build wrote every line within milliseconds, and on a loaded machine the test
    // dropped its reader after that, so the tool ended with status 0).
    let depth = if cfg!(debug_assertions) { "6" } else { "7" };
    let mut child = tool()
        .args(["divide", depth, "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(
        first.ends_with('\n') && first.split(' ').count() == 2,
        "{first:?}"
    );
    // The reader is dropped here, long before the tool has counted the other root moves, so
    // it writes into a closed pipe.
    let output = child.wait_with_output().unwrap();
    assert_eq!(stderr(&output), "", "nothing on stderr, no panic");
    assert_eq!(output.status.code(), Some(141));
}

#[test]
fn closed_stdout_ends_perft_and_suite_quietly() {
    for args in [
        vec!["perft", "3"],
        vec!["suite", &data("cpw.epd"), "--max-nodes", "100000"],
    ] {
        // The pipe's reader is gone before the tool starts, so the tool's first write meets a
        // closed pipe whatever the timing (a reader dropped after the start raced the tool,
        // which writes after a few milliseconds), and a small count is enough.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = tool()
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = stderr(&output);
        assert!(!err.contains("panic"), "{args:?}: {err}");
        assert_eq!(output.status.code(), Some(141), "{args:?}: {err}");
    }
}

/// Output that cannot be written is an error, not a success with the results gone: a stdout
/// closed before the start (the Rust runtime would quietly put `/dev/null` there) or a full
/// device. One error line, status 2; a shell's `>/dev/null` is still a fine place to write.
#[test]
fn unwritable_stdout_is_an_error() {
    use std::fs::OpenOptions;
    for args in [
        vec!["perft", "2"],
        vec!["divide", "1"],
        vec!["backends"],
        vec!["help"],
        vec!["suite", &data("cpw.epd"), "--max-nodes", "1000"],
    ] {
        // The shell closes stdout (`>&-`) and becomes the tool.
        let mut closed = Command::new("sh");
        closed
            .env_remove("DIRGOLEM_BACKEND")
            .args([
                "-c",
                "exec \"$0\" \"$@\" >&-",
                env!("CARGO_BIN_EXE_dirgolem"),
            ])
            .args(&args);
        assert_input_error(&mut closed, "cannot write the output: stdout is closed");

        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        assert_input_error(
            tool().args(&args).stdout(full),
            "cannot write the output: No space left on device",
        );

        let null = OpenOptions::new().write(true).open("/dev/null").unwrap();
        let output = tool().args(&args).stdout(null).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?} >/dev/null");
    }
}

/// An error line quotes at most a bounded prefix of the user's input, cut between characters:
/// a 120 KB FEN, a huge move or a 1 MB suite line give short lines.
#[test]
fn error_lines_quote_a_bounded_prefix_of_the_input() {
    // 120 KB, under the kernel's limit for one argument.
    let huge_fen = format!("{} w - - 0 1", "é".repeat(60_000));
    let huge_move = "e2e4".repeat(30_000);
    let huge_word = "x".repeat(100_000);
    for args in [
        vec!["perft", "1", huge_fen.as_str()],
        vec!["divide", "1", huge_move.as_str()],
        vec!["divide", "1", "e2e4", huge_move.as_str()],
        vec!["perft", huge_word.as_str()],
        vec!["perft", "1", "--backend", huge_word.as_str()],
        vec![huge_word.as_str()],
        vec!["help", huge_word.as_str()],
        vec!["suite", huge_word.as_str()],
    ] {
        let output = run(&args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..400]);
        assert!(err.contains("..."), "{err}");
    }
    let suite = temp_file(
        "huge-line.epd",
        &format!(
            "{} ;D1 1\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 x{}\n",
            "p".repeat(1 << 20),
            huge_word
        ),
    );
    let output = run(&["suite", suite.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 3, "{}", &out[..out.len().min(600)]);
    assert!(out.len() < 800, "{} bytes", out.len());
}

#[test]
fn bench_measures_the_five_positions_and_checks_their_counts() {
    let listed = success(&["bench", "--quick", "--backend", "scalar"]);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 7, "{listed}");
    assert!(lines[0].starts_with("backend"), "{listed}");
    let expected = [
        ("startpos", 4865609),
        ("kiwipete", 4085603),
        ("position3", 11030083),
        ("position4", 422333),
        ("position5", 2103487),
    ];
    for (line, (name, nodes)) in lines[1..6].iter().zip(expected) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], "scalar");
        assert_eq!(fields[1], name);
        assert_eq!(fields[3].parse::<u64>().unwrap(), nodes, "{line}");
        assert!(fields[5].parse::<f64>().unwrap() > 0.0, "{line}");
        // --quick counts each position once.
        assert_eq!(fields[6], "1", "{line}");
        assert!(!line.contains("WRONG"), "{line}");
    }
    assert!(lines[6].starts_with("scalar   total"), "{listed}");
    let error = run(&["perft", "3", "--quick"]);
    assert_eq!(error.status.code(), Some(2));
}

// ---- threads -----------------------------------------------------------------------------

#[test]
fn perft_with_threads_prints_the_same_line_and_no_progress_off_a_terminal() {
    for (fen, depth, nodes) in [
        (STARTPOS, "5", 4_865_609),
        (KIWIPETE, "4", 4_085_603),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "5", 674_624),
    ] {
        let expected = format!("nodes {nodes}\n");
        for threads in ["1", "2", "3"] {
            let output = run(&["perft", depth, fen, "--threads", threads]);
            assert_eq!(output.status.code(), Some(0), "{threads} threads");
            assert_eq!(stdout(&output), expected, "{fen} with {threads} threads");
            // stderr is a pipe here: the timing line alone, no progress.
            let err = stderr(&output);
            assert_eq!(err.lines().count(), 1, "{err:?}");
            assert!(err.starts_with("time ") && !err.contains('\r'), "{err:?}");
        }
    }
    // The default (every core) counts the same.
    assert_eq!(success(&["perft", "5"]), "nodes 4865609\n");
}

#[test]
fn divide_with_threads_prints_the_same_lines() {
    for (fen, depth) in [(STARTPOS, "4"), (KIWIPETE, "3")] {
        let single = success(&["divide", depth, fen, "--threads", "1"]);
        for threads in ["2", "3", "8"] {
            let text = success(&["divide", depth, fen, "--threads", threads]);
            assert_eq!(text, single, "{fen}, {threads} threads");
        }
        let depth: u32 = depth.parse().unwrap();
        assert_divide_matches(&single, &Position::from_fen(fen).unwrap(), depth, None);
    }
    // Moves played first, and depth 0.
    assert_eq!(
        success(&["divide", "3", "e2e4 e7e5", "--threads=2"]),
        success(&["divide", "3", "e2e4", "e7e5", "--threads=1"])
    );
    assert_eq!(success(&["divide", "0", "--threads", "2"]), "\n1\n");
}

#[test]
fn bad_thread_counts_are_refused() {
    fails(&["perft", "3", "--threads", "0"], "at least one thread");
    fails(&["perft", "3", "--threads", "two"], "'two' is not a number");
    fails(&["divide", "3", "--threads=-2"], "'-2' is not a number");
    fails(&["perft", "3", "--threads"], "--threads needs a value");
    fails(
        &["perft", "3", "--threads", "99999999999999999999999"],
        "too large",
    );
    fails(
        &["perft", "3", "--threads", "2", "--threads", "2"],
        "given twice",
    );
    fails(
        &["suite", &data("cpw.epd"), "--threads", "2"],
        "--threads only applies",
    );
    fails(&["perft", "3", "--json"], "--json only applies to bench");
}

#[test]
fn bench_with_threads_adds_a_line_with_the_speed_up() {
    let backend = Generator::detect().backend().name();
    let listed = success(&["bench", "--quick", "--backend", backend, "--threads", "2"]);
    let lines: Vec<&str> = listed.lines().collect();
    // Header, two lines per position, two totals.
    assert_eq!(lines.len(), 13, "{listed}");
    for pair in lines[1..11].chunks(2) {
        let single: Vec<&str> = pair[0].split_whitespace().collect();
        let threaded: Vec<&str> = pair[1].split_whitespace().collect();
        assert_eq!(single[..4], threaded[..4], "{listed}");
        assert!(!pair[0].contains("speed-up"), "{listed}");
        assert!(pair[1].contains("  2 threads, speed-up "), "{listed}");
    }
    assert!(
        lines[12].contains("total") && lines[12].contains("speed-up"),
        "{listed}"
    );
}

/// A JSON value, as far as the bench output needs one.
#[derive(Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(fields) => {
                let found = fields.iter().find(|(k, _)| k == key);
                &found
                    .unwrap_or_else(|| panic!("no key {key:?} in {self:?}"))
                    .1
            }
            _ => panic!("{self:?} is not an object"),
        }
    }
}

/// A strict parser of one JSON text (RFC 8259): the whole input is one value.
fn parse_json(text: &str) -> Result<Json, String> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let value = json_value(bytes, &mut at)?;
    json_space(bytes, &mut at);
    if at != bytes.len() {
        return Err(format!("text after the value at byte {at}"));
    }
    Ok(value)
}

fn json_space(b: &[u8], at: &mut usize) {
    while *at < b.len() && matches!(b[*at], b' ' | b'\t' | b'\n' | b'\r') {
        *at += 1;
    }
}

fn json_expect(b: &[u8], at: &mut usize, c: u8) -> Result<(), String> {
    json_space(b, at);
    if b.get(*at) == Some(&c) {
        *at += 1;
        Ok(())
    } else {
        Err(format!("expected {:?} at byte {at}", c as char))
    }
}

fn json_value(b: &[u8], at: &mut usize) -> Result<Json, String> {
    json_space(b, at);
    let rest = &b[*at..];
    for (word, value) in [
        (&b"true"[..], Json::Bool(true)),
        (b"false", Json::Bool(false)),
        (b"null", Json::Null),
    ] {
        if rest.starts_with(word) {
            *at += word.len();
            return Ok(value);
        }
    }
    match rest.first() {
        Some(b'"') => json_text(b, at).map(Json::Text),
        Some(b'[') => {
            *at += 1;
            let mut items = Vec::new();
            json_space(b, at);
            if b.get(*at) == Some(&b']') {
                *at += 1;
                return Ok(Json::Array(items));
            }
            loop {
                items.push(json_value(b, at)?);
                json_space(b, at);
                match b.get(*at) {
                    Some(b',') => *at += 1,
                    Some(b']') => {
                        *at += 1;
                        return Ok(Json::Array(items));
                    }
                    _ => return Err(format!("expected ',' or ']' at byte {at}")),
                }
            }
        }
        Some(b'{') => {
            *at += 1;
            let mut fields = Vec::new();
            json_space(b, at);
            if b.get(*at) == Some(&b'}') {
                *at += 1;
                return Ok(Json::Object(fields));
            }
            loop {
                json_space(b, at);
                let key = json_text(b, at)?;
                json_expect(b, at, b':')?;
                fields.push((key, json_value(b, at)?));
                json_space(b, at);
                match b.get(*at) {
                    Some(b',') => *at += 1,
                    Some(b'}') => {
                        *at += 1;
                        return Ok(Json::Object(fields));
                    }
                    _ => return Err(format!("expected ',' or '}}' at byte {at}")),
                }
            }
        }
        Some(b'-' | b'0'..=b'9') => {
            let start = *at;
            while *at < b.len() && matches!(b[*at], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
            {
                *at += 1;
            }
            let number = std::str::from_utf8(&b[start..*at]).unwrap();
            let leading_zero = number.trim_start_matches('-').starts_with("0")
                && number.trim_start_matches('-').len() > 1
                && !number.trim_start_matches('-')[1..].starts_with('.');
            if leading_zero || number.ends_with('.') {
                return Err(format!("bad number {number:?}"));
            }
            number
                .parse()
                .map(Json::Number)
                .map_err(|_| format!("bad number {number:?}"))
        }
        _ => Err(format!("no value at byte {at}")),
    }
}

fn json_text(b: &[u8], at: &mut usize) -> Result<String, String> {
    if b.get(*at) != Some(&b'"') {
        return Err(format!("expected a string at byte {at}"));
    }
    *at += 1;
    let mut out = String::new();
    loop {
        let Some(&c) = b.get(*at) else {
            return Err("unterminated string".to_string());
        };
        *at += 1;
        match c {
            b'"' => return Ok(out),
            b'\\' => {
                let e = *b.get(*at).ok_or("unterminated escape")?;
                *at += 1;
                match e {
                    b'"' | b'\\' | b'/' => out.push(e as char),
                    b'n' => out.push('\n'),
                    b't' => out.push('\t'),
                    b'r' => out.push('\r'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'u' => {
                        let hex = std::str::from_utf8(b.get(*at..*at + 4).ok_or("short \\u")?)
                            .map_err(|e| e.to_string())?;
                        let code = u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
                        out.push(char::from_u32(code).ok_or("surrogate in \\u")?);
                        *at += 4;
                    }
                    _ => return Err(format!("bad escape at byte {at}")),
                }
            }
            0..0x20 => return Err(format!("raw control character at byte {at}")),
            _ => {
                // Copy the whole UTF-8 sequence that starts here.
                let start = *at - 1;
                let len = match c {
                    0xf0.. => 4,
                    0xe0.. => 3,
                    0xc0.. => 2,
                    _ => 1,
                };
                let s = std::str::from_utf8(&b[start..start + len]).map_err(|e| e.to_string())?;
                out.push_str(s);
                *at = start + len;
            }
        }
    }
}

#[test]
fn the_json_checker_refuses_broken_json() {
    assert_eq!(
        parse_json(r#"{"a":[1,-2.5e3,true,null],"b":"x\"\u00e9"}"#).unwrap(),
        Json::Object(vec![
            (
                "a".to_string(),
                Json::Array(vec![
                    Json::Number(1.0),
                    Json::Number(-2500.0),
                    Json::Bool(true),
                    Json::Null
                ])
            ),
            ("b".to_string(), Json::Text("x\"é".to_string())),
        ])
    );
    for broken in [
        r#"{"a":1,}"#,
        r#"{"a" 1}"#,
        r#"{"a":"b}"#,
        "[1] [2]",
        r#"{"a":01}"#,
        "{\"a\":\"\n\"}",
        "",
    ] {
        assert!(parse_json(broken).is_err(), "{broken:?}");
    }
}

#[test]
fn bench_json_says_which_slider_technique_the_queries_run_on() {
    let text = String::from_utf8(
        tool()
            .env(SliderTechnique::ENV_VAR, "computed")
            .args(["bench", "--quick", "--json", "--backend", "scalar"])
            .output()
            .expect("the tool runs")
            .stdout,
    )
    .expect("UTF-8");
    let json = parse_json(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(json.get("sliders"), &Json::Text("computed".to_string()));
}

#[test]
fn bench_json_is_one_object_with_the_figures() {
    let backend = Generator::detect().backend().name();
    let text = success(&[
        "bench",
        "--quick",
        "--json",
        "--backend",
        backend,
        "--threads",
        "2",
    ]);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    let json = parse_json(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(
        json.get("version"),
        &Json::Text(env!("CARGO_PKG_VERSION").to_string())
    );
    assert!(matches!(json.get("cpu"), Json::Text(model) if !model.is_empty()));
    let Json::Array(features) = json.get("features") else {
        panic!("features is a list: {text}");
    };
    let available: Vec<Json> = Backend::available()
        .into_iter()
        .map(|b| Json::Text(b.name().to_string()))
        .collect();
    assert_eq!(features, &available);
    let Json::Array(cpu_features) = json.get("cpu_features") else {
        panic!("cpu_features is a list: {text}");
    };
    let has = |name: &str| cpu_features.contains(&Json::Text(name.to_string()));
    // The extensions each backend's detection asks for are among those reported.
    for (backend, needs) in [
        ("sse2", &["sse2"][..]),
        ("avx2", &["avx2", "popcnt", "bmi1", "bmi2", "lzcnt"]),
        (
            "avx512",
            &["avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512cd"],
        ),
        ("neon", &["neon"]),
    ] {
        if available.contains(&Json::Text(backend.to_string())) {
            for &need in needs {
                assert!(has(need), "{backend} runs, so {need} is reported: {text}");
            }
        }
    }
    if cfg!(target_arch = "x86_64") {
        assert!(has("sse2"), "the x86-64 baseline: {text}");
    }
    // The tool runs with the test's environment but for the backend's variables, so it makes
    // the same choice of slider technique as this process.
    assert_eq!(
        json.get("sliders"),
        &Json::Text(SliderTechnique::in_use().name().to_string())
    );
    assert_eq!(json.get("backend"), &Json::Text(backend.to_string()));
    assert_eq!(json.get("quick"), &Json::Bool(true));
    let Json::Array(runs) = json.get("runs") else {
        panic!("runs is a list: {text}");
    };
    assert_eq!(runs.len(), 2, "one thread and two: {text}");
    for (run, threads) in runs.iter().zip([1.0, 2.0]) {
        assert_eq!(run.get("backend"), &Json::Text(backend.to_string()));
        assert_eq!(run.get("threads"), &Json::Number(threads));
        let Json::Array(positions) = run.get("positions") else {
            panic!("positions is a list: {text}");
        };
        let names: Vec<&Json> = positions.iter().map(|p| p.get("name")).collect();
        let expected: Vec<Json> = [
            "startpos",
            "kiwipete",
            "position3",
            "position4",
            "position5",
        ]
        .map(|n| Json::Text(n.to_string()))
        .into_iter()
        .collect();
        assert_eq!(names, expected.iter().collect::<Vec<_>>());
        let mut sum = 0.0;
        for p in positions {
            assert_eq!(p.get("correct"), &Json::Bool(true), "{text}");
            // --quick counts each position once.
            assert_eq!(p.get("rounds"), &Json::Number(1.0), "{text}");
            assert!(
                matches!(p.get("mnps"), Json::Number(m) if *m > 0.0),
                "{text}"
            );
            let Json::Number(nodes) = p.get("nodes") else {
                panic!("nodes is a number: {text}");
            };
            sum += nodes;
        }
        assert_eq!(run.get("nodes"), &Json::Number(sum));
        assert_eq!(sum, 22_507_115.0);
    }
}
