//! The solving side of the broadcast family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use num_traits::{One, Zero};
use serde_json::Value;

use super::dispatch::{self, Run};
use super::family::BroadcastFamily;
use super::multicast::net::Net;
use super::multicast::{MulticastState, MULTICAST_PSEUDOCODE};
use super::unidirectional::{
    transform_run, TransformState, UniState, TRANSFORM_PSEUDOCODE, UNIDIRECTIONAL_PSEUDOCODE,
};
use super::{
    schedule, verify_trees, BroadcastInput, Context, State, Status, BASELINE_PSEUDOCODE, PSEUDOCODE,
};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, Limits, SolveError, Solver};
use crate::rational::Q;

impl Solver for BroadcastFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(input: &BroadcastInput, algorithm: &str, traced: bool) -> Result<Run, SolveError> {
        dispatch::run_with(input, algorithm, traced)
    }

    fn run_within(
        input: &BroadcastInput,
        algorithm: &str,
        traced: bool,
        limits: Limits,
    ) -> Result<Run, SolveError> {
        dispatch::run_within(input, algorithm, traced, limits)
    }

    fn result(input: &BroadcastInput, algorithm: &str, run: &Run, with_trace: bool) -> Value {
        dispatch::result(input, algorithm, run, with_trace)
    }

    /// With both port models' optima (§8.2 U4): see [`super::extras::explained`].
    fn explained(input: &BroadcastInput, algorithm: &str, run: &Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(input, algorithm, run, &x, with_trace)
    }

    fn check(input: &BroadcastInput, run: &Run) -> Result<(), Violation> {
        let p = &input.platform;
        let (ids, arcs) = (p.ids(), p.arcs());
        let ctx = Context {
            ids: &ids,
            arcs: &arcs,
        };
        match run {
            Run::Broadcast(t) => {
                let longest = PSEUDOCODE.len().max(BASELINE_PSEUDOCODE.len());
                for s in &t.trace.steps {
                    captioned(s, &ctx, longest)?;
                }
                check_bidirectional(input, t)
            }
            Run::Multicast(t) => {
                for s in &t.trace.steps {
                    captioned(s, &ctx, MULTICAST_PSEUDOCODE.len())?;
                }
                check_multicast(input, t)
            }
            Run::Transformed(t) => {
                for s in &t.trace.steps {
                    captioned(s, &ctx, TRANSFORM_PSEUDOCODE.len())?;
                }
                transform_run::verify(p, &t.solution)?;
                if t.trace.is_empty() || t.solution.usage.iter().all(Zero::is_zero) {
                    return Ok(());
                }
                let end = t.trace.state_at(TransformState::default(), usize::MAX);
                ensure(
                    end.rho.as_ref() == Some(&t.solution.throughput)
                        && end.usage == t.solution.usage,
                    || "the replayed transformation differs from the solution".into(),
                )
            }
            Run::Unidirectional(t) => {
                for s in &t.trace.steps {
                    captioned(s, &ctx, UNIDIRECTIONAL_PSEUDOCODE.len())?;
                }
                let sol = &t.solution;
                let net = Net::from_platform(p);
                if sol.throughput.is_some() && !sol.trees.is_empty() {
                    let rho =
                        super::unidirectional::verify(&net, input.source, &sol.trees, &sol.period)?;
                    ensure(Some(rho) == sol.throughput, || {
                        "the schedule does not deliver the throughput".into()
                    })?;
                }
                if t.trace.is_empty() {
                    return Ok(());
                }
                let end = t.trace.state_at(UniState::new(net.arcs.len()), usize::MAX);
                ensure(end.rho == sol.throughput && end.trees == sol.trees, || {
                    "the replayed trees differ from the solution's".into()
                })
            }
        }
    }
}

