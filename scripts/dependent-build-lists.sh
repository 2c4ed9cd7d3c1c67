#!/usr/bin/env bash
# Move lists as an engine that depends on dirgolem gets them: a probe crate that depends on a
# checkout by path, built with `cargo build --release` twice, once with Cargo's default release
# profile (16 codegen units, no LTO: what a new crate has) and once with this crate's own
# (`codegen-units = 1`, thin LTO: what the benches and the tool are built with). A dependency is
# compiled with the profile of the crate being built, so the benches measure the second; an
# engine that sets nothing gets the first.
#
# Each binary times `legal_moves()`, `fill_legal` into a kept list, `quiets()` and
# `for_each_legal_move`, every move read, on the benches' two sets: the games set (20,000
# positions from random games, each visited once) and the replayed set (the first 1000 positions
# of tests/data/standard.epd, 20 passes). The binaries run in turn, ROUNDS times each, and the
# fastest round of each is printed (ns a list), so that builds are compared side by side on a
# machine whose speed drifts. The backend is the detected one, or DIRGOLEM_BACKEND's.
#
# usage: [DIRGOLEM_BACKEND=B] [PROFILES="..."] scripts/dependent-build-lists.sh [ROUNDS [CHECKOUT...]]
#   ROUNDS: default 5. CHECKOUT: dirgolem checkouts to compare (default: this one), for
#   example a worktree of an older commit: git worktree add /tmp/old <commit>.
#   PROFILES: the probe's release profiles, any of `default`, `own` (this crate's) and `fat`
#   (`lto = "fat"`); default "default own".
# example: DIRGOLEM_BACKEND=avx2 scripts/dependent-build-lists.sh 5 /tmp/old .
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
shift || true
checkouts=("$@")
[ ${#checkouts[@]} -gt 0 ] || checkouts=("$repo")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

probe_main() {
  cat <<EOF
use dirgolem::{Generator, MoveList, Position};
use std::hint::black_box;
use std::time::Instant;

#[path = "$repo/benches/common/random_games.rs"]
mod random_games;

#[path = "$repo/benches/common/list_set.rs"]
mod list_set;

/// The time per position of \`read\` over \`positions\`, \`passes\` times, in ns.
fn time(positions: &[Position], passes: usize, mut read: impl FnMut(&Position) -> usize) -> f64 {
    let t = Instant::now();
    let mut moves = 0;
    for _ in 0..passes {
        for p in positions {
            moves += read(black_box(p));
        }
    }
    black_box(moves);
    t.elapsed().as_secs_f64() * 1e9 / (positions.len() * passes) as f64
}

fn main() {
    let g = Generator::from_env().expect("DIRGOLEM_BACKEND");
    let games: Vec<Position> = random_games::random_game_fens(20_000, 0x6a3e_5eed)
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let replayed = list_set::list_positions();
    let mut kept = MoveList::new();
    for (set, positions, passes) in [("games", &games, 1), ("replayed", &replayed, 20)] {
        let lists = time(positions, passes, |p| {
            g.legal_moves(p).iter().map(|m| m.to() as usize).sum()
        });
        let refills = time(positions, passes, |p| {
            g.fill_legal(p, &mut kept);
            kept.iter().map(|m| m.to() as usize).sum()
        });
        let quiets = time(positions, passes, |p| {
            g.quiets(p).iter().map(|m| m.to() as usize).sum()
        });
        let callbacks = time(positions, passes, |p| {
            let mut sum = 0;
            g.for_each_legal_move(p, |m| sum += m.to() as usize);
            sum
        });
        println!("{} {set} {lists:.2} {refills:.2} {quiets:.2} {callbacks:.2}", g.backend());
    }
}
EOF
}

bins=()
names=()
for checkout in "${checkouts[@]}"; do
  checkout=$(cd "$checkout" && pwd)
  label=$(git -C "$checkout" describe --always --dirty 2>/dev/null || basename "$checkout")
  # Two checkouts of one commit (a worktree and the tree it came from) keep apart.
  for name in "${names[@]}"; do
    [ "${name%/*}" != "$label" ] || label="$label(${#names[@]})"
  done
  for profile in ${PROFILES:-default own}; do
    dir="$work/${#bins[@]}"
    mkdir -p "$dir/src"
    probe_main >"$dir/src/main.rs"
    case $profile in
      default) own="" ;;
      own) own=$'[profile.release]\ncodegen-units = 1\nlto = "thin"' ;;
      fat) own=$'[profile.release]\nlto = "fat"' ;;
      *) echo "PROFILES: no profile $profile (default, own, fat)" >&2; exit 2 ;;
    esac
    cat >"$dir/Cargo.toml" <<EOF
[package]
name = "dirgolem-dependent-build-lists"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
dirgolem = { path = "$checkout" }

[workspace]
$own
EOF
    echo "building $label with the $profile release profile" >&2
    (cd "$dir" && cargo build -q --release)
    bins+=("$dir/target/release/dirgolem-dependent-build-lists")
    names+=("$label/$profile")
  done
done

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
for ((r = 1; r <= rounds; r++)); do
  for i in "${!bins[@]}"; do
    "${bins[$i]}" | sed "s|^|${names[$i]} |"
  done
done | awk '
  { key = $1 " " $2 " " $3; if (!(key in best)) { order[++n] = key }
    for (j = 4; j <= 7; j++) { k = key SUBSEP j; if (!(k in v) || $j < v[k]) v[k] = $j } best[key] = 1 }
  END {
    printf "%-28s %-8s %-9s %14s %10s %9s %21s\n", "build", "backend", "set", "legal_moves()", "fill_legal", "quiets()", "for_each_legal_move"
    for (i = 1; i <= n; i++) { split(order[i], f, " ")
      printf "%-28s %-8s %-9s %14s %10s %9s %21s\n", f[1], f[2], f[3], v[order[i], 4], v[order[i], 5], v[order[i], 6], v[order[i], 7] }
    print "(ns a list, fastest of the rounds)"
  }'
