//! The scalar slider techniques against a plain ray walk, against each other, and as the
//! Golem's oracle: every technique must give the same attacks for every square and every
//! relevant occupancy, the rotated state must stay equal to a rebuild from scratch, Hyatt's
//! attacks-to must equal a brute-force scan, and legal slider moves built on each technique
//! must equal the Golem's.

use std::collections::BTreeSet;

use dirgolem::sliders::{
    self, RotatedOccupancy, SliderAttacks, TableBuild, blockers_beyond, magic,
};
use dirgolem::{Bitboard, Color, Piece, Position, Setup, Square, attacks};
use proptest::prelude::*;

use crate::common::rng;
use crate::steps;

use rng::Rng;
use steps::{DIAGONAL, KING, KNIGHT, ORTHOGONAL, ray_attacks, step};

fn rook_ref(sq: usize, occupied: u64) -> u64 {
    ray_attacks(sq, occupied, &ORTHOGONAL)
}

fn bishop_ref(sq: usize, occupied: u64) -> u64 {
    ray_attacks(sq, occupied, &DIAGONAL)
}

/// The squares on the rays of `sq` that have another ray square behind them.
fn relevant(sq: usize, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &direction in directions {
        let mut at = sq;
        while let Some(next) = step(at, direction) {
            if step(next, direction).is_some() {
                mask |= 1 << next;
            }
            at = next;
        }
    }
    mask
}

fn check(technique: &dyn SliderAttacks, sq: usize, occupied: u64) {
    let square = Square::index(sq);
    let occ = Bitboard(occupied);
    let (rook, bishop) = (rook_ref(sq, occupied), bishop_ref(sq, occupied));
    let name = technique.name();
    assert_eq!(
        technique.rook(square, occ).0,
        rook,
        "{name} rook {square} occupied {occupied:#018x}"
    );
    assert_eq!(
        technique.bishop(square, occ).0,
        bishop,
        "{name} bishop {square} occupied {occupied:#018x}"
    );
    assert_eq!(
        technique.queen(square, occ).0,
        rook | bishop,
        "{name} queen {square} occupied {occupied:#018x}"
    );
}

/// Every subset of a mask, by the carry-rippler trick.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

fn exhaustive(
    steps: &[(i8, i8)],
    expected_cases: usize,
    attacks_of: fn(&dyn SliderAttacks, Square, Bitboard) -> Bitboard,
) {
    let techniques = sliders::all();
    let mut noise = Rng::new(0x0123_4567_89ab_cdef);
    let mut cases = 0;
    for sq in 0..64 {
        let mask = relevant(sq, steps);
        let square = Square::index(sq);
        for subset in subsets(mask) {
            cases += 1;
            let expected = ray_attacks(sq, subset, steps);
            // Squares outside the relevant mask (the slider's own square, the ends of the
            // rays, other lines) must not change anything.
            let noisy = subset | (noise.next_u64() & !mask);
            for technique in &techniques {
                for occupied in [subset, noisy] {
                    let got = attacks_of(*technique, square, Bitboard(occupied)).0;
                    assert_eq!(
                        got,
                        expected,
                        "{} {square} occupied {occupied:#018x}",
                        technique.name()
                    );
                }
            }
        }
    }
    assert_eq!(cases, expected_cases);
}

#[test]
fn every_technique_equals_the_ray_walk_for_every_rook_occupancy_subset() {
    exhaustive(&ORTHOGONAL, 102_400, |t, sq, occ| t.rook(sq, occ));
}

#[test]
fn every_technique_equals_the_ray_walk_for_every_bishop_occupancy_subset() {
    exhaustive(&DIAGONAL, 5248, |t, sq, occ| t.bishop(sq, occ));
}

#[test]
fn rotated_state_equals_the_ray_walk_for_every_relevant_subset() {
    for sq in 0..64 {
        let square = Square::index(sq);
        for subset in subsets(relevant(sq, &ORTHOGONAL)) {
            let state = RotatedOccupancy::from_occupied(Bitboard(subset));
            assert_eq!(
                state.rook(square).0,
                rook_ref(sq, subset),
                "{square} {subset:#x}"
            );
        }
        for subset in subsets(relevant(sq, &DIAGONAL)) {
            let state = RotatedOccupancy::from_occupied(Bitboard(subset));
            assert_eq!(
                state.bishop(square).0,
                bishop_ref(sq, subset),
                "{square} {subset:#x}"
            );
        }
    }
}

