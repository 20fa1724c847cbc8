//! The data of a pricing round of the column generation on LP-T (C2, broadcast.md §3.7); the
//! captions of C1–C3 are in `caption.rs`.

use serde::Serialize;

use crate::rational::Q;

/// One round of the column generation on LP-T (C2.j, §3.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PricedTree {
    /// 1-based round.
    pub round: usize,
    /// The cheapest spanning arborescence for the costs `c_uv·(p_u + q_v)`, sorted arcs.
    pub tree: Vec<usize>,
    /// Its cost `θ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub theta: Q,
    /// `1 − θ`: positive when the tree improves the master.
    #[serde(serialize_with = "crate::rational::exact")]
    pub reduced_cost: Q,
    /// The master's value this round (achievable: a lower bound on `ρ*`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub master: Q,
    /// `Σ(p+q) / min(1, θ)`: an upper bound on `ρ*` (`None`: `θ = 0`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub upper: Option<Q>,
    /// The tree entered the master (`θ < 1`).
    pub added: bool,
    /// The master's weights `α`, one per column before this tree.
    #[serde(serialize_with = "crate::rational::exact")]
    pub weights: Vec<Q>,
    /// Out-port prices `p_v`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub out_price: Vec<Q>,
    /// In-port prices `q_v`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub in_price: Vec<Q>,
}
