//! Lanes: vectors of eight bitboards, the unit the Golem pipeline computes on, and the
//! backends that implement them on each vector unit. This layer knows vectors only, no chess:
//! [`crate::golem`] builds the pipeline on it, and [`crate::dispatch`] runs the pipeline on the
//! backend the CPU has.
//!
//! Lane `i` holds one direction: the eight ray directions in the order
//! N, NE, E, SE, S, SW, W, NW (so lane `i + 4` is the opposite of lane `i`), or the eight knight
//! directions in the order NNE, NEE, SEE, SSE, SSW, SWW, NWW, NNW (same property). The pipeline
//! in [`crate::golem`] is written once over the [`Lanes`] trait; each backend module implements
//! it with its own registers and documents how lanes map to them.
//!
//! A backend is a zero-sized token: holding one proves that the CPU has its instructions (the
//! token is made only after detection: with `std` the CPU is asked at run time, without it the
//! build's target features are taken as the promise, see `detect`), and every vector operation
//! takes the token, so safe code cannot reach a vector instruction the CPU lacks (the memchr /
//! pulp pattern).

mod by_position;
mod byte_swap;
mod detect;
#[cfg(test)]
pub(crate) mod every_backend;
mod portable;
mod scalar;
#[cfg(test)]
mod tests;

// The vector backends are built where the target's baseline has vector registers: every
// x86-64 target with an operating system has SSE2 and every such aarch64 target NEON, but the
// bare-metal soft-float targets (`x86_64-unknown-none`, `aarch64-unknown-none-softfloat`) have
// none, and vector code cannot be compiled for them: they run the scalar backend.
cfg_if::cfg_if! {
    if #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))] {
        mod compress_controls;
        pub(crate) mod x86_64;
    } else if #[cfg(all(target_arch = "aarch64", target_feature = "neon"))] {
        mod compress_controls;
        pub(crate) mod aarch64;
    }
}

use core::ops::{BitAnd, BitOr, BitXor};

pub(crate) use by_position::{PositionJob, PositionLanes, Positions};
pub(crate) use byte_swap::{swap_bytes, swap_bytes_pair};
pub(crate) use portable::Portable;
pub(crate) use scalar::Scalar;

