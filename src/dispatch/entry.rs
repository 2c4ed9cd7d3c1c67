//! Entry points: the generic pipeline instantiated for one backend, inside functions that
//! enable the backend's CPU features, so that everything inlined into them (generation,
//! serialization, make-move, a step of the perft recursion) is compiled for that instruction
//! set. The algorithms are ordinary generic code elsewhere; here each is one call.
//! Dispatch happens once per job: a whole perft runs inside one entry point. Each backend's
//! features are spelled here, the same set its token's constructor detects.

/// Defines the entry points of backend token `$token`, with an optional attribute (the
/// backend's `target_feature`). Calling them is `unsafe` when features are enabled: the caller must hold
/// proof (the token, made after detection) that the CPU has them.
macro_rules! entry_points {
    ($token:ty $(, #[$attr:meta])?) => {
        impl $token {
            /// perft from `board` to `depth` ([`crate::golem::perft::perft`]).
            $(#[$attr])?
            pub(crate) fn perft_entry(self, board: &crate::position::Board, depth: u32) -> u64 {
                crate::golem::perft::perft(
                    self,
                    board,
                    depth,
                    |b, d| self.perft_entry(b, d),
                    |b, d, batch, moves| self.perft_batched(b, d, batch, moves),
                    |batch| self.count_batch(batch),
                )
            }

            /// Batched perft ([`crate::golem::perft::perft_batched`]).
            $(#[$attr])?
            fn perft_batched(
                self,
                board: &crate::position::Board,
                depth: u32,
                batch: &mut crate::golem::batch::Batch,
                moves: &mut crate::MoveList,
            ) -> u64 {
                crate::golem::perft::perft_batched(
                    self,
                    board,
                    depth,
                    batch,
                    moves,
                    |b, d, batch, moves| self.perft_batched(b, d, batch, moves),
                    crate::golem::perft::Counts {
                        plain: |parent: &crate::position::Board, moves: &[crate::Move]| {
                            self.count_plain(parent, moves)
                        },
                        batch: |batch: &mut crate::golem::batch::Batch| self.count_batch(batch),
                    },
                )
            }

            /// The replies to a parent's plain moves, the parent broadcast to every lane
            /// ([`crate::golem::batch::Batch::count_plain_from_parent`]), for the batched
            /// perft: one copy per backend, called once per parent, rather than inlined into the
            /// recursion (`#[inline(never)]`, as `count_batch`: the count holds a copy of the
            /// loop over the parent's vectors for each copy of the count, and inlined at the
            /// two places that then counted plain moves, they multiplied the crate's compile
            /// time by four; BENCHMARKS.md, "One loop per copy of the count (session 39)").
            $(#[$attr])?
            #[inline(never)]
            fn count_plain(self, parent: &crate::position::Board, moves: &[crate::Move]) -> u64 {
                crate::golem::batch::Batch::count_plain_from_parent(self, parent, moves)
            }

            /// A batch counted and emptied ([`crate::golem::batch::Batch::count_and_clear`]),
            /// for the batched perft: one copy of the count of a shared batch per backend,
            /// called where the recursion fills one, rather than a copy inlined at each of the
            /// places that push moves into it (`#[inline(never)]`: inlined back, the copies
            /// would return, and with them the compile time that BENCHMARKS.md, "CI time
            /// (session 36)", measured).
            $(#[$attr])?
            #[inline(never)]
            fn count_batch(self, batch: &mut crate::golem::batch::Batch) -> u64 {
                batch.count_and_clear(self)
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

            /// The legal moves of `position` of kind `KIND` (`golem::kind`), as a list returned
            /// ([`crate::golem::list_of_kind`]: the writer fills an array in this function's
            /// frame, and the moves alone are copied into the list returned). Called only by
            /// the entry points below, which are not generic.
            $(#[$attr])?
            fn moves_of_kind<const KIND: u8>(self, position: &crate::Position) -> crate::MoveList {
                let targets = crate::golem::generate_kind::<_, KIND>(self, &position.board);
                crate::golem::list_of_kind::<_, KIND>(self, &position.board, &targets, position.square_flip())
            }

            /// The legal moves of `position` of kind `KIND` written over `list`'s contents, in
            /// place (no list returned, so none is copied). Called only by the entry points
            /// below, which are not generic.
            $(#[$attr])?
            fn fill_of_kind<const KIND: u8>(self, position: &crate::Position, list: &mut crate::MoveList) {
                list.clear();
                let targets = crate::golem::generate_kind::<_, KIND>(self, &position.board);
                crate::golem::fill_list_kind::<_, KIND>(self, &position.board, &targets, position.square_flip(), list);
            }

            // The list entry points, one per kind and not generic: a generic function is
            // compiled in the crate that calls it, with that crate's settings, so a generic
            // entry ran unoptimised in an engine's debug build even where the engine
            // optimises this crate alone (`[profile.dev.package.dirgolem]`, see the README).
            // These are compiled here, with this crate's settings.

            /// Every legal move, as a list returned.
            $(#[$attr])?
            pub(crate) fn legal_moves_entry(self, position: &crate::Position) -> crate::MoveList {
                self.moves_of_kind::<{ crate::golem::kind::ALL }>(position)
            }

            /// The legal captures, as a list returned.
            $(#[$attr])?
            pub(crate) fn captures_entry(self, position: &crate::Position) -> crate::MoveList {
                self.moves_of_kind::<{ crate::golem::kind::CAPTURES }>(position)
            }

            /// The legal moves that take nothing, as a list returned.
            $(#[$attr])?
            pub(crate) fn quiets_entry(self, position: &crate::Position) -> crate::MoveList {
                self.moves_of_kind::<{ crate::golem::kind::QUIETS }>(position)
            }

            /// Every legal move, written over `list`.
            $(#[$attr])?
            pub(crate) fn fill_legal_entry(self, position: &crate::Position, list: &mut crate::MoveList) {
                self.fill_of_kind::<{ crate::golem::kind::ALL }>(position, list)
            }

            /// The legal captures, written over `list`.
            $(#[$attr])?
            pub(crate) fn fill_captures_entry(self, position: &crate::Position, list: &mut crate::MoveList) {
                self.fill_of_kind::<{ crate::golem::kind::CAPTURES }>(position, list)
            }

            /// Calls `f` with each legal capture, in the order of the captures' list, with no
            /// list in between. Compiled in the caller's crate (it is generic over `f`), the
            /// targets with it: computing them in an entry of their own, or gathering the
            /// captures in an array first as `for_each_move_entry` does, ran more instructions
            /// a call (BENCHMARKS.md, "An engine's debug build"), and the captures are the call
            /// of a quiescence search.
            ///
            /// With debug assertions on (an engine's debug build) it hands `f` to
            /// `for_each_capture_by_ref` instead. There this function is compiled unoptimised,
            /// and beside this crate optimised on its own (the README's advice) the pipeline
            /// forced inline into it made a frame of about 80 KB, held while `f` runs: a search
            /// recursing inside `f` would run out of a thread's stack within a few dozen plies.
            $(#[$attr])?
            pub(crate) fn for_each_capture_entry<F: FnMut(crate::Move)>(self, position: &crate::Position, f: F) {
                #[cfg(debug_assertions)]
                {
                    let mut f = f;
                    self.for_each_capture_by_ref(position, &mut f);
                }
                #[cfg(not(debug_assertions))]
                {
                    let targets = crate::golem::generate_kind::<_, { crate::golem::kind::CAPTURES }>(self, &position.board);
                    crate::golem::write_captures(&position.board, &targets, position.square_flip(), f);
                }
            }

            /// `for_each_capture_entry` where debug assertions are on: not generic, so compiled
            /// in this crate with its optimisation (and its frame, with every phase in it,
            /// optimised too), `f` called through a reference. Its two calls are those of
            /// `for_each_capture_entry` without debug assertions, and must stay so.
            #[cfg(debug_assertions)]
            $(#[$attr])?
            fn for_each_capture_by_ref(self, position: &crate::Position, f: &mut dyn FnMut(crate::Move)) {
                let targets = crate::golem::generate_kind::<_, { crate::golem::kind::CAPTURES }>(self, &position.board);
                crate::golem::write_captures(&position.board, &targets, position.square_flip(), f);
            }

            /// Every legal move of `position` written into `moves`
            /// ([`crate::golem::write_each`]): the count, or `None` if they did not fit. Not
            /// generic, so compiled here: `for_each_move_entry`, generic over its callback, is
            /// compiled in the caller's crate, and there (unoptimised, in an engine's debug
            /// build) the targets and the writer inlined into it kept a frame of over a hundred
            /// kilobytes while the callback ran.
            $(#[$attr])?
            fn write_each_entry(self, position: &crate::Position, moves: &mut crate::golem::EachMoves) -> Option<usize> {
                let targets = crate::golem::generate(self, &position.board);
                crate::golem::write_each(self, &position.board, &targets, position.square_flip(), moves)
            }

            /// Calls `f` with each legal move, in the order of `legal_moves_entry`.
            $(#[$attr])?
            pub(crate) fn for_each_move_entry<F: FnMut(crate::Move)>(self, position: &crate::Position, f: F) {
                let mut moves = [crate::Move::default(); crate::golem::EACH_SLOTS];
                let written = self.write_each_entry(position, &mut moves);
                crate::golem::hand_over(&position.board, position.square_flip(), &moves, written, f);
            }
        }
    };
}

entry_points!(crate::lanes::Scalar);
// `wide` picks its instructions from the features the crate is compiled with: none to enable.
entry_points!(crate::lanes::Portable);
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
entry_points!(crate::lanes::x86_64::Sse2, #[target_feature(enable = "sse2")]);
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
entry_points!(crate::lanes::x86_64::Sse2Popcnt, #[target_feature(enable = "sse2,popcnt")]);
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
entry_points!(crate::lanes::x86_64::Avx2, #[target_feature(enable = "avx2,popcnt,bmi1,bmi2,lzcnt")]);
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
entry_points!(crate::lanes::x86_64::Avx512, #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512cd,avx2,popcnt,bmi1,bmi2,lzcnt")]);
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
entry_points!(crate::lanes::aarch64::Neon, #[target_feature(enable = "neon")]);
