//! What the steady-state page and result document show beside the pipeline, computed once with
//! the run (never while drawing): the LP under the other operating models (section 2.8), the
//! best single spanning tree (3.6), the binding constraints and the prices that prove the bound
//! (2.10), the simulated full run (4.8) and the batched periods with start-up latencies (4.9).

use num_bigint::BigInt;
#[cfg(feature = "solve")]
use num_traits::{Signed, Zero};

#[cfg(feature = "solve")]
use super::binding;
#[cfg(feature = "solve")]
use super::dual;
use super::dual::Certificate;
#[cfg(feature = "solve")]
use super::face::optimal_face;
use super::face::Face;
#[cfg(feature = "solve")]
use super::lp;
#[cfg(feature = "solve")]
use super::models::throughput_under;
#[cfg(feature = "solve")]
use super::pipeline::Pipeline;
#[cfg(feature = "solve")]
use super::port_model::PortModel;
#[cfg(feature = "solve")]
use super::spanning;
use super::spanning::Comparison;
#[cfg(feature = "solve")]
use super::tree::TreeSolution;
use super::Binding;
use crate::error::SolveError;
#[cfg(feature = "solve")]
use crate::periodic::simulate;
use crate::rational::Q;
#[cfg(feature = "solve")]
use crate::steady_state::SteadyState;

/// Spanning trees evaluated at most for the comparison (each costs a closed-form solve).
pub const TREES_EVALUATED: usize = 2000;
/// Periods simulated for the full run.
pub const PERIODS: u64 = 20;
/// Largest batch size `N` of the latency panel.
pub const MAX_BATCH: u64 = 100;

/// The simulated full run: tasks done after each period, against the bound `ρ*·t`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct FullRun {
    /// `(time, tasks done)` at the end of each period.
    pub points: Vec<(Q, BigInt)>,
    /// `ρ*·L·PERIODS`.
    pub bound: Q,
    /// Tasks done after the last period over the bound.
    pub ratio: Q,
}

/// One batch size of the latency panel: the batched period and the throughput it achieves.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Batch {
    /// `N`.
    pub batch: u64,
    /// `P_N`.
    pub period: Q,
    /// Tasks per time unit.
    pub throughput: Q,
    /// Over `ρ*`.
    pub ratio: Q,
}

/// Everything the page shows beside the LP pipeline.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct LpExtras {
    /// The LP value under each other operating model, or why it has none.
    pub models: Vec<(String, Result<Q, SolveError>)>,
    /// The best single spanning tree, or why it is not computed.
    pub trees: Result<Comparison, SolveError>,
    /// The resources the optimal rates use fully.
    pub binding: Vec<Binding>,
    /// Prices on the resources that prove `ρ*` optimal (section 2.10), or why none was found.
    pub certificate: Result<Certificate, String>,
    /// The full run (`None` with result files, where one period is shown).
    pub full_run: Option<Result<FullRun, SolveError>>,
    /// The latency batches (`None` when the platform has no latency).
    pub batches: Option<Vec<Batch>>,
    /// Which rates are optimal besides the canonical ones (section 2.4, 5.1 state 3), or why
    /// this was not examined.
    pub face: Result<Face, String>,
}

/// The tree pipeline's cross-check (sections 3 and 5.2 state 3): the closed form's value and
/// the LP's on the same platform, which must be equal exactly.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TreeCheck {
    /// `ρ*` by the bandwidth-centric closed form.
    pub closed_form: Q,
    /// `ρ*` by the LP, or why it was not solved.
    pub lp: Result<Q, String>,
}

impl TreeCheck {
    /// Whether the LP was solved and agrees exactly.
    #[must_use]
    pub fn equal(&self) -> bool {
        self.lp.as_ref().is_ok_and(|v| v == &self.closed_form)
    }
}

/// What the steady-state page carries beside a run: the LP's extras, or the tree's
/// cross-check.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[allow(clippy::large_enum_variant)] // One per page; boxing buys nothing.
pub enum PageExtras {
    /// With the `lp` algorithm.
    Lp(LpExtras),
    /// With the `tree` algorithm.
    Tree(TreeCheck),
}

