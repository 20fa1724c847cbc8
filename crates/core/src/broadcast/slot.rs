//! What one arc carries in one slot of a period, in both port models: whole messages (`BigInt`)
//! in the bidirectional schedule of §4, messages per period of one time unit (`Q`) in the
//! unidirectional one of §6.6. The slot itself is the one slot type, [`crate::periodic::Slot`].

use serde::Serialize;

use crate::rational::{Exact, Q};

/// Some messages of one tree moved by one arc in one slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(bound(serialize = "M: Exact"))]
pub struct Piece<M> {
    /// Tree index (in the solution's `trees`).
    pub tree: usize,
    /// Messages of that tree moved in this slot.
    #[serde(serialize_with = "crate::rational::exact")]
    pub messages: M,
    /// The generation of these messages (§4.4): the arc forwards messages the source injected
    /// `depth − 1` periods before (depth of the arc's head in the tree). The bidirectional
    /// schedule writes it `−(depth − 1)`, the unidirectional one `depth − 1`, as their result
    /// documents always have.
    pub generation_offset: i64,
}

/// One arc active during a slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(bound(serialize = "M: Exact"))]
pub struct SlotArc<M> {
    /// Arc id.
    pub arc: usize,
    /// Messages it moves in the slot.
    #[serde(serialize_with = "crate::rational::exact")]
    pub messages: M,
    /// Unidirectional: how long the transfer lasts from the slot's start (`c_e·messages ≤
    /// length`). `None` in the bidirectional schedule, where the arc is busy the whole slot.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::rational::exact"
    )]
    pub busy: Option<Q>,
    /// Their split among trees (water filling, trees by index).
    pub pieces: Vec<Piece<M>>,
}
