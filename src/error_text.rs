//! [`ErrorText`]: the piece of input an error quotes, held inline so that making, returning and
//! showing an error needs no allocator (the crate's errors work without `alloc`).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

/// The text an error quotes from its input (a FEN field, a UCI or SAN move, a backend name),
/// held inline in a fixed buffer: at most [`ErrorText::MAX_QUOTE`] bytes of the input, cut at a
/// character boundary and marked with `...` when the input is longer, so a huge input never
/// makes a huge error. It reads as a `&str` (`Deref`), prints as one and compares with one.
///
/// ```
/// use dirgolem::ErrorText;
/// let short = ErrorText::new("e9e4");
/// assert_eq!(short, "e9e4");
/// assert_eq!(short.len(), 4);
/// let long = ErrorText::new(&"x".repeat(200));
/// assert_eq!(long.len(), ErrorText::MAX_QUOTE + 3);
/// assert!(long.ends_with("xx..."));
/// // Cut on a character, not inside one.
/// let wide = ErrorText::new(&"é".repeat(100));
/// assert_eq!(wide, format!("{}...", "é".repeat(40)).as_str());
/// ```
#[derive(Clone, Copy)]
pub struct ErrorText {
    bytes: [u8; ErrorText::CAPACITY],
    len: u8,
}

/// The mark of a cut quote.
const ELLIPSIS: &str = "...";

impl ErrorText {
    /// The most bytes of input an error quotes; longer input is cut (at a character boundary)
    /// and ends in `...`.
    pub const MAX_QUOTE: usize = 80;

    /// The most bytes an `ErrorText` holds: a full quote and the `...` mark.
    pub const CAPACITY: usize = ErrorText::MAX_QUOTE + ELLIPSIS.len();

    /// `text` as an error quotes it: whole when it has at most [`ErrorText::MAX_QUOTE`] bytes,
    /// else its longest prefix of whole characters within that many bytes, then `...`.
    pub fn new(text: &str) -> ErrorText {
        ErrorText::cut(text, ErrorText::MAX_QUOTE)
    }

    /// `text` cut to at most `max` bytes (`max <= MAX_QUOTE`) at a character boundary, marked
    /// with `...` when cut.
    pub(crate) fn cut(text: &str, max: usize) -> ErrorText {
        let max = max.min(ErrorText::MAX_QUOTE);
        let mut out = ErrorText {
            bytes: [0; ErrorText::CAPACITY],
            len: 0,
        };
        if text.len() <= max {
            out.push(text);
        } else {
            let mut end = max;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            out.push(&text[..end]);
            out.push(ELLIPSIS);
        }
        out
    }

    /// Appends `part`; the callers never exceed the capacity (a quote of at most `MAX_QUOTE`
    /// bytes, then the mark).
    fn push(&mut self, part: &str) {
        let start = usize::from(self.len);
        let end = start + part.len();
        if let Some(slot) = self.bytes.get_mut(start..end) {
            slot.copy_from_slice(part.as_bytes());
            // CAPACITY is below 256, so the length fits a byte.
            self.len = end as u8;
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Always valid UTF-8: the bytes are whole characters of a `str` and the ASCII mark.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl Deref for ErrorText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for ErrorText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for ErrorText {
    /// [`ErrorText::new`].
    fn from(text: &str) -> ErrorText {
        ErrorText::new(text)
    }
}

impl fmt::Display for ErrorText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for ErrorText {
    /// As the `&str` it holds (`"e9e4"`), so that errors print as they did when they held
    /// strings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for ErrorText {
    fn eq(&self, other: &ErrorText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for ErrorText {}

impl Hash for ErrorText {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for ErrorText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ErrorText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<ErrorText> for str {
    fn eq(&self, other: &ErrorText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<ErrorText> for &str {
    fn eq(&self, other: &ErrorText) -> bool {
        *self == other.as_str()
    }
}

#[cfg(feature = "alloc")]
impl PartialEq<alloc::string::String> for ErrorText {
    fn eq(&self, other: &alloc::string::String) -> bool {
        self.as_str() == other.as_str()
    }
}

#[cfg(feature = "alloc")]
impl PartialEq<ErrorText> for alloc::string::String {
    fn eq(&self, other: &ErrorText) -> bool {
        self.as_str() == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorText;

    #[test]
    fn keeps_short_text_whole() {
        for text in ["", "a", "e2e4", &"q".repeat(ErrorText::MAX_QUOTE)] {
            let quoted = ErrorText::new(text);
            assert_eq!(quoted.as_str(), text);
        }
    }

    #[test]
    fn cuts_long_text_at_a_character_boundary() {
        let long = "n".repeat(ErrorText::MAX_QUOTE + 1);
        assert_eq!(
            ErrorText::new(&long).as_str(),
            format!("{}...", "n".repeat(ErrorText::MAX_QUOTE))
        );
        // Three-byte characters: 80 bytes end inside the 27th, so 26 whole ones are kept.
        let wide = "€".repeat(30);
        assert_eq!(
            ErrorText::new(&wide).as_str(),
            format!("{}...", "€".repeat(26))
        );
        assert_eq!(ErrorText::cut("abcdef", 4).as_str(), "abcd...");
        assert_eq!(ErrorText::cut("abcd", 4).as_str(), "abcd");
        assert_eq!(ErrorText::cut("aé", 2).as_str(), "a...");
    }

    #[test]
    fn compares_and_hashes_by_text() {
        use std::collections::hash_map::DefaultHasher;
        use std::hash::{Hash, Hasher};
        let a = ErrorText::new("w-");
        let b = ErrorText::from("w-");
        assert_eq!(a, b);
        assert_ne!(a, ErrorText::new("w"));
        assert_eq!(a, "w-");
        assert_eq!("w-", a);
        assert_eq!(a, String::from("w-"));
        let hash = |t: &ErrorText| {
            let mut h = DefaultHasher::new();
            t.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&a), hash(&b));
        assert_eq!(format!("{a}"), "w-");
        assert_eq!(format!("{a:?}"), "\"w-\"");
    }
}
