//! The steps of the recursive 7/4-approximation (square-partitions.md section 6.2), their
//! captions, and the view model [`RecursiveState`].

use serde::Serialize;

use super::Node;
use crate::rational::{format_q, frac, Q};
use crate::square::Rect;
use crate::trace::{Phase, Replay, Step};

/// One event of the recursive algorithm. Nodes are uids (processors `1..=p`, groups `> p`);
/// strips are 0-based in creation order.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum RecursiveStep {
    /// A grouping round merged runs of nodes within a factor 2 of their smallest.
    Grouped {
        /// Round number (1-based).
        round: usize,
        /// The groups, each ascending, in scan order.
        groups: Vec<Vec<usize>>,
        /// The groups of two or more nodes, now new nodes.
        created: Vec<Node>,
    },
    /// A round found only singletons: the top-level list is final.
    Converged {
        /// Top-level uids by decreasing area.
        tops: Vec<usize>,
        /// Their areas.
        #[serde(serialize_with = "crate::rational::exact")]
        areas: Vec<Q>,
    },
    /// A top-level node got its piece of the remaining rectangle.
    Peeled {
        /// The node.
        node: usize,
        /// Its piece.
        piece: Rect,
        /// It took the whole remaining rectangle (no cut).
        last: bool,
    },
    /// `columns_cr` started on a group's rectangle.
    StartedColumns {
        /// The group.
        node: usize,
        /// Its rectangle.
        rect: Rect,
        /// The long side is horizontal (strips are vertical columns).
        horizontal: bool,
    },
    /// An item joined a strip (a new one or the current one); the strip's (CR)v verdict.
    AddedItem {
        /// The item.
        node: usize,
        /// The strip.
        strip: usize,
        /// It opened a new strip.
        opened: bool,
        /// The strip's thickness `τ`.
        #[serde(serialize_with = "crate::rational::exact")]
        tau: Q,
        /// `4τ²`.
        #[serde(serialize_with = "crate::rational::exact")]
        limit: Q,
        /// `max ≤ 4τ²`: the strip passes (CR)v and the next item opens a new strip.
        passes: bool,
    },
    /// Phase 2: the failing last strip was deleted and its items spread over the strips
    /// before it.
    Redistributed {
        /// The group.
        node: usize,
        /// `(item, receiving strip)`.
        moves: Vec<(usize, usize)>,
    },
    /// An item got its rectangle (a processor is done; a group is laid out next).
    PlacedItem {
        /// The item.
        node: usize,
        /// Its rectangle.
        rect: Rect,
    },
    /// The tiling is complete.
    Finished {
        /// `Ĉ`.
        #[serde(serialize_with = "crate::rational::exact")]
        cost: Q,
        /// Processors (0-based) violating (CR).
        violating: Vec<usize>,
    },
}

/// Pseudocode shown beside the figure; [`Phase::line`] indexes it.
pub const RECURSIVE_PSEUDOCODE: &[&str] = &[
    "repeat: sort the nodes ascending; group each smallest node with all nodes ≤ 2× it",
    "until every group is a single node: tops T1 > T2 > … with T_i > 2·T_(i+1)",
    "peel: cut T_i's piece across the longer side of the remaining rectangle",
    "columns_cr(R, items): strips across the short side S, thickness τ = area/S",
    "  item joins the current strip unless it passes (CR)v: max ≤ 4τ²; then it opens a new one",
    "  if L ≤ 4S and the last strip fails: give its items to the strips before it",
    "  place strips from the origin; a group item is laid out recursively",
    "done: Ĉ ≤ 1 + 1.25·LB_sum",
];

/// The name of a node in captions: `P3` for a processor, `G2` for the second group created.
pub(crate) fn node_name(uid: usize, p: usize) -> String {
    if uid <= p {
        format!("P{uid}")
    } else {
        format!("G{}", uid - p)
    }
}

