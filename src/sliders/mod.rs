//! Scalar sliding-attack techniques from the seeds: oracles for the Golem and a speed yardstick.
//!
//! Each module answers "which squares does a rook, bishop or queen on `sq` attack when the
//! squares of `occupied` are taken" in its own way, ported from the seed texts to our
//! little-endian rank-file squares (a1 = 0, h1 = 7, a8 = 56, h8 = 63). They all implement
//! [`SliderAttacks`]; [`all`] lists one instance of each so that tests and benchmarks can loop
//! over them. The tests check every technique against a plain ray walk (every square with every
//! subset of its relevant occupancy, and random boards of all densities) and check the Golem's
//! legal moves against move sets built on each technique.
//!
//! | module | technique | source | tables | built |
//! | --- | --- | --- | ---: | --- |
//! | [`classical`] | ray masks, bit scan for the first blocker | Hyatt, seed 001, section 2 | 4 KiB | compile time |
//! | [`rotated`] | rotated occupancies, line-state lookup | Hyatt, seed 001, sections 3-4 | 130 KiB | compile time |
//! | [`blockers_beyond`] | empty-board attacks, blockers-and-beyond mask, `behind` | Senpai, seed 000 | 38 KiB | compile time |
//! | [`above_below`] | ray masks, LSB / MSB isolation | Bitfoot, seed 003 | 4 KiB | compile time |
//! | [`sherwin`] | row lookups into an index table, compact attack table | Elephant, seed 004 | 1.4 MiB | start-up |
//! | [`kogge_stone`] | occluded fill, doubling shifts | Kogge-Stone (the Golem's fill) | none | - |
//! | [`dumb7`] | occluded fill, one step at a time | Dumb7 fill | none | - |
//! | [`golem_lanes`] | the Golem's own eight-lane fill on one slider | seed 002 | none | - |
//! | [`hyperbola`] | `o ^ (o - 2r)` both ways by byte swap; a first-rank table for ranks | hyperbola quintessence | 2 KiB | compile time |
//! | [`magic`] | fancy magic bitboards, magics searched at start-up | the engines' standard | 844 KiB | start-up |
//! | [`pext`] | BMI2 `pext` index (magic fallback without BMI2) | the engines' standard | 843 KiB | start-up |
//!
//! [`TableBuild`] tells, per technique, whether its tables come from the compiler or were built
//! at start-up and how long that took; [`SliderAttacks::table_bytes`] gives their size. The
//! start-up tables are built on first use of `shared()` (a [`std::sync::OnceLock`]), never during
//! generation.
//!
//! `cargo bench --bench sliders` times them all side by side; BENCHMARKS.md has the figures
//! (ns per call, table bytes, build times) and how they were taken.
//!
//! ```
//! use dirgolem::sliders::{self, SliderAttacks};
//! use dirgolem::{Bitboard, Square};
//! let occupied = Square::E6.bitboard() | Square::B4.bitboard();
//! for technique in sliders::all() {
//!     let attacks = technique.rook(Square::E4, occupied);
//!     assert_eq!(attacks.len(), 11, "{}", technique.name()); // e5 e6, e1-e3, b4-d4, f4-h4
//! }
//! ```

use core::time::Duration;

use crate::{Bitboard, Color, Piece, Setup, Square, attacks};

pub mod above_below;
pub mod blockers_beyond;
pub mod classical;
pub mod dumb7;
pub mod golem_lanes;
pub mod hyperbola;
pub mod kogge_stone;
pub mod magic;
pub mod pext;
pub mod rotated;
pub mod sherwin;

pub use above_below::AboveBelow;
pub use blockers_beyond::BlockersBeyond;
pub use classical::Classical;
pub use dumb7::Dumb7;
pub use golem_lanes::GolemLanes;
pub use hyperbola::Hyperbola;
pub use kogge_stone::KoggeStone;
pub use magic::Magic;
pub use pext::Pext;
pub use rotated::{Rotated, RotatedOccupancy};
pub use sherwin::Sherwin;

/// Where a technique's tables come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableBuild {
    /// The technique needs no tables.
    None,
    /// Built by `const fn` at compile time; they sit in the binary's read-only data.
    CompileTime,
    /// Built once at start-up (first use); the time the build took.
    StartUp(Duration),
}

/// Attacks of sliding pieces: one implementation per technique.
///
/// Every method returns the attacked squares including the first blocker in each direction,
/// whatever its colour (captures and defended men alike); the square itself is never included,
/// and whether `occupied` contains `sq` makes no difference.
pub trait SliderAttacks: Sync {
    /// A short name, as used in benchmark ids: `classical`, `magic`, …
    fn name(&self) -> &'static str;

    /// Rook attacks from `sq`.
    fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard;

    /// Bishop attacks from `sq`.
    fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard;

    /// Queen attacks from `sq`: by default the union of rook and bishop attacks.
    #[inline]
    fn queen(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.rook(sq, occupied) | self.bishop(sq, occupied)
    }

    /// Bytes of lookup tables this technique reads (0 for pure computation).
    fn table_bytes(&self) -> usize;

