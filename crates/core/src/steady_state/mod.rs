//! Master–worker steady state (steady-state.md): the throughput a platform sustains for
//! independent tasks.
//!
//! The LP on any platform ([`lp`]), its routes ([`alloc`]) and the pipeline down to the periodic
//! schedule ([`pipeline`]); the closed form on trees ([`tree`]); an independent checker of
//! steady-state rates ([`verify`]) and the resources they saturate ([`binding`]).

pub mod about;
pub mod alloc;
#[cfg(feature = "solve")]
pub mod bench;
pub mod dual;
#[cfg(test)]
mod dual_tests;
pub mod extras;
pub mod face;
pub mod family;
pub mod instance;
pub mod listing;
pub mod lp;
#[cfg(test)]
mod lp_tests;
pub mod models;
pub mod notes;
pub mod pipeline;
pub mod port_model;
#[cfg(feature = "solve")]
mod practice;
pub mod report;
#[cfg(test)]
mod report_tests;
#[cfg(feature = "solve")]
mod solver;
pub mod spanning;
pub mod timeline;
pub mod tree;

pub use instance::SteadyState;

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use crate::rational::{frac, Cost, Q};

/// Steady-state rates: tasks computed per time unit by each node (`x`, by node index) and
/// input files sent per time unit on each arc (`f`, by index in [`crate::platform::Platform::arcs`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Rates {
    /// Per node.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Vec<Q>,
    /// Per arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub f: Vec<Q>,
}

/// A constraint of the steady-state LP (section 2.2) that some rates break.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The vectors do not match the platform.
    #[error("the rates do not match the platform ({0})")]
    Shape(String),
    /// A negative rate.
    #[error("{0}: rates must be >= 0")]
    Negative(String),
    /// `w_i·x_i > 1`, or a router computing.
    #[error("node {node}: computes {busy} of the time (at most 1)")]
    Compute {
        /// Node id.
        node: String,
        /// `w·x`.
        busy: String,
    },
    /// Busy sending more than all the time.
    #[error("node {node}: sends {busy} of the time (at most 1)")]
    Send {
        /// Node id.
        node: String,
        /// Busy time.
        busy: String,
    },
    /// Busy receiving more than all the time.
    #[error("node {node}: receives {busy} of the time (at most 1)")]
    Receive {
        /// Node id.
        node: String,
        /// Busy time.
        busy: String,
    },
    /// Inflow differs from local work plus outflow at a non-master.
    #[error(
        "node {node}: receives {inflow} tasks per time unit but computes and forwards {outflow}"
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
    #[error("master {0} receives tasks (masters only send)")]
    IntoMaster(String),
    /// The throughput claimed is not the sum of the local rates.
    #[error("throughput {claimed} differs from the sum of the local rates {sum}")]
    Throughput {
        /// Claimed.
        claimed: String,
        /// Σ x.
        sum: String,
    },
}

/// Checks rates against every constraint of the base-model LP (section 2.2), exactly, and that
/// they achieve `throughput`. Independent of any solver.
///
/// # Errors
/// The first [`Violation`] found.
pub fn verify(inst: &SteadyState, rates: &Rates, throughput: &Q) -> Result<(), Violation> {
    let p = &inst.platform;
    let arcs = p.arcs();
    if rates.x.len() != p.nodes.len() || rates.f.len() != arcs.len() {
        return Err(Violation::Shape(format!(
            "{} nodes and {} arcs, got {} and {}",
            p.nodes.len(),
            arcs.len(),
            rates.x.len(),
            rates.f.len()
        )));
    }
    let id = |i: usize| p.nodes[i].id.to_string();
    let n = p.nodes.len();
    let (mut send, mut recv) = (vec![Q::zero(); n], vec![Q::zero(); n]);
    let (mut inflow, mut outflow) = (vec![Q::zero(); n], vec![Q::zero(); n]);
    for (a, f) in arcs.iter().zip(&rates.f) {
        if f.is_negative() {
            return Err(Violation::Negative(format!(
                "arc {}→{}",
                id(a.from),
                id(a.to)
            )));
        }
        let busy = &a.c * &inst.data_in * f;
        send[a.from] += &busy;
        recv[a.to] += &busy;
        outflow[a.from] += f;
        inflow[a.to] += f;
        if p.nodes[a.to].master && f.is_positive() {
            return Err(Violation::IntoMaster(id(a.to)));
        }
    }
    for (i, node) in p.nodes.iter().enumerate() {
        let x = &rates.x[i];
        if x.is_negative() {
            return Err(Violation::Negative(format!("node {}", id(i))));
        }
        let busy = match &node.w {
            Some(Cost::Finite(w)) => w * x,
            _ if x.is_zero() => Q::zero(),
            _ => {
                return Err(Violation::Compute {
                    node: id(i),
                    busy: "some (it is a router)".to_owned(),
                })
            }
        };
        if busy > Q::one() {
            return Err(Violation::Compute {
                node: id(i),
                busy: frac(&busy),
            });
        }
        if send[i] > Q::one() {
            return Err(Violation::Send {
                node: id(i),
                busy: frac(&send[i]),
            });
        }
        if recv[i] > Q::one() {
            return Err(Violation::Receive {
                node: id(i),
                busy: frac(&recv[i]),
            });
        }
        let used = x + &outflow[i];
        if !node.master && inflow[i] != used {
            return Err(Violation::Conservation {
                node: id(i),
                inflow: frac(&inflow[i]),
                outflow: frac(&used),
            });
        }
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

/// A resource that rates use fully: together these are why no schedule can do better
/// (steady-state.md section 2.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(tag = "resource", content = "node", rename_all = "snake_case")]
pub enum Binding {
    /// The node computes all the time.
    Compute(usize),
    /// The node's sending port is busy all the time.
    Send(usize),
    /// The node's receiving port is busy all the time.
    Receive(usize),
}

/// The saturated resources of `rates` (base model plus result files), in node order.
#[must_use]
pub fn binding(inst: &SteadyState, rates: &Rates, g: &[Q]) -> Vec<Binding> {
    let p = &inst.platform;
    let n = p.nodes.len();
    // Port time of each arc, added to its sender's and its receiver's totals.
    let (mut send, mut recv) = (vec![Q::zero(); n], vec![Q::zero(); n]);
    for (k, a) in p.arcs().iter().enumerate() {
        let mut files = &inst.data_in * &rates.f[k];
        if let Some(gk) = g.get(k).filter(|_| !inst.data_out.is_zero()) {
            files += &inst.data_out * gk;
        }
        let load = &a.c * files;
        send[a.from] += &load;
        recv[a.to] += load;
    }
    let mut out = Vec::new();
    for (i, node) in p.nodes.iter().enumerate() {
        if let Some(Cost::Finite(w)) = &node.w {
            if w * &rates.x[i] == Q::one() {
                out.push(Binding::Compute(i));
            }
        }
        if send[i] == Q::one() {
            out.push(Binding::Send(i));
        }
        if recv[i] == Q::one() {
            out.push(Binding::Receive(i));
        }
    }
    out
}
