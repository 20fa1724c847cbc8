//! The results of ring.md §10 on the Lyon and Strasbourg platforms (§9), read from the presets:
//! the exact all-processor tours (§10.1), the spot values of §10.2 for the greedy and the exact
//! method, and the transitions of the number of processors used against `W/H` (paper Fig. 3).

use super::sweep::{Method, Sweeper};
use super::*;
use crate::families::Instance;
use crate::rational::{parse_q, qi, to_f64};

pub(super) fn preset(name: &str) -> Ring {
    match crate::presets::get(name) {
        Some(Instance::Ring(r)) => r,
        other => panic!("{name}: {other:?}"),
    }
}

fn at(r: &Ring, ratio: &str) -> Ring {
    Ring {
        work: parse_q(ratio).unwrap(),
        h: qi(1),
        ..r.clone()
    }
}

/// `got` agrees with the printed `want` to half a unit of its last printed digit.
fn printed(got: f64, want: &str) {
    let decimals = want.split_once('.').map_or(0, |(_, f)| f.len());
    let tol = 0.5 * 10f64.powi(-i32::try_from(decimals).unwrap());
    let w: f64 = want.parse().unwrap();
    assert!((got - w).abs() <= tol, "got {got}, want {want}");
}

#[test]
fn lyon_exact_all_processor_tour() {
    let lyon = preset("ring-lyon");
    let sol = solve(&lyon, Algorithm::Exact).unwrap();
    verify(&lyon, &sol).unwrap();
    let tour = sol.tour.clone().unwrap();
    printed(to_f64(&tour.length), "330.057749795");
    // The spec's optimal tour has the same length (ties among identical processors).
    let m = Model::<Q>::new(&lyon);
    let spec_tour = [0, 1, 5, 4, 2, 6, 3, 7, 8, 9, 10, 11, 12, 13];
    assert_eq!(m.l(&spec_tour), tour.length);
    // §9.2's derived constants: Σ1/w = 690.754841, w_cumul = 1/Σ(1/w).
    let inv = m.inv(&(0..14).collect::<Vec<_>>());
    printed(to_f64(&inv), "690.754841");
    let w_cumul = inv.recip();
    printed(to_f64(&w_cumul), "0.00144769163");
    printed(to_f64(&(&tour.length * &w_cumul)), "0.477821841");
    // W/H = 100: all fourteen, every share positive.
    assert_eq!((sol.q, sol.status), (14, Status::Optimal));
    printed(to_f64(&sol.t_step), "0.622591004");
    let min_share = sol.alpha.iter().min().unwrap();
    printed(to_f64(min_share), "0.028069");
    // W/H = 10: the optimal tour is communication-bound, T = M = 0.51.
    let e = evaluate(&Model::new(&at(&lyon, "10")), &tour.tour);
    assert!(e.communication_bound);
    assert_eq!(e.t, parse_q("0.51").unwrap());
    // The TSP heuristic finds the exact length.
    let t = solve(&lyon, Algorithm::Tsp).unwrap();
    assert_eq!(t.exact_tour.unwrap().length, tour.length);
    assert_eq!(t.tour.unwrap().length, tour.length);
}

#[test]
fn strasbourg_exact_all_processor_tour() {
    let s = preset("ring-strasbourg");
    let sol = solve(&at(&s, "1000"), Algorithm::Exact).unwrap();
    let tour = sol.tour.clone().unwrap();
    printed(to_f64(&tour.length), "211.470348969");
    let m = Model::<Q>::new(&s);
    assert_eq!(
        m.l(&[0, 3, 10, 6, 12, 7, 5, 8, 1, 9, 2, 4, 11]),
        tour.length
    );
    let inv = m.inv(&(0..13).collect::<Vec<_>>());
    printed(to_f64(&inv), "1449.769424");
    let w_cumul = inv.recip();
    printed(to_f64(&w_cumul), "0.000689764858");
    printed(to_f64(&(&tour.length * &w_cumul)), "0.145864815");
    assert_eq!(sol.q, 13);
    printed(to_f64(&sol.t_step), "0.835629673");
    let t = solve(&s, Algorithm::Tsp).unwrap();
    assert_eq!(t.tour.unwrap().length, tour.length);
}

