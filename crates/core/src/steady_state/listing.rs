//! The steady-state LP written out (steady-state.md §2.2, §2.7 and §5.1 state 2): its variables
//! and its constraints grouped by node (compute, send, receive, conservation), with the numbers
//! of the instance and the meaning of each row, as the page lists them. Built from the
//! instance alone (no solving), so the page can draw it before the LP is solved.

use num_traits::{One, Signed};

use crate::platform::{Arc, NodeId};
use crate::rational::{frac, Cost, Q};
use crate::steady_state::SteadyState;

/// What a row of the LP constrains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// `w_i·x_i ≤ 1` (constraint 1).
    Compute,
    /// The sending port (constraint 2).
    Send,
    /// The receiving port (constraint 3).
    Receive,
    /// Conservation of input files at a non-master (constraint 4).
    Conservation,
    /// Conservation of result files at a non-master (§2.7).
    Results,
}

impl RowKind {
    /// The word the listing labels the row with.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            RowKind::Compute => "compute",
            RowKind::Send => "send",
            RowKind::Receive => "receive",
            RowKind::Conservation => "conservation",
            RowKind::Results => "results",
        }
    }
}

/// One constraint of the LP.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// What it constrains.
    pub kind: RowKind,
    /// The constraint with the instance's numbers, e.g. `2·f_12 + f_13 ≤ 1`.
    pub text: String,
    /// What it means, in a few words (the node is named by [`NodeRows`]).
    pub meaning: String,
}

/// The rows of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRows {
    /// The node's id.
    pub node: String,
    /// "master", "router", "master, router" or "worker".
    pub role: &'static str,
    /// Its constraints: compute, send, receive, then conservation (non-masters).
    pub rows: Vec<Row>,
}

/// The LP of an instance, written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// `maximise ρ = x_1 + …`.
    pub objective: String,
    /// The variables and what they are, one line per kind.
    pub meaning: Vec<String>,
    /// Number of variables, fixed ones included (`|V| + |A|`, `+ |A|` with result files).
    pub variables: usize,
    /// The variables fixed to zero, each with why.
    pub fixed: Vec<(String, &'static str)>,
    /// Number of inequalities (`3|V|`).
    pub inequalities: usize,
    /// Number of equalities (`|V| − #masters`, twice that with result files).
    pub equalities: usize,
    /// The rows of the first nodes (as many as asked for), in node order.
    pub nodes: Vec<NodeRows>,
}

/// The name of a variable on a node (`x_1`) or an arc (`f_12`; `f_(a,b)` when an id is longer
/// than one character, so that the name stays unambiguous).
pub(super) fn arc_var(prefix: &str, from: &NodeId, to: &NodeId) -> String {
    let (a, b) = (from.to_string(), to.to_string());
    if a.chars().count() == 1 && b.chars().count() == 1 {
        format!("{prefix}_{a}{b}")
    } else {
        format!("{prefix}_({a},{b})")
    }
}

