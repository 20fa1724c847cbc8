//! Lessons (issue 36, docs/lessons.md): an ordered list of slides, each a short text and a
//! view of a family page (an instance, an algorithm, a range of steps), played in one frame.
//!
//! A lesson file is JSON, versioned like instances: `{"format": "hetlab-lesson", "version": 1,
//! "title", "author"?, "slides": [{"title"?, "text", "view": {"page", "preset" | "instance",
//! "algorithm"?, "step"?, "start"?, "end"?, "autoplay"?, "controls"?, "panels"?}}]}`. [`parse`] reads one
//! (bounded, every problem named by slide and field), [`write()`] writes it back: `parse(write(l))
//! == l`. Pure and solver-free: the page binaries read lessons.

use serde_json::{json, Map, Value};

use crate::families::offered;
use crate::{catalog, presets, share};

/// The `"format"` of a lesson file.
pub const FORMAT: &str = "hetlab-lesson";
/// The version this code writes and reads.
pub const VERSION: u64 = 1;
/// Largest lesson file read (bytes).
pub const MAX_BYTES: usize = 512 * 1024;
/// Most slides.
pub const MAX_SLIDES: usize = 100;
/// Longest slide text (characters).
pub const MAX_TEXT: usize = 10_000;
/// Longest title, author or name (characters).
pub const MAX_LINE: usize = 200;

/// A lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Its title.
    pub title: String,
    /// Who wrote it, if said.
    pub author: Option<String>,
    /// The slides, in order (at least one).
    pub slides: Vec<Slide>,
}

/// One slide: a text beside a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    /// Its title, if any.
    pub title: Option<String>,
    /// The text (the Markdown subset of docs/lessons.md).
    pub text: String,
    /// What the frame shows.
    pub view: View,
}

/// Where a view's instance comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A preset, by name.
    Preset(String),
    /// A share payload (`v2.…`), as in a share link's `i=`.
    Instance(String),
}

/// A family page's view: what a share link with embed options says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The family's page (`"problem"` name).
    pub page: String,
    /// The instance.
    pub source: Source,
    /// The algorithm (the page's default when absent).
    pub algorithm: Option<String>,
    /// The step shown first (`start` when absent).
    pub step: Option<usize>,
    /// First step the player may show.
    pub start: Option<usize>,
    /// Last step the player may show.
    pub end: Option<usize>,
    /// Plays on arrival.
    pub autoplay: bool,
    /// Shows the player (else the figure only).
    pub controls: bool,
    /// Shows the whole page in the frame: the results and explanation panels beside the
    /// figure (else the figure and its player alone).
    pub panels: bool,
}

/// A problem of a lesson file: where (`slide 3, view.algorithm`) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The slide (1-based), or `None` for the lesson's own fields.
    pub slide: Option<usize>,
    /// The field (`title`, `view.preset`, …).
    pub field: String,
    /// What is wrong and what to write.
    pub message: String,
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.slide {
            Some(k) => write!(f, "slide {k}, {}: {}", self.field, self.message),
            None => write!(f, "{}: {}", self.field, self.message),
        }
    }
}

/// Reads a lesson file.
///
/// # Errors
/// Every problem found, each naming its slide and field: not JSON, too large, another format
/// or version, a missing or mistyped field, an unknown page, preset or algorithm, a share
/// payload that does not decode, steps out of order.
pub fn parse(text: &str) -> Result<Lesson, Vec<LessonError>> {
    let top = |field: &str, message: String| LessonError {
        slide: None,
        field: field.to_owned(),
        message,
    };
    if text.len() > MAX_BYTES {
        return Err(vec![top(
            "file",
            format!("{} bytes, at most {MAX_BYTES}", text.len()),
        )]);
    }
    let v: Value =
        serde_json::from_str(text).map_err(|e| vec![top("file", format!("not JSON ({e})"))])?;
    let Some(o) = v.as_object() else {
        return Err(vec![top("file", "not a JSON object".to_owned())]);
    };
    let mut errors = Vec::new();
    if o.get("format").and_then(Value::as_str) != Some(FORMAT) {
        errors.push(top("format", format!("must be \"{FORMAT}\"")));
    }
    match o.get("version").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(v) => errors.push(top(
            "version",
            format!("{v} is newer than this site reads ({VERSION}): open it in a newer HetLab"),
        )),
        None => errors.push(top("version", format!("must be {VERSION}"))),
    }
    let mut fields = Fields {
        o,
        slide: None,
        prefix: "",
        errors: &mut errors,
    };
    let title = fields.line("title", true).unwrap_or_default();
    let author = fields.line("author", false);
    fields.unknown(&["format", "version", "title", "author", "slides"]);
    let slides = match o.get("slides").and_then(Value::as_array) {
        Some(s) if s.is_empty() => {
            errors.push(top("slides", "a lesson has at least one slide".to_owned()));
            Vec::new()
        }
        Some(s) if s.len() > MAX_SLIDES => {
            errors.push(top(
                "slides",
                format!("{} slides, at most {MAX_SLIDES}", s.len()),
            ));
            Vec::new()
        }
        Some(s) => s
            .iter()
            .enumerate()
            .filter_map(|(k, v)| slide(v, k + 1, &mut errors))
            .collect(),
        None => {
            errors.push(top("slides", "must be a list of slides".to_owned()));
            Vec::new()
        }
    };
    if errors.is_empty() {
        Ok(Lesson {
            title,
            author,
            slides,
        })
    } else {
        Err(errors)
    }
}

