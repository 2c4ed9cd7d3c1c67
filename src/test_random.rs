//! For tests: one pseudo-random sequence (xorshift64), so that each test's random inputs repeat
//! from run to run and the generator is written once.

/// The xorshift64 sequence from `seed` (not zero): each call gives the next word.
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
