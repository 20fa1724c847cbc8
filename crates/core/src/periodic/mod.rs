//! Periodic schedules from steady-state rates (steady-state.md section 4): the period `T` and
//! integer counts (the weak pattern), the bipartite sender/receiver graph, its decomposition into
//! weighted matchings, the scale factor `A` that makes every transfer whole, the time slots of one
//! period of length `L = A·T`, the ramp-up count `completed(R)`, and the batched period with
//! latencies (section 4.9).
//!
//! Reference: O. Beaumont, HDR thesis, Ch. 3 (weak patterns, Theorem 3.2 and 3.5); C. Banino et
//! al., IEEE TPDS 2004, section 3.3. Everything is exact: `T`, `A` and counts are big integers.

mod gantt;
mod scale;
mod simulate;
#[cfg(test)]
mod tests;

pub use gantt::{bars, check_bars, verify, Bar, Kind, Lane};
pub use scale::{scale_table, ScaleRow};
pub use simulate::simulate;

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;

use crate::graph::matching::{self, Decomposition};
use crate::platform::{Arc, Platform};
use crate::rational::{lcm_denominators, Cost, Q};

/// The rates a pattern is built from (a stage-2 LP solution, or the tree closed form).
#[derive(Clone, Debug, PartialEq)]
pub struct Flows<'a> {
    /// The platform (node order, masters, `w`).
    pub platform: &'a Platform,
    /// Its arcs (`Platform::arcs`).
    pub arcs: &'a [Arc],
    /// Size of an input file.
    pub data_in: &'a Q,
    /// Size of a result file.
    pub data_out: &'a Q,
    /// Tasks computed per time unit, per node.
    pub x: &'a [Q],
    /// Input files per time unit, per arc.
    pub f: &'a [Q],
    /// Result files per time unit, per arc.
    pub g: &'a [Q],
}

/// What one slot carries on one arc.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Transfer {
    /// Arc index.
    pub arc: usize,
    /// Input files sent in the slot.
    #[serde(serialize_with = "crate::rational::exact")]
    pub inputs: Q,
    /// Result files sent in the slot.
    #[serde(serialize_with = "crate::rational::exact")]
    pub results: Q,
}

/// One time slot of a periodic schedule, the one slot type of every family: matching
/// `matching` of the period's decomposition, used from `start` for `length` time units; `arcs`
/// says what each of its arcs carries (`A`: [`Transfer`] here, whole or fractional broadcast
/// messages in `broadcast`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Slot<A> {
    /// Start, in `[0, L)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub start: Q,
    /// How long the slot lasts.
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: Q,
    /// Index of its matching in the decomposition.
    pub matching: usize,
    /// What each arc of the matching carries (arcs that carry nothing may be left out).
    pub arcs: Vec<A>,
}

impl<A> Slot<A> {
    /// `start + length`.
    #[must_use]
    pub fn end(&self) -> Q {
        &self.start + &self.length
    }
}

/// One period of a periodic schedule.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Pattern {
    /// `T`: lcm of the rates' denominators.
    #[serde(serialize_with = "crate::rational::exact")]
    pub period_t: BigInt,
    /// `n_i = T·x_i`, per node.
    #[serde(serialize_with = "crate::rational::exact")]
    pub n: Vec<BigInt>,
    /// `m_a = T·f_a`, per arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub m: Vec<BigInt>,
    /// `r_a = T·g_a`, per arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub r: Vec<BigInt>,
    /// `u_a = c_a·(data_in·m_a + data_out·r_a)`: the arc's busy time per period `T`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub u: Vec<Q>,
    /// The decomposition of the bipartite graph `(i^s, j^r, u)` into weighted matchings.
    pub decomposition: Decomposition,
    /// `A`: the least integer making every per-slot count whole.
    #[serde(serialize_with = "crate::rational::exact")]
    pub scale_a: BigInt,
    /// `L = A·T`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: BigInt,
    /// The slots, back to back from 0.
    pub slots: Vec<Slot<Transfer>>,
    /// Depth of each node in the flow graph (`None`: receives nothing).
    pub depth: Vec<Option<usize>>,
}

/// Why no pattern can be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PeriodicError {
    /// The rates break a constraint (the message says which).
    #[error("the rates cannot be scheduled: {0}")]
    Infeasible(String),
    /// The matching decomposition failed (an internal error).
    #[error("{0}")]
    Matching(#[from] matching::MatchingError),
}

