#!/usr/bin/env bash
# What an engine's debug build gets from dirgolem: a crate that depends on this checkout by
# path, built with `cargo build` (the dev profile), once as it is and once with dirgolem alone
# optimised (`[profile.dev.package.dirgolem] opt-level = 3`, as the README advises), and the
# release build for comparison. Each build prints perft 5 from the start position on the
# detected backend (Mnps over a second or more, the count checked), and the time per
# `legal_moves()`, per `fill_legal` into a kept list and per `for_each_legal_move` over the
# 8,902 positions three plies from the start (each visited 20 times, every move read).
#
# usage: scripts/debug-build-speed.sh [WORK_DIR]
#   WORK_DIR: where the probe crate is made (default: a new temporary directory, removed after).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ge 1 ]; then
  work=$1
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/src"
cat >"$work/src/main.rs" <<'EOF'
use dirgolem::{Generator, MoveList, Position};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let start = Position::startpos();
    // perft 5 again until a second has passed: one takes milliseconds in an optimised build.
    let t = Instant::now();
    let mut nodes = 0;
    while nodes == 0 || t.elapsed().as_secs_f64() < 1.0 {
        let count = Generator::detect().perft(&start, 5);
        assert_eq!(count, 4_865_609);
        nodes += count;
    }
    let s = t.elapsed().as_secs_f64();
    let backend = Generator::detect().backend().name();
    println!("  perft 5 ({backend}): {:.1} Mnps", nodes as f64 / s / 1e6);
    let mut positions = vec![start];
    for _ in 0..3 {
        positions = positions
            .iter()
            .flat_map(|p| p.legal_moves().iter().map(|&m| p.play_unchecked(m)).collect::<Vec<_>>())
            .collect();
    }
    let passes = 20;
    let lists = (positions.len() * passes) as f64;
    let time = |name: &str, f: &dyn Fn(&Position) -> usize| {
        let t = Instant::now();
        let mut read = 0;
        for _ in 0..passes {
            for p in &positions {
                read += f(black_box(p));
            }
        }
        let ns = t.elapsed().as_secs_f64() * 1e9 / lists;
        println!("  {name}: {ns:.0} ns a position ({read} moves read)");
    };
    time("legal_moves()", &|p| p.legal_moves().iter().map(|&m| black_box(m)).count());
    let kept = std::cell::RefCell::new(MoveList::new());
    time("fill_legal", &|p| {
        let mut list = kept.borrow_mut();
        p.fill_legal(&mut list);
        list.iter().map(|&m| black_box(m)).count()
    });
    time("for_each_legal_move", &|p| {
        let mut n = 0;
        p.for_each_legal_move(|m| {
            black_box(m);
            n += 1;
        });
        n
    });
}
EOF
manifest() {
  cat >"$work/Cargo.toml" <<EOF
[package]
name = "dirgolem-debug-build-speed"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
dirgolem = { path = "$repo" }

[workspace]
$1
EOF
}
cd "$work"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "debug build (cargo build):"
manifest ""
cargo build -q
target/debug/dirgolem-debug-build-speed
echo "debug build, dirgolem optimised ([profile.dev.package.dirgolem] opt-level = 3):"
manifest $'[profile.dev.package.dirgolem]\nopt-level = 3'
cargo build -q
target/debug/dirgolem-debug-build-speed
echo "release build (cargo build --release):"
manifest ""
cargo build -q --release
target/release/dirgolem-debug-build-speed
