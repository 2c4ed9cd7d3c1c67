//! Move lists: the target sets turned into moves, written straight into a [`MoveList`]'s
//! array, or handed to a closure in the same order.
//!
//! Serializing target by target (find each target's source with a ray mask and a bit scan,
//! its kind with branches: is the source a pawn? a promotion? en passant?) makes the CPU
//! mispredict where pawns and pieces share a direction, and every direction set is a loop
//! whose end is mispredicted in turn. Here the moves are written by source, nearly without
//! branches:
//!
//! 1. the king, one step in each direction: one move written per direction whether or not it
//!    exists, and counted only if it does (where the backend compresses vectors, AVX-512, AVX2
//!    and NEON, the king's eight moves come from a table and one compress keeps those that
//!    exist);
//! 2. each rook or queen along its four lines, then each bishop or queen along its four
//!    diagonals: the slider's reach ends at the first man, and within it its targets are one
//!    run of squares (all of the reach but our own man, or in check the one square that blocks
//!    or captures), so the moves are one copy of eight precomputed moves along the ray, and
//!    the list grows by the number of targets;
//! 3. each knight, its eight jumps in direction order, as the king's steps: one move written
//!    per jump and counted if its square is in the jump's direction set (where the backend
//!    compresses vectors, the words come from a table and one compress keeps those that
//!    exist);
//! 4. pawns: single pushes and double pushes rank by rank (a rank's moves are one copy of
//!    precomputed moves within a rank, shifted to the rank; where the backend chooses so,
//!    only the ranks in front of our pawns), captures to the north-east and
//!    the north-west (en passant marked without a branch), each a fixed step back;
//! 5. promotions (four moves each: knight, bishop, rook, queen) and castling, each behind one
//!    rarely taken test.
//!
//! perft's lists ([`fill_list`]) take en passant out of the captures and write it first in
//! step 5, behind one more rarely taken test: their plain moves come first, and perft counts
//! those from their parent at once. (The entry points' lists keep the order above: the test
//! cost their writer time.)
//!
//! That is the order of the list (within a set, squares ascending; along a ray, nearest
//! first; pieces of a kind by square, ascending). The copies and the branch-free writes put
//! stand-ins past the end of the list, which later moves overwrite; the array has [`SPARE`] slots past the capacity for them. Past the
//! capacity the writer's index wraps round; positions with that many moves (only the relaxed
//! option allows them) are found by the count of the moves written and go through the same
//! steps again, one move at a time.
//!
//! The pawn sets are cut out of the direction sets: a target whose square one step back holds
//! our pawn was reached by that pawn (the source is the nearest man behind the target), and a
//! rank-4 target with an empty square and our pawn behind it by a double push. The king and
//! the sliders take from the sets only squares whose nearest man back is themselves, so they
//! read the sets as they are.

use super::directions::{E, KNIGHT_STEP, N, NE, NW, RAY_STEP, S, SE, SW, W, jump_one, step_one};
use super::{MoveTargets, kind};
use crate::Move;
use crate::attacks::{RAYS, is_positive};
use crate::lanes::{Lanes, Lanes8, Scalar, run_from_lowest};
use crate::move_list::{CAPACITY, MoveList, SPARE};
use crate::position::*;

/// The move word of `from -> to` of kind `kind` (a `Move::RAW_*`): the layout of [`Move`]'s
/// encoding, written once for the list writer, whose tables and runs hold words. The squares
/// are below 64 but in stand-ins written past the list's end, which may hold anything.
#[inline(always)]
pub(crate) const fn word(from: u32, to: u32, kind: u16) -> u16 {
    (from | to << 6) as u16 | kind << 12
}

/// Where the moves go, one at a time ([`Out::put`]) or in the bulk forms, which by default
/// are made of `put`s.
trait Out {
    fn put(&mut self, m: Move);

    /// Marks the moves written so far as the plain ones: the moves after them are en passant,
    /// promotions and castling. A writer that does not need to know ignores it.
    #[inline(always)]
    fn end_plain(&mut self) {}

    /// `m` if `present`.
    #[inline(always)]
    fn put_if(&mut self, m: Move, present: bool) {
        if present {
            self.put(m);
        }
    }

    /// The first `len` moves of `run`.
    #[inline(always)]
    fn put_run(&mut self, run: &[Move; RUN], len: u32) {
        for &m in run.iter().take(len as usize) {
            self.put(m);
        }
    }

    /// The first `len` words of `row` with `base` added (or: their bits are disjoint).
    #[inline(always)]
    fn put_row(&mut self, row: &[u16; RUN], base: u16, len: u32) {
        for &word in row.iter().take(len as usize) {
            self.put(Move::from_raw(word | base));
        }
    }

    /// One move per square of `set`, ascending, its encoding made from the square by `word`.
    #[inline(always)]
    fn put_set(&mut self, set: u64, word: impl Fn(u32) -> u16) {
        let mut set = set;
        while set != 0 {
            let to = set.trailing_zeros();
            set &= set - 1;
            self.put(Move::from_raw(word(to)));
        }
    }
}

/// The fast writer: straight into an array of `N` moves, whose last [`SPARE`] are room for
/// stand-ins, for an array that holds every move. The index is taken modulo the rest, `N -
/// SPARE` (a power of two, so a mask; never reached, so the compiler needs no bounds check),
/// and the bulk forms write stand-ins past the end instead of branching. Past the modulus the
/// writes wrap round and overwrite the first moves: the count tells the caller it happened.
struct Fast<'a, const N: usize> {
    moves: &'a mut [Move; N],
    len: usize,
    /// The number of plain moves at the front, once [`Out::end_plain`] has marked them.
    plain: usize,
}

impl<const N: usize> Fast<'_, N> {
    /// Where the next move goes.
    #[inline(always)]
    fn at(&self) -> usize {
        const {
            assert!(
                (N - SPARE).is_power_of_two(),
                "the index is masked, not divided"
            )
        };
        self.len % (N - SPARE)
    }
}

