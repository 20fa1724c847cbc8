//! The ring family's practice questions (issue 35): which processor the greedy inserts next
//! (or the best time of a ring size, for the exact search), T_step or a share α, which
//! algorithm does better, and which processor of the ring takes the largest share.

use serde_json::Value;

use crate::family::Family;
use crate::practice::common::{self, P0};
use crate::practice::{pick, Asked, Kind, Posed, Practice};
use crate::rational::{format_q, Q};

use super::family::RingFamily;

impl Practice for RingFamily {
    const SIZES: [usize; 3] = [4, 6, 9];
    const ALGORITHMS: &'static [&'static str] = &["greedy", "exact", "tsp"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let procs = common::count(&Self::to_value(input), "w");
        match kind {
            Kind::NextStep => inserted(doc, procs, pick).or_else(|| size_best(doc, pick)),
            Kind::Value if pick % 2 == 1 => share(doc, pick / 2),
            Kind::Value => common::objective(doc, "the time of one step T_step"),
            Kind::Choice => common::better(asked, &["exact", "greedy", "tsp"]),
            Kind::PredictFigure => largest_share(doc, procs),
        }
    }
}

/// Greedy: the processor inserted next into the ring (every candidate of the round that ties
/// with it accepted).
fn inserted(doc: &Value, procs: usize, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "greedy_picked", pick)?;
    let who = common::id(&s["i"])?;
    let before: Vec<String> = s["ring"]
        .as_array()?
        .iter()
        .filter_map(common::id)
        .filter(|&p| p != who)
        .map(|p| P0.name(p))
        .collect();
    common::about_step(
        i,
        format!("The greedy's ring is ({}). It inserts the candidate that gives the smallest T_step. Which processor does it insert next?", before.join(", ")),
        P0.all(procs),
        tied(doc, i, who, s)?,
    )
}

/// The candidates tried in the round that ends at step `i` whose time equals the one picked.
fn tied(doc: &Value, i: usize, who: usize, picked: &Value) -> Option<Vec<String>> {
    let t = pick::exact(&picked["t"])?;
    let mut right = vec![P0.name(who)];
    for s in common::trace(doc)[..i].iter().rev() {
        if s["kind"] != "greedy_tried" {
            break;
        }
        let p = common::id(&s["i"])?;
        if pick::exact(&s["t"]).as_ref() == Some(&t) && !right.contains(&P0.name(p)) {
            right.push(P0.name(p));
        }
    }
    Some(right)
}

/// Exact search: the best time of a ring of a given size.
fn size_best(doc: &Value, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "size_best", pick)?;
    let q = common::id(&s["best"]["q"])?;
    Some(common::step_number(
        i,
        format!("The exact search values every ring of {q} processor(s). What is the smallest T_step among them?"),
        pick::exact(&s["best"]["t"])?,
    ))
}

/// The shares α with the processor each belongs to (`alpha[j]` is ring position `j`'s).
fn shares(doc: &Value) -> Option<Vec<(usize, Q)>> {
    let ring = doc["ring"].as_array()?;
    let alpha = doc["alpha"].as_array()?;
    ring.iter()
        .zip(alpha)
        .map(|(p, a)| Some((common::id(p)?, pick::exact(a)?)))
        .collect()
}

/// One processor's share α of the load.
fn share(doc: &Value, pick: u64) -> Option<Posed> {
    let all = shares(doc)?;
    let (p, a) = pick::nth(&all, pick)?;
    let n = common::trace(doc).len();
    Some(pick::number(
        Some(n),
        format!("In the solution, what share α of the load does {} compute?", P0.name(*p)),
        format!("The solution (step {n}) gives every share α of the ring; \"alpha\" in the result, in ring order."),
        vec![a.clone()],
    ))
}

/// Which processor of the ring computes the largest share (every tied one accepted).
fn largest_share(doc: &Value, procs: usize) -> Option<Posed> {
    let all = shares(doc)?;
    let best = all.iter().map(|(_, a)| a).max()?.clone();
    let right = all
        .iter()
        .filter(|(_, a)| *a == best)
        .map(|(p, _)| P0.name(*p))
        .collect();
    let n = common::trace(doc).len();
    pick::choice(
        Some(n),
        "Which processor of the ring computes the largest share α of the load? Click it.".into(),
        format!(
            "The solution (step {n}) shows every share; the largest is {}.",
            format_q(&best)
        ),
        P0.all(procs),
        right,
    )
}
