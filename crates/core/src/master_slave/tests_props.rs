//! Property tests: the exact methods against brute force on tiny instances (every permutation
//! of the slots; every sequence of destinations on forks and chains), the approximation's
//! guarantee, `MinTime` minimality, and on random instances of every variant the verifier, the
//! replay and solve = solve_traced (through [`super::tests::run`]).

use num_traits::Signed;
use proptest::prelude::*;

use super::assign::permutations;
use super::tests::{bus, run};
use super::*;
use crate::generate::Shape as GenShape;
use crate::rational::{q, qi, Q};

fn cnt(x: &Q) -> u64 {
    if x.is_negative() {
        0
    } else {
        u64::try_from(x.floor().to_integer()).unwrap()
    }
}

fn qn(n: usize) -> Q {
    Q::from_integer(n.into())
}

/// `MaxTasks1` by brute force: every slot permutation, counts from the definition (§3.1).
fn brute1(t: &[Q], tcom: &Q, h: &Q) -> u64 {
    permutations(t.len())
        .iter()
        .map(|s| {
            (0..t.len())
                .map(|i| cnt(&((h - tcom * qn(s[i] + 1)) / &t[i])))
                .sum()
        })
        .max()
        .unwrap()
}

/// `MaxTasks2` by brute force over both permutations (§4.1).
fn brute2(t: &[Q], t1: &Q, t2: &Q, h: &Q) -> u64 {
    let perms = permutations(t.len());
    let mut best = 0;
    for a in &perms {
        for b in &perms {
            let v = (0..t.len())
                .map(|i| cnt(&((h - t1 * qn(a[i] + 1) - t2 * qn(b[i] + 1)) / &t[i])))
                .sum();
            best = best.max(v);
        }
    }
    best
}

fn times(max_p: usize) -> impl Strategy<Value = Vec<Q>> {
    proptest::collection::vec((1i64..10, 1i64..3), 1..=max_p)
        .prop_map(|v| v.into_iter().map(|(a, b)| q(a, b)).collect())
}

/// Forks and chains by brute force: every sequence of destinations sent back-to-back by the
/// master, relays forwarding first-in-first-out, CPUs computing first-in-first-out as soon as
/// possible; the most tasks computed by `T`.
fn brute_tree(nodes: &[model::Node], h: i64, n: usize) -> u64 {
    let mut best = 0;
    let mut seq = Vec::new();
    search(nodes, h, n, &mut seq, &mut best);
    best
}

fn search(nodes: &[model::Node], h: i64, n: usize, seq: &mut Vec<usize>, best: &mut u64) {
    *best = (*best).max(simulate(nodes, h, seq));
    if seq.len() >= n {
        return;
    }
    for d in 0..nodes.len() {
        seq.push(d);
        // Prune: the master's port alone must fit.
        if master_time(nodes, seq) <= h {
            search(nodes, h, n, seq, best);
        }
        seq.pop();
    }
}

fn int(x: &Q) -> i64 {
    i64::try_from(x.to_integer()).unwrap()
}

fn path(nodes: &[model::Node], d: usize) -> Vec<usize> {
    let mut p = vec![d];
    while let Some(x) = nodes[*p.last().unwrap()].parent {
        p.push(x);
    }
    p.reverse();
    p
}

fn master_time(nodes: &[model::Node], seq: &[usize]) -> i64 {
    seq.iter().map(|&d| int(&nodes[path(nodes, d)[0]].c)).sum()
}

