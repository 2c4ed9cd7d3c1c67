//! `MoveList`: a fixed-capacity list of moves, filled without allocating.

use core::ops::{Deref, DerefMut};

use crate::Move;

/// Room for this many moves. The most legal moves known in a position reachable in a game is
/// 218; positions accepted only by the relaxed option (too much material) can have more, and
/// a list keeps the first `CAPACITY` of them (see [`MoveList::is_complete`]).
pub const CAPACITY: usize = 256;

/// Slots past the capacity that the list builder may write stand-ins into (whole runs of
/// moves are copied at once); never part of the list.
pub(crate) const SPARE: usize = 8;

/// The slots that [`MoveList::copied_from`] copies whatever the number of moves: more than
/// most positions have, so that the copy by length past them is rarely taken.
const COPIED_WHOLE: usize = 64;

/// The legal moves of a position, in a fixed-size array on the stack. Derefs to `[Move]` and
/// `mut [Move]`, so an engine sorts and edits it as a slice; [`MoveList::retain`],
/// [`MoveList::swap_remove`], [`MoveList::clear`] and [`Extend`] change its length. Two lists
/// are equal when they hold the same moves in the same order and dropped as many.
///
/// ```
/// use dirgolem::Position;
/// let moves = Position::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().any(|m| m.to_string() == "g1f3"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; CAPACITY + SPARE],
    len: usize,
    dropped: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::default(); CAPACITY + SPARE],
            len: 0,
            dropped: 0,
        }
    }

    /// An empty list whose unused slots hold `stand_in`: for the list builder, which writes
    /// over them. Given a value the compiler cannot see (a word of the position), it writes the
    /// array with a few vector stores; all zeros it turns into a call to `memset`, past the
    /// size it writes inline.
    #[inline(always)]
    pub(crate) fn with_stand_ins(stand_in: Move) -> MoveList {
        MoveList {
            moves: [stand_in; CAPACITY + SPARE],
            len: 0,
            dropped: 0,
        }
    }

    /// A list of `written` moves, the first of them from the front of `source` (at least
    /// `CAPACITY` of them, or all), its other slots holding `stand_in` or what `source` holds
    /// past them: for the entry points that return a list. The copy is made move by move by
    /// direct indexing, so that the new list is built where the caller takes it (the return
    /// place); a list whose address went to the writer is not, and returning it copies all
    /// 544 bytes. The first [`COPIED_WHOLE`] slots are copied whatever the list's length, a
    /// copy of fixed size that the compiler writes inline (no call to `memcpy`, whose branches
    /// on the length the CPU mispredicts as the lengths vary); only the moves past them are
    /// copied by length. (The compiler still stores stand-ins into those first slots before
    /// the copy writes them: four vector stores that nothing reads.)
    #[inline(always)]
    pub(crate) fn copied_from<const N: usize>(
        source: &[Move; N],
        written: usize,
        stand_in: Move,
    ) -> MoveList {
        const {
            assert!(
                COPIED_WHOLE <= N && COPIED_WHOLE <= CAPACITY,
                "the fixed copy is within both arrays"
            )
        };
        let mut list = MoveList::with_stand_ins(stand_in);
        let len = written.min(CAPACITY);
        #[allow(
            clippy::manual_memcpy,
            reason = "a slice copy borrows the array, and then the list is not built in the return place"
        )]
        {
            for i in 0..COPIED_WHOLE {
                list.moves[i] = source[i];
            }
            for i in COPIED_WHOLE..len.min(N) {
                list.moves[i] = source[i];
            }
        }
        list.len = len;
        list.dropped = written - len;
        list
    }

    /// Appends `m`; if the list is full, counts it as dropped instead.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    /// Empties the list (and forgets the count of dropped moves).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.dropped = 0;
    }

    /// Keeps only the moves for which `keep` returns true, in their order (the count of dropped
    /// moves stays as it was).
    ///
    /// ```
    /// use dirgolem::{Piece, Position};
    /// let pos = Position::startpos();
    /// let mut moves = pos.legal_moves();
    /// moves.retain(|&m| pos.moved_piece(m) == Some(Piece::Knight));
    /// assert_eq!(moves.len(), 4);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Removes the move at `index` and returns it, moving the last move into its place (O(1),
    /// the order changes); `None`, and the list unchanged, when `index` is not below
    /// the list's length (`len()`).
    ///
    /// ```
    /// use dirgolem::Position;
    /// let mut moves = Position::startpos().legal_moves();
    /// let last = moves[19];
    /// let first = moves.swap_remove(0).unwrap();
    /// assert_eq!((moves.len(), moves[0]), (19, last));
    /// assert!(!moves.contains(&first));
    /// assert_eq!(moves.swap_remove(19), None);
    /// ```
    pub fn swap_remove(&mut self, index: usize) -> Option<Move> {
        if index >= self.len {
            return None;
        }
        let m = self.moves[index];
        self.len -= 1;
        self.moves[index] = self.moves[self.len];
        Some(m)
    }

    /// Whether every pushed move is in the list (always so for positions reachable in a game
    /// and for every position the strict FEN parser accepts).
    #[inline]
    pub fn is_complete(&self) -> bool {
        self.dropped == 0
    }

    /// The whole array, for the list builder (`golem::fill_list`), which then calls
    /// [`MoveList::set_filled`].
    #[inline(always)]
    pub(crate) fn array_mut(&mut self) -> &mut [Move; CAPACITY + SPARE] {
        &mut self.moves
    }

    /// After the list builder wrote `moves` moves from the start of the array (those past the
    /// capacity only counted): the list holds the first `CAPACITY` and counts the rest as
    /// dropped.
    #[inline(always)]
    pub(crate) fn set_filled(&mut self, moves: usize) {
        self.len = moves.min(CAPACITY);
        self.dropped = moves - self.len;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice: to reorder them (say, sort them for a search), or to
    /// replace one by another.
    ///
    /// ```
    /// use dirgolem::Position;
    /// let mut moves = Position::startpos().legal_moves();
    /// moves.as_mut_slice().sort_by_key(|m| m.to_string());
    /// assert_eq!(moves[0].to_string(), "a2a3");
    /// assert_eq!(moves.len(), 20);
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice() && self.dropped == other.dropped
    }
}

