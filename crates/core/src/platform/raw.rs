//! The platform as written in JSON, and its validation into a [`Platform`].
//!
//! Serde reads the shape (unknown fields are refused, so a typo is never silently ignored);
//! [`RawPlatform::into_platform`] then checks every value and collects every problem.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Link, Node, NodeId, Platform, Point, MAX_LINKS, MAX_NODES};
use crate::issue::{self, Issue, Issues};
use crate::rational::{format_q, from_json_number, parse_cost, Cost, Q};
use num_traits::{Signed, Zero};

/// Longest JSON document accepted, in bytes (formats.md section 5 caps inflated payloads at 1 MiB).
pub const MAX_JSON_BYTES: usize = 1 << 20;

/// A number as written: a JSON number or a string (`"3/8"`, `"0.25"`, `"inf"`); read as an
/// untagged enum is, through `json_path::num_or_text` (errors at its own path).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RawNum {
    /// `3`, `0.5`.
    Num(serde_json::Number),
    /// `"3/8"`, `"inf"`.
    Text(String),
}

impl<'de> Deserialize<'de> for RawNum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        super::json_path::num_or_text(d)
    }
}

impl super::json_path::NumOrText for RawNum {
    const NAME: &'static str = "RawNum";
    fn int(v: i64) -> Option<Self> {
        Some(RawNum::Num(v.into()))
    }
    fn uint(v: u64) -> Option<Self> {
        Some(RawNum::Num(v.into()))
    }
    fn float(v: f64) -> Option<Self> {
        serde_json::Number::from_f64(v).map(RawNum::Num)
    }
    fn text(v: String) -> Option<Self> {
        Some(RawNum::Text(v))
    }
}

impl RawNum {
    /// The shortest faithful spelling: integers as JSON numbers, everything else as a string.
    pub fn from_cost(c: &Cost) -> RawNum {
        match c {
            Cost::Finite(v) if v.is_integer() => v
                .numer()
                .to_string()
                .parse::<i64>()
                .map_or_else(|_| RawNum::Text(format_q(v)), |i| RawNum::Num(i.into())),
            other => RawNum::Text(other.to_text()),
        }
    }

    fn shown(&self) -> String {
        match self {
            RawNum::Num(n) => issue::clip(&n.to_string(), issue::ECHO_CHARS),
            RawNum::Text(t) => issue::quote(t),
        }
    }

    /// Reads the value, reporting problems at `path`.
    fn read(&self, path: &str, rule: Rule, issues: &mut Vec<Issue>) -> Option<Cost> {
        let parsed = match self {
            RawNum::Num(n) => from_json_number(n).map(Cost::Finite),
            RawNum::Text(t) => parse_cost(t),
        };
        let fail = |issues: &mut Vec<Issue>, why: &str| {
            issues.push(Issue::new(path, format!("{why}, got {}", self.shown())));
            None
        };
        match parsed {
            Err(e) => fail(issues, &e.to_string()),
            Ok(Cost::Inf) if !rule.inf_ok => fail(issues, "must be finite"),
            Ok(Cost::Finite(v)) if v.is_negative() => fail(issues, rule.sign_text()),
            Ok(Cost::Finite(v)) if v.is_zero() && rule.positive => fail(issues, "must be > 0"),
            Ok(c) => Some(c),
        }
    }
}

/// What a numeric field accepts.
#[derive(Clone, Copy)]
pub(crate) struct Rule {
    pub positive: bool,
    pub inf_ok: bool,
}

impl Rule {
    /// `> 0`, `inf` allowed (cycle times and link costs).
    pub const COST: Rule = Rule {
        positive: true,
        inf_ok: true,
    };
    /// `> 0`, finite.
    pub const POSITIVE: Rule = Rule {
        positive: true,
        inf_ok: false,
    };
    /// `>= 0`, finite (latencies, result sizes).
    pub const NON_NEGATIVE: Rule = Rule {
        positive: false,
        inf_ok: false,
    };

    fn sign_text(self) -> &'static str {
        if self.positive {
            "must be > 0"
        } else {
            "must be >= 0"
        }
    }
}

