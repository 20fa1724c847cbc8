//! The chains page's explanation panel (chains.md §6.8, §8.1, §8.2).

use crate::family::{About, Scene, Topic};

/// What the chains page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "With the order free, it is NP-complete",
            text: &[
                "Cutting a chain of tasks into consecutive parts for processors in a given order (CCP) is polynomial. Choosing the processors' order as well is NP-complete, by reduction from 3-PARTITION: m − 1 heavy divider tasks of weight Bv separate m blocks of Bv unit tasks; m − 1 divider processors of speed Bv and one processor per item of speed c_i; a 3-partition exists exactly when some order and partition give every processor a load of 1, each block going to three item processors whose speeds sum to Bv.",
            ],
            spec: "chains.md §8.1",
            table: None,
            scene: Some(Scene {
                what: "CP-1: the reduction's instance",
                preset: "chains-cp1",
                algorithm: "exact-bisection",
                step: 0,
            }),
        },
        Topic {
            heading: "With the order fixed, exact in polynomial time",
            text: &[
                "For a given order, the probe \"can every processor stay under B?\" fills each processor in turn as far as B allows (a binary search over the prefix sums W[i]); its success is monotone in B. The exact bisection snaps its bounds to values a bottleneck can take after each probe, so it ends exactly at the optimum B_opt.",
                "The staircase shows the prefix sums, each separator where a part ends, and the dashed guides where each processor would end if all finished together.",
            ],
            spec: "chains.md §6.8",
            table: None,
            scene: Some(Scene {
                what: "EX2: the exact bisection, probe by probe",
                preset: "chains-ex2",
                algorithm: "exact-bisection",
                step: 0,
            }),
        },
        Topic {
            heading: "Choosing an order: best of R random orders",
            text: &[
                "As the order problem is NP-complete, the heuristic tries R random orders (a seeded shuffle) and solves CCP exactly on each, keeping the best; the histogram of all R values shows how much the order matters.",
            ],
            spec: "chains.md §8.2",
            table: None,
            scene: None,
        },
    ],
};
