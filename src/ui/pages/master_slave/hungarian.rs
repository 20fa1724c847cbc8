//! The Hungarian method's phases on `W` (master-slave.md §10.1 item 4, `p ≤ 6`): one row per
//! slave entering the matching, with its augmenting path, the potentials after the phase and
//! the matching so far. Recorded by the core in the worker ([`Phase`]); this view only lists.

use hetlab_core::master_slave::hungarian::Phase;
use yew::prelude::*;

fn vector(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("({})", items.join(","))
}

fn path(p: &Phase) -> String {
    let edges: Vec<String> = p
        .path
        .iter()
        .map(|(i, j)| format!("P{}–S{}", i + 1, j + 1))
        .collect();
    edges.join(", ")
}

fn sigma(p: &Phase) -> String {
    let slots: Vec<String> = p
        .sigma
        .iter()
        .map(|s| s.map_or_else(|| "–".to_owned(), |j| (j + 1).to_string()))
        .collect();
    format!("({})", slots.join(","))
}

/// The table, or nothing when the core recorded no phase (not `MaxTasks1`, or `p > 6`).
pub fn phases_table(phases: &[Phase]) -> Html {
    if phases.is_empty() {
        return Html::default();
    }
    html! {
        <details class="working" data-testid="ms-hungarian">
            <summary>{"The Hungarian method on W, one slave at a time"}</summary>
            <p>{"Each phase adds one slave along an augmenting path (the edges it matches, ending on a free slot), after lowering the potentials until a path of tight edges exists. For the slaves added so far the potentials satisfy u_i + v_j ≥ W[i][j], with equality on the matched edges; after the last phase Σu + Σv equals the optimum (LP duality)."}</p>
            <div class="table-scroll">
                <table class="compare" data-testid="ms-hungarian-table">
                    <thead><tr><th>{"slave added"}</th><th>{"augmenting path"}</th><th>{"potential changes"}</th><th>{"u (slaves)"}</th><th>{"v (slots)"}</th><th>{"σ so far"}</th><th>{"Σu + Σv"}</th></tr></thead>
                    <tbody>
                        { for phases.iter().map(|p| html! {
                            <tr><td>{format!("P{}", p.row + 1)}</td><td>{path(p)}</td><td>{p.adjustments}</td><td>{vector(&p.u)}</td><td>{vector(&p.v)}</td><td>{sigma(p)}</td><td>{p.u.iter().sum::<i64>() + p.v.iter().sum::<i64>()}</td></tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}
