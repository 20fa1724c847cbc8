//! Captions, phases and the view model of the §6.5 transformation pipeline
//! ([`TransformStep`]): what the broadcast page shows after each step, in plain English.

use num_traits::Signed;

use super::transform_run::{Reference, TransformStep};
use crate::broadcast::step::Context;
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Replay, Step};

fn rate(v: Option<&Q>) -> String {
    v.map_or_else(
        || "∞".to_owned(),
        |r| format!("{} ≈ {}", frac(r), approx(r)),
    )
}

impl Step for TransformStep {
    type Context<'a> = Context<'a>;

    fn caption(&self, ctx: &Context<'_>) -> String {
        match self {
            TransformStep::Split { node } => {
                let v = ctx.node(*node);
                format!("{v} becomes two unidirectional nodes: {v}_in receives, {v}_out sends, and a free arc {v}_in → {v}_out joins them, so {v} can receive one message while it sends another.")
            }
            TransformStep::Hub { node, senders, receivers } => {
                let v = ctx.node(*node);
                format!(
                    "{v} becomes a hub {v}_h with one sender per outgoing arc {} and one receiver per incoming arc {}, each joined to the hub by free arcs both ways: all of {v}'s arcs can work at the same time.",
                    ctx.arcs(senders),
                    ctx.arcs(receivers)
                )
            }
            TransformStep::Rewired { images, internal, arcs } => format!(
                "Every arc u→v now runs from u's sending image to v's receiving image with its cost: {arcs} arcs rewired, {internal} free internal arcs, {images} nodes that each send or receive one message at a time."
            ),
            TransformStep::Round { iteration, lower, upper } => format!(
                "Column generation on the transformed network, round {iteration}: the trees and matchings found so far give {}; no schedule beats {}.",
                rate(Some(lower)),
                upper.as_ref().map_or_else(|| "—".to_owned(), |u| rate(Some(u)))
            ),
            TransformStep::Solved { rho, usage } => {
                let used: Vec<String> = usage
                    .iter()
                    .enumerate()
                    .filter(|(_, u)| u.is_positive())
                    .map(|(e, u)| format!("{} {}", ctx.arc(e), frac(u)))
                    .collect();
                format!(
                    "The transformed network broadcasts {} messages per time unit. Read back on the platform (free arcs dropped), the arcs carry: {}.",
                    rate(rho.as_ref()),
                    used.join(", ")
                )
            }
            TransformStep::Checked { reference, rho } => {
                let verdict = if reference.value == *rho { "equal, as §6.5 says they must be" } else { "different: the column generation stopped before the optimum" };
                format!(
                    "Check: {} is {}; the transformed optimum is {}: {verdict}.",
                    reference.name,
                    rate(reference.value.as_ref()),
                    rate(rho.as_ref())
                )
            }
            TransformStep::Degenerate { unreachable } => {
                if unreachable.is_empty() {
                    "A single node has nobody to send to: the throughput is unbounded.".to_owned()
                } else {
                    format!("{} cannot be reached from the source: no broadcast is possible (throughput 0).", ctx.set(unreachable))
                }
            }
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            TransformStep::Split { .. }
            | TransformStep::Hub { .. }
            | TransformStep::Degenerate { .. } => ("transform", 0),
            TransformStep::Rewired { .. } => ("rewire", 1),
            TransformStep::Round { .. } => ("columns", 2),
            TransformStep::Solved { .. } => ("read back", 3),
            TransformStep::Checked { .. } => ("check", 4),
        };
        Phase { name, line }
    }
}

/// What the page shows after some steps of the transformation pipeline.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TransformState {
    /// The node rewritten by the last step.
    pub focus: Option<usize>,
    /// Nodes rewritten so far.
    pub done: Vec<usize>,
    /// `(images, internal arcs)` once rewired.
    pub network: Option<(usize, usize)>,
    /// `(lower, upper)` of each column-generation round so far.
    pub rounds: Vec<(Q, Option<Q>)>,
    /// The throughput once solved (`Some(None)`: `+∞`).
    pub rho: Option<Option<Q>>,
    /// Messages per time unit on each platform arc, once read back.
    pub usage: Vec<Q>,
    /// The reference value, once checked.
    pub reference: Option<Reference>,
    /// Unreachable nodes.
    pub unreachable: Vec<usize>,
}

impl Replay for TransformState {
    type Step = TransformStep;

    fn apply(&mut self, step: &TransformStep) {
        self.focus = None;
        match step {
            TransformStep::Split { node } | TransformStep::Hub { node, .. } => {
                self.focus = Some(*node);
                self.done.push(*node);
            }
            TransformStep::Rewired {
                images, internal, ..
            } => {
                self.network = Some((*images, *internal));
            }
            TransformStep::Round { lower, upper, .. } => {
                self.rounds.push((lower.clone(), upper.clone()));
            }
            TransformStep::Solved { rho, usage } => {
                self.rho = Some(rho.clone());
                self.usage.clone_from(usage);
            }
            TransformStep::Checked { reference, .. } => self.reference = Some(reference.clone()),
            TransformStep::Degenerate { unreachable } => {
                self.unreachable.clone_from(unreachable);
            }
        }
    }
}
