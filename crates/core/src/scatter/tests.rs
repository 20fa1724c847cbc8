//! The worked examples of scatter.md §8 (SC-1 … SC-4) and the platform predictions of §6.4,
//! reproduced exactly; edge cases and refusals of §9.

use super::dp::{self, Scaled};
use super::*;
use crate::families::Instance;
use crate::rational::{q, qi};
use crate::trace::{Replay, Step as _, Traced};

pub(super) fn preset(name: &str) -> Scatter {
    match crate::presets::get(name) {
        Some(Instance::Scatter(s)) => s,
        other => panic!("{name}: {other:?}"),
    }
}

/// Solves traced and untraced, checks they agree, that `verify` accepts and that replaying
/// the trace gives the solution; returns the traced run.
pub(super) fn check(inst: &Scatter, algo: Algorithm) -> Traced<ScatterSolution, ScatterStep> {
    let t = solve_traced(inst, algo).unwrap_or_else(|e| panic!("{}: {e}", algo.name()));
    assert_eq!(
        solve(inst, algo).as_ref(),
        Ok(&t.solution),
        "solve == solve_traced"
    );
    verify(inst, &t.solution).unwrap_or_else(|e| panic!("{}: {e}", algo.name()));
    let mut state = ScatterState::new(inst.processors.len(), inst.n);
    for s in &t.trace.steps {
        assert!(!s.caption(&()).is_empty());
        assert!(s.phase().line < SCATTER_PSEUDOCODE.len());
        state.apply(s);
    }
    assert_eq!(state.after.as_ref(), Some(&t.solution.schedule));
    assert_eq!(state.before.as_ref(), Some(&t.solution.uniform));
    t
}

fn rows(s: &Schedule) -> Vec<Option<(Q, Q, Q)>> {
    s.rows
        .iter()
        .map(|r| {
            r.as_ref()
                .map(|r| (r.start.clone(), r.recv.clone(), r.end.clone()))
        })
        .collect()
}

/// `(start, recv, end)` of a contacted processor.
#[allow(clippy::unnecessary_wraps)] // Compared with `Option` rows.
fn row(a: i64, b: i64, c: i64) -> Option<(Q, Q, Q)> {
    Some((qi(a), qi(b), qi(c)))
}

fn ends(s: &Schedule) -> Vec<Q> {
    s.end_times().into_iter().flatten().collect()
}

#[test]
fn sc1_dp_table_gantt_and_uniform() {
    let inst = preset("scatter-sc1");
    let model = Model::of(&inst);
    let scaled = Scaled::new(&model, &[0, 1, 2], 6).unwrap();
    let table = dp::solve(&scaled, 6);
    // Columns i = 1, 2, 3 of the spec's table, rows d = 0..6.
    let cost: [[i128; 7]; 3] = [
        [0, 4, 6, 8, 9, 12, 13],
        [0, 4, 6, 9, 12, 14, 17],
        [0, 4, 8, 12, 16, 20, 24],
    ];
    let choice: [[u32; 7]; 3] = [
        [0, 0, 0, 1, 2, 2, 3],
        [0, 0, 1, 2, 2, 3, 4],
        [0, 1, 2, 3, 4, 5, 6],
    ];
    assert_eq!(table.cost, cost.map(Vec::from));
    assert_eq!(table.choice, choice.map(Vec::from));
    let t = check(&inst, Algorithm::Dp);
    let sol = &t.solution;
    assert_eq!(sol.makespan, qi(13));
    assert!(sol.optimal);
    assert_eq!(sol.distribution, Some(vec![3, 2, 1]));
    assert_eq!(ends(&sol.schedule), [qi(13), qi(13), qi(12)]);
    assert_eq!(
        rows(&sol.schedule),
        [row(0, 4, 13), row(4, 8, 13), row(8, 8, 12)]
    );
    assert_eq!(sol.uniform.shares, [qi(2), qi(2), qi(2)]);
    assert_eq!(
        rows(&sol.uniform),
        [row(0, 3, 9), row(3, 7, 12), row(7, 7, 15)]
    );
    assert_eq!(sol.uniform.makespan, qi(15));
    // The trace shows the whole table (n ≤ 60): the replayed state holds it.
    let state = t.trace.state_at(ScatterState::new(3, 6), usize::MAX);
    for (col, want) in state.table.iter().zip(cost) {
        let want: Vec<Option<Q>> = want
            .iter()
            .map(|&v| Some(Q::from_integer(v.into())))
            .collect();
        assert_eq!(col, &want);
    }
    assert_eq!(state.traced, [(0, 6, 3), (1, 3, 2), (2, 1, 1)]);
    let cells = t
        .trace
        .steps
        .iter()
        .filter(|s| matches!(s, ScatterStep::DpCell { .. }))
        .count();
    assert_eq!(cells, 2 * 6);
}

