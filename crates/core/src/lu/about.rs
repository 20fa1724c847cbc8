//! The LU page's explanation panel (lu-distributions.md §1.1, §1.3, §2.1).

use crate::family::{About, Scene, Topic};

/// What the LU page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Balancing a shrinking matrix",
            text: &[
                "Right-looking LU updates, at step k, only the block columns after k: a distribution balanced for the whole matrix becomes badly unbalanced as the trailing matrix shrinks. With cycle times t = (3, 5, 8) and 78 columns dealt in three contiguous blocks, after column 33 the fastest processor has 21 time units of work left while the others have 120 and 112.",
                "The 1D answer deals the columns in slices, each slice allocated by the optimal incremental rule and reversed, so that every trailing matrix stays balanced.",
            ],
            spec: "lu-distributions.md §1.3",
            table: None,
            scene: Some(Scene {
                what: "t = (3, 5, 8), B = 10: the allocation chunk by chunk",
                preset: "lu-1-2",
                algorithm: "1d",
                step: 20,
            }),
        },
        Topic {
            heading: "Why the incremental allocation is optimal",
            text: &[
                "Give each chunk to the processor that would finish it first, (c_j + 1)·t_j least. After b chunks the counts are an optimal allocation of b chunks, for every b: if an optimum o of b chunks has makespan T*, some processor j still has c_j < o_j, so its next finishing time (c_j + 1)·t_j ≤ o_j·t_j ≤ T*, and the rule never exceeds T*.",
            ],
            spec: "lu-distributions.md §1.1",
            table: None,
            scene: None,
        },
        Topic {
            heading: "Why plain 2D grids fail",
            text: &[
                "On a grid the trailing matrix shrinks in both dimensions, and the best row and column split changes with its size: on a 3 × 3 grid with one fast processor, the unique optimum for a 3 × 3 trailing matrix does not contain the unique optimum for 2 × 2. No static grid distribution is optimal at every step; the 2D scheme virtualises a column-based partition into a grid instead.",
            ],
            spec: "lu-distributions.md §2.1",
            table: None,
            scene: None,
        },
    ],
};
