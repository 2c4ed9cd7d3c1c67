//! Run-time dispatch: which backend this CPU can run, the best one (detected once and cached),
//! and [`Generator`], a handle that runs whole jobs on one backend.

use core::fmt;
use core::str::FromStr;
#[cfg(feature = "std")]
use std::sync::OnceLock;

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use crate::lanes::aarch64::Neon;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use crate::lanes::x86_64::{Avx2, Avx512, Sse2, Sse2Popcnt};
use crate::lanes::{Portable, Scalar};
use crate::{ErrorText, Move, MoveList, MoveTargets, Position, SliderTechnique};

/// A vector unit the generator can run on.
///
/// ```
/// use dirgolem::Backend;
/// assert!(Backend::Scalar.is_available());
/// let best = Backend::detect();
/// assert!(Backend::available().contains(&best));
/// assert_eq!("scalar".parse::<Backend>(), Ok(Backend::Scalar));
/// assert!("mmx".parse::<Backend>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Backend {
    /// Plain `u64` arithmetic: every CPU.
    Scalar,
    /// The `wide` crate's 128-bit vectors, 2 bitboards each, on the vector unit the build
    /// targets (its instructions are chosen at compile time): available when the build targets
    /// SSE2 (every x86-64 build), simd128 (wasm32 built with `-C target-feature=+simd128`) or
    /// NEON (aarch64).
    Portable,
    /// SSE2, 128-bit registers, 2 bitboards each: every x86-64 CPU. Its code exists twice,
    /// for the x86-64 baseline and with POPCNT (every x86-64 CPU but the first generations,
    /// Core 2 and K8, has it), and the second is taken where the CPU has the instruction.
    Sse2,
    /// AVX2, 256-bit registers, 4 bitboards each (with POPCNT, BMI1, BMI2, LZCNT).
    Avx2,
    /// AVX-512 (F, BW, DQ, VL, CD), one 512-bit register holds all eight directions.
    Avx512,
    /// NEON (aarch64), 128-bit registers, 2 bitboards each.
    Neon,
}

impl Backend {
    /// Every backend, slowest first.
    pub const ALL: [Backend; 6] = [
        Backend::Scalar,
        Backend::Portable,
        Backend::Sse2,
        Backend::Avx2,
        Backend::Avx512,
        Backend::Neon,
    ];

    /// The environment variable that names a backend for `Backend::from_env` (and the
    /// tool's `--backend` default): `DIRGOLEM_BACKEND`.
    ///
    /// ```
    /// assert_eq!(dirgolem::Backend::ENV_VAR, "DIRGOLEM_BACKEND");
    /// ```
    pub const ENV_VAR: &'static str = "DIRGOLEM_BACKEND";

    /// The name used by `--backend` and [`Backend::ENV_VAR`].
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Scalar => "scalar",
            Backend::Portable => "portable",
            Backend::Sse2 => "sse2",
            Backend::Avx2 => "avx2",
            Backend::Avx512 => "avx512",
            Backend::Neon => "neon",
        }
    }

    /// Whether this CPU (and this build's target architecture) can run the backend.
    pub fn is_available(self) -> bool {
        Generator::new(self).is_ok()
    }

    /// The backends this CPU can run, slowest first. Without `alloc`, filter
    /// [`Backend::ALL`] with [`Backend::is_available`].
    #[cfg(feature = "alloc")]
    pub fn available() -> alloc::vec::Vec<Backend> {
        Backend::ALL
            .into_iter()
            .filter(|b| b.is_available())
            .collect()
    }

    /// The fastest backend this CPU can run (see [`Generator::detect`]).
    pub fn detect() -> Backend {
        Generator::detect().backend()
    }

    /// The backend named by the environment variable `DIRGOLEM_BACKEND`, if it is set and not
    /// empty; an error if it names no backend or one this CPU cannot run.
    #[cfg(feature = "std")]
    pub fn from_env() -> Result<Option<Backend>, BackendError> {
        match std::env::var(Backend::ENV_VAR) {
            Ok(name) if !name.is_empty() => {
                let backend: Backend = name.parse()?;
                Generator::new(backend)?;
                Ok(Some(backend))
            }
            Ok(_) | Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => {
                Err(BackendError::Unknown(ErrorText::new("<not UTF-8>")))
            }
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = BackendError;

    fn from_str(s: &str) -> Result<Backend, BackendError> {
        Backend::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| BackendError::Unknown(ErrorText::new(s)))
    }
}

