//! The LU page's comparisons (lu-distributions.md §4): the four schemes of §3.1 side by side at
//! the current step (§4.2, frame 6), the cyclic distribution in a strip under the 1D one (§4.1),
//! the block panel of a true grid (§2.5), and the table of §2.1 showing why plain grids fail.
//! Everything shown was computed by the core once per instance; these functions only read.

use std::rc::Rc;

use hetlab_core::error::SolveError;
use hetlab_core::lu::grid_failure::GridOptimum;
use hetlab_core::lu::grid_panels::GridPanels;
use hetlab_core::lu::{LuSolution, Scheme};
use hetlab_core::rational::{approx, format_q, frac, Q};
use yew::prelude::*;

use crate::draw::lu::{opacity, shade};
use crate::draw::palette::colour;
use crate::ui::pages::lu::views::OwnerMatrix;

/// Every scheme of §3.1 on this instance (the solution, or why it was refused).
pub type Schemes = [(Scheme, Result<LuSolution, SolveError>)];

/// `Σ cost(1..k)` of a solution.
fn total_to(sol: &LuSolution, k: usize) -> Q {
    sol.steps.iter().take(k).map(|s| s.cost.clone()).sum()
}

/// The four schemes side by side at step `k` (the first step before the play-back).
pub fn side_by_side(schemes: &Schemes, k: Option<usize>) -> Html {
    let at = k.unwrap_or(1);
    html! {
        <div class="working">
            <h3>{format!("The four schemes of §3.1 at step k = {at}")}</h3>
            <div class="lu-compare" data-testid="lu-side-by-side">
                { for schemes.iter().map(|(scheme, sol)| match sol {
                    Ok(sol) => {
                        let step = sol.steps.get(at.saturating_sub(1));
                        html! {
                            <figure class="lu-mini" data-testid={format!("lu-mini-{}", scheme.name())}>
                                <OwnerMatrix owners={Rc::new(sol.owners.clone())} k={Some(at)} title={format!("{} at step {at}", scheme.name())} side={Some(180)} testid="lu-mini-matrix" />
                                <figcaption>
                                    <strong>{scheme.name()}</strong><br/>
                                    {"cost(k) = "}<span data-testid="mini-cost">{step.map_or_else(String::new, |s| frac(&s.cost))}</span>
                                    {", comm(k) = "}<span data-testid="mini-comm">{step.map_or(0, |s| s.comm)}</span><br/>
                                    {"total to k = "}<span data-testid="mini-total-to-k">{frac(&total_to(sol, at))}</span>
                                    {", whole run = "}<span data-testid="mini-total">{frac(&sol.total_cost)}</span>
                                </figcaption>
                            </figure>
                        }
                    }
                    Err(e) => html! { <figure class="lu-mini"><figcaption><strong>{scheme.name()}</strong><br/>{e.to_string()}</figcaption></figure> },
                }) }
            </div>
        </div>
    }
}

/// One strip of `n` chunk cells coloured by owner, shaded for step `k` (§4.1).
fn strip(owners: &[usize], k: Option<usize>, testid: &'static str) -> Html {
    let n = owners.len().max(1);
    #[allow(clippy::cast_precision_loss)] // n ≤ 512.
    let w = 600.0 / n as f64;
    html! {
        <svg class="lu-strip" viewBox="0 0 600 24" width="600" height="24" role="img" aria-label="chunk owners" data-testid={testid}>
            { for owners.iter().enumerate().map(|(j, &p)| {
                #[allow(clippy::cast_precision_loss)]
                let x = j as f64 * w;
                html! { <rect x={format!("{x:.2}")} y="0" width={format!("{w:.2}")} height="24" fill={colour(p)} fill-opacity={opacity(shade(j, j, k)).to_string()} /> }
            }) }
        </svg>
    }
}

