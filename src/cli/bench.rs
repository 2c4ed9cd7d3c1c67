//! `dirgolem bench`: bulk-counted perft on the five CPW positions, per backend, in Mnps, for
//! comparing CPUs and separately built programs. Every count is checked against the published
//! one, so a fast wrong answer cannot pass as a result. Each position is counted several times
//! and its fastest round is the figure (once with `--quick`). `--threads N` also runs each
//! position on N threads and prints the speed-up; `--json` prints the figures as one JSON
//! object, with the CPU model, its backends and instruction set extensions, for collecting
//! results from several machines.

use std::fmt::Write as _;
use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::Instant;

use dirgolem::{Backend, Generator, Position, SliderTechnique};

use super::Error;
use super::args::Args;
use super::backend;
use super::input::{chosen_backend, no_more};
use super::output::json_string;

pub use super::cpw_positions::{BenchPosition, POSITIONS};

/// Runs `dirgolem bench`: every available backend (or the one `--backend` / `DIRGOLEM_BACKEND`
/// names), the five CPW positions, one line each (and one on N threads with `--threads N`),
/// then a total per backend. Exit status 1 when a count differs from the published one.
pub fn command(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    no_more("bench", rest)?;
    let env_set = std::env::var_os(backend::ENV_VAR).is_some_and(|v| !v.is_empty());
    let generators = if args.backend.is_some() || env_set {
        vec![chosen_backend(args)?]
    } else {
        Backend::available()
            .into_iter()
            .filter_map(|b| Generator::new(b).ok())
            .collect()
    };
    let one = NonZeroUsize::MIN;
    // Thread counts to run: one, and N when asked for.
    let runs: Vec<NonZeroUsize> = match args.threads {
        Some(n) if n != one => vec![one, n],
        _ => vec![one],
    };
    if !args.json {
        writeln!(
            out,
            "backend  position   depth     nodes  seconds     Mnps rounds"
        )?;
    }
    let mut all_correct = true;
    let mut results = Vec::new();
    for generator in generators {
        let mut per_run: Vec<Vec<Measurement>> = runs.iter().map(|_| Vec::new()).collect();
        for p in &POSITIONS {
            for (i, &threads) in runs.iter().enumerate() {
                let m = measure(&generator, p, args.quick, threads);
                if !args.json {
                    let speed_up = match per_run[0].last() {
                        Some(single) if i > 0 => speed_up_text(threads, single, &m),
                        _ => String::new(),
                    };
                    writeln!(out, "{}{speed_up}", m.line)?;
                    out.flush()?;
                }
                all_correct &= m.correct;
                per_run[i].push(m);
            }
        }
        for (i, &threads) in runs.iter().enumerate() {
            let total = Total::of(&per_run[i]);
            if !args.json {
                let speed_up = if i > 0 {
                    let single = Total::of(&per_run[0]);
                    format!(
                        "  {threads} threads, speed-up {:.2}x",
                        single.seconds / total.seconds.max(1e-9)
                    )
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "{:<8} {:<10} {:>2} {:>11} {:>8.3} {:>8.1}{speed_up}",
                    generator.backend().name(),
                    "total",
                    "",
                    total.nodes,
                    total.seconds,
                    total.mnps()
                )?;
            }
        }
        for (&threads, measurements) in runs.iter().zip(per_run) {
            results.push(Run {
                backend: generator.backend(),
                threads,
                measurements,
            });
        }
    }
    if args.json {
        let selected = chosen_backend(args)?.backend();
        writeln!(out, "{}", json_report(args.quick, selected, &results))?;
    }
    out.flush()?;
    Ok(if all_correct {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `  N threads, speed-up X.XXx` for a line run on N threads.
fn speed_up_text(threads: NonZeroUsize, single: &Measurement, m: &Measurement) -> String {
    format!(
        "  {threads} threads, speed-up {:.2}x",
        single.seconds / m.seconds.max(1e-9)
    )
}

/// The sums over the positions of one backend and thread count (of their fastest rounds).
struct Total {
    nodes: u64,
    seconds: f64,
}

impl Total {
    fn of(runs: &[Measurement]) -> Total {
        Total {
            nodes: runs.iter().map(|m| m.nodes).sum(),
            seconds: runs.iter().map(|m| m.seconds).sum(),
        }
    }

    fn mnps(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9) / 1e6
    }
}

/// The positions measured on one backend with one thread count.
struct Run {
    backend: Backend,
    threads: NonZeroUsize,
    measurements: Vec<Measurement>,
}

/// The figures of a run as one JSON object: version, CPU model, the backends this CPU runs,
/// the instruction set extensions it reports, the per-node queries' slider technique, the
/// selected backend, and per backend and thread count the positions' counts and speeds.
fn json_report(quick: bool, selected: Backend, results: &[Run]) -> String {
    let mut json = String::new();
    let features: Vec<String> = Backend::available()
        .into_iter()
        .map(|b| json_string(b.name()))
        .collect();
    let cpu_features: Vec<String> = cpu_features().into_iter().map(json_string).collect();
    let _ = write!(
        json,
        "{{\"version\":{},\"cpu\":{},\"features\":[{}],\"cpu_features\":[{}],\"sliders\":{},\"backend\":{},\"quick\":{quick},\"runs\":[",
        json_string(env!("CARGO_PKG_VERSION")),
        json_string(&cpu_model()),
        features.join(","),
        cpu_features.join(","),
        json_string(SliderTechnique::in_use().name()),
        json_string(selected.name()),
    );
    for (index, run) in results.iter().enumerate() {
        let (backend, threads, measurements) = (run.backend, run.threads, &run.measurements);
        if index > 0 {
            json.push(',');
        }
        let total = Total::of(measurements);
        let _ = write!(
            json,
            "{{\"backend\":{},\"threads\":{threads},\"nodes\":{},\"seconds\":{:.6},\"mnps\":{:.3},\"positions\":[",
            json_string(backend.name()),
            total.nodes,
            total.seconds,
            total.mnps()
        );
        for (i, m) in measurements.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            let _ = write!(
                json,
                "{{\"name\":{},\"depth\":{},\"nodes\":{},\"seconds\":{:.6},\"mnps\":{:.3},\"rounds\":{},\"correct\":{}}}",
                json_string(m.name),
                m.depth,
                m.nodes,
                m.seconds,
                m.mnps(),
                m.rounds,
                m.correct
            );
        }
        json.push_str("]}");
    }
    json.push_str("]}");
    json
}

/// The instruction set extensions that the backends and the per-node queries ask for, those
/// this CPU reports at run time, in a fixed order: what a figure from another machine is read
/// by (the model name alone does not say it, a virtual machine may hide some of them, and
/// `bmi2` decides the per-node queries' technique).
fn cpu_features() -> Vec<&'static str> {
    #[cfg(target_arch = "x86_64")]
    let asked = {
        // `is_x86_feature_detected!` takes its name as a literal, so the list is spelled out.
        macro_rules! detected {
            ($($name:tt),*) => { [$(($name, std::arch::is_x86_feature_detected!($name))),*] };
        }
        detected!(
            "sse2", "ssse3", "sse4.1", "sse4.2", "popcnt", "lzcnt", "bmi1", "bmi2", "avx", "avx2",
            "avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512cd"
        )
    };
    #[cfg(target_arch = "aarch64")]
    let asked = [("neon", std::arch::is_aarch64_feature_detected!("neon"))];
    // wasm32 has no run-time question: the build's `simd128` is the engine's promise.
    #[cfg(target_arch = "wasm32")]
    let asked = [("simd128", cfg!(target_feature = "simd128"))];
    #[cfg(not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        target_arch = "wasm32"
    )))]
    let asked: [(&str, bool); 0] = [];
    asked
        .into_iter()
        .filter_map(|(name, has)| has.then_some(name))
        .collect()
}