#[test]
fn sc1_lp_rounding_and_bound() {
    let inst = preset("scatter-sc1");
    let t = check(&inst, Algorithm::LpRounded);
    let sol = &t.solution;
    let lp = sol.lp.as_ref().unwrap();
    assert_eq!(lp.t_lp, q(213, 17));
    assert_eq!(lp.x, [q(49, 17), q(65, 34), q(41, 34)]);
    let steps: Vec<(usize, Rule, u64, Q)> = lp
        .rounding
        .iter()
        .map(|s| (s.processor, s.rule, s.value, s.err.clone()))
        .collect();
    assert_eq!(
        steps,
        [
            (1, Rule::Nearest, 2, q(3, 34)),
            (2, Rule::Floor, 1, q(-2, 17)),
            (0, Rule::Last, 3, qi(0))
        ]
    );
    assert_eq!(sol.distribution, Some(vec![3, 2, 1]));
    assert_eq!(sol.makespan, qi(13));
    assert_eq!(lp.bound, q(349, 17));
    assert_eq!(lp.dp_makespan, Some(qi(13)));
    assert!(!sol.optimal);
    // Affine costs: the closed form is refused with a sentence.
    assert!(
        matches!(solve(&inst, Algorithm::ClosedForm), Err(ScatterError::NotApplicable(m)) if m.contains("linear"))
    );
}

#[test]
fn sc2_linear_unique() {
    let inst = preset("scatter-sc2");
    let c = closed::solve(&Model::of(&inst), &[0, 1, 2], 120).unwrap();
    assert_eq!((c.d.clone(), c.t.clone()), (q(35, 34), q(2100, 17)));
    assert_eq!(c.shares, [q(840, 17), q(480, 17), q(720, 17)]);
    assert!(c.unique);
    let closed = check(&inst, Algorithm::ClosedForm).solution;
    assert_eq!(closed.makespan, q(2100, 17));
    assert!(ends(&closed.schedule).iter().all(|e| *e == q(2100, 17)));
    let lp = check(&inst, Algorithm::LpRounded).solution;
    let part = lp.lp.as_ref().unwrap();
    let steps: Vec<(usize, Rule, u64, Q)> = part
        .rounding
        .iter()
        .map(|s| (s.processor, s.rule, s.value, s.err.clone()))
        .collect();
    assert_eq!(
        steps,
        [
            (1, Rule::Nearest, 28, q(-4, 17)),
            (0, Rule::Ceil, 50, q(6, 17)),
            (2, Rule::Last, 42, qi(0))
        ]
    );
    assert_eq!(lp.makespan, qi(125));
    assert_eq!(ends(&lp.schedule), [qi(125), qi(123), qi(123)]);
    assert_eq!(part.unique, Some(true));
    let dp = check(&inst, Algorithm::Dp).solution;
    assert_eq!(dp.makespan, q(249, 2));
    assert_eq!(dp.distribution, Some(vec![49, 28, 43]));
    assert_eq!(ends(&dp.schedule), [q(245, 2), q(245, 2), q(249, 2)]);
    assert_eq!(ends(&dp.uniform), [qi(100), qi(160), qi(120)]);
    assert_eq!(dp.uniform.makespan, qi(160));
}

