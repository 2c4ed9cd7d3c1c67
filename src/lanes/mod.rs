//! `Lanes`: a vector of eight bitboards, the unit the Golem pipeline computes on.
//!
//! Lane `i` holds one direction: the eight ray directions in the order
//! N, NE, E, SE, S, SW, W, NW (so lane `i + 4` is the opposite of lane `i`), or the eight knight
//! directions in the order NNE, NEE, SEE, SSE, SSW, SWW, NWW, NNW (same property). The pipeline
//! in [`crate::golem`] is written once over this trait; each backend module implements it with
//! its own registers (the scalar one with plain `u64`s) and documents how lanes map to them.

mod scalar;

pub use scalar::Scalar;

/// Eight `u64` lanes with the operations the Golem needs. Implementations are `Copy` values
/// (registers); every method is meant to be inlined into the pipeline.
pub trait Lanes: Copy {
    /// All eight lanes equal to `x`.
    fn splat(x: u64) -> Self;
    /// Lane `i` = `a[i]`.
    fn from_array(a: [u64; 8]) -> Self;
    /// The lanes as an array.
    fn to_array(self) -> [u64; 8];
    /// Lane-wise `self & rhs`.
    fn and(self, rhs: Self) -> Self;
    /// Lane-wise `self | rhs`.
    fn or(self, rhs: Self) -> Self;
    /// Lane-wise `self ^ rhs`.
    fn xor(self, rhs: Self) -> Self;
    /// Lane-wise `self & !rhs`.
    fn and_not(self, rhs: Self) -> Self;
    /// Lane `i` shifted left by `amounts[i]` bits, or right by `-amounts[i]` when negative,
    /// filling with zeros. `amounts` is a constant of the caller (|amount| < 64).
    fn shift(self, amounts: [i8; 8]) -> Self;
    /// Lane `i` exchanged with lane `i + 4`: each direction with its opposite.
    fn swap_opposite(self) -> Self;
    /// The OR of all eight lanes.
    fn or_all(self) -> u64;
}
