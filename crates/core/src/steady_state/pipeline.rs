//! The general steady-state pipeline (steady-state.md section 5.1): the LP and its canonical
//! rates, the routes, the period and its integer counts, the matchings one by one, and the
//! scaled pattern whose Gantt chart the page draws.

use num_bigint::BigInt;
use num_traits::Signed;
use serde::Serialize;

use super::alloc::{allocations, Allocation};
use super::lp::{self, LpError, LpSolution};
use super::Rates;
use crate::family::Limits;
use crate::graph::matching::{Matching, MuReason};
use crate::periodic::{self, Pattern, Slot, Transfer};
use crate::platform::NodeId;
use crate::rational::{approx, frac, Q};
use crate::steady_state::SteadyState;
use crate::trace::{Phase, Step, Trace, Traced};

/// Everything the general pipeline computes.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Pipeline {
    /// The LP's answer and canonical rates.
    pub lp: LpSolution,
    /// The routes, in peeling order.
    pub allocations: Vec<Allocation>,
    /// One period of the schedule (`None` when the throughput is 0: nothing to schedule).
    pub pattern: Option<Pattern>,
}

/// One step of the pipeline.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum PipeStep {
    /// Stage 1 solved: the optimal throughput.
    SolvedThroughput {
        /// `ρ*`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
    },
    /// Stage 2 solved: the canonical rates.
    SolvedCanonical {
        /// Least total port-busy time.
        #[serde(serialize_with = "crate::rational::exact")]
        comm_min: Q,
        /// The canonical rates.
        rates: Rates,
    },
    /// One route peeled off the flows.
    PeeledRoute {
        /// Index in [`Pipeline::allocations`].
        index: usize,
        /// The route.
        route: Allocation,
    },
    /// The period and the integer counts (the weak pattern).
    FoundPeriod {
        /// `T`.
        #[serde(serialize_with = "crate::rational::exact")]
        period_t: BigInt,
        /// Tasks per period.
        #[serde(serialize_with = "crate::rational::exact")]
        tasks: BigInt,
    },
    /// One matching of the decomposition.
    Matched {
        /// Index of the matching.
        index: usize,
        /// The matching and its weight.
        matching: Matching,
    },
    /// One slot of the period filled in the Gantt chart.
    FilledSlot {
        /// Index of the slot.
        index: usize,
        /// The slot.
        slot: Slot<Transfer>,
    },
    /// The scale factor and the final pattern.
    Scaled {
        /// `A`.
        #[serde(serialize_with = "crate::rational::exact")]
        scale_a: BigInt,
        /// `L = A·T`.
        #[serde(serialize_with = "crate::rational::exact")]
        length: BigInt,
    },
}

/// Runs the pipeline.
///
/// # Errors
/// [`LpError`] when the LP cannot be solved (too large).
pub fn solve(inst: &SteadyState) -> Result<Pipeline, LpError> {
    run(inst, Limits::Default, &mut |_| {})
}

/// [`solve`] (`traced: false`) or [`solve_traced`] under the given size [`Limits`].
///
/// # Errors
/// As [`solve`].
pub fn solve_within(
    inst: &SteadyState,
    limits: Limits,
    traced: bool,
) -> Result<Traced<Pipeline, PipeStep>, LpError> {
    let mut trace = Trace::default();
    let solution = run(inst, limits, &mut |s| {
        if traced {
            trace.push(s);
        }
    })?;
    Ok(Traced { solution, trace })
}

