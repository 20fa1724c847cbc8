//! The `hetlab` binary run on fixtures: outputs, exit codes, round trips.

mod common;

use std::process::{Command, Output, Stdio};

use common::{hetlab, preset_file, quiet as ok};
use hetlab_core::generate::Shape;
use hetlab_core::presets::PRESETS;

#[test]
fn list_names_every_family_and_algorithm() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["list"], None)).unwrap();
    let problems: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["problem"].as_str().unwrap())
        .collect();
    assert_eq!(
        problems,
        [
            "steady-state",
            "broadcast",
            "square-partition",
            "lu",
            "chains",
            "ring",
            "scatter",
            "master-slave",
            "divisible"
        ]
    );
    let ss = &v[0]["algorithms"];
    assert_eq!(ss[0]["name"], "lp");
    assert_eq!(ss[1]["name"], "tree");
    assert_eq!(ss[1]["available"], true);
}

#[test]
fn solve_prints_the_spec_throughputs_exactly() {
    for (preset, exact) in [("star-example-2", "29/24"), ("tree-example-3", "35/24")] {
        for args in [vec!["solve", "--algorithm", "tree"], vec!["solve"]] {
            let file = preset_file(preset);
            let mut args = args.clone();
            args.push(&file);
            let v: serde_json::Value = serde_json::from_str(&ok(&args, None)).unwrap();
            assert_eq!(v["objective"]["name"], "throughput");
            assert_eq!(v["objective"]["value_exact"], exact, "{preset}");
            assert_eq!(v["status"], "optimal");
            assert!(v.get("trace").is_none());
        }
    }
    let v: serde_json::Value = serde_json::from_str(&ok(
        &["solve", "--trace", &preset_file("star-example-2")],
        None,
    ))
    .unwrap();
    assert_eq!(v["x"]["2"], "1/8");
    let trace = v["trace"].as_array().unwrap();
    assert_eq!(trace.len() as u64, v["steps"].as_u64().unwrap());
    assert!(trace
        .iter()
        .all(|s| s["caption"].as_str().is_some_and(|c| c.ends_with('.'))));
}

