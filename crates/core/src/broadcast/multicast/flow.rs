//! The compact flow LP of broadcast.md §2.2 (LP-F) in the variants this module needs: flows
//! toward a chosen target set on an induced sub-platform (§5.2 upper bound, `BCAST(V')` of the
//! heuristics), the scatter variant where copies add up instead of nesting (§5.3 lower bound),
//! and the unidirectional "naive" port-sum bound (§6.1), all solved exactly through
//! [`crate::lp`].

use num_traits::{One, Zero};

use super::net::Net;
use crate::error::SolveError;
use crate::lp::{self, Cmp, Limits, Outcome, Problem};
use crate::rational::Q;

/// How the flows toward different targets combine on an arc (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// `n_e ≥ max_k x^k_e`: one copy serves every target downstream (broadcast, UB).
    Max,
    /// `n_e ≥ Σ_k x^k_e`: every target gets its own copy (scatter, LB).
    Sum,
}

/// Which port constraints bound the arc usages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ports {
    /// Bidirectional one-port: out-load ≤ 1 and in-load ≤ 1 (F4).
    Bidirectional,
    /// The naive unidirectional bound: out-load + in-load ≤ 1 (§6.1).
    PortSum,
}

/// The answer of one flow LP.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowLp {
    /// `ρ` (`None` = `+∞`: no target, or the LP is unbounded through 0-cost arcs).
    pub rho: Option<Q>,
    /// Tightened usages `n_e` (max or sum of the flows), one per arc of the net.
    pub usage: Vec<Q>,
    /// The flow `x^k` toward each target `k`, one value per arc.
    pub flows: Vec<(usize, Vec<Q>)>,
}

impl FlowLp {
    /// Out-load and in-load of every node for the usages: `Σ c_e n_e` over out/in arcs.
    #[must_use]
    pub fn loads(&self, net: &Net) -> (Vec<Q>, Vec<Q>) {
        let mut out = vec![Q::zero(); net.n];
        let mut inn = vec![Q::zero(); net.n];
        for (a, n) in net.arcs.iter().zip(&self.usage) {
            out[a.from] += &a.c * n;
            inn[a.to] += &a.c * n;
        }
        (out, inn)
    }

    fn zero(net: &Net, rho: Option<Q>) -> FlowLp {
        FlowLp {
            rho,
            usage: vec![Q::zero(); net.arcs.len()],
            flows: Vec::new(),
        }
    }
}

/// Solves LP-F restricted to the induced sub-platform `G[active]`, with destinations `targets`,
/// the sharing rule `share` and the port rule `ports` (broadcast.md §2.2, §5.2, §5.3, §6.1).
/// A target outside `active` or unreachable inside it gives `ρ = 0` without an LP.
///
/// # Complexity
/// One exact LP with `1 + |E| + |D|·|E|` variables and `|D|·|V| + |D|·|E| + 2|V|` rows.
///
/// # Errors
/// The LP layer's error as a sentence (too large, not certified).
pub fn solve(
    net: &Net,
    s: usize,
    targets: &[usize],
    active: &[bool],
    share: Share,
    ports: Ports,
) -> Result<FlowLp, SolveError> {
    if targets.is_empty() {
        return Ok(FlowLp::zero(net, None));
    }
    let reach = net.reach(s, active);
    if targets.iter().any(|&k| !reach[k]) {
        return Ok(FlowLp::zero(net, Some(Q::zero())));
    }
    let used: Vec<usize> = (0..net.arcs.len())
        .filter(|&k| active[net.arcs[k].from] && active[net.arcs[k].to])
        .collect();
    let (n_var, x_var, num_vars) = variables(net, s, targets, &used);
    let mut p = Problem::new(num_vars);
    p.objective(0, Q::one());
    add_conservation(&mut p, net, s, targets, active, &x_var);
    add_sharing(&mut p, &used, &n_var, &x_var, share);
    add_ports(&mut p, net, &used, &n_var, active, ports);
    let limits = Limits {
        max_vars: 200_000,
        max_rows: 200_000,
        ..Limits::default()
    };
    let sol = match lp::solve_with(&p, &limits).map_err(|e| format!("the flow LP failed: {e}"))? {
        Outcome::Optimal(sol) => sol,
        Outcome::Unbounded => return Ok(FlowLp::zero(net, None)),
        Outcome::Infeasible => return Err("internal error: the flow LP is infeasible".into()),
    };
    let flows: Vec<(usize, Vec<Q>)> = targets
        .iter()
        .zip(&x_var)
        .map(|(&t, row)| {
            let f = row
                .iter()
                .map(|x| x.map_or_else(Q::zero, |j| sol.x[j].clone()))
                .collect();
            (t, f)
        })
        .collect();
    let usage = (0..net.arcs.len())
        .map(|k| {
            let each = flows.iter().map(|(_, f)| &f[k]);
            match share {
                Share::Max => each.max().cloned().unwrap_or_else(Q::zero),
                Share::Sum => each.sum(),
            }
        })
        .collect();
    Ok(FlowLp {
        rho: Some(sol.value),
        usage,
        flows,
    })
}

