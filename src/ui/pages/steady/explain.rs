//! The steady-state page's explanations beside the result (steady-state.md §5.1 states 2, 3
//! and 9, §5.2 state 3, §2.10): the LP written out, the note on whether its optimum is unique,
//! the table of denominators behind the scale factor `A`, the tree's cross-check against the
//! LP, and why no schedule can do better (the binding resources and the dual prices). Every
//! text and number comes from the core; this file only draws them.

use hetlab_core::periodic::{scale_table, Pattern};
use hetlab_core::rational::{frac, Q};
use hetlab_core::steady_state::dual::Certificate;
use hetlab_core::steady_state::extras::LpExtras;
use hetlab_core::steady_state::extras::TreeCheck;
use hetlab_core::steady_state::face::Face;
use hetlab_core::steady_state::listing::listing;
use hetlab_core::steady_state::Binding;
use hetlab_core::steady_state::SteadyState;
use num_traits::Zero;
use yew::prelude::*;

/// Nodes whose rows the listing shows (the counts are always of the whole LP).
const LISTED_NODES: usize = 30;
/// Variables whose optimal range the note lists.
const RANGES_LISTED: usize = 10;
/// Variables fixed to 0 named in the size line.
const FIXED_NAMED: usize = 12;
/// Rows of the scale table shown.
const SCALE_ROWS: usize = 60;

/// §5.1 state 2: the LP's variables and constraints grouped by node, with the instance's
/// numbers and the meaning of each row (closed by default).
pub fn lp_listing(inst: &SteadyState) -> Html {
    let l = listing(inst, LISTED_NODES);
    let fixed = if l.fixed.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = l
            .fixed
            .iter()
            .take(FIXED_NAMED)
            .map(|(v, why)| format!("{v} ({why})"))
            .collect();
        let more = l.fixed.len().saturating_sub(FIXED_NAMED);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        format!(" Fixed to 0: {}{more}.", names.join(", "))
    };
    let shown = l.nodes.len();
    let total = inst.platform.nodes.len();
    html! {
        <details class="why lp-listing" data-testid="lp-listing">
            <summary>{"The LP, written out"}</summary>
            <p data-testid="lp-size">{format!(
                "{} variables ({} fixed to 0), {} inequalities, {} equalities.{fixed}",
                l.variables, l.fixed.len(), l.inequalities, l.equalities
            )}</p>
            <p class="lp-objective" data-testid="lp-objective">{l.objective.clone()}</p>
            <ul class="muted">{ for l.meaning.iter().map(|m| html! { <li>{m.clone()}</li> }) }</ul>
            <div class="table-scroll">
            <table class="rates lp-rows">
                <tbody>
                    { for l.nodes.iter().map(|n| html! {
                        <>
                        <tr class="lp-node"><th colspan="2">{format!("Node {} ({})", n.node, n.role)}</th></tr>
                        { for n.rows.iter().map(|r| html! {
                            <tr data-node={n.node.clone()} data-kind={r.kind.label()}>
                                <td class="muted">{r.kind.label()}</td>
                                <td><span class="lp-row">{keep_together(&r.text)}</span><br /><span class="muted">{r.meaning.clone()}</span></td>
                            </tr>
                        }) }
                        </>
                    }) }
                </tbody>
            </table>
            </div>
            if shown < total {
                <p class="muted">{format!("The rows of the first {shown} of {total} nodes are shown; the counts above are of the whole LP.")}</p>
            }
        </details>
    }
}

/// The constraint with no line break inside `≤ 1` or around `=` (a no-break space each side).
fn keep_together(text: &str) -> String {
    text.replace(" ≤ ", "\u{a0}≤\u{a0}")
        .replace(" = ", "\u{a0}=\u{a0}")
}

/// §5.1 state 3: whether other rates reach `ρ*` too (§2.4), as the core words it.
pub fn uniqueness(inst: &SteadyState, face: &Result<Face, String>) -> Html {
    let f = match face {
        Ok(f) => f,
        Err(why) => {
            return html! { <p class="muted" data-testid="uniqueness">{format!("Whether other optimal rates exist was {why}.")}</p> }
        }
    };
    let (lead, items, tail) = f.note_parts(inst);
    if items.is_empty() {
        return html! { <p class="muted" data-testid="uniqueness">{lead}</p> };
    }
    html! {
        <div class="why" data-testid="uniqueness">
            <p data-testid="uniqueness-lead">{lead}</p>
            <ul>{ for items.iter().take(RANGES_LISTED).map(|t| html! { <li data-testid="uniqueness-range">{t.clone()}</li> }) }</ul>
            if items.len() > RANGES_LISTED {
                <p class="muted">{format!("… and {} more (the exported result lists them all).", items.len() - RANGES_LISTED)}</p>
            }
            <p>{tail}</p>
        </div>
    }
}

