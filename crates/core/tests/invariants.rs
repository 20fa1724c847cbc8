//! The generic invariants of every registered family and every algorithm it offers, over its
//! presets and seeded random instances (guide.md section 2): the untraced and traced runs give
//! the same result, the family's independent check accepts (verifier + replay), the trace stays
//! under its cap and the result document counts it. A refusal must be a sentence, never a panic.

use hetlab_core::catalog::FAMILIES;
use hetlab_core::families::Instance;
use hetlab_core::families::{check_invariants, offered};
use hetlab_core::family::Invariant;
use hetlab_core::generate::Shape;
use hetlab_core::presets::PRESETS;

/// Runs every offered algorithm on `inst`; returns how many ran (refusals are counted apart).
fn every_algorithm(name: &str, inst: &Instance) -> (usize, usize) {
    let (mut ran, mut refused) = (0, 0);
    for algo in offered(inst) {
        match check_invariants(inst, algo) {
            Ok(_) => ran += 1,
            // A refusal (size limit, not a tree, ...) is fine when it says why.
            Err(Invariant::Refused(e)) => {
                assert!(e.to_string().len() > 10, "{name} / {algo}: {e}");
                refused += 1;
            }
            Err(e @ Invariant::Broken(_)) => panic!("{name} / {algo}: {e}"),
        }
    }
    (ran, refused)
}

#[test]
fn every_preset_and_algorithm_keeps_the_invariants() {
    let mut ran = 0;
    for p in PRESETS {
        let inst = Instance::from_json(p.json).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let (r, _) = every_algorithm(p.name, &inst);
        assert!(r > 0, "{}: no algorithm ran", p.name);
        ran += r;
    }
    assert!(ran > PRESETS.len());
}

#[test]
fn random_instances_of_every_family_keep_the_invariants() {
    let shapes = [Shape::Star, Shape::Tree, Shape::Random];
    for family in FAMILIES.iter().filter(|f| f.available()) {
        let mut ran = 0;
        for seed in 0..6u64 {
            let shape = shapes[usize::try_from(seed).unwrap_or(0) % shapes.len()];
            let Some(inst) = hetlab_core::families::generate(family.problem, shape, 5, seed) else {
                panic!("{}: no generator", family.problem)
            };
            ran += every_algorithm(&format!("{} seed {seed}", family.problem), &inst).0;
        }
        assert!(
            ran > 0,
            "{}: nothing ran on random instances",
            family.problem
        );
    }
}

#[test]
fn the_catalog_is_the_one_list_of_algorithms() {
    for p in PRESETS {
        let inst = Instance::from_json(p.json).unwrap();
        let family = hetlab_core::catalog::family(inst.problem()).unwrap();
        for algo in offered(&inst) {
            assert!(
                family.algorithm(algo).is_some_and(|a| a.available),
                "{}: {algo} is offered but not listed as available in the catalog",
                p.name
            );
        }
        let mut names = offered(&inst);
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            offered(&inst).len(),
            "{}: an algorithm is offered twice",
            p.name
        );
    }
}
