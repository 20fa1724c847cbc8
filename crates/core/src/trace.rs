//! Traces: an algorithm emits semantic steps; the player only replays them.
//!
//! Every family follows one pattern (guide.md section 2): a private `run(.., emit)` does the work
//! and calls `emit(step)` for each event; `solve` passes a no-op, so an untraced run pays
//! nothing; `solve_traced` records into a [`Trace`]. A view model `State` implements [`Replay`]:
//! the state after step `k` is the initial state with steps `0..k` applied, so the player can
//! jump anywhere, forward or back, and views draw the state and nothing else.
//!
//! Replaying from step 0 at every frame costs `O(k)` applies (87 ms per key press late in a
//! 2 164-step trace), so a trace keeps checkpoints: the state every `K ≈ √len` steps, filled as
//! the player first reaches them, and the last state asked for. A jump then costs at most `K`
//! applies and a step forward one; the result is the same state as a full replay.

use std::any::Any;
use std::sync::Mutex;

use serde::Serialize;

/// Most steps kept in one trace. Beyond it the trace is cut and says so; the solution is still
/// complete. Large enough for every family at the platform size limit.
pub const STEP_CAP: usize = 20_000;

/// A phase of an algorithm: what the player's phase buttons jump between, and the pseudocode
/// line to highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Phase {
    /// Short name ("reduce", "allocate").
    pub name: &'static str,
    /// Index of the highlighted line in the family's pseudocode (0-based).
    pub line: usize,
}

/// One semantic event of an algorithm, in the past tense.
pub trait Step {
    /// What captions need besides the step itself (e.g. the node ids of a platform).
    type Context<'a>: ?Sized;

    /// The English sentence shown under the figure, in the CLI trace and in snapshot tests.
    fn caption(&self, ctx: &Self::Context<'_>) -> String;

    /// The phase this step belongs to.
    fn phase(&self) -> Phase;
}

/// A view model rebuilt by applying steps in order.
pub trait Replay {
    /// The step type it understands.
    type Step;

    /// Applies one step.
    fn apply(&mut self, step: &Self::Step);
}

/// A view state that checkpoints can keep: cloned, compared (to tell initial states apart), and
/// sent with its trace. Every `State` of the families is one.
pub trait Snapshot: Clone + PartialEq + Send + 'static {}

impl<T: Clone + PartialEq + Send + 'static> Snapshot for T {}

/// Steps recorded by a traced run, capped at [`STEP_CAP`].
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Trace<S> {
    /// The steps kept.
    pub steps: Vec<S>,
    /// Number of steps dropped after the cap (0 when complete).
    pub dropped: usize,
    /// Checkpoints of the last replay (not part of the trace: never serialised or compared).
    #[serde(skip)]
    cache: ReplayCache,
}

impl<S> Default for Trace<S> {
    fn default() -> Self {
        Trace {
            steps: Vec::new(),
            dropped: 0,
            cache: ReplayCache::default(),
        }
    }
}

/// States along one trace for one initial state: `states[i]` after `i·every` steps, and the last
/// state returned.
struct Saved<T> {
    initial: T,
    every: usize,
    states: Vec<T>,
    last: Option<(usize, T)>,
}

/// A trace's replay checkpoints, type-erased (one trace is replayed into one view state).
/// Cloning gives an empty cache; two caches always compare equal.
#[derive(Default)]
struct ReplayCache(Mutex<Option<Box<dyn Any + Send>>>);

/// Not part of the trace on the worker wire either: nothing is written, an empty cache is read.
impl nanoserde::SerBin for ReplayCache {
    fn ser_bin(&self, _: &mut Vec<u8>) {}
}

impl nanoserde::DeBin for ReplayCache {
    fn de_bin(_: &mut usize, _: &[u8]) -> Result<Self, nanoserde::DeBinErr> {
        Ok(ReplayCache::default())
    }
}

impl Clone for ReplayCache {
    fn clone(&self) -> Self {
        ReplayCache::default()
    }
}

impl PartialEq for ReplayCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for ReplayCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReplayCache")
    }
}

impl<S> Trace<S> {
    /// Records a step, or counts it as dropped past the cap.
    pub fn push(&mut self, step: S) {
        if self.steps.len() < STEP_CAP {
            self.steps.push(step);
        } else {
            self.dropped += 1;
        }
        let n = self.steps.len() + self.dropped;
        if n.is_multiple_of(WATCH_EVERY) {
            WATCHER.with_borrow_mut(|w| {
                if let Some(w) = w {
                    w(n);
                }
            });
        }
    }

    /// Number of steps kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// No step was kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The state after the first `k` steps (clamped to the trace length): the same state as
    /// applying steps `0..k` to `initial`, from the nearest checkpoint at or before `k` (or the
    /// last state returned, when it is at most `K` steps before `k`).
    ///
    /// # Complexity
    /// At most `K = max(16, ⌈√len⌉)` applies once the checkpoints up to `k` exist (the first
    /// visit past them applies every step in between, once).
    pub fn state_at<T>(&self, initial: T, k: usize) -> T
    where
        T: Replay<Step = S> + Snapshot,
    {
        let k = k.min(self.steps.len());
        let Ok(mut guard) = self.cache.0.lock() else {
            return self.replay_from(initial, 0, k, &mut |_, _| {});
        };
        let every = (self.steps.len().isqrt() + 1).max(16);
        let fresh = !guard
            .as_ref()
            .and_then(|b| b.downcast_ref::<Saved<T>>())
            .is_some_and(|s| s.initial == initial && s.every == every);
        if fresh {
            *guard = None;
        }
        let boxed = guard.get_or_insert_with(|| {
            Box::new(Saved {
                initial: initial.clone(),
                every,
                states: vec![initial.clone()],
                last: None,
            })
        });
        let Some(saved) = boxed.downcast_mut::<Saved<T>>() else {
            return self.replay_from(initial, 0, k, &mut |_, _| {});
        };
        let (start, state) = match &saved.last {
            Some((j, s)) if *j <= k && k - j <= every => (*j, s.clone()),
            _ => {
                let c = (k / every).min(saved.states.len() - 1);
                (c * every, saved.states[c].clone())
            }
        };
        let states = &mut saved.states;
        let out = self.replay_from(state, start, k, &mut |at, s| {
            if at % every == 0 && at / every == states.len() {
                states.push(s.clone());
            }
        });
        saved.last = Some((k, out.clone()));
        out
    }

