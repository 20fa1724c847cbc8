//! The practice page's set (issue 35): what its address asks
//! (`#/practice?f=chains,ring&d=small&seed=7&n=10&name=Ada`), which question comes i-th, what
//! the browser keeps of the answers, and the completion codes they give. Pure, so that it is
//! tested on the host; the page (`ui::pages::practice`) draws it and asks the solver worker.
//!
//! Question `i` of a set of `k` families is question `i / k` of family `i % k`'s set from the
//! set's seed (`hetlab_core::practice::generate`), so a teacher's address gives every student
//! the same questions; with `name=`, the seed is mixed with the name, a variant per student.

use hetlab_core::catalog::FAMILIES;
use hetlab_core::practice::code::{Record, MAX_NAME_CHARS, MAX_QUESTIONS};
use hetlab_core::practice::Difficulty;
use serde::{Deserialize, Serialize};

use crate::route::{Page, Query, Route};

/// Most answers kept for a set without an end (a teacher's set has at most
/// [`MAX_QUESTIONS`]).
pub const MAX_KEPT: usize = 1000;
/// Width of a practice set's iframe snippet (the family page's embed width).
pub const EMBED_WIDTH: u32 = crate::embed::EMBED_WIDTH;
/// Height of a practice set's iframe snippet: a question, its answer and the figure below it.
pub const EMBED_HEIGHT: u32 = 900;

/// A practice set: what the address asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// The families asked, in the catalog's order (never empty).
    pub families: Vec<&'static str>,
    /// The instances' size.
    pub difficulty: Difficulty,
    /// The seed the address gives (before the name is mixed in).
    pub seed: u64,
    /// How many questions (a teacher's set, which ends with completion codes), or `None`:
    /// questions until the student stops.
    pub count: Option<usize>,
    /// The student's name, when each student gets a variant.
    pub name: Option<String>,
}

/// A parameter of the address that could not be read: which one, and what to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// `f`, `d`, `seed`, `n` or `name`.
    pub field: &'static str,
    /// The sentence shown.
    pub message: String,
}

impl Set {
    /// The set `query` asks for; `fresh_seed` when it names none. A parameter that cannot be
    /// read is reported and its default used (every family, small, no end, no name), so the
    /// page still opens.
    #[must_use]
    pub fn from_query(query: &Query, fresh_seed: u64) -> (Set, Vec<Problem>) {
        let mut problems = Vec::new();
        let mut problem = |field, message: String| problems.push(Problem { field, message });
        let families = match query.get("f") {
            None => all_families(),
            Some(text) => families(text).unwrap_or_else(|m| {
                problem("f", m);
                all_families()
            }),
        };
        let difficulty = match query.get("d") {
            None => Difficulty::Small,
            Some(d) => Difficulty::from_name(d.trim()).unwrap_or_else(|| {
                problem(
                    "d",
                    format!(
                        "d=\"{}\" is not a difficulty: write small, medium or large.",
                        clip(d)
                    ),
                );
                Difficulty::Small
            }),
        };
        let seed = match query.get("seed") {
            None => fresh_seed,
            Some(s) => s.trim().parse().unwrap_or_else(|_| {
                problem(
                    "seed",
                    format!(
                        "seed=\"{}\" is not a whole number from 0 to 18446744073709551615.",
                        clip(s)
                    ),
                );
                fresh_seed
            }),
        };
        let count = match query.get("n") {
            None => None,
            Some(n) => match n.trim().parse::<usize>() {
                Ok(n) if (1..=MAX_QUESTIONS).contains(&n) => Some(n),
                _ => {
                    problem(
                        "n",
                        format!(
                            "n=\"{}\" is not a number of questions from 1 to {MAX_QUESTIONS}.",
                            clip(n)
                        ),
                    );
                    None
                }
            },
        };
        let name = match query.get("name").map(str::trim) {
            None | Some("") => None,
            Some(n) if n.chars().count() > MAX_NAME_CHARS => {
                problem(
                    "name",
                    format!("The name is over {MAX_NAME_CHARS} characters."),
                );
                None
            }
            Some(n) => Some(n.to_owned()),
        };
        let set = Set {
            families,
            difficulty,
            seed,
            count,
            name,
        };
        (set, problems)
    }

    /// Writes the set into `query` (`f`, `d`, `seed`, `n`, `name`; the ones it does not have
    /// are removed), so that the address reopens it.
    pub fn write(&self, query: &mut Query) {
        query.set("f", self.families.join(","));
        query.set("d", self.difficulty.name());
        query.set("seed", self.seed.to_string());
        match self.count {
            Some(n) => query.set("n", n.to_string()),
            None => query.remove("n"),
        }
        match &self.name {
            Some(n) => query.set("name", n.clone()),
            None => query.remove("name"),
        }
    }

