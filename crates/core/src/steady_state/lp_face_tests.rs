//! The optimal face of the steady-state LP (stage 1) on the spec's Example 1: steady-state.md
//! §6.1 states that over all optimal solutions `f_42 ∈ [1/12, 1/6]`. Both ends are checked by
//! optimising `f_42` over the LP's own constraints (those [`solve`] maximises) with `Σ x = ρ*`.

use super::*;
use crate::platform::NodeId;
use crate::presets;
use crate::rational::q;

/// The least and the largest `f_{from→to}` over the optimal solutions of stage 1.
fn range_over_optimal_face(inst: &SteadyState, from: i64, to: i64) -> (Q, Q) {
    let arcs = inst.platform.arcs();
    let cols = Columns::new(inst, &arcs);
    let rho = solve(inst).unwrap().throughput;
    let ix = |id: i64| inst.platform.index_of(&NodeId::Int(id)).unwrap();
    let k = arcs
        .iter()
        .position(|a| a.from == ix(from) && a.to == ix(to))
        .unwrap();
    let column = cols.f[k].unwrap();
    let extreme = |sign: Q| -> Q {
        let mut lp = base_problem(inst, &arcs, &cols, PortModel::OnePort, false);
        let xs: Vec<(usize, Q)> = cols.x.iter().flatten().map(|&v| (v, Q::one())).collect();
        lp.constraint(xs, Cmp::Eq, rho.clone());
        lp.objective(column, sign.clone());
        optimum(&lp).unwrap().value * sign
    };
    (extreme(-Q::one()), extreme(Q::one()))
}

#[test]
fn section_6_1_f42_ranges_over_one_twelfth_to_one_sixth() {
    let inst = presets::steady_state("example-1").unwrap();
    assert_eq!(solve(&inst).unwrap().throughput, q(7, 4));
    assert_eq!(range_over_optimal_face(&inst, 4, 2), (q(1, 12), q(1, 6)));
}
