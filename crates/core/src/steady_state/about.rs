//! The steady-state page's explanation panel (steady-state.md §1.4, §2.4, §2.10, §3, §3.6,
//! §4.10).

use crate::family::{About, Scene, Topic};

/// What the steady-state page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Why throughput, not makespan",
            text: &[
                "Minimising the makespan of n tasks is NP-hard even on very simple heterogeneous trees, and an optimal schedule's description grows with n.",
                "So the problem is relaxed: maximise the throughput ρ, the tasks completed per time unit in a periodic regime. A periodic schedule whose description depends only on the platform reaches it, and with a bounded start-up and clean-up it is asymptotically optimal: the tasks done in K time units over the best possible number tend to 1.",
            ],
            spec: "steady-state.md §1.4",
            table: None,
            scene: None,
        },
        Topic {
            heading: "Why the LP value bounds every schedule",
            text: &[
                "Take any schedule over K time units; let t_i be the tasks computed on node i and t_ij those moved on link (i, j). Then t_i·w_i ≤ K, each node sends for at most K (Σ_j t_ij·c_ij ≤ K) and receives for at most K, and a non-master receives at least what it computes and forwards.",
                "Dividing by K gives a feasible point of the LP, so no schedule whatsoever completes more than ρ*·K tasks in K time units: the LP's optimum ρ* is an upper bound, and the periodic schedule built from it reaches it.",
            ],
            spec: "steady-state.md §2.10",
            table: None,
            scene: Some(Scene {
                what: "Example 1: the LP's rates, then the periodic schedule that reaches them",
                preset: "example-1",
                algorithm: "lp",
                step: 15,
            }),
        },
        Topic {
            heading: "One optimal value, many optimal rates",
            text: &[
                "The LP's optimal value ρ* is unique, its optimal point generally is not: on Example 1 the flow on arc 4→2 can be anything in [1/12, 1/6], and an optimal point may also hold useless flow cycles. The page says when the optimum is not unique and lists what varies.",
                "The steps after it use the canonical solution: among the optimal rates, the one that keeps the ports busy least in total. It has no flow cycle and uses each link in one direction only.",
            ],
            spec: "steady-state.md §2.4",
            table: None,
            scene: Some(Scene {
                what: "Example 1: ρ* = 7/4, reached by many rates",
                preset: "example-1",
                algorithm: "lp",
                step: 1,
            }),
        },
        Topic {
            heading: "On trees, a closed form: bandwidth-centric",
            text: &[
                "On a tree the LP needs no solver: each node serves its children by increasing link cost (the fastest links first, whatever the children's speeds), until its sending port is saturated. A subtree is summarised by one equivalent speed and the tree reduces bottom-up.",
                "The closed form's value must equal the LP's exactly; the page solves the LP on the same tree and shows both (Example 2: 29/24).",
            ],
            spec: "steady-state.md §3",
            table: None,
            scene: Some(Scene {
                what: "Example 2: a star whose master saturates its port",
                preset: "star-example-2",
                algorithm: "tree",
                step: 15,
            }),
        },
        Topic {
            heading: "A graph is not a tree",
            text: &[
                "Finding the best spanning tree of a graph is NP-hard, and the best tree can be arbitrarily worse than the graph itself: on Example 5 three parallel routes give ρ* = 1, while any tree feeds the worker through one slow link and reaches 1/3 (the gadget with K routes has ratio K).",
            ],
            spec: "steady-state.md §3.6",
            table: None,
            scene: Some(Scene {
                what: "Example 5: several paths at once beat every tree",
                preset: "gadget-example-5",
                algorithm: "lp",
                step: 13,
            }),
        },
        Topic {
            heading: "Background and open problems",
            text: &[
                "Bertsimas and Gamarnik did the same for packet routing: an LP relaxation gives a lower bound C* on the completion time, and periods of length √C* that replay the LP's flows finish in C* + O(√C*).",
                "If each task is a DAG of subtasks, the same LP is too optimistic; correct LPs must remember where ancestor tasks ran (polynomial for bounded dependency depth, NP-complete in general). With bounded buffers, makespan and throughput maximisation are NP-complete even on stars. No decentralised way to compute the matching decomposition on general graphs is known.",
            ],
            spec: "steady-state.md §4.10",
            table: None,
            scene: None,
        },
    ],
};
