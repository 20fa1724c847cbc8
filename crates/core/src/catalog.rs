//! The list of problem families and their algorithms (formats.md section 7), shared by
//! `hetlab list`, the home page and the `algo=` URL field. Names here are stable.

use serde::Serialize;

/// One algorithm of a family.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Algorithm {
    /// Stable name (`--algorithm`, `algo=`).
    pub name: &'static str,
    /// What it does, in a few words.
    pub title: &'static str,
    /// Implemented in this version.
    pub available: bool,
}

/// One problem family.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Family {
    /// Stable name (`"problem"` field, URL page).
    pub problem: &'static str,
    /// Title on the home page.
    pub title: &'static str,
    /// Its link in the site's header (short).
    pub nav: &'static str,
    /// One sentence for the home page.
    pub summary: &'static str,
    /// The spec file it follows.
    pub spec: &'static str,
    /// The papers it implements (the About page and `hetlab list` cite them).
    pub sources: &'static [&'static str],
    /// Algorithms, the default first.
    pub algorithms: &'static [Algorithm],
}

impl Family {
    /// Some algorithm of this family is implemented.
    #[must_use]
    pub fn available(&self) -> bool {
        self.algorithms.iter().any(|a| a.available)
    }

    /// The names of the implemented algorithms, the default first.
    #[must_use]
    pub fn available_names(&self) -> Vec<&'static str> {
        self.algorithms
            .iter()
            .filter(|a| a.available)
            .map(|a| a.name)
            .collect()
    }

    /// The algorithm with this name.
    #[must_use]
    pub fn algorithm(&self, name: &str) -> Option<&'static Algorithm> {
        self.algorithms.iter().find(|a| a.name == name)
    }
}

const fn algo(name: &'static str, title: &'static str, available: bool) -> Algorithm {
    Algorithm {
        name,
        title,
        available,
    }
}

