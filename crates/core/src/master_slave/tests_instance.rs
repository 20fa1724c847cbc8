//! Reading and writing `master-slave` instances: every variant round-trips, and every bad
//! field is named with its path (master-slave.md §12).

use crate::families::Instance;
use crate::master_slave::{Goal, MsInput, Shape};
use crate::rational::{q, qi};

fn read(text: &str) -> Result<Instance, String> {
    Instance::from_json(text).map_err(|e| e.to_string())
}

fn body(fields: &str) -> String {
    format!(r#"{{"problem":"master-slave","version":1,{fields}}}"#)
}

#[test]
fn every_form_reads_and_round_trips() {
    for fields in [
        r#""variant":"MaxTasks0","t":[3,5,7],"T":20"#,
        r#""variant":"MaxTasks1","t":[11,5,11],"tcom":1,"T":36"#,
        r#""variant":"MaxTasks2","t":["3/2",5],"t1":"0.5","t2":1,"T":30"#,
        r#""variant":"MaxTasks3","t":[2,3],"tcom":1,"T":"12.5""#,
        r#""variant":"MaxTasks4","t":[2,4],"t1":1,"t2":1,"T":36"#,
        r#""variant":"MinTime1","t":[5,9],"tcom":1,"C":8"#,
        r#""variant":"MinTime4","t":[5,9],"t1":1,"t2":2,"C":0"#,
        r#""variant":"fork","children":[{"c":1,"w":3},{"c":2,"w":"inf"}],"T":10,"n":5,"w0":6"#,
        r#""variant":"chain","nodes":[{"c":1,"w":3},{"c":2}],"T":10,"n":"inf""#,
        r#""variant":"spider","legs":[[{"c":1,"w":3}],[{"c":2,"w":2},{"c":1,"w":1}]],"T":10"#,
        r#""variant":"tree","nodes":[{"id":"A","c":1,"w":3},{"id":2,"parent":"A","c":1,"w":2}],"T":9"#,
    ] {
        let text = body(fields);
        let inst = read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            read(&inst.to_json()),
            Ok(inst.clone()),
            "round trip of {text}"
        );
        assert_eq!(inst.problem(), "master-slave");
    }
    let Ok(Instance::MasterSlave(MsInput::Bus(b))) = read(&body(
        r#""variant":"MaxTasks2","t":["3/2",5],"t1":"0.5","t2":1,"T":30"#,
    )) else {
        panic!("a bus instance")
    };
    assert_eq!((b.t[0].clone(), b.t1_t2().0), (q(3, 2), q(1, 2)));
    assert_eq!(b.goal, Goal::Horizon(qi(30)));
    let Ok(Instance::MasterSlave(MsInput::Tree(t))) = read(&body(
        r#""variant":"chain","nodes":[{"c":1,"w":3},{"c":2,"w":"inf"}],"T":10"#,
    )) else {
        panic!("a tree instance")
    };
    assert!(matches!(&t.shape, Shape::Chain(h) if h[1].w.is_none()));
    assert_eq!(t.n, None);
}

