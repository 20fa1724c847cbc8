//! Patterns built from the spec's canonical rates (steady-state.md section 6), checked against
//! its exact numbers, and verified slot by slot.

use num_bigint::BigInt;

use super::*;
use crate::platform::NodeId;
use crate::presets;
use crate::rational::{q, qi};
use crate::steady_state::SteadyState;

fn preset(name: &str) -> SteadyState {
    presets::steady_state(name).unwrap()
}

/// Rates given by node id and by arc `(from id, to id)`.
struct Given {
    inst: SteadyState,
    arcs: Vec<Arc>,
    x: Vec<Q>,
    f: Vec<Q>,
    g: Vec<Q>,
}

impl Given {
    fn new(inst: SteadyState, x: &[(i64, Q)], f: &[(i64, i64, Q)], g: &[(i64, i64, Q)]) -> Given {
        let arcs = inst.platform.arcs();
        let ix = |id: i64| inst.platform.index_of(&NodeId::Int(id)).unwrap();
        let mut xs = vec![Q::zero(); inst.platform.nodes.len()];
        for (id, v) in x {
            xs[ix(*id)] = v.clone();
        }
        let per_arc = |list: &[(i64, i64, Q)]| {
            let mut out = vec![Q::zero(); arcs.len()];
            for (a, b, v) in list {
                let k = arcs
                    .iter()
                    .position(|arc| arc.from == ix(*a) && arc.to == ix(*b))
                    .unwrap();
                out[k] = v.clone();
            }
            out
        };
        let (f, g) = (per_arc(f), per_arc(g));
        Given {
            inst,
            arcs,
            x: xs,
            f,
            g,
        }
    }

    fn flows(&self) -> Flows<'_> {
        Flows {
            platform: &self.inst.platform,
            arcs: &self.arcs,
            data_in: &self.inst.data_in,
            data_out: &self.inst.data_out,
            x: &self.x,
            f: &self.f,
            g: &self.g,
        }
    }

    /// Builds and verifies the pattern, and checks that the simulation agrees with the
    /// closed count `completed(R)` over 30 periods.
    fn pattern(&self) -> Pattern {
        let pat = build(&self.flows()).unwrap();
        verify(&pat, &self.flows()).unwrap();
        if self.inst.data_out.is_zero() {
            let sim = simulate(&pat, &self.flows(), 30).unwrap();
            for (r, done) in (1..=30).zip(&sim) {
                assert_eq!(done, &pat.completed(r), "R = {r}");
            }
        }
        pat
    }
}

fn big(v: i64) -> BigInt {
    BigInt::from(v)
}

fn example_1_canonical() -> Given {
    Given::new(
        preset("example-1"),
        &[(1, qi(1)), (2, q(1, 3)), (3, q(1, 4)), (4, q(1, 6))],
        &[
            (1, 2, q(1, 4)),
            (1, 3, q(1, 2)),
            (3, 4, q(1, 4)),
            (4, 2, q(1, 12)),
        ],
        &[],
    )
}

/// The paper's own solution on Example 1 (§6.1): node 2 fed along two routes.
fn example_1_papers() -> Given {
    Given::new(
        preset("example-1"),
        &[(1, qi(1)), (2, q(1, 3)), (3, q(1, 4)), (4, q(1, 6))],
        &[
            (1, 2, q(1, 6)),
            (1, 3, q(7, 12)),
            (3, 4, q(1, 3)),
            (4, 2, q(1, 6)),
        ],
        &[],
    )
}

/// Example 5's rates (§6.5): three parallel routes of 1/3 each to node 7.
fn example_5() -> Given {
    let f: Vec<(i64, i64, Q)> = (1..=3)
        .flat_map(|i| [(0, i, q(1, 3)), (i, i + 3, q(1, 3)), (i + 3, 7, q(1, 3))])
        .collect();
    Given::new(preset("gadget-example-5"), &[(7, qi(1))], &f, &[])
}

