//! The §6.5 transformations as algorithms, on broadcast.md §9's numbers, read from the result
//! document: split graph E1 1, E2 3/4, E3 5/11, E4 1/2 (each the bidirectional optimum);
//! all Δ-port E1 1, E2 3/2; the transformed network, the usages and the check step; the size
//! limit; and the family's independent check on every run.

use serde_json::Value;

use crate::broadcast::dispatch::{result, run};
use crate::broadcast::tests::example;
use crate::broadcast::{BroadcastInput, PortModel};
use crate::families::check_invariants;
use crate::families::Instance;

fn uni(name: &str) -> BroadcastInput {
    let mut b = example(name);
    b.port_model = PortModel::Unidirectional;
    b
}

fn doc(input: &BroadcastInput, algorithm: &str) -> Value {
    let r = run(input, algorithm).unwrap();
    result(input, algorithm, &r, true)
}

#[test]
fn split_graph_equals_the_bidirectional_optimum_on_e1_to_e4() {
    for (name, want) in [
        ("e1-triangle", "1/1"),
        ("e2-two-relays", "3/4"),
        ("e3-five-nodes", "5/11"),
        ("e4-k5", "1/2"),
    ] {
        let input = uni(name);
        let v = doc(&input, "split-nodes");
        assert_eq!(v["status"], "optimal", "{name}");
        assert_eq!(v["objective"]["value_exact"], want, "{name}");
        assert_eq!(v["reference"]["value"], want, "{name}");
        assert_eq!(v["kind"], "bidirectional");
        let n = input.platform.nodes.len();
        assert_eq!(v["network"]["images"].as_array().unwrap().len(), 2 * n);
        let inst = Instance::Broadcast(input);
        assert!(check_invariants(&inst, "split-nodes").is_ok(), "{name}");
    }
}

#[test]
fn delta_port_nodes_on_e1_and_e2() {
    for (name, want) in [("e1-triangle", "1/1"), ("e2-two-relays", "3/2")] {
        let input = uni(name);
        let v = doc(&input, "delta-port-nodes");
        assert_eq!(v["objective"]["value_exact"], want, "{name}");
        assert_eq!(v["reference"]["value"], want, "{name}");
        let inst = Instance::Broadcast(input);
        assert!(
            check_invariants(&inst, "delta-port-nodes").is_ok(),
            "{name}"
        );
    }
    // E2 read back: every arc carries at most 1/c_e; s→a and s→b are saturated (3/2 needs
    // both relays' spare capacity too).
    let v = doc(&uni("e2-two-relays"), "delta-port-nodes");
    assert_eq!(v["usage"][0], "1/1");
    assert_eq!(v["usage"][1], "1/1");
}

#[test]
fn e1_split_steps_in_plain_english() {
    let v = doc(&uni("e1-triangle"), "split-nodes");
    let captions: Vec<&str> = v["trace"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["caption"].as_str().unwrap())
        .collect();
    assert!(captions[0]
        .starts_with("P1 becomes two unidirectional nodes: P1_in receives, P1_out sends"));
    assert!(captions[3].starts_with("Every arc u→v now runs from u's sending image to v's receiving image with its cost: 3 arcs rewired, 3 free internal arcs, 6 nodes"));
    let last = captions.last().unwrap();
    assert_eq!(
        *last,
        "Check: the bidirectional optimum of the platform (LP-F, §2.2) is 1 ≈ 1; the transformed optimum is 1 ≈ 1: equal, as §6.5 says they must be."
    );
    // The images name their node and role, with ids.
    assert_eq!(v["network"]["images"][0]["node"], "P1");
    assert_eq!(v["network"]["images"][0]["role"], "in");
    assert_eq!(v["network"]["images"][1]["role"], "out");
    // The platform arc P1→P2 is the network's arc 3 (after the 3 free arcs).
    assert_eq!(
        v["network"]["arcs"][3]["arc"],
        serde_json::json!(["P1", "P2"])
    );
    assert_eq!(v["network"]["arcs"][0]["arc"], Value::Null);
}

#[test]
fn too_large_transformations_are_refused_with_a_sentence() {
    // E4 as Δ-port nodes: 5 hubs + 2 × 20 arcs = 45 nodes.
    let err = run(&uni("e4-k5"), "delta-port-nodes")
        .unwrap_err()
        .to_string();
    assert!(err.contains("45 nodes"), "{err}");
    // A split graph of 9 nodes (18 images) is over its limit of 16.
    let nodes: Vec<String> = (0..9).map(|i| format!("{{\"id\":\"n{i}\"}}")).collect();
    let links: Vec<String> = (0..8)
        .map(|i| format!("{{\"from\":\"n{i}\",\"to\":\"n{}\",\"c\":1}}", i + 1))
        .collect();
    let nine = format!(
        "{{\"problem\":\"broadcast\",\"version\":1,\"source\":\"n0\",\"port_model\":\"unidirectional\",\"platform\":{{\"nodes\":[{}],\"links\":[{}]}}}}",
        nodes.join(","),
        links.join(",")
    );
    let Ok(Instance::Broadcast(b)) = Instance::from_json(&nine) else {
        panic!("reads")
    };
    let err = run(&b, "split-nodes").unwrap_err().to_string();
    assert!(
        err.contains("18 nodes") && err.contains("limited to 16"),
        "{err}"
    );
    // Only offered under the unidirectional model.
    assert!(run(&example("e1-triangle"), "split-nodes").is_err());
}
