//! The scalar backend: eight `u64`s, lane `i` in element `i`. Runs on every CPU and is the
//! reference the vector backends are checked against.

use super::Lanes;
use super::entry::entry_points;

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
}

entry_points!(Scalar);
