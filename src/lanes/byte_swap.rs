//! The byte swap of bitboards (a board seen from the other side: its ranks mirrored), for the
//! scalar code of every backend: the make of a move, perft's parents, the queries' sliders, the
//! conversions to absolute squares. x86-64 and aarch64 swap a register's bytes in one
//! instruction, and there this is `u64::swap_bytes`. wasm32 has no such instruction: LLVM
//! spells it out as 22 shifts, masks and ors, which V8 compiles one for one. Where the build
//! has simd128, one byte shuffle swaps the bytes of two bitboards at once (BENCHMARKS.md,
//! "wasm32 under node: one position's targets, the byte swap (session 43)").

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use core::arch::wasm32::{i8x16_shuffle, u64x2, u64x2_extract_lane, v128};

/// Each 64-bit half's bytes in reverse order.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn reverse_halves(v: v128) -> v128 {
    i8x16_shuffle::<7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8>(v, v)
}

/// `x` with its bytes in reverse order (`u64::swap_bytes`).
#[inline(always)]
pub(crate) fn swap_bytes(x: u64) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        u64x2_extract_lane::<0>(reverse_halves(u64x2(x, 0)))
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        x.swap_bytes()
    }
}

/// Both bitboards with their bytes in reverse order: one shuffle on wasm32 with simd128.
#[inline(always)]
pub(crate) fn swap_bytes_pair(a: u64, b: u64) -> [u64; 2] {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        let r = reverse_halves(u64x2(a, b));
        [u64x2_extract_lane::<0>(r), u64x2_extract_lane::<1>(r)]
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        [a.swap_bytes(), b.swap_bytes()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_bytes_as_the_standard_library() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..1000 {
            let y = x.rotate_left(17) ^ 0x9e37_79b9_7f4a_7c15;
            assert_eq!(swap_bytes(x), x.swap_bytes());
            assert_eq!(swap_bytes_pair(x, y), [x.swap_bytes(), y.swap_bytes()]);
            x = x.wrapping_mul(0x5851_f42d_4c95_7f2d).wrapping_add(1);
        }
    }
}
