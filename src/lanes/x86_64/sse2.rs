//! SSE2: 128-bit registers, two bitboards each. Register `k` (0..4) holds lane `k` in its low
//! half and the opposite lane `k + 4` in its high half, so that [`Lanes::swap_opposite`] is one
//! shuffle inside each register, and a register's two lanes always shift by the same distance
//! in opposite directions: two shifts by one count and a `movsd` blend.

use core::arch::x86_64::*;

use crate::lanes::detect::x86_feature;
use crate::lanes::{Lanes, PositionJob, PositionLanes};

/// An SSE2 backend token. The vector code is the same for both values of `POPCNT`; what
/// differs is what the dispatcher's entry points are compiled with (`dispatch::entry`): with
/// `POPCNT`, the population count of a bitboard (the list writer's runs and rows, perft's
/// tallies) is one instruction where the SSE2 baseline computes it in a dozen. Every x86-64
/// CPU since Intel's Nehalem and AMD's K10 has POPCNT, the Atom line's too; the first
/// generations (Core 2, K8) run the baseline token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sse2With<const POPCNT: bool>(());

/// The SSE2 token on the x86-64 baseline: every x86-64 CPU.
pub type Sse2 = Sse2With<false>;
/// The SSE2 token where the CPU also has POPCNT.
pub type Sse2Popcnt = Sse2With<true>;

impl Sse2 {
    /// The token, if the CPU has SSE2 (every x86-64 CPU does).
    pub fn new() -> Option<Sse2> {
        x86_feature!("sse2").then_some(Sse2With(()))
    }
}

impl Sse2Popcnt {
    /// The token, if the CPU has SSE2 and POPCNT.
    pub fn new() -> Option<Sse2Popcnt> {
        (x86_feature!("sse2") && x86_feature!("popcnt")).then_some(Sse2With(()))
    }
}

/// Lane `k` and lane `k + 4` in register `k`.
type V = [__m128i; 4];

#[inline(always)]
fn each(a: V, b: V, f: impl Fn(__m128i, __m128i) -> __m128i) -> V {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
}

/// All ones where a lane of `r` is zero, else zero.
#[inline(always)]
fn zero_mask(r: __m128i) -> __m128i {
    // SAFETY: SSE2 is the baseline of x86-64.
    unsafe {
        // SSE2 compares 32-bit halves: a lane is zero when both of its halves are.
        let halves = _mm_cmpeq_epi32(r, _mm_setzero_si128());
        _mm_and_si128(halves, _mm_shuffle_epi32::<0b10_11_00_01>(halves))
    }
}

/// Each byte of `x` replaced by its number of set bits.
#[inline(always)]
fn byte_counts(x: __m128i) -> __m128i {
    // SAFETY: SSE2 is the baseline of x86-64.
    unsafe {
        // SWAR: bit pairs, then nibbles, then bytes (SSE2 has no byte shuffle).
        let m1 = _mm_set1_epi8(0x55);
        let m2 = _mm_set1_epi8(0x33);
        let m4 = _mm_set1_epi8(0x0f);
        let x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi64::<1>(x), m1));
        let x = _mm_add_epi8(
            _mm_and_si128(x, m2),
            _mm_and_si128(_mm_srli_epi64::<2>(x), m2),
        );
        _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi64::<4>(x)), m4)
    }
}

/// Each lane's bytes of `r` in reverse order.
#[inline(always)]
fn swap_bytes(r: __m128i) -> __m128i {
    // SAFETY: SSE2 is the baseline of x86-64.
    unsafe {
        // SSE2 has no byte shuffle: reverse the four 16-bit words of each lane, then the
        // two bytes of each word.
        let words = _mm_shufflehi_epi16::<0b00_01_10_11>(_mm_shufflelo_epi16::<0b00_01_10_11>(r));
        _mm_or_si128(_mm_slli_epi16::<8>(words), _mm_srli_epi16::<8>(words))
    }
}

/// Both halves of `r` moved left by `amount` bit positions, or right by `-amount` when
/// negative (|amount| < 64).
#[inline(always)]
fn shift_both(r: __m128i, amount: i8) -> __m128i {
    // SAFETY: SSE2 is the baseline of x86-64.
    unsafe {
        let count = _mm_cvtsi32_si128(i32::from(amount.unsigned_abs()));
        if amount >= 0 {
            _mm_sll_epi64(r, count)
        } else {
            _mm_srl_epi64(r, count)
        }
    }
}

