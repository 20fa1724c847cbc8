//! Results of the steady-state family as JSON (formats.md section 4): the same document for the
//! command line and the web app's JSON export.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde_json::{json, Map, Value};

use super::pipeline::{Context, PipeStep, Pipeline};
use super::tree::{TreeSolution, TreeStep};
use super::Rates;
use crate::platform::{Arc, NodeId, Platform};
use crate::rational::{Exact, Q};
use crate::report::trace_json;
use crate::steady_state::SteadyState;
use crate::trace::Trace;

use super::extras::{LpExtras, TreeCheck, PERIODS};
use super::face::{Face, Var};
use super::{notes, Binding};

/// `{"id": "p/q"}` for the nonzero entries of a per-node vector.
fn per_node(ids: &[NodeId], values: &[Q]) -> Value {
    let mut m = Map::new();
    for (i, v) in values.iter().enumerate().filter(|(_, v)| !v.is_zero()) {
        m.insert(ids[i].to_string(), v.exact());
    }
    Value::Object(m)
}

/// `[{"from", "to", "rate"}]` for the nonzero entries of a per-arc vector.
fn per_arc(ids: &[NodeId], arcs: &[Arc], values: &[Q]) -> Value {
    Value::Array(
        arcs.iter()
            .zip(values)
            .filter(|(_, r)| !r.is_zero())
            .map(|(a, r)| json!({"from": ids[a.from], "to": ids[a.to], "rate": r.exact()}))
            .collect(),
    )
}

fn objective(rho: &Q) -> Value {
    crate::report::objective("throughput", rho)
}

fn rates(p: &Platform, r: &Rates) -> (Value, Value) {
    let ids = p.ids();
    (per_node(&ids, &r.x), per_arc(&ids, &p.arcs(), &r.f))
}

/// The result document of the general pipeline (LP, routes, periodic schedule), in the words of
/// steady-state.md appendix A, with the `extras` of the page when given; with `trace`, one
/// object per step.
#[must_use]
pub fn pipeline_result(
    inst: &SteadyState,
    pipe: &Pipeline,
    extras: Option<&LpExtras>,
    trace: &Trace<PipeStep>,
    with_trace: bool,
) -> Value {
    let p = &inst.platform;
    let ids = p.ids();
    let arcs = p.arcs();
    let (x, f) = rates(p, &pipe.lp.rates);
    let name = |i: usize| ids[i].clone();
    let arc_ends = |k: usize| json!([name(arcs[k].from), name(arcs[k].to)]);
    let routes: Vec<Value> = pipe
        .allocations
        .iter()
        .map(|a| {
            json!({"master": name(a.master), "worker": name(a.worker),
                   "path_in": a.path_in.iter().map(|&k| arc_ends(k)).collect::<Vec<_>>(),
                   "path_out": a.path_out.iter().map(|&k| arc_ends(k)).collect::<Vec<_>>(),
                   "weight": a.weight.exact()})
        })
        .collect();
    let mut out = json!({
        "problem": "steady-state", "algorithm": "lp", "status": "optimal",
        "objective": objective(&pipe.lp.throughput),
        "comm_min": pipe.lp.comm_min.exact(),
        "x": x, "f": f,
    });
    if inst.data_out.is_positive() {
        out["g"] = per_arc(&ids, &arcs, &pipe.lp.g);
    }
    out["allocations"] = Value::Array(routes);
    if let Some(pat) = &pipe.pattern {
        let matchings: Vec<Value> = pat
            .decomposition
            .matchings
            .iter()
            .map(|m| json!({"mu": m.mu.exact(), "edges": m.edges.iter().map(|&(i, j)| json!([name(i), name(j)])).collect::<Vec<_>>()}))
            .collect();
        let slots: Vec<Value> = pat
            .slots
            .iter()
            .map(|s| {
                let transfers: Vec<Value> = s
                    .arcs
                    .iter()
                    .map(|t| json!({"from": name(arcs[t.arc].from), "to": name(arcs[t.arc].to), "inputs": t.inputs.exact(), "results": t.results.exact()}))
                    .collect();
                json!({"start": s.start.exact(), "end": s.end().exact(), "transfers": transfers})
            })
            .collect();
        let n = per_node(
            &ids,
            &pat.n
                .iter()
                .map(|v| Q::from_integer(v.clone()))
                .collect::<Vec<_>>(),
        );
        out["period"] = json!({
            "T": pat.period_t.exact(), "n": n, "delta": pat.decomposition.delta.exact(),
            "matchings": matchings, "A": pat.scale_a.exact(), "L": pat.length.exact(),
            "tasks_per_period": pat.tasks().exact(), "slots": slots,
        });
    }
    out["warnings"] = json!(notes::warnings(inst));
    if let Some(why) = notes::zero_throughput(&pipe.lp.throughput) {
        out["message"] = json!(why);
    }
    if let Some(x) = extras {
        extras_json(inst, x, &pipe.lp.throughput, &mut out);
    }
    if with_trace {
        out["steps"] = json!(trace.len());
        let ctx = Context {
            ids: &ids,
            arcs: &arcs,
            pipeline: pipe,
        };
        out["trace"] = Value::Array(trace_json(&trace.steps, &ctx));
    }
    out
}