    /// The address that opens this set on a course page (`base` is the site's address), with
    /// `names=1` when each student types a name, and its iframe snippet: what the practice
    /// page's teacher panel and a family's Share dialog offer.
    #[must_use]
    pub fn course_links(&self, base: &str, names: bool) -> (String, String) {
        let mut route = Route::new(Page::Family("practice".into()));
        Set {
            name: None,
            ..self.clone()
        }
        .write(&mut route.query);
        if names {
            route.query.set("names", "1");
        }
        let url = format!("{base}{}", route.to_hash());
        route.query.set("embed", "1");
        let embed = crate::draw::svg::escape(&format!("{base}{}", route.to_hash()));
        let snippet = format!(
            "<iframe src=\"{embed}\" width=\"{EMBED_WIDTH}\" height=\"{EMBED_HEIGHT}\" style=\"border:0;max-width:100%\" title=\"HetLab practice\" loading=\"lazy\"></iframe>"
        );
        (url, snippet)
    }

    /// The seed the questions come from: the address's, mixed with the name when there is one
    /// (FNV-1a over the name, then a SplitMix64 finaliser), so each name has its own variant.
    #[must_use]
    pub fn questions_seed(&self) -> u64 {
        let Some(name) = &self.name else {
            return self.seed;
        };
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.as_bytes() {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        let mut z = self.seed ^ h;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Question `i`: its family and its index in that family's set.
    #[must_use]
    pub fn slot(&self, i: usize) -> (&'static str, u64) {
        let k = self.families.len().max(1);
        let family = self.families.get(i % k).copied().unwrap_or("steady-state");
        (family, (i / k) as u64)
    }

    /// Whether question `i` is past the set's end.
    #[must_use]
    pub fn ended(&self, i: usize) -> bool {
        self.count.is_some_and(|n| i >= n) || i >= MAX_KEPT
    }

    /// The `localStorage` key of this set's answers.
    #[must_use]
    pub fn key(&self) -> String {
        let mut q = Query::default();
        self.write(&mut q);
        let parts: Vec<String> = q.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("hetlab.practice.{}", parts.join("&"))
    }

    /// The completion codes' records of `answered`: one per family asked, its answers in
    /// order (skipped ones empty).
    #[must_use]
    pub fn records(&self, answered: &[Answered]) -> Vec<Record> {
        let k = self.families.len().max(1);
        self.families
            .iter()
            .enumerate()
            .map(|(j, family)| Record {
                family: (*family).to_owned(),
                difficulty: self.difficulty,
                seed: self.questions_seed(),
                answers: answered
                    .iter()
                    .skip(j)
                    .step_by(k)
                    .map(|a| a.answer.clone())
                    .collect(),
                name: self.name.clone(),
            })
            .filter(|r| !r.answers.is_empty())
            .collect()
    }
}

/// Every family, in the catalog's order.
fn all_families() -> Vec<&'static str> {
    FAMILIES.iter().map(|f| f.problem).collect()
}

/// The families of `f=` (names separated by commas), in the catalog's order.
fn families(text: &str) -> Result<Vec<&'static str>, String> {
    let asked: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(unknown) = asked
        .iter()
        .find(|a| !FAMILIES.iter().any(|f| f.problem == **a))
    {
        let names: Vec<&str> = FAMILIES.iter().map(|f| f.problem).collect();
        return Err(format!(
            "f= names \"{}\", which is not a family: write some of {}, separated by commas.",
            clip(unknown),
            names.join(", ")
        ));
    }
    let chosen: Vec<&'static str> = FAMILIES
        .iter()
        .map(|f| f.problem)
        .filter(|p| asked.contains(p))
        .collect();
    if chosen.is_empty() {
        return Err("f= names no family: write at least one, such as f=chains.".to_owned());
    }
    Ok(chosen)
}

/// The first characters of a value, for a message.
fn clip(text: &str) -> String {
    let t: String = text.chars().take(24).collect();
    if t.len() < text.len() {
        format!("{t}…")
    } else {
        t
    }
}

/// One answered question, as the browser keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answered {
    /// The answer given (empty: skipped).
    pub answer: String,
    /// `"right"`, `"wrong"` or `"skipped"`.
    pub verdict: String,
    /// Why it is wrong, in a sentence (empty otherwise).
    #[serde(default)]
    pub message: String,
    /// The accepted answers, shown after answering.
    #[serde(default)]
    pub accepted: Vec<String>,
}

impl Answered {
    /// Whether it was right.
    #[must_use]
    pub fn right(&self) -> bool {
        self.verdict == "right"
    }
}

/// The answers of a set as kept in the browser (JSON), or nothing for text that is not (a
/// damaged or foreign entry starts the set again rather than stopping the page).
#[must_use]
pub fn read_answers(text: &str) -> Vec<Answered> {
    let mut kept: Vec<Answered> = serde_json::from_str(text).unwrap_or_default();
    kept.truncate(MAX_KEPT);
    kept
}

