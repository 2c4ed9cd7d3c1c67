//! One alpha-beta search (negamax, fail-hard, quiescence on captures, material evaluation,
//! MVV-LVA move ordering picked lazily), written once over `SearchBoard` and instantiated for
//! dirgolem and for cozy-chess, so that the two differ only in what the move generator does.
//! Included with `#[path]` by `benches/engine_search.rs`.

/// A move and its ordering key: higher first. The key depends only on the position and the
/// move (never on the order the generator hands moves out), so both sides search the same tree.
pub type Keyed<M> = (u32, M);

/// Room for the moves of one node (218 is the most a game position has).
pub const ROOM: usize = 256;

/// What the search needs from a chess library.
pub trait SearchBoard: Sized {
    /// The library's move.
    type Move: Copy;
    /// Any move, to fill unused room.
    const FILLER: Self::Move;
    /// Writes the legal moves (all of them, or only the captures, en passant and
    /// capture-promotions included) with their keys into `out`; returns how many.
    fn keyed_moves(&self, captures_only: bool, out: &mut [Keyed<Self::Move>; ROOM]) -> usize;
    /// The position after the move.
    fn play(&self, m: Self::Move) -> Self;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Material of the side to move less the other side's (pawn 100 ... queen 900).
    fn material(&self) -> i32;
}

/// Piece values in the order pawn, knight, bishop, rook, queen, king.
pub const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// The ordering key of a move: captures by most valuable victim then least valuable attacker,
/// promotions by the piece, then the squares and the promotion piece so that no two moves tie.
/// Pieces are indexed pawn 0 ... king 5.
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

const MATE: i32 = 30_000;

/// The plies quiescence can add below the main search: each of its moves takes a man, and
/// at most 30 men besides the kings can be taken.
const QUIESCENCE_PLIES: usize = 30;

/// The search, with its node count (every call of `alpha_beta` and `quiescence`).
#[derive(Default)]
pub struct Searcher {
    pub nodes: u64,
}

/// The move room of the node at the top of `stack` and the room of the plies below it. Every
/// node writes its moves into its own ply's room, kept across nodes (as an engine keeps one
/// move buffer per ply), so no node fills a fresh array.
#[inline(always)]
fn ply_room<M>(stack: &mut [Keyed<M>]) -> (&mut [Keyed<M>; ROOM], &mut [Keyed<M>]) {
    stack
        .split_first_chunk_mut::<ROOM>()
        .expect("the stack has room for every ply a search can reach")
}

impl Searcher {
    /// The score of `position` searched `depth` plies deep, from the side to move's view.
    pub fn search<B: SearchBoard>(&mut self, position: &B, depth: u32) -> i32 {
        // One room per ply: the main search's plies, quiescence's, and the last node's.
        let plies = depth as usize + QUIESCENCE_PLIES + 1;
        let mut stack = vec![(0, B::FILLER); ROOM * plies];
        self.alpha_beta(position, depth, -MATE, MATE, 0, &mut stack)
    }

    fn alpha_beta<B: SearchBoard>(
        &mut self,
        position: &B,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        stack: &mut [Keyed<B::Move>],
    ) -> i32 {
        if depth == 0 {
            return self.quiescence(position, alpha, beta, stack);
        }
        self.nodes += 1;
        let (moves, below) = ply_room(stack);
        let n = position.keyed_moves(false, moves);
        if n == 0 {
            return if position.in_check() { ply - MATE } else { 0 };
        }
        for i in 0..n {
            let m = pick_best(&mut moves[i..n]);
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
        stack: &mut [Keyed<B::Move>],
    ) -> i32 {
        self.nodes += 1;
        let stand_pat = position.material();
        if stand_pat >= beta {
            return beta;
        }
        alpha = alpha.max(stand_pat);
        let (moves, below) = ply_room(stack);
        let n = position.keyed_moves(true, moves);
        for i in 0..n {
            let m = pick_best(&mut moves[i..n]);
            let score = -self.quiescence(&position.play(m), -beta, -alpha, below);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

/// Swaps the move with the highest key to the front of `moves` and returns it.
#[inline(always)]
fn pick_best<M: Copy>(moves: &mut [Keyed<M>]) -> M {
    let mut best = 0;
    for j in 1..moves.len() {
        if moves[j].0 > moves[best].0 {
            best = j;
        }
    }
    moves.swap(0, best);
    moves[0].1
}

impl SearchBoard for dirgolem::Position {
    type Move = dirgolem::Move;
    const FILLER: dirgolem::Move = dirgolem::Move::new(
        dirgolem::Square::A1,
        dirgolem::Square::A1,
        dirgolem::MoveKind::Normal,
    );

    #[inline]
    fn keyed_moves(&self, captures_only: bool, out: &mut [Keyed<dirgolem::Move>; ROOM]) -> usize {
        // The generator hands each move to a closure that only stores it (small enough to be
        // inlined at each of the generator's many write sites); the keys are then made in one
        // loop, where the lookups they share (the boards, the side) stay in registers.
        let mut n = 0;
        let put = |m: dirgolem::Move| {
            out[n].1 = m;
            n += 1;
        };
        if captures_only {
            self.for_each_capture(put);
        } else {
            self.for_each_legal_move(put);
        }
        for (key, m) in &mut out[..n] {
            let m = *m;
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
        n
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
    const FILLER: cozy_chess::Move = cozy_chess::Move {
        from: cozy_chess::Square::A1,
        to: cozy_chess::Square::A1,
        promotion: None,
    };

    #[inline]
    fn keyed_moves(&self, captures_only: bool, out: &mut [Keyed<cozy_chess::Move>; ROOM]) -> usize {
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
                out[n] = (
                    order_key(victim, attacker, promotion, m.from as usize, m.to as usize),
                    m,
                );
                n += 1;
            }
            false
        });
        n
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
