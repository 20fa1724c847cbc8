//! The steps of every divisible-load method (divisible-load.md §9), with their English captions
//! and phases. Workers are `P1..Pp` in captions; tree nodes are named by their ids.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::Block;
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

/// One row of the enumeration table of §9.3 (or of the fixed-order subsequences of §2.4).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Tried {
    /// The ordered subset (0-based workers).
    pub order: Vec<usize>,
    /// Its `EF` makespan, `None` when some load is negative (invalid).
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Option<Q>,
    /// It became the best so far.
    pub best: bool,
}

/// One event of a divisible-load method.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum DivStep {
    /// Workers sorted by `(g_i, i)` (stars) — the order the master serves them.
    Sorted {
        /// The sending order.
        order: Vec<usize>,
    },
    /// The rate `a_k` of the next worker, drawn on the axis scaled to `T_f = 1`.
    Rated {
        /// The worker.
        worker: usize,
        /// `a_k`: its load per unit of makespan.
        #[serde(serialize_with = "crate::rational::exact")]
        rate: Q,
        /// Its send on the unit axis `[start, end)`; it then computes until 1.
        #[serde(serialize_with = "crate::rational::exact")]
        start: Q,
        /// End of its send on the unit axis.
        #[serde(serialize_with = "crate::rational::exact")]
        end: Q,
    },
    /// The computing master's rate `1/w_0`.
    MasterRated {
        /// `1/w_0`.
        #[serde(serialize_with = "crate::rational::exact")]
        rate: Q,
    },
    /// `EF` of all workers by `g` (§9.3 step 1): negative loads mark it invalid.
    SortedEf(super::ef::SortedEf),
    /// `ρ = Σ a_k`, `T_f = W_total/ρ`: the axis is rescaled and the loads labelled.
    Scaled {
        /// Load processed per unit of time.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// `T_f`.
        #[serde(serialize_with = "crate::rational::exact")]
        makespan: Q,
    },
    /// An ordered subset was evaluated by `EF` (a table row).
    Tried(Tried),
    /// The search found a better ordered subset.
    Improved {
        /// The ordered subset.
        order: Vec<usize>,
        /// Its makespan.
        #[serde(serialize_with = "crate::rational::exact")]
        makespan: Q,
        /// Prefixes examined so far.
        visited: u64,
    },
    /// The search ended.
    Searched {
        /// Prefixes examined.
        visited: u64,
        /// Subtrees cut by the bounds.
        pruned: u64,
        /// False when the work budget stopped it.
        complete: bool,
    },
    /// A relay leaf (no CPU, no child) was removed: it gets no load.
    Removed {
        /// The node.
        node: usize,
    },
    /// A node and its subtree became one equivalent processor.
    Collapsed {
        /// The node.
        node: usize,
        /// Its children in serving order (by link cost, then input order).
        children: Vec<usize>,
        /// `a_k` of each child, per unit of the node's budget.
        #[serde(serialize_with = "crate::rational::exact")]
        rates: Vec<Q>,
        /// `ρ(v)`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// `w_eq(v) = 1/ρ(v)`.
        #[serde(serialize_with = "crate::rational::exact")]
        w_eq: Q,
    },
    /// A node's data became complete: its share and its children's loads are known.
    Expanded {
        /// The node.
        node: usize,
        /// `t_v`, when its data is complete.
        #[serde(serialize_with = "crate::rational::exact")]
        ready: Q,
        /// `α_v`, its own share.
        #[serde(serialize_with = "crate::rational::exact")]
        own: Q,
        /// `X_v`, its whole subtree's load.
        #[serde(serialize_with = "crate::rational::exact")]
        subtree: Q,
    },
    /// One step of the multi-installment recursion: `γ_j = A_j·γ_0 + B_j`.
    Recurred {
        /// Chunk index (from the end).
        j: usize,
        /// `A_j`.
        #[serde(serialize_with = "crate::rational::exact")]
        a: Q,
        /// `B_j`.
        #[serde(serialize_with = "crate::rational::exact")]
        b: Q,
    },
    /// `γ_0` from the load, then every chunk.
    Chunked {
        /// `γ_0`.
        #[serde(serialize_with = "crate::rational::exact")]
        gamma0: Q,
        /// Chunk sizes in sending order.
        #[serde(serialize_with = "crate::rational::exact")]
        chunks: Vec<Q>,
    },
    /// UMR's objective for `M` rounds (`None`: some chunk is not positive).
    Evaluated {
        /// Number of rounds.
        m: usize,
        /// `Obj(M)`.
        #[serde(serialize_with = "crate::rational::exact")]
        obj: Option<Q>,
    },
    /// UMR chose `M*` and its chunk sizes per round.
    Chose {
        /// `M*`.
        m: usize,
        /// `α_j`, one per round.
        #[serde(serialize_with = "crate::rational::exact")]
        alpha: Vec<Q>,
    },
    /// UMR's last round was redistributed so that every worker finishes together.
    Equalised {
        /// The common finish time `F`.
        #[serde(serialize_with = "crate::rational::exact")]
        finish: Q,
        /// `β_i` per worker.
        #[serde(serialize_with = "crate::rational::exact")]
        beta: Vec<Q>,
    },
    /// The periodic schedule's workers (bandwidth-centric knapsack).
    Selected {
        /// Workers by `(g, i)`.
        order: Vec<usize>,
        /// `x_i` per unit of period without latencies (input order).
        #[serde(serialize_with = "crate::rational::exact")]
        x: Vec<Q>,
        /// Number of fully used workers.
        q: usize,
        /// `ρ_opt`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho_opt: Q,
    },
    /// The period and the chunks.
    Sized {
        /// `L = Σ (G_i + W_i)`.
        #[serde(serialize_with = "crate::rational::exact")]
        latency: Q,
        /// `T_p`.
        #[serde(serialize_with = "crate::rational::exact")]
        period: Q,
        /// Number of periods `k`.
        k: usize,
        /// `T_p` was raised to `2L`.
        small_load: bool,
    },
    /// Blocks added to the Gantt chart (a round, a period, a node's sends, or a whole schedule).
    Drew {
        /// What they are: `"schedule"`, `"round"`, `"period"` or `"node"`.
        part: crate::intern::Name,
        /// Round, period or node index.
        index: usize,
        /// The blocks.
        blocks: Vec<Block>,
    },
    /// The final loads and makespan.
    Finished {
        /// `T_f`.
        #[serde(serialize_with = "crate::rational::exact")]
        makespan: Q,
        /// Loads, input order.
        #[serde(serialize_with = "crate::rational::exact")]
        alpha: Vec<Q>,
        /// The master's share.
        #[serde(serialize_with = "crate::rational::exact")]
        alpha_master: Option<Q>,
        /// Workers in the order they first receive.
        order: Vec<usize>,
    },
}