/// Why a backend, or the slider technique of the per-node queries, cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendError {
    /// The name is not one of `scalar`, `portable`, `sse2`, `avx2`, `avx512`, `neon` (quoted,
    /// cut when long: see [`ErrorText`]).
    Unknown(ErrorText),
    /// This CPU (or this build's target architecture) lacks the backend's instructions.
    Unavailable(Backend),
    /// The name is not one of the [`SliderTechnique`]s, `pext` and `computed` (quoted, cut
    /// when long).
    UnknownSliderTechnique(ErrorText),
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendError::Unknown(name) => {
                write!(f, "unknown backend '{name}' (known: ")?;
                write_names(f, Backend::ALL.into_iter())?;
                f.write_str(")")
            }
            BackendError::Unavailable(b) => {
                write!(f, "backend '{b}' is not available on this CPU (available: ")?;
                write_names(f, Backend::ALL.into_iter().filter(|b| b.is_available()))?;
                f.write_str(")")
            }
            BackendError::UnknownSliderTechnique(name) => {
                write!(f, "unknown slider technique '{name}' (known: ")?;
                for (i, technique) in SliderTechnique::ALL.into_iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(technique.name())?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The backends' names separated by `, `: written piece by piece, so that the message needs no
/// allocation.
fn write_names(f: &mut fmt::Formatter<'_>, backends: impl Iterator<Item = Backend>) -> fmt::Result {
    for (i, backend) in backends.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(backend.name())?;
    }
    Ok(())
}

impl core::error::Error for BackendError {}

/// The backend token a generator holds: proof that the CPU runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Scalar(Scalar),
    Portable(Portable),
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    Sse2(Sse2),
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    Sse2Popcnt(Sse2Popcnt),
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    Avx2(Avx2),
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    Avx512(Avx512),
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    Neon(Neon),
}

/// Runs jobs on one backend: each call (a whole perft, one generation) is dispatched once and
/// then runs entirely in code compiled for that backend's instructions.
///
/// ```
/// use dirgolem::{Backend, Generator, Position};
/// let kiwipete = Position::from_fen(
///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
/// for backend in Backend::available() {
///     let generator = Generator::new(backend).unwrap();
///     assert_eq!(generator.perft(&kiwipete, 2), 2039);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generator {
    pub(super) token: Token,
}

/// The detected generator, once detection has run.
#[cfg(feature = "std")]
static DETECTED: OnceLock<Generator> = OnceLock::new();

/// Runs `$body` with `$t` bound to the generator's token.
macro_rules! with_token {
    ($generator:expr, $t:ident => $body:expr) => {
        match $generator.token {
            Token::Scalar($t) => $body,
            Token::Portable($t) => $body,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            // SAFETY: a `Sse2` token exists only when SSE2 was detected (`Sse2::new`), so
            // the entry point's target features are present on this CPU.
            Token::Sse2($t) => unsafe { $body },
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            // SAFETY: a `Sse2Popcnt` token exists only after `Sse2Popcnt::new` detected SSE2
            // and POPCNT: the entry point's target features.
            Token::Sse2Popcnt($t) => unsafe { $body },
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            // SAFETY: an `Avx2` token exists only after `Avx2::new` detected AVX2, POPCNT,
            // BMI1, BMI2 and LZCNT: the entry point's target features.
            Token::Avx2($t) => unsafe { $body },
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            // SAFETY: an `Avx512` token exists only after `Avx512::new` detected AVX-512 F,
            // BW, DQ, VL, CD and the AVX2 generation's features: the entry point's features.
            Token::Avx512($t) => unsafe { $body },
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            // SAFETY: a `Neon` token exists only after `Neon::new` detected NEON.
            Token::Neon($t) => unsafe { $body },
        }
    };
}

impl Generator {
    /// A generator on `backend`, or an error if this CPU cannot run it.
    pub fn new(backend: Backend) -> Result<Generator, BackendError> {
        let token = match backend {
            Backend::Scalar => Some(Token::Scalar(Scalar)),
            Backend::Portable => Portable::new().map(Token::Portable),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            // The same backend compiled with POPCNT where the CPU has it.
            Backend::Sse2 => Sse2Popcnt::new()
                .map(Token::Sse2Popcnt)
                .or_else(|| Sse2::new().map(Token::Sse2)),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Backend::Avx2 => Avx2::new().map(Token::Avx2),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Backend::Avx512 => Avx512::new().map(Token::Avx512),
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Backend::Neon => Neon::new().map(Token::Neon),
            #[allow(unreachable_patterns)]
            _ => None,
        };
        token
            .map(|token| Generator { token })
            .ok_or(BackendError::Unavailable(backend))
    }

    /// The generator on the fastest backend this CPU runs.
    ///
    /// With the `std` feature (the default) the CPU is asked at run time
    /// (`is_x86_feature_detected!`, which checks CPUID and, for AVX and AVX-512, that the
    /// operating system saves those registers; `is_aarch64_feature_detected!` on aarch64), once:
    /// the answer is cached, later calls are one load.
    ///
    /// Without `std` the backends are those the build's target features promise
    /// (`cfg!(target_feature = ...)`: `-C target-feature=+avx2,+popcnt,+bmi1,+bmi2,+lzcnt` or
    /// `-C target-cpu=...`), a constant of the build, so nothing is cached and the call costs
    /// nothing. CPUID is not used there: on a target without an operating system, whether the
    /// code around the library (a kernel, a firmware) has enabled the vector registers and saves
    /// them is something only that code knows, and saying so through the target features is its
    /// promise.
    ///
    /// ```
    /// use dirgolem::{Backend, Generator};
    /// let best = Generator::detect().backend();
    /// assert!(best.is_available());
    /// // No faster backend is (`Backend::ALL` is slowest first, as `Backend` orders).
    /// assert!(Backend::ALL.iter().all(|b| !b.is_available() || *b <= best));
    /// ```
    #[inline]
    pub fn detect() -> Generator {
        #[cfg(feature = "std")]
        return *DETECTED.get_or_init(Generator::fastest);
        #[cfg(not(feature = "std"))]
        return Generator::fastest();
    }

