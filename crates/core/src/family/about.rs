//! What a family's page says about its problem beside the figure (issue 34): why the problem is
//! hard or what is known of its complexity, what the algorithms guarantee and why, each topic
//! with the spec section it comes from and, where one exists, a scene (a preset, an algorithm
//! and a step) that shows it. Each family writes its own in `crates/core/src/<family>/about.rs`
//! ([`Family::ABOUT`](super::Family::ABOUT)); `hetlab about PROBLEM` prints it and the site's
//! family pages show it, from the same constants. Text is plain Unicode (`ρ*`, `≤`, `√`): it
//! renders the same in a terminal, on the page and in a screen reader.

use std::fmt::Write as _;

/// A family's explanation panel.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The topics, most important first (the first is the "why it is hard" one).
    pub topics: &'static [Topic],
}

/// One topic of the panel.
#[derive(Clone, Copy, Debug)]
pub struct Topic {
    /// Its heading, a short sentence.
    pub heading: &'static str,
    /// Its paragraphs.
    pub text: &'static [&'static str],
    /// Where the spec states it (`"steady-state.md §2.10"`: a file of the specs and a section
    /// number; a test checks that the section exists).
    pub spec: &'static str,
    /// A table under the paragraphs (a summary the spec gives as a table), if any.
    pub table: Option<Table>,
    /// The scene that shows it, if one does.
    pub scene: Option<Scene>,
}

/// A small table of a topic: a caption, a header row and rows of cells (plain text).
#[derive(Clone, Copy, Debug)]
pub struct Table {
    /// One sentence above it, saying what it shows.
    pub caption: &'static str,
    /// The header cells.
    pub head: &'static [&'static str],
    /// The rows, each as long as the header.
    pub rows: &'static [&'static [&'static str]],
}

impl Table {
    /// The table as text: the caption, then one line per row, cells between `|`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", self.caption);
        for row in std::iter::once(self.head).chain(self.rows.iter().copied()) {
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
        out
    }
}

/// A view of the family's page that shows a topic: a preset at a step of an algorithm's run
/// (a test checks the preset, the algorithm and the step).
#[derive(Clone, Copy, Debug)]
pub struct Scene {
    /// The link's words ("Example 5: the best tree is 3 times slower").
    pub what: &'static str,
    /// The preset's name.
    pub preset: &'static str,
    /// The algorithm.
    pub algorithm: &'static str,
    /// The step to open at (0: before the first step).
    pub step: usize,
}

impl Scene {
    /// The page's address of this scene, relative to the site (`#/chains?preset=…&algo=…&step=…`).
    #[must_use]
    pub fn route(&self, problem: &str) -> String {
        format!(
            "#/{problem}?preset={}&algo={}&step={}",
            self.preset, self.algorithm, self.step
        )
    }
}

impl About {
    /// The panel as text for a terminal (`hetlab about`): each topic's heading, paragraphs,
    /// spec section and scene, then the papers.
    #[must_use]
    pub fn to_text(&self, problem: &str, title: &str, sources: &[&str]) -> String {
        let mut out = format!("{title}\n{}\n", "=".repeat(title.chars().count()));
        for t in self.topics {
            let _ = write!(
                out,
                "\n{}\n{}\n",
                t.heading,
                "-".repeat(t.heading.chars().count())
            );
            for p in t.text {
                let _ = writeln!(out, "{p}\n");
            }
            if let Some(table) = &t.table {
                let _ = writeln!(out, "{}", table.to_text());
            }
            let _ = writeln!(out, "Spec: {}", t.spec);
            if let Some(s) = &t.scene {
                let _ = writeln!(out, "See: {} ({})", s.what, s.route(problem));
            }
        }
        if !sources.is_empty() {
            out.push_str("\nPapers\n------\n");
            for s in sources {
                let _ = writeln!(out, "- {s}");
            }
        }
        out
    }
}
