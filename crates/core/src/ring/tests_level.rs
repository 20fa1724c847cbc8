//! The water level `ℓ` of §2 (shown in §11) in the result document, against ring.md §12's
//! worked examples: `ℓ = T_closed = T` when every member works, `ℓ < T_closed < T = M` when the
//! ring is communication-bound (the members with `H·comm_i ≥ ℓ` get no work).

use serde_json::Value;

use super::tests::{rg1, rr1};
use super::*;
use crate::rational::{q, qi};

/// The exact value of `field` in the document of `algorithm` on `r`.
fn field(r: &Ring, algorithm: Algorithm, name: &str) -> Value {
    let run = solve_traced(r, algorithm).unwrap();
    let doc = report::result(&run.solution, &run.trace, false);
    doc[name].clone()
}

#[test]
fn the_level_is_t_when_every_member_works() {
    // RR-1 at W = 10: ring (0,1,2,3), T_closed = 7 = T; at W = 100: 47.
    assert_eq!(field(&rr1(qi(10)), Algorithm::Exact, "level"), "7/1");
    assert_eq!(field(&rr1(qi(100)), Algorithm::Exact, "level"), "47/1");
    // RG-1: the optimum 206/29 on (1,3,2,4).
    assert_eq!(field(&rg1(), Algorithm::Exact, "level"), "206/29");
    // The fixed ring (0,1,2,3) at W = 3: ℓ = T_closed = T = 35/9.
    let e = evaluate(&Model::<Q>::new(&rr1(qi(3))), &[0, 1, 2, 3]);
    assert_eq!((e.level, e.t), (q(35, 9), q(35, 9)));
}

#[test]
fn the_level_is_below_t_on_a_communication_bound_ring() {
    // The fixed ring (0,1,2,3) at W = 1/2: ℓ = 5/2 < T_closed = 25/9 < T = M = 3.
    let e = evaluate(&Model::<Q>::new(&rr1(q(1, 2))), &[0, 1, 2, 3]);
    assert_eq!((e.level, e.t_closed, e.t), (q(5, 2), q(25, 9), qi(3)));
    // RG-1's TSP tour (0,1,4,2,3): comm = [9,9,4,2,4], T_closed = 326/39, T = 9; the water
    // fills P2, P4 and P3 (comm 2, 4, 4) to ℓ = 8 < 9, so P0 and P1 only communicate.
    let r = rg1();
    assert_eq!(field(&r, Algorithm::Tsp, "level"), "8/1");
    assert_eq!(field(&r, Algorithm::Tsp, "t_closed"), "326/39");
    let alpha = field(&r, Algorithm::Tsp, "alpha");
    assert_eq!(alpha[0], "0/1");
    assert_eq!(alpha[1], "0/1");
}
