//! Rates a user types (steady-state.md §4.1, §7 "user-edited rates"): tasks computed per time
//! unit `x_i` on each node and input files per time unit `f_ij` on each arc, checked exactly
//! against the LP's constraints (every broken one named, [`super::violations`]); a feasible set's
//! throughput `Σ x_i` and the periodic schedule built from it (§4.2–4.5: flow cycles cancelled
//! first, then `T`, `A`, `L` and the tasks of one period; with start-up latencies, the period of
//! one batch, §4.9). [`papers`] holds the paper's own steady state on Example 1 (§6.1), which
//! needs `A = 3`.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;

use super::{Rates, SteadyState};
use crate::platform::{Arc, NodeId, Platform};
use crate::rational::{frac, parse_q, Cost, Q};

/// Rates as typed, by node index (`x`) and by arc index in [`Platform::arcs`] (`f`); an empty
/// text is 0. `lcalc` and `lcomm`, when not empty, set every node's and every link's start-up
/// latency (§4.9) for the schedule; empty keeps the instance's own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Typed {
    /// Tasks computed per time unit, per node.
    pub x: Vec<String>,
    /// Input files per time unit, per arc.
    pub f: Vec<String>,
    /// Start-up latency of a batch of computations, on every node.
    pub lcalc: String,
    /// Start-up latency of a message, on every arc.
    pub lcomm: String,
}

impl Typed {
    /// `rates` written out exactly, latencies left to the instance.
    #[must_use]
    pub fn of(rates: &Rates) -> Typed {
        Typed {
            x: rates.x.iter().map(frac).collect(),
            f: rates.f.iter().map(frac).collect(),
            lcalc: String::new(),
            lcomm: String::new(),
        }
    }

    /// Every rate 0 on `inst`'s nodes and arcs.
    #[must_use]
    pub fn zeros(inst: &SteadyState) -> Typed {
        Typed {
            x: vec!["0".to_owned(); inst.platform.nodes.len()],
            f: vec!["0".to_owned(); inst.platform.arcs().len()],
            lcalc: String::new(),
            lcomm: String::new(),
        }
    }

    /// Reads a rates file: `{"x": {"<node id>": rate, …}, "f": {"<from>-><to>": rate, …},
    /// "lcalc": latency, "lcomm": latency}`, each rate a JSON number or a string (`"7/12"`);
    /// nodes and arcs left out have rate 0, both latency keys are optional.
    ///
    /// # Errors
    /// Not JSON, an unknown key, node or arc, or a value that is neither a number nor a string.
    pub fn from_json(inst: &SteadyState, text: &str) -> Result<Typed, String> {
        let doc: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("rates file: {e}"))?;
        let obj = doc
            .as_object()
            .ok_or("rates file: expected an object with \"x\" and \"f\"")?;
        let mut typed = Typed::zeros(inst);
        let p = &inst.platform;
        let arcs = p.arcs();
        for (key, value) in obj {
            match key.as_str() {
                "x" => {
                    for (id, v) in entries(value, "x")? {
                        let i = node_index(p, &id).ok_or(format!("x: no node \"{id}\""))?;
                        typed.x[i] = v;
                    }
                }
                "f" => {
                    for (name, v) in entries(value, "f")? {
                        let k = arc_index(p, &arcs, &name).ok_or(format!(
                            "f: no arc \"{name}\" (write \"from->to\" with node ids)"
                        ))?;
                        typed.f[k] = v;
                    }
                }
                "lcalc" => typed.lcalc = text_of(value, "lcalc")?,
                "lcomm" => typed.lcomm = text_of(value, "lcomm")?,
                other => return Err(format!("rates file: unknown key \"{other}\"")),
            }
        }
        Ok(typed)
    }
}

fn text_of(v: &serde_json::Value, key: &str) -> Result<String, String> {
    match v {
        serde_json::Value::String(s) => Ok(s.clone()),
        serde_json::Value::Number(n) => Ok(n.to_string()),
        _ => Err(format!("{key}: write a number or a string like \"7/12\"")),
    }
}

fn entries(v: &serde_json::Value, key: &str) -> Result<Vec<(String, String)>, String> {
    let obj = v
        .as_object()
        .ok_or(format!("{key}: expected an object of rates"))?;
    obj.iter()
        .map(|(k, v)| Ok((k.clone(), text_of(v, &format!("{key} of {k}"))?)))
        .collect()
}

fn node_index(p: &Platform, id: &str) -> Option<usize> {
    p.nodes.iter().position(|n| n.id.to_string() == id)
}

