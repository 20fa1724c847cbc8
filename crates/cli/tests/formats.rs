//! `hetlab import|export simgrid` and `hetlab solve --format paje|csv` on fixtures; the Paje
//! traces are read by PajeNG's `pj_dump` when it is installed (Debian package `pajeng`,
//! installed by `./run setup`), and the test says so when it is not.

mod common;

use std::process::Command;

use common::{fails, ok, preset_file};
use hetlab_core::families::Instance;
use hetlab_core::formats::simgrid::{self, Conversion};
use hetlab_core::platform::Platform;

fn data(name: &str) -> String {
    format!(
        "{}/../../tests/data/simgrid/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn import_simgrid_prints_the_converted_platform() {
    let out = ok(&["import", "simgrid", &data("two_hosts.xml")], None);
    let p = Platform::from_json(&out).unwrap();
    assert_eq!(p.nodes.len(), 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "hetlab-platform");
    assert_eq!(v["nodes"][0]["w"], 40, "1 Gf / 25 Mf");
    assert_eq!(v["links"][0]["c"], "0.008", "1 MB / 125 MBps");
    assert_eq!(v["links"][0]["lcomm"], "0.0001", "100 us");
    // Other task sizes, from standard input.
    let xml = std::fs::read_to_string(data("two_hosts.xml")).unwrap();
    let out = ok(
        &[
            "import", "simgrid", "--flops", "50Mf", "--bytes", "125MB", "-",
        ],
        Some(&xml),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["nodes"][0]["w"].clone(), v["links"][0]["c"].clone()),
        (2.into(), 1.into())
    );
}

/// A torus cluster (3 × 2 × 2, SimGrid's example) comes flattened: every pair of its 12 hosts
/// is one link, `c` = 1 MB / 125 MBps, `lcomm` = 50 us per hop of SimGrid's route.
#[test]
fn import_flattens_a_cluster() {
    let out = ok(&["import", "simgrid", &data("sg/cluster_torus.xml")], None);
    let p = Platform::from_json(&out).unwrap();
    assert_eq!((p.nodes.len(), p.links.len()), (12, 66));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"][1]["id"], "node-1.simgrid.org");
    assert_eq!(
        (&v["links"][0]["from"], &v["links"][0]["to"]),
        (&v["nodes"][0]["id"], &v["nodes"][1]["id"])
    );
    assert_eq!(
        (&v["links"][0]["c"], &v["links"][0]["lcomm"]),
        (&"0.008".into(), &"0.00005".into())
    );
    // node-0 to node-11: (0,0,0) to (2,1,1), one hop in each dimension.
    assert_eq!(v["links"][10]["to"], "node-11.simgrid.org");
    assert_eq!(v["links"][10]["lcomm"], "0.00015");
}

/// SimGrid's 65 536-host crossbar: refused with the options that choose, its first hosts
/// imported with `--hosts` (within `--zone` too), a number out of 1–500 refused by name.
#[test]
fn import_keeps_the_first_hosts_of_a_crossbar() {
    let file = data("sg/cluster_crossbar.xml");
    let err = fails(&["import", "simgrid", &file], 1);
    assert!(err.contains("65536 hosts, past HetLab's 500"), "{err}");
    assert!(err.contains("--hosts N"), "{err}");
    let out = ok(
        &[
            "import",
            "simgrid",
            "--hosts",
            "12",
            "--zone",
            "cluster-crossbar",
            &file,
        ],
        None,
    );
    let p = Platform::from_json(&out).unwrap();
    assert_eq!((p.nodes.len(), p.links.len()), (12, 66));
    assert_eq!(p.nodes[11].id.to_string(), "node-11.simgrid.org");
    let err = fails(&["import", "simgrid", "--hosts", "501", &file], 1);
    assert!(
        err.contains("first hosts: must be a whole number from 1 to 500"),
        "{err}"
    );
}

#[test]
fn import_names_the_lines_it_cannot_read() {
    let err = fails(&["import", "simgrid", &data("unsupported.xml")], 1);
    assert!(
        err.contains("line 5: <cluster>: topo_parameters \"3,2\" makes 6 hosts"),
        "{err}"
    );
    assert!(err.contains("line 6: <zone>: Vivaldi zones"), "{err}");
    assert!(
        err.contains("line 12: <cluster>: this cluster has 1000000 hosts"),
        "{err}"
    );
    let err = fails(
        &[
            "import",
            "simgrid",
            "--flops",
            "fast",
            &data("two_hosts.xml"),
        ],
        1,
    );
    assert!(
        err.contains("--flops: \"fast\" is not an amount of work"),
        "{err}"
    );
    let err = fails(&["import", "gml", &data("two_hosts.xml")], 2);
    assert!(err.contains("simgrid"), "{err}");
}

