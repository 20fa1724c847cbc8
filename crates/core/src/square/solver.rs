//! The solving side of the square-partition family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::column::{ColumnState, COLUMN_PSEUDOCODE};
use super::family::SquareFamily;
use super::grid::{GridExact, GridState, GridStep, GRID_PSEUDOCODE};
use super::instance::SquarePartition;
use super::perimax::{PeriMaxState, PERI_MAX_PSEUDOCODE};
use super::recursive::{RecursiveState, RECURSIVE_PSEUDOCODE};
use super::run::{run_with, Detail, Options, SquareRun};
use super::{report, verify, Rect};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, SolveError, Solver};
use crate::rational::{to_f64, Q};
use crate::trace::{Replay, Step, Trace};

impl Solver for SquareFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(
        input: &SquarePartition,
        algorithm: &str,
        traced: bool,
    ) -> Result<SquareRun, SolveError> {
        let (s, times) = (input.areas(), input.processors.cycle_times());
        let o = Options {
            times: Some(&times),
            columns: input.columns.as_deref(),
            blocks: Some(input.blocks()),
        };
        run_with(algorithm, &s, o, traced)
    }

    fn result(
        _input: &SquarePartition,
        _algorithm: &str,
        run: &SquareRun,
        with_trace: bool,
    ) -> Value {
        report::run_result(run, with_trace)
    }

    /// With the page's comparison of every rectangle algorithm (§6): see
    /// [`super::extras::explained`].
    fn explained(
        input: &SquarePartition,
        algorithm: &str,
        run: &SquareRun,
        with_trace: bool,
    ) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(run, &x, with_trace)
    }

    fn check(input: &SquarePartition, run: &SquareRun) -> Result<(), Violation> {
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
            Detail::GridExact(t) => {
                check_exact(&input.processors.cycle_times(), &t.solution, &t.trace)
            }
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

/// `grid-exact`: every arrangement's exact `r, c` satisfy the constraints and give its `V`, no
/// exact `V` is below the heuristic's for the same arrangement (the heuristic is feasible), and
/// the replay reaches the kept arrangement.
fn check_exact(times: &[Q], g: &GridExact, trace: &Trace<GridStep>) -> Result<(), Violation> {
    use num_traits::One;
    ensure(g.exact.len() == g.heuristic.evaluations.len(), || {
        "not every arrangement was solved exactly".into()
    })?;
    for (k, (x, e)) in g.exact.iter().zip(&g.heuristic.evaluations).enumerate() {
        let a = &e.arrangement;
        let tight = x.r.len() == a.len()
            && a.iter().enumerate().all(|(i, row)| {
                row.len() == x.c.len()
                    && row
                        .iter()
                        .enumerate()
                        .all(|(j, &p)| &x.r[i] * &times[p] * &x.c[j] <= Q::one())
            });
        let v = x.r.iter().sum::<Q>() * x.c.iter().sum::<Q>();
        ensure(tight && v == x.v, || {
            format!(
                "arrangement {}: the exact r, c break a constraint or miss V",
                k + 1
            )
        })?;
        ensure(to_f64(&x.v) >= e.v * (1.0 - 1e-9), || {
            format!(
                "arrangement {}: the exact V is below the heuristic's",
                k + 1
            )
        })?;
    }
    for step in &trace.steps {
        captioned(step, &(), GRID_PSEUDOCODE.len())?;
    }
    let end = trace.state_at(GridState::default(), usize::MAX);
    ensure(trace.is_empty() || end.best_exact == Some(g.best), || {
        "the replay does not keep the best exact arrangement".into()
    })
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
