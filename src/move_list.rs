//! `MoveList`: a fixed-capacity list of moves, filled without allocating.

use core::ops::Deref;

use crate::Move;

/// Room for this many moves. The most legal moves known in a position reachable in a game is
/// 218; positions accepted only by the relaxed option (too much material) can have more, and
/// a list keeps the first `CAPACITY` of them (see [`MoveList::is_complete`]).
pub const CAPACITY: usize = 256;

/// Slots past the capacity that the list builder may write stand-ins into (whole runs of
/// moves are copied at once); never part of the list.
pub(crate) const SPARE: usize = 8;

/// The legal moves of a position, in a fixed-size array on the stack. Derefs to `[Move]`.
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
