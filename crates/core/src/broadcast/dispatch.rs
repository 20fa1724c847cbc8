//! One entry for a `broadcast` instance, whatever it asks: a broadcast under the bidirectional
//! model (pipelines B and T), a multicast (`targets`, pipeline M) or a broadcast under the
//! unidirectional model (pipeline U). The command line and the page both go through [`run`],
//! and [`result`] writes the result document of formats.md §4 with node ids in place of
//! indices.

#[cfg(feature = "solve")]
use serde_json::{json, Value};

use super::multicast::{self, MulticastSolution, MulticastStep};
#[cfg(feature = "solve")]
use super::solve_traced_within;
#[cfg(feature = "solve")]
use super::unidirectional::transform_run;
#[cfg(feature = "solve")]
use super::unidirectional::NodeKind;
use super::unidirectional::{self, TransformSolution, TransformStep, UniSolution, UniStep};
use super::{BroadcastError, BroadcastInput, BroadcastSolution, PortModel, SizeLimits, Step};
#[cfg(feature = "solve")]
use crate::error::SolveError;
#[cfg(feature = "solve")]
use crate::family::Limits;
use crate::rational::Q;
#[cfg(feature = "solve")]
use crate::report::{document, trace_json};
use crate::trace::Traced;

/// A solved broadcast instance, with its trace.
#[allow(clippy::large_enum_variant)] // One per page; boxing buys nothing.
#[derive(Debug, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub enum Run {
    /// Bidirectional broadcast (LP + trees, or a baseline).
    Broadcast(Traced<BroadcastSolution, Step>),
    /// Multicast to `targets`.
    Multicast(Traced<MulticastSolution, MulticastStep>),
    /// Broadcast under the unidirectional model.
    Unidirectional(Traced<UniSolution, UniStep>),
    /// A node transformation of §6.5 (`split-nodes`, `delta-port-nodes`).
    Transformed(Traced<TransformSolution, TransformStep>),
}

/// The algorithm names offered for this instance (the default first).
#[must_use]
pub fn algorithms(input: &BroadcastInput) -> &'static [&'static str] {
    if input.targets.is_some() {
        &[
            "lp",
            "multicast-scatter",
            "multicast-pruned",
            "multicast-augmented",
            "multicast-exact",
        ]
    } else if input.port_model == PortModel::Unidirectional {
        // Column generation, then the baselines of §7 evaluated under this model.
        &[
            "lp",
            "best-tree",
            "star",
            "chain",
            "binomial",
            "greedy-tree",
            "spt",
            "lp-heaviest-tree",
            "lp-usage-tree",
            "split-nodes",
            "delta-port-nodes",
        ]
    } else {
        &[
            "lp",
            "tree-colgen",
            "best-tree",
            "star",
            "chain",
            "binomial",
            "greedy-tree",
            "spt",
            "lp-heaviest-tree",
            "lp-usage-tree",
        ]
    }
}

/// Solves `input` with `algorithm`, with its trace.
///
/// # Errors
/// An unknown algorithm for this kind of instance, a multicast under the unidirectional model
/// (no method in broadcast.md), or the solver's own message (size limits, ...).
#[cfg(feature = "solve")]
pub fn run(input: &BroadcastInput, algorithm: &str) -> Result<Run, SolveError> {
    run_with(input, algorithm, true)
}

#[cfg(feature = "solve")]
fn plain<T, S, E>(solution: Result<T, E>) -> Result<Traced<T, S>, E> {
    solution.map(|solution| Traced {
        solution,
        trace: crate::trace::Trace::default(),
    })
}

/// As [`run`]; `traced: false` records no step (the solution is the same).
///
/// # Errors
/// As [`run`].
#[cfg(feature = "solve")]
pub fn run_with(input: &BroadcastInput, algorithm: &str, traced: bool) -> Result<Run, SolveError> {
    run_within(input, algorithm, traced, Limits::Default)
}

/// Why [`run`] would refuse `input` with `algorithm` under the default size limits, checked
/// without solving (the bidirectional `lp` pipelines, the unidirectional model and multicast;
/// the baselines have their own checks).
#[must_use]
pub fn over_limits(input: &BroadcastInput, algorithm: &str) -> Option<String> {
    let p = &input.platform;
    let (n, m) = (p.nodes.len(), p.arcs().len());
    match (&input.targets, input.port_model) {
        (None, PortModel::Unidirectional) => unidirectional::over_limits(n, m),
        (Some(_), PortModel::Bidirectional) => multicast::over_limits(n, m),
        (None, PortModel::Bidirectional) if algorithm == "lp" || algorithm == "tree-colgen" => {
            let l = SizeLimits::default();
            (n > l.max_nodes || m > l.max_arcs).then(|| {
                BroadcastError::TooLarge {
                    nodes: n,
                    arcs: m,
                    max_nodes: l.max_nodes,
                    max_arcs: l.max_arcs,
                }
                .to_string()
            })
        }
        _ => None,
    }
}