/// A backend token: eight-lane bitboard vectors and their operations.
pub(crate) trait Lanes: Copy {
    /// The register(s) holding eight bitboards.
    type Vector: Copy;
    /// Whether perft counts its last ply position-parallel (`golem::batch`) on this backend:
    /// true where that is faster than one position at a time.
    const COUNTS_BY_POSITION: bool = true;
    /// Whether one position's targets (`golem::generate_kind`, every call but perft's last
    /// ply) are computed on the scalar backend's lanes rather than these: true where this
    /// backend's vectors of directions take longer than eight scalar bitboards, while its
    /// count by position still gains. The fill of two sets at once ([`Lanes::PAIRS_FILLS`])
    /// stays on this backend's vectors, whose registers then each shift one way. The same
    /// sets either way.
    const TARGETS_AS_SCALAR: bool = false;
    /// All eight lanes equal to `x`.
    fn splat(self, x: u64) -> Self::Vector;
    /// Lane `i` = `a[i]`.
    fn load(self, a: [u64; 8]) -> Self::Vector;
    /// Whether [`Lanes::load_table`] is a load per register, cheaper than a broadcast and a
    /// few shifts: then the pipeline takes one man's moves from tables.
    const TABLE_LOADS: bool = false;
    /// The lane each word of an array read by [`Lanes::load_table`] goes to: a table built in
    /// this order (the registers' own, where it is not lane order) loads without moving lanes.
    const TABLE_ORDER: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    /// Lane `TABLE_ORDER[i]` = `a[i]`: for tables of vectors, built in [`Lanes::TABLE_ORDER`].
    #[inline(always)]
    fn load_table(self, a: &[u64; 8]) -> Self::Vector {
        let mut lanes = [0; 8];
        for (i, &x) in a.iter().enumerate() {
            lanes[Self::TABLE_ORDER[i]] = x;
        }
        self.load(lanes)
    }
    /// The lanes as an array.
    fn to_array(self, v: Self::Vector) -> [u64; 8];
    /// Lane-wise `a & b`.
    fn and(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane-wise `a | b`.
    fn or(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane-wise `a ^ b`.
    fn xor(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane-wise `a & !b`.
    fn and_not(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane `i` moved left by `amounts[i]` bit positions, or right by `-amounts[i]` when
    /// negative. Bits moved past either end may be dropped (a shift) or come in at the other
    /// end (a rotate): callers mask those squares out, so each backend picks what is cheaper.
    /// `amounts` is a constant of the caller with |amount| < 64 and
    /// `amounts[i + 4] == -amounts[i]` (opposite directions).
    fn shift(self, v: Self::Vector, amounts: [i8; 8]) -> Self::Vector;
    /// Lane `i` exchanged with lane `i + 4`: each direction with its opposite.
    fn swap_opposite(self, v: Self::Vector) -> Self::Vector;
    /// The OR of all eight lanes.
    fn or_all(self, v: Self::Vector) -> u64;
    /// `[or_all(a), or_all(b)]`, which a backend may reduce together, in fewer instructions
    /// than two reductions.
    #[inline(always)]
    fn or_all_pair(self, a: Self::Vector, b: Self::Vector) -> [u64; 2] {
        [self.or_all(a), self.or_all(b)]
    }

    // Two vectors of eight bitboards that shift alike (`golem::directions::slide_two`).

    /// Whether the pipeline fills two sets as a pair ([`Lanes::pair`]): true where that
    /// takes fewer instructions than two fills, that is where [`Lanes::pair_shift`] is
    /// overridden. The pair is the opponent's sliders and ours (as if nothing of ours were
    /// pinned), and our king's rays, which a lone fill would cost as much as a pair, are
    /// looked up instead (`golem::directions::slide_one`). Elsewhere two fills interleaved
    /// ran about as many instructions as one after the other, and the lists took longer
    /// (`BENCHMARKS.md`, "Two fills as a pair (session 31)"), and the lookups were slower
    /// than avx2's fill ("Our sliders paired with theirs, our king's rays looked up (session
    /// 44)").
    const PAIRS_FILLS: bool = false;

    /// `a` and `b` in the layout [`Lanes::pair_shift`] shifts: as they are by default, or
    /// regrouped by a backend whose shift moves a register's two halves by one count (SSE2,
    /// simd128), so that each register holds one direction of both and a shift is one
    /// instruction a register. The pair's two vectors are registers of that layout, not `a`
    /// and `b`: lane-wise operations apply to them alike, and [`Lanes::unpair`] gives back
    /// `a` and `b`.
    #[inline(always)]
    fn pair(self, a: Self::Vector, b: Self::Vector) -> [Self::Vector; 2] {
        [a, b]
    }
    /// [`Lanes::pair`] of the eight bitboards `a[0]` on lines (north, east, south, west) and
    /// `a[1]` on diagonals ([`by_line_kind`]), and the same of `b`, made from
    /// the four bitboards. A backend whose pair has only two distinct registers here builds
    /// them from the bitboards directly: made from the two vectors, on wasm32 the compiler
    /// stored the bitboards to the stack and read the registers back, each read waiting for
    /// the two stores it spans (`BENCHMARKS.md`, "wasm32: the pair's registers from the
    /// bitboards (session 45)").
    #[inline(always)]
    fn pair_by_line_kind(self, a: [u64; 2], b: [u64; 2]) -> [Self::Vector; 2] {
        self.pair(
            self.load(by_line_kind(a[0], a[1])),
            self.load(by_line_kind(b[0], b[1])),
        )
    }
    /// [`Lanes::pair`] of `a` and of `b` in every lane.
    #[inline(always)]
    fn pair_splat(self, a: u64, b: u64) -> [Self::Vector; 2] {
        self.pair(self.splat(a), self.splat(b))
    }
    /// The two vectors of a pair, as [`Lanes::pair`] took them.
    #[inline(always)]
    fn unpair(self, p: [Self::Vector; 2]) -> [Self::Vector; 2] {
        p
    }
    /// Both vectors of a pair moved as [`Lanes::shift`] moves one, by the same `amounts`.
    #[inline(always)]
    fn pair_shift(self, p: [Self::Vector; 2], amounts: [i8; 8]) -> [Self::Vector; 2] {
        // Not `p.map(..)`: `map` is not inlined into a backend's entry point, whose target
        // features it lacks, and then neither are the shifts it calls.
        [self.shift(p[0], amounts), self.shift(p[1], amounts)]
    }

    /// Runs `job` on the vectors of positions this backend counts by (see [`by_position`]):
    /// its own [`PositionLanes`], eight positions per vector or one register's worth.
    fn by_position<J: PositionJob>(self, job: J) -> J::Output;

    // Move-list operations (`golem::list`: lane `i` holds a direction's targets).

    /// Every lane moved left by `amount` bit positions, or right by `-amount` when negative
    /// (|amount| < 64); a shift, so bits moved past either end are dropped.
    fn shift_all(self, v: Self::Vector, amount: i8) -> Self::Vector;
    /// Lane-wise wrapping `a - b`.
    fn sub(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Whether some lane is not zero (as `or_all(v) != 0`, in fewer instructions).
    fn any(self, v: Self::Vector) -> bool;
    /// Whether [`Lanes::compress_words`] is a few instructions here, so that the list writer
    /// writes the king's and the knights' moves from vectors rather than lane by lane.
    const COMPRESSES: bool = false;
    /// Bit `i` set where lane `i` is not zero.
    #[inline(always)]
    fn nonzero_lanes(self, v: Self::Vector) -> u8 {
        let a = self.to_array(v);
        (0..8).fold(0, |bits, i| bits | ((a[i] != 0) as u8) << i)
    }
    /// The low 16 bits of the lanes whose bit in `keep` is set, in lane order, at the front;
    /// the other words are unspecified.
    #[inline(always)]
    fn compress_words(self, v: Self::Vector, keep: u8) -> [u16; 8] {
        let a = self.to_array(v);
        let mut words = [0; 8];
        let mut n = 0;
        for (i, &x) in a.iter().enumerate() {
            words[n & 7] = x as u16;
            n += (keep >> i & 1) as usize;
        }
        words
    }

    /// The words of `words` whose bit in `keep` is set, in order, at the front; the other
    /// words are unspecified. (As [`Lanes::compress_words`], for words already packed.)
    #[inline(always)]
    fn compress_u16(self, words: [u16; 8], keep: u8) -> [u16; 8] {
        self.compress_words(self.load(words.map(u64::from)), keep)
    }

    /// The words of `words` whose lane of `v` is not zero, in order, at the front (the other
    /// words unspecified), and their number: [`Lanes::compress_u16`] of
    /// [`Lanes::nonzero_lanes`], which a backend may do without putting the lanes in order.
    #[inline(always)]
    fn compress_u16_nonzero(self, words: [u16; 8], v: Self::Vector) -> ([u16; 8], u32) {
        let keep = self.nonzero_lanes(v);
        (self.compress_u16(words, keep), keep.count_ones())
    }

    /// Whether [`Lanes::run_lengths`] is a few vector instructions here, so that the list
    /// writer counts a slider's four runs at once rather than ray by ray.
    const COUNTS_RUNS: bool = false;
    /// Whether the list writer skips the pawn push rows in front of ranks without our pawns
    /// (a test of the board per row) rather than writing all six whatever the pawns. A choice
    /// by measurement, not a capability: it paid with avx2 and cost sse2 on the games set
    /// (`BENCHMARKS.md`, "Move lists (session 18)"); where not measured, the rows stay as they
    /// were.
    const SKIPS_EMPTY_PUSH_ROWS: bool = false;
    /// Whether [`Lanes::rank_counts`] is cheaper than a population count per rank, so that the
    /// list writer counts its push rows so: where a population count is several instructions
    /// (aarch64) and a vector counts every byte in one.
    const COUNTS_RANKS: bool = false;
    /// The number of squares of `set` on each rank (element `r` for rank index `r`).
    #[inline(always)]
    fn rank_counts(self, set: u64) -> [u8; 8] {
        set.to_le_bytes().map(|rank| rank.count_ones() as u8)
    }
    /// Each of four bitboards with its bits in reverse order (square `s` to `63 - s`).
    #[inline(always)]
    fn reverse_bits4(self, x: [u64; 4]) -> [u64; 4] {
        x.map(u64::reverse_bits)
    }
    /// For four rays and four sets, lane by lane: the length of the unbroken run of squares
    /// of `sets` from the ray's lowest square on (zero when that square is not in the set).
    #[inline(always)]
    fn run_lengths(self, rays: &[u64; 4], sets: &[u64; 4]) -> [u64; 4] {
        core::array::from_fn(|i| run_from_lowest(rays[i], sets[i]).count_ones() as u64)
    }
}

/// The squares of `set` on `ray` in one unbroken run from the ray's lowest square on: the run
/// ends below the lowest square of the ray not in `set` (all of the ray when there is none).
/// The list writer's rule for a slider's targets along a ray out of check (with a ray going
/// down bit-reversed, its nearest square is the lowest too).
#[inline(always)]
pub(crate) fn run_from_lowest(ray: u64, set: u64) -> u64 {
    let gaps = ray & !set;
    ray & set & (gaps ^ gaps.wrapping_sub(1))
}

/// `[orthogonal, diagonal, orthogonal, …]`: in each ray lane, the bitboard of the slider kind
/// that moves along it (lanes in direction order, north first).
#[inline(always)]
pub(crate) const fn by_line_kind(orthogonal: u64, diagonal: u64) -> [u64; 8] {
    [
        orthogonal, diagonal, orthogonal, diagonal, orthogonal, diagonal, orthogonal, diagonal,
    ]
}

/// Eight bitboards on backend `L`, with operators, so the pipeline reads like bitboard code.
#[derive(Clone, Copy)]
pub(crate) struct Lanes8<L: Lanes> {
    v: L::Vector,
    lanes: L,
}

impl<L: Lanes> Lanes8<L> {
    #[inline(always)]
    pub(crate) fn splat(lanes: L, x: u64) -> Self {
        Lanes8 {
            v: lanes.splat(x),
            lanes,
        }
    }

    #[inline(always)]
    pub(crate) fn load(lanes: L, a: [u64; 8]) -> Self {
        Lanes8 {
            v: lanes.load(a),
            lanes,
        }
    }

    #[inline(always)]
    pub(crate) fn load_table(lanes: L, a: &[u64; 8]) -> Self {
        Lanes8 {
            v: lanes.load_table(a),
            lanes,
        }
    }

    #[inline(always)]
    pub(crate) fn to_array(self) -> [u64; 8] {
        self.lanes.to_array(self.v)
    }

    /// The same eight bitboards on backend `M`, by way of an array (which, where `M` is `L`,
    /// the compiler may or may not keep in registers).
    #[inline(always)]
    pub(crate) fn to<M: Lanes>(self, lanes: M) -> Lanes8<M> {
        Lanes8::load(lanes, self.to_array())
    }

    #[inline(always)]
    pub(crate) fn and_not(self, rhs: Self) -> Self {
        self.with(self.lanes.and_not(self.v, rhs.v))
    }

    #[inline(always)]
    pub(crate) fn shift(self, amounts: [i8; 8]) -> Self {
        self.with(self.lanes.shift(self.v, amounts))
    }

    #[inline(always)]
    pub(crate) fn swap_opposite(self) -> Self {
        self.with(self.lanes.swap_opposite(self.v))
    }

    #[inline(always)]
    pub(crate) fn or_all(self) -> u64 {
        self.lanes.or_all(self.v)
    }

    #[inline(always)]
    pub(crate) fn or_all_pair(self, other: Self) -> [u64; 2] {
        self.lanes.or_all_pair(self.v, other.v)
    }

    #[inline(always)]
    fn with(self, v: L::Vector) -> Self {
        Lanes8 {
            v,
            lanes: self.lanes,
        }
    }

    #[inline(always)]
    pub(crate) fn compress_u16_nonzero(self, words: [u16; 8]) -> ([u16; 8], u32) {
        self.lanes.compress_u16_nonzero(words, self.v)
    }
}

/// Two times eight bitboards on backend `L`, in the layout of [`Lanes::pair`], with
/// operators: what a fill of two sets at once computes on.
#[derive(Clone, Copy)]
pub(crate) struct Pair8<L: Lanes> {
    p: [L::Vector; 2],
    lanes: L,
}

impl<L: Lanes> Pair8<L> {
    #[inline(always)]
    pub(crate) fn new(a: Lanes8<L>, b: Lanes8<L>) -> Self {
        Pair8 {
            p: a.lanes.pair(a.v, b.v),
            lanes: a.lanes,
        }
    }

    /// The pair of the eight bitboards of `a` by line kind (`a[0]` on lines, `a[1]` on
    /// diagonals; [`by_line_kind`]) and those of `b`.
    #[inline(always)]
    pub(crate) fn by_line_kind(lanes: L, a: [u64; 2], b: [u64; 2]) -> Self {
        Pair8 {
            p: lanes.pair_by_line_kind(a, b),
            lanes,
        }
    }

    /// The pair of `a` in every lane and `b` in every lane.
    #[inline(always)]
    pub(crate) fn splat(lanes: L, a: u64, b: u64) -> Self {
        Pair8 {
            p: lanes.pair_splat(a, b),
            lanes,
        }
    }

    /// Both vectors equal to `a`.
    #[inline(always)]
    pub(crate) fn load(lanes: L, a: [u64; 8]) -> Self {
        let v = Lanes8::load(lanes, a);
        Pair8::new(v, v)
    }

    /// The two vectors [`Pair8::new`] took.
    #[inline(always)]
    pub(crate) fn split(self) -> [Lanes8<L>; 2] {
        let [a, b] = self.lanes.unpair(self.p);
        let lanes = self.lanes;
        [Lanes8 { v: a, lanes }, Lanes8 { v: b, lanes }]
    }

    #[inline(always)]
    pub(crate) fn shift(self, amounts: [i8; 8]) -> Self {
        Pair8 {
            p: self.lanes.pair_shift(self.p, amounts),
            lanes: self.lanes,
        }
    }
}

impl<L: Lanes> BitAnd for Pair8<L> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, rhs: Self) -> Self {
        let l = self.lanes;
        Pair8 {
            p: [l.and(self.p[0], rhs.p[0]), l.and(self.p[1], rhs.p[1])],
            lanes: l,
        }
    }
}

impl<L: Lanes> BitOr for Pair8<L> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, rhs: Self) -> Self {
        let l = self.lanes;
        Pair8 {
            p: [l.or(self.p[0], rhs.p[0]), l.or(self.p[1], rhs.p[1])],
            lanes: l,
        }
    }
}

macro_rules! lanes8_operator {
    ($trait:ident, $method:ident, $lanes_method:ident) => {
        impl<L: Lanes> $trait for Lanes8<L> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                Lanes8 {
                    v: self.lanes.$lanes_method(self.v, rhs.v),
                    lanes: self.lanes,
                }
            }
        }
    };
}

lanes8_operator!(BitAnd, bitand, and);
lanes8_operator!(BitOr, bitor, or);
lanes8_operator!(BitXor, bitxor, xor);
