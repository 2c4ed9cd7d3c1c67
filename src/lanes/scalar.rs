//! The scalar backend: eight `u64`s, lane `i` in element `i`. Runs on every CPU and is the
//! reference the vector backends are checked against.

use super::Lanes;

/// Eight bitboards in plain `u64`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar(pub [u64; 8]);

macro_rules! lanewise {
    ($a:expr, $b:expr, $op:tt) => {{
        let (a, b) = ($a.0, $b.0);
        Scalar([
            a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3],
            a[4] $op b[4], a[5] $op b[5], a[6] $op b[6], a[7] $op b[7],
        ])
    }};
}

impl Lanes for Scalar {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        Scalar([x; 8])
    }

    #[inline(always)]
    fn from_array(a: [u64; 8]) -> Self {
        Scalar(a)
    }

    #[inline(always)]
    fn to_array(self) -> [u64; 8] {
        self.0
    }

    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        lanewise!(self, rhs, &)
    }

    #[inline(always)]
    fn or(self, rhs: Self) -> Self {
        lanewise!(self, rhs, |)
    }

    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        lanewise!(self, rhs, ^)
    }

    #[inline(always)]
    fn and_not(self, rhs: Self) -> Self {
        lanewise!(self, Scalar(rhs.0.map(|x| !x)), &)
    }

    #[inline(always)]
    fn shift(self, amounts: [i8; 8]) -> Self {
        let mut out = self.0;
        for (x, &s) in out.iter_mut().zip(amounts.iter()) {
            *x = if s >= 0 { *x << s } else { *x >> -s };
        }
        Scalar(out)
    }

    #[inline(always)]
    fn swap_opposite(self) -> Self {
        let a = self.0;
        Scalar([a[4], a[5], a[6], a[7], a[0], a[1], a[2], a[3]])
    }

    #[inline(always)]
    fn or_all(self) -> u64 {
        let a = self.0;
        (a[0] | a[1]) | (a[2] | a[3]) | (a[4] | a[5]) | (a[6] | a[7])
    }
}