/// The result document of the tree closed form; with `trace`, one object per step.
#[must_use]
pub fn tree_result(
    inst: &SteadyState,
    sol: &TreeSolution,
    trace: &Trace<TreeStep>,
    with_trace: bool,
) -> Value {
    let p = &inst.platform;
    let ids = p.ids();
    let by_node = |values: Vec<(usize, Value)>| -> Value {
        Value::Object(
            values
                .into_iter()
                .map(|(i, v)| (ids[i].to_string(), v))
                .collect(),
        )
    };
    let (x, f) = rates(p, &sol.rates);
    let rho_sub = by_node(
        sol.rho_sub
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_ref().map(|v| (i, v.exact())))
            .collect(),
    );
    let class = by_node(
        sol.class
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (i, json!(c))))
            .collect(),
    );
    let usage = by_node(
        sol.usage
            .iter()
            .enumerate()
            .map(|(i, u)| (i, json!(u)))
            .collect(),
    );
    let sched = &sol.schedule;
    let sends: Vec<Value> = sched
        .sends
        .iter()
        .map(|s| {
            json!({"from": ids[s.from], "to": ids[s.to], "count": s.count.exact(),
                   "start": s.start.exact(), "end": s.end.exact()})
        })
        .collect();
    let n: Map<String, Value> = sched
        .n
        .iter()
        .enumerate()
        .filter(|(_, k)| !k.is_zero())
        .map(|(i, k)| (ids[i].to_string(), k.exact()))
        .collect();
    let period = json!({
        "T": sched.period_t.exact(), "n": n, "A": 1, "L": sched.period_t.exact(),
        "tasks_per_period": sched.tasks().exact(), "sends": sends,
    });
    let done = sched.full_run(PERIODS);
    let mut out = json!({
        "problem": "steady-state", "algorithm": "tree", "status": "optimal",
        "objective": objective(&sol.throughput),
        "master": ids[sol.root], "x": x, "f": f,
        "rho_sub": rho_sub, "class": class, "usage": usage,
        "period": period,
        "full_run": full_run_json(&done, &sol.throughput),
        "warnings": notes::warnings(inst),
    });
    if let Some(why) = notes::zero_throughput(&sol.throughput) {
        out["message"] = json!(why);
    }
    if with_trace {
        out["steps"] = json!(trace.len());
        out["trace"] = Value::Array(trace_json(&trace.steps, ids.as_slice()));
    }
    out
}

/// The tree's cross-check (sections 3 and 5.2 state 3) as JSON: `{"closed_form", "lp",
/// "equal"}`, or the LP's refusal in `"lp_error"`.
#[must_use]
pub fn tree_check_json(check: &TreeCheck) -> Value {
    match &check.lp {
        Ok(lp) => {
            json!({"closed_form": check.closed_form.exact(), "lp": lp.exact(), "equal": check.equal()})
        }
        Err(why) => {
            json!({"closed_form": check.closed_form.exact(), "lp_error": why, "equal": false})
        }
    }
}

