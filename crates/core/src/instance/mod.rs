//! Problem instances: one JSON object with `"problem"` and `"version": 1` (formats.md section 3).
//!
//! Only the families built so far can be read; the others are named in the error so that a user
//! holding a file for a future family learns why it is refused.

use serde::Deserialize;

mod broadcast;
mod chains;
mod divisible;
mod master_slave;
mod ring;
mod scatter;
mod speeds;
mod steady;

use broadcast::RawBroadcast;
pub use broadcast::{Broadcast, PortModel};
pub use chains::Chains;
use chains::RawChains;
use divisible::RawDivisible;
pub use divisible::{
    Divisible, TreeNode, Variant, Worker, MAX_CHUNKS, MAX_ROUNDS, MAX_TREE_NODES, MAX_WORKERS,
};
use ring::RawRing;
pub use ring::{Ring, MAGNITUDE_DIGITS, MAX_RING_PROCESSORS};
use scatter::RawScatter;
pub use scatter::{
    Affine, RootTransfer, Scatter, ScatterProcessor, MAX_ITEMS, MAX_SCATTER_PROCESSORS,
};
pub use speeds::{
    Lu, Processors, SquarePartition, DEFAULT_SQUARE_BLOCKS, MAX_LU_BLOCKS, MAX_PROCESSORS,
};
use speeds::{RawLu, RawSquare};
use steady::RawSteadyState;
pub use steady::SteadyState;

use crate::catalog;
use crate::issue::Issues;
use crate::platform::raw::parse_json;
use crate::platform::Platform;

/// An instance of any family built so far.
#[derive(Clone, Debug, PartialEq)]
pub enum Instance {
    /// `"problem": "steady-state"`.
    SteadyState(SteadyState),
    /// `"problem": "broadcast"`.
    Broadcast(Broadcast),
    /// `"problem": "square-partition"`.
    SquarePartition(SquarePartition),
    /// `"problem": "lu"`.
    Lu(Lu),
    /// `"problem": "chains"`.
    Chains(Chains),
    /// `"problem": "ring"`.
    Ring(Ring),
    /// `"problem": "master-slave"`.
    MasterSlave(crate::master_slave::MsInput),
    /// `"problem": "divisible"`.
    Divisible(Divisible),
    /// `"problem": "scatter"`.
    Scatter(Scatter),
}

