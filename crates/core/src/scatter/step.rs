//! The steps of the scatter algorithms (scatter.md §7), with their English captions and the
//! family's pseudocode. Processors are 0-based indices in the data and `P1..Pp` in captions;
//! DP columns are sending positions.

use serde::Serialize;

use super::closed::Participation;
use super::lp::{RoundStep, Rule};
use super::model::Schedule;
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

/// Why the processors are sent to in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum OrderWhy {
    /// The instance's order.
    Given,
    /// Increasing `β` (decreasing bandwidth to the root), the root last (§5, Theorem 3).
    Policy,
    /// The best order found by the exhaustive search.
    Searched,
    /// The best root of the root choice, the others by their bandwidth from it.
    Root,
}

/// One event of a scatter algorithm, in the past tense.
// Steps are stored once in the trace; boxing the larger variants would only add indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum ScatterStep {
    /// The sending order was fixed.
    Ordered {
        /// Processor indices, the root last.
        order: Vec<usize>,
        /// Why.
        why: OrderWhy,
    },
    /// MPI_Scatter's equal shares were evaluated: the stair before balancing.
    Uniform {
        /// Shares, rows and makespan.
        schedule: Schedule,
    },
    /// One cell of the DP table was filled (small `n` only).
    DpCell {
        /// Sending position (0-based; the table's column).
        position: usize,
        /// The processor at that position.
        processor: usize,
        /// Items `d` left for positions `position..p`.
        d: u64,
        /// The best `e` (ties: the smallest).
        choice: u64,
        /// `cost[d][position]`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// The candidate curve: its value for every `e = 0..=d`.
        #[serde(serialize_with = "crate::rational::exact")]
        candidates: Vec<Q>,
    },
    /// One column of the DP table was completed.
    DpColumn {
        /// Sending position.
        position: usize,
        /// The processor at that position.
        processor: usize,
        /// `cost[0..=n][position]`.
        #[serde(serialize_with = "crate::rational::exact")]
        cost: Vec<Q>,
        /// `choice[0..=n][position]`.
        choice: Vec<u64>,
    },
    /// The reconstruction read one share from the `choice` table.
    DpTraced {
        /// Sending position.
        position: usize,
        /// The processor.
        processor: usize,
        /// Items left before it.
        d: u64,
        /// Its share.
        items: u64,
    },
    /// Theorem 2's backward scan tested one processor.
    Participation {
        /// The test.
        test: Participation,
    },
    /// Theorem 1 gave the rational shares, everybody ending at `t`.
    Shares {
        /// Shares, input order.
        #[serde(serialize_with = "crate::rational::exact")]
        shares: Vec<Q>,
        /// The common end time `n·D`.
        #[serde(serialize_with = "crate::rational::exact")]
        t: Q,
    },
    /// The LP of §4.1 was solved.
    LpSolved {
        /// Rational shares, input order.
        #[serde(serialize_with = "crate::rational::exact")]
        x: Vec<Q>,
        /// `T_LP`.
        #[serde(serialize_with = "crate::rational::exact")]
        t_lp: Q,
        /// The guarantee `T_LP + Σ T_comm(j,1) + max T_comp(i,1)`.
        #[serde(serialize_with = "crate::rational::exact")]
        bound: Q,
    },
    /// The rounding of §4.3 fixed one share.
    Rounded {
        /// The step.
        step: RoundStep,
    },
    /// The exhaustive search evaluated one order with the DP.
    OrderTried {
        /// The order.
        order: Vec<usize>,
        /// Its optimal makespan.
        #[serde(serialize_with = "crate::rational::exact")]
        makespan: Q,
        /// It is the best so far.
        best: bool,
    },
    /// The root choice evaluated one candidate root.
    RootTried {
        /// The candidate.
        root: usize,
        /// Moving the data from the source to it.
        #[serde(serialize_with = "crate::rational::exact")]
        transfer: Q,
        /// The scatter's makespan with it as the root.
        #[serde(serialize_with = "crate::rational::exact")]
        execution: Q,
        /// `transfer + execution`.
        #[serde(serialize_with = "crate::rational::exact")]
        total: Q,
        /// It is the best so far.
        best: bool,
    },
    /// The final distribution and its Gantt chart.
    Finished {
        /// Shares, rows and makespan.
        schedule: Schedule,
    },
}

/// The family's pseudocode; [`Phase::line`] indexes it.
pub const SCATTER_PSEUDOCODE: &[&str] = &[
    "order the processors P_1..P_p (root last; policy: increasing β)",
    "uniform: n_i := ⌊n/p⌋, one more for the first n mod p processors",
    "for d = 0..n: cost[d][p] := T_comm(p, d) + T_comp(p, d)",
    "for i = p−1..1, d = 1..n: cost[d][i] := min(cost[d][i+1], min_e T_comm(i,e) + max(T_comp(i,e), cost[d−e][i+1]))",
    "d := n; for i = 1..p: n_i := choice[d][i]; d := d − n_i",
    "k := α_p + β_p; for i = p−1..1: if β_i ≤ k then P_i joins, k := (α_i+β_i)·k/(α_i+k)",
    "T := n·k; n_1 := T/(α_1+β_1); n_i := n_{i−1}·α_{i−1}/(α_i+β_i)",
    "LP: minimise T with Σ n_i = n and Σ_{j≤i}(λ_j + β_j n_j) + μ_i + α_i n_i ≤ T",
    "round: err = 0 → nearest; err < 0 → ceil; err > 0 → floor; last := x − err",
    "for every order of P_1..P_{p−1} (root last): T := DP; keep the best",
    "for every root r: total(r) := [r ≠ C]·β[C][r]·n + T_opt(root r)",
    "T := max over contacted P_i of end_i",
];

