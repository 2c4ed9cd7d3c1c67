//! The C ABI of dirgolem: strictly legal chess move generation for C and C++ programs.
//!
//! Built as a static and a shared library (`cargo build --release -p dirgolem-capi` gives
//! `target/release/libdirgolem_capi.a` and `.so`); the header is `capi/include/dirgolem.h`,
//! written by hand and checked against these sources by `capi/tests/header.rs`. Everything is
//! prefixed `dg_`. The rules every function follows:
//!
//! - A `dg_position` is a plain struct of fixed size that C copies by assignment (copy-make, as
//!   in Rust); only `dg_` functions may fill it, and each call checks a tag they write, so a
//!   zeroed or uninitialised-looking struct is refused with `DG_ERR_NOT_A_POSITION` rather than
//!   read.
//! - No panic crosses the boundary: NULL pointers, text that is not UTF-8 and short buffers give
//!   an error code (see `error.rs`); a panic, which would be a bug, is caught at the boundary and
//!   reported as `DG_ERR_INTERNAL`.
//! - The generator runs on the backend [`dirgolem::Generator::detect`] picks, the fastest this
//!   CPU runs, as the Rust `Position` methods do; `dg_backend_name` names it.
#![warn(missing_docs)]

mod backend;
mod boundary;
mod error;
mod fen;
mod moves;
mod play;
mod position;
mod query;
mod uci;

pub use backend::dg_backend_name;
pub use error::{DG_OK, ErrorCode, dg_error_message};
pub use fen::{
    DG_FEN_BUFFER_SIZE, DG_FEN_CHESS960, DG_FEN_ERROR_BUFFER_SIZE, DG_FEN_RELAXED,
    dg_position_from_fen, dg_position_from_fen_with, dg_position_from_fen_with_error,
    dg_position_to_fen, dg_startpos,
};
pub use moves::{
    DG_MAX_MOVES, dg_captures, dg_count_legal, dg_gives_check, dg_is_legal, dg_legal_moves,
    dg_quiets, dg_see,
};
pub use play::{dg_play, dg_play_unchecked};
pub use position::{DG_POSITION_WORDS, DgPosition, dg_position_check, dg_position_size};
pub use query::{DG_BLACK, DG_WHITE, dg_is_check, dg_perft, dg_side_to_move, dg_zobrist};
pub use uci::{DG_UCI_BUFFER_SIZE, dg_move_to_uci, dg_move_to_uci_in, dg_parse_uci};

/// A move as the C side sees it: the 16 bits of [`dirgolem::Move::to_bits`].
#[allow(non_camel_case_types)]
pub type dg_move = u16;
