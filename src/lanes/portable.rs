//! The portable backend, written on the `wide` crate: four `u64x2` vectors, which `wide` maps at
//! compile time to the vector unit the target is built for (SSE2 on x86 and x86-64, simd128 on
//! wasm32 built with `-C target-feature=+simd128`, NEON on aarch64). It is the one vector
//! backend of targets that have no backend of their own to detect, wasm32 above all, where a
//! module either was built with simd128 or was not.
//!
//! Vector `k` (0..4) holds lane `k` in its low half and the opposite lane `k + 4` in its high
//! half, as in the SSE2 backend: a vector's two lanes always shift by the same distance in
//! opposite directions (the pipeline's promise, `amounts[i + 4] == -amounts[i]`), so a shift is
//! two shifts by one count and a blend; simd128 has no shift by a count per lane, and this
//! layout needs none. [`Lanes::swap_opposite`] is one exchange of halves inside each vector.
//!
//! Where `wide` would fall back to element-wise code on one of those units (a 64-bit compare
//! and a byte shuffle on SSE2 before SSE4.1 and SSSE3), the operation is built from ones every
//! unit has: shifts, adds and logic on 64-bit lanes. Where simd128 has an instruction that
//! `wide` does not offer (a byte's bit count, the sum of neighbouring bytes), the wasm32 build
//! takes it from `core::arch::wasm32`, whose functions are safe to call there.
//!
//! perft's last ply, which counts the moves of many positions at once, holds two positions in
//! one `u64x2` ([`PositionLanes`]), as the SSE2 and NEON backends do.

use wide::{u8x16, u64x2};

use super::{Lanes, PositionJob, PositionLanes};

/// Whether this build's target has a vector unit that `wide` uses: only then is the backend
/// offered, as elsewhere `wide` computes element by element, which is the scalar backend
/// with extra copies.
const VECTOR_UNIT: bool = cfg!(any(
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ),
    all(target_arch = "wasm32", target_feature = "simd128"),
    all(target_arch = "aarch64", target_feature = "neon"),
));

/// The portable backend token. The instructions it uses are fixed when the crate is compiled
/// (`wide` selects them by the target's compile-time features), so nothing is detected at run
/// time: the token exists where the build targets a vector unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Portable(());

impl Portable {
    /// The token, if this build targets a vector unit that `wide` uses.
    pub fn new() -> Option<Portable> {
        VECTOR_UNIT.then_some(Portable(()))
    }
}

/// Lane `k` and lane `k + 4` in vector `k`.
type V = [u64x2; 4];

/// All ones in the low half: the blend mask that takes lane `k` from one vector and lane
/// `k + 4` from another.
const LOW_HALF: u64x2 = u64x2::new([u64::MAX, 0]);

#[inline(always)]
fn each(a: V, b: V, f: impl Fn(u64x2, u64x2) -> u64x2) -> V {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
}

/// Both halves of `v` moved left by `amount` bit positions, or right by `-amount` when
/// negative (|amount| < 64).
#[inline(always)]
fn shift_both(v: u64x2, amount: i8) -> u64x2 {
    let count = u32::from(amount.unsigned_abs());
    if amount >= 0 { v << count } else { v >> count }
}

/// `low` and `high` as one vector's two halves. On wasm32 from the two values themselves
/// (`i64x2.splat`, then `i64x2.replace_lane`), as `Lanes::pair_by_line_kind` needs: `wide`'s
/// `new` reinterprets an array, and the compiler may then pass the values through memory.
#[inline(always)]
fn two(low: u64, high: u64) -> u64x2 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        core::arch::wasm32::u64x2(low, high).into()
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        u64x2::new([low, high])
    }
}

#[inline(always)]
fn bytes(v: u64x2) -> u8x16 {
    wide::bytemuck::cast(v)
}

#[inline(always)]
fn words(v: u8x16) -> u64x2 {
    wide::bytemuck::cast(v)
}

