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
            /// written here, not in a generic helper, so that the closures holding make-move and
            /// the recursive call are defined inside these functions and inherit their target
            /// features (a closure defined in an `#[inline(always)]` helper would not).
            $(#[$attr])?
            pub(crate) fn perft_entry(self, position: &crate::Position, depth: u32) -> u64 {
                match depth {
                    0 => 1,
                    1 => crate::golem::generate(self, &position.board).count() as u64,
                    _ if !<Self as crate::lanes::Lanes>::COUNTS_BY_POSITION => {
                        let targets = crate::golem::generate(self, &position.board);
                        let flip = position.square_flip();
                        let mut nodes = 0;
                        crate::golem::for_each_in_list_order(self, &position.board, &targets, flip, |m| {
                            nodes += self.perft_entry(&position.make(m), depth - 1);
                        });
                        nodes
                    }
                    _ => {
                        let mut batch = crate::golem::batch::Batch::new();
                        let mut moves = crate::MoveList::new();
                        let nodes = self.perft_batched(position, depth, &mut batch, &mut moves);
                        nodes + batch.count_and_clear(self)
                    }
                }
            }

            /// perft to `depth` (at least 2): the positions one ply above the leaves go into
            /// `batch` (shared by the whole tree, so that batches stay full) and are counted
            /// eight at a time; what is left in it at the end is the caller's to count. `moves`
            /// is room for the moves of a node one ply above those (the same list for all, so
            /// it is not made anew for each).
            $(#[$attr])?
            fn perft_batched(
                self,
                position: &crate::Position,
                depth: u32,
                batch: &mut crate::golem::batch::Batch,
                moves: &mut crate::MoveList,
            ) -> u64 {
                let targets = crate::golem::generate(self, &position.board);
                let flip = position.square_flip();
                let mut nodes = 0;
                if depth == 2 {
                    // The moves into a list first, then into the batch from one loop, so that
                    // the batch code (and its vector registers) is not a call per move.
                    // Flip 0: the moves in the board's relative squares.
                    macro_rules! push {
                        ($m:expr) => {
                            let m: crate::Move = $m;
                            let (from, to) = (m.source_index(), m.target_index());
                            if batch.push(&position.board, from, to, m.kind_bits()) {
                                nodes += batch.count_and_clear(self);
                            }
                        };
                    }
                    crate::golem::fill_list(self, &position.board, &targets, 0, moves);
                    if moves.is_complete() {
                        // Eights of this parent's moves are counted straight from its board.
                        // Where an eight holds moves made ahead, those go into the batch and
                        // out of the way (swapped to the front of the moves left), and the
                        // next eight is tried. The rest (fewer than eight) go into the batch,
                        // which fills across parents.
                        use crate::golem::batch::Batch;
                        let board = &position.board;
                        let mut rest: &mut [crate::Move] = moves.as_mut_slice();
                        while let Some(eight) = rest.first_chunk_mut::<8>() {
                            let counted = match Batch::count_eight(self, board, eight) {
                                Some(n) => {
                                    nodes += n;
                                    8
                                }
                                None => {
                                    // At least one of the eight is made ahead, so `rest`
                                    // shrinks. (`taken <= j < 8`: the mask only spares the
                                    // compiler a bounds check.)
                                    let mut taken = 0;
                                    for j in 0..8 {
                                        let m = eight[j];
                                        if Batch::is_made_ahead(board, m) {
                                            push!(m);
                                            eight.swap(taken & 7, j);
                                            taken += 1;
                                        }
                                    }
                                    taken
                                }
                            };
                            let left = core::mem::take(&mut rest);
                            rest = left.get_mut(counted..).unwrap_or_default();
                        }
                        for &m in rest.iter() {
                            push!(m);
                        }
                    } else {
                        // More moves than a list holds (relaxed positions only): one at a time.
                        crate::golem::for_each_in_list_order(self, &position.board, &targets, 0, |m| {
                            push!(m);
                        });
                    }
                } else {
                    crate::golem::for_each_in_list_order(self, &position.board, &targets, flip, |m| {
                        nodes += self.perft_batched(&position.make(m), depth - 1, batch, moves);
                    });
                }
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

            /// The legal moves of `position` of kind `KIND` (`golem::kind`). (The compiler builds the list in this function's
            /// frame and copies it out, 544 bytes: filling a list passed by reference did not
            /// avoid the copy either, it moved to the caller.)
            $(#[$attr])?
            pub(crate) fn legal_moves_entry<const KIND: u8>(self, position: &crate::Position) -> crate::MoveList {
                let mut list = crate::MoveList::new();
                let targets = crate::golem::generate_kind::<_, KIND>(self, &position.board);
                crate::golem::fill_list_kind::<_, KIND>(self, &position.board, &targets, position.square_flip(), &mut list);
                list
            }

            /// Calls `f` with each legal move, in the order of `legal_moves_entry`.
            $(#[$attr])?
            pub(crate) fn for_each_move_entry<F: FnMut(crate::Move)>(self, position: &crate::Position, f: F) {
                let targets = crate::golem::generate(self, &position.board);
                crate::golem::for_each_move(self, &position.board, &targets, position.square_flip(), f);
            }
        }
    };
}

pub(crate) use entry_points;
