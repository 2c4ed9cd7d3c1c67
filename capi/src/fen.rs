//! FEN in and out, and the start position.

use core::ffi::{c_char, c_int, c_uint};
use core::fmt::{self, Write};

use dirgolem::{CastlingMode, FenError, ParseOptions, Position, SliceWriter};

use crate::boundary::{guard, out_bytes, put_text, status, text, zeroed};
use crate::error::ErrorCode;
use crate::position::{self, DgPosition};

/// Flag for [`dg_position_from_fen_with`]: Chess960 castling (Shredder-FEN or X-FEN rights;
/// castling moves written and read as king takes rook).
pub const DG_FEN_CHESS960: c_uint = 1;

/// Flag for [`dg_position_from_fen_with`]: relaxed validation (impossible checks and too much
/// material are accepted: they can be played, though no game reaches them).
pub const DG_FEN_RELAXED: c_uint = 2;

/// A buffer this long holds any position's FEN and its NUL: 71 bytes of placement at most,
/// 4 of castling, 2 of en passant, two clocks of up to 10 digits (`u32`) and 5 spaces and the
/// side make 104.
pub const DG_FEN_BUFFER_SIZE: usize = 128;

/// Reads a FEN (standard chess, strict validation, as `dirgolem::Position::from_fen`) into
/// `*out`. Returns `DG_OK`, or `DG_ERR_NULL`, `DG_ERR_UTF8`, `DG_ERR_FEN_SYNTAX`,
/// `DG_ERR_FEN_POSITION`; `*out` is unchanged on error.
///
/// # Safety
/// `fen` is NULL or a NUL-terminated string; `out` is NULL or points to a writable
/// `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_position_from_fen(fen: *const c_char, out: *mut DgPosition) -> c_int {
    // SAFETY: the caller's promises are dg_position_from_fen_with's.
    unsafe { dg_position_from_fen_with(fen, 0, out) }
}

/// [`dg_position_from_fen`] with options: `flags` is 0 or a sum of `DG_FEN_CHESS960` and
/// `DG_FEN_RELAXED`; any other bit gives `DG_ERR_UNKNOWN_FLAGS`.
///
/// # Safety
/// As [`dg_position_from_fen`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_position_from_fen_with(
    fen: *const c_char,
    flags: c_uint,
    out: *mut DgPosition,
) -> c_int {
    status(|| {
        // SAFETY: the caller's promises are read_fen's.
        unsafe { read_fen(fen, flags, out) }.map_err(|(code, _)| code)
    })
}

/// A buffer this long holds the message of any FEN error that
/// [`dg_position_from_fen_with_error`] writes, and its NUL: the messages quote at most a few
/// dozen bytes of the FEN (escaped), in a sentence of one or two hundred bytes.
pub const DG_FEN_ERROR_BUFFER_SIZE: usize = 256;

/// [`dg_position_from_fen_with`] that also says what is wrong: on error it writes into `msg`
/// (room for `cap` bytes) the library's sentence naming the field and the character or the
/// rule at fault, such as `invalid side to move "x" (expected 'w' or 'b')` or `white has no
/// king`, for the other codes `dg_error_message`'s sentence; on success an empty string. The
/// text ends in a NUL; one longer than `cap - 1` bytes is cut at a character boundary
/// (`DG_FEN_ERROR_BUFFER_SIZE` holds every message whole). `msg` may be NULL or `cap` 0: then
/// no message is written. Returns what `dg_position_from_fen_with` returns; `*out` is
/// unchanged on error. No state is kept between calls.
///
/// # Safety
/// As [`dg_position_from_fen`]; `msg` is NULL or points to `cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_position_from_fen_with_error(
    fen: *const c_char,
    flags: c_uint,
    out: *mut DgPosition,
    msg: *mut c_char,
    cap: usize,
) -> c_int {
    status(|| {
        // SAFETY: the caller's promises are read_fen's.
        let result = unsafe { read_fen(fen, flags, out) };
        // SAFETY: the caller promises NULL (refused, and then no message is wanted) or `cap`
        // writable bytes at `msg`.
        if let Ok(msg) = unsafe { out_bytes(msg, cap) } {
            let msg = zeroed(&mut msg[..cap.min(DG_FEN_ERROR_BUFFER_SIZE)]);
            match &result {
                Ok(()) => {}
                Err((_, Some(error))) => put_message(msg, error),
                Err((code, None)) => put_message(msg, &code.message().to_str().unwrap_or("")),
            }
        }
        result.map_err(|(code, _)| code)
    })
}

