//! The experiments page's logic against the core's own sweep runner (what `hetlab sweep`
//! writes).

use hetlab_core::sweep::{self, builtin};

use super::*;
use crate::route::Route;

fn ring() -> Sweep {
    sweep::parse(builtin::spec("ring").unwrap()).unwrap()
}

/// A small sweep of the ring family: two sizes, two seeds, with a refused row (`exact` above
/// its limit would be too slow here; `greedy` and `tsp` always answer).
fn small() -> (String, Sweep) {
    let text = r#"{"format": "hetlab-sweep", "version": 1, "name": "small",
        "family": "ring", "grid": {"size": [3, 4]}, "seeds": {"first": 5, "count": 2},
        "algorithms": ["exact", "greedy"], "reference": "exact",
        "measures": ["value", "ratio"]}"#;
    (text.to_owned(), sweep::parse(text).unwrap())
}

#[test]
fn the_address_names_a_builtin_or_a_spec_and_reads_back() {
    let q = |hash: &str| Route::parse(hash).query;
    assert_eq!(
        Choice::from_query(&q("#/experiments")),
        (Choice::Builtin(DEFAULT_SWEEP), None)
    );
    assert_eq!(
        Choice::from_query(&q("#/experiments?sweep=chains")),
        (Choice::Builtin("chains"), None)
    );
    let (c, problem) = Choice::from_query(&q("#/experiments?sweep=nope"));
    assert_eq!(c, Choice::Builtin(DEFAULT_SWEEP));
    assert!(problem.unwrap().contains("no built-in sweep \"nope\""));
    let (text, _) = small();
    let mut route = Route::parse("#/experiments?sweep=chains");
    Choice::Custom(text.clone()).write(&mut route.query);
    assert_eq!(route.query.get("sweep"), None);
    let back = Route::parse(&route.to_hash());
    // The share codec writes the JSON compactly: the same spec, not the same spacing.
    let (Choice::Custom(read), None) = Choice::from_query(&back.query) else {
        panic!("the spec did not come back");
    };
    assert_eq!(sweep::parse(&read).unwrap(), sweep::parse(&text).unwrap());
    let (c, problem) = Choice::from_query(&q("#/experiments?spec=v2.garbage"));
    assert_eq!(c, Choice::Builtin(DEFAULT_SWEEP));
    assert!(problem.unwrap().contains("spec="));
    // A cut spec beside a sweep name: the named sweep, and the decoder's words said once.
    let (c, problem) = Choice::from_query(&q("#/experiments?sweep=chains&spec=v2.x"));
    assert_eq!(c, Choice::Builtin("chains"));
    let problem = problem.unwrap();
    assert!(
        problem.ends_with("The built-in sweep \"chains\" is shown instead."),
        "{problem}"
    );
    assert_eq!(problem.matches("copy").count(), 1, "{problem}");
    assert_eq!(Choice::Builtin("lu").text(), builtin::spec("lu").unwrap());
}

#[test]
fn joined_in_any_order_the_rows_are_the_file_hetlab_sweep_writes() {
    let (_, s) = small();
    let whole: String =
        sweep::csv::header(&s) + &(0..s.instances()).map(|k| s.run_csv(k)).collect::<String>();
    let mut r = Results::new(&s);
    assert_eq!(r.total(), 4);
    // Answers arrive out of order, from several workers.
    for k in [2, 0, 3] {
        r.add(k, s.run_csv(k));
    }
    assert!(!r.complete());
    let (head, n) = r.csv();
    assert_eq!(n, 1, "instance 1 is missing: only instance 0 is a prefix");
    assert_eq!(r.prefix(), 1);
    assert_eq!(head, sweep::csv::header(&s) + &s.run_csv(0));
    r.add(1, s.run_csv(1));
    r.add(1, "ignored\n".into());
    r.add(9, "past the end\n".into());
    assert!(r.complete());
    assert_eq!(r.csv(), (whole, 4));
}

#[test]
fn rows_read_back_with_their_measures_and_quoted_messages() {
    let s = sweep::parse(builtin::spec("master-slave").unwrap()).unwrap();
    let mut r = Results::new(&s);
    r.add(0, s.run_csv(0));
    let rows = r.rows();
    assert_eq!(rows.len(), s.algorithms.len());
    let exact = &rows[0];
    assert_eq!(
        (exact.algorithm.as_str(), exact.status.as_str()),
        ("exact", "ok")
    );
    assert_eq!(exact.ratio, Some(1.0));
    assert!(exact.value.is_some() && exact.steps.is_some());
    let refused = rows.iter().find(|r| r.status == "refused").unwrap();
    assert!(
        refused.message.starts_with("\"approx\" does not apply"),
        "{}",
        refused.message
    );
    assert_eq!((refused.value, refused.ratio), (None, None));
}

#[test]
fn the_summary_gives_mean_and_spread_per_point_and_algorithm() {
    let s = ring();
    let mut r = Results::new(&s);
    // The first size's five seeds, every algorithm.
    for k in 0..5 {
        r.add(k, s.run_csv(k));
    }
    let rows = r.rows().to_vec();
    let sums = summarize(&s, &rows);
    assert_eq!(sums.len(), s.algorithms.len(), "one grid point so far");
    for sum in &sums {
        let ratios: Vec<f64> = rows
            .iter()
            .filter(|r| r.algorithm == sum.algorithm)
            .filter_map(|r| r.ratio)
            .collect();
        assert_eq!((sum.rows, sum.measured), (5, ratios.len()));
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        assert!((sum.mean.unwrap() - mean).abs() < 1e-12);
        assert!(sum.min.unwrap() <= sum.mean.unwrap() && sum.mean <= sum.max);
    }
    let exact = &sums[0];
    assert_eq!(
        (exact.min, exact.max),
        (Some(1.0), Some(1.0)),
        "the reference's own ratio"
    );
    // The ring's heuristics never beat the exact ring's step time (a cost: ratio ≥ 1).
    assert!(sums.iter().all(|x| x.min.unwrap() >= 1.0 - 1e-12));
}

#[test]
fn log_axis_time_left_and_words() {
    let (_, mut s) = small();
    assert!(!log_sizes(&s));
    s.sizes = vec![10, 100];
    assert!(log_sizes(&s));
    assert_eq!(time_left(1000.0, 0, 10), None);
    assert_eq!(time_left(1000.0, 2, 10), Some(4000.0));
    assert_eq!(time_left(1000.0, 10, 10), Some(0.0));
    assert_eq!(duration(400.0), "under a second");
    assert_eq!(duration(12_400.0), "12 s");
    assert_eq!(duration(200_000.0), "3 min 20 s");
    assert_eq!(duration(f64::NAN), "under a second");
}

#[test]
fn the_json_export_holds_the_spec_and_every_row() {
    let (text, s) = small();
    let mut r = Results::new(&s);
    r.add(0, s.run_csv(0));
    let doc: serde_json::Value = serde_json::from_str(&json(&text, &r.rows_in_order())).unwrap();
    assert_eq!(doc["sweep"]["family"], "ring");
    assert_eq!(doc["rows"].as_array().unwrap().len(), 2);
    assert_eq!(doc["rows"][0]["algorithm"], "exact");
    assert_eq!(doc["rows"][0]["ratio"], 1.0);
}
