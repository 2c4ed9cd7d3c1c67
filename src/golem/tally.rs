//! Counting the set bits of many bitboard vectors, lane by lane, with carry-save adders
//! (the Harley-Seal scheme): a full adder turns three sets into a sum set and a carry set of
//! twice the weight in two ternary-logic operations (five plain ones), so only the four
//! weight classes left at the end need population counts.

use crate::lanes::{PositionLanes, Positions};

/// A running count of set bits, summed over all lanes: `ones + 2 twos + 4 fours + 8 eights`.
#[derive(Clone, Copy)]
pub(crate) struct Tally<P: PositionLanes> {
    ones: Positions<P>,
    twos: Positions<P>,
    fours: Positions<P>,
    /// Byte-wise population counts of the weight-8 sets.
    eights: Positions<P>,
}

impl<P: PositionLanes> Tally<P> {
    /// Nothing counted yet.
    #[inline(always)]
    pub(crate) fn new(lanes: P) -> Tally<P> {
        let zero = Positions::splat(lanes, 0);
        Tally {
            ones: zero,
            twos: zero,
            fours: zero,
            eights: zero,
        }
    }

    /// Counts the set bits of eight vectors.
    #[inline(always)]
    pub(crate) fn add8(&mut self, s: [Positions<P>; 8]) {
        let (ones, two_a) = self.ones.full_add(s[0], s[1]);
        let (ones, two_b) = ones.full_add(s[2], s[3]);
        let (twos, four_a) = self.twos.full_add(two_a, two_b);
        let (ones, two_a) = ones.full_add(s[4], s[5]);
        let (ones, two_b) = ones.full_add(s[6], s[7]);
        let (twos, four_b) = twos.full_add(two_a, two_b);
        let (fours, eight) = self.fours.full_add(four_a, four_b);
        self.ones = ones;
        self.twos = twos;
        self.fours = fours;
        self.eights = self.eights.add_bytes(eight.byte_counts());
    }

    /// The number of set bits added, over all lanes. At most three blocks of eight may have
    /// been added (the one caller adds three): the weighted byte sums then stay below 256
    /// (((3 * 8 * 2 + 8) * 2 + 8) * 2 + 8 = 248).
    #[inline(always)]
    pub(crate) fn total(self) -> u64 {
        let mut bytes = self.eights;
        bytes = bytes.add_bytes(bytes).add_bytes(self.fours.byte_counts());
        bytes = bytes.add_bytes(bytes).add_bytes(self.twos.byte_counts());
        bytes = bytes.add_bytes(bytes).add_bytes(self.ones.byte_counts());
        bytes.sum_bytes()
    }
}
