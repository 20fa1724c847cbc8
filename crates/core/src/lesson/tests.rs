use super::*;

#[test]
fn every_built_in_lesson_reads_and_round_trips() {
    for (name, text) in BUILT_IN {
        let lesson = parse(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(!lesson.slides.is_empty(), "{name}");
        assert!(lesson.slides.iter().all(|s| s.view.page == *name), "{name}");
        let again = write(&lesson);
        assert_eq!(parse(&again), Ok(lesson.clone()), "{name}");
        assert_eq!(
            write(&parse(&again).unwrap()),
            again,
            "{name}: writing is stable"
        );
    }
}

#[test]
fn generated_lessons_round_trip() {
    // One slide per preset, with every option in turn.
    let slides: Vec<Slide> = crate::presets::PRESETS
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let inst = presets::get(p.name).expect("preset");
            let source = if k % 2 == 0 {
                Source::Preset(p.name.to_owned())
            } else {
                Source::Instance(share::encode(&inst))
            };
            Slide {
                title: (k % 3 == 0).then(|| format!("Slide {k}")),
                text: format!("*{k}*\n\n- a\n- b with \"quotes\" and $\\rho$"),
                view: View {
                    page: inst.problem().to_owned(),
                    source,
                    algorithm: (k % 4 != 0)
                        .then(|| offered(&inst)[k % offered(&inst).len()].to_owned()),
                    step: (k % 5 == 0).then_some(k),
                    start: (k % 2 == 1).then_some(1),
                    end: (k % 2 == 1).then_some(k + 1),
                    autoplay: k % 7 == 0,
                    controls: k % 11 != 0,
                    panels: k % 3 == 1,
                },
            }
        })
        .collect();
    for chunk in slides.chunks(MAX_SLIDES) {
        let lesson = Lesson {
            title: "Every preset".into(),
            author: Some("tests".into()),
            slides: chunk.to_vec(),
        };
        assert_eq!(parse(&write(&lesson)), Ok(lesson));
    }
}

/// The problems of `text`, as `slide k, field` strings.
fn problems(text: &str) -> Vec<String> {
    parse(text)
        .expect_err("refused")
        .iter()
        .map(|e| match e.slide {
            Some(k) => format!("{k} {}", e.field),
            None => e.field.clone(),
        })
        .collect()
}

#[test]
fn bad_lessons_name_the_slide_and_the_field() {
    assert_eq!(problems("{"), ["file"]);
    assert_eq!(problems("[]"), ["file"]);
    assert_eq!(
        problems(r#"{"format": "x", "version": 2, "slides": []}"#),
        ["format", "version", "title", "slides"]
    );
    let lesson = r#"{"format": "hetlab-lesson", "version": 1, "title": "t", "colour": 1, "slides": [
        {"text": "ok", "view": {"page": "chains", "preset": "chains-ex1"}},
        {"text": 3, "view": {"page": "chains", "preset": "nope"}},
        {"text": "", "view": {"page": "chain", "preset": "chains-ex1"}},
        {"text": "", "view": {"page": "ring", "preset": "chains-ex1"}},
        {"text": "", "view": {"page": "chains", "preset": "chains-ex1", "algorithm": "lp", "start": 5, "end": 2}},
        {"text": "", "view": {"page": "chains", "instance": "v2.!!", "step": -1, "autoplay": "yes"}},
        {"text": "", "view": {"page": "chains", "preset": "chains-ex1", "instance": "v2.x"}},
        {"text": ""},
        7
    ]}"#;
    assert_eq!(
        problems(lesson),
        [
            "colour",
            "2 text",
            "2 view.preset",
            "3 view.page",
            "4 view.preset",
            "5 view.end",
            "5 view.algorithm",
            "6 view.step",
            "6 view.autoplay",
            "6 view.instance",
            "7 view.instance",
            "8 view",
            "9 slide"
        ]
    );
    let messages = parse(lesson).unwrap_err();
    assert!(messages.iter().any(|e| e.to_string()
        == "slide 3, view.page: \"chain\" is not a family: one of steady-state, broadcast, square-partition, lu, chains, ring, scatter, master-slave, divisible"));
}

#[test]
fn caps_are_checked_before_work() {
    let big = format!("{{\"x\": \"{}\"}}", "a".repeat(MAX_BYTES));
    assert_eq!(problems(&big), ["file"]);
    let slide = r#"{"text": "", "view": {"page": "chains", "preset": "chains-ex1"}}"#;
    let many = format!(
        r#"{{"format": "hetlab-lesson", "version": 1, "title": "t", "slides": [{}]}}"#,
        vec![slide; MAX_SLIDES + 1].join(",")
    );
    assert_eq!(problems(&many), ["slides"]);
    let long = format!(
        r#"{{"format": "hetlab-lesson", "version": 1, "title": "{}", "slides": [{slide}]}}"#,
        "t".repeat(MAX_LINE + 1)
    );
    assert_eq!(problems(&long), ["title"]);
}