/// The CPU's model name from `/proc/cpuinfo` (Linux), else `unknown`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| model_name(&info))
        .unwrap_or_else(|| "unknown".to_string())
}

/// The first `model name` of a `/proc/cpuinfo` text (x86; ARM kernels may not give one).
fn model_name(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_string())
    })
}

/// One measured line: `backend position depth nodes seconds Mnps rounds`.
pub struct Measurement {
    /// The line's text.
    pub line: String,
    /// The position's name.
    pub name: &'static str,
    /// The depth counted.
    pub depth: u32,
    /// Whether every round's count matched the published one.
    pub correct: bool,
    /// Nodes counted in one round.
    pub nodes: u64,
    /// Seconds the fastest round took.
    pub seconds: f64,
    /// How many times the position was counted.
    pub rounds: u32,
}

impl Measurement {
    /// Millions of nodes per second, of the fastest round.
    pub fn mnps(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9) / 1e6
    }
}

/// A position is counted at least this many times (without `--quick`)...
const MIN_ROUNDS: u32 = 3;
/// ... and until its rounds add up to this many seconds: on a fast CPU a bench position takes a
/// few milliseconds, and one such round says more about the cache, the clock's ramp and the
/// other tenants of the machine than about the generator.
const MIN_SECONDS: f64 = 0.2;
/// ... but no more times than this.
const MAX_ROUNDS: u32 = 200;

/// The rounds of one position: one round's count, whether every round counted the same, the
/// fastest round's seconds, and how many rounds ran.
#[derive(Debug, PartialEq)]
struct Rounds {
    nodes: u64,
    same_count: bool,
    fastest: f64,
    rounds: u32,
}

