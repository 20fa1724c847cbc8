//! The steady-state LP on any platform (steady-state.md section 2): rates per node and per arc,
//! compute and one-port constraints, conservation, several masters, routers, result files (E1),
//! then the stage-2 canonical solution (least total communication among optimal ones) and the
//! cycle-cancelling safety net of section 2.5.
//!
//! Reference: C. Banino, O. Beaumont, L. Carter, J. Ferrante, A. Legrand, Y. Robert, *Scheduling
//! strategies for master-slave tasking on heterogeneous processor platforms*, IEEE TPDS 2004,
//! section 3; O. Beaumont, HDR thesis, LP 4.9. Solved exactly through [`crate::lp`].

use num_traits::{One, Signed, Zero};

use super::port_model::{PortModel, Terms};
use super::Rates;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::periodic::Flows;
use crate::platform::Arc;
use crate::rational::{Cost, Q};
use crate::steady_state::SteadyState;

/// Default size limits of the exact LP (section 2.6): larger platforms are refused (`hetlab
/// solve --no-limits` runs them). Set from measured cost (issue 34): `hetlab solve` (whole
/// process, release build, a 2-core machine shared with other builds) on `hetlab gen
/// steady-state` platforms of 500 nodes and 2 000 arcs took 0.42–0.81 s, of 300 nodes and 1 200
/// arcs 0.05–0.67 s, 0.13–0.45 s with 2-decimal costs; 500 nodes is also the platform's own
/// limit. The float path certifies these; the exact fallback keeps its own cell budget
/// ([`crate::lp::Limits::exact_max_cells`]).
pub const MAX_NODES: usize = 500;
/// See [`MAX_NODES`].
pub const MAX_ARCS: usize = 2000;

/// The LP's answer with its canonical rates.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct LpSolution {
    /// `ρ*`, tasks per time unit.
    pub throughput: Q,
    /// Least total port-busy time among optimal solutions (stage 2).
    pub comm_min: Q,
    /// Canonical rates: `x` per node, `f` per arc (input files).
    pub rates: Rates,
    /// Result files per arc (all zero unless `data_out > 0`).
    pub g: Vec<Q>,
}

impl LpSolution {
    /// The rates as the input of a periodic schedule (`arcs` = `inst.platform.arcs()`).
    #[must_use]
    pub fn flows<'a>(&'a self, inst: &'a SteadyState, arcs: &'a [Arc]) -> Flows<'a> {
        Flows {
            platform: &inst.platform,
            arcs,
            data_in: &inst.data_in,
            data_out: &inst.data_out,
            x: &self.rates.x,
            f: &self.rates.f,
            g: &self.g,
        }
    }
}

/// Why the LP could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LpError {
    /// Above the size limit of the exact solver.
    #[error("the platform is too large for the exact LP ({nodes} nodes, {arcs} arcs; the limit is {MAX_NODES} nodes and {MAX_ARCS} arcs)")]
    TooLarge {
        /// Nodes.
        nodes: usize,
        /// Arcs.
        arcs: usize,
    },
    /// The solver failed (should not happen: the LP is always feasible and bounded).
    #[error("the LP solver failed: {0}")]
    Solver(String),
}

/// Column indices of the LP's variables.
pub(super) struct Columns {
    /// `x_i`, `None` when fixed to zero (routers).
    pub(super) x: Vec<Option<usize>>,
    /// `f_a`, `None` when fixed to zero (arcs into a master).
    pub(super) f: Vec<Option<usize>>,
    /// `g_a` (E1 only), `None` when fixed to zero (arcs out of a master).
    pub(super) g: Vec<Option<usize>>,
    count: usize,
}