fn simulate(nodes: &[model::Node], h: i64, seq: &[usize]) -> u64 {
    // Arrival events processed in order of time at each node: (time, dest).
    let k = nodes.len();
    let mut port = vec![0i64; k + 1]; // index k = master
    let mut cpu = vec![0i64; k];
    let mut arrivals: Vec<Vec<(i64, usize, usize)>> = vec![Vec::new(); k];
    let mut clock = 0;
    for (order, &d) in seq.iter().enumerate() {
        let first = path(nodes, d)[0];
        clock += int(&nodes[first].c);
        arrivals[first].push((clock, order, d));
    }
    port[k] = clock;
    let mut done = 0;
    // Parents come before children on every path; process nodes in path-depth order.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&v| path(nodes, v).len());
    for v in order {
        let mut list = arrivals[v].clone();
        list.sort_unstable();
        for (a, ord, d) in list {
            if d == v {
                let w = nodes[v].w.as_ref().map_or(i64::MAX / 4, int);
                let s = a.max(cpu[v]);
                cpu[v] = s + w;
                if cpu[v] <= h {
                    done += 1;
                }
            } else {
                let p = path(nodes, d);
                let next = p[p.iter().position(|&x| x == v).unwrap() + 1];
                let s = a.max(port[v]);
                port[v] = s + int(&nodes[next].c);
                arrivals[next].push((port[v], ord, d));
            }
        }
    }
    done
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn max_tasks1_is_optimal_and_beats_the_foil(t in times(5), tcom in 1i64..4, h in 0i64..40) {
        let input = bus(1, &[1], tests::single(1), tests::horizon(0));
        let MsInput::Bus(mut b) = input else { unreachable!() };
        b.t = t.clone();
        b.comm = Comm::Single(qi(tcom));
        b.goal = Goal::Horizon(qi(h));
        let input = MsInput::Bus(b);
        let exact = run(&input, "exact");
        prop_assert_eq!(exact.total, brute1(&t, &qi(tcom), &qi(h)));
        prop_assert!(run(&input, "greedy").total <= exact.total);
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn max_tasks2_exact_and_approx(t in times(4), t1 in 1i64..3, t2 in 1i64..3, extra in 0i64..30) {
        let p = t.len();
        let h = qi((t1 + t2) * i64::try_from(p).unwrap() + extra);
        let input = MsInput::Bus(BusInput { variant: 2, t: t.clone(), comm: Comm::Pair(qi(t1), qi(t2)), goal: Goal::Horizon(h.clone()) });
        let opt = brute2(&t, &qi(t1), &qi(t2), &h);
        prop_assert_eq!(run(&input, "exact").total, opt);
        let a = run(&input, "approx");
        let m = a.matching.clone().unwrap();
        let c_app = u64::try_from(m.c_app.unwrap().max(0)).unwrap();
        prop_assert!(c_app <= a.total && a.total <= opt);
        prop_assert_eq!(m.exact_optimum, Some(opt));
        if m.guarantee_proven == Some(true) {
            prop_assert!(a.total + p as u64 >= opt);
        }
    }

    #[test]
    fn identical_slaves_are_exact(p in 1usize..5, w in 1i64..6, t1 in 1i64..3, t2 in 1i64..3, extra in 0i64..20) {
        let t = vec![qi(w); p];
        let h = qi((t1 + t2) * i64::try_from(p).unwrap() + extra);
        let input = MsInput::Bus(BusInput { variant: 2, t: t.clone(), comm: Comm::Pair(qi(t1), qi(t2)), goal: Goal::Horizon(h.clone()) });
        prop_assert_eq!(run(&input, "exact").total, brute2(&t, &qi(t1), &qi(t2), &h));
    }

    #[test]
    fn per_task_variants_verify_and_stay_under_the_bound(
        t in times(5), v in 3u8..5, a in 1i64..3, b in 1i64..3, h in 0i64..60
    ) {
        let comm = if v == 3 { Comm::Single(qi(a)) } else { Comm::Pair(qi(a), qi(b)) };
        let input = MsInput::Bus(BusInput { variant: v, t, comm, goal: Goal::Horizon(qi(h)) });
        let s = run(&input, "periodic");
        let view = s.periodic.clone().unwrap();
        prop_assert!(s.total <= view.ub);
        if v == 3 {
            let g = run(&input, "greedy");
            prop_assert!(g.total <= view.ub);
            prop_assert_eq!(Some(g.total), view.greedy);
        }
        // The series is non-decreasing and ends at the horizon's counts.
        if let Some(last) = view.series.last() {
            prop_assert_eq!(last.periodic, s.total);
            prop_assert!(view.series.windows(2).all(|w| w[0].periodic <= w[1].periodic));
        }
    }

    #[test]
    fn min_time_is_the_least_horizon(t in times(3), v in 0u8..3, c in 1u64..12) {
        let comm = match v { 0 => Comm::None, 1 => Comm::Single(qi(1)), _ => Comm::Pair(qi(1), qi(1)) };
        let input = MsInput::Bus(BusInput { variant: v, t: t.clone(), comm: comm.clone(), goal: Goal::Tasks(c) });
        let s = run(&input, "exact");
        let star = s.makespan.clone().unwrap();
        let at = |h: &Q| solve(&MsInput::Bus(BusInput { variant: v, t: t.clone(), comm: comm.clone(), goal: Goal::Horizon(h.clone()) }), "exact").map(|s| s.total);
        prop_assert!(at(&star).unwrap() >= c);
        // One grid step less (the lcm of the denominators) is too short, or refused (variant 2
        // below p·(t1+t2)).
        let scale = crate::rational::lcm_denominators(t.iter());
        let less = &star - Q::new(1.into(), scale);
        if !less.is_negative() {
            let below = at(&less);
            prop_assert!(below.map_or(true, |n| n < c));
        }
    }

    #[test]
    fn forks_and_chains_match_brute_force(
        hops in proptest::collection::vec((1i64..3, 1i64..5), 1..4),
        chain in any::<bool>(),
        h in 1i64..9,
        n in 1usize..6,
    ) {
        let list: Vec<Hop> = hops.iter().map(|&(c, w)| Hop { c: qi(c), w: Some(qi(w)) }).collect();
        let shape = if chain { Shape::Chain(list) } else { Shape::Fork(list) };
        let input = MsInput::Tree(TreeInput { shape: shape.clone(), horizon: qi(h), n: Some(n as u64), w0: None, tasks: None });
        // Chains with unequal links are still chains (one child per node): always supported.
        let s = run(&input, "exact");
        prop_assert_eq!(s.total, brute_tree(&shape.nodes(), h, n));
    }
}

#[test]
fn random_instances_of_every_shape_keep_the_invariants() {
    for shape in GenShape::ALL {
        for seed in 0..7u64 {
            for size in [1, 3, 6] {
                let input = super::generate::random(shape, size, seed);
                for algo in offered(&input) {
                    match solve(&input, algo) {
                        Ok(_) => {
                            run(&input, algo);
                        }
                        Err(e) => assert!(e.to_string().len() > 10, "{e}"),
                    }
                }
            }
        }
    }
}

#[test]
fn generated_instances_read_back_and_are_deterministic() {
    for shape in GenShape::ALL {
        for seed in 0..5u64 {
            let inst = crate::families::generate("master-slave", shape, 5, seed).unwrap();
            assert_eq!(
                inst,
                crate::families::generate("master-slave", shape, 5, seed).unwrap()
            );
            let back = crate::families::Instance::from_json(&inst.to_json());
            assert_eq!(back, Ok(inst), "{shape:?} seed {seed}");
        }
    }
    // Sizes are clamped to the limits.
    let crate::families::Instance::MasterSlave(MsInput::Bus(b)) =
        crate::families::generate("master-slave", GenShape::Star, 500, 1).unwrap()
    else {
        panic!("a bus instance")
    };
    assert_eq!(b.t.len(), MAX_SLAVES);
}