/// As [`run_with`], under the given size [`Limits`] ([`Limits::Lifted`] lifts the node and
/// arc limits of the bidirectional pipeline and of the unidirectional column generation).
///
/// # Errors
/// As [`run`].
#[cfg(feature = "solve")]
pub fn run_within(
    input: &BroadcastInput,
    algorithm: &str,
    traced: bool,
    limits: Limits,
) -> Result<Run, SolveError> {
    let known = algorithms(input);
    if !known.contains(&algorithm) {
        return Err(SolveError::Unknown(format!(
            "unknown algorithm \"{algorithm}\" for this instance (known: {})",
            known.join(", ")
        )));
    }
    let (p, s) = (&input.platform, input.source);
    // §6.5: every node emulates another port model on the unidirectional platform.
    let kind = match algorithm {
        "split-nodes" => Some(NodeKind::Bidirectional),
        "delta-port-nodes" => Some(NodeKind::DeltaPort),
        _ => None,
    };
    if let Some(kind) = kind {
        let run = if traced {
            transform_run::run_traced(p, s, kind)
        } else {
            plain(transform_run::run(p, s, kind, &mut |_| {}))
        };
        return run.map(Run::Transformed);
    }
    // A baseline under the unidirectional model runs in pipeline T, which reads the model.
    let route = if input.targets.is_none() && algorithm != "lp" {
        PortModel::Bidirectional
    } else {
        input.port_model
    };
    match (&input.targets, route) {
        (Some(_), PortModel::Unidirectional) => Err(SolveError::NotApplicable(
            "multicast under the unidirectional model has no method in broadcast.md: remove \"targets\" or use \"port_model\": \"bidirectional\"".to_owned(),
        )),
        (Some(targets), PortModel::Bidirectional) => {
            multicast::solve_multicast_within(p, s, targets, algorithm, limits, traced)
                .map(Run::Multicast)
        }
        (None, PortModel::Unidirectional) => {
            unidirectional::solve_unidirectional_within(p, s, limits, traced)
                .map(Run::Unidirectional)
        }
        (None, PortModel::Bidirectional) => {
            let size = match limits {
                Limits::Default => SizeLimits::default(),
                Limits::Lifted => SizeLimits::lifted(),
            };
            if traced {
                solve_traced_within(input, algorithm, &size)
            } else {
                plain(super::solve_within(input, algorithm, &size))
            }
            .map(Run::Broadcast)
            .map_err(|e| match e {
                BroadcastError::TooLarge { .. } => SolveError::TooLarge(e.to_string()),
                e => SolveError::failed(e),
            })
        }
    }
}

impl Run {
    /// The throughput (`None` = `+∞`).
    #[must_use]
    pub fn throughput(&self) -> Option<&Q> {
        match self {
            Run::Broadcast(t) => t.solution.throughput.as_ref(),
            Run::Multicast(t) => t.solution.throughput.as_ref(),
            Run::Unidirectional(t) => t.solution.throughput.as_ref(),
            Run::Transformed(t) => t.solution.throughput.as_ref(),
        }
    }

    /// Number of steps of the trace.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Run::Broadcast(t) => t.trace.len(),
            Run::Multicast(t) => t.trace.len(),
            Run::Unidirectional(t) => t.trace.len(),
            Run::Transformed(t) => t.trace.len(),
        }
    }

    /// No step at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The status, the solution's fields and (when asked) the trace of one run.
#[cfg(feature = "solve")]
fn parts<T: serde::Serialize, S: crate::trace::Step + serde::Serialize>(
    t: &Traced<T, S>,
    status: Value,
    ctx: &S::Context<'_>,
    with_trace: bool,
) -> (Value, Value, Option<Vec<Value>>) {
    (
        status,
        serde_json::to_value(&t.solution).unwrap_or_default(),
        with_trace.then(|| trace_json(&t.trace.steps, ctx)),
    )
}

