//! Every backend's lane operations against the scalar backend's or against formulas, on
//! pseudo-random vectors: the direction-parallel ones ([`Lanes`]) and the position-parallel
//! ones ([`PositionLanes`], on the vectors each backend counts by).

use super::every_backend::{BackendCheck, on_every_backend};
use super::{Lanes, PositionJob, PositionLanes, Scalar, by_line_kind};

/// A xorshift sequence with varied bit densities (sparse, dense and random words).
fn words(count: usize) -> Vec<[u64; 8]> {
    let mut next = crate::test_random::xorshift(0x9e37_79b9_7f4a_7c15);
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

/// `x` moved left by `amount`, or right by `-amount` when negative; bits that leave are
/// dropped (the callers rely on a shift, not a rotate).
fn shifted(x: u64, amount: i8) -> u64 {
    if amount >= 0 {
        x << amount
    } else {
        x >> -amount
    }
}

fn zip(a: [u64; 8], b: [u64; 8], f: impl Fn(u64, u64) -> u64) -> [u64; 8] {
    core::array::from_fn(|i| f(a[i], b[i]))
}

/// Each byte of `x` replaced by its number of set bits.
fn byte_popcounts(x: u64) -> u64 {
    (0..8).fold(0, |counts, byte| {
        counts | u64::from((x >> (8 * byte) & 0xff).count_ones()) << (8 * byte)
    })
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
        same(lanes.and(va, vb), zip(a, b, |x, y| x & y), "and");
        same(lanes.or(va, vb), zip(a, b, |x, y| x | y), "or");
        same(lanes.xor(va, vb), zip(a, b, |x, y| x ^ y), "xor");
        same(lanes.and_not(va, vb), zip(a, b, |x, y| x & !y), "and_not");
        same(lanes.swap_opposite(va), s.swap_opposite(a), "swap_opposite");
        assert_eq!(lanes.or_all(va), s.or_all(a), "or_all");
        assert_eq!(
            lanes.or_all_pair(va, vb),
            [s.or_all(a), s.or_all(b)],
            "or_all_pair of {a:x?}, {b:x?}"
        );
        assert_eq!(lanes.any(va), a.iter().any(|&x| x != 0), "any");
        for amount in [-63i8, -36, -9, -8, -7, -1, 0, 1, 7, 8, 9, 17, 36, 63] {
            same(
                lanes.shift_all(va, amount),
                a.map(|x| shifted(x, amount)),
                "shift_all",
            );
        }
        same(lanes.sub(va, vb), zip(a, b, u64::wrapping_sub), "sub");

        // A pair (`Lanes::pair`): given back as it was taken, and lane-wise operations on its
        // registers are those operations on each of its two vectors.
        let p = lanes.pair(va, vb);
        let [pa, pb] = lanes.unpair(p);
        same(pa, a, "the first of a pair");
        same(pb, b, "the second of a pair");
        let q = lanes.pair(vb, va);
        let [x, y] = lanes.unpair([lanes.and(p[0], q[0]), lanes.and(p[1], q[1])]);
        same(x, zip(a, b, |x, y| x & y), "and of pairs");
        same(y, zip(b, a, |x, y| x & y), "and of pairs");
        let [x, y] = lanes.unpair([lanes.or(p[0], q[0]), lanes.or(p[1], q[1])]);
        same(x, zip(a, b, |x, y| x | y), "or of pairs");
        same(y, zip(b, a, |x, y| x | y), "or of pairs");
        // The pair's constructors from bitboards, against the pair of the vectors they stand for.
        let [x, y] = lanes.unpair(lanes.pair_by_line_kind([a[0], a[1]], [b[0], b[1]]));
        same(
            x,
            by_line_kind(a[0], a[1]),
            "the first of a pair by line kind",
        );
        same(
            y,
            by_line_kind(b[0], b[1]),
            "the second of a pair by line kind",
        );
        let [x, y] = lanes.unpair(lanes.pair_splat(a[2], b[2]));
        same(x, [a[2]; 8], "the first of a pair of splats");
        same(y, [b[2]; 8], "the second of a pair of splats");

        // The list writer's operations, against formulas.
        let nonzero = (0..8).fold(0u8, |bits, i| bits | ((a[i] != 0) as u8) << i);
        assert_eq!(lanes.nonzero_lanes(va), nonzero, "nonzero_lanes of {a:x?}");
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
        let words: [u16; 8] = core::array::from_fn(|i| b[i] as u16 ^ i as u16);
        let kept: Vec<u16> = (0..8).filter(|&i| a[i] != 0).map(|i| words[i]).collect();
        let (packed, n) = lanes.compress_u16_nonzero(words, va);
        assert_eq!(
            packed[..n as usize],
            kept[..],
            "compress_u16_nonzero of {words:x?} where {a:x?}"
        );
    }
}

