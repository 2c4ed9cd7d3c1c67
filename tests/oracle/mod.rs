//! Slow, independent helpers for the attack, exchange and SAN tests: a mailbox copy of a
//! position, attackers found by walking rays one square at a time (no library attack table),
//! and positions reached by random play from the suite files.
#![allow(dead_code)]

use dirgolem::{Color, ParseOptions, Piece, Position, Square};

#[path = "../common/rng.rs"]
mod rng;
#[path = "../common/steps.rs"]
mod steps;

pub use rng::Rng;
pub use steps::{DIAGONAL, KNIGHT, ORTHOGONAL, step};

/// A mailbox board in absolute squares (a1 = 0).
pub type Mailbox = [Option<(Color, Piece)>; 64];

/// The men of a position as a mailbox.
pub fn mailbox(pos: &Position) -> Mailbox {
    let mut board = [None; 64];
    for (i, slot) in board.iter_mut().enumerate() {
        *slot = pos.piece_at(Square::index(i));
    }
    board
}

/// The first occupied square from `sq` in direction `dir`, if any.
pub fn first_on_ray(board: &Mailbox, sq: usize, dir: (i8, i8)) -> Option<usize> {
    let mut at = sq;
    while let Some(next) = step(at, dir) {
        if board[next].is_some() {
            return Some(next);
        }
        at = next;
    }
    None
}

/// The squares of `by`'s men that attack `target`, found by walking from the target.
pub fn attackers(board: &Mailbox, target: usize, by: Color) -> Vec<usize> {
    let mut found = Vec::new();
    let is = |sq: usize, piece: Piece| board[sq] == Some((by, piece));
    for dir in ORTHOGONAL {
        if let Some(sq) = first_on_ray(board, target, dir)
            && (is(sq, Piece::Rook) || is(sq, Piece::Queen))
        {
            found.push(sq);
        }
    }
    for dir in DIAGONAL {
        if let Some(sq) = first_on_ray(board, target, dir)
            && (is(sq, Piece::Bishop) || is(sq, Piece::Queen))
        {
            found.push(sq);
        }
    }
    for jump in KNIGHT {
        if let Some(sq) = step(target, jump)
            && is(sq, Piece::Knight)
        {
            found.push(sq);
        }
    }
    for dir in ORTHOGONAL.into_iter().chain(DIAGONAL) {
        if let Some(sq) = step(target, dir)
            && is(sq, Piece::King)
        {
            found.push(sq);
        }
    }
    // A pawn attacks diagonally forward, so it stands diagonally behind the target.
    let behind = if by == Color::White { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(sq) = step(target, (df, behind))
            && is(sq, Piece::Pawn)
        {
            found.push(sq);
        }
    }
    found.sort_unstable();
    found
}

/// The square index of `color`'s king.
pub fn king_square(board: &Mailbox, color: Color) -> usize {
    (0..64)
        .find(|&sq| board[sq] == Some((color, Piece::King)))
        .expect("a king")
}

/// A bitboard of square indices, for comparing with the library.
pub fn bits(squares: &[usize]) -> u64 {
    squares.iter().fold(0, |acc, &sq| acc | 1 << sq)
}

/// Every position met on a random game of at most `plies` half-moves from `start`
/// (`start` included), stopping early at mate or stalemate.
pub fn random_game(start: Position, plies: usize, rng: &mut Rng) -> Vec<Position> {
    let mut seen = vec![start];
    let mut pos = start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(moves[rng.below(moves.len())]);
        seen.push(pos);
    }
    seen
}

/// The positions of the given EPD files in `tests/data` (FEN first on each line, `;` after),
/// parsed with `options`.
pub fn suite_positions(file: &str, options: ParseOptions) -> Vec<Position> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fen = line.split(';').next().unwrap().trim();
            Position::from_fen_with(fen, options)
                .unwrap_or_else(|e| panic!("{file}: {fen:?} refused: {e}"))
        })
        .collect()
}

/// The standard-chess suite files and the options their FENs need.
pub const STANDARD_FILES: [(&str, ParseOptions); 6] = [
    ("cpw.epd", ParseOptions::standard()),
    ("perftsuite.epd", ParseOptions::standard()),
    ("tricky.epd", ParseOptions::standard()),
    ("terminal.epd", ParseOptions::standard()),
    ("marcel-random.epd", ParseOptions::standard()),
    ("relaxed.epd", ParseOptions::relaxed()),
];

/// The Chess960 suite files and their options.
pub const CHESS960_FILES: [(&str, ParseOptions); 2] = [
    ("chess960.epd", ParseOptions::chess960()),
    (
        "chess960-relaxed.epd",
        ParseOptions::chess960().with_relaxed(true),
    ),
];

/// Every suite file, standard then Chess960, with its options.
pub fn all_files() -> Vec<(&'static str, ParseOptions)> {
    STANDARD_FILES.into_iter().chain(CHESS960_FILES).collect()
}

/// Every suite position, then positions reached by random play from every `stride`-th of
/// them (`plies` half-moves each), deterministic for a given `seed`.
pub fn test_positions(
    files: &[(&str, ParseOptions)],
    stride: usize,
    plies: usize,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for &(file, options) in files {
        let suite = suite_positions(file, options);
        for (i, &pos) in suite.iter().enumerate() {
            out.push(pos);
            if i % stride == 0 {
                out.extend(random_game(pos, plies, &mut rng).into_iter().skip(1));
            }
        }
    }
    out
}
