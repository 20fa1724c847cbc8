//! The periodic schedule of a set of weighted trees (broadcast.md §4) with its steps: the counts
//! per tree, one step per slot, the period. Shared by the LP pipeline and the tree baselines.

use super::pipeline_net::Net;
use super::schedule::{self, slot_bars};
use super::step::Step;
use super::{BroadcastError, WeightedTree};
use crate::rational::Q;

/// Builds the period and emits B8, B9.k and B10.
pub(crate) fn schedule_steps(
    net: &Net,
    trees: &[WeightedTree],
    emit: &mut impl FnMut(Step),
) -> Result<Option<schedule::Period>, BroadcastError> {
    let Some(period) = schedule::build(net.n, &net.arcs, net.source, trees)? else {
        return Ok(None);
    };
    let lq = Q::from_integer(period.l.clone());
    emit(Step::Counted {
        l: period.l.clone(),
        messages: trees
            .iter()
            .map(|t| (&t.weight * &lq).to_integer())
            .collect(),
        busy: period.busy.clone(),
    });
    for (k, (slot, m)) in period
        .slots
        .iter()
        .zip(&period.decomposition.matchings)
        .enumerate()
    {
        emit(Step::FilledSlot {
            index: k,
            mu: m.mu.clone(),
            slot: slot.clone(),
            bars: slot_bars(&net.arcs, k, slot),
        });
    }
    emit(Step::Scheduled {
        a: period.a.clone(),
        length: period.length.clone(),
        messages: period.messages.iter().sum(),
        max_depth: period.max_depth,
    });
    Ok(Some(period))
}
