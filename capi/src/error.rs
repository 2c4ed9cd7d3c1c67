//! The error codes every fallible `dg_` function returns, and their messages.

use core::ffi::{CStr, c_char, c_int};

/// Success: the value fallible `dg_` functions return when they did what was asked.
pub const DG_OK: c_int = 0;

/// Why a `dg_` call failed. The C side sees the numbers, as `DG_ERR_*` in the header
/// (`DG_ERR_NULL` for [`ErrorCode::Null`], and so on); they never change once published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum ErrorCode {
    /// A pointer argument that must point somewhere is NULL.
    Null = 1,
    /// A text argument is not UTF-8.
    Utf8 = 2,
    /// The text is not a FEN.
    FenSyntax = 3,
    /// The FEN is well formed but describes no legal position (or, in strict mode, none a game
    /// can reach).
    FenPosition = 4,
    /// The output buffer is too small for the text and its terminating NUL.
    BufferTooSmall = 5,
    /// The text is not a UCI move.
    UciSyntax = 6,
    /// The move is not legal in the position.
    IllegalMove = 7,
    /// The `dg_position` was not filled by a `dg_` function (a zeroed struct, say).
    NotAPosition = 8,
    /// The flags hold a bit no `DG_FEN_*` constant names.
    UnknownFlags = 9,
    /// A bug in dirgolem, caught before it crossed the boundary.
    Internal = 10,
}

impl ErrorCode {
    /// The number the C side sees.
    pub const fn code(self) -> c_int {
        self as c_int
    }

    /// The code with this number, if there is one.
    pub const fn from_code(code: c_int) -> Option<ErrorCode> {
        Some(match code {
            1 => ErrorCode::Null,
            2 => ErrorCode::Utf8,
            3 => ErrorCode::FenSyntax,
            4 => ErrorCode::FenPosition,
            5 => ErrorCode::BufferTooSmall,
            6 => ErrorCode::UciSyntax,
            7 => ErrorCode::IllegalMove,
            8 => ErrorCode::NotAPosition,
            9 => ErrorCode::UnknownFlags,
            10 => ErrorCode::Internal,
            _ => return None,
        })
    }

    /// What went wrong, in one sentence, NUL-terminated for C.
    pub const fn message(self) -> &'static CStr {
        match self {
            ErrorCode::Null => c"a required pointer argument is NULL",
            ErrorCode::Utf8 => c"the text is not valid UTF-8",
            ErrorCode::FenSyntax => c"the text is not a FEN",
            ErrorCode::FenPosition => {
                c"the FEN is well formed but describes no legal position (or none a game can reach, in strict mode)"
            }
            ErrorCode::BufferTooSmall => {
                c"the output buffer is too small for the text and its terminating NUL"
            }
            ErrorCode::UciSyntax => {
                c"the text is not a UCI move (from and to squares and an optional promotion letter, such as e2e4 or e7e8q)"
            }
            ErrorCode::IllegalMove => c"the move is not legal in this position",
            ErrorCode::NotAPosition => {
                c"the dg_position was not filled by a dg_ function (zeroed or never initialised)"
            }
            ErrorCode::UnknownFlags => c"the flags hold a bit that no DG_FEN_ constant names",
            ErrorCode::Internal => {
                c"internal error: a bug in dirgolem was caught at the C boundary (please report it)"
            }
        }
    }
}

/// The message for a code from a `dg_` function: `"success"` for `DG_OK`, one sentence for each
/// `DG_ERR_*`, `"unknown error code"` for any other number. The text is static: never free it.
#[unsafe(no_mangle)]
pub extern "C" fn dg_error_message(code: c_int) -> *const c_char {
    match ErrorCode::from_code(code) {
        Some(error) => error.message().as_ptr(),
        None if code == DG_OK => c"success".as_ptr(),
        None => c"unknown error code".as_ptr(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_and_has_its_own_message() {
        let mut messages = Vec::new();
        for code in 1..=10 {
            let error = ErrorCode::from_code(code).expect("codes 1 to 10 are all named");
            assert_eq!(error.code(), code);
            messages.push(error.message());
        }
        messages.sort();
        messages.dedup();
        assert_eq!(messages.len(), 10);
        assert_eq!(ErrorCode::from_code(0), None);
        assert_eq!(ErrorCode::from_code(11), None);
    }

    #[test]
    fn error_message_covers_success_and_unknown_codes() {
        // SAFETY: dg_error_message returns pointers to static NUL-terminated strings.
        let text = |code| unsafe { CStr::from_ptr(dg_error_message(code)) };
        assert_eq!(text(DG_OK), c"success");
        assert_eq!(text(-1), c"unknown error code");
        assert_eq!(text(c_int::MAX), c"unknown error code");
        assert_eq!(text(ErrorCode::Null.code()), ErrorCode::Null.message());
    }
}
