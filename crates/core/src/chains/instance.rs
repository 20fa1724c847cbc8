//! The `chains` instance (formats.md §3.1, chains.md §1 and §13): `weights` (positive integer
//! task weights, length N) and `speeds` (positive integer processor speeds, length P), with the
//! optional `orders` and `seed` read by `cp-random`.
//!
//! Instead of `weights`, an instance may name one of the §9.4 workloads,
//! `"workload": {"name": "Stanford_Berkeley-like", "seed": 1}` (our extension of formats.md: the
//! paper's large chains, up to 615 400 tasks, would not fit a share link or the 1 MiB document
//! limit as numbers). The weights are generated when the instance is read, and written back as
//! the reference.

use num_traits::ToPrimitive;
use serde::Deserialize;

use crate::chains::workload::{Workload, WORKLOADS};
use crate::chains::{
    ChainsInput, DEFAULT_ORDERS, MAX_ORDERS, MAX_PROCESSORS, MAX_TASKS, MAX_TOTAL_SPEED,
    MAX_TOTAL_WEIGHT,
};
use crate::issue::{Issue, Issues};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::shared::Shared;

/// A `chains` instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chains {
    /// Task weights `w_1..w_N`, shared by the instance's clones (see [`Shared`]: the largest
    /// preset has 615 400 tasks, and a page clones and compares its instance at every step).
    pub weights: Shared<u64>,
    /// Processor speeds `e_1..e_P`.
    pub speeds: Vec<u64>,
    /// `cp-random`'s number of random orders, when given (default 100).
    pub orders: Option<usize>,
    /// `cp-random`'s seed, when given (default 1).
    pub seed: Option<u64>,
    /// The §9.4 workload and seed the weights were generated from, when the instance named one.
    pub workload: Option<(String, u64)>,
}

impl Chains {
    /// An instance without the CP options.
    #[must_use]
    pub fn new(weights: Vec<u64>, speeds: Vec<u64>) -> Chains {
        Chains {
            weights: weights.into(),
            speeds,
            orders: None,
            seed: None,
            workload: None,
        }
    }

    /// The solver's input, defaults applied.
    #[must_use]
    pub fn input(&self) -> ChainsInput {
        ChainsInput {
            weights: self.weights.to_vec(),
            speeds: self.speeds.clone(),
            orders: self.orders.unwrap_or(DEFAULT_ORDERS),
            seed: self.seed.unwrap_or(1),
        }
    }

    pub(super) fn to_value(&self) -> serde_json::Value {
        let mut v = match &self.workload {
            Some((name, seed)) => serde_json::json!({"problem": "chains", "version": 1,
                "workload": {"name": name, "seed": seed}, "speeds": self.speeds}),
            None => serde_json::json!({"problem": "chains", "version": 1,
                "weights": self.weights, "speeds": self.speeds}),
        };
        if let Some(r) = self.orders {
            v["orders"] = r.into();
        }
        if let Some(s) = self.seed {
            v["seed"] = s.into();
        }
        v
    }
}

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChains {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    weights: Option<Vec<RawNum>>,
    #[serde(default)]
    workload: Option<serde_json::Value>,
    speeds: Option<Vec<RawNum>>,
    #[serde(default)]
    orders: Option<serde_json::Value>,
    #[serde(default)]
    seed: Option<serde_json::Value>,
}

/// The value as written, cut to a short prefix for messages.
fn shown(v: &RawNum) -> String {
    let s = match v {
        RawNum::Num(n) => n.to_string(),
        RawNum::Text(t) => format!("{t:?}"),
    };
    if s.chars().count() > 24 {
        format!("{}…", s.chars().take(24).collect::<String>())
    } else {
        s
    }
}

/// Reads a list of positive integers: every bad entry gets its own issue.
fn read_list(
    field: &str,
    raw: Option<&Vec<RawNum>>,
    max: usize,
    what: &str,
    issues: &mut Vec<Issue>,
) -> Option<Vec<u64>> {
    let Some(raw) = raw else {
        issues.push(Issue::new(
            field,
            format!("missing: the {what} as a list of positive integers"),
        ));
        return None;
    };
    if raw.is_empty() {
        issues.push(Issue::new(
            field,
            format!("at least one {} is required", what.trim_end_matches('s')),
        ));
        return None;
    }
    if raw.len() > max {
        issues.push(Issue::new(
            field,
            format!("{} {what}; at most {max} are supported", raw.len()),
        ));
        return None;
    }
    let before = issues.len();
    let mut out = Vec::with_capacity(raw.len());
    for (k, v) in raw.iter().enumerate() {
        // Fast path for plain positive integers (large chains are mostly that).
        if let RawNum::Num(n) = v {
            if let Some(x) = n.as_u64().filter(|&x| x > 0) {
                out.push(x);
                continue;
            }
        }
        let path = format!("{field}[{k}]");
        let Some(q) = read_q(v, &path, Rule::POSITIVE, issues) else {
            continue;
        };
        match q.is_integer().then(|| q.to_integer().to_u64()).flatten() {
            Some(x) => out.push(x),
            None => issues.push(Issue::new(
                path,
                format!(
                    "must be a whole number (scale non-integer {what} to integers first), got {}",
                    shown(v)
                ),
            )),
        }
    }
    (issues.len() == before).then_some(out)
}