fn check_bidirectional(
    input: &BroadcastInput,
    t: &crate::trace::Traced<super::BroadcastSolution, super::Step>,
) -> Result<(), Violation> {
    let sol = &t.solution;
    let p = &input.platform;
    let (n, arcs) = (p.nodes.len(), p.arcs());
    let state = t.trace.state_at(State::new(), usize::MAX);
    let traced = !t.trace.is_empty();
    if let Some(rho) = &sol.throughput {
        if !sol.trees.is_empty() {
            verify_trees(n, &arcs, input.source, &sol.trees, rho)?;
        }
        if let Some(period) = &sol.period {
            schedule::verify(n, &arcs, input.source, &sol.trees, period)?;
            ensure(
                !traced || state.bars == schedule::bars(&arcs, period),
                || "the replayed Gantt bars differ".into(),
            )?;
        }
    }
    if let Some(b) = &sol.baseline {
        if let Some(c) = &b.colouring {
            super::baseline_uni::verify(n, &arcs, &b.multiplicity, c)?;
            ensure(sol.throughput == Some(c.chi.recip()), || {
                "the unidirectional baseline's throughput is not 1/χ".into()
            })?;
        }
        let coloured = b
            .colouring
            .as_ref()
            .is_some_and(|c| !c.matchings.is_empty());
        ensure(
            !coloured || sol.trees.is_empty() || b.unidirectional_period.is_some(),
            || "a unidirectional baseline tree without its period".into(),
        )?;
        if let Some(period) = &b.unidirectional_period {
            let tree = sol.trees.first().ok_or_else(|| {
                Violation::from("a unidirectional period without its tree".to_owned())
            })?;
            super::baseline_gantt::verify(n, &arcs, input.source, tree, period)?;
            ensure(!traced || state.uni_slots == period.slots, || {
                "the replayed unidirectional slots differ".into()
            })?;
        }
    }
    if sol.status == Status::Optimal && sol.lp.is_some() {
        let lp = sol
            .lp
            .as_ref()
            .map_or_else(Q::zero, |lp| lp.out_price.iter().chain(&lp.in_price).sum());
        ensure(Some(&lp) == sol.throughput.as_ref(), || {
            "the port prices do not certify ρ*".into()
        })?;
        ensure(
            !traced || (state.trees == sol.trees && state.rho == sol.throughput),
            || "the replayed trees differ from the solution's".into(),
        )?;
    }
    Ok(())
}

fn check_multicast(
    input: &BroadcastInput,
    t: &crate::trace::Traced<super::multicast::MulticastSolution, super::multicast::MulticastStep>,
) -> Result<(), Violation> {
    let sol = &t.solution;
    let net = Net::from_platform(&input.platform);
    let mut must = vec![false; net.n];
    sol.targets.iter().for_each(|&v| must[v] = true);
    let (mut out, mut inn) = (vec![Q::zero(); net.n], vec![Q::zero(); net.n]);
    for tree in &sol.trees {
        net.check_arborescence(input.source, &tree.arcs, &must)?;
        for &k in &tree.arcs {
            out[net.arcs[k].from] += &net.arcs[k].c * &tree.weight;
            inn[net.arcs[k].to] += &net.arcs[k].c * &tree.weight;
        }
    }
    ensure(out.iter().chain(&inn).all(|l| *l <= Q::one()), || {
        "a port is loaded over 1".into()
    })?;
    if let Some(period) = &sol.period {
        let arcs = input.platform.arcs();
        schedule::verify(net.n, &arcs, input.source, &sol.trees, period)?;
    }
    ensure(sol.trees.is_empty() || sol.period.is_some(), || {
        "a tree scheme without its period".into()
    })?;
    if t.trace.is_empty() {
        return Ok(());
    }
    let state = t.trace.state_at(MulticastState::new(), usize::MAX);
    ensure(state.period == sol.period, || {
        "the replayed period differs".into()
    })?;
    if let Some(scheme) = &sol.scheme {
        ensure(
            state.summary == Some((scheme.kind, sol.throughput.clone())),
            || "the replayed summary differs from the solution".into(),
        )?;
    }
    Ok(())
}