/// §10.2 spot values: `(platform, W/H, greedy T, greedy q, exact T, exact q, exact ring)`.
///
/// Deviation: at Strasbourg `W/H = 300` and `1000` the spec prints the greedy values
/// 0.353874293 and 0.837258086. The exact greedy with the spec's tie rule (§6, §14.5: first
/// candidate on ties) gives 0.353795313 and 0.837194776: on this platform several candidates
/// tie exactly (e.g. P12 next to P6 on either side), and the spec's numbers are reproduced only
/// by a floating-point greedy with a strict `<` and no tolerance, where rounding noise breaks
/// those ties. See `float_noise_explains_the_printed_greedy_values`.
#[test]
fn spot_values_of_section_10_2() {
    type Case<'a> = (
        &'a str,
        &'a str,
        &'a str,
        usize,
        &'a str,
        usize,
        &'a [usize],
    );
    let cases: [Case; 7] = [
        ("ring-lyon", "30", "0.2622", 1, "0.2622", 1, &[1]),
        (
            "ring-lyon",
            "100",
            "0.622591004",
            14,
            "0.622591004",
            14,
            &[],
        ),
        ("ring-lyon", "1000", "1.92551347", 14, "1.92551347", 14, &[]),
        (
            "ring-strasbourg",
            "10",
            "0.0583",
            1,
            "0.0491710617",
            6,
            &[0, 3, 10, 4, 2, 11],
        ),
        (
            "ring-strasbourg",
            "100",
            "0.302",
            5,
            "0.15154836",
            8,
            &[0, 3, 10, 1, 9, 2, 4, 11],
        ),
        (
            "ring-strasbourg",
            "300",
            "0.353795313",
            13,
            "0.352794272",
            13,
            &[],
        ),
        (
            "ring-strasbourg",
            "1000",
            "0.837194776",
            13,
            "0.835629673",
            13,
            &[],
        ),
    ];
    for (name, ratio, gt, gq, et, eq, ering) in cases {
        let r = at(&preset(name), ratio);
        let g = solve(&r, Algorithm::Greedy).unwrap();
        verify(&r, &g).unwrap();
        printed(to_f64(&g.t_step), gt);
        assert_eq!(g.q, gq, "{name} greedy at {ratio}");
        let e = solve(&r, Algorithm::Exact).unwrap();
        verify(&r, &e).unwrap();
        assert_eq!(e.status, Status::Optimal, "{name} at {ratio}: certified");
        printed(to_f64(&e.t_step), et);
        assert_eq!(e.q, eq, "{name} exact at {ratio}");
        if !ering.is_empty() {
            // The spec's ring has the same value (the returned one may be an equal-T variant).
            assert_eq!(
                evaluate(&Model::new(&r), ering).t,
                e.t_step,
                "{name} at {ratio}"
            );
        }
        assert!(
            g.t_step >= e.t_step,
            "the greedy never beats the exact optimum"
        );
    }
    // Strasbourg W/H = 100: the greedy 5-ring holds P6 and is communication-bound, T = 2·0.151.
    let g = solve(&at(&preset("ring-strasbourg"), "100"), Algorithm::Greedy).unwrap();
    assert!(g.ring.contains(&6) && g.eval.communication_bound);
    assert_eq!(g.t_step, parse_q("0.302").unwrap());
}

fn transitions(name: &str, method: Method) -> Vec<(f64, usize, usize)> {
    let sweeper = Sweeper::new(&preset(name), method).unwrap();
    sweeper
        .transitions(1.0, 1e4, 200)
        .into_iter()
        .map(|t| (t.ratio, t.from, t.to))
        .collect()
}