/// Occupancies of all densities: empty, a few men, sparse, half, dense, full.
fn occupancy() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(!0u64),
        prop::collection::vec(0u32..64, 1..6)
            .prop_map(|v| v.into_iter().fold(0, |o, s| o | 1 << s)),
        (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, c)| a & b & c),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a & b),
        any::<u64>(),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a | b),
        (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, c)| a | b | c),
        prop::collection::vec(0u32..64, 1..6)
            .prop_map(|v| v.into_iter().fold(!0, |o, s| o & !(1 << s))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn all_techniques_agree_with_the_ray_walk_on_random_boards(sq in 0usize..64, occupied in occupancy()) {
        for technique in sliders::all() {
            check(technique, sq, occupied);
        }
        let state = RotatedOccupancy::from_occupied(Bitboard(occupied));
        let square = Square::index(sq);
        prop_assert_eq!(state.rook(square).0, rook_ref(sq, occupied));
        prop_assert_eq!(state.bishop(square).0, bishop_ref(sq, occupied));
        prop_assert_eq!(state.queen(square).0, rook_ref(sq, occupied) | bishop_ref(sq, occupied));
    }
}

#[derive(Clone, Copy, Debug)]
enum Edit {
    Set(u8),
    Clear(u8),
    Toggle(u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0u8..64).prop_map(Edit::Set),
        (0u8..64).prop_map(Edit::Clear),
        (0u8..64).prop_map(Edit::Toggle),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn incremental_rotated_occupancy_equals_a_rebuild_after_any_edits(
        start in occupancy(),
        edits in prop::collection::vec(edit(), 0..200),
        probe in 0usize..64,
    ) {
        let mut state = RotatedOccupancy::from_occupied(Bitboard(start));
        let mut occupied = start;
        for e in edits {
            match e {
                Edit::Set(s) => { state.set(Square::index(s.into())); occupied |= 1 << s; }
                Edit::Clear(s) => { state.clear(Square::index(s.into())); occupied &= !(1 << s); }
                Edit::Toggle(s) => { state.toggle(Square::index(s.into())); occupied ^= 1 << s; }
            }
            prop_assert_eq!(state, RotatedOccupancy::from_occupied(Bitboard(occupied)));
        }
        prop_assert_eq!(state.occupied().0, occupied);
        let square = Square::index(probe);
        prop_assert_eq!(state.queen(square).0, rook_ref(probe, occupied) | bishop_ref(probe, occupied));
    }
}

#[test]
fn rotated_copies_put_every_square_once_and_lines_together() {
    let mut state = RotatedOccupancy::EMPTY;
    for sq in Square::ALL {
        state.set(sq);
    }
    assert_eq!(state.copies(), [!0; 4]);
    // The a-file, a1-h8 diagonal and h1-a8 anti-diagonal are each eight adjacent bits in
    // their copies.
    for (kind, line) in [
        (1, 0x0101_0101_0101_0101u64),
        (2, 0x8040_2010_0804_0201),
        (3, 0x0102_0408_1020_4080),
    ] {
        let copy = RotatedOccupancy::from_occupied(Bitboard(line)).copies()[kind];
        assert_eq!(copy.count_ones(), 8);
        assert_eq!(
            copy >> copy.trailing_zeros(),
            0xff,
            "kind {kind}: {copy:#018x}"
        );
    }
}

#[test]
fn blockers_and_beyond_covers_knights_and_kings_too() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for sq in Square::ALL {
        for _ in 0..16 {
            let occupied = Bitboard(rng.next_u64() & rng.next_u64());
            let piece_attacks = |p| blockers_beyond::piece_attacks(p, sq, occupied);
            assert_eq!(piece_attacks(Piece::Knight), attacks::knight(sq));
            assert_eq!(piece_attacks(Piece::King), attacks::king(sq));
            assert_eq!(
                piece_attacks(Piece::Bishop).0,
                bishop_ref(sq as usize, occupied.0)
            );
            assert_eq!(
                piece_attacks(Piece::Rook).0,
                rook_ref(sq as usize, occupied.0)
            );
            assert_eq!(
                piece_attacks(Piece::Queen).0,
                rook_ref(sq as usize, occupied.0) | bishop_ref(sq as usize, occupied.0)
            );
            assert_eq!(piece_attacks(Piece::Pawn), Bitboard::EMPTY);
        }
    }
}

