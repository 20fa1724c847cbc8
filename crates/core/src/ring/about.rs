//! The ring page's explanation panel (ring.md §1, §2, §3, §4, §6).

use crate::family::{About, Scene, Topic};

/// What the ring page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Why it is hard",
            text: &[
                "Choosing which processors join the ring, in which order, and their shares of the work so that one step of the iteration ends as early as possible (SLICERING) is NP-complete in its decision version (paper, Theorem 1).",
                "With every processor in the ring, the best order is a travelling-salesman tour: the step time grows with L = Σ comm_i/w_i, which is the length of a Hamiltonian cycle for the distances d_ij = c_ij/w_i + c_ji/w_j.",
            ],
            spec: "ring.md §4",
            table: None,
            scene: None,
        },
        Topic {
            heading: "For a fixed ring, the shares are exact",
            text: &[
                "At the optimum every member with a positive share ends at the same time, which gives T_closed = (W + H·L)/inv with inv = Σ 1/w_i. When one member's communication alone, M = H·max comm_i, exceeds it, the optimum is T = M. So T(σ) = max(T_closed, M), exactly.",
            ],
            spec: "ring.md §2",
            table: None,
            scene: Some(Scene {
                what: "RR-1: the exact ring and its equal finishing times",
                preset: "ring-rr-1",
                algorithm: "exact",
                step: 5,
            }),
        },
        Topic {
            heading: "Homogeneous links: one processor or all",
            text: &[
                "When every link costs c, adding a processor always helps once there is a ring, so the optimum is either the fastest processor alone or all of them: T_opt = min(W·w_min, W·w_cumul + 2·H·c). All join as soon as W/H exceeds 2c/(w_min − w_cumul).",
            ],
            spec: "ring.md §3",
            table: None,
            scene: Some(Scene {
                what: "RH-1: the two candidates compared",
                preset: "ring-rh-1",
                algorithm: "homogeneous",
                step: 2,
            }),
        },
        Topic {
            heading: "The greedy heuristic",
            text: &[
                "The paper's heuristic starts from the fastest processor and grows the ring one processor at a time, inserting the processor and the place that give the smallest step time, and keeps the best ring of its history (T is not monotone in the ring's size). The plot of T against the ring size shows that history beside the exact optimum of each size.",
                "Its start is fixed, which is its weakness: on Strasbourg two processors tie as fastest, the one chosen has slow links to everyone, and the greedy is up to 2.9 times worse than optimal for W/H between 8 and 200.",
            ],
            spec: "ring.md §6",
            table: None,
            scene: Some(Scene {
                what: "Lyon: the ring grown processor by processor",
                preset: "ring-lyon",
                algorithm: "greedy",
                step: 0,
            }),
        },
    ],
};