/// Variable 0 is ρ, then `n_e` per used arc, then `x^k_e` per (target, used arc) allowed by
/// (F2). Returns the `n` index per arc, the `x` index per target and arc, and the count.
fn variables(
    net: &Net,
    s: usize,
    targets: &[usize],
    used: &[usize],
) -> (Vec<usize>, Vec<Vec<Option<usize>>>, usize) {
    let mut n_var = vec![usize::MAX; net.arcs.len()];
    for (i, &k) in used.iter().enumerate() {
        n_var[k] = 1 + i;
    }
    let mut x_var: Vec<Vec<Option<usize>>> = Vec::with_capacity(targets.len());
    let mut num_vars = 1 + used.len();
    for &t in targets {
        let mut row = vec![None; net.arcs.len()];
        for &k in used {
            let a = &net.arcs[k];
            if a.to != s && a.from != t {
                row[k] = Some(num_vars);
                num_vars += 1;
            }
        }
        x_var.push(row);
    }
    (n_var, x_var, num_vars)
}

/// (F1): net outflow of `x^k` is `ρ` at `s`, `−ρ` at `k`, 0 elsewhere (active nodes only).
fn add_conservation(
    p: &mut Problem,
    net: &Net,
    s: usize,
    targets: &[usize],
    active: &[bool],
    x_var: &[Vec<Option<usize>>],
) {
    for (row, &t) in x_var.iter().zip(targets) {
        for v in (0..net.n).filter(|&v| active[v]) {
            let mut terms: Vec<(usize, Q)> = Vec::new();
            for (k, a) in net.arcs.iter().enumerate() {
                if let Some(x) = row[k] {
                    if a.from == v {
                        terms.push((x, Q::one()));
                    } else if a.to == v {
                        terms.push((x, -Q::one()));
                    }
                }
            }
            if v == s {
                terms.push((0, -Q::one()));
            } else if v == t {
                terms.push((0, Q::one()));
            }
            p.constraint(terms, Cmp::Eq, Q::zero());
        }
    }
}

/// (F3): `x^k_e ≤ n_e` for every target (max rule), or `Σ_k x^k_e ≤ n_e` (sum rule).
fn add_sharing(
    p: &mut Problem,
    used: &[usize],
    n_var: &[usize],
    x_var: &[Vec<Option<usize>>],
    share: Share,
) {
    for &k in used {
        let xs: Vec<usize> = x_var.iter().filter_map(|row| row[k]).collect();
        match share {
            Share::Max => {
                for x in xs {
                    p.constraint(
                        vec![(x, Q::one()), (n_var[k], -Q::one())],
                        Cmp::Le,
                        Q::zero(),
                    );
                }
            }
            Share::Sum => {
                let mut terms: Vec<(usize, Q)> = xs.into_iter().map(|x| (x, Q::one())).collect();
                terms.push((n_var[k], -Q::one()));
                p.constraint(terms, Cmp::Le, Q::zero());
            }
        }
    }
}

/// (F4), or the port-sum rows of the naive unidirectional bound.
fn add_ports(
    p: &mut Problem,
    net: &Net,
    used: &[usize],
    n_var: &[usize],
    active: &[bool],
    ports: Ports,
) {
    for v in (0..net.n).filter(|&v| active[v]) {
        let out: Vec<(usize, Q)> = used
            .iter()
            .filter(|&&k| net.arcs[k].from == v)
            .map(|&k| (n_var[k], net.arcs[k].c.clone()))
            .collect();
        let inn: Vec<(usize, Q)> = used
            .iter()
            .filter(|&&k| net.arcs[k].to == v)
            .map(|&k| (n_var[k], net.arcs[k].c.clone()))
            .collect();
        match ports {
            Ports::Bidirectional => {
                for row in [out, inn] {
                    if !row.is_empty() {
                        p.constraint(row, Cmp::Le, Q::one());
                    }
                }
            }
            Ports::PortSum => {
                let row: Vec<(usize, Q)> = out.into_iter().chain(inn).collect();
                if !row.is_empty() {
                    p.constraint(row, Cmp::Le, Q::one());
                }
            }
        }
    }
}