fn read_total(field: &str, list: &[u64], max: u64, issues: &mut Vec<Issue>) {
    let total = list.iter().try_fold(0u64, |a, &x| a.checked_add(x));
    if total.is_none_or(|t| t > max) {
        issues.push(Issue::new(
            field,
            format!("the total must be at most {max}"),
        ));
    }
}

fn read_int(
    v: &serde_json::Value,
    path: &str,
    lo: u64,
    hi: u64,
    issues: &mut Vec<Issue>,
) -> Option<u64> {
    match v.as_u64() {
        Some(n) if (lo..=hi).contains(&n) => Some(n),
        _ => {
            let s = v.to_string();
            let s: String = s.chars().take(24).collect();
            issues.push(Issue::new(
                path,
                format!("must be a whole number from {lo} to {hi}, got {s}"),
            ));
            None
        }
    }
}

/// Reads `"workload": {"name": …, "seed": …}` into its name, seed and generated weights.
fn read_workload(
    v: &serde_json::Value,
    issues: &mut Vec<Issue>,
) -> Option<((String, u64), Vec<u64>)> {
    let known = || {
        WORKLOADS
            .iter()
            .map(|w| format!("\"{}\"", w.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(obj) = v.as_object() else {
        issues.push(Issue::new(
            "workload",
            "must be an object such as {\"name\": \"blunt-like\", \"seed\": 1}",
        ));
        return None;
    };
    if let Some(k) = obj.keys().find(|k| !matches!(k.as_str(), "name" | "seed")) {
        let k: String = k.chars().take(24).collect();
        issues.push(Issue::new(
            "workload",
            format!("unknown field \"{k}\" (known: \"name\", \"seed\")"),
        ));
        return None;
    }
    let name = obj.get("name").and_then(serde_json::Value::as_str);
    let Some(w) = name.and_then(Workload::named) else {
        issues.push(Issue::new(
            "workload.name",
            format!("must be one of {}", known()),
        ));
        return None;
    };
    let seed = match obj.get("seed") {
        None => 1,
        Some(s) => read_int(s, "workload.seed", 0, u64::MAX, issues)?,
    };
    Some(((w.name.to_owned(), seed), w.weights(seed)))
}

impl RawChains {
    pub(super) fn validate(self) -> Result<Chains, Issues> {
        let mut issues = Vec::new();
        let (workload, weights) = match (&self.workload, &self.weights) {
            (Some(_), Some(_)) => {
                issues.push(Issue::new(
                    "workload",
                    "give either weights or a workload, not both",
                ));
                (None, None)
            }
            (Some(v), None) => match read_workload(v, &mut issues) {
                Some((r, w)) => (Some(r), Some(w)),
                None => (None, None),
            },
            (None, raw) => (
                None,
                read_list("weights", raw.as_ref(), MAX_TASKS, "weights", &mut issues),
            ),
        };
        let speeds = read_list(
            "speeds",
            self.speeds.as_ref(),
            MAX_PROCESSORS,
            "speeds",
            &mut issues,
        );
        if let Some(w) = &weights {
            read_total("weights", w, MAX_TOTAL_WEIGHT, &mut issues);
        }
        if let Some(e) = &speeds {
            read_total("speeds", e, MAX_TOTAL_SPEED, &mut issues);
        }
        let orders = self
            .orders
            .as_ref()
            .and_then(|v| read_int(v, "orders", 1, MAX_ORDERS as u64, &mut issues))
            .and_then(|n| usize::try_from(n).ok());
        let seed = self
            .seed
            .as_ref()
            .and_then(|v| read_int(v, "seed", 0, u64::MAX, &mut issues));
        match (weights, speeds) {
            (Some(weights), Some(speeds)) if issues.is_empty() => Ok(Chains {
                weights: weights.into(),
                speeds,
                orders,
                seed,
                workload,
            }),
            _ => Err(Issues(issues)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::families::Instance;

    fn read(body: &str) -> Result<Instance, String> {
        let text = format!(r#"{{"problem":"chains","version":1{body}}}"#);
        Instance::from_json(&text).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_exact_numbers_and_round_trips() {
        let inst = read(r#","weights":[3,"1","4/1","1.0",5],"speeds":[1,2],"orders":10,"seed":23"#)
            .unwrap();
        let Instance::Chains(c) = &inst else {
            panic!("not chains")
        };
        assert_eq!(c.weights[..], [3, 1, 4, 1, 5]);
        assert_eq!(c.input().orders, 10);
        assert_eq!(Instance::from_json(&inst.to_json()).unwrap(), inst);
        assert_eq!(inst.problem(), "chains");
    }

    #[test]
    fn a_named_workload_is_generated_and_written_back_by_name() {
        let inst = read(r#","workload":{"name":"blunt-like","seed":1},"speeds":[1,2,3]"#).unwrap();
        let Instance::Chains(c) = &inst else {
            panic!("not chains")
        };
        assert_eq!(c.weights.len(), 20_600);
        assert_eq!(
            c.weights.iter().sum::<u64>(),
            2_139_384,
            "chains.md §9.4 W_tot"
        );
        let json = inst.to_json();
        assert!(json.len() < 200 && json.contains("blunt-like"), "{json}");
        assert_eq!(Instance::from_json(&json).unwrap(), inst);
        for (body, want) in [
            (
                r#","workload":{"name":"nope"},"speeds":[1]"#,
                "workload.name: must be one of \"blunt-like\"",
            ),
            (
                r#","workload":{"name":"blunt-like","x":1},"speeds":[1]"#,
                "workload: unknown field \"x\"",
            ),
            (
                r#","workload":"blunt-like","speeds":[1]"#,
                "workload: must be an object",
            ),
            (
                r#","workload":{"name":"blunt-like"},"weights":[1],"speeds":[1]"#,
                "workload: give either weights or a workload",
            ),
            (
                r#","workload":{"name":"blunt-like","seed":-1},"speeds":[1]"#,
                "workload.seed: must be a whole number",
            ),
        ] {
            let err = read(body).unwrap_err();
            assert!(err.contains(want), "{body}: {err}");
        }
    }

    #[test]
    fn bad_inputs_name_their_field_and_value() {
        let cases = [
            (r#","weights":[],"speeds":[1]"#, "weights: at least one weight is required"),
            (r#","weights":[1],"speeds":[]"#, "speeds: at least one speed is required"),
            (r#","weights":[1,0,-2],"speeds":[1]"#, "weights[1]: must be > 0, got 0"),
            (r#","weights":[1,0,-2],"speeds":[1]"#, "weights[2]: must be > 0, got -2"),
            (r#","weights":[1,2.5],"speeds":[1]"#, "weights[1]: must be a whole number (scale non-integer weights to integers first), got 2.5"),
            (r#","weights":[1],"speeds":[0]"#, "speeds[0]: must be > 0, got 0"),
            (r#","weights":[1],"speeds":["1/2"]"#, "speeds[0]: must be a whole number"),
            (r#","weights":[1],"speeds":["x"]"#, "speeds[0]: "),
            (r#","weights":[1],"speeds":["inf"]"#, "speeds[0]: must be finite"),
            (r#","weights":[1],"speeds":[1],"orders":0"#, "orders: must be a whole number from 1 to 10000, got 0"),
            (r#","weights":[1],"speeds":[1],"seed":-1"#, "seed: must be a whole number"),
            (r#","weights":[1],"speeds":[1],"speed":[1]"#, "unknown field \"speed\""),
            (r#","speeds":[1]"#, "weights: missing"),
            (r#","weights":[1099511627776,1],"speeds":[1]"#, "weights: the total must be at most 1099511627776"),
            (r#","weights":[1],"speeds":[16777216,1]"#, "speeds: the total must be at most 16777216"),
        ];
        for (body, want) in cases {
            let e = read(body).unwrap_err();
            assert!(e.contains(want), "want {want:?} in {e:?} for {body}");
        }
        // Every problem is listed, not only the first.
        let e = read(r#","weights":[0, 1.5],"speeds":[0]"#).unwrap_err();
        assert_eq!(e.lines().count(), 3, "{e}");
        let many = vec!["1"; crate::chains::MAX_PROCESSORS + 1].join(",");
        let e = read(&format!(r#","weights":[1],"speeds":[{many}]"#)).unwrap_err();
        assert!(e.contains("at most 4096"), "{e}");
    }
}