    /// The generator on the fastest backend [`Generator::new`] accepts (the scalar one at
    /// least).
    fn fastest() -> Generator {
        Backend::ALL
            .into_iter()
            .rev()
            .find_map(|b| Generator::new(b).ok())
            .unwrap_or(Generator {
                token: Token::Scalar(Scalar),
            })
    }

    /// The generator named by `DIRGOLEM_BACKEND` if set, else [`Generator::detect`]. It also
    /// checks `DIRGOLEM_SLIDERS` and makes the per-node queries' choice of slider technique
    /// ([`SliderTechnique::from_env`]): an error if either names nothing known.
    ///
    /// ```
    /// // The tests run without either variable, or with accepted values.
    /// let generator = dirgolem::Generator::from_env().unwrap();
    /// assert!(generator.backend().is_available());
    /// ```
    #[cfg(feature = "std")]
    pub fn from_env() -> Result<Generator, BackendError> {
        SliderTechnique::from_env()?;
        match Backend::from_env()? {
            Some(backend) => Generator::new(backend),
            None => Ok(Generator::detect()),
        }
    }

    /// The backend this generator runs on.
    pub fn backend(&self) -> Backend {
        match self.token {
            Token::Scalar(_) => Backend::Scalar,
            Token::Portable(_) => Backend::Portable,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Token::Sse2(_) | Token::Sse2Popcnt(_) => Backend::Sse2,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Token::Avx2(_) => Backend::Avx2,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Token::Avx512(_) => Backend::Avx512,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Token::Neon(_) => Backend::Neon,
        }
    }

    /// perft: the leaf count `depth` plies below `position`.
    #[inline]
    pub fn perft(&self, position: &Position, depth: u32) -> u64 {
        self.perft_board(&position.board, depth)
    }

    /// perft from a board (relative to its side to move).
    #[inline]
    pub(crate) fn perft_board(&self, board: &crate::position::Board, depth: u32) -> u64 {
        with_token!(self, t => t.perft_entry(board, depth))
    }

    /// The legal moves of `position` as direction target sets.
    #[inline]
    pub fn move_targets(&self, position: &Position) -> MoveTargets {
        let mut targets = with_token!(self, t => t.targets_entry(&position.board));
        targets.black = position.turn == crate::Color::Black;
        targets
    }

    /// The number of legal moves of `position`.
    #[inline]
    pub fn count_legal(&self, position: &Position) -> usize {
        with_token!(self, t => t.count_entry(&position.board))
    }

    /// Calls `f` with each legal move of `position`, in the order of
    /// [`Generator::legal_moves`], with no limit on the count.
    #[inline]
    pub fn for_each_legal_move(&self, position: &Position, f: impl FnMut(Move)) {
        with_token!(self, t => t.for_each_move_entry(position, f))
    }

    /// The legal moves of `position` written over `list` (see [`Position::fill_legal`]).
    #[inline]
    pub fn fill_legal(&self, position: &Position, list: &mut MoveList) {
        with_token!(self, t => t.fill_legal_entry(position, list))
    }

    /// The legal captures of `position` written over `list` (see [`Position::fill_captures`]).
    #[inline]
    pub fn fill_captures(&self, position: &Position, list: &mut MoveList) {
        with_token!(self, t => t.fill_captures_entry(position, list))
    }

    /// Calls `f` with each legal move of `position` that takes a man, in the order of
    /// [`Generator::captures`] (see [`Position::for_each_capture`]).
    #[inline]
    pub fn for_each_capture(&self, position: &Position, f: impl FnMut(Move)) {
        with_token!(self, t => t.for_each_capture_entry(position, f))
    }

    /// The legal moves of `position` in a fixed-capacity list. The moves are copied out of
    /// the generator's frame into the list returned; a search that keeps a list per ply and
    /// refills it with [`Generator::fill_legal`] skips that copy (the README's speed section
    /// compares the two).
    #[inline]
    pub fn legal_moves(&self, position: &Position) -> MoveList {
        with_token!(self, t => t.legal_moves_entry(position))
    }

    /// The legal moves of `position` that take a man (see [`Position::captures`]).
    #[inline]
    pub fn captures(&self, position: &Position) -> MoveList {
        with_token!(self, t => t.captures_entry(position))
    }

    /// The legal moves of `position` that take nothing (see [`Position::quiets`]).
    #[inline]
    pub fn quiets(&self, position: &Position) -> MoveList {
        with_token!(self, t => t.quiets_entry(position))
    }
}
