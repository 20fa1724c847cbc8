//! The steady-state result documents carry what the page shows (issue 18): the tree period of
//! section 3.5, the prices of 2.10, the operating models of 2.8, the best spanning tree of 3.6,
//! the full run of 4.8, the latency batches of 4.9, and the messages of section 7 — each
//! checked on the spec's numbers.

use serde_json::Value;

use crate::families::Instance;
use crate::families::{solve, solve_within};
use crate::family::{Detail, Limits};
use crate::presets;

/// The explained document (`hetlab solve --explain`): what the page shows.
fn explained(inst: &Instance, algorithm: &str) -> Value {
    let detail = Detail {
        trace: false,
        explain: true,
    };
    solve_within(inst, Some(algorithm), detail, Limits::Default).unwrap()
}

fn doc(preset: &str, algorithm: &str) -> Value {
    explained(&presets::get(preset).unwrap(), algorithm)
}

fn doc_of(json: &str, algorithm: &str) -> Value {
    explained(&Instance::from_json(json).unwrap(), algorithm)
}

#[test]
fn lp_extras_only_when_asked() {
    let inst = presets::get("example-1").unwrap();
    let plain = solve(&inst, Some("lp"), false).unwrap();
    let mut full = explained(&inst, "lp");
    for key in ["why", "models", "best_tree", "full_run", "optimum"] {
        assert!(plain.get(key).is_none(), "{key} without --explain");
        assert!(full.get(key).is_some(), "{key} missing with --explain");
        full.as_object_mut().unwrap().remove(key);
    }
    // Beside its extras, the explained document is the plain one.
    assert_eq!(plain, full);
}

#[test]
fn tree_document_has_the_period_of_section_3_5() {
    let v = doc("star-example-2", "tree");
    let p = &v["period"];
    assert_eq!((p["T"].as_str(), p["A"].as_u64()), (Some("24"), Some(1)));
    assert_eq!(p["tasks_per_period"], "29");
    assert_eq!(p["n"]["1"], "12");
    let sends: Vec<(String, String, String, String)> = p["sends"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["to"].to_string(),
                s["count"].as_str().unwrap().to_owned(),
                s["start"].as_str().unwrap().to_owned(),
                s["end"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want = [
        ("1", "12", "0/1", "12/1"),
        ("4", "6", "12/1", "18/1"),
        ("2", "3", "18/1", "24/1"),
    ];
    assert_eq!(
        sends,
        want.map(|(a, b, c, d)| (a.to_owned(), b.to_owned(), c.to_owned(), d.to_owned()))
    );
    // Example 3's full run: completed(R) = 35R − 57, so 643 after 20 periods of 24.
    let v = doc("tree-example-3", "tree");
    assert_eq!(v["full_run"]["completed"][0]["tasks"], "12");
    assert_eq!(v["full_run"]["completed"][19]["tasks"], "643");
    assert_eq!(v["full_run"]["bound"], "700/1");
}

#[test]
fn lp_document_has_the_extras_on_example_1() {
    let v = doc("example-1", "lp");
    assert_eq!(v["why"]["prices"]["bound"], "7/4");
    let saturated = v["why"]["saturated"].as_array().unwrap();
    assert!(saturated.contains(&serde_json::json!({"resource": "compute", "node": 1})));
    let models: Vec<(String, String)> = v["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["model"].as_str().unwrap().to_owned(),
                m["throughput"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want = [
        ("multiport", "7/4"),
        ("receive in parallel, M(r‖s,w)", "1/1"),
        ("send in parallel, M(s‖r,w)", "67/45"),
        ("unidirectional one-port, M(w‖r,s)", "55/32"),
        ("sequential, M(r,s,w)", "1/1"),
        ("base model with shared links", "7/4"),
    ];
    assert_eq!(
        models,
        want.map(|(a, b)| (a.to_owned(), b.to_owned())).to_vec()
    );
    // Section 3.6: the best tree drops link 2–4: 41/24 against 42/24.
    assert_eq!(v["best_tree"]["throughput"], "41/24");
    assert_eq!(v["best_tree"]["complete"], true);
    // Section 4.8: 21·20 − 19 = 401 tasks after 20 periods of 12, bound 420.
    assert_eq!(v["full_run"]["completed"][19]["tasks"], "401");
    assert_eq!(v["full_run"]["bound"], "420/1");
    assert!(v.get("latency").is_none(), "no latency on this platform");
}

#[test]
fn lp_document_has_the_latency_batches_of_section_4_9() {
    let mut inst = presets::get("example-1").unwrap();
    let Instance::SteadyState(s) = &mut inst else {
        unreachable!()
    };
    for n in &mut s.platform.nodes {
        n.lcalc = Some(crate::rational::qi(2));
    }
    for l in &mut s.platform.links {
        l.lcomm = Some(crate::rational::qi(1));
    }
    let v = explained(&inst, "lp");
    let batches = v["latency"].as_array().unwrap();
    // N = 1: P = 15, 7/5; N = 10: 123, 70/41; N = 100: 1203, 700/401.
    for (k, period, rate) in [
        (0, "15/1", "7/5"),
        (9, "123/1", "70/41"),
        (99, "1203/1", "700/401"),
    ] {
        assert_eq!(
            (
                batches[k]["period"].as_str(),
                batches[k]["throughput"].as_str()
            ),
            (Some(period), Some(rate)),
            "N = {}",
            k + 1
        );
    }
}

#[test]
fn section_7_messages_in_the_document() {
    // Example 4: node 6 cannot be reached.
    let v = doc("two-masters-example-4", "lp");
    let w = v["warnings"][0].as_str().unwrap();
    assert!(w.contains("Node(s) 6 cannot be reached"), "{w}");
    // A link of cost inf is dropped with a note, not silently.
    let v = doc_of(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":1,"master":true},{"id":1,"w":1},{"id":2,"w":1}],
            "links":[{"from":0,"to":1,"c":1},{"from":0,"to":2,"c":"inf"}]}}"#,
        "lp",
    );
    let all: Vec<&str> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        all.iter()
            .any(|w| w.contains("links[1]") && w.contains("inf")),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|w| w.contains("Node(s) 2 cannot be reached")),
        "{all:?}"
    );
    // ρ* = 0: a master and a router.
    let v = doc_of(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":"inf"}],
            "links":[{"from":0,"to":1,"c":1}]}}"#,
        "lp",
    );
    assert_eq!(v["objective"]["value_exact"], "0/1");
    assert!(v["message"]
        .as_str()
        .unwrap()
        .contains("no period to schedule"));
    assert!(v.get("period").is_none());
}
