//! The site's binaries, two per group of families (issue 15: the site's wasm under 700 KB
//! gzipped with all nine families): a page binary (`hetlab-<group>`: the whole site, home,
//! platform editor, bench page, the algorithm page, and the family pages of its group) and its
//! solver worker binary (`hetlab-solver-<group>`: the group's solvers). index.html's loader
//! opens the page binary whose group has the route's family (the first group for the pages of
//! no family), which starts its group's worker; a page that navigates to a family of another
//! group reloads, so that the loader opens that group's binary.
//!
//! Grouped by meaning, and so that each stays under the size ceiling (`./run`'s
//! `WASM_GZ_CEILING`): communication on a platform graph (the steady-state and broadcast LPs),
//! dividing work among processors, and one master distributing data or tasks. Measured with
//! every family in one binary: 801 218 B gzip -9; in two groups, communication 603 141 B and
//! partitioning 615 595 B; the communication group's worker then grew to 688 781 B (issue 33's
//! SimGrid programs, issue 34's explanations) and scatter and master–slave became a third group
//! (docs/decisions.md, 2026-11-29).
//!
//! The names and families here are the one list: the build writes it into index.html for its
//! loader (`www/bundles.sh`, run by `www/hash-bins.sh`; a test below runs it) and `ui::pages`
//! compiles each group's pages from it (a compile-time check there keeps its types in the order
//! and names of this list).

/// One page binary: its name (`hetlab-<name>` in Cargo.toml and index.html), the route names
/// of its families and of the other pages only it holds.
#[derive(Debug, PartialEq, Eq)]
pub struct Bundle {
    /// The binary's short name.
    pub name: &'static str,
    /// The route names (`#/<family>`) of the family pages it holds.
    pub families: &'static [&'static str],
    /// The route names of the pages of no family that only this binary holds (the others, such
    /// as the home page and the platform editor, are in every page binary).
    pub pages: &'static [&'static str],
}

impl Bundle {
    /// Whether it has a solver worker binary (`hetlab-solver-<name>`): a group of families does.
    #[must_use]
    pub const fn has_solvers(&self) -> bool {
        !self.families.is_empty()
    }

    /// Whether it holds the page `route` names (`#/<route>`), a family's or another.
    #[must_use]
    pub fn holds(&self, route: &str) -> bool {
        self.families.contains(&route) || self.pages.contains(&route)
    }
}

/// Communication on a platform graph, by the steady-state and broadcast LPs and their periodic
/// schedules: steady state, broadcast.
pub const COMMUNICATION: Bundle = Bundle {
    name: "communication",
    families: &["steady-state", "broadcast"],
    pages: &[],
};

/// One master distributing data or tasks to its workers: scatter, master–slave.
pub const DISTRIBUTION: Bundle = Bundle {
    name: "distribution",
    families: &["scatter", "master-slave"],
    pages: &[],
};

/// Dividing work among processors: square partitions, LU, chains, the ring, divisible loads.
pub const PARTITIONING: Bundle = Bundle {
    name: "partitioning",
    families: &["square-partition", "lu", "chains", "ring", "divisible"],
    pages: &[],
};

/// The teaching and research layers over every family: practice questions, lessons and
/// experiments (sweeps). They show family pages in frames and ask every group's solver worker,
/// so they keep the family pages' binaries small (no solver worker of their own).
pub const TEACHING: Bundle = Bundle {
    name: "teaching",
    families: &[],
    pages: &["practice", "lesson", "experiments"],
};

/// Every page binary, the one that opens for pages of no family first.
pub const BUNDLES: &[Bundle] = &[COMMUNICATION, PARTITIONING, DISTRIBUTION, TEACHING];

/// The binary that holds the page of `problem` (a family's, or a page only one binary holds),
/// if any does.
#[must_use]
pub fn bundle_of(problem: &str) -> Option<&'static Bundle> {
    BUNDLES.iter().find(|b| b.holds(problem))
}