#[test]
fn export_simgrid_writes_an_instances_platform_that_imports_back() {
    let xml = ok(&["export", "simgrid", &preset_file("example-1")], None);
    assert!(
        xml.starts_with("<?xml") && xml.contains("<platform version=\"4.1\">"),
        "{xml}"
    );
    let text = std::fs::read_to_string(preset_file("example-1")).unwrap();
    let inst = Instance::from_json(&text).unwrap();
    let back = simgrid::from_xml(&xml, &Conversion::default())
        .unwrap()
        .platform;
    let p = inst.platform().unwrap();
    assert_eq!(back.arcs(), p.arcs());
    assert_eq!(
        back.nodes.iter().map(|n| &n.w).collect::<Vec<_>>(),
        p.nodes.iter().map(|n| &n.w).collect::<Vec<_>>()
    );
    // A bare platform, from standard input, is exported too.
    let platform = p.to_json(false);
    let again = ok(&["export", "simgrid", "-"], Some(&platform));
    assert_eq!(again, xml);
    let err = fails(&["export", "simgrid", &preset_file("square-7-1")], 1);
    assert!(
        err.contains("a square-partition instance has no platform"),
        "{err}"
    );
}

#[test]
fn solve_writes_csv_and_says_when_there_is_no_schedule() {
    let out = ok(
        &["solve", "--format", "csv", &preset_file("example-1")],
        None,
    );
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some(hetlab_core::formats::csv::HEADER));
    assert_eq!(lines.next(), Some("1 computes,1,task,0,12,12,12 × 1,0,12"));
    let err = fails(
        &["solve", "--format", "paje", &preset_file("square-7-1")],
        1,
    );
    assert!(
        err.contains("the square-partition family draws no Gantt chart"),
        "{err}"
    );
    let err = fails(
        &[
            "solve",
            "--format",
            "paje",
            "--trace",
            &preset_file("example-1"),
        ],
        1,
    );
    assert!(
        err.contains("--trace and --explain go with --format json"),
        "{err}"
    );
    let err = fails(
        &[
            "solve",
            "--format",
            "csv",
            "--explain",
            &preset_file("example-1"),
        ],
        1,
    );
    assert!(
        err.contains("--trace and --explain go with --format json"),
        "{err}"
    );
}

/// `pj_dump` (PajeNG) reads the trace and lists one state per bar, in the lanes HetLab draws.
#[test]
fn pajeng_reads_the_paje_traces() {
    let Ok(probe) = Command::new("pj_dump").arg("--help").output() else {
        eprintln!(
            "pj_dump not found: install Debian's pajeng (./run setup does) to check Paje traces"
        );
        return;
    };
    assert!(probe.status.success() || !probe.stdout.is_empty() || !probe.stderr.is_empty());
    let dir = std::env::temp_dir().join(format!("hetlab-paje-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (preset, algo) in [
        ("example-1", None),
        ("broadcast-e2", None),
        ("scatter-sc1", None),
        ("master-slave-ms1", None),
        ("divisible-dl1", None),
    ] {
        let path = preset_file(preset);
        if !std::path::Path::new(&path).exists() {
            continue;
        }
        let mut args = vec!["solve", "--format", "paje"];
        if let Some(a) = algo {
            args.extend(["--algorithm", a]);
        }
        args.push(&path);
        let trace = ok(&args, None);
        let csv = ok(&["solve", "--format", "csv", &path], None);
        let file = dir.join(format!("{preset}.paje"));
        std::fs::write(&file, &trace).unwrap();
        let dump = Command::new("pj_dump").arg(&file).output().unwrap();
        let out = String::from_utf8_lossy(&dump.stdout);
        assert!(
            dump.status.success(),
            "{preset}: pj_dump failed: {}",
            String::from_utf8_lossy(&dump.stderr)
        );
        let states: Vec<&str> = out.lines().filter(|l| l.starts_with("State")).collect();
        assert_eq!(
            states.len(),
            csv.lines().count() - 1,
            "{preset}: one state per bar\n{out}"
        );
        // Lanes and values are those of the CSV.
        let first = csv.lines().nth(1).unwrap();
        let lane = first.split(',').next().unwrap();
        assert!(
            states.iter().any(|s| s.contains(lane)),
            "{preset}: lane {lane} in\n{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
