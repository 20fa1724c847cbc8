//! `hetlab solve --explain` prints, for every family, what the family's page shows beside the
//! figure: each test runs the binary on a preset, compares the printed keys with the core's
//! extras function (the page's `extra` calls the same one) and with the spec's numbers where
//! the spec gives them, exact fractions where it gives fractions.

mod common;

use hetlab_core::family::Solver;

use common::{preset_file, quiet};
use hetlab_core::families::{Instance, Registered};
use hetlab_core::family::Family;
use hetlab_core::presets;
use serde_json::Value;

/// The document `hetlab solve --explain --algorithm algo` prints for the preset.
fn explained(preset: &str, algo: &str) -> Value {
    let file = preset_file(preset);
    let out = quiet(&["solve", "--explain", "--algorithm", algo, &file], None);
    serde_json::from_str(&out).expect("a JSON document")
}

/// The same preset's plain document: the explained one only adds keys to it.
fn plain(preset: &str, algo: &str) -> Value {
    let file = preset_file(preset);
    let out = quiet(&["solve", "--algorithm", algo, &file], None);
    serde_json::from_str(&out).expect("a JSON document")
}

/// Every key of `plain` is in `explained` with the same value; returns the keys added.
fn added(plain: &Value, explained: &Value) -> Vec<String> {
    let (Some(p), Some(e)) = (plain.as_object(), explained.as_object()) else {
        panic!("documents are objects");
    };
    for (k, v) in p {
        assert_eq!(e.get(k), Some(v), "the explained document changes {k}");
    }
    let mut keys: Vec<String> = e.keys().filter(|k| !p.contains_key(*k)).cloned().collect();
    keys.sort();
    keys
}

/// The family input of a preset.
fn input<F: Registered>(preset: &str) -> F::Input
where
    F::Input: Clone,
{
    let inst: Instance = presets::get(preset).expect("a preset");
    F::input(&inst).cloned().expect("the family's preset")
}

/// `doc[key]` for each key, against the core's explained document (read back from its text,
/// as the binary's output is: serde_json reads some doubles one unit in the last place off).
fn same_keys(doc: &Value, core: &Value, keys: &[&str]) {
    let core: Value = serde_json::from_str(&core.to_string()).expect("JSON");
    for k in keys {
        assert!(!doc[*k].is_null(), "{k} is missing");
        assert!(doc[*k] == core[*k], "{k} differs from the core's extras");
    }
}

/// `hetlab solve --explain` on the preset: checks that it adds exactly `keys` (sorted) to the
/// plain document and that they hold what the core's extras give (`core` writes the explained
/// document from the input and an untraced run, as the page's export does); returns it.
fn check<F: Registered + Solver>(
    preset: &str,
    algo: &str,
    keys: &[&str],
    core: impl Fn(&F::Input, &F::Run) -> Value,
) -> Value
where
    F::Input: Clone,
{
    let doc = explained(preset, algo);
    assert_eq!(added(&plain(preset, algo), &doc), keys, "{preset}");
    let input = input::<F>(preset);
    let run = F::run(&input, algo, false).expect("runs");
    same_keys(&doc, &core(&input, &run), keys);
    doc
}

/// The entry of `list` whose `field` is `name`.
fn named<'a>(list: &'a Value, field: &str, name: &str) -> &'a Value {
    list.as_array()
        .and_then(|a| a.iter().find(|v| v[field] == name))
        .unwrap_or_else(|| panic!("no {field} {name} in {list}"))
}

