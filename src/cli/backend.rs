//! The move-generation backends the tool can run, chosen by `--backend NAME` or the
//! `DIRGOLEM_BACKEND` environment variable.
//!
//! [`Backend::ALL`] is the one list of backends: the names accepted on the command line, the
//! names shown in error messages and by `dirgolem backends` all come from it. A SIMD backend
//! joins the tool by adding a variant, its entry in `ALL`, its name and its perft call.

use dirgolem::Position;

/// The environment variable that chooses a backend when `--backend` is not given.
pub const ENV_VAR: &str = "DIRGOLEM_BACKEND";

/// A backend of the Golem pipeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Plain `u64` lanes: runs on every CPU, the reference.
    Scalar,
}

impl Backend {
    /// Every backend the tool knows, in the order they are listed to the user.
    pub const ALL: &'static [Backend] = &[Backend::Scalar];

    /// The name used on the command line and in `DIRGOLEM_BACKEND`.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Scalar => "scalar",
        }
    }

    /// The backend with this name, or the message that lists the known ones.
    pub fn from_name(name: &str) -> Result<Backend, String> {
        Backend::ALL
            .iter()
            .copied()
            .find(|b| b.name() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
                format!("unknown backend '{name}' (known: {})", known.join(", "))
            })
    }

    /// The backend to use: the `--backend` choice when given, else `DIRGOLEM_BACKEND`, else the
    /// default. A set `DIRGOLEM_BACKEND` is validated even when `--backend` overrides it, so a
    /// typo in the environment never goes unnoticed. `env` is the variable's value (`None` when
    /// unset; an empty value counts as unset).
    pub fn choose(option: Option<&str>, env: Option<&str>) -> Result<Backend, String> {
        let from_env = match env {
            Some(name) if !name.is_empty() => {
                Some(Backend::from_name(name).map_err(|e| format!("{ENV_VAR}: {e}"))?)
            }
            _ => None,
        };
        match option {
            Some(name) => Backend::from_name(name),
            None => Ok(from_env.unwrap_or(Backend::Scalar)),
        }
    }

    /// The number of leaf nodes `depth` plies below `position`, computed with this backend.
    pub fn perft(self, position: &Position, depth: u32) -> u64 {
        match self {
            Backend::Scalar => dirgolem::perft(position, depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_backend_is_found_by_its_name() {
        for &b in Backend::ALL {
            assert_eq!(Backend::from_name(b.name()), Ok(b));
        }
    }

    #[test]
    fn unknown_name_lists_the_known_ones() {
        assert_eq!(
            Backend::from_name("x"),
            Err("unknown backend 'x' (known: scalar)".to_string())
        );
    }

    #[test]
    fn option_wins_over_environment_but_environment_is_checked() {
        assert_eq!(
            Backend::choose(Some("scalar"), Some("scalar")),
            Ok(Backend::Scalar)
        );
        assert_eq!(Backend::choose(None, None), Ok(Backend::Scalar));
        assert_eq!(Backend::choose(None, Some("")), Ok(Backend::Scalar));
        assert!(
            Backend::choose(Some("scalar"), Some("avx9"))
                .unwrap_err()
                .contains("DIRGOLEM_BACKEND")
        );
        assert!(Backend::choose(Some("avx9"), None).is_err());
    }
}
