//! The platform as every stage of the broadcast pipelines sees it (B and C in `pipeline.rs` and
//! `pipeline_c.rs`, T in `pipeline_t.rs`): below all three, so that none reaches into another
//! for it.

use crate::platform::Arc;

/// The platform as every stage sees it.
pub(crate) struct Net {
    pub n: usize,
    pub arcs: Vec<Arc>,
    pub source: usize,
    pub names: Vec<String>,
}

impl Net {
    pub(crate) fn dests(&self) -> Vec<usize> {
        (0..self.n).filter(|&v| v != self.source).collect()
    }
}
