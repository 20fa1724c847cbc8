//! The paper's Tables 5 and 6 (greedy against PIP, values "×6000"), kept as quoted data for the
//! page with the note of ring.md §10.3: they cannot be reproduced with any reading of the model
//! (the `W/H` used is not given), so nothing is computed from them.

use serde::Serialize;

/// One quoted table.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct QuotedTable {
    /// The paper's caption.
    pub caption: crate::intern::Name,
    /// Ring sizes of the columns.
    pub sizes: &'static [usize],
    /// The greedy's value per size (×6000, as printed).
    pub greedy: &'static [u32],
    /// PIP's value per size (`None`: "out of memory").
    pub pip: &'static [Option<u32>],
}

/// Table 5 (Lyon).
pub const TABLE_5: QuotedTable = QuotedTable {
    caption: "Table 5. Comparison between the greedy heuristic and PIP for the Lyon platform.",
    sizes: &[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    greedy: &[
        1202, 556, 1152, 906, 2240, 3238, 4236, 5234, 6232, 7230, 8228, 10077,
    ],
    pip: &[
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        Some(9059),
    ],
};

/// Table 6 (Strasbourg).
pub const TABLE_6: QuotedTable = QuotedTable {
    caption:
        "Table 6. Comparison between the greedy heuristic and PIP for the Strasbourg platform.",
    sizes: &[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    greedy: &[
        1520, 2112, 3144, 3736, 4958, 5668, 7353, 8505, 10195, 12490, 15759,
    ],
    pip: &[
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        Some(14757),
    ],
};

/// The note shown with the tables (ring.md §10.3).
pub const NOTE: &str = "Quoted from the paper, not recomputed: the W/H behind these values is not given, fitting it to the two PIP values gives inconsistent ratios (0.317 for Lyon, 0.059 for Strasbourg), and no reading of the insertion cost reproduces the greedy columns. What does reproduce: the greedy is fast and never better than the exact optimum, the TSP approach is optimal when all processors are used, and ILP solvers run out of memory early. The paper's Strasbourg claim \"p_opt jumps from 1 to 10, 11 and 13\" is not reproduced either; the curve shown is ours.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_complete() {
        for t in [TABLE_5, TABLE_6] {
            assert_eq!(t.sizes.len(), t.greedy.len());
            assert_eq!(t.sizes.len(), t.pip.len());
        }
        assert_eq!(TABLE_5.greedy[11], 10077);
        assert_eq!(TABLE_6.pip[10], Some(14757));
    }
}
