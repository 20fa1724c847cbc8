//! The worked examples of chains.md §12, number by number (exact fractions as printed).

use super::chain::Chain;
use super::dp::{eq4_table, fig2a, full_band};
use super::probe::{lr_probe, rl_probe};
use super::ratio::{Value, R};
use super::*;
use crate::rational::parse_q;

pub(super) fn input(w: &[u64], e: &[u64]) -> ChainsInput {
    ChainsInput::new(w.to_vec(), e.to_vec())
}

pub(super) fn qv(text: &str) -> Q {
    parse_q(text).unwrap()
}

pub(super) fn qs(list: &[&str]) -> Vec<Q> {
    list.iter().map(|t| qv(t)).collect()
}

pub(super) fn r(text: &str) -> R {
    R::from_q(&qv(text)).unwrap()
}

pub(super) const EX1: (&[u64], &[u64]) = (&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3], &[1, 2, 1]);
pub(super) const EX2: (&[u64], &[u64]) = (&[2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], &[3, 1, 2, 2]);
pub(super) const EX3: (&[u64], &[u64]) = (&[5; 8], &[1, 1, 1]);
pub(super) const EX4: (&[u64], &[u64]) = (&[1, 1, 1, 1, 50, 1, 1, 1, 1], &[1, 4, 1]);
pub(super) const EX5: (&[u64], &[u64]) = (&[4, 8, 15, 16, 23, 42], &[1; 8]);
pub(super) const EX7: (&[u64], &[u64]) = (&[6, 3, 6, 9, 5, 4], &[4, 3, 4]);
pub(super) const EX8: (&[u64], &[u64]) = (&[7, 2, 5, 1, 8, 2, 1], &[1, 1, 4]);

pub(super) fn ex6() -> ChainsInput {
    input(
        &workload::uniform(40, 1, 20, 11),
        &workload::speeds(5, 4, 12, 1),
    )
}

/// The exact CCP algorithms (every one must give the same optimum).
pub(super) const EXACT: [&str; 8] = [
    "exact-bisection",
    "dp",
    "dp-plus",
    "nicol",
    "nicol-plus",
    "bidding",
    "dp-eq4",
    "exhaustive",
];

/// Every exact algorithm gives `opt`, with the left-greedy partition `s`; RB and MP give
/// their separators; every solution passes the checker.
pub(super) fn check(inp: &ChainsInput, opt: &str, s: &[usize], rb: &[usize], mp: &[usize]) {
    for alg in EXACT {
        let sol = solve(inp, alg).unwrap();
        assert_eq!(sol.bottleneck, qv(opt), "{alg}");
        assert_eq!(sol.separators, s, "{alg}");
        verify(inp, &sol).unwrap();
    }
    for (alg, want) in [("rb", rb), ("mp", mp)] {
        let sol = solve(inp, alg).unwrap();
        assert_eq!(sol.separators, want, "{alg}");
        verify(inp, &sol).unwrap();
    }
}

pub(super) fn bis_steps(inp: &ChainsInput) -> Vec<(Q, bool, Option<Vec<usize>>, Q)> {
    let t = solve_traced(inp, "exact-bisection").unwrap();
    t.trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::BisStep {
                mid,
                success,
                seps: s,
                new_bound,
                ..
            } => Some((mid.clone(), *success, s.clone(), new_bound.clone())),
            _ => None,
        })
        .collect()
}

pub(super) fn table_rows(c: &Chain) -> (Vec<Vec<Q>>, Vec<Vec<Q>>) {
    let eq4: Vec<Vec<Q>> = eq4_table(c)
        .iter()
        .map(|row| row.iter().map(|(v, _)| v.exact()).collect())
        .collect();
    let mut fig = vec![vec![Q::default(); c.n() + 1]; c.p()];
    fig2a(c, &full_band(c), &mut |p, i, _, v| {
        fig[p - 1][i] = v.exact();
    });
    (eq4, fig)
}

