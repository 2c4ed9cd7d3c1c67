//! What the alternating-round benchmarks (`backends_paired.rs`, `peers_paired.rs`) share.
//! Included with `#[path]`.

/// The rounds: `PAIRED_ROUNDS` if it is a positive number, else `default`.
pub fn rounds_from_env(default: usize) -> usize {
    std::env::var("PAIRED_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(default)
}

/// The fastest and the median of times, which it sorts.
pub fn fastest_and_median(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}
