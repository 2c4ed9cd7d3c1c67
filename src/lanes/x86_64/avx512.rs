//! AVX-512: one 512-bit register holds all eight lanes, lane `i` in element `i`. Moves are one
//! `vprolvq` (per-lane rotate; the Golem masks out what wraps), [`Lanes::swap_opposite`] one
//! `vshufi64x2` of the 256-bit halves, and the compiler fuses the mask algebra into `vpternlogq`.

use core::arch::x86_64::*;

use crate::lanes::detect::x86_feature;
use crate::lanes::{Lanes, PositionJob, PositionLanes};

/// The AVX-512 backend token: AVX-512 F, BW, DQ, VL and CD, with AVX2, POPCNT, BMI1, BMI2 and
/// LZCNT (all present on every AVX-512 CPU), detected at run time with `std`, taken from the
/// build's target features without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512(());

impl Avx512 {
    /// The token, if the CPU has AVX-512 F, BW, DQ, VL, CD and the AVX2 generation's features.
    pub fn new() -> Option<Avx512> {
        let has = x86_feature!("avx512f")
            && x86_feature!("avx512bw")
            && x86_feature!("avx512dq")
            && x86_feature!("avx512vl")
            && x86_feature!("avx512cd")
            && super::Avx2::new().is_some();
        has.then_some(Avx512(()))
    }
}

impl Lanes for Avx512 {
    type Vector = __m512i;

    #[inline(always)]
    fn splat(self, x: u64) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_set1_epi64(x as i64) }
    }

    #[inline(always)]
    fn load(self, a: [u64; 8]) -> __m512i {
        let a = a.map(|x| x as i64);
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_setr_epi64(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]) }
    }

    #[inline(always)]
    fn to_array(self, v: __m512i) -> [u64; 8] {
        // SAFETY: `__m512i` and `[u64; 8]` have the same size and every bit pattern is valid
        // for both.
        unsafe { core::mem::transmute(v) }
    }

    #[inline(always)]
    fn and(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_and_si512(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_or_si512(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_xor_si512(a, b) }
    }

    #[inline(always)]
    fn and_not(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_andnot_si512(b, a) }
    }

    #[inline(always)]
    fn shift(self, v: __m512i, amounts: [i8; 8]) -> __m512i {
        // `vprolvq` rotates by each count modulo 64, so the amounts are only widened, each
        // from its byte (a negative amount `-a` rotates left by `64 - a`, that is right by `a`).
        // From memory rather than by `map` and `_mm512_setr_epi64`: the same constant in an
        // optimised build, three calls instead of about thirty in an unoptimised one.
        // SAFETY: AVX-512 F is present (token); `amounts` is 8 readable bytes, the 64 bits
        // that `_mm_loadl_epi64` reads (unaligned).
        unsafe {
            let bytes = _mm_loadl_epi64(amounts.as_ptr().cast());
            _mm512_rolv_epi64(v, _mm512_cvtepi8_epi64(bytes))
        }
    }

    #[inline(always)]
    fn swap_opposite(self, v: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_shuffle_i64x2::<0b01_00_11_10>(v, v) }
    }

    #[inline(always)]
    fn or_all(self, v: __m512i) -> u64 {
        // SAFETY: AVX-512 F, and AVX2 for the 256-bit half, are present (token).
        unsafe {
            let o = _mm256_or_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v));
            let o = _mm_or_si128(_mm256_castsi256_si128(o), _mm256_extracti128_si256::<1>(o));
            (_mm_cvtsi128_si64(o) | _mm_extract_epi64::<1>(o)) as u64
        }
    }

    #[inline(always)]
    fn shift_all(self, v: __m512i, amount: i8) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe {
            let count = _mm_cvtsi32_si128(amount.unsigned_abs() as i32);
            if amount >= 0 {
                _mm512_sll_epi64(v, count)
            } else {
                _mm512_srl_epi64(v, count)
            }
        }
    }

    #[inline(always)]
    fn sub(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_sub_epi64(a, b) }
    }

    #[inline(always)]
    fn any(self, v: __m512i) -> bool {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_test_epi64_mask(v, v) != 0 }
    }

    const COMPRESSES: bool = true;

    #[inline(always)]
    fn nonzero_lanes(self, v: __m512i) -> u8 {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_test_epi64_mask(v, v) }
    }

    #[inline(always)]
    fn compress_words(self, v: __m512i, keep: u8) -> [u16; 8] {
        // SAFETY: AVX-512 F is present (token): `vpcompressq` packs the kept lanes to the
        // front, `vpmovqw` keeps each lane's low word. `__m128i` and `[u16; 8]` have the same
        // size and every bit pattern is valid for both.
        unsafe {
            let packed = _mm512_maskz_compress_epi64(keep, v);
            core::mem::transmute::<__m128i, [u16; 8]>(_mm512_cvtepi64_epi16(packed))
        }
    }

    #[inline(always)]
    fn by_position<J: PositionJob>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// Position-parallel: the one register holds eight positions, position `i` in element `i`.