impl<const POPCNT: bool> Lanes for Sse2With<POPCNT> {
    type Vector = V;

    #[inline(always)]
    fn splat(self, x: u64) -> V {
        // SAFETY: SSE2 is present (token), and the baseline of x86-64 anyway.
        let r = unsafe { _mm_set1_epi64x(x as i64) };
        [r; 4]
    }

    #[inline(always)]
    fn load(self, a: [u64; 8]) -> V {
        // Whole registers of the array in memory order, lanes (0, 1), (2, 3), (4, 5), (6, 7),
        // interleaved into (0, 4), (1, 5)... by four unpacks, rather than each register put
        // together from two words (an insert from a general register each).
        // SAFETY: SSE2 is present (token); `[u64; 8]` and `[__m128i; 4]` have the same size
        // and every bit pattern is valid for both.
        unsafe {
            let [p0, p1, p2, p3] = core::mem::transmute::<[u64; 8], [__m128i; 4]>(a);
            [
                _mm_unpacklo_epi64(p0, p2),
                _mm_unpackhi_epi64(p0, p2),
                _mm_unpacklo_epi64(p1, p3),
                _mm_unpackhi_epi64(p1, p3),
            ]
        }
    }

    #[inline(always)]
    fn to_array(self, v: V) -> [u64; 8] {
        // The inverse of `load`: four unpacks, then whole registers stored, rather than each
        // word taken out of its register on its own.
        // SAFETY: SSE2 is present (token); `[__m128i; 4]` and `[u64; 8]` have the same size
        // and every bit pattern is valid for both.
        unsafe {
            core::mem::transmute::<[__m128i; 4], [u64; 8]>([
                _mm_unpacklo_epi64(v[0], v[1]),
                _mm_unpacklo_epi64(v[2], v[3]),
                _mm_unpackhi_epi64(v[0], v[1]),
                _mm_unpackhi_epi64(v[2], v[3]),
            ])
        }
    }

    #[inline(always)]
    fn and(self, a: V, b: V) -> V {
        // SAFETY: SSE2 is present (token).
        each(a, b, |x, y| unsafe { _mm_and_si128(x, y) })
    }

    #[inline(always)]
    fn or(self, a: V, b: V) -> V {
        // SAFETY: SSE2 is present (token).
        each(a, b, |x, y| unsafe { _mm_or_si128(x, y) })
    }

    #[inline(always)]
    fn xor(self, a: V, b: V) -> V {
        // SAFETY: SSE2 is present (token).
        each(a, b, |x, y| unsafe { _mm_xor_si128(x, y) })
    }

    #[inline(always)]
    fn and_not(self, a: V, b: V) -> V {
        // SAFETY: SSE2 is present (token).
        each(a, b, |x, y| unsafe { _mm_andnot_si128(y, x) })
    }

