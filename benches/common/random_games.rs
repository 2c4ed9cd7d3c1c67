//! Positions from random games: the inputs of the engine benchmarks. An engine never replays
//! the same few positions, so the sets are large and drawn from play, not from a test suite.
//! Included with `#[path]`.

/// `count` distinct positions from random games (dirgolem plays them: from the start position,
/// a random number of random legal moves), none of them over, as FENs. Deterministic in `seed`.
pub fn random_game_fens(count: usize, seed: u64) -> Vec<String> {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut fens = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let plies = 8 + next() % 72;
        let mut p = dirgolem::Position::startpos();
        let mut over = false;
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                over = true;
                break;
            }
            p = p.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
        if over || p.legal_moves().is_empty() {
            continue;
        }
        let fen = p.to_fen();
        if fens.insert(fen.clone()) {
            out.push(fen);
        }
    }
    out
}