/// As [`solve`], with the steps the player replays.
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(inst: &SteadyState) -> Result<Traced<Pipeline, PipeStep>, LpError> {
    let mut trace = Trace::default();
    let solution = run(inst, Limits::Default, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

fn run(
    inst: &SteadyState,
    limits: Limits,
    emit: &mut impl FnMut(PipeStep),
) -> Result<Pipeline, LpError> {
    let sol = match limits {
        Limits::Default => lp::solve(inst)?,
        Limits::Lifted => lp::solve_within(inst, usize::MAX, usize::MAX)?,
    };
    emit(PipeStep::SolvedThroughput {
        rho: sol.throughput.clone(),
    });
    emit(PipeStep::SolvedCanonical {
        comm_min: sol.comm_min.clone(),
        rates: sol.rates.clone(),
    });
    let p = &inst.platform;
    let arcs = p.arcs();
    let masters: Vec<bool> = p.nodes.iter().map(|n| n.master).collect();
    let routes = allocations(&masters, &arcs, &sol.rates.x, &sol.rates.f, &sol.g);
    for (index, route) in routes.iter().enumerate() {
        emit(PipeStep::PeeledRoute {
            index,
            route: route.clone(),
        });
    }
    let pattern = if sol.throughput.is_positive() {
        let flows = sol.flows(inst, &arcs);
        // Canonical LP rates always satisfy the weak-pattern checks; a failure here is a bug
        // that must surface as an error rather than a wrong drawing.
        let pat = periodic::build(&flows).map_err(|e| LpError::Solver(e.to_string()))?;
        emit(PipeStep::FoundPeriod {
            period_t: pat.period_t.clone(),
            tasks: pat.n.iter().sum(),
        });
        for (index, matching) in pat.decomposition.matchings.iter().enumerate() {
            emit(PipeStep::Matched {
                index,
                matching: matching.clone(),
            });
        }
        emit(PipeStep::Scaled {
            scale_a: pat.scale_a.clone(),
            length: pat.length.clone(),
        });
        for (index, slot) in pat.slots.iter().enumerate() {
            emit(PipeStep::FilledSlot {
                index,
                slot: slot.clone(),
            });
        }
        Some(pat)
    } else {
        None
    };
    Ok(Pipeline {
        lp: sol,
        allocations: routes,
        pattern,
    })
}

/// Pseudocode of the pipeline; [`Phase::line`] indexes it.
pub const PIPELINE_PSEUDOCODE: &[&str] = &[
    "stage 1: maximise ρ = Σ x_i  s.t. w_i·x_i ≤ 1, ports ≤ 1, conservation",
    "stage 2: among optimal rates, minimise the total port-busy time",
    "peel routes: follow the smallest arcs from a master to a computing node, subtract the bottleneck",
    "T := lcm of the rates' denominators; n_i = T·x_i, m_ij = T·f_ij",
    "decompose the sender/receiver graph (weights u_ij) into matchings M_k with weights μ_k",
    "A := least integer making every per-slot count whole; the period lasts L = A·T",
];

/// Context of the captions: node ids and the pipeline's result.
pub struct Context<'a> {
    /// Node ids by index.
    pub ids: &'a [NodeId],
    /// Arc ends by arc index.
    pub arcs: &'a [crate::platform::Arc],
    /// The result the steps refer to.
    pub pipeline: &'a Pipeline,
}

impl Step for PipeStep {
    type Context<'a> = Context<'a>;

    fn caption(&self, ctx: &Context<'_>) -> String {
        caption(self, ctx)
    }

    fn phase(&self) -> Phase {
        match self {
            PipeStep::SolvedThroughput { .. } => Phase {
                name: "LP",
                line: 0,
            },
            PipeStep::SolvedCanonical { .. } => Phase {
                name: "canonical",
                line: 1,
            },
            PipeStep::PeeledRoute { .. } => Phase {
                name: "routes",
                line: 2,
            },
            PipeStep::FoundPeriod { .. } => Phase {
                name: "period",
                line: 3,
            },
            PipeStep::Matched { .. } => Phase {
                name: "matchings",
                line: 4,
            },
            PipeStep::Scaled { .. } | PipeStep::FilledSlot { .. } => Phase {
                name: "schedule",
                line: 5,
            },
        }
    }
}

fn caption(step: &PipeStep, ctx: &Context<'_>) -> String {
    let id = |i: usize| {
        ctx.ids
            .get(i)
            .map_or_else(|| format!("#{i}"), ToString::to_string)
    };
    let arc = |k: usize| {
        ctx.arcs
            .get(k)
            .map_or_else(String::new, |a| format!("{}→{}", id(a.from), id(a.to)))
    };
    match step {
        PipeStep::SolvedThroughput { rho } => match super::notes::zero_throughput(rho) {
            Some(why) => format!("Solved the steady-state LP exactly. {why}"),
            None => format!(
                "Solved the steady-state LP exactly: the platform can complete at most ρ* = {} ≈ {} tasks per time unit, whatever the schedule.",
                frac(rho), approx(rho)
            ),
        },
        PipeStep::SolvedCanonical { comm_min, .. } => format!(
            "Among all optimal rates, picked the one that keeps ports busy least (total {}): no flow cycle, one direction per link. Arc widths show the rates.",
            frac(comm_min)
        ),
        PipeStep::PeeledRoute { index, .. } => {
            let Some(a) = ctx.pipeline.allocations.get(*index) else { return String::new() };
            if a.path_in.is_empty() {
                format!("Route {}: master {} computes {} task(s) per time unit itself.", index + 1, id(a.master), frac(&a.weight))
            } else {
                let path: Vec<String> = a.path_in.iter().map(|&k| arc(k)).collect();
                format!("Route {}: {} task(s) per time unit travel {} and are computed by {}.", index + 1, frac(&a.weight), path.join(", "), id(a.worker))
            }
        }
        PipeStep::FoundPeriod { period_t, tasks } => format!(
            "Took the period T = {period_t} (lcm of the denominators): per period every rate becomes a whole number of tasks, {tasks} in all."
        ),
        PipeStep::Matched { index, .. } => {
            let Some(m) = ctx.pipeline.pattern.as_ref().and_then(|p| p.decomposition.matchings.get(*index)) else { return String::new() };
            let edges: Vec<String> = m.edges.iter().map(|&(i, j)| format!("{}→{}", id(i), id(j))).collect();
            let why = match m.reason {
                MuReason::EdgeExhausted((i, j)) => format!("transfer {}→{} is then done", id(i), id(j)),
                MuReason::PortBecomesTight(_) => "a port not in it then becomes one of the busiest".to_owned(),
            };
            format!("Matching {}: {} can run at the same time (no port used twice); used for μ = {} time units, because {why}.", index + 1, edges.join(", "), frac(&m.mu))
        }
        PipeStep::FilledSlot { index, .. } => {
            let Some(pat) = ctx.pipeline.pattern.as_ref() else { return String::new() };
            let Some(slot) = pat.slots.get(*index) else { return String::new() };
            let moves: Vec<String> = slot
                .arcs
                .iter()
                .map(|t| {
                    let mut s = format!("{} sends {} task(s)", arc(t.arc), frac(&t.inputs));
                    if t.results.is_positive() {
                        s.push_str(&format!(" and {} result(s)", frac(&t.results)));
                    }
                    s
                })
                .collect();
            format!("Filled slot {} [{}, {}) with matching {}: {}.", index + 1, frac(&slot.start), frac(&slot.end()), index + 1, moves.join("; "))
        }
        PipeStep::Scaled { scale_a, length } => {
            let tasks = ctx.pipeline.pattern.as_ref().map(Pattern::tasks).unwrap_or_default();
            format!("Scaled by A = {scale_a} so that every transfer is whole: one period lasts {length} time units and completes {tasks} tasks. The Gantt chart is filled slot by slot next.")
        }
    }
}

/// How far the pipeline's story has got (ordered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Stage {
    /// Nothing solved yet: the platform as given.
    #[default]
    Start,
    /// `ρ*` is known.
    Throughput,
    /// The canonical rates are drawn (routes are peeled from here on).
    Rates,
    /// The period and counts are known (matchings are extracted from here on).
    Period,
    /// The pattern is complete (the Gantt chart is drawn).
    Scaled,
}

