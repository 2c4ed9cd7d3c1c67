//! Vectors of positions for the position-parallel count (`golem::batch`): lane `i` holds a
//! bitboard of position `i`, and every lane moves the same way.
//!
//! The count keeps some twenty bitboards live at once. On a backend whose
//! [`Lanes`](super::Lanes) vector is several registers (AVX2: two; SSE2, NEON and portable:
//! four), eight positions at a time would need more registers than the CPU has, and the count
//! would spend much of its work spilling them to the stack. So a backend counts by the vectors
//! that suit it ([`Lanes::by_position`](super::Lanes::by_position)): one register of positions
//! at a time (four on AVX2, two on SSE2, NEON and portable), the batch of eight in a few
//! passes; elsewhere (AVX-512, whose eight lanes are one register, and scalar) by the
//! backend's own eight lanes.

use core::ops::{BitAnd, BitOr, BitXor};

/// A backend token for vectors of [`PositionLanes::LANES`] positions' bitboards.
pub(crate) trait PositionLanes: Copy {
    /// The register(s) holding one bitboard of each position.
    type Vector: Copy;
    /// Positions per vector: 8, 4 or 2, so that a batch of eight is whole vectors.
    const LANES: usize;
    /// All lanes equal to `x`.
    fn splat(self, x: u64) -> Self::Vector;
    /// Lane `i` = `a[chunk * LANES + i]`; `chunk < 8 / LANES`.
    fn load(self, a: &[u64; 8], chunk: usize) -> Self::Vector;
    /// The lanes at the front of an array, zeros after them.
    fn to_array(self, v: Self::Vector) -> [u64; 8];
    /// Lane-wise `a & b`.
    fn and(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane-wise `a | b`.
    fn or(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane-wise `a ^ b`.
    fn xor(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lane-wise `a & !b`.
    fn and_not(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Every lane moved left by `amount` bit positions, or right by `-amount` when negative
    /// (|amount| < 64); bits moved past either end are dropped.
    fn shift_all(self, v: Self::Vector, amount: i8) -> Self::Vector;
    /// Lane-wise: all ones where the lane is zero, else zero.
    fn zero_mask(self, v: Self::Vector) -> Self::Vector;
    /// Lane-wise wrapping `a - b`.
    fn sub(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Each byte replaced by the number of its set bits (0..=8).
    fn byte_counts(self, v: Self::Vector) -> Self::Vector;
    /// Byte-wise wrapping `a + b`; callers keep every byte sum below 256.
    fn add_bytes(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Each lane replaced by the sum of its eight bytes.
    fn byte_sums(self, v: Self::Vector) -> Self::Vector;
    /// Lane-wise wrapping `a + b`.
    fn add(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// The wrapping sum of the lanes.
    fn sum_lanes(self, v: Self::Vector) -> u64;
    /// The bytes of every lane in reverse order (a board's ranks mirrored).
    fn swap_bytes(self, v: Self::Vector) -> Self::Vector;
    /// Whether some lane is not zero.
    fn any(self, v: Self::Vector) -> bool;
    /// Whether the count's tally adds a byte population count of every set
    /// ([`byte_counts`](Self::byte_counts), [`add_bytes`](Self::add_bytes)) rather than
    /// reducing the sets by carry-save adders first ([`full_add`](Self::full_add)). Worth it
    /// where a byte population count is one instruction and a full adder several.
    const TALLIES_BYTE_COUNTS: bool = false;
    /// Whether [`mirror_files`](Self::mirror_files) is cheap enough (an instruction) that a
    /// ray towards the a-file is better filled as a mirrored ray towards the h-file, which
    /// one subtraction fills, than by three shift steps.
    const MIRRORS_FILES: bool = false;
    /// Whether the count fills our sliders' rays in the loop over the opponent's lines,
    /// before the pins are known, and fills them again only in a batch where one of our
    /// sliders is pinned. Worth it where the fills share that loop's constants and empty
    /// squares in registers, and the pin mask per direction would cost spills later.
    const FILLS_OURS_EARLY: bool = false;
    /// Whether the count of a parent's moves (the parent broadcast) takes their squares from
    /// [`move_squares`](Self::move_squares) and tests them for double pushes on the vectors,
    /// rather than on general registers. Worth it where the squares are a per-lane variable
    /// shift each.
    const MOVE_SQUARES_IN_VECTORS: bool = false;
    /// Whether the count of a full shared batch first looks, on general registers, for a king
    /// of the side to move that all eight parents share, and then counts with what that king
    /// gives looked up rather than computed (as the count from one parent does). Worth it where
    /// a batch is several vectors, each of which uses what the look settles; where it is one
    /// (AVX-512), the look made position 3 slower (BENCHMARKS.md, "A known king for the shared
    /// batch (session 35)").
    const KNOWS_SHARED_KING: bool = false;
    /// The from and to squares, as one-square bitboards, of the moves whose
    /// [`Move::to_bits`](crate::Move::to_bits) words are `words[chunk * LANES + i]`, lane by
    /// lane: `1 << (w & 63)` and `1 << (w >> 6 & 63)`. Shift by shift on general registers by
    /// default; a backend with per-lane variable shifts does it on the vector (and sets
    /// [`MOVE_SQUARES_IN_VECTORS`](Self::MOVE_SQUARES_IN_VECTORS)).
    #[inline(always)]
    fn move_squares(self, words: &[u16; 8], chunk: usize) -> (Self::Vector, Self::Vector) {
        let (mut from, mut to) = ([0u64; 8], [0u64; 8]);
        let first = chunk * Self::LANES;
        for i in first..first + Self::LANES {
            from[i] = 1 << (words[i] & 63);
            to[i] = 1 << (words[i] >> 6 & 63);
        }
        (self.load(&from, chunk), self.load(&to, chunk))
    }
    /// The bits of every byte in reverse order (a board's files mirrored: a-file to h-file).
    /// Three swaps of bit groups by default.
    #[inline(always)]
    fn mirror_files(self, v: Self::Vector) -> Self::Vector {
        let v = swap_bit_groups(self, v, 1, 0x5555_5555_5555_5555);
        let v = swap_bit_groups(self, v, 2, 0x3333_3333_3333_3333);
        swap_bit_groups(self, v, 4, 0x0f0f_0f0f_0f0f_0f0f)
    }
    /// Bitwise full adder: `(a ^ b ^ c, majority(a, b, c))`, so that `popcount(a) +
    /// popcount(b) + popcount(c) == popcount(sum) + 2 * popcount(carry)`. Backends with
    /// three-input logic do it in two instructions.
    #[inline(always)]
    fn full_add(
        self,
        a: Self::Vector,
        b: Self::Vector,
        c: Self::Vector,
    ) -> (Self::Vector, Self::Vector) {
        let partial = self.xor(a, b);
        (
            self.xor(partial, c),
            self.or(self.and(a, b), self.and(partial, c)),
        )
    }
}

/// Every group of `width` bits in `low` swapped with the group of `width` bits above it.
#[inline(always)]
fn swap_bit_groups<P: PositionLanes>(lanes: P, v: P::Vector, width: i8, low: u64) -> P::Vector {
    let low = lanes.splat(low);
    lanes.or(
        lanes.and(lanes.shift_all(v, -width), low),
        lanes.shift_all(lanes.and(v, low), width),
    )
}

/// A job that runs on whichever [`PositionLanes`] the backend counts by (see
/// [`Lanes::by_position`](super::Lanes::by_position)): a generic method, since the vector type
/// is the backend's choice.
pub(crate) trait PositionJob {
    /// What the job returns.
    type Output;
    /// Runs the job on vectors of `lanes`.
    fn run<P: PositionLanes>(self, lanes: P) -> Self::Output;
}

/// One bitboard of each of [`PositionLanes::LANES`] positions, with operators, so the count
/// reads like bitboard code.
#[derive(Clone, Copy)]
pub(crate) struct Positions<P: PositionLanes> {
    v: P::Vector,
    lanes: P,
}

impl<P: PositionLanes> Positions<P> {
    #[inline(always)]
    pub(crate) fn splat(lanes: P, x: u64) -> Self {
        Positions {
            v: lanes.splat(x),
            lanes,
        }
    }

    #[inline(always)]
    pub(crate) fn load(lanes: P, a: &[u64; 8], chunk: usize) -> Self {
        Positions {
            v: lanes.load(a, chunk),
            lanes,
        }
    }

    #[inline(always)]
    fn with(self, v: P::Vector) -> Self {
        Positions {
            v,
            lanes: self.lanes,
        }
    }

    /// See [`PositionLanes::move_squares`].
    #[inline(always)]
    pub(crate) fn move_squares(lanes: P, words: &[u16; 8], chunk: usize) -> (Self, Self) {
        let (from, to) = lanes.move_squares(words, chunk);
        (Positions { v: from, lanes }, Positions { v: to, lanes })
    }

    #[inline(always)]
    pub(crate) fn to_array(self) -> [u64; 8] {
        self.lanes.to_array(self.v)
    }

    #[inline(always)]
    pub(crate) fn and_not(self, rhs: Self) -> Self {
        self.with(self.lanes.and_not(self.v, rhs.v))
    }

    #[inline(always)]
    pub(crate) fn shift_all(self, amount: i8) -> Self {
        self.with(self.lanes.shift_all(self.v, amount))
    }

    #[inline(always)]
    pub(crate) fn zero_mask(self) -> Self {
        self.with(self.lanes.zero_mask(self.v))
    }

    #[inline(always)]
    pub(crate) fn sub(self, rhs: Self) -> Self {
        self.with(self.lanes.sub(self.v, rhs.v))
    }

    /// `(self ^ b ^ c, majority(self, b, c))`, see [`PositionLanes::full_add`].
    #[inline(always)]
    pub(crate) fn full_add(self, b: Self, c: Self) -> (Self, Self) {
        let (sum, carry) = self.lanes.full_add(self.v, b.v, c.v);
        (self.with(sum), self.with(carry))
    }

    #[inline(always)]
    pub(crate) fn byte_counts(self) -> Self {
        self.with(self.lanes.byte_counts(self.v))
    }

    #[inline(always)]
    pub(crate) fn add_bytes(self, rhs: Self) -> Self {
        self.with(self.lanes.add_bytes(self.v, rhs.v))
    }

    #[inline(always)]
    pub(crate) fn byte_sums(self) -> Self {
        self.with(self.lanes.byte_sums(self.v))
    }

    #[inline(always)]
    pub(crate) fn add(self, rhs: Self) -> Self {
        self.with(self.lanes.add(self.v, rhs.v))
    }

    #[inline(always)]
    pub(crate) fn sum_lanes(self) -> u64 {
        self.lanes.sum_lanes(self.v)
    }

    #[inline(always)]
    pub(crate) fn swap_bytes(self) -> Self {
        self.with(self.lanes.swap_bytes(self.v))
    }

    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        self.lanes.any(self.v)
    }

    #[inline(always)]
    pub(crate) fn mirror_files(self) -> Self {
        self.with(self.lanes.mirror_files(self.v))
    }

    /// The bits of every lane in reverse order (a board turned half round): the files
    /// mirrored and the bytes swapped.
    #[inline(always)]
    pub(crate) fn reverse_bits(self) -> Self {
        self.mirror_files().swap_bytes()
    }
}

macro_rules! positions_operator {
    ($trait:ident, $method:ident, $lanes_method:ident) => {
        impl<P: PositionLanes> $trait for Positions<P> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                self.with(self.lanes.$lanes_method(self.v, rhs.v))
            }
        }
    };
}

positions_operator!(BitAnd, bitand, and);
positions_operator!(BitOr, bitor, or);
positions_operator!(BitXor, bitxor, xor);

#[cfg(test)]
mod tests {
    use super::{PositionJob, PositionLanes};
    use crate::lanes::Lanes;
    use crate::lanes::every_backend::{BackendCheck, on_every_backend};

    /// Every backend's `move_squares` (its own where it has one, the default elsewhere) against
    /// the squares of each word, every chunk, with the kind bits set in some words.
    struct MoveSquares;

    impl PositionJob for MoveSquares {
        type Output = ();
        fn run<P: PositionLanes>(self, lanes: P) {
            let words: [u16; 8] = [
                12 | 28 << 6,
                63 | 0xf000,
                63 << 6,
                48 | 56 << 6 | 0x2000,
                7 | 15 << 6,
                33 | 1 << 6 | 0x1000,
                62 | 61 << 6,
                5 | 40 << 6 | 0x4000,
            ];
            let (mut from, mut to) = ([0u64; 8], [0u64; 8]);
            for chunk in 0..8 / P::LANES {
                let (f, t) = lanes.move_squares(&words, chunk);
                let (f, t) = (lanes.to_array(f), lanes.to_array(t));
                from[chunk * P::LANES..][..P::LANES].copy_from_slice(&f[..P::LANES]);
                to[chunk * P::LANES..][..P::LANES].copy_from_slice(&t[..P::LANES]);
            }
            let expected_from = words.map(|w| 1u64 << (w & 63));
            let expected_to = words.map(|w| 1u64 << (w >> 6 & 63));
            assert_eq!(
                (from, to),
                (expected_from, expected_to),
                "{} lanes",
                P::LANES
            );
        }
    }

    #[test]
    fn move_squares_are_the_words_squares_on_every_backend() {
        struct Check;
        impl BackendCheck for Check {
            fn check<L: Lanes>(lanes: L, _name: &str) {
                lanes.by_position(MoveSquares);
            }
        }
        on_every_backend::<Check>();
    }
}