#[test]
fn every_backend_agrees_with_scalar() {
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, _name: &str) {
            check_against_scalar(lanes);
        }
    }
    on_every_backend::<Check>();
}

/// Every position-parallel operation of `lanes`, chunk by chunk, against formulas on the
/// positions of that chunk.
fn check_positions<P: PositionLanes>(lanes: P) {
    let n = P::LANES;
    assert!(n > 0 && 8 % n == 0, "a batch of eight is whole vectors");
    let inputs = words(400);
    for pair in inputs.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let c = a.map(|x| x.rotate_left(17) ^ b[0]);
        for chunk in 0..8 / n {
            let (va, vb, vc) = (
                lanes.load(a, chunk),
                lanes.load(b, chunk),
                lanes.load(&c, chunk),
            );
            let part = |x: [u64; 8]| {
                let mut out = [0; 8];
                out[..n].copy_from_slice(&x[chunk * n..chunk * n + n]);
                out
            };
            let same = |v: P::Vector, expected: [u64; 8], what: &str| {
                assert_eq!(
                    lanes.to_array(v),
                    part(expected),
                    "{what} of {a:x?}, {b:x?}, chunk {chunk}"
                );
            };
            same(va, *a, "load");
            same(lanes.splat(a[3]), [a[3]; 8], "splat");
            same(lanes.and(va, vb), zip(*a, *b, |x, y| x & y), "and");
            same(lanes.or(va, vb), zip(*a, *b, |x, y| x | y), "or");
            same(lanes.xor(va, vb), zip(*a, *b, |x, y| x ^ y), "xor");
            same(lanes.and_not(va, vb), zip(*a, *b, |x, y| x & !y), "and_not");
            assert_eq!(lanes.any(va), part(*a).iter().any(|&x| x != 0), "any");
            for amount in [-63i8, -36, -9, -8, -7, -1, 0, 1, 7, 8, 9, 17, 36, 63] {
                same(
                    lanes.shift_all(va, amount),
                    a.map(|x| shifted(x, amount)),
                    "shift_all",
                );
            }
            same(
                lanes.zero_mask(va),
                a.map(|x| if x == 0 { u64::MAX } else { 0 }),
                "zero_mask",
            );
            same(lanes.swap_bytes(va), a.map(u64::swap_bytes), "swap_bytes");
            same(
                lanes.mirror_files(va),
                a.map(|x| u64::from_le_bytes(x.to_le_bytes().map(u8::reverse_bits))),
                "mirror_files",
            );
            same(lanes.sub(va, vb), zip(*a, *b, u64::wrapping_sub), "sub");
            let (sum, carry) = lanes.full_add(va, vb, vc);
            same(
                sum,
                core::array::from_fn(|i| a[i] ^ b[i] ^ c[i]),
                "full_add sum",
            );
            same(
                carry,
                core::array::from_fn(|i| (a[i] & b[i]) | (a[i] & c[i]) | (b[i] & c[i])),
                "full_add carry",
            );
            let counts = lanes.byte_counts(va);
            same(counts, a.map(byte_popcounts), "byte_counts");
            let expected: u64 = part(*a).iter().map(|x| u64::from(x.count_ones())).sum();
            let sums = lanes.byte_sums(counts);
            same(sums, a.map(|x| u64::from(x.count_ones())), "byte_sums");
            assert_eq!(lanes.sum_lanes(sums), expected, "sum_lanes");
            // 31 sums of byte counts stay below 256 per byte.
            let mut acc = lanes.splat(0);
            for _ in 0..31 {
                acc = lanes.add_bytes(acc, counts);
            }
            assert_eq!(
                lanes.sum_lanes(lanes.byte_sums(acc)),
                31 * expected,
                "add_bytes"
            );
            // Lane-wise adds wrap, and the sum across the lanes with them.
            let total = lanes.add(lanes.splat(u64::MAX), va);
            same(total, a.map(|x| x.wrapping_sub(1)), "add");
            let wrapped: u64 = part(a.map(|x| x.wrapping_sub(1)))
                .iter()
                .fold(0, |sum, &x| sum.wrapping_add(x));
            assert_eq!(lanes.sum_lanes(total), wrapped, "sum_lanes, wrapping");
        }
    }
}

