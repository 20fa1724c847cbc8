//! `hetlab export simgrid-run`'s program embeds the core's numbers: period, slots, counts.

use num_bigint::BigInt;
use serde_json::Value;

use super::{program, Conversion};
use crate::families::Instance;
use crate::presets;
use crate::steady_state::pipeline;
use crate::steady_state::tree;

/// The JSON the program embeds after `SCHEDULE = json.loads(`.
pub(super) fn embedded(text: &str) -> Value {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("SCHEDULE = json.loads("))
        .and_then(|l| l.strip_suffix(')'))
        .expect("the program embeds its schedule");
    let inner: String = serde_json::from_str(line).expect("a JSON string literal");
    serde_json::from_str(&inner).expect("the schedule is JSON")
}

fn n(v: &Value) -> BigInt {
    BigInt::from(v.as_u64().expect("a count"))
}

#[test]
fn the_lp_program_embeds_the_pattern_of_the_core() {
    let s = presets::steady_state("example-1").expect("preset");
    let text = program(
        &Instance::SteadyState(s.clone()),
        Some("lp"),
        "example-1",
        &Conversion::default(),
    )
    .expect("a program");
    assert!(text.contains("from simgrid import"));
    assert!(text.contains("network/model"), "the platform is embedded");
    let doc = embedded(&text);
    let pipe = pipeline::solve(&s).expect("solved");
    let p = pipe.pattern.expect("a pattern");
    assert_eq!(doc["period_exact"], p.length.to_string());
    assert_eq!(doc["predicted_exact"], pipe.lp.throughput.to_string());
    let compute: Vec<BigInt> = doc["compute"]
        .as_array()
        .expect("compute")
        .iter()
        .map(n)
        .collect();
    let want: Vec<BigInt> = p.n.iter().map(|x| x * &p.scale_a).collect();
    assert_eq!(compute, want);
    let slots = doc["slots"].as_array().expect("slots");
    assert_eq!(slots.len(), p.slots.len());
    let arcs = s.platform.arcs();
    for (got, slot) in slots.iter().zip(&p.slots) {
        let sends = got["sends"].as_array().expect("sends");
        assert_eq!(sends.len(), slot.arcs.len());
        for (g, t) in sends.iter().zip(&slot.arcs) {
            assert_eq!(g["from"], arcs[t.arc].from);
            assert_eq!(g["to"], arcs[t.arc].to);
            assert_eq!(n(&g["inputs"]), t.inputs.to_integer());
        }
    }
}

#[test]
fn the_tree_program_embeds_the_sends_of_the_core() {
    let s = presets::steady_state("tree-example-3").expect("preset");
    let doc = super::schedule(&s, Some("tree"), "t", &Conversion::default()).expect("schedule");
    let sol = tree::solve(&s).expect("solved");
    let sc = &sol.schedule;
    assert_eq!(doc["period_exact"], sc.period_t.to_string());
    assert_eq!(doc["predicted_exact"], "35/24");
    let slots = doc["slots"].as_array().expect("slots");
    assert_eq!(slots.len(), sc.sends.len());
    for (got, send) in slots.iter().zip(&sc.sends) {
        assert_eq!(n(&got["sends"][0]["inputs"]), send.count);
        assert_eq!(got["sends"][0]["to"], send.to);
    }
    assert!(doc["measure_to"].as_u64() > doc["measure_from"].as_u64());
}

#[test]
fn long_periods_play_in_batches() {
    // Lyon's period holds 427 000 files and tasks: a slot's files on an arc are one message.
    let lyon = presets::steady_state("lyon").expect("preset");
    let doc = super::schedule(&lyon, Some("lp"), "lyon", &Conversion::default()).expect("plays");
    let sends: Vec<&Value> = doc["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .flat_map(|sl| sl["sends"].as_array().expect("sends").iter())
        .collect();
    let files: u64 = sends
        .iter()
        .map(|t| t["inputs"].as_u64().expect("count"))
        .sum();
    assert!(
        files > 10 * sends.len() as u64,
        "{files} files in {} messages",
        sends.len()
    );
}

#[test]
fn a_platform_with_nothing_to_schedule_is_refused_with_a_reason() {
    let json = r#"{"problem":"steady-state","version":1,"platform":{"nodes":[
        {"id":"M","w":"inf","master":true},{"id":"A","w":1}],"links":[]}}"#;
    let inst = Instance::from_json(json).expect("an instance");
    let err = program(&inst, None, "zero", &Conversion::default()).expect_err("ρ* = 0");
    assert!(err.to_string().contains("no schedule to play"), "{err}");
}
