//! A small UCI chess engine on dirgolem's public API: iterative deepening alpha-beta
//! (principal variation search), quiescence on `captures()` pruned by static exchange
//! evaluation, a transposition table keyed by `zobrist()`, null-move pruning and repetition
//! detection by hash. Material evaluation only: it shows how an engine uses the generator, it
//! does not try to play well.
//!
//! ```text
//! cargo run --release --example engine
//! uci
//! position startpos moves e2e4 e7e5
//! go depth 6
//! ```
//!
//! Understood: `uci`, `isready`, `ucinewgame`, `position [startpos | fen FEN] [moves ...]`,
//! `go [depth N]` (default depth 6), `quit`. Anything else is ignored, as UCI asks.

use std::io::{self, BufRead, Write};

use dirgolem::{Move, Piece, Position};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    run(stdin.lock(), &mut stdout.lock())
}

/// Reads UCI commands from `input` until `quit` or its end, answering on `output`.
pub fn run(input: impl BufRead, output: &mut impl Write) -> io::Result<()> {
    let mut engine = Engine::new();
    let mut game = Game::new(Position::startpos());
    for line in input.lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") => {
                writeln!(output, "id name dirgolem example engine")?;
                writeln!(output, "id author the dirgolem developers")?;
                writeln!(output, "uciok")?;
            }
            Some("isready") => writeln!(output, "readyok")?,
            Some("ucinewgame") => engine.clear(),
            Some("position") => match Game::parse(words) {
                Ok(g) => game = g,
                Err(e) => writeln!(output, "info string {e}")?,
            },
            Some("go") => {
                let mut depth = 6;
                while let Some(w) = words.next() {
                    if w == "depth"
                        && let Some(d) = words.next().and_then(|d| d.parse().ok())
                    {
                        depth = d;
                    }
                }
                let best = engine.think(&game, depth, output)?;
                match best {
                    Some(m) => writeln!(output, "bestmove {}", game.position.uci(m))?,
                    None => writeln!(output, "bestmove 0000")?,
                }
            }
            Some("quit") => break,
            _ => {}
        }
        output.flush()?;
    }
    Ok(())
}

/// The position to search and the hashes of the game's positions before it (for repetitions).
struct Game {
    position: Position,
    history: Vec<u64>,
}

impl Game {
    fn new(position: Position) -> Game {
        Game {
            position,
            history: Vec::new(),
        }
    }

    /// Reads the arguments of a `position` command.
    fn parse<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Game, String> {
        let mut game = match words.next() {
            Some("startpos") => Game::new(Position::startpos()),
            Some("fen") => {
                let fen: Vec<&str> = words.by_ref().take_while(|&w| w != "moves").collect();
                let position = Position::from_fen(&fen.join(" ")).map_err(|e| e.to_string())?;
                return Game::play_all(Game::new(position), words);
            }
            _ => return Err("position: expected startpos or fen".to_string()),
        };
        if words.next() == Some("moves") {
            game = Game::play_all(game, words)?;
        }
        Ok(game)
    }

    fn play_all<'a>(mut game: Game, moves: impl Iterator<Item = &'a str>) -> Result<Game, String> {
        for text in moves {
            let m = game.position.parse_uci(text).map_err(|e| e.to_string())?;
            game.history.push(game.position.zobrist());
            game.position = game.position.play_unchecked(m);
        }
        Ok(game)
    }
}

/// Scores are centipawns from the side to move's view; mates count down from `MATE`.
const MATE: i32 = 32_000;
const INFINITY: i32 = 32_001;
/// Scores above this are mates.
const MATE_BOUND: i32 = MATE - 1000;

/// Material values, indexed by `Piece as usize` (pawn first), as in `see`.
const VALUE: [i32; 6] = [100, 300, 300, 500, 900, 0];

#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: u8,
    bound: Bound,
    score: i32,
    /// The best move, as `Move::to_bits` (0: none).
    best: u16,
}

const TABLE_SIZE: usize = 1 << 18;

struct Engine {
    table: Vec<Option<Entry>>,
    nodes: u64,
    /// The hashes of the positions on the path from the root, after the game's history.
    path: Vec<u64>,
}

