//! The steps of the ring algorithms (ring.md §11), with their English captions and the
//! pseudocode lines they highlight. Processors are `P0..` as in the spec.

use serde::Serialize;

use super::model::RingEval;
use super::SizeBest;
use crate::rational::{approx, Q};
use crate::trace::{Phase, Step};

/// The two lines of the homogeneous panel (§11) and where they cross.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Lines {
    /// `w_min` (slope of `T/H` against `W/H` for the fastest alone).
    #[serde(serialize_with = "crate::rational::exact")]
    pub w_min: Q,
    /// `w_cumul = 1/Σ 1/w_i` (slope for all processors).
    #[serde(serialize_with = "crate::rational::exact")]
    pub w_cumul: Q,
    /// The common link cost `c`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub c: Q,
    /// `2c/(w_min − w_cumul)` (`None` with one processor).
    #[serde(serialize_with = "crate::rational::exact")]
    pub threshold: Option<Q>,
}

/// One event of a ring algorithm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum RingStep {
    /// A ring was valued with the water filling of §2 (`ring_eval`); `last` marks the final
    /// ring of the run.
    Evaluated {
        /// The evaluation.
        eval: RingEval,
        /// This is the returned ring.
        last: bool,
    },
    /// The greedy started from a processor alone (`T = W·w`).
    GreedyStarted {
        /// The start.
        start: usize,
        /// `W·w_start`.
        #[serde(serialize_with = "crate::rational::exact")]
        t: Q,
    },
    /// The greedy valued inserting `i` after ring position `k` (`greedy_try`).
    GreedyTried {
        /// The processor.
        i: usize,
        /// The ring position it follows.
        k: usize,
        /// `T` of the enlarged ring.
        #[serde(serialize_with = "crate::rational::exact")]
        t: Q,
    },
    /// The greedy inserted the best candidate (`greedy_pick`).
    GreedyPicked {
        /// The processor.
        i: usize,
        /// The ring position it follows.
        k: usize,
        /// The ring after the insertion.
        ring: Vec<usize>,
        /// Its `T`.
        #[serde(serialize_with = "crate::rational::exact")]
        t: Q,
    },
    /// The greedy's best ring over its history (`greedy_result`).
    GreedyResult {
        /// Its size.
        q: usize,
        /// The ring.
        ring: Vec<usize>,
        /// Its `T`.
        #[serde(serialize_with = "crate::rational::exact")]
        t: Q,
    },
    /// A nearest-neighbour tour was built (`nn_tour`).
    NearestNeighbour {
        /// The start.
        start: usize,
        /// The tour.
        tour: Vec<usize>,
        /// Its length.
        #[serde(serialize_with = "crate::rational::exact")]
        l: Q,
    },
    /// A 2-opt move reversed `t_{i+1..j}` (`two_opt`).
    TwoOpt {
        /// First position.
        i: usize,
        /// Second position.
        j: usize,
        /// Change of length (negative).
        #[serde(serialize_with = "crate::rational::exact")]
        delta: Q,
        /// New length.
        #[serde(serialize_with = "crate::rational::exact")]
        l: Q,
        /// The tour after the move.
        tour: Vec<usize>,
    },
    /// An Or-opt move (`or_opt`).
    OrOpt {
        /// Segment length.
        g: usize,
        /// Segment start position in the old tour.
        from: usize,
        /// Position in the rest of the tour after which it was inserted.
        to: usize,
        /// Inserted reversed.
        reversed: bool,
        /// Change of length (negative).
        #[serde(serialize_with = "crate::rational::exact")]
        delta: Q,
        /// New length.
        #[serde(serialize_with = "crate::rational::exact")]
        l: Q,
        /// The tour after the move.
        tour: Vec<usize>,
    },
    /// The shortest tour over all starts (`tsp_best`).
    TspBest {
        /// The tour (canonical).
        tour: Vec<usize>,
        /// Its length.
        #[serde(serialize_with = "crate::rational::exact")]
        l: Q,
    },
    /// Progress of the exhaustive search (`exh_progress`, throttled).
    SearchProgress {
        /// Current size.
        q: usize,
        /// Rings valued so far.
        rings_done: u64,
        /// Best `T` of size `q` so far.
        #[serde(serialize_with = "crate::rational::exact")]
        best_t: Q,
        /// Its ring.
        best_ring: Vec<usize>,
    },
    /// The exhaustive search finished a size: its best ring.
    SizeBest {
        /// The best ring of that size.
        best: SizeBest,
        /// Rings valued so far.
        rings_done: u64,
    },
    /// The Held–Karp table over all subsets was filled.
    HeldKarpTable {
        /// Number of subsets.
        subsets: u64,
    },
    /// Held–Karp valued every subset of one size (`hk_layer`).
    HeldKarpLayer {
        /// Subset size.
        size: usize,
        /// Subsets valued so far.
        subsets_done: u64,
        /// Best `T(tour*(S))` of this size.
        #[serde(serialize_with = "crate::rational::exact")]
        ub: Q,
        /// Its ring.
        ub_ring: Vec<usize>,
        /// Least `(W + H·L*(S))/inv(S)` of this size.
        #[serde(serialize_with = "crate::rational::exact")]
        lb: Q,
    },
    /// The Held–Karp bounds were compared.
    Certified {
        /// Lower bound.
        #[serde(serialize_with = "crate::rational::exact")]
        lb: Q,
        /// Upper bound.
        #[serde(serialize_with = "crate::rational::exact")]
        ub: Q,
        /// `LB = UB`.
        certified: bool,
    },
    /// The homogeneous closed form compared its two candidates.
    Homogeneous {
        /// The two lines.
        lines: Lines,
        /// `W·w_min`.
        #[serde(serialize_with = "crate::rational::exact")]
        alone: Q,
        /// `W·w_cumul + 2·H·c`.
        #[serde(serialize_with = "crate::rational::exact")]
        all: Q,
    },
}

