#![doc = include_str!("../README.md")]
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod attacks;
mod bitboard;
mod chess_move;
mod dispatch;
mod error_text;
mod golem;
mod lanes;
mod move_list;
mod perft;
#[cfg(feature = "std")]
mod perft_parallel;
mod piece;
mod position;
mod slice_writer;
#[cfg(feature = "oracles")]
pub mod sliders;
mod square;
#[cfg(test)]
mod test_random;
mod uci_text;

pub use attacks::slider_lookup::SliderTechnique;
pub use bitboard::{Bitboard, BitboardIter};
pub use chess_move::{Move, MoveKind, Uci};
pub use dispatch::{Backend, BackendError, Generator};
pub use error_text::ErrorText;
pub use golem::{Direction, MoveTargets};
pub use move_list::{CAPACITY as MOVE_LIST_CAPACITY, MoveList};
#[cfg(feature = "alloc")]
pub use perft::divide;
pub use perft::{divide_each, perft};
#[cfg(feature = "std")]
pub use perft_parallel::{Progress, available_threads, divide_parallel_each};
pub use piece::{Color, Piece};
pub use position::{
    BufferTooSmall, CastlingMode, CastlingRightProblem, CastlingSyntax, EnPassantProblem, FenError,
    FenField, FenSyntaxError, IllegalMove, MaterialProblem, Outcome, ParseOptions, Position,
    PositionError, Setup, UciMoveError,
};
pub use position::{SEE_VALUES, San, SanError};
pub use slice_writer::SliceWriter;
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci_text::UciText;
