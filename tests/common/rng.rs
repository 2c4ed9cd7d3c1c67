//! The one seeded random source of the tests and benches (Marsaglia's xorshift64, shifts 13, 7,
//! 17): random inputs that are the same on every run, so that a failure replays and a
//! benchmark measures the same positions each time. `common` holds it; test files without
//! `mod common`, `oracle` and `benches/common/random_games.rs` include it with `#[path]`.
#![allow(dead_code)]

/// A xorshift64 generator.
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (any value: the low bit is set, since zero would stay
    /// zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A random byte.
    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }

    /// Up to `max_len` random bytes (the length itself random).
    pub fn bytes(&mut self, max_len: usize) -> Vec<u8> {
        let len = self.below(max_len + 1);
        (0..len).map(|_| self.byte()).collect()
    }
}
