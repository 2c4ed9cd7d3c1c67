//! What every `dg_` function does at the boundary: turn C's pointers into Rust values (or an
//! error code) and keep a panic, should one happen, from unwinding into C.

use core::ffi::{CStr, c_char, c_int};
use core::mem::MaybeUninit;
use core::panic::UnwindSafe;

use crate::error::{DG_OK, ErrorCode};

/// Runs `body`; if it panics (a bug: the code checks its inputs instead), returns `on_panic`
/// rather than unwinding into C, which would abort the process. The panic's message still goes
/// to stderr through the panic hook.
pub(crate) fn guard<T>(on_panic: T, body: impl FnOnce() -> T + UnwindSafe) -> T {
    std::panic::catch_unwind(body).unwrap_or(on_panic)
}

/// [`guard`] for the functions that return a status: `DG_OK` or the error's code.
pub(crate) fn status(body: impl FnOnce() -> Result<(), ErrorCode> + UnwindSafe) -> c_int {
    guard(ErrorCode::Internal.code(), || match body() {
        Ok(()) => DG_OK,
        Err(error) => error.code(),
    })
}

/// The NUL-terminated UTF-8 text at `text`.
///
/// # Safety
/// `text` is NULL or points to a NUL-terminated string that stays unchanged during the call.
pub(crate) unsafe fn text<'a>(text: *const c_char) -> Result<&'a str, ErrorCode> {
    if text.is_null() {
        return Err(ErrorCode::Null);
    }
    // SAFETY: not NULL, and the caller promises a NUL-terminated string that outlives the call.
    let bytes = unsafe { CStr::from_ptr(text) };
    bytes.to_str().map_err(|_| ErrorCode::Utf8)
}

/// The `len` bytes at `buf`, as memory to write (it may hold anything before).
///
/// # Safety
/// `buf` is NULL or points to `len` bytes the caller lets this call write.
pub(crate) unsafe fn out_bytes<'a>(
    buf: *mut c_char,
    len: usize,
) -> Result<&'a mut [MaybeUninit<u8>], ErrorCode> {
    if buf.is_null() {
        return Err(ErrorCode::Null);
    }
    // No real buffer is larger than isize::MAX bytes; a larger `len` would be the caller's
    // mistake, and the slice must not claim more.
    let len = len.min(isize::MAX as usize);
    // SAFETY: not NULL, and the caller promises `len` writable bytes; `MaybeUninit<u8>` has the
    // layout of `char` and asks nothing of their contents.
    Ok(unsafe { core::slice::from_raw_parts_mut(buf.cast::<MaybeUninit<u8>>(), len) })
}

/// Writes `text` and a NUL into `out`; if they do not fit, writes an empty string (when `out`
/// has room for the NUL) and refuses with `BufferTooSmall`.
pub(crate) fn put_text(out: &mut [MaybeUninit<u8>], text: &[u8]) -> Result<(), ErrorCode> {
    if text.len() >= out.len() {
        if let Some(first) = out.first_mut() {
            first.write(0);
        }
        return Err(ErrorCode::BufferTooSmall);
    }
    for (slot, &byte) in out.iter_mut().zip(text) {
        slot.write(byte);
    }
    out[text.len()].write(0);
    Ok(())
}

/// `out` filled with zeros, as initialised bytes that Rust code can write into (and that end
/// any text written there shorter than `out` with a NUL).
pub(crate) fn zeroed(out: &mut [MaybeUninit<u8>]) -> &mut [u8] {
    for slot in out.iter_mut() {
        slot.write(0);
    }
    // SAFETY: every byte was initialised by the loop above.
    unsafe { out.assume_init_mut() }
}

/// Stores `value` at `out`.
///
/// # Safety
/// `out` is NULL or points to a writable, aligned `T`.
pub(crate) unsafe fn put<T>(out: *mut T, value: T) -> Result<(), ErrorCode> {
    if out.is_null() {
        return Err(ErrorCode::Null);
    }
    // SAFETY: not NULL, and the caller promises a writable, aligned `T`; `write` reads nothing
    // there first (C memory may hold anything).
    unsafe { out.write(value) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_text_writes_the_text_and_a_nul_when_they_fit() {
        let mut buf = [MaybeUninit::new(b'x'); 4];
        assert_eq!(put_text(&mut buf, b"abc"), Ok(()));
        // SAFETY: put_text initialised all four bytes (the three letters and the NUL).
        let bytes = buf.map(|b| unsafe { b.assume_init() });
        assert_eq!(&bytes, b"abc\0");
    }

    #[test]
    fn put_text_refuses_a_buffer_without_room_for_the_nul() {
        let mut buf = [MaybeUninit::new(b'x'); 3];
        assert_eq!(put_text(&mut buf, b"abc"), Err(ErrorCode::BufferTooSmall));
        // SAFETY: every byte was initialised above.
        assert_eq!(unsafe { buf[0].assume_init() }, 0);
        assert_eq!(put_text(&mut [], b""), Err(ErrorCode::BufferTooSmall));
    }

    #[test]
    fn zeroed_clears_every_byte() {
        let mut buf = [MaybeUninit::new(b'x'); 5];
        assert_eq!(zeroed(&mut buf), &[0; 5]);
        assert_eq!(zeroed(&mut []), &[] as &[u8]);
    }

    #[test]
    fn text_refuses_null_and_bad_utf8() {
        // SAFETY: NULL and NUL-terminated literals are what `text` accepts.
        unsafe {
            assert_eq!(text(core::ptr::null()), Err(ErrorCode::Null));
            assert_eq!(text(c"\xff\xfe".as_ptr()), Err(ErrorCode::Utf8));
            assert_eq!(text(c"e2e4".as_ptr()), Ok("e2e4"));
        }
    }

    #[test]
    fn guard_turns_a_panic_into_the_fallback() {
        assert_eq!(guard(7, || panic!("a bug")), 7);
        assert_eq!(status(|| Err(ErrorCode::IllegalMove)), 7);
        assert_eq!(status(|| Ok(())), DG_OK);
    }
}
