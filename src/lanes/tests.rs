//! Every backend's lane operations against the scalar backend's, on pseudo-random vectors.

use super::{Lanes, Scalar};

/// A xorshift sequence with varied bit densities (sparse, dense and random words).
fn words(count: usize) -> Vec<[u64; 8]> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|i| {
            core::array::from_fn(|_| match i % 4 {
                0 => next() & next() & next(),
                1 => next() | next(),
                2 => next(),
                _ => [0, u64::MAX, 1 << 63, 1][(next() % 4) as usize],
            })
        })
        .collect()
}

fn check_against_scalar<L: Lanes>(lanes: L) {
    let s = Scalar;
    let inputs = words(400);
    for pair in inputs.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (va, vb) = (lanes.load(a), lanes.load(b));
        let same = |v: L::Vector, expected: [u64; 8], what: &str| {
            assert_eq!(lanes.to_array(v), expected, "{what} of {a:x?}, {b:x?}");
        };
        same(va, a, "load");
        same(lanes.splat(a[3]), [a[3]; 8], "splat");
        same(lanes.and(va, vb), s.and(a, b), "and");
        same(lanes.or(va, vb), s.or(a, b), "or");
        same(lanes.xor(va, vb), s.xor(a, b), "xor");
        same(lanes.and_not(va, vb), s.and_not(a, b), "and_not");
        same(lanes.swap_opposite(va), s.swap_opposite(a), "swap_opposite");
        assert_eq!(lanes.or_all(va), s.or_all(a), "or_all");
        assert_eq!(lanes.any(va), a.iter().any(|&x| x != 0), "any");
        for amount in [-63i8, -36, -9, -8, -7, -1, 0, 1, 7, 8, 9, 17, 36, 63] {
            same(
                lanes.shift_all(va, amount),
                s.shift_all(a, amount),
                "shift_all",
            );
        }
        same(lanes.zero_mask(va), s.zero_mask(a), "zero_mask");
        same(lanes.swap_bytes(va), a.map(u64::swap_bytes), "swap_bytes");
        same(lanes.sub(va, vb), s.sub(a, b), "sub");
        let c = pair[0].map(|x| x.rotate_left(17) ^ pair[1][0]);
        let (sum, carry) = lanes.full_add(va, vb, lanes.load(c));
        let majority = core::array::from_fn(|i| (a[i] & b[i]) | (a[i] & c[i]) | (b[i] & c[i]));
        same(
            sum,
            core::array::from_fn(|i| a[i] ^ b[i] ^ c[i]),
            "full_add sum",
        );
        same(carry, majority, "full_add carry");
        let counts = s.byte_counts(a);
        same(lanes.byte_counts(va), counts, "byte_counts");
        let expected: u64 = a.iter().map(|x| x.count_ones() as u64).sum();
        assert_eq!(
            lanes.sum_bytes(lanes.byte_counts(va)),
            expected,
            "sum_bytes"
        );
        // 31 sums of byte counts stay below 256 per byte.
        let mut acc = lanes.splat(0);
        for _ in 0..31 {
            acc = lanes.add_bytes(acc, lanes.byte_counts(va));
        }
        assert_eq!(lanes.sum_bytes(acc), 31 * expected, "add_bytes");

        // The list writer's operations, against formulas.
        let nonzero = (0..8).fold(0u8, |bits, i| bits | ((a[i] != 0) as u8) << i);
        assert_eq!(lanes.nonzero_lanes(va), nonzero, "nonzero_lanes of {a:x?}");
        let lowest = lanes.to_array(lanes.lowest_bit_index(va));
        for i in (0..8).filter(|&i| a[i] != 0) {
            assert_eq!(
                lowest[i],
                a[i].trailing_zeros() as u64,
                "lowest_bit_index of {a:x?}"
            );
        }
        for keep in [nonzero, b[0] as u8, 0, 0xff, 0x81] {
            let kept: Vec<u16> = (0..8)
                .filter(|&i| keep >> i & 1 != 0)
                .map(|i| a[i] as u16)
                .collect();
            let words = lanes.compress_words(va, keep);
            assert_eq!(
                words[..kept.len()],
                kept[..],
                "compress_words of {a:x?}, keep {keep:08b}"
            );
        }
    }
    // The shifted lanes drop what leaves the word (callers rely on a shift, not a rotate).
    assert_eq!(
        lanes.to_array(lanes.shift_all(lanes.splat(u64::MAX), 8))[0],
        !0xff
    );
    assert_eq!(
        lanes.to_array(lanes.shift_all(lanes.splat(u64::MAX), -8))[7],
        !0 >> 8
    );
}

#[test]
fn scalar_byte_counts_are_popcounts() {
    for a in words(100) {
        let counts = Scalar.byte_counts(a);
        for (x, c) in a.iter().zip(counts) {
            for byte in 0..8 {
                assert_eq!(
                    (c >> (8 * byte)) & 0xff,
                    ((x >> (8 * byte)) & 0xff).count_ones() as u64
                );
            }
        }
    }
}

#[test]
fn every_backend_agrees_with_scalar() {
    check_against_scalar(Scalar);
    if let Some(t) = super::Portable::new() {
        check_against_scalar(t);
    }
    #[cfg(target_arch = "x86_64")]
    {
        use super::x86_64::{Avx2, Avx512, Sse2};
        if let Some(t) = Sse2::new() {
            check_against_scalar(t);
        }
        if let Some(t) = Avx2::new() {
            check_against_scalar(t);
        }
        if let Some(t) = Avx512::new() {
            check_against_scalar(t);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if let Some(t) = super::aarch64::Neon::new() {
        check_against_scalar(t);
    }
}

/// `compress_u16` on `lanes` against a filter, for every `keep`.
fn check_compress_u16<L: Lanes>(lanes: L) {
    for a in words(8) {
        let words = a.map(|x| x as u16);
        for keep in 0..=255u8 {
            let kept: Vec<u16> = (0..8)
                .filter(|&i| keep >> i & 1 != 0)
                .map(|i| words[i])
                .collect();
            let packed = lanes.compress_u16(words, keep);
            assert_eq!(
                packed[..kept.len()],
                kept[..],
                "compress_u16 of {words:x?}, keep {keep:08b}"
            );
        }
    }
}

#[test]
fn every_backend_compresses_words() {
    check_compress_u16(Scalar);
    if let Some(t) = super::Portable::new() {
        check_compress_u16(t);
    }
    #[cfg(target_arch = "x86_64")]
    {
        use super::x86_64::{Avx2, Avx512, Sse2};
        if let Some(t) = Sse2::new() {
            check_compress_u16(t);
        }
        if let Some(t) = Avx2::new() {
            check_compress_u16(t);
        }
        if let Some(t) = Avx512::new() {
            check_compress_u16(t);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if let Some(t) = super::aarch64::Neon::new() {
        check_compress_u16(t);
    }
}
