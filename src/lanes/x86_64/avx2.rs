//! AVX2: 256-bit registers, four bitboards each. Register 0 holds lanes 0, 1, 2 and 7 (N, NE,
//! E, NW: the ray directions that move towards higher squares), register 1 their opposites,
//! lanes 4, 5, 6 and 3 (S, SW, W, SE), so [`Lanes::swap_opposite`] just exchanges the
//! registers, and a ray-direction shift is one `vpsllvq` for register 0 and one `vpsrlvq` for
//! register 1. Where a register's lanes move both ways (the knight jumps) it takes both shifts
//! (a count of 64 gives zero, which selects the other one). Arrays of lanes are in lane order:
//! loading and storing move lanes 3 and 7 into place.

use core::arch::x86_64::*;

use crate::lanes::compress_controls::compress_controls;
use crate::lanes::detect::x86_feature;
use crate::lanes::{Lanes, PositionJob, PositionLanes};

/// The AVX2 backend token: AVX2 with POPCNT, BMI1, BMI2 and LZCNT (every AVX2 CPU generation
/// has them), detected at run time with `std`, taken from the build's target features without
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2(());

impl Avx2 {
    /// The token, if the CPU has AVX2, POPCNT, BMI1, BMI2 and LZCNT.
    pub fn new() -> Option<Avx2> {
        let has = x86_feature!("avx2")
            && x86_feature!("popcnt")
            && x86_feature!("bmi1")
            && x86_feature!("bmi2")
            && x86_feature!("lzcnt");
        has.then_some(Avx2(()))
    }
}

/// Lanes 0..4 and lanes 4..8.
type V = [__m256i; 2];

/// A lane's count: `amount` where it moves the given way, 64 (giving zero) where it does not.
#[inline(always)]
const fn count(amount: i8, sign: i8) -> i64 {
    if amount * sign > 0 {
        (amount * sign) as i64
    } else {
        64
    }
}

/// Per-lane counts ([`count`]), lane by lane rather than by `map`: the same constants in an
/// optimised build, and in an unoptimised one four calls where `map` made about thirty.
/// (Testing the signs in [`shift_register`] lane by lane too, rather than by `all`, changed
/// the optimised code's order and register use, so that stays.)
#[inline(always)]
fn counts(amounts: [i8; 4], sign: i8) -> __m256i {
    let [a, b, c, d] = amounts;
    // SAFETY: AVX is implied by AVX2, which the token proves.
    unsafe {
        _mm256_setr_epi64x(
            count(a, sign),
            count(b, sign),
            count(c, sign),
            count(d, sign),
        )
    }
}

/// One register's lanes, each moved by its amount (constants of the caller): one shift where
/// all move the same way, two and an OR where they do not.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn shift_register(r: __m256i, amounts: [i8; 4]) -> __m256i {
    // SAFETY: AVX2 is present (the caller's promise).
    unsafe {
        if amounts.iter().all(|&a| a >= 0) {
            _mm256_sllv_epi64(r, counts(amounts, 1))
        } else if amounts.iter().all(|&a| a <= 0) {
            _mm256_srlv_epi64(r, counts(amounts, -1))
        } else {
            _mm256_or_si256(
                _mm256_sllv_epi64(r, counts(amounts, 1)),
                _mm256_srlv_epi64(r, counts(amounts, -1)),
            )
        }
    }
}

/// The registers with lanes 3 and 7 exchanged: from the backend's layout (lanes 0, 1, 2, 7 and
/// 4, 5, 6, 3) to lane order (0..4 and 4..8), and back.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn exchange_lanes_3_and_7(v: V) -> V {
    // SAFETY: AVX2 is present (the caller's promise). Dwords 6 and 7 are the fourth lane.
    unsafe {
        [
            _mm256_blend_epi32::<0b1100_0000>(v[0], v[1]),
            _mm256_blend_epi32::<0b1100_0000>(v[1], v[0]),
        ]
    }
}

/// Each byte of `r` replaced by its number of set bits: a byte shuffle looks up each nibble.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn byte_counts(r: __m256i) -> __m256i {
    // SAFETY: AVX2 is present (the caller's promise).
    unsafe {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let nibble = _mm256_set1_epi8(0x0f);
        let low = _mm256_and_si256(r, nibble);
        let high = _mm256_and_si256(_mm256_srli_epi64::<4>(r), nibble);
        _mm256_add_epi8(
            _mm256_shuffle_epi8(table, low),
            _mm256_shuffle_epi8(table, high),
        )
    }
}

