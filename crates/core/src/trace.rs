//! Traces: an algorithm emits semantic steps; the player only replays them.
//!
//! Every family follows one pattern (guide.md section 2): a private `run(.., emit)` does the work
//! and calls `emit(step)` for each event; `solve` passes a no-op, so an untraced run pays
//! nothing; `solve_traced` records into a [`Trace`]. A view model `State` implements [`Replay`]:
//! the state after step `k` is the initial state with steps `0..k` applied, so the player can
//! jump anywhere, forward or back, and views draw the state and nothing else.

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

/// Steps recorded by a traced run, capped at [`STEP_CAP`].
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Trace<S> {
    /// The steps kept.
    pub steps: Vec<S>,
    /// Number of steps dropped after the cap (0 when complete).
    pub dropped: usize,
}

impl<S> Default for Trace<S> {
    fn default() -> Self {
        Trace {
            steps: Vec::new(),
            dropped: 0,
        }
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

    /// The state after the first `k` steps (clamped to the trace length).
    pub fn state_at<T: Replay<Step = S>>(&self, mut initial: T, k: usize) -> T {
        for s in &self.steps[..k.min(self.steps.len())] {
            initial.apply(s);
        }
        initial
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
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Traced<T, S> {
    /// The solution, identical to the untraced `solve`.
    pub solution: T,
    /// The steps.
    pub trace: Trace<S>,
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

    #[derive(Default)]
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
}
