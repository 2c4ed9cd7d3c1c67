//! FEN writing into a caller's byte buffer ([`Position::write_fen`](crate::Position::write_fen),
//! [`Setup::write_fen`](crate::Setup::write_fen)), the form a caller without an allocator (or
//! across a C ABI) can use.

use core::fmt;

/// Why a FEN could not be written into a buffer: the buffer is shorter than the FEN.
///
/// ```
/// use dirgolem::Position;
/// let mut buf = [0u8; 8];
/// let err = Position::startpos().write_fen(&mut buf).unwrap_err();
/// assert_eq!(err.needed, 56);
/// assert_eq!(err.to_string(), "the FEN needs 56 bytes, the buffer holds 8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferTooSmall {
    /// The length of the FEN in bytes.
    pub needed: usize,
    /// The length of the buffer given.
    pub capacity: usize,
}

impl fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the FEN needs {} bytes, the buffer holds {}",
            self.needed, self.capacity
        )
    }
}

impl core::error::Error for BufferTooSmall {}

/// A [`fmt::Write`] into a byte slice that keeps what fits and counts everything, so that one
/// pass both writes and says how long the text is. It never returns an error.
pub(crate) struct SliceWriter<'a> {
    buf: &'a mut [u8],
    needed: usize,
}

impl<'a> SliceWriter<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> SliceWriter<'a> {
        SliceWriter { buf, needed: 0 }
    }

    /// The number of bytes written, or the error if they did not all fit.
    pub(crate) fn finish(self) -> Result<usize, BufferTooSmall> {
        if self.needed <= self.buf.len() {
            Ok(self.needed)
        } else {
            Err(BufferTooSmall {
                needed: self.needed,
                capacity: self.buf.len(),
            })
        }
    }
}

impl fmt::Write for SliceWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let start = self.needed.min(self.buf.len());
        let end = (self.needed + s.len()).min(self.buf.len());
        self.buf[start..end].copy_from_slice(&s.as_bytes()[..end - start]);
        self.needed += s.len();
        Ok(())
    }
}