/// Pseudocode of the family (one block per method); [`Phase::line`] indexes it.
pub const PSEUDOCODE: &[&str] = &[
    "Q := workers sorted by (g_i, i)", // 0
    "a_1 := 1/(g_Q1 + w_Q1);  a_k := a_{k−1}·w_Q(k−1)/(g_Qk + w_Qk)", // 1
    "ρ := Σ a_k (+ 1/w_0);  T_f := W_total/ρ;  α_Qk := a_k·T_f", // 2
    "for every ordered subset o: (T_f, α) := EF(o); keep the best valid", // 3
    "collapse bottom-up: ρ(v) := 1/w_v + Σ a_k(children by g);  w_eq := 1/ρ", // 4
    "top-down: B_v := T_f − t_v;  α_v := B_v/w_v;  X_ck := a_k·B_v", // 5
    "A_j, B_j := window sums of the last P chunks (γ_j = A_j·γ_0 + B_j)", // 6
    "γ_0 := (W_total·w − Σ B_j)/Σ A_j;  α_j := (A_j·γ_0 + B_j)/w", // 7
    "for M = 1..: α_0(M), Obj(M) := W_total·w/P + M·W + ½P(G + g·α_0)", // 8
    "last round: bisect F so that Σ β_i(F) = P·α_{M−1}", // 9
    "knapsack by g: x_i := 1/w_i while Σ g_i/w_i ≤ 1; ρ_opt := Σ x_i", // 10
    "T_p := √(B/ρ_opt) (≥ 2L); α_i := (1 − L/T_p)·x_i·T_p; k periods", // 11
    "send the chunks round by round / period by period; draw the Gantt", // 12
];

