//! The `divisible` instance (divisible-load.md §1, formats.md §3.1): a variant, the load
//! `W_total`, and either a star's workers (`g`, `w`, optional latencies `G`, `W`, an optional
//! computing master `w0`, `rounds` for multi-installment) or a tree's nodes
//! (`{"id", "parent", "g", "w"}`, the root without `parent` and `g`; a node without `w`, or with
//! `"inf"`, has no CPU and only forwards).

use std::collections::HashMap;

use num_traits::{ToPrimitive, Zero};
use serde::Deserialize;

pub use super::model::{
    Divisible, TreeNode, Variant, Worker, MAX_CHUNKS, MAX_ROUNDS, MAX_TREE_NODES, MAX_WORKERS,
};
use crate::issue::{Issue, Issues};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::platform::NodeId;
use crate::rational::{parse_cost, Cost, Q};

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDivisible {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    variant: Option<String>,
    #[serde(rename = "W_total")]
    w_total: Option<RawNum>,
    #[serde(default)]
    workers: Option<Vec<RawWorker>>,
    #[serde(default)]
    w0: Option<RawNum>,
    #[serde(default)]
    nodes: Option<Vec<RawNode>>,
    #[serde(default)]
    rounds: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWorker {
    g: Option<RawNum>,
    w: Option<RawNum>,
    #[serde(rename = "G", default)]
    big_g: Option<RawNum>,
    #[serde(rename = "W", default)]
    big_w: Option<RawNum>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNode {
    id: NodeId,
    #[serde(default)]
    parent: Option<NodeId>,
    #[serde(default)]
    g: Option<RawNum>,
    #[serde(default)]
    w: Option<RawNum>,
}

/// Reads a required number at `path`.
fn required(raw: Option<&RawNum>, path: &str, rule: Rule, issues: &mut Vec<Issue>) -> Option<Q> {
    if let Some(r) = raw {
        read_q(r, path, rule, issues)
    } else {
        issues.push(Issue::new(path, "missing"));
        None
    }
}

impl RawDivisible {
    pub(super) fn validate(self) -> Result<Divisible, Issues> {
        let mut issues = Vec::new();
        let variant = match self.variant.as_deref() {
            None => {
                issues.push(Issue::new(
                    "variant",
                    "missing: one of star-linear, star-affine, tree-linear, multi-installment, umr, periodic",
                ));
                None
            }
            Some(name) => {
                let v = Variant::from_name(name);
                if v.is_none() {
                    let short: String = name.chars().take(40).collect();
                    issues.push(Issue::new(
                        "variant",
                        format!("unknown variant {short:?} (known: star-linear, star-affine, tree-linear, multi-installment, umr, periodic)"),
                    ));
                }
                v
            }
        };
        let w_total = required(
            self.w_total.as_ref(),
            "W_total",
            Rule::NON_NEGATIVE,
            &mut issues,
        );
        let Some(variant) = variant else {
            return Err(Issues(issues));
        };
        let w0 = self.read_w0(variant, &mut issues);
        let rounds = self.read_rounds(variant, &mut issues);
        let (workers, nodes) = if variant == Variant::TreeLinear {
            if self.workers.is_some() {
                issues.push(Issue::new(
                    "workers",
                    "a tree is given by \"nodes\", not \"workers\"",
                ));
            }
            (Vec::new(), read_nodes(self.nodes.as_deref(), &mut issues))
        } else {
            if self.nodes.is_some() {
                issues.push(Issue::new(
                    "nodes",
                    format!(
                        "only the tree-linear variant has nodes; {} takes \"workers\"",
                        variant.name()
                    ),
                ));
            }
            let w = read_workers(variant, self.workers.as_deref(), w0.is_some(), &mut issues);
            (w, Vec::new())
        };
        if let (Some(m), true) = (rounds, variant.homogeneous()) {
            if m.saturating_mul(workers.len()) > MAX_CHUNKS {
                issues.push(Issue::new(
                    "rounds",
                    format!(
                        "{m} rounds × {} workers = {} chunks; at most {MAX_CHUNKS}",
                        workers.len(),
                        m.saturating_mul(workers.len())
                    ),
                ));
            }
        }
        match w_total {
            Some(w_total) if issues.is_empty() => Ok(Divisible {
                variant,
                w_total,
                workers,
                w0,
                nodes,
                rounds,
            }),
            _ => Err(Issues(issues)),
        }
    }

    fn read_w0(&self, variant: Variant, issues: &mut Vec<Issue>) -> Option<Q> {
        let raw = self.w0.as_ref()?;
        if variant != Variant::StarLinear {
            issues.push(Issue::new(
                "w0",
                "only the star-linear variant has a computing master",
            ));
            return None;
        }
        read_q(raw, "w0", Rule::POSITIVE, issues)
    }

    fn read_rounds(&self, variant: Variant, issues: &mut Vec<Issue>) -> Option<usize> {
        match (&self.rounds, variant) {
            (None, Variant::MultiInstallment) => {
                issues.push(Issue::new(
                    "rounds",
                    "missing: the number of rounds M, e.g. 2",
                ));
                None
            }
            (None, _) => None,
            (Some(_), v) if v != Variant::MultiInstallment => {
                issues.push(Issue::new(
                    "rounds",
                    "only the multi-installment variant takes a number of rounds (UMR computes its own)",
                ));
                None
            }
            (Some(v), _) => match v.as_u64().and_then(|n| n.to_usize()) {
                Some(n) if (1..=MAX_ROUNDS).contains(&n) => Some(n),
                _ => {
                    let shown: String = v.to_string().chars().take(40).collect();
                    issues.push(Issue::new(
                        "rounds",
                        format!("must be a whole number between 1 and {MAX_ROUNDS}, got {shown}"),
                    ));
                    None
                }
            },
        }
    }
}

fn read_workers(
    variant: Variant,
    raw: Option<&[RawWorker]>,
    master_computes: bool,
    issues: &mut Vec<Issue>,
) -> Vec<Worker> {
    let Some(raw) = raw else {
        if !master_computes {
            issues.push(Issue::new(
                "workers",
                "missing: the list of workers, each with \"g\" and \"w\"",
            ));
        }
        return Vec::new();
    };
    if raw.is_empty() && !master_computes {
        issues.push(Issue::new(
            "workers",
            "at least one worker is required (or a computing master \"w0\")",
        ));
        return Vec::new();
    }
    if raw.len() > MAX_WORKERS {
        issues.push(Issue::new(
            "workers",
            format!("{} workers; at most {MAX_WORKERS} are supported", raw.len()),
        ));
        return Vec::new();
    }
    let affine = !matches!(variant, Variant::StarLinear);
    let mut out = Vec::new();
    for (k, r) in raw.iter().enumerate() {
        let path = |f: &str| format!("workers[{k}].{f}");
        let g = required(r.g.as_ref(), &path("g"), Rule::NON_NEGATIVE, issues);
        let w = required(r.w.as_ref(), &path("w"), Rule::POSITIVE, issues);
        let mut lat = |raw: Option<&RawNum>, f: &str| match raw {
            None => Some(Q::zero()),
            Some(v) => {
                let got = read_q(v, &path(f), Rule::NON_NEGATIVE, issues)?;
                if !affine && !got.is_zero() {
                    issues.push(Issue::new(
                        path(f),
                        "star-linear has no latencies: use the star-affine variant",
                    ));
                    return None;
                }
                Some(got)
            }
        };
        let big_g = lat(r.big_g.as_ref(), "G");
        let big_w = lat(r.big_w.as_ref(), "W");
        if let (Some(g), Some(w), Some(big_g), Some(big_w)) = (g, w, big_g, big_w) {
            out.push(Worker { g, w, big_g, big_w });
        }
    }
    if variant.homogeneous() && out.len() == raw.len() {
        if let Some(k) = out.iter().position(|w| *w != out[0]) {
            issues.push(Issue::new(
                format!("workers[{k}]"),
                format!(
                    "{} needs identical workers (same g, w, G, W as workers[0])",
                    variant.name()
                ),
            ));
        }
    }
    if variant == Variant::Umr {
        if let Some(w) = out.first().filter(|w| w.g.is_zero()) {
            let _ = w;
            issues.push(Issue::new("workers[0].g", "UMR needs g > 0, got 0"));
        }
    }
    out
}

/// Reads the tree's nodes: unique ids, one root, parents that exist, no cycle.
fn read_nodes(raw: Option<&[RawNode]>, issues: &mut Vec<Issue>) -> Vec<TreeNode> {
    let Some(raw) = raw else {
        issues.push(Issue::new(
            "nodes",
            "missing: the tree's nodes, each {\"id\", \"parent\", \"g\", \"w\"}",
        ));
        return Vec::new();
    };
    if raw.is_empty() || raw.len() > MAX_TREE_NODES {
        issues.push(Issue::new(
            "nodes",
            format!(
                "between 1 and {MAX_TREE_NODES} nodes are supported, got {}",
                raw.len()
            ),
        ));
        return Vec::new();
    }
    let before = issues.len();
    let mut index: HashMap<&NodeId, usize> = HashMap::new();
    for (k, n) in raw.iter().enumerate() {
        if index.insert(&n.id, k).is_some() {
            issues.push(Issue::new(
                format!("nodes[{k}].id"),
                format!("duplicate id {:?}", short(&n.id.to_string())),
            ));
        }
    }
    let mut nodes = Vec::new();
    for (k, n) in raw.iter().enumerate() {
        let parent = n.parent.as_ref().and_then(|p| {
            let found = index.get(p).copied();
            if found.is_none() {
                issues.push(Issue::new(
                    format!("nodes[{k}].parent"),
                    format!("no node has id {:?}", short(&p.to_string())),
                ));
            }
            found
        });
        let g = match (&n.parent, &n.g) {
            (None, Some(_)) => {
                issues.push(Issue::new(
                    format!("nodes[{k}].g"),
                    "the root has no input link: remove g",
                ));
                None
            }
            (None, None) => Some(Q::zero()),
            (Some(_), g) => required(
                g.as_ref(),
                &format!("nodes[{k}].g"),
                Rule::NON_NEGATIVE,
                issues,
            ),
        };
        let w = match read_cycle_time(n.w.as_ref(), &format!("nodes[{k}].w"), issues) {
            Cpu::None => Some(None),
            Cpu::Cycle(w) => Some(Some(w)),
            Cpu::Bad => None,
        };
        if let (Some(g), Some(w)) = (g, w) {
            nodes.push(TreeNode {
                id: n.id.clone(),
                parent,
                g,
                w,
            });
        }
    }
    if issues.len() > before {
        return Vec::new();
    }
    check_tree(&nodes, issues);
    nodes
}

/// What a tree node's `w` says.
enum Cpu {
    /// Absent or `"inf"`: the node only forwards.
    None,
    /// A positive cycle time.
    Cycle(Q),
    /// Invalid (an issue was recorded).
    Bad,
}

fn read_cycle_time(raw: Option<&RawNum>, path: &str, issues: &mut Vec<Issue>) -> Cpu {
    let Some(raw) = raw else {
        return Cpu::None;
    };
    if let RawNum::Text(t) = raw {
        if matches!(parse_cost(t), Ok(Cost::Inf)) {
            return Cpu::None;
        }
    }
    read_q(raw, path, Rule::POSITIVE, issues).map_or(Cpu::Bad, Cpu::Cycle)
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// One root, every node reaches it, some node computes.
fn check_tree(nodes: &[TreeNode], issues: &mut Vec<Issue>) {
    let roots: Vec<usize> = (0..nodes.len())
        .filter(|&k| nodes[k].parent.is_none())
        .collect();
    if roots.len() != 1 {
        issues.push(Issue::new(
            "nodes",
            format!(
                "platform must be a tree rooted at the master: {} nodes have no parent",
                roots.len()
            ),
        ));
        return;
    }
    for start in 0..nodes.len() {
        let mut v = start;
        let mut hops = 0;
        while let Some(p) = nodes[v].parent {
            v = p;
            hops += 1;
            if hops > nodes.len() {
                issues.push(Issue::new(
                    format!("nodes[{start}].parent"),
                    "platform must be a tree rooted at the master: this node lies on a cycle",
                ));
                return;
            }
        }
    }
    if nodes.iter().all(|n| n.w.is_none()) {
        issues.push(Issue::new(
            "nodes",
            "no node has a CPU (every w is missing or inf)",
        ));
    }
}
