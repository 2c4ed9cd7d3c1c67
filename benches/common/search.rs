//! One alpha-beta search (negamax, fail-hard, quiescence on captures, material evaluation,
//! MVV-LVA move ordering picked lazily), written once over `SearchBoard` and instantiated for
//! dirgolem and for cozy-chess, so that the two differ only in what the move generator does.
//! Included with `#[path]` by `benches/engine_search.rs`.
//!
//! Each ply keeps one move buffer across the nodes it visits, as an engine does, and each side's
//! buffer is of the kind its library fills most naturally: dirgolem's a `MoveList` refilled in
//! place by `fill_legal` / `fill_captures` (the calls its docs give a search) with the keys in
//! an array beside it; cozy-chess's an array of (key, move) pairs its move callback writes
//! (cozy-chess hands moves to a callback and has no list a search refills). The shape is fair:
//! neither side copies its moves from one buffer into another, both compute the same keys
//! (`order_key`) and pick the same way (the highest key among the moves not yet searched,
//! swapped to the front: `pick_best` for each storage), so they search the same tree.
//!
//! Both sides find that highest key with one shared scan, `index_of_max`, whose step selects
//! without a branch. Why: under callgrind's branch simulation the scan's comparison was the
//! largest single source of mispredicted branches on both sides at depth 5 (where three nodes
//! in four stand pat in quiescence, and a node's cost is mostly making the move and its
//! parent's pick), the same work on both sides that hid the libraries' difference. The tree,
//! the keys and the pick order are unchanged (the first of equal keys, as before), and the
//! bench still checks that both sides visit the same nodes with the same score. The branching
//! scan stays available (`SEARCH_PICK=branchy`): the ratio with it is the one to quote beside
//! this one, since a search's shared work, however written, dilutes the libraries' difference.

/// Room for the moves of one node (218 is the most a game position has).
pub const ROOM: usize = 256;

/// What the search needs from a chess library.
pub trait SearchBoard: Sized {
    /// The library's move.
    type Move: Copy;
    /// One ply's moves with their ordering keys, kept across the ply's nodes.
    type Moves;
    /// An empty buffer.
    fn new_moves() -> Self::Moves;
    /// Writes the legal moves (all of them, or only the captures, en passant and
    /// capture-promotions included) with their keys ([`order_key`]) into `moves`; returns how
    /// many.
    fn keyed_moves(&self, captures_only: bool, moves: &mut Self::Moves) -> usize;
    /// Swaps the move with the highest key among the buffer's moves `i..n` (and its key) to
    /// index `i` and returns it.
    fn pick_best<const BRANCH_FREE: bool>(
        moves: &mut Self::Moves,
        i: usize,
        n: usize,
    ) -> Self::Move;
    /// The position after the move.
    fn play(&self, m: Self::Move) -> Self;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Material of the side to move less the other side's (pawn 100 ... queen 900).
    fn material(&self) -> i32;
}

/// Piece values in the order pawn, knight, bishop, rook, queen, king.
pub const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// The ordering key of a move, higher first: captures by most valuable victim then least
/// valuable attacker, promotions by the piece, then the squares and the promotion piece so that
/// no two moves tie. It depends only on the position and the move (never on the order the
/// generator hands moves out), so both sides search the same tree. Pieces are indexed pawn 0
/// ... king 5.
#[inline(always)]
pub fn order_key(
    victim: Option<usize>,
    attacker: usize,
    promotion: Option<usize>,
    from: usize,
    to: usize,
) -> u32 {
    let capture = victim.map_or(0, |v| 8 + 8 * v as u32 + (5 - attacker as u32));
    let promote = promotion.map_or(0, |p| 1 + p as u32);
    (capture << 20) | (promote << 16) | ((from as u32) << 10) | ((to as u32) << 4)
}

/// The index of the highest of `keys` (the first, if several tie; 0 for none), by a scan
/// that keeps the best key so far in a register and whose step selects without a branch:
/// which of a node's remaining moves has the highest key is what a predictor cannot guess.
/// Both sides pick with this scan by default.
#[inline(always)]
pub fn index_of_max(keys: impl Iterator<Item = u32>) -> usize {
    let (mut best, mut best_key) = (0, 0);
    for (j, key) in keys.enumerate() {
        // Strictly greater: a tie keeps the first; an all-zero list gives 0.
        let better = key > best_key;
        best = core::hint::select_unpredictable(better, j, best);
        best_key = core::hint::select_unpredictable(better, key, best_key);
    }
    best
}