#[test]
fn techniques_have_distinct_names_and_report_their_tables() {
    let techniques = sliders::all();
    let names: BTreeSet<_> = techniques.iter().map(|t| t.name()).collect();
    assert_eq!(names.len(), sliders::COUNT);
    for t in techniques {
        let build = t.table_build();
        println!("{:<20} {:>9} bytes  {:?}", t.name(), t.table_bytes(), build);
        let expected = match t.name() {
            "classical" | "above-below" => 4096,
            "rotated" => 131_072 + 2048 + 256,
            "blockers-beyond" => 2 * 3072 + 32_768,
            "sherwin" => 2 * 512 + 49_152 + 524_288 + 8 * (5248 + 102_400),
            "kogge-stone" | "dumb7" | "golem-lanes" => 0,
            "hyperbola" => 2048,
            "magic" | "pext-fallback-magic" => 8 * (5248 + 102_400) + 2 * 64 * 24,
            "pext" => 8 * (5248 + 102_400) + 2 * 64 * 16,
            other => panic!("unknown technique {other}"),
        };
        assert_eq!(t.table_bytes(), expected, "{}", t.name());
        match build {
            TableBuild::None => assert_eq!(t.table_bytes(), 0, "{}", t.name()),
            TableBuild::CompileTime => assert!(t.table_bytes() > 0),
            TableBuild::StartUp(time) => {
                assert!(t.table_bytes() > 0 && time > std::time::Duration::ZERO)
            }
        }
    }
}

#[test]
fn built_in_magics_are_what_our_seeded_search_finds() {
    // The generator of the hard-coded constants, run again.
    let (rook, bishop) = magic::search(magic::SEED);
    assert_eq!(rook, magic::ROOK_MAGICS);
    assert_eq!(bishop, magic::BISHOP_MAGICS);
    let m = sliders::Magic::shared();
    assert!(m.rook_entries().iter().map(|e| e.magic).eq(rook));
    assert!(m.bishop_entries().iter().map(|e| e.magic).eq(bishop));
    // Fancy layout: each square's block is 2^bits long and follows the previous one.
    let mut offset = 0;
    for entry in m.rook_entries().iter().chain(m.bishop_entries()) {
        assert_eq!(entry.offset, offset);
        assert_eq!(entry.shift, 64 - entry.mask.count_ones());
        offset += 1 << entry.mask.count_ones();
    }
    assert_eq!(offset, 102_400 + 5248);
}

#[test]
fn magics_that_collide_are_replaced_by_searched_ones() {
    let mut rook = magic::ROOK_MAGICS;
    let mut bishop = magic::BISHOP_MAGICS;
    // Zero maps every occupancy to one entry; one bit can't spread 10 bits over 1024 entries.
    (rook[27], rook[9], bishop[36]) = (0, 1, 0);
    let m = sliders::Magic::from_magics(&rook, &bishop);
    assert!(
        ![
            m.rook_entries()[27].magic,
            m.rook_entries()[9].magic,
            m.bishop_entries()[36].magic
        ]
        .contains(&0)
    );
    assert_ne!(m.rook_entries()[9].magic, 1);
    for sq in [Square::D4, Square::B2, Square::E5] {
        for occupied in
            subsets(relevant(sq as usize, &ORTHOGONAL) | relevant(sq as usize, &DIAGONAL))
                .step_by(7)
        {
            check(&m, sq as usize, occupied);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Positions: random play from the perft files.

fn start_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for file in ["tests/data/cpw.epd", "tests/data/perftsuite.epd"] {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap_or("").trim();
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{file}: {fen}: {e}"));
            positions.push(pos);
        }
    }
    assert!(positions.len() > 100);
    positions
}

/// Every position met on `walks` random games of up to `plies` plies from each start.
fn random_positions(walks: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(0xd1e5_e1ec_7ed5_eed5);
    let mut out = Vec::new();
    for start in start_positions() {
        for _ in 0..walks {
            let mut pos = start;
            out.push(pos);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                let moves = moves.as_slice();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                pos = pos.play(m).expect("a listed move is legal");
                out.push(pos);
            }
        }
    }
    out
}

