//! Ready-made instances: the worked examples of the specs and the measured clusters of ring.md.
//!
//! They are JSON files under `crates/core/presets/`, compiled in, read through the same
//! validating parser as user files (a test checks that every one of them reads).

use crate::instance::{Instance, SteadyState};

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
];

/// The presets of one family, in menu order.
pub fn of(problem: &str) -> impl Iterator<Item = &'static Preset> + '_ {
    PRESETS.iter().filter(move |p| p.problem == problem)
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
    PRESETS
        .iter()
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
        for p in PRESETS {
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
