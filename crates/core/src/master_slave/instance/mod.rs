//! The `master-slave` instance (formats.md §3.1; master-slave.md §1, §8, §12): a bus variant
//! (`MaxTasks0..4` with `T`, `MinTime0..4` with `C`; `t`, then `tcom` or `t1` and `t2`) or a
//! one-port tree (`fork` with `children`, `chain` with `nodes`, `spider` with `legs`, `tree`
//! with `nodes` carrying `id` and `parent`; `T` and an optional `n`, or `C` alone for `MinTime`
//! on the tree; optional `w0`). Every bad field is
//! reported with its path; a tree node whose `parent` is absent hangs from the master.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::issue::{Issue, Issues};
use crate::master_slave::model::{BusInput, Comm, Goal, MsInput, Shape, TreeInput};
use crate::master_slave::{MAX_SLAVES, MAX_TASKS};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::rational::{frac, Q};

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMasterSlave {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: Value,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    t: Option<Vec<RawNum>>,
    #[serde(default)]
    tcom: Option<RawNum>,
    #[serde(default)]
    t1: Option<RawNum>,
    #[serde(default)]
    t2: Option<RawNum>,
    #[serde(default, rename = "T")]
    horizon: Option<RawNum>,
    #[serde(default, rename = "C")]
    c: Option<Value>,
    #[serde(default)]
    n: Option<Value>,
    #[serde(default)]
    w0: Option<RawNum>,
    #[serde(default)]
    children: Option<Vec<RawHop>>,
    #[serde(default)]
    nodes: Option<Vec<RawNode>>,
    #[serde(default)]
    legs: Option<Vec<Vec<RawHop>>>,
}

mod trees;

use trees::{
    hop_value, num, read_chain, read_hop_w, read_hops, read_legs, read_supply, read_tree, RawHop,
    RawNode,
};

const VARIANTS: &str = "MaxTasks0 … MaxTasks4, MinTime0 … MinTime4, fork, chain, spider or tree";

fn unused(issues: &mut Vec<Issue>, present: bool, field: &str, variant: &str) {
    if present {
        issues.push(Issue::new(
            field,
            format!("not used by {variant}; remove it"),
        ));
    }
}

fn required<'a, T>(
    issues: &mut Vec<Issue>,
    v: Option<&'a T>,
    field: &str,
    variant: &str,
) -> Option<&'a T> {
    if v.is_none() {
        issues.push(Issue::new(field, format!("missing: {variant} needs it")));
    }
    v
}

impl RawMasterSlave {
    pub(super) fn validate(self) -> Result<MsInput, Issues> {
        let mut issues = Vec::new();
        let Some(name) = self.variant.clone() else {
            return Err(Issues::one(
                "variant",
                format!("missing: one of {VARIANTS}"),
            ));
        };
        let out = if let Some(rest) = name
            .strip_prefix("MaxTasks")
            .or_else(|| name.strip_prefix("MinTime"))
        {
            match rest.parse::<u8>() {
                Ok(v) if v <= 4 && rest.len() == 1 => self.bus(&name, v, &mut issues),
                _ => None,
            }
        } else if ["fork", "chain", "spider", "tree"].contains(&name.as_str()) {
            self.tree(&name, &mut issues)
        } else {
            None
        };
        if out.is_none() && issues.is_empty() {
            issues.push(Issue::new(
                "variant",
                format!("unknown variant {name:?} (expected {VARIANTS})"),
            ));
        }
        match out {
            Some(m) if issues.is_empty() => Ok(m),
            _ => Err(Issues(issues)),
        }
    }

