//! Which backend runs the tool's jobs: the one named by `--backend NAME`, else the one named by
//! the `DIRGOLEM_BACKEND` environment variable, else the fastest this CPU runs.
//!
//! The backends, their names and the error messages all come from the library
//! ([`dirgolem::Backend::ALL`], its `FromStr` and [`dirgolem::BackendError`]), so a new backend
//! reaches the tool without a change here.

use std::io::Write;
use std::process::ExitCode;

use dirgolem::{Backend, Generator};

use super::Error;
use super::args::Args;
use super::input::{chosen_backend, no_more};
use super::output::bounded;

/// The environment variable that chooses a backend when `--backend` is not given (the
/// library's name for it).
pub const ENV_VAR: &str = dirgolem::Backend::ENV_VAR;

/// Runs `dirgolem backends`: one line per backend (see [`listing`]).
pub fn command(args: &Args, rest: &[String], out: &mut impl Write) -> Result<ExitCode, Error> {
    no_more("backends", rest)?;
    let selected = chosen_backend(args)?.backend();
    for line in listing(selected) {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The generator to use. `option` is the value of `--backend`, `env` the value of
/// `DIRGOLEM_BACKEND` (`None` when unset; an empty value counts as unset). A set
/// `DIRGOLEM_BACKEND` is checked even when `--backend` overrides it, so a typo in the
/// environment never goes unnoticed. Errors are messages for the user.
pub fn choose(option: Option<&str>, env: Option<&str>) -> Result<Generator, String> {
    let from_env = match env {
        Some(name) if !name.is_empty() => {
            Some(generator(name).map_err(|e| format!("{ENV_VAR}: {e}"))?)
        }
        _ => None,
    };
    match option {
        Some(name) => generator(name),
        None => Ok(from_env.unwrap_or_else(Generator::detect)),
    }
}

/// The generator of the backend called `name`: unknown names and backends this CPU cannot run
/// are refused with the library's message.
fn generator(name: &str) -> Result<Generator, String> {
    // A name too long to quote whole is no backend's; its bounded form fails the same way and
    // keeps the library's message short.
    let backend: Backend = bounded(name)
        .parse()
        .map_err(|e: dirgolem::BackendError| e.to_string())?;
    Generator::new(backend).map_err(|e| e.to_string())
}

/// One line per known backend for `dirgolem backends`: its name, `available` or `unavailable`
/// on this CPU, and `selected` after the one that runs the jobs (`selected`: the choice of
/// `--backend`, `DIRGOLEM_BACKEND` or detection).
pub fn listing(selected: Backend) -> Vec<String> {
    Backend::ALL
        .iter()
        .map(|&b| {
            let status = if b.is_available() {
                "available"
            } else {
                "unavailable"
            };
            let mark = if b == selected { " selected" } else { "" };
            format!("{} {status}{mark}", b.name())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_available_backend_is_chosen_by_its_name() {
        for b in Backend::available() {
            assert_eq!(choose(Some(b.name()), None).map(|g| g.backend()), Ok(b));
            assert_eq!(choose(None, Some(b.name())).map(|g| g.backend()), Ok(b));
        }
    }

    #[test]
    fn nothing_chosen_means_the_detected_backend() {
        let detected = Generator::detect().backend();
        assert_eq!(choose(None, None).map(|g| g.backend()), Ok(detected));
        assert_eq!(choose(None, Some("")).map(|g| g.backend()), Ok(detected));
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let message = choose(Some("x"), None).unwrap_err();
        assert!(
            message.starts_with("unknown backend 'x' (known: scalar"),
            "{message}"
        );
        for b in Backend::ALL {
            assert!(message.contains(b.name()), "{message}");
        }
    }

    #[test]
    fn option_wins_over_environment_but_environment_is_checked() {
        assert_eq!(
            choose(Some("scalar"), Some("scalar")).map(|g| g.backend()),
            Ok(Backend::Scalar)
        );
        let message = choose(Some("scalar"), Some("avx9")).unwrap_err();
        assert!(
            message.starts_with("DIRGOLEM_BACKEND: unknown backend 'avx9'"),
            "{message}"
        );
    }

    #[test]
    fn listing_names_every_backend_once_with_one_selected() {
        let lines = listing(Backend::Scalar);
        assert_eq!(lines.len(), Backend::ALL.len());
        assert_eq!(lines.iter().filter(|l| l.ends_with(" selected")).count(), 1);
        assert_eq!(lines[0], "scalar available selected");
        for (line, b) in lines.iter().zip(Backend::ALL) {
            assert!(line.starts_with(&format!("{} ", b.name())), "{line}");
        }
    }
}