/// The same as [`index_of_max`] over `key(0..n)`, by the scan the bench's first harness had:
/// it reads the best key so far back by its index and branches. `SEARCH_PICK=branchy` runs
/// both sides on it, so that the ratio before the harness change can be had from one build.
#[inline(always)]
pub fn index_of_max_branchy(n: usize, key: impl Fn(usize) -> u32) -> usize {
    let mut best = 0;
    for j in 1..n {
        if key(j) > key(best) {
            best = j;
        }
    }
    best
}

const MATE: i32 = 30_000;

/// The plies quiescence can add below the main search: each of its moves takes a man, and
/// at most 30 men besides the kings can be taken.
const QUIESCENCE_PLIES: usize = 30;

/// The search, with its node count (every call of `alpha_beta` and `quiescence`);
/// `BRANCH_FREE` picks by [`index_of_max`], else by [`index_of_max_branchy`].
#[derive(Default)]
pub struct Searcher<const BRANCH_FREE: bool> {
    pub nodes: u64,
}

impl<const BRANCH_FREE: bool> Searcher<BRANCH_FREE> {
    /// The score of `position` searched `depth` plies deep, from the side to move's view.
    pub fn search<B: SearchBoard>(&mut self, position: &B, depth: u32) -> i32 {
        // One buffer per ply: the main search's plies, quiescence's, and the last node's.
        let plies = depth as usize + QUIESCENCE_PLIES + 1;
        let mut stack: Vec<B::Moves> = (0..plies).map(|_| B::new_moves()).collect();
        self.alpha_beta(position, depth, -MATE, MATE, 0, &mut stack)
    }