/// Slide number `k` (1-based).
fn slide(v: &Value, k: usize, errors: &mut Vec<LessonError>) -> Option<Slide> {
    let Some(o) = v.as_object() else {
        errors.push(LessonError {
            slide: Some(k),
            field: "slide".into(),
            message: "must be an object with a text and a view".into(),
        });
        return None;
    };
    let before = errors.len();
    let mut f = Fields {
        o,
        slide: Some(k),
        prefix: "",
        errors,
    };
    let title = f.line("title", false);
    let text = f.text("text");
    f.unknown(&["title", "text", "view"]);
    let view = if let Some(view) = o.get("view").and_then(Value::as_object) {
        self::view(view, k, errors)
    } else {
        errors.push(LessonError {
            slide: Some(k),
            field: "view".into(),
            message: "must be an object naming a page and an instance".into(),
        });
        None
    };
    (errors.len() == before).then_some(Slide {
        title,
        text: text?,
        view: view?,
    })
}

/// A slide's view.
fn view(o: &Map<String, Value>, k: usize, errors: &mut Vec<LessonError>) -> Option<View> {
    let before = errors.len();
    let mut f = Fields {
        o,
        slide: Some(k),
        prefix: "view.",
        errors,
    };
    f.unknown(&[
        "page",
        "preset",
        "instance",
        "algorithm",
        "step",
        "start",
        "end",
        "autoplay",
        "controls",
        "panels",
    ]);
    let page = f.line("page", true).unwrap_or_default();
    let algorithm = f.line("algorithm", false);
    let (step, start, end) = (f.step("step"), f.step("start"), f.step("end"));
    let autoplay = f.flag("autoplay", false);
    let controls = f.flag("controls", true);
    let panels = f.flag("panels", false);
    if let (Some(a), Some(b)) = (start, end) {
        if a > b {
            f.error("end", format!("{b} is before start {a}"));
        }
    }
    if catalog::family(&page).is_none() && !page.is_empty() {
        let names: Vec<&str> = catalog::FAMILIES.iter().map(|f| f.problem).collect();
        f.error(
            "page",
            format!("\"{page}\" is not a family: one of {}", names.join(", ")),
        );
    }
    let source = f.source(&page, algorithm.as_deref());
    (f.errors.len() == before).then_some(View {
        page,
        source: source?,
        algorithm,
        step,
        start,
        end,
        autoplay,
        controls,
        panels,
    })
}

/// The fields of one object, and where problems go.
struct Fields<'a> {
    o: &'a Map<String, Value>,
    slide: Option<usize>,
    prefix: &'static str,
    errors: &'a mut Vec<LessonError>,
}

