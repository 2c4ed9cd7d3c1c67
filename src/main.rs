//! The `dirgolem` tool. (Being written.)
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "suite" {
        let text = std::fs::read_to_string(&args[2]).unwrap();
        let max: u64 = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(2_000_000);
        let relaxed = args.get(4).is_some();
        let (mut ok, mut bad) = (0, 0);
        for line in text.lines() {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let opts = dirgolem::ParseOptions {
                castling: if line.contains("HAha") || args[2].contains("960") {
                    dirgolem::CastlingMode::Chess960
                } else {
                    dirgolem::CastlingMode::Standard
                },
                relaxed,
            };
            let pos = match dirgolem::Position::from_fen_with(fen, opts) {
                Ok(p) => p,
                Err(e) => {
                    println!("FEN ERR {fen} {e}");
                    bad += 1;
                    continue;
                }
            };
            for p in parts {
                let mut it = p.trim()[1..].split(' ');
                let d: u32 = it.next().unwrap().parse().unwrap();
                let n: u64 = it.next().unwrap().parse().unwrap();
                if n > max {
                    continue;
                }
                let got = dirgolem::Generator::from_env().unwrap().perft(&pos, d);
                if got != n {
                    println!("MISMATCH {fen} D{d} expected {n} got {got}");
                    bad += 1;
                } else {
                    ok += 1;
                }
            }
        }
        println!("{ok} passed, {bad} failed");
        return;
    }
    let pos = dirgolem::Position::startpos();
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(5);
    let t = std::time::Instant::now();
    let g = dirgolem::Generator::from_env().unwrap();
    eprintln!("{:?}", g.backend());
    let n = g.perft(&pos, depth);
    println!("nodes {n}");
    eprintln!("{:?}", t.elapsed());
}
