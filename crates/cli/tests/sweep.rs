//! `hetlab sweep` (issue 37): the CSV does not depend on the number of threads, shards merge
//! into the single run's bytes, a file cut anywhere resumes into them, bad shards and specs
//! are named, the budget refuses with its estimate, and every built-in sweep runs.

mod common;

use std::path::{Path, PathBuf};

use common::{fails, hetlab, quiet};
use serde_json::Value;

/// A fresh directory for one test's files.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sweep-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A tiny sweep: 2 shapes × 2 sizes × 3 seeds = 12 instances, 3 algorithms.
const TINY: &str = r#"{"format": "hetlab-sweep", "version": 1, "family": "chains",
  "grid": {"shape": ["random", "star"], "size": [4, 7]},
  "seeds": {"first": 5, "count": 3},
  "algorithms": ["exact-bisection", "rb", "mp"], "reference": "exact-bisection",
  "measures": ["value", "ratio", "steps"]}"#;

fn write(d: &Path, name: &str, text: &str) -> String {
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Runs `hetlab sweep args` and expects success; returns its standard output.
fn sweep(args: &[&str]) -> String {
    let out = hetlab(&[&["sweep"], args].concat(), None);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn one_thread_and_several_write_the_same_bytes() {
    let d = dir("threads");
    let spec = write(&d, "tiny.json", TINY);
    let one = sweep(&[&spec, "--threads", "1"]);
    let two = sweep(&[&spec, "--threads", "2"]);
    let four = d.join("four.csv").to_string_lossy().into_owned();
    sweep(&[&spec, "--threads", "4", "-o", &four]);
    assert_eq!(one, two);
    assert_eq!(one, read(&four));
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(
        lines[0],
        "instance,family,shape,size,seed,algorithm,status,result,objective,value,ratio,steps,message"
    );
    assert_eq!(lines.len(), 1 + 12 * 3);
    // Instance 7: star, size 4, seed 5 + 7; the reference's ratio is 1.
    assert!(
        lines[1 + 7 * 3].starts_with("7,chains,star,4,12,exact-bisection,ok,optimal,bottleneck,")
    );
    assert!(lines[1 + 7 * 3].ends_with(",1,") || lines[1 + 7 * 3].contains(",1,"));
}

#[test]
fn a_row_re_runs_with_gen_and_solve() {
    let d = dir("recipe");
    let spec = write(&d, "tiny.json", TINY);
    let csv = sweep(&[&spec]);
    let row: Vec<&str> = csv.lines().nth(1 + 4 * 3 + 2).unwrap().split(',').collect();
    let (family, shape, size, seed, algorithm) = (row[1], row[2], row[3], row[4], row[5]);
    let inst = quiet(
        &[
            "gen", family, "--shape", shape, "--size", size, "--seed", seed,
        ],
        None,
    );
    let doc: Value = serde_json::from_str(&quiet(
        &["solve", "--algorithm", algorithm, "-"],
        Some(&inst),
    ))
    .unwrap();
    assert_eq!(doc["objective"]["value"].to_string(), row[9]);
}

#[test]
fn three_shards_merge_into_the_single_run() {
    let d = dir("shards");
    let spec = write(&d, "tiny.json", TINY);
    let single = sweep(&[&spec]);
    let mut shards = Vec::new();
    for i in [2, 0, 1] {
        let out = d.join(format!("s{i}.csv")).to_string_lossy().into_owned();
        sweep(&[&spec, "--shard", &format!("{i}/3"), "-o", &out]);
        shards.push(out);
    }
    let merged = d.join("merged.csv").to_string_lossy().into_owned();
    let files: Vec<&str> = shards.iter().map(String::as_str).collect();
    sweep(&[&["merge", "-o", &merged], files.as_slice()].concat());
    assert_eq!(read(&merged), single);
    sweep(&[&["merge", "--spec", &spec, "-o", &merged], files.as_slice()].concat());
    assert_eq!(read(&merged), single);
    // A missing shard is named by its instances; a doubled one by its files.
    let err = fails(
        &[
            "sweep", "merge", "--spec", &spec, "-o", &merged, files[0], files[1],
        ],
        1,
    );
    assert!(err.contains("4 instances missing: 1, 4, 7, 10"), "{err}");
    let err = fails(
        &[
            "sweep", "merge", "-o", &merged, files[0], files[1], files[2], files[0],
        ],
        1,
    );
    assert!(err.contains("s2.csv: instance 2 appears twice"), "{err}");
}

#[test]
fn a_file_cut_anywhere_resumes_into_the_fresh_run() {
    let d = dir("resume");
    let spec = write(&d, "tiny.json", TINY);
    let fresh = sweep(&[&spec]);
    let out = d.join("out.csv").to_string_lossy().into_owned();
    // Mid-line, right after a row of an unfinished instance, inside the header, empty.
    let first_rows = fresh.match_indices('\n').nth(5).unwrap().0 + 1;
    for cut in [fresh.len() * 3 / 5, first_rows, 10, 0] {
        std::fs::write(&out, &fresh[..cut]).unwrap();
        sweep(&[&spec, "-o", &out, "--threads", "2"]);
        assert_eq!(read(&out), fresh, "cut at {cut}");
    }
    // Another sweep's file is not touched.
    let other = write(
        &d,
        "other.json",
        &TINY.replace("\"first\": 5", "\"first\": 6"),
    );
    let err = fails(&["sweep", &other, "-o", &out], 1);
    assert!(err.contains("cannot be resumed"), "{err}");
    assert_eq!(read(&out), fresh);
}

#[test]
fn bad_shards_specs_and_budgets_are_named() {
    let d = dir("bad");
    let spec = write(&d, "tiny.json", TINY);
    let err = fails(&["sweep", &spec, "--shard", "3/3"], 1);
    assert!(
        err.contains("--shard: shard 3/3 is out of range: shards are numbered 0 to N-1"),
        "{err}"
    );
    assert!(fails(&["sweep", &spec, "--shard", "x"], 1).contains("expected I/N"));
    let bad = write(
        &d,
        "bad.json",
        &TINY
            .replace("[4, 7]", "[4, 0]")
            .replace("\"rb\"", "\"rbb\""),
    );
    let err = fails(&["sweep", &bad], 1);
    assert!(
        err.contains("grid.size[1]: must be an integer from 1 to"),
        "{err}"
    );
    assert!(
        err.contains("algorithms[1]: \"rbb\" is not an algorithm of chains"),
        "{err}"
    );
    let big = write(
        &d,
        "big.json",
        &TINY
            .replace("[4, 7]", "[500]")
            .replace("\"count\": 3", "\"count\": 5000"),
    );
    let err = fails(&["sweep", &big, "--budget", "1"], 1);
    assert!(err.contains("this sweep would take about"), "{err}");
    assert!(err.contains("over the budget of 1 s"), "{err}");
}

#[test]
fn slurm_gets_an_array_and_a_dependent_merge() {
    let d = dir("slurm");
    let spec = write(&d, "tiny.json", TINY);
    let out = d.join("all.csv").to_string_lossy().into_owned();
    let script = sweep(&[&spec, "--slurm", "4", "-o", &out]);
    assert!(script.starts_with("#!/bin/sh\n"));
    assert!(script.contains("#SBATCH --array=0-3"));
    assert!(script.contains("--shard \"\\$SLURM_ARRAY_TASK_ID/4\""));
    assert!(script.contains("--dependency=afterok:"));
    assert!(script.contains(&format!(
        "sweep merge --spec '{spec}' -o '{out}' '{out}.shard-0.csv'"
    )));
    assert!(fails(&["sweep", &spec, "--slurm", "4"], 1).contains("needs -o"));
}

#[test]
fn every_builtin_sweep_parses_and_its_first_instances_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/src/sweep/builtin");
    let d = dir("builtin");
    let mut seen = 0;
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut spec: Value = serde_json::from_str(&read(&path.to_string_lossy())).unwrap();
        // Its first size and seed only, every shape.
        spec["seeds"]["count"] = 1.into();
        let first = spec["grid"]["size"][0].clone();
        spec["grid"]["size"] = Value::Array(vec![first]);
        let file = write(&d, &format!("{name}.json"), &spec.to_string());
        let csv = sweep(&[&file]);
        assert!(csv.lines().count() > 1, "{name}");
        // A result or a refusal on every row (master-slave's variants offer some algorithms
        // only), a result from the first algorithm.
        assert!(!csv.contains(",error,"), "{name}: {csv}");
        assert!(
            csv.lines().nth(1).unwrap().contains(",ok,"),
            "{name}: {csv}"
        );
        let builtin = sweep(&[&format!("builtin:{name}"), "--slurm", "2", "-o", "x.csv"]);
        assert!(
            builtin.contains(&format!("sweep 'builtin:{name}'")),
            "{name}"
        );
        seen += 1;
    }
    assert_eq!(seen, 9);
}
