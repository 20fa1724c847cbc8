//! The steady-state family's practice questions (issue 35): the throughput ρ* or a node's rate
//! x_i, the busiest node, the next route peeled from the flow (LP) or the next child fed by the
//! bandwidth-centric rule (tree), and the link that carries the most tasks.

use serde_json::Value;

use crate::family::Family;
use crate::generate::Shape;
use crate::practice::common::{self, NODE};
use crate::practice::{pick, Asked, Kind, Posed, Practice};
use crate::rational::format_q;

use super::family::SteadyStateFamily;

impl Practice for SteadyStateFamily {
    const SIZES: [usize; 3] = [4, 6, 10];
    const SHAPES: &'static [Shape] = &[Shape::Star, Shape::Tree, Shape::Random];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let nodes = Self::platform(input).map_or(0, |p| p.nodes.len());
        match kind {
            Kind::NextStep => route(doc, nodes, pick).or_else(|| fed(doc, nodes, pick)),
            Kind::Value if pick.is_multiple_of(2) => {
                common::objective(doc, "the throughput ρ* (tasks per time unit)")
            }
            Kind::Value => common::element_value(
                doc,
                "x",
                NODE,
                "the computing rate x_i (tasks per time unit) of node",
                pick / 2,
            ),
            Kind::Choice => common::extreme(doc, "x", NODE, nodes, "computing rate x_i", true),
            Kind::PredictFigure => busiest_link(doc),
        }
    }
}

/// LP: which worker the next route peeled from the flow feeds.
fn route(doc: &Value, nodes: usize, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "peeled_route", pick)?;
    let k = common::id(&s["index"])?;
    let w = common::id(&s["route"]["worker"])?;
    common::about_step(
        i,
        format!("The flow is being decomposed into routes from the master. Which node computes the tasks of route {} (its worker)?", k + 1),
        NODE.all(nodes),
        vec![NODE.name(w)],
    )
}

/// Tree: which child the bandwidth-centric rule feeds next at a node.
fn fed(doc: &Value, nodes: usize, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "fed_child", pick)?;
    let node = common::id(&s["node"])?;
    let child = common::id(&s["child"])?;
    common::about_step(
        i,
        format!("The bandwidth-centric rule is serving the children of node {node}. Which child does it feed next?"),
        NODE.all(nodes),
        vec![NODE.name(child)],
    )
}

/// Which link carries the most tasks per time unit (every link listed in `f`).
fn busiest_link(doc: &Value) -> Option<Posed> {
    let links: Vec<(String, crate::rational::Q)> = doc["f"]
        .as_array()?
        .iter()
        .filter_map(|a| {
            let name = format!("{}→{}", common::id(&a["from"])?, common::id(&a["to"])?);
            Some((name, pick::exact(&a["rate"])?))
        })
        .collect();
    let best = links.iter().map(|(_, r)| r).max()?.clone();
    let right = links
        .iter()
        .filter(|(_, r)| *r == best)
        .map(|(n, _)| n.clone())
        .collect();
    let n = common::trace(doc).len();
    pick::choice(
        Some(n),
        "In the optimal steady state, which link carries the most tasks per time unit? (Click the link, written from→to.)".into(),
        format!("The solution's flow (step {n}) gives every link's rate; the largest is {}.", format_q(&best)),
        links.into_iter().map(|(n, _)| n).collect(),
        right,
    )
}
