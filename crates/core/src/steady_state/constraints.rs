//! The constraints of the steady-state LP (steady-state.md section 2.2) checked on given rates,
//! exactly: every one they break, named in plain English with its node or arc, the value and the
//! bound ([`violations`]), or the first one and the throughput they claim ([`verify`]).
//! Independent of any solver.

use num_traits::{One, Signed, Zero};

use super::{Rates, SteadyState};
use crate::rational::{frac, Cost, Q};

/// A constraint of the steady-state LP (section 2.2) that some rates break.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The vectors do not match the platform.
    #[error("the rates do not match the platform ({0})")]
    Shape(String),
    /// A negative rate.
    #[error("{what}: a rate cannot be negative (it is {value})")]
    Negative {
        /// `node 2` or `arc 1→2`.
        what: String,
        /// The rate.
        value: String,
    },
    /// A router (`w = inf`) computing.
    #[error("compute capacity at node {node}: a router (w = inf) computes nothing, yet it computes {rate} tasks per time unit")]
    Router {
        /// Node id.
        node: String,
        /// Its `x`.
        rate: String,
    },
    /// `w_i·x_i > 1`.
    #[error("compute capacity at node {node}: it computes {busy} of the time, above 1")]
    Compute {
        /// Node id.
        node: String,
        /// `w·x`.
        busy: String,
    },
    /// Busy sending more than all the time.
    #[error("one-port out of node {node}: it sends {busy} of the time, above 1")]
    Send {
        /// Node id.
        node: String,
        /// Busy time.
        busy: String,
    },
    /// Busy receiving more than all the time.
    #[error("one-port into node {node}: it receives {busy} of the time, above 1")]
    Receive {
        /// Node id.
        node: String,
        /// Busy time.
        busy: String,
    },
    /// Inflow differs from local work plus outflow at a non-master.
    #[error(
        "conservation at node {node}: it receives {inflow} tasks per time unit but computes and forwards {outflow}"
    )]
    Conservation {
        /// Node id.
        node: String,
        /// Received.
        inflow: String,
        /// Computed plus forwarded.
        outflow: String,
    },
    /// A master receives input files.
    #[error(
        "master {master} receives {rate} tasks per time unit on arc {arc} (masters only send)"
    )]
    IntoMaster {
        /// Master id.
        master: String,
        /// The arc, `k→m`.
        arc: String,
        /// Its rate.
        rate: String,
    },
    /// The throughput claimed is not the sum of the local rates.
    #[error("throughput {claimed} differs from the sum of the local rates {sum}")]
    Throughput {
        /// Claimed.
        claimed: String,
        /// Σ x.
        sum: String,
    },
}

/// Every constraint of the base-model LP (section 2.2) that `rates` break, exactly: arcs first
/// (negative rates, tasks sent into a master, in arc order), then per node in node order its
/// negative rate, compute capacity, one-port out, one-port in and conservation. Empty: the
/// rates are feasible.
#[must_use]
pub fn violations(inst: &SteadyState, rates: &Rates) -> Vec<Violation> {
    let p = &inst.platform;
    let arcs = p.arcs();
    if rates.x.len() != p.nodes.len() || rates.f.len() != arcs.len() {
        return vec![Violation::Shape(format!(
            "{} nodes and {} arcs, got {} and {}",
            p.nodes.len(),
            arcs.len(),
            rates.x.len(),
            rates.f.len()
        ))];
    }
    let id = |i: usize| p.nodes[i].id.to_string();
    let n = p.nodes.len();
    let mut out = Vec::new();
    let (mut send, mut recv) = (vec![Q::zero(); n], vec![Q::zero(); n]);
    let (mut inflow, mut outflow) = (vec![Q::zero(); n], vec![Q::zero(); n]);
    for (a, f) in arcs.iter().zip(&rates.f) {
        let arc = format!("{}→{}", id(a.from), id(a.to));
        if f.is_negative() {
            out.push(Violation::Negative {
                what: format!("arc {arc}"),
                value: frac(f),
            });
        }
        if p.nodes[a.to].master && f.is_positive() {
            out.push(Violation::IntoMaster {
                master: id(a.to),
                arc,
                rate: frac(f),
            });
        }
        let busy = &a.c * &inst.data_in * f;
        send[a.from] += &busy;
        recv[a.to] += &busy;
        outflow[a.from] += f;
        inflow[a.to] += f;
    }
    for (i, node) in p.nodes.iter().enumerate() {
        let x = &rates.x[i];
        if x.is_negative() {
            out.push(Violation::Negative {
                what: format!("node {}", id(i)),
                value: frac(x),
            });
        }
        let busy = match &node.w {
            Some(Cost::Finite(w)) => Some(w * x),
            _ if x.is_zero() => Some(Q::zero()),
            _ => None,
        };
        match busy {
            None => out.push(Violation::Router {
                node: id(i),
                rate: frac(x),
            }),
            Some(b) if b > Q::one() => out.push(Violation::Compute {
                node: id(i),
                busy: frac(&b),
            }),
            Some(_) => {}
        }
        if send[i] > Q::one() {
            out.push(Violation::Send {
                node: id(i),
                busy: frac(&send[i]),
            });
        }
        if recv[i] > Q::one() {
            out.push(Violation::Receive {
                node: id(i),
                busy: frac(&recv[i]),
            });
        }
        let used = x + &outflow[i];
        if !node.master && inflow[i] != used {
            out.push(Violation::Conservation {
                node: id(i),
                inflow: frac(&inflow[i]),
                outflow: frac(&used),
            });
        }
    }
    out
}

/// Checks rates against every constraint of the base-model LP (section 2.2), exactly, and that
/// they achieve `throughput`. Independent of any solver.
///
/// # Errors
/// The first of [`violations`], else [`Violation::Throughput`] when `Σ x ≠ throughput`.
pub fn verify(inst: &SteadyState, rates: &Rates, throughput: &Q) -> Result<(), Violation> {
    if let Some(v) = violations(inst, rates).into_iter().next() {
        return Err(v);
    }
    let sum: Q = rates.x.iter().sum();
    if &sum != throughput {
        return Err(Violation::Throughput {
            claimed: frac(throughput),
            sum: frac(&sum),
        });
    }
    Ok(())
}
