//! The byte swap of bitboards (a board seen from the other side: its ranks mirrored), for the
//! scalar code of every backend: the make of a move, perft's parents, the queries' sliders, the
//! conversions to absolute squares. x86-64 and aarch64 swap a register's bytes in one
//! instruction, and there this is `u64::swap_bytes`. wasm32 has no such instruction: LLVM
//! spells it out as 22 shifts, masks and ors, which V8 compiles one for one. Where the build
//! has simd128, one byte shuffle swaps the bytes of two bitboards at once (the portable
//! backend's `reverse_bytes`, which the compiler emits as one `i8x16.shuffle`; BENCHMARKS.md,
//! "wasm32 under node: one position's targets, the byte swap (session 43)").

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use super::portable::reverse_bytes;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use wide::u64x2;

/// `x` with its bytes in reverse order (`u64::swap_bytes`).
#[inline(always)]
pub(crate) fn swap_bytes(x: u64) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        reverse_bytes(u64x2::new([x, 0])).to_array()[0]
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
        reverse_bytes(u64x2::new([a, b])).to_array()
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        [a.swap_bytes(), b.swap_bytes()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Natively these are `u64::swap_bytes` itself; the test earns its keep on wasm32 with
    /// simd128 (`cargo test --release --target wasm32-wasip1 --lib -- byte_swap`, built with
    /// `-C target-feature=+simd128`), where CI's generator tests cover the shuffle as well.
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
