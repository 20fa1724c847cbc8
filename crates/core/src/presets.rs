//! Ready-made instances: the worked examples of the specs and the measured clusters of ring.md.
//!
//! They are JSON files under `crates/core/presets/`, compiled in, read through the same
//! validating parser as user files (a test checks that every one of them reads).

use crate::families::Instance;
use crate::steady_state::SteadyState;

/// A preset: stable name (used in URLs and the CLI), title, and its JSON text.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Stable name.
    pub name: &'static str,
    /// The family (`"problem"` of the JSON; a test checks they agree).
    pub problem: &'static str,
    /// Menu title.
    pub title: &'static str,
    /// The instance JSON.
    pub json: &'static str,
}

/// Every preset, in menu order.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "example-1",
        problem: "steady-state",
        title: "4 processors with a cycle (steady-state §6.1)",
        json: include_str!("../presets/example-1.json"),
    },
    Preset {
        name: "star-example-2",
        problem: "steady-state",
        title: "Star, bandwidth saturation (steady-state §6.2)",
        json: include_str!("../presets/star-example-2.json"),
    },
    Preset {
        name: "tree-example-3",
        problem: "steady-state",
        title: "Depth-3 tree with a router (steady-state §6.3)",
        json: include_str!("../presets/tree-example-3.json"),
    },
    Preset {
        name: "two-masters-example-4",
        problem: "steady-state",
        title: "Two masters, one-way arcs (steady-state §6.4)",
        json: include_str!("../presets/two-masters-example-4.json"),
    },
    Preset {
        name: "gadget-example-5",
        problem: "steady-state",
        title: "Multi-path gadget (steady-state §6.5)",
        json: include_str!("../presets/gadget-example-5.json"),
    },
    Preset {
        name: "lyon",
        problem: "steady-state",
        title: "Lyon cluster, 14 processors (ring §9.1)",
        json: include_str!("../presets/lyon.json"),
    },
    Preset {
        name: "strasbourg",
        problem: "steady-state",
        title: "Strasbourg cluster, 13 processors (ring §9.2)",
        json: include_str!("../presets/strasbourg.json"),
    },
    Preset {
        name: "broadcast-e1",
        problem: "broadcast",
        title: "Triangle (broadcast §9.1, E1)",
        json: include_str!("../presets/broadcast-e1.json"),
    },
    Preset {
        name: "broadcast-e2",
        problem: "broadcast",
        title: "Two relays: two trees beat one (broadcast §9.2, E2)",
        json: include_str!("../presets/broadcast-e2.json"),
    },
    Preset {
        name: "broadcast-e3",
        problem: "broadcast",
        title: "5 nodes, asymmetric (broadcast §9.3, E3)",
        json: include_str!("../presets/broadcast-e3.json"),
    },
    Preset {
        name: "broadcast-e4",
        problem: "broadcast",
        title: "Complete K5 (broadcast §9.4, E4)",
        json: include_str!("../presets/broadcast-e4.json"),
    },
    Preset {
        name: "broadcast-e5",
        problem: "broadcast",
        title: "Tree-shaped platform (broadcast §9.5, E5)",
        json: include_str!("../presets/broadcast-e5.json"),
    },
    Preset {
        name: "broadcast-e6",
        problem: "broadcast",
        title: "Multicast, neither bound tight (broadcast §9.6, E6)",
        json: include_str!("../presets/broadcast-e6.json"),
    },
    Preset {
        name: "square-7-1",
        problem: "square-partition",
        title: "8 areas, 3 columns (square §7.1)",
        json: include_str!("../presets/square-7-1.json"),
    },
    Preset {
        name: "square-7-2",
        problem: "square-partition",
        title: "8 areas with a tie (square §7.2)",
        json: include_str!("../presets/square-7-2.json"),
    },
    Preset {
        name: "square-7-3",
        problem: "square-partition",
        title: "5 areas (square §7.3)",
        json: include_str!("../presets/square-7-3.json"),
    },
    Preset {
        name: "square-7-4",
        problem: "square-partition",
        title: "Degenerate, 6 areas (square §7.4)",
        json: include_str!("../presets/square-7-4.json"),
    },
    Preset {
        name: "square-7-5",
        problem: "square-partition",
        title: "7 processors by cycle times (square §7.5)",
        json: include_str!("../presets/square-7-5.json"),
    },
    Preset {
        name: "square-e3",
        problem: "square-partition",
        title: "One processor with 60 % (square §7.6 E3)",
        json: include_str!("../presets/square-e3.json"),
    },
    Preset {
        name: "square-e6",
        problem: "square-partition",
        title: "Speeds 1 to 13 (square §7.6 E6)",
        json: include_str!("../presets/square-e6.json"),
    },
    Preset {
        name: "lu-1-2",
        problem: "lu",
        title: "3 processors, t = (3, 5, 8), B = 10 (LU §1.2)",
        json: include_str!("../presets/lu-1-2.json"),
    },
    Preset {
        name: "lu-set-a",
        problem: "lu",
        title: "Set A: one fast, eight slow, n = 8 (LU §5.4)",
        json: include_str!("../presets/lu-set-a.json"),
    },
    Preset {
        name: "lu-set-b",
        problem: "lu",
        title: "Set B: seven speeds, n = 10 (LU §5.5)",
        json: include_str!("../presets/lu-set-b.json"),
    },
    Preset {
        name: "square-grid-4-4",
        problem: "square-partition",
        title: "Nine processors, cycle times 1 to 9 (square §4.4, try the grid)",
        json: include_str!("../presets/square-grid-4-4.json"),
    },
    Preset {
        name: "chains-ex1",
        problem: "chains",
        title: "Ten tasks on three processors (chains §12, EX1)",
        json: include_str!("../presets/chains-ex1.json"),
    },
    Preset {
        name: "chains-ex2",
        problem: "chains",
        title: "Probe, shrinking interval: the main walk-through (chains §12, EX2)",
        json: include_str!("../presets/chains-ex2.json"),
    },
    Preset {
        name: "chains-ex3",
        problem: "chains",
        title: "Homogeneous with ties: two optimal partitions (chains §12, EX3)",
        json: include_str!("../presets/chains-ex3.json"),
    },
    Preset {
        name: "chains-ex4",
        problem: "chains",
        title: "One heavy task (chains §12, EX4)",
        json: include_str!("../presets/chains-ex4.json"),
    },
    Preset {
        name: "chains-ex5",
        problem: "chains",
        title: "Bidding: more processors than tasks (chains §12, EX5)",
        json: include_str!("../presets/chains-ex5.json"),
    },
    Preset {
        name: "chains-ex6",
        problem: "chains",
        title: "Generated: uniform(40, 1, 20, 11) on speeds(5, 4, 12) (chains §12, EX6)",
        json: include_str!("../presets/chains-ex6.json"),
    },
    Preset {
        name: "chains-ex7",
        problem: "chains",
        title: "Why heuristics fail: RB, MP and the optimum differ (chains §12, EX7)",
        json: include_str!("../presets/chains-ex7.json"),
    },
    Preset {
        name: "chains-ex8",
        problem: "chains",
        title: "Empty processors can be optimal (chains §12, EX8)",
        json: include_str!("../presets/chains-ex8.json"),
    },
    Preset {
        name: "chains-cp1",
        problem: "chains",
        title: "CP: the 3-PARTITION reduction (chains §12, CP-1)",
        json: include_str!("../presets/chains-cp1.json"),
    },
    Preset {
        name: "chains-cp2",
        problem: "chains",
        title: "CP: 10 random processor orders against the exact CP (chains §12, CP-2)",
        json: include_str!("../presets/chains-cp2.json"),
    },
    Preset {
        name: "ring-rr-1",
        problem: "ring",
        title: "4 processors, W = 10: all four, T = 7 (ring §12 RR-1)",
        json: include_str!("../presets/ring-rr-1.json"),
    },
    Preset {
        name: "ring-rg-1",
        problem: "ring",
        title: "Greedy and TSP pitfalls, 5 processors (ring §12 RG-1)",
        json: include_str!("../presets/ring-rg-1.json"),
    },
    Preset {
        name: "ring-rh-1",
        problem: "ring",
        title: "Homogeneous links, 5 processors (ring §12 RH-1)",
        json: include_str!("../presets/ring-rh-1.json"),
    },
    Preset {
        name: "ring-lyon",
        problem: "ring",
        title: "Lyon, 14 processors, W/H = 100 (ring §9.1)",
        json: include_str!("../presets/ring-lyon.json"),
    },
    Preset {
        name: "ring-strasbourg",
        problem: "ring",
        title: "Strasbourg, 13 processors, W/H = 100 (ring §9.2)",
        json: include_str!("../presets/ring-strasbourg.json"),
    },
    Preset {
        name: "master-slave-ms0",
        problem: "master-slave",
        title: "MaxTasks0: no communication (master-slave §11, MS-0)",
        json: include_str!("../presets/master-slave-ms0.json"),
    },
    Preset {
        name: "master-slave-ms1",
        problem: "master-slave",
        title: "MaxTasks1: slow slave first wins (MS-1, paper)",
        json: include_str!("../presets/master-slave-ms1.json"),
    },
    Preset {
        name: "master-slave-ms2",
        problem: "master-slave",
        title: "MaxTasks1: three slaves, unique optimum (MS-2)",
        json: include_str!("../presets/master-slave-ms2.json"),
    },
    Preset {
        name: "master-slave-ms2b",
        problem: "master-slave",
        title: "MaxTasks1: fastest-first is optimal here (MS-2b)",
        json: include_str!("../presets/master-slave-ms2b.json"),
    },
    Preset {
        name: "master-slave-ms2c",
        problem: "master-slave",
        title: "MaxTasks1: a slow slave left out (MS-2c)",
        json: include_str!("../presets/master-slave-ms2c.json"),
    },
    Preset {
        name: "master-slave-ms3",
        problem: "master-slave",
        title: "MinTime1: 10 tasks (MS-3)",
        json: include_str!("../presets/master-slave-ms3.json"),
    },
    Preset {
        name: "master-slave-ms4",
        problem: "master-slave",
        title: "MaxTasks2: approximation vs exact optimum (MS-4)",
        json: include_str!("../presets/master-slave-ms4.json"),
    },
    Preset {
        name: "master-slave-ms4b",
        problem: "master-slave",
        title: "MaxTasks2: four slaves (MS-4b)",
        json: include_str!("../presets/master-slave-ms4b.json"),
    },
    Preset {
        name: "master-slave-ms5",
        problem: "master-slave",
        title: "MaxTasks2: identical slaves, exact assignment (MS-5)",
        json: include_str!("../presets/master-slave-ms5.json"),
    },
    Preset {
        name: "master-slave-ms6",
        problem: "master-slave",
        title: "MaxTasks2: the RN-3DM reduction, YES instance (MS-6)",
        json: include_str!("../presets/master-slave-ms6.json"),
    },
    Preset {
        name: "master-slave-ms6b",
        problem: "master-slave",
        title: "MaxTasks2: the RN-3DM reduction, NO instance (MS-6)",
        json: include_str!("../presets/master-slave-ms6b.json"),
    },
    Preset {
        name: "master-slave-ms7",
        problem: "master-slave",
        title: "MaxTasks3: periodic pattern vs greedy, S = 1 (MS-7, paper)",
        json: include_str!("../presets/master-slave-ms7.json"),
    },
    Preset {
        name: "master-slave-ms8",
        problem: "master-slave",
        title: "MaxTasks3: bus-limited pattern (MS-8, paper)",
        json: include_str!("../presets/master-slave-ms8.json"),
    },
    Preset {
        name: "master-slave-ms9",
        problem: "master-slave",
        title: "MaxTasks4: returns after each task (MS-9, paper)",
        json: include_str!("../presets/master-slave-ms9.json"),
    },
    Preset {
        name: "master-slave-ms9b",
        problem: "master-slave",
        title: "MaxTasks4: small pattern (MS-9b)",
        json: include_str!("../presets/master-slave-ms9b.json"),
    },
    Preset {
        name: "master-slave-ms10",
        problem: "master-slave",
        title: "Fork graph: virtual slaves and Moore–Hodgson (MS-10)",
        json: include_str!("../presets/master-slave-ms10.json"),
    },
    Preset {
        name: "master-slave-ms10c",
        problem: "master-slave",
        title: "Fork graph with n = 5 tasks (MS-10c)",
        json: include_str!("../presets/master-slave-ms10c.json"),
    },
    Preset {
        name: "master-slave-ms10d",
        problem: "master-slave",
        title: "Fork graph, the master computes too (MS-10d)",
        json: include_str!("../presets/master-slave-ms10d.json"),
    },
    Preset {
        name: "master-slave-ms11",
        problem: "master-slave",
        title: "Chain of three (MS-11)",
        json: include_str!("../presets/master-slave-ms11.json"),
    },
    Preset {
        name: "master-slave-ms12",
        problem: "master-slave",
        title: "Spider with three legs (MS-12)",
        json: include_str!("../presets/master-slave-ms12.json"),
    },
    Preset {
        name: "master-slave-ms13",
        problem: "master-slave",
        title: "Tree with equal links (MS-13)",
        json: include_str!("../presets/master-slave-ms13.json"),
    },
    Preset {
        name: "divisible-dl1",
        problem: "divisible",
        title: "Fixed order vs free order (divisible DL-1)",
        json: include_str!("../presets/divisible-dl1.json"),
    },
    Preset {
        name: "divisible-dl3",
        problem: "divisible",
        title: "STARLINEAR, three workers (divisible DL-3)",
        json: include_str!("../presets/divisible-dl3.json"),
    },
    Preset {
        name: "divisible-dl4",
        problem: "divisible",
        title: "Unsorted input, a tie in g (divisible DL-4)",
        json: include_str!("../presets/divisible-dl4.json"),
    },
    Preset {
        name: "divisible-dl5",
        problem: "divisible",
        title: "The master computes (divisible DL-5)",
        json: include_str!("../presets/divisible-dl5.json"),
    },
    Preset {
        name: "divisible-dl6",
        problem: "divisible",
        title: "Bus: every order is optimal (divisible DL-6)",
        json: include_str!("../presets/divisible-dl6.json"),
    },
    Preset {
        name: "divisible-dl7",
        problem: "divisible",
        title: "TREELINEAR, two levels (divisible DL-7)",
        json: include_str!("../presets/divisible-dl7.json"),
    },
    Preset {
        name: "divisible-dl8",
        problem: "divisible",
        title: "Chain with a computing root (divisible DL-8)",
        json: include_str!("../presets/divisible-dl8.json"),
    },
    Preset {
        name: "divisible-dl9",
        problem: "divisible",
        title: "STARAFFINE: resource selection (divisible DL-9)",
        json: include_str!("../presets/divisible-dl9.json"),
    },
    Preset {
        name: "divisible-dl10",
        problem: "divisible",
        title: "STARAFFINE: the g order is not optimal (divisible DL-10)",
        json: include_str!("../presets/divisible-dl10.json"),
    },
    Preset {
        name: "divisible-dl11",
        problem: "divisible",
        title: "STARAFFINE: all workers by g (divisible DL-11)",
        json: include_str!("../presets/divisible-dl11.json"),
    },
    Preset {
        name: "divisible-dl12",
        problem: "divisible",
        title: "STARAFFINE, four workers (divisible DL-12)",
        json: include_str!("../presets/divisible-dl12.json"),
    },
    Preset {
        name: "divisible-dl14",
        problem: "divisible",
        title: "Multi-installment, M = 2 (divisible DL-14)",
        json: include_str!("../presets/divisible-dl14.json"),
    },
    Preset {
        name: "divisible-dl15",
        problem: "divisible",
        title: "Multi-installment, affine, M = 3 (divisible DL-15)",
        json: include_str!("../presets/divisible-dl15.json"),
    },
    Preset {
        name: "divisible-dl16",
        problem: "divisible",
        title: "UMR, θ = 2 (divisible DL-16)",
        json: include_str!("../presets/divisible-dl16.json"),
    },
    Preset {
        name: "divisible-dl17",
        problem: "divisible",
        title: "UMR, θ = 3/4 (divisible DL-17)",
        json: include_str!("../presets/divisible-dl17.json"),
    },
    Preset {
        name: "divisible-dl18",
        problem: "divisible",
        title: "Periodic schedule, B = 10000 (divisible DL-18)",
        json: include_str!("../presets/divisible-dl18.json"),
    },
    Preset {
        name: "scatter-sc1",
        problem: "scatter",
        title: "Affine costs, 3 processors, n = 6: the DP table (scatter SC-1)",
        json: include_str!("../presets/scatter-sc1.json"),
    },
    Preset {
        name: "scatter-sc2",
        problem: "scatter",
        title: "Linear, unique LP optimum, n = 120 (scatter SC-2)",
        json: include_str!("../presets/scatter-sc2.json"),
    },
    Preset {
        name: "scatter-sc2a",
        problem: "scatter",
        title: "Tie β = D: LP optimum not unique (scatter SC-2a)",
        json: include_str!("../presets/scatter-sc2a.json"),
    },
    Preset {
        name: "scatter-sc3",
        problem: "scatter",
        title: "A slow link leaves P1 out (scatter SC-3)",
        json: include_str!("../presets/scatter-sc3.json"),
    },
    Preset {
        name: "scatter-sc4",
        problem: "scatter",
        title: "Root choice, data on P0 (scatter SC-4)",
        json: include_str!("../presets/scatter-sc4.json"),
    },
    Preset {
        name: "scatter-seismic",
        problem: "scatter",
        title: "Seismic ray tracing, 16 CPUs, 817 101 rays (scatter §6)",
        json: include_str!("../presets/scatter-seismic.json"),
    },
    Preset {
        name: "scatter-seismic-400",
        problem: "scatter",
        title: "Seismic platform scaled down for the DP, n = 400, units of 0.1 µs (scatter §6.4)",
        json: include_str!("../presets/scatter-seismic-400.json"),
    },
    Preset {
        name: "scatter-tables",
        problem: "scatter",
        title: "General cost tables, not monotone: only the DP reads them (scatter §1.1)",
        json: include_str!("../presets/scatter-tables.json"),
    },
];

