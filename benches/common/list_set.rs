//! The move-list set of the benchmarks: the first 1000 positions of `tests/data/standard.epd`
//! (the CPW positions, perftsuite, the tricky and terminal positions, then Marcel van
//! Kervinck's random openings and middlegames). Included with `#[path]`.

/// The FENs of the set.
pub fn list_fens() -> Vec<&'static str> {
    include_str!("../../tests/data/standard.epd")
        .lines()
        .take(1000)
        .map(|line| line.split(';').next().unwrap().trim())
        .collect()
}

/// The positions of the set, read by dirgolem.
pub fn list_positions() -> Vec<dirgolem::Position> {
    list_fens()
        .iter()
        .map(|f| dirgolem::Position::from_fen(f).unwrap())
        .collect()
}
