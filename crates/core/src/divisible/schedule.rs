//! Gantt blocks (divisible-load.md §9: a port row, one row per worker; trees: a port and a CPU
//! row per node) and the builder of one-round star schedules shared by the one-round methods.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::Worker;
use crate::rational::Q;

/// Most Gantt blocks of one schedule (the periodic schedule is refused beyond).
pub const MAX_BLOCKS: usize = 20_000;

/// A transfer or a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A message on a port: `from` sends `load` to `node`.
    Send,
    /// `node` computes `load`.
    Compute,
}

/// One bar of the Gantt chart, with exact times. Its first `latency` time units are the latency
/// (`G` or `W`, drawn hatched); the rest is proportional to `load`.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Block {
    /// Transfer or computation.
    pub kind: Kind,
    /// The sender of a transfer (`None`: the star's master; a node index in a tree); `None` for
    /// a computation.
    pub from: Option<usize>,
    /// The receiver of a transfer or the computing worker / node (`None`: the star's master).
    pub node: Option<usize>,
    /// Start time.
    #[serde(serialize_with = "crate::rational::exact")]
    pub start: Q,
    /// End time.
    #[serde(serialize_with = "crate::rational::exact")]
    pub end: Q,
    /// The latency part at the start (0 in linear models).
    #[serde(serialize_with = "crate::rational::exact")]
    pub latency: Q,
    /// Load sent or computed (`> 0`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub load: Q,
    /// Round (multi-round methods) or period (periodic schedule), from 0; 0 for one round.
    pub round: usize,
}

impl Block {
    /// A transfer from the star's master to worker `i`.
    #[must_use]
    pub fn send(i: usize, start: Q, wk: &Worker, load: Q, round: usize) -> Block {
        let end = &start + &wk.big_g + &wk.g * &load;
        Block {
            kind: Kind::Send,
            from: None,
            node: Some(i),
            start,
            end,
            latency: wk.big_g.clone(),
            load,
            round,
        }
    }

    /// Worker `i` computing `load` from `start`.
    #[must_use]
    pub fn compute(i: usize, start: Q, wk: &Worker, load: Q, round: usize) -> Block {
        let end = &start + &wk.big_w + &wk.w * &load;
        Block {
            kind: Kind::Compute,
            from: None,
            node: Some(i),
            start,
            end,
            latency: wk.big_w.clone(),
            load,
            round,
        }
    }

    /// The blocks scaled by `f` in time and load (the unit axis of §9.1 step 2, rescaled).
    #[must_use]
    pub fn scaled(&self, f: &Q) -> Block {
        Block {
            start: &self.start * f,
            end: &self.end * f,
            latency: &self.latency * f,
            load: &self.load * f,
            ..self.clone()
        }
    }
}

/// The one-round star schedule of `order` with loads `alpha` (input order): back-to-back sends
/// to the workers with a positive load (latencies paid only by them), each worker computing
/// as soon as its chunk has arrived; then the master's computation `[0, α_0·w_0)` if any.
#[must_use]
pub fn one_round(
    workers: &[Worker],
    order: &[usize],
    alpha: &[Q],
    master: Option<(&Q, &Q)>,
) -> Vec<Block> {
    let mut t = Q::zero();
    let mut out = Vec::new();
    for &i in order {
        let (Some(wk), Some(a)) = (workers.get(i), alpha.get(i)) else {
            continue;
        };
        if !a.is_positive() {
            continue;
        }
        let send = Block::send(i, t, wk, a.clone(), 0);
        t = send.end.clone();
        out.push(send);
        out.push(Block::compute(i, t.clone(), wk, a.clone(), 0));
    }
    if let Some((a0, w0)) = master.filter(|(a0, _)| a0.is_positive()) {
        out.push(Block {
            kind: Kind::Compute,
            from: None,
            node: None,
            start: Q::zero(),
            end: a0 * w0,
            latency: Q::zero(),
            load: a0.clone(),
            round: 0,
        });
    }
    out
}

/// The end of the last block (0 for an empty schedule).
#[must_use]
pub fn last_end(blocks: &[Block]) -> Q {
    blocks
        .iter()
        .map(|b| &b.end)
        .max()
        .cloned()
        .unwrap_or_else(Q::zero)
}

/// Indices with a positive load, ascending.
#[must_use]
pub fn participating(alpha: &[Q]) -> Vec<usize> {
    (0..alpha.len())
        .filter(|&i| alpha[i].is_positive())
        .collect()
}

/// Loads given in `order` spread back to input order (length `p`, zeros elsewhere).
#[must_use]
pub fn spread(p: usize, order: &[usize], loads: &[Q]) -> Vec<Q> {
    let mut alpha = vec![Q::zero(); p];
    for (&i, a) in order.iter().zip(loads) {
        if let Some(slot) = alpha.get_mut(i) {
            *slot = a.clone();
        }
    }
    alpha
}