    #[inline(always)]
    fn shift(self, v: V, amounts: [i8; 8]) -> V {
        core::array::from_fn(|k| {
            let a = amounts[k];
            let count = a.unsigned_abs() as i32;
            // SAFETY: SSE2 is present (token).
            unsafe {
                let c = _mm_cvtsi32_si128(count);
                // Low lane moves by `a`, high lane (the opposite direction) by `-a`.
                let (low, high) = if a >= 0 {
                    (_mm_sll_epi64(v[k], c), _mm_srl_epi64(v[k], c))
                } else {
                    (_mm_srl_epi64(v[k], c), _mm_sll_epi64(v[k], c))
                };
                _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(high), _mm_castsi128_pd(low)))
            }
        })
    }

    #[inline(always)]
    fn swap_opposite(self, v: V) -> V {
        // SAFETY: SSE2 is present (token).
        v.map(|r| unsafe { _mm_shuffle_epi32::<0b01_00_11_10>(r) })
    }

    const PAIRS_FILLS: bool = true;

    /// Register `k` of the pair's first vector holds lane `k` of `a` and of `b`, register `k`
    /// of its second lane `k + 4` of each: a register's halves go the same direction, and a
    /// shift is one instruction where a single vector's takes two and a blend.
    #[inline(always)]
    fn pair(self, a: V, b: V) -> [V; 2] {
        // SAFETY: SSE2 is present (token).
        unsafe {
            [
                core::array::from_fn(|k| _mm_unpacklo_epi64(a[k], b[k])),
                core::array::from_fn(|k| _mm_unpackhi_epi64(a[k], b[k])),
            ]
        }
    }

    #[inline(always)]
    fn unpair(self, p: [V; 2]) -> [V; 2] {
        // SAFETY: SSE2 is present (token).
        unsafe {
            [
                core::array::from_fn(|k| _mm_unpacklo_epi64(p[0][k], p[1][k])),
                core::array::from_fn(|k| _mm_unpackhi_epi64(p[0][k], p[1][k])),
            ]
        }
    }

    #[inline(always)]
    fn pair_shift(self, p: [V; 2], amounts: [i8; 8]) -> [V; 2] {
        [
            core::array::from_fn(|k| shift_both(p[0][k], amounts[k])),
            core::array::from_fn(|k| shift_both(p[1][k], amounts[k + 4])),
        ]
    }

    #[inline(always)]
    fn or_all(self, v: V) -> u64 {
        // SAFETY: SSE2 is present (token).
        unsafe {
            let o = _mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]));
            (_mm_cvtsi128_si64(o) | _mm_cvtsi128_si64(_mm_unpackhi_epi64(o, o))) as u64
        }
    }

    #[inline(always)]
    fn shift_all(self, v: V, amount: i8) -> V {
        v.map(|r| shift_both(r, amount))
    }

    #[inline(always)]
    fn sub(self, a: V, b: V) -> V {
        // SAFETY: SSE2 is present (token).
        each(a, b, |x, y| unsafe { _mm_sub_epi64(x, y) })
    }

    #[inline(always)]
    fn any(self, v: V) -> bool {
        // SAFETY: SSE2 is present (token).
        unsafe {
            let o = _mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]));
            _mm_movemask_epi8(_mm_cmpeq_epi8(o, _mm_setzero_si128())) != 0xffff
        }
    }

    /// One register of two positions at a time: eight positions as four registers per
    /// bitboard would need several times the registers SSE2 has.
    #[inline(always)]
    fn by_position<J: PositionJob>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// Position-parallel: one register, two positions (lane `i` in quadword `i`).
impl<const POPCNT: bool> PositionLanes for Sse2With<POPCNT> {
    type Vector = __m128i;
    const LANES: usize = 2;
    const KNOWS_SHARED_KING: bool = true;

    #[inline(always)]
    fn splat(self, x: u64) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_set1_epi64x(x as i64) }
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], chunk: usize) -> __m128i {
        let two = &a[2 * chunk..2 * chunk + 2];
        // SAFETY: SSE2 is present (token); `two` is 16 readable bytes (an unaligned load).
        unsafe { _mm_loadu_si128(two.as_ptr().cast()) }
    }

    #[inline(always)]
    fn to_array(self, v: __m128i) -> [u64; 8] {
        // SAFETY: SSE2 is present (token); `__m128i` and `[u64; 2]` have the same size and
        // every bit pattern is valid for both.
        let two: [u64; 2] = unsafe { core::mem::transmute(v) };
        [two[0], two[1], 0, 0, 0, 0, 0, 0]
    }

    #[inline(always)]
    fn and(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_and_si128(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_or_si128(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_xor_si128(a, b) }
    }

    #[inline(always)]
    fn and_not(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_andnot_si128(b, a) }
    }

    #[inline(always)]
    fn shift_all(self, v: __m128i, amount: i8) -> __m128i {
        shift_both(v, amount)
    }

    #[inline(always)]
    fn zero_mask(self, v: __m128i) -> __m128i {
        zero_mask(v)
    }

    #[inline(always)]
    fn sub(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_sub_epi64(a, b) }
    }

    #[inline(always)]
    fn byte_counts(self, v: __m128i) -> __m128i {
        byte_counts(v)
    }

    #[inline(always)]
    fn add_bytes(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_add_epi8(a, b) }
    }

    #[inline(always)]
    fn byte_sums(self, v: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_sad_epu8(v, _mm_setzero_si128()) }
    }

    #[inline(always)]
    fn add(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_add_epi64(a, b) }
    }

    #[inline(always)]
    fn sum_lanes(self, v: __m128i) -> u64 {
        // SAFETY: SSE2 is present (token).
        unsafe {
            (_mm_cvtsi128_si64(v) as u64)
                .wrapping_add(_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64)
        }
    }

    #[inline(always)]
    fn swap_bytes(self, v: __m128i) -> __m128i {
        swap_bytes(v)
    }

    #[inline(always)]
    fn any(self, v: __m128i) -> bool {
        // SAFETY: SSE2 is present (token).
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xffff }
    }
}