fn arc_index(p: &Platform, arcs: &[Arc], name: &str) -> Option<usize> {
    let (from, to) = name.split_once("->").or_else(|| name.split_once('→'))?;
    let (from, to) = (node_index(p, from.trim())?, node_index(p, to.trim())?);
    arcs.iter().position(|a| a.from == from && a.to == to)
}

/// The paper's own steady state on Example 1 (§6.1: period 12, `x = (1, 1/3, 1/4, 1/6)`,
/// `f_12 = 1/6`, `f_13 = 7/12`, `f_34 = 1/3`, `f_42 = 1/6`) with the section's start-up
/// latencies (`L_calc = 2`, `L_comm = 1`), if `inst` is that platform (its nodes, `w`, master and
/// links; latencies aside); else `None`.
#[must_use]
pub fn papers(inst: &SteadyState) -> Option<Typed> {
    let p = &inst.platform;
    let w = [1, 3, 4, 6];
    let nodes_match = p.nodes.len() == 4
        && p.nodes.iter().zip(1..).zip(w).all(|((n, id), w)| {
            n.id == NodeId::Int(id)
                && n.master == (id == 1)
                && n.w == Some(Cost::Finite(Q::from_integer(w.into())))
        });
    let links = [(1, 2, 2), (1, 3, 1), (3, 4, 3), (2, 4, 3)];
    let links_match = p.links.len() == links.len()
        && p.links.iter().zip(links).all(|(l, (a, b, c))| {
            let c = Cost::Finite(Q::from_integer(c.into()));
            l.from + 1 == a && l.to + 1 == b && !l.directed && l.c == c && l.c_back.is_none()
        });
    let base = inst.data_in == Q::from_integer(1.into()) && inst.data_out.is_zero();
    if !(nodes_match && links_match && base) {
        return None;
    }
    let f = |from: usize, to: usize| match (from + 1, to + 1) {
        (1 | 4, 2) => "1/6",
        (1, 3) => "7/12",
        (3, 4) => "1/3",
        _ => "0",
    };
    Some(Typed {
        x: ["1", "1/3", "1/4", "1/6"].map(str::to_owned).to_vec(),
        f: p.arcs()
            .iter()
            .map(|a| f(a.from, a.to).to_owned())
            .collect(),
        lcalc: "2".to_owned(),
        lcomm: "1".to_owned(),
    })
}

/// One period of the schedule built from feasible rates (§4.2–4.5), and with start-up
/// latencies one batch of it (§4.9, `N = 1`).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Period {
    /// `T`: lcm of the rates' denominators.
    #[serde(serialize_with = "crate::rational::exact")]
    pub period_t: BigInt,
    /// `A`: the least integer making every transfer of a slot whole.
    #[serde(serialize_with = "crate::rational::exact")]
    pub scale_a: BigInt,
    /// `L = A·T`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: BigInt,
    /// Tasks completed per period of length `L`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub tasks: BigInt,
    /// Whether flow cycles or two-way flows were cancelled first (§2.5; throughput unchanged).
    pub cancelled: bool,
    /// With start-up latencies: the period `P_1` of one batch.
    #[serde(serialize_with = "crate::rational::exact")]
    pub latency_period: Option<Q>,
    /// With start-up latencies: the tasks per time unit of one batch, `A·Σ n_i / P_1`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub latency_throughput: Option<Q>,
}

/// What typed rates give: the entries that are not numbers, else every broken constraint, else
/// the throughput and the schedule.
#[derive(Clone, Debug, Default, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Checked {
    /// Entries that are not numbers, each named (nothing else is checked while there are some).
    pub problems: Vec<String>,
    /// Every constraint of the LP the rates break, in plain English.
    pub violations: Vec<String>,
    /// `Σ x_i`, when the rates are feasible.
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Option<Q>,
    /// The schedule built from feasible rates.
    pub period: Option<Period>,
    /// Why feasible rates got no schedule (throughput 0, or a failed decomposition).
    pub no_period: Option<String>,
}

