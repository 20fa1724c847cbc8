//! What the broadcast page shows beside the figure that the run does not hold: the optimal
//! throughputs of both port models on the same platform (broadcast.md §8.2, U4), with the
//! unidirectional model's naive port-sum bound. Computed once with the run in the solver
//! worker, never while drawing; `hetlab solve --explain` writes them into the result document
//! ([`explained`]).

#[cfg(feature = "solve")]
use serde_json::Value;

#[cfg(feature = "solve")]
use super::dispatch::{self, Run};
#[cfg(feature = "solve")]
use super::{Broadcast, PortModel};
use crate::rational::Q;
#[cfg(feature = "solve")]
use crate::report::Status;

/// Both port models' optima on one platform (§8.2 U4): `None` where that model's optimum is
/// not computed here (over its size limits; `note` says why).
#[derive(
    Clone, Debug, Default, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin,
)]
pub struct PortModels {
    /// `ρ*` under the bidirectional one-port model (§2).
    #[serde(serialize_with = "crate::rational::exact")]
    pub bidirectional: Option<Q>,
    /// `ρ*` under the unidirectional one-port model (§6).
    #[serde(serialize_with = "crate::rational::exact")]
    pub unidirectional: Option<Q>,
    /// The unidirectional model's naive port-sum bound (§6.1, U0): not reachable in general.
    #[serde(serialize_with = "crate::rational::exact")]
    pub naive: Option<Q>,
    /// Why a value is missing (a size limit), in a sentence.
    pub note: Option<String>,
}

/// Everything the broadcast page shows beside the state at step `k` that needs a solver.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin,
)]
pub struct BroadcastExtras {
    /// Both port models' optima, for a broadcast to every node from a source that reaches
    /// them all with something to send; `None` otherwise (multicast, infeasible, unbounded).
    pub port_models: Option<PortModels>,
}

/// `(ρ*, the naive bound)` of one port model.
#[cfg(feature = "solve")]
type Optimum = (Option<Q>, Option<Q>);

/// `(ρ*, naive bound)` of `run` when it is the optimum of its model (`lp`, status optimal).
#[cfg(feature = "solve")]
fn optimum_of(run: &Run) -> Option<Optimum> {
    match run {
        Run::Broadcast(t) if t.solution.status == Status::Optimal && t.solution.lp.is_some() => {
            Some((t.solution.throughput.clone(), None))
        }
        Run::Unidirectional(t) if t.solution.status == Status::Optimal => Some((
            t.solution.throughput.clone(),
            t.solution.bounds.naive.clone(),
        )),
        _ => None,
    }
}

/// The optimum of `input` under `model` (its `lp`): `Ok(None)` when there is none to compare
/// (infeasible, unbounded), `Err` with the refusal (size limits).
#[cfg(feature = "solve")]
fn optimum(input: &Broadcast, model: PortModel) -> Result<Option<Optimum>, String> {
    let mut other = input.clone();
    other.port_model = model;
    if let Some(why) = dispatch::over_limits(&other, "lp") {
        return Err(why);
    }
    dispatch::run_with(&other, "lp", false)
        .map(|r| optimum_of(&r))
        .map_err(|e| e.to_string())
}

/// Both port models' optima on `input`'s platform, reusing `run` when it is one of them.
#[cfg(feature = "solve")]
#[must_use]
pub fn port_models(input: &Broadcast, algorithm: &str, run: &Run) -> Option<PortModels> {
    port_models_within(input, algorithm, run, usize::MAX)
}

/// [`port_models`], solving the other port model only on a platform of at most `most_nodes`
/// nodes (the unidirectional LP of 20 nodes takes 0.6 s natively, 20 times the bidirectional
/// one: a page solves it beside every run only where that stays quick).
#[cfg(feature = "solve")]
#[must_use]
pub fn port_models_within(
    input: &Broadcast,
    algorithm: &str,
    run: &Run,
    most_nodes: usize,
) -> Option<PortModels> {
    if input.targets.is_some() {
        return None;
    }
    let size = input.platform.nodes.len();
    let reused = (algorithm == "lp").then(|| optimum_of(run)).flatten();
    let mut out = PortModels::default();
    let mut notes = Vec::new();
    for model in [PortModel::Bidirectional, PortModel::Unidirectional] {
        let found = match &reused {
            Some(r) if model == input.port_model => Ok(Some(r.clone())),
            _ if model != input.port_model && size > most_nodes => Err(format!(
                "The {} model is not solved beside a platform of more than {most_nodes} nodes here (it can take seconds): hetlab solve --explain gives it.",
                if model == PortModel::Unidirectional { "unidirectional" } else { "bidirectional" }
            )),
            _ => optimum(input, model),
        };
        let (rho, naive) = match found {
            Ok(Some(v)) => v,
            // Infeasible or unbounded under one model is so under both: nothing to compare.
            Ok(None) => return None,
            Err(why) => {
                notes.push(why);
                (None, None)
            }
        };
        if model == PortModel::Bidirectional {
            out.bidirectional = rho;
        } else {
            out.unidirectional = rho;
            out.naive = naive;
        }
    }
    out.note = (!notes.is_empty()).then(|| notes.join(" "));
    (out.bidirectional.is_some() || out.unidirectional.is_some()).then_some(out)
}

