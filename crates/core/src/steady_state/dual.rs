//! Why no schedule can do better (steady-state.md section 2.10), as numbers: a price per unit of
//! time on every resource (computing, sending port, receiving port of each node) such that
//! every task, wherever it is computed, uses at least one unit of price — so at most
//! `Σ prices` tasks complete per time unit — and the prices sum to exactly `ρ*`.
//!
//! In LP terms this is an optimal solution of the dual of the base-model LP (section 2.2, and
//! 2.7 with result files). Writing `d_i` for the price of delivering one input file to `i`
//! (0 at a master) and `e_i` for the price of returning one result from `i` (0 at a master):
//!
//! * computing one task at `i` costs `w_i·y_comp(i) + d_i + e_i ≥ 1`;
//! * on every arc `(i,j)` into a non-master, `d_j ≤ d_i + data_in·c_ij·(y_send(i) + y_recv(j))`
//!   (delivering through `i` is never cheaper than `d_j` claims);
//! * with result files, on every arc `(i,j)` out of a non-master,
//!   `e_i ≤ e_j + data_out·c_ij·(y_send(i) + y_recv(j))`;
//! * all prices `y ≥ 0`.
//!
//! Any schedule over `K` time units then completes at most `K·Σ y` tasks (each resource has `K`
//! time units; each task pays at least 1), and `Σ y = ρ*` proves that `ρ*` is optimal. The
//! prices are found by solving this dual LP on its own ([`certificate`]); [`check`] verifies
//! them exactly and independently of any solver.
//!
//! Reference: G. B. Dantzig, *Linear Programming and Extensions*, 1963 (LP duality); the
//! argument of C. Banino et al., IEEE TPDS 2004, Lemma 1.

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use crate::error::Violation;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::platform::Arc;
use crate::rational::{frac, Cost, Q};
use crate::steady_state::SteadyState;

/// Prices that prove an upper bound on the throughput: one per resource, plus the delivery and
/// return prices they imply. All vectors are per node (platform order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Certificate {
    /// Price of one time unit of computing (0 for routers).
    #[serde(serialize_with = "crate::rational::exact")]
    pub compute: Vec<Q>,
    /// Price of one time unit of the sending port.
    #[serde(serialize_with = "crate::rational::exact")]
    pub send: Vec<Q>,
    /// Price of one time unit of the receiving port.
    #[serde(serialize_with = "crate::rational::exact")]
    pub recv: Vec<Q>,
    /// Price of delivering one input file to the node (0 at masters).
    #[serde(serialize_with = "crate::rational::exact")]
    pub deliver: Vec<Q>,
    /// Price of returning one result file from the node to a master (all 0 without result
    /// files).
    #[serde(serialize_with = "crate::rational::exact")]
    pub back: Vec<Q>,
}

impl Certificate {
    /// The bound it proves: the sum of the resource prices.
    #[must_use]
    pub fn bound(&self) -> Q {
        self.compute
            .iter()
            .chain(&self.send)
            .chain(&self.recv)
            .sum()
    }
}

/// Column indices of the dual LP.
struct Cols {
    compute: Vec<Option<usize>>,
    send: Vec<usize>,
    recv: Vec<usize>,
    deliver: Vec<Option<usize>>,
    back: Vec<Option<usize>>,
    count: usize,
}

fn columns(inst: &SteadyState) -> Cols {
    let p = &inst.platform;
    let e1 = inst.data_out.is_positive();
    let mut count = 0;
    let mut next = || {
        count += 1;
        count - 1
    };
    let compute = p
        .nodes
        .iter()
        .map(|v| matches!(v.w, Some(Cost::Finite(_))).then(&mut next))
        .collect();
    let send = p.nodes.iter().map(|_| next()).collect();
    let recv = p.nodes.iter().map(|_| next()).collect();
    let deliver = p
        .nodes
        .iter()
        .map(|v| (!v.master).then(&mut next))
        .collect();
    let back = p
        .nodes
        .iter()
        .map(|v| (e1 && !v.master).then(&mut next))
        .collect();
    Cols {
        compute,
        send,
        recv,
        deliver,
        back,
        count,
    }
}

/// Why [`certificate`] found no prices.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CertificateError {
    /// The LP solver refused (the words of [`lp::LpError`]).
    #[error(transparent)]
    Lp(#[from] lp::LpError),
    /// The dual LP has no optimum (the outcome, as Rust prints it).
    #[error("the dual LP has no optimum ({0})")]
    NoOptimum(String),
}

