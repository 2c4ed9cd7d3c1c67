//! Validation of a `Setup`. (Placeholder: being written.)

use super::{ParseOptions, Position, Setup};
use crate::FenError;

impl Position {
    /// Validates `setup` and builds the position.
    pub fn from_setup(setup: &Setup, options: ParseOptions) -> Result<Position, FenError> {
        Ok(Position::from_trusted_setup(setup, options.castling))
    }
}
