//! The scalar backend: eight `u64`s, lane `i` in element `i`. Runs on every CPU and is the
//! reference the vector backends are checked against.

use super::{Lanes, PositionJob, PositionLanes};

/// The scalar backend token (always available).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scalar;

#[inline(always)]
fn zip(a: [u64; 8], b: [u64; 8], f: impl Fn(u64, u64) -> u64) -> [u64; 8] {
    [
        f(a[0], b[0]),
        f(a[1], b[1]),
        f(a[2], b[2]),
        f(a[3], b[3]),
        f(a[4], b[4]),
        f(a[5], b[5]),
        f(a[6], b[6]),
        f(a[7], b[7]),
    ]
}

impl Lanes for Scalar {
    type Vector = [u64; 8];
    /// Without vector registers, eight positions at a time cost more than eight one at a time:
    /// every vertical operation is eight scalar ones, and nothing pays for the transposition.
    const COUNTS_BY_POSITION: bool = false;

    #[inline(always)]
    fn splat(self, x: u64) -> [u64; 8] {
        [x; 8]
    }

    #[inline(always)]
    fn load(self, a: [u64; 8]) -> [u64; 8] {
        a
    }

    #[inline(always)]
    fn to_array(self, v: [u64; 8]) -> [u64; 8] {
        v
    }

    #[inline(always)]
    fn and(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x & y)
    }

    #[inline(always)]
    fn or(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x | y)
    }

    #[inline(always)]
    fn xor(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x ^ y)
    }

    #[inline(always)]
    fn and_not(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x & !y)
    }

    #[inline(always)]
    fn shift(self, v: [u64; 8], amounts: [i8; 8]) -> [u64; 8] {
        let mut out = v;
        for (x, &s) in out.iter_mut().zip(amounts.iter()) {
            *x = if s >= 0 { *x << s } else { *x >> -s };
        }
        out
    }

    #[inline(always)]
    fn swap_opposite(self, v: [u64; 8]) -> [u64; 8] {
        [v[4], v[5], v[6], v[7], v[0], v[1], v[2], v[3]]
    }

    #[inline(always)]
    fn or_all(self, v: [u64; 8]) -> u64 {
        (v[0] | v[1]) | (v[2] | v[3]) | (v[4] | v[5]) | (v[6] | v[7])
    }

    #[inline(always)]
    fn shift_all(self, v: [u64; 8], amount: i8) -> [u64; 8] {
        if amount >= 0 {
            v.map(|x| x << amount)
        } else {
            v.map(|x| x >> -amount)
        }
    }

    #[inline(always)]
    fn sub(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, u64::wrapping_sub)
    }

    #[inline(always)]
    fn any(self, v: [u64; 8]) -> bool {
        self.or_all(v) != 0
    }

    #[inline(always)]
    fn by_position<J: PositionJob>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// Position-parallel: eight positions, position `i` in element `i` (counted only in tests:
/// [`Lanes::COUNTS_BY_POSITION`] is false here, but it is the reference of the other
/// backends' position-parallel operations).
impl PositionLanes for Scalar {
    type Vector = [u64; 8];
    const LANES: usize = 8;

    #[inline(always)]
    fn splat(self, x: u64) -> [u64; 8] {
        [x; 8]
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], _chunk: usize) -> [u64; 8] {
        *a
    }

    #[inline(always)]
    fn to_array(self, v: [u64; 8]) -> [u64; 8] {
        v
    }

    #[inline(always)]
    fn and(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        Lanes::and(self, a, b)
    }

    #[inline(always)]
    fn or(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        Lanes::or(self, a, b)
    }

    #[inline(always)]
    fn xor(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        Lanes::xor(self, a, b)
    }

    #[inline(always)]
    fn and_not(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        Lanes::and_not(self, a, b)
    }

    #[inline(always)]
    fn shift_all(self, v: [u64; 8], amount: i8) -> [u64; 8] {
        Lanes::shift_all(self, v, amount)
    }

    #[inline(always)]
    fn sub(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        Lanes::sub(self, a, b)
    }

    #[inline(always)]
    fn any(self, v: [u64; 8]) -> bool {
        Lanes::any(self, v)
    }

    #[inline(always)]
    fn zero_mask(self, v: [u64; 8]) -> [u64; 8] {
        v.map(|x| ((x == 0) as u64).wrapping_neg())
    }

    #[inline(always)]
    fn byte_counts(self, v: [u64; 8]) -> [u64; 8] {
        v.map(|x| {
            let x = x - (x >> 1 & 0x5555_5555_5555_5555);
            let x = (x & 0x3333_3333_3333_3333) + (x >> 2 & 0x3333_3333_3333_3333);
            (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
        })
    }

    #[inline(always)]
    fn add_bytes(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        // No byte sum reaches 256 (the caller's promise), so no carry crosses a byte.
        zip(a, b, u64::wrapping_add)
    }

    #[inline(always)]
    fn byte_sums(self, v: [u64; 8]) -> [u64; 8] {
        v.map(|x| {
            // Pairs of bytes into 16-bit fields (each at most 510), then all four summed into
            // the top field by one multiplication (at most 2040).
            let pairs = (x & 0x00ff_00ff_00ff_00ff) + (x >> 8 & 0x00ff_00ff_00ff_00ff);
            pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
        })
    }

    #[inline(always)]
    fn add(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, u64::wrapping_add)
    }

    #[inline(always)]
    fn sum_lanes(self, v: [u64; 8]) -> u64 {
        v.iter().fold(0, |sum, &x| sum.wrapping_add(x))
    }

    #[inline(always)]
    fn swap_bytes(self, v: [u64; 8]) -> [u64; 8] {
        v.map(super::swap_bytes)
    }
}