impl<const N: usize> Out for Fast<'_, N> {
    #[inline(always)]
    fn end_plain(&mut self) {
        self.plain = self.len;
    }

    #[inline(always)]
    fn put(&mut self, m: Move) {
        let at = self.at();
        self.moves[at] = m;
        self.len += 1;
    }

    #[inline(always)]
    fn put_if(&mut self, m: Move, present: bool) {
        let at = self.at();
        self.moves[at] = m;
        self.len += present as usize;
    }

    #[inline(always)]
    fn put_run(&mut self, run: &[Move; RUN], len: u32) {
        let at = self.at();
        if let Ok(slots) = <&mut [Move; RUN]>::try_from(&mut self.moves[at..at + RUN]) {
            *slots = *run;
        }
        self.len += len as usize;
    }

    #[inline(always)]
    fn put_row(&mut self, row: &[u16; RUN], base: u16, len: u32) {
        let at = self.at();
        if let Ok(slots) = <&mut [Move; RUN]>::try_from(&mut self.moves[at..at + RUN]) {
            for (slot, &word) in slots.iter_mut().zip(row) {
                *slot = Move::from_raw(word | base);
            }
        }
        self.len += len as usize;
    }

    #[inline(always)]
    fn put_set(&mut self, set: u64, word: impl Fn(u32) -> u16) {
        // The first move is written whether or not there is one: most sets hold zero or one
        // move, and then no branch is taken at all.
        // (The bit scan of an empty set is 64: `word` takes it, for a stand-in.)
        let first = set.trailing_zeros();
        self.put_if(Move::from_raw(word(first)), set != 0);
        // The rest: the first square's bit reset (nothing when the set is empty, where the
        // shift wraps round to bit 0). Not `set & (set - 1)`: where the set's high bits are
        // known zero (the pawns' captures, rank 8 cut out), LLVM shrinks the constant -1 of
        // that form and it is no longer one `blsr`.
        let mut set = set & !1u64.wrapping_shl(first);
        while set != 0 {
            let to = set.trailing_zeros();
            set &= set - 1;
            self.put(Move::from_raw(word(to)));
        }
    }
}

/// The writer for lists that overflow: keeps `CAPACITY` moves from the `skip`-th on, counts
/// them all.
struct Bounded<'a> {
    moves: &'a mut [Move; CAPACITY + SPARE],
    len: usize,
    skip: usize,
}

impl Out for Bounded<'_> {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        if let Some(at) = self.len.checked_sub(self.skip)
            && let Some(slot) = self.moves[..CAPACITY].get_mut(at)
        {
            *slot = m;
        }
        self.len += 1;
    }
}

/// Hands each move to a closure.
struct Each<F>(F);

impl<F: FnMut(Move)> Out for Each<F> {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        (self.0)(m)
    }
}

/// The legal moves of `targets` (generated for board `b`; `flip` is 0 when White moves, 56
/// when Black does) into `list`, which must be empty. Perft's path: the fast writer is taken
/// when a bound on the moves, or else their count, is below the capacity; checking the count
/// written instead, as [`fill_list_kind`] does, compiled to more instructions per node inside
/// perft's recursion. Returns the number of plain moves at the front of the list (not en
/// passant, promotions or castling, which come after them), which perft counts from their
/// parent at once; 0 where the list was written by the writer for lists that overflow.
#[inline(always)]
pub(crate) fn fill_list<L: Lanes>(
    lanes: L,
    b: &Board,
    targets: &MoveTargets,
    flip: u32,
    list: &mut MoveList,
) -> usize {
    // The most moves the men can have (a queen is on both slider boards: 14 + 13; a pawn
    // three targets, four moves each as promotions; the king eight steps and two castlings)
    // settles it without counting for any position with no more material than a game can
    // have (at most 203).
    let ours = |kind: usize| (b[kind] & b[US]).count_ones() as usize;
    let most =
        14 * ours(ORTHOGONAL) + 13 * ours(DIAGONAL) + 8 * ours(KNIGHTS) + 12 * ours(PAWNS) + 10;
    let (written, plain) = if most < CAPACITY || targets.count() < CAPACITY {
        let mut out = Fast {
            moves: list.array_mut(),
            len: 0,
            plain: 0,
        };
        write_all::<L, { kind::ALL }, true>(lanes, &mut out, b, targets, flip);
        (out.len, out.plain)
    } else {
        // perft's targets are handed on, not generated again as the entry points' rare paths
        // do (`write_bounded_anew`): perft is compiled in this crate, and there generating
        // them again only added instructions to its recursion.
        (write_bounded::<{ kind::ALL }>(b, targets, flip, 0, list), 0)
    };
    list.set_filled(written);
    plain
}

/// The moves of [`fill_list`] for targets generated for kind `KIND` (`golem::kind`): the
/// entry points' lists.
#[inline(always)]
pub(crate) fn fill_list_kind<L: Lanes, const KIND: u8>(
    lanes: L,
    b: &Board,
    targets: &MoveTargets,
    flip: u32,
    list: &mut MoveList,
) {
    if KIND == kind::CAPTURES {
        return super::capture_list::fill_captures(b, targets, flip, list);
    }
    // The fast writer wraps round past the capacity and overwrites the first moves; below it,
    // no write wrapped. Only positions with more material than a game can have (the relaxed
    // option; a game's most is 218) reach it, and are written again, a move at a time, so the
    // common path has no count to make first.
    let mut out = Fast {
        moves: list.array_mut(),
        len: 0,
        plain: 0,
    };
    write_all::<L, KIND, false>(lanes, &mut out, b, targets, flip);
    let written = if out.len < CAPACITY {
        out.len
    } else {
        write_bounded_anew::<KIND>(b, flip, list)
    };
    list.set_filled(written);
}

/// The moves of kind `KIND` (`golem::kind`) of `targets` as a list returned by value: the
/// entry points' lists. The writer fills an array on the stack smaller than a list (room for
/// [`EACH_CAPACITY`] moves, so fewer stand-ins to write first), and the moves alone are copied
/// into the list returned, built by direct indexing (so in the caller's return place, not
/// copied out whole). Positions with that many moves or more (the most in a game is 218) are
/// written again into a whole list out of line, which is the list returned.
#[inline(always)]
pub(crate) fn list_of_kind<L: Lanes, const KIND: u8>(
    lanes: L,
    b: &Board,
    targets: &MoveTargets,
    flip: u32,
) -> MoveList {
    let stand_in = stand_in(flip);
    let mut moves = [stand_in; EACH_CAPACITY + SPARE];
    let written = if KIND == kind::CAPTURES {
        let mut len = 0;
        super::capture_list::write_captures(b, targets, flip, |m| {
            if let Some(slot) = moves[..EACH_CAPACITY].get_mut(len) {
                *slot = m;
            }
            len += 1;
        });
        len
    } else {
        let mut out = Fast {
            moves: &mut moves,
            len: 0,
            plain: 0,
        };
        write_all::<L, KIND, false>(lanes, &mut out, b, targets, flip);
        out.len
    };
    // Below the array's capacity no write wrapped round (or was left out), so the first
    // `written` moves are all there.
    if written < EACH_CAPACITY {
        MoveList::copied_from(&moves, written, stand_in)
    } else {
        whole_list::<KIND>(b, flip, stand_in)
    }
}

