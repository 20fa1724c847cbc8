//! Every family's explanation panel (`Family::ABOUT`, issue 34) is true to what it names: each
//! topic has text and a spec section that exists in `../shared/spec/` (the specs beside the
//! repository), and each scene opens a preset of the family with an algorithm offered for it at
//! a step its run has.

use std::path::PathBuf;

use hetlab_core::families::{self, PROBLEMS};
use hetlab_core::family::Topic;
use hetlab_core::presets;

/// The specs' folder: `../shared/spec` beside the repository.
fn specs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/spec")
}

/// `"chains.md §8.1"` → `("chains.md", "8.1")`.
fn section(spec: &str) -> (&str, &str) {
    let (file, number) = spec
        .split_once(" §")
        .unwrap_or_else(|| panic!("\"{spec}\" is not \"file.md §N.M\""));
    (file, number)
}

#[test]
fn every_family_explains_itself_with_real_sections() {
    for problem in PROBLEMS {
        let about = families::about(problem).expect("registered");
        assert!(about.topics.len() >= 2, "{problem}: at least two topics");
        for Topic {
            heading,
            text,
            spec,
            ..
        } in about.topics
        {
            assert!(
                !heading.is_empty() && !text.is_empty(),
                "{problem}: empty topic"
            );
            assert!(
                text.iter().all(|p| p.len() > 40),
                "{problem}: a short paragraph in \"{heading}\""
            );
            let (file, number) = section(spec);
            let path = specs().join(file);
            let body = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{problem}: {}: {e}", path.display()));
            let found = body.lines().filter(|l| l.starts_with('#')).any(|l| {
                let title = l.trim_start_matches('#').trim_start();
                title
                    .strip_prefix(number)
                    .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with(". "))
            });
            assert!(
                found,
                "{problem}: \"{heading}\" cites {spec}, which has no such section"
            );
        }
    }
}

#[test]
fn every_scene_opens_a_preset_of_its_family_at_a_step_of_its_run() {
    let mut scenes = 0;
    for problem in PROBLEMS {
        let about = families::about(problem).expect("registered");
        for scene in about.topics.iter().filter_map(|t| t.scene.as_ref()) {
            scenes += 1;
            let inst = presets::get(scene.preset)
                .unwrap_or_else(|| panic!("{problem}: no preset \"{}\"", scene.preset));
            assert_eq!(inst.problem(), *problem, "{}", scene.preset);
            assert!(
                families::offered(&inst).contains(&scene.algorithm),
                "{problem}: {} is not offered on {}",
                scene.algorithm,
                scene.preset
            );
            let steps = families::check_invariants(&inst, scene.algorithm)
                .unwrap_or_else(|e| panic!("{problem}: {}: {e:?}", scene.preset));
            assert!(
                scene.step <= steps,
                "{problem}: {} step {} of {steps}",
                scene.preset,
                scene.step
            );
            assert_eq!(
                scene.route(problem),
                format!(
                    "#/{problem}?preset={}&algo={}&step={}",
                    scene.preset, scene.algorithm, scene.step
                )
            );
        }
    }
    assert!(scenes >= 12, "{scenes} scenes");
}