/// Each 64-bit lane's bytes in reverse order (also `lanes::swap_bytes` on wasm32).
#[inline(always)]
pub(super) fn reverse_bytes(v: u64x2) -> u64x2 {
    #[cfg(any(
        target_feature = "ssse3",
        target_feature = "simd128",
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    {
        // One byte shuffle where the unit has one.
        const REVERSED: u8x16 = u8x16::new([7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8]);
        words(bytes(v).shuffle(REVERSED))
    }
    #[cfg(not(any(
        target_feature = "ssse3",
        target_feature = "simd128",
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        // Halves, then 16-bit quarters, then bytes exchanged with shifts and masks.
        const QUARTERS: u64x2 = u64x2::splat(0x0000_ffff_0000_ffff);
        const BYTES: u64x2 = u64x2::splat(0x00ff_00ff_00ff_00ff);
        let v = (v << 32) | (v >> 32);
        let v = ((v & QUARTERS) << 16) | ((v >> 16) & QUARTERS);
        ((v & BYTES) << 8) | ((v >> 8) & BYTES)
    }
}

/// Each byte replaced by the number of its set bits. simd128 has an instruction for it, which
/// `wide` does not offer; elsewhere SWAR: bit pairs, then nibbles, then bytes.
#[inline(always)]
fn byte_counts(x: u64x2) -> u64x2 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        core::arch::wasm32::u8x16_popcnt(x.into()).into()
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        const M1: u64x2 = u64x2::splat(0x5555_5555_5555_5555);
        const M2: u64x2 = u64x2::splat(0x3333_3333_3333_3333);
        const M4: u64x2 = u64x2::splat(0x0f0f_0f0f_0f0f_0f0f);
        let x = words(bytes(x) - bytes((x >> 1) & M1));
        let x = words(bytes(x & M2) + bytes((x >> 2) & M2));
        words(bytes(x) + bytes(x >> 4)) & M4
    }
}

/// Each 64-bit lane replaced by the sum of its eight bytes.
#[inline(always)]
fn byte_sums(v: u64x2) -> u64x2 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{i16x8_extadd_pairwise_u8x16, i32x4_extadd_pairwise_u16x8};
        // simd128 adds neighbours in one instruction: bytes into 16-bit sums, those into
        // 32-bit ones (at most 1020 each), and the lane's two halves then by a shift.
        let s: u64x2 = i32x4_extadd_pairwise_u16x8(i16x8_extadd_pairwise_u8x16(v.into())).into();
        (s + (s >> 32)) & u64x2::splat(0xffff)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        // Pairs of bytes into 16-bit fields (at most 510 each), then the fields of each lane
        // folded into its low field.
        const PAIRS: u64x2 = u64x2::splat(0x00ff_00ff_00ff_00ff);
        let s = (v & PAIRS) + ((v >> 8) & PAIRS);
        let s = s + (s >> 32);
        (s + (s >> 16)) & u64x2::splat(0xffff)
    }
}

impl Lanes for Portable {
    type Vector = V;

    // On wasm32 (timed under node's V8), one position's targets took about a fifth longer on
    // these vectors than on the scalar backend's bitboards, and move lists with them: simd128
    // shifts a vector's two lanes by one count, so a shift of two opposite directions is two
    // shifts and a select, where scalar code shifts each bitboard once. The pair's fill, whose
    // registers each shift one way, and perft's count by position, whose lanes all shift
    // alike, keep the vectors. BENCHMARKS.md, "wasm32 under node: one position's targets, the
    // byte swap (session 43)" and "Our sliders paired with theirs, our king's rays looked up
    // (session 44)".
    const TARGETS_AS_SCALAR: bool = cfg!(target_arch = "wasm32");