/// What fills the unused slots of [`list_of_kind`]'s array and list before the writer writes
/// over them, for side `flip`: a word of the position, which the compiler cannot see, so that
/// it writes the slots with a few vector stores (zeros it turns into a call to `memset` past
/// the size it writes inline). wasm32 without simd128 has no vector stores: there a stand-in
/// took one 16-bit store a slot, about 400 a list and some 30 % of a `legal_moves()` list's
/// time under node, and zeros are one `memory.fill` an array (BENCHMARKS.md, "wasm32
/// without simd128: the lists' stand-ins (session 44)").
#[inline(always)]
fn stand_in(flip: u32) -> Move {
    if cfg!(all(target_arch = "wasm32", not(target_feature = "simd128"))) {
        Move::from_raw(0)
    } else {
        Move::from_raw(flip as u16)
    }
}

/// The moves of [`list_of_kind`] for positions with more than its array holds: a whole list,
/// out of line, written by the scalar backend's lanes (the same moves in the same order), as
/// [`write_bounded`]. It generates the targets again rather than take the caller's: see
/// [`write_bounded_anew`].
#[cold]
#[inline(never)]
fn whole_list<const KIND: u8>(b: &Board, flip: u32, stand_in: Move) -> MoveList {
    let targets = super::generate_kind::<Scalar, KIND>(Scalar, b);
    let mut list = MoveList::with_stand_ins(stand_in);
    fill_list_kind::<Scalar, KIND>(Scalar, b, &targets, flip, &mut list);
    list
}

/// [`fill_list`] from the `skip`-th move on: the list holds the next `CAPACITY` moves and
/// counts the rest as dropped. With `skip` a multiple of `CAPACITY`, a list at a time, it
/// takes every move of a position with more moves than a list holds (relaxed positions only).
/// Returns what [`fill_list`] does for the first list, 0 for the others.
#[inline(always)]
pub(crate) fn fill_list_from<L: Lanes>(
    lanes: L,
    b: &Board,
    targets: &MoveTargets,
    flip: u32,
    skip: usize,
    list: &mut MoveList,
) -> usize {
    if skip == 0 {
        fill_list(lanes, b, targets, flip, list)
    } else {
        let written = write_bounded::<{ kind::ALL }>(b, targets, flip, skip, list);
        list.set_filled(written);
        0
    }
}

/// [`write_bounded`] for the entry points' lists ([`fill_list_kind`]), from the first move, on
/// targets generated again (by the scalar backend, the same sets) rather than the caller's.
/// Given the caller's, the entry point must keep its targets in memory for this rare call, and
/// where a crate that depends on this one is built with its own settings (Cargo's default
/// release profile: 16 codegen units, no LTO), the compiler then also read them back from
/// there in the common path, by loads that straddle two of the stores that wrote them, which
/// the CPU cannot forward, so that they wait for the stores to reach the cache (`BENCHMARKS.md`,
/// "An engine's release build: the targets kept in registers (session 41)").
#[cold]
#[inline(never)]
fn write_bounded_anew<const KIND: u8>(b: &Board, flip: u32, list: &mut MoveList) -> usize {
    let targets = super::generate_kind::<Scalar, KIND>(Scalar, b);
    write_bounded::<KIND>(b, &targets, flip, 0, list)
}

/// [`fill_list`] for lists that may overflow (relaxed positions only), from the `skip`-th
/// move on: kept out of line so that the common path's code stays compact. Scalar code (the
/// scalar backend's lanes, which write the same moves in the same order), so it loses nothing
/// by not sharing the entry point's target features.
#[cold]
#[inline(never)]
fn write_bounded<const KIND: u8>(
    b: &Board,
    targets: &MoveTargets,
    flip: u32,
    skip: usize,
    list: &mut MoveList,
) -> usize {
    let mut out = Bounded {
        moves: list.array_mut(),
        len: 0,
        skip,
    };
    write_all::<Scalar, KIND, false>(Scalar, &mut out, b, targets, flip);
    out.len.saturating_sub(skip)
}

/// The array [`write_each`] writes for [`hand_over`]: smaller than a [`MoveList`] (room for
/// [`EACH_CAPACITY`] moves), so zeroing it takes a few vector stores where a list's takes a call
/// to `memset`; positions with that many moves are rare in games (the most is 218).
pub(crate) type EachMoves = [Move; EACH_SLOTS];

/// The slots of [`EachMoves`]: [`EACH_CAPACITY`] and room for the writer's stand-ins.
pub(crate) const EACH_SLOTS: usize = EACH_CAPACITY + SPARE;

/// The moves of `targets`, in the order of [`fill_list`], written into `moves` by the fast
/// writer, for [`hand_over`] to hand to a callback: the count written, or `None` when there were
/// too many for the array (its writes then wrapped round). Handing the moves over from an array
/// is faster than handing each over as it is found, whose branches the CPU mispredicts.
#[inline(always)]
pub(crate) fn write_each<L: Lanes>(
    lanes: L,
    b: &Board,
    targets: &MoveTargets,
    flip: u32,
    moves: &mut EachMoves,
) -> Option<usize> {
    let mut out = Fast {
        moves,
        len: 0,
        plain: 0,
    };
    write_all::<L, { kind::ALL }, false>(lanes, &mut out, b, targets, flip);
    // Below the capacity no write wrapped round, so the first `len` moves are all there.
    (out.len < EACH_CAPACITY).then_some(out.len)
}

