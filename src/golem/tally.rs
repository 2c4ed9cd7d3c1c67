//! Counting the set bits of many bitboard vectors, lane by lane, with carry-save adders
//! (the Harley-Seal scheme): a full adder turns three sets into a sum set and a carry set of
//! twice the weight in two ternary-logic operations (five plain ones), so only the four
//! weight classes left at the end need population counts. A backend whose byte population
//! count is one instruction and whose full adder is several
//! ([`PositionLanes::TALLIES_BYTE_COUNTS`]) adds the byte counts of every set instead.

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
        if P::TALLIES_BYTE_COUNTS {
            self.add8_byte_counts(s);
            return;
        }
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

    /// The number of set bits added, lane by lane (so that the counts of several tallies are
    /// added as vectors and summed across the lanes once, not each on its own: the sum across
    /// the lanes is a chain of shuffles and adds that the next count would wait on). At most
    /// three blocks of eight may have been added (the one caller adds three): the weighted
    /// byte sums then stay below 256 (((3 * 8 * 2 + 8) * 2 + 8) * 2 + 8 = 248).
    #[inline(always)]
    pub(crate) fn lane_totals(self) -> Positions<P> {
        if P::TALLIES_BYTE_COUNTS {
            return self.lane_totals_of_byte_counts();
        }
        let mut bytes = self.eights;
        bytes = bytes.add_bytes(bytes).add_bytes(self.fours.byte_counts());
        bytes = bytes.add_bytes(bytes).add_bytes(self.twos.byte_counts());
        bytes = bytes.add_bytes(bytes).add_bytes(self.ones.byte_counts());
        bytes.byte_sums()
    }

    /// [`add8`](Self::add8) by the byte counts of every set, all added to the weight-8 field
    /// (the other fields stay zero).
    #[inline(always)]
    fn add8_byte_counts(&mut self, s: [Positions<P>; 8]) {
        let mut bytes = self.eights;
        for set in s {
            bytes = bytes.add_bytes(set.byte_counts());
        }
        self.eights = bytes;
    }

    /// [`lane_totals`](Self::lane_totals) of sets added by
    /// [`add8_byte_counts`](Self::add8_byte_counts): at most three blocks of eight, so the byte
    /// sums stay below 256 (3 * 8 * 8 = 192).
    #[inline(always)]
    fn lane_totals_of_byte_counts(self) -> Positions<P> {
        self.eights.byte_sums()
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;
    use crate::lanes::every_backend::{BackendCheck, on_every_backend};
    use crate::lanes::{Lanes, PositionJob, PositionLanes, Positions};

    /// Three blocks of eight sets, dense and sparse, with the bits of each lane's sets.
    fn blocks() -> ([[[u64; 8]; 8]; 3], u64) {
        let mut next = crate::test_random::xorshift(0x2545_f491_4f6c_dd1d);
        let mut sets = [[[0u64; 8]; 8]; 3];
        let mut bits = 0;
        for (b, block) in sets.iter_mut().enumerate() {
            for (s, set) in block.iter_mut().enumerate() {
                for lane in set.iter_mut() {
                    // All ones in the first sets: the byte sums' largest case.
                    *lane = if b == 0 || s < 2 { !0 } else { next() & next() };
                    bits += u64::from(lane.count_ones());
                }
            }
        }
        (sets, bits)
    }

    /// The backend's way of tallying and the byte counts, on its vectors, against `count_ones`.
    struct BothWays;

    impl PositionJob for BothWays {
        type Output = ();
        fn run<P: PositionLanes>(self, lanes: P) {
            let (sets, bits) = blocks();
            for byte_counts in [false, true] {
                let mut total = 0;
                for chunk in 0..8 / P::LANES {
                    let mut tally = Tally::new(lanes);
                    for block in &sets {
                        let block = block.map(|set| Positions::load(lanes, &set, chunk));
                        if byte_counts {
                            tally.add8_byte_counts(block);
                        } else {
                            tally.add8(block);
                        }
                    }
                    let lane_totals = if byte_counts {
                        tally.lane_totals_of_byte_counts()
                    } else {
                        tally.lane_totals()
                    };
                    total += lane_totals.sum_lanes();
                }
                assert_eq!(total, bits, "byte counts: {byte_counts}");
            }
        }
    }

    #[test]
    fn tallies_count_every_bit_on_every_backend() {
        struct Check;
        impl BackendCheck for Check {
            fn check<L: Lanes>(lanes: L, _name: &str) {
                lanes.by_position(BothWays);
            }
        }
        on_every_backend::<Check>();
    }
}
