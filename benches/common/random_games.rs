//! Positions from random games: the inputs of the engine benchmarks. An engine never replays
//! the same few positions, so the sets are large and drawn from play, not from a test suite.
//! Included with `#[path]`; its random source is the tests' (`tests/common/rng.rs`).

#[path = "../../tests/common/rng.rs"]
mod rng;

/// `count` distinct positions from random games (dirgolem plays them: from the start position,
/// a random number of random legal moves), none of them over, as FENs. Deterministic in `seed`,
/// and independent of the order in which the generator lists the moves: the random index picks
/// from the moves sorted by their bits, so that a change to the generator's order does not
/// change the set that measures it.
pub fn random_game_fens(count: usize, seed: u64) -> Vec<String> {
    let mut rng = rng::Rng::new(seed);
    let mut fens = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let plies = 8 + rng.below(72);
        let mut p = dirgolem::Position::startpos();
        let mut over = false;
        for _ in 0..plies {
            let mut moves = p.legal_moves().to_vec();
            if moves.is_empty() {
                over = true;
                break;
            }
            moves.sort_unstable_by_key(|m| m.to_bits());
            p = p.play_unchecked(moves[rng.below(moves.len())]);
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
