//! Why a broadcast algorithm produced no result.

/// Why no result was produced.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BroadcastError {
    /// The input cannot be solved as given (the message says why).
    #[error("{0}")]
    BadInput(String),
    /// Over the size limits of the exact pipeline.
    #[error("the platform is too large for the exact pipeline ({nodes} nodes, {arcs} arcs; at most {max_nodes} and {max_arcs})")]
    TooLarge {
        /// Nodes of the input.
        nodes: usize,
        /// Arcs of the input.
        arcs: usize,
        /// Node limit.
        max_nodes: usize,
        /// Arc limit.
        max_arcs: usize,
    },
    /// The instance is a multicast or uses the unidirectional model, which this entry does not
    /// solve: [`dispatch::run`](super::dispatch::run) routes every kind of broadcast instance.
    #[error("{0} is solved by broadcast::dispatch::run, not by the bidirectional pipeline")]
    OtherPipeline(String),
    /// No such algorithm.
    #[error("unknown broadcast algorithm \"{0}\" (try lp, best-tree, star, chain, binomial, greedy-tree, spt, tree-colgen)")]
    UnknownAlgorithm(String),
    /// A baseline is not defined on this platform (no route for a logical edge).
    #[error("{0}")]
    NotApplicable(String),
    /// The LP solver gave no certified answer.
    #[error("the LP could not be solved exactly: {0}")]
    Lp(#[from] crate::lp::LpError),
    /// A guarantee of the theory failed: a bug, reported rather than panicking.
    #[error("internal error in the broadcast solver: {0}")]
    Internal(String),
}