/// Pseudocode of the family; [`Phase::line`] indexes it.
pub const PSEUDOCODE: &[&str] = &[
    "T(σ): comm_i := c[i][pred] + c[i][succ];  T_closed := (W + H·Σ comm_i/w_i) / Σ 1/w_i",
    "      T := max(T_closed, H·max comm);  α_i := max(0, ℓ − H·comm_i)/(W·w_i)  (water level ℓ)",
    "greedy: ring := (fastest);  while some processor is out:",
    "      try every processor i at every position k; keep the smallest T (first on ties)",
    "      insert it;  result := the best ring of the history",
    "tsp: d_ij := c_ij/w_i + c_ji/w_j;  for each start: nearest-neighbour tour",
    "      repeat 2-opt and Or-opt passes until no move;  keep the shortest tour",
    "exhaustive: for q = 2..p, every subset, every ring (reflections skipped): keep the least T",
    "held-karp: f(S, j) := min_i f(S∖j, i) + d[i][j];  L*(S) := min_j f(S, j) + d[j][root]",
    "      UB := min_S T(tour*(S));  LB := min_S (W + H·L*(S))/inv(S);  certified iff LB = UB",
    "homogeneous: T := min(W·w_min, W·w_cumul + 2·H·c)",
];

fn ring_text(ring: &[usize]) -> String {
    let v: Vec<String> = ring.iter().map(|i| format!("P{i}")).collect();
    format!("({})", v.join(", "))
}

fn evaluated_caption(e: &RingEval, last: bool) -> String {
    let head = if last { "The result" } else { "Valued" };
    if e.ring.len() == 1 {
        return format!(
            "{head}: {} alone computes everything, T = W·w = {}.",
            ring_text(&e.ring),
            approx(&e.t)
        );
    }
    let why = if e.communication_bound {
        format!(
            "communication-bound: H·max comm = {} exceeds T_closed = {}, so the slowest link sets T and the water level is {}",
            approx(&e.m),
            approx(&e.t_closed),
            approx(&e.level)
        )
    } else {
        format!(
            "every member ends at T_closed = (W + H·L)/inv with L = {}",
            approx(&e.l)
        )
    };
    format!(
        "{head}: ring {} of {} processors, T = {}; {why}.",
        ring_text(&e.ring),
        e.ring.len(),
        approx(&e.t)
    )
}

impl Step for RingStep {
    type Context<'a> = ();

