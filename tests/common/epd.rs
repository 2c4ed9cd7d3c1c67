//! Readers for the test data formats of `tests/data` (see `PERFT-README.md` and
//! `FEN-README.md`).

use std::fmt::Write as _;

/// One line of a perft file: a FEN and its `(depth, nodes)` pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdLine {
    /// 1-based line number in the file.
    pub line_no: usize,
    /// The FEN, trimmed.
    pub fen: String,
    /// `(depth, nodes)` in the order of the line.
    pub counts: Vec<(u32, u64)>,
}

/// Parses one perft line `FEN ;D1 n ;D2 n ...`. Errors say what is wrong.
pub fn parse_line(line: &str, line_no: usize) -> Result<EpdLine, String> {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim();
    if fen.split(' ').count() != 6 {
        return Err(format!(
            "line {line_no}: FEN {fen:?} does not have 6 fields"
        ));
    }
    let mut counts = Vec::new();
    for part in parts {
        let part = part.trim();
        let bad = || format!("line {line_no}: {part:?} is not `D<depth> <nodes>`");
        let rest = part.strip_prefix('D').ok_or_else(bad)?;
        let (depth, nodes) = rest.split_once(' ').ok_or_else(bad)?;
        let depth: u32 = depth.parse().map_err(|_| bad())?;
        let nodes: u64 = nodes.parse().map_err(|_| bad())?;
        if counts.last().is_some_and(|&(d, _)| d >= depth) {
            return Err(format!("line {line_no}: depths not increasing at {part:?}"));
        }
        counts.push((depth, nodes));
    }
    if counts.is_empty() {
        return Err(format!("line {line_no}: no counts"));
    }
    Ok(EpdLine {
        line_no,
        fen: fen.to_string(),
        counts,
    })
}

/// Parses a whole perft file's text; every malformed line is reported.
pub fn parse(text: &str) -> Result<Vec<EpdLine>, String> {
    let mut lines = Vec::new();
    let mut errors = String::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line, i + 1) {
            Ok(l) => lines.push(l),
            Err(e) => writeln!(errors, "{e}").unwrap(),
        }
    }
    if errors.is_empty() {
        Ok(lines)
    } else {
        Err(errors)
    }
}

/// Reads and parses `tests/data/<name>`; panics with every problem found.
pub fn load(name: &str) -> Vec<EpdLine> {
    let path = super::data_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let lines = parse(&text).unwrap_or_else(|e| panic!("{path}:\n{e}"));
    assert!(!lines.is_empty(), "{path} has no lines");
    lines
}

/// One case of a FEN list (`FEN # reason`, split at the last `" # "`), FEN kept byte for byte.
#[derive(Clone, Debug)]
pub struct FenCase {
    /// 1-based line number.
    pub line_no: usize,
    /// The FEN input, untrimmed.
    pub fen: String,
    /// The free-text reason.
    pub reason: String,
}

/// Reads `tests/data/<name>` as a FEN list.
pub fn load_fen_cases(name: &str) -> Vec<FenCase> {
    let path = super::data_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let (fen, reason) = line
                .rsplit_once(" # ")
                .unwrap_or_else(|| panic!("{path}:{}: no \" # \" separator", i + 1));
            FenCase {
                line_no: i + 1,
                fen: fen.to_string(),
                reason: reason.to_string(),
            }
        })
        .collect()
}