fn names(uids: &[usize], p: usize) -> String {
    uids.iter()
        .map(|&u| node_name(u, p))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Step for RecursiveStep {
    /// The areas, by processor.
    type Context<'a> = [Q];

    fn caption(&self, s: &[Q]) -> String {
        let p = s.len();
        let n = |u: usize| node_name(u, p);
        match self {
            RecursiveStep::Grouped { round, groups, created } => {
                let made: Vec<String> = created
                    .iter()
                    .map(|g| format!("{} = {{{}}} (area {})", n(g.uid), names(&g.children, p), format_q(&g.area)))
                    .collect();
                format!(
                    "Round {round}: scanned the nodes from the smallest, each group taking every node at most twice its smallest; {} group(s) found, new nodes {}.",
                    groups.len(),
                    made.join(", ")
                )
            }
            RecursiveStep::Converged { tops, areas } => {
                let list: Vec<String> = tops.iter().zip(areas).map(|(&u, a)| format!("{} ({})", n(u), format_q(a))).collect();
                format!(
                    "No two nodes are within a factor 2 any more: the top-level list is {}, each more than twice the next, hence larger than all the following ones together.",
                    list.join(", ")
                )
            }
            RecursiveStep::Peeled { node, piece, last: false } => format!(
                "Cut a {} × {} piece for {} across the longer side of the remaining rectangle.",
                frac(&piece.w), frac(&piece.h), n(*node)
            ),
            RecursiveStep::Peeled { node, piece, last: true } => format!(
                "{} takes the whole remaining {} × {} rectangle.",
                n(*node), frac(&piece.w), frac(&piece.h)
            ),
            RecursiveStep::StartedColumns { node, rect, horizontal } => format!(
                "Laying out {} in its {} × {} rectangle: strips run across the short side ({}), stacked along the long side.",
                n(*node), frac(&rect.w), frac(&rect.h),
                if *horizontal { "vertical strips" } else { "horizontal strips" }
            ),
            RecursiveStep::AddedItem { node, strip, opened, tau, limit, passes } => format!(
                "{} {} strip {}: thickness τ = {}, 4τ² = {}; the strip {} (CR)v{}.",
                n(*node),
                if *opened { "opened" } else { "joined" },
                strip + 1,
                format_q(tau),
                format_q(limit),
                if *passes { "passes" } else { "fails" },
                if *passes { ", so the next item opens a new strip" } else { ", so the next item joins it" }
            ),
            RecursiveStep::Redistributed { node, moves } => {
                let list: Vec<String> = moves.iter().map(|&(u, k)| format!("{} to strip {}", n(u), k + 1)).collect();
                format!("In {}, the last strip failed (CR)v and the rectangle is not too elongated: deleted it and moved {}.", n(*node), list.join(", "))
            }
            RecursiveStep::PlacedItem { node, rect } => format!(
                "Placed {} at ({}, {}), {} × {}.",
                n(*node), frac(&rect.x), frac(&rect.y), frac(&rect.w), frac(&rect.h)
            ),
            RecursiveStep::Finished { cost, violating } => {
                let (lb, _) = crate::square::metrics::lower_bounds(s);
                let bad = if violating.is_empty() {
                    "every rectangle satisfies (CR)".to_owned()
                } else {
                    let ids: Vec<usize> = violating.iter().map(|i| i + 1).collect();
                    format!("(CR) is violated by {}", names(&ids, p))
                };
                format!(
                    "Done: Ĉ = {} ≈ {:.4}, within the guarantee 1 + 1.25·LB_sum = {:.4}; {bad}.",
                    format_q(cost), crate::rational::to_f64(cost), 1.0 + 1.25 * lb
                )
            }
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            RecursiveStep::Grouped { .. } => ("group", 0),
            RecursiveStep::Converged { .. } => ("group", 1),
            RecursiveStep::Peeled { .. } => ("peel", 2),
            RecursiveStep::StartedColumns { .. } => ("columns", 3),
            RecursiveStep::AddedItem { .. } => ("columns", 4),
            RecursiveStep::Redistributed { .. } => ("columns", 5),
            RecursiveStep::PlacedItem { .. } => ("columns", 6),
            RecursiveStep::Finished { .. } => ("done", 7),
        };
        Phase { name, line }
    }
}

/// The `columns_cr` call in progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrView {
    /// The group being laid out.
    pub node: usize,
    /// Its rectangle.
    pub rect: Rect,
    /// Strips are vertical columns.
    pub horizontal: bool,
    /// Item uids per strip so far.
    pub strips: Vec<Vec<usize>>,
    /// `τ` of the strip just changed.
    #[serde(serialize_with = "crate::rational::exact")]
    pub tau: Option<Q>,
    /// `4τ²` of the strip just changed.
    #[serde(serialize_with = "crate::rational::exact")]
    pub limit: Option<Q>,
    /// Its (CR)v verdict.
    pub passes: Option<bool>,
    /// Phase-2 moves `(item, receiving strip)`, once done.
    pub moves: Vec<(usize, usize)>,
}