/// §5.1 state 9: slot × arc, the files sent in the slot before scaling and their
/// denominators; `A` is their lcm (§4.5).
pub fn scale_view(inst: &SteadyState, pat: &Pattern) -> Html {
    let rows = scale_table(pat);
    let ids = inst.platform.ids();
    let arcs = inst.platform.arcs();
    let mut dens: Vec<String> = rows.iter().map(|r| r.denominator.to_string()).collect();
    dens.sort_by_key(|d| (d.len(), d.clone()));
    dens.dedup();
    let more = rows.len().saturating_sub(SCALE_ROWS);
    html! {
        <details class="why" data-testid="scale-table">
            <summary>{format!("Why A = {}", pat.scale_a)}</summary>
            <p class="muted">{"In slot k every arc of the matching M_k transmits for the whole slot: μ_k·m_ij/u_ij files before scaling. Transfers are atomic, so A is the least integer that makes every count whole: the lcm of their denominators."}</p>
            <div class="table-scroll">
            <table class="rates">
                <thead><tr><th>{"slot"}</th><th>{"arc"}</th><th>{"files before scaling"}</th><th>{"denominator"}</th></tr></thead>
                <tbody>{ for rows.iter().take(SCALE_ROWS).map(|r| {
                    let a = &arcs[r.arc];
                    let what = if r.results { " (results)" } else { "" };
                    html! { <tr><td>{r.slot + 1}</td><td>{format!("{}→{}{what}", ids[a.from], ids[a.to])}</td><td>{frac(&r.count)}</td><td>{r.denominator.to_string()}</td></tr> }
                }) }</tbody>
            </table>
            </div>
            if more > 0 { <p class="muted">{format!("… and {more} more rows.")}</p> }
            <p data-testid="scale-a">{format!("A = lcm({}) = {}; one period lasts L = A·T = {} and completes {} tasks.", dens.join(", "), pat.scale_a, pat.length, pat.tasks())}</p>
        </details>
    }
}

/// §5.2 state 3: the closed form's `ρ*` beside the LP's.
pub fn tree_check(check: &TreeCheck) -> Html {
    let cf = frac(&check.closed_form);
    let (class, text) = match &check.lp {
        Ok(lp) if check.equal() => ("muted", format!("Cross-check: the LP on the same platform gives ρ* = {}, the closed form {cf}: equal exactly.", frac(lp))),
        Ok(lp) => ("warning", format!("Cross-check failed: the LP gives ρ* = {} but the closed form {cf}. Please report this platform.", frac(lp))),
        Err(why) => ("muted", format!("Cross-check: the LP was not solved ({why}); the closed form gives {cf}.")),
    };
    html! { <p class={class} data-testid="lp-check">{text}</p> }
}

/// The binding constraints (the resources the optimal rates use fully) and the prices that
/// prove the bound (steady-state.md section 2.10), both computed in the core with the run.
pub fn why_optimal(inst: &SteadyState, x: &LpExtras, rho: &Q) -> Html {
    let ids = inst.platform.ids();
    let items: Vec<String> = x
        .binding
        .iter()
        .map(|&b| match b {
            Binding::Compute(i) => format!("{} computes all the time", ids[i]),
            Binding::Send(i) => format!("{}'s sending port is always busy", ids[i]),
            Binding::Receive(i) => format!("{}'s receiving port is always busy", ids[i]),
        })
        .collect();
    html! {
        <details class="why" data-testid="why-optimal" open=true>
            <summary>{"Why no schedule can do better"}</summary>
            <p class="muted">{"Count, in any schedule over K time units, the tasks each node computes and the files each link carries. Divided by K they satisfy the LP's constraints (a node computes one task at a time, sends one file at a time, receives one file at a time, and forwards only what it received), so Σ tasks ≤ ρ*·K. These resources are used fully by the optimal rates:"}</p>
            <ul>{ for items.iter().map(|t| html! { <li>{t}</li> }) }</ul>
            { prices(inst, &x.certificate, rho) }
        </details>
    }
}

/// The dual prices as a table: one price per unit of time on each resource, such that every
/// task costs at least 1 wherever it is computed; they sum to ρ*.
fn prices(inst: &SteadyState, cert: &Result<Certificate, String>, rho: &Q) -> Html {
    let c = match cert {
        Ok(c) => c,
        Err(why) => {
            return html! { <p class="warning">{format!("No price certificate: {why}")}</p> }
        }
    };
    let e1 = c.back.iter().any(|v| !v.is_zero());
    let cell = |v: &Q| if v.is_zero() { String::new() } else { frac(v) };
    html! {
        <>
            <p class="muted">{"The proof in numbers (the LP's dual): put a price on one time unit of each resource. Delivering a task to a node costs the prices of the ports it crosses (times the transfer time); computing it costs w × the compute price; every task, wherever computed, costs at least 1. Each resource has one time unit per time unit, so no schedule completes more tasks per time unit than the prices add up to:"}</p>
            <table class="rates" data-testid="prices">
                <thead><tr><th>{"node"}</th><th>{"compute"}</th><th>{"send port"}</th><th>{"receive port"}</th><th>{"delivery"}</th>if e1 { <th>{"return"}</th> }</tr></thead>
                <tbody>
                    { for inst.platform.nodes.iter().enumerate().map(|(i, v)| html! {
                        <tr><td>{v.id.to_string()}</td><td>{cell(&c.compute[i])}</td><td>{cell(&c.send[i])}</td><td>{cell(&c.recv[i])}</td><td>{cell(&c.deliver[i])}</td>if e1 { <td>{cell(&c.back[i])}</td> }</tr>
                    }) }
                </tbody>
            </table>
            <p data-testid="price-sum">{format!("Sum of the prices: {} = ρ* = {}, checked exactly.", frac(&c.bound()), frac(rho))}</p>
        </>
    }
}