    fn bus(self, name: &str, v: u8, issues: &mut Vec<Issue>) -> Option<MsInput> {
        for (present, field) in [
            (self.n.is_some(), "n"),
            (self.w0.is_some(), "w0"),
            (self.children.is_some(), "children"),
            (self.nodes.is_some(), "nodes"),
            (self.legs.is_some(), "legs"),
        ] {
            unused(issues, present, field, name);
        }
        let t = read_slaves(self.t.as_deref(), issues);
        let comm = self.comm(name, v, issues);
        let goal = if name.starts_with("MaxTasks") {
            unused(issues, self.c.is_some(), "C", name);
            required(issues, self.horizon.as_ref(), "T", name)
                .and_then(|r| read_q(r, "T", Rule::NON_NEGATIVE, issues))
                .map(Goal::Horizon)
        } else {
            unused(issues, self.horizon.is_some(), "T", name);
            required(issues, self.c.as_ref(), "C", name)
                .and_then(|c| read_count(c, "C", issues))
                .map(Goal::Tasks)
        };
        let input = BusInput {
            variant: v,
            t: t?,
            comm: comm?,
            goal: goal?,
        };
        if let (2, Goal::Horizon(h)) = (v, &input.goal) {
            let (t1, t2) = input.t1_t2();
            let need = (t1 + t2) * Q::from_integer(input.t.len().into());
            if *h < need {
                issues.push(Issue::new(
                    "T",
                    format!(
                        "too small for the two-phase model: need T ≥ p·(t1+t2) = {}, got {}",
                        frac(&need),
                        frac(h)
                    ),
                ));
            }
        }
        Some(MsInput::Bus(input))
    }

    /// `tcom` (variants 1 and 3) or `t1` and `t2` (2 and 4); the others must be absent.
    fn comm(&self, name: &str, v: u8, issues: &mut Vec<Issue>) -> Option<Comm> {
        let pos = |raw: Option<&RawNum>, field: &str, issues: &mut Vec<Issue>| {
            required(issues, raw, field, name)
                .and_then(|r| read_q(r, field, Rule::POSITIVE, issues))
        };
        let comm = match v {
            0 => {
                unused(issues, self.tcom.is_some(), "tcom", name);
                unused(issues, self.t1.is_some(), "t1", name);
                unused(issues, self.t2.is_some(), "t2", name);
                Some(Comm::None)
            }
            1 | 3 => {
                unused(issues, self.t1.is_some(), "t1", name);
                unused(issues, self.t2.is_some(), "t2", name);
                pos(self.tcom.as_ref(), "tcom", issues).map(Comm::Single)
            }
            _ => {
                unused(issues, self.tcom.is_some(), "tcom", name);
                let a = pos(self.t1.as_ref(), "t1", issues);
                let b = pos(self.t2.as_ref(), "t2", issues);
                a.zip(b).map(|(a, b)| Comm::Pair(a, b))
            }
        };
        comm
    }

    fn tree(self, name: &str, issues: &mut Vec<Issue>) -> Option<MsInput> {
        for (present, field) in [
            (self.t.is_some(), "t"),
            (self.tcom.is_some(), "tcom"),
            (self.t1.is_some(), "t1"),
            (self.t2.is_some(), "t2"),
            (self.children.is_some() && name != "fork", "children"),
            (
                self.nodes.is_some() && name != "chain" && name != "tree",
                "nodes",
            ),
            (self.legs.is_some() && name != "spider", "legs"),
        ] {
            unused(issues, present, field, name);
        }
        // `C` instead of `T`: MinTime on the tree (the master holds exactly C tasks).
        if self.c.is_some() {
            for (present, field) in [(self.horizon.is_some(), "T"), (self.n.is_some(), "n")] {
                if present {
                    issues.push(Issue::new(field, "not used with C (MinTime on the tree: the master holds exactly C tasks and the least T is searched); remove it"));
                }
            }
        }
        let tasks = match &self.c {
            Some(c) => read_count(c, "C", issues).map(Some),
            None => Some(None),
        };
        let horizon = if self.c.is_some() {
            Some(Q::default())
        } else {
            required(issues, self.horizon.as_ref(), "T", name)
                .and_then(|r| read_q(r, "T", Rule::NON_NEGATIVE, issues))
        };
        let n = match &self.n {
            None => Some(None),
            Some(Value::String(s)) if s.eq_ignore_ascii_case("inf") => Some(None),
            Some(v) => read_supply(v, issues).map(Some),
        };
        let w0 = match &self.w0 {
            None => Some(None),
            Some(r) => read_hop_w(r, "w0", issues),
        };
        let shape = match name {
            "fork" => read_hops(
                required(issues, self.children.as_ref(), "children", name)?,
                "children",
                issues,
            )
            .map(Shape::Fork),
            "chain" => read_chain(
                required(issues, self.nodes.as_ref(), "nodes", name)?,
                issues,
            )
            .map(Shape::Chain),
            "spider" => read_legs(required(issues, self.legs.as_ref(), "legs", name)?, issues)
                .map(Shape::Spider),
            _ => read_tree(
                required(issues, self.nodes.as_ref(), "nodes", name)?,
                issues,
            )
            .map(Shape::Tree),
        };
        Some(MsInput::Tree(TreeInput {
            shape: shape?,
            horizon: horizon?,
            n: n?,
            w0: w0?,
            tasks: tasks?,
        }))
    }
}