impl Columns {
    pub(super) fn new(inst: &SteadyState, arcs: &[Arc]) -> Columns {
        let p = &inst.platform;
        let mut count = 0;
        let mut next = |keep: bool| {
            keep.then(|| {
                count += 1;
                count - 1
            })
        };
        let x = p
            .nodes
            .iter()
            .map(|n| next(matches!(n.w, Some(Cost::Finite(_)))))
            .collect();
        let f = arcs.iter().map(|a| next(!p.nodes[a.to].master)).collect();
        let e1 = inst.data_out.is_positive();
        let g = arcs
            .iter()
            .map(|a| next(e1 && !p.nodes[a.from].master))
            .collect();
        Columns { x, f, g, count }
    }
}

/// Builds the constraints of section 2.2 (and 2.7) shared by both stages, under an operating
/// model, optionally with the paper's shared-link constraint (section 2.4).
pub(super) fn base_problem(
    inst: &SteadyState,
    arcs: &[Arc],
    cols: &Columns,
    model: PortModel,
    shared_links: bool,
) -> Problem {
    let p = &inst.platform;
    let mut lp = Problem::new(cols.count);
    let at = Incidence::new(p.nodes.len(), arcs);
    // Each arc's port time, computed once: every arc is in two ports' rows (and its link's).
    let loads: Vec<Terms> = (0..arcs.len()).map(|k| load(inst, arcs, cols, k)).collect();
    let on = |list: &[usize]| -> Terms {
        list.iter()
            .flat_map(|&k| loads[k].iter().cloned())
            .collect()
    };
    for (i, node) in p.nodes.iter().enumerate() {
        let compute = match (cols.x[i], &node.w) {
            (Some(v), Some(Cost::Finite(w))) => vec![(v, w.clone())],
            _ => Vec::new(),
        };
        for row in model.rows(compute, on(&at.out[i]), on(&at.into[i])) {
            if !row.is_empty() {
                lp.constraint(row, Cmp::Le, Q::one());
            }
        }
        if !node.master {
            conservation(&mut lp, inst, arcs, cols, &at.touching[i], i);
        }
    }
    if shared_links {
        // One resource per undirected link: both directions share its time.
        let mut by_link: Vec<Vec<usize>> = vec![Vec::new(); p.links.len()];
        for (k, a) in arcs.iter().enumerate() {
            if let Some(list) = by_link.get_mut(a.link) {
                list.push(k);
            }
        }
        for row in by_link.iter().map(|list| on(list)) {
            if !row.is_empty() {
                lp.constraint(row, Cmp::Le, Q::one());
            }
        }
    }
    lp
}

/// Stage 1 under `model`: [`base_problem`] maximising `Σ x` (tasks per time unit).
pub(super) fn maximise_tasks(
    inst: &SteadyState,
    arcs: &[Arc],
    cols: &Columns,
    model: PortModel,
    shared_links: bool,
) -> Problem {
    let mut lp = base_problem(inst, arcs, cols, model, shared_links);
    for &v in cols.x.iter().flatten() {
        lp.objective(v, Q::one());
    }
    lp
}

