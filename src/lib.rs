#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod attacks;
mod bitboard;
mod chess_move;
mod dispatch;
mod golem;
mod lanes;
mod move_list;
mod perft;
mod perft_parallel;
mod piece;
mod position;
#[cfg(feature = "oracles")]
pub mod sliders;
mod square;

pub use bitboard::{Bitboard, BitboardIter};
pub use chess_move::{Move, MoveKind, Uci};
pub use dispatch::{Backend, BackendError, Generator};
pub use golem::{Direction, MoveTargets};
pub use move_list::{CAPACITY as MOVE_LIST_CAPACITY, MoveList};
pub use perft::{divide, divide_each, perft};
pub use perft_parallel::{Progress, available_threads, divide_parallel_each};
pub use piece::{Color, Piece};
pub use position::{
    CastlingMode, CastlingRightProblem, CastlingSyntax, EnPassantProblem, FenError, FenField,
    FenSyntaxError, IllegalMove, MaterialProblem, Outcome, ParseOptions, Position, PositionError,
    Setup, UciMoveError,
};
pub use position::{SEE_VALUES, San, SanError};
pub use square::{File, ParseSquareError, Rank, Square};