fn read_slaves(raw: Option<&[RawNum]>, issues: &mut Vec<Issue>) -> Option<Vec<Q>> {
    let Some(raw) = raw else {
        issues.push(Issue::new(
            "t",
            "missing: the slaves' cycle times, e.g. [5, 9]",
        ));
        return None;
    };
    if raw.is_empty() {
        issues.push(Issue::new("t", "at least one slave is required"));
        return None;
    }
    if raw.len() > MAX_SLAVES {
        issues.push(Issue::new(
            "t",
            format!("{} slaves; at most {MAX_SLAVES} are supported", raw.len()),
        ));
        return None;
    }
    let before = issues.len();
    let t: Vec<Q> = raw
        .iter()
        .enumerate()
        .filter_map(|(k, v)| read_q(v, &format!("t[{k}]"), Rule::POSITIVE, issues))
        .collect();
    (issues.len() == before).then_some(t)
}

/// A whole number `0..=MAX_TASKS`.
fn read_count(v: &Value, path: &str, issues: &mut Vec<Issue>) -> Option<u64> {
    match v.as_u64() {
        Some(n) if n <= MAX_TASKS => Some(n),
        Some(n) => {
            issues.push(Issue::new(path, format!("at most {MAX_TASKS}, got {n}")));
            None
        }
        None => {
            let shown: String = v.to_string().chars().take(40).collect();
            issues.push(Issue::new(
                path,
                format!("must be a whole number >= 0, got {shown}"),
            ));
            None
        }
    }
}

impl MsInput {
    pub(super) fn to_value(&self) -> Value {
        let mut v =
            json!({"problem": "master-slave", "version": 1, "variant": self.variant_name()});
        match self {
            MsInput::Bus(b) => {
                v["t"] = json!(b.t.iter().map(num).collect::<Vec<_>>());
                match &b.comm {
                    Comm::None => {}
                    Comm::Single(c) => v["tcom"] = json!(num(c)),
                    Comm::Pair(a, c) => {
                        v["t1"] = json!(num(a));
                        v["t2"] = json!(num(c));
                    }
                }
                match &b.goal {
                    Goal::Horizon(h) => v["T"] = json!(num(h)),
                    Goal::Tasks(c) => v["C"] = json!(c),
                }
            }
            MsInput::Tree(t) => {
                match &t.shape {
                    Shape::Fork(h) => v["children"] = h.iter().map(hop_value).collect(),
                    Shape::Chain(h) => v["nodes"] = h.iter().map(hop_value).collect(),
                    Shape::Spider(l) => {
                        v["legs"] = l
                            .iter()
                            .map(|leg| leg.iter().map(hop_value).collect::<Value>())
                            .collect();
                    }
                    Shape::Tree(nodes) => {
                        v["nodes"] = nodes
                            .iter()
                            .map(|n| {
                                let mut o = hop_value(&n.hop);
                                o["id"] = json!(n.id);
                                if let Some(p) = &n.parent {
                                    o["parent"] = json!(p);
                                }
                                o
                            })
                            .collect();
                    }
                }
                match t.tasks {
                    Some(c) => v["C"] = json!(c),
                    None => v["T"] = json!(num(&t.horizon)),
                }
                if let Some(n) = t.n {
                    v["n"] = json!(n);
                }
                if let Some(w) = &t.w0 {
                    v["w0"] = json!(num(w));
                }
            }
        }
        v
    }
}
