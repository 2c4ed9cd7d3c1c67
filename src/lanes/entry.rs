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
            /// perft from `position` to `depth`, bulk-counted at the last ply. The recursion is
            /// written here, not in a generic helper, so that the closure holding make-move and
            /// the recursive call is defined inside this function and inherits its target
            /// features (a closure defined in an `#[inline(always)]` helper would not).
            $(#[$attr])?
            pub(crate) fn perft_entry(self, position: &crate::Position, depth: u32) -> u64 {
                if depth == 0 {
                    return 1;
                }
                let targets = crate::golem::generate(self, &position.board);
                if depth == 1 {
                    return targets.count() as u64;
                }
                let mut nodes = 0;
                crate::golem::for_each_move(&position.board, &targets, position.square_flip(), |m| {
                    nodes += self.perft_entry(&position.make(m), depth - 1);
                });
                nodes
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

            /// The legal moves of `position`. The list is made here, in the caller's return
            /// slot, so that it is neither copied nor cleared by a library call.
            $(#[$attr])?
            pub(crate) fn legal_moves_entry(self, position: &crate::Position) -> crate::MoveList {
                let mut list = crate::MoveList::new();
                let targets = crate::golem::generate(self, &position.board);
                crate::golem::fill_list(&position.board, &targets, position.square_flip(), &mut list);
                list
            }

            /// Calls `f` with each legal move, in the order of `legal_moves_entry`.
            $(#[$attr])?
            pub(crate) fn for_each_move_entry<F: FnMut(crate::Move)>(self, position: &crate::Position, f: F) {
                let targets = crate::golem::generate(self, &position.board);
                crate::golem::for_each_in_list_order(&position.board, &targets, position.square_flip(), f);
            }
        }
    };
}

pub(crate) use entry_points;