/// Calls `f` with the first `written` moves of `moves` ([`write_each`]), or, when they were
/// not all there (`None`), with each move of board `b` one at a time (`flip` as for
/// [`write_each`]). Apart from that rare case this holds no more than the array while `f` runs:
/// it is compiled in the caller's crate (it is generic over `f`), unoptimised in an engine's
/// debug build, where a large frame kept while `f` runs would add up down a search that
/// recurses inside `f`.
#[inline(always)]
pub(crate) fn hand_over(
    b: &Board,
    flip: u32,
    moves: &EachMoves,
    written: Option<usize>,
    mut f: impl FnMut(Move),
) {
    match written {
        Some(written) => {
            for &m in &moves[..written] {
                f(m);
            }
        }
        None => each_one_at_a_time(b, flip, f),
    }
}

/// [`hand_over`] for positions with more moves than its array holds, one move at a time:
/// kept out of line, so that the common path is compiled alone, as the lists' is (beside a
/// second inlined writer it ran more instructions: BENCHMARKS.md, "Move lists (session 15)").
/// Scalar code, as [`write_bounded`]: the same moves in the same order, and rare.
///
/// With debug assertions on it hands `f` to [`each_one_by_ref`]: this function is generic,
/// so compiled in the caller's crate, and in an engine's debug build that optimises this crate
/// alone, compiled unoptimised there with the pipeline forced inline into it, its frame was
/// about 58 KB, held while `f` runs.
#[cold]
#[inline(never)]
fn each_one_at_a_time(b: &Board, flip: u32, f: impl FnMut(Move)) {
    #[cfg(debug_assertions)]
    {
        let mut f = f;
        each_one_by_ref(b, flip, &mut f);
    }
    #[cfg(not(debug_assertions))]
    {
        let targets = super::generate(Scalar, b);
        write_all::<Scalar, { kind::ALL }, false>(Scalar, &mut Each(f), b, &targets, flip);
    }
}

/// [`each_one_at_a_time`] where debug assertions are on: not generic, so compiled in this
/// crate with its optimisation, `f` called through a reference.
#[cfg(debug_assertions)]
fn each_one_by_ref(b: &Board, flip: u32, f: &mut dyn FnMut(Move)) {
    let targets = super::generate(Scalar, b);
    write_all::<Scalar, { kind::ALL }, false>(Scalar, &mut Each(f), b, &targets, flip);
}

/// The moves [`write_each`] gathers before handing them over (a power of two, for
/// [`Fast`]'s index); positions with more go one move at a time.
const EACH_CAPACITY: usize = 128;

/// Writes every move of `t`, generated for kind `KIND`; where `PLAIN_FIRST`, en passant after
/// the other captures, and the moves before it marked plain ([`Out::end_plain`]).
// Not forced inline in unoptimised builds (`build.rs` says why).
#[cfg_attr(not(dirgolem_unoptimized), inline(always))]
#[cfg_attr(dirgolem_unoptimized, inline)]
fn write_all<L: Lanes, const KIND: u8, const PLAIN_FIRST: bool>(
    lanes: L,
    w: &mut impl Out,
    b: &Board,
    t: &MoveTargets,
    flip: u32,
) {
    // Flipping both squares of a move word at once.
    let flip = word(flip, flip, Move::RAW_NORMAL);
    let occupied = b[US] | b[THEM];
    let pawns = b[PAWNS] & b[US];

    let singles = t.rays[N] & pawns << 8;
    let doubles = t.rays[N] & pawns << 16 & RANK_4 & !(occupied << 8);
    let pawn_ne = t.rays[NE] & pawns << 9 & NOT_FILE_A;
    let pawn_nw = t.rays[NW] & pawns << 7 & NOT_FILE_H;

    // 1. The king; 2. the rooks and queens along their lines, then bishops and queens. Both
    // take from the direction sets only targets whose nearest man back is the piece itself
    // (the square one step on, the squares before the first man), never a pawn's, so the
    // sets need no pawn targets cut out first.
    let pieces = &t.rays;
    let king = b[KINGS] & b[US];
    if L::COMPRESSES {
        // The steps' squares are known (the king's square plus each step): the moves come
        // from a table and the steps that exist pick them, without finding each target's
        // square in its set.
        let steps = Lanes8::load(lanes, *pieces) & step_one(lanes, king);
        let words = KING_WORDS[(flip != 0) as usize][king.trailing_zeros() as usize];
        let (moves, present) = steps.compress_u16_nonzero(words);
        w.put_row(&moves, 0, present);
    } else {
        // Each step's target tested directly.
        let king = king.trailing_zeros() & 63;
        king_step::<0>(w, king, pieces[0], flip);
        king_step::<1>(w, king, pieces[1], flip);
        king_step::<2>(w, king, pieces[2], flip);
        king_step::<3>(w, king, pieces[3], flip);
        king_step::<4>(w, king, pieces[4], flip);
        king_step::<5>(w, king, pieces[5], flip);
        king_step::<6>(w, king, pieces[6], flip);
        king_step::<7>(w, king, pieces[7], flip);
    }
    // A slider's targets are one run from its square out of check, for every move and for
    // the quiet ones; in check, and for captures (the man at the end of the reach), they are
    // single squares.
    if t.in_check || KIND == kind::CAPTURES {
        sliders::<true>(w, b, pieces, occupied, flip);
    } else if L::COUNTS_RUNS {
        slider_runs(w, lanes, b, pieces, flip);
    } else {
        sliders::<false>(w, b, pieces, occupied, flip);
    }

    // 3. Knights, one at a time, as the king: each jump's target tested in its direction's
    // set.
    knight_jumps(w, lanes, b[KNIGHTS] & b[US], &t.knights, flip);

    // 4. Pawns, promotions left for 5.
    // Pushes rank by rank (ranks 3 to 7 for single pushes, 4 for double ones): one copy of a
    // rank's moves each, no loop. Where the backend chooses so, only the ranks in front of a
    // rank with our pawns: the test reads the board, known long before the targets, so a
    // wrong guess is soon put right.
    let bases = &PUSH_BASES[(flip != 0) as usize];
    let has_pawns = |rank: u32| !L::SKIPS_EMPTY_PUSH_ROWS || pawns >> (8 * rank) & 0xff != 0;
    // A row's length: from one count of the set's ranks where the backend counts them all at
    // once (`Lanes::COUNTS_RANKS`); elsewhere each row counts its own byte.
    let (single_rows, double_rows) = if L::COUNTS_RANKS {
        (
            Some(lanes.rank_counts(singles)),
            Some(lanes.rank_counts(doubles)),
        )
    } else {
        (None, None)
    };
    for rank in 2..7 {
        if has_pawns(rank - 1) {
            let len = single_rows.map(|rows| rows[rank as usize]);
            push_row(w, singles, rank, &bases[rank as usize - 2], len);
        }
    }
    if has_pawns(1) {
        push_row(w, doubles, 3, &bases[5], double_rows.map(|rows| rows[3]));
    }
    let captures = &PAWN_CAPTURE_WORDS[(flip != 0) as usize];
    if PLAIN_FIRST {
        // A capture's word from a table by its target square; en passant after the other
        // captures, with the promotions and castling.
        let ep = b[SPECIAL] & RANK_6;
        w.put_set(pawn_ne & !RANK_8 & !ep, |to| captures[0][to as usize]);
        w.put_set(pawn_nw & !RANK_8 & !ep, |to| captures[1][to as usize]);
        w.end_plain();
        if (pawn_ne | pawn_nw) & ep != 0 {
            let en_passant = word(0, 0, Move::RAW_EN_PASSANT);
            w.put_set(pawn_ne & ep, |to| captures[0][to as usize] | en_passant);
            w.put_set(pawn_nw & ep, |to| captures[1][to as usize] | en_passant);
        }
    } else {
        // A capture's word from a table by its target square, en passant's kind ORed in: the
        // en passant square (rank 6, so bits 40 to 47) moved up to the kind's bit once, and
        // shifted down by the target square, lands on the kind's bit only for that square.
        let ep = (b[SPECIAL] & RANK_6) << 12;
        let capture = |words: &'static [u16; 65]| {
            move |to: u32| {
                words[to as usize] | ep.wrapping_shr(to) as u16 & word(0, 0, Move::RAW_EN_PASSANT)
            }
        };
        w.put_set(pawn_ne & !RANK_8, capture(&captures[0]));
        w.put_set(pawn_nw & !RANK_8, capture(&captures[1]));
    }

    // 5. Promotions and castling.
    let [promote_n, promote_ne, promote_nw] = t.promotions;
    if promote_n | promote_ne | promote_nw != 0 {
        for (set, back) in [(promote_n, 8), (promote_ne, 9), (promote_nw, 7)] {
            let mut set = set;
            while set != 0 {
                let to = set.trailing_zeros();
                set &= set - 1;
                let base = word(to - back, to, Move::RAW_NORMAL) ^ flip;
                for piece in 0..4 {
                    w.put(Move::from_raw(
                        base | word(0, 0, Move::RAW_PROMOTION + piece),
                    ));
                }
            }
        }
    }
    if t.castling != 0 {
        let king = (b[KINGS] & b[US]).trailing_zeros();
        w.put_set(t.castling, |rook| {
            word(king, rook, Move::RAW_CASTLING) ^ flip
        });
    }
}

