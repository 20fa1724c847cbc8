//! Graph algorithms shared by several solver families: for now the decomposition of a weighted
//! bipartite graph into weighted matchings ([`matching`]), which turns the per-port busy times of
//! a steady state into the communication slots of a periodic schedule (steady-state.md section 4,
//! broadcast.md section 4).
//!
//! Everything here is exact (rationals in, rationals out) and deterministic: ties are broken by
//! node index, and no output depends on hash-map order.

pub mod flow;
pub mod matching;
