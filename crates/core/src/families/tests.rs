//! Reading and writing instance documents through the registry: the envelope, each family's
//! reader, the paths of reading errors.

use crate::family::Solver as _;

use super::*;
use crate::family::Family;
use crate::platform::raw::parse_json;
use crate::rational::{q, qi};

#[test]
fn reads_and_writes_a_steady_state_instance() {
    let text = r#"{"problem": "steady-state", "version": 1, "data_out": "1/2",
        "platform": {"nodes": [{"id": 1, "w": 1, "master": true}, {"id": 2, "w": "3"}],
                     "links": [{"from": 1, "to": 2, "c": 2}]}}"#;
    let inst = Instance::from_json(text).unwrap();
    let Instance::SteadyState(s) = &inst else {
        panic!("not steady state: {inst:?}")
    };
    assert_eq!(s.data_out, q(1, 2));
    assert_eq!(s.data_in, qi(1));
    assert_eq!(Instance::from_json(&inst.to_json()).unwrap(), inst);
}

/// Text after the document is refused, not dropped (white space is fine).
#[test]
fn refuses_text_after_the_document() {
    let doc = r#"{"problem": "lu", "version": 1, "speeds": [1, 2], "B": 1, "n": 2}"#;
    assert!(Instance::from_json(&format!("{doc} \n\t")).is_ok());
    for tail in [" trailing garbage", "\n{}", ","] {
        let e = Instance::from_json(&format!("{doc}{tail}")).unwrap_err();
        assert!(
            e.to_string().contains("more text after its end"),
            "{tail:?}: {e}"
        );
    }
    let e = crate::platform::Platform::from_json(r#"{"nodes": [{"id": 1}]} x"#).unwrap_err();
    assert!(e.to_string().contains("(line 1, column 24)"), "{e}");
}

/// The path of the first issue reading `text` as `T`, and the path that serde_path_to_error
/// (the tracking `platform::json_path` replaced) gave; `None` when it reads.
fn both_paths<T: serde::de::DeserializeOwned>(text: &str) -> Option<(String, String)> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let old = match serde_path_to_error::deserialize::<_, T>(de) {
        Ok(_) => return None,
        Err(e) => e.path().to_string(),
    };
    let old = if old == "." { String::new() } else { old };
    let new = parse_json::<T>(text, "").err()?.0[0].path.clone();
    Some((new, old))
}