/// The body of a solver worker binary (`src/bin/solver_*.rs`) serving `$solvers` (a
/// `ui::pages::group!` static): `main` serves the page's jobs inside a Web Worker, and
/// `solve_json` is exported for the browser test that compares the site's answers with the
/// native command line's, byte for byte (it imports the binary's glue on the page and calls
/// it; `main` then serves nothing, as it is not in a worker). Both are empty on the host.
#[macro_export]
macro_rules! solver_binary {
    ($solvers:path) => {
        #[cfg(target_arch = "wasm32")]
        fn main() {
            $crate::ui::worker::serve::serve(&$solvers);
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {}

        /// Solves `instance_json` with `algorithm` (the family's default when empty): the
        /// document `hetlab solve --explain` prints (pretty JSON), or `error: ` and the message.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        #[must_use]
        pub fn solve_json(instance_json: &str, algorithm: &str) -> String {
            $crate::ui::worker::serve::solve_json(&$solvers, instance_json, algorithm)
        }

        /// `count` practice questions of `problem` from `seed` at `difficulty`, with their
        /// answers: the text `hetlab practice` prints, or `error: ` and the message.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        #[must_use]
        pub fn practice_json(problem: &str, seed: &str, count: u32, difficulty: &str) -> String {
            $crate::ui::worker::serve::practice_json(&$solvers, problem, seed, count, difficulty)
        }
    };
}

/// Whether two lists of names are the same, in order (for compile-time checks).
#[must_use]
pub const fn same_names(a: &[&str], b: &[&str]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        let (x, y) = (a[i].as_bytes(), b[i].as_bytes());
        if x.len() != y.len() {
            return false;
        }
        let mut j = 0;
        while j < x.len() {
            if x[j] != y[j] {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list the build writes into index.html for its loader (`www/bundles.sh`, run by the
    /// post-build hook `www/hash-bins.sh`).
    fn built_bundles() -> Vec<(String, Vec<String>)> {
        let out = std::process::Command::new("sh")
            .args(["www/bundles.sh", "src/bundles.rs"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("its text is JSON");
        v.as_object()
            .expect("an object")
            .iter()
            .map(|(k, fams)| {
                let fams = fams.as_array().expect("a list of families");
                (
                    k.clone(),
                    fams.iter()
                        .map(|f| f.as_str().expect("names").to_owned())
                        .collect(),
                )
            })
            .collect()
    }

    #[test]
    fn the_build_writes_the_same_binaries_and_families_in_the_same_order() {
        let ours: Vec<(String, Vec<String>)> = BUNDLES
            .iter()
            .map(|b| {
                (
                    b.name.to_owned(),
                    b.families
                        .iter()
                        .chain(b.pages)
                        .map(|f| (*f).to_owned())
                        .collect(),
                )
            })
            .collect();
        assert_eq!(built_bundles(), ours);
        let html = include_str!("../index.html");
        assert!(
            !html.contains(r#"id="hetlab-bundles">"#),
            "index.html keeps no copy of the list: the build writes it"
        );
    }

    #[test]
    fn index_html_builds_each_binary_with_its_name() {
        let html = include_str!("../index.html");
        for b in BUNDLES {
            let page = format!(r#"data-bin="hetlab-{}""#, b.name);
            assert!(html.contains(&page), "index.html builds no {page}");
            let solver = format!(r#"data-bin="hetlab-solver-{}""#, b.name);
            assert_eq!(
                html.contains(&solver),
                b.has_solvers(),
                "index.html and {}'s families disagree on {solver}",
                b.name
            );
        }
    }

    #[test]
    fn every_registered_family_has_its_page_in_exactly_one_binary() {
        use hetlab_core::families::PROBLEMS;
        for problem in PROBLEMS {
            let n = BUNDLES
                .iter()
                .filter(|b| b.families.contains(problem))
                .count();
            assert_eq!(n, 1, "{problem} is in {n} page binaries");
        }
        for b in BUNDLES {
            for f in b.families {
                assert!(
                    PROBLEMS.contains(f),
                    "{}: {f} is not a registered family",
                    b.name
                );
            }
        }
        assert_eq!(bundle_of("bench"), None);
        assert_eq!(bundle_of("practice"), Some(&TEACHING));
        assert!(
            BUNDLES[0].has_solvers(),
            "the first binary opens for the home page"
        );
    }

    #[test]
    fn same_names_compares_in_order() {
        assert!(same_names(&["a", "bc"], &["a", "bc"]));
        assert!(!same_names(&["a", "bc"], &["bc", "a"]));
        assert!(!same_names(&["a"], &["a", "b"]));
        assert!(!same_names(&["ab"], &["ac"]));
        assert!(!same_names(&["ab"], &["a"]));
    }
}