/// The full run of section 4.8 as JSON: tasks done after each period against the bound `ρ*·t`.
#[must_use]
pub fn full_run_json(points: &[(Q, BigInt)], rho: &Q) -> Value {
    let (time, last) = points.last().map_or_else(
        || (Q::zero(), BigInt::zero()),
        |(t, d)| (t.clone(), d.clone()),
    );
    let bound = rho * &time;
    let ratio = if bound.is_zero() {
        Q::zero()
    } else {
        Q::from_integer(last) / &bound
    };
    json!({
        "periods": points.len(),
        "completed": points.iter().map(|(t, d)| json!({"time": t.exact(), "tasks": d.exact()})).collect::<Vec<_>>(),
        "bound": bound.exact(),
        "ratio": ratio.exact(),
    })
}

/// The page's extras in the result document: `why` (saturated resources and the prices that
/// prove `ρ*`, section 2.10), `models` (2.8), `best_tree` (3.6), `full_run` (4.8) and
/// `latency` (4.9), every node named by its id.
fn extras_json(inst: &SteadyState, x: &LpExtras, rho: &Q, out: &mut Value) {
    let p = &inst.platform;
    let ids = p.ids();
    let arcs = p.arcs();
    let saturated: Vec<Value> = x
        .binding
        .iter()
        .map(|b| {
            let (what, i) = match *b {
                Binding::Compute(i) => ("compute", i),
                Binding::Send(i) => ("send", i),
                Binding::Receive(i) => ("receive", i),
            };
            json!({"resource": what, "node": ids[i]})
        })
        .collect();
    let prices = match &x.certificate {
        Ok(c) => json!({
            "compute": per_node(&ids, &c.compute), "send": per_node(&ids, &c.send),
            "receive": per_node(&ids, &c.recv), "deliver": per_node(&ids, &c.deliver),
            "return": per_node(&ids, &c.back), "bound": c.bound().exact(),
        }),
        Err(why) => json!({"error": why}),
    };
    out["why"] = json!({"saturated": saturated, "prices": prices});
    out["models"] = Value::Array(
        x.models
            .iter()
            .map(|(name, v)| match v {
                Ok(q) => json!({"model": name, "throughput": q.exact()}),
                Err(e) => json!({"model": name, "error": e.to_string()}),
            })
            .collect(),
    );
    out["best_tree"] = match &x.trees {
        Ok(c) => json!({
            "trees": c.trees, "complete": c.complete,
            "throughput": c.best.as_ref().map(|(b, _)| b.exact()),
            "arcs": c.best.as_ref().map(|(_, ks)| ks.iter().map(|&k| json!([ids[arcs[k].from], ids[arcs[k].to]])).collect::<Vec<_>>()),
        }),
        Err(e) => json!({"error": e.to_string()}),
    };
    if let Some(run) = &x.full_run {
        out["full_run"] = match run {
            Ok(r) => full_run_json(&r.points, rho),
            Err(e) => json!({"error": e.to_string()}),
        };
    }
    out["optimum"] = match &x.face {
        Ok(face) => json!({
            "unique": face.unique(),
            "ranges": face.ranges.iter().map(|r| {
                let (kind, at) = match r.var {
                    Var::X(i) => ("x", json!(ids[i])),
                    Var::F(k) => ("f", json!([ids[arcs[k].from], ids[arcs[k].to]])),
                    Var::G(k) => ("g", json!([ids[arcs[k].from], ids[arcs[k].to]])),
                };
                json!({"variable": kind, "at": at, "name": Face::name(inst, r.var), "low": r.low.exact(), "high": r.high.exact()})
            }).collect::<Vec<_>>(),
            "note": face.note(inst),
        }),
        Err(why) => json!({"error": why}),
    };
    if let Some(batches) = &x.batches {
        out["latency"] = Value::Array(
            batches
                .iter()
                .map(|b| json!({"N": b.batch, "period": b.period.exact(), "throughput": b.throughput.exact(), "ratio": b.ratio.exact()}))
                .collect(),
        );
    }
}
