//! Problem instances: one JSON object with `"problem"` and `"version": 1` (formats.md section 3).
//!
//! Only the families built so far can be read; the others are named in the error so that a user
//! holding a file for a future family learns why it is refused.

use num_traits::Zero;
use serde::Deserialize;

use crate::catalog;
use crate::issue::{Issue, Issues};
use crate::platform::raw::{parse_json, read_q, RawNum, Rule};
use crate::platform::{Platform, RawPlatform};
use crate::rational::{qi, Cost, Q};

/// A master–worker steady-state instance (steady-state.md section 1.1).
#[derive(Clone, Debug, PartialEq)]
pub struct SteadyState {
    /// The platform; every node has a `w` and at least one node is a master.
    pub platform: Platform,
    /// Size of a task's input file (default 1).
    pub data_in: Q,
    /// Size of a task's result file (default 0: results are not returned).
    pub data_out: Q,
}

/// An instance of any family built so far.
#[derive(Clone, Debug, PartialEq)]
pub enum Instance {
    /// `"problem": "steady-state"`.
    SteadyState(SteadyState),
}

#[derive(Deserialize)]
struct Header {
    problem: Option<String>,
    version: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSteadyState {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    platform: RawPlatform,
    #[serde(default)]
    data_in: Option<RawNum>,
    #[serde(default)]
    data_out: Option<RawNum>,
}

impl Instance {
    /// Reads an instance; every problem is listed with its path.
    ///
    /// # Errors
    /// [`Issues`] naming each invalid field, an unknown problem, or a family not built yet.
    pub fn from_json(text: &str) -> Result<Instance, Issues> {
        let header: Header = parse_json(text, "")?;
        let Some(problem) = header.problem else {
            return Err(Issues::one(
                "problem",
                "missing: say which problem this is, e.g. \"steady-state\"",
            ));
        };
        match header.version {
            Some(serde_json::Value::Number(n)) if n.as_u64() == Some(1) => {}
            Some(v) => {
                return Err(Issues::one(
                    "version",
                    format!("only version 1 is known, got {v}"),
                ))
            }
            None => return Err(Issues::one("version", "missing: add \"version\": 1")),
        }
        match problem.as_str() {
            "steady-state" => {
                let raw: RawSteadyState = parse_json(text, "")?;
                raw.validate().map(Instance::SteadyState)
            }
            other => Err(if let Some(f) = catalog::family(other) {
                Issues::one(
                    "problem",
                    format!(
                        "\"{other}\" ({}) is not available yet in this version of HetLab",
                        f.title
                    ),
                )
            } else {
                let known: Vec<&str> = catalog::FAMILIES.iter().map(|f| f.problem).collect();
                Issues::one(
                    "problem",
                    format!("unknown problem \"{other}\" (known: {})", known.join(", ")),
                )
            }),
        }
    }

    /// Compact JSON, the form used inside share URLs.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_value()).unwrap_or_default()
    }

    /// Indented JSON for files.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }

    fn to_value(&self) -> serde_json::Value {
        match self {
            Instance::SteadyState(s) => {
                let mut v = serde_json::json!({
                    "problem": "steady-state", "version": 1, "platform": s.platform.to_value(),
                });
                if s.data_in != qi(1) {
                    v["data_in"] =
                        serde_json::to_value(RawNum::from_cost(&Cost::Finite(s.data_in.clone())))
                            .unwrap_or_default();
                }
                if !s.data_out.is_zero() {
                    v["data_out"] =
                        serde_json::to_value(RawNum::from_cost(&Cost::Finite(s.data_out.clone())))
                            .unwrap_or_default();
                }
                v
            }
        }
    }

    /// The family name (`"steady-state"`).
    #[must_use]
    pub fn problem(&self) -> &'static str {
        match self {
            Instance::SteadyState(_) => "steady-state",
        }
    }

    /// The platform, for graph-based families.
    #[must_use]
    pub fn platform(&self) -> Option<&Platform> {
        match self {
            Instance::SteadyState(s) => Some(&s.platform),
        }
    }
}

