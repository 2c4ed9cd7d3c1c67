//! [`SliceWriter`]: text written into a caller's byte buffer, the form a caller without an
//! allocator (or across a C ABI) can use. The crate's own buffer writers
//! ([`Position::write_fen`](crate::Position::write_fen),
//! [`Setup::write_fen`](crate::Setup::write_fen)) go through it, and it takes any `Display`
//! value, such as an error.

use core::fmt;

/// Why text could not be written into a buffer: the buffer is shorter than the text.
///
/// ```
/// use dirgolem::Position;
/// let mut buf = [0u8; 8];
/// let err = Position::startpos().write_fen(&mut buf).unwrap_err();
/// assert_eq!(err.needed, 56);
/// assert_eq!(err.to_string(), "the text needs 56 bytes, the buffer holds 8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferTooSmall {
    /// The length of the text in bytes.
    pub needed: usize,
    /// The length of the buffer given.
    pub capacity: usize,
}

impl fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the text needs {} bytes, the buffer holds {}",
            self.needed, self.capacity
        )
    }
}

impl core::error::Error for BufferTooSmall {}

/// A [`fmt::Write`] into a byte slice that keeps what fits and counts everything, so that one
/// pass both writes and says how long the text is. Writing never fails; [`SliceWriter::finish`]
/// says whether it all fitted. It allocates nothing, so it works without `alloc`.
///
/// ```
/// use core::fmt::Write;
/// use dirgolem::{BufferTooSmall, Position, SliceWriter};
///
/// let error = Position::from_fen("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
/// let mut buf = [0u8; 128];
/// let mut out = SliceWriter::new(&mut buf);
/// write!(out, "{error}").unwrap();
/// assert_eq!(out.as_str(), "invalid side to move \"x\" (expected 'w' or 'b')");
/// let len = out.finish().unwrap();
/// assert_eq!(len, 46);
///
/// // Too small a buffer keeps what fits and says how much was needed.
/// let mut small = [0u8; 7];
/// let mut out = SliceWriter::new(&mut small);
/// write!(out, "{error}").unwrap();
/// assert_eq!(out.as_str(), "invalid");
/// assert_eq!(out.finish(), Err(BufferTooSmall { needed: 46, capacity: 7 }));
/// ```
pub struct SliceWriter<'a> {
    buf: &'a mut [u8],
    needed: usize,
}

impl<'a> SliceWriter<'a> {
    /// A writer that starts at the beginning of `buf`.
    pub fn new(buf: &'a mut [u8]) -> SliceWriter<'a> {
        SliceWriter { buf, needed: 0 }
    }

    /// The length of everything written so far, whether it fitted or not.
    pub fn needed(&self) -> usize {
        self.needed
    }

    /// The bytes that fitted: all that was written, unless the buffer was too small.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.needed.min(self.buf.len())]
    }

    /// [`SliceWriter::as_bytes`] as text, cut back to the last whole character when the
    /// buffer ended inside one.
    pub fn as_str(&self) -> &str {
        let bytes = self.as_bytes();
        match core::str::from_utf8(bytes) {
            Ok(text) => text,
            // Whole `str`s were written: only the last character can have been cut.
            Err(cut) => core::str::from_utf8(&bytes[..cut.valid_up_to()]).unwrap_or_default(),
        }
    }

    /// The number of bytes written, or the error if they did not all fit.
    pub fn finish(self) -> Result<usize, BufferTooSmall> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Write;

    #[test]
    fn keeps_what_fits_and_counts_the_rest() {
        let mut buf = [b'.'; 5];
        let mut out = SliceWriter::new(&mut buf);
        write!(out, "ab").unwrap();
        assert_eq!((out.as_str(), out.needed()), ("ab", 2));
        write!(out, "cdefg").unwrap();
        assert_eq!((out.as_str(), out.needed()), ("abcde", 7));
        assert_eq!(
            out.finish(),
            Err(BufferTooSmall {
                needed: 7,
                capacity: 5
            })
        );
        assert_eq!(&buf, b"abcde");
        let mut out = SliceWriter::new(&mut buf);
        write!(out, "{}", 12345).unwrap();
        assert_eq!(out.finish(), Ok(5));
        assert_eq!(SliceWriter::new(&mut []).finish(), Ok(0));
    }

    #[test]
    fn as_str_drops_a_character_the_buffer_cut() {
        let mut buf = [0u8; 4];
        let mut out = SliceWriter::new(&mut buf);
        write!(out, "ab€").unwrap();
        assert_eq!(out.as_bytes(), b"ab\xe2\x82");
        assert_eq!(out.as_str(), "ab");
        assert_eq!(out.needed(), 5);
    }
}
