//! The English captions and phases of [`ChainStep`] (guide.md §2): one sentence per step, in
//! the past tense, with fractions shown exactly (and approximately when not integers).

use super::step::{Action, ChainStep, Dir, Reason};
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

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
                seps: s,
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

impl ChainStep {
    /// Captions of NICOL, BIDDING, the bisections, CP and the result.
    fn search_caption(&self) -> String {
        match self {
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
            ChainStep::Result { b, seps: s, imbalance, .. } => format!(
                "Bottleneck {}{}: {imbalance:.4} % above the ideal.",
                show(b),
                seps(Some(s))
            ),
            _ => String::new(),
        }
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
            ChainStep::RbSplit { p, q, r, target, s_q, start, end, left_load, right_load } => format!(
                "Split P{p}..P{r} (tasks {}..{end}) after P{q}: the left half's share of the work ends near {}, so s_{q} = {s_q}; per unit of speed the left half carries {}, the right half {}.",
                start + 1,
                show(target),
                show(left_load),
                show(right_load)
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
            _ => self.search_caption(),
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