impl Fields<'_> {
    fn error(&mut self, field: &str, message: String) {
        self.errors.push(LessonError {
            slide: self.slide,
            field: format!("{}{field}", self.prefix),
            message,
        });
    }

    /// Keys this object may not have.
    fn unknown(&mut self, known: &[&str]) {
        let extra: Vec<String> = self
            .o
            .keys()
            .filter(|k| !known.contains(&k.as_str()))
            .cloned()
            .collect();
        for key in extra {
            let known = known.join(", ");
            self.error(&key, format!("unknown field (the fields are {known})"));
        }
    }

    /// A one-line text of at most [`MAX_LINE`] characters.
    fn line(&mut self, key: &str, required: bool) -> Option<String> {
        match self.o.get(key) {
            None if required => {
                self.error(key, "missing".into());
                None
            }
            None => None,
            Some(Value::String(s)) if s.chars().count() > MAX_LINE => {
                self.error(key, format!("over {MAX_LINE} characters"));
                None
            }
            Some(Value::String(s)) if s.contains('\n') => {
                self.error(key, "one line, without a line break".into());
                None
            }
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => {
                self.error(key, "must be text".into());
                None
            }
        }
    }

    /// A slide's text.
    fn text(&mut self, key: &str) -> Option<String> {
        match self.o.get(key) {
            Some(Value::String(s)) if s.chars().count() <= MAX_TEXT => Some(s.clone()),
            Some(Value::String(_)) => {
                self.error(key, format!("over {MAX_TEXT} characters"));
                None
            }
            Some(_) => {
                self.error(key, "must be text".into());
                None
            }
            None => {
                self.error(key, "missing (it may be empty: \"\")".into());
                None
            }
        }
    }

    /// A step number, if given.
    fn step(&mut self, key: &str) -> Option<usize> {
        let v = self.o.get(key)?;
        let n = v.as_u64().and_then(|n| usize::try_from(n).ok());
        if n.is_none() {
            self.error(key, "must be a step number (0, 1, 2, …)".into());
        }
        n
    }

    /// A yes/no, `default` when absent.
    fn flag(&mut self, key: &str, default: bool) -> bool {
        match self.o.get(key) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                self.error(key, "must be true or false".into());
                default
            }
        }
    }

    /// The view's instance: a preset of `page`'s family or a share payload of it, offering
    /// `algorithm`.
    fn source(&mut self, page: &str, algorithm: Option<&str>) -> Option<Source> {
        let (source, inst) = match (self.o.get("preset"), self.o.get("instance")) {
            (Some(_), Some(_)) => {
                self.error(
                    "instance",
                    "a view has a preset or an instance, not both".into(),
                );
                return None;
            }
            (None, None) => {
                self.error(
                    "preset",
                    "missing: a preset name, or an instance (a share link's i= payload)".into(),
                );
                return None;
            }
            (Some(Value::String(name)), None) => {
                let Some(inst) = presets::get(name) else {
                    self.error(
                        "preset",
                        format!("\"{}\" is not a preset (see `hetlab list`)", clip(name)),
                    );
                    return None;
                };
                (Source::Preset(name.clone()), inst)
            }
            (None, Some(Value::String(payload))) => match share::decode(payload) {
                Ok(inst) => (Source::Instance(payload.clone()), inst),
                Err(e) => {
                    self.error("instance", format!("not a share payload HetLab reads: {e}"));
                    return None;
                }
            },
            (Some(_), None) => {
                self.error("preset", "must be text".into());
                return None;
            }
            (None, Some(_)) => {
                self.error("instance", "must be text (a share payload)".into());
                return None;
            }
        };
        let key = if matches!(source, Source::Preset(_)) {
            "preset"
        } else {
            "instance"
        };
        if inst.problem() != page && catalog::family(page).is_some() {
            self.error(key, format!("is a {} instance, not {page}", inst.problem()));
            return None;
        }
        if let Some(a) = algorithm {
            let offered = offered(&inst);
            if !offered.contains(&a) {
                self.error(
                    "algorithm",
                    format!(
                        "\"{}\" is not offered here: one of {}",
                        clip(a),
                        offered.join(", ")
                    ),
                );
                return None;
            }
        }
        Some(source)
    }
}

/// The first characters of a value, for a message.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

/// The lesson file of `lesson` (pretty JSON, fields in the documented order; absent options are
/// left out).
#[must_use]
pub fn write(lesson: &Lesson) -> String {
    let mut top = Map::new();
    top.insert("format".into(), FORMAT.into());
    top.insert("version".into(), VERSION.into());
    top.insert("title".into(), lesson.title.clone().into());
    if let Some(a) = &lesson.author {
        top.insert("author".into(), a.clone().into());
    }
    let slides: Vec<Value> = lesson.slides.iter().map(slide_value).collect();
    top.insert("slides".into(), slides.into());
    serde_json::to_string_pretty(&Value::Object(top)).unwrap_or_default()
}

fn slide_value(s: &Slide) -> Value {
    let mut o = Map::new();
    if let Some(t) = &s.title {
        o.insert("title".into(), t.clone().into());
    }
    o.insert("text".into(), s.text.clone().into());
    let v = &s.view;
    let mut view = Map::new();
    view.insert("page".into(), v.page.clone().into());
    match &v.source {
        Source::Preset(p) => view.insert("preset".into(), p.clone().into()),
        Source::Instance(i) => view.insert("instance".into(), i.clone().into()),
    };
    if let Some(a) = &v.algorithm {
        view.insert("algorithm".into(), a.clone().into());
    }
    for (key, step) in [("step", v.step), ("start", v.start), ("end", v.end)] {
        if let Some(n) = step {
            view.insert(key.into(), json!(n));
        }
    }
    if v.autoplay {
        view.insert("autoplay".into(), true.into());
    }
    if !v.controls {
        view.insert("controls".into(), false.into());
    }
    if v.panels {
        view.insert("panels".into(), true.into());
    }
    o.insert("view".into(), Value::Object(view));
    Value::Object(o)
}

/// The lessons shipped with the site, one per family: (name, file text).
pub const BUILT_IN: &[(&str, &str)] = &[
    (
        "steady-state",
        include_str!("../../lessons/steady-state.json"),
    ),
    ("broadcast", include_str!("../../lessons/broadcast.json")),
    (
        "square-partition",
        include_str!("../../lessons/square-partition.json"),
    ),
    ("lu", include_str!("../../lessons/lu.json")),
    ("chains", include_str!("../../lessons/chains.json")),
    ("ring", include_str!("../../lessons/ring.json")),
    ("scatter", include_str!("../../lessons/scatter.json")),
    (
        "master-slave",
        include_str!("../../lessons/master-slave.json"),
    ),
    ("divisible", include_str!("../../lessons/divisible.json")),
];

/// The built-in lesson `name`'s file text.
#[must_use]
pub fn built_in(name: &str) -> Option<&'static str> {
    BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

#[cfg(test)]
mod tests;