#[test]
fn ex1_bounds_heuristics_table_and_bisections() {
    let inp = input(EX1.0, EX1.1);
    let c = check::chain(&inp);
    assert_eq!(c.w, [0, 3, 4, 8, 9, 14, 23, 25, 31, 36, 39]);
    assert_eq!(c.ideal(), r("39/4"));
    assert_eq!(
        (c.ub_eq6(), c.ub_nicol(), c.ub_bis()),
        (r("63/4"), r("33/2"), r("75/4"))
    );
    check(&inp, "11", &[0, 4, 8, 10], &[0, 4, 8, 10], &[0, 4, 8, 10]);
    let rb = solve(&inp, "rb").unwrap();
    assert_eq!(rb.loads, qs(&["9", "11", "8"]));
    let sol = solve(&inp, "exact-bisection").unwrap();
    assert_eq!(format!("{:.4}", sol.imbalance), "12.8205");
    let mut s = Vec::new();
    assert!(lr_probe(&c, &R::int(11), &mut s));
    assert_eq!(s, [0, 4, 8, 10]);
    assert!(rl_probe(&c, &R::int(11), &mut s));
    assert_eq!(s, [0, 4, 8, 10]);
    let (eq4, fig) = table_rows(&c);
    let want = [
        qs(&["0", "3", "4", "8", "9", "14", "23", "25", "31", "36", "39"]),
        qs(&[
            "0", "3/2", "2", "3", "3", "5", "8", "17/2", "11", "27/2", "14",
        ]),
        qs(&["0", "3/2", "3/2", "3", "3", "5", "8", "8", "8", "11", "11"]),
    ];
    assert_eq!(eq4, want);
    assert_eq!(fig, want);
    let steps = bis_steps(&inp);
    let want = [
        ("57/4", true, [0, 5, 10, 10], "14"),
        ("95/8", true, [0, 4, 8, 10], "11"),
        ("83/8", false, [0, 4, 7, 10], "11"),
    ];
    assert_eq!(steps.len(), want.len());
    for (got, (mid, ok, s, b)) in steps.iter().zip(want) {
        assert_eq!(
            (&got.0, got.1, got.2.as_deref(), &got.3),
            (&qv(mid), ok, Some(&s[..]), &qv(b))
        );
    }
    let eps = solve(&inp, "eps-bisection").unwrap();
    assert_eq!((eps.bound, eps.probes), (Some(qv("45057/4096")), 14));
}

#[test]
fn ex2_the_main_walk_through() {
    let inp = input(EX2.0, EX2.1);
    let c = check::chain(&inp);
    assert_eq!(c.w, [0, 2, 9, 10, 18, 20, 28, 29, 37, 39, 47, 51, 56]);
    assert_eq!((c.total(), c.e_tot(), c.ideal()), (56, 8, R::int(7)));
    let bounds = [c.ub_eq6(), c.ub_nicol(), c.ub_bis(), c.ub_greedy()];
    assert_eq!(bounds, [R::int(13), R::int(14), R::int(15), R::int(10)]);
    check(
        &inp,
        "17/2",
        &[0, 5, 6, 9, 12],
        &[0, 5, 6, 9, 12],
        &[0, 5, 6, 9, 12],
    );
    let rb = solve(&inp, "rb").unwrap();
    assert_eq!(rb.loads, qs(&["20/3", "8", "11/2", "17/2"]));
    assert_eq!(format!("{:.4}", rb.imbalance), "21.4286");
    let mut s = Vec::new();
    assert!(lr_probe(&c, &r("17/2"), &mut s));
    assert_eq!(s, [0, 5, 6, 9, 12]);
    assert!(rl_probe(&c, &r("17/2"), &mut s));
    assert_eq!(s, [0, 5, 6, 9, 12]);
    assert!(!lr_probe(&c, &r("31/4"), &mut s));
    assert_eq!(s, [0, 5, 5, 7, 12]);
    assert_eq!(c.load(&s, 4), r("27/2"));
    let bids: Vec<R> = (1..4).map(|p| c.bid(&s, p)).collect();
    assert_eq!(bids, [r("28/3"), R::int(8), r("17/2")]);
    let (eq4, fig) = table_rows(&c);
    let want = [
        qs(&[
            "0", "2/3", "3", "10/3", "6", "20/3", "28/3", "29/3", "37/3", "13", "47/3", "17",
            "56/3",
        ]),
        qs(&[
            "0", "2/3", "3", "3", "6", "6", "8", "9", "28/3", "10", "37/3", "13", "47/3",
        ]),
        qs(&[
            "0", "2/3", "3", "3", "4", "5", "6", "6", "8", "8", "9", "28/3", "19/2",
        ]),
        qs(&[
            "0", "2/3", "3", "3", "4", "4", "5", "5", "6", "6", "8", "8", "17/2",
        ]),
    ];
    assert_eq!(eq4, want);
    assert_eq!(fig, want);
    let want = [
        ("11", true, [0, 7, 9, 12, 12], "10"),
        ("17/2", true, [0, 5, 6, 9, 12], "17/2"),
        ("31/4", false, [0, 5, 5, 7, 12], "8"),
        ("33/4", false, [0, 5, 6, 9, 12], "17/2"),
    ];
    let steps = bis_steps(&inp);
    assert_eq!(steps.len(), want.len());
    for (got, (mid, ok, s, b)) in steps.iter().zip(want) {
        assert_eq!(
            (&got.0, got.1, got.2.as_deref(), &got.3),
            (&qv(mid), ok, Some(&s[..]), &qv(b))
        );
    }
    let eps = solve(&inp, "eps-bisection").unwrap();
    assert_eq!((eps.bound, eps.probes), (Some(qv("17/2")), 13));
}

