//! An independent checker of divisible-load schedules: it replays the blocks against the
//! instance (never the solver's intermediate numbers): every duration recomputed from the costs,
//! one-port sends, one computation at a time per CPU, nothing computed or forwarded before it
//! has arrived, latencies only on blocks that carry load, every block ending by the reported
//! makespan (at it, when the method says so), and the loads adding up to `W_total` exactly.

use crate::sort;
use num_traits::{Signed, Zero};

use super::schedule::{Block, Kind};
use super::{DivSolution, Divisible, Status, Variant};
use crate::error::Violation;
use crate::rational::{frac, Q};

/// A result marked invalid (affine-sorted on DL-9) schedules nothing: no load, no block.
fn invalid(sol: &DivSolution) -> Result<(), Violation> {
    let empty = sol.alpha.iter().all(Zero::is_zero)
        && sol.alpha_master.as_ref().is_none_or(Zero::is_zero)
        && sol.schedule.is_empty()
        && sol.order.is_empty()
        && sol.participating.is_empty();
    if empty {
        Ok(())
    } else {
        Err("a result marked invalid schedules some load".into())
    }
}

/// Checks `sol` against `inst`.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(inst: &Divisible, sol: &DivSolution) -> Result<(), Violation> {
    let tree = inst.variant == Variant::TreeLinear;
    let n = if tree {
        inst.nodes.len()
    } else {
        inst.workers.len()
    };
    if sol.alpha.len() != n {
        return Err(format!("{} loads for {n} workers", sol.alpha.len()).into());
    }
    if let Some(i) = sol.alpha.iter().position(Signed::is_negative) {
        return Err(format!("worker {i} has a negative load").into());
    }
    if sol.status == Status::Infeasible {
        return invalid(sol);
    }
    if sol.alpha_master.is_some() && inst.w0.is_none() {
        return Err("the master computes but has no w0".into());
    }
    let total: Q = sol.alpha.iter().sum::<Q>() + sol.alpha_master.clone().unwrap_or_else(Q::zero);
    if total != inst.w_total {
        return Err(format!(
            "the loads sum to {}, not W_total = {}",
            frac(&total),
            frac(&inst.w_total)
        )
        .into());
    }
    let want: Vec<usize> = (0..n).filter(|&i| sol.alpha[i].is_positive()).collect();
    if sol.participating != want {
        return Err("the participating list differs from the positive loads".into());
    }
    for (k, b) in sol.schedule.iter().enumerate() {
        check_block(inst, b).map_err(|e| format!("block {k}: {e}"))?;
        if b.end > sol.makespan {
            return Err(format!(
                "block {k} ends at {} after the makespan {}",
                frac(&b.end),
                frac(&sol.makespan)
            )
            .into());
        }
    }
    let end = sol
        .schedule
        .iter()
        .map(|b| &b.end)
        .max()
        .cloned()
        .unwrap_or_else(Q::zero);
    if sol.tight && end != sol.makespan {
        return Err(format!(
            "the schedule ends at {}, not at the makespan {}",
            frac(&end),
            frac(&sol.makespan)
        )
        .into());
    }
    // Ports: the star's master (None) or each tree node sends one message at a time.
    let senders: Vec<Option<usize>> = if tree {
        (0..n).map(Some).collect()
    } else {
        vec![None]
    };
    for s in senders {
        disjoint(
            sol.schedule
                .iter()
                .filter(|b| b.kind == Kind::Send && b.from == s),
        )
        .map_err(|e| format!("port of {}: {e}", who(s)))?;
    }
    let mut computed = vec![Q::zero(); n];
    let mut master = Q::zero();
    for b in sol.schedule.iter().filter(|b| b.kind == Kind::Compute) {
        match b.node {
            Some(i) => computed[i] += &b.load,
            None => master += &b.load,
        }
    }
    if computed != sol.alpha {
        return Err("the computed loads differ from the reported loads".into());
    }
    if master != sol.alpha_master.clone().unwrap_or_else(Q::zero) {
        return Err("the master's computed load differs from its share".into());
    }
    for v in (0..n).map(Some).chain(std::iter::once(None)) {
        disjoint(
            sol.schedule
                .iter()
                .filter(|b| b.kind == Kind::Compute && b.node == v),
        )
        .map_err(|e| format!("CPU of {}: {e}", who(v)))?;
        let root = v.is_none()
            || (tree
                && v.and_then(|i| inst.nodes.get(i))
                    .is_some_and(|x| x.parent.is_none()));
        if !root {
            causal(&sol.schedule, v).map_err(|e| format!("{}: {e}", who(v)))?;
        }
    }
    Ok(())
}

