//! The events of chains.md §10, in the past tense, with their English captions and phases.
//! Processor numbers `p` in steps are 1-based as in the spec (processor `p` holds tasks
//! `s[p−1]+1 ..= s[p]`); separator vectors are `[s_0, …, s_P]`.

use serde::Serialize;

use crate::rational::Q;

/// Direction of a probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub enum Dir {
    /// LR-PROBE, greedy from the left (§3.4).
    #[serde(rename = "LR")]
    Lr,
    /// RL-PROBE, greedy from the right (§3.5).
    #[serde(rename = "RL")]
    Rl,
}

/// Why a bound changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Initial bounds: `B*` and a closed-form upper bound.
    Initial,
    /// The heuristics' values bound the optimum (DP+).
    Heuristics,
    /// A probe succeeded.
    ProbeOk,
    /// A probe failed.
    ProbeFail,
}

/// What NICOL+ did at one step of its binary search (§6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Probed, feasible.
    ProbeOk,
    /// Probed, infeasible.
    ProbeFail,
    /// Known feasible (`B ≥ UB`), no probe.
    SkipHigh,
    /// Known infeasible (`B < LB`), no probe.
    SkipLow,
}

/// One event of a chain-partitioning run (chains.md §10).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum ChainStep {
    /// The staircase of prefix sums was built up to task `i`.
    Prefix {
        /// Last task included.
        i: usize,
        /// `W[i]`.
        #[serde(rename = "W_i")]
        w_i: u64,
    },
    /// A probe started with bottleneck value `b`.
    ProbeStart {
        /// Direction.
        dir: Dir,
        /// The value probed.
        #[serde(rename = "B", serialize_with = "crate::rational::exact")]
        b: Q,
    },
    /// One step of a probe's binary search over `W[lo..=hi]` (small instances only).
    ProbeStep {
        /// The processor being filled.
        p: usize,
        /// `B·e_p`.
        #[serde(serialize_with = "crate::rational::exact")]
        capacity: Q,
        /// The prefix sum searched for.
        #[serde(serialize_with = "crate::rational::exact")]
        target: Q,
        /// Search range.
        lo: usize,
        /// Search range.
        hi: usize,
        /// Index compared.
        mid: usize,
    },
    /// A probe placed separator `s_p`.
    ProbeSep {
        /// Separator index.
        p: usize,
        /// Its value.
        s_p: usize,
    },
    /// A probe ended.
    ProbeEnd {
        /// Direction.
        dir: Dir,
        /// Every task fits within the value.
        success: bool,
        /// The separators (omitted past the trace's size budget).
        #[serde(rename = "s")]
        seps: Option<Vec<usize>>,
        /// Load of the processor that takes the rest (`P_P` for LR, `P_1` for RL).
        #[serde(serialize_with = "crate::rational::exact")]
        last_load: Q,
    },
    /// The interval `[LB, UB]` known to hold the optimum changed.
    Bounds {
        /// Lower bound.
        #[serde(rename = "LB", serialize_with = "crate::rational::exact")]
        lb: Q,
        /// Upper bound.
        #[serde(rename = "UB", serialize_with = "crate::rational::exact")]
        ub: Q,
        /// Why.
        reason: Reason,
    },
    /// RB split processors `p..=r` after `q`, placing `s_q` closest to `target`.
    RbSplit {
        /// First processor.
        p: usize,
        /// Last processor of the left half.
        q: usize,
        /// Last processor.
        r: usize,
        /// Ideal prefix sum at the cut.
        #[serde(serialize_with = "crate::rational::exact")]
        target: Q,
        /// The separator placed.
        s_q: usize,
        /// The node's first task boundary `s_{p−1}` (it holds tasks `start+1..=end`).
        start: usize,
        /// The node's last task `s_r`.
        end: usize,
        /// Load of the left half, `W(start..s_q)/E(p..q)` (work per unit of speed).
        #[serde(serialize_with = "crate::rational::exact")]
        left_load: Q,
        /// Load of the right half, `W(s_q..end)/E(q+1..r)`.
        #[serde(serialize_with = "crate::rational::exact")]
        right_load: Q,
    },
    /// MP placed `s_p` closest to its ideal prefix.
    MpSep {
        /// Separator index.
        p: usize,
        /// `W_tot·E(1..p)/E_tot`.
        #[serde(serialize_with = "crate::rational::exact")]
        target: Q,
        /// The separator placed.
        s_p: usize,
    },
    /// DP+ restricted row `p` to separators `SL_p..=SH_p`.
    DpBand {
        /// Row.
        p: usize,
        /// Lowest separator.
        #[serde(rename = "SL_p")]
        sl: usize,
        /// Highest separator.
        #[serde(rename = "SH_p")]
        sh: usize,
    },
    /// A DP cell `B[p][i]` was filled, with its best previous separator `j`.
    DpCell {
        /// Row (processors).
        p: usize,
        /// Column (tasks).
        i: usize,
        /// Separator `s_{p−1}` achieving the value.
        j: usize,
        /// `B[p][i]`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
    },
    /// A whole DP row was filled (tables too large to show cell by cell).
    DpRow {
        /// Row.
        p: usize,
        /// Its last computed value.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
    },
    /// NICOL / NICOL+ examined end index `imid` for processor `b`.
    NicolStep {
        /// Processor.
        b: usize,
        /// End index examined.
        imid: usize,
        /// `W(start..imid)/e_b`.
        #[serde(rename = "B", serialize_with = "crate::rational::exact")]
        value: Q,
        /// What happened.
        action: Action,
    },
    /// NICOL recorded processor `b`'s candidate.
    NicolCand {
        /// Processor.
        b: usize,
        /// The candidate.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
    },
    /// One BIDDING round at value `b`.
    BidRound {
        /// Current value.
        #[serde(rename = "B", serialize_with = "crate::rational::exact")]
        b: Q,
        /// Current separators (omitted past the budget).
        #[serde(rename = "s")]
        seps: Option<Vec<usize>>,
        /// Bids of `P_1..P_{P−1}` (`null` = +∞; omitted past the budget).
        #[serde(serialize_with = "crate::rational::exact")]
        bids: Option<Vec<Option<Q>>>,
        /// Load of the last processor.
        #[serde(serialize_with = "crate::rational::exact")]
        wlast: Q,
        /// Processor whose bid becomes the new value (`None` when the round ends the run).
        chosen_p: Option<usize>,
    },
    /// One bisection step.
    BisStep {
        /// Bounds before the step.
        #[serde(rename = "LB", serialize_with = "crate::rational::exact")]
        lb: Q,
        /// Bounds before the step.
        #[serde(rename = "UB", serialize_with = "crate::rational::exact")]
        ub: Q,
        /// Value probed.
        #[serde(serialize_with = "crate::rational::exact")]
        mid: Q,
        /// The probe succeeded.
        success: bool,
        /// The probe's separators (omitted past the budget).
        #[serde(rename = "s")]
        seps: Option<Vec<usize>>,
        /// The new UB (success) or LB (failure).
        #[serde(serialize_with = "crate::rational::exact")]
        new_bound: Q,
    },
    /// CP solved one processor order (`k`-th, 0-based).
    CpOrder {
        /// Index of the order.
        k: usize,
        /// Processor indices (0-based, input order) in chain order (omitted past the budget).
        order: Option<Vec<usize>>,
        /// CCP optimum on that order.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// It is the best so far.
        best: bool,
    },
    /// The final partition.
    Result {
        /// The bottleneck.
        #[serde(rename = "B_opt", serialize_with = "crate::rational::exact")]
        b: Q,
        /// Its separators.
        #[serde(rename = "s")]
        seps: Vec<usize>,
        /// Processor order for CP (0-based input indices), `None` for CCP.
        order: Option<Vec<usize>>,
        /// Loads, one per part.
        #[serde(serialize_with = "crate::rational::exact")]
        loads: Vec<Q>,
        /// Percent imbalance.
        imbalance: f64,
    },
}