/// `table[black][sq]`: a step from `sq` in each direction of `steps`, as move words in lane
/// order, with squares flipped for Black. A step off the board wraps round to a square that
/// its direction's set cannot hold (the landing masks of `directions`), so its word is never
/// kept. Entry 64 (the bit scan of an empty set) is empty, so that a man's square indexes the
/// table unmasked.
const fn step_words(steps: [i8; 8]) -> [[[u16; 8]; 65]; 2] {
    let mut table = [[[0u16; 8]; 65]; 2];
    let mut side = 0;
    while side < 2 {
        let flip = if side == 1 { 56 } else { 0 };
        let mut sq = 0;
        while sq < 64 {
            let mut d = 0;
            while d < 8 {
                let to = (sq as i32 + steps[d] as i32) as u32 & 63;
                table[side][sq][d] = word(sq as u32 ^ flip, to ^ flip, Move::RAW_NORMAL);
                d += 1;
            }
            sq += 1;
        }
        side += 1;
    }
    table
}

/// `KING_WORDS[black][sq]`: the king's step from `sq` in each ray direction ([`step_words`]).
static KING_WORDS: [[[u16; 8]; 65]; 2] = step_words(RAY_STEP);

/// `KNIGHT_WORDS[black][sq]`: the knight's jump from `sq` in each knight direction
/// ([`step_words`]).
static KNIGHT_WORDS: [[[u16; 8]; 65]; 2] = step_words(KNIGHT_STEP);

/// `PAWN_CAPTURE_WORDS[black][dir][to]`: the word of the pawn's capture onto `to` to the
/// north-east (`dir` 0, from nine squares back) or the north-west (1, seven back), squares
/// flipped for Black. Squares without such a capture hold words never kept; entry 64 (the
/// trailing zeros of an empty set) is there so that a bit scan indexes the table unmasked.
static PAWN_CAPTURE_WORDS: [[[u16; 65]; 2]; 2] = {
    let mut table = [[[0u16; 65]; 2]; 2];
    let mut side = 0;
    while side < 2 {
        let flip = if side == 1 { 56 } else { 0 };
        let mut dir = 0;
        while dir < 2 {
            let back = if dir == 0 { 9 } else { 7 };
            let mut to = back;
            while to < 64 {
                table[side][dir][to as usize] =
                    word((to - back) ^ flip, to ^ flip, Move::RAW_NORMAL);
                to += 1;
            }
            dir += 1;
        }
        side += 1;
    }
    table
};

/// `ROW_FILES[byte]`: the files of the squares of a rank (`byte`, file a in bit 0), ascending,
/// each as `file | file << 6` (a move word within the rank), then zeros.
static ROW_FILES: [[u16; RUN]; 256] = {
    let mut table = [[0u16; RUN]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut file, mut k) = (0, 0);
        while file < 8 {
            if byte >> file & 1 != 0 {
                table[byte][k] = word(file, file, Move::RAW_NORMAL);
                k += 1;
            }
            file += 1;
        }
        byte += 1;
    }
    table
};

/// `PUSH_BASES[black][row]`: eight times the move word of the push onto file a of push row
/// `row` (rows 0 to 4: single pushes onto rank index 2 to 6; row 5: double pushes onto rank
/// index 3), squares flipped for Black. A row's moves are its files' words (`ROW_FILES`) ORed
/// with them: one load of the bases per row, no base word made and broadcast.
static PUSH_BASES: [[[u16; RUN]; 6]; 2] = {
    let mut table = [[[0u16; RUN]; 6]; 2];
    let mut side = 0;
    while side < 2 {
        let flip = if side == 1 { 56 } else { 0 };
        let mut row = 0;
        while row < 6 {
            let (to, back) = if row < 5 {
                (8 * (row + 2), 8)
            } else {
                (24, 16)
            };
            table[side][row as usize] =
                [word((to - back) ^ flip, to ^ flip, Move::RAW_NORMAL); RUN];
            row += 1;
        }
        side += 1;
    }
    table
};

