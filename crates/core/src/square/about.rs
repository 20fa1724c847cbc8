//! The square-partition page's explanation panel (square-partitions.md §1.5, §2, §3).

use crate::family::{About, Scene, Topic};

/// What the square-partition page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Why it is hard",
            text: &[
                "Cutting the unit square into one rectangle per processor, of area proportional to its speed, so that the communication of a matrix product (the sum of the half-perimeters, PERI-SUM, or their maximum, PERI-MAX) is least, is NP-complete for unconstrained tilings: PERI-SUM by reduction from 2-Partition-Equal through \"can the square be tiled by squares of given areas?\", PERI-MAX by reduction from a 2-partition variant. Choosing a heterogeneous 2D grid is NP-complete as well.",
                "For equal areas PERI-MAX is polynomial (Kong, Mount and Werman): the optimum uses ⌊√p⌋ or ⌈√p⌉ columns of ⌊p/m⌋ or ⌈p/m⌉ rectangles each.",
            ],
            spec: "square-partitions.md §1.5",
            scene: None,
        },
        Topic {
            heading: "Column-based partitions: optimal in O(p³)",
            text: &[
                "Restricted to full-height columns, each cut into rectangles, PERI-SUM becomes polynomial: some optimal column partition is well ordered (every area of one column is at most every area of the next), so after sorting the areas a dynamic program over how many processors each column takes finds the best one.",
            ],
            spec: "square-partitions.md §2",
            scene: Some(Scene {
                what: "Example 7.1: the columns chosen by the DP",
                preset: "square-7-1",
                algorithm: "column-dp",
                step: 54,
            }),
        },
        Topic {
            heading: "What the heuristics guarantee",
            text: &[
                "The recursive heuristic's sum of half-perimeters is at most 1 + (5/4)·LB_sum, where LB_sum = Σ 2√s_i is the bound of squares: a 7/4-approximation of PERI-SUM. The column heuristic for PERI-MAX is within a factor 2/√3 ≈ 1.155 of its bound.",
            ],
            spec: "square-partitions.md §3",
            scene: Some(Scene {
                what: "Example 7.5: the recursive cuts",
                preset: "square-7-5",
                algorithm: "recursive",
                step: 25,
            }),
        },
    ],
};
