//! Master–worker steady state (steady-state.md): the throughput a platform sustains for
//! independent tasks.
//!
//! The LP on any platform ([`lp`]), its routes ([`alloc`]) and the pipeline down to the periodic
//! schedule ([`pipeline`]); the closed form on trees ([`tree`]); an independent checker of
//! steady-state rates ([`verify`], every broken constraint: [`violations`]; rates a user types:
//! [`rates`]) and the resources they saturate ([`binding`]).

pub mod about;
pub mod alloc;
#[cfg(feature = "solve")]
pub mod bench;
mod constraints;
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
pub mod rates;
#[cfg(test)]
mod rates_tests;
pub mod report;
#[cfg(test)]
mod report_tests;
#[cfg(feature = "solve")]
mod solver;
pub mod spanning;
pub mod timeline;
pub mod tree;

pub use constraints::{verify, violations, Violation};
pub use instance::SteadyState;

use num_traits::{One, Zero};
use serde::Serialize;

use crate::rational::{Cost, Q};

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
