//! `columns_cr` (square-partitions.md section 3.1.2): lays a group's items out in strips across
//! the short side of a rectangle so that every rectangle keeps its aspect ratio in `[1/4, 4]`
//! (condition (CR)) wherever possible.

use num_traits::Zero;

use super::{Node, RecursiveStep};
use crate::rational::Q;
use crate::square::Rect;

/// `(CR)v` for a strip of total area `total` across a short side `short`: the largest item's
/// extent along the short side is at most 4 × the strip's thickness, `max ≤ 4·τ²`. Returns
/// `(τ, 4τ², verdict)`.
fn cr_v(max: &Q, total: &Q, short: &Q) -> (Q, Q, bool) {
    let tau = total / short;
    let limit = Q::from_integer(4.into()) * &tau * &tau;
    let ok = max <= &limit;
    (tau, limit, ok)
}

/// The children of `group` laid out in `r`: phase 1 (open a strip once the current one passes
/// (CR)v), phase 2 (spread a failing last strip over the strips before it when `L ≤ 4S`), then
/// placement from the rectangle's origin. Returns `(child uid, rectangle)` in placement order.
pub(super) fn columns_cr(
    nodes: &[Node],
    r: &Rect,
    group: usize,
    emit: &mut impl FnMut(RecursiveStep),
) -> Vec<(usize, Rect)> {
    let items = &nodes[group - 1].children;
    let area = |u: usize| &nodes[u - 1].area;
    let horizontal = r.w >= r.h;
    let (long, short) = if horizontal {
        (&r.w, &r.h)
    } else {
        (&r.h, &r.w)
    };
    emit(RecursiveStep::StartedColumns {
        node: group,
        rect: r.clone(),
        horizontal,
    });
    // Phase 1. Items arrive by decreasing area, so a strip's maximum is its first item.
    let mut strips: Vec<Vec<usize>> = Vec::new();
    let mut passes = false;
    for &u in items {
        let opened = strips.is_empty() || passes;
        if opened {
            strips.push(vec![u]);
        } else if let Some(last) = strips.last_mut() {
            last.push(u);
        }
        let strip = &strips[strips.len() - 1];
        let total: Q = strip.iter().map(|&v| area(v).clone()).sum();
        let (tau, limit, ok) = cr_v(area(strip[0]), &total, short);
        passes = ok;
        emit(RecursiveStep::AddedItem {
            node: u,
            strip: strips.len() - 1,
            opened,
            tau,
            limit,
            passes,
        });
    }
    // Phase 2: the last strip's l items go one each to the l strips before it.
    let n_s = strips.len();
    let four_short = Q::from_integer(4.into()) * short;
    if !passes && n_s >= 2 && long <= &four_short && strips[n_s - 1].len() < n_s {
        let last = strips.pop().unwrap_or_default();
        let first = n_s - 1 - last.len();
        let moves: Vec<(usize, usize)> = last
            .iter()
            .enumerate()
            .map(|(j, &u)| (u, first + j))
            .collect();
        for &(u, k) in &moves {
            strips[k].push(u);
        }
        emit(RecursiveStep::Redistributed { node: group, moves });
    }
    place(r, horizontal, short, &strips, &area)
}

/// Strips along the long side from the origin in creation order; items along the short side
/// in the order they were added.
fn place<'a>(
    r: &Rect,
    horizontal: bool,
    short: &Q,
    strips: &[Vec<usize>],
    area: &impl Fn(usize) -> &'a Q,
) -> Vec<(usize, Rect)> {
    let mut out = Vec::new();
    let mut along = Q::zero();
    for strip in strips {
        let total: Q = strip.iter().map(|&u| area(u).clone()).sum();
        let tau = &total / short;
        let mut across = Q::zero();
        for &u in strip {
            let extent = area(u) / &tau;
            let rect = if horizontal {
                Rect {
                    x: &r.x + &along,
                    y: &r.y + &across,
                    w: tau.clone(),
                    h: extent.clone(),
                }
            } else {
                Rect {
                    x: &r.x + &across,
                    y: &r.y + &along,
                    w: extent.clone(),
                    h: tau.clone(),
                }
            };
            out.push((u, rect));
            across += extent;
        }
        along += tau;
    }
    out
}