#[test]
fn sc2a_tie_makes_the_lp_optimum_not_unique() {
    let inst = preset("scatter-sc2a");
    let c = closed::solve(&Model::of(&inst), &[0, 1, 2], 100).unwrap();
    assert_eq!((c.d.clone(), c.t.clone()), (q(5, 6), q(250, 3)));
    assert_eq!(c.shares, [q(100, 3), q(50, 3), qi(50)]);
    assert!(!c.unique);
    assert_eq!(c.scan[0].beta, qi(1));
    assert_eq!(c.scan[0].d_suffix, qi(1));
    let lp = check(&inst, Algorithm::LpRounded).solution;
    assert_eq!(lp.lp.as_ref().unwrap().unique, Some(false));
    assert!(lp
        .warnings
        .iter()
        .any(|w| w.contains("LP optimum not unique")));
    let dp = check(&inst, Algorithm::Dp).solution;
    assert_eq!(dp.makespan, q(167, 2));
    assert_eq!(dp.distribution, Some(vec![33, 0, 67]));
    assert_eq!(dp.schedule.rows[1], None, "a zero share is not contacted");
}

#[test]
fn sc3_participation() {
    let inst = preset("scatter-sc3");
    let t = check(&inst, Algorithm::ClosedForm);
    let scan: Vec<(usize, Q, Q, bool)> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ScatterStep::Participation { test } => Some((
                test.processor,
                test.beta.clone(),
                test.d_suffix.clone(),
                test.included,
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        scan,
        [(1, q(1, 2), qi(3), true), (0, qi(5), q(3, 2), false)]
    );
    assert_eq!(t.solution.makespan, qi(90));
    assert_eq!(t.solution.schedule.shares, [qi(0), qi(36), qi(24)]);
    // The exact simplex agrees with the closed form.
    let lp = lp::simplex(&Model::of(&inst), &[0, 1, 2], 60).unwrap();
    assert_eq!((lp.t, lp.x), (qi(90), vec![qi(0), qi(36), qi(24)]));
}

#[test]
fn sc4_root_choice() {
    let inst = preset("scatter-sc4");
    let t = check(&inst, Algorithm::RootChoice);
    let sol = &t.solution;
    let totals: Vec<(usize, Q, Q, Q)> = sol
        .roots
        .as_ref()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r.root,
                r.transfer.clone(),
                r.execution.clone(),
                r.total.clone(),
            )
        })
        .collect();
    // Input indices: 0 = P1, 1 = P2, 2 = P0 (the source).
    assert_eq!(
        totals,
        [
            (0, qi(30), q(77, 2), q(137, 2)),
            (1, qi(90), qi(45), qi(135)),
            (2, qi(0), qi(57), qi(57)),
        ]
    );
    assert_eq!(sol.root, 2);
    assert_eq!(sol.makespan, qi(57));
    assert_eq!(sol.schedule.order, [0, 1, 2]);
    assert_eq!(sol.distribution, Some(vec![19, 6, 5]));
    assert_eq!(sol.roots.as_ref().unwrap()[0].order, [1, 2, 0]);
    assert_eq!(sol.roots.as_ref().unwrap()[1].order, [0, 2, 1]);
    assert!(matches!(
        solve(&preset("scatter-sc1"), Algorithm::RootChoice),
        Err(ScatterError::NotApplicable(_))
    ));
}

/// `v` rounded exactly to `digits` decimals, compared with the spec's decimal text.
fn round_to(v: &Q, digits: u32) -> Q {
    let s = Q::from_integer(num_traits::pow(
        num_bigint::BigInt::from(10),
        digits as usize,
    ));
    (v * &s).round() / s
}

fn dec(text: &str) -> Q {
    crate::rational::parse_q(text).unwrap()
}

#[test]
fn seismic_platform_predictions() {
    let inst = preset("scatter-seismic");
    let sol = check(&inst, Algorithm::LpRounded).solution;
    let uniform = ends(&sol.uniform);
    assert_eq!(round_to(uniform.iter().min().unwrap(), 1), dec("232.8"));
    assert_eq!(round_to(uniform.iter().max().unwrap(), 1), dec("830.4"));
    let lp = sol.lp.as_ref().unwrap();
    assert_eq!(round_to(&lp.t_lp, 2), dec("406.83"));
    assert!(lp.x.iter().all(|x| *x > qi(0)), "all 16 participate");
    assert_eq!(
        sol.distribution.as_deref(),
        Some(
            &[
                87698, 43296, 82715, 24959, 24907, 41372, 41161, 40952, 40743, 40536, 40330, 40124,
                39920, 95194, 93268, 39926
            ][..]
        )
    );
    assert_eq!(round_to(&sol.makespan, 4), dec("406.8368"));
    let slack = &lp.bound - &lp.t_lp;
    assert_eq!(slack, q(16821, 1_000_000));
    assert_eq!(round_to(&(&slack / &lp.t_lp), 7), dec("0.0000413"));
    let cmp = sol.comparison.as_ref().unwrap();
    assert_eq!(cmp.descending_bandwidth.t_lp, lp.t_lp);
    assert_eq!(round_to(&cmp.ascending_bandwidth.t_lp, 2), dec("417.52"));
    // The DP is refused at this size (p·n² ≈ 10^13) with a sentence naming lp-rounded.
    assert!(
        matches!(solve(&inst, Algorithm::Dp), Err(ScatterError::TooLarge(m)) if m.contains("lp-rounded"))
    );
}