    fn caption(&self, (): &()) -> String {
        match self {
            RingStep::Evaluated { eval, last } => evaluated_caption(eval, *last),
            RingStep::GreedyStarted { start, t } => format!(
                "Started the greedy from the fastest processor P{start} alone: T = {}.",
                approx(t)
            ),
            RingStep::GreedyTried { i, k, t } => format!(
                "Tried P{i} after ring position {k}: T would be {}.",
                approx(t)
            ),
            RingStep::GreedyPicked { i, k, ring, t } => format!(
                "Inserted P{i} after position {k}, the best candidate: ring {} of {} processors, T = {}.",
                ring_text(ring),
                ring.len(),
                approx(t)
            ),
            RingStep::GreedyResult { q, ring, t } => format!(
                "The greedy's best ring has {q} processors: {}, T = {}.",
                ring_text(ring),
                approx(t)
            ),
            RingStep::NearestNeighbour { start, tour, l } => format!(
                "Built the nearest-neighbour tour from P{start}: {}, L = {}.",
                ring_text(tour),
                approx(l)
            ),
            RingStep::TwoOpt { i, j, delta, l, .. } => format!(
                "2-opt: reversed positions {}..{j}, the tour shrinks by {} to L = {}.",
                i + 1,
                approx(&-delta.clone()),
                approx(l)
            ),
            RingStep::OrOpt { g, from, to, reversed, delta, l, .. } => format!(
                "Or-opt: moved the {g} processor(s) at position {from}{} after position {to} of the rest, the tour shrinks by {} to L = {}.",
                if *reversed { ", reversed," } else { "" },
                approx(&-delta.clone()),
                approx(l)
            ),
            RingStep::TspBest { tour, l } => format!(
                "The shortest tour over all starts: {}, L = {}.",
                ring_text(tour),
                approx(l)
            ),
            RingStep::SearchProgress { q, rings_done, best_t, best_ring } => format!(
                "{rings_done} rings valued; the best of size {q} so far is {}, T = {}.",
                ring_text(best_ring),
                approx(best_t)
            ),
            RingStep::SizeBest { best, rings_done } => format!(
                "Best ring of size {}: {}, T = {} ({rings_done} rings valued so far).",
                best.q,
                ring_text(&best.ring),
                approx(&best.t)
            ),
            RingStep::HeldKarpTable { subsets } => format!(
                "Filled the Held–Karp table: the shortest d-tour of each of the {subsets} subsets."
            ),
            RingStep::HeldKarpLayer { size, ub, ub_ring, lb, .. } => format!(
                "Subsets of size {size}: the best tour ring {} gives T = {}; no ring of this size does better than {}.",
                ring_text(ub_ring),
                approx(ub),
                approx(lb)
            ),
            RingStep::Certified { lb, ub, certified } => if *certified {
                format!("The lower bound equals the upper bound, {}: the ring is optimal.", approx(ub))
            } else {
                format!(
                    "Bounds only: LB = {} < UB = {}; the ring is not certified optimal.",
                    approx(lb),
                    approx(ub)
                )
            },
            RingStep::Homogeneous { alone, all, .. } => format!(
                "Homogeneous links: the fastest alone takes W·w_min = {}, all processors W·w_cumul + 2Hc = {}; the smaller wins.",
                approx(alone),
                approx(all)
            ),
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            RingStep::Evaluated { .. } => ("evaluate", 1),
            RingStep::GreedyStarted { .. } => ("greedy", 2),
            RingStep::GreedyTried { .. } => ("greedy", 3),
            RingStep::GreedyPicked { .. } | RingStep::GreedyResult { .. } => ("greedy", 4),
            RingStep::NearestNeighbour { .. } => ("tour", 5),
            RingStep::TwoOpt { .. } | RingStep::OrOpt { .. } | RingStep::TspBest { .. } => {
                ("local search", 6)
            }
            RingStep::SearchProgress { .. } | RingStep::SizeBest { .. } => ("search", 7),
            RingStep::HeldKarpTable { .. } => ("held-karp", 8),
            RingStep::HeldKarpLayer { .. } | RingStep::Certified { .. } => ("bounds", 9),
            RingStep::Homogeneous { .. } => ("closed form", 10),
        };
        Phase { name, line }
    }
}