/// Presets too large to run with every algorithm in the test suites (the paper's 615 400-task
/// chain): in the menus and reachable by name like the others, solved by the browser tests and
/// the benchmarks, but not iterated by the invariant, round-trip and fuzz tests.
pub const LARGE: &[Preset] = &[Preset {
    name: "chains-stanford-berkeley",
    problem: "chains",
    title: "Stanford_Berkeley-like: 615 400 tasks (chains §9.4)",
    json: include_str!("../presets/chains-stanford-berkeley.json"),
}];

fn all() -> impl Iterator<Item = &'static Preset> {
    PRESETS.iter().chain(LARGE)
}

/// The presets of one family, in menu order.
pub fn of(problem: &str) -> impl Iterator<Item = &'static Preset> + '_ {
    all().filter(move |p| p.problem == problem)
}

/// The presets that hold a platform (for the platform editor's menu).
pub fn with_platform() -> impl Iterator<Item = &'static Preset> {
    PRESETS
        .iter()
        .filter(|p| matches!(p.problem, "steady-state" | "broadcast"))
}

/// The preset instance with this name.
#[must_use]
pub fn get(name: &str) -> Option<Instance> {
    all()
        .find(|p| p.name == name)
        .and_then(|p| Instance::from_json(p.json).ok())
}

/// The preset with this name as a steady-state instance.
#[must_use]
pub fn steady_state(name: &str) -> Option<SteadyState> {
    match get(name)? {
        Instance::SteadyState(s) => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads() {
        for p in PRESETS.iter().chain(LARGE) {
            match Instance::from_json(p.json) {
                Ok(i) => assert_eq!(i.problem(), p.problem, "preset {}", p.name),
                Err(e) => panic!("preset {}: {e}", p.name),
            }
        }
        let lyon = get("lyon").unwrap();
        let p = lyon.platform().unwrap();
        assert_eq!((p.nodes.len(), p.links.len()), (14, 91));
        let s = get("strasbourg").unwrap();
        assert_eq!(s.platform().unwrap().nodes.len(), 13);
        assert!(get("nope").is_none());
    }
}