/// The pawn pushes of `set` (targets) that land on rank index `rank`, their words `base` (from
/// `PUSH_BASES`) ORed with the files'; `len`, their number where the caller counted it.
#[inline(always)]
fn push_row(w: &mut impl Out, set: u64, rank: u32, base: &[u16; RUN], len: Option<u8>) {
    // The rank's byte rotated to bits 4 to 11 is the byte offset of its entry in `ROW_FILES`
    // (16 bytes each), and its bits are the row's: one value for the entry and the count, not
    // the byte taken out and then scaled. (The compiler makes the rotate a shift, knowing the
    // set's other bits; BENCHMARKS.md, "Move lists (session 16)", for what it gained.) `rank`
    // is 2 to 6, so the rotation is a right one of 12 to 44.
    let offset = set.rotate_right(8 * rank - 4) as u32 & 0xff0;
    // The entry's words from the flat table by its word index (half the byte offset), so
    // that the address is the offset itself. The offset is at most 0xff0, so the words are
    // always within the table: the empty row for `None` is never taken, and the bounds are
    // known to the compiler (no branch).
    let first = (offset >> 1) as usize;
    let files = ROW_FILES
        .as_flattened()
        .get(first..first + RUN)
        .unwrap_or(&[0; RUN]);
    let words: [u16; RUN] = core::array::from_fn(|i| files[i] | base[i]);
    let len = match len {
        Some(len) => u32::from(len),
        None => offset.count_ones(),
    };
    w.put_row(&words, 0, len);
}

/// The moves of each rook or queen along its lines, then of each bishop or queen along its
/// diagonals.
#[inline(always)]
fn sliders<const IN_CHECK: bool>(
    w: &mut impl Out,
    b: &Board,
    pieces: &[u64; 8],
    occupied: u64,
    flip: u16,
) {
    slider_rays::<IN_CHECK, N, E, S, W>(w, b[ORTHOGONAL] & b[US], pieces, occupied, flip);
    slider_rays::<IN_CHECK, NE, SE, SW, NW>(w, b[DIAGONAL] & b[US], pieces, occupied, flip);
}

/// The moves of each slider of `sliders` along ray directions `A`, `B`, `C` and `D`, in that
/// order (const arguments, so that each ray's lookups and scans are known at compile time).
#[inline(always)]
fn slider_rays<
    const IN_CHECK: bool,
    const A: usize,
    const B: usize,
    const C: usize,
    const D: usize,
>(
    w: &mut impl Out,
    sliders: u64,
    pieces: &[u64; 8],
    occupied: u64,
    flip: u16,
) {
    let mut set = sliders;
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        ray_run::<IN_CHECK, A>(w, from, pieces[A], occupied, flip);
        ray_run::<IN_CHECK, B>(w, from, pieces[B], occupied, flip);
        ray_run::<IN_CHECK, C>(w, from, pieces[C], occupied, flip);
        ray_run::<IN_CHECK, D>(w, from, pieces[D], occupied, flip);
    }
}

/// The moves of [`sliders`] out of check, where the backend counts a slider's four runs at
/// once ([`Lanes::run_lengths`]): each run is unbroken from the ray's nearest square, as in
/// [`ray_run`] going up, and going down it is the same with the bits reversed, the nearest
/// square the lowest. So the sets of the directions going down are reversed once per list,
/// the rays (from a table) once for all, and a slider's four lengths are one vector of
/// popcounts, where [`ray_run`] finds the first man going down with a second ray lookup.
#[inline(always)]
fn slider_runs<L: Lanes>(w: &mut impl Out, lanes: L, b: &Board, sets: &[u64; 8], flip: u16) {
    let [se, s, sw, west] = lanes.reverse_bits4([sets[SE], sets[S], sets[SW], sets[W]]);
    let runs = &RUNS[(flip != 0) as usize];
    let orthogonal = [sets[N], sets[E], s, west];
    let diagonal = [sets[NE], se, sw, sets[NW]];
    slider_runs_of(
        w,
        lanes,
        b[ORTHOGONAL] & b[US],
        &orthogonal,
        &RUN_RAYS[0],
        ORTHOGONAL_RUNS,
        runs,
    );
    slider_runs_of(
        w,
        lanes,
        b[DIAGONAL] & b[US],
        &diagonal,
        &RUN_RAYS[1],
        DIAGONAL_RUNS,
        runs,
    );
}

/// The ray directions of a rook's runs, in the list's order.
const ORTHOGONAL_RUNS: [usize; 4] = [N, E, S, W];
/// The ray directions of a bishop's runs, in the list's order.
const DIAGONAL_RUNS: [usize; 4] = [NE, SE, SW, NW];

/// The runs of each slider of `sliders` along the four directions `dirs`, whose sets are
/// `sets` and rays `rays` (the directions going down reversed alike).
#[inline(always)]
fn slider_runs_of<L: Lanes>(
    w: &mut impl Out,
    lanes: L,
    sliders: u64,
    sets: &[u64; 4],
    rays: &[[u64; 4]; 64],
    dirs: [usize; 4],
    runs: &[[[Move; RUN]; 64]; 8],
) {
    let mut set = sliders;
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let lengths = lanes.run_lengths(&rays[from], sets);
        for (&d, &len) in dirs.iter().zip(&lengths) {
            w.put_run(&runs[d][from], len as u32);
        }
    }
}

/// `RUN_RAYS[kind][sq]`: the rays from `sq` along `ORTHOGONAL_RUNS` (kind 0) or
/// `DIAGONAL_RUNS` (kind 1), those going down with their bits reversed, so that on each the
/// nearest square is the lowest.
static RUN_RAYS: [[[u64; 4]; 64]; 2] = {
    let mut table = [[[0; 4]; 64]; 2];
    let kinds = [ORTHOGONAL_RUNS, DIAGONAL_RUNS];
    let mut kind = 0;
    while kind < 2 {
        let mut sq = 0;
        while sq < 64 {
            let mut i = 0;
            while i < 4 {
                let d = kinds[kind][i];
                table[kind][sq][i] = if is_positive(d) {
                    RAYS[d][sq]
                } else {
                    RAYS[d][sq].reverse_bits()
                };
                i += 1;
            }
            sq += 1;
        }
        kind += 1;
    }
    table
};