fn w(i: usize) -> String {
    format!("P{}", i + 1)
}

fn list(order: &[usize]) -> String {
    named(order, &[])
}

/// Workers `P1..Pp`, or tree nodes by their names.
fn named(order: &[usize], names: &[String]) -> String {
    if order.is_empty() {
        return "nobody".to_owned();
    }
    order
        .iter()
        .map(|&i| names.get(i).cloned().unwrap_or_else(|| w(i)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn opt(v: Option<&Q>) -> String {
    v.map_or_else(
        || "invalid (a negative load)".to_owned(),
        |t| {
            // Bisection results have dyadic fractions of 30 digits: only their decimal reads.
            let exact = frac(t);
            if exact.len() > 24 {
                format!("≈ {}", approx(t))
            } else {
                format!("{exact} ≈ {}", approx(t))
            }
        },
    )
}

impl Step for DivStep {
    /// Tree node names (empty for stars: workers are `P1..Pp`).
    type Context<'a> = [String];

    fn caption(&self, names: &[String]) -> String {
        let node = |v: &usize| {
            names
                .get(*v)
                .cloned()
                .unwrap_or_else(|| format!("node {v}"))
        };
        match self {
            DivStep::Sorted { order } => format!("Sorted the workers by link cost g (ties by index): the master serves {}.", list(order)),
            DivStep::Rated { worker, rate, start, end } => format!(
                "{} gets a = {} of the load per unit of makespan: it receives on [{}, {}) of the unit axis and computes until 1.",
                w(*worker), frac(rate), approx(start), approx(end)
            ),
            DivStep::MasterRated { rate } => format!("The master computes too, at rate 1/w0 = {}, during the whole makespan.", frac(rate)),
            DivStep::Scaled { rho, makespan } => format!(
                "ρ = Σ a = {} units per time unit, so T_f = W_total/ρ = {}; the axis is rescaled and every load multiplied by T_f.",
                frac(rho), opt(Some(makespan))
            ),
            DivStep::SortedEf(e) => if e.valid {
                format!("EF on all workers by g ({}): T_f = {}, every load ≥ 0.", list(&e.order), opt(Some(&e.makespan)))
            } else {
                let bad: Vec<usize> = e.order.iter().zip(&e.alpha).filter(|(_, a)| a.is_negative()).map(|(&i, _)| i).collect();
                format!("EF on all workers by g ({}) is invalid: latencies too large for this load ({} would get a negative load).", list(&e.order), list(&bad))
            },
            DivStep::Tried(t) => format!(
                "EF on ({}): {}{}.",
                list(&t.order),
                opt(t.makespan.as_ref()),
                if t.best { " — the best so far" } else { "" }
            ),
            DivStep::Improved { order, makespan, visited } => format!(
                "After {visited} prefixes, ({}) is the best so far with T_f = {}.",
                list(order), opt(Some(makespan))
            ),
            DivStep::Searched { visited, pruned, complete } => if *complete {
                format!("The search examined {visited} prefixes and cut {pruned} subtrees by its bounds: the best is optimal.")
            } else {
                format!("The search stopped at its work budget after {visited} prefixes: the best found is not proven optimal.")
            },
            DivStep::Removed { node: v } => format!("{} has no CPU and no child: it is removed and gets no load.", node(v)),
            DivStep::Collapsed { node: v, children, rho, w_eq, .. } => {
                let kids: Vec<String> = children.iter().map(node).collect();
                format!(
                    "Collapsed {} with its children ({}) into one processor: ρ = {}, w_eq = {}.",
                    node(v), if kids.is_empty() { "none".to_owned() } else { kids.join(", ") }, frac(rho), frac(w_eq)
                )
            }
            DivStep::Expanded { node: v, ready, own, subtree } => format!(
                "{} holds its {} units at t = {}: it computes {} itself and forwards the rest to its children.",
                node(v), frac(subtree), frac(ready), frac(own)
            ),
            DivStep::Recurred { j, a, b } => format!("Chunk {j}: γ_{j} = {}·γ_0 + {}.", frac(a), frac(b)),
            DivStep::Chunked { gamma0, chunks } => format!(
                "The load fixes γ_0 = {}; the {} chunks follow.", frac(gamma0), chunks.len()
            ),
            DivStep::Evaluated { m, obj } => match obj {
                Some(o) => format!("With M = {m} rounds, Obj = {}.", opt(Some(o))),
                None => format!("With M = {m} rounds some chunk would not be positive: infeasible."),
            },
            DivStep::Chose { m, alpha } => format!("M* = {m} rounds minimise Obj; chunks grow from {} to {}.",
                alpha.first().map_or_else(String::new, approx), alpha.last().map_or_else(String::new, approx)),
            DivStep::Equalised { finish, .. } => format!(
                "The last round is redistributed so that every worker finishes at F ≈ {}.", approx(finish)
            ),
            DivStep::Selected { order, q, rho_opt, .. } => format!(
                "By link cost ({}), the first {q} workers saturate their CPU and the next one the link: ρ_opt = {}.",
                list(order), frac(rho_opt)
            ),
            DivStep::Sized { latency, period, k, small_load } => format!(
                "L = {}, period T_p ≈ {}{}; {k} periods.",
                frac(latency), approx(period),
                if *small_load { " (raised to 2L: load too small, the guarantee does not apply)" } else { "" }
            ),
            DivStep::Drew { part, index, blocks } => format!("Drew {} blocks of {part} {}.", blocks.len(), index + 1),
            DivStep::Finished { makespan, order, alpha_master: None, .. } if order.is_empty() => {
                if makespan.is_zero() {
                    "Done: nothing to send (W_total = 0).".to_owned()
                } else {
                    format!("Done: invalid, no schedule: EF's makespan {} needs a negative load.", opt(Some(makespan)))
                }
            }
            DivStep::Finished { makespan, order, .. } => format!(
                "Done: makespan {}, served in the order {}.", opt(Some(makespan)), named(order, names)
            ),
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            DivStep::Sorted { .. } | DivStep::SortedEf(_) => ("sort", 0),
            DivStep::Rated { .. } | DivStep::MasterRated { .. } => ("rates", 1),
            DivStep::Scaled { .. } => ("scale", 2),
            DivStep::Tried(_) | DivStep::Improved { .. } | DivStep::Searched { .. } => {
                ("search", 3)
            }
            DivStep::Removed { .. } | DivStep::Collapsed { .. } => ("collapse", 4),
            DivStep::Expanded { .. } => ("expand", 5),
            DivStep::Recurred { .. } => ("recursion", 6),
            DivStep::Chunked { .. } => ("chunks", 7),
            DivStep::Evaluated { .. } | DivStep::Chose { .. } => ("rounds", 8),
            DivStep::Equalised { .. } => ("equalise", 9),
            DivStep::Selected { .. } => ("select", 10),
            DivStep::Sized { .. } => ("period", 11),
            DivStep::Drew { .. } | DivStep::Finished { .. } => ("gantt", 12),
        };
        Phase { name, line }
    }
}
