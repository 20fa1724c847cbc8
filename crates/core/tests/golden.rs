//! What users see, pinned: for every preset, its instance document and share payload, and the
//! plain result document (or the refusal) of every algorithm it offers; for every family, shape
//! and a few seeds, what `hetlab gen` writes. Each is kept as an FNV-1a digest in
//! `tests/data/golden.txt`, made by the code before a refactoring, so that a change of
//! structure that changes one byte of what a user gets fails here, naming the line.
//!
//! A deliberate change of output re-blesses the file: `HETLAB_BLESS=1 cargo test -p hetlab-core
//! --test golden`, and the commit says why the bytes changed.

use std::fmt::Write as _;
use std::hash::Hasher as _;

use hetlab_core::families::{self, Instance, PROBLEMS};
use hetlab_core::generate::Shape;
use hetlab_core::presets::{LARGE, PRESETS};
use hetlab_core::share;

const GOLDEN: &str = "tests/data/golden.txt";

fn digest(text: &str) -> String {
    let mut h = fnv::FnvHasher::default();
    h.write(text.as_bytes());
    format!("{:016x}", h.finish())
}

/// One line per preset, algorithm and generated instance.
fn lines() -> String {
    let mut out = String::new();
    for preset in PRESETS.iter().chain(LARGE) {
        let inst = Instance::from_json(preset.json).expect("presets read");
        let _ = writeln!(
            out,
            "{} instance {} share {}",
            preset.name,
            digest(&inst.to_json()),
            digest(&share::encode(&inst))
        );
        if LARGE.iter().any(|l| l.name == preset.name) {
            continue; // Solved by its own tests; too slow for every algorithm here.
        }
        for algo in families::offered(&inst) {
            let doc = match families::solve(&inst, Some(algo), false) {
                Ok(v) => serde_json::to_string(&v).unwrap_or_default(),
                Err(e) => format!("error: {e}"),
            };
            let _ = writeln!(out, "{} {algo} {}", preset.name, digest(&doc));
        }
    }
    for problem in PROBLEMS {
        for shape in Shape::ALL {
            for seed in 0..3 {
                let text = families::generate(problem, shape, 6, seed)
                    .map(|i| i.to_json_pretty())
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "gen {problem} {} {seed} {}",
                    shape.name(),
                    digest(&text)
                );
            }
        }
    }
    out
}

#[test]
fn documents_share_links_and_generated_instances_are_unchanged() {
    let now = lines();
    if std::env::var_os("HETLAB_BLESS").is_some() {
        std::fs::write(GOLDEN, &now).expect("write the golden digests");
        return;
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("tests/data/golden.txt");
    let (a, b): (Vec<&str>, Vec<&str>) = (golden.lines().collect(), now.lines().collect());
    for (want, got) in a.iter().zip(&b) {
        assert_eq!(
            got, want,
            "output changed (HETLAB_BLESS=1 re-blesses a deliberate change)"
        );
    }
    assert_eq!(b.len(), a.len(), "a different number of lines");
    assert!(a.len() > 500, "only {} lines pinned", a.len());
}