#[test]
fn example_1_canonical_pattern() {
    let given = example_1_canonical();
    let pat = given.pattern();
    assert_eq!(pat.period_t, big(12));
    assert_eq!(pat.n, vec![big(12), big(4), big(3), big(2)]);
    assert_eq!(pat.decomposition.delta, qi(12));
    let mus: Vec<Q> = pat
        .decomposition
        .matchings
        .iter()
        .map(|m| m.mu.clone())
        .collect();
    assert_eq!(mus, vec![qi(6), qi(3), qi(3)]);
    assert_eq!(
        (pat.scale_a.clone(), pat.length.clone(), pat.tasks()),
        (big(1), big(12), big(21))
    );
    // Slot 1 sends 3 tasks 1→2 (2 time units each) and 2 tasks 3→4 (3 each).
    let s1: Vec<(usize, Q)> = pat.slots[0]
        .arcs
        .iter()
        .map(|t| (t.arc, t.inputs.clone()))
        .collect();
    assert_eq!(s1, vec![(0, qi(3)), (4, qi(2))]);
    // Ramp-up: depths 1:0, 3:1, 4:2, 2:3 and completed(R) = 21R − 19 from R = 3.
    assert_eq!(pat.depth, vec![Some(0), Some(3), Some(1), Some(2)]);
    for (r, want) in [(1, 12), (2, 27), (3, 44), (10, 191), (100, 2081)] {
        assert_eq!(pat.completed(r), big(want), "R = {r}");
    }
    // §6.1: against the bound ρ·R·T = 7/4 · 100 · 12 = 2100, the ratio at R = 100 is 0.990952.
    let bound = q(7, 4) * qi(100) * Q::from_integer(pat.length.clone());
    assert_eq!(bound, qi(2100));
    let ratio = Q::from_integer(pat.completed(100)) / bound;
    assert!((crate::rational::to_f64(&ratio) - 0.990_952).abs() < 5e-7);
    // Compute lanes: 12 tasks of 1 on node 1, 4 of 3 on node 2, all within [0, 12).
    let b = bars(&pat, &given.flows());
    assert!(b
        .iter()
        .any(|b| b.lane == Lane::Compute(1) && b.count == qi(4) && b.end == qi(12)));
}

#[test]
fn example_1_with_latencies() {
    let mut given = example_1_canonical();
    for n in &mut given.inst.platform.nodes {
        n.lcalc = Some(qi(2));
    }
    for l in &mut given.inst.platform.links {
        l.lcomm = Some(qi(1));
    }
    let pat = given.pattern();
    for (batch, period, tasks, rho) in [
        (1, 15, 21, q(7, 5)),
        (2, 27, 42, q(14, 9)),
        (10, 123, 210, q(70, 41)),
        (100, 1203, 2100, q(700, 401)),
    ] {
        let (p, t) = pat.with_latencies(&given.flows(), batch);
        assert_eq!((p, t.clone()), (qi(period), rho), "N = {batch}");
        assert_eq!(t * qi(period), qi(tasks));
    }
}

#[test]
fn example_1_papers_solution_needs_a_scale_factor() {
    let mut given = example_1_papers();
    let pat = given.pattern();
    assert_eq!(
        (pat.scale_a.clone(), pat.length.clone(), pat.tasks()),
        (big(3), big(36), big(63))
    );
    let bounds: Vec<(Q, Q)> = pat
        .slots
        .iter()
        .map(|s| (s.start.clone(), s.end()))
        .collect();
    assert_eq!(
        bounds,
        vec![
            (qi(0), qi(12)),
            (qi(12), qi(30)),
            (qi(30), qi(33)),
            (qi(33), qi(36))
        ]
    );
    for n in &mut given.inst.platform.nodes {
        n.lcalc = Some(qi(2));
    }
    for l in &mut given.inst.platform.links {
        l.lcomm = Some(qi(1));
    }
    for (batch, period, rho) in [
        (1, 40, q(63, 40)),
        (10, 364, q(45, 26)),
        (100, 3604, q(1575, 901)),
    ] {
        assert_eq!(
            pat.with_latencies(&given.flows(), batch),
            (qi(period), rho),
            "N = {batch}"
        );
    }
}

#[test]
fn example_2_star_uses_three_single_edge_matchings() {
    let given = Given::new(
        preset("star-example-2"),
        &[(0, q(1, 3)), (1, q(1, 2)), (2, q(1, 8)), (4, q(1, 4))],
        &[(0, 1, q(1, 2)), (0, 4, q(1, 4)), (0, 2, q(1, 8))],
        &[],
    );
    let pat = given.pattern();
    assert_eq!(pat.period_t, big(24));
    assert_eq!(pat.n, vec![big(8), big(12), big(3), big(0), big(6)]);
    let mus: Vec<Q> = pat
        .decomposition
        .matchings
        .iter()
        .map(|m| m.mu.clone())
        .collect();
    assert_eq!(mus, vec![qi(12), qi(6), qi(6)]);
    assert_eq!((pat.scale_a.clone(), pat.tasks()), (big(1), big(29)));
}

#[test]
fn example_3_full_run() {
    let given = Given::new(
        preset("tree-example-3"),
        &[
            (0, q(1, 2)),
            (2, q(1, 24)),
            (3, q(1, 3)),
            (4, q(1, 12)),
            (6, q(1, 2)),
        ],
        &[
            (0, 1, q(11, 12)),
            (0, 2, q(1, 24)),
            (1, 3, q(5, 6)),
            (1, 4, q(1, 12)),
            (3, 6, q(1, 2)),
        ],
        &[],
    );
    let pat = given.pattern();
    assert_eq!((pat.period_t.clone(), pat.tasks()), (big(24), big(35)));
    for (r, want) in [(1, 12), (3, 48), (4, 83), (100, 3443)] {
        assert_eq!(pat.completed(r), big(want), "R = {r}");
    }
}

#[test]
fn example_5_cannot_avoid_a_scale_factor() {
    let pat = example_5().pattern();
    assert_eq!(pat.decomposition.delta, qi(3));
    assert_eq!(
        (
            pat.period_t.clone(),
            pat.scale_a.clone(),
            pat.length.clone(),
            pat.tasks()
        ),
        (big(3), big(3), big(9), big(9))
    );
}