/// Port time of one arc: `c·(data_in·f + data_out·g)`.
fn load(inst: &SteadyState, arcs: &[Arc], cols: &Columns, k: usize) -> Terms {
    let c = &arcs[k].c;
    [
        cols.f[k].map(|v| (v, c * &inst.data_in)),
        cols.g[k].map(|v| (v, c * &inst.data_out)),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The arcs at each node, each list in increasing arc index (the order the rows list their
/// terms in): built once, where a scan of every arc per node was a tenth of a 500-node solve.
struct Incidence {
    out: Vec<Vec<usize>>,
    into: Vec<Vec<usize>>,
    /// Arcs into or out of the node.
    touching: Vec<Vec<usize>>,
}

impl Incidence {
    fn new(n: usize, arcs: &[Arc]) -> Self {
        let mut at = Incidence {
            out: vec![Vec::new(); n],
            into: vec![Vec::new(); n],
            touching: vec![Vec::new(); n],
        };
        for (k, a) in arcs.iter().enumerate() {
            at.out[a.from].push(k);
            at.into[a.to].push(k);
            at.touching[a.to].push(k);
            if a.from != a.to {
                at.touching[a.from].push(k);
            }
        }
        at
    }
}

/// Conservation at a non-master `i`: input files received = computed + forwarded; result files
/// received + computed = forwarded (E1). `touching`: the arcs into or out of `i`, by index.
fn conservation(
    lp: &mut Problem,
    inst: &SteadyState,
    arcs: &[Arc],
    cols: &Columns,
    touching: &[usize],
    i: usize,
) {
    let signed = |col: &[Option<usize>]| -> Vec<(usize, Q)> {
        touching
            .iter()
            .map(|&k| (k, &arcs[k]))
            .filter_map(|(k, a)| {
                let c = col[k]?;
                if a.to == i {
                    Some((c, Q::one()))
                } else if a.from == i {
                    Some((c, -Q::one()))
                } else {
                    None
                }
            })
            .collect()
    };
    let mut input = signed(&cols.f);
    let mut output = signed(&cols.g);
    if let Some(v) = cols.x[i] {
        input.push((v, -Q::one()));
        if inst.data_out.is_positive() {
            output.push((v, Q::one()));
        }
    }
    for row in [input, output] {
        if !row.is_empty() {
            lp.constraint(row, Cmp::Eq, Q::zero());
        }
    }
}

/// Solves the steady-state LP exactly: stage 1 gives `ρ*`, stage 2 the canonical rates.
///
/// # Complexity
/// Two exact LPs with `|V| + |A|` (E1: `|V| + 2|A|`) columns and about `4|V|` rows.
///
/// # Errors
/// [`LpError::TooLarge`] above [`MAX_NODES`] nodes or [`MAX_ARCS`] arcs.
pub fn solve(inst: &SteadyState) -> Result<LpSolution, LpError> {
    solve_within(inst, MAX_NODES, MAX_ARCS)
}

/// As [`solve`] with other size limits (benchmarks, the command line on big platforms).
///
/// # Errors
/// [`LpError::TooLarge`] above the limits; [`LpError::Solver`] when no certified answer is
/// found.
pub fn solve_within(
    inst: &SteadyState,
    max_nodes: usize,
    max_arcs: usize,
) -> Result<LpSolution, LpError> {
    let arcs = checked_arcs(inst, max_nodes, max_arcs)?;
    let cols = Columns::new(inst, &arcs);
    let xs: Vec<usize> = cols.x.iter().flatten().copied().collect();
    let stage1 = maximise_tasks(inst, &arcs, &cols, PortModel::OnePort, false);
    // Stage 2: Σ x = ρ*, minimise the total port-busy time (maximise its negative), on stage
    // 1's rows plus one, warm-started from stage 1's float optimum. The row is written
    // Σ x ≥ ρ*: the same points (no point of these rows exceeds ρ*), but its dual variable is
    // signed instead of free.
    let stage2 = |one: &lp::Solution| {
        let mut two = stage1.clone();
        for &v in &xs {
            two.objective(v, Q::zero());
        }
        two.constraint(
            xs.iter().map(|&v| (v, Q::one())).collect(),
            Cmp::Ge,
            one.value.clone(),
        );
        for (k, a) in arcs.iter().enumerate() {
            if let Some(c) = cols.f[k] {
                two.objective(c, -(&a.c * &inst.data_in));
            }
            if let Some(c) = cols.g[k] {
                two.objective(c, -(&a.c * &inst.data_out));
            }
        }
        two
    };
    let (one, s2) = lp::solve_then(&stage1, &unlimited(), stage2)
        .map_err(|e| LpError::Solver(e.to_string()))?;
    let throughput = one.value;
    let value = |col: Option<usize>| col.map_or_else(Q::zero, |c| s2.x[c].clone());
    let mut f: Vec<Q> = cols.f.iter().map(|&c| value(c)).collect();
    let mut g: Vec<Q> = cols.g.iter().map(|&c| value(c)).collect();
    cancel_cycles(inst.platform.nodes.len(), &arcs, &mut f);
    cancel_cycles(inst.platform.nodes.len(), &arcs, &mut g);
    Ok(LpSolution {
        throughput,
        comm_min: -s2.value,
        rates: Rates {
            x: cols.x.iter().map(|&c| value(c)).collect(),
            f,
        },
        g,
    })
}

/// `Ok` when `inst` is within the default limits ([`MAX_NODES`], [`MAX_ARCS`]), else the
/// [`LpError::TooLarge`] that [`solve`] would return (checked without solving).
///
/// # Errors
/// [`LpError::TooLarge`].
pub fn check_size(inst: &SteadyState) -> Result<(), LpError> {
    checked_arcs(inst, MAX_NODES, MAX_ARCS).map(drop)
}

/// The platform's arcs, or [`LpError::TooLarge`] above the limits.
pub(super) fn checked_arcs(
    inst: &SteadyState,
    max_nodes: usize,
    max_arcs: usize,
) -> Result<Vec<Arc>, LpError> {
    let p = &inst.platform;
    let arcs = p.arcs();
    if p.nodes.len() > max_nodes || arcs.len() > max_arcs {
        return Err(LpError::TooLarge {
            nodes: p.nodes.len(),
            arcs: arcs.len(),
        });
    }
    Ok(arcs)
}

/// The node and arc limits above are the gate; the LP layer's own size limits would refuse
/// lifted runs (500 nodes: about 2 500 variables and 2 000 rows). Its exact fallback keeps
/// its cell and work budgets.
fn unlimited() -> lp::Limits {
    lp::Limits {
        max_vars: usize::MAX,
        max_rows: usize::MAX,
        ..lp::Limits::default()
    }
}

pub(super) fn optimum(problem: &Problem) -> Result<lp::Solution, LpError> {
    match lp::solve_with(problem, &unlimited()).map_err(|e| LpError::Solver(e.to_string()))? {
        Outcome::Optimal(s) => Ok(s),
        other => Err(LpError::Solver(format!("unexpected outcome {other:?}"))),
    }
}

/// Section 2.5's safety net: while the support of `flow` holds a directed cycle, subtract its
/// smallest flow along it (DFS from the smallest node, neighbours in arc order). A no-op on a
/// stage-2 solution, kept because the schedule must never see a cycle.
pub fn cancel_cycles(n: usize, arcs: &[Arc], flow: &mut [Q]) {
    while let Some(cycle) = find_cycle(n, arcs, flow) {
        let Some(min) = cycle.iter().map(|&k| flow[k].clone()).min() else {
            return;
        };
        for k in cycle {
            flow[k] -= &min;
        }
    }
}

/// Arc indices of one directed cycle in the support of `flow`, if any.
fn find_cycle(n: usize, arcs: &[Arc], flow: &[Q]) -> Option<Vec<usize>> {
    // 0 = unvisited, 1 = on the DFS stack, 2 = done.
    let mut mark = vec![0u8; n];
    let mut via: Vec<Option<usize>> = vec![None; n];
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, a) in arcs.iter().enumerate() {
        if flow[k].is_positive() {
            out[a.from].push(k);
        }
    }
    for start in 0..n {
        if mark[start] != 0 {
            continue;
        }
        let mut stack = vec![(start, 0usize)];
        mark[start] = 1;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            match out[v].get(*next).copied() {
                None => {
                    mark[v] = 2;
                    stack.pop();
                }
                Some(k) => {
                    *next += 1;
                    let u = arcs[k].to;
                    if mark[u] == 1 {
                        // Walk back from v to u along the DFS tree.
                        let mut cycle = vec![k];
                        let mut cur = v;
                        while cur != u {
                            let back = via[cur]?;
                            cycle.push(back);
                            cur = arcs[back].from;
                        }
                        return Some(cycle);
                    }
                    if mark[u] == 0 {
                        mark[u] = 1;
                        via[u] = Some(k);
                        stack.push((u, 0));
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "lp_face_tests.rs"]
mod face_tests;
