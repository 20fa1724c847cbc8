//! The size limits of the exact pipeline.

/// Size limits of the exact pipeline: 100 nodes and 400 arcs, broadcast.md §10's arcs and the
/// issue's largest benchmark platform.
///
/// Why (measured natively, release build, whole `lp` pipeline): above
/// [`super::colgen::LP_F_MAX_NODES`] nodes (or [`super::colgen::LP_F_MAX_VARS`] LP-F
/// variables) the pipeline solves LP-T by column generation, started from the trees a float pass suggests
/// ([`super::colgen::seeds`]); its time is that of the exact master LPs. Random connected
/// platforms with two-decimal costs in `0.10..9.99`: 40 nodes and 400 arcs 0.11–0.39 s, 60 nodes
/// and 400 arcs 0.26 s, 100 nodes and 400 arcs 0.66–1.6 s; complete graphs on 13, 16 and 20
/// nodes 0.06, 0.17 and 0.49 s; Lyon (14 nodes, 182 arcs) 0.10 s, Strasbourg 0.01 s. Without
/// the float pass, 40 nodes and 400 arcs took 43–134 s and Lyon stopped at the round budget
/// [`super::colgen::MAX_ROUNDS`]. The site solves in a worker, with progress and Cancel (the
/// browser is 2–3× slower). [`solve_within`](super::solve_within) lifts the limits (benchmarks,
/// command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeLimits {
    /// Most nodes.
    pub max_nodes: usize,
    /// Most arcs.
    pub max_arcs: usize,
}

impl SizeLimits {
    /// No node or arc limit (`hetlab solve --no-limits`, benchmarks).
    #[must_use]
    pub fn lifted() -> Self {
        SizeLimits {
            max_nodes: usize::MAX,
            max_arcs: usize::MAX,
        }
    }
}

impl Default for SizeLimits {
    fn default() -> Self {
        SizeLimits {
            max_nodes: 100,
            max_arcs: 400,
        }
    }
}
