//! Timelines against the spec's worked examples, the lane rules every Gantt chart keeps, and
//! the Paje and CSV writers on them.

use super::*;
use crate::families::{schedule, Instance};
use crate::formats::{csv, paje};
use crate::rational::qi;

fn preset(name: &str) -> Instance {
    crate::presets::get(name).unwrap_or_else(|| panic!("preset {name}"))
}

#[test]
fn example_1_has_the_papers_period() {
    // steady-state.md §4.6: period 12, slots ending at 6, 9 and 12, node 1 computing 12 tasks.
    let t = schedule(&preset("example-1"), None).unwrap();
    assert_eq!(t.lanes.len(), 10);
    assert_eq!(t.lanes[0].name, "1 computes");
    assert_eq!(t.end, qi(12));
    assert_eq!(t.marks, [qi(6), qi(9), qi(12)]);
    let first = &t.bars[0];
    assert_eq!(
        (first.lane, first.label.as_str(), first.state.as_str()),
        (0, "12 × 1", "task")
    );
    assert_eq!((first.start.clone(), first.end.clone()), (qi(0), qi(12)));
    assert_eq!(t.states(), ["task", "input"]);
}

#[test]
fn broadcast_e2_colours_three_trees() {
    let t = schedule(&preset("broadcast-e2"), None).unwrap();
    let mut states = t.states();
    states.sort_unstable();
    assert_eq!(states, ["tree 1", "tree 2", "tree 3"]);
    assert!(t
        .lanes
        .iter()
        .all(|l| l.name.ends_with(" sends") || l.name.ends_with(" receives")));
}

/// Every bar lies in `[0, end]` with `start <= end`, and no two bars of a lane overlap (one
/// port, one processor): what a Paje viewer needs to show the chart as drawn.
fn check_lanes(name: &str, t: &Timeline) {
    let mut by_lane: Vec<Vec<&Bar>> = vec![Vec::new(); t.lanes.len()];
    for b in &t.bars {
        assert!(
            b.start <= b.end && b.start >= Q::default() && b.end <= t.end,
            "{name}: {b:?}"
        );
        by_lane[b.lane].push(b);
    }
    for (k, mut bars) in by_lane.into_iter().enumerate() {
        assert!(
            !bars.is_empty(),
            "{name}: lane {} is empty",
            t.lanes[k].name
        );
        bars.sort_by(|a, b| a.start.cmp(&b.start));
        for w in bars.windows(2) {
            assert!(
                w[0].end <= w[1].start,
                "{name}: overlap on {}: {:?} {:?}",
                t.lanes[k].name,
                w[0],
                w[1]
            );
        }
    }
}

#[test]
fn every_preset_with_a_gantt_chart_gives_a_clean_timeline() {
    let mut drawn = 0;
    for p in crate::presets::PRESETS {
        let inst = preset(p.name);
        match schedule(&inst, None) {
            Ok(t) => {
                check_lanes(p.name, &t);
                drawn += 1;
                let csv = csv::write(&t);
                assert_eq!(csv.lines().count(), t.bars.len() + 1, "{}", p.name);
                let trace = paje::write(&t);
                let pushes = trace.lines().filter(|l| l.starts_with("5 ")).count();
                let pops = trace.lines().filter(|l| l.starts_with("6 ")).count();
                assert_eq!((pushes, pops), (t.bars.len(), t.bars.len()), "{}", p.name);
            }
            Err(NoSchedule::NotDrawn(m)) => assert!(m.contains("nothing to export"), "{m}"),
            Err(NoSchedule::Solve(_)) => {}
        }
    }
    assert!(drawn >= 20, "only {drawn} presets have a schedule");
}

#[test]
fn families_without_a_gantt_chart_say_so() {
    for name in ["square-7-1", "chains-ex1", "lu-1-2", "ring-rr-1"] {
        let e = schedule(&preset(name), None).unwrap_err().to_string();
        assert!(e.contains("draws no Gantt chart"), "{name}: {e}");
    }
    let e = schedule(&preset("star-example-2"), Some("tree"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("this result has no schedule"), "{e}");
}

#[test]
fn paje_events_go_forward_in_time() {
    let t = schedule(&preset("broadcast-e2"), None).unwrap();
    let trace = paje::write(&t);
    let times: Vec<f64> = trace
        .lines()
        .filter(|l| l.starts_with("5 ") || l.starts_with("6 "))
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]));
    // One node container per node, one lane container per lane.
    let lanes = trace.lines().filter(|l| l.starts_with("3 0 L")).count();
    assert_eq!(lanes, t.lanes.len());
}

/// A family that says it draws a Gantt chart has a timeline on some preset, and one that does
/// not never gives one: the registry's `GANTT` is true to the builders (the pages offer the
/// Paje and CSV exports from it).
#[test]
fn gantt_families_are_the_families_with_a_timeline() {
    for problem in crate::families::PROBLEMS {
        let mut drawn = false;
        let mut says = None;
        for p in crate::presets::PRESETS
            .iter()
            .filter(|p| p.problem == *problem)
        {
            let inst = preset(p.name);
            says = Some(crate::families::draws_gantt(&inst));
            drawn |= schedule(&inst, None).is_ok();
        }
        assert_eq!(says, Some(drawn), "{problem}");
    }
}

/// The fields of one CSV row (RFC 4180 quoting, no line breaks inside fields).
fn csv_fields(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted, mut chars) =
        (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            (c, _) => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// The first quoted string of a Paje line.
fn quoted(line: &str) -> String {
    line.split('"').nth(1).unwrap_or("").to_owned()
}

/// Issue 33: a Paje bar is named by its state and label, as the CSV row of the same bar.
#[test]
fn paje_bars_carry_the_csv_labels() {
    for name in [
        "example-1",
        "broadcast-e2",
        "scatter-sc1",
        "master-slave-ms1",
        "divisible-dl1",
    ] {
        let t = schedule(&preset(name), None).unwrap();
        let (trace, table) = (paje::write(&t), csv::write(&t));
        let lookup = |prefix: &str| -> std::collections::HashMap<String, String> {
            trace
                .lines()
                .filter(|l| l.starts_with(prefix))
                .map(|l| {
                    (
                        l.split(' ')
                            .nth(if prefix == "2 " { 1 } else { 2 })
                            .unwrap()
                            .to_owned(),
                        quoted(l),
                    )
                })
                .collect()
        };
        let (values, lanes) = (lookup("2 "), lookup("3 0 L"));
        let mut from_paje: Vec<(String, String, String)> = trace
            .lines()
            .filter(|l| l.starts_with("5 "))
            .map(|l| {
                let f: Vec<&str> = l.split(' ').collect();
                let start: f64 = f[1].parse().unwrap();
                (
                    lanes[f[3]].clone(),
                    values[f[4]].clone(),
                    format!("{start:.9}"),
                )
            })
            .collect();
        let mut from_csv: Vec<(String, String, String)> = table
            .lines()
            .skip(1)
            .map(|l| {
                let f = csv_fields(l);
                let start: f64 = f[3].parse().unwrap();
                (
                    f[0].clone(),
                    paje::value_name(&f[2], &f[6]),
                    format!("{start:.9}"),
                )
            })
            .collect();
        from_paje.sort();
        from_csv.sort();
        assert_eq!(from_paje, from_csv, "{name}");
        assert!(
            from_csv.iter().any(|(_, v, _)| v.contains(": ")),
            "{name}: no label"
        );
    }
}
