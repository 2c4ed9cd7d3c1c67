//! The calls an engine makes at every node, dirgolem against cozy-chess in alternating rounds
//! (as `peers_paired.rs`): the captures (`fill_captures`, one list refilled in place, and the
//! same captures filtered out of `legal_moves()`), the legal moves (`fill_legal`, likewise),
//! `play_unchecked` with the hash read (`play+hash`) and with the whole child position kept
//! (`play, kept`), whether a move gives check (`gives_check`, and the move made and `is_check`
//! asked), `see` and `san`, over 10,000 distinct positions from random games, each visited once
//! per pass (a set too large for either side's branch history and tables to memorise).
//!
//! cozy-chess has no capture generator and no exchange evaluator: its captures are its legal
//! moves masked to the enemy men (and, for pawns, the en passant square), as an engine on it
//! would write them, and its side of `see` is the same swap-list algorithm written here on its
//! attack functions. `san` is its `util::display_san_move`.
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench --bench engine_calls`; `PAIRED_ROUNDS` sets the
//! rounds (default 9), `ENGINE_POSITIONS` the set's size (default 10000), `ENGINE_CALLS` the rows
//! to run (names separated by semicolons, default all). dirgolem runs on the detected backend.
//!
//! To count the instructions of `see` alone: `ENGINE_CALLS=see PAIRED_ROUNDS=1 valgrind
//! --tool=callgrind --toggle-collect='*see_pass_dirgolem*' --toggle-collect='*see_pass_cozy*'`
//! on the bench binary, then divide each function's inclusive count by the captures.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Instant;

use cozy_chess::{BitBoard, Board, Color, Piece, Square};

#[path = "common/paired.rs"]
mod paired;
#[path = "common/random_games.rs"]
mod random_games;