#[test]
fn example_6_result_files() {
    let mut inst = preset("example-1");
    inst.data_out = q(1, 2);
    let given = Given::new(
        inst,
        &[(1, qi(1)), (2, q(1, 3)), (3, q(1, 4)), (4, q(1, 6))],
        &[
            (1, 2, q(1, 4)),
            (1, 3, q(1, 2)),
            (3, 4, q(1, 4)),
            (4, 2, q(1, 12)),
        ],
        &[(2, 1, q(1, 3)), (3, 1, q(5, 12)), (4, 3, q(1, 6))],
    );
    let pat = given.pattern();
    assert_eq!(pat.period_t, big(12));
    assert_eq!(pat.decomposition.delta, qi(12));
    assert_eq!(pat.decomposition.matchings.len(), 7);
    assert_eq!(
        (pat.scale_a.clone(), pat.length.clone(), pat.tasks()),
        (big(6), big(72), big(126))
    );
}

#[test]
fn a_single_master_needs_no_matching() {
    let given = Given::new(preset("star-example-2"), &[(0, q(1, 3))], &[], &[]);
    let pat = given.pattern();
    assert!(pat.decomposition.matchings.is_empty());
    assert_eq!(
        (pat.period_t.clone(), pat.scale_a.clone()),
        (big(3), big(1))
    );
}

#[test]
fn infeasible_rates_are_refused_with_the_reason() {
    let given = Given::new(preset("star-example-2"), &[(0, qi(1))], &[], &[]);
    let e = build(&given.flows()).unwrap_err().to_string();
    assert!(e.contains("node 0 computes"), "{e}");
}

#[test]
fn the_simulation_catches_a_node_starting_too_early() {
    let given = example_1_canonical();
    let mut pat = build(&given.flows()).unwrap();
    // Node 3 (index 2) is one hop from the master; starting it in period 1 uses tasks it has
    // not received yet.
    pat.depth[2] = Some(0);
    let e = simulate(&pat, &given.flows(), 3).unwrap_err();
    assert_eq!(e, "node 3 runs out of tasks in period 1".into());
}

/// The (slot, arc ends, count before scaling, denominator) rows of the §4.5 table.
fn table(given: &Given, pat: &Pattern) -> Vec<(usize, (usize, usize), Q, BigInt)> {
    scale_table(pat)
        .into_iter()
        .map(|r| {
            let a = &given.arcs[r.arc];
            let id = |i: usize| given.inst.platform.nodes[i].id.to_string().parse().unwrap();
            (r.slot + 1, (id(a.from), id(a.to)), r.count, r.denominator)
        })
        .collect()
}

/// §6.1: "Files per slot: M1: 1→2 3, 3→4 2; M2: 1→3 3, 3→4 1, 4→2 1; M3: 1→3 3 → all
/// integers, A = 1".
#[test]
fn example_1_canonical_scale_table_is_all_integers() {
    let given = example_1_canonical();
    let pat = given.pattern();
    let one = big(1);
    assert_eq!(
        table(&given, &pat),
        vec![
            (1, (1, 2), qi(3), one.clone()),
            (1, (3, 4), qi(2), one.clone()),
            (2, (1, 3), qi(3), one.clone()),
            (2, (3, 4), qi(1), one.clone()),
            (2, (4, 2), qi(1), one.clone()),
            (3, (1, 3), qi(3), one),
        ]
    );
}

/// §6.1, the paper's solution: "arc 3→4 (c=3) would carry 4/3, 1/3, 1/3 tasks in slots 1, 3, 4
/// ⇒ A = 3"; and §6.5: the slow arcs carry 1/3 task per slot ⇒ A = 3.
#[test]
fn scale_tables_give_a_equal_3_on_the_papers_solution_and_example_5() {
    let given = example_1_papers();
    let pat = given.pattern();
    let rows = table(&given, &pat);
    let on_34: Vec<(usize, Q)> = rows
        .iter()
        .filter(|r| r.1 == (3, 4))
        .map(|r| (r.0, r.2.clone()))
        .collect();
    assert_eq!(
        on_34,
        vec![(1, q(4, 3)), (2, qi(2)), (3, q(1, 3)), (4, q(1, 3))]
    );
    let lcm = rows
        .iter()
        .fold(big(1), |acc, r| num_integer::Integer::lcm(&acc, &r.3));
    assert_eq!((lcm, pat.scale_a.clone()), (big(3), big(3)));
    let given = example_5();
    let pat = given.pattern();
    let slow: Vec<(usize, Q)> = table(&given, &pat)
        .into_iter()
        .filter(|r| (1..=3).contains(&r.1 .0) && r.1 .1 == r.1 .0 + 3)
        .map(|r| (r.0, r.2))
        .collect();
    assert_eq!(slow.len(), 9);
    assert!(slow.iter().all(|(_, c)| c == &q(1, 3)));
}
