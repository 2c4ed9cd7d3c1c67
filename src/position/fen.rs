//! FEN text in and out. (Placeholder: being written.)

use super::{ParseOptions, Position};
use crate::FenError;

impl Position {
    /// Reads a FEN (standard chess, strict validation).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, ParseOptions::default())
    }

    /// Reads a FEN with the given options.
    pub fn from_fen_with(_fen: &str, _options: ParseOptions) -> Result<Position, FenError> {
        Err(FenError::Unsupported)
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        String::new()
    }
}