fn who(v: Option<usize>) -> String {
    v.map_or_else(|| "the master".to_owned(), |i| format!("node {i}"))
}

/// Duration and latency from the instance's costs; the right sender.
fn check_block(inst: &Divisible, b: &Block) -> Result<(), Violation> {
    if !b.load.is_positive() {
        return Err(
            ("a block without load (latencies are paid only by participants)".to_owned()).into(),
        );
    }
    if b.start.is_negative() {
        return Err("starts before 0".into());
    }
    let (lat, per) = if inst.variant == Variant::TreeLinear {
        let node = b
            .node
            .and_then(|v| inst.nodes.get(v))
            .ok_or("no such node")?;
        match b.kind {
            Kind::Send => {
                if b.from.is_none() || b.from != node.parent {
                    return Err("a node receives only from its parent".into());
                }
                (Q::zero(), node.g.clone())
            }
            Kind::Compute => (Q::zero(), node.w.clone().ok_or("a relay computes")?),
        }
    } else {
        match (b.kind, b.node) {
            (Kind::Compute, None) => (Q::zero(), inst.w0.clone().ok_or("the master has no CPU")?),
            (_, None) => return Err("a send to nobody".into()),
            (kind, Some(i)) => {
                let w = inst.workers.get(i).ok_or("no such worker")?;
                if b.from.is_some() {
                    return Err("only the master sends".into());
                }
                match kind {
                    Kind::Send => (w.big_g.clone(), w.g.clone()),
                    Kind::Compute => (w.big_w.clone(), w.w.clone()),
                }
            }
        }
    };
    if b.latency != lat {
        return Err(format!("latency {} instead of {}", frac(&b.latency), frac(&lat)).into());
    }
    let want = &b.start + &lat + per * &b.load;
    if b.end != want {
        return Err(format!("ends at {} instead of {}", frac(&b.end), frac(&want)).into());
    }
    Ok(())
}

/// The blocks do not overlap (half-open intervals).
fn disjoint<'a>(blocks: impl Iterator<Item = &'a Block>) -> Result<(), Violation> {
    let mut v: Vec<&Block> = blocks.collect();
    sort::by(&mut v, |a, b| a.start.cmp(&b.start).then(a.end.cmp(&b.end)));
    for w in v.windows(2) {
        if w[1].start < w[0].end {
            return Err(format!("two blocks overlap at {}", frac(&w[1].start)).into());
        }
    }
    Ok(())
}

/// Node `v` computes or forwards only what it has fully received, and uses all it receives.
fn causal(schedule: &[Block], v: Option<usize>) -> Result<(), Violation> {
    let received: Vec<&Block> = schedule
        .iter()
        .filter(|b| b.kind == Kind::Send && b.node == v)
        .collect();
    let used: Vec<&Block> = schedule
        .iter()
        .filter(|b| {
            (b.kind == Kind::Compute && b.node == v)
                || (b.kind == Kind::Send && v.is_some() && b.from == v)
        })
        .collect();
    let mut recv: Vec<&Block> = received.clone();
    sort::by(&mut recv, |a, b| a.end.cmp(&b.end));
    let mut consumed: Vec<&Block> = used.clone();
    sort::by(&mut consumed, |a, b| a.start.cmp(&b.start));
    let (mut have, mut need, mut r) = (Q::zero(), Q::zero(), 0);
    let mut k = 0;
    while k < consumed.len() {
        // Every use starting at this instant, against every reception ended by it.
        let t = consumed[k].start.clone();
        while k < consumed.len() && consumed[k].start == t {
            need += &consumed[k].load;
            k += 1;
        }
        while r < recv.len() && recv[r].end <= t {
            have += &recv[r].load;
            r += 1;
        }
        if need > have {
            return Err(format!(
                "uses {} units by {} but has received {}",
                frac(&need),
                frac(&t),
                frac(&have)
            )
            .into());
        }
    }
    let got: Q = received.iter().map(|r| &r.load).sum();
    let spent: Q = used.iter().map(|x| &x.load).sum();
    if got != spent {
        return Err(format!("receives {} units but uses {}", frac(&got), frac(&spent)).into());
    }
    Ok(())
}
