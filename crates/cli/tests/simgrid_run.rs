//! `hetlab export simgrid-run`: the program the binary prints embeds the platform and the
//! core's schedule (SimGrid itself runs it in `./run simgrid-check`, not here).

mod common;

use common::{fails, ok, preset_file};
use hetlab_core::formats::simgrid::{self, Conversion};
use hetlab_core::presets;

#[test]
fn simgrid_run_prints_the_core_s_program() {
    let file = preset_file("tree-example-3");
    let out = ok(
        &["export", "simgrid-run", "--algorithm", "tree", &file],
        None,
    );
    let inst = presets::get("tree-example-3").expect("preset");
    let want = simgrid::program(
        &inst,
        Some("tree"),
        "tree-example-3",
        &Conversion::default(),
    )
    .expect("a program");
    assert!(
        out.trim_end() == want.trim_end(),
        "the binary prints the core's program"
    );
    assert!(out.starts_with("#!/usr/bin/python3"));
    let stdin = std::fs::read_to_string(&file).expect("preset file");
    let piped = ok(
        &["export", "simgrid-run", "--bytes", "2MB", "-"],
        Some(&stdin),
    );
    assert!(piped.contains(r#"\"name\": \"stdin\""#) || piped.contains(r#"\"name\":\"stdin\""#));
    assert!(
        piped.contains(r#"\"algorithm\":\"lp\""#),
        "the default algorithm is lp"
    );
}

#[test]
fn simgrid_run_refuses_what_it_cannot_play() {
    let err = fails(&["export", "simgrid-run", &preset_file("chains-ex1")], 1);
    assert!(err.contains("steady-state and broadcast periods"), "{err}");
    let err = fails(
        &[
            "export",
            "simgrid-run",
            "--algorithm",
            "tree",
            &preset_file("example-1"),
        ],
        1,
    );
    assert!(err.contains("Choose “lp”"), "{err}");
    let err = fails(
        &[
            "export",
            "simgrid",
            "--algorithm",
            "lp",
            &preset_file("example-1"),
        ],
        1,
    );
    assert!(err.contains("--algorithm goes with"), "{err}");
}
