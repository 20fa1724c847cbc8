//! The `broadcast` instance (broadcast.md §0.1, formats.md §3): a directed platform, a source,
//! optional multicast targets and the port model.

use serde::Deserialize;

use crate::issue::{Issue, Issues};
use crate::platform::{NodeId, Platform, RawPlatform};
use crate::rational::Cost;
use serde::Serialize;

/// The interaction rule at a node (broadcast.md §1.2).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum PortModel {
    /// One send and one receive may overlap (the thesis' default model).
    #[default]
    Bidirectional,
    /// A node takes part in at most one transfer at a time, sending or receiving.
    Unidirectional,
}

/// A broadcast or multicast instance.
#[derive(Clone, Debug, PartialEq)]
pub struct Broadcast {
    /// The platform; every link has a finite cost.
    pub platform: Platform,
    /// Index of the source node.
    pub source: usize,
    /// Indices of the targets (multicast), as given (the source may appear; solvers drop it with a
    /// warning, broadcast.md §10); `None` for a broadcast to every node.
    pub targets: Option<Vec<usize>>,
    /// The port model.
    pub port_model: PortModel,
}

/// A broadcast instance (broadcast.md §0.1, formats.md §3): node indices, not ids. The same
/// type the instance parser returns.
pub type BroadcastInput = Broadcast;

impl Broadcast {
    /// A broadcast from `source` under the bidirectional model.
    #[must_use]
    pub fn new(platform: Platform, source: usize) -> Broadcast {
        Broadcast {
            platform,
            source,
            targets: None,
            port_model: PortModel::Bidirectional,
        }
    }

    pub(super) fn to_value(&self) -> serde_json::Value {
        let id = |k: usize| {
            self.platform
                .nodes
                .get(k)
                .map(|n| serde_json::to_value(&n.id).unwrap_or_default())
                .unwrap_or_default()
        };
        let mut v = serde_json::json!({
            "problem": "broadcast", "version": 1, "platform": self.platform.to_value(),
            "source": id(self.source),
        });
        if let Some(t) = &self.targets {
            v["targets"] = t.iter().map(|&k| id(k)).collect();
        }
        if self.port_model != PortModel::Bidirectional {
            v["port_model"] = serde_json::to_value(self.port_model).unwrap_or_default();
        }
        v
    }
}

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBroadcast {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    platform: RawPlatform,
    source: Option<NodeId>,
    #[serde(default)]
    targets: Option<Vec<NodeId>>,
    #[serde(default)]
    port_model: Option<PortModel>,
}

impl RawBroadcast {
    pub(super) fn validate(self) -> Result<Broadcast, Issues> {
        let platform = self.platform.into_platform("platform")?;
        let mut issues = Vec::new();
        if platform.nodes.is_empty() {
            issues.push(Issue::new(
                "platform.nodes",
                "at least one node (the source) is required",
            ));
        }
        for (k, l) in platform.links.iter().enumerate() {
            let inf = matches!(l.c, Cost::Inf) || matches!(l.c_back, Some(Cost::Inf));
            if inf {
                issues.push(Issue::new(
                    format!("platform.links[{k}]"),
                    "an infinite cost is not allowed in a broadcast: leave the link out instead",
                ));
            }
        }
        let find = |id: &NodeId, path: &str, issues: &mut Vec<Issue>| {
            let found = platform.index_of(id);
            if found.is_none() {
                issues.push(Issue::new(path, format!("unknown node \"{id}\"")));
            }
            found
        };
        let source = if let Some(id) = &self.source {
            find(id, "source", &mut issues)
        } else {
            issues.push(Issue::new(
                "source",
                "missing: the id of the node that holds the messages",
            ));
            None
        };
        let targets = self.targets.as_ref().map(|ids| {
            let mut seen = Vec::new();
            for (k, id) in ids.iter().enumerate() {
                let path = format!("targets[{k}]");
                if let Some(i) = find(id, &path, &mut issues) {
                    if seen.contains(&i) {
                        issues.push(Issue::new(path, format!("node \"{id}\" is listed twice")));
                    } else {
                        seen.push(i);
                    }
                }
            }
            seen
        });
        match source {
            Some(source) if issues.is_empty() => Ok(Broadcast {
                platform,
                source,
                targets,
                port_model: self.port_model.unwrap_or_default(),
            }),
            _ => Err(Issues(issues)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Instance;

    const NODES: &str = r#"{"nodes":[{"id":"s"},{"id":"a"},{"id":"b"}],"links":[{"from":"s","to":"a","c":1},{"from":"a","to":"b","c":"1/2","directed":true}]}"#;

    fn read(rest: &str) -> Result<Broadcast, String> {
        let text = format!(r#"{{"problem":"broadcast","version":1,"platform":{NODES}{rest}}}"#);
        match Instance::from_json(&text) {
            Ok(Instance::Broadcast(b)) => Ok(b),
            Ok(other) => Err(format!("read as {}", other.problem())),
            Err(e) => Err(e.to_string()),
        }
    }

    #[test]
    fn reads_and_round_trips() {
        let b = read(r#","source":"s""#).unwrap();
        assert_eq!((b.source, b.targets.clone()), (0, None));
        assert_eq!(b.port_model, PortModel::Bidirectional);
        let b = read(r#","source":"a","targets":["b","s"],"port_model":"unidirectional""#).unwrap();
        assert_eq!((b.source, b.targets.clone()), (1, Some(vec![2, 0])));
        assert_eq!(b.port_model, PortModel::Unidirectional);
        let inst = Instance::Broadcast(b);
        assert_eq!(Instance::from_json(&inst.to_json()), Ok(inst));
    }

    #[test]
    fn bad_inputs_name_their_field() {
        for (rest, want) in [
            ("", "source: missing"),
            (r#","source":"x""#, "source: unknown node \"x\""),
            (
                r#","source":"s","targets":["a","a"]"#,
                "targets[1]: node \"a\" is listed twice",
            ),
            (
                r#","source":"s","targets":["z"]"#,
                "targets[0]: unknown node \"z\"",
            ),
            (
                r#","source":"s","port_model":"both""#,
                "unknown value \"both\"",
            ),
            (r#","source":"s","root":"s""#, "unknown field \"root\""),
        ] {
            let e = read(rest).unwrap_err();
            assert!(e.contains(want), "want {want:?} in {e:?}");
        }
        let text = r#"{"problem":"broadcast","version":1,"source":1,"platform":{"nodes":[{"id":1},{"id":2}],"links":[{"from":1,"to":2,"c":"inf"},{"from":2,"to":1,"c":0,"directed":true}]}}"#;
        let e = Instance::from_json(text).unwrap_err().to_string();
        assert!(e.contains("platform.links[1].c: must be > 0, got 0"), "{e}");
        let text = r#"{"problem":"broadcast","version":1,"source":1,"platform":{"nodes":[{"id":1},{"id":2}],"links":[{"from":1,"to":2,"c":"inf"}]}}"#;
        let e = Instance::from_json(text).unwrap_err().to_string();
        assert!(
            e.contains("platform.links[0]: an infinite cost is not allowed"),
            "{e}"
        );
        let text = r#"{"problem":"broadcast","version":1,"source":1,"platform":{"nodes":[]}}"#;
        let e = Instance::from_json(text).unwrap_err().to_string();
        assert!(e.contains("at least one node"), "{e}");
    }
}