/// Each lane's bytes in reverse order.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn swap_bytes(r: __m256i) -> __m256i {
    // SAFETY: AVX2 is present (the caller's promise).
    unsafe {
        let reverse = _mm256_setr_epi8(
            7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14,
            13, 12, 11, 10, 9, 8,
        );
        _mm256_shuffle_epi8(r, reverse)
    }
}

/// Each lane's bits in reverse order: the bytes reversed, then each byte's two nibbles
/// swapped and reversed by a byte shuffle each.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn reverse_bits(r: __m256i) -> __m256i {
    // SAFETY: AVX2 is present (the caller's promise).
    unsafe {
        // `low[n]`: nibble `n` reversed, in the high nibble; `high[n]`: in the low nibble.
        let low = _mm256_setr_epi8(
            0x00, -0x80, 0x40, -0x40, 0x20, -0x60, 0x60, -0x20, 0x10, -0x70, 0x50, -0x30, 0x30,
            -0x50, 0x70, -0x10, 0x00, -0x80, 0x40, -0x40, 0x20, -0x60, 0x60, -0x20, 0x10, -0x70,
            0x50, -0x30, 0x30, -0x50, 0x70, -0x10,
        );
        let high = _mm256_setr_epi8(
            0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf, 0x0,
            0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
        );
        let nibble = _mm256_set1_epi8(0x0f);
        let r = swap_bytes(r);
        _mm256_or_si256(
            _mm256_shuffle_epi8(low, _mm256_and_si256(r, nibble)),
            _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi64::<4>(r), nibble)),
        )
    }
}

/// For a compress of eight words whose lane `i` sits at word position `position[i]`, and each
/// `keep`: the positions of the lanes whose bit in `keep` is set, ascending lane by lane, one
/// byte each, doubled (byte offsets); zero bytes after. A table rather than BMI2 `pext`,
/// which is slow on AMD's Zen 1 and 2.
const fn compress_offsets(position: [u64; 8]) -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut keep = 0;
    while keep < 256 {
        let (mut lane, mut k) = (0, 0);
        while lane < 8 {
            if keep >> lane & 1 != 0 {
                table[keep] |= (2 * position[lane]) << (8 * k);
                k += 1;
            }
            lane += 1;
        }
        keep += 1;
    }
    table
}

/// `COMPRESS_ORDER[keep]`: the compress offsets of the words in the order `compress_words`
/// gathers the lanes (0, 1, 4, 5, 2, 3, 6, 7).
static COMPRESS_ORDER: [u64; 256] = compress_offsets([0, 1, 4, 5, 2, 3, 6, 7]);

/// `COMPRESS_IN_ORDER[keep]`: the compress offsets of words in lane order.
static COMPRESS_IN_ORDER: [u64; 256] = compress_offsets([0, 1, 2, 3, 4, 5, 6, 7]);

/// `COMPRESS_BY_LAYOUT[mask]`: [`compress_controls`] for a mask in the registers' order
/// (`TABLE_ORDER`: lanes 0, 1, 2, 7, 4, 5, 6, 3), as the two registers' comparisons give it.
static COMPRESS_BY_LAYOUT: [[u8; 16]; 256] = compress_controls(<Avx2 as Lanes>::TABLE_ORDER);

/// The words of `words` at the byte offsets of `offsets` (from a `compress_offsets` table), in
/// order, at the front.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn pack_words(words: __m128i, offsets: u64) -> [u16; 8] {
    // SAFETY: AVX2 (and so SSSE3 and SSE4.1) is present (the caller's promise). `__m128i`
    // and `[u16; 8]` have the same size and every bit pattern is valid for both.
    unsafe {
        // Byte offsets `2p` to the word pairs `(2p, 2p + 1)`.
        let offsets = _mm_cvtepu8_epi16(_mm_cvtsi64_si128(offsets as i64));
        let control = _mm_add_epi16(
            _mm_or_si128(offsets, _mm_slli_epi16::<8>(offsets)),
            _mm_set1_epi16(0x0100),
        );
        core::mem::transmute::<__m128i, [u16; 8]>(_mm_shuffle_epi8(words, control))
    }
}

impl Lanes for Avx2 {
    type Vector = V;

    #[inline(always)]
    fn splat(self, x: u64) -> V {
        // SAFETY: AVX2 is present (token).
        let r = unsafe { _mm256_set1_epi64x(x as i64) };
        [r, r]
    }

    #[inline(always)]
    fn load(self, a: [u64; 8]) -> V {
        let a = a.map(|x| x as i64);
        // SAFETY: AVX2 is present (token).
        unsafe {
            [
                _mm256_setr_epi64x(a[0], a[1], a[2], a[7]),
                _mm256_setr_epi64x(a[4], a[5], a[6], a[3]),
            ]
        }
    }

