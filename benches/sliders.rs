//! The scalar slider techniques of `dirgolem::sliders` side by side: rook, bishop and queen
//! attacks for one fixed set of 1024 (square, occupancy) pairs, all in one criterion group
//! ("sliders") so that the figures compare. One iteration runs all 1024 calls (results xor-ed
//! together, so calls are independent: this is throughput, not latency); with
//! `Throughput::Elements(1024)` criterion reports calls per second, and ns per call is the
//! iteration time divided by 1024.
//!
//! `rotated-state` is the rotated technique as meant: the four rotated occupancies are built
//! before the timing (as an engine keeps them up to date while making moves) and only the
//! lookups are timed. `rotated` is the stateless trait form, which rotates on every call.
//!
//! Run: `cargo bench --bench sliders` (about a minute and a half).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use dirgolem::sliders::{
    self, AboveBelow, BlockersBeyond, Classical, Dumb7, GolemLanes, Hyperbola, KoggeStone, Magic,
    Pext, Rotated, RotatedOccupancy, Sherwin, SliderAttacks,
};
use dirgolem::{Bitboard, Square};

const PAIRS: usize = 1024;

/// 1024 pairs from a seeded xorshift: squares uniform, occupancies of four densities in turn
/// (about 8, 16, 32 and 48 men), the slider's own square always taken.
fn pairs() -> Vec<(Square, Bitboard)> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..PAIRS)
        .map(|i| {
            let sq = Square::index((next() % 64) as usize);
            let occupied = match i % 4 {
                0 => next() & next() & next(),
                1 => next() & next(),
                2 => next(),
                _ => next() | next(),
            };
            (sq, Bitboard(occupied) | sq.bitboard())
        })
        .collect()
}

fn technique<T: SliderAttacks>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    t: &T,
    pairs: &[(Square, Bitboard)],
) {
    let name = t.name();
    group.bench_function(format!("rook/{name}"), |b| {
        b.iter(|| {
            black_box(pairs)
                .iter()
                .fold(0u64, |acc, &(sq, occ)| acc ^ t.rook(sq, occ).0)
        })
    });
    group.bench_function(format!("bishop/{name}"), |b| {
        b.iter(|| {
            black_box(pairs)
                .iter()
                .fold(0u64, |acc, &(sq, occ)| acc ^ t.bishop(sq, occ).0)
        })
    });
    group.bench_function(format!("queen/{name}"), |b| {
        b.iter(|| {
            black_box(pairs)
                .iter()
                .fold(0u64, |acc, &(sq, occ)| acc ^ t.queen(sq, occ).0)
        })
    });
}

fn rotated_state(group: &mut BenchmarkGroup<'_, WallTime>, pairs: &[(Square, Bitboard)]) {
    let states: Vec<(Square, RotatedOccupancy)> = pairs
        .iter()
        .map(|&(sq, occ)| (sq, RotatedOccupancy::from_occupied(occ)))
        .collect();
    let states = &states[..];
    group.bench_function("rook/rotated-state", |b| {
        b.iter(|| {
            black_box(states)
                .iter()
                .fold(0u64, |acc, (sq, s)| acc ^ s.rook(*sq).0)
        })
    });
    group.bench_function("bishop/rotated-state", |b| {
        b.iter(|| {
            black_box(states)
                .iter()
                .fold(0u64, |acc, (sq, s)| acc ^ s.bishop(*sq).0)
        })
    });
    group.bench_function("queen/rotated-state", |b| {
        b.iter(|| {
            black_box(states)
                .iter()
                .fold(0u64, |acc, (sq, s)| acc ^ s.queen(*sq).0)
        })
    });
}

fn bench(c: &mut Criterion) {
    eprintln!("{:<20} {:>12}  tables built", "technique", "table bytes");
    for t in sliders::all() {
        eprintln!(
            "{:<20} {:>12}  {:?}",
            t.name(),
            t.table_bytes(),
            t.table_build()
        );
    }

    let pairs = pairs();
    let pairs = &pairs[..];
    let mut group = c.benchmark_group("sliders");
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_millis(1500));
    group.sample_size(30);

    technique(&mut group, &Classical, pairs);
    technique(&mut group, &Rotated, pairs);
    rotated_state(&mut group, pairs);
    technique(&mut group, &BlockersBeyond, pairs);
    technique(&mut group, &AboveBelow, pairs);
    technique(&mut group, Sherwin::shared(), pairs);
    technique(&mut group, &KoggeStone, pairs);
    technique(&mut group, &Dumb7, pairs);
    technique(&mut group, &GolemLanes, pairs);
    technique(&mut group, &Hyperbola, pairs);
    technique(&mut group, Magic::shared(), pairs);
    technique(&mut group, Pext::shared(), pairs);
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
