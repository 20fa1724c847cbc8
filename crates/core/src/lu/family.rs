//! The LU family behind the generic [`Family`] entry.

use super::instance::RawLu;
use crate::bench::{Measured, Timer};
use crate::generate::{self, Shape};
use crate::instance::{Processors, MAX_LU_BLOCKS};
use crate::issue::Issues;
use crate::rational::qi;
use crate::sort;
use serde_json::Value;

use super::instance::Lu;
use super::{report, solve, solve_traced, verify, LuSolution, LuState, LuStep, LU_PSEUDOCODE};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError};
use crate::trace::{Replay as _, Traced};

/// The LU family.
pub struct LuFamily;

impl Family for LuFamily {
    const PROBLEM: &'static str = "lu";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Lu;
    type Run = Traced<LuSolution, LuStep>;
    type Raw = RawLu;

    fn validate(raw: RawLu) -> Result<Lu, Issues> {
        raw.validate()
    }

    fn to_value(input: &Lu) -> Value {
        input.to_value()
    }

    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    /// `size` integer cycle times in `1..=9` (any shape), slices of `B = 2·size` chunks and a
    /// matrix of `n = 4·B` blocks (both capped).
    fn generate(_shape: Shape, size: usize, seed: u64) -> Lu {
        let t = generate::integers(size.clamp(1, super::MAX_PROCESSORS), 1, 9, seed);
        let b = (2 * t.len()).min(MAX_LU_BLOCKS);
        Lu {
            processors: Processors::CycleTimes(t.into_iter().map(qi).collect()),
            b,
            n: Some((4 * b).min(MAX_LU_BLOCKS)),
            grid: None,
        }
    }

    /// Every scheme; with a `grid` in the instance, `grid-panels` (the only scheme that uses
    /// it) comes first, as the default.
    fn offered(input: &Lu) -> Vec<&'static str> {
        let mut names = crate::family::info(Self::PROBLEM)
            .map_or_else(Vec::new, crate::catalog::Family::available_names);
        if input.grid.is_some() {
            sort::by_key(&mut names, |n| *n != "grid-panels");
        }
        names
    }

    fn run(input: &Lu, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        let i = input.input();

        if traced {
            solve_traced(algorithm, &i)
        } else {
            solve(algorithm, &i).map(Traced::untraced)
        }
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }

    fn result(_input: &Lu, _algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(&run.solution, &run.trace, with_trace)
    }

    /// With the page's comparisons (lu-distributions.md §2.1, §3.1, §3.3): see
    /// [`super::extras::explained`].
    fn explained(input: &Lu, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(run, &x, with_trace)
    }

    fn check(input: &Lu, run: &Self::Run) -> Result<(), Violation> {
        let sol = &run.solution;
        verify(&input.input(), sol)?;
        let mut state = LuState::new(input.processors.len(), sol.n);
        for s in &run.trace.steps {
            captioned(s, &(), LU_PSEUDOCODE.len())?;
            state.apply(s);
        }
        ensure(state.owners == sol.owners, || {
            "the replayed owner matrix differs".into()
        })?;
        ensure(state.k == Some(sol.n - 1), || {
            "the replay does not reach the last step".into()
        })?;
        ensure(
            state.total == sol.total_cost && state.perfect_total == sol.perfect_balance,
            || "the replayed totals differ".into(),
        )?;
        ensure(
            state.chunk_sequence == sol.sequence.clone().unwrap_or_default(),
            || "the replayed allocation sequence differs".into(),
        )
    }
}