fn main() {
    let rounds = paired::rounds_from_env(9);
    let count = std::env::var("ENGINE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let fens = random_games::random_game_fens(count, 0xe461_4e5e);
    let ours: Vec<dirgolem::Position> = fens
        .iter()
        .map(|f| dirgolem::Position::from_fen(f).unwrap())
        .collect();
    let theirs: Vec<Board> = fens
        .iter()
        .map(|f| Board::from_fen(f, false).unwrap())
        .collect();
    // Every legal move of every position, for the jobs that take a move.
    let our_moves: Vec<(usize, dirgolem::Move)> = ours
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.legal_moves()
                .iter()
                .map(move |&m| (i, m))
                .collect::<Vec<_>>()
        })
        .collect();
    let their_moves: Vec<(usize, cozy_chess::Move)> = theirs
        .iter()
        .enumerate()
        .flat_map(|(i, b)| {
            let mut v = Vec::new();
            b.generate_moves(|ms| {
                v.extend(ms.into_iter().map(|m| (i, m)));
                false
            });
            v
        })
        .collect();
    let our_captures: Vec<(usize, dirgolem::Move)> = ours
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.captures()
                .iter()
                .map(move |&m| (i, m))
                .collect::<Vec<_>>()
        })
        .collect();
    let their_captures: Vec<(usize, cozy_chess::Move)> = theirs
        .iter()
        .enumerate()
        .flat_map(|(i, b)| {
            let mut v = Vec::new();
            cozy_captures(b, |m| v.push((i, m)));
            v
        })
        .collect();
    println!(
        "dirgolem ({}) against cozy-chess: {count} positions from random games, {} moves, {} captures, {rounds} alternating rounds; ratio = cozy-chess time / dirgolem time",
        dirgolem::Generator::detect().backend(),
        our_moves.len(),
        our_captures.len()
    );

    pair(
        "captures",
        rounds,
        || {
            // One list refilled in place, as a search keeps one per ply.
            let mut list = dirgolem::MoveList::new();
            let mut n = 0;
            for p in &ours {
                black_box(p).fill_captures(&mut list);
                n += list.len();
            }
            n
        },
        || {
            let mut n = 0;
            for b in &theirs {
                cozy_captures(black_box(b), |_| n += 1);
            }
            n
        },
    );
    // The same captures by filtering the full list, as an engine would without `captures()`.
    pair(
        "captures, filtered",
        rounds,
        || {
            let mut n = 0;
            for p in &ours {
                let p = black_box(p);
                let them = p.colored(!p.side_to_move());
                n += p
                    .legal_moves()
                    .iter()
                    .filter(|m| m.kind() == dirgolem::MoveKind::EnPassant || them.contains(m.to()))
                    .count();
            }
            n
        },
        || {
            let mut n = 0;
            for b in &theirs {
                cozy_captures(black_box(b), |_| n += 1);
            }
            n
        },
    );
    pair(
        "legal",
        rounds,
        || {
            let mut list = dirgolem::MoveList::new();
            let mut n = 0;
            for p in &ours {
                black_box(p).fill_legal(&mut list);
                n += list.len();
            }
            n
        },
        || {
            let mut n = 0;
            for b in &theirs {
                black_box(b).generate_moves(|ms| {
                    n += ms.len();
                    false
                });
            }
            n
        },
    );
    pair(
        "play+hash",
        rounds,
        || {
            let mut sum = 0u64;
            for &(i, m) in &our_moves {
                sum = sum.wrapping_add(black_box(&ours[i]).play_unchecked(m).zobrist());
            }
            black_box(sum);
            our_moves.len()
        },
        || {
            let mut sum = 0u64;
            for &(i, m) in &their_moves {
                let mut b = black_box(&theirs[i]).clone();
                b.play_unchecked(m);
                sum = sum.wrapping_add(b.hash());
            }
            black_box(sum);
            their_moves.len()
        },
    );
    // The child position kept whole, as a search keeps it to search below it: `black_box`
    // takes its address, so every board of it is computed and stored, where the row above
    // reads only the key and lets the compiler drop what the key does not need (the boards'
    // flip, most of all).
    pair(
        "play, kept",
        rounds,
        || {
            let mut sum = 0u64;
            for &(i, m) in &our_moves {
                let child = black_box(&ours[i]).play_unchecked(m);
                sum = sum.wrapping_add(black_box(&child).zobrist());
            }
            black_box(sum);
            our_moves.len()
        },
        || {
            let mut sum = 0u64;
            for &(i, m) in &their_moves {
                let mut b = black_box(&theirs[i]).clone();
                b.play_unchecked(m);
                sum = sum.wrapping_add(black_box(&b).hash());
            }
            black_box(sum);
            their_moves.len()
        },
    );
    // cozy-chess has no test of check before the move: an engine on it makes the move and
    // reads the checkers, which its make keeps. dirgolem's row by making the move is there to
    // show what `gives_check` saves.
    let cozy_checks = || {
        let mut n = 0;
        for &(i, m) in &their_moves {
            let mut b = black_box(&theirs[i]).clone();
            b.play_unchecked(m);
            n += usize::from(!b.checkers().is_empty());
        }
        n
    };
    pair(
        "gives check",
        rounds,
        || {
            let mut n = 0;
            for &(i, m) in &our_moves {
                n += usize::from(black_box(&ours[i]).gives_check(m));
            }
            n
        },
        cozy_checks,
    );
    pair(
        "check by making",
        rounds,
        || {
            let mut n = 0;
            for &(i, m) in &our_moves {
                n += usize::from(black_box(&ours[i]).play_unchecked(m).is_check());
            }
            n
        },
        cozy_checks,
    );
    pair(
        "see",
        rounds,
        || see_pass_dirgolem(&ours, &our_captures),
        || see_pass_cozy(&theirs, &their_captures),
    );
    let mut text = String::new();
    pair(
        "san",
        rounds,
        || {
            let mut len = 0;
            for &(i, m) in &our_moves {
                text.clear();
                write!(text, "{}", black_box(&ours[i]).san(m)).unwrap();
                len += text.len();
            }
            len
        },
        || {
            let mut text = String::new();
            let mut len = 0;
            for &(i, m) in &their_moves {
                text.clear();
                write!(
                    text,
                    "{}",
                    cozy_chess::util::display_san_move(black_box(&theirs[i]), m)
                )
                .unwrap();
                len += text.len();
            }
            len
        },
    );
}

/// Whether the row `name` is to run: `ENGINE_CALLS`, if set, lists the rows to run, separated by
/// semicolons, since a row's name may hold a comma (e.g. `ENGINE_CALLS=see` to count one row's
/// instructions under callgrind).
fn selected(name: &str) -> bool {
    std::env::var("ENGINE_CALLS").map_or(true, |rows| rows.split(';').any(|r| r.trim() == name))
}

/// One pass of dirgolem's `see` over every capture: a function of its own, so that callgrind
/// can count it alone (`--toggle-collect=*see_pass_dirgolem*`).
#[inline(never)]
fn see_pass_dirgolem(
    positions: &[dirgolem::Position],
    captures: &[(usize, dirgolem::Move)],
) -> usize {
    let mut sum = 0i64;
    for &(i, m) in captures {
        sum += black_box(&positions[i]).see(m) as i64;
    }
    black_box(sum);
    captures.len()
}

