//! The broadcast family's practice questions (issue 35): the weight of the next tree extracted
//! from the LP (or a baseline tree's throughput), the throughput, which heuristic tree does
//! better, and which node's sending port is the busiest.

use serde_json::Value;

use crate::family::Family;
use crate::practice::common::{self, NODE};
use crate::practice::{pick, Asked, Kind, Posed, Practice};

use super::family::BroadcastFamily;

/// The baselines compared by the choice question (the LP is always best; these differ).
const TREES: &[&str] = &["star", "chain", "binomial", "greedy-tree", "spt"];

impl Practice for BroadcastFamily {
    const SIZES: [usize; 3] = [4, 6, 9];
    const ALGORITHMS: &'static [&'static str] = &["lp", "star", "binomial", "greedy-tree", "spt"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let nodes = Self::platform(input).map_or(0, |p| p.nodes.len());
        match kind {
            Kind::NextStep => extracted(doc, pick).or_else(|| loaded(doc)),
            Kind::Value => common::objective(
                doc,
                "the throughput (messages per time unit reaching every node)",
            ),
            Kind::Choice => common::better(asked, TREES),
            Kind::PredictFigure => {
                let mut p = common::extreme(
                    &doc["port_loads"],
                    "out",
                    NODE,
                    nodes,
                    "sending-port load (the fraction of time its port sends)",
                    true,
                )?;
                p.prompt = format!("{} Click the node.", p.prompt);
                p.step = Some(common::trace(doc).len());
                Some(p)
            }
        }
    }
}

/// LP: the weight of the next tree extracted.
fn extracted(doc: &Value, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "extracted", pick)?;
    let t = common::id(&s["tree"])?;
    let arcs: Vec<String> = doc["trees"][t]["arcs"]
        .as_array()?
        .iter()
        .filter_map(|a| Some(format!("{}→{}", common::id(&a[0])?, common::id(&a[1])?)))
        .collect();
    Some(common::step_number(
        i,
        format!("The next step extracts tree {} {{{}}} from the LP's arc usage, with the largest weight its residual capacities allow. What is its weight (messages per time unit)?", t + 1, arcs.join(", ")),
        pick::exact(&s["alpha"])?,
    ))
}

/// A baseline: the throughput the next step computes from the port loads.
fn loaded(doc: &Value) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "loaded", 0)?;
    Some(common::step_number(
        i,
        "The baseline tree is fixed; the next step loads every port with the messages it sends or receives per broadcast. What throughput (messages per time unit) does the busiest port allow?".into(),
        pick::exact(&s["throughput"])?,
    ))
}
