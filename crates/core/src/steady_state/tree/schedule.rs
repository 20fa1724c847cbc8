//! The periodic schedule on a tree (steady-state.md section 3.5): no matchings are needed, since
//! every node receives from its parent only. With the period `T` (lcm of the rates'
//! denominators) and the integer counts of section 4.2, every node sends to its children back to
//! back in the order `(c, id)` from time 0, and computes its tasks back to back from 0. The
//! scale factor is always `A = 1`. [`verify`] checks such a schedule against the rates,
//! independently of how it was built.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;

use super::super::Rates;
use crate::error::Violation;
use crate::periodic::{check_bars, Bar, Kind, Lane};
use crate::platform::Arc;
use crate::rational::{frac, lcm_denominators, Cost, Q};
use crate::steady_state::SteadyState;

/// One node's transfers to one child in a period: `count` input files back to back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TreeSend {
    /// Arc index in [`crate::platform::Platform::arcs`].
    pub arc: usize,
    /// The sender (node index).
    pub from: usize,
    /// The child (node index).
    pub to: usize,
    /// Files sent per period, `m = T·f`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub count: BigInt,
    /// Time to send one file, `data_in·c`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub each: Q,
    /// When the first file starts.
    #[serde(serialize_with = "crate::rational::exact")]
    pub start: Q,
    /// When the last file ends.
    #[serde(serialize_with = "crate::rational::exact")]
    pub end: Q,
}

/// One period of the tree schedule (its length is `T`: `A = 1`).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TreeSchedule {
    /// `T`: lcm of the denominators of the nonzero rates (1 when all are zero).
    #[serde(serialize_with = "crate::rational::exact")]
    pub period_t: BigInt,
    /// `n_i = T·x_i`, per node.
    #[serde(serialize_with = "crate::rational::exact")]
    pub n: Vec<BigInt>,
    /// `m_a = T·f_a`, per arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub m: Vec<BigInt>,
    /// The transfers, grouped by sender in node order, each sender's children in `(c, id)`
    /// order.
    pub sends: Vec<TreeSend>,
    /// Depth in the flow tree (`None`: receives nothing), for the ramp-up count.
    pub depth: Vec<Option<usize>>,
}

/// Builds the schedule of section 3.5 from tree rates (`parent` as found by the closed form).
#[must_use]
pub fn build(inst: &SteadyState, arcs: &[Arc], rates: &Rates) -> TreeSchedule {
    let p = &inst.platform;
    let t = lcm_denominators(rates.x.iter().chain(&rates.f).filter(|v| !v.is_zero()));
    let tq = Q::from_integer(t.clone());
    let whole = |v: &Q| (v * &tq).to_integer();
    let n: Vec<BigInt> = rates.x.iter().map(whole).collect();
    let m: Vec<BigInt> = rates.f.iter().map(whole).collect();
    let mut sends = Vec::new();
    for v in 0..p.nodes.len() {
        let mut out: Vec<usize> = (0..arcs.len())
            .filter(|&k| arcs[k].from == v && m[k].is_positive())
            .collect();
        out.sort_by(|&a, &b| arcs[a].c.cmp(&arcs[b].c).then(arcs[a].to.cmp(&arcs[b].to)));
        let mut clock = Q::zero();
        for k in out {
            let each = &arcs[k].c * &inst.data_in;
            let end = &clock + &each * Q::from_integer(m[k].clone());
            sends.push(TreeSend {
                arc: k,
                from: v,
                to: arcs[k].to,
                count: m[k].clone(),
                each,
                start: clock,
                end: end.clone(),
            });
            clock = end;
        }
    }
    let depth = depths(inst, arcs, &m);
    TreeSchedule {
        period_t: t,
        n,
        m,
        sends,
        depth,
    }
}

