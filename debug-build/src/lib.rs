//! A crate that depends on dirgolem as an engine does, for what an engine's debug build gets
//! from it. Its tests run in CI twice in the dev profile: as it is, dirgolem unoptimised too,
//! and with dirgolem alone optimised, as the README advises engines
//! (`--config 'profile.dev.package.dirgolem.opt-level=3'`).
//!
//! Why a crate of its own: dirgolem's generic calls (those that take a callback) are compiled in
//! the crate that calls them, with that crate's settings. dirgolem's own tests belong to its
//! package, so a profile that optimises dirgolem alone optimises them too, and the mix an
//! engine's debug build has (an unoptimised caller, an optimised dirgolem) never arises there.

#[cfg(test)]
mod tests {
    use dirgolem::{Generator, Move, Position};

    /// A generic call that hands moves to a callback, taken through references so that one
    /// recursion serves both calls.
    type Visit<'a> = &'a dyn Fn(&Position, &mut dyn FnMut(Move));

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /// The stack a search takes per ply when it recurses inside the callback of `visit` (as a
    /// quiescence search does inside `for_each_capture`): the distance between a local of the
    /// recursion one ply apart, the first capture or move taken at each ply.
    fn stack_per_ply(position: &Position, plies: u32, visit: Visit) -> Vec<usize> {
        fn down(p: &Position, plies: u32, visit: Visit, marks: &mut Vec<usize>) {
            let here = 0u8;
            marks.push(std::hint::black_box(&here) as *const u8 as usize);
            if plies == 0 {
                return;
            }
            let mut taken = false;
            visit(p, &mut |m| {
                if !taken {
                    taken = true;
                    down(&p.play_unchecked(m), plies - 1, visit, marks);
                }
            });
        }
        let mut marks = Vec::new();
        down(position, plies, visit, &mut marks);
        marks.windows(2).map(|w| w[0].abs_diff(w[1])).collect()
    }

    /// A search that recurses inside the callbacks keeps a small frame per ply. With dirgolem
    /// alone optimised, the pipeline once sat inside these generic calls, compiled unoptimised
    /// here: about 80 KB a ply for `for_each_capture`, and 58 KB for `for_each_legal_move` on a
    /// position with more moves than it gathers before handing them over. A thread of 2 MiB
    /// (`cargo test`'s, and Rust's default for a spawned thread) then held some 25 plies.
    #[test]
    fn a_search_recursing_inside_the_callbacks_keeps_a_small_frame_per_ply() {
        // The recursion's own frame is under a kilobyte. With dirgolem optimised the calls
        // add about one more (two for the 218 moves); with both unoptimised, 3 KB for the
        // captures and 10 KB for the 218 moves, which go one at a time.
        const MOST: usize = 16 << 10;
        // Captures at each of eight plies, the first capture taken each time.
        let kiwipete = Position::from_fen(KIWIPETE).unwrap();
        // 218 moves: more than `for_each_legal_move` gathers before handing them over.
        let most_moves =
            Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
        assert_eq!(most_moves.count_legal(), 218);
        // `Position`'s calls, on the detected backend, and each backend's.
        let captures = stack_per_ply(&kiwipete, 8, &|p, f| p.for_each_capture(f));
        let moves = stack_per_ply(&most_moves, 1, &|p, f| p.for_each_legal_move(f));
        assert_eq!((captures.len(), moves.len()), (8, 1));
        assert!(
            captures.iter().chain(&moves).all(|&step| step <= MOST),
            "Position's calls took {captures:?} and {moves:?} bytes a ply"
        );
        for backend in dirgolem::Backend::available() {
            let g = Generator::new(backend).unwrap();
            let captures = stack_per_ply(&kiwipete, 8, &|p, f| g.for_each_capture(p, f));
            assert_eq!(captures.len(), 8, "{backend}: a capture at each ply");
            let moves = stack_per_ply(&kiwipete, 8, &|p, f| g.for_each_legal_move(p, f));
            assert_eq!(moves.len(), 8, "{backend}");
            let most = stack_per_ply(&most_moves, 1, &|p, f| g.for_each_legal_move(p, f));
            assert_eq!(most.len(), 1, "{backend}");
            for (call, steps) in [
                ("for_each_capture", captures),
                ("for_each_legal_move", moves),
                ("for_each_legal_move, 218 moves", most),
            ] {
                assert!(
                    steps.iter().all(|&step| step <= MOST),
                    "{backend}: {call} took {steps:?} bytes a ply"
                );
            }
        }
    }
}
