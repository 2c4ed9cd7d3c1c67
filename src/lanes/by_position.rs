//! Vectors of positions for the position-parallel count (`golem::batch`): lane `i` holds a
//! bitboard of position `i`, and every lane moves the same way.
//!
//! The count keeps some twenty bitboards live at once. On a backend whose [`Lanes`] vector is
//! several registers (AVX2: two, SSE2 and NEON: four), eight positions at a time would need
//! more registers than the CPU has, and the count would spend much of its work spilling them
//! to the stack. So a backend counts by the vectors that suit it ([`Lanes::by_position`]): one
//! register of positions at a time (four on AVX2, two on SSE2), the batch of eight in a few
//! passes; by default its eight lanes ([`ByEight`]).

use core::ops::{BitAnd, BitOr, BitXor};

use super::Lanes;

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
    /// The sum of all bytes of the vector.
    fn sum_bytes(self, v: Self::Vector) -> u64;
    /// The bytes of every lane in reverse order (a board's ranks mirrored).
    fn swap_bytes(self, v: Self::Vector) -> Self::Vector;
    /// Whether some lane is not zero.
    fn any(self, v: Self::Vector) -> bool;
    /// Bitwise full adder: `(a ^ b ^ c, majority(a, b, c))`, see [`Lanes::full_add`].
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

/// A job that runs on whichever [`PositionLanes`] the backend counts by (see
/// [`Lanes::by_position`]): a generic method, since the vector type is the backend's choice.
pub(crate) trait PositionJob {
    /// What the job returns.
    type Output;
    /// Runs the job on vectors of `lanes`.
    fn run<P: PositionLanes>(self, lanes: P) -> Self::Output;
}

/// A [`Lanes`] backend's eight lanes as vectors of eight positions: the default of
/// [`Lanes::by_position`], for backends whose eight lanes are one register (AVX-512) or that
/// never count by position (scalar).
#[derive(Clone, Copy)]
pub(crate) struct ByEight<L: Lanes>(pub(crate) L);

impl<L: Lanes> PositionLanes for ByEight<L> {
    type Vector = L::Vector;
    const LANES: usize = 8;

