//! Backends side by side: perft (bulk-counted) from the start position and Kiwipete, and
//! move-list generation over a fixed position set, for every backend this CPU runs, in one
//! criterion group each so the ratios come from one run.
//!
//! `cargo bench --bench backends`; set `DIRGOLEM_BACKEND` to measure one backend only.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dirgolem::{Backend, Generator, Position};

#[path = "common/list_set.rs"]
mod list_set;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn backends() -> Vec<Generator> {
    match Backend::from_env() {
        Ok(Some(backend)) => vec![Generator::new(backend).unwrap()],
        Ok(None) => Backend::available()
            .into_iter()
            .map(|b| Generator::new(b).unwrap())
            .collect(),
        Err(e) => panic!("DIRGOLEM_BACKEND: {e}"),
    }
}

fn perft(c: &mut Criterion) {
    let cases = [
        ("startpos", Position::startpos(), 4u32),
        ("kiwipete", Position::from_fen(KIWIPETE).unwrap(), 3),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for (name, position, depth) in cases {
        let nodes = Generator::new(Backend::Scalar)
            .unwrap()
            .perft(&position, depth);
        group.throughput(Throughput::Elements(nodes));
        for g in backends() {
            group.bench_with_input(BenchmarkId::new(name, g.backend()), &position, |b, p| {
                b.iter(|| g.perft(black_box(p), depth))
            });
        }
    }
    group.finish();
}

fn move_lists(c: &mut Criterion) {
    let positions = list_set::list_positions();
    let mut group = c.benchmark_group("legal_moves");
    group.sample_size(20);
    group.throughput(Throughput::Elements(positions.len() as u64));
    for g in backends() {
        group.bench_function(BenchmarkId::new("standard-1000", g.backend()), |b| {
            b.iter(|| {
                let mut moves = 0;
                for p in &positions {
                    let list = g.legal_moves(black_box(p));
                    moves += list.iter().map(|m| m.to() as usize).sum::<usize>();
                }
                moves
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft, move_lists);
criterion_main!(benches);