#[derive(Deserialize)]
struct Header {
    problem: Option<String>,
    version: Option<serde_json::Value>,
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
            "broadcast" => {
                let raw: RawBroadcast = parse_json(text, "")?;
                raw.validate().map(Instance::Broadcast)
            }
            "square-partition" => {
                let raw: RawSquare = parse_json(text, "")?;
                raw.validate().map(Instance::SquarePartition)
            }
            "lu" => {
                let raw: RawLu = parse_json(text, "")?;
                raw.validate().map(Instance::Lu)
            }
            "chains" => {
                let raw: RawChains = parse_json(text, "")?;
                raw.validate().map(Instance::Chains)
            }
            "ring" => {
                let raw: RawRing = parse_json(text, "")?;
                raw.validate().map(Instance::Ring)
            }
            "master-slave" => {
                let raw: master_slave::RawMasterSlave = parse_json(text, "")?;
                raw.validate().map(Instance::MasterSlave)
            }
            "divisible" => {
                let raw: RawDivisible = parse_json(text, "")?;
                raw.validate().map(Instance::Divisible)
            }
            "scatter" => {
                let raw: RawScatter = parse_json(text, "")?;
                raw.validate().map(Instance::Scatter)
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
            Instance::SteadyState(s) => s.to_value(),
            Instance::Broadcast(b) => b.to_value(),
            Instance::SquarePartition(s) => s.to_value(),
            Instance::Lu(l) => l.to_value(),
            Instance::Chains(c) => c.to_value(),
            Instance::Ring(r) => r.to_value(),
            Instance::MasterSlave(m) => m.to_value(),
            Instance::Divisible(d) => d.to_value(),
            Instance::Scatter(s) => s.to_value(),
        }
    }

    /// The family name (`"steady-state"`, `"square-partition"`, ...).
    #[must_use]
    pub fn problem(&self) -> &'static str {
        match self {
            Instance::SteadyState(_) => "steady-state",
            Instance::Broadcast(_) => "broadcast",
            Instance::SquarePartition(_) => "square-partition",
            Instance::Lu(_) => "lu",
            Instance::Chains(_) => "chains",
            Instance::Ring(_) => "ring",
            Instance::MasterSlave(_) => "master-slave",
            Instance::Divisible(_) => "divisible",
            Instance::Scatter(_) => "scatter",
        }
    }

    /// The platform, for graph-based families.
    #[must_use]
    pub fn platform(&self) -> Option<&Platform> {
        match self {
            Instance::SteadyState(s) => Some(&s.platform),
            Instance::Broadcast(b) => Some(&b.platform),
            Instance::SquarePartition(_)
            | Instance::Lu(_)
            | Instance::Chains(_)
            | Instance::Ring(_)
            | Instance::MasterSlave(_)
            | Instance::Divisible(_)
            | Instance::Scatter(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::raw::parse_json;
    use crate::rational::{q, qi};

    #[test]
    fn reads_and_writes_a_steady_state_instance() {
        let text = r#"{"problem": "steady-state", "version": 1, "data_out": "1/2",
            "platform": {"nodes": [{"id": 1, "w": 1, "master": true}, {"id": 2, "w": "3"}],
                         "links": [{"from": 1, "to": 2, "c": 2}]}}"#;
        let inst = Instance::from_json(text).unwrap();
        let Instance::SteadyState(s) = &inst else {
            panic!("not steady state: {inst:?}")
        };
        assert_eq!(s.data_out, q(1, 2));
        assert_eq!(s.data_in, qi(1));
        assert_eq!(Instance::from_json(&inst.to_json()).unwrap(), inst);
    }

    /// Text after the document is refused, not dropped (white space is fine).
    #[test]
    fn refuses_text_after_the_document() {
        let doc = r#"{"problem": "lu", "version": 1, "speeds": [1, 2], "B": 1, "n": 2}"#;
        assert!(Instance::from_json(&format!("{doc} \n\t")).is_ok());
        for tail in [" trailing garbage", "\n{}", ","] {
            let e = Instance::from_json(&format!("{doc}{tail}")).unwrap_err();
            assert!(
                e.to_string().contains("more text after its end"),
                "{tail:?}: {e}"
            );
        }
        let e = crate::platform::Platform::from_json(r#"{"nodes": [{"id": 1}]} x"#).unwrap_err();
        assert!(e.to_string().contains("(line 1, column 24)"), "{e}");
    }

    /// The path of the first issue reading `text` as `T`, and the path that serde_path_to_error
    /// (the tracking `platform::json_path` replaced) gave; `None` when it reads.
    fn both_paths<T: serde::de::DeserializeOwned>(text: &str) -> Option<(String, String)> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let old = match serde_path_to_error::deserialize::<_, T>(de) {
            Ok(_) => return None,
            Err(e) => e.path().to_string(),
        };
        let old = if old == "." { String::new() } else { old };
        let new = parse_json::<T>(text, "").err()?.0[0].path.clone();
        Some((new, old))
    }

    fn pointers(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    pointers(
                        x,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    pointers(x, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
        out.push(at);
    }

    /// Every preset with one value replaced (by a wrong type, an empty list or object, a
    /// negative number), one key removed or an unknown key added, compact and indented: the
    /// path of the reading error is the one path tracking gave.
    #[test]
    fn error_paths_are_those_of_path_tracking() {
        use serde_json::{json, Value};
        let mut compared = 0;
        for preset in crate::presets::PRESETS {
            let doc: Value = serde_json::from_str(preset.json).expect("preset JSON");
            let mut at = Vec::new();
            pointers(&doc, String::new(), &mut at);
            let mut docs = Vec::new();
            for p in &at {
                for wrong in [json!("zz"), json!([]), json!({}), json!(-1), json!(null)] {
                    let mut d = doc.clone();
                    if let Some(slot) = d.pointer_mut(p) {
                        *slot = wrong;
                        docs.push(d);
                    }
                }
                let mut d = doc.clone();
                if let Some(Value::Object(m)) = d.pointer_mut(p) {
                    m.insert("extra".into(), json!(1));
                    docs.push(d.clone());
                }
                if let Some((parent, key)) = p.rsplit_once('/') {
                    let mut d = doc.clone();
                    if let Some(Value::Object(m)) = d.pointer_mut(parent) {
                        m.shift_remove(key);
                        docs.push(d);
                    }
                }
            }
            for d in docs {
                for text in [
                    d.to_string(),
                    serde_json::to_string_pretty(&d).unwrap_or_default(),
                ] {
                    let got = match preset.problem {
                        "steady-state" => both_paths::<RawSteadyState>(&text),
                        "broadcast" => both_paths::<RawBroadcast>(&text),
                        "square-partition" => both_paths::<RawSquare>(&text),
                        "lu" => both_paths::<RawLu>(&text),
                        "chains" => both_paths::<RawChains>(&text),
                        "ring" => both_paths::<RawRing>(&text),
                        "master-slave" => both_paths::<master_slave::RawMasterSlave>(&text),
                        "divisible" => both_paths::<RawDivisible>(&text),
                        "scatter" => both_paths::<RawScatter>(&text),
                        other => panic!("no reader for {other}"),
                    };
                    if let Some((new, old)) = got {
                        assert_eq!(new, old, "{}: {text}", preset.name);
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} errors compared");
    }

    #[test]
    fn explains_what_is_wrong() {
        let e = Instance::from_json(r#"{"version": 1}"#).unwrap_err();
        assert_eq!(e.0[0].path, "problem");
        let e = Instance::from_json(r#"{"problem": "master-slave", "version": 1}"#).unwrap_err();
        assert!(e.to_string().contains("variant"), "{e}");
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
        assert!(e.to_string().contains("unknown field \"extra\""), "{e}");
    }
}
