//! Entry points: the generic pipeline instantiated for one backend, inside functions that
//! enable the backend's CPU features, so that everything inlined into them (generation,
//! serialization, make-move, the perft recursion) is compiled for that instruction set.
//! Dispatch happens once per job: a whole perft runs inside one entry point.

/// Defines the entry points of backend token `$token`, with an optional attribute (the
/// backend's `target_feature`). Calling them is `unsafe` when features are enabled: the caller must hold
/// proof (the token, made after detection) that the CPU has them.
macro_rules! entry_points {
    ($token:ty $(, #[$attr:meta])?) => {
        impl $token {
            /// perft from `position` to `depth`, bulk-counted at the last ply.
            $(#[$attr])?
            pub(crate) fn perft_entry(self, position: &crate::Position, depth: u32) -> u64 {
                crate::perft::perft_node(self, position, depth, |child, d| self.perft_entry(child, d))
            }

            /// The move targets of `position`'s side to move.
            $(#[$attr])?
            pub(crate) fn targets_entry(self, board: &crate::position::Board) -> crate::MoveTargets {
                crate::golem::generate(self, board)
            }

            /// The number of legal moves.
            $(#[$attr])?
            pub(crate) fn count_entry(self, board: &crate::position::Board) -> usize {
                crate::golem::generate(self, board).count()
            }

            /// Calls `f` with each legal move.
            $(#[$attr])?
            pub(crate) fn for_each_move_entry<F: FnMut(crate::Move)>(self, position: &crate::Position, f: F) {
                let targets = crate::golem::generate(self, &position.board);
                crate::golem::for_each_move(&position.board, &targets, position.square_flip(), f);
            }
        }
    };
}

pub(crate) use entry_points;
