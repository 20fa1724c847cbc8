//! The matching figures of `MaxTasks1` and `MaxTasks2` (master-slave.md §10.1–10.2): the
//! bipartite graph slaves — slots (all edges light, the fastest-first foil dashed, the optimal
//! matching bold, each highlighted edge labelled with its weight near its slave), or the
//! tripartite graph forward slots — slaves — return slots of the approximation and of the
//! exact optimum.

use hetlab_core::master_slave::solution::{Matching, MatrixName};
use hetlab_core::master_slave::{MsState, Role};

use super::frame::Frame;
use super::shapes::{as_f64, filled, line, rect, text, Anchor, Shape, WIDTH};
use crate::draw::palette::colour;

/// Largest number of slaves whose graph is drawn (beyond, the matrices below say it all).
pub const MAX_GRAPH: usize = 12;
/// Vertical distance between two nodes.
pub const SPACING: f64 = 26.0;
/// Node box size.
pub const NODE_W: f64 = 56.0;
const NODE_H: f64 = 18.0;
/// Horizontal distance between the labels of two matchings at one slave.
const LABEL_STEP: f64 = 24.0;

/// One highlighted matching of a side: its class, `σ` (slave `i` — slot `σ(i)`), and the
/// weights that label its edges.
type Side<'a> = Vec<(&'static str, Vec<usize>, Option<&'a Vec<Vec<i64>>>)>;

/// Which columns the graph has and which edges it highlights.
struct Plan<'a> {
    /// Left column (slots `F_j` of a tripartite graph, else the slaves).
    tripartite: bool,
    /// `(class, σ, weights)` of the left-hand matchings (slave `i` — slot `σ(i)`).
    left: Side<'a>,
    /// Right-hand matchings of a tripartite graph.
    right: Side<'a>,
}

fn matrix(s: &MsState, name: MatrixName) -> Option<&Vec<Vec<i64>>> {
    s.matrices.iter().find(|(n, _)| *n == name).map(|(_, m)| m)
}

fn found(s: &MsState, role: Role) -> Option<&Matching> {
    s.matchings.iter().find(|(r, _)| *r == role).map(|(_, m)| m)
}

fn plan(s: &MsState) -> Plan<'_> {
    let (a1, a2) = (matrix(s, MatrixName::A1), matrix(s, MatrixName::A2));
    let tripartite = a1.is_some()
        || s.best.is_some()
        || matrix(s, MatrixName::B).is_some()
        || found(s, Role::Exact).is_some();
    let mut plan = Plan {
        tripartite,
        left: Vec::new(),
        right: Vec::new(),
    };
    if !tripartite {
        let w = matrix(s, MatrixName::W);
        if let Some(m) = found(s, Role::FastestFirst) {
            plan.left.push(("foil", m.sigma.clone(), w));
        }
        if let Some(m) = found(s, Role::Optimal) {
            let sigma = s.compacted.clone().unwrap_or_else(|| m.sigma.clone());
            plan.left.push(("chosen", sigma, w));
        }
        return plan;
    }
    if let Some(m) = found(s, Role::Left) {
        plan.left.push(("chosen", m.sigma.clone(), a1));
    }
    if let Some(m) = found(s, Role::Right) {
        plan.right.push(("chosen", m.sigma.clone(), a2));
    }
    let exact = s.best.as_ref().map(|(s1, s2, _)| (s1.clone(), s2.clone()));
    let identity = |m: &Matching| ((1..=m.sigma.len()).collect(), m.sigma.clone());
    if let Some((s1, s2)) = exact.or_else(|| found(s, Role::Exact).map(identity)) {
        let b = matrix(s, MatrixName::B);
        plan.left.push(("chosen", s1, None));
        plan.right.push(("chosen", s2, b));
    }
    plan
}

