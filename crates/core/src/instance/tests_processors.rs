//! Reading and writing the square-partition and LU instances.

use crate::families::Instance;
use crate::instance::MAX_PROCESSORS;
use crate::rational::{q, qi};

fn read(text: &str) -> Result<Instance, String> {
    Instance::from_json(text).map_err(|e| e.to_string())
}

#[test]
fn square_partitions_normalise_speeds_cycle_times_and_areas() {
    for (field, values, want) in [
        ("speeds", "[1, 3]", [q(1, 4), q(3, 4)]),
        ("cycle_times", "[3, \"1\"]", [q(1, 4), q(3, 4)]),
        ("areas", "[\"0.25\", 0.75]", [q(1, 4), q(3, 4)]),
        ("areas", "[2, 6]", [q(1, 4), q(3, 4)]),
    ] {
        let text = format!(r#"{{"problem":"square-partition","version":1,"{field}":{values}}}"#);
        let Ok(Instance::SquarePartition(s)) = read(&text) else {
            panic!("{text} should read")
        };
        assert_eq!(s.areas(), want, "{text}");
        assert_eq!(s.processors.field(), field);
        let back = Instance::SquarePartition(s.clone());
        assert_eq!(read(&back.to_json()), Ok(back), "round trip of {text}");
    }
}

#[test]
fn square_partition_bad_inputs_name_their_field() {
    let cases = [
        (
            r#""speeds":[]"#,
            "speeds: at least one processor is required",
        ),
        (r#""speeds":[1,0,-2]"#, "speeds[1]: must be > 0, got 0"),
        (r#""speeds":[1,0,-2]"#, "speeds[2]: must be > 0, got -2"),
        (r#""areas":[1,"inf"]"#, "areas[1]: must be finite"),
        (r#""cycle_times":["x"]"#, "cycle_times[0]: "),
        (r#""speeds":[1],"areas":[1]"#, "give exactly one of"),
        (r#""speed":[1]"#, "unknown field \"speed\""),
        ("", "missing: give the processors as"),
    ];
    for (body, want) in cases {
        let sep = if body.is_empty() { "" } else { "," };
        let text = format!(r#"{{"problem":"square-partition","version":1{sep}{body}}}"#);
        let e = read(&text).unwrap_err();
        assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
    }
    let many = vec!["1"; MAX_PROCESSORS + 1].join(",");
    let text = format!(r#"{{"problem":"square-partition","version":1,"speeds":[{many}]}}"#);
    assert!(read(&text).unwrap_err().contains("at most 64"));
}

#[test]
fn lu_instances_read_and_round_trip() {
    let text = r#"{"problem":"lu","version":1,"cycle_times":[3,5,8],"B":10}"#;
    let Ok(Instance::Lu(lu)) = read(text) else {
        panic!("should read")
    };
    assert_eq!(lu.b, 10);
    assert_eq!(lu.processors.cycle_times(), [qi(3), qi(5), qi(8)]);
    assert_eq!(lu.processors.speeds(), [q(1, 3), q(1, 5), q(1, 8)]);
    let text = r#"{"problem":"lu","version":1,"speeds":[1,2,3,4],"B":4,"n":8,"grid":[2,2]}"#;
    let Ok(inst @ Instance::Lu(_)) = read(text) else {
        panic!("should read")
    };
    assert_eq!(read(&inst.to_json()), Ok(inst.clone()));
    let Instance::Lu(lu) = inst else {
        unreachable!()
    };
    assert_eq!((lu.n, lu.grid), (Some(8), Some((2, 2))));
}

#[test]
fn lu_bad_inputs_name_their_field() {
    let cases = [
        (r#""speeds":[1,2]"#, "B: missing"),
        (
            r#""speeds":[1,2],"B":0"#,
            "B: must be a whole number >= 1, got 0",
        ),
        (
            r#""speeds":[1,2],"B":2.5"#,
            "B: must be a whole number >= 1, got 2.5",
        ),
        (
            r#""speeds":[1,2],"B":4,"n":100000"#,
            "n: at most 512, got 100000",
        ),
        (
            r#""speeds":[1,2],"B":4,"grid":[2,2]"#,
            "grid: a 2 × 2 grid has 4 cells but there are 2 processors",
        ),
        (
            r#""speeds":[1,2],"B":4,"grid":[2]"#,
            "grid: must be [rows, cols]",
        ),
        (r#""areas":[1,2],"B":4"#, "unknown field \"areas\""),
    ];
    for (body, want) in cases {
        let text = format!(r#"{{"problem":"lu","version":1,{body}}}"#);
        let e = read(&text).unwrap_err();
        assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
    }
}
