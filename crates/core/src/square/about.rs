//! The square-partition page's explanation panel (square-partitions.md §1.5, §2, §3).

use crate::family::{About, Scene, Table, Topic};

/// The complexity of each objective by partition shape (square-partitions.md §1.5, its rows and
/// columns swapped so that it fits a phone), with the
/// recursive heuristic's guarantee written as the spec asks (7/4 with `Ĉ ≤ 1 + 5/4·LB`).
pub const COMPLEXITY: Table = Table {
    caption: "Complexity by shape of the partition (Ĉ: the sum of half-perimeters found; LB: the bound of squares, Σ 2√s_i).",
    head: &["partition shape", "Σ (PERI-SUM)", "max (PERI-MAX)"],
    rows: &[
        &["1D", "polynomial (trivial)", "—"],
        &["2D grid", "NP-hard", "—"],
        &[
            "column-based",
            "polynomial, O(p³)",
            "NP-complete; heuristic within 2/√3",
        ],
        &["recursive", "open", "open"],
        &[
            "unconstrained",
            "NP-complete; recursive heuristic: 7/4-approximation (Ĉ ≤ 1 + 5/4·LB)",
            "NP-complete; same 2/√3 heuristic; polynomial for equal areas (Kong, Mount and Werman)",
        ],
    ],
};

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
            table: Some(COMPLEXITY),
            scene: None,
        },
        Topic {
            heading: "Column-based partitions: optimal in O(p³)",
            text: &[
                "Restricted to full-height columns, each cut into rectangles, PERI-SUM becomes polynomial: some optimal column partition is well ordered (every area of one column is at most every area of the next), so after sorting the areas a dynamic program over how many processors each column takes finds the best one.",
            ],
            spec: "square-partitions.md §2",
            table: None,
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
            table: None,
            scene: Some(Scene {
                what: "Example 7.5: the recursive cuts",
                preset: "square-7-5",
                algorithm: "recursive",
                step: 25,
            }),
        },
    ],
};

#[cfg(test)]
mod tests {
    use super::{ABOUT, COMPLEXITY};

    /// square-partitions.md §1.5: the table of the spec, row by row, in the panel's first topic.
    #[test]
    fn the_first_topic_holds_the_complexity_table_of_section_1_5() {
        let first = &ABOUT.topics[0];
        assert_eq!(first.spec, "square-partitions.md §1.5");
        let table = first.table.expect("a table");
        assert_eq!(table.head.len(), 3);
        assert!(table.rows.iter().all(|r| r.len() == table.head.len()));
        let text = COMPLEXITY.to_text();
        for cell in [
            "| 2D grid | NP-hard | — |",
            "| column-based | polynomial, O(p³) | NP-complete; heuristic within 2/√3 |",
            "| recursive | open | open |",
            "| unconstrained | NP-complete; recursive heuristic: 7/4-approximation (Ĉ ≤ 1 + 5/4·LB) |",
            "polynomial for equal areas (Kong, Mount and Werman) |",
        ] {
            assert!(text.contains(cell), "the table lacks {cell}");
        }
    }
}
