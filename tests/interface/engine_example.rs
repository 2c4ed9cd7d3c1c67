//! The example engine (`examples/engine.rs`), driven through UCI as a GUI would: it answers the
//! handshake, plays a legal move from a game position, and finds a mate in two.

#[path = "../../examples/engine.rs"]
#[allow(dead_code)]
mod engine;

use dirgolem::Position;

/// The engine's answers to `commands`, one line each.
fn answers(commands: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine::run(commands.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The move of the last `bestmove` line.
fn best_move(lines: &[String]) -> String {
    lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line")
        .to_string()
}

/// The depth of the game search: 5 as a GUI would ask, less in a debug build (slow there).
const DEPTH: u32 = if cfg!(debug_assertions) { 3 } else { 5 };

#[test]
fn answers_the_handshake() {
    let lines = answers("uci\nisready\nquit\n");
    assert!(lines.iter().any(|l| l.starts_with("id name ")));
    assert!(lines.contains(&"uciok".to_string()));
    assert!(lines.contains(&"readyok".to_string()));
}

#[test]
fn plays_a_legal_move_in_a_game() {
    let moves = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6";
    let lines = answers(&format!(
        "uci\nucinewgame\nposition startpos moves {moves}\ngo depth {DEPTH}\nquit\n"
    ));
    let mut position = Position::startpos();
    for m in moves.split(' ') {
        position = position.play(position.parse_uci(m).unwrap()).unwrap();
    }
    let best = best_move(&lines);
    assert!(
        position.parse_uci(&best).is_ok(),
        "bestmove {best} is not legal in {position:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("info depth {DEPTH} ")))
    );
}

#[test]
fn finds_a_mate_in_two() {
    // 1. Nf6+ gxf6 2. Bxf7#
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let lines = answers(&format!("position fen {fen}\ngo depth 4\nquit\n"));
    assert_eq!(best_move(&lines), "d5f6", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 2")),
        "{lines:?}"
    );
}

#[test]
fn reports_a_bad_position_command_and_goes_on() {
    let lines = answers("position fen not-a-fen\nisready\n");
    assert!(lines[0].starts_with("info string "), "{lines:?}");
    assert_eq!(lines[1], "readyok");
}