/// Reads the FEN at `fen` with the options of `flags` into `*out`; on error the code and, for a
/// FEN that does not parse or describes no legal position, the library's error.
///
/// # Safety
/// As [`dg_position_from_fen`].
unsafe fn read_fen(
    fen: *const c_char,
    flags: c_uint,
    out: *mut DgPosition,
) -> Result<(), (ErrorCode, Option<FenError>)> {
    if out.is_null() {
        return Err((ErrorCode::Null, None));
    }
    let options = parse_options(flags).map_err(|code| (code, None))?;
    // SAFETY: the caller promises NULL or a NUL-terminated string.
    let fen = unsafe { text(fen) }.map_err(|code| (code, None))?;
    let position = Position::from_fen_with(fen, options).map_err(|error| {
        let code = match error {
            FenError::Syntax(_) => ErrorCode::FenSyntax,
            FenError::Position(_) => ErrorCode::FenPosition,
        };
        (code, Some(error))
    })?;
    // SAFETY: the caller promises a writable `dg_position` at `out` (not NULL, checked).
    unsafe { position::write(out, position) }.map_err(|code| (code, None))
}

/// Writes `message` into the zeroed `msg`, keeping its last byte for the NUL and cutting the
/// text after its last whole character if it does not fit.
fn put_message(msg: &mut [u8], message: &dyn fmt::Display) {
    let Some((_nul, room)) = msg.split_last_mut() else {
        return;
    };
    let mut writer = SliceWriter::new(room);
    // The writer never fails: it keeps what fits.
    let _ = write!(writer, "{message}");
    let kept = writer.as_str().len();
    // Bytes of a character the buffer cut are cleared; the zeros after the text end it.
    room[kept..].fill(0);
}

/// The options `flags` stand for.
fn parse_options(flags: c_uint) -> Result<ParseOptions, ErrorCode> {
    if flags & !(DG_FEN_CHESS960 | DG_FEN_RELAXED) != 0 {
        return Err(ErrorCode::UnknownFlags);
    }
    let castling = if flags & DG_FEN_CHESS960 != 0 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Ok(ParseOptions {
        castling,
        relaxed: flags & DG_FEN_RELAXED != 0,
    })
}

/// Writes the FEN of `*p` and a NUL into `buf`, which has room for `len` bytes
/// (`DG_FEN_BUFFER_SIZE` always suffices). Castling rights are written in the position's mode
/// (`KQkq`, or Shredder-FEN for a Chess960 position). Returns `DG_OK`, or `DG_ERR_NULL`,
/// `DG_ERR_NOT_A_POSITION`, `DG_ERR_BUFFER_TOO_SMALL` (then `buf` holds an empty string if
/// `len` is at least 1).
///
/// # Safety
/// `p` is NULL or points to a `dg_position`; `buf` is NULL or points to `len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_position_to_fen(
    p: *const DgPosition,
    buf: *mut c_char,
    len: usize,
) -> c_int {
    status(|| {
        // SAFETY: the caller promises NULL or a `dg_position` at `p`.
        let position = unsafe { position::read(p) }?;
        // SAFETY: the caller promises NULL or `len` writable bytes at `buf`.
        let out = unsafe { out_bytes(buf, len) }?;
        // Written on the stack first, so that a buffer too small keeps all but its first byte
        // (the empty string) as the header promises.
        let mut fen = [0u8; Position::MAX_FEN_LEN];
        let len = position
            .write_fen(&mut fen)
            .map_err(|_| ErrorCode::Internal)?;
        put_text(out, &fen[..len])
    })
}

