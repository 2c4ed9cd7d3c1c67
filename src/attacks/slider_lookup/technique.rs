//! [`SliderTechnique`]: the two ways the per-node queries compute rook and bishop attacks, by
//! name, and the `DIRGOLEM_SLIDERS` variable that forces one of them (read and checked by
//! [`SliderTechnique::from_env`]).

use core::fmt;
use core::str::FromStr;

use crate::{BackendError, ErrorText};

/// How the per-node queries of a [`Position`](crate::Position) (`see`, `is_legal`, `is_check`,
/// `attackers_to`, ...) compute rook and bishop attacks. Both give the same answers; the
/// library picks the faster for the CPU (on x86-64 the table indexed by `pext` where the CPU
/// has BMI2 and runs `pext` fast, or without `std` where the build enables BMI2; else, and on
/// other targets, the computed attacks), and the environment variable
/// [`SliderTechnique::ENV_VAR`] forces the choice, for tests and measurements.
///
/// ```
/// use dirgolem::SliderTechnique;
/// assert_eq!("pext".parse::<SliderTechnique>(), Ok(SliderTechnique::Pext));
/// assert_eq!(SliderTechnique::Computed.name(), "computed");
/// let err = "fast".parse::<SliderTechnique>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown slider technique 'fast' (known: pext, computed)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliderTechnique {
    /// A table read indexed by BMI2's `pext`: x86-64 CPUs with BMI2 only (forced on a CPU
    /// without BMI2, the computed attacks are used).
    Pext,
    /// The attacks computed without a table: any CPU.
    Computed,
}

impl SliderTechnique {
    /// Every technique, by the names [`SliderTechnique::ENV_VAR`] accepts.
    pub const ALL: [SliderTechnique; 2] = [SliderTechnique::Pext, SliderTechnique::Computed];

    /// The environment variable that forces the technique: `DIRGOLEM_SLIDERS`, `pext` or
    /// `computed` (unset or empty: the library's choice).
    ///
    /// ```
    /// assert_eq!(dirgolem::SliderTechnique::ENV_VAR, "DIRGOLEM_SLIDERS");
    /// ```
    pub const ENV_VAR: &'static str = "DIRGOLEM_SLIDERS";

    /// The name [`SliderTechnique::ENV_VAR`] takes.
    pub const fn name(self) -> &'static str {
        match self {
            SliderTechnique::Pext => "pext",
            SliderTechnique::Computed => "computed",
        }
    }

    /// The technique the per-node queries run on in this process, for a log line or a
    /// benchmark's record (`dirgolem bench --json` reports it). The choice is made once, at the
    /// first query or at `SliderTechnique::from_env` (with `std`), and kept for the process:
    /// asking makes it if nothing has yet, so the first call may read `DIRGOLEM_SLIDERS` as a
    /// first query would.
    ///
    /// ```
    /// use dirgolem::SliderTechnique;
    /// let technique = SliderTechnique::in_use();
    /// // The choice is kept: asked again, or after a query, the answer is the same.
    /// assert!(!dirgolem::Position::startpos().is_check());
    /// assert_eq!(SliderTechnique::in_use(), technique);
    /// if !cfg!(target_arch = "x86_64") {
    ///     // The table needs BMI2's pext: elsewhere the attacks are computed.
    ///     assert_eq!(technique, SliderTechnique::Computed);
    /// }
    /// ```
    pub fn in_use() -> SliderTechnique {
        super::technique_in_use()
    }

    /// The technique `DIRGOLEM_SLIDERS` forces, if it is set and not empty; an error if it
    /// names no technique (the tool refuses to start on it, and [`Generator::from_env`]
    /// returns it).
    ///
    /// The per-node queries cannot fail: they read the variable themselves at the first query
    /// of a process (on x86-64; elsewhere there is one technique and the variable changes
    /// nothing), ignore a value they do not know and keep the choice for the process. That
    /// read is a heap allocation (`std::env::var_os` returns an owned string). This call, made
    /// before the first query (at an engine's start-up), makes the choice instead, so that no
    /// query reads the environment or allocates.
    ///
    /// [`Generator::from_env`]: crate::Generator::from_env
    ///
    /// ```
    /// // The tests run without DIRGOLEM_SLIDERS, or with an accepted value.
    /// let forced = dirgolem::SliderTechnique::from_env().unwrap();
    /// let set = std::env::var_os("DIRGOLEM_SLIDERS").is_some_and(|v| !v.is_empty());
    /// assert_eq!(forced.is_some(), set);
    /// ```
    #[cfg(feature = "std")]
    pub fn from_env() -> Result<Option<SliderTechnique>, BackendError> {
        let forced = match std::env::var_os(SliderTechnique::ENV_VAR) {
            None => None,
            Some(value) if value.is_empty() => None,
            Some(value) => Some(match value.to_str() {
                Some(name) => name.parse()?,
                None => {
                    return Err(BackendError::UnknownSliderTechnique(ErrorText::new(
                        "<not UTF-8>",
                    )));
                }
            }),
        };
        #[cfg(target_arch = "x86_64")]
        super::choice::settle(forced);
        Ok(forced)
    }
}

impl fmt::Display for SliderTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SliderTechnique {
    type Err = BackendError;

    fn from_str(s: &str) -> Result<SliderTechnique, BackendError> {
        SliderTechnique::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| BackendError::UnknownSliderTechnique(ErrorText::new(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_is_read_back_from_its_name() {
        for t in SliderTechnique::ALL {
            assert_eq!(t.name().parse::<SliderTechnique>(), Ok(t));
            assert_eq!(format!("{t}"), t.name());
        }
    }

    /// Unknown names, the empty one and names in another case are refused, the name quoted.
    #[test]
    fn other_names_are_refused_with_the_known_ones() {
        for name in ["fast", "", "PEXT", "pext "] {
            let err = name.parse::<SliderTechnique>().unwrap_err();
            assert_eq!(
                err,
                BackendError::UnknownSliderTechnique(ErrorText::new(name))
            );
            assert_eq!(
                err.to_string(),
                format!("unknown slider technique '{name}' (known: pext, computed)")
            );
        }
    }
}
