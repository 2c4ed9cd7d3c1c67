//! `dg_position`: a `dirgolem::Position` in a plain, fixed-size C struct that C copies by
//! assignment, with a tag that tells a struct a `dg_` function filled from one it did not.

use core::ffi::c_int;

use dirgolem::Position;

use crate::boundary::{guard, status};
use crate::error::ErrorCode;

/// The size of a `dg_position` in 64-bit words (the header's `DG_POSITION_WORDS`): room for a
/// `Position` with some to spare, so that the core can grow without changing the C ABI, and
/// one word for the tag.
pub const DG_POSITION_WORDS: usize = 16;

/// The words the position itself may use.
const BODY_WORDS: usize = DG_POSITION_WORDS - 1;

/// Written into every `dg_position` a `dg_` function fills ("dgolem" and a layout version):
/// a struct without it (zeroed, or never written) is refused, not read as a position.
const TAG: u64 = u64::from_le_bytes(*b"dgolem\x01\x00");

/// The position's bytes, zeroed beyond the `Position` so that C may copy and compare the
/// whole struct.
#[derive(Clone, Copy)]
#[repr(C)]
union Body {
    zeroes: [u64; BODY_WORDS],
    position: Position,
}

/// A position as C holds it (`dg_position`): `DG_POSITION_WORDS` 64-bit words, aligned to 8,
/// copied by assignment. Only `dg_` functions fill one; its bytes are not to be made up (see
/// the header).
#[derive(Clone, Copy)]
#[repr(C)]
pub struct DgPosition {
    body: Body,
    tag: u64,
}

const _: () = assert!(size_of::<DgPosition>() == DG_POSITION_WORDS * 8);
const _: () = assert!(align_of::<DgPosition>() == 8);
const _: () = assert!(size_of::<Position>() <= BODY_WORDS * 8);
const _: () = assert!(align_of::<Position>() <= 8);

impl DgPosition {
    /// `position`, tagged.
    pub(crate) fn new(position: Position) -> DgPosition {
        let mut body = Body {
            zeroes: [0; BODY_WORDS],
        };
        body.position = position;
        DgPosition { body, tag: TAG }
    }

    /// A struct of zero bytes, as C's `dg_position p = {0};` makes.
    #[cfg(test)]
    pub(crate) fn zeroed() -> DgPosition {
        DgPosition {
            body: Body {
                zeroes: [0; BODY_WORDS],
            },
            tag: 0,
        }
    }

    /// The position, if a `dg_` function filled this struct.
    pub(crate) fn get(&self) -> Result<Position, ErrorCode> {
        if self.tag != TAG {
            return Err(ErrorCode::NotAPosition);
        }
        // SAFETY: only `DgPosition::new` writes the tag, together with a whole `Position` in
        // `body`; C copies both by assignment. The header forbids making up a tagged struct.
        Ok(unsafe { self.body.position })
    }
}

/// The position `p` points to.
///
/// # Safety
/// `p` is NULL or points to a readable, aligned `dg_position` that a `dg_` function filled (or
/// one with another tag, which is refused).
pub(crate) unsafe fn read(p: *const DgPosition) -> Result<Position, ErrorCode> {
    // SAFETY: the caller promises NULL or a readable, aligned `dg_position`; `as_ref` maps NULL
    // to `None`. The reference lives only for this copy, so `p` may also be a call's output.
    let slot = unsafe { p.as_ref() }.ok_or(ErrorCode::Null)?;
    slot.get()
}

/// Stores `position` at `out`.
///
/// # Safety
/// `out` is NULL or points to a writable, aligned `dg_position`.
pub(crate) unsafe fn write(out: *mut DgPosition, position: Position) -> Result<(), ErrorCode> {
    // SAFETY: the caller's promise is `put`'s.
    unsafe { crate::boundary::put(out, DgPosition::new(position)) }
}

/// `sizeof(dg_position)` as this library sees it, for a C program to check against its header.
#[unsafe(no_mangle)]
pub extern "C" fn dg_position_size() -> usize {
    size_of::<DgPosition>()
}

/// `DG_OK` if `p` holds a position a `dg_` function filled, `DG_ERR_NULL` or
/// `DG_ERR_NOT_A_POSITION` otherwise.
///
/// # Safety
/// `p` is NULL or points to a readable, aligned `dg_position`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dg_position_check(p: *const DgPosition) -> c_int {
    // SAFETY: the caller's promise is `read`'s.
    status(|| unsafe { read(p) }.map(|_| ()))
}

/// `p`'s position, or `None` for NULL or an untagged struct; for the functions that answer
/// with a plain value instead of a status.
///
/// # Safety
/// As [`read`].
pub(crate) unsafe fn read_or_none(p: *const DgPosition) -> Option<Position> {
    // SAFETY: the caller's promise is `read`'s.
    guard(None, || unsafe { read(p) }.ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tagged_struct_gives_back_its_position() {
        let kiwipete = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let held = DgPosition::new(kiwipete);
        let copy = held;
        assert_eq!(copy.get().map(|p| p.to_fen()), Ok(kiwipete.to_fen()));
    }

    #[test]
    fn a_zeroed_struct_is_refused() {
        let zeroed = DgPosition::zeroed();
        assert!(matches!(zeroed.get(), Err(ErrorCode::NotAPosition)));
        // SAFETY: a pointer to a live, aligned struct, and NULL.
        unsafe {
            assert_eq!(dg_position_check(&zeroed), ErrorCode::NotAPosition.code());
            assert_eq!(dg_position_check(core::ptr::null()), ErrorCode::Null.code());
            assert_eq!(dg_position_check(&DgPosition::new(Position::startpos())), 0);
        }
    }

    #[test]
    fn the_size_is_the_headers() {
        assert_eq!(dg_position_size(), DG_POSITION_WORDS * 8);
    }
}
