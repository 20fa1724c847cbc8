//! The solving side of the master–slave family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::family::MasterSlaveFamily;
use super::{report, solve, solve_traced, verify, MsInput, MsState, PSEUDOCODE};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, SolveError, Solver};
use crate::trace::{Replay as _, Traced};

impl Solver for MasterSlaveFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(input: &MsInput, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        if traced {
            solve_traced(input, algorithm)
        } else {
            solve(input, algorithm).map(Traced::untraced)
        }
    }

    fn result(_input: &MsInput, _algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(&run.solution, &run.trace, with_trace)
    }

    /// With the page's comparison of every algorithm of the variant (§10): see
    /// [`super::extras::explained`].
    fn explained(input: &MsInput, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(run, &x, with_trace)
    }

    fn check(input: &MsInput, run: &Self::Run) -> Result<(), Violation> {
        let sol = &run.solution;
        verify(input, sol).map_err(|v| v.to_string())?;
        let mut state = MsState::default();
        for s in &run.trace.steps {
            captioned(s, &(), PSEUDOCODE.len())?;
            state.apply(s);
        }
        ensure(run.trace.dropped == 0, || "the trace was cut".into())?;
        ensure(state.schedule == sol.schedule, || {
            "the replayed Gantt chart differs from the schedule".into()
        })?;
        if let Some(view) = &sol.tree {
            ensure(state.selected == view.selected, || {
                "the replayed Moore–Hodgson selection differs".into()
            })?;
        }
        ensure(
            state.counts.as_ref() == Some(&sol.counts) && state.total == sol.total,
            || "the replayed counts differ".into(),
        )
    }
}