fn same_transitions(got: &[(f64, usize, usize)], want: &[(&str, usize, usize)]) {
    assert_eq!(got.len(), want.len(), "{got:?}");
    for (g, w) in got.iter().zip(want) {
        printed(g.0, w.0);
        assert_eq!((g.1, g.2), (w.1, w.2), "{got:?}");
    }
}

#[test]
fn lyon_jumps_from_one_to_fourteen() {
    same_transitions(
        &transitions("ring-lyon", Method::Greedy),
        &[("65.5241", 1, 14)],
    );
    let lyon = preset("ring-lyon");
    let sweeper = Sweeper::new(&lyon, Method::Exact).unwrap();
    let found: Vec<_> = sweeper
        .transitions(1.0, 1e4, 150)
        .into_iter()
        .map(|t| (t.ratio, t.from, t.to))
        .collect();
    same_transitions(&found, &[("65.5241", 1, 14)]);
    // The closed form w_cumul·L*/(w_min − w_cumul).
    printed(found[0].0, "65.524086");
    assert!(sweeper
        .series(&[1.0, 65.0, 66.0, 1e4])
        .iter()
        .all(|p| p.certified));
}

/// Deviation: the spec lists `223.918: 9→12`; the exact greedy passes through 10 and 11 within
/// two units of `W/H` (at about 224.95 and 225.65), which a coarse sampling merges into one
/// step. The spec's transition point itself is reproduced.
#[test]
fn strasbourg_staircases() {
    same_transitions(
        &transitions("ring-strasbourg", Method::Greedy),
        &[
            ("51.801", 1, 4),
            ("81.856", 4, 5),
            ("115.594", 5, 6),
            ("146.667", 6, 7),
            ("172.228", 7, 8),
            ("194.111", 8, 9),
            ("223.918", 9, 10),
            ("224.9", 10, 11),
            ("225.6", 11, 12),
            ("241.576", 12, 13),
        ],
    );
    same_transitions(
        &transitions("ring-strasbourg", Method::Exact),
        &[("7.9575", 1, 6), ("37.878", 6, 8), ("282.027", 8, 13)],
    );
}

/// The spec's greedy values at Strasbourg `W/H = 300` and `1000` are those of a floating-point
/// greedy that breaks exact ties by rounding noise (strict `<`, no tolerance): reproduced here
/// with such a greedy, to document the deviation above.
#[test]
fn float_noise_explains_the_printed_greedy_values() {
    use super::greedy::{best_of, grow, Judge};
    struct Noisy<'a>(&'a Model<f64>);
    impl Judge for Noisy<'_> {
        type V = f64;
        /// §2 computed the plain way: `comm` first, then `L = Σ comm_k / w_k`.
        fn value(&mut self, ring: &[usize], _: usize, _: Option<&f64>) -> Option<f64> {
            let (m, q) = (self.0, ring.len());
            if q == 1 {
                return Some(m.work * m.w[ring[0]]);
            }
            let comm: Vec<f64> = (0..q)
                .map(|k| m.c[ring[k]][ring[(k + q - 1) % q]] + m.c[ring[k]][ring[(k + 1) % q]])
                .collect();
            let inv: f64 = ring.iter().map(|&i| 1.0 / m.w[i]).sum();
            let l: f64 = (0..q).map(|k| comm[k] / m.w[ring[k]]).sum();
            let mc = comm.iter().copied().fold(0.0, f64::max);
            Some(((m.work + m.h * l) / inv).max(m.h * mc))
        }
        fn less(&self, a: &f64, b: &f64) -> bool {
            a < b
        }
    }
    let s = preset("ring-strasbourg");
    for (ratio, want) in [("300", "0.353874293"), ("1000", "0.837258086")] {
        let m = Model::<Q>::new(&at(&s, ratio)).to_f64();
        let start = fastest(&m.w);
        let mut judge = Noisy(&m);
        let h = grow(&mut judge, m.p, start, m.work * m.w[start], &mut ());
        printed(h[best_of(&judge, &h)].1, want);
    }
}
