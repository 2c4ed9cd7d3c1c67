//! Errors of reading a FEN or validating a setup. (Placeholder: being written.)

use core::fmt;

/// Why a FEN or a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Placeholder.
    Unsupported,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unsupported")
    }
}

impl std::error::Error for FenError {}