#[test]
fn bad_inputs_name_their_field() {
    let cases = [
        (r#""t":[1],"T":1"#, "variant: missing"),
        (
            r#""variant":"MaxTasks9","t":[1],"T":1"#,
            "unknown variant \"MaxTasks9\"",
        ),
        (
            r#""variant":"MaxTasks1","t":[],"tcom":1,"T":5"#,
            "t: at least one slave",
        ),
        (
            r#""variant":"MaxTasks1","t":[1,0,-2],"tcom":1,"T":5"#,
            "t[1]: must be > 0, got 0",
        ),
        (
            r#""variant":"MaxTasks1","t":[1,0,-2],"tcom":1,"T":5"#,
            "t[2]: must be > 0, got -2",
        ),
        (
            r#""variant":"MaxTasks1","t":[1],"tcom":0,"T":5"#,
            "tcom: must be > 0, got 0",
        ),
        (r#""variant":"MaxTasks1","t":[1],"T":5"#, "tcom: missing"),
        (
            r#""variant":"MaxTasks1","t":[1],"tcom":1,"T":-1"#,
            "T: must be >= 0, got -1",
        ),
        (
            r#""variant":"MaxTasks1","t":["x"],"tcom":1,"T":5"#,
            "t[0]: ",
        ),
        (
            r#""variant":"MaxTasks1","t":[1],"tcom":"inf","T":5"#,
            "tcom: must be finite",
        ),
        (
            r#""variant":"MaxTasks2","t":[1],"t1":1,"T":5"#,
            "t2: missing",
        ),
        (
            r#""variant":"MaxTasks2","t":[1],"t1":1,"t2":1,"tcom":1,"T":5"#,
            "tcom: not used by MaxTasks2",
        ),
        (
            r#""variant":"MaxTasks2","t":[3,5,8],"t1":2,"t2":1,"T":8"#,
            "T: too small for the two-phase model: need T ≥ p·(t1+t2) = 9",
        ),
        (
            r#""variant":"MinTime1","t":[1],"tcom":1,"C":2.5"#,
            "C: must be a whole number >= 0, got 2.5",
        ),
        (
            r#""variant":"MinTime1","t":[1],"tcom":1,"T":4,"C":2"#,
            "T: not used by MinTime1",
        ),
        (
            r#""variant":"MaxTasks0","t":[1],"T":1,"speed":2"#,
            "unknown field \"speed\"",
        ),
        (
            r#""variant":"fork","children":[{"c":0,"w":3}],"T":5"#,
            "children[0].c: must be > 0, got 0",
        ),
        (
            r#""variant":"fork","children":[{"c":1,"w":-3}],"T":5"#,
            "children[0].w: must be > 0, got -3",
        ),
        (
            r#""variant":"fork","children":[],"T":5"#,
            "children: at least one node",
        ),
        (
            r#""variant":"fork","children":[{"c":1}],"T":5,"n":-1"#,
            "n: must be a whole number >= 0 or \"inf\", got -1",
        ),
        (
            r#""variant":"chain","nodes":[{"id":1,"c":1}],"T":5"#,
            "nodes[0]: a chain lists",
        ),
        (
            r#""variant":"spider","legs":[[{"c":1,"w":2}],[{"c":"a"}]],"T":5"#,
            "legs[1][0].c: ",
        ),
        (
            r#""variant":"tree","nodes":[{"id":1,"c":1},{"id":1,"c":1}],"T":5"#,
            "nodes[1].id: duplicate id \"1\"",
        ),
        (
            r#""variant":"tree","nodes":[{"id":1,"parent":7,"c":1}],"T":5"#,
            "nodes[0].parent: unknown node \"7\"",
        ),
        (
            r#""variant":"tree","nodes":[{"id":1,"parent":2,"c":1},{"id":2,"parent":1,"c":1}],"T":5"#,
            "platform must be a tree rooted at the master",
        ),
        (
            r#""variant":"tree","nodes":[{"c":1}],"T":5"#,
            "nodes[0].id: missing",
        ),
        (
            r#""variant":"fork","children":[{"c":1}],"t":[1],"T":5"#,
            "t: not used by fork",
        ),
    ];
    for (fields, want) in cases {
        let text = body(fields);
        let e = read(&text).unwrap_err();
        assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
    }
    // Every problem is listed, not only the first.
    let e = read(&body(r#""variant":"MaxTasks1","t":[0],"tcom":0,"T":-1"#)).unwrap_err();
    for want in ["t[0]:", "tcom:", "T:"] {
        assert!(e.contains(want), "{want} in {e}");
    }
    let many = vec!["1"; crate::master_slave::MAX_SLAVES + 1].join(",");
    let e = read(&body(&format!(
        r#""variant":"MaxTasks0","t":[{many}],"T":1"#
    )))
    .unwrap_err();
    assert!(e.contains("at most 64"), "{e}");
}

#[test]
fn every_preset_reads_and_solves() {
    let mut n = 0;
    for p in crate::presets::of("master-slave") {
        let inst = Instance::from_json(p.json).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let Instance::MasterSlave(input) = &inst else {
            panic!("{}", p.name)
        };
        for algo in crate::master_slave::offered(input) {
            crate::families::check_invariants(&inst, algo)
                .unwrap_or_else(|e| panic!("{} / {algo}: {e}", p.name));
        }
        n += 1;
    }
    assert!(n >= 20);
}
