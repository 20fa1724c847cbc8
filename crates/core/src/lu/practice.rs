//! The LU family's practice questions (issue 35): which processor gets the next chunk, the
//! total cost or one step's cost, which distribution does better, and which processor owns a
//! block of the matrix.

use serde_json::Value;

use crate::family::Family;
use crate::practice::common::{self, P1};
use crate::practice::{pick, Asked, Kind, Posed, Practice};

use super::family::LuFamily;

impl Practice for LuFamily {
    const SIZES: [usize; 3] = [3, 4, 6];
    const ALGORITHMS: &'static [&'static str] = &["1d", "2d-dp", "2d-greedy", "block-cyclic"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let procs = common::count(&Self::to_value(input), "cycle_times");
        match kind {
            Kind::NextStep => chunk(doc, procs, pick),
            Kind::Value if pick % 2 == 1 => step_cost(doc, pick / 2),
            Kind::Value => common::objective(doc, "the total cost (the sum over the elimination steps of the slowest processor's update)"),
            Kind::Choice => common::better(asked, &["1d", "2d-greedy", "block-cyclic", "full-block"]),
            Kind::PredictFigure => owner(doc, procs, pick),
        }
    }
}

/// Which processor the allocation gives the next chunk (every tied one accepted).
fn chunk(doc: &Value, procs: usize, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "allocated", pick)?;
    let p = &s["pick"];
    let b = common::id(&p["b"])?;
    let mut right = vec![P1.name(common::id(&p["chosen"])?)];
    for t in p["tied"].as_array().into_iter().flatten() {
        let name = P1.name(common::id(t)?);
        if !right.contains(&name) {
            right.push(name);
        }
    }
    common::about_step(
        i,
        format!("The allocation gives chunk {b} to the processor that would finish first with it, at (c + 1)/s for c chunks already held and speed s. Which processor gets chunk {b}?"),
        P1.all(procs),
        right,
    )
}

/// The cost of one elimination step.
fn step_cost(doc: &Value, pick: u64) -> Option<Posed> {
    let costs = doc["step_costs"].as_array()?;
    let c = pick::nth(costs, pick)?;
    let k = common::id(&c["k"])?;
    let n = common::trace(doc).len();
    Some(pick::number(
        Some(n),
        format!("What is the cost of elimination step {k} (the time of its slowest processor's update of the trailing matrix)?"),
        format!("The run's factorisation steps (up to step {n}) list each step's cost; step {k} is in the result's \"step_costs\"."),
        vec![pick::exact(&c["cost"])?],
    ))
}

/// Which processor owns a block of the matrix.
fn owner(doc: &Value, procs: usize, pick: u64) -> Option<Posed> {
    let rows = doc["owners"].as_array()?;
    let n = rows.len();
    let cell = pick::index(n.checked_mul(n)?, pick)?;
    let (r, c) = (cell / n, cell % n);
    let who = common::id(&rows[r][c])?;
    let last = common::trace(doc).len();
    common::about_step(
        last.checked_sub(1)?,
        format!("In the final distribution of the {n} × {n} blocks, which processor owns block ({}, {}) (row, column, counted from 1)? Click its tile.", r + 1, c + 1),
        P1.all(procs),
        vec![P1.name(who)],
    )
}