#[test]
fn solve_runs_the_lp_and_the_periodic_schedule_by_default() {
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", &preset_file("example-1")], None)).unwrap();
    assert_eq!(v["algorithm"], "lp");
    assert_eq!(v["objective"]["value_exact"], "7/4");
    assert_eq!(v["comm_min"], "2/1");
    assert_eq!(v["x"]["2"], "1/3");
    assert_eq!(v["period"]["T"], "12");
    assert_eq!(v["period"]["A"], "1");
    assert_eq!(v["period"]["tasks_per_period"], "21");
    let mus: Vec<&str> = v["period"]["matchings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["mu"].as_str().unwrap())
        .collect();
    assert_eq!(mus, ["6/1", "3/1", "3/1"]);
    assert_eq!(v["allocations"].as_array().unwrap().len(), 5);
    let traced: serde_json::Value = serde_json::from_str(&ok(
        &["solve", "--trace", &preset_file("gadget-example-5")],
        None,
    ))
    .unwrap();
    assert_eq!(traced["objective"]["value_exact"], "1/1");
    assert_eq!(traced["period"]["A"], "3");
    assert_eq!(
        traced["trace"].as_array().unwrap().len() as u64,
        traced["steps"].as_u64().unwrap()
    );
}

#[test]
fn solve_reads_standard_input() {
    let text = std::fs::read_to_string(preset_file("star-example-2")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&ok(&["solve", "-"], Some(&text))).unwrap();
    assert_eq!(v["objective"]["value_exact"], "29/24");
}

#[test]
fn errors_go_to_stderr_with_exit_code_1() {
    for args in [
        vec![
            "solve".to_owned(),
            "--algorithm".to_owned(),
            "tree".to_owned(),
            preset_file("example-1"),
        ],
        vec![
            "solve".to_owned(),
            "--algorithm".to_owned(),
            "nope".to_owned(),
            preset_file("star-example-2"),
        ],
        vec!["solve".to_owned(), "/no/such/file.json".to_owned()],
        vec!["decode".to_owned(), "v1.garbage!".to_owned()],
        vec![
            "gen".to_owned(),
            "no-such-family".to_owned(),
            "--seed".to_owned(),
            "1".to_owned(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = hetlab(&args, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let bad = r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":1,"w":0,"master":true}],"links":[{"from":1,"to":2,"c":"-2"}]}}"#;
    let out = hetlab(&["solve", "-"], Some(bad));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("platform.nodes[0].w: must be > 0, got 0"),
        "{err}"
    );
    assert!(
        err.contains("platform.links[0].to: unknown node \"2\""),
        "{err}"
    );
}

#[test]
fn usage_errors_exit_with_code_2() {
    for args in [vec!["bogus"], vec!["solve"], vec!["gen", "steady-state"]] {
        assert_eq!(hetlab(&args, None).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn encode_and_decode_round_trip_presets_and_generated_platforms() {
    let mut files: Vec<String> = PRESETS
        .iter()
        .map(|p| std::fs::read_to_string(preset_file(p.name)).unwrap())
        .collect();
    for shape in Shape::ALL {
        for seed in [1, 2] {
            files.push(ok(
                &[
                    "gen",
                    "steady-state",
                    "--seed",
                    &seed.to_string(),
                    "--size",
                    "12",
                    "--shape",
                    shape.name(),
                ],
                None,
            ));
        }
    }
    for text in files {
        let payload = ok(&["encode", "-"], Some(&text));
        let payload = payload.trim();
        assert!(payload.starts_with("v2."));
        let decoded = ok(&["decode", payload], None);
        let a = hetlab_core::families::Instance::from_json(&text).unwrap();
        let b = hetlab_core::families::Instance::from_json(&decoded).unwrap();
        assert_eq!(a, b);
        // A whole share URL is accepted too.
        let url = format!("https://x.example/#/steady-state?i={payload}&step=2");
        assert_eq!(ok(&["decode", &url], None), decoded);
    }
}

#[test]
fn gen_is_deterministic() {
    let a = ok(
        &["gen", "steady-state", "--seed", "7", "--size", "20"],
        None,
    );
    assert_eq!(
        a,
        ok(
            &["gen", "steady-state", "--seed", "7", "--size", "20"],
            None
        )
    );
    assert_ne!(
        a,
        ok(
            &["gen", "steady-state", "--seed", "8", "--size", "20"],
            None
        )
    );
}

fn solve_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args, None)).unwrap()
}

/// `--explain` adds what the site shows beside the steady-state LP (the operating models of
/// §2.8, the prices of §2.10, the best tree of §3.6); without it they are not computed.
#[test]
fn solve_explains_only_when_asked() {
    let file = preset_file("example-1");
    let plain = solve_json(&["solve", &file]);
    let explained = solve_json(&["solve", "--explain", &file]);
    assert!(plain.get("models").is_none() && plain.get("why").is_none());
    assert_eq!(explained["models"][0]["throughput"], "7/4");
    assert_eq!(explained["why"]["prices"]["bound"], "7/4");
    assert_eq!(explained["best_tree"]["throughput"], "41/24");
    assert_eq!(plain["objective"], explained["objective"]);
}

/// `--explain` says whether the LP's optimum is unique (§2.4, §5.1 state 3: on Example 1 the
/// flow on arc 4→2 can be anything in [1/12, 1/6]) and, for the tree algorithm, checks the
/// closed form against the LP (§3, §5.2 state 3: Example 2's 29/24, "LP agrees").
#[test]
fn solve_explains_the_optimal_face_and_the_tree_cross_check() {
    let explained = solve_json(&["solve", "--explain", &preset_file("example-1")]);
    let optimum = &explained["optimum"];
    assert_eq!(optimum["unique"], false);
    let f42 = optimum["ranges"]
        .as_array()
        .and_then(|r| r.iter().find(|v| v["name"] == "f_42"))
        .expect("f_42 varies");
    assert_eq!((&f42["low"], &f42["high"]), (&"1/12".into(), &"1/6".into()));
    let star = preset_file("star-example-2");
    let tree = solve_json(&["solve", "--explain", "--algorithm", "tree", &star]);
    assert_eq!(
        tree["lp_check"],
        serde_json::json!({"closed_form": "29/24", "lp": "29/24", "equal": true})
    );
    let lp = solve_json(&["solve", "--explain", &star]);
    assert_eq!(lp["optimum"]["unique"], true);
}

/// The 2D grid algorithms and the Kalinov–Lastovetsky baseline from the command line: §4.4's
/// best grid of the 4 × 4 example (V = 319/120) by `grid-exact`, the SVD heuristic `grid` never
/// above it, and KL's Ĉ = 6 on the §7.1 areas.
#[test]
fn solve_square_grids_and_kalinov_lastovetsky() {
    for preset in ["square-grid-4-4", "square-7-1"] {
        let file = preset_file(preset);
        let exact = solve_json(&["solve", "--algorithm", "grid-exact", &file]);
        let heuristic = solve_json(&["solve", "--algorithm", "grid", &file]);
        assert_eq!(exact["objective"]["name"], "grid_value");
        let (e, g) = (
            exact["objective"]["value"].as_f64().unwrap(),
            heuristic["objective"]["value"].as_f64().unwrap(),
        );
        assert!(g <= e + 1e-12, "{preset}: grid {g} above grid-exact {e}");
    }
    let best = solve_json(&[
        "solve",
        "--algorithm",
        "grid-exact",
        &preset_file("square-grid-4-4"),
    ]);
    assert_eq!(best["objective"]["value_exact"], "319/120");
    let kl = solve_json(&[
        "solve",
        "--algorithm",
        "kalinov-lastovetsky",
        &preset_file("square-7-1"),
    ]);
    assert_eq!(kl["objective"]["name"], "sum_half_perimeters");
    assert_eq!(kl["objective"]["value_exact"], "6/1");
}

/// square-partitions.md §7.1 under every algorithm name (section 7 values), and the trace.
#[test]
fn solve_square_partitions_by_every_algorithm() {
    let file = preset_file("square-7-1");
    for (algo, objective, exact) in [
        ("column-dp", "sum_half_perimeters", "11/2"),
        ("recursive", "sum_half_perimeters", "146/25"),
        ("peri-max", "max_half_perimeter", "28/25"),
        ("bisection", "sum_half_perimeters", "139/25"),
        ("slices", "sum_half_perimeters", "9/1"),
    ] {
        let v = solve_json(&["solve", "--algorithm", algo, &file]);
        assert_eq!(v["problem"], "square-partition");
        assert_eq!(v["algorithm"], algo);
        assert_eq!(v["objective"]["name"], objective, "{algo}");
        assert_eq!(v["objective"]["value_exact"], exact, "{algo}");
        assert_eq!(v["rectangles"].as_array().unwrap().len(), 8);
    }
    let v = solve_json(&["solve", "--trace", &file]);
    assert_eq!(v["algorithm"], "column-dp");
    assert_eq!(v["status"], "optimal");
    assert_eq!(
        v["columns"],
        serde_json::json!([[7, 6], [5, 4, 3], [2, 1, 0]])
    );
    let trace = v["trace"].as_array().unwrap();
    assert_eq!(trace.len() as u64, v["steps"].as_u64().unwrap());
    assert!(trace[0]["caption"]
        .as_str()
        .unwrap()
        .starts_with("Sorted the areas"));
    // Cycle times are normalised to areas (§7.5: Ĉ = 127/25).
    let v = solve_json(&["solve", &preset_file("square-7-5")]);
    assert_eq!(v["objective"]["value_exact"], "127/25");
}

/// lu-distributions.md §5.4 and §5.5: the 2D DP scheme's totals, and the other schemes.
#[test]
fn solve_lu_distributions() {
    let a = preset_file("lu-set-a");
    for (algo, total) in [
        ("2d-dp", "80/1"),
        ("2d-greedy", "98/1"),
        ("block-cyclic", "140/1"),
    ] {
        let v = solve_json(&["solve", "--algorithm", algo, &a]);
        assert_eq!(v["problem"], "lu");
        assert_eq!(v["objective"]["name"], "total_cost");
        assert_eq!(v["objective"]["value_exact"], total, "{algo}");
    }
    let v = solve_json(&[
        "solve",
        "--algorithm",
        "2d-dp",
        "--trace",
        &preset_file("lu-set-b"),
    ]);
    assert_eq!(v["objective"]["value_exact"], "3545/9");
    assert_eq!(v["perfect_balance"], "285/1");
    assert_eq!(
        v["trace"].as_array().unwrap().len() as u64,
        v["steps"].as_u64().unwrap()
    );
    let v = solve_json(&["solve", &preset_file("lu-1-2")]);
    assert_eq!(v["algorithm"], "1d");
    assert_eq!(
        v["column_owners"],
        serde_json::json!([2, 1, 0, 0, 1, 0, 2, 0, 1, 0])
    );
    let out = hetlab(&["solve", "--algorithm", "3d", &a], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "unknown algorithm \"3d\" for lu (known: 1d, 2d-dp, 2d-greedy, block-cyclic, full-block, grid-panels)"
    ));
}

/// One field of every per-step cost of a printed LU document, as text.
fn lu_step_field(v: &serde_json::Value, field: &str) -> Vec<String> {
    v["step_costs"]
        .as_array()
        .expect("the document lists its per-step costs")
        .iter()
        .map(|s| match &s[field] {
            serde_json::Value::String(t) => t.clone(),
            other => other.to_string(),
        })
        .collect()
}

/// lu-distributions.md §5.4, §5.5 and §1.5: the per-step costs, `comm(k)` and blocks per
/// processor read from what `hetlab solve` prints, beside the trace's step count.
#[test]
fn solve_lu_prints_the_per_step_costs() {
    let v = solve_json(&["solve", "--algorithm", "2d-dp", &preset_file("lu-set-a")]);
    assert_eq!(
        lu_step_field(&v, "cost"),
        ["21/1", "20/1", "20/1", "8/1", "5/1", "5/1", "1/1"]
    );
    assert_eq!(
        lu_step_field(&v, "comm"),
        ["40", "36", "29", "22", "16", "7", "2"]
    );
    assert_eq!(lu_step_field(&v, "k"), ["1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(
        v["step_costs"][0]["blocks"],
        serde_json::json!([21, 2, 4, 4, 4, 2, 4, 4, 4])
    );
    assert_eq!(
        v["step_costs"][2]["blocks"],
        serde_json::json!([10, 1, 1, 1, 2, 2, 2, 2, 4])
    );
    // Untraced: no trace, so no `steps` either (issue 34: it said 0).
    assert!(v.get("steps").is_none() && v.get("trace").is_none());
    let v = solve_json(&[
        "solve",
        "--algorithm",
        "full-block",
        &preset_file("lu-set-a"),
    ]);
    assert_eq!(
        lu_step_field(&v, "cost"),
        ["30/1", "30/1", "30/1", "20/1", "20/1", "20/1", "5/1"]
    );
    let v = solve_json(&[
        "solve",
        "--algorithm",
        "block-cyclic",
        &preset_file("lu-set-a"),
    ]);
    assert_eq!(
        lu_step_field(&v, "cost"),
        ["35/1", "30/1", "25/1", "20/1", "15/1", "10/1", "5/1"]
    );
    let v = solve_json(&[
        "solve",
        "--algorithm",
        "2d-dp",
        "--trace",
        &preset_file("lu-set-b"),
    ]);
    assert_eq!(
        lu_step_field(&v, "cost"),
        ["100/1", "90/1", "60/1", "50/1", "40/1", "200/9", "50/3", "10/1", "5/1"]
    );
    assert_eq!(
        lu_step_field(&v, "comm"),
        ["48", "43", "37", "32", "27", "21", "15", "8", "2"]
    );
    assert_eq!(
        v["steps"].as_u64(),
        v["trace"].as_array().map(|t| t.len() as u64)
    );
    // §1.5: the 1D view of t = (3, 5, 8), n = B = 10.
    let v = solve_json(&["solve", &preset_file("lu-1-2")]);
    let view: Vec<&str> = v["column_view"]["costs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(
        view,
        ["15/1", "15/1", "12/1", "10/1", "9/1", "8/1", "6/1", "5/1", "3/1"]
    );
    assert_eq!(v["column_view"]["total"], "83/1");
    assert_eq!(v["column_view"]["perfect_total"], "5400/79");
}

/// A spec example switched to the unidirectional model, as instance text.
fn unidirectional(preset: &str) -> String {
    std::fs::read_to_string(preset_file(preset))
        .unwrap()
        .replace(
            "\"port_model\": \"bidirectional\"",
            "\"port_model\": \"unidirectional\"",
        )
}

/// broadcast.md §6.5 from the command line: the split graph of E2 gives the bidirectional
/// optimum 3/4 and the Δ-port nodes 3/2 (§9.2), with the transformed network and the check;
/// §6.6 on E1's star: the unidirectional period of the two matchings of §9.1, also as CSV.
#[test]
fn solve_broadcast_transformations_and_the_unidirectional_baseline_period() {
    let e2 = unidirectional("broadcast-e2");
    assert!(e2.contains("unidirectional"));
    let listed: serde_json::Value = serde_json::from_str(&ok(&["list"], None)).unwrap();
    let names: Vec<&str> = listed[1]["algorithms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"split-nodes") && names.contains(&"delta-port-nodes"));
    for (algo, want, images) in [("split-nodes", "3/4", 6), ("delta-port-nodes", "3/2", 11)] {
        let v: serde_json::Value =
            serde_json::from_str(&ok(&["solve", "--algorithm", algo, "-"], Some(&e2))).unwrap();
        assert_eq!(v["status"], "optimal", "{algo}");
        assert_eq!(v["objective"]["value_exact"], want, "{algo}");
        assert_eq!(v["reference"]["value"], want, "{algo}");
        assert_eq!(
            v["network"]["images"].as_array().map(Vec::len),
            Some(images),
            "{algo}"
        );
    }
    let e1 = unidirectional("broadcast-e1");
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--algorithm", "star", "-"], Some(&e1))).unwrap();
    assert_eq!(v["objective"]["value_exact"], "2/3");
    let slots = v["baseline"]["unidirectional_period"]["slots"]
        .as_array()
        .unwrap();
    let lengths: Vec<&str> = slots
        .iter()
        .map(|s| s["length"].as_str().unwrap())
        .collect();
    assert_eq!(lengths, ["2/3", "1/3"]);
    let csv = ok(
        &["solve", "--algorithm", "star", "--format", "csv", "-"],
        Some(&e1),
    );
    assert_eq!(
        csv.lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap())
            .collect::<Vec<_>>(),
        ["P1 sends", "P1 sends", "P2 receives", "P3 receives"]
    );
    assert!(csv.lines().any(|l| l.ends_with(",2/3,1")));
}

/// Every built family has a generator, and what it prints solves.
#[test]
fn gen_then_solve_for_the_new_families() {
    for problem in ["square-partition", "lu"] {
        let text = ok(&["gen", problem, "--seed", "3", "--size", "5"], None);
        assert_eq!(
            text,
            ok(&["gen", problem, "--seed", "3", "--size", "5"], None)
        );
        let v: serde_json::Value = serde_json::from_str(&ok(&["solve", "-"], Some(&text))).unwrap();
        assert_eq!(v["problem"], problem);
        assert!(v["objective"]["value_exact"].as_str().is_some());
    }
}

/// broadcast.md §9.2 and §9.6 through the command line: the default LP decomposition, the
/// baselines, the unidirectional model and a multicast.
#[test]
fn solve_broadcast_instances() {
    let e2 = preset_file("broadcast-e2");
    let v = solve_json(&["solve", &e2]);
    assert_eq!(v["problem"], "broadcast");
    assert_eq!(v["algorithm"], "lp");
    assert_eq!(v["objective"]["value_exact"], "3/4");
    assert_eq!(v["trees"].as_array().unwrap().len(), 3);
    for algo in ["best-tree", "star", "chain", "binomial"] {
        let v = solve_json(&["solve", "--algorithm", algo, &e2]);
        assert_eq!(v["objective"]["value_exact"], "1/2", "{algo}");
        assert_eq!(v["status"], "heuristic");
    }
    let text = std::fs::read_to_string(&e2).unwrap().replace(
        r#""port_model": "bidirectional""#,
        r#""port_model": "unidirectional""#,
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&["solve", "-"], Some(&text))).unwrap();
    assert_eq!(v["objective"]["value_exact"], "1/2");
    let v = solve_json(&[
        "solve",
        "--algorithm",
        "multicast-exact",
        &preset_file("broadcast-e6"),
    ]);
    assert_eq!(v["objective"]["value_exact"], "1/2");
    assert_eq!(v["status"], "optimal");
}

/// Runs `hetlab` with `stdin` from a file or device (not a pipe we write).
fn hetlab_stdin_from(args: &[&str], stdin: std::fs::File) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetlab"))
        .args(args)
        .stdin(stdin)
        .output()
        .expect("run hetlab")
}

fn fails_with(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    assert!(err.contains(needle), "{err}");
}

#[test]
fn endless_and_huge_inputs_are_refused_before_they_are_read_whole() {
    // Devices and pipes are read through the cap: /dev/zero and /dev/urandom end at once.
    for dev in ["/dev/zero", "/dev/urandom"] {
        for cmd in ["solve", "encode"] {
            fails_with(&hetlab(&[cmd, dev], None), "too large");
        }
        let f = std::fs::File::open(dev).unwrap();
        fails_with(&hetlab_stdin_from(&["solve", "-"], f), "too large");
    }
    // A regular file over the cap is refused from its size (a sparse 100 MB file: reading it
    // whole would take the time and memory the cap is there to save).
    let dir = std::env::temp_dir().join(format!("hetlab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(100_000_000)
        .unwrap();
    let big = big.to_str().unwrap();
    fails_with(&hetlab(&["solve", big], None), "100000000 bytes");
    // Not UTF-8, a directory.
    let latin = dir.join("latin1.json");
    std::fs::write(&latin, b"{\"problem\": \"caf\xe9\"}").unwrap();
    fails_with(
        &hetlab(&["solve", latin.to_str().unwrap()], None),
        "not UTF-8",
    );
    fails_with(
        &hetlab(&["solve", dir.to_str().unwrap()], None),
        "directory",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    // `hetlab solve big.json | head -c1`: the reader leaves; no panic message, no abort.
    let mut child = Command::new(env!("CARGO_BIN_EXE_hetlab"))
        .args(["solve", "--trace", &preset_file("lyon")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn decode_reads_payloads_that_start_with_a_dash() {
    // A base64url payload may start with '-' once its "v2." prefix is lost: it is a payload,
    // not an option, and the message is the codec's.
    for args in [&["decode", "-abc"][..], &["decode", "--", "-abc"][..]] {
        fails_with(&hetlab(args, None), "does not start with \"v2.\"");
    }
    // Usage errors keep exit code 2.
    let out = hetlab(&["decode"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
