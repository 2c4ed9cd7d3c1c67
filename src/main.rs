//! The `dirgolem` tool. (Being written.)
fn main() {
    let pos = dirgolem::Position::startpos();
    let depth: u32 = std::env::args().nth(2).and_then(|d| d.parse().ok()).unwrap_or(5);
    let t = std::time::Instant::now();
    let n = dirgolem::perft(&pos, depth);
    println!("nodes {n}");
    eprintln!("{:?}", t.elapsed());
}