/// Words of a run: the longest ray has seven squares, and a copy of eight is one 16-byte store.
const RUN: usize = 8;
// A whole run is copied at the list's end, so the array must have room past the capacity.
const _: () = assert!(
    SPARE >= RUN,
    "a run copied at the end of a list must fit in its spare"
);

/// `RUN_WORDS[d][sq]`: the moves from `sq` along ray direction `d`, nearest target first
/// (zero past the edge), as move words.
const RUN_WORDS: [[[u16; RUN]; 64]; 8] = {
    let mut table = [[[0u16; RUN]; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            // The ray's squares, nearest first.
            let mut ray = RAYS[d][sq];
            let mut k = 0;
            while ray != 0 {
                let to = if is_positive(d) {
                    ray.trailing_zeros()
                } else {
                    63 - ray.leading_zeros()
                };
                ray ^= 1 << to;
                table[d][sq][k] = word(sq as u32, to, Move::RAW_NORMAL);
                k += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    table
};

/// `RUNS[black][d][sq]`: [`RUN_WORDS`] as moves, with squares flipped for Black.
static RUNS: [[[[Move; RUN]; 64]; 8]; 2] = {
    let mut table = [[[[Move::from_raw(0); RUN]; 64]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let flip = if side == 1 {
            word(56, 56, Move::RAW_NORMAL)
        } else {
            0
        };
        let mut d = 0;
        while d < 8 {
            let mut sq = 0;
            while sq < 64 {
                let mut k = 0;
                while k < RUN {
                    table[side][d][sq][k] = Move::from_raw(RUN_WORDS[d][sq][k] ^ flip);
                    k += 1;
                }
                sq += 1;
            }
            d += 1;
        }
        side += 1;
    }
    table
};

/// The moves of the knights of `knights`, one knight at a time, its jumps in direction order:
/// the jump in direction `d` exists when `targets[d]` holds its square (a target's source is
/// one jump back, so it is this knight). Where the backend compresses vectors the eight
/// tests are one vector of the jumps' squares against the sets, and one compress keeps the
/// jumps' words from a table, as for the king; elsewhere eight writes, each counted if its
/// square is in its set.
#[inline(always)]
fn knight_jumps<L: Lanes>(w: &mut impl Out, lanes: L, knights: u64, targets: &[u64; 8], flip: u16) {
    let words = &KNIGHT_WORDS[(flip != 0) as usize];
    let mut set = knights;
    if L::COMPRESSES {
        let sets = Lanes8::load(lanes, *targets);
        while set != 0 {
            let from = set.trailing_zeros() as usize;
            set &= set - 1;
            let jumps = sets & jump_one(lanes, 1 << from);
            let (moves, present) = jumps.compress_u16_nonzero(words[from]);
            w.put_row(&moves, 0, present);
        }
    } else {
        while set != 0 {
            let from = set.trailing_zeros() as usize;
            set &= set - 1;
            for (d, (&set, &word)) in targets.iter().zip(&words[from]).enumerate() {
                let to = (from as u32).wrapping_add(KNIGHT_STEP[d] as u32) & 63;
                w.put_if(Move::from_raw(word), set >> to & 1 != 0);
            }
        }
    }
}

/// The king's move in ray direction `D`, if `set` (the pieces' targets that way) has it. The
/// target square is taken modulo 64: where a step leaves the board it wraps to a square that
/// no move in direction `D` lands on (`RAY_LANDING`), so `set` never has it. No table: the
/// move word is made from the squares, both flipped for Black.
#[inline(always)]
fn king_step<const D: usize>(w: &mut impl Out, king: u32, set: u64, flip: u16) {
    let to = king.wrapping_add(RAY_STEP[D] as u32) & 63;
    w.put_if(
        Move::from_raw(word(king, to, Move::RAW_NORMAL) ^ flip),
        set >> to & 1 != 0,
    );
}

/// The moves of the slider on `from` in ray direction `D`, whose targets that way are among
/// `set`. Its reach stops at the first man; out of check, its targets are the reach but for our
/// own man there, so the nearest squares of the ray: the first moves of the precomputed run.
/// In check, at most the one square that blocks or captures.
#[inline(always)]
fn ray_run<const IN_CHECK: bool, const D: usize>(
    w: &mut impl Out,
    from: usize,
    set: u64,
    occupied: u64,
    flip: u16,
) {
    let ray = RAYS[D][from];
    let targets = if !IN_CHECK && is_positive(D) {
        // Out of check the targets are one unbroken run of `set` from the nearest square of
        // the ray on, and the square past the run is not in `set`: it is our own man, or the
        // square behind their man, whose source would be that man. So the run ends below the
        // lowest square of the ray not in `set`: no first man to find, and no second ray
        // lookup that waits for the first. (Going down, finding the highest such square takes
        // more instructions than finding the first man, unless the backend reverses the
        // sets: `slider_runs`.)
        run_from_lowest(ray, set)
    } else {
        // The square past the edge counts as occupied, so there is always a first man.
        let blockers = ray & occupied | if is_positive(D) { 1 << 63 } else { 1 };
        let first = if is_positive(D) {
            blockers.trailing_zeros()
        } else {
            63 ^ blockers.leading_zeros()
        };
        (ray ^ RAYS[D][first as usize & 63]) & set
    };
    if IN_CHECK {
        w.put_set(targets, |to| word(from as u32, to, Move::RAW_NORMAL) ^ flip);
    } else {
        w.put_run(&RUNS[(flip != 0) as usize][D][from], targets.count_ones());
    }
}

#[cfg(test)]
mod tests {
    use crate::{Backend, Color, Generator, ParseOptions, Piece, Position};

    /// Each available backend's list and callbacks on `fen`: the moves, in UCI text.
    fn lists(fen: &str) -> Vec<(Backend, Vec<String>, Vec<String>)> {
        let pos = Position::from_fen(fen).unwrap();
        Backend::ALL
            .into_iter()
            .filter_map(|b| Generator::new(b).ok())
            .map(|g| {
                let list = g.legal_moves(&pos).iter().map(|m| m.to_string()).collect();
                let mut each = Vec::new();
                g.for_each_legal_move(&pos, |m| each.push(m.to_string()));
                (g.backend(), list, each)
            })
            .collect()
    }

    /// A double push that blocks a check, with no single push or pawn capture beside it, is
    /// written like any other (a rank row of its own).
    #[test]
    fn a_lone_double_push_is_written() {
        // The rook checks along the fourth rank; d2-d4 blocks, d2-d3 does not.
        for (backend, list, each) in lists("8/8/8/8/r6K/8/3P4/k7 w - - 0 1") {
            let mut sorted = list.clone();
            sorted.sort();
            assert_eq!(
                sorted,
                ["d2d4", "h4g3", "h4g5", "h4h3", "h4h5"],
                "{backend}"
            );
            assert_eq!(list, each, "{backend}");
        }
    }

    /// With no pawn move at all, or no slider on the other side (no rays, pins or sliding
    /// checks), the lists hold every move all the same.
    #[test]
    fn positions_without_pawn_moves_or_their_sliders() {
        for (fen, moves) in [
            // Blocked pawns only: the king's five steps and the knight's two.
            ("4k3/8/8/8/8/p7/P7/N3K3 w - - 0 1", 5 + 2),
            // No black slider: the king's five steps and the queen's seventeen.
            ("4k3/4n3/8/8/8/8/8/Q3K3 w - - 0 1", 5 + 17),
            // Their knight checks; no slider of theirs; the king steps away, castling is out.
            ("4k3/8/8/8/8/3n4/8/R3K3 w Q - 0 1", 4),
        ] {
            let count = Position::from_fen(fen).unwrap().count_legal();
            assert_eq!(count, moves, "{fen}");
            for (backend, list, each) in lists(fen) {
                assert_eq!(list.len(), count, "{fen} on {backend}: {list:?}");
                assert_eq!(list, each, "{fen} on {backend}");
            }
        }
    }

    /// Kings, rooks, bishops and queens right behind pawns that push (once or twice) or
    /// capture (en passant too), in and out of check, for both sides: the king and the
    /// sliders read the direction sets with the pawns' targets in them, and write none of
    /// those moves, which the pawns write once.
    #[test]
    fn pieces_behind_pawns_leave_the_pawns_moves_to_them() {
        for fen in [
            "4k3/8/8/8/8/8/3PPP2/3QKR2 w - - 0 1",
            "3qkr2/3ppp2/8/8/8/8/8/4K3 b - - 0 1",
            "4k3/8/8/8/8/2p1p3/3P4/2BQK3 w - - 0 1",
            "4k3/8/8/3pP3/8/6B1/8/4K3 w - d6 0 1",
            "4k3/8/6b1/8/3Pp3/8/8/4K3 b - d3 0 1",
            "4k3/8/8/b7/8/8/2P5/2Q1K3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let count = pos.count_legal();
            for (backend, list, each) in lists(fen) {
                let mut distinct = list.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(distinct.len(), count, "{fen} on {backend}: {list:?}");
                assert_eq!(list.len(), count, "{fen} on {backend}: {list:?}");
                assert_eq!(list, each, "{fen} on {backend}");
            }
        }
    }

    /// Knights are written one at a time, by square, each with its jumps: two knights whose
    /// jumps share directions (and a target) do not interleave.
    #[test]
    fn knights_are_written_one_at_a_time() {
        let fen = "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        for (backend, list, each) in lists(fen) {
            let knights: Vec<&str> = list
                .iter()
                .map(|m| &m[..2])
                .filter(|from| ["b1", "d1"].contains(from))
                .collect();
            assert_eq!(knights.len(), 3 + 4, "{backend}: {list:?}");
            assert!(knights.is_sorted(), "{backend}: {list:?}");
            assert_eq!(list, each, "{backend}");
        }
        assert_eq!(pos.count_legal(), 3 + 4 + 4);
    }

    /// Lists and callbacks on both sides of the counts where the fast writer's index wraps
    /// round (the callbacks' array, a list's capacity): white queens taken off one at a time
    /// from the positions with the most moves (218; one with too much material for a game,
    /// over the capacity), each list checked against the count, the callbacks against it.
    #[test]
    fn counts_on_both_sides_of_where_the_writer_wraps() {
        let relaxed = ParseOptions::relaxed();
        let mut counts = Vec::new();
        for fen in [
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
            "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
        ] {
            let mut setup = Position::from_fen_with(fen, relaxed).unwrap().to_setup();
            while let Some(queen) = setup.men(Color::White, Piece::Queen).into_iter().next() {
                let pos = Position::from_setup(&setup, relaxed).unwrap();
                let count = pos.count_legal();
                counts.push(count);
                for backend in Backend::ALL {
                    let Ok(g) = Generator::new(backend) else {
                        continue;
                    };
                    let list = g.legal_moves(&pos);
                    assert_eq!(
                        list.len(),
                        count.min(crate::MOVE_LIST_CAPACITY),
                        "{backend}"
                    );
                    assert_eq!(list.is_complete(), count <= crate::MOVE_LIST_CAPACITY);
                    let mut each = Vec::new();
                    g.for_each_legal_move(&pos, |m| each.push(m));
                    assert_eq!(each.len(), count, "{backend}");
                    assert_eq!(list[..], each[..list.len()], "{backend}");
                    // The quiets and the captures (lists of the writer's other kinds, long
                    // ones too) partition the moves.
                    if count <= crate::MOVE_LIST_CAPACITY {
                        let mut parts = g.quiets(&pos).to_vec();
                        parts.extend(g.captures(&pos).iter());
                        let mut all = list.to_vec();
                        parts.sort_by_key(|m| m.to_string());
                        all.sort_by_key(|m| m.to_string());
                        assert_eq!(parts, all, "{backend}");
                    }
                }
                setup.remove(queen);
            }
        }
        // Lists of up to 64 moves, of more (whose moves past the returned list's fixed copy
        // are copied by length), of more than the writer's array holds, of more than a list.
        for (low, high) in [(0, 64), (64, 128), (128, 256), (256, usize::MAX)] {
            assert!(
                counts.iter().any(|c| (low..high).contains(c)),
                "no count in {low}..{high}: {counts:?}"
            );
        }
    }
}