fn whole(v: &Q) -> BigInt {
    v.to_integer()
}

/// Builds one period of the schedule (sections 4.2–4.5).
///
/// # Complexity
/// Dominated by the decomposition: `O((|E| + |V|)·|V|·|E|)` rational operations.
///
/// # Errors
/// [`PeriodicError::Infeasible`] when the rates break the weak-pattern checks (a port or a
/// processor busier than the period), or a negative rate.
pub fn build(fl: &Flows<'_>) -> Result<Pattern, PeriodicError> {
    let nonzero = fl.x.iter().chain(fl.f).chain(fl.g).filter(|v| !v.is_zero());
    if fl.x.iter().chain(fl.f).chain(fl.g).any(Signed::is_negative) {
        return Err(PeriodicError::Infeasible("a rate is negative".to_owned()));
    }
    let t = lcm_denominators(nonzero);
    let tq = Q::from_integer(t.clone());
    let n: Vec<BigInt> = fl.x.iter().map(|v| whole(&(v * &tq))).collect();
    let m: Vec<BigInt> = fl.f.iter().map(|v| whole(&(v * &tq))).collect();
    let r: Vec<BigInt> = fl.g.iter().map(|v| whole(&(v * &tq))).collect();
    let u: Vec<Q> = fl
        .arcs
        .iter()
        .enumerate()
        .map(|(k, a)| {
            &a.c * (fl.data_in * Q::from_integer(m[k].clone())
                + fl.data_out * Q::from_integer(r[k].clone()))
        })
        .collect();
    weak_checks(fl, &tq, &n, &u)?;
    let edges: Vec<((usize, usize), Q)> = fl
        .arcs
        .iter()
        .zip(&u)
        .filter(|(_, w)| w.is_positive())
        .map(|(a, w)| ((a.from, a.to), w.clone()))
        .collect();
    let decomposition = matching::decompose(&edges)?;
    // The first arc from i to j, looked up once per matching edge (a scan per edge was a tenth
    // of a 500-node solve).
    let mut first_arc = std::collections::HashMap::with_capacity(fl.arcs.len());
    for (k, a) in fl.arcs.iter().enumerate().rev() {
        first_arc.insert((a.from, a.to), k);
    }
    let arc_of = |i: usize, j: usize| first_arc.get(&(i, j)).copied();
    // Per-slot counts before scaling, then A = lcm of their denominators.
    let per_slot: Vec<Vec<Transfer>> = decomposition
        .matchings
        .iter()
        .map(|mk| {
            mk.edges
                .iter()
                .filter_map(|&(i, j)| arc_of(i, j))
                .map(|k| {
                    let share = &mk.mu / &u[k];
                    Transfer {
                        arc: k,
                        inputs: &share * Q::from_integer(m[k].clone()),
                        results: &share * Q::from_integer(r[k].clone()),
                    }
                })
                .collect()
        })
        .collect();
    let scale_a = lcm_denominators(
        per_slot
            .iter()
            .flatten()
            .flat_map(|t| [&t.inputs, &t.results]),
    );
    let aq = Q::from_integer(scale_a.clone());
    let mut clock = Q::zero();
    let slots = decomposition
        .matchings
        .iter()
        .zip(per_slot)
        .enumerate()
        .map(|(matching, (mk, transfers))| {
            let start = clock.clone();
            let length = &aq * &mk.mu;
            clock += &length;
            let arcs = transfers
                .into_iter()
                .map(|t| Transfer {
                    arc: t.arc,
                    inputs: &t.inputs * &aq,
                    results: &t.results * &aq,
                })
                .collect();
            Slot {
                start,
                length,
                matching,
                arcs,
            }
        })
        .collect();
    let depth = depths(fl);
    Ok(Pattern {
        length: &scale_a * &t,
        period_t: t,
        n,
        m,
        r,
        u,
        decomposition,
        scale_a,
        slots,
        depth,
    })
}

