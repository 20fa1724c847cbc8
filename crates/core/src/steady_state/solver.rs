//! The solving side of the steady-state family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use num_traits::Zero;
use serde_json::Value;

use super::dual;
use super::extras::{lp_extras, tree_check};
use super::family::{SteadyRun, SteadyStateFamily};
use super::instance::SteadyState;
use super::pipeline::{self, PipeState, PipeStep, Pipeline, Stage, PIPELINE_PSEUDOCODE};
use super::tree::{self, NodeUse, TreeSolution, TreeState, TreeStep, TREE_PSEUDOCODE};
use super::{report, verify};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{ensure, Family, Limits, SolveError, Solver};
use crate::trace::{Step as _, Traced};

impl Solver for SteadyStateFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(
        input: &SteadyState,
        algorithm: &str,
        with_trace: bool,
    ) -> Result<SteadyRun, SolveError> {
        Self::run_within(input, algorithm, with_trace, Limits::Default)
    }

    fn run_within(
        input: &SteadyState,
        algorithm: &str,
        with_trace: bool,
        limits: Limits,
    ) -> Result<SteadyRun, SolveError> {
        match algorithm {
            "lp" => pipeline::solve_within(input, limits, with_trace)
                .map(SteadyRun::Lp)
                .map_err(|e| SolveError::TooLarge(e.to_string())),
            "tree" => {
                let t = if with_trace {
                    tree::solve_traced(input)
                } else {
                    tree::solve(input).map(Traced::untraced)
                };
                t.map(SteadyRun::Tree).map_err(|e| {
                    SolveError::NotApplicable(format!("{e}. Choose “lp” for any platform"))
                })
            }
            other => Err(SolveError::unknown(Self::PROBLEM, other, &["lp", "tree"])),
        }
    }

    fn result(input: &SteadyState, _algorithm: &str, run: &SteadyRun, with_trace: bool) -> Value {
        match run {
            SteadyRun::Lp(t) => {
                report::pipeline_result(input, &t.solution, None, &t.trace, with_trace)
            }
            SteadyRun::Tree(t) => report::tree_result(input, &t.solution, &t.trace, with_trace),
        }
    }

    /// With the LP's extras (section 2.8's operating models, 2.10's prices, 2.4's optimal
    /// face, 3.6's best tree, 4.8's full run and 4.9's batches), or the tree's cross-check
    /// against the LP (section 3, `lp_check`): each an exact solve of its own, together several
    /// times the LP's cost on small platforms, so only when asked.
    fn explained(input: &SteadyState, algorithm: &str, run: &SteadyRun, with_trace: bool) -> Value {
        match run {
            SteadyRun::Lp(t) => {
                let extras = lp_extras(input, &t.solution);
                report::pipeline_result(input, &t.solution, Some(&extras), &t.trace, with_trace)
            }
            SteadyRun::Tree(t) => {
                let mut doc = Self::result(input, algorithm, run, with_trace);
                doc["lp_check"] = report::tree_check_json(&tree_check(input, &t.solution));
                doc
            }
        }
    }

    fn check(input: &SteadyState, run: &SteadyRun) -> Result<(), Violation> {
        match run {
            SteadyRun::Lp(t) => check_pipeline(input, t),
            SteadyRun::Tree(t) => check_tree(input, t),
        }
    }
}

fn check_pipeline(inst: &SteadyState, t: &Traced<Pipeline, PipeStep>) -> Result<(), Violation> {
    let sol = &t.solution;
    verify(inst, &sol.lp.rates, &sol.lp.throughput).map_err(|e| e.to_string())?;
    // The prices of section 2.10 prove the rates optimal (dual feasible, equal objective).
    let cert = dual::certificate(inst).map_err(|e| format!("no dual certificate: {e}"))?;
    dual::check(inst, &cert, &sol.lp.throughput)?;
    let arcs = inst.platform.arcs();
    if let Some(pattern) = &sol.pattern {
        crate::periodic::verify(pattern, &sol.lp.flows(inst, &arcs))?;
    }
    let ids = inst.platform.ids();
    let ctx = pipeline::Context {
        ids: &ids,
        arcs: &arcs,
        pipeline: sol,
    };
    for s in &t.trace.steps {
        ensure(!s.caption(&ctx).is_empty(), || {
            format!("step {s:?} has no caption")
        })?;
        ensure(s.phase().line < PIPELINE_PSEUDOCODE.len(), || {
            "a phase line is out of the pseudocode".into()
        })?;
    }
    if t.trace.is_empty() {
        return Ok(());
    }
    // The replayed state holds everything the pipeline found, step by step.
    let end = t.trace.state_at(PipeState::default(), usize::MAX);
    ensure(end.rho.as_ref() == Some(&sol.lp.throughput), || {
        "the replayed ρ* differs".into()
    })?;
    ensure(end.rates.as_ref() == Some(&sol.lp.rates), || {
        "the replayed rates differ".into()
    })?;
    ensure(end.peeled == sol.allocations, || {
        "the replayed routes differ".into()
    })?;
    match &sol.pattern {
        Some(p) => {
            ensure(end.found == p.decomposition.matchings, || {
                "the replayed matchings differ".into()
            })?;
            ensure(end.filled == p.slots, || "the replayed slots differ".into())?;
            ensure(
                end.scale == Some((p.scale_a.clone(), p.length.clone()))
                    && end.stage == Stage::Scaled,
                || "the replay does not end with the scaled pattern".into(),
            )
        }
        None => ensure(end.found.is_empty() && end.scale.is_none(), || {
            "the replay schedules a period the solution does not have".into()
        }),
    }
}

fn check_tree(inst: &SteadyState, t: &Traced<TreeSolution, TreeStep>) -> Result<(), Violation> {
    let sol = &t.solution;
    verify(inst, &sol.rates, &sol.throughput).map_err(|e| e.to_string())?;
    tree::schedule::verify(inst, &inst.platform.arcs(), &sol.rates, &sol.schedule)?;
    let ids = inst.platform.ids();
    for s in &t.trace.steps {
        ensure(!s.caption(&ids).is_empty(), || {
            format!("step {s:?} has no caption")
        })?;
        ensure(s.phase().line < TREE_PSEUDOCODE.len(), || {
            "a phase line is out of the pseudocode".into()
        })?;
    }
    let end = t
        .trace
        .state_at(TreeState::new(inst.platform.nodes.len()), usize::MAX);
    ensure(end.throughput.as_ref() == Some(&sol.throughput), || {
        "the replayed throughput differs".into()
    })?;
    ensure(end.period.as_ref() == Some(&sol.schedule.period_t), || {
        "the replayed period differs".into()
    })?;
    for send in &sol.schedule.sends {
        ensure(end.scheduled[send.from], || {
            format!(
                "the replay never places the transfers of node {}",
                send.from
            )
        })?;
    }
    for (i, xi) in sol.rates.x.iter().enumerate() {
        if sol.usage[i] != NodeUse::Unreachable {
            ensure(end.x[i].as_ref() == Some(xi), || {
                format!("the replayed rate of node {i} differs")
            })?;
        }
    }
    let arcs = inst.platform.arcs();
    for (k, fk) in sol.rates.f.iter().enumerate() {
        if !fk.is_zero() {
            ensure(end.rate_in[arcs[k].to].as_ref() == Some(fk), || {
                format!("the replayed rate of arc {k} differs")
            })?;
        }
    }
    Ok(())
}
