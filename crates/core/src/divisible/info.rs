//! Text the divisible-load page shows as information panels: the open problems listed by the
//! source (divisible-load.md §8) and what is known for trees with affine costs (§4.5).

/// The open problems of §8, one sentence each.
pub const OPEN_PROBLEMS: &[&str] = &[
    "Complexity of one-round STARAFFINE (resource selection): open in the source; later proven NP-complete (Legrand, Yang, Casanova, UCSD tech. report CS2005-0818, 2005).",
    "For large loads, how to order affine workers that share the same g.",
    "Tree networks with affine costs: almost nothing is known beyond the asymptotic statement (use every node, children by non-decreasing link cost).",
    "Multi-round: the optimal number of rounds for the multi-installment scheme is unknown; fixed-round results exist only for homogeneous platforms (worker ordering on heterogeneous platforms is open); UMR is a heuristic.",
    "There is no formal definition of a \"round\".",
    "Latencies (affine costs) are what make divisible-load scheduling hard, and they are the realistic case; linear models are increasingly inadequate.",
];

/// What §4.5 says about trees with affine costs (no algorithm is required).
pub const TREE_AFFINE: &str = "Trees with affine costs: very little is known. For very large loads, Prop. 4 extends: use every node, each parent serving its children by non-decreasing link cost. No algorithm is given for a given load.";

/// Complexity of STARAFFINE as the page states it (§4.1).
pub const AFFINE_COMPLEXITY: &str = "Open in the source (no polynomial algorithm, no hardness proof); later work proves NP-completeness by reduction from 2-PARTITION.";