/// The family's pseudocode; [`crate::trace::Phase::line`] indexes it.
pub const PSEUDOCODE: &[&str] = &[
    "W[i] := w_1 + … + w_i   (prefix sums)",
    "LR-PROBE(B): for p < P: s_p := LE(W[s_{p−1}] + B·e_p);  success ⇔ W_tot − W[s_{P−1}] ≤ B·e_P",
    "bounds: B* = W_tot/E_tot ≤ B_opt ≤ UB",
    "RB(p, r): q := ⌊(p+r−1)/2⌋;  s_q := CLOSEST(W[s_{p−1}] + W(p..r)·E(p..q)/E(p..r));  recurse",
    "MP: s_p := CLOSEST(W_tot·E(1..p)/E_tot)",
    "DP: B[p][i] := min_j max(B[p−1][j], W(j+1..i)/e_p)   (DP+: only SL_p ≤ i ≤ SH_p)",
    "NICOL: for b < P: binary-search the least end making P_b the bottleneck; record candidate",
    "BIDDING: B := min bid while the last load exceeds B; refill from p*",
    "BISECTION: mid := (LB+UB)/2; probe; ok → UB := B(s); fail → LB := min(bids, last load)",
    "CP: solve CCP for each processor order; keep the best",
    "result: s := LR-PROBE(B_opt).s",
];