/// Parses `typed` on `inst`: the rates and the latencies to use, or each entry that is not a
/// number (named by node, arc or field).
///
/// # Errors
/// Every entry that does not read, or a count of entries that does not match the platform.
pub fn read(
    inst: &SteadyState,
    typed: &Typed,
) -> Result<(Rates, Option<Q>, Option<Q>), Vec<String>> {
    let p = &inst.platform;
    let arcs = p.arcs();
    if typed.x.len() != p.nodes.len() || typed.f.len() != arcs.len() {
        return Err(vec![format!(
            "the rates do not match the platform: {} nodes and {} arcs, got {} and {}",
            p.nodes.len(),
            arcs.len(),
            typed.x.len(),
            typed.f.len()
        )]);
    }
    let mut problems = Vec::new();
    let mut number = |text: &str, what: String| {
        let t = text.trim();
        if t.is_empty() {
            return Q::zero();
        }
        parse_q(t).unwrap_or_else(|e| {
            problems.push(format!("{what}: \"{t}\" is {e}"));
            Q::zero()
        })
    };
    let x = p
        .nodes
        .iter()
        .zip(&typed.x)
        .map(|(n, t)| number(t, format!("x at node {}", n.id)))
        .collect();
    let f = arcs
        .iter()
        .zip(&typed.f)
        .map(|(a, t)| {
            let name = format!("f on arc {}→{}", p.nodes[a.from].id, p.nodes[a.to].id);
            number(t, name)
        })
        .collect();
    let mut latency =
        |text: &str, what: &str| (!text.trim().is_empty()).then(|| number(text, what.to_owned()));
    let lcalc = latency(&typed.lcalc, "L_calc");
    let lcomm = latency(&typed.lcomm, "L_comm");
    for (v, name) in [(&lcalc, "L_calc"), (&lcomm, "L_comm")] {
        if v.as_ref().is_some_and(Signed::is_negative) {
            problems.push(format!("{name}: a latency cannot be negative"));
        }
    }
    if problems.is_empty() {
        Ok((Rates { x, f }, lcalc, lcomm))
    } else {
        Err(problems)
    }
}

/// Checks typed rates on `inst` (§7: "user-edited rates infeasible: show which constraint is
/// violated; do not build schedules") and, when they are feasible, builds their schedule.
/// Result files (`data_out > 0`) are refused: typed rates hold input files only.
#[cfg(feature = "solve")]
#[must_use]
pub fn check(inst: &SteadyState, typed: &Typed) -> Checked {
    if !inst.data_out.is_zero() {
        return Checked {
            problems: vec!["typed rates cover input files only: set data_out to 0 (results are then not returned)".to_owned()],
            ..Checked::default()
        };
    }
    let (rates, lcalc, lcomm) = match read(inst, typed) {
        Ok(read) => read,
        Err(problems) => {
            return Checked {
                problems,
                ..Checked::default()
            }
        }
    };
    let violations: Vec<String> = super::violations(inst, &rates)
        .iter()
        .map(ToString::to_string)
        .collect();
    if !violations.is_empty() {
        return Checked {
            violations,
            ..Checked::default()
        };
    }
    let throughput: Q = rates.x.iter().sum();
    let (period, no_period) = match schedule(inst, rates, lcalc, lcomm) {
        Ok(p) => (Some(p), None),
        Err(why) => (None, Some(why)),
    };
    Checked {
        throughput: Some(throughput),
        period,
        no_period,
        ..Checked::default()
    }
}

/// §4.2–4.5 from feasible rates (cycles cancelled first), with §4.9's one batch when a latency
/// is positive.
#[cfg(feature = "solve")]
fn schedule(
    inst: &SteadyState,
    mut rates: Rates,
    lcalc: Option<Q>,
    lcomm: Option<Q>,
) -> Result<Period, String> {
    use crate::periodic::{build, Flows};
    if rates.x.iter().all(Zero::is_zero) {
        return Err("throughput 0: there is nothing to schedule".to_owned());
    }
    let mut platform = inst.platform.clone();
    if let Some(l) = &lcalc {
        platform
            .nodes
            .iter_mut()
            .for_each(|n| n.lcalc = Some(l.clone()));
    }
    if let Some(l) = &lcomm {
        platform
            .links
            .iter_mut()
            .for_each(|k| k.lcomm = Some(l.clone()));
    }
    let arcs = platform.arcs();
    let before = rates.f.clone();
    super::lp::cancel_cycles(platform.nodes.len(), &arcs, &mut rates.f);
    let g = vec![Q::zero(); arcs.len()];
    let flows = Flows {
        platform: &platform,
        arcs: &arcs,
        data_in: &inst.data_in,
        data_out: &inst.data_out,
        x: &rates.x,
        f: &rates.f,
        g: &g,
    };
    let pat = build(&flows).map_err(|e| e.to_string())?;
    let latent = platform
        .nodes
        .iter()
        .any(|n| n.lcalc.as_ref().is_some_and(Signed::is_positive))
        || platform
            .links
            .iter()
            .any(|k| k.lcomm.as_ref().is_some_and(Signed::is_positive));
    let (latency_period, latency_throughput) = if latent {
        let (p, t) = pat.with_latencies(&flows, 1);
        (Some(p), Some(t))
    } else {
        (None, None)
    };
    Ok(Period {
        tasks: pat.tasks(),
        period_t: pat.period_t,
        scale_a: pat.scale_a,
        length: pat.length,
        cancelled: before != rates.f,
        latency_period,
        latency_throughput,
    })
}