fn pointers(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                pointers(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Every preset with one value replaced (by a wrong type, an empty list or object, a
/// negative number), one key removed or an unknown key added, compact and indented: the
/// path of the reading error is the one path tracking gave.
#[test]
fn error_paths_are_those_of_path_tracking() {
    use serde_json::{json, Value};
    let mut compared = 0;
    for preset in crate::presets::PRESETS {
        let doc: Value = serde_json::from_str(preset.json).expect("preset JSON");
        let mut at = Vec::new();
        pointers(&doc, String::new(), &mut at);
        let mut docs = Vec::new();
        for p in &at {
            for wrong in [json!("zz"), json!([]), json!({}), json!(-1), json!(null)] {
                let mut d = doc.clone();
                if let Some(slot) = d.pointer_mut(p) {
                    *slot = wrong;
                    docs.push(d);
                }
            }
            let mut d = doc.clone();
            if let Some(Value::Object(m)) = d.pointer_mut(p) {
                m.insert("extra".into(), json!(1));
                docs.push(d.clone());
            }
            if let Some((parent, key)) = p.rsplit_once('/') {
                let mut d = doc.clone();
                if let Some(Value::Object(m)) = d.pointer_mut(parent) {
                    m.shift_remove(key);
                    docs.push(d);
                }
            }
        }
        for d in docs {
            for text in [
                d.to_string(),
                serde_json::to_string_pretty(&d).unwrap_or_default(),
            ] {
                let got =
                    with_problem!(preset.problem, |F| both_paths::<<F as Family>::Raw>(&text))
                        .unwrap_or_else(|| panic!("no reader for {}", preset.problem));
                if let Some((new, old)) = got {
                    assert_eq!(new, old, "{}: {text}", preset.name);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} errors compared");
}

#[test]
fn explains_what_is_wrong() {
    let e = Instance::from_json(r#"{"version": 1}"#).unwrap_err();
    assert_eq!(e.0[0].path, "problem");
    let e = Instance::from_json(r#"{"problem": "master-slave", "version": 1}"#).unwrap_err();
    assert!(e.to_string().contains("variant"), "{e}");
    let e = Instance::from_json(r#"{"problem": "rings", "version": 1}"#).unwrap_err();
    assert!(e.to_string().contains("unknown problem \"rings\""), "{e}");
    let e = Instance::from_json(r#"{"problem": "steady-state", "version": 2}"#).unwrap_err();
    assert_eq!(e.0[0].path, "version");
    let e = Instance::from_json(
        r#"{"problem": "steady-state", "version": 1, "data_in": 0,
            "platform": {"nodes": [{"id": 1}, {"id": 2, "w": 0}]}}"#,
    )
    .unwrap_err();
    let text = e.to_string();
    for needle in [
        "data_in: must be > 0, got 0",
        "platform.nodes[1].w: must be > 0, got 0",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in {text}");
    }
    // Field-level problems stop the platform before the steady-state checks; once fixed, those come.
    let e = Instance::from_json(
        r#"{"problem": "steady-state", "version": 1, "platform": {"nodes": [{"id": 1}]}}"#,
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("platform.nodes: at least one master is required"),
        "{text}"
    );
    assert!(
        text.contains("platform.nodes[0].w: required for steady state"),
        "{text}"
    );
    let e = Instance::from_json(
        r#"{"problem": "steady-state", "version": 1, "platform": {"nodes": []}, "extra": 1}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("unknown field \"extra\""), "{e}");
}

/// What `hetlab gen` writes, `hetlab solve` reads: every family's generator, every seed.
#[test]
fn every_family_generates_instances_that_read_back() {
    for &problem in PROBLEMS {
        for seed in 0..5 {
            let inst = generate(problem, Shape::Random, 6, seed).unwrap();
            assert_eq!(inst.problem(), problem);
            assert_eq!(Instance::from_json(&inst.to_json()), Ok(inst));
        }
    }
    let Some(Instance::Lu(lu)) = generate("lu", Shape::Star, 200, 3) else {
        panic!("lu generates")
    };
    assert_eq!((lu.processors.len(), lu.b, lu.n), (32, 64, Some(256)));
    let text = generate("lu", Shape::Star, 40, 1)
        .map(|i| i.to_json())
        .unwrap_or_default();
    let read = Instance::from_json(&text).unwrap();
    assert!(
        check_invariants(&read, "1d").is_ok(),
        "what gen writes, solve reads"
    );
    assert!(generate("no-such-family", Shape::Star, 4, 1).is_none());
}

/// The catalog lists the registered families, in the registry's order, each with an algorithm
/// built, and nothing else is built: `hetlab list`, the home page and the header read it.
#[test]
fn the_catalog_lists_every_registered_family_in_order() {
    let listed: Vec<&str> = crate::catalog::FAMILIES.iter().map(|f| f.problem).collect();
    assert_eq!(listed, PROBLEMS);
    assert!(crate::catalog::FAMILIES
        .iter()
        .all(crate::catalog::Family::available));
    for f in crate::catalog::FAMILIES {
        assert!(
            !f.nav.is_empty() && f.nav.len() <= f.title.len() + 8,
            "{}",
            f.problem
        );
    }
}

/// Every registered family has presets, and every preset names a registered family.
#[test]
fn every_registered_family_has_presets() {
    for problem in PROBLEMS {
        assert!(
            crate::presets::PRESETS
                .iter()
                .any(|p| p.problem == *problem),
            "{problem} has no preset"
        );
    }
    for p in crate::presets::PRESETS {
        assert!(PROBLEMS.contains(&p.problem), "{}: {}", p.name, p.problem);
    }
}

/// Every registered family has benchmark rows (`#/bench` lists each group's families' rows):
/// timed by a clock that runs nothing, so only the list is checked here. Chains' rows solve
/// the 615 400-task chain outside the clock (to name refusals); its own test runs them.
#[test]
fn every_family_has_bench_rows() {
    for problem in PROBLEMS.iter().filter(|p| **p != "chains") {
        let rows = with_problem!(problem, |F| F::bench(&|_, _| 0.0)).unwrap_or_default();
        assert!(!rows.is_empty(), "{problem} has no benchmark row");
        assert!(rows
            .iter()
            .all(|(name, _, runs)| !name.is_empty() && *runs > 0));
    }
}
