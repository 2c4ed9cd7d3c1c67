//! Hand-written command-line parsing: options may stand anywhere among the arguments, a word
//! that does not start with `-` is positional, and `--` makes every later argument positional.
//! An option that takes a value may be given once (two `--backend`s would leave the reader to
//! guess which one runs); a repeated flag changes nothing and is accepted. Numbers are plain
//! decimal digits: no sign, no spaces.

use std::ffi::OsString;
use std::num::NonZeroUsize;

use super::output::bounded;

/// The deepest perft the tool accepts. Deeper searches cannot finish (the start position at
/// depth 13 already has about 2 * 10^18 leaves), so a larger number is taken as a typo.
pub const MAX_DEPTH: u32 = 64;

/// The arguments of one run, before the command looks at them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// Positional arguments in order; the first is the command.
    pub positional: Vec<String>,
    /// `--chess960`: Shredder-FEN / X-FEN castling rights, castling written king-takes-rook.
    pub chess960: bool,
    /// `--relaxed`: accept impossible checks and too much material.
    pub relaxed: bool,
    /// `--backend NAME`.
    pub backend: Option<String>,
    /// `--max-depth D` (suite only).
    pub max_depth: Option<u32>,
    /// `--max-nodes N` (suite only).
    pub max_nodes: Option<u64>,
    /// `--quick` (bench only).
    pub quick: bool,
    /// `--threads N` (perft, divide, bench): at least 1.
    pub threads: Option<NonZeroUsize>,
    /// `--json` (bench only).
    pub json: bool,
    /// `--help` or `-h`.
    pub help: bool,
    /// `--version`.
    pub version: bool,
}

impl Args {
    /// Reads the arguments (without the program name). Errors are messages for the user.
    pub fn parse(raw: impl IntoIterator<Item = OsString>) -> Result<Args, String> {
        let mut args = Args::default();
        let mut raw = raw.into_iter();
        let mut options_done = false;
        while let Some(arg) = raw.next() {
            let arg = arg
                .into_string()
                .map_err(|a| format!("argument {a:?} is not valid UTF-8"))?;
            if options_done || !looks_like_option(&arg) {
                args.positional.push(arg);
                continue;
            }
            if arg == "--" {
                options_done = true;
                continue;
            }
            if arg == "-h" {
                args.help = true;
                continue;
            }
            let (name, inline_value) = match arg.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (arg.as_str(), None),
            };
            let takes_value = matches!(
                name,
                "--backend" | "--max-depth" | "--max-nodes" | "--threads"
            );
            if !takes_value && inline_value.is_some() {
                return Err(format!("option {} takes no value", bounded(name)));
            }
            let mut value = || -> Result<String, String> {
                match inline_value
                    .clone()
                    .or_else(|| raw.next().and_then(|v| v.into_string().ok()))
                {
                    Some(v) if !v.is_empty() => Ok(v),
                    _ => Err(format!("option {name} needs a value")),
                }
            };
            match name {
                "--help" => args.help = true,
                "--version" => args.version = true,
                "--chess960" => args.chess960 = true,
                "--relaxed" => args.relaxed = true,
                "--quick" => args.quick = true,
                "--json" => args.json = true,
                "--threads" => {
                    once(name, &mut args.threads, parse_threads(name, &value()?)?)?;
                }
                "--backend" => once(name, &mut args.backend, value()?)?,
                "--max-depth" => {
                    once(name, &mut args.max_depth, parse_depth(name, &value()?)?)?;
                }
                "--max-nodes" => {
                    once(name, &mut args.max_nodes, parse_count(name, &value()?)?)?;
                }
                _ => {
                    return Err(format!(
                        "unknown option '{}' (see 'dirgolem help')",
                        bounded(name)
                    ));
                }
            }
        }
        Ok(args)
    }
}

/// Stores the value of an option that may be given once.
fn once<T>(name: &str, slot: &mut Option<T>, value: T) -> Result<(), String> {
    if slot.is_some() {
        return Err(format!("option {name} given twice"));
    }
    *slot = Some(value);
    Ok(())
}

/// Whether `arg` is an option rather than a positional argument. A lone `-` and negative
/// numbers (`-3`) are positional, so that a negative depth gets the depth's error message.
fn looks_like_option(arg: &str) -> bool {
    let Some(rest) = arg.strip_prefix('-') else {
        return false;
    };
    !rest.is_empty() && !rest.bytes().all(|b| b.is_ascii_digit())
}

/// Reads a search depth: a decimal number from 0 to [`MAX_DEPTH`]. `what` names the argument
/// in the error message.
pub fn parse_depth(what: &str, text: &str) -> Result<u32, String> {
    if let Some(magnitude) = text.strip_prefix('-')
        && !magnitude.is_empty()
        && magnitude.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!("{what} '{}' is negative", bounded(text)));
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{what} '{}' is not a number (plain decimal digits)",
            bounded(text)
        ));
    }
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        _ => Err(format!(
            "{what} {} is too deep (at most {MAX_DEPTH})",
            bounded(text)
        )),
    }
}