/// The job runs on the backend's choice of vectors, and checks them.
struct CheckPositions;

impl PositionJob for CheckPositions {
    type Output = usize;
    fn run<P: PositionLanes>(self, lanes: P) -> usize {
        check_positions(lanes);
        P::LANES
    }
}

#[test]
fn every_backend_counts_positions_right() {
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, name: &str) {
            let expected = match name {
                "sse2" | "neon" | "portable" => 2,
                "avx2" => 4,
                _ => 8,
            };
            assert_eq!(
                lanes.by_position(CheckPositions),
                expected,
                "{name}: positions per vector"
            );
        }
    }
    on_every_backend::<Check>();
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
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, _name: &str) {
            check_compress_u16(lanes);
        }
    }
    on_every_backend::<Check>();
}

/// `reverse_bits4` and `run_lengths` on `lanes` against formulas: each bit's square mirrored;
/// the run counted square by square from the ray's lowest one.
fn check_runs<L: Lanes>(lanes: L, name: &str) {
    let inputs = words(400);
    for pair in inputs.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let four = [a[0], a[1], a[2], a[3]];
        let reversed = lanes.reverse_bits4(four);
        for i in 0..4 {
            let mirrored = (0..64).fold(0, |r, sq| r | (four[i] >> sq & 1) << (63 - sq));
            assert_eq!(reversed[i], mirrored, "{name}: reverse_bits4 of {four:x?}");
        }
        // Rays: the squares from a random one to an edge, up; sets: anything.
        let rays: [u64; 4] = core::array::from_fn(|i| u64::MAX << (b[i] % 64) << 1);
        let sets = [b[4], b[5], b[6], b[7] | rays[3]];
        let lengths = lanes.run_lengths(&rays, &sets);
        for i in 0..4 {
            let mut run = 0;
            let mut ray = rays[i];
            while ray != 0 && sets[i] >> ray.trailing_zeros() & 1 != 0 {
                run += 1;
                ray &= ray - 1;
            }
            assert_eq!(
                lengths[i], run,
                "{name}: run_lengths of {rays:x?}, {sets:x?}"
            );
        }
    }
}

#[test]
fn every_backend_counts_runs() {
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, name: &str) {
            check_runs(lanes, name);
        }
    }
    on_every_backend::<Check>();
}

/// `rank_counts` on `lanes` against a count square by square, rank by rank.
fn check_rank_counts<L: Lanes>(lanes: L, name: &str) {
    for set in words(400).into_iter().flatten().chain([0, u64::MAX]) {
        let counts = lanes.rank_counts(set);
        for (rank, &count) in counts.iter().enumerate() {
            let squares = (0..8)
                .filter(|file| set >> (8 * rank + file) & 1 != 0)
                .count();
            assert_eq!(
                usize::from(count),
                squares,
                "{name}: rank_counts of {set:#x}, rank {rank}"
            );
        }
    }
}

#[test]
fn every_backend_counts_ranks() {
    struct Check;
    impl BackendCheck for Check {
        fn check<L: Lanes>(lanes: L, name: &str) {
            check_rank_counts(lanes, name);
        }
    }
    on_every_backend::<Check>();
}
