//! `hetlab export simgrid-run` beyond steady state: the program of a broadcast carries the
//! period's slots and pieces, those of scatter, master–slave and divisible load every timed
//! activity of the result with its exact times, sizes and dependencies.

use num_traits::ToPrimitive;
use serde_json::Value;

use super::tests_steady::embedded;
use super::{program, Conversion, RunError};
use crate::families::Instance;
use crate::family::{Limits, Solver as _};
use crate::presets;

fn doc(preset: &str, algorithm: &str) -> (Instance, Value) {
    let inst = presets::get(preset).expect("preset");
    let text = program(&inst, Some(algorithm), preset, &Conversion::default()).expect("program");
    assert!(text.contains("from simgrid import"));
    assert!(text.contains("network/model"), "the platform is embedded");
    (inst, embedded(&text))
}

/// An operation as `(host, start_exact, end_exact, bytes, gigaflops)`.
type Row = (u64, String, String, u64, u64);

/// The operations of one kind (flops are whole gigaflops in these tests).
fn ops(doc: &Value, kind: &str) -> Vec<Row> {
    doc["ops"]
        .as_array()
        .expect("ops")
        .iter()
        .filter(|o| o["kind"] == kind)
        .map(|o| {
            (
                o["host"].as_u64().expect("host"),
                o["start_exact"].as_str().expect("start").to_owned(),
                o["end_exact"].as_str().expect("end").to_owned(),
                o["bytes"].as_u64().expect("bytes"),
                giga(o["flops"].as_f64().expect("flops")),
            )
        })
        .collect()
}

/// Whole gigaflops (the tests' computations are whole numbers of tasks of 1 Gf).
fn giga(flops: f64) -> u64 {
    let g = format!("{:.0}", flops / 1e9);
    g.parse().expect("whole gigaflops")
}

#[test]
fn the_scatter_program_carries_every_row_of_the_schedule() {
    let (inst, d) = doc("scatter-sc1", "dp");
    let Instance::Scatter(s) = &inst else {
        panic!("a scatter")
    };
    let run = crate::scatter::family::ScatterFamily::run_within(s, "dp", false, Limits::Default)
        .expect("solved");
    let sol = &run.solution;
    assert_eq!(d["predicted_exact"], sol.makespan.to_string());
    assert_eq!(d["family"], "scatter");
    let (sends, computes) = (ops(&d, "send"), ops(&d, "compute"));
    let mut want_sends = Vec::new();
    let mut want_computes = Vec::new();
    for &i in &sol.schedule.order {
        let Some(Some(row)) = sol.schedule.rows.get(i) else {
            continue;
        };
        let share = sol.schedule.shares[i].to_integer().to_u64().expect("share");
        if i != sol.root {
            let (a, b) = (row.start.to_string(), row.recv.to_string());
            want_sends.push((sol.root as u64, a, b, share * 1_000_000, 0));
        }
        let (a, b) = (row.recv.to_string(), row.end.to_string());
        want_computes.push((i as u64, a, b, 0, share));
    }
    // The program lists operations by scheduled start.
    let by_start = |v: &mut Vec<Row>| {
        v.sort_by(|a, b| (&a.1, a.0).cmp(&(&b.1, b.0)));
    };
    let (mut sends, mut computes) = (sends, computes);
    for v in [
        &mut sends,
        &mut computes,
        &mut want_sends,
        &mut want_computes,
    ] {
        by_start(v);
    }
    assert_eq!(sends, want_sends);
    assert_eq!(computes, want_computes);
    assert_eq!(ops(&d, "recv").len(), sends.len(), "every send is received");
}

