//! The byte shuffle controls of a compress: the words of the lanes a mask keeps, packed at the
//! front by one table shuffle (`pshufb` on x86-64, `tbl` on aarch64). Shared by the backends
//! whose lane masks come in their registers' order rather than lane order, each with its own
//! table built from that order.

/// For words in lane order and a mask whose bit `i` stands for lane `order[i]` (a backend's
/// registers' order, its `Lanes::TABLE_ORDER`): the byte shuffle control that packs the words
/// of the lanes set, ascending lane by lane, at the front (zeros after). A whole control per
/// mask, so that a compress is one shuffle.
pub(crate) const fn compress_controls(order: [usize; 8]) -> [[u8; 16]; 256] {
    // The mask bit of each lane.
    let mut bit_of = [0; 8];
    let mut i = 0;
    while i < 8 {
        bit_of[order[i]] = i;
        i += 1;
    }
    let mut table = [[0x80u8; 16]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut lane, mut k) = (0, 0);
        while lane < 8 {
            if mask >> bit_of[lane] & 1 != 0 {
                table[mask][2 * k] = 2 * lane as u8;
                table[mask][2 * k + 1] = 2 * lane as u8 + 1;
                k += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
}