impl SteadyState {
    /// Reads a steady-state instance.
    ///
    /// # Errors
    /// As [`Instance::from_json`].
    pub fn from_json(text: &str) -> Result<SteadyState, Issues> {
        match Instance::from_json(text)? {
            Instance::SteadyState(s) => Ok(s),
        }
    }

    /// A steady-state instance with default file sizes.
    #[must_use]
    pub fn new(platform: Platform) -> SteadyState {
        SteadyState {
            platform,
            data_in: qi(1),
            data_out: Q::zero(),
        }
    }

    /// Problems that make the platform unusable for steady state (beyond its own validity):
    /// no master, a node without `w`.
    #[must_use]
    pub fn check_platform(platform: &Platform, prefix: &str) -> Vec<Issue> {
        let mut issues = Vec::new();
        let at = |rest: &str| crate::issue::join(prefix, rest);
        if !platform.nodes.iter().any(|n| n.master) {
            issues.push(Issue::new(
                at("nodes"),
                "at least one master is required (mark the node that holds the tasks)",
            ));
        }
        for (k, n) in platform.nodes.iter().enumerate() {
            if n.w.is_none() {
                issues.push(Issue::new(
                    at(&format!("nodes[{k}].w")),
                    "required for steady state (time to compute one task, or inf for a router)",
                ));
            }
        }
        issues
    }
}

