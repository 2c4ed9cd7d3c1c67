#!/usr/bin/env bash
# What an engine's debug build gets from dirgolem: a crate that depends on this checkout by
# path, built with `cargo build` (the dev profile), once as it is and once with dirgolem alone
# optimised (`[profile.dev.package.dirgolem] opt-level = 3`, as the README advises), and the
# release build for comparison. Each build prints perft 5 from the start position on the
# detected backend or DIRGOLEM_BACKEND's (Mnps over a second or more, the count checked), and
# the time per `legal_moves()`, per `fill_legal` into a kept list and per `for_each_legal_move`
# over the 8,902 positions three plies from the start (each visited 20 times, every move read), the
# same for the captures alone (`fill_captures`, `for_each_capture`), and for
# comparison cozy-chess's `generate_moves` over the same positions, built with the same profile
# (unoptimised in the first two builds: what an engine on cozy-chess gets in its debug build);
# then the time per move made (`play_unchecked`, each legal move of each position, the new
# position's hash read), and cozy-chess's alike; then `gives_check`, `see_ge` and `is_legal`
# of each of those moves, and the loop that times them alone.
#
# usage: [DIRGOLEM_BACKEND=NAME] scripts/debug-build-speed.sh [WORK_DIR]
#   DIRGOLEM_BACKEND: the backend timed (default: the detected one).
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
    // The detected backend, or the one `DIRGOLEM_BACKEND` names: the calls below are those
    // that `Position`'s methods make on the detected one.
    let g = Generator::from_env().expect("DIRGOLEM_BACKEND names a backend this CPU has");
    let start = Position::startpos();
    // perft 5 again until a second has passed: one takes milliseconds in an optimised build.
    let t = Instant::now();
    let mut nodes = 0;
    while nodes == 0 || t.elapsed().as_secs_f64() < 1.0 {
        let count = g.perft(&start, 5);
        assert_eq!(count, 4_865_609);
        nodes += count;
    }
    let s = t.elapsed().as_secs_f64();
    let backend = g.backend().name();
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
    time("legal_moves()", &|p| g.legal_moves(p).iter().map(|&m| black_box(m)).count());
    let kept = std::cell::RefCell::new(MoveList::new());
    // A list kept across calls, refilled by `fill` and every move read.
    let refill = |fill: &dyn Fn(&mut MoveList)| {
        let mut list = kept.borrow_mut();
        fill(&mut list);
        list.iter().map(|&m| black_box(m)).count()
    };
    time("fill_legal", &|p| refill(&|list| g.fill_legal(p, list)));
    time("for_each_legal_move", &|p| {
        let mut n = 0;
        g.for_each_legal_move(p, |m| {
            black_box(m);
            n += 1;
        });
        n
    });
    // The captures alone, a quiescence search's call, into a kept list and by callback.
    time("fill_captures", &|p| refill(&|list| g.fill_captures(p, list)));
    time("for_each_capture", &|p| {
        let mut n = 0;
        g.for_each_capture(p, |m| {
            black_box(m);
            n += 1;
        });
        n
    });
    let boards: Vec<cozy_chess::Board> =
        positions.iter().map(|p| p.to_fen().to_string().parse().unwrap()).collect();
    let t = Instant::now();
    let mut read = 0;
    for _ in 0..passes {
        for b in &boards {
            black_box(b).generate_moves(|moves| {
                for m in moves {
                    black_box(m);
                    read += 1;
                }
                false
            });
        }
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / lists;
    println!("  cozy-chess generate_moves: {ns:.0} ns a position ({read} moves read)");

    // The other call of every node: a move made (a new position, its hash updated), each
    // legal move of each position, 5 passes; cozy-chess's the same way (a board copied, the
    // move played on the copy).
    let moves: Vec<Vec<dirgolem::Move>> =
        positions.iter().map(|p| g.legal_moves(p).to_vec()).collect();
    // cozy-chess writes a castling as the king taking its rook, whatever the variant.
    let cozy_moves: Vec<Vec<cozy_chess::Move>> = moves
        .iter()
        .map(|ms| {
            let uci = |m: &dirgolem::Move| m.to_uci(dirgolem::CastlingMode::Chess960).to_string();
            ms.iter().map(|m| uci(m).parse().unwrap()).collect()
        })
        .collect();
    let made = (5 * moves.iter().map(Vec::len).sum::<usize>()) as f64;
    per_move("play_unchecked", &positions, &moves, made, |p, m| p.play_unchecked(m).zobrist());
    let t = Instant::now();
    let mut keys = 0u64;
    for _ in 0..5 {
        for (b, ms) in boards.iter().zip(&cozy_moves) {
            for &m in ms {
                let mut after = black_box(b).clone();
                after.play_unchecked(m);
                keys ^= after.hash();
            }
        }
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / made;
    println!("  cozy-chess play_unchecked: {ns:.0} ns a move (keys {keys:016x})");

    // The other per-move questions of a search, each of every legal move: whether it checks
    // (for extensions and move ordering), its exchange (for pruning), and whether it is legal
    // (asked of a move from the transposition table or a killer slot).
    per_move("the loop alone (each move's bits)", &positions, &moves, made, |_, m| {
        m.to_bits() as u64
    });
    per_move("gives_check", &positions, &moves, made, |p, m| p.gives_check(m) as u64);
    per_move("see_ge(m, 0)", &positions, &moves, made, |p, m| p.see_ge(m, 0) as u64);
    per_move("is_legal", &positions, &moves, made, |p, m| p.is_legal(m) as u64);
}

/// Times `call` on each legal move of each position, 5 passes, its results summed so that
/// nothing is left out; generic, so that an optimised build inlines `call` into the loop, and
/// never inlined itself, so that each loop is optimised on its own, whatever else `main` holds.
#[inline(never)]
fn per_move(
    name: &str,
    positions: &[Position],
    moves: &[Vec<dirgolem::Move>],
    made: f64,
    call: impl Fn(&Position, dirgolem::Move) -> u64,
) {
    let t = Instant::now();
    let mut sum = 0u64;
    for _ in 0..5 {
        for (p, ms) in positions.iter().zip(moves) {
            for &m in ms {
                sum = sum.wrapping_add(call(black_box(p), black_box(m)));
            }
        }
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / made;
    println!("  {name}: {ns:.0} ns a move (sum {sum:016x})");
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
cozy-chess = "0.3"

[workspace]
$1
EOF
}
cd "$work"
field() { grep -m1 "^$1" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'; }
echo "CPU: $(field 'model name'), family $(field 'cpu family'), model $(field 'model	')"
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