    const TABLE_LOADS: bool = true;
    const TABLE_ORDER: [usize; 8] = [0, 1, 2, 7, 4, 5, 6, 3];

    #[inline(always)]
    fn load_table(self, a: &[u64; 8]) -> V {
        // SAFETY: AVX2 is present (token); `a` is 64 readable bytes (unaligned loads), in the
        // registers' order (`TABLE_ORDER`).
        unsafe {
            [
                _mm256_loadu_si256(a.as_ptr().cast()),
                _mm256_loadu_si256(a[4..].as_ptr().cast()),
            ]
        }
    }

    #[inline(always)]
    fn to_array(self, v: V) -> [u64; 8] {
        // SAFETY: AVX2 is present (token); `[__m256i; 2]` and `[u64; 8]` have the same size
        // and every bit pattern is valid for both.
        unsafe { core::mem::transmute(exchange_lanes_3_and_7(v)) }
    }

    #[inline(always)]
    fn and(self, a: V, b: V) -> V {
        // SAFETY: AVX2 is present (token).
        unsafe { [_mm256_and_si256(a[0], b[0]), _mm256_and_si256(a[1], b[1])] }
    }

    #[inline(always)]
    fn or(self, a: V, b: V) -> V {
        // SAFETY: AVX2 is present (token).
        unsafe { [_mm256_or_si256(a[0], b[0]), _mm256_or_si256(a[1], b[1])] }
    }

    #[inline(always)]
    fn xor(self, a: V, b: V) -> V {
        // SAFETY: AVX2 is present (token).
        unsafe { [_mm256_xor_si256(a[0], b[0]), _mm256_xor_si256(a[1], b[1])] }
    }

    #[inline(always)]
    fn and_not(self, a: V, b: V) -> V {
        // SAFETY: AVX2 is present (token).
        unsafe {
            [
                _mm256_andnot_si256(b[0], a[0]),
                _mm256_andnot_si256(b[1], a[1]),
            ]
        }
    }

    #[inline(always)]
    fn shift(self, v: V, amounts: [i8; 8]) -> V {
        let low = [amounts[0], amounts[1], amounts[2], amounts[7]];
        let high = [amounts[4], amounts[5], amounts[6], amounts[3]];
        // SAFETY: AVX2 is present (token).
        unsafe { [shift_register(v[0], low), shift_register(v[1], high)] }
    }

    #[inline(always)]
    fn swap_opposite(self, v: V) -> V {
        [v[1], v[0]]
    }

    #[inline(always)]
    fn or_all(self, v: V) -> u64 {
        // SAFETY: AVX2 is present (token).
        unsafe {
            let o = _mm256_or_si256(v[0], v[1]);
            let o = _mm_or_si128(_mm256_castsi256_si128(o), _mm256_extracti128_si256::<1>(o));
            (_mm_cvtsi128_si64(o) | _mm_extract_epi64::<1>(o)) as u64
        }
    }

    #[inline(always)]
    fn or_all_pair(self, a: V, b: V) -> [u64; 2] {
        // SAFETY: AVX2 is present (token).
        unsafe {
            let a = _mm256_or_si256(a[0], a[1]);
            let b = _mm256_or_si256(b[0], b[1]);
            // The two halves of `a` ORed in the low 128 bits, those of `b` in the high ones:
            // from there one reduction serves both.
            let o = _mm256_or_si256(
                _mm256_permute2x128_si256::<0x20>(a, b),
                _mm256_permute2x128_si256::<0x31>(a, b),
            );
            let o = _mm256_or_si256(o, _mm256_shuffle_epi32::<0b01_00_11_10>(o));
            [
                _mm_cvtsi128_si64(_mm256_castsi256_si128(o)) as u64,
                _mm_cvtsi128_si64(_mm256_extracti128_si256::<1>(o)) as u64,
            ]
        }
    }

    #[inline(always)]
    fn shift_all(self, v: V, amount: i8) -> V {
        // (No closures here: a closure would not inherit the entry point's target features.)
        // SAFETY: AVX2 is present (token).
        unsafe {
            let count = _mm_cvtsi32_si128(amount.unsigned_abs() as i32);
            if amount >= 0 {
                [_mm256_sll_epi64(v[0], count), _mm256_sll_epi64(v[1], count)]
            } else {
                [_mm256_srl_epi64(v[0], count), _mm256_srl_epi64(v[1], count)]
            }
        }
    }