#[test]
fn ex2_dp_plus_band_nicol_and_bidding() {
    use Action::{ProbeFail as F, ProbeOk as K, SkipHigh as H, SkipLow as L};
    let inp = input(EX2.0, EX2.1);
    let t = solve_traced(&inp, "dp-plus").unwrap();
    let band: Vec<(usize, usize)> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::DpBand { sl, sh, .. } => Some((*sl, *sh)),
            _ => None,
        })
        .collect();
    assert_eq!(band, [(5, 5), (6, 6), (9, 9), (12, 12)]);
    let t = solve_traced(&inp, "nicol-plus").unwrap();
    let steps: Vec<(usize, usize, Q, Action)> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::NicolStep {
                b,
                imid,
                value,
                action,
            } => Some((*b, *imid, value.clone(), *action)),
            _ => None,
        })
        .collect();
    let want = [
        (1, 6, "28/3", K),
        (1, 3, "10/3", L),
        (1, 5, "20/3", L),
        (2, 9, "19", H),
        (2, 7, "9", K),
        (2, 6, "8", F),
        (3, 9, "11/2", L),
        (3, 11, "23/2", H),
        (3, 10, "19/2", H),
    ];
    let want: Vec<(usize, usize, Q, Action)> =
        want.iter().map(|&(b, i, v, a)| (b, i, qv(v), a)).collect();
    assert_eq!(steps, want);
    let bounds: Vec<(Q, Q)> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::Bounds { lb, ub, .. } => Some((lb.clone(), ub.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        bounds,
        [
            (qv("7"), qv("14")),
            (qv("7"), qv("28/3")),
            (qv("7"), qv("9")),
            (qv("8"), qv("9"))
        ]
    );
    assert_eq!(
        t.solution.candidates,
        Some(qs(&["28/3", "9", "19/2", "17/2"]))
    );
    assert_eq!(t.solution.probes, 3);
    let t = solve_traced(&inp, "nicol").unwrap();
    let probes: Vec<(Q, bool)> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::NicolStep { value, action, .. } => {
                Some((value.clone(), *action == Action::ProbeOk))
            }
            _ => None,
        })
        .collect();
    let want = [
        ("28/3", true),
        ("10/3", false),
        ("20/3", false),
        ("19", true),
        ("9", true),
        ("8", false),
        ("11/2", false),
        ("23/2", true),
        ("19/2", true),
    ];
    assert_eq!(probes, want.map(|(v, ok)| (qv(v), ok)));
    assert_eq!(t.solution.probes, 9);
    let rounds = bid_rounds(&inp);
    assert_eq!(
        rounds,
        [
            (
                qv("7"),
                Some(vec![0, 5, 5, 7, 12]),
                qv("27/2"),
                Some(2),
                Some(qs(&["28/3", "8", "17/2"]))
            ),
            (
                qv("8"),
                Some(vec![0, 5, 6, 9, 12]),
                qv("17/2"),
                None,
                Some(qs(&["28/3", "9", "19/2"]))
            ),
        ]
    );
    assert_eq!(solve(&inp, "bidding").unwrap().bottleneck, qv("17/2"));
}

