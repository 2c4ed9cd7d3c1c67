//! perft on several threads: the tree is cut at a split depth into many more subtrees than
//! threads, the threads take subtrees one at a time through a shared index (so that a thread
//! that drew small subtrees takes more of them and none sits idle while work is left), and each
//! subtree is counted by the single-threaded [`Generator::perft`]. The results are the same as
//! [`perft`](crate::perft()) and [`divide_each`](crate::divide_each) for every thread count.
//!
//! The calling thread does no counting: it collects the subtree counts from the workers (a
//! worker hands them over in batches, within a few milliseconds of counting them, not one by
//! one), reports progress and hands out the root moves' counts in generation order. A thread
//! count is a [`NonZeroUsize`], so that "no threads" cannot be asked for; [`available_threads`]
//! gives the number of cores the system grants the process.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::{Generator, Move, Position};

/// How far a parallel perft has come, reported after each counted subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Root moves whose whole subtree is counted.
    pub roots_done: usize,
    /// Legal moves of the root position.
    pub roots: usize,
    /// Subtrees counted so far.
    pub subtrees_done: usize,
    /// Subtrees the tree was cut into.
    pub subtrees: usize,
    /// Leaves counted so far.
    pub nodes: u64,
}

/// The number of threads the system lets this process run at once
/// ([`std::thread::available_parallelism`]), or 1 when it cannot tell.
pub fn available_threads() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// Subtrees per thread the split aims at: enough that the uneven sizes of subtrees even out
/// across threads, few enough that the split itself costs nothing next to the counting.
const SUBTREES_PER_THREAD: usize = 32;

/// The most counted subtrees a worker holds before it hands them to the calling thread.
/// Handing over wakes the calling thread, which then takes a core from the workers for a
/// moment: once per subtree, that cost thousands of wake-ups in a count of a few tens of
/// milliseconds, whose subtrees take microseconds each.
const BATCH: usize = 32;

/// The longest a worker holds counted subtrees, so that the progress stays current and a
/// root move's count is handed on soon after its last subtree is counted.
const BATCH_TIME: Duration = Duration::from_millis(2);

/// Counted subtrees on their way to the calling thread: the root move each lies below, and
/// its leaves.
struct Batch {
    counted: [(usize, u64); BATCH],
    len: usize,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            counted: [(0, 0); BATCH],
            len: 0,
        }
    }

    fn push(&mut self, root: usize, nodes: u64) {
        self.counted[self.len] = (root, nodes);
        self.len += 1;
    }

    fn is_full(&self) -> bool {
        self.len == BATCH
    }
}

impl Generator {
    /// [`Generator::perft`] on `threads` threads: the same count.
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use dirgolem::{Generator, Position};
    /// let generator = Generator::detect();
    /// let threads = NonZeroUsize::new(2).unwrap();
    /// assert_eq!(generator.perft_parallel(&Position::startpos(), 4, threads), 197_281);
    /// ```
    pub fn perft_parallel(&self, position: &Position, depth: u32, threads: NonZeroUsize) -> u64 {
        self.perft_parallel_with_progress(position, depth, threads, |_| {})
    }

    /// [`Generator::perft_parallel`] that calls `progress` on the calling thread once for each
    /// counted subtree (a long count can show how far it has come; the callback decides how
    /// often to say so). The workers hand their counts over in batches, within a few
    /// milliseconds of counting them, so the calls come in bursts. Not called at depth 0.
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use dirgolem::{Generator, Position};
    /// let mut last = None;
    /// let nodes = Generator::detect().perft_parallel_with_progress(
    ///     &Position::startpos(), 4, NonZeroUsize::new(2).unwrap(), |p| last = Some(p));
    /// let last = last.unwrap();
    /// assert_eq!((last.roots_done, last.roots, last.nodes), (20, 20, nodes));
    /// assert_eq!(last.subtrees_done, last.subtrees);
    /// ```
    pub fn perft_parallel_with_progress(
        &self,
        position: &Position,
        depth: u32,
        threads: NonZeroUsize,
        progress: impl FnMut(Progress),
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        let _: ControlFlow<()> = split_run(self, position, depth, threads, progress, |_, n| {
            total += n;
            ControlFlow::Continue(())
        });
        total
    }
}

/// [`divide_each`](crate::divide_each) on `threads` threads: `f` gets each legal move and the
/// leaves below it, in generation order, on the calling thread, as soon as that move and every
/// earlier one are counted, and can stop the count (the workers finish the subtree they are on
/// and take no more). Nothing is called at depth 0.
///
/// ```
/// use std::num::NonZeroUsize;
/// use std::ops::ControlFlow;
/// use dirgolem::{divide, divide_parallel_each, Generator, Position};
/// let start = Position::startpos();
/// let mut split = Vec::new();
/// let _: ControlFlow<()> = divide_parallel_each(
///     &Generator::detect(), &start, 3, NonZeroUsize::new(3).unwrap(), |m, n| {
///         split.push((m, n));
///         ControlFlow::Continue(())
///     });
/// assert_eq!(split, divide(&start, 3));
/// ```
pub fn divide_parallel_each<B>(
    generator: &Generator,
    position: &Position,
    depth: u32,
    threads: NonZeroUsize,
    f: impl FnMut(Move, u64) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if depth == 0 {
        return ControlFlow::Continue(());
    }
    split_run(generator, position, depth, threads, |_| {}, f)
}

/// A subtree to count: the root move it lies below and its position.
#[derive(Clone, Copy)]
struct Subtree {
    root: usize,
    position: Position,
}