/// Every family of the specs, in the order of the home page.
pub const FAMILIES: &[Family] = &[
    Family {
        problem: "steady-state",
        nav: "Steady state",
        title: "Master–worker steady state",
        summary: "The best throughput a platform sustains for independent tasks, and the periodic schedule that reaches it.",
        spec: "steady-state.md",
        sources: &[
            "O. Beaumont. Nouvelles méthodes pour l'ordonnancement sur plates-formes hétérogènes. Habilitation thesis (HDR), ch. 1–4.",
            "C. Banino, O. Beaumont, L. Carter, J. Ferrante, A. Legrand, Y. Robert. Scheduling strategies for master-slave tasking on heterogeneous processor platforms. IEEE Transactions on Parallel and Distributed Systems, 2004.",
        ],
        algorithms: &[
            algo("lp", "linear program on any graph, matchings, periodic schedule", true),
            algo("tree", "bandwidth-centric closed form on trees and stars", true),
        ],
    },
    Family {
        problem: "broadcast",
        nav: "Broadcast",
        title: "Steady-state broadcast",
        summary: "Stream messages from one source to all: the LP, then weighted spanning trees.",
        spec: "broadcast.md",
        sources: &[
            "O. Beaumont. Nouvelles méthodes pour l'ordonnancement sur plates-formes hétérogènes. Habilitation thesis (HDR), ch. 3 and 5 (periodic schedules, broadcast and multicast).",
        ],
        algorithms: &[
            algo("lp", "LP + weighted-tree decomposition", true),
            algo("best-tree", "best single spanning tree", true),
            algo("star", "star overlay", true),
            algo("chain", "chain overlay", true),
            algo("binomial", "binomial overlay", true),
            algo("greedy-tree", "greedy single tree (§7.4)", true),
            algo("spt", "shortest-path tree (§7.4)", true),
            algo("tree-colgen", "column generation over trees (§3.7)", true),
            algo("lp-heaviest-tree", "LP-guided: heaviest tree of the decomposition (§7.4)", true),
            algo("lp-usage-tree", "LP-guided: maximum-usage arborescence (§7.4)", true),
            algo("split-nodes", "every node split in/out: the bidirectional optimum (§6.5)", true),
            algo("delta-port-nodes", "every node a Δ-port hub (§6.5)", true),
            algo("multicast-scatter", "multicast lower bound: scatter (§5.3)", true),
            algo("multicast-pruned", "multicast heuristic H1: pruned broadcast (§5.6)", true),
            algo("multicast-augmented", "multicast heuristic H2: augmented (§5.6)", true),
            algo("multicast-exact", "multicast exact, Steiner trees (§5.6)", true),
        ],
    },
    Family {
        problem: "square-partition",
        nav: "Square partitions",
        title: "Unit-square partitions",
        summary: "Tile a matrix among processors of different speeds with the least communication.",
        spec: "square-partitions.md",
        sources: &[
            "O. Beaumont, V. Boudet, F. Rastello, Y. Robert. Partitioning a square into rectangles: NP-completeness and approximation algorithms. Algorithmica 34(3):217–239, 2002.",
        ],
        algorithms: &[
            algo("column-dp", "optimal column-based partition", true),
            algo("recursive", "recursive 7/4 approximation", true),
            algo("peri-max", "column heuristic for the largest half-perimeter", true),
            algo("bisection", "recursive bisection baseline", true),
            algo("slices", "one-dimensional slices baseline", true),
            algo("kalinov-lastovetsky", "balanced columns baseline, Kalinov–Lastovetsky (§3.3)", true),
            algo("grid", "2D processor grid: SVD heuristic (§4.4)", true),
            algo("grid-exact", "2D processor grid: the heuristic's arrangements solved exactly, P·Q ≤ 16 (§4.3)", true),
        ],
    },
    Family {
        problem: "lu",
        nav: "LU",
        title: "LU data distributions",
        summary: "Keep an LU factorisation balanced while the trailing matrix shrinks.",
        spec: "lu-distributions.md",
        sources: &[
            "O. Beaumont, A. Legrand, F. Rastello, Y. Robert. Static LU decomposition on heterogeneous platforms. LIP research report RR-2000-44, ENS Lyon, 2000.",
        ],
        algorithms: &[
            algo("1d", "incremental 1D allocation, reversed slices", true),
            algo("2d-dp", "2D scheme on a column-based partition", true),
            algo("2d-greedy", "2D greedy", true),
            algo("block-cyclic", "block-cyclic baseline", true),
            algo("full-block", "the column-based partition scaled to n (§3.1.2)", true),
            algo("grid-panels", "block panels on a true processor grid, the instance's grid (§2.5)", true),
        ],
    },
    Family {
        problem: "chains",
        nav: "Chains",
        title: "1D chain partitioning",
        summary: "Cut a chain of tasks into consecutive parts for processors of different speeds.",
        spec: "chains.md",
        sources: &[
            "A. Pınar, E. K. Tabak, C. Aykanat. One-dimensional partitioning for heterogeneous systems: theory and practice. Journal of Parallel and Distributed Computing, 2008.",
        ],
        algorithms: &[
            algo("exact-bisection", "exact bisection, bounds snapped to realisable values (§6.8)", true),
            algo("dp", "dynamic programming in O(NP) (§6.2)", true),
            algo("dp-plus", "dynamic programming on the separator band (§6.3)", true),
            algo("nicol", "Nicol's search, heterogeneous (§6.4)", true),
            algo("nicol-plus", "Nicol's search with dynamic bounds (§6.5)", true),
            algo("bidding", "bidding, corrected (§6.6)", true),
            algo("eps-bisection", "ε-bisection, ε = 1/1000 (§6.7); value: its partition's bottleneck (≤ UB)", true),
            algo("rb", "recursive bisection heuristic (§5.1)", true),
            algo("mp", "Miguet–Pierson heuristic (§5.2)", true),
            algo("cp-random", "processors reordered: best of R random orders (§8.2)", true),
            algo("dp-eq4", "dynamic programming by Eq. 4, the whole table (§6.1)", true),
            algo("exhaustive", "every separator vector, the reference (§6.0)", true),
            algo("cp-exact", "processors reordered: every order, P ≤ 8 (§8.3)", true),
        ],
    },
    Family {
        problem: "ring",
        nav: "Ring",
        title: "Ring of processors",
        summary: "Pick and order the processors of a ring for an iterative computation.",
        spec: "ring.md",
        sources: &[
            "H. Renard, Y. Robert, F. Vivien. Static load-balancing techniques for iterative computations on heterogeneous clusters. Euro-Par 2003 (LIP research report RR-2003-12).",
        ],
        algorithms: &[
            algo("exact", "exhaustive (p ≤ 9), subset Held–Karp up to p = 16", true),
            algo("greedy", "greedy ring growing from the fastest processor", true),
            algo("tsp", "all processors on a TSP local-search tour", true),
            algo("homogeneous", "homogeneous-network closed form (equal links)", true),
            algo("exhaustive", "exhaustive search over every ring (p ≤ 10)", true),
            algo("held-karp", "subset Held–Karp bounds (p ≤ 16)", true),
            algo("greedy-all-starts", "greedy from every fastest processor", true),
        ],
    },
    Family {
        problem: "scatter",
        nav: "Scatter",
        title: "Scatter",
        summary: "Split the data of a scatter so that every processor finishes together.",
        spec: "scatter.md",
        sources: &[
            "S. Genaud, A. Giersch, F. Vivien. Load-balancing scatter operations for grid computing. IPDPS 2003 (HCW); Parallel Computing, 2004.",
        ],
        algorithms: &[
            algo("dp", "exact dynamic programming (§2), given order", true),
            algo("lp-rounded", "LP + deterministic rounding, guaranteed (§4)", true),
            algo("closed-form", "rational optimum of linear costs (§3, Theorems 1–2)", true),
            algo("dp-sorted", "decreasing bandwidth order (§5), then the DP", true),
            algo("order-search", "every order with the DP (§5, p ≤ 7)", true),
            algo("root-choice", "best root for data on one machine (§5)", true),
        ],
    },
    Family {
        problem: "master-slave",
        nav: "Master–slave",
        title: "Master–slave on a bus",
        summary: "How many identical tasks a master gets done by T when all traffic shares one bus or one port per tree node, and how fast it finishes C tasks.",
        spec: "master-slave.md",
        sources: &[
            "O. Beaumont, A. Legrand, Y. Robert. The master-slave paradigm with heterogeneous processors. IEEE Transactions on Parallel and Distributed Systems 14(9), 2003.",
            "O. Beaumont. Nouvelles méthodes pour l'ordonnancement sur plates-formes hétérogènes. Habilitation thesis (HDR), ch. 2 §2.1 (one-port trees).",
        ],
        algorithms: &[
            algo("exact", "the variant's own method: closed form, assignment, enumeration (p ≤ 7), reverse-time merge on trees", true),
            algo("approx", "MaxTasks2 approximation within p tasks (§4.4)", true),
            algo("greedy", "fastest-first foil (MaxTasks1), greedy baseline (MaxTasks3)", true),
            algo("periodic", "asymptotically optimal periodic pattern (MaxTasks3/4, §6–7)", true),
        ],
    },
    Family {
        problem: "divisible",
        nav: "Divisible load",
        title: "Divisible loads",
        summary: "Share an arbitrarily divisible load among workers on a star or a tree.",
        spec: "divisible-load.md",
        sources: &[
            "O. Beaumont, H. Casanova, A. Legrand, Y. Robert, Y. Yang. Scheduling divisible loads on star and tree networks: results and open problems. IEEE Transactions on Parallel and Distributed Systems 16(3), 2005.",
        ],
        algorithms: &[
            algo("exact", "the variant's own method: closed form, tree collapse, exact search (p ≤ 9) or multi-round scheme", true),
            algo("star-linear", "STARLINEAR: bandwidth order, equal finish (§2)", true),
            algo("fixed-order", "imposed order: best subsequence (§2.4)", true),
            algo("tree-linear", "TREELINEAR: bottom-up collapse into w_eq (§3)", true),
            algo("affine-exact", "STARAFFINE: exact search over ordered subsets (§4.2)", true),
            algo("affine-sorted", "STARAFFINE: all workers by g, large loads (Prop. 4)", true),
            algo("affine-prefix", "STARAFFINE: best prefix of the g order, heuristic (§4.2)", true),
            algo("affine-lp", "STARAFFINE: LP of the input order (§4.3)", true),
            algo("multi-installment", "multi-installment, M rounds (§5)", true),
            algo("umr", "uniform multi-round (UMR), computed M (§6)", true),
            algo("periodic", "asymptotically optimal periodic schedule (§7)", true),
        ],
    },
];

/// The family with this problem name.
#[must_use]
pub fn family(problem: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.problem == problem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_tree_is_available() {
        let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.problem).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FAMILIES.len());
        let ss = family("steady-state").unwrap();
        assert!(ss.algorithm("tree").unwrap().available);
        assert!(
            family("ring")
                .unwrap()
                .algorithm("exact")
                .unwrap()
                .available
        );
    }

    /// The menus show `name: title`, so a title that repeats its name reads twice ("exact:
    /// exact: ...", once in the master-slave menu).
    #[test]
    fn titles_do_not_repeat_their_names() {
        for f in FAMILIES {
            for a in f.algorithms {
                assert!(
                    !a.title.to_lowercase().starts_with(&format!("{}:", a.name)),
                    "{}: {} repeats its name",
                    f.problem,
                    a.name
                );
            }
        }
    }

    /// Every family cites the papers it implements (issue 38: the About page lists them), each
    /// a sentence with its authors and where it appeared.
    #[test]
    fn every_family_cites_its_sources() {
        for f in FAMILIES {
            assert!(!f.sources.is_empty(), "{} cites no source", f.problem);
            for s in f.sources {
                assert!(s.ends_with('.') && s.contains(". "), "{}: {s}", f.problem);
            }
        }
    }
}