/// Brute force: does the man on `from` attack `target` with `occupied` taken?
fn man_attacks(setup: &Setup, from: usize, target: usize, occupied: u64) -> bool {
    let Some((color, piece)) = setup.piece_at(Square::index(from)) else {
        return false;
    };
    let reaches = |directions: &[(i8, i8)], slide: bool| {
        if slide {
            ray_attacks(from, occupied, directions) >> target & 1 != 0
        } else {
            directions.iter().any(|&d| step(from, d) == Some(target))
        }
    };
    match piece {
        Piece::Pawn => {
            let forward = if color == Color::White { 1 } else { -1 };
            reaches(&[(1, forward), (-1, forward)], false)
        }
        Piece::Knight => reaches(&KNIGHT, false),
        Piece::Bishop => reaches(&DIAGONAL, true),
        Piece::Rook => reaches(&ORTHOGONAL, true),
        Piece::Queen => reaches(&KING, true),
        Piece::King => reaches(&KING, false),
    }
}

fn attackers_brute_force(setup: &Setup, target: usize, occupied: u64) -> u64 {
    (0..64)
        .filter(|&s| occupied >> s & 1 != 0 && man_attacks(setup, s, target, occupied))
        .fold(0, |a, s| a | 1 << s)
}

#[test]
fn attackers_to_equals_a_brute_force_scan_for_both_colours() {
    let mut rng = Rng::new(0x0bad_cafe_f00d_beef);
    let techniques = sliders::all();
    for pos in random_positions(1, 24) {
        let setup = pos.to_setup();
        // The full board, and the board with some men lifted off (x-ray views, as in SEE).
        for occupied in [
            setup.occupied().0,
            setup.occupied().0 & (rng.next_u64() | rng.next_u64()),
        ] {
            for target in 0..64 {
                let expected = attackers_brute_force(&setup, target, occupied);
                for t in &techniques {
                    let got = sliders::attackers_to(
                        &setup,
                        Square::index(target),
                        Bitboard(occupied),
                        *t,
                    );
                    assert_eq!(
                        got.0,
                        expected,
                        "{} {} target {}",
                        t.name(),
                        pos.to_fen(),
                        Square::index(target)
                    );
                    for color in Color::ALL {
                        let attacked = sliders::is_attacked(
                            &setup,
                            Square::index(target),
                            color,
                            Bitboard(occupied),
                            *t,
                        );
                        assert_eq!(attacked, expected & setup.colors[color as usize].0 != 0);
                    }
                }
            }
        }
    }
}

/// The legal moves of the side to move's bishops, rooks and queens, built on `technique`:
/// pseudo-legal targets, kept when the own king is not attacked after the move (made on a
/// `Setup` copy here, not by the library).
fn slider_moves_by(technique: &dyn SliderAttacks, setup: &Setup) -> BTreeSet<(Square, Square)> {
    let us = setup.turn;
    let own = setup.colors[us as usize];
    let occupied = setup.occupied();
    let mut moves = BTreeSet::new();
    for piece in [Piece::Bishop, Piece::Rook, Piece::Queen] {
        for from in setup.men(us, piece) {
            let targets = match piece {
                Piece::Bishop => technique.bishop(from, occupied),
                Piece::Rook => technique.rook(from, occupied),
                _ => technique.queen(from, occupied),
            } - own;
            for to in targets {
                let mut after = setup.clone();
                after.remove(from);
                after.put(to, us, piece);
                let Some(king) = after.men(us, Piece::King).first() else {
                    continue;
                };
                if !sliders::is_attacked(&after, king, !us, after.occupied(), technique) {
                    moves.insert((from, to));
                }
            }
        }
    }
    moves
}

#[test]
fn golem_slider_moves_equal_legal_moves_built_on_every_technique() {
    let techniques = sliders::all();
    let positions = random_positions(2, 40);
    let mut compared = 0usize;
    for pos in &positions {
        let setup = pos.to_setup();
        let us = pos.side_to_move();
        let golem: BTreeSet<(Square, Square)> = pos
            .legal_moves()
            .as_slice()
            .iter()
            .filter(|m| matches!(pos.piece_at(m.from()), Some((c, Piece::Bishop | Piece::Rook | Piece::Queen)) if c == us))
            .map(|m| (m.from(), m.to()))
            .collect();
        for t in &techniques {
            assert_eq!(
                slider_moves_by(*t, &setup),
                golem,
                "{} in {}",
                t.name(),
                pos.to_fen()
            );
        }
        compared += golem.len();
    }
    // The walks must have met plenty of positions and slider moves to compare.
    assert!(positions.len() > 5000, "{} positions", positions.len());
    assert!(compared > 50_000, "{compared} slider moves");
}