/// One pass of `cozy_see` over every capture (see [`see_pass_dirgolem`]).
#[inline(never)]
fn see_pass_cozy(positions: &[Board], captures: &[(usize, cozy_chess::Move)]) -> usize {
    let mut sum = 0i64;
    for &(i, m) in captures {
        sum += cozy_see(black_box(&positions[i]), m) as i64;
    }
    black_box(sum);
    captures.len()
}

/// Times `ours` and `theirs` alternately for `rounds` rounds, checks that they agree, and prints
/// the fastest and median times and the ratios (theirs / ours); nothing if the row is not
/// [`selected`].
fn pair<T: PartialEq + std::fmt::Debug>(
    name: &str,
    rounds: usize,
    mut ours: impl FnMut() -> T,
    mut theirs: impl FnMut() -> T,
) {
    if !selected(name) {
        return;
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let start = Instant::now();
        let x = ours();
        a.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let y = theirs();
        b.push(start.elapsed().as_secs_f64());
        assert_eq!(x, y, "{name}: the two sides disagree");
    }
    let line = paired::against_cozy_chess(&mut a, &mut b, ("ms", 1e3), 8, 2);
    println!("{name:<18} {line}");
}

/// cozy-chess's legal captures: its moves masked to the enemy men, and for pawns also to the
/// en passant square.
#[inline]
fn cozy_captures(board: &Board, mut f: impl FnMut(cozy_chess::Move)) {
    let them = board.colors(!board.side_to_move());
    let mut pawn_targets = them;
    if let Some(file) = board.en_passant() {
        let rank = cozy_chess::Rank::Sixth.relative_to(board.side_to_move());
        pawn_targets |= Square::new(file, rank).bitboard();
    }
    board.generate_moves(|mut ms| {
        ms.to &= if ms.piece == Piece::Pawn {
            pawn_targets
        } else {
            them
        };
        ms.into_iter().for_each(&mut f);
        false
    });
}

/// Piece values for `cozy_see`, pawn first.
const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// Every man of either colour that attacks `sq` with occupancy `occupied`.
#[inline]
fn cozy_attackers(board: &Board, sq: Square, occupied: BitBoard) -> BitBoard {
    let rooks = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let bishops = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    (cozy_chess::get_rook_moves(sq, occupied) & rooks)
        | (cozy_chess::get_bishop_moves(sq, occupied) & bishops)
        | (cozy_chess::get_knight_moves(sq) & board.pieces(Piece::Knight))
        | (cozy_chess::get_king_moves(sq) & board.pieces(Piece::King))
        | (cozy_chess::get_pawn_attacks(sq, Color::White)
            & board.colored_pieces(Color::Black, Piece::Pawn))
        | (cozy_chess::get_pawn_attacks(sq, Color::Black)
            & board.colored_pieces(Color::White, Piece::Pawn))
}

/// The swap-list static exchange evaluation of a capture, on cozy-chess's attack functions
/// (pins ignored, x-rays revealed as men leave, the king captures last).
fn cozy_see(board: &Board, m: cozy_chess::Move) -> i32 {
    let to = m.to;
    let from = m.from;
    let mut occupied = board.occupied();
    let mut gain = [0i32; 32];
    let mut attacker = board.piece_on(from).unwrap();
    gain[0] = board.piece_on(to).map_or(VALUES[0], |p| VALUES[p as usize]);
    if board.piece_on(to).is_none() {
        // En passant: the taken pawn leaves its square too.
        let taken = Square::new(to.file(), from.rank());
        occupied ^= taken.bitboard();
    }
    let mut side = !board.side_to_move();
    occupied ^= from.bitboard();
    let mut attackers = cozy_attackers(board, to, occupied) & occupied;
    let mut d = 0;
    loop {
        d += 1;
        gain[d] = VALUES[attacker as usize] - gain[d - 1];
        let ours = attackers & board.colors(side);
        let Some((piece, sq)) = Piece::ALL.into_iter().find_map(|p| {
            (ours & board.pieces(p))
                .into_iter()
                .next()
                .map(|sq| (p, sq))
        }) else {
            break;
        };
        if piece == Piece::King && !(attackers & board.colors(!side)).is_empty() {
            break;
        }
        occupied ^= sq.bitboard();
        attackers = cozy_attackers(board, to, occupied) & occupied;
        attacker = piece;
        side = !side;
        if d == 31 {
            break;
        }
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}