    /// Applies steps `from..to` to `state`, calling `seen(i, state)` after step `i − 1`.
    fn replay_from<T: Replay<Step = S>>(
        &self,
        mut state: T,
        from: usize,
        to: usize,
        seen: &mut dyn FnMut(usize, &T),
    ) -> T {
        for (i, s) in self.steps[from..to].iter().enumerate() {
            state.apply(s);
            seen(from + i + 1, &state);
        }
        state
    }
}

/// How many recorded steps between two calls of a [`watch`]er.
const WATCH_EVERY: usize = 64;

type Watcher = Box<dyn FnMut(usize)>;

thread_local! {
    static WATCHER: std::cell::RefCell<Option<Watcher>> = const { std::cell::RefCell::new(None) };
}

/// Stops the watch it came from when dropped.
#[must_use = "the watch ends when this guard is dropped"]
pub struct Watch(());

impl Drop for Watch {
    fn drop(&mut self) {
        WATCHER.with_borrow_mut(|w| *w = None);
    }
}

/// Calls `f` with the number of steps recorded so far, every few dozen steps of any trace
/// recorded on this thread, until the returned guard is dropped. This is how the site's solver
/// worker reports progress without the solvers knowing of it (the core has no clock: `f`
/// decides how often to tell anyone).
pub fn watch(f: impl FnMut(usize) + 'static) -> Watch {
    WATCHER.with_borrow_mut(|w| *w = Some(Box::new(f)));
    Watch(())
}

/// A solution with the trace that produced it.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Traced<T, S> {
    /// The solution, identical to the untraced `solve`.
    pub solution: T,
    /// The steps.
    pub trace: Trace<S>,
}

impl<T, S> Traced<T, S> {
    /// `solution` with an empty trace: what a run that records no step returns (every
    /// family's `Solver::run` when it is not traced).
    pub fn untraced(solution: T) -> Self {
        Traced {
            solution,
            trace: Trace::default(),
        }
    }
}

/// Captions of a whole trace, for the CLI and snapshot tests.
pub fn captions<S: Step>(trace: &Trace<S>, ctx: &S::Context<'_>) -> Vec<String> {
    trace.steps.iter().map(|s| s.caption(ctx)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_hears_progress_until_dropped() {
        let seen = std::rc::Rc::new(std::cell::Cell::new(0));
        let s2 = seen.clone();
        let guard = watch(move |n| s2.set(n));
        let mut t = Trace::default();
        for i in 0..=(2 * WATCH_EVERY) {
            t.push(i);
        }
        assert_eq!(seen.get(), 2 * WATCH_EVERY);
        drop(guard);
        for i in 0..WATCH_EVERY {
            t.push(i);
        }
        assert_eq!(seen.get(), 2 * WATCH_EVERY);
    }

    #[derive(Clone, Default, PartialEq)]
    struct Sum(i64);
    impl Replay for Sum {
        type Step = i64;
        fn apply(&mut self, step: &i64) {
            self.0 += step;
        }
    }

    #[test]
    fn replays_prefixes_and_caps() {
        let mut t = Trace::default();
        for k in 0..i64::try_from(STEP_CAP + 5).unwrap() {
            t.push(k);
        }
        assert_eq!((t.len(), t.dropped), (STEP_CAP, 5));
        assert_eq!(t.state_at(Sum::default(), 3).0, 3);
        assert_eq!(t.state_at(Sum::default(), 0).0, 0);
        let all = t.state_at(Sum::default(), usize::MAX).0;
        assert_eq!(all, (0..i64::try_from(STEP_CAP).unwrap()).sum::<i64>());
    }

    /// Checkpoints give exactly the full replay, in any visiting order, for any initial state.
    #[test]
    fn checkpoints_replay_exactly() {
        let mut t = Trace::default();
        for k in 0..1000_i64 {
            t.push(k * k % 17 - 8);
        }
        let full = |init: i64, k: usize| init + t.steps[..k].iter().sum::<i64>();
        let order = [
            0, 999, 1000, 1, 500, 501, 499, 37, 36, 38, 900, 5, 64, 63, 65, 2000,
        ];
        for init in [0, 3] {
            for &k in &order {
                assert_eq!(
                    t.state_at(Sum(init), k).0,
                    full(init, k.min(1000)),
                    "k = {k}"
                );
            }
            for k in (0..=1000).rev() {
                assert_eq!(t.state_at(Sum(init), k).0, full(init, k));
            }
        }
        // A clone starts with no checkpoints and still compares equal.
        let c = t.clone();
        assert_eq!(c, t);
        assert_eq!(c.state_at(Sum(0), 10).0, full(0, 10));
    }
}
