//! The recursive 7/4-approximation for PERI-SUM (square-partitions.md section 3.1): factor-2
//! grouping (3.1.3), peeling the square (3.1.4) and the (CR) column construction `columns_cr`
//! (3.1.2), exact in rationals. Every test of the section is a rational comparison (`≤ 2·m`,
//! `max ≤ 4τ²`, `L ≤ 4S`), so no tolerance is needed: ties are decided exactly, as the spec's
//! `(1 + EPS_REL)` intends. [`solve_traced`] records the story of section 6.2.
//!
//! Reference: O. Beaumont, V. Boudet, F. Rastello, Y. Robert, *Partitioning a square into
//! rectangles: NP-completeness and approximation algorithms*, Algorithmica 34, 2002.

mod cr;
mod node;
mod step;
#[cfg(test)]
mod tests;

use crate::sort;
use num_traits::Zero;
use serde::Serialize;

pub use node::Node;
pub use step::{CrView, RecursiveState, RecursiveStep, RECURSIVE_PSEUDOCODE};

use super::{check_areas, metrics, Rect};
use crate::error::SolveError;
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// The result of the recursive algorithm.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct RecursivePartition {
    /// Every node, indexed by `uid − 1`.
    pub nodes: Vec<Node>,
    /// The groups (uids, ascending) of every grouping round, the last one all singletons.
    pub rounds: Vec<Vec<Vec<usize>>>,
    /// The top-level uids, by decreasing area.
    pub tops: Vec<usize>,
    /// The rectangle of each processor, by input index.
    pub rects: Vec<Rect>,
    /// `Ĉ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub cost: Q,
    /// Processors (0-based) whose rectangle violates (CR): aspect ratio outside `[1/4, 4]`.
    pub violating: Vec<usize>,
}

/// Runs the recursive 7/4-approximation on areas `s` (positive, summing to 1). The result
/// satisfies `Ĉ ≤ 1 + (5/4)·LB_sum`.
///
/// # Complexity
/// `O(p log p)` per grouping round and `O(log p)` rounds when the areas span a bounded ratio;
/// `O(p²)` rational operations in the worst case; the layout is linear.
///
/// # Errors
/// A sentence when the areas are empty, not positive, or do not sum to 1.
///
/// ```
/// use hetlab_core::rational::q;
/// use hetlab_core::square::recursive::solve;
/// let part = solve(&[q(7, 10), q(3, 10)]).unwrap();
/// assert_eq!(part.cost, q(3, 1));
/// ```
pub fn solve(s: &[Q]) -> Result<RecursivePartition, SolveError> {
    run(s, &mut |_| {})
}

/// As [`solve`], with the steps of section 6.2.
///
/// # Complexity
/// As [`solve`]; `O(p)` steps per level of the hierarchy.
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(s: &[Q]) -> Result<Traced<RecursivePartition, RecursiveStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(s, &mut |st| trace.push(st))?;
    Ok(Traced { solution, trace })
}

fn run(s: &[Q], emit: &mut impl FnMut(RecursiveStep)) -> Result<RecursivePartition, SolveError> {
    check_areas(s)?;
    let (nodes, rounds, tops) = group(s, emit);
    let mut rects = vec![Rect::default(); s.len()];
    let square = Rect {
        x: Q::zero(),
        y: Q::zero(),
        w: Q::from_integer(1.into()),
        h: Q::from_integer(1.into()),
    };
    peel(&nodes, square, &tops, &mut rects, emit);
    let cost = metrics::sum_half_perimeters(&rects);
    let four = Q::from_integer(4.into());
    let violating: Vec<usize> = (0..s.len())
        .filter(|&i| {
            let r = &rects[i];
            r.w > &four * &r.h || r.h > &four * &r.w
        })
        .collect();
    emit(RecursiveStep::Finished {
        cost: cost.clone(),
        violating: violating.clone(),
    });
    Ok(RecursivePartition {
        nodes,
        rounds,
        tops,
        rects,
        cost,
        violating,
    })
}

/// One leaf per processor, uid = 1-based input index.
fn leaves(s: &[Q]) -> Vec<Node> {
    s.iter()
        .enumerate()
        .map(|(i, a)| Node {
            uid: i + 1,
            area: a.clone(),
            children: Vec::new(),
        })
        .collect()
}