/// The result document (formats.md §4): status, objective `throughput` (`"inf"` when there is
/// nothing to send), the family fields of broadcast.md §0.1 with trees as `[from, to]` id pairs,
/// `steps`, and the trace when asked.
#[cfg(feature = "solve")]
#[must_use]
pub fn result(input: &BroadcastInput, algorithm: &str, run: &Run, with_trace: bool) -> Value {
    let ids = input.platform.ids();
    let arcs = input.platform.arcs();
    let ctx = super::step::Context {
        ids: &ids,
        arcs: &arcs,
    };
    let (status, fields, trace) = match run {
        Run::Broadcast(t) => parts(t, json!(t.solution.status), &ctx, with_trace),
        Run::Multicast(t) => parts(t, json!(t.solution.status), &ctx, with_trace),
        Run::Unidirectional(t) => parts(t, json!(t.solution.status), &ctx, with_trace),
        Run::Transformed(t) => parts(t, json!(t.solution.status), &ctx, with_trace),
    };
    let objective = match run.throughput() {
        Some(rho) => crate::report::objective("throughput", rho),
        None => json!({"name": "throughput", "value": "inf", "value_exact": "inf"}),
    };
    let mut fields = fields;
    if let Value::Object(m) = &mut fields {
        // The envelope carries these; the solution's own copies would only disagree in form.
        for k in ["algorithm", "status", "objective", "throughput"] {
            m.remove(k);
        }
    }
    // Node ids and `[from, to]` arcs everywhere, as the trees always had.
    super::ids::ids_everywhere(&mut fields, &ids, &arcs);
    let mut out = document(
        "broadcast",
        algorithm,
        status.as_str().unwrap_or("optimal"),
        objective,
        fields,
    );
    if let Some(t) = trace {
        out["steps"] = json!(t.len());
        out["trace"] = Value::Array(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Instance;

    fn preset(name: &str) -> BroadcastInput {
        match crate::presets::get(name) {
            Some(Instance::Broadcast(b)) => b,
            other => panic!("{name}: {other:?}"),
        }
    }

    fn solve(input: &BroadcastInput, algorithm: &str) -> Value {
        let run = run(input, algorithm).unwrap();
        result(input, algorithm, &run, true)
    }

    /// broadcast.md §9.2: three trees of weight 1/4 beat the best single tree (1/2); the
    /// unidirectional model gives 1/2.
    #[test]
    fn e2_in_both_models_with_ids_in_the_trees() {
        let mut e2 = preset("broadcast-e2");
        let v = solve(&e2, "lp");
        assert_eq!(
            (v["status"].as_str(), v["objective"]["value_exact"].as_str()),
            (Some("optimal"), Some("3/4"))
        );
        let trees = v["trees"].as_array().unwrap();
        assert_eq!(trees.len(), 3);
        assert_eq!(trees[0]["arcs"], json!([["s", "a"], ["s", "b"]]));
        assert!(trees.iter().all(|t| t["weight"] == "1/4"));
        assert_eq!(
            v["steps"].as_u64(),
            Some(v["trace"].as_array().unwrap().len() as u64)
        );
        let best = solve(&e2, "best-tree");
        assert_eq!(
            (
                best["status"].as_str(),
                best["objective"]["value_exact"].as_str()
            ),
            (Some("heuristic"), Some("1/2"))
        );
        e2.port_model = PortModel::Unidirectional;
        let v = solve(&e2, "lp");
        assert_eq!(v["objective"]["value_exact"], "1/2");
        assert!(v["matchings"][0]["arcs"][0].is_array());
        // The baselines are evaluated under the unidirectional model too (star: 1/2).
        assert_eq!(solve(&e2, "star")["objective"]["value_exact"], "1/2");
    }

    /// broadcast.md §9.6: UB 2/3, exact 1/2, LB 1/3; the default reports the best heuristic.
    #[test]
    fn e6_multicast_bounds_and_exact_value() {
        let e6 = preset("broadcast-e6");
        let v = solve(&e6, "lp");
        assert_eq!(v["objective"]["value_exact"], "1/2");
        assert_eq!(v["status"], "heuristic");
        let exact = solve(&e6, "multicast-exact");
        assert_eq!(
            (
                exact["status"].as_str(),
                exact["objective"]["value_exact"].as_str()
            ),
            (Some("optimal"), Some("1/2"))
        );
        let lb = solve(&e6, "multicast-scatter");
        assert_eq!(lb["objective"]["value_exact"], "1/3");
        assert!(run(&e6, "best-tree")
            .unwrap_err()
            .to_string()
            .contains("unknown algorithm"));
        let mut uni = e6.clone();
        uni.port_model = PortModel::Unidirectional;
        assert!(run(&uni, "lp")
            .unwrap_err()
            .to_string()
            .contains("no method"));
    }

    /// A single node has nothing to send: status `unbounded`, throughput `inf` (§10).
    #[test]
    fn nothing_to_send_is_unbounded() {
        let text =
            r#"{"problem":"broadcast","version":1,"source":"s","platform":{"nodes":[{"id":"s"}]}}"#;
        let Ok(Instance::Broadcast(b)) = Instance::from_json(text) else {
            panic!("reads")
        };
        let v = solve(&b, "lp");
        assert_eq!(v["status"], "unbounded");
        assert_eq!(v["objective"]["value_exact"], "inf");
    }
}