/// Reads a finite number field (`>= 0` or `> 0` by `rule`).
pub(crate) fn read_q(raw: &RawNum, path: &str, rule: Rule, issues: &mut Vec<Issue>) -> Option<Q> {
    match raw.read(path, rule, issues)? {
        Cost::Finite(v) => Some(v),
        Cost::Inf => None,
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlatform {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    nodes: Vec<RawNode>,
    #[serde(default)]
    links: Vec<RawLink>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNode {
    id: NodeId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    w: Option<RawNum>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    master: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lcalc: Option<RawNum>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    y: Option<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLink {
    from: NodeId,
    to: NodeId,
    c: RawNum,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    c_back: Option<RawNum>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    directed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lcomm: Option<RawNum>,
}

/// Parses any serde type from JSON text, with the failing path in the message.
pub(crate) fn parse_json<T: serde::de::DeserializeOwned>(
    text: &str,
    prefix: &str,
) -> Result<T, Issues> {
    if text.len() > MAX_JSON_BYTES {
        return Err(Issues::one(
            prefix,
            format!(
                "the document is too large ({} bytes; at most {MAX_JSON_BYTES})",
                text.len()
            ),
        ));
    }
    let de = &mut serde_json::Deserializer::from_str(text);
    let value = T::deserialize(&mut *de).map_err(|e| issue::from_serde(prefix, text, &e))?;
    // One document, nothing after it but white space: text after the value would otherwise be
    // dropped without a word (a second document pasted by mistake, a cut-off edit).
    de.end().map_err(|e| {
        Issues::one(
            prefix,
            format!(
                "the JSON document has more text after its end (line {}, column {}); remove it",
                e.line(),
                e.column()
            ),
        )
    })?;
    Ok(value)
}

impl RawPlatform {
    pub(crate) fn from_platform(p: &Platform, header: bool) -> RawPlatform {
        let nodes = p
            .nodes
            .iter()
            .map(|n| RawNode {
                id: n.id.clone(),
                w: n.w.as_ref().map(RawNum::from_cost),
                master: n.master,
                lcalc: n.lcalc.clone().map(|v| RawNum::from_cost(&Cost::Finite(v))),
                x: n.pos.map(|p| p.x),
                y: n.pos.map(|p| p.y),
            })
            .collect();
        let links = p
            .links
            .iter()
            .map(|l| RawLink {
                from: p.nodes[l.from].id.clone(),
                to: p.nodes[l.to].id.clone(),
                c: RawNum::from_cost(&l.c),
                c_back: l.c_back.as_ref().map(RawNum::from_cost),
                directed: l.directed,
                lcomm: l.lcomm.clone().map(|v| RawNum::from_cost(&Cost::Finite(v))),
            })
            .collect();
        RawPlatform {
            format: header.then(|| "hetlab-platform".to_owned()),
            version: header.then_some(1),
            name: p.name.clone(),
            nodes,
            links,
        }
    }

    /// Checks every value; `prefix` is the path of the platform in the enclosing document.
    pub(crate) fn into_platform(self, prefix: &str) -> Result<Platform, Issues> {
        let mut issues = Vec::new();
        let at = |rest: &str| issue::join(prefix, rest);
        if let Some(f) = &self.format {
            if f != "hetlab-platform" {
                issues.push(Issue::new(
                    at("format"),
                    format!("must be \"hetlab-platform\", got {}", issue::quote(f)),
                ));
            }
        }
        if let Some(v) = self.version {
            if v != 1 {
                issues.push(Issue::new(
                    at("version"),
                    format!("only version 1 is known, got {v}"),
                ));
            }
        }
        if self.nodes.len() > MAX_NODES {
            issues.push(Issue::new(
                at("nodes"),
                format!("too many nodes ({}; at most {MAX_NODES})", self.nodes.len()),
            ));
        }
        if self.links.len() > MAX_LINKS {
            issues.push(Issue::new(
                at("links"),
                format!("too many links ({}; at most {MAX_LINKS})", self.links.len()),
            ));
        }
        if !issues.is_empty() {
            return Err(Issues(issues));
        }
        let mut index: HashMap<&NodeId, usize> = HashMap::new();
        let mut nodes = Vec::with_capacity(self.nodes.len());
        for (k, n) in self.nodes.iter().enumerate() {
            nodes.push(read_node(n, &at(&format!("nodes[{k}]")), &mut issues));
            if matches!(&n.id, NodeId::Str(s) if s.trim().is_empty()) {
                issues.push(Issue::new(
                    at(&format!("nodes[{k}].id")),
                    "must not be empty",
                ));
            }
            if index.insert(&n.id, k).is_some() {
                issues.push(Issue::new(
                    at(&format!("nodes[{k}].id")),
                    format!("duplicate id {}", issue::quote(&n.id.to_string())),
                ));
            }
        }
        let mut arcs_seen: HashMap<(usize, usize), usize> = HashMap::new();
        let mut links = Vec::with_capacity(self.links.len());
        for (k, l) in self.links.iter().enumerate() {
            let path = at(&format!("links[{k}]"));
            if let Some(link) = read_link(l, &path, &index, &mut issues) {
                let mut pairs = vec![(link.from, link.to)];
                if !link.directed {
                    pairs.push((link.to, link.from));
                }
                for (a, b) in pairs {
                    if let Some(first) = arcs_seen.insert((a, b), k) {
                        issues.push(Issue::new(
                            path.clone(),
                            format!(
                                "arc {}→{} is already given by links[{first}]; merge the two links",
                                self.nodes[a].id, self.nodes[b].id
                            ),
                        ));
                    }
                }
                links.push(link);
            }
        }
        match nodes.into_iter().collect::<Option<Vec<Node>>>() {
            Some(nodes) if issues.is_empty() => Ok(Platform {
                name: self.name,
                nodes,
                links,
            }),
            _ => Err(Issues(issues)),
        }
    }
}

fn read_node(n: &RawNode, path: &str, issues: &mut Vec<Issue>) -> Option<Node> {
    let before = issues.len();
    let w =
        n.w.as_ref()
            .and_then(|w| w.read(&issue::join(path, "w"), Rule::COST, issues));
    let lcalc = n
        .lcalc
        .as_ref()
        .and_then(|v| read_q(v, &issue::join(path, "lcalc"), Rule::NON_NEGATIVE, issues));
    let mut coord = |name: &str, v: Option<f64>| match v {
        Some(v) if !(0.0..=1.0).contains(&v) => {
            issues.push(Issue::new(
                issue::join(path, name),
                format!("must be between 0 and 1, got {v}"),
            ));
            None
        }
        other => other,
    };
    let (x, y) = (coord("x", n.x), coord("y", n.y));
    let pos = match (x, y) {
        (Some(x), Some(y)) => Some(Point { x, y }),
        (None, None) => None,
        _ => {
            issues.push(Issue::new(path, "give both x and y, or neither"));
            None
        }
    };
    (issues.len() == before).then(|| Node {
        id: n.id.clone(),
        w,
        master: n.master,
        lcalc,
        pos,
    })
}

fn read_link(
    l: &RawLink,
    path: &str,
    index: &HashMap<&NodeId, usize>,
    issues: &mut Vec<Issue>,
) -> Option<Link> {
    let before = issues.len();
    let mut end = |name: &str, id: &NodeId| {
        let i = index.get(id).copied();
        if i.is_none() {
            issues.push(Issue::new(
                issue::join(path, name),
                format!("unknown node {}", issue::quote(&id.to_string())),
            ));
        }
        i
    };
    let (from, to) = (end("from", &l.from), end("to", &l.to));
    if from.is_some() && from == to {
        issues.push(Issue::new(
            path,
            format!(
                "self-loop on \"{}\" (a link joins two different nodes)",
                l.from
            ),
        ));
    }
    let c = l.c.read(&issue::join(path, "c"), Rule::COST, issues);
    let c_back = l
        .c_back
        .as_ref()
        .and_then(|v| v.read(&issue::join(path, "c_back"), Rule::COST, issues));
    if l.directed && l.c_back.is_some() {
        issues.push(Issue::new(
            issue::join(path, "c_back"),
            "a directed link has no way back; remove c_back or directed",
        ));
    }
    let lcomm = l
        .lcomm
        .as_ref()
        .and_then(|v| read_q(v, &issue::join(path, "lcomm"), Rule::NON_NEGATIVE, issues));
    if issues.len() != before {
        return None;
    }
    Some(Link {
        from: from?,
        to: to?,
        c: c?,
        c_back,
        directed: l.directed,
        lcomm,
    })
}