    #[inline(always)]
    fn sub(self, a: V, b: V) -> V {
        // SAFETY: AVX2 is present (token).
        unsafe { [_mm256_sub_epi64(a[0], b[0]), _mm256_sub_epi64(a[1], b[1])] }
    }

    #[inline(always)]
    fn any(self, v: V) -> bool {
        // SAFETY: AVX2 is present (token).
        unsafe {
            let o = _mm256_or_si256(v[0], v[1]);
            _mm256_testz_si256(o, o) == 0
        }
    }

    const COMPRESSES: bool = true;

    #[inline(always)]
    fn nonzero_lanes(self, v: V) -> u8 {
        // SAFETY: AVX2 is present (token).
        unsafe {
            let v = exchange_lanes_3_and_7(v);
            let zero = _mm256_setzero_si256();
            let low = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v[0], zero)));
            let high = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v[1], zero)));
            !(low | high << 4) as u8
        }
    }

    #[inline(always)]
    fn compress_words(self, v: V, keep: u8) -> [u16; 8] {
        // SAFETY: AVX2 is present (token). In lane order, the low word of each lane is gathered by a byte
        // shuffle per register (lanes 0, 1 and 2, 3 of register 0 in the low dword of each
        // half, lanes 4, 5 and 6, 7 of register 1 in the next dword), the halves' low qwords
        // joined into one 128-bit register (words: lanes 0, 1, 4, 5, 2, 3, 6, 7), and a last
        // byte shuffle, from `COMPRESS_ORDER`, packs the kept words.
        unsafe {
            let v = exchange_lanes_3_and_7(v);
            let low_words = _mm256_setr_epi8(
                0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 8, 9, -1, -1, -1,
                -1, -1, -1, -1, -1, -1, -1, -1, -1,
            );
            let next_words = _mm256_setr_epi8(
                -1, -1, -1, -1, 0, 1, 8, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1,
                8, 9, -1, -1, -1, -1, -1, -1, -1, -1,
            );
            let words = _mm256_or_si256(
                _mm256_shuffle_epi8(v[0], low_words),
                _mm256_shuffle_epi8(v[1], next_words),
            );
            let words = _mm256_castsi256_si128(_mm256_permute4x64_epi64::<0b00_00_10_00>(words));
            pack_words(words, COMPRESS_ORDER[keep as usize])
        }
    }

    #[inline(always)]
    fn compress_u16(self, words: [u16; 8], keep: u8) -> [u16; 8] {
        // SAFETY: AVX2 is present (token); `[u16; 8]` and `__m128i` have the same size and
        // every bit pattern is valid for both.
        unsafe {
            let words = core::mem::transmute::<[u16; 8], __m128i>(words);
            pack_words(words, COMPRESS_IN_ORDER[keep as usize])
        }
    }

    #[inline(always)]
    fn compress_u16_nonzero(self, words: [u16; 8], v: V) -> ([u16; 8], u32) {
        // SAFETY: AVX2 (and so SSSE3) is present (token); `[u16; 8]`, `[u8; 16]` and
        // `__m128i` have the same size and every bit pattern is valid for all. The lanes'
        // mask is taken in the registers' order, without moving lanes 3 and 7 into place:
        // the control table is indexed by that order.
        unsafe {
            let zero = _mm256_setzero_si256();
            let low = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v[0], zero)));
            let high = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v[1], zero)));
            let mask = !(low | high << 4) as u8;
            let control =
                core::mem::transmute::<[u8; 16], __m128i>(COMPRESS_BY_LAYOUT[mask as usize]);
            let words = core::mem::transmute::<[u16; 8], __m128i>(words);
            (
                core::mem::transmute::<__m128i, [u16; 8]>(_mm_shuffle_epi8(words, control)),
                mask.count_ones(),
            )
        }
    }

    const COUNTS_RUNS: bool = true;
    const SKIPS_EMPTY_PUSH_ROWS: bool = true;

    #[inline(always)]
    fn reverse_bits4(self, x: [u64; 4]) -> [u64; 4] {
        // SAFETY: AVX2 is present (token); `[u64; 4]` and `__m256i` have the same size and
        // every bit pattern is valid for both.
        unsafe { core::mem::transmute(reverse_bits(core::mem::transmute::<[u64; 4], __m256i>(x))) }
    }

    #[inline(always)]
    fn run_lengths(self, rays: &[u64; 4], sets: &[u64; 4]) -> [u64; 4] {
        // SAFETY: AVX2 is present (token); both arrays are 32 readable bytes (unaligned
        // loads); `__m256i` and `[u64; 4]` have the same size and every bit pattern is valid
        // for both.
        unsafe {
            let rays = _mm256_loadu_si256(rays.as_ptr().cast());
            let sets = _mm256_loadu_si256(sets.as_ptr().cast());
            // The run ends below the lowest square of the ray not in the set (all of the
            // ray's squares in it when there is none).
            let gaps = _mm256_andnot_si256(sets, rays);
            let to_gap = _mm256_xor_si256(gaps, _mm256_add_epi64(gaps, _mm256_set1_epi64x(-1)));
            let run = _mm256_and_si256(_mm256_and_si256(rays, sets), to_gap);
            let counts = _mm256_sad_epu8(byte_counts(run), _mm256_setzero_si256());
            core::mem::transmute::<__m256i, [u64; 4]>(counts)
        }
    }

    /// One register of four positions at a time: eight positions as two registers per
    /// bitboard would need more registers than AVX2 has.
    #[inline(always)]
    fn by_position<J: PositionJob>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// Position-parallel: one register, four positions (lane `i` in quadword `i`).