/// The 1D reversed distribution and the cyclic one in parallel, with their chunk costs at step
/// `k` and their totals (§4.1: 83 against 123 in the reference example).
pub fn cyclic_strips(mine: &LuSolution, cyclic: &LuSolution, k: Option<usize>) -> Html {
    let (Some(a), Some(b), Some(va), Some(vb)) = (
        &mine.column_owners,
        &cyclic.column_owners,
        &mine.column_view,
        &cyclic.column_view,
    ) else {
        return Html::default();
    };
    let at = k.unwrap_or(0);
    let cost = |v: &hetlab_core::lu::ColumnView| {
        at.checked_sub(1)
            .and_then(|i| v.costs.get(i))
            .map_or_else(|| "–".to_owned(), frac)
    };
    let so_far =
        |v: &hetlab_core::lu::ColumnView| frac(&v.costs.iter().take(at).cloned().sum::<Q>());
    html! {
        <div class="working" data-testid="cyclic-strips">
            <h3>{"1D view (§4.1): reversed slices against the cyclic distribution"}</h3>
            <p class="strip-label">{"reversed slices of B (this run)"}</p>
            { strip(a, k, "strip-1d") }
            <p class="strip-label">{"cyclic 1, 2, …, p, 1, 2, …"}</p>
            { strip(b, k, "strip-cyclic") }
            <table class="dp">
                <thead><tr><th></th><th>{"cost₁D(k)"}</th><th>{"total so far"}</th><th>{"whole run"}</th></tr></thead>
                <tbody>
                    <tr><td>{"reversed"}</td><td>{cost(va)}</td><td>{so_far(va)}</td><td data-testid="strip-total-1d">{frac(&va.total)}</td></tr>
                    <tr><td>{"cyclic"}</td><td>{cost(vb)}</td><td>{so_far(vb)}</td><td data-testid="strip-total-cyclic">{frac(&vb.total)}</td></tr>
                </tbody>
            </table>
        </div>
    }
}

/// The true grid of `grid-panels`: arrangement, fractions, panel sizes and the panel's owners
/// (`Pab` = grid row a, grid column b, as in §2.5).
pub fn panels_view(g: &GridPanels) -> Html {
    let fractions = |v: &[Q]| v.iter().map(approx).collect::<Vec<_>>().join(", ");
    let sizes = |v: &[usize]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let speeds = |v: &[Q]| v.iter().map(format_q).collect::<Vec<_>>().join(", ");
    html! {
        <div class="working" data-testid="lu-panels">
            <h3>{format!("Block panel on the {} × {} processor grid (§2.5)", g.rows, g.cols)}</h3>
            <p>
                {format!("Grid ({}): ", if g.exact { "exact fractions, square §4.3" } else { "heuristic fractions, square §4.4" })}
                { for g.arrangement.iter().map(|row| html! { <span class="grid-row">{format!("[{}] ", row.iter().map(|p| format!("P{}", p + 1)).collect::<Vec<_>>().join(" "))}</span> }) }
            </p>
            <p>{format!("r ≈ ({}), c ≈ ({}); rounded to the panel: rows ({}) and columns ({}).", fractions(&g.r), fractions(&g.c), sizes(&g.row_sizes), sizes(&g.column_sizes))}</p>
            <p>{format!("Grid rows behave as processors of speeds ({}), grid columns of speeds ({}).", speeds(&g.panel.row_speeds), speeds(&g.panel.column_speeds))}</p>
            <table class="dp panel" data-testid="panel-owners">
                <tbody>
                    { for g.panel.rows.iter().map(|&a| html! {
                        <tr>{ for g.panel.columns.iter().map(|&b| {
                            let p = g.arrangement[a][b];
                            html! { <td style={format!("background:{}", colour(p))}>{format!("P{}{}", a + 1, b + 1)}</td> }
                        }) }</tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The table of §2.1: the best split of each trailing size on a fixed 3 × 3 grid.
pub fn failure_table(table: &Result<Vec<GridOptimum>, SolveError>) -> Html {
    let Ok(table) = table else {
        return Html::default();
    };
    let list = |v: &[usize]| {
        format!(
            "({})",
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )
    };
    html! {
        <div class="working" data-testid="grid-failure">
            <h3>{"Why plain heterogeneous grids fail for LU (§2.1)"}</h3>
            <p class="muted">{"A 3 × 3 grid, cycle time 1 at position (1, 1) and 5 elsewhere. For each size m of the trailing matrix, the best way to give its rows to the grid rows and its columns to the grid columns (every split tried): the optimum for m = 3 does not contain the one for m = 2, so no static distribution is optimal at every step."}</p>
            <table class="dp">
                <thead><tr><th>{"m"}</th>{ for table.iter().map(|o| html! { <th>{o.m}</th> }) }</tr></thead>
                <tbody>
                    <tr><td>{"optimal makespan"}</td>{ for table.iter().map(|o| html! { <td data-testid="failure-makespan">{frac(&o.makespan)}</td> }) }</tr>
                    <tr><td>{"an optimum (rows; columns)"}</td>{ for table.iter().map(|o| html! { <td>{format!("{};{}", list(&o.rows), list(&o.cols))}</td> }) }</tr>
                    <tr><td>{"optima"}</td>{ for table.iter().map(|o| html! { <td>{o.optima}</td> }) }</tr>
                </tbody>
            </table>
        </div>
    }
}