#[test]
fn the_master_slave_programs_carry_every_activity() {
    for (preset, algorithm) in [
        ("master-slave-ms4", "exact"),
        ("master-slave-ms11", "exact"),
    ] {
        let (inst, d) = doc(preset, algorithm);
        let Instance::MasterSlave(m) = &inst else {
            panic!("a master-slave instance")
        };
        let run = crate::master_slave::family::MasterSlaveFamily::run_within(
            m,
            algorithm,
            false,
            Limits::Default,
        )
        .expect("solved");
        let acts = &run.solution.schedule;
        let last = acts.iter().map(|a| a.span().1).max().expect("activities");
        assert_eq!(d["predicted_exact"], last.to_string(), "{preset}");
        let all = d["ops"].as_array().expect("ops");
        let recv = ops(&d, "recv").len();
        assert_eq!(
            all.len(),
            acts.len() + recv,
            "{preset}: one op per activity"
        );
        let mut starts: Vec<String> = all
            .iter()
            .filter(|o| o["kind"] != "recv")
            .map(|o| o["start_exact"].as_str().expect("start").to_owned())
            .collect();
        let mut want: Vec<String> = acts.iter().map(|a| a.span().0.to_string()).collect();
        starts.sort();
        want.sort();
        assert_eq!(starts, want, "{preset}");
    }
}

/// The operation a dependency names.
fn index<'a>(all: &'a [Value], k: &Value) -> &'a Value {
    let k = usize::try_from(k.as_u64().expect("an index")).expect("in range");
    &all[k]
}

#[test]
fn a_forward_waits_for_its_reception_and_a_task_for_its_data() {
    let (_, d) = doc("master-slave-ms11", "exact");
    let all = d["ops"].as_array().expect("ops");
    // On the chain, node P1 (host 1) forwards tasks to P2: each forward waits for a reception.
    let forwards: Vec<&Value> = all
        .iter()
        .filter(|o| o["kind"] == "send" && o["host"] == 1)
        .collect();
    assert!(!forwards.is_empty(), "P1 forwards");
    for f in forwards {
        let after = f["after"].as_array().expect("after");
        assert!(after.iter().any(|k| index(all, k)["kind"] == "recv"), "{f}");
    }
}

#[test]
fn the_divisible_program_carries_every_block_with_its_latencies() {
    let (inst, d) = doc("divisible-dl11", "exact");
    let Instance::Divisible(dv) = &inst else {
        panic!("a divisible instance")
    };
    let run =
        crate::divisible::family::DivisibleFamily::run_within(dv, "exact", false, Limits::Default)
            .expect("solved");
    let sol = &run.solution;
    assert_eq!(d["predicted_exact"], sol.makespan.to_string());
    let (_, periodic) = doc("divisible-dl9", "periodic");
    assert_eq!(
        periodic["predicted_exact"], "30",
        "the last end, not whole periods (40)"
    );
    let sends = ops(&d, "send");
    let computes = ops(&d, "compute");
    assert_eq!(sends.len() + computes.len(), sol.schedule.len());
    for (b, got) in sol
        .schedule
        .iter()
        .filter(|b| b.kind == crate::divisible::schedule::Kind::Send)
        .zip(&sends)
    {
        assert_eq!((&got.1, &got.2), (&b.start.to_string(), &b.end.to_string()));
        let bytes = (&b.load * crate::rational::qi(1_000_000))
            .round()
            .to_integer();
        assert_eq!(got.3, bytes.to_u64().expect("bytes"));
    }
    let delays: Vec<f64> = d["ops"]
        .as_array()
        .expect("ops")
        .iter()
        .filter(|o| o["kind"] == "compute")
        .map(|o| o["delay"].as_f64().expect("delay"))
        .collect();
    assert!(delays.iter().all(|&w| w > 0.0), "W is waited: {delays:?}");
}