/// Depth of each node along the arcs that carry files (masters 0).
fn depths(inst: &SteadyState, arcs: &[Arc], m: &[BigInt]) -> Vec<Option<usize>> {
    let p = &inst.platform;
    let mut depth: Vec<Option<usize>> = p.nodes.iter().map(|v| v.master.then_some(0)).collect();
    for _ in 0..p.nodes.len() {
        let mut changed = false;
        for (a, mk) in arcs.iter().zip(m) {
            if let (true, Some(d), None) = (mk.is_positive(), depth[a.from], depth[a.to]) {
                depth[a.to] = Some(d + 1);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    depth
}

impl TreeSchedule {
    /// Tasks completed per period: `Σ n_i`.
    #[must_use]
    pub fn tasks(&self) -> BigInt {
        self.n.iter().sum()
    }

    /// Tasks completed in the first `R` periods under the ramp-up rule of section 4.8 (node `i`
    /// runs its pattern from period `depth(i) + 1` on): `Σ_i n_i·max(0, R − depth(i))`.
    #[must_use]
    pub fn completed(&self, periods: u64) -> BigInt {
        self.n
            .iter()
            .zip(&self.depth)
            .filter_map(|(n, d)| d.map(|d| n * BigInt::from(periods.saturating_sub(d as u64))))
            .sum()
    }

    /// The full run of section 4.8 in closed form: `(time, tasks done)` at the end of each of
    /// the first `periods` periods.
    #[must_use]
    pub fn full_run(&self, periods: u64) -> Vec<(Q, BigInt)> {
        let length = Q::from_integer(self.period_t.clone());
        (1..=periods)
            .map(|r| (&length * Q::from(BigInt::from(r)), self.completed(r)))
            .collect()
    }

    /// The nodes that send something, in node order, without repeats.
    pub fn senders(&self) -> impl Iterator<Item = usize> + '_ {
        self.sends
            .iter()
            .enumerate()
            .filter(|(k, t)| *k == 0 || self.sends[k - 1].from != t.from)
            .map(|(_, t)| t.from)
    }

    /// The ends of the transfers, sorted and without repeats (the chart's guides).
    #[must_use]
    pub fn marks(&self) -> Vec<Q> {
        let mut out: Vec<Q> = self.sends.iter().map(|s| s.end.clone()).collect();
        out.sort();
        out.dedup();
        out
    }

    /// The bars of one period `[0, T)`: compute lanes from 0, then every transfer on its
    /// sender's and its receiver's lanes (the same bars as the general Gantt chart, without
    /// slots).
    #[must_use]
    pub fn bars(&self, inst: &SteadyState) -> Vec<Bar> {
        let mut out = Vec::new();
        for (i, node) in inst.platform.nodes.iter().enumerate() {
            if let (true, Some(Cost::Finite(w))) = (self.n[i].is_positive(), &node.w) {
                let count = Q::from_integer(self.n[i].clone());
                out.push(Bar {
                    lane: Lane::Compute(i),
                    kind: Kind::Task,
                    peer: None,
                    slot: None,
                    start: Q::zero(),
                    end: &count * w,
                    count,
                    each: w.clone(),
                });
            }
        }
        for s in &self.sends {
            for (lane, peer) in [(Lane::Send(s.from), s.to), (Lane::Recv(s.to), s.from)] {
                out.push(Bar {
                    lane,
                    kind: Kind::Input,
                    peer: Some(peer),
                    slot: None,
                    start: s.start.clone(),
                    end: s.end.clone(),
                    count: Q::from_integer(s.count.clone()),
                    each: s.each.clone(),
                });
            }
        }
        out
    }
}

/// Checks a tree schedule against the rates it claims to realise, exactly and independently of
/// [`build`]: `T·x` and `T·f` are the integer counts; every transfer lasts `count·data_in·c`
/// and carries its arc's count; every bar lies in `[0, T)` and no lane (compute, send port,
/// receive port) does two things at once; every non-master receives per period exactly what
/// it computes and forwards.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(
    inst: &SteadyState,
    arcs: &[Arc],
    rates: &Rates,
    sched: &TreeSchedule,
) -> Result<(), Violation> {
    let p = &inst.platform;
    let tq = Q::from_integer(sched.period_t.clone());
    if !sched.period_t.is_positive() {
        return Err("the period must be positive".into());
    }
    for (i, x) in rates.x.iter().enumerate() {
        if x * &tq != Q::from_integer(sched.n[i].clone()) {
            return Err(format!(
                "node {} computes {} per period, not T·x = {}",
                p.nodes[i].id,
                sched.n[i],
                frac(&(x * &tq))
            )
            .into());
        }
    }
    let mut sent = vec![BigInt::zero(); arcs.len()];
    for s in &sched.sends {
        let a = arcs.get(s.arc).ok_or("a transfer names no arc")?;
        if a.from != s.from || a.to != s.to || s.each != &a.c * &inst.data_in {
            return Err(format!("transfer on arc {} does not match its arc", s.arc).into());
        }
        if &s.end - &s.start != &s.each * Q::from_integer(s.count.clone()) {
            return Err(format!(
                "{}→{} does not last count × c",
                p.nodes[s.from].id, p.nodes[s.to].id
            )
            .into());
        }
        sent[s.arc] += &s.count;
    }
    for (k, (f, got)) in rates.f.iter().zip(&sent).enumerate() {
        if f * &tq != Q::from_integer(got.clone()) || sched.m[k] != *got {
            return Err(format!(
                "arc {}→{} carries {got} files per period, not T·f = {}",
                p.nodes[arcs[k].from].id,
                p.nodes[arcs[k].to].id,
                frac(&(f * &tq))
            )
            .into());
        }
    }
    check_bars(&sched.bars(inst), &tq)?;
    for (i, node) in p.nodes.iter().enumerate().filter(|(_, v)| !v.master) {
        let into: BigInt = (0..arcs.len())
            .filter(|&k| arcs[k].to == i)
            .map(|k| &sent[k])
            .sum();
        let out: BigInt = (0..arcs.len())
            .filter(|&k| arcs[k].from == i)
            .map(|k| &sent[k])
            .sum();
        if into != &sched.n[i] + out {
            return Err(format!(
                "node {} does not receive exactly the tasks it computes and forwards",
                node.id
            )
            .into());
        }
    }
    if sched.n.iter().any(Signed::is_negative) {
        return Err("a count is negative".into());
    }
    Ok(())
}