/// What the figure shows after some steps of the pipeline. The numbers come from the
/// [`Pipeline`] itself; the state says how far the story has got.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PipeState {
    /// The stage reached.
    pub stage: Stage,
    /// Routes peeled so far.
    pub routes: usize,
    /// The route just peeled (highlighted).
    pub current_route: Option<usize>,
    /// Matchings extracted so far.
    pub matchings: usize,
    /// The matching just extracted (highlighted).
    pub current_matching: Option<usize>,
    /// Slots filled in the Gantt chart.
    pub slots: usize,
    /// `ρ*`, once found.
    pub rho: Option<Q>,
    /// The canonical rates, once found.
    pub rates: Option<Rates>,
    /// The routes peeled so far.
    pub peeled: Vec<Allocation>,
    /// The matchings extracted so far.
    pub found: Vec<Matching>,
    /// The slots filled so far.
    pub filled: Vec<Slot<Transfer>>,
    /// `(A, L)`, once scaled.
    pub scale: Option<(BigInt, BigInt)>,
}

impl PipeState {
    /// `ρ*` is known.
    #[must_use]
    pub fn throughput_known(&self) -> bool {
        self.stage >= Stage::Throughput
    }

    /// The canonical rates are drawn.
    #[must_use]
    pub fn rates_shown(&self) -> bool {
        self.stage >= Stage::Rates
    }

    /// The period is known.
    #[must_use]
    pub fn period_known(&self) -> bool {
        self.stage >= Stage::Period
    }

    /// The Gantt chart is drawn.
    #[must_use]
    pub fn scaled(&self) -> bool {
        self.stage >= Stage::Scaled
    }
}

impl crate::trace::Replay for PipeState {
    type Step = PipeStep;

    fn apply(&mut self, step: &PipeStep) {
        self.current_route = None;
        self.current_matching = None;
        match step {
            PipeStep::SolvedThroughput { rho } => {
                self.stage = Stage::Throughput;
                self.rho = Some(rho.clone());
            }
            PipeStep::SolvedCanonical { rates, .. } => {
                self.stage = Stage::Rates;
                self.rates = Some(rates.clone());
            }
            PipeStep::PeeledRoute { index, route } => {
                self.routes = index + 1;
                self.current_route = Some(*index);
                self.peeled.truncate(*index);
                self.peeled.push(route.clone());
            }
            PipeStep::FoundPeriod { .. } => self.stage = Stage::Period,
            PipeStep::Matched { index, matching } => {
                self.matchings = index + 1;
                self.current_matching = Some(*index);
                self.found.truncate(*index);
                self.found.push(matching.clone());
            }
            PipeStep::Scaled { scale_a, length } => {
                self.stage = Stage::Scaled;
                self.scale = Some((scale_a.clone(), length.clone()));
            }
            PipeStep::FilledSlot { index, slot } => {
                self.slots = index + 1;
                self.current_matching = Some(*index);
                self.filled.truncate(*index);
                self.filled.push(slot.clone());
            }
        }
    }
}
