//! The events of chains.md §10, in the past tense, with their English captions and phases.
//! Processor numbers `p` in steps are 1-based as in the spec (processor `p` holds tasks
//! `s[p−1]+1 ..= s[p]`); separator vectors are `[s_0, …, s_P]`.

use serde::Serialize;

use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

/// Direction of a probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Dir {
    /// LR-PROBE, greedy from the left (§3.4).
    #[serde(rename = "LR")]
    Lr,
    /// RL-PROBE, greedy from the right (§3.5).
    #[serde(rename = "RL")]
    Rl,
}

/// Why a bound changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
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
        s: Option<Vec<usize>>,
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
        s: Option<Vec<usize>>,
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
        s: Option<Vec<usize>>,
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
        s: Vec<usize>,
        /// Processor order for CP (0-based input indices), `None` for CCP.
        order: Option<Vec<usize>>,
        /// Loads, one per part.
        #[serde(serialize_with = "crate::rational::exact")]
        loads: Vec<Q>,
        /// Percent imbalance.
        imbalance: f64,
    },
}

/// The family's pseudocode; [`Phase::line`] indexes it.
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

fn ph(name: &'static str, line: usize) -> Phase {
    Phase { name, line }
}

fn show(v: &Q) -> String {
    if v.is_integer() {
        frac(v)
    } else {
        format!("{} ≈ {}", frac(v), approx(v))
    }
}

fn seps(s: Option<&Vec<usize>>) -> String {
    s.map_or_else(String::new, |s| {
        let v: Vec<String> = s.iter().map(ToString::to_string).collect();
        format!(" s = [{}]", v.join(", "))
    })
}

impl ChainStep {
    fn probe_caption(&self) -> Option<String> {
        Some(match self {
            ChainStep::ProbeStart { dir, b } => {
                format!("Started a {} probe with B = {}.", dir_name(*dir), show(b))
            }
            ChainStep::ProbeStep {
                p,
                capacity,
                target,
                lo,
                hi,
                mid,
            } => format!(
                "P{p} can take {} more: looking in W[{lo}..{hi}] for the last prefix ≤ {}, compared W[{mid}].",
                show(capacity),
                show(target)
            ),
            ChainStep::ProbeSep { p, s_p } => format!("Placed separator s_{p} = {s_p}."),
            ChainStep::ProbeEnd {
                dir,
                success,
                s,
                last_load,
            } => {
                let who = if *dir == Dir::Lr { "last" } else { "first" };
                let verdict = if *success { "succeeded" } else { "failed" };
                format!(
                    "The {} probe {verdict}:{} and the {who} processor's load is {}.",
                    dir_name(*dir),
                    seps(s.as_ref()),
                    show(last_load)
                )
            }
            _ => return None,
        })
    }
}

fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::Lr => "left-to-right",
        Dir::Rl => "right-to-left",
    }
}

fn action_text(a: Action) -> &'static str {
    match a {
        Action::ProbeOk => "probed: feasible",
        Action::ProbeFail => "probed: infeasible",
        Action::SkipHigh => "no probe needed, it is at least UB (feasible)",
        Action::SkipLow => "no probe needed, it is below LB (infeasible)",
    }
}

impl Step for ChainStep {
    type Context<'a> = ();

    fn caption(&self, (): &()) -> String {
        if let Some(c) = self.probe_caption() {
            return c;
        }
        match self {
            ChainStep::Prefix { i, w_i } => format!("Prefix sums built up to task {i}: W[{i}] = {w_i}."),
            ChainStep::Bounds { lb, ub, reason } => {
                let why = match reason {
                    Reason::Initial => "initial bounds",
                    Reason::Heuristics => "B* and the best heuristic",
                    Reason::ProbeOk => "a probe succeeded",
                    Reason::ProbeFail => "a probe failed",
                };
                format!("The optimum lies in [{}, {}] ({why}).", show(lb), show(ub))
            }
            ChainStep::RbSplit { p, q, r, target, s_q } => format!(
                "Split P{p}..P{r} after P{q}: the left half's share of the work ends near {}, so s_{q} = {s_q}.",
                show(target)
            ),
            ChainStep::MpSep { p, target, s_p } => format!(
                "P1..P{p} should hold {} by speed: placed s_{p} = {s_p}, the closest prefix.",
                show(target)
            ),
            ChainStep::DpBand { p, sl, sh } => {
                format!("Row {p} of the table only needs separators {sl}..{sh}.")
            }
            ChainStep::DpCell { p, i, j, value } => format!(
                "B[{p}][{i}] = {}: the first {i} tasks on P1..P{p}, with P{p} taking tasks {}..{i}.",
                show(value),
                j + 1
            ),
            ChainStep::DpRow { p, value } => format!("Filled row {p} of the table (last value {}).", show(value)),
            ChainStep::NicolStep { b, imid, value, action } => format!(
                "P{b} ending at task {imid} would carry {}: {}.",
                show(value),
                action_text(*action)
            ),
            ChainStep::NicolCand { b, value } => format!("Candidate of P{b}: {}.", show(value)),
            ChainStep::BidRound { b, wlast, chosen_p, .. } => match chosen_p {
                Some(p) => format!(
                    "At B = {} the last processor still carries {}; the cheapest bid is P{p}'s, so B rises to it.",
                    show(b),
                    show(wlast)
                ),
                None => format!("At B = {} the last processor carries {}: done.", show(b), show(wlast)),
            },
            ChainStep::BisStep { mid, success, new_bound, .. } => {
                if *success {
                    format!(
                        "Probed the midpoint {}: feasible; UB drops to that partition's bottleneck {}.",
                        show(mid),
                        show(new_bound)
                    )
                } else {
                    format!(
                        "Probed the midpoint {}: infeasible; LB rises to the least value that changes the partition, {}.",
                        show(mid),
                        show(new_bound)
                    )
                }
            }
            ChainStep::CpOrder { k, value, best, .. } => {
                let tag = if *best { " (best so far)" } else { "" };
                format!("Processor order {}: optimum {}{tag}.", k + 1, show(value))
            }
            ChainStep::Result { b, s, imbalance, .. } => format!(
                "Bottleneck {}{}: {imbalance:.4} % above the ideal.",
                show(b),
                seps(Some(s))
            ),
            _ => String::new(),
        }
    }

    fn phase(&self) -> Phase {
        match self {
            ChainStep::Prefix { .. } => ph("prefix", 0),
            ChainStep::ProbeStart { .. }
            | ChainStep::ProbeStep { .. }
            | ChainStep::ProbeSep { .. }
            | ChainStep::ProbeEnd { .. } => ph("probe", 1),
            ChainStep::Bounds { .. } => ph("bounds", 2),
            ChainStep::RbSplit { .. } => ph("rb", 3),
            ChainStep::MpSep { .. } => ph("mp", 4),
            ChainStep::DpBand { .. } | ChainStep::DpCell { .. } | ChainStep::DpRow { .. } => {
                ph("dp", 5)
            }
            ChainStep::NicolStep { .. } | ChainStep::NicolCand { .. } => ph("nicol", 6),
            ChainStep::BidRound { .. } => ph("bidding", 7),
            ChainStep::BisStep { .. } => ph("bisection", 8),
            ChainStep::CpOrder { .. } => ph("cp", 9),
            ChainStep::Result { .. } => ph("result", 10),
        }
    }
}
