//! The master–slave family behind the generic [`Family`] entry.

use super::instance::RawMasterSlave;
use crate::bench::{Measured, Timer};
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::{
    offered, report, solve, solve_traced, verify, MsInput, MsSolution, MsState, MsStep, PSEUDOCODE,
};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError};
use crate::trace::{Replay as _, Traced};

/// The master–slave family.
pub struct MasterSlaveFamily;

impl Family for MasterSlaveFamily {
    const PROBLEM: &'static str = "master-slave";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = MsInput;
    type Run = Traced<MsSolution, MsStep>;
    type Raw = RawMasterSlave;
    const GANTT: bool = true;

    fn validate(raw: RawMasterSlave) -> Result<MsInput, Issues> {
        raw.validate()
    }

    fn to_value(input: &MsInput) -> Value {
        input.to_value()
    }

    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn timeline(_input: &MsInput, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(super::timeline::master_slave(name, &run.solution))
    }

    /// A bus or tree variant picked by `shape`, as [`super::generate::random`] says.
    fn generate(shape: Shape, size: usize, seed: u64) -> MsInput {
        super::generate::random(shape, size, seed)
    }

    fn offered(input: &MsInput) -> Vec<&'static str> {
        offered(input)
    }

    fn run(input: &MsInput, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        if traced {
            solve_traced(input, algorithm)
        } else {
            solve(input, algorithm).map(Traced::untraced)
        }
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
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