/// Reads a node count: a decimal number that fits in a `u64`.
pub fn parse_count(what: &str, text: &str) -> Result<u64, String> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse()
            .map_err(|_| format!("{what} '{}' is too large", bounded(text)))
    } else {
        Err(format!(
            "{what} '{}' is not a non-negative whole number",
            bounded(text)
        ))
    }
}

/// Reads a thread count: a decimal number from 1 up. 0 is refused rather than taken as "all
/// cores", which is already what leaving the option out means.
pub fn parse_threads(what: &str, text: &str) -> Result<NonZeroUsize, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{what} '{}' is not a number of threads (plain decimal digits)",
            bounded(text)
        ));
    }
    match text.parse::<usize>().map(NonZeroUsize::new) {
        Ok(Some(n)) => Ok(n),
        Ok(None) => Err(format!(
            "{what} 0: at least one thread is needed (leave the option out for every core)"
        )),
        Err(_) => Err(format!("{what} '{}' is too large", bounded(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<Args, String> {
        Args::parse(words.iter().map(OsString::from))
    }

    #[test]
    fn options_stand_anywhere_and_take_values_both_ways() {
        let a = parse(&[
            "--chess960",
            "perft",
            "--backend",
            "scalar",
            "3",
            "--relaxed",
        ])
        .unwrap();
        assert_eq!(a.positional, ["perft", "3"]);
        assert!(a.chess960 && a.relaxed);
        assert_eq!(a.backend.as_deref(), Some("scalar"));
        let b = parse(&["suite", "f.epd", "--max-nodes=5", "--max-depth", "3"]).unwrap();
        assert_eq!((b.max_nodes, b.max_depth), (Some(5), Some(3)));
    }

    #[test]
    fn negative_numbers_and_dash_are_positional() {
        assert_eq!(parse(&["perft", "-3"]).unwrap().positional, ["perft", "-3"]);
        assert_eq!(parse(&["suite", "-"]).unwrap().positional, ["suite", "-"]);
        assert_eq!(
            parse(&["--", "--chess960"]).unwrap().positional,
            ["--chess960"]
        );
    }

    #[test]
    fn bad_options_are_refused_with_their_name() {
        assert!(
            parse(&["--frobnicate"])
                .unwrap_err()
                .contains("'--frobnicate'")
        );
        assert!(
            parse(&["perft", "--backend"])
                .unwrap_err()
                .contains("--backend needs a value")
        );
        assert!(
            parse(&["--relaxed=yes"])
                .unwrap_err()
                .contains("takes no value")
        );
        assert!(parse(&["--max-nodes", "many"]).is_err());
    }

    #[test]
    fn options_with_values_are_refused_when_repeated() {
        for words in [
            ["--backend", "scalar", "--backend", "sse2"],
            ["--backend=scalar", "perft", "--backend", "scalar"],
            ["--max-depth", "3", "--max-depth", "4"],
            ["--max-nodes", "3", "--max-nodes=4", "suite"],
        ] {
            let message = parse(&words).unwrap_err();
            assert!(message.ends_with(" given twice"), "{words:?}: {message}");
        }
        let flags = parse(&["--relaxed", "--relaxed", "--chess960", "--chess960"]).unwrap();
        assert!(flags.relaxed && flags.chess960);
    }

    #[test]
    fn thread_counts_are_positive_numbers() {
        let a = parse(&["perft", "5", "--threads", "3", "--json"]).unwrap();
        assert_eq!(a.threads, NonZeroUsize::new(3));
        assert!(a.json);
        assert!(
            parse(&["--threads=0"])
                .unwrap_err()
                .contains("at least one thread")
        );
        for bad in ["x", "-1", "+2", "1.5", "99999999999999999999999"] {
            assert!(parse_threads("--threads", bad).is_err(), "{bad}");
        }
        assert!(parse(&["--threads"]).unwrap_err().contains("needs a value"));
        assert!(parse(&["--threads", "2", "--threads", "2"]).is_err());
    }

    #[test]
    fn long_option_names_are_quoted_bounded() {
        let message = parse(&[&format!("--{}", "x".repeat(10_000))]).unwrap_err();
        assert!(message.len() < 200, "{message}");
        assert!(message.contains("..."), "{message}");
    }

    #[test]
    fn depth_errors_say_what_is_wrong() {
        assert_eq!(parse_depth("depth", "0"), Ok(0));
        assert_eq!(parse_depth("depth", "64"), Ok(64));
        assert!(parse_depth("depth", "65").unwrap_err().contains("too deep"));
        assert!(
            parse_depth("depth", "99999999999")
                .unwrap_err()
                .contains("too deep")
        );
        assert!(parse_depth("depth", "-1").unwrap_err().contains("negative"));
        assert!(
            parse_depth("depth", "x")
                .unwrap_err()
                .contains("not a number")
        );
        assert!(
            parse_depth("depth", "")
                .unwrap_err()
                .contains("not a number")
        );
        assert!(
            parse_depth("depth", "3.5")
                .unwrap_err()
                .contains("not a number")
        );
        for signed in ["+3", "+0", "+"] {
            assert!(
                parse_depth("depth", signed)
                    .unwrap_err()
                    .contains("not a number"),
                "{signed}"
            );
        }
    }
}
