//! The `steady-state` instance (steady-state.md section 1.1): a platform with masters and
//! computing speeds, and the sizes of a task's files.

use num_traits::Zero;
use serde::Deserialize;

use crate::instance::envelope;
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

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSteadyState {
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

impl SteadyState {
    pub(super) fn to_value(&self) -> serde_json::Value {
        let mut v = serde_json::json!({
            "problem": "steady-state", "version": 1, "platform": self.platform.to_value(),
        });
        let number = |q: &Q| {
            serde_json::to_value(RawNum::from_cost(&Cost::Finite(q.clone()))).unwrap_or_default()
        };
        if self.data_in != qi(1) {
            v["data_in"] = number(&self.data_in);
        }
        if !self.data_out.is_zero() {
            v["data_out"] = number(&self.data_out);
        }
        v
    }

    /// Reads a steady-state instance.
    ///
    /// # Errors
    /// [`Issues`] naming each invalid field, or the document's problem when it is not
    /// `"steady-state"`.
    pub fn from_json(text: &str) -> Result<SteadyState, Issues> {
        let problem = envelope(text)?;
        if problem != "steady-state" {
            return Err(Issues::one(
                "problem",
                format!("expected a steady-state instance, got \"{problem}\""),
            ));
        }
        parse_json::<RawSteadyState>(text, "")?.validate()
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
    pub(super) fn validate(self) -> Result<SteadyState, Issues> {
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

    /// Every bad input of steady-state.md section 7 gets a message naming its field.
    #[test]
    fn section_7_bad_inputs() {
        let with = |nodes: &str, links: &str, extra: &str| {
            SteadyState::from_json(&format!(
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
        let Ok(s) = with(
            r#"{"id":0,"w":"inf","master":true},{"id":1,"w":2}"#,
            r#"{"from":0,"to":1,"c":"inf"}"#,
            "",
        ) else {
            panic!("a router and an infinite link are valid")
        };
        assert!(s.platform.arcs().is_empty());
        assert_eq!(s.platform.notes().len(), 1);
    }
}