/// What the figure shows after some steps of the recursive algorithm.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct RecursiveState {
    /// The areas, by processor.
    #[serde(serialize_with = "crate::rational::exact")]
    pub areas: Vec<Q>,
    /// The groups created so far (processors are not listed).
    pub groups: Vec<Node>,
    /// The groups of the last round (brackets on the ascending list).
    pub round: Vec<Vec<usize>>,
    /// Round number of `round`.
    pub round_number: usize,
    /// The top-level list, once converged.
    pub tops: Option<Vec<usize>>,
    /// Rectangles given to nodes so far (peeled pieces and placed items), in order.
    pub pieces: Vec<(usize, Rect)>,
    /// The `columns_cr` call in progress.
    pub cr: Option<CrView>,
    /// Rectangles of processors placed so far.
    pub rects: Vec<Option<Rect>>,
    /// The node just handled (highlighted).
    pub focus: Option<usize>,
    /// `Ĉ`, once finished.
    #[serde(serialize_with = "crate::rational::exact")]
    pub cost: Option<Q>,
    /// Processors violating (CR), once finished.
    pub violating: Vec<usize>,
}

impl RecursiveState {
    /// The state before any step: the bars of `areas`.
    #[must_use]
    pub fn new(areas: &[Q]) -> RecursiveState {
        RecursiveState {
            areas: areas.to_vec(),
            rects: vec![None; areas.len()],
            ..RecursiveState::default()
        }
    }
}

impl Replay for RecursiveState {
    type Step = RecursiveStep;

    fn apply(&mut self, step: &RecursiveStep) {
        let p = self.areas.len();
        match step {
            RecursiveStep::Grouped {
                round,
                groups,
                created,
            } => {
                self.round.clone_from(groups);
                self.round_number = *round;
                self.groups.extend(created.iter().cloned());
            }
            RecursiveStep::Converged { tops, .. } => self.tops = Some(tops.clone()),
            RecursiveStep::Peeled { node, piece, .. } => {
                self.focus = Some(*node);
                self.cr = None;
                self.give(*node, piece, p);
            }
            RecursiveStep::StartedColumns {
                node,
                rect,
                horizontal,
            } => {
                self.focus = Some(*node);
                self.cr = Some(CrView {
                    node: *node,
                    rect: rect.clone(),
                    horizontal: *horizontal,
                    strips: Vec::new(),
                    tau: None,
                    limit: None,
                    passes: None,
                    moves: Vec::new(),
                });
            }
            RecursiveStep::AddedItem {
                node,
                strip,
                tau,
                limit,
                passes,
                ..
            } => {
                self.focus = Some(*node);
                if let Some(cr) = &mut self.cr {
                    if cr.strips.len() <= *strip {
                        cr.strips.resize(strip + 1, Vec::new());
                    }
                    cr.strips[*strip].push(*node);
                    cr.tau = Some(tau.clone());
                    cr.limit = Some(limit.clone());
                    cr.passes = Some(*passes);
                }
            }
            RecursiveStep::Redistributed { moves, .. } => {
                if let Some(cr) = &mut self.cr {
                    cr.strips.pop();
                    for &(u, k) in moves {
                        if let Some(strip) = cr.strips.get_mut(k) {
                            strip.push(u);
                        }
                    }
                    cr.moves.clone_from(moves);
                }
            }
            RecursiveStep::PlacedItem { node, rect } => {
                self.focus = Some(*node);
                self.give(*node, rect, p);
            }
            RecursiveStep::Finished { cost, violating } => {
                self.focus = None;
                self.cr = None;
                self.cost = Some(cost.clone());
                self.violating.clone_from(violating);
            }
        }
    }
}

impl RecursiveState {
    fn give(&mut self, node: usize, rect: &Rect, p: usize) {
        self.pieces.push((node, rect.clone()));
        if (1..=p).contains(&node) {
            self.rects[node - 1] = Some(rect.clone());
        }
    }
}