impl Eq for MoveList {}

/// Appends each move as [`MoveList::push`] does: once the list is full, further moves are
/// counted as dropped (see [`MoveList::is_complete`]), not stored.
///
/// ```
/// use dirgolem::{MoveList, Position};
/// let mut moves = MoveList::new();
/// moves.extend(Position::startpos().legal_moves());
/// assert_eq!(moves.len(), 20);
/// ```
impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for m in moves {
            self.push(m);
        }
    }
}

/// The moves by value, in order.
impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = core::iter::Take<core::array::IntoIter<Move, { CAPACITY + SPARE }>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter().take(self.len)
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list made over stand-ins is empty: they are never among its moves, by value or by
    /// reference, and it equals a new list.
    #[test]
    fn stand_ins_are_not_moves() {
        let stand_in = Move::from_raw(0x0038);
        let mut list = MoveList::with_stand_ins(stand_in);
        assert_eq!(list, MoveList::new());
        assert!(list.is_empty() && list.is_complete());
        let m = Move::from_raw(0x0001);
        list.push(m);
        assert_eq!(list.as_slice(), [m]);
        assert_eq!(list.clone().into_iter().collect::<Vec<_>>(), [m]);
        assert_eq!((&mut list).into_iter().count(), 1);
    }

    /// A list copied from an array holds the first `written` moves (at most `CAPACITY`) and
    /// counts the rest as dropped, on both sides of the slots copied whatever the length
    /// (where the copy by length begins) and of the capacity.
    #[test]
    fn copied_lists_hold_the_first_moves() {
        let stand_in = Move::from_raw(0x0038);
        let source: [Move; CAPACITY + SPARE] =
            core::array::from_fn(|i| Move::from_raw(i as u16 + 1));
        let small: [Move; 2 * COPIED_WHOLE] = core::array::from_fn(|i| source[i]);
        for written in [
            0,
            1,
            COPIED_WHOLE - 1,
            COPIED_WHOLE,
            COPIED_WHOLE + 1,
            2 * COPIED_WHOLE - 1,
        ] {
            let list = MoveList::copied_from(&small, written, stand_in);
            assert_eq!(list.as_slice(), &source[..written], "{written}");
            assert!(list.is_complete());
        }
        for written in [CAPACITY - 1, CAPACITY, CAPACITY + 5] {
            let list = MoveList::copied_from(&source, written, stand_in);
            assert_eq!(
                list.as_slice(),
                &source[..written.min(CAPACITY)],
                "{written}"
            );
            assert_eq!(list.len() + list.dropped, written);
        }
    }
}