impl RawSteadyState {
    fn validate(self) -> Result<SteadyState, Issues> {
        let mut issues = Vec::new();
        let data_in = match &self.data_in {
            Some(v) => read_q(v, "data_in", Rule::POSITIVE, &mut issues),
            None => Some(qi(1)),
        };
        let data_out = match &self.data_out {
            Some(v) => read_q(v, "data_out", Rule::NON_NEGATIVE, &mut issues),
            None => Some(Q::zero()),
        };
        let platform = match self.platform.into_platform("platform") {
            Ok(p) => {
                issues.extend(SteadyState::check_platform(&p, "platform"));
                Some(p)
            }
            Err(e) => {
                issues.extend(e.0);
                None
            }
        };
        match (platform, data_in, data_out) {
            (Some(platform), Some(data_in), Some(data_out)) if issues.is_empty() => {
                Ok(SteadyState {
                    platform,
                    data_in,
                    data_out,
                })
            }
            _ => Err(Issues(issues)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn reads_and_writes_a_steady_state_instance() {
        let text = r#"{"problem": "steady-state", "version": 1, "data_out": "1/2",
            "platform": {"nodes": [{"id": 1, "w": 1, "master": true}, {"id": 2, "w": "3"}],
                         "links": [{"from": 1, "to": 2, "c": 2}]}}"#;
        let inst = Instance::from_json(text).unwrap();
        let Instance::SteadyState(s) = &inst;
        assert_eq!(s.data_out, q(1, 2));
        assert_eq!(s.data_in, qi(1));
        assert_eq!(Instance::from_json(&inst.to_json()).unwrap(), inst);
    }

    #[test]
    fn explains_what_is_wrong() {
        let e = Instance::from_json(r#"{"version": 1}"#).unwrap_err();
        assert_eq!(e.0[0].path, "problem");
        let e = Instance::from_json(r#"{"problem": "ring", "version": 1}"#).unwrap_err();
        assert!(e.to_string().contains("not available yet"), "{e}");
        let e = Instance::from_json(r#"{"problem": "rings", "version": 1}"#).unwrap_err();
        assert!(e.to_string().contains("unknown problem \"rings\""), "{e}");
        let e = Instance::from_json(r#"{"problem": "steady-state", "version": 2}"#).unwrap_err();
        assert_eq!(e.0[0].path, "version");
        let e = Instance::from_json(
            r#"{"problem": "steady-state", "version": 1, "data_in": 0,
                "platform": {"nodes": [{"id": 1}, {"id": 2, "w": 0}]}}"#,
        )
        .unwrap_err();
        let text = e.to_string();
        for needle in [
            "data_in: must be > 0, got 0",
            "platform.nodes[1].w: must be > 0, got 0",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in {text}");
        }
        // Field-level problems stop the platform before the steady-state checks; once fixed, those come.
        let e = Instance::from_json(
            r#"{"problem": "steady-state", "version": 1, "platform": {"nodes": [{"id": 1}]}}"#,
        )
        .unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("platform.nodes: at least one master is required"),
            "{text}"
        );
        assert!(
            text.contains("platform.nodes[0].w: required for steady state"),
            "{text}"
        );
        let e = Instance::from_json(
            r#"{"problem": "steady-state", "version": 1, "platform": {"nodes": []}, "extra": 1}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("unknown field `extra`"), "{e}");
    }

    /// Every bad input of steady-state.md section 7 gets a message naming its field.
    #[test]
    fn section_7_bad_inputs() {
        let with = |nodes: &str, links: &str, extra: &str| {
            Instance::from_json(&format!(
                r#"{{"problem":"steady-state","version":1{extra},"platform":{{"nodes":[{nodes}],"links":[{links}]}}}}"#
            ))
        };
        let ok_nodes = r#"{"id":0,"w":1,"master":true},{"id":1,"w":2}"#;
        let cases: [(&str, &str, &str, &str); 13] = [
            (
                "",
                "",
                "",
                "platform.nodes: at least one master is required",
            ),
            (
                r#"{"id":0,"w":1}"#,
                "",
                "",
                "platform.nodes: at least one master is required",
            ),
            (
                r#"{"id":0,"w":0,"master":true}"#,
                "",
                "",
                "platform.nodes[0].w: must be > 0, got 0",
            ),
            (
                r#"{"id":0,"w":"-1","master":true}"#,
                "",
                "",
                r#"platform.nodes[0].w: must be > 0, got "-1""#,
            ),
            (
                ok_nodes,
                r#"{"from":0,"to":1,"c":-2}"#,
                "",
                "platform.links[0].c: must be > 0, got -2",
            ),
            (
                ok_nodes,
                r#"{"from":0,"to":1,"c":0}"#,
                "",
                "platform.links[0].c: must be > 0, got 0",
            ),
            (
                ok_nodes,
                r#"{"from":0,"to":1,"c":1,"lcomm":"-1"}"#,
                "",
                r#"platform.links[0].lcomm: must be >= 0, got "-1""#,
            ),
            (
                ok_nodes,
                "",
                r#","data_in":"0""#,
                r#"data_in: must be > 0, got "0""#,
            ),
            (
                ok_nodes,
                "",
                r#","data_out":"-1/2""#,
                r#"data_out: must be >= 0, got "-1/2""#,
            ),
            (
                r#"{"id":0,"w":"NaN","master":true}"#,
                "",
                "",
                "platform.nodes[0].w: not a number",
            ),
            (
                ok_nodes,
                r#"{"from":0,"to":0,"c":1}"#,
                "",
                "platform.links[0]: self-loop on \"0\"",
            ),
            (
                ok_nodes,
                r#"{"from":0,"to":7,"c":1}"#,
                "",
                "platform.links[0].to: unknown node \"7\"",
            ),
            (
                ok_nodes,
                r#"{"from":0,"to":1,"c":1},{"from":1,"to":0,"c":1,"directed":true}"#,
                "",
                "platform.links[1]: arc 1→0 is already given by links[0]",
            ),
        ];
        for (nodes, links, extra, want) in cases {
            let e = with(nodes, links, extra).unwrap_err().to_string();
            assert!(e.contains(want), "want {want:?} in {e:?}");
        }
        // `c = inf` is not an error: the link is dropped with a note; routers are valid.
        let Instance::SteadyState(s) = with(
            r#"{"id":0,"w":"inf","master":true},{"id":1,"w":2}"#,
            r#"{"from":0,"to":1,"c":"inf"}"#,
            "",
        )
        .unwrap();
        assert!(s.platform.arcs().is_empty());
        assert_eq!(s.platform.notes().len(), 1);
    }
}
