//! The scatter page's explanation panel (scatter.md §2, §3, §4).

use crate::family::{About, Scene, Topic};

/// What the scatter page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Exact for any costs: a dynamic program",
            text: &[
                "The root sends the items one message at a time, in a fixed order, and computes its own share last. After P_i has received its e items, what remains is the same problem on P_(i+1)..P_p, shifted by T_comm(i, e): cost[d][i] = min over e of T_comm(i, e) + max(T_comp(i, e), cost[d − e][i+1]). This dynamic program is exact for any non-negative cost functions, even non-monotone ones, in O(p·n²) time.",
                "So an instance may give a cost as a general table, the time for 0, 1, …, n items (a processor whose cache makes two items cheaper to compute than one, a network that sends in packets): {\"table\": [0, …]} in place of {\"lat\", \"per_item\"}. Only the DP reads tables; the closed form, the LP and the ordering policy need per-item costs.",
            ],
            spec: "scatter.md §2",
            table: None,
            scene: Some(Scene {
                what: "SC-1: the table filled cell by cell",
                preset: "scatter-sc1",
                algorithm: "dp",
                step: 0,
            }),
        },
        Topic {
            heading: "Linear costs: everybody ends together, fastest links first",
            text: &[
                "With linear costs and fractional shares, an optimal solution in which every processor works ends them all at the same time (Theorem 1); a processor takes part exactly when its per-item sending cost β_i is at most the marginal cost D of the processors after it (Theorem 2); and the best order sends to the processors by increasing β, the fastest links first, whatever their speeds (Theorem 3).",
                "When β_i equals D exactly, taking P_i or leaving it out gives the same makespan: the optimum is then not unique.",
            ],
            spec: "scatter.md §3",
            table: None,
            scene: Some(Scene {
                what: "SC-2a: a processor whose share does not matter",
                preset: "scatter-sc2a",
                algorithm: "closed-form",
                step: 6,
            }),
        },
        Topic {
            heading: "Affine costs: an LP, rounded with a guarantee",
            text: &[
                "With affine costs (a start-up plus a per-item cost), the rational relaxation is a linear program. Rounding its shares to integers changes each by less than one item, so the makespan T' stays within T_LP + Σ_j T_comm(j, 1) + max_i T_comp(i, 1): the LP's value plus one item's sending to everyone and one item's computing (the paper's Eq. 4).",
            ],
            spec: "scatter.md §4",
            table: None,
            scene: None,
        },
    ],
};
