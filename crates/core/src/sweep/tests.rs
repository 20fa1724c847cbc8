use super::builtin::BUILTIN;
use super::csv::{header, merge, resume, Resume};
use super::*;
use crate::generate::Shape;

const SPEC: &str = r#"{"format": "hetlab-sweep", "version": 1, "family": "chains",
  "grid": {"shape": ["random", "star"], "size": [4, 6, 8]},
  "seeds": {"first": 10, "count": 2},
  "algorithms": ["exact-bisection", "rb"], "reference": "exact-bisection",
  "measures": ["value", "ratio", "steps"]}"#;

fn paths(text: &str) -> Vec<String> {
    parse(text)
        .unwrap_err()
        .0
        .into_iter()
        .map(|i| format!("{}: {}", i.path, i.message))
        .collect()
}

#[test]
fn instances_are_shapes_then_sizes_then_seeds() {
    let s = parse(SPEC).unwrap();
    assert_eq!(s.instances(), 12);
    let p = s.point(7).unwrap();
    assert_eq!((p.shape, p.size, p.seed), (Shape::Star, 4, 17));
    assert_eq!(s.point(0).unwrap().shape, Shape::Random);
    assert_eq!(s.point(3).unwrap().size, 6);
    assert_eq!(s.point(12), None);
    assert_eq!(s.shard(1, 5).unwrap(), vec![1, 6, 11]);
    assert_eq!(
        s.shard(5, 5).unwrap_err(),
        "shard 5/5 is out of range: shards are numbered 0 to N-1, with N ≥ 1"
    );
    assert!(s.shard(0, 0).is_err());
}

#[test]
fn a_malformed_spec_names_its_fields() {
    let bad = SPEC
        .replace("\"chains\"", "\"chain\"")
        .replace("[4, 6, 8]", "[4, 0, 8]")
        .replace("\"count\": 2", "\"count\": -2")
        .replace("\"version\": 1,", "\"version\": 1, \"colour\": 3,");
    let got = paths(&bad);
    assert!(
        got.iter()
            .any(|m| m.starts_with("family: \"chain\" is not a family")),
        "{got:?}"
    );
    assert!(got
        .iter()
        .any(|m| m.starts_with("grid.size[1]: must be an integer from 1")));
    assert!(got
        .iter()
        .any(|m| m.starts_with("seeds.count: must be an integer")));
    assert!(got.iter().any(|m| m.starts_with("colour: unknown field")));
    let got = paths(&SPEC.replace("\"rb\"", "\"rbx\""));
    assert!(
        got[0].starts_with("algorithms[1]: \"rbx\" is not an algorithm of chains"),
        "{got:?}"
    );
    let got = paths(&SPEC.replace("\"reference\": \"exact-bisection\",", ""));
    assert_eq!(
        got[0],
        "reference: missing: the ratio measure divides by a reference algorithm's value"
    );
    assert_eq!(paths("[1]"), [": must be a JSON object"]);
    assert!(paths("{")[0].starts_with(": not JSON"));
}

#[test]
fn a_sweep_past_the_bound_says_its_size() {
    let big = SPEC.replace("\"count\": 2", "\"count\": 2000");
    assert_eq!(
        paths(&big),
        ["seeds.count: the sweep has 12000 instances (shapes × sizes × seeds), at most 10000"]
    );
}

#[test]
fn every_builtin_sweep_parses_cites_and_runs_its_first_instance() {
    assert_eq!(BUILTIN.len(), crate::families::PROBLEMS.len());
    for (name, text) in BUILTIN {
        let s = parse(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(s.family, *name);
        assert!(!s.cites.is_empty() && !s.differences.is_empty(), "{name}");
        assert!(s.instances() <= 200, "{name}: small by default");
        let rows = s.run(0);
        assert_eq!(rows.len(), s.algorithms.len());
        let text = s.run_csv(0);
        assert_eq!(text, s.run_csv(0), "{name}: deterministic");
        // Every row gives a result or a refusal (master-slave's variants offer some
        // algorithms only), the reference a result.
        assert!(!text.contains(",error,"), "{name}: {text}");
        assert!(
            text.lines().next().unwrap().contains(",ok,"),
            "{name}: {text}"
        );
    }
}

/// Instance `k`'s lines of a sweep file, for the resume and merge checks (no solver needed:
/// any lines with the right keys do).
fn fake(s: &Sweep, ks: impl IntoIterator<Item = usize>) -> String {
    let mut out = header(s);
    for k in ks {
        let p = s.point(k).unwrap();
        for a in &s.algorithms {
            out.push_str(&format!(
                "{},ok,optimal,bottleneck,{k},1,3,\n",
                csv::key(s, &p, a)
            ));
        }
    }
    out
}

#[test]
fn resuming_keeps_the_whole_instances_in_order() {
    let s = parse(SPEC).unwrap();
    let all: Vec<usize> = (0..12).collect();
    let full = fake(&s, 0..12);
    let r = resume(&s, &full, &all).unwrap();
    assert_eq!((r.keep, r.done), (full.len(), 12));
    let five = fake(&s, 0..5);
    // Cut mid-line, and after one row of instance 5's two: instances 0 to 4 stay.
    for cut in [
        five.len() + 7,
        five.len() + full[five.len()..].find('\n').unwrap() + 1,
    ] {
        let r = resume(&s, &full[..cut], &all).unwrap();
        assert_eq!(
            r,
            Resume {
                keep: five.len(),
                done: 5
            }
        );
    }
    assert_eq!(resume(&s, "", &all).unwrap(), Resume { keep: 0, done: 0 });
    assert_eq!(
        resume(&s, "instance,fam", &all).unwrap(),
        Resume { keep: 0, done: 0 }
    );
    let other = parse(&SPEC.replace("\"first\": 10", "\"first\": 11")).unwrap();
    assert!(resume(&other, &full, &all)
        .unwrap_err()
        .contains("not this sweep's"));
}

#[test]
fn merging_shards_gives_the_single_file_and_names_what_is_missing() {
    let s = parse(SPEC).unwrap();
    let shard = |i| (format!("s{i}.csv"), fake(&s, s.shard(i, 3).unwrap()));
    let shards = vec![shard(2), shard(0), shard(1)];
    assert_eq!(merge(&shards, Some(&s)).unwrap(), fake(&s, 0..12));
    assert_eq!(merge(&shards, None).unwrap(), fake(&s, 0..12));
    let two = &shards[..2];
    assert_eq!(
        merge(two, Some(&s)).unwrap_err(),
        "4 instances missing: 1, 4, 7, 10"
    );
    let again = ("again.csv".to_owned(), shard(1).1);
    let doubled = vec![shard(0), shard(1), shard(2), again];
    assert_eq!(
        merge(&doubled, None).unwrap_err(),
        "instance 1 is in both s1.csv and again.csv"
    );
    let mut torn = shards.clone();
    torn[0].1.pop();
    assert!(merge(&torn, None)
        .unwrap_err()
        .starts_with("s2.csv ends in the middle"));
}

#[test]
fn a_quoted_message_reads_back() {
    use super::csv::{quoted, unquoted};
    assert_eq!(quoted(""), "");
    let m = "\"approx\" does not apply, here";
    assert_eq!(quoted(m), "\"\"\"approx\"\" does not apply, here\"");
    assert_eq!(unquoted(&quoted(m)), m);
    assert_eq!(unquoted(&quoted("two\nlines")), "two lines");
    assert_eq!(unquoted("plain"), "plain");
}