    /// Whether the tables were built at compile time or at start-up (and how long it took).
    fn table_build(&self) -> TableBuild;
}

/// Number of techniques in [`all`].
pub const COUNT: usize = 11;

/// One instance of every technique, in the order of the table in the [module docs](self).
/// The first call builds the start-up tables (Sherwin, magic, PEXT), a few milliseconds each in
/// a release build; [`SliderAttacks::table_build`] tells how long it took.
pub fn all() -> [&'static dyn SliderAttacks; COUNT] {
    [
        &Classical,
        &Rotated,
        &BlockersBeyond,
        &AboveBelow,
        Sherwin::shared(),
        &KoggeStone,
        &Dumb7,
        &GolemLanes,
        &Hyperbola,
        Magic::shared(),
        Pext::shared(),
    ]
}

/// The men of either colour that attack `sq` (Hyatt's `attacks_to`, seed 001, section 5), with
/// the sliders' attacks computed by `technique` for the occupancy `occupied`.
///
/// Sliders are looked up from the target square: a bishop or queen attacks `sq` exactly when it
/// stands on a square a bishop on `sq` would attack, and likewise for rooks; knights, kings and
/// pawns use the step tables of [`attacks`] (pawns of each colour seen from the other side).
/// Only men on `occupied` count, so a caller can remove a man from `occupied` to see the
/// attacker behind it (x-ray, as in static exchange evaluation). Intersect the result with
/// `board.colors[c]` for one colour's attackers.
///
/// ```
/// use dirgolem::sliders::{self, Magic};
/// use dirgolem::{Color, Position, Square};
/// let setup = Position::startpos().to_setup();
/// let attackers = sliders::attackers_to(&setup, Square::F3, setup.occupied(), Magic::shared());
/// // Ng1, e2, g2 defend f3 for white; no black man reaches it.
/// assert_eq!(attackers.len(), 3);
/// assert!((attackers & setup.colors[Color::Black as usize]).is_empty());
/// ```
#[inline]
pub fn attackers_to<T: SliderAttacks + ?Sized>(
    board: &Setup,
    sq: Square,
    occupied: Bitboard,
    technique: &T,
) -> Bitboard {
    let kind = |p: Piece| board.pieces[p as usize];
    let diagonal = kind(Piece::Bishop) | kind(Piece::Queen);
    let orthogonal = kind(Piece::Rook) | kind(Piece::Queen);
    let white_pawns = board.men(Color::White, Piece::Pawn);
    let black_pawns = board.men(Color::Black, Piece::Pawn);
    let attackers = (technique.bishop(sq, occupied) & diagonal)
        | (technique.rook(sq, occupied) & orthogonal)
        | (attacks::knight(sq) & kind(Piece::Knight))
        | (attacks::king(sq) & kind(Piece::King))
        | (attacks::pawn(Color::Black, sq) & white_pawns)
        | (attacks::pawn(Color::White, sq) & black_pawns);
    attackers & occupied
}

/// Whether a man of `by` attacks `sq` (see [`attackers_to`]).
#[inline]
pub fn is_attacked<T: SliderAttacks + ?Sized>(
    board: &Setup,
    sq: Square,
    by: Color,
    occupied: Bitboard,
    technique: &T,
) -> bool {
    !(attackers_to(board, sq, occupied, technique) & board.colors[by as usize]).is_empty()
}

/// The squares from `sq` (exclusive) to the board's edge, one step `(file, rank)` at a time.
/// Shared by the techniques that keep per-direction ray tables.
pub(crate) const fn ray(sq: usize, file_step: i32, rank_step: i32) -> u64 {
    crate::attacks::ray(sq, file_step, rank_step, true)
}

/// `table[sq] = ray(sq, file_step, rank_step)` for all 64 squares.
pub(crate) const fn ray_table(file_step: i32, rank_step: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = ray(sq, file_step, rank_step);
        sq += 1;
    }
    table
}

/// The squares whose men can block a rook on `sq` (its rays without the last square of each):
/// the "relevant occupancy" that magic, PEXT and Sherwin tables are indexed by.
pub(crate) const fn rook_relevant(sq: usize) -> u64 {
    relevant(sq, &[(0, 1), (1, 0), (0, -1), (-1, 0)])
}

/// The squares whose men can block a bishop on `sq` (see [`rook_relevant`]).
pub(crate) const fn bishop_relevant(sq: usize) -> u64 {
    relevant(sq, &[(1, 1), (1, -1), (-1, -1), (-1, 1)])
}

const fn relevant(sq: usize, steps: &[(i32, i32)]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < steps.len() {
        let full = ray(sq, steps[d].0, steps[d].1);
        // Keep the squares that have a further square of the ray behind them.
        let mut rest = full;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            if ray(s, steps[d].0, steps[d].1) != 0 {
                mask |= 1 << s;
            }
            rest &= rest - 1;
        }
        d += 1;
    }
    mask
}

pub(crate) use crate::attacks::deposit;

/// Time a start-up table build.
pub(crate) fn timed<T>(build: impl FnOnce() -> T) -> (T, Duration) {
    let start = std::time::Instant::now();
    let built = build();
    (built, start.elapsed())
}