fn name(i: usize) -> String {
    format!("P{}", i + 1)
}

fn names(order: &[usize]) -> String {
    order
        .iter()
        .map(|&i| name(i))
        .collect::<Vec<_>>()
        .join(", ")
}

fn num(v: &Q) -> String {
    if v.is_integer() {
        frac(v)
    } else if v.denom().bits() <= 16 {
        format!("{} ≈ {}", frac(v), approx(v))
    } else {
        format!("≈ {}", approx(v))
    }
}

fn rule_text(r: Rule) -> &'static str {
    match r {
        Rule::Nearest => "the error is 0, so the share nearest an integer is rounded half up",
        Rule::Ceil => "the error is negative, so the share nearest its ceiling is rounded up",
        Rule::Floor => "the error is positive, so the share nearest its floor is rounded down",
        Rule::Last => "it is the last one and takes its share minus the error",
    }
}

impl ScatterStep {
    fn schedule_caption(what: &str, s: &Schedule) -> String {
        // The root is served last: it computes once every other share is sent.
        let root = (s.order.last())
            .and_then(|&r| s.rows.get(r))
            .and_then(Option::as_ref);
        let waits = root.map_or_else(String::new, |r| {
            format!(
                "; the root starts its own share at {}, once every other share is sent",
                num(&r.start)
            )
        });
        format!(
            "{what}: shares [{}], makespan {}{waits}.",
            s.shares.iter().map(frac).collect::<Vec<_>>().join(", "),
            num(&s.makespan),
        )
    }
}

impl Step for ScatterStep {
    type Context<'a> = ();

    fn caption(&self, (): &()) -> String {
        match self {
            ScatterStep::Ordered { order, why } => {
                let w = match why {
                    OrderWhy::Given => "as given",
                    OrderWhy::Policy => "by decreasing bandwidth to the root (increasing β)",
                    OrderWhy::Searched => "the best order of the exhaustive search",
                    OrderWhy::Root => "the best root, the others by their bandwidth from it",
                };
                format!("Sending order {w}: {}, the root last.", names(order))
            }
            ScatterStep::Uniform { schedule } => {
                Self::schedule_caption("Before balancing, MPI_Scatter's equal shares", schedule)
            }
            ScatterStep::DpCell {
                position,
                processor,
                d,
                choice,
                value,
                ..
            } => format!(
                "cost[{d}][{}] = {}: with {d} items left, {} takes {choice} of them.",
                position + 1,
                num(value),
                name(*processor)
            ),
            ScatterStep::DpColumn {
                position,
                processor,
                cost,
                ..
            } => format!(
                "Filled column {} of the DP table ({}): all {} items on positions {}..p take {}.",
                position + 1,
                name(*processor),
                cost.len().saturating_sub(1),
                position + 1,
                cost.last().map_or_else(String::new, num)
            ),
            ScatterStep::DpTraced {
                processor,
                d,
                items,
                ..
            } => format!(
                "Read back: with {d} items left, {} gets {items}.",
                name(*processor)
            ),
            ScatterStep::Participation { test } => format!(
                "{}: β = {} {} D(suffix) = {}, so it {}; D is now {}.",
                name(test.processor),
                num(&test.beta),
                if test.included { "≤" } else { ">" },
                num(&test.d_suffix),
                if test.included {
                    "takes part"
                } else {
                    "gets nothing"
                },
                num(&test.d_after)
            ),
            ScatterStep::Shares { shares, t } => format!(
                "Theorem 1: every participant ends at T = {}, with shares [{}].",
                num(t),
                shares.iter().map(approx).collect::<Vec<_>>().join(", ")
            ),
            ScatterStep::LpSolved { t_lp, bound, .. } => format!(
                "Solved the LP: T_LP = {}; rounding will stay under {}.",
                num(t_lp),
                num(bound)
            ),
            ScatterStep::Rounded { step } => format!(
                "{} ({}): {}, giving {}; the error is now {}.",
                name(step.processor),
                num(&step.x),
                rule_text(step.rule),
                step.value,
                num(&step.err)
            ),
            ScatterStep::OrderTried {
                order,
                makespan,
                best,
            } => format!(
                "Order {}: makespan {}{}.",
                names(order),
                num(makespan),
                if *best { ", the best so far" } else { "" }
            ),
            ScatterStep::RootTried {
                root,
                transfer,
                execution,
                total,
                best,
            } => format!(
                "Root {}: moving the data costs {}, the scatter {}, total {}{}.",
                name(*root),
                num(transfer),
                num(execution),
                num(total),
                if *best { ", the best so far" } else { "" }
            ),
            ScatterStep::Finished { schedule } => {
                Self::schedule_caption("After balancing", schedule)
            }
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            ScatterStep::Ordered { .. } => ("order", 0),
            ScatterStep::Uniform { .. } => ("uniform", 1),
            ScatterStep::DpCell { .. } | ScatterStep::DpColumn { .. } => ("dp", 3),
            ScatterStep::DpTraced { .. } => ("reconstruct", 4),
            ScatterStep::Participation { .. } => ("participation", 5),
            ScatterStep::Shares { .. } => ("shares", 6),
            ScatterStep::LpSolved { .. } => ("lp", 7),
            ScatterStep::Rounded { .. } => ("round", 8),
            ScatterStep::OrderTried { .. } => ("search", 9),
            ScatterStep::RootTried { .. } => ("root", 10),
            ScatterStep::Finished { .. } => ("result", 11),
        };
        Phase { name, line }
    }
}