#[test]
fn seismic_scaled_down_dp() {
    let inst = preset("scatter-seismic-400");
    let sol = solve(&inst, Algorithm::LpRounded).unwrap();
    verify(&inst, &sol).unwrap();
    let lp = sol.lp.as_ref().unwrap();
    assert_eq!(lp.dp_makespan, Some(qi(2_026_314)));
    assert_eq!(round_to(&lp.t_lp, 2), dec("1991578.65"));
    assert_eq!(sol.makespan, qi(2_034_102));
    let dp = solve(&inst, Algorithm::Dp).unwrap();
    assert_eq!(dp.makespan, qi(2_026_314));
    verify(&inst, &dp).unwrap();
}

#[test]
fn edge_cases_of_section_9() {
    // n = 0: T = 0, all shares 0, empty Gantt.
    let mut inst = preset("scatter-sc2");
    inst.n = 0;
    for algo in [
        Algorithm::Dp,
        Algorithm::LpRounded,
        Algorithm::ClosedForm,
        Algorithm::OrderSearch,
    ] {
        let s = check(&inst, algo).solution;
        assert_eq!(s.makespan, qi(0), "{}", algo.name());
        assert!(s.schedule.rows.iter().all(Option::is_none));
    }
    // p = 1: the root alone, T = α·n.
    let alone = Scatter::linear(7, &[(qi(3), qi(5))]);
    for algo in [Algorithm::Dp, Algorithm::LpRounded, Algorithm::ClosedForm] {
        let s = check(&alone, algo).solution;
        assert_eq!(s.makespan, qi(21), "{}", algo.name());
    }
    // A free processor: the DP gives it everything, the LP and the closed form refuse.
    let free = Scatter::linear(5, &[(qi(0), qi(0)), (qi(1), qi(0))]);
    assert_eq!(check(&free, Algorithm::Dp).solution.makespan, qi(0));
    for algo in [Algorithm::LpRounded, Algorithm::ClosedForm] {
        assert!(
            matches!(solve(&free, algo), Err(ScatterError::NotApplicable(m)) if m.contains("positive cost"))
        );
    }
    // α = 0, β > 0: allowed; everyone after it gets nothing in Theorem 1.
    let zero_alpha = Scatter::linear(10, &[(qi(0), qi(1)), (qi(2), qi(1)), (qi(3), qi(0))]);
    let c = check(&zero_alpha, Algorithm::ClosedForm).solution;
    assert_eq!(c.schedule.shares[1], qi(0));
    // A root with a transfer cost: ignored, with a warning.
    let mut rooted = preset("scatter-sc2");
    rooted.processors[2].comm.per_item = qi(1);
    let s = check(&rooted, Algorithm::Dp).solution;
    assert_eq!(s.makespan, q(249, 2));
    assert!(s
        .warnings
        .iter()
        .any(|w| w.contains("root's comm is ignored")));
}

#[test]
fn orders_policy_and_search() {
    // SC-3 in reverse order: the policy puts the fast link first.
    let inst = Scatter::linear(60, &[(qi(1), qi(5)), (qi(2), q(1, 2)), (qi(3), qi(0))]);
    let sorted = check(&inst, Algorithm::DpSorted).solution;
    assert_eq!(sorted.schedule.order, [1, 0, 2]);
    let search = check(&inst, Algorithm::OrderSearch).solution;
    assert_eq!(search.orders.as_ref().unwrap().len(), 2);
    assert!(search.makespan <= sorted.makespan);
    let many = Scatter::linear(3, &vec![(qi(1), qi(1)); 8]);
    assert!(
        matches!(solve(&many, Algorithm::OrderSearch), Err(ScatterError::TooLarge(m)) if m.contains("at most 7"))
    );
}

