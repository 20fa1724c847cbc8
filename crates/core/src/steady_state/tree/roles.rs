//! What the closed form decides for each node: how a child is fed in its parent's star
//! ([`Class`]) and what a node does in the final allocation ([`NodeUse`]). Shared by the
//! reduction (`mod.rs`) and the trace (`step.rs`), so it sits below both.

use serde::Serialize;

/// How a child is fed in its parent's star (section 3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Fed at its full capacity `ρ_sub`.
    Full,
    /// Fed with the bandwidth left over (at most one per star).
    Partial,
    /// Not fed: the parent's sending port is saturated.
    Unused,
}

/// What a node does in the final allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "lowercase")]
pub enum NodeUse {
    /// Computes all the time (`α = 1`).
    Saturated,
    /// Computes part of the time (`0 < α < 1`).
    Partial,
    /// Could compute but receives nothing to compute.
    Idle,
    /// `w = inf`: only forwards.
    Router,
    /// Cannot be reached from the master.
    Unreachable,
}
