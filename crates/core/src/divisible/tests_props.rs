//! Presets, parsing, the result document, the generator, and property tests: the exact affine
//! search against the spec's literal enumeration, STARLINEAR against every order, and the
//! verifier on random instances of every variant.

use proptest::prelude::*;

use super::tests::{check, qs};
use super::*;
use crate::families::Instance;
use crate::rational::{q, qi, Q};

fn read(text: &str) -> Result<Divisible, String> {
    match Instance::from_json(text) {
        Ok(Instance::Divisible(d)) => Ok(d),
        Ok(other) => Err(format!("not divisible: {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn every_preset_reads_round_trips_and_solves() {
    let mut n = 0;
    for p in crate::presets::of("divisible") {
        let inst = read(p.json).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let back = Instance::Divisible(inst.clone());
        assert_eq!(read(&back.to_json()), Ok(inst.clone()), "{}", p.name);
        for algo in offered(&inst) {
            match solve_traced(&inst, algo) {
                Ok(t) => {
                    verify(&inst, &t.solution).unwrap_or_else(|e| panic!("{} {algo}: {e}", p.name));
                }
                Err(e) => assert!(
                    matches!(e, DivisibleError::Infeasible(_)),
                    "{} {algo}: {e}",
                    p.name
                ),
            }
        }
        n += 1;
    }
    assert_eq!(n, 16);
    let dl7 = read(
        crate::presets::PRESETS
            .iter()
            .find(|p| p.name == "divisible-dl7")
            .unwrap()
            .json,
    )
    .unwrap();
    assert_eq!(solve(&dl7, "exact").unwrap().makespan, q(9300, 53));
}

#[test]
fn bad_inputs_name_their_field() {
    let cases = [
        (
            r#""variant":"star-linear","W_total":-1,"workers":[{"g":1,"w":1}]"#,
            "W_total: must be >= 0, got -1",
        ),
        (
            r#""variant":"star-linear","W_total":1,"workers":[{"g":1,"w":0}]"#,
            "workers[0].w: must be > 0, got 0",
        ),
        (
            r#""variant":"star-linear","W_total":1,"workers":[{"g":-2,"w":1}]"#,
            "workers[0].g: must be >= 0, got -2",
        ),
        (
            r#""variant":"star-linear","W_total":1,"workers":[{"g":1,"w":1,"G":2}]"#,
            "workers[0].G: star-linear has no latencies",
        ),
        (
            r#""variant":"star-affine","W_total":1,"workers":[{"g":1,"w":1,"W":-1}]"#,
            "workers[0].W: must be >= 0, got -1",
        ),
        (
            r#""variant":"star-affine","W_total":"x","workers":[{"g":1,"w":1}]"#,
            "W_total: ",
        ),
        (
            r#""variant":"star-affine","W_total":1,"workers":[]"#,
            "workers: at least one worker is required",
        ),
        (
            r#""variant":"star-affine","W_total":1,"workers":[{"g":1}]"#,
            "workers[0].w: missing",
        ),
        (
            r#""variant":"star-affine","W_total":1,"workers":[{"g":1,"w":1}],"w0":2"#,
            "w0: only the star-linear variant",
        ),
        (
            r#""variant":"stars","W_total":1"#,
            "variant: unknown variant \"stars\"",
        ),
        (r#""W_total":1"#, "variant: missing"),
        (
            r#""variant":"star-linear","W_total":1,"workers":[{"g":1,"w":1,"x":1}]"#,
            "unknown field \"x\"",
        ),
        (
            r#""variant":"umr","W_total":1,"workers":[{"g":1,"w":1},{"g":1,"w":2}]"#,
            "workers[1]: umr needs identical workers",
        ),
        (
            r#""variant":"umr","W_total":1,"workers":[{"g":0,"w":1}]"#,
            "workers[0].g: UMR needs g > 0",
        ),
        (
            r#""variant":"multi-installment","W_total":1,"workers":[{"g":1,"w":1}]"#,
            "rounds: missing",
        ),
        (
            r#""variant":"multi-installment","W_total":1,"rounds":0,"workers":[{"g":1,"w":1}]"#,
            "rounds: must be a whole number between 1 and 100, got 0",
        ),
        (
            r#""variant":"periodic","W_total":1,"rounds":2,"workers":[{"g":1,"w":1}]"#,
            "rounds: only the multi-installment variant",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"nodes":[{"id":"a"},{"id":"b"}]"#,
            "platform must be a tree rooted at the master: 2 nodes have no parent",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"nodes":[{"id":"r","w":1},{"id":"a","parent":"b","g":1,"w":1},{"id":"b","parent":"a","g":1,"w":1}]"#,
            "lies on a cycle",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"nodes":[{"id":"r"},{"id":"a","parent":"r","g":1}]"#,
            "nodes: no node has a CPU",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"nodes":[{"id":"r","g":1,"w":1}]"#,
            "nodes[0].g: the root has no input link",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"nodes":[{"id":"r","w":1},{"id":"r","parent":"r","g":1,"w":1}]"#,
            "nodes[1].id: duplicate id \"r\"",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"nodes":[{"id":"r","w":1},{"id":"a","parent":"z","g":1,"w":1}]"#,
            "nodes[1].parent: no node has id \"z\"",
        ),
        (
            r#""variant":"tree-linear","W_total":1,"workers":[{"g":1,"w":1}],"nodes":[{"id":"r","w":1}]"#,
            "workers: a tree is given by \"nodes\"",
        ),
    ];
    for (body, want) in cases {
        let text = format!(r#"{{"problem":"divisible","version":1,{body}}}"#);
        let e = read(&text).unwrap_err();
        assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
    }
    // Every problem is listed, not only the first.
    let e = read(r#"{"problem":"divisible","version":1,"variant":"star-affine","W_total":-1,"workers":[{"g":-1,"w":0}]}"#).unwrap_err();
    assert_eq!(e.lines().count(), 3, "{e}");
    let many = vec![r#"{"g":1,"w":1}"#; crate::divisible::MAX_WORKERS + 1].join(",");
    let e = read(&format!(r#"{{"problem":"divisible","version":1,"variant":"star-linear","W_total":1,"workers":[{many}]}}"#)).unwrap_err();
    assert!(e.contains("at most 64"), "{e}");
}

#[test]
fn numbers_are_read_exactly_and_written_back() {
    let d = read(r#"{"problem":"divisible","version":1,"variant":"star-affine","W_total":"0.5","workers":[{"g":"3/8","w":0.1,"G":"1/3"}]}"#).unwrap();
    assert_eq!(
        (
            d.w_total.clone(),
            d.workers[0].g.clone(),
            d.workers[0].w.clone()
        ),
        (q(1, 2), q(3, 8), q(1, 10))
    );
    assert_eq!(d.workers[0].big_g, q(1, 3));
    let back = Instance::Divisible(d.clone()).to_json();
    assert_eq!(read(&back), Ok(d));
}

#[test]
fn sizes_beyond_the_exact_methods_are_refused_or_labelled() {
    let ws: Vec<Worker> = (0..15)
        .map(|i| Worker::linear(qi(1 + i % 3), qi(2 + i % 5)))
        .collect();
    let lin = Divisible::star(Variant::StarLinear, ws.clone(), qi(10));
    let e = solve(&lin, "fixed-order").unwrap_err();
    assert!(
        matches!(e, DivisibleError::TooLarge(_)) && e.to_string().contains("at most 12"),
        "{e}"
    );
    let aff = Divisible::star(Variant::StarAffine, ws[..11].to_vec(), qi(10));
    assert!(solve(&aff, "affine-exact")
        .unwrap_err()
        .to_string()
        .contains("at most 10"));
    let sol = solve(&aff, "exact").unwrap();
    assert_eq!(
        (sol.method, sol.status),
        ("affine-prefix", Status::Heuristic)
    );
    assert!(sol.notes.iter().any(|n| n.contains("not proven optimal")));
    let e = solve(&lin, "umr").unwrap_err();
    assert!(
        e.to_string()
            .contains("does not apply to the star-linear variant"),
        "{e}"
    );
    assert!(matches!(
        solve(&lin, "nope"),
        Err(DivisibleError::Unknown(_))
    ));
}

#[test]
fn the_result_document_has_the_formats_fields() {
    let inst = super::tests::lin(&[1, 2, 3], &[2, 3, 4], 100);
    let t = solve_traced(&inst, "exact").unwrap();
    let doc = report::result(&inst, "exact", &t, true);
    assert_eq!(doc["problem"], "divisible");
    assert_eq!(doc["algorithm"], "exact");
    assert_eq!(doc["method"], "star-linear");
    assert_eq!(doc["status"], "optimal");
    assert_eq!(doc["objective"]["name"], "makespan");
    assert_eq!(doc["objective"]["value_exact"], "2100/11");
    assert_eq!(doc["order"], serde_json::json!([0, 1, 2]));
    assert_eq!(doc["participating"], serde_json::json!([0, 1, 2]));
    assert_eq!(
        doc["alpha"],
        serde_json::json!(["700/11", "280/11", "120/11"])
    );
    assert_eq!(doc["schedule"][0]["kind"], "send");
    assert_eq!(doc["schedule"][0]["end"], "700/11");
    assert_eq!(doc["rho"], "11/21");
    assert_eq!(doc["steps"], serde_json::json!(t.trace.len()));
    let trace = doc["trace"].as_array().unwrap();
    assert!(trace
        .iter()
        .all(|s| s["caption"].as_str().is_some_and(|c| c.len() > 10)));
    assert!(trace[0]["caption"]
        .as_str()
        .unwrap()
        .contains("Sorted the workers by link cost"));
}

#[test]
fn the_catalog_lists_every_method() {
    let fam = crate::catalog::family("divisible").unwrap();
    let names: Vec<&str> = fam.algorithms.iter().map(|a| a.name).collect();
    assert_eq!(names, ALGORITHMS);
    assert!(fam.algorithms.iter().all(|a| a.available));
}

#[test]
fn generated_instances_are_valid_and_deterministic() {
    use crate::families::generate as instance;
    use crate::generate::Shape;
    for shape in Shape::ALL {
        for seed in 0..4 {
            let a = instance("divisible", shape, 6, seed).unwrap();
            assert_eq!(Some(&a), instance("divisible", shape, 6, seed).as_ref());
            let Instance::Divisible(d) = &a else {
                panic!("not divisible")
            };
            assert_eq!(read(&a.to_json()).as_ref(), Ok(d), "{shape:?} {seed}");
            if let Ok(t) = solve_traced(d, "exact") {
                verify(d, &t.solution).unwrap_or_else(|e| panic!("{shape:?} {seed}: {e}"));
            }
        }
    }
}

fn affine_workers(max: usize) -> impl Strategy<Value = Vec<Worker>> {
    prop::collection::vec((0i64..4, 0i64..5, 0i64..4, 1i64..8), 1..=max).prop_map(|v| {
        v.into_iter()
            .map(|(big_g, g, big_w, w)| Worker {
                g: qi(g),
                w: qi(w),
                big_g: qi(big_g),
                big_w: qi(big_w),
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The branch-and-bound search finds the spec enumeration's answer (same ordered subset,
    /// same makespan, same tie rule), and its schedule verifies.
    #[test]
    fn affine_search_agrees_with_the_enumeration(ws in affine_workers(5), w_total in 0i64..40) {
        let w_total = qi(w_total);
        let (_, brute) = affine::enumerate(&ws, &w_total);
        let fast = search::search(&ws, &w_total, u64::MAX, &mut |_| {});
        prop_assert!(fast.complete);
        // Same optimal makespan; the ordered subset is the enumeration's unless several tie.
        prop_assert_eq!(fast.best.as_ref().map(|b| &b.1), brute.as_ref().map(|b| &b.1));
        if let (Some((order, t)), Some(_)) = (&fast.best, &brute) {
            let e = ef::ef(&ws, order, &w_total, &Q::from_integer(0.into())).unwrap();
            prop_assert!(e.valid && e.makespan == *t);
        }
        let inst = Divisible::star(Variant::StarAffine, ws, w_total);
        let sol = check(&inst, "affine-exact");
        for algo in ["affine-prefix", "affine-sorted"] {
            if let Ok(other) = solve(&inst, algo) {
                verify(&inst, &other).map_err(|e| TestCaseError::fail(format!("{algo}: {e}")))?;
                // A result marked invalid (negative EF loads) is no schedule to compare.
                prop_assert!(other.status == Status::Infeasible || sol.makespan <= other.makespan, "{} beats the exact search", algo);
            }
        }
    }

    /// STARLINEAR is the best of every order (Prop. 2) and of every imposed order's best
    /// subsequence; the fixed order of the g order finds it too.
    #[test]
    fn star_linear_beats_every_order(g in prop::collection::vec(0i64..6, 1..=5), w in prop::collection::vec(1i64..9, 5), w_total in 1i64..100) {
        let w = &w[..g.len()];
        let inst = Divisible::star_linear(&qs(&g), &qs(w), qi(w_total));
        let sol = check(&inst, "star-linear");
        let Details::Star(d) = &sol.details else { panic!("star") };
        let best = d.orders.iter().map(|o| o.rho.clone()).max().unwrap();
        prop_assert_eq!(&best, &d.rho);
        prop_assert_eq!(sol.participating.len(), g.len());
        let fixed = check(&inst, "fixed-order");
        prop_assert!(fixed.makespan >= sol.makespan);
    }

    /// Random trees: the collapse verifies, and a star-shaped tree matches STARLINEAR.
    #[test]
    fn trees_verify(parents in prop::collection::vec(0usize..6, 1..7), g in prop::collection::vec(0i64..5, 7), w in prop::collection::vec(0i64..6, 7), w_total in 0i64..50) {
        let n = parents.len() + 1;
        let nodes: Vec<TreeNode> = (0..n).map(|k| TreeNode {
            id: crate::platform::NodeId::Int(i64::try_from(k).unwrap()),
            parent: (k > 0).then(|| parents[k - 1] % k),
            g: if k == 0 { qi(0) } else { qi(g[k]) },
            w: (w[k] > 0 || k == 0).then(|| qi(w[k].max(1))),
        }).collect();
        let star = nodes.iter().all(|x| x.parent.is_none_or(|p| p == 0));
        let inst = Divisible { variant: Variant::TreeLinear, w_total: qi(w_total), workers: Vec::new(), w0: None, nodes: nodes.clone(), rounds: None };
        let sol = check(&inst, "tree-linear");
        if star {
            let ws: Vec<Worker> = nodes[1..].iter().filter_map(|x| x.w.clone().map(|w| Worker::linear(x.g.clone(), w))).collect();
            let mut s = Divisible::star(Variant::StarLinear, ws, qi(w_total));
            s.w0 = nodes[0].w.clone();
            prop_assert_eq!(solve(&s, "star-linear").unwrap().makespan, sol.makespan);
        }
    }

    /// Multi-round methods verify whenever they produce a schedule.
    #[test]
    fn multi_round_schedules_verify(p in 1usize..4, m in 1usize..4, big_g in 0i64..3, g in 1i64..4, big_w in 1i64..4, w in 1i64..9, w_total in 0i64..200) {
        let wk = Worker { g: qi(g), w: qi(w), big_g: qi(big_g), big_w: qi(big_w) };
        let mut inst = Divisible::star(Variant::MultiInstallment, vec![wk; p], qi(w_total));
        inst.rounds = Some(m);
        for algo in ["multi-installment", "umr"] {
            match solve_traced(&inst, algo) {
                Ok(t) => verify(&inst, &t.solution).map_err(|e| TestCaseError::fail(format!("{algo}: {e}")))?,
                Err(e) => prop_assert!(matches!(e, DivisibleError::Infeasible(_)), "{}", e),
            }
        }
    }

    /// The periodic schedule verifies and respects the lower bound `B/ρ_opt`.
    #[test]
    fn periodic_schedules_verify(ws in affine_workers(4), w_total in 0i64..1000) {
        prop_assume!(ws.iter().all(|w| w.g > Q::from_integer(0.into())));
        let inst = Divisible::star(Variant::Periodic, ws, qi(w_total));
        let sol = check(&inst, "periodic");
        let Details::Periodic(d) = &sol.details else { panic!("periodic") };
        prop_assert!(sol.makespan >= d.lower_bound);
    }
}
