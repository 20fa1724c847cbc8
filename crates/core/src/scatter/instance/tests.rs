//! Reading and writing scatter instances: exact numbers, round trips, every bad field named.

use super::*;
use crate::families::Instance;
use crate::rational::{q, qi};

fn read(text: &str) -> Result<Instance, String> {
    Instance::from_json(text).map_err(|e| e.to_string())
}

const P: &str = r#"{"comm": {"lat": 0, "per_item": 1}, "comp": {"lat": 0, "per_item": 2}}"#;

#[test]
fn reads_numbers_exactly_and_round_trips() {
    let text = r#"{"problem": "scatter", "version": 1, "n": 60, "processors": [
        {"comm": {"lat": "0.5", "per_item": "1/3"}, "comp": {"per_item": 0.25}},
        {"comp": {"lat": 1, "per_item": 7}}],
        "root_transfer": {"source": 1, "per_item": [[0, "1/2"], ["1/2", 0]]}}"#;
    let Ok(Instance::Scatter(s)) = read(text) else {
        panic!("should read")
    };
    assert_eq!(s.n, 60);
    assert_eq!(s.processors[0].comm.lat, q(1, 2));
    assert_eq!(s.processors[0].comm.per_item, q(1, 3));
    assert_eq!(s.processors[0].comp.lat, qi(0));
    assert_eq!(s.processors[0].comp.per_item, q(1, 4));
    assert_eq!(
        s.processors[1].comm,
        Affine::default(),
        "the root may omit comm"
    );
    assert_eq!(s.root_transfer.as_ref().map(|r| r.source), Some(1));
    let inst = Instance::Scatter(s);
    assert_eq!(read(&inst.to_json()), Ok(inst));
}

#[test]
fn every_bad_field_is_named_with_its_value() {
    let cases: Vec<(String, &str)> = vec![
        (format!(r#""processors": [{P}]"#), "n: missing"),
        (format!(r#""n": -3, "processors": [{P}]"#), "n: must be a whole number >= 0, got -3"),
        (format!(r#""n": 2.5, "processors": [{P}]"#), "n: must be a whole number >= 0, got 2.5"),
        (format!(r#""n": 2000000000, "processors": [{P}]"#), "n: at most 1000000000 items, got 2000000000"),
        (r#""n": 3"#.into(), "processors: missing"),
        (r#""n": 3, "processors": []"#.into(), "processors: between 1 and 64 processors"),
        (
            r#""n": 3, "processors": [{"comm": {"per_item": -1}, "comp": {"per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
            "processors[0].comm.per_item: must be >= 0, got -1",
        ),
        (
            r#""n": 3, "processors": [{"comm": {"per_item": "NaN"}, "comp": {"per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
            "processors[0].comm.per_item: ",
        ),
        (
            r#""n": 3, "processors": [{"comp": {"per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
            "processors[0].comm: missing",
        ),
        (
            r#""n": 3, "processors": [{"comm": {"lat": 1}, "comp": {"lat": "-1/2", "per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
            "processors[0].comm.per_item: missing",
        ),
        (
            r#""n": 3, "processors": [{"comm": {"lat": 1}, "comp": {"lat": "-1/2", "per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
            "processors[0].comp.lat: must be >= 0, got \"-1/2\"",
        ),
        (
            r#""n": 3, "processors": [{"comp": {"per_item": "inf"}}]"#.into(),
            "processors[0].comp.per_item: must be finite",
        ),
        (format!(r#""n": 3, "processors": [{P}], "speed": 1"#), "unknown field \"speed\""),
        (
            format!(r#""n": 3, "processors": [{P}, {P}], "root_transfer": {{"source": 5, "per_item": [[0, 1], [1, 0]]}}"#),
            "root_transfer.source: must be a processor index from 0 to 1, got 5",
        ),
        (
            format!(r#""n": 3, "processors": [{P}, {P}], "root_transfer": {{"source": 0, "per_item": [[0, 1]]}}"#),
            "root_transfer.per_item: must be a 2 × 2 matrix",
        ),
        (
            format!(r#""n": 3, "processors": [{P}, {P}], "root_transfer": {{"source": 0, "per_item": [[0, 1], [-2, 0]]}}"#),
            "root_transfer.per_item[1][0]: must be >= 0, got -2",
        ),
    ];
    for (body, want) in cases {
        let text = format!(r#"{{"problem": "scatter", "version": 1, {body}}}"#);
        let e = read(&text).unwrap_err();
        assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
    }
    // Every problem is listed, not only the first.
    let text = r#"{"problem": "scatter", "version": 1, "n": -1, "processors": [
        {"comm": {"per_item": -1}, "comp": {"per_item": 1}}, {"comp": {"per_item": -2}}]}"#;
    let e = read(text).unwrap_err();
    for want in [
        "n: ",
        "processors[0].comm.per_item",
        "processors[1].comp.per_item",
    ] {
        assert!(e.contains(want), "want {want:?} in {e:?}");
    }
    let many = vec![P; MAX_SCATTER_PROCESSORS + 1].join(",");
    let text = format!(r#"{{"problem": "scatter", "version": 1, "n": 1, "processors": [{many}]}}"#);
    assert!(read(&text)
        .unwrap_err()
        .contains("between 1 and 64 processors are supported, got 65"));
}