/// Solves the LP on the tree of `sol` to check the closed form (section 3: "it must agree
/// exactly with the LP value").
#[cfg(feature = "solve")]
#[must_use]
pub fn tree_check(inst: &SteadyState, sol: &TreeSolution) -> TreeCheck {
    TreeCheck {
        closed_form: sol.throughput.clone(),
        lp: lp::solve(inst)
            .map(|s| s.throughput)
            .map_err(|e| e.to_string()),
    }
}

/// Computes the extras of `pipe` on `inst`.
#[cfg(feature = "solve")]
#[must_use]
pub fn lp_extras(inst: &SteadyState, pipe: &Pipeline) -> LpExtras {
    let mut models: Vec<(String, Result<Q, SolveError>)> = PortModel::ALL
        .into_iter()
        .skip(1)
        .map(|m| {
            (
                m.name().to_owned(),
                throughput_under(inst, m, false).map_err(SolveError::failed),
            )
        })
        .collect();
    models.push((
        "base model with shared links".to_owned(),
        throughput_under(inst, PortModel::OnePort, true).map_err(SolveError::failed),
    ));
    let (full_run, batches) = match &pipe.pattern {
        Some(pat) => {
            let arcs = inst.platform.arcs();
            let fl = pipe.lp.flows(inst, &arcs);
            let rho = &pipe.lp.throughput;
            let full_run = (!fl.data_out.is_positive()).then(|| {
                let done = simulate(pat, &fl, PERIODS)?;
                let length = Q::from_integer(pat.length.clone());
                let points: Vec<(Q, BigInt)> = (1..=PERIODS)
                    .zip(done)
                    .map(|(r, d)| (&length * Q::from(BigInt::from(r)), d))
                    .collect();
                let last = points
                    .last()
                    .map_or_else(Q::zero, |(_, d)| Q::from_integer(d.clone()));
                let bound = rho * &length * Q::from(BigInt::from(PERIODS));
                let ratio = if bound.is_zero() {
                    Q::zero()
                } else {
                    &last / &bound
                };
                Ok(FullRun {
                    points,
                    bound,
                    ratio,
                })
            });
            let p = &inst.platform;
            let latent = p
                .nodes
                .iter()
                .any(|n| n.lcalc.as_ref().is_some_and(Signed::is_positive))
                || p.links
                    .iter()
                    .any(|l| l.lcomm.as_ref().is_some_and(Signed::is_positive));
            let batches = latent.then(|| {
                (1..=MAX_BATCH)
                    .map(|batch| {
                        let (period, throughput) = pat.with_latencies(&fl, batch);
                        let ratio = if rho.is_zero() {
                            Q::zero()
                        } else {
                            &throughput / rho
                        };
                        Batch {
                            batch,
                            period,
                            throughput,
                            ratio,
                        }
                    })
                    .collect()
            });
            (full_run, batches)
        }
        None => (None, None),
    };
    LpExtras {
        models,
        trees: spanning::best_tree(inst, TREES_EVALUATED, Some(&pipe.lp.throughput)),
        binding: binding(inst, &pipe.lp.rates, &pipe.lp.g),
        // Checked here, so that the page can say the prices were verified exactly.
        certificate: dual::certificate(inst)
            .map_err(|e| e.to_string())
            .and_then(|c| {
                dual::check(inst, &c, &pipe.lp.throughput)
                    .map(|()| c)
                    .map_err(|e| e.to_string())
            }),
        full_run,
        batches,
        face: optimal_face(inst, &pipe.lp.throughput),
    }
}

#[cfg(all(test, feature = "solve"))]
mod tests {
    use super::*;
    use crate::presets;
    use crate::rational::q;
    use crate::steady_state::tree;

    /// §6.2 and §6.3: "ρ* = 29/24 (LP agrees)", "ρ* = 35/24 (LP agrees)".
    #[test]
    fn the_lp_agrees_with_the_closed_form_on_examples_2_and_3() {
        for (preset, rho) in [("star-example-2", q(29, 24)), ("tree-example-3", q(35, 24))] {
            let inst = presets::steady_state(preset).unwrap();
            let check = tree_check(&inst, &tree::solve(&inst).unwrap());
            assert_eq!(check.closed_form, rho, "{preset}");
            assert_eq!(check.lp, Ok(rho), "{preset}");
            assert!(check.equal());
        }
    }
}
