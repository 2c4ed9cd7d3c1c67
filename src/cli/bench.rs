//! `dirgolem bench`: bulk-counted perft on the five CPW positions, per backend, in Mnps, for
//! comparing CPUs and separately built programs. Every count is checked against the published
//! one, so a fast wrong answer cannot pass as a result. `--threads N` also runs each position on
//! N threads and prints the speed-up; `--json` prints the figures as one JSON object, with the
//! CPU model, its backends and instruction set extensions, for collecting results from several
//! machines.

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
        writeln!(out, "backend  position   depth     nodes  seconds     Mnps")?;
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

/// The sums over the positions of one backend and thread count.
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
                "{{\"name\":{},\"depth\":{},\"nodes\":{},\"seconds\":{:.6},\"mnps\":{:.3},\"correct\":{}}}",
                json_string(m.name),
                m.depth,
                m.nodes,
                m.seconds,
                m.mnps(),
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

/// One measured line: `backend position depth nodes seconds Mnps`.
pub struct Measurement {
    /// The line's text.
    pub line: String,
    /// The position's name.
    pub name: &'static str,
    /// The depth counted.
    pub depth: u32,
    /// Whether the count matched the published one.
    pub correct: bool,
    /// Nodes counted.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

impl Measurement {
    /// Millions of nodes per second.
    pub fn mnps(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9) / 1e6
    }
}

/// Runs one position on one generator (one ply shallower with `quick`), on `threads` threads.
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
    let start = Instant::now();
    let nodes = if threads.get() == 1 {
        generator.perft(&position, depth)
    } else {
        generator.perft_parallel(&position, depth, threads)
    };
    let seconds = start.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    let correct = nodes == expected;
    let mark = if correct {
        String::new()
    } else {
        format!("  WRONG: expected {expected}")
    };
    Measurement {
        line: format!(
            "{:<8} {:<10} {:>2} {:>11} {:>8.3} {:>8.1}{mark}",
            generator.backend().name(),
            p.name,
            depth,
            nodes,
            seconds,
            mnps
        ),
        name: p.name,
        depth,
        correct,
        nodes,
        seconds,
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