#[test]
fn the_broadcast_program_carries_the_period_and_its_pieces() {
    let (inst, d) = doc("broadcast-e1", "lp");
    let Instance::Broadcast(b) = &inst else {
        panic!("a broadcast")
    };
    let run =
        crate::broadcast::family::BroadcastFamily::run_within(b, "lp", false, Limits::Default)
            .expect("solved");
    let crate::broadcast::dispatch::Run::Broadcast(t) = &run else {
        panic!("a broadcast run")
    };
    let period = t.solution.period.as_ref().expect("a period");
    assert_eq!(d["period_exact"], period.length.to_string());
    let rho = t.solution.throughput.as_ref().expect("throughput");
    assert_eq!(d["predicted_exact"], rho.to_string());
    let slots = d["slots"].as_array().expect("slots");
    assert_eq!(slots.len(), period.slots.len());
    let arcs = b.platform.arcs();
    for (got, slot) in slots.iter().zip(&period.slots) {
        let want: Vec<(u64, u64, u64, u64)> = slot
            .arcs
            .iter()
            .flat_map(|sa| {
                let a = &arcs[sa.arc];
                sa.pieces.iter().map(move |p| {
                    let m = p.messages.to_u64().expect("count");
                    (a.from as u64, a.to as u64, p.tree as u64, m)
                })
            })
            .collect();
        let sends: Vec<(u64, u64, u64, u64)> = got["sends"]
            .as_array()
            .expect("sends")
            .iter()
            .map(|s| {
                let n = |k: &str| s[k].as_u64().expect("a number");
                (n("from"), n("to"), n("tree"), n("count"))
            })
            .collect();
        assert_eq!(sends, want);
    }
}

#[test]
fn families_without_a_schedule_and_multicasts_are_refused_with_a_reason() {
    let chains = presets::get("chains-ex1").expect("preset");
    let err = program(&chains, None, "c", &Conversion::default()).expect_err("no schedule");
    assert!(matches!(err, RunError::NotYet(_)), "{err}");
    assert!(err.to_string().contains("divisible-load"), "{err}");
    let b = presets::get("broadcast-e1").expect("preset");
    let err = program(&b, Some("nope"), "b", &Conversion::default()).expect_err("unknown");
    assert!(matches!(err, RunError::Solve(_)), "{err}");
    // A horizon too short for any task: an empty schedule, nothing to play.
    let json =
        r#"{"problem":"master-slave","version":1,"variant":"MaxTasks1","t":[5],"tcom":1,"T":2}"#;
    let inst = Instance::from_json(json).expect("an instance");
    let err = program(&inst, None, "empty", &Conversion::default()).expect_err("empty");
    assert!(err.to_string().contains("nothing to play"), "{err}");
}

#[test]
fn an_operation_its_costs_do_not_time_is_refused_and_free_links_carry_no_bytes() {
    use super::dag::{document, Dag, Op, Work};
    use crate::rational::{q, qi};
    let ids = vec![("M".to_owned(), None), ("A".to_owned(), Some(qi(2)))];
    let mut dag = Dag::new(ids, 0, qi(5));
    dag.link(0, 1, &qi(0), &q(1, 2));
    let send = |end| Op {
        host: 0,
        lane: "port",
        work: Work::Send {
            to: 1,
            to_lane: "in",
        },
        units: qi(3),
        start: qi(0),
        end,
    };
    dag.ops.push(send(q(1, 2)));
    dag.ops.push(Op {
        host: 1,
        lane: "cpu",
        work: Work::Compute { delay: qi(1) },
        units: qi(2),
        start: q(1, 2),
        end: q(11, 2),
    });
    let d = document(&dag, ["t", "test", "a"], &Conversion::default()).expect("consistent");
    assert_eq!(
        ops(&d, "send")[0].3,
        0,
        "a free link's message carries no bytes"
    );
    assert_eq!(ops(&d, "compute")[0].4, 2);
    let compute = &d["ops"].as_array().expect("ops")[2];
    assert_eq!(
        compute["after"],
        serde_json::json!([1]),
        "the task waits for its data"
    );
    dag.ops[0] = send(qi(1));
    let err = document(&dag, ["t", "test", "a"], &Conversion::default()).expect_err("1 ≠ 1/2");
    assert!(
        err.to_string().contains("does not match its cost model"),
        "{err}"
    );
    dag.ops.clear();
    let err = document(&dag, ["t", "test", "a"], &Conversion::default()).expect_err("empty");
    assert!(err.to_string().contains("nothing to play"), "{err}");
}