/// `k·v` terms joined by `+`, coefficient 1 left out; `0` when empty.
fn sum(terms: &[(Q, String)]) -> String {
    if terms.is_empty() {
        return "0".to_owned();
    }
    terms
        .iter()
        .map(|(k, v)| {
            if k.is_one() {
                v.clone()
            } else {
                format!("{}·{v}", frac(k))
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The LP of `inst` (stage 1, base model, §2.2 and §2.7), with the rows of its first
/// `max_nodes` nodes (the counts are always of the whole LP).
#[must_use]
pub fn listing(inst: &SteadyState, max_nodes: usize) -> Listing {
    let p = &inst.platform;
    // Arcs in the spec's order: by (from, to).
    let mut arcs = p.arcs();
    arcs.sort_by_key(|a| (a.from, a.to));
    let ids = p.ids();
    let e1 = inst.data_out.is_positive();
    let f = |a: &Arc| arc_var("f", &ids[a.from], &ids[a.to]);
    let g = |a: &Arc| arc_var("g", &ids[a.from], &ids[a.to]);
    let x = |i: usize| format!("x_{}", ids[i]);
    let computes = |i: usize| matches!(p.nodes[i].w, Some(Cost::Finite(_)));
    let mut fixed = Vec::new();
    for i in (0..p.nodes.len()).filter(|&i| !computes(i)) {
        fixed.push((x(i), "a router (w = inf) computes nothing"));
    }
    for a in &arcs {
        if p.nodes[a.to].master {
            fixed.push((f(a), "a master receives no input files"));
        }
    }
    if e1 {
        for a in &arcs {
            if p.nodes[a.from].master {
                fixed.push((g(a), "a master sends no result files"));
            }
        }
    }
    let xs: Vec<(Q, String)> = (0..p.nodes.len())
        .filter(|&i| computes(i))
        .map(|i| (Q::one(), x(i)))
        .collect();
    let port = |list: &mut dyn Iterator<Item = &Arc>| -> Vec<(Q, String)> {
        list.flat_map(|a| {
            let mut t = vec![(&a.c * &inst.data_in, f(a))];
            if e1 {
                t.push((&a.c * &inst.data_out, g(a)));
            }
            t
        })
        .collect()
    };
    let nodes = (0..p.nodes.len().min(max_nodes))
        .map(|i| {
            let node = &p.nodes[i];
            let id = ids[i].to_string();
            let mut rows = vec![compute_row(node.w.as_ref(), &x(i))];
            let out = port(&mut arcs.iter().filter(|a| a.from == i));
            let into = port(&mut arcs.iter().filter(|a| a.to == i));
            rows.push(Row {
                kind: RowKind::Send,
                text: format!("{} ≤ 1", sum(&out)),
                meaning: "sends one file at a time: the sending port is busy at most all the time"
                    .to_owned(),
            });
            rows.push(Row {
                kind: RowKind::Receive,
                text: format!("{} ≤ 1", sum(&into)),
                meaning:
                    "receives one file at a time: the receiving port is busy at most all the time"
                        .to_owned(),
            });
            if !node.master {
                let flow = |pick: &dyn Fn(&Arc) -> bool, name: &dyn Fn(&Arc) -> String| {
                    arcs.iter()
                        .filter(|a| pick(a))
                        .map(|a| (Q::one(), name(a)))
                        .collect::<Vec<_>>()
                };
                let local: Vec<(Q, String)> =
                    computes(i).then(|| (Q::one(), x(i))).into_iter().collect();
                let mut used = local.clone();
                used.extend(flow(&|a| a.from == i, &f));
                rows.push(Row {
                    kind: RowKind::Conservation,
                    text: format!("{} = {}", sum(&flow(&|a| a.to == i, &f)), sum(&used)),
                    meaning: "every input file received is computed here or forwarded".to_owned(),
                });
                if e1 {
                    let mut made = flow(&|a| a.to == i, &g);
                    made.extend(local);
                    rows.push(Row {
                        kind: RowKind::Results,
                        text: format!("{} = {}", sum(&made), sum(&flow(&|a| a.from == i, &g))),
                        meaning:
                            "every result computed or received here is forwarded towards a master"
                                .to_owned(),
                    });
                }
            }
            NodeRows {
                node: id,
                role: match (node.master, computes(i)) {
                    (true, true) => "master",
                    (true, false) => "master, router",
                    (false, false) => "router",
                    (false, true) => "worker",
                },
                rows,
            }
        })
        .collect();
    let masters = p.nodes.iter().filter(|v| v.master).count();
    let kinds = if e1 { 2 } else { 1 };
    let mut meaning = vec![
        "x_i: tasks computed per time unit by node i".to_owned(),
        "f_ij: input files sent per time unit on the link from i to j".to_owned(),
    ];
    if e1 {
        meaning.push("g_ij: result files sent per time unit on the link from i to j".to_owned());
    }
    meaning.push("all variables ≥ 0".to_owned());
    Listing {
        objective: format!("maximise ρ = {}", sum(&xs)),
        meaning,
        variables: p.nodes.len() + kinds * arcs.len(),
        fixed,
        inequalities: 3 * p.nodes.len(),
        equalities: kinds * (p.nodes.len() - masters),
        nodes,
    }
}

fn compute_row(w: Option<&Cost>, x: &str) -> Row {
    let text = match w {
        Some(Cost::Finite(w)) if w.is_one() => format!("{x} ≤ 1"),
        Some(Cost::Finite(w)) => format!("{}·{x} ≤ 1", frac(w)),
        _ => format!("{x} = 0"),
    };
    let meaning = match w {
        Some(Cost::Finite(_)) => "computes one task at a time".to_owned(),
        _ => "a router (w = inf) computes nothing".to_owned(),
    };
    Row {
        kind: RowKind::Compute,
        text,
        meaning,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    /// Example 1 (§2.2 "Size", §6.1): 12 variables (2 fixed to zero), 12 inequalities, 3
    /// equalities; the rows of §2.2 with the instance's numbers.
    #[test]
    fn example_1_is_written_as_section_2_2_counts_it() {
        let inst = presets::steady_state("example-1").unwrap();
        let l = listing(&inst, usize::MAX);
        assert_eq!(l.objective, "maximise ρ = x_1 + x_2 + x_3 + x_4");
        assert_eq!(
            (l.variables, l.fixed.len(), l.inequalities, l.equalities),
            (12, 2, 12, 3)
        );
        let fixed: Vec<&str> = l.fixed.iter().map(|(v, _)| v.as_str()).collect();
        assert_eq!(fixed, ["f_21", "f_31"]);
        let text =
            |n: usize| -> Vec<&str> { l.nodes[n].rows.iter().map(|r| r.text.as_str()).collect() };
        assert_eq!(
            text(0),
            ["x_1 ≤ 1", "2·f_12 + f_13 ≤ 1", "2·f_21 + f_31 ≤ 1"]
        );
        assert_eq!(
            text(1),
            [
                "3·x_2 ≤ 1",
                "2·f_21 + 3·f_24 ≤ 1",
                "2·f_12 + 3·f_42 ≤ 1",
                "f_12 + f_42 = x_2 + f_21 + f_24"
            ]
        );
        assert_eq!(
            text(3),
            [
                "6·x_4 ≤ 1",
                "3·f_42 + 3·f_43 ≤ 1",
                "3·f_24 + 3·f_34 ≤ 1",
                "f_24 + f_34 = x_4 + f_42 + f_43"
            ]
        );
        assert_eq!(l.nodes[0].role, "master");
        assert_eq!(listing(&inst, 2).nodes.len(), 2);
    }

    /// Example 6 (result files, `data_out = 1/2`): the ports count both kinds of files, and
    /// each non-master has a second conservation law.
    #[test]
    fn result_files_add_g_and_a_second_conservation() {
        let inst = presets::steady_state("example-1").unwrap();
        let inst = SteadyState {
            data_out: crate::rational::q(1, 2),
            ..inst
        };
        let l = listing(&inst, usize::MAX);
        assert_eq!((l.variables, l.fixed.len(), l.equalities), (20, 4, 6));
        assert_eq!(
            l.nodes[0].rows[1].text,
            "2·f_12 + g_12 + f_13 + 1/2·g_13 ≤ 1"
        );
        assert_eq!(l.nodes[1].rows[4].text, "g_12 + g_42 + x_2 = g_21 + g_24");
    }
}