impl PositionLanes for Avx2 {
    type Vector = __m256i;
    const LANES: usize = 4;
    const MOVE_SQUARES_IN_VECTORS: bool = true;
    const KNOWS_SHARED_KING: bool = true;

    #[inline(always)]
    fn splat(self, x: u64) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_set1_epi64x(x as i64) }
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], chunk: usize) -> __m256i {
        let four = &a[4 * chunk..4 * chunk + 4];
        // SAFETY: AVX2 is present (token); `four` is 32 readable bytes (an unaligned load).
        unsafe { _mm256_loadu_si256(four.as_ptr().cast()) }
    }

    /// The four words widened to lanes, each square a per-lane variable shift of one.
    #[inline(always)]
    fn move_squares(self, words: &[u16; 8], chunk: usize) -> (__m256i, __m256i) {
        let four = &words[4 * chunk..4 * chunk + 4];
        // SAFETY: AVX2 is present (token); `four` is 8 readable bytes, which `loadl` reads
        // (unaligned).
        unsafe {
            let w = _mm256_cvtepu16_epi64(_mm_loadl_epi64(four.as_ptr().cast()));
            let square = _mm256_set1_epi64x(63);
            let one = _mm256_set1_epi64x(1);
            (
                _mm256_sllv_epi64(one, _mm256_and_si256(w, square)),
                _mm256_sllv_epi64(one, _mm256_and_si256(_mm256_srli_epi64::<6>(w), square)),
            )
        }
    }

    #[inline(always)]
    fn to_array(self, v: __m256i) -> [u64; 8] {
        // SAFETY: AVX2 is present (token); `__m256i` and `[u64; 4]` have the same size and
        // every bit pattern is valid for both.
        let four: [u64; 4] = unsafe { core::mem::transmute(v) };
        [four[0], four[1], four[2], four[3], 0, 0, 0, 0]
    }

    #[inline(always)]
    fn and(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_and_si256(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_or_si256(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_xor_si256(a, b) }
    }

    #[inline(always)]
    fn and_not(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_andnot_si256(b, a) }
    }

    #[inline(always)]
    fn shift_all(self, v: __m256i, amount: i8) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe {
            let count = _mm_cvtsi32_si128(amount.unsigned_abs() as i32);
            if amount >= 0 {
                _mm256_sll_epi64(v, count)
            } else {
                _mm256_srl_epi64(v, count)
            }
        }
    }

    #[inline(always)]
    fn zero_mask(self, v: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_cmpeq_epi64(v, _mm256_setzero_si256()) }
    }

    #[inline(always)]
    fn sub(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_sub_epi64(a, b) }
    }

    #[inline(always)]
    fn byte_counts(self, v: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { byte_counts(v) }
    }

    #[inline(always)]
    fn add_bytes(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_add_epi8(a, b) }
    }

    #[inline(always)]
    fn byte_sums(self, v: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_sad_epu8(v, _mm256_setzero_si256()) }
    }

    #[inline(always)]
    fn add(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_add_epi64(a, b) }
    }

    #[inline(always)]
    fn sum_lanes(self, v: __m256i) -> u64 {
        // SAFETY: AVX2 is present (token).
        unsafe {
            let s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            (_mm_cvtsi128_si64(s) as u64).wrapping_add(_mm_extract_epi64::<1>(s) as u64)
        }
    }

    #[inline(always)]
    fn swap_bytes(self, v: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (token).
        unsafe { swap_bytes(v) }
    }

    #[inline(always)]
    fn any(self, v: __m256i) -> bool {
        // SAFETY: AVX2 is present (token).
        unsafe { _mm256_testz_si256(v, v) == 0 }
    }
}
