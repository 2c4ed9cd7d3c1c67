//! NEON: 128-bit registers, two bitboards each. Register `k` (0..4) holds lane `k` and the
//! opposite lane `k + 4`, so [`Lanes::swap_opposite`] is one `ext` inside each register. NEON
//! shifts each lane by its own signed count (`ushl`: negative counts shift right), so a move in
//! two opposite directions is one instruction.

use core::arch::aarch64::*;

use crate::lanes::compress_controls::compress_controls;
use crate::lanes::detect::aarch64_feature;
use crate::lanes::{Lanes, PositionJob, PositionLanes};

/// The NEON backend token (NEON is part of every aarch64 CPU that runs Linux).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neon(());

impl Neon {
    /// The token, if the CPU has NEON.
    pub fn new() -> Option<Neon> {
        aarch64_feature!("neon").then_some(Neon(()))
    }
}

/// Lane `k` and lane `k + 4` in register `k`.
type V = [uint64x2_t; 4];

/// `COMPRESS_BY_LAYOUT[mask]`: the `tbl` controls of a compress ([`compress_controls`]) for a
/// mask in the registers' order (`TABLE_ORDER`), as `compress_u16_nonzero` narrows the four
/// registers: lanes 0, 4, 1, 5, 2, 6, 3, 7 (bit `i` for the `i`-th of them).
static COMPRESS_BY_LAYOUT: [[u8; 16]; 256] = compress_controls(<Neon as Lanes>::TABLE_ORDER);