#[test]
fn lu_explains_every_scheme_the_curves_and_the_grid_table() {
    use hetlab_core::lu::extras::{explained as core_doc, extras};
    use hetlab_core::lu::family::LuFamily;
    let keys = ["curves", "grid_failure", "schemes"];
    let doc = check::<LuFamily>("lu-1-2", "1d", &keys, |lu, run| {
        core_doc(run, &extras(lu, "1d", run), false)
    });
    // §4.1: the reversed slices against the cyclic distribution, 83 against 123.
    assert_eq!(doc["column_view"]["total"], "83/1");
    let cyclic = named(&doc["schemes"], "scheme", "block-cyclic");
    assert_eq!(cyclic["column_view"]["total"], "123/1");
    // §3.3, set A at n = 10: block-cyclic 221, full-block 310, greedy 175, DP 155.
    let at = |scheme: &str| named(&doc["curves"]["set_a"], "scheme", scheme)["points"][1].clone();
    for (scheme, total) in [
        ("block-cyclic", "221/1"),
        ("full-block", "310/1"),
        ("2d-greedy", "175/1"),
        ("2d-dp", "155/1"),
    ] {
        assert_eq!(at(scheme)["n"], 10);
        assert_eq!(at(scheme)["total"], total, "{scheme}");
    }
    // §2.1: the optimal makespans of m = 1..8.
    let makespans: Vec<&str> = doc["grid_failure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["makespan"].as_str().unwrap())
        .collect();
    assert_eq!(
        makespans,
        ["1/1", "4/1", "5/1", "10/1", "15/1", "20/1", "25/1", "36/1"]
    );
}

#[test]
fn ring_explains_the_other_algorithms_and_the_w_h_curves() {
    use hetlab_core::ring::extras::{explained as core_doc, extras, sweep};
    use hetlab_core::ring::family::RingFamily;
    let doc = check::<RingFamily>("ring-rg-1", "greedy", &["compare", "sweep"], |r, run| {
        let offered = RingFamily::offered(r);
        core_doc(run, &extras(r, &offered, "greedy", run, sweep(r)), false)
    });
    // ring.md §12, RG-1: the greedy stops at 9, the optimum is 206/29 on ring (1, 3, 2, 4).
    assert_eq!(doc["objective"]["value_exact"], "9/1");
    let exact = named(&doc["compare"], "algorithm", "exact");
    assert_eq!(exact["t_step"], "206/29");
    assert_eq!(exact["q"], 4);
    // §10.2 on Lyon: both curves jump from 1 to 14 processors at W/H = 65.5241.
    let lyon = explained("ring-lyon", "greedy");
    for method in ["greedy", "exact"] {
        let t = &lyon["sweep"][method]["transitions"];
        assert_eq!(t.as_array().map(Vec::len), Some(1), "{method}");
        let jump = (t[0]["from"].as_u64(), t[0]["to"].as_u64());
        assert_eq!(jump, (Some(1), Some(14)), "{method}");
        let at = t[0]["ratio"].as_f64().unwrap();
        assert!((at - 65.5241).abs() < 1e-3, "{method}: {at}");
    }
}

#[test]
fn square_explains_every_rectangle_algorithm() {
    use hetlab_core::square::extras::{explained as core_doc, extras};
    use hetlab_core::square::family::SquareFamily;
    let doc = check::<SquareFamily>("square-7-1", "recursive", &["compare"], |sq, run| {
        core_doc(run, &extras(sq, "recursive", run), false)
    });
    // square-partitions.md §7.1 and §3.3: Ĉ of each algorithm, M̂ where it is given.
    let row = |a: &str| named(&doc["compare"], "algorithm", a).clone();
    assert_eq!(row("column-dp")["sum_half_perimeters"], "11/2");
    assert_eq!(row("column-dp")["max_half_perimeter"], "11/10");
    assert_eq!(row("recursive")["sum_half_perimeters"], "146/25");
    assert_eq!(row("recursive")["max_half_perimeter"], "13/10");
    assert_eq!(row("peri-max")["max_half_perimeter"], "28/25");
    assert_eq!(row("bisection")["sum_half_perimeters"], "139/25");
    assert_eq!(row("slices")["sum_half_perimeters"], "9/1");
}

#[test]
fn chains_explain_every_compared_algorithm() {
    use hetlab_core::chains::extras::{explained as core_doc, extras};
    use hetlab_core::chains::family::ChainsFamily;
    let doc = check::<ChainsFamily>("chains-ex7", "dp", &["compare"], |c, run| {
        core_doc(c, "dp", run, &extras(c, "dp", run), false)
    });
    // chains.md §12, example 7: B_opt = 15/4 (every exact algorithm), RB 9/2, MP 5.
    let row = |a: &str| named(&doc["compare"], "algorithm", a).clone();
    for exact in ["exact-bisection", "dp", "nicol", "bidding"] {
        assert_eq!(row(exact)["bottleneck"], "15/4", "{exact}");
    }
    assert_eq!(row("rb")["bottleneck"], "9/2");
    assert_eq!(row("rb")["separators"], serde_json::json!([0, 2, 3, 6]));
    assert_eq!(row("mp")["bottleneck"], "5/1");
}

#[test]
fn scatter_explains_the_rational_shares_schedule() {
    use hetlab_core::scatter::extras::{explained as core_doc, extras};
    use hetlab_core::scatter::family::ScatterFamily;
    let keys = ["rational_schedule"];
    let doc = check::<ScatterFamily>("scatter-sc1", "lp-rounded", &keys, |s, run| {
        core_doc(run, &extras(s, "lp-rounded", run), false)
    });
    // scatter.md §8, SC-1: the LP's shares [49/17, 65/34, 41/34] all end at T_LP = 213/17.
    let r = &doc["rational_schedule"];
    assert_eq!(r["shares"], serde_json::json!(["49/17", "65/34", "41/34"]));
    assert_eq!(r["makespan"], "213/17");
    // The DP has no rational shares.
    assert!(explained("scatter-sc1", "dp")["rational_schedule"].is_null());
}

#[test]
fn divisible_explains_the_tentative_schedule_of_staraffine() {
    use hetlab_core::divisible::extras::{explained as core_doc, extras};
    use hetlab_core::divisible::family::DivisibleFamily;
    let keys = ["tentative_schedule"];
    let doc = check::<DivisibleFamily>("divisible-dl10", "exact", &keys, |d, run| {
        core_doc(d, "exact", run, &extras(d, "exact", run), false)
    });
    // divisible-load.md §8, DL-10: every worker sorted by g finishes at 632/37, while the
    // optimum (order 1, 3, 2) is 573/34.
    assert_eq!(doc["objective"]["value_exact"], "573/34");
    let ends: Vec<&str> = doc["tentative_schedule"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["end"].as_str().unwrap())
        .collect();
    assert!(ends.contains(&"632/37"), "{ends:?}");
    // Not STARAFFINE: nothing tentative.
    assert!(explained("divisible-dl3", "exact")["tentative_schedule"].is_null());
}

#[test]
fn master_slave_explains_every_algorithm_of_the_variant() {
    use hetlab_core::master_slave::extras::{explained as core_doc, extras};
    use hetlab_core::master_slave::family::MasterSlaveFamily;
    let doc = check::<MasterSlaveFamily>("master-slave-ms1", "exact", &["compare"], |m, run| {
        core_doc(run, &extras(m, "exact", run), false)
    });
    // master-slave.md §12, MS-1: the optimum is 8 tasks, c = (5, 3); fastest-first gives 7.
    let row = |a: &str| named(&doc["compare"], "algorithm", a).clone();
    assert_eq!(row("exact")["tasks"], 8);
    assert_eq!(row("exact")["counts"], serde_json::json!([5, 3]));
    assert_eq!(row("greedy")["tasks"], 7);
}

/// `hetlab about` prints, for every family, its page's explanation panel: every topic's heading,
/// paragraphs, spec section and scene, from the same constants the page reads.
#[test]
fn about_prints_every_topic_of_every_family() {
    for problem in hetlab_core::families::PROBLEMS {
        let out = quiet(&["about", problem], None);
        let about = hetlab_core::families::about(problem).expect("registered");
        for t in about.topics {
            assert!(out.contains(t.heading), "{problem}: {}", t.heading);
            assert!(
                t.text.iter().all(|p| out.contains(p)),
                "{problem}: {}",
                t.heading
            );
            assert!(
                out.contains(&format!("Spec: {}", t.spec)),
                "{problem}: {}",
                t.spec
            );
            if let Some(s) = &t.scene {
                assert!(out.contains(&s.route(problem)), "{problem}: {}", s.what);
            }
            if let Some(table) = &t.table {
                assert!(
                    out.contains(&table.to_text()),
                    "{problem}: the table of {}",
                    t.heading
                );
            }
        }
        assert!(out.contains("Papers"), "{problem}: the papers");
    }
    assert!(common::fails(&["about", "sorting"], 1).contains("unknown problem \"sorting\""));
}

#[test]
fn broadcast_explains_both_port_models() {
    use hetlab_core::broadcast::extras::{explained as core_doc, extras};
    use hetlab_core::broadcast::family::BroadcastFamily;
    let keys = ["port_models"];
    // broadcast.md §9.1 (E1): ρ*_bi = 1, ρ*_uni = 2/3, the naive port-sum bound 3/4; §9.2
    // (E2): 3/4, 1/2, 5/8; §9.4 (E4): 1/2, 2/5, 4/9.
    for (preset, bi, uni, naive) in [
        ("broadcast-e1", "1/1", "2/3", "3/4"),
        ("broadcast-e2", "3/4", "1/2", "5/8"),
        ("broadcast-e4", "1/2", "2/5", "4/9"),
    ] {
        for algo in ["lp", "star"] {
            let doc = check::<BroadcastFamily>(preset, algo, &keys, |b, run| {
                core_doc(b, algo, run, &extras(b, algo, run), false)
            });
            let m = &doc["port_models"];
            assert_eq!(m["bidirectional"], bi, "{preset} {algo}");
            assert_eq!(m["unidirectional"], uni, "{preset} {algo}");
            assert_eq!(m["naive"], naive, "{preset} {algo}");
            assert!(m["note"].is_null());
        }
    }
    // A multicast has nothing to compare.
    assert!(explained("broadcast-e6", "lp")["port_models"].is_null());
}