    fn alpha_beta<B: SearchBoard>(
        &mut self,
        position: &B,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        stack: &mut [B::Moves],
    ) -> i32 {
        if depth == 0 {
            return self.quiescence(position, alpha, beta, stack);
        }
        self.nodes += 1;
        let (moves, below) = stack
            .split_first_mut()
            .expect("the stack has room for every ply a search can reach");
        let n = position.keyed_moves(false, moves);
        if n == 0 {
            return if position.in_check() { ply - MATE } else { 0 };
        }
        for i in 0..n {
            let m = B::pick_best::<BRANCH_FREE>(moves, i, n);
            let next = position.play(m);
            let score = -self.alpha_beta(&next, depth - 1, -beta, -alpha, ply + 1, below);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn quiescence<B: SearchBoard>(
        &mut self,
        position: &B,
        mut alpha: i32,
        beta: i32,
        stack: &mut [B::Moves],
    ) -> i32 {
        self.nodes += 1;
        let stand_pat = position.material();
        if stand_pat >= beta {
            return beta;
        }
        alpha = alpha.max(stand_pat);
        let (moves, below) = stack
            .split_first_mut()
            .expect("the stack has room for every ply a search can reach");
        let n = position.keyed_moves(true, moves);
        for i in 0..n {
            let m = B::pick_best::<BRANCH_FREE>(moves, i, n);
            let score = -self.quiescence(&position.play(m), -beta, -alpha, below);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

/// dirgolem's ply buffer: the list `fill_legal` / `fill_captures` refill and the key of the
/// move at each index.
pub struct KeyedList {
    moves: dirgolem::MoveList,
    keys: [u32; ROOM],
}

impl SearchBoard for dirgolem::Position {
    type Move = dirgolem::Move;
    type Moves = KeyedList;

    fn new_moves() -> KeyedList {
        KeyedList {
            moves: dirgolem::MoveList::new(),
            keys: [0; ROOM],
        }
    }

    #[inline]
    fn keyed_moves(&self, captures_only: bool, buffer: &mut KeyedList) -> usize {
        // The list is refilled in place; the keys are then made in one loop, where the
        // lookups they share (the boards, the side) stay in registers.
        if captures_only {
            self.fill_captures(&mut buffer.moves);
        } else {
            self.fill_legal(&mut buffer.moves);
        }
        for (key, &m) in buffer.keys.iter_mut().zip(buffer.moves.iter()) {
            let victim = self.captured_piece(m).map(|p| p as usize);
            // The attacker counts only in a capture's key: looked up only then.
            let attacker = match victim {
                Some(_) => self.moved_piece(m).map_or(0, |p| p as usize),
                None => 0,
            };
            let promotion = m.promotion().map(|p| p as usize);
            *key = order_key(
                victim,
                attacker,
                promotion,
                m.from() as usize,
                m.to() as usize,
            );
        }
        buffer.moves.len()
    }

    #[inline(always)]
    fn pick_best<const BRANCH_FREE: bool>(
        buffer: &mut KeyedList,
        i: usize,
        n: usize,
    ) -> dirgolem::Move {
        let keys = &mut buffer.keys[i..n];
        let best = if BRANCH_FREE {
            index_of_max(keys.iter().copied())
        } else {
            index_of_max_branchy(keys.len(), |j| keys[j])
        };
        keys.swap(0, best);
        buffer.moves.swap(i, i + best);
        buffer.moves[i]
    }

    #[inline]
    fn play(&self, m: dirgolem::Move) -> Self {
        self.play_unchecked(m)
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
    }

    #[inline]
    fn material(&self) -> i32 {
        use dirgolem::Piece;
        let us = self.colored(self.side_to_move());
        let them = self.colored(!self.side_to_move());
        let mut sum = 0;
        for (piece, value) in Piece::ALL.into_iter().zip(VALUES) {
            let men = self.pieces(piece);
            sum += value * ((men & us).len() as i32 - (men & them).len() as i32);
        }
        sum
    }
}

impl SearchBoard for cozy_chess::Board {
    type Move = cozy_chess::Move;
    type Moves = [(u32, cozy_chess::Move); ROOM];

    fn new_moves() -> [(u32, cozy_chess::Move); ROOM] {
        let filler = cozy_chess::Move {
            from: cozy_chess::Square::A1,
            to: cozy_chess::Square::A1,
            promotion: None,
        };
        [(0, filler); ROOM]
    }

    #[inline]
    fn keyed_moves(
        &self,
        captures_only: bool,
        moves: &mut [(u32, cozy_chess::Move); ROOM],
    ) -> usize {
        let them = self.colors(!self.side_to_move());
        // Captures: moves to an enemy man, and pawn moves to the en passant square.
        let (mut mask, mut pawn_mask) = (cozy_chess::BitBoard::FULL, cozy_chess::BitBoard::FULL);
        if captures_only {
            mask = them;
            pawn_mask = them;
            if let Some(file) = self.en_passant() {
                let rank = cozy_chess::Rank::Sixth.relative_to(self.side_to_move());
                pawn_mask |= cozy_chess::Square::new(file, rank).bitboard();
            }
        }
        let mut n = 0;
        self.generate_moves(|mut piece_moves| {
            piece_moves.to &= if piece_moves.piece == cozy_chess::Piece::Pawn {
                pawn_mask
            } else {
                mask
            };
            let attacker = piece_moves.piece as usize;
            for m in piece_moves {
                let victim = if them.has(m.to) {
                    self.piece_on(m.to).map(|p| p as usize)
                } else if attacker == 0 && m.from.file() != m.to.file() {
                    Some(0)
                } else {
                    None
                };
                let promotion = m.promotion.map(|p| p as usize);
                moves[n] = (
                    order_key(victim, attacker, promotion, m.from as usize, m.to as usize),
                    m,
                );
                n += 1;
            }
            false
        });
        n
    }

    #[inline(always)]
    fn pick_best<const BRANCH_FREE: bool>(
        moves: &mut [(u32, cozy_chess::Move); ROOM],
        i: usize,
        n: usize,
    ) -> cozy_chess::Move {
        let moves = &mut moves[i..n];
        let best = if BRANCH_FREE {
            index_of_max(moves.iter().map(|&(key, _)| key))
        } else {
            index_of_max_branchy(moves.len(), |j| moves[j].0)
        };
        moves.swap(0, best);
        moves[0].1
    }

    #[inline]
    fn play(&self, m: cozy_chess::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    #[inline]
    fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    #[inline]
    fn material(&self) -> i32 {
        let us = self.colors(self.side_to_move());
        let them = self.colors(!self.side_to_move());
        let mut sum = 0;
        for (piece, value) in cozy_chess::Piece::ALL.into_iter().zip(VALUES) {
            let men = self.pieces(piece);
            sum += value * ((men & us).len() as i32 - (men & them).len() as i32);
        }
        sum
    }
}