impl PositionLanes for Avx512 {
    type Vector = __m512i;
    const LANES: usize = 8;

    #[inline(always)]
    fn splat(self, x: u64) -> __m512i {
        Lanes::splat(self, x)
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], _chunk: usize) -> __m512i {
        Lanes::load(self, *a)
    }

    #[inline(always)]
    fn to_array(self, v: __m512i) -> [u64; 8] {
        Lanes::to_array(self, v)
    }

    #[inline(always)]
    fn and(self, a: __m512i, b: __m512i) -> __m512i {
        Lanes::and(self, a, b)
    }

    #[inline(always)]
    fn or(self, a: __m512i, b: __m512i) -> __m512i {
        Lanes::or(self, a, b)
    }

    #[inline(always)]
    fn xor(self, a: __m512i, b: __m512i) -> __m512i {
        Lanes::xor(self, a, b)
    }

    #[inline(always)]
    fn and_not(self, a: __m512i, b: __m512i) -> __m512i {
        Lanes::and_not(self, a, b)
    }

    #[inline(always)]
    fn shift_all(self, v: __m512i, amount: i8) -> __m512i {
        Lanes::shift_all(self, v, amount)
    }

    #[inline(always)]
    fn sub(self, a: __m512i, b: __m512i) -> __m512i {
        Lanes::sub(self, a, b)
    }

    #[inline(always)]
    fn any(self, v: __m512i) -> bool {
        Lanes::any(self, v)
    }

    #[inline(always)]
    fn zero_mask(self, v: __m512i) -> __m512i {
        // SAFETY: AVX-512 F (test) and DQ (mask to vector) are present (token).
        unsafe { _mm512_movm_epi64(_mm512_testn_epi64_mask(v, v)) }
    }

    #[inline(always)]
    fn byte_counts(self, v: __m512i) -> __m512i {
        // SAFETY: AVX-512 F and BW are present (token).
        unsafe {
            // Set bits of each nibble, looked up with a byte shuffle per 128-bit block.
            let table = _mm512_broadcast_i32x4(_mm_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
            ));
            let nibble = _mm512_set1_epi8(0x0f);
            let low = _mm512_and_si512(v, nibble);
            let high = _mm512_and_si512(_mm512_srli_epi64::<4>(v), nibble);
            _mm512_add_epi8(
                _mm512_shuffle_epi8(table, low),
                _mm512_shuffle_epi8(table, high),
            )
        }
    }

    #[inline(always)]
    fn add_bytes(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 BW is present (token).
        unsafe { _mm512_add_epi8(a, b) }
    }

    #[inline(always)]
    fn byte_sums(self, v: __m512i) -> __m512i {
        // SAFETY: AVX-512 F and BW are present (token).
        unsafe { _mm512_sad_epu8(v, _mm512_setzero_si512()) }
    }

    #[inline(always)]
    fn add(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_add_epi64(a, b) }
    }

    #[inline(always)]
    fn sum_lanes(self, v: __m512i) -> u64 {
        // SAFETY: AVX-512 F is present (token).
        unsafe { _mm512_reduce_add_epi64(v) as u64 }
    }

    #[inline(always)]
    fn swap_bytes(self, v: __m512i) -> __m512i {
        // SAFETY: AVX-512 F and BW are present (token).
        unsafe {
            let reverse = _mm512_broadcast_i32x4(_mm_setr_epi8(
                7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
            ));
            _mm512_shuffle_epi8(v, reverse)
        }
    }

    #[inline(always)]
    fn full_add(self, a: __m512i, b: __m512i, c: __m512i) -> (__m512i, __m512i) {
        // SAFETY: AVX-512 F is present (token). Truth tables: 0x96 is a ^ b ^ c, 0xe8 the
        // majority of a, b and c.
        unsafe {
            (
                _mm512_ternarylogic_epi64::<0x96>(a, b, c),
                _mm512_ternarylogic_epi64::<0xe8>(a, b, c),
            )
        }
    }
}