/// The bit of each 16-bit lane of the narrowed mask, in the order of [`COMPRESS_BY_LAYOUT`].
const MASK_BITS: [u16; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

#[inline(always)]
fn each(a: V, b: V, f: impl Fn(uint64x2_t, uint64x2_t) -> uint64x2_t) -> V {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
}

impl Lanes for Neon {
    type Vector = V;

    #[inline(always)]
    fn splat(self, x: u64) -> V {
        // SAFETY: NEON is present (token).
        let r = unsafe { vdupq_n_u64(x) };
        [r; 4]
    }

    #[inline(always)]
    fn load(self, a: [u64; 8]) -> V {
        // SAFETY: NEON is present (token).
        core::array::from_fn(|k| unsafe { vcombine_u64(vcreate_u64(a[k]), vcreate_u64(a[k + 4])) })
    }

    // Why: in the registers' order a table's entry is four 16-byte loads, where one man's
    // steps or jumps by shifts are a broadcast, four shifts and four masks.
    const TABLE_LOADS: bool = true;
    const TABLE_ORDER: [usize; 8] = [0, 4, 1, 5, 2, 6, 3, 7];

    #[inline(always)]
    fn load_table(self, a: &[u64; 8]) -> V {
        // SAFETY: NEON is present (token); `a` is eight readable `u64`s, two per load, in the
        // registers' order (`TABLE_ORDER`).
        core::array::from_fn(|k| unsafe { vld1q_u64(a[2 * k..].as_ptr()) })
    }

    #[inline(always)]
    fn to_array(self, v: V) -> [u64; 8] {
        let mut out = [0u64; 8];
        for (k, r) in v.into_iter().enumerate() {
            // SAFETY: NEON is present (token).
            unsafe {
                out[k] = vgetq_lane_u64::<0>(r);
                out[k + 4] = vgetq_lane_u64::<1>(r);
            }
        }
        out
    }

    #[inline(always)]
    fn and(self, a: V, b: V) -> V {
        // SAFETY: NEON is present (token).
        each(a, b, |x, y| unsafe { vandq_u64(x, y) })
    }

    #[inline(always)]
    fn or(self, a: V, b: V) -> V {
        // SAFETY: NEON is present (token).
        each(a, b, |x, y| unsafe { vorrq_u64(x, y) })
    }

    #[inline(always)]
    fn xor(self, a: V, b: V) -> V {
        // SAFETY: NEON is present (token).
        each(a, b, |x, y| unsafe { veorq_u64(x, y) })
    }

    #[inline(always)]
    fn and_not(self, a: V, b: V) -> V {
        // SAFETY: NEON is present (token).
        each(a, b, |x, y| unsafe { vbicq_u64(x, y) })
    }

    #[inline(always)]
    fn shift(self, v: V, amounts: [i8; 8]) -> V {
        core::array::from_fn(|k| {
            // SAFETY: NEON is present (token).
            unsafe {
                let counts = vcombine_s64(
                    vcreate_s64(amounts[k] as i64 as u64),
                    vcreate_s64(amounts[k + 4] as i64 as u64),
                );
                vshlq_u64(v[k], counts)
            }
        })
    }

    #[inline(always)]
    fn swap_opposite(self, v: V) -> V {
        // SAFETY: NEON is present (token).
        v.map(|r| unsafe { vextq_u64::<1>(r, r) })
    }

    #[inline(always)]
    fn or_all(self, v: V) -> u64 {
        // SAFETY: NEON is present (token).
        unsafe {
            let o = vorrq_u64(vorrq_u64(v[0], v[1]), vorrq_u64(v[2], v[3]));
            vgetq_lane_u64::<0>(o) | vgetq_lane_u64::<1>(o)
        }
    }

    #[inline(always)]
    fn shift_all(self, v: V, amount: i8) -> V {
        // SAFETY: NEON is present (token).
        unsafe {
            let counts = vdupq_n_s64(amount as i64);
            v.map(|r| vshlq_u64(r, counts))
        }
    }

    #[inline(always)]
    fn sub(self, a: V, b: V) -> V {
        // SAFETY: NEON is present (token).
        each(a, b, |x, y| unsafe { vsubq_u64(x, y) })
    }

    #[inline(always)]
    fn any(self, v: V) -> bool {
        // SAFETY: NEON is present (token).
        unsafe {
            let o = vorrq_u64(vorrq_u64(v[0], v[1]), vorrq_u64(v[2], v[3]));
            vmaxvq_u32(vreinterpretq_u32_u64(o)) != 0
        }
    }

    // Why: `tbl` is a byte shuffle as `pshufb` is, so the king's steps and a knight's jumps
    // are one compress of a table's words, not eight tested writes.
    const COMPRESSES: bool = true;

    #[inline(always)]
    fn compress_u16_nonzero(self, words: [u16; 8], v: V) -> ([u16; 8], u32) {
        // SAFETY: NEON is present (token); `words`, `MASK_BITS` and a control are 16 readable
        // bytes each, and `uint8x16_t` and `[u16; 8]` have the same size with every bit
        // pattern valid for both. The lanes' mask is taken in the registers' order, without
        // moving lanes into place: the control table is indexed by that order.
        unsafe {
            // All ones in each 16-bit lane whose 64-bit lane is not zero, in the order
            // 0, 4, 1, 5, 2, 6, 3, 7 (two narrowings of the four registers).
            let nonzero = v.map(|r| vtstq_u64(r, r));
            let low = vmovn_high_u64(vmovn_u64(nonzero[0]), nonzero[1]);
            let high = vmovn_high_u64(vmovn_u64(nonzero[2]), nonzero[3]);
            let lanes = vmovn_high_u32(vmovn_u32(low), high);
            let mask = vaddvq_u16(vandq_u16(lanes, vld1q_u16(MASK_BITS.as_ptr()))) as u8;
            // Each kept lane adds -1.
            let present = vaddvq_s16(vreinterpretq_s16_u16(lanes)).unsigned_abs() as u32;
            let control = vld1q_u8(COMPRESS_BY_LAYOUT[mask as usize].as_ptr());
            let packed = vqtbl1q_u8(vreinterpretq_u8_u16(vld1q_u16(words.as_ptr())), control);
            (
                core::mem::transmute::<uint8x16_t, [u16; 8]>(packed),
                present,
            )
        }
    }

    // Why: `cnt` counts the bits of every byte and `rbit` reverses a bitboard (the default
    // `reverse_bits4`) in one instruction each, so a slider's four runs are counted at once,
    // where ray by ray the runs going down look for their first man with a second lookup.
    const COUNTS_RUNS: bool = true;

    #[inline(always)]
    fn run_lengths(self, rays: &[u64; 4], sets: &[u64; 4]) -> [u64; 4] {
        // Each run's squares, then their counts by byte (`cnt`); three pairwise byte
        // additions of both registers then leave the four lengths (at most 7 each) in the
        // first four bytes.
        let run_bytes = |at: usize| {
            // SAFETY: NEON is present (token); `at` is 0 or 2, so each load reads two `u64`s
            // inside its array.
            unsafe {
                let r = vld1q_u64(rays[at..].as_ptr());
                let s = vld1q_u64(sets[at..].as_ptr());
                let gaps = vbicq_u64(r, s);
                let to_gap = veorq_u64(gaps, vsubq_u64(gaps, vdupq_n_u64(1)));
                let run = vandq_u64(vandq_u64(r, s), to_gap);
                vcntq_u8(vreinterpretq_u8_u64(run))
            }
        };
        let (low, high) = (run_bytes(0), run_bytes(2));
        // SAFETY: NEON is present (token).
        unsafe {
            let fours = vpaddq_u8(low, high);
            let twos = vpaddq_u8(fours, fours);
            let ones = vpaddq_u8(twos, twos);
            [
                vgetq_lane_u8::<0>(ones) as u64,
                vgetq_lane_u8::<1>(ones) as u64,
                vgetq_lane_u8::<2>(ones) as u64,
                vgetq_lane_u8::<3>(ones) as u64,
            ]
        }
    }

    // Why: aarch64 has no scalar population count (a count is a move to a vector register,
    // `cnt`, `addv` and a move back), and one `cnt` counts every rank of a set.
    const COUNTS_RANKS: bool = true;

    #[inline(always)]
    fn rank_counts(self, set: u64) -> [u8; 8] {
        // SAFETY: NEON is present (token); `uint8x8_t` and `[u8; 8]` have the same size and
        // every bit pattern is valid for both.
        unsafe { core::mem::transmute::<uint8x8_t, [u8; 8]>(vcnt_u8(vcreate_u8(set))) }
    }

    /// One register of two positions at a time: eight positions as four registers per
    /// bitboard would need more registers than NEON has.
    #[inline(always)]
    fn by_position<J: PositionJob>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// Position-parallel: one register, two positions (lane `i` in doubleword `i`).
impl PositionLanes for Neon {
    type Vector = uint64x2_t;
    const LANES: usize = 2;

    #[inline(always)]
    fn splat(self, x: u64) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vdupq_n_u64(x) }
    }

    #[inline(always)]
    fn load(self, a: &[u64; 8], chunk: usize) -> uint64x2_t {
        let two = &a[2 * chunk..2 * chunk + 2];
        // SAFETY: NEON is present (token); `two` is two readable `u64`s.
        unsafe { vld1q_u64(two.as_ptr()) }
    }

    #[inline(always)]
    fn to_array(self, v: uint64x2_t) -> [u64; 8] {
        // SAFETY: NEON is present (token).
        unsafe {
            [
                vgetq_lane_u64::<0>(v),
                vgetq_lane_u64::<1>(v),
                0,
                0,
                0,
                0,
                0,
                0,
            ]
        }
    }

    #[inline(always)]
    fn and(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vandq_u64(a, b) }
    }

    #[inline(always)]
    fn or(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vorrq_u64(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { veorq_u64(a, b) }
    }

    #[inline(always)]
    fn and_not(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vbicq_u64(a, b) }
    }

    #[inline(always)]
    fn shift_all(self, v: uint64x2_t, amount: i8) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vshlq_u64(v, vdupq_n_s64(amount as i64)) }
    }

    #[inline(always)]
    fn zero_mask(self, v: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vceqzq_u64(v) }
    }

    #[inline(always)]
    fn sub(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vsubq_u64(a, b) }
    }

    #[inline(always)]
    fn byte_counts(self, v: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vreinterpretq_u64_u8(vcntq_u8(vreinterpretq_u8_u64(v))) }
    }

    #[inline(always)]
    fn add_bytes(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vreinterpretq_u64_u8(vaddq_u8(vreinterpretq_u8_u64(a), vreinterpretq_u8_u64(b))) }
    }

    #[inline(always)]
    fn byte_sums(self, v: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vreinterpretq_u8_u64(v)))) }
    }

    #[inline(always)]
    fn add(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vaddq_u64(a, b) }
    }

    #[inline(always)]
    fn sum_lanes(self, v: uint64x2_t) -> u64 {
        // SAFETY: NEON is present (token).
        unsafe { vaddvq_u64(v) }
    }

    #[inline(always)]
    fn swap_bytes(self, v: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vreinterpretq_u64_u8(vrev64q_u8(vreinterpretq_u8_u64(v))) }
    }

    #[inline(always)]
    fn any(self, v: uint64x2_t) -> bool {
        // SAFETY: NEON is present (token).
        unsafe { vmaxvq_u32(vreinterpretq_u32_u64(v)) != 0 }
    }

    // Why: `cnt` counts the bits of every byte in one instruction, while a full adder is five
    // (NEON has no three-input logic), so a byte count per set is the cheaper tally.
    const TALLIES_BYTE_COUNTS: bool = true;

    // Why: `rbit` mirrors the files in one instruction, so a west ray becomes an east ray,
    // filled by one subtraction instead of three shift-and-mask steps.
    const MIRRORS_FILES: bool = true;

    // Why: with 32 registers, our fills made beside the opponent's reuse the empty squares
    // and the constants already loaded, and the eight pin masks of the late fills (spilled
    // between phases) are needed only in the rare batch with a pinned slider.
    const FILLS_OURS_EARLY: bool = true;

    const KNOWS_SHARED_KING: bool = true;

    #[inline(always)]
    fn mirror_files(self, v: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is present (token).
        unsafe { vreinterpretq_u64_u8(vrbitq_u8(vreinterpretq_u8_u64(v))) }
    }
}
