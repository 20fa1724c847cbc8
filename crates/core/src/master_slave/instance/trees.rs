//! Readers of the tree shapes of a `master-slave` instance (fork children, chain nodes, spider
//! legs, general tree nodes with ids and parents), each problem reported with its path.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{json, Value};

use crate::issue::Issue;
use crate::master_slave::model::{Hop, TreeNode};
use crate::master_slave::MAX_NODES;
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::platform::NodeId;
use crate::rational::{Cost, Q};

/// One hop of a chain or a spider leg, as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawHop {
    pub(super) c: RawNum,
    #[serde(default)]
    pub(super) w: Option<RawNum>,
}

/// One node of a fork or a general tree, as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNode {
    #[serde(default)]
    pub(super) id: Option<NodeId>,
    #[serde(default)]
    pub(super) parent: Option<NodeId>,
    pub(super) c: RawNum,
    #[serde(default)]
    pub(super) w: Option<RawNum>,
}

/// A number as written back: exact, finite.
pub(super) fn num(v: &Q) -> RawNum {
    RawNum::from_cost(&Cost::Finite(v.clone()))
}

/// A cycle time: positive, or `"inf"` (no CPU: `Some(None)`); `None` when invalid (reported).
#[allow(clippy::option_option)] // The outer option is "valid", the inner "has a CPU".
pub(super) fn read_hop_w(raw: &RawNum, path: &str, issues: &mut Vec<Issue>) -> Option<Option<Q>> {
    match raw {
        RawNum::Text(s) if s.trim().eq_ignore_ascii_case("inf") => Some(None),
        _ => read_q(raw, path, Rule::POSITIVE, issues).map(Some),
    }
}

/// The task supply `n`: a whole number (`"inf"` is handled by the caller).
pub(super) fn read_supply(v: &Value, issues: &mut Vec<Issue>) -> Option<u64> {
    v.as_u64().or_else(|| {
        let shown: String = v.to_string().chars().take(40).collect();
        issues.push(Issue::new(
            "n",
            format!("must be a whole number >= 0 or \"inf\", got {shown}"),
        ));
        None
    })
}

fn read_hop(c: &RawNum, w: Option<&RawNum>, path: &str, issues: &mut Vec<Issue>) -> Option<Hop> {
    let c = read_q(c, &format!("{path}.c"), Rule::POSITIVE, issues);
    let w = match w {
        None => Some(None),
        Some(w) => read_hop_w(w, &format!("{path}.w"), issues),
    };
    Some(Hop { c: c?, w: w? })
}

fn check_size(len: usize, path: &str, issues: &mut Vec<Issue>) -> bool {
    if len == 0 {
        issues.push(Issue::new(path, "at least one node is required"));
    } else if len > MAX_NODES {
        issues.push(Issue::new(
            path,
            format!("{len} nodes; at most {MAX_NODES} are supported"),
        ));
    }
    (1..=MAX_NODES).contains(&len)
}

pub(super) fn read_hops(raw: &[RawHop], path: &str, issues: &mut Vec<Issue>) -> Option<Vec<Hop>> {
    if !check_size(raw.len(), path, issues) {
        return None;
    }
    let before = issues.len();
    let hops: Vec<Hop> = raw
        .iter()
        .enumerate()
        .filter_map(|(k, h)| read_hop(&h.c, h.w.as_ref(), &format!("{path}[{k}]"), issues))
        .collect();
    (issues.len() == before).then_some(hops)
}

pub(super) fn read_chain(raw: &[RawNode], issues: &mut Vec<Issue>) -> Option<Vec<Hop>> {
    for (k, n) in raw.iter().enumerate() {
        if n.id.is_some() || n.parent.is_some() {
            issues.push(Issue::new(
                format!("nodes[{k}]"),
                "a chain lists {\"c\", \"w\"} from the master outward: no id or parent",
            ));
        }
    }
    let hops: Vec<RawHop> = raw
        .iter()
        .map(|n| RawHop {
            c: n.c.clone(),
            w: n.w.clone(),
        })
        .collect();
    read_hops(&hops, "nodes", issues)
}

pub(super) fn read_legs(raw: &[Vec<RawHop>], issues: &mut Vec<Issue>) -> Option<Vec<Vec<Hop>>> {
    if !check_size(raw.iter().map(Vec::len).sum(), "legs", issues) {
        return None;
    }
    let legs: Vec<Option<Vec<Hop>>> = raw
        .iter()
        .enumerate()
        .map(|(k, leg)| read_hops(leg, &format!("legs[{k}]"), issues))
        .collect();
    legs.into_iter().collect()
}

pub(super) fn read_tree(raw: &[RawNode], issues: &mut Vec<Issue>) -> Option<Vec<TreeNode>> {
    if !check_size(raw.len(), "nodes", issues) {
        return None;
    }
    let before = issues.len();
    let mut index: BTreeMap<&NodeId, usize> = BTreeMap::new();
    for (k, n) in raw.iter().enumerate() {
        match &n.id {
            None => issues.push(Issue::new(
                format!("nodes[{k}].id"),
                "missing: every tree node needs an id",
            )),
            Some(id) if index.contains_key(id) => {
                issues.push(Issue::new(
                    format!("nodes[{k}].id"),
                    format!("duplicate id \"{id}\""),
                ));
            }
            Some(id) => {
                index.insert(id, k);
            }
        }
    }
    let mut nodes = Vec::new();
    for (k, n) in raw.iter().enumerate() {
        if let Some(p) = &n.parent {
            if !index.contains_key(p) {
                issues.push(Issue::new(
                    format!("nodes[{k}].parent"),
                    format!("unknown node \"{p}\""),
                ));
            }
        }
        if let (Some(hop), Some(id)) = (
            read_hop(&n.c, n.w.as_ref(), &format!("nodes[{k}]"), issues),
            &n.id,
        ) {
            nodes.push(TreeNode {
                id: id.clone(),
                parent: n.parent.clone(),
                hop,
            });
        }
    }
    if issues.len() > before {
        return None;
    }
    // Every node must reach the master by following parents (no cycle).
    for (k, n) in nodes.iter().enumerate() {
        let mut cur = n.parent.as_ref();
        let mut steps = 0;
        while let Some(p) = cur {
            steps += 1;
            if steps > nodes.len() {
                issues.push(Issue::new(
                    format!("nodes[{k}].parent"),
                    "platform must be a tree rooted at the master (this node is on a cycle)",
                ));
                return None;
            }
            cur = index.get(p).and_then(|&i| nodes[i].parent.as_ref());
        }
    }
    Some(nodes)
}

pub(super) fn hop_value(h: &Hop) -> Value {
    let w = h.w.as_ref().map_or(RawNum::Text("inf".into()), num);
    json!({"c": num(&h.c), "w": w})
}