/// The weak-pattern checks of section 4.2: per node, compute, send and receive time ≤ `T`.
fn weak_checks(fl: &Flows<'_>, t: &Q, n: &[BigInt], u: &[Q]) -> Result<(), PeriodicError> {
    let p = fl.platform;
    // Each node's sending and receiving time, in one pass over the arcs (a pass per node was
    // a tenth of a 500-node solve).
    let mut send = vec![Q::zero(); p.nodes.len()];
    let mut recv = vec![Q::zero(); p.nodes.len()];
    for (a, w) in fl.arcs.iter().zip(u).filter(|(_, w)| !w.is_zero()) {
        send[a.from] += w;
        recv[a.to] += w;
    }
    for ((i, node), (send, recv)) in p.nodes.iter().enumerate().zip(send.into_iter().zip(recv)) {
        let compute = match &node.w {
            Some(Cost::Finite(w)) => w * Q::from_integer(n[i].clone()),
            _ if n[i].is_zero() => Q::zero(),
            _ => {
                return Err(PeriodicError::Infeasible(format!(
                    "router {} computes",
                    node.id
                )))
            }
        };
        for (what, busy) in [("computes", compute), ("sends", send), ("receives", recv)] {
            if &busy > t {
                return Err(PeriodicError::Infeasible(format!(
                    "node {} {what} {busy} time units per period of {t}",
                    node.id
                )));
            }
        }
    }
    Ok(())
}

/// Longest path (in arcs) from a master in the support of `f` (section 4.8); `None` for nodes
/// that receive nothing. Expects an acyclic support (a stage-2 or cycle-cancelled solution).
fn depths(fl: &Flows<'_>) -> Vec<Option<usize>> {
    let n = fl.platform.nodes.len();
    let mut depth: Vec<Option<usize>> = fl
        .platform
        .nodes
        .iter()
        .map(|v| v.master.then_some(0))
        .collect();
    // Bellman-Ford style relaxation; at most n rounds on an acyclic support.
    for _ in 0..n {
        let mut changed = false;
        for (a, f) in fl.arcs.iter().zip(fl.f) {
            if let (true, Some(d)) = (f.is_positive(), depth[a.from]) {
                if !fl.platform.nodes[a.to].master && depth[a.to].is_none_or(|e| e < d + 1) {
                    depth[a.to] = Some(d + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    depth
}

impl Pattern {
    /// Tasks completed per pattern: `A·Σ n_i`.
    #[must_use]
    pub fn tasks(&self) -> BigInt {
        &self.scale_a * self.n.iter().sum::<BigInt>()
    }

    /// Tasks completed in the first `R` periods under the ramp-up rule (section 4.8):
    /// `Σ_i A·n_i·max(0, R − depth(i))`.
    #[must_use]
    pub fn completed(&self, periods: u64) -> BigInt {
        self.n
            .iter()
            .zip(&self.depth)
            .filter_map(|(n, d)| d.map(|d| (n, d)))
            .map(|(n, d)| {
                let active = periods.saturating_sub(d as u64);
                &self.scale_a * n * BigInt::from(active)
            })
            .sum()
    }

    /// Section 4.9: the period of the pattern repeated `N` times and batched, with start-up
    /// latencies `lcalc` per computing node and `lcomm` per arc (absent = 0), and the throughput
    /// it achieves.
    #[must_use]
    pub fn with_latencies(&self, fl: &Flows<'_>, batch: u64) -> (Q, Q) {
        let nq = Q::from_integer(BigInt::from(batch));
        let aq = Q::from_integer(self.scale_a.clone());
        let mut period = &nq * Q::from_integer(self.length.clone());
        for (i, node) in fl.platform.nodes.iter().enumerate() {
            if let (true, Some(Cost::Finite(w))) = (self.n[i].is_positive(), &node.w) {
                let busy = node.lcalc.clone().unwrap_or_else(Q::zero)
                    + &nq * &aq * Q::from_integer(self.n[i].clone()) * w;
                period = period.max(busy);
            }
        }
        let slots: Q = self
            .decomposition
            .matchings
            .iter()
            .zip(&self.slots)
            .map(|(mk, slot)| {
                let lambda = slot
                    .arcs
                    .iter()
                    .map(|t| {
                        let kinds =
                            i64::from(t.inputs.is_positive()) + i64::from(t.results.is_positive());
                        let lcomm = fl.platform.links[fl.arcs[t.arc].link]
                            .lcomm
                            .clone()
                            .unwrap_or_else(Q::zero);
                        lcomm * Q::from_integer(kinds.into())
                    })
                    .max()
                    .unwrap_or_else(Q::zero);
                &nq * &aq * &mk.mu + lambda
            })
            .sum();
        let period = period.max(slots);
        let tasks = &nq * Q::from_integer(self.tasks());
        let throughput = if period.is_zero() {
            Q::zero()
        } else {
            tasks / &period
        };
        (period, throughput)
    }
}