/// The extras of the run on `input`.
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(input: &Broadcast, algorithm: &str, run: &Run) -> BroadcastExtras {
    extras_within(input, algorithm, run, usize::MAX)
}

/// [`extras`], with the other port model solved only up to `most_nodes` nodes
/// ([`port_models_within`]).
#[cfg(feature = "solve")]
#[must_use]
pub fn extras_within(
    input: &Broadcast,
    algorithm: &str,
    run: &Run,
    most_nodes: usize,
) -> BroadcastExtras {
    BroadcastExtras {
        port_models: port_models_within(input, algorithm, run, most_nodes),
    }
}

/// The result document of the run with the extras: `port_models` (`bidirectional`,
/// `unidirectional`, `naive`, exact; `note`), `null` when there is nothing to compare.
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(
    input: &Broadcast,
    algorithm: &str,
    run: &Run,
    x: &BroadcastExtras,
    with_trace: bool,
) -> Value {
    let doc = dispatch::result(input, algorithm, run, with_trace);
    let models = serde_json::to_value(&x.port_models).unwrap_or(Value::Null);
    crate::report::explained(doc, vec![("port_models", models)])
}

#[cfg(all(test, feature = "solve"))]
mod tests {
    use super::*;
    use crate::families::Instance;
    use crate::rational::q;

    fn preset(name: &str) -> Broadcast {
        match crate::presets::get(name) {
            Some(Instance::Broadcast(b)) => b,
            other => panic!("{name}: {other:?}"),
        }
    }

    fn models(name: &str, model: PortModel, algorithm: &str) -> Option<PortModels> {
        let mut b = preset(name);
        b.port_model = model;
        let run = dispatch::run_with(&b, algorithm, false).unwrap();
        extras(&b, algorithm, &run).port_models
    }

    #[test]
    fn both_port_models_of_the_spec_examples() {
        // broadcast.md §9.1–§9.5: (bi, uni, naive) where the spec gives the naive bound.
        let want = [
            ("broadcast-e1", q(1, 1), q(2, 3), Some(q(3, 4))),
            ("broadcast-e2", q(3, 4), q(1, 2), Some(q(5, 8))),
            ("broadcast-e3", q(5, 11), q(3, 10), Some(q(3, 10))),
            ("broadcast-e4", q(1, 2), q(2, 5), Some(q(4, 9))),
            ("broadcast-e5", q(1, 4), q(1, 5), None),
        ];
        for (name, bi, uni, naive) in want {
            for (model, algorithm) in [
                (PortModel::Bidirectional, "lp"),
                (PortModel::Unidirectional, "lp"),
                (PortModel::Bidirectional, "star"),
            ] {
                let m = models(name, model, algorithm).unwrap();
                assert_eq!(
                    m.bidirectional,
                    Some(bi.clone()),
                    "{name} {model:?} {algorithm}"
                );
                assert_eq!(m.unidirectional, Some(uni.clone()), "{name} {model:?}");
                if let Some(n) = &naive {
                    assert_eq!(m.naive.as_ref(), Some(n), "{name}: naive bound");
                }
                assert_eq!(m.note, None);
            }
        }
    }

    /// Past the page's size, only the run's own model is solved, and the note says where the
    /// other is (E1 has 3 nodes).
    #[test]
    fn the_other_model_waits_past_the_size_given() {
        let b = preset("broadcast-e1");
        let run = dispatch::run_with(&b, "lp", false).unwrap();
        let m = port_models_within(&b, "lp", &run, 2).unwrap();
        assert_eq!((m.bidirectional, m.unidirectional), (Some(q(1, 1)), None));
        assert!(m.note.unwrap().contains("hetlab solve --explain gives it"));
        let all = port_models_within(&b, "lp", &run, 3).unwrap();
        assert_eq!(all.unidirectional, Some(q(2, 3)));
    }

    #[test]
    fn nothing_to_compare_on_multicast_or_unreachable_platforms() {
        let e6 = preset("broadcast-e6");
        let run = dispatch::run_with(&e6, "lp", false).unwrap();
        assert_eq!(extras(&e6, "lp", &run).port_models, None);
        let mut cut = preset("broadcast-e2");
        cut.platform.links.retain(|l| l.to != 2 && l.from != 2);
        let run = dispatch::run_with(&cut, "lp", false).unwrap();
        assert_eq!(extras(&cut, "lp", &run).port_models, None);
    }
}