/// How many of `answered` are right.
#[must_use]
pub fn score(answered: &[Answered]) -> usize {
    answered.iter().filter(|a| a.right()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(hash: &str) -> (Set, Vec<Problem>) {
        Set::from_query(&Route::parse(hash).query, 99)
    }

    #[test]
    fn course_links_reopen_the_set_without_the_name_and_escape_the_snippet() {
        let (s, _) = set("#/practice?f=scatter&d=medium&seed=12&n=5&name=Ada");
        let (url, snippet) = s.course_links("https://x.org/h/?a=1&b=2", true);
        assert_eq!(
            url,
            "https://x.org/h/?a=1&b=2#/practice?f=scatter&d=medium&seed=12&n=5&names=1"
        );
        let reopened = set(url.split_once('#').map_or("", |(_, h)| h)).0;
        assert_eq!(
            reopened,
            Set {
                name: None,
                ..s.clone()
            }
        );
        assert_eq!(
            snippet,
            "<iframe src=\"https://x.org/h/?a=1&amp;b=2#/practice?f=scatter&amp;d=medium&amp;seed=12&amp;n=5&amp;names=1&amp;embed=1\" width=\"840\" height=\"900\" style=\"border:0;max-width:100%\" title=\"HetLab practice\" loading=\"lazy\"></iframe>"
        );
        assert!(!s.course_links("b/", false).0.contains("names"));
    }

    #[test]
    fn a_teachers_address_gives_its_set_and_writes_it_back() {
        let (s, problems) = set("#/practice?f=ring,chains&d=large&seed=7&n=10");
        assert!(problems.is_empty());
        assert_eq!(s.families, ["chains", "ring"], "the catalog's order");
        assert_eq!(
            (s.difficulty, s.seed, s.count),
            (Difficulty::Large, 7, Some(10))
        );
        let mut q = Query::default();
        s.write(&mut q);
        assert_eq!(Set::from_query(&q, 1).0, s);
        assert_eq!(s.slot(0), ("chains", 0));
        assert_eq!(s.slot(3), ("ring", 1));
        assert!(!s.ended(9) && s.ended(10));
    }

    #[test]
    fn bad_parameters_are_named_and_defaults_used() {
        let (s, problems) = set("#/practice?f=chain&d=hard&seed=-1&n=0&name=");
        let fields: Vec<&str> = problems.iter().map(|p| p.field).collect();
        assert_eq!(fields, ["f", "d", "seed", "n"]);
        assert!(
            problems[0].message.contains("\"chain\""),
            "{}",
            problems[0].message
        );
        assert_eq!(s.families.len(), FAMILIES.len());
        assert_eq!(
            (s.difficulty, s.seed, s.count, s.name),
            (Difficulty::Small, 99, None, None)
        );
        let (_, p) = set(&format!("#/practice?n=201&name={}", "a".repeat(65)));
        assert_eq!(p.len(), 2);
        let (_, p) = set("#/practice?f=,,");
        assert_eq!(p[0].field, "f");
    }

    #[test]
    fn each_name_has_its_variant_and_no_name_keeps_the_seed() {
        let (plain, _) = set("#/practice?seed=5");
        let (ada, _) = set("#/practice?seed=5&name=Ada");
        let (bob, _) = set("#/practice?seed=5&name=Bob");
        assert_eq!(plain.questions_seed(), 5);
        assert_ne!(ada.questions_seed(), bob.questions_seed());
        assert_eq!(
            ada.questions_seed(),
            set("#/practice?seed=5&name=Ada").0.questions_seed()
        );
        assert_ne!(ada.key(), bob.key());
    }

    #[test]
    fn records_split_the_answers_by_family_in_order() {
        let (s, _) = set("#/practice?f=chains,ring&seed=3&n=5&name=Ada");
        let a = |x: &str| Answered {
            answer: x.to_owned(),
            verdict: "wrong".to_owned(),
            message: String::new(),
            accepted: Vec::new(),
        };
        let records = s.records(&[a("1"), a("P2"), a(""), a("P1"), a("7/4")]);
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].family, "chains");
        assert_eq!(records[0].answers, ["1", "", "7/4"]);
        assert_eq!(records[1].answers, ["P2", "P1"]);
        assert_eq!(records[0].seed, s.questions_seed());
        assert_eq!(records[0].name.as_deref(), Some("Ada"));
    }

    #[test]
    fn kept_answers_are_read_totally() {
        assert!(read_answers("not json").is_empty());
        assert!(read_answers("{\"a\":1}").is_empty());
        let one = r#"[{"answer":"7/4","verdict":"right"}]"#;
        assert_eq!(score(&read_answers(one)), 1);
    }
}
