//! How the men move, as (file, rank) steps on square indices (a1 = 0, h8 = 63), and a ray walk
//! one square at a time: the plain, table-free geometry the tests check the library's attack
//! tables and slider techniques against. `common::reference`, `oracle` and `sliders.rs`
//! include it with `#[path]`.
#![allow(dead_code)]

/// Orthogonal steps (file, rank): a rook's directions.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Diagonal steps (file, rank): a bishop's directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// Knight jumps (file, rank).
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps (file, rank): a queen's directions too.
pub const KING: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The square index `(df, dr)` away from square index `sq`, or `None` off the board.
pub fn step(sq: usize, (df, dr): (i8, i8)) -> Option<usize> {
    let file = (sq % 8) as i8 + df;
    let rank = (sq / 8) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

/// The squares a slider on `sq` attacks along `directions` with `occupied` taken: each ray
/// walked square by square, stopping after the first taken square.
pub fn ray_attacks(sq: usize, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &direction in directions {
        let mut at = sq;
        while let Some(next) = step(at, direction) {
            attacks |= 1 << next;
            if occupied >> next & 1 != 0 {
                break;
            }
            at = next;
        }
    }
    attacks
}