/// Runs `count` (which returns a round's count and seconds) once with `quick`, else until
/// [`MIN_ROUNDS`] rounds and [`MIN_SECONDS`] in all, at most [`MAX_ROUNDS`]. The fastest round
/// is the figure: the least disturbed by what else the machine runs, so the one that compares
/// across machines and builds.
fn rounds(quick: bool, mut count: impl FnMut() -> (u64, f64)) -> Rounds {
    let (nodes, seconds) = count();
    let mut r = Rounds {
        nodes,
        same_count: true,
        fastest: seconds,
        rounds: 1,
    };
    let mut total = seconds;
    while !quick && r.rounds < MAX_ROUNDS && (r.rounds < MIN_ROUNDS || total < MIN_SECONDS) {
        let (again, seconds) = count();
        r.same_count &= again == nodes;
        r.fastest = r.fastest.min(seconds);
        r.rounds += 1;
        total += seconds;
    }
    r
}

/// Runs one position on one generator (one ply shallower with `quick`), on `threads` threads:
/// once with `quick`, else several times, keeping the fastest round ([`rounds`]).
pub fn measure(
    generator: &Generator,
    p: &BenchPosition,
    quick: bool,
    threads: NonZeroUsize,
) -> Measurement {
    let position = Position::from_fen(p.fen).expect("the benchmark FENs are valid");
    let (depth, expected) = if quick {
        (p.depth - 1, p.nodes_quick)
    } else {
        (p.depth, p.nodes)
    };
    let r = rounds(quick, || {
        let start = Instant::now();
        let nodes = if threads.get() == 1 {
            generator.perft(&position, depth)
        } else {
            generator.perft_parallel(&position, depth, threads)
        };
        (nodes, start.elapsed().as_secs_f64())
    });
    let mnps = r.nodes as f64 / r.fastest.max(1e-9) / 1e6;
    let correct = r.nodes == expected && r.same_count;
    let mark = if correct {
        String::new()
    } else if r.same_count {
        format!("  WRONG: expected {expected}")
    } else {
        format!("  WRONG: expected {expected}, and the rounds' counts differ")
    };
    Measurement {
        line: format!(
            "{:<8} {:<10} {:>2} {:>11} {:>8.3} {:>8.1} {:>6}{mark}",
            generator.backend().name(),
            p.name,
            depth,
            r.nodes,
            r.fastest,
            mnps,
            r.rounds
        ),
        name: p.name,
        depth,
        correct,
        nodes: r.nodes,
        seconds: r.fastest,
        rounds: r.rounds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_name_is_read_from_cpuinfo() {
        let info = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\nflags\t: sse2\n";
        assert_eq!(
            model_name(info).as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        assert_eq!(model_name("processor\t: 0\nBogoMIPS\t: 50.00\n"), None);
    }

    /// A stand-in for perft: the scripted (count, seconds) of each round, and how many ran.
    fn scripted(script: &[(u64, f64)]) -> (Rounds, usize) {
        let mut ran = 0;
        let r = rounds(false, || {
            let round = script[ran.min(script.len() - 1)];
            ran += 1;
            round
        });
        (r, ran)
    }

    #[test]
    fn the_fastest_of_at_least_three_rounds_and_a_fifth_of_a_second_is_kept() {
        // Slow rounds: three, the fastest of them.
        let (r, ran) = scripted(&[(7, 0.5), (7, 0.3), (7, 0.4), (7, 0.1)]);
        assert_eq!(ran, 3);
        let expected = Rounds {
            nodes: 7,
            same_count: true,
            fastest: 0.3,
            rounds: 3,
        };
        assert_eq!(r, expected);
        // Fast rounds: until they add up to MIN_SECONDS (0.2 s in rounds of 0.03 s: seven).
        let (r, ran) = scripted(&[(7, 0.03)]);
        assert_eq!((ran, r.rounds, r.fastest), (7, 7, 0.03));
        // Rounds too fast to add up: MAX_ROUNDS.
        let (r, ran) = scripted(&[(7, 0.0)]);
        assert_eq!((ran, r.rounds), (MAX_ROUNDS as usize, MAX_ROUNDS));
        // One round with --quick, however fast.
        let mut ran = 0;
        let r = rounds(true, || {
            ran += 1;
            (7, 0.0)
        });
        assert_eq!((ran, r.rounds), (1, 1));
    }

    #[test]
    fn a_round_that_counts_otherwise_is_noticed() {
        let (r, _) = scripted(&[(7, 0.5), (8, 0.3), (7, 0.4)]);
        assert_eq!((r.nodes, r.same_count), (7, false));
    }

    #[test]
    fn quick_counts_match_the_generator() {
        let generator = Generator::detect();
        for p in &POSITIONS {
            let position = Position::from_fen(p.fen).unwrap();
            assert_eq!(
                generator.perft(&position, p.depth - 1),
                p.nodes_quick,
                "{}",
                p.name
            );
        }
    }
}
