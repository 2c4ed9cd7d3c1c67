//! The fuzz targets (`tests/fuzz_bodies`, the same bodies `cargo +nightly fuzz run` runs for
//! hours) as bounded, seeded loops under the stable toolchain: random byte strings, valid FENs
//! mutated a few bytes at a time, and random move sequences. Deterministic (one fixed seed), a
//! few seconds in a release build. Each loop also checks that its inputs get past the parsers
//! often enough to test something.

use crate::common::rng;
use crate::fuzz_bodies;

use fuzz_bodies::pool;
use rng::Rng;

/// The bytes FENs and UCI moves are made of, so that mutations stay near valid input.
const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK012345678/ wb-KQkqABCDEFGHabcdefgh936 \t_,+x#\xc3\xa9";

/// A pool FEN with one to three bytes replaced, inserted or removed.
fn mutated_fen(rng: &mut Rng) -> Vec<u8> {
    let pool = pool();
    let mut fen = pool[rng.below(pool.len())].0.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(fen.len() + 1);
        let byte = FEN_ALPHABET[rng.below(FEN_ALPHABET.len())];
        match rng.below(3) {
            0 if at < fen.len() => fen[at] = byte,
            1 => fen.insert(at, byte),
            _ if at < fen.len() => {
                fen.remove(at);
            }
            _ => fen.push(byte),
        }
    }
    fen
}

#[test]
fn read_fen_on_random_bytes_and_mutated_fens() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut accepted = 0;
    for _ in 0..20_000 {
        accepted += fuzz_bodies::read_fen(&rng.bytes(120));
        accepted += fuzz_bodies::read_fen(&mutated_fen(&mut rng));
    }
    assert!(accepted > 5000, "only {accepted} readings accepted");
}

#[test]
fn parse_uci_on_random_words_and_move_like_words() {
    let mut rng = Rng::new(0x5eed_0002);
    let squares: Vec<String> = (b'a'..=b'h')
        .flat_map(|f| (b'1'..=b'8').map(move |r| format!("{}{}", f as char, r as char)))
        .collect();
    // Every word checks every legal move's UCI round trip, which is slow unoptimised: a debug
    // build (CI's run with overflow checks, there to show that the calls work) takes a quarter
    // of the rounds; release builds have the volume.
    let rounds = if cfg!(debug_assertions) { 100 } else { 400 };
    let mut played = 0;
    for _ in 0..rounds {
        played += fuzz_bodies::parse_uci(&rng.bytes(40));
        // Words built from squares (and a promotion letter now and then): many are legal.
        let mut input = vec![rng.byte()];
        for _ in 0..100 {
            let from = &squares[rng.below(64)];
            let to = &squares[rng.below(64)];
            let promotion = ["", "", "", "q", "n", "x"][rng.below(6)];
            input.extend_from_slice(format!("{from}{to}{promotion} ").as_bytes());
        }
        played += fuzz_bodies::parse_uci(&input);
    }
    assert!(played > rounds * 3 / 20, "only {played} moves played");
}

#[test]
fn play_sequence_agrees_with_the_reference_generator() {
    let mut rng = Rng::new(0x5eed_0003);
    let mut compared = 0;
    for _ in 0..60 {
        compared += fuzz_bodies::play_sequence(&rng.bytes(60));
    }
    assert!(compared > 1000, "only {compared} positions compared");
}

#[test]
fn perft_backends_on_mutated_fens() {
    let mut rng = Rng::new(0x5eed_0004);
    let mut accepted = 0;
    for _ in 0..4000 {
        accepted += fuzz_bodies::perft_backends(&mutated_fen(&mut rng));
        accepted += fuzz_bodies::perft_backends(&rng.bytes(60));
    }
    assert!(accepted > 150, "only {accepted} positions counted");
}
