//! `hetlab rates`: rates a user chooses, checked against the steady-state LP (steady-state.md
//! §4.1, §7) and scheduled; the paper's own Ex1 rates give §6.1's A = 3, L = 36, 63 tasks and,
//! with L_calc = 2, L_comm = 1, 63/40.

mod common;

use common::{hetlab, ok};
use serde_json::{json, Value};

const EX1: &str = include_str!("../../core/presets/example-1.json");

#[test]
fn the_papers_rates_on_example_1_print_section_6_1s_numbers() {
    let doc: Value = serde_json::from_str(&ok(&["rates", "--paper", "-"], Some(EX1))).unwrap();
    assert_eq!(doc["throughput"], "7/4");
    let p = &doc["period"];
    assert_eq!(
        [&p["period_t"], &p["scale_a"], &p["length"], &p["tasks"]],
        ["12", "3", "36", "63"]
    );
    assert_eq!(p["latency_throughput"], "63/40");
    assert_eq!(p["latency_period"], "40/1");
}

#[test]
fn a_rates_file_with_a_broken_conservation_law_names_it() {
    let dir = std::env::temp_dir().join(format!("hetlab-rates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rates.json");
    let rates = json!({"x": {"1": 1, "2": "1/3", "3": "1/4", "4": "1/6"},
        "f": {"1->2": "1/6", "1->3": "1/2", "3->4": "1/3", "4->2": "1/6"}});
    std::fs::write(&file, rates.to_string()).unwrap();
    let out = ok(
        &["rates", "--rates", file.to_str().unwrap(), "-"],
        Some(EX1),
    );
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        doc["violations"],
        json!(["conservation at node 3: it receives 1/2 tasks per time unit but computes and forwards 7/12"])
    );
    assert_eq!(doc["throughput"], Value::Null);
    let star = include_str!("../../core/presets/star-example-2.json");
    let refused = hetlab(&["rates", "--paper", "-"], Some(star));
    assert_eq!(refused.status.code(), Some(1));
}