    #[inline(always)]
    fn splat(self, x: u64) -> V {
        // Not `[u64x2::splat(x); 4]`: rustc builds a repeat of a value that is not bytes with a
        // loop, one at every inlined splat, which LLVM must then unroll; thousands of them
        // made this backend's perft the costliest function of the crate to compile
        // (BENCHMARKS.md, "CI time (session 21)"). What it computes is the same, in as many
        // instructions or fewer.
        let r = u64x2::splat(x);
        [r, r, r, r]
    }

    #[inline(always)]
    fn load(self, a: [u64; 8]) -> V {
        core::array::from_fn(|k| u64x2::new([a[k], a[k + 4]]))
    }

    #[inline(always)]
    fn to_array(self, v: V) -> [u64; 8] {
        let mut out = [0u64; 8];
        for (k, r) in v.into_iter().enumerate() {
            let [low, high] = r.to_array();
            out[k] = low;
            out[k + 4] = high;
        }
        out
    }

    #[inline(always)]
    fn and(self, a: V, b: V) -> V {
        each(a, b, |x, y| x & y)
    }

    #[inline(always)]
    fn or(self, a: V, b: V) -> V {
        each(a, b, |x, y| x | y)
    }

    #[inline(always)]
    fn xor(self, a: V, b: V) -> V {
        each(a, b, |x, y| x ^ y)
    }

    #[inline(always)]
    fn and_not(self, a: V, b: V) -> V {
        each(a, b, |x, y| x & !y)
    }

    #[inline(always)]
    fn shift(self, v: V, amounts: [i8; 8]) -> V {
        core::array::from_fn(|k| {
            let a = amounts[k];
            let count = u32::from(a.unsigned_abs());
            // The low lane moves by `a`, the high lane (the opposite direction) by `-a`.
            let (left, right) = (v[k] << count, v[k] >> count);
            if a >= 0 {
                LOW_HALF.bitselect(left, right)
            } else {
                LOW_HALF.bitselect(right, left)
            }
        })
    }

    const PAIRS_FILLS: bool = true;

    /// As in the SSE2 backend: vector `k` of the pair's first half holds lane `k` of `a` and
    /// of `b`, vector `k` of its second lane `k + 4` of each, so that a vector's halves go
    /// the same direction and a shift is one, not two and a blend.
    #[inline(always)]
    fn pair(self, a: V, b: V) -> [V; 2] {
        [
            core::array::from_fn(|k| a[k].unpack_lo(b[k])),
            core::array::from_fn(|k| a[k].unpack_hi(b[k])),
        ]
    }

    /// Lanes `k` and `k + 4` are of one line kind (north and south, north-east and
    /// south-west, ...), so every register of the pair is one of two, each built from two of
    /// the four bitboards.
    #[inline(always)]
    fn pair_by_line_kind(self, a: [u64; 2], b: [u64; 2]) -> [V; 2] {
        let (lines, diagonals) = (two(a[0], b[0]), two(a[1], b[1]));
        let v = [lines, diagonals, lines, diagonals];
        [v, v]
    }

    #[inline(always)]
    fn pair_splat(self, a: u64, b: u64) -> [V; 2] {
        let r = two(a, b);
        [[r, r, r, r], [r, r, r, r]]
    }

    #[inline(always)]
    fn unpair(self, p: [V; 2]) -> [V; 2] {
        [
            core::array::from_fn(|k| p[0][k].unpack_lo(p[1][k])),
            core::array::from_fn(|k| p[0][k].unpack_hi(p[1][k])),
        ]
    }

    #[inline(always)]
    fn pair_shift(self, p: [V; 2], amounts: [i8; 8]) -> [V; 2] {
        [
            core::array::from_fn(|k| shift_both(p[0][k], amounts[k])),
            core::array::from_fn(|k| shift_both(p[1][k], amounts[k + 4])),
        ]
    }

    #[inline(always)]
    fn swap_opposite(self, v: V) -> V {
        // [high, high] then [low of that, low of v]: the halves exchanged (one shuffle once
        // the compiler has merged the two).
        v.map(|r| r.unpack_hi(r).unpack_lo(r))
    }