pub(super) type Round = (Q, Option<Vec<usize>>, Q, Option<usize>, Option<Vec<Q>>);

pub(super) fn bid_rounds(inp: &ChainsInput) -> Vec<Round> {
    solve_traced(inp, "bidding")
        .unwrap()
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::BidRound {
                b,
                seps: s,
                bids,
                wlast,
                chosen_p,
            } => Some((
                b.clone(),
                s.clone(),
                wlast.clone(),
                *chosen_p,
                bids.as_ref()
                    .map(|v| v.iter().map(|x| x.clone().unwrap_or_default()).collect()),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn ex3_homogeneous_ties() {
    let inp = input(EX3.0, EX3.1);
    let c = check::chain(&inp);
    assert_eq!(c.ideal(), r("40/3"));
    check(&inp, "15", &[0, 3, 6, 8], &[0, 3, 5, 8], &[0, 3, 5, 8]);
    assert_eq!(solve(&inp, "rb").unwrap().bottleneck, qv("15"));
    assert_eq!(
        format!("{:.1}", solve(&inp, "dp").unwrap().imbalance),
        "12.5"
    );
    let mut s = Vec::new();
    rl_probe(&c, &R::int(15), &mut s);
    assert_eq!(s, [0, 2, 5, 8]);
    assert_eq!(
        solve(&inp, "dp").unwrap().right_separators,
        Some(vec![0, 2, 5, 8])
    );
    let t = solve_traced(&inp, "dp-plus").unwrap();
    let band: Vec<(usize, usize)> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::DpBand { sl, sh, .. } => Some((*sl, *sh)),
            _ => None,
        })
        .collect();
    assert_eq!(band, [(2, 3), (5, 6), (8, 8)]);
    let rounds = bid_rounds(&inp);
    let got: Vec<(Q, Option<Vec<usize>>, Q)> =
        rounds.into_iter().map(|x| (x.0, x.1, x.2)).collect();
    assert_eq!(
        got,
        [
            (qv("40/3"), Some(vec![0, 2, 4, 8]), qv("20")),
            (qv("15"), Some(vec![0, 3, 6, 8]), qv("10"))
        ]
    );
}

#[test]
fn ex4_one_heavy_task() {
    let inp = input(EX4.0, EX4.1);
    assert_eq!(check::chain(&inp).ideal(), r("29/3"));
    check(&inp, "25/2", &[0, 4, 5, 9], &[0, 4, 5, 9], &[0, 4, 5, 9]);
    let sol = solve(&inp, "rb").unwrap();
    assert_eq!(sol.loads, qs(&["4", "25/2", "4"]));
    assert_eq!(format!("{:.4}", sol.imbalance), "29.3103");
    let steps: Vec<(Q, bool, Q)> = bis_steps(&inp)
        .into_iter()
        .map(|x| (x.0, x.1, x.3))
        .collect();
    let want = [
        ("104/3", true, "27/2"),
        ("139/12", false, "25/2"),
        ("13", true, "13"),
        ("51/4", true, "51/4"),
        ("101/8", true, "25/2"),
    ];
    assert_eq!(steps, want.map(|(m, ok, b)| (qv(m), ok, qv(b))));
}

/// `check::chain` builds the prepared chain of a valid input.
pub(super) mod check {
    use super::*;
    pub fn chain(inp: &ChainsInput) -> Chain {
        super::super::check(inp).unwrap()
    }
}
