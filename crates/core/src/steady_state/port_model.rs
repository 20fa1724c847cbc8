//! The operating models of the nodes (steady-state.md sections 1.3 and 2.8) and the `≤ 1` rows
//! each one puts in the LP of section 2: the vocabulary both the base LP (`lp.rs`) and the
//! bounds under the other models (`models.rs`) are written in.

use crate::rational::Q;

/// A row's terms: (column, coefficient).
pub(super) type Terms = Vec<(usize, Q)>;

/// The operating model of the nodes (steady-state.md sections 1.3 and 2.8): which of computing
/// (`α`), sending (`S`) and receiving (`R`) may overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortModel {
    /// The base model: bidirectional one-port, full overlap (`α, S, R ≤ 1` separately).
    OnePort,
    /// No port limit: only `α ≤ 1`.
    Multiport,
    /// M(r‖s,w): `α + S ≤ 1`, `R ≤ 1`.
    RecvParallel,
    /// M(s‖r,w): `α ≤ 1`, `S ≤ 1`, `α + R ≤ 1`.
    SendParallel,
    /// M(w‖r,s), the unidirectional one-port model: `α ≤ 1`, `S + R ≤ 1`.
    WorkParallel,
    /// M(r,s,w): `α + S + R ≤ 1`.
    Sequential,
}

impl PortModel {
    /// Every model, the base one first.
    pub const ALL: [PortModel; 6] = [
        PortModel::OnePort,
        PortModel::Multiport,
        PortModel::RecvParallel,
        PortModel::SendParallel,
        PortModel::WorkParallel,
        PortModel::Sequential,
    ];

    /// Its name in the spec's words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PortModel::OnePort => "one-port, bidirectional (base)",
            PortModel::Multiport => "multiport",
            PortModel::RecvParallel => "receive in parallel, M(r‖s,w)",
            PortModel::SendParallel => "send in parallel, M(s‖r,w)",
            PortModel::WorkParallel => "unidirectional one-port, M(w‖r,s)",
            PortModel::Sequential => "sequential, M(r,s,w)",
        }
    }

    /// The `≤ 1` rows of one node, from its compute, send and receive terms.
    pub(super) fn rows(self, a: Terms, s: Terms, r: Terms) -> Vec<Terms> {
        match self {
            PortModel::OnePort => vec![a, s, r],
            PortModel::Multiport => vec![a],
            PortModel::RecvParallel => vec![join(&[&a, &s]), r],
            PortModel::SendParallel => vec![join(&[&a, &r]), a, s],
            PortModel::WorkParallel => vec![join(&[&s, &r]), a],
            PortModel::Sequential => vec![join(&[&a, &s, &r])],
        }
    }
}

fn join(parts: &[&Terms]) -> Terms {
    parts.iter().flat_map(|p| p.iter().cloned()).collect()
}