/// The hierarchy of section 3.1.3: every node, the groups of each round, the top-level uids.
type Hierarchy = (Vec<Node>, Vec<Vec<Vec<usize>>>, Vec<usize>);

/// Section 3.1.3: bottom-up greedy grouping with ratio 2 inclusive, until every group of a
/// round is a single node.
fn group(s: &[Q], emit: &mut impl FnMut(RecursiveStep)) -> Hierarchy {
    let mut nodes = leaves(s);
    let mut list: Vec<usize> = (1..=s.len()).collect();
    let mut rounds = Vec::new();
    let two = Q::from_integer(2.into());
    loop {
        sort::by(&mut list, |&a, &b| {
            nodes[a - 1].area.cmp(&nodes[b - 1].area).then(a.cmp(&b))
        });
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut k = 0;
        while k < list.len() {
            let limit = &two * &nodes[list[k] - 1].area;
            let mut g = vec![list[k]];
            k += 1;
            while k < list.len() && nodes[list[k] - 1].area <= limit {
                g.push(list[k]);
                k += 1;
            }
            groups.push(g);
        }
        rounds.push(groups.clone());
        if groups.iter().all(|g| g.len() == 1) {
            let mut tops = list;
            tops.reverse();
            let areas = tops.iter().map(|&u| nodes[u - 1].area.clone()).collect();
            emit(RecursiveStep::Converged {
                tops: tops.clone(),
                areas,
            });
            return (nodes, rounds, tops);
        }
        let mut created = Vec::new();
        list = groups
            .iter()
            .map(|g| {
                if g.len() == 1 {
                    return g[0];
                }
                let mut children = g.clone();
                sort::by(&mut children, |&a, &b| {
                    nodes[b - 1].area.cmp(&nodes[a - 1].area).then(a.cmp(&b))
                });
                let node = Node {
                    uid: nodes.len() + 1,
                    area: g.iter().map(|&u| nodes[u - 1].area.clone()).sum(),
                    children,
                };
                created.push(node.clone());
                nodes.push(node);
                nodes.len()
            })
            .collect();
        emit(RecursiveStep::Grouped {
            round: rounds.len(),
            groups,
            created,
        });
    }
}

/// Section 3.1.4 (`initial_square`): peels the top-level nodes off `r` one by one, each piece
/// cut across the longer side.
fn peel(
    nodes: &[Node],
    mut r: Rect,
    tops: &[usize],
    rects: &mut [Rect],
    emit: &mut impl FnMut(RecursiveStep),
) {
    for (k, &uid) in tops.iter().enumerate() {
        let area = &nodes[uid - 1].area;
        let (piece, rest) = if k + 1 == tops.len() {
            (r.clone(), None)
        } else if r.w >= r.h {
            let w1 = area / &r.h;
            let rest = Rect {
                x: &r.x + &w1,
                w: &r.w - &w1,
                ..r.clone()
            };
            (Rect { w: w1, ..r.clone() }, Some(rest))
        } else {
            let h1 = area / &r.w;
            let rest = Rect {
                y: &r.y + &h1,
                h: &r.h - &h1,
                ..r.clone()
            };
            (Rect { h: h1, ..r.clone() }, Some(rest))
        };
        emit(RecursiveStep::Peeled {
            node: uid,
            piece: piece.clone(),
            last: rest.is_none(),
        });
        layout(nodes, piece, uid, rects, emit);
        if let Some(rest) = rest {
            r = rest;
        }
    }
}

/// `layout(R, node)`: a processor takes `R`; a group is cut by `columns_cr`.
fn layout(
    nodes: &[Node],
    r: Rect,
    uid: usize,
    rects: &mut [Rect],
    emit: &mut impl FnMut(RecursiveStep),
) {
    let node = &nodes[uid - 1];
    if node.children.is_empty() {
        rects[uid - 1] = r;
    } else {
        for (child, piece) in cr::columns_cr(nodes, &r, uid, emit) {
            emit(RecursiveStep::PlacedItem {
                node: child,
                rect: piece.clone(),
            });
            layout(nodes, piece, child, rects, emit);
        }
    }
}