    #[inline(always)]
    fn or_all(self, v: V) -> u64 {
        let [low, high] = ((v[0] | v[1]) | (v[2] | v[3])).to_array();
        low | high
    }

    #[inline(always)]
    fn shift_all(self, v: V, amount: i8) -> V {
        v.map(|r| shift_both(r, amount))
    }

    #[inline(always)]
    fn sub(self, a: V, b: V) -> V {
        each(a, b, |x, y| x - y)
    }

    #[inline(always)]
    fn any(self, v: V) -> bool {
        self.or_all(v) != 0
    }

    #[inline(always)]
    fn by_position<J: PositionJob>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// Position-parallel: one vector, two positions (lane `i` in half `i`), as on SSE2 and NEON.
/// The count keeps some twenty bitboards live; as the four vectors of the backend's eight
/// lanes each, they would mostly live on the stack, and by two perft runs fewer instructions
/// and faster (BENCHMARKS.md, "The portable count by two positions (session 37)").
impl PositionLanes for Portable {
    type Vector = u64x2;
    const LANES: usize = 2;
    const KNOWS_SHARED_KING: bool = true;

    #[inline(always)]
    fn splat(self, x: u64) -> u64x2 {
        u64x2::splat(x)
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], chunk: usize) -> u64x2 {
        u64x2::new([a[2 * chunk], a[2 * chunk + 1]])
    }

    #[inline(always)]
    fn to_array(self, v: u64x2) -> [u64; 8] {
        let [first, second] = v.to_array();
        [first, second, 0, 0, 0, 0, 0, 0]
    }

    #[inline(always)]
    fn and(self, a: u64x2, b: u64x2) -> u64x2 {
        a & b
    }

    #[inline(always)]
    fn or(self, a: u64x2, b: u64x2) -> u64x2 {
        a | b
    }

    #[inline(always)]
    fn xor(self, a: u64x2, b: u64x2) -> u64x2 {
        a ^ b
    }

    #[inline(always)]
    fn and_not(self, a: u64x2, b: u64x2) -> u64x2 {
        a & !b
    }

    #[inline(always)]
    fn shift_all(self, v: u64x2, amount: i8) -> u64x2 {
        shift_both(v, amount)
    }

    #[inline(always)]
    fn sub(self, a: u64x2, b: u64x2) -> u64x2 {
        a - b
    }

    #[inline(always)]
    fn any(self, v: u64x2) -> bool {
        let [first, second] = v.to_array();
        first | second != 0
    }

    #[inline(always)]
    fn zero_mask(self, v: u64x2) -> u64x2 {
        #[cfg(not(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            not(target_feature = "sse4.1")
        )))]
        {
            v.simd_eq(u64x2::ZERO)
        }
        #[cfg(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            not(target_feature = "sse4.1")
        ))]
        {
            // No 64-bit compare before SSE4.1: `x | -x` has its top bit set exactly when `x`
            // is not zero, so that bit minus one is the mask.
            ((v | (u64x2::ZERO - v)) >> 63) - u64x2::ONE
        }
    }

    #[inline(always)]
    fn byte_counts(self, x: u64x2) -> u64x2 {
        byte_counts(x)
    }

    #[inline(always)]
    fn add_bytes(self, a: u64x2, b: u64x2) -> u64x2 {
        words(bytes(a) + bytes(b))
    }

    #[inline(always)]
    fn byte_sums(self, v: u64x2) -> u64x2 {
        byte_sums(v)
    }

    #[inline(always)]
    fn add(self, a: u64x2, b: u64x2) -> u64x2 {
        a + b
    }

    #[inline(always)]
    fn sum_lanes(self, v: u64x2) -> u64 {
        let [low, high] = v.to_array();
        low.wrapping_add(high)
    }

    #[inline(always)]
    fn swap_bytes(self, v: u64x2) -> u64x2 {
        reverse_bytes(v)
    }
}
