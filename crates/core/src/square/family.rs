//! The square-partition family behind the generic [`Family`] entry.

use serde_json::Value;

use super::column::{ColumnState, COLUMN_PSEUDOCODE};
use super::grid::{GridState, GRID_PSEUDOCODE};
use super::perimax::{PeriMaxState, PERI_MAX_PSEUDOCODE};
use super::recursive::{RecursiveState, RECURSIVE_PSEUDOCODE};
use super::run::{run, Detail, SquareRun};
use super::{report, verify, Rect};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError};
use crate::instance::{Instance, SquarePartition};
use crate::rational::Q;
use crate::trace::{Replay, Step, Trace};

/// The square-partition family.
pub struct SquareFamily;

impl Family for SquareFamily {
    const PROBLEM: &'static str = "square-partition";
    type Input = SquarePartition;
    type Run = SquareRun;

    fn input(inst: &Instance) -> Option<&SquarePartition> {
        match inst {
            Instance::SquarePartition(s) => Some(s),
            _ => None,
        }
    }

    fn wrap(input: SquarePartition) -> Instance {
        Instance::SquarePartition(input)
    }

    fn run(
        input: &SquarePartition,
        algorithm: &str,
        traced: bool,
    ) -> Result<SquareRun, SolveError> {
        let (s, times) = (input.areas(), input.processors.cycle_times());
        run(algorithm, &s, &times, traced)
    }

    fn steps(run: &SquareRun) -> usize {
        run.len()
    }

    fn result(
        _input: &SquarePartition,
        _algorithm: &str,
        run: &SquareRun,
        with_trace: bool,
    ) -> Value {
        report::run_result(run, with_trace)
    }

    fn check(_input: &SquarePartition, run: &SquareRun) -> Result<(), Violation> {
        let s = run.areas.as_slice();
        if let Some(p) = &run.partition {
            verify(s, &p.rects)?;
        }
        let rects = run.partition.as_ref().map(|p| p.rects.clone());
        match &run.detail {
            Detail::Column(t) => replayed(
                &t.trace,
                ColumnState::new(s),
                s,
                COLUMN_PSEUDOCODE,
                |st| &st.rects,
                rects,
            ),
            Detail::Recursive(t) => replayed(
                &t.trace,
                RecursiveState::new(s),
                s,
                RECURSIVE_PSEUDOCODE,
                |st| &st.rects,
                rects,
            ),
            Detail::PeriMax(t) => replayed(
                &t.trace,
                PeriMaxState::new(s),
                s,
                PERI_MAX_PSEUDOCODE,
                |st| &st.rects,
                rects,
            ),
            Detail::Grid(t) => {
                let g = &t.solution;
                ensure(g.best < g.evaluations.len(), || {
                    "the best arrangement is not one evaluated".into()
                })?;
                for step in &t.trace.steps {
                    captioned(step, &(), GRID_PSEUDOCODE.len())?;
                }
                let end = t.trace.state_at(GridState::default(), usize::MAX);
                ensure(
                    t.trace.is_empty() || end.iteration + 1 >= g.evaluations.len(),
                    || "the replay does not reach the last arrangement".into(),
                )
            }
            Detail::Baseline => Ok(()),
        }
    }
}

/// Every step is captioned, and the state after the whole trace holds the partition's rectangles.
fn replayed<S, T>(
    trace: &Trace<S>,
    init: T,
    s: &[Q],
    pseudocode: &[&str],
    rects_of: impl Fn(&T) -> &Vec<Option<Rect>>,
    rects: Option<Vec<Rect>>,
) -> Result<(), Violation>
where
    S: for<'a> Step<Context<'a> = [Q]>,
    T: Replay<Step = S> + crate::trace::Snapshot,
{
    for step in &trace.steps {
        captioned(step, s, pseudocode.len())?;
    }
    if trace.is_empty() {
        return Ok(());
    }
    let end = trace.state_at(init, usize::MAX);
    let got: Option<Vec<Rect>> = rects_of(&end).iter().cloned().collect();
    ensure(got == rects, || {
        "the replayed rectangles differ from the solution's".into()
    })
}
