//! FEN text in and out. (Interim minimal reader: full validation and typed errors are being
//! written.)

use super::{CastlingMode, ParseOptions, Position, Setup};
use crate::{Bitboard, Color, FenError, File, Piece, Rank, Square};

impl Position {
    /// Reads a FEN (standard chess, strict validation).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, ParseOptions::default())
    }

    /// Reads a FEN with the given options.
    pub fn from_fen_with(fen: &str, options: ParseOptions) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(FenError::Unsupported);
        }
        let mut setup = Setup::default();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::Unsupported);
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i;
            let mut f = 0usize;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else {
                    let piece =
                        Piece::from_char(c.to_ascii_lowercase()).ok_or(FenError::Unsupported)?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if f > 7 {
                        return Err(FenError::Unsupported);
                    }
                    setup.put(Square::index(r * 8 + f), color, piece);
                    f += 1;
                }
            }
            if f != 8 {
                return Err(FenError::Unsupported);
            }
        }
        setup.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::Unsupported),
        };
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let back = if color == Color::White {
                    Rank::First
                } else {
                    Rank::Eighth
                };
                let rooks = setup.men(color, Piece::Rook) & back.bitboard();
                let king = setup.men(color, Piece::King) & back.bitboard();
                let king_file = king.first().ok_or(FenError::Unsupported)?.file();
                let rook = match c.to_ascii_lowercase() {
                    'k' => rooks.iter().filter(|s| s.file() > king_file).last(),
                    'q' => rooks.iter().find(|s| s.file() < king_file),
                    l => File::from_char(l)
                        .map(|f| Square::new(f, back))
                        .filter(|&s| rooks.contains(s)),
                };
                setup.castling_rooks |= rook.ok_or(FenError::Unsupported)?.bitboard();
            }
        }
        setup.ep_square = match fields[3] {
            "-" => None,
            s => Some(s.parse().map_err(|_| FenError::Unsupported)?),
        };
        if fields.len() == 6 {
            setup.halfmove_clock = fields[4].parse().map_err(|_| FenError::Unsupported)?;
            setup.fullmove_number = fields[5].parse().map_err(|_| FenError::Unsupported)?;
        }
        Position::from_setup(&setup, options)
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        let s = self.to_setup();
        let mut out = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match s.piece_at(Square::index(r * 8 + f)) {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let c = piece.to_char();
                        out.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if r > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(s.turn.to_char());
        out.push(' ');
        let mut castling = String::new();
        for color in Color::ALL {
            let rooks = s.castling_rooks & s.colors[color as usize];
            let king_file = (s.men(color, Piece::King)).first().map(|k| k.file());
            for rook in rooks.iter().collect::<Vec<_>>().into_iter().rev() {
                let c = match (self.mode, king_file) {
                    (CastlingMode::Standard, Some(k)) if rook.file() > k => 'k',
                    (CastlingMode::Standard, _) => 'q',
                    (CastlingMode::Chess960, _) => rook.file().to_char(),
                };
                castling.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        match s.ep_square {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", s.halfmove_clock, s.fullmove_number));
        let _ = Bitboard::EMPTY;
        out
    }
}