#[test]
fn presets_read_and_solve() {
    for p in crate::presets::of("scatter") {
        let inst = preset(p.name);
        let json = Instance::Scatter(inst.clone()).to_json();
        assert_eq!(
            Instance::from_json(&json),
            Ok(Instance::Scatter(inst.clone())),
            "{}",
            p.name
        );
        // Cost tables are read by the DP only (scatter.md §1.1; tests_tables.rs).
        let algo = if inst.has_tables() {
            Algorithm::Dp
        } else {
            Algorithm::LpRounded
        };
        let t = check(&inst, algo);
        let doc = report::result(&t.solution, &t.trace, true);
        assert_eq!(doc["problem"], "scatter");
        assert_eq!(doc["objective"]["name"], "makespan");
        assert_eq!(doc["steps"].as_u64(), Some(t.trace.len() as u64));
        if algo == Algorithm::LpRounded {
            assert!(doc["lp_makespan"].is_string() && doc["bound"].is_string());
        }
        assert_eq!(
            doc["distribution"].as_array().map(Vec::len),
            Some(inst.processors.len())
        );
    }
}

#[test]
fn result_documents_use_the_names_of_formats_3_1() {
    let inst = preset("scatter-sc1");
    let t = check(&inst, Algorithm::LpRounded);
    let doc = report::result(&t.solution, &t.trace, true);
    assert_eq!(doc["algorithm"], "lp-rounded");
    assert_eq!(doc["status"], "heuristic");
    assert_eq!(doc["objective"]["value_exact"], "13/1");
    assert_eq!(doc["distribution"], serde_json::json!([3, 2, 1]));
    assert_eq!(
        doc["end_times"],
        serde_json::json!(["13/1", "13/1", "12/1"])
    );
    assert_eq!(doc["lp_makespan"], "213/17");
    assert_eq!(doc["bound"], "349/17");
    assert_eq!(doc["uniform"]["distribution"], serde_json::json!([2, 2, 2]));
    assert_eq!(doc["uniform"]["makespan"], "15/1");
    let trace = doc["trace"].as_array().unwrap();
    assert_eq!(trace.len(), t.trace.len());
    assert!(trace
        .iter()
        .all(|s| s["caption"].as_str().is_some_and(|c| c.ends_with('.'))));
    let dp = check(&inst, Algorithm::Dp);
    let doc = report::result(&dp.solution, &dp.trace, false);
    // Without its trace a document has no `steps` either (issue 34).
    assert_eq!(
        (doc["status"].as_str(), doc.get("steps")),
        (Some("optimal"), None)
    );
    assert!(doc.get("trace").is_none() && doc.get("lp_makespan").is_none());
    let closed = check(&preset("scatter-sc2"), Algorithm::ClosedForm);
    let doc = report::result(&closed.solution, &closed.trace, false);
    assert_eq!(
        doc["distribution"],
        serde_json::json!(["840/17", "480/17", "720/17"])
    );
    assert_eq!(doc["objective"]["value_exact"], "2100/17");
    let roots = check(&preset("scatter-sc4"), Algorithm::RootChoice);
    let doc = report::result(&roots.solution, &roots.trace, false);
    assert_eq!(
        (doc["root"].as_u64(), doc["root_method"].as_str()),
        (Some(2), Some("dp"))
    );
    assert_eq!(doc["roots"].as_array().map(Vec::len), Some(3));
}

#[test]
fn root_choice_limits() {
    // 25 processors, affine computations, n too large for 26 DPs: one LP per root is refused.
    let mut inst = crate::scatter::generate::random(crate::generate::Shape::Random, 25, 1);
    inst.n = 2_000;
    inst.processors[0].comp.lat = qi(1);
    assert!(
        matches!(solve(&inst, Algorithm::RootChoice), Err(ScatterError::TooLarge(m)) if m.contains("at most 24"))
    );
    // With linear costs the closed form replaces the LP: no limit but the processors'.
    for p in &mut inst.processors {
        p.comp.lat = qi(0);
    }
    let sol = solve(&inst, Algorithm::RootChoice).unwrap();
    assert_eq!(sol.root_method, Some("lp-rounded"));
    verify(&inst, &sol).unwrap();
}