/// Writes the standard start position into `*out`; does nothing if `out` is NULL.
///
/// # Safety
/// `out` is NULL or points to a writable `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_startpos(out: *mut DgPosition) {
    // SAFETY: the caller promises NULL (refused by `write`) or a writable `dg_position`.
    guard((), || {
        let _ = unsafe { position::write(out, Position::startpos()) };
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;
    use core::ptr::null_mut;

    fn fen_of(p: &DgPosition) -> String {
        let mut buf = [0 as c_char; DG_FEN_BUFFER_SIZE];
        // SAFETY: a live position and a buffer of the length passed.
        let code = unsafe { dg_position_to_fen(p, buf.as_mut_ptr(), buf.len()) };
        assert_eq!(code, 0);
        // SAFETY: dg_position_to_fen wrote a NUL-terminated string.
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    }

    fn read(fen: &CStr, flags: c_uint) -> Result<DgPosition, c_int> {
        let mut out = DgPosition::new(Position::startpos());
        // SAFETY: a NUL-terminated string and a live output struct.
        match unsafe { dg_position_from_fen_with(fen.as_ptr(), flags, &mut out) } {
            0 => Ok(out),
            code => Err(code),
        }
    }

    #[test]
    fn fen_round_trips_in_both_castling_modes() {
        let kiwipete = c"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(
            fen_of(&read(kiwipete, 0).unwrap()),
            kiwipete.to_str().unwrap()
        );
        let chess960 = c"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let pos = read(chess960, DG_FEN_CHESS960).unwrap();
        assert_eq!(fen_of(&pos), chess960.to_str().unwrap());
    }

    #[test]
    fn bad_fens_get_their_codes_and_leave_the_output_alone() {
        let mut out = DgPosition::new(Position::startpos());
        let code = |fen: *const c_char, flags, out: *mut DgPosition| {
            // SAFETY: NULL or NUL-terminated strings, NULL or a live struct.
            unsafe { dg_position_from_fen_with(fen, flags, out) }
        };
        assert_eq!(code(core::ptr::null(), 0, &mut out), ErrorCode::Null.code());
        assert_eq!(
            code(c"8/8/8/8/8/8/8/8 w - - 0 1".as_ptr(), 0, null_mut()),
            1
        );
        assert_eq!(code(c"\xff".as_ptr(), 0, &mut out), ErrorCode::Utf8.code());
        assert_eq!(
            code(c"nonsense".as_ptr(), 0, &mut out),
            ErrorCode::FenSyntax.code()
        );
        let no_kings = c"8/8/8/8/8/8/8/8 w - - 0 1";
        assert_eq!(
            code(no_kings.as_ptr(), 0, &mut out),
            ErrorCode::FenPosition.code()
        );
        let startpos = c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            code(startpos.as_ptr(), 4, &mut out),
            ErrorCode::UnknownFlags.code()
        );
        assert_eq!(fen_of(&out), startpos.to_str().unwrap());
    }

    /// The code of `dg_position_from_fen_with_error` and the message it wrote into a buffer of
    /// `cap` bytes (filled with `x` before).
    fn read_with_error(fen: &CStr, flags: c_uint, cap: usize) -> (c_int, String) {
        let mut out = DgPosition::new(Position::startpos());
        let mut msg = vec![b'x' as c_char; cap.max(1)];
        // SAFETY: a NUL-terminated string, a live output struct and `cap` bytes at `msg`.
        let code = unsafe {
            dg_position_from_fen_with_error(fen.as_ptr(), flags, &mut out, msg.as_mut_ptr(), cap)
        };
        // SAFETY: the call wrote a NUL-terminated string into the buffer, or left a zero-length
        // buffer alone (then the one byte is read as a string with its terminator missing).
        let text = match cap {
            0 => String::new(),
            _ => unsafe { CStr::from_ptr(msg.as_ptr()) }
                .to_str()
                .unwrap()
                .to_string(),
        };
        (code, text)
    }

    #[test]
    fn fen_errors_come_with_the_librarys_message() {
        let size = DG_FEN_ERROR_BUFFER_SIZE;
        let bad_turn = c"8/8/8/8/8/8/8/8 x - - 0 1";
        assert_eq!(
            read_with_error(bad_turn, 0, size),
            (
                ErrorCode::FenSyntax.code(),
                "invalid side to move \"x\" (expected 'w' or 'b')".to_string()
            )
        );
        for (fen, flags) in [
            (c"8/8/8/8/8/8/8/8 w - - 0 1", 0),
            (
                c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
                0,
            ),
            (c"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", 0),
            (
                c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
                0,
            ),
            (
                c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
                0,
            ),
            (c"4k3/8/8/8/8/8/8/4K2R w Q - 0 1", DG_FEN_CHESS960),
        ] {
            let (code, message) = read_with_error(fen, flags, size);
            let options = parse_options(flags).unwrap();
            let error = Position::from_fen_with(fen.to_str().unwrap(), options).unwrap_err();
            let expected = match error {
                FenError::Syntax(_) => ErrorCode::FenSyntax,
                FenError::Position(_) => ErrorCode::FenPosition,
            };
            assert_eq!((code, message), (expected.code(), error.to_string()));
        }
        // Success clears the message; the other errors give their code's sentence.
        let startpos = c"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(read_with_error(startpos, 0, size), (0, String::new()));
        let unknown = ErrorCode::UnknownFlags;
        assert_eq!(
            read_with_error(startpos, 8, size),
            (unknown.code(), unknown.message().to_str().unwrap().into())
        );
        let utf8 = ErrorCode::Utf8;
        assert_eq!(
            read_with_error(c"\xff", 0, size),
            (utf8.code(), utf8.message().to_str().unwrap().into())
        );
    }

    #[test]
    fn a_long_fen_message_is_cut_to_the_buffer_on_a_character() {
        let bad_turn = c"8/8/8/8/8/8/8/8 x - - 0 1";
        assert_eq!(
            read_with_error(bad_turn, 0, 8),
            (ErrorCode::FenSyntax.code(), "invalid".to_string())
        );
        // "non-ASCII character 'é'": 21 bytes, then the two of 'é'; 22 bytes of room end
        // inside it.
        let accent = c"\xc3\xa9";
        let whole = read_with_error(accent, 0, DG_FEN_ERROR_BUFFER_SIZE).1;
        assert!(whole.starts_with("non-ASCII character '\u{e9}'"), "{whole}");
        let (code, cut) = read_with_error(accent, 0, 23);
        assert_eq!((code, cut.as_str()), (3, "non-ASCII character '"));
        assert_eq!(
            read_with_error(accent, 0, 24).1,
            "non-ASCII character '\u{e9}"
        );
        // No room (or no buffer) means no message, and the same code.
        assert_eq!(read_with_error(accent, 0, 0).0, 3);
        let mut out = DgPosition::new(Position::startpos());
        // SAFETY: a NUL-terminated string, a live struct and a NULL message buffer.
        let code = unsafe {
            dg_position_from_fen_with_error(accent.as_ptr(), 0, &mut out, null_mut(), 100)
        };
        assert_eq!(code, 3);
    }

    #[test]
    fn the_error_buffer_holds_the_longest_messages() {
        // The quoted fields at their longest (the core cuts a quote after 24 bytes) and made of
        // control characters, which the messages escape in six bytes each.
        let junk = "\u{1}".repeat(40);
        let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let fens = [
            format!("{board} {junk} KQkq - 0 1"),
            format!("{board} w {junk} - 0 1"),
            format!("{board} w KQkq {junk} 0 1"),
            format!("{board} w KQkq - {junk} 1"),
            format!("{board} w KQkq - 0 {junk}"),
            format!("{board} w KQkq - 0 {}", "9".repeat(40)),
            format!("{junk}/8/8/8/8/8/8/8 w - - 0 1"),
            format!("{board} w KQkq - 0 1 {junk}"),
            "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQKQQk w - - 0 1"
                .into(),
            "k7/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1".into(),
            "k7/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into(),
        ];
        let mut longest = 0;
        for fen in &fens {
            let strict = Position::from_fen(fen).unwrap_err();
            let relaxed = Position::from_fen_with(fen, ParseOptions::relaxed()).err();
            for error in [Some(strict), relaxed].into_iter().flatten() {
                let message = error.to_string();
                assert!(message.len() < DG_FEN_ERROR_BUFFER_SIZE, "{message}");
                longest = longest.max(message.len());
            }
        }
        // The escaped quotes did make long messages: the bound was tested near its limit.
        assert!(longest > DG_FEN_ERROR_BUFFER_SIZE / 2, "{longest}");
    }

    #[test]
    fn relaxed_accepts_what_strict_refuses() {
        let two_bishops_check = c"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
        assert_eq!(
            read(two_bishops_check, 0).err(),
            Some(ErrorCode::FenPosition.code())
        );
        assert!(read(two_bishops_check, DG_FEN_RELAXED).is_ok());
    }

    #[test]
    fn the_fen_buffer_holds_the_longest_fen() {
        // Every field at its longest: 64 one-letter squares with 7 slashes, four castling
        // rights, an en passant square and both clocks at u32::MAX.
        let longest =
            "rnbqkbnr/pppp1ppp/8/3PpP2/8/8/PPP1P1PP/RNBQKBNR w KQkq e6 4294967295 4294967295";
        let pos = Position::from_fen_with(longest, ParseOptions::relaxed()).unwrap();
        assert_eq!(pos.to_fen(), longest);
        let full_board = "rnbqkbnr/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/RNBQKBNR";
        assert_eq!(full_board.len(), 71);
        assert!(full_board.len() + " w KQkq e6 4294967295 4294967295".len() < DG_FEN_BUFFER_SIZE);
    }

    /// Counts the allocations each thread makes, so that a test can tell that a call made none
    /// (the tests run on several threads at once; each reads only its own count).
    struct CountingAllocator;

    std::thread_local! {
        static ALLOCATIONS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    // SAFETY: every call is passed on unchanged to the system allocator; the count is a
    // thread-local `Cell` with a constant initialiser, which itself never allocates.
    unsafe impl std::alloc::GlobalAlloc for CountingAllocator {
        unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
            // SAFETY: the caller's promises about `layout` are the system allocator's.
            unsafe { std::alloc::System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
            // SAFETY: `ptr` came from `alloc` above, that is from the system allocator.
            unsafe { std::alloc::System.dealloc(ptr, layout) }
        }
    }

    #[global_allocator]
    static COUNTING: CountingAllocator = CountingAllocator;

    fn allocations() -> usize {
        ALLOCATIONS.with(core::cell::Cell::get)
    }

    #[test]
    fn writing_a_fen_allocates_nothing_and_touches_only_what_it_needs() {
        let kiwipete = read(
            c"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            0,
        )
        .unwrap();
        let mut buf = [b'x' as c_char; 300];
        let before = allocations();
        // SAFETY: a live position and a buffer of the length passed.
        let code = unsafe { dg_position_to_fen(&kiwipete, buf.as_mut_ptr(), buf.len()) };
        assert_eq!(allocations(), before, "dg_position_to_fen allocated");
        assert_eq!(code, 0);
        // SAFETY: dg_position_to_fen wrote a NUL-terminated string.
        let fen = unsafe { CStr::from_ptr(buf.as_ptr()) };
        assert_eq!(
            fen,
            c"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        );
        // A buffer longer than any FEN is written no further than the longest FEN's NUL.
        let untouched = &buf[Position::MAX_FEN_LEN + 1..];
        assert!(untouched.iter().all(|&c| c == b'x' as c_char));
        // The counter does count: the allocating call this one replaced is seen.
        let before = allocations();
        let _ = std::hint::black_box(Position::startpos().to_fen());
        assert!(allocations() > before);
    }

    #[test]
    fn a_short_buffer_is_refused_with_an_empty_string() {
        let start = DgPosition::new(Position::startpos());
        let fen_len = Position::startpos().to_fen().len();
        let mut buf = vec![b'x' as c_char; fen_len];
        // SAFETY: a live position and a buffer of the length passed.
        let code = unsafe { dg_position_to_fen(&start, buf.as_mut_ptr(), buf.len()) };
        assert_eq!(code, ErrorCode::BufferTooSmall.code());
        assert_eq!(buf[0], 0);
        buf[0] = b'x' as c_char;
        buf.push(b'x' as c_char);
        // SAFETY: as above, one byte longer: the FEN and its NUL fit exactly.
        let code = unsafe { dg_position_to_fen(&start, buf.as_mut_ptr(), buf.len()) };
        assert_eq!(code, 0);
        // SAFETY: dg_position_to_fen wrote a NUL-terminated string.
        let fen = unsafe { CStr::from_ptr(buf.as_ptr()) };
        assert_eq!(fen.to_bytes().len(), fen_len);
        assert_eq!(buf[fen_len], 0);
        // SAFETY: a length of 0 lets the call write nothing, not even the NUL.
        let code = unsafe { dg_position_to_fen(&start, buf.as_mut_ptr(), 0) };
        assert_eq!(code, ErrorCode::BufferTooSmall.code());
        assert_eq!(buf[0], b'r' as c_char);
        // SAFETY: NULL output pointers are refused, not written.
        unsafe {
            assert_eq!(dg_position_to_fen(&start, null_mut(), 100), 1);
            assert_eq!(
                dg_position_to_fen(core::ptr::null(), buf.as_mut_ptr(), 100),
                1
            );
            dg_startpos(null_mut());
        }
    }
}
