//! The page's binaries, one per group of family pages (issue 15: the page's wasm under 700 KB
//! gzipped with all nine families). Each binary holds the whole site (home, platform editor,
//! bench page, the algorithm page) and the family pages of its group; the solver worker's
//! binary holds every solver. index.html's loader opens the binary whose group has the route's
//! family (the first group for the pages of no family), and a page that navigates to a family
//! of the other group reloads, so that the loader opens the other binary.
//!
//! Grouped by meaning, and so that the two are near the same size: communication on a platform
//! graph, and dividing work among processors. Measured with every family in one binary: 801 218
//! B gzip -9; communication 603 141 B, partitioning 615 595 B.
//!
//! The names and families here are the one list: index.html repeats it for its loader (a test
//! below checks it) and `ui::pages` compiles each group's pages from it (a compile-time check
//! there keeps its types in the order and names of this list).

/// One page binary: its name (`hetlab-<name>` in Cargo.toml and index.html) and the route
/// names of its families.
#[derive(Debug, PartialEq, Eq)]
pub struct Bundle {
    /// The binary's short name.
    pub name: &'static str,
    /// The route names (`#/<family>`) of the family pages it holds.
    pub families: &'static [&'static str],
}

/// Communication on a platform graph: steady state, broadcast, scatter, master–slave.
pub const COMMUNICATION: Bundle = Bundle {
    name: "communication",
    families: &["steady-state", "broadcast", "scatter", "master-slave"],
};

/// Dividing work among processors: square partitions, LU, chains, the ring, divisible loads.
pub const PARTITIONING: Bundle = Bundle {
    name: "partitioning",
    families: &["square-partition", "lu", "chains", "ring", "divisible"],
};

/// Every page binary, the one that opens for pages of no family first.
pub const BUNDLES: &[Bundle] = &[COMMUNICATION, PARTITIONING];

/// The binary that holds the page of `problem`, if any does.
#[must_use]
pub fn bundle_of(problem: &str) -> Option<&'static Bundle> {
    BUNDLES.iter().find(|b| b.families.contains(&problem))
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

    /// index.html's list for its loader, read from its `<script id="hetlab-bundles">`.
    fn index_html_bundles() -> Vec<(String, Vec<String>)> {
        let html = include_str!("../index.html");
        let start = html
            .find(r#"id="hetlab-bundles">"#)
            .expect("index.html has <script id=\"hetlab-bundles\">");
        let rest = &html[start..];
        let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
        let v: serde_json::Value = serde_json::from_str(json).expect("its text is JSON");
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
    fn index_html_lists_the_same_binaries_and_families_in_the_same_order() {
        let ours: Vec<(String, Vec<String>)> = BUNDLES
            .iter()
            .map(|b| {
                (
                    b.name.to_owned(),
                    b.families.iter().map(|f| (*f).to_owned()).collect(),
                )
            })
            .collect();
        assert_eq!(index_html_bundles(), ours);
    }

    #[test]
    fn index_html_builds_each_binary_with_its_name() {
        let html = include_str!("../index.html");
        for b in BUNDLES {
            let bin = format!(r#"data-bin="hetlab-{}""#, b.name);
            assert!(html.contains(&bin), "index.html builds no {bin}");
        }
    }

    #[test]
    fn every_built_family_has_its_page_in_exactly_one_binary() {
        for f in hetlab_core::catalog::FAMILIES
            .iter()
            .filter(|f| f.available())
        {
            let n = BUNDLES
                .iter()
                .filter(|b| b.families.contains(&f.problem))
                .count();
            assert_eq!(n, 1, "{} is in {n} page binaries", f.problem);
            assert_eq!(
                bundle_of(f.problem).map(|b| b.families.contains(&f.problem)),
                Some(true)
            );
        }
        let all: usize = BUNDLES.iter().map(|b| b.families.len()).sum();
        let built = hetlab_core::catalog::FAMILIES
            .iter()
            .filter(|f| f.available())
            .count();
        assert_eq!(
            all, built,
            "a page binary names a family the catalog does not build"
        );
        assert_eq!(bundle_of("bench"), None);
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