/// Finds optimal prices by solving the dual LP (minimise `Σ y`) exactly, on the base model.
///
/// # Errors
/// [`CertificateError`]: the LP solver's refusal (too large, or not certified within its
/// budget), or an LP without optimum.
pub fn certificate(inst: &SteadyState) -> Result<Certificate, CertificateError> {
    let p = &inst.platform;
    let arcs = p.arcs();
    let cols = columns(inst);
    let mut lp = Problem::new(cols.count);
    for i in 0..p.nodes.len() {
        for c in [cols.compute[i], Some(cols.send[i]), Some(cols.recv[i])]
            .into_iter()
            .flatten()
        {
            lp.objective(c, -Q::one());
        }
        if let (Some(c), Some(Cost::Finite(w))) = (cols.compute[i], &p.nodes[i].w) {
            let mut row = vec![(c, w.clone())];
            row.extend(cols.deliver[i].map(|d| (d, Q::one())));
            row.extend(cols.back[i].map(|e| (e, Q::one())));
            lp.constraint(row, Cmp::Ge, Q::one());
        }
    }
    let port = |a: &Arc, size: &Q| {
        let t = &a.c * size;
        vec![(cols.send[a.from], t.clone()), (cols.recv[a.to], t)]
    };
    for a in &arcs {
        // d_i + t·(y_s + y_r) − d_j ≥ 0 on arcs into a non-master.
        if let Some(dj) = cols.deliver[a.to] {
            let mut row = port(a, &inst.data_in);
            row.extend(cols.deliver[a.from].map(|d| (d, Q::one())));
            row.push((dj, -Q::one()));
            lp.constraint(row, Cmp::Ge, Q::zero());
        }
        // e_j + t·(y_s + y_r) − e_i ≥ 0 on arcs out of a non-master (result files).
        if let Some(ei) = cols.back[a.from] {
            let mut row = port(a, &inst.data_out);
            row.extend(cols.back[a.to].map(|e| (e, Q::one())));
            row.push((ei, -Q::one()));
            lp.constraint(row, Cmp::Ge, Q::zero());
        }
    }
    let sol = match lp::solve(&lp)? {
        Outcome::Optimal(s) => s,
        other => return Err(CertificateError::NoOptimum(format!("{other:?}"))),
    };
    let value = |c: Option<usize>| c.map_or_else(Q::zero, |c| sol.x[c].clone());
    Ok(Certificate {
        compute: cols.compute.iter().map(|&c| value(c)).collect(),
        send: cols.send.iter().map(|&c| value(Some(c))).collect(),
        recv: cols.recv.iter().map(|&c| value(Some(c))).collect(),
        deliver: cols.deliver.iter().map(|&c| value(c)).collect(),
        back: cols.back.iter().map(|&c| value(c)).collect(),
    })
}

/// Checks exactly that `cert` proves the bound `rho`: every price `≥ 0`, masters' delivery and
/// return prices 0, every task costs at least 1 wherever it is computed, delivery and return
/// prices consistent along every arc, and the resource prices summing to `rho`. Together with
/// rates that achieve `rho` (see [`super::verify`]) this proves `rho` optimal.
///
/// # Errors
/// A sentence naming the first condition that fails.
pub fn check(inst: &SteadyState, cert: &Certificate, rho: &Q) -> Result<(), Violation> {
    let p = &inst.platform;
    let n = p.nodes.len();
    let id = |i: usize| p.nodes[i].id.to_string();
    for v in [
        &cert.compute,
        &cert.send,
        &cert.recv,
        &cert.deliver,
        &cert.back,
    ] {
        if v.len() != n {
            return Err(format!("{n} nodes, but {} prices", v.len()).into());
        }
    }
    for i in 0..n {
        for (what, v) in [
            ("computing", &cert.compute[i]),
            ("sending", &cert.send[i]),
            ("receiving", &cert.recv[i]),
            ("delivery", &cert.deliver[i]),
            ("return", &cert.back[i]),
        ] {
            if v.is_negative() {
                return Err(format!("node {}: negative {what} price {}", id(i), frac(v)).into());
            }
        }
        let node = &p.nodes[i];
        if node.master && !(cert.deliver[i].is_zero() && cert.back[i].is_zero()) {
            return Err(
                format!("master {}: its delivery and return prices must be 0", id(i)).into(),
            );
        }
        match &node.w {
            Some(Cost::Finite(w)) => {
                let cost = w * &cert.compute[i] + &cert.deliver[i] + &cert.back[i];
                if cost < Q::one() {
                    return Err(format!(
                        "a task computed on {} costs only {} (at least 1 is needed)",
                        id(i),
                        frac(&cost)
                    )
                    .into());
                }
            }
            _ if !cert.compute[i].is_zero() => {
                return Err(format!("router {} has a computing price", id(i)).into());
            }
            _ => {}
        }
    }
    let e1 = inst.data_out.is_positive();
    for a in &p.arcs() {
        let ports = &cert.send[a.from] + &cert.recv[a.to];
        if !p.nodes[a.to].master {
            let via = &cert.deliver[a.from] + &a.c * &inst.data_in * &ports;
            if cert.deliver[a.to] > via {
                return Err(format!(
                    "delivery to {} is priced {} but costs only {} through {}",
                    id(a.to),
                    frac(&cert.deliver[a.to]),
                    frac(&via),
                    id(a.from)
                )
                .into());
            }
        }
        if e1 && !p.nodes[a.from].master {
            let via = &cert.back[a.to] + &a.c * &inst.data_out * &ports;
            if cert.back[a.from] > via {
                return Err(format!(
                    "the return from {} is priced {} but costs only {} through {}",
                    id(a.from),
                    frac(&cert.back[a.from]),
                    frac(&via),
                    id(a.to)
                )
                .into());
            }
        }
    }
    if !e1 && cert.back.iter().any(|v| !v.is_zero()) {
        return Err("return prices without result files".into());
    }
    let bound = cert.bound();
    if &bound != rho {
        return Err(format!(
            "the prices sum to {}, not to ρ* = {}",
            frac(&bound),
            frac(rho)
        )
        .into());
    }
    Ok(())
}
