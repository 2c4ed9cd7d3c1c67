//! What the alternating-round benchmarks (`backends_paired.rs`, `peers_paired.rs`,
//! `engine_calls.rs`, `engine_search.rs`) share.
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

/// The line comparing dirgolem's times with cozy-chess's, taken in alternating rounds (seconds;
/// it sorts them, so each slice starts with its fastest time afterwards): each side's fastest
/// and median time in `unit` (a name and the factor from seconds), `width` columns with
/// `precision` decimals, then the ratios cozy-chess / dirgolem of the fastest times and of the
/// medians (above 1: dirgolem is faster).
// Not every bench that includes this file compares with cozy-chess.
#[allow(dead_code)]
pub fn against_cozy_chess(
    ours: &mut [f64],
    theirs: &mut [f64],
    (unit, scale): (&str, f64),
    width: usize,
    precision: usize,
) -> String {
    let (a_min, a_med) = fastest_and_median(ours);
    let (b_min, b_med) = fastest_and_median(theirs);
    let time = |seconds: f64| format!("{:>width$.precision$}", seconds * scale);
    format!(
        "dirgolem {} {unit} (median {})   cozy-chess {} {unit} (median {})   ratio {:.2} (medians {:.2})",
        time(a_min),
        time(a_med),
        time(b_min),
        time(b_med),
        b_min / a_min,
        b_med / a_med,
    )
}