/// The cut: the root moves, and the subtrees all `depth` plies deep below them.
struct Split {
    roots: Vec<Move>,
    subtrees: Vec<Subtree>,
    depth: u32,
}

/// Cuts the tree `depth` (at least 1) plies below `position` one ply at a time until there
/// are [`SUBTREES_PER_THREAD`] subtrees per thread or the next cut would leave no ply for the
/// bulk count of the last ply. Subtrees of a root move stay together, in generation order.
fn split(generator: &Generator, position: &Position, depth: u32, threads: usize) -> Split {
    let mut roots = Vec::new();
    generator.for_each_legal_move(position, |m| roots.push(m));
    let mut subtrees: Vec<Subtree> = roots
        .iter()
        .enumerate()
        .map(|(root, &m)| Subtree {
            root,
            position: position.play_unchecked(m),
        })
        .collect();
    let mut left = depth - 1;
    let wanted = threads.saturating_mul(SUBTREES_PER_THREAD);
    while left >= 2 && !subtrees.is_empty() && subtrees.len() < wanted {
        let mut deeper = Vec::with_capacity(subtrees.len() * 32);
        for s in &subtrees {
            generator.for_each_legal_move(&s.position, |m| {
                deeper.push(Subtree {
                    root: s.root,
                    position: s.position.play_unchecked(m),
                });
            });
        }
        subtrees = deeper;
        left -= 1;
    }
    Split {
        roots,
        subtrees,
        depth: left,
    }
}

/// The shared body: counts every subtree of the cut on worker threads and reports to the
/// calling thread through a channel, where `progress` and `f` run.
fn split_run<B>(
    generator: &Generator,
    position: &Position,
    depth: u32,
    threads: NonZeroUsize,
    mut progress: impl FnMut(Progress),
    mut f: impl FnMut(Move, u64) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let Split {
        roots,
        subtrees,
        depth: left,
    } = split(generator, position, depth, threads.get());
    // Per root move: the subtrees still to count, and the leaves counted below it so far.
    let mut pending = vec![0usize; roots.len()];
    for s in &subtrees {
        pending[s.root] += 1;
    }
    let mut counts = vec![0u64; roots.len()];
    let mut state = Progress {
        roots_done: pending.iter().filter(|&&p| p == 0).count(),
        roots: roots.len(),
        subtrees_done: 0,
        subtrees: subtrees.len(),
        nodes: 0,
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let workers = threads.get().min(subtrees.len());
    // A worker: takes subtrees through the shared index until none is left or `f` stopped,
    // and hands their counts over in batches.
    let work = |sender: mpsc::Sender<Batch>| {
        let mut batch = Batch::new();
        let mut held_since = Instant::now();
        while !stop.load(Ordering::Relaxed) {
            let Some(s) = subtrees.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            if batch.len == 0 {
                held_since = Instant::now();
            }
            batch.push(s.root, generator.perft(&s.position, left));
            if batch.is_full() || held_since.elapsed() >= BATCH_TIME {
                if sender.send(batch).is_err() {
                    return;
                }
                batch = Batch::new();
            }
        }
        if batch.len > 0 {
            let _ = sender.send(batch);
        }
    };
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<Batch>();
        // A target without threads (wasm32-wasip1) refuses the first spawn: then no worker
        // runs, and the calling thread counts the subtrees itself, one between two reports.
        let spawned = (0..workers)
            .take_while(|_| {
                let sender = sender.clone();
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || work(sender))
                    .is_ok()
            })
            .count();
        // Only the workers hold senders now: the loop below ends when the last one is done.
        drop(sender);
        let mut received = receiver
            .iter()
            .flat_map(|batch| batch.counted.into_iter().take(batch.len));
        let counted = std::iter::from_fn(|| {
            if spawned > 0 {
                received.next()
            } else {
                let s = subtrees.get(next.fetch_add(1, Ordering::Relaxed))?;
                Some((s.root, generator.perft(&s.position, left)))
            }
        });
        // The first root move not yet handed to `f`.
        let mut emitted = 0;
        let mut emit = |pending: &[usize], counts: &[u64], emitted: &mut usize| {
            while *emitted < roots.len() && pending[*emitted] == 0 {
                f(roots[*emitted], counts[*emitted])?;
                *emitted += 1;
            }
            ControlFlow::Continue(())
        };
        let flow = emit(&pending, &counts, &mut emitted);
        if flow.is_break() {
            stop.store(true, Ordering::Relaxed);
            return flow;
        }
        for (root, nodes) in counted {
            counts[root] += nodes;
            pending[root] -= 1;
            state.subtrees_done += 1;
            state.nodes += nodes;
            if pending[root] == 0 {
                state.roots_done += 1;
            }
            progress(state);
            let flow = emit(&pending, &counts, &mut emitted);
            if flow.is_break() {
                stop.store(true, Ordering::Relaxed);
                return flow;
            }
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_stops_at_enough_subtrees_and_keeps_a_ply_for_bulk_counting() {
        let generator = Generator::detect();
        let start = Position::startpos();
        // 20 root moves are fewer than 32 per thread for 2 threads: one more ply, 400.
        let cut = split(&generator, &start, 5, 2);
        assert_eq!((cut.subtrees.len(), cut.depth), (400, 3));
        // At depth 2 the cut stays at the root moves, whatever the thread count.
        let cut = split(&generator, &start, 2, 64);
        assert_eq!((cut.subtrees.len(), cut.depth), (20, 1));
        // Subtrees of a root move stay together, in root order.
        let cut = split(&generator, &start, 6, 40);
        assert!(cut.subtrees.windows(2).all(|w| w[0].root <= w[1].root));
        assert_eq!(cut.depth, 3);
    }
}