/// The graph from `top` down; returns the y under it.
pub fn matching(frame: &Frame, s: &MsState, top: f64, out: &mut Vec<Shape>) -> f64 {
    let p = frame.names.len();
    let plan = plan(s);
    if s.matrices.is_empty() && s.best.is_none() && s.matchings.is_empty() {
        let what = if frame.variant == Some(0) {
            "No messages: each slave computes alone, c_i = floor(T/t_i)."
        } else {
            "The bus slots are empty; the weights come first."
        };
        out.push(text(16.0, top + 14.0, what, "tick", Anchor::Start));
        return top + 22.0;
    }
    if p > MAX_GRAPH {
        let note = format!("{p} slaves: the graph is left out (the weight matrices are below).");
        out.push(text(16.0, top + 14.0, note, "tick", Anchor::Start));
        return top + 22.0;
    }
    let xs = if plan.tripartite {
        [36.0, WIDTH / 2.0, WIDTH - 36.0]
    } else {
        [60.0, WIDTH - 60.0, WIDTH - 60.0]
    };
    let title = if plan.tripartite {
        "Forward slots F — slaves P — return slots S"
    } else {
        "Slaves P — bus slots S (weight: tasks P runs after slot S)"
    };
    out.push(text(16.0, top + 14.0, title, "title", Anchor::Start));
    let y0 = top + 34.0;
    let y = |k: usize| y0 + SPACING * as_f64(k);
    let slaves_x = if plan.tripartite { xs[1] } else { xs[0] };
    // All edges first, light.
    if p <= 8 {
        for i in 0..p {
            for j in 0..p {
                if plan.tripartite {
                    out.push(line(xs[0], y(j), slaves_x, y(i), "edge"));
                    out.push(line(slaves_x, y(i), xs[2], y(j), "edge"));
                } else {
                    out.push(line(slaves_x, y(i), xs[1], y(j), "edge"));
                }
            }
        }
    }
    let left_x = if plan.tripartite { xs[0] } else { xs[1] };
    for (k, (class, sigma, w)) in plan.left.iter().enumerate() {
        edges(sigma, *w, (slaves_x, left_x), &y, class, k, out);
    }
    for (k, (class, sigma, w)) in plan.right.iter().enumerate() {
        edges(sigma, *w, (slaves_x, xs[2]), &y, class, k, out);
    }
    nodes(frame, plan.tripartite, xs, &y, out);
    y(p.saturating_sub(1)) + NODE_H / 2.0 + 8.0
}

/// The edges of one matching, each labelled with its weight just outside its slave's box, on
/// the slave's row (the `k`-th highlighted matching of a side one column further out), so that
/// labels of different slaves are a row apart.
fn edges(
    sigma: &[usize],
    w: Option<&Vec<Vec<i64>>>,
    (from_x, to_x): (f64, f64),
    y: &dyn Fn(usize) -> f64,
    class: &'static str,
    k: usize,
    out: &mut Vec<Shape>,
) {
    let dir = if to_x > from_x { 1.0 } else { -1.0 };
    let x = from_x + dir * (NODE_W / 2.0 + 6.0 + LABEL_STEP * as_f64(k));
    let anchor = if dir > 0.0 {
        Anchor::Start
    } else {
        Anchor::End
    };
    for (i, &slot) in sigma.iter().enumerate() {
        let Some(j) = slot.checked_sub(1) else {
            continue;
        };
        out.push(line(from_x, y(i), to_x, y(j), class));
        let weight = w.and_then(|m| m.get(i)).and_then(|r| r.get(j));
        if let Some(v) = weight {
            let cls = if *v < 0 {
                "edge-label neg"
            } else {
                "edge-label"
            };
            out.push(text(x, y(i) - 3.0, v.to_string(), cls, anchor));
        }
    }
}

/// The node boxes: slaves in their colour with `t_i`, slots grey.
fn nodes(frame: &Frame, tri: bool, xs: [f64; 3], y: &dyn Fn(usize) -> f64, out: &mut Vec<Shape>) {
    let p = frame.names.len();
    let slaves_x = if tri { xs[1] } else { xs[0] };
    let mut boxed = |x: f64, yc: f64, label: String, fill: Option<&'static str>| {
        let (bx, by) = (x - NODE_W / 2.0, yc - NODE_H / 2.0);
        out.push(match fill {
            Some(c) => filled(bx, by, NODE_W, NODE_H, "node", c),
            None => rect(bx, by, NODE_W, NODE_H, "slot"),
        });
        out.push(text(x, yc + 4.0, label, "node-label", Anchor::Middle));
    };
    for i in 0..p {
        let t = frame.info.get(i).map_or("", |(_, t)| t.as_str());
        boxed(slaves_x, y(i), format!("P{} t={t}", i + 1), Some(colour(i)));
        if tri {
            boxed(xs[0], y(i), format!("F{}", i + 1), None);
            boxed(xs[2], y(i), format!("S{}", i + 1), None);
        } else {
            boxed(xs[1], y(i), format!("S{}", i + 1), None);
        }
    }
}
