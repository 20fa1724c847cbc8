//! Issue 34's rows of the divisible-load and chains specs, as the command line prints them:
//! DL-9's `affine-sorted` marked invalid (exit 0, the spec's reason), DL-2's exchange formula
//! in STARLINEAR documents, chains' closed-form upper bounds (§4) in every document, and
//! master–slave's MinTime on a tree.

mod common;

use common::{preset_file, quiet};
use serde_json::Value;

fn solve(preset: &str, algo: &str) -> Value {
    let out = quiet(&["solve", "--algorithm", algo, &preset_file(preset)], None);
    serde_json::from_str(&out).expect("a JSON document")
}

/// divisible-load.md DL-9: all three workers sorted, `EF` gives `T_f = 135/7` with
/// `α_3 = −5/7`: the result is printed (exit 0), marked invalid, with no load and the reason.
#[test]
fn dl9_affine_sorted_is_printed_marked_invalid() {
    let doc = solve("divisible-dl9", "affine-sorted");
    assert_eq!(doc["status"], "infeasible");
    assert_eq!(doc["objective"]["value_exact"], "135/7");
    let note = doc["notes"][0].as_str().unwrap();
    assert!(note.starts_with("invalid: latencies too large for this load (P3 would get -5/7)"));
    assert_eq!(doc["schedule"], serde_json::json!([]));
    assert_eq!(doc["sorted"]["alpha"][2], "-5/7");
}

/// DL-2 through a STARLINEAR document: one exchange per consecutive pair of the order; on DL-3
/// (order 1, 2, 3) the first pair has `T' = T_f = 2100/11`.
#[test]
fn star_linear_documents_carry_the_exchange_formula() {
    let doc = solve("divisible-dl3", "star-linear");
    let x = doc["exchanges"].as_array().unwrap();
    assert_eq!(x.len(), 2);
    assert_eq!((x[0]["a"].as_u64(), x[0]["b"].as_u64()), (Some(0), Some(1)));
    assert_eq!(x[0]["time_left"], "2100/11");
    // T'·(g_b − g_a)/((g_a + w_a)(g_b + w_b)) = 2100/11 · 1/(3·5) = 140/11.
    assert_eq!(x[0]["gain"], "140/11");
    // The fixed order is imposed: no exchange.
    assert_eq!(
        solve("divisible-dl1", "fixed-order")["exchanges"],
        serde_json::json!([])
    );
}

/// chains.md §12: EX1 `UB_eq6 = 63/4`, `UB_nicol = 33/2`, `UB_bis = 75/4` (and `UB_greedy =
/// 39/4 + 2·9/4 = 57/4`); EX2 `UB_greedy = 10`, `UB_eq6 = 13`, `UB_nicol = 14`, `UB_bis = 15`.
#[test]
fn chains_documents_carry_the_bounds() {
    // Exact values are written `num/den` (`10/1`).
    let text = |v: &Value| {
        let q = hetlab_core::rational::parse_q(v.as_str().unwrap()).unwrap();
        hetlab_core::rational::frac(&q)
    };
    for (preset, want) in [
        ("chains-ex1", ["57/4", "63/4", "33/2", "75/4"]),
        ("chains-ex2", ["10", "13", "14", "15"]),
    ] {
        for algo in ["exact-bisection", "mp"] {
            let b = &solve(preset, algo)["bounds"];
            let got = ["UB_greedy", "UB_eq6", "UB_nicol", "UB_bis"].map(|k| text(&b[k]));
            assert_eq!(got, want, "{preset} {algo}");
        }
    }
}

/// master-slave.md §3.4 over §8.3 (MinTime on a tree, written with `C` instead of `T`): on
/// MS-10's fork (`d = (1,2)`, `w = (3,2)`, OPT 5 at `T = 10`, 4 at `T = 9`) five tasks need
/// `T* = 10`; the document's objective is the makespan and the binary search is listed.
#[test]
fn ms10_min_time_on_the_fork() {
    let doc = r#"{"problem":"master-slave","version":1,"variant":"fork","children":[{"c":1,"w":3},{"c":2,"w":2}],"C":5}"#;
    let out: Value =
        serde_json::from_str(&quiet(&["solve", "-"], Some(doc))).expect("a JSON document");
    assert_eq!(out["objective"]["name"], "makespan");
    assert_eq!(out["objective"]["value_exact"], "10/1");
    assert_eq!(out["makespan"], "10/1");
    assert_eq!(out["counts"], serde_json::json!([3, 2]));
    assert!(!out["search"].as_array().unwrap().is_empty());
}
