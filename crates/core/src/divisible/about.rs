//! The divisible-load page's explanation panel (divisible-load.md §2.1, §4.1, §8).

use crate::family::{About, Scene, Topic};

/// What the divisible-load page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Linear costs: everybody works, everybody ends together",
            text: &[
                "On a star with linear costs and one round, every optimal solution uses every worker and they all finish at the same time (Proposition 1: an idle worker could be served after the last chunk, while the link is free). The optimum is unique.",
                "An optimal order serves the workers by non-decreasing link cost g_i, the fastest links first, whatever their speeds (Proposition 2): swapping two consecutive workers keeps the link busy for the same time, while the processed load changes by T'·(g_b − g_a)/((g_a + w_a)(g_b + w_b)) in favour of the smaller g first. For an order imposed in advance, some workers may be better left idle.",
            ],
            spec: "divisible-load.md §2.1",
            table: None,
            scene: Some(Scene {
                what: "DL-1: an imposed order where a worker is better left idle",
                preset: "divisible-dl1",
                algorithm: "fixed-order",
                step: 6,
            }),
        },
        Topic {
            heading: "Why latencies make it hard",
            text: &[
                "With affine costs (a latency per message), choosing which workers take part is the difficulty: using every worker can be worse, and sorting by g can be wrong for small loads. The source left the complexity open; Legrand, Yang and Casanova later proved it NP-complete (reduction from 2-PARTITION). For large enough loads every worker takes part, in non-decreasing g order.",
            ],
            spec: "divisible-load.md §4.1",
            table: None,
            scene: Some(Scene {
                what: "DL-10: sorting by g is wrong for a small load",
                preset: "divisible-dl10",
                algorithm: "affine-exact",
                step: 20,
            }),
        },
        Topic {
            heading: "Open problems",
            text: &[
                "How to order affine workers that share the same g for large loads; tree networks with affine costs (almost nothing is known beyond the asymptotic statement); the best number of rounds of the multi-installment scheme, known only for homogeneous platforms (UMR is a heuristic); and there is no formal definition of a round. The source's message: latencies are what make divisible-load scheduling hard, and they are the realistic case.",
            ],
            spec: "divisible-load.md §8",
            table: None,
            scene: None,
        },
    ],
};