impl Engine {
    fn new() -> Engine {
        Engine {
            table: vec![None; TABLE_SIZE],
            nodes: 0,
            path: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
    }

    /// Iterative deepening to `depth`; prints an `info` line per depth; the best move.
    fn think(
        &mut self,
        game: &Game,
        depth: u32,
        output: &mut impl Write,
    ) -> io::Result<Option<Move>> {
        let root = &game.position;
        let mut best = root.legal_moves().first().copied();
        self.nodes = 0;
        for d in 1..=depth.max(1) {
            self.path.clear();
            self.path.extend_from_slice(&game.history);
            let score = self.search(root, d as i32, 0, -INFINITY, INFINITY, true);
            if let Some(m) = self.table_move(root) {
                best = Some(m);
            }
            let score_text = if score.abs() > MATE_BOUND {
                let plies = MATE - score.abs();
                let moves = (plies + 1) / 2;
                format!("mate {}", if score > 0 { moves } else { -moves })
            } else {
                format!("cp {score}")
            };
            let pv = best.map(|m| root.uci(m)).unwrap_or_default();
            writeln!(
                output,
                "info depth {d} score {score_text} nodes {} pv {pv}",
                self.nodes
            )?;
            if score.abs() > MATE_BOUND {
                break;
            }
        }
        Ok(best)
    }

    /// The transposition table's move for `position`, if it is legal there. A table move comes
    /// from another position whenever two keys collide, so it is checked: `is_legal` is cheap.
    fn table_move(&self, position: &Position) -> Option<Move> {
        let key = position.zobrist();
        let entry = self.table[key as usize % TABLE_SIZE]?;
        let m = Move::from_bits(entry.best)?;
        (entry.key == key && position.is_legal(m)).then_some(m)
    }

    fn search(
        &mut self,
        position: &Position,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        null_allowed: bool,
    ) -> i32 {
        let key = position.zobrist();
        if ply > 0 && self.is_repetition(position, key) {
            return 0;
        }
        let in_check = position.is_check();
        if depth <= 0 && !in_check {
            return self.quiescence(position, alpha, beta);
        }
        self.nodes += 1;

        let slot = key as usize % TABLE_SIZE;
        let mut table_best = None;
        if let Some(e) = self.table[slot].filter(|e| e.key == key) {
            table_best = Move::from_bits(e.best).filter(|&m| position.is_legal(m));
            if ply > 0 && e.depth as i32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }

        // Null move: if passing still fails high, a real move will too (not in check, and
        // not with pawns and king alone, where passing may be the only good move: zugzwang).
        if null_allowed
            && !in_check
            && depth >= 3
            && ply > 0
            && has_pieces(position)
            && let Some(passed) = position.play_null()
        {
            self.path.push(key);
            let score = -self.search(&passed, depth - 3, ply + 1, -beta, -beta + 1, false);
            self.path.pop();
            if score >= beta {
                return beta;
            }
        }

        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return if in_check { ply - MATE } else { 0 };
        }
        moves.sort_by_key(|&m| -order(position, m, table_best));

        let original_alpha = alpha;
        let mut best = moves[0];
        self.path.push(key);
        for (i, &m) in moves.iter().enumerate() {
            let child = position.play_unchecked(m);
            let score = if i == 0 {
                -self.search(&child, depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let s = -self.search(&child, depth - 1, ply + 1, -alpha - 1, -alpha, true);
                if s > alpha && s < beta {
                    -self.search(&child, depth - 1, ply + 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            if score > alpha {
                alpha = score;
                best = m;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.path.pop();

        let bound = if alpha >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table[slot] = Some(Entry {
            key,
            depth: depth.clamp(0, 255) as u8,
            bound,
            score: alpha.min(beta),
            best: best.to_bits(),
        });
        alpha.min(beta)
    }

    /// Captures only, each worth at least nothing by static exchange, until the position is
    /// quiet; standing pat is always allowed.
    fn quiescence(&mut self, position: &Position, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let stand_pat = material(position);
        if stand_pat >= beta {
            return beta;
        }
        alpha = alpha.max(stand_pat);
        let mut captures = position.captures();
        captures.sort_by_key(|&m| -order(position, m, None));
        for &m in captures.iter() {
            if !position.see_ge(m, 0) {
                continue;
            }
            let score = -self.quiescence(&position.play_unchecked(m), -beta, -alpha);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Whether the position with hash `key` occurred before since the last capture or pawn
    /// move: on the path from the root or in the game (counted as a draw at once).
    fn is_repetition(&self, position: &Position, key: u64) -> bool {
        let reversible = position.halfmove_clock() as usize;
        self.path
            .iter()
            .rev()
            .take(reversible)
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }
}

/// Move ordering: the table's move, then captures by most valuable victim and least valuable
/// attacker, then promotions, then the rest.
fn order(position: &Position, m: Move, table_best: Option<Move>) -> i32 {
    if Some(m) == table_best {
        return 100_000;
    }
    let victim = position
        .captured_piece(m)
        .map_or(0, |p| 10 * VALUE[p as usize]);
    let attacker = position
        .moved_piece(m)
        .map_or(0, |p| VALUE[p as usize] / 100);
    let promotion = m.promotion().map_or(0, |p| VALUE[p as usize]);
    victim - attacker + promotion
}

/// Material from the side to move's view.
fn material(position: &Position) -> i32 {
    let us = position.colored(position.side_to_move());
    let mut score = 0;
    for piece in Piece::ALL {
        let men = position.pieces(piece);
        let ours = (men & us).len() as i32;
        let theirs = men.len() as i32 - ours;
        score += VALUE[piece as usize] * (ours - theirs);
    }
    score
}

/// Whether the side to move has a man other than pawns and the king.
fn has_pieces(position: &Position) -> bool {
    let us = position.colored(position.side_to_move());
    let pawns_and_king = position.pieces(Piece::Pawn) | position.pieces(Piece::King);
    !(us & !pawns_and_king).is_empty()
}

/// UCI text of a move in this position's castling notation.
trait UciText {
    fn uci(&self, m: Move) -> String;
}

impl UciText for Position {
    fn uci(&self, m: Move) -> String {
        m.to_uci(self.castling_mode()).to_string()
    }
}