    #[inline(always)]
    fn splat(self, x: u64) -> L::Vector {
        self.0.splat(x)
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], _chunk: usize) -> L::Vector {
        self.0.load(*a)
    }

    #[inline(always)]
    fn to_array(self, v: L::Vector) -> [u64; 8] {
        self.0.to_array(v)
    }

    #[inline(always)]
    fn and(self, a: L::Vector, b: L::Vector) -> L::Vector {
        self.0.and(a, b)
    }

    #[inline(always)]
    fn or(self, a: L::Vector, b: L::Vector) -> L::Vector {
        self.0.or(a, b)
    }

    #[inline(always)]
    fn xor(self, a: L::Vector, b: L::Vector) -> L::Vector {
        self.0.xor(a, b)
    }

    #[inline(always)]
    fn and_not(self, a: L::Vector, b: L::Vector) -> L::Vector {
        self.0.and_not(a, b)
    }

    #[inline(always)]
    fn shift_all(self, v: L::Vector, amount: i8) -> L::Vector {
        self.0.shift_all(v, amount)
    }

    #[inline(always)]
    fn zero_mask(self, v: L::Vector) -> L::Vector {
        self.0.zero_mask(v)
    }

    #[inline(always)]
    fn sub(self, a: L::Vector, b: L::Vector) -> L::Vector {
        self.0.sub(a, b)
    }

    #[inline(always)]
    fn byte_counts(self, v: L::Vector) -> L::Vector {
        self.0.byte_counts(v)
    }

    #[inline(always)]
    fn add_bytes(self, a: L::Vector, b: L::Vector) -> L::Vector {
        self.0.add_bytes(a, b)
    }

    #[inline(always)]
    fn sum_bytes(self, v: L::Vector) -> u64 {
        self.0.sum_bytes(v)
    }

    #[inline(always)]
    fn swap_bytes(self, v: L::Vector) -> L::Vector {
        self.0.swap_bytes(v)
    }

    #[inline(always)]
    fn any(self, v: L::Vector) -> bool {
        self.0.any(v)
    }

    #[inline(always)]
    fn full_add(self, a: L::Vector, b: L::Vector, c: L::Vector) -> (L::Vector, L::Vector) {
        self.0.full_add(a, b, c)
    }
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
    pub(crate) fn sum_bytes(self) -> u64 {
        self.lanes.sum_bytes(self.v)
    }

    #[inline(always)]
    pub(crate) fn swap_bytes(self) -> Self {
        self.with(self.lanes.swap_bytes(self.v))
    }

    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        self.lanes.any(self.v)
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
    use super::*;
    use crate::lanes::Scalar;

    /// A xorshift sequence with varied bit densities.
    fn words(count: usize) -> Vec<[u64; 8]> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|i| {
                core::array::from_fn(|_| match i % 4 {
                    0 => next() & next() & next(),
                    1 => next() | next(),
                    2 => next(),
                    _ => [0, u64::MAX, 1 << 63, 1][(next() % 4) as usize],
                })
            })
            .collect()
    }

    /// Every operation of `lanes`, chunk by chunk, against the scalar backend's eight lanes.
    fn check_against_scalar<P: PositionLanes>(lanes: P) {
        let s = ByEight(Scalar);
        let n = P::LANES;
        assert!(n > 0 && 8 % n == 0, "a batch of eight is whole vectors");
        let inputs = words(400);
        for pair in inputs.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            for chunk in 0..8 / n {
                let (va, vb) = (lanes.load(a, chunk), lanes.load(b, chunk));
                let part = |x: [u64; 8]| {
                    let mut out = [0; 8];
                    out[..n].copy_from_slice(&x[chunk * n..chunk * n + n]);
                    out
                };
                let same = |v: P::Vector, expected: [u64; 8], what: &str| {
                    assert_eq!(
                        lanes.to_array(v),
                        part(expected),
                        "{what} of {a:x?}, {b:x?}, chunk {chunk}"
                    );
                };
                same(va, *a, "load");
                same(lanes.splat(a[3]), [a[3]; 8], "splat");
                same(lanes.and(va, vb), s.and(*a, *b), "and");
                same(lanes.or(va, vb), s.or(*a, *b), "or");
                same(lanes.xor(va, vb), s.xor(*a, *b), "xor");
                same(lanes.and_not(va, vb), s.and_not(*a, *b), "and_not");
                assert_eq!(lanes.any(va), part(*a).iter().any(|&x| x != 0), "any");
                for amount in [-63i8, -36, -9, -8, -7, -1, 0, 1, 7, 8, 9, 17, 36, 63] {
                    same(
                        lanes.shift_all(va, amount),
                        s.shift_all(*a, amount),
                        "shift_all",
                    );
                }
                same(lanes.zero_mask(va), s.zero_mask(*a), "zero_mask");
                same(lanes.swap_bytes(va), s.swap_bytes(*a), "swap_bytes");
                same(lanes.sub(va, vb), s.sub(*a, *b), "sub");
                let c = a.map(|x| x.rotate_left(17) ^ b[0]);
                let (sum, carry) = lanes.full_add(va, vb, lanes.load(&c, chunk));
                let (s_sum, s_carry) = s.full_add(*a, *b, c);
                same(sum, s_sum, "full_add sum");
                same(carry, s_carry, "full_add carry");
                same(lanes.byte_counts(va), s.byte_counts(*a), "byte_counts");
                let expected: u64 = part(*a).iter().map(|x| x.count_ones() as u64).sum();
                let counts = lanes.byte_counts(va);
                assert_eq!(lanes.sum_bytes(counts), expected, "sum_bytes");
                // 31 sums of byte counts stay below 256 per byte.
                let mut acc = lanes.splat(0);
                for _ in 0..31 {
                    acc = lanes.add_bytes(acc, counts);
                }
                assert_eq!(lanes.sum_bytes(acc), 31 * expected, "add_bytes");
            }
        }
    }

    /// The job runs on the backend's choice of vectors, and those agree with scalar.
    struct Check;

    impl PositionJob for Check {
        type Output = usize;
        fn run<P: PositionLanes>(self, lanes: P) -> usize {
            check_against_scalar(lanes);
            P::LANES
        }
    }

    #[test]
    fn every_backend_agrees_with_scalar() {
        assert_eq!(Scalar.by_position(Check), 8);
        #[cfg(target_arch = "x86_64")]
        {
            use crate::lanes::x86_64::{Avx2, Avx512, Sse2};
            if let Some(t) = Sse2::new() {
                assert_eq!(t.by_position(Check), 2, "SSE2 counts by registers");
            }
            if let Some(t) = Avx2::new() {
                assert_eq!(t.by_position(Check), 4, "AVX2 counts by registers");
            }
            if let Some(t) = Avx512::new() {
                assert_eq!(t.by_position(Check), 8);
            }
        }
        #[cfg(target_arch = "aarch64")]
        if let Some(t) = crate::lanes::aarch64::Neon::new() {
            assert_eq!(t.by_position(Check), 2, "NEON counts by registers");
        }
    }
}
