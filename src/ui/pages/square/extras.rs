//! What the square-partition page shows beside the traced algorithms: the section-5 metrics for
//! an `N × N` block matrix (communication volume, rounding to whole blocks), the exact grid
//! solver's results (§4.3) and the button that asks for them from the grid heuristic's page.

use hetlab_core::rational::{approx, frac, to_f64};
use hetlab_core::square::grid::{GridState, MAX_EXACT_CELLS};
use hetlab_core::square::metrics::Blocks;
use yew::prelude::*;

use crate::ui::use_nav;

/// The section-5 metrics of the final partition for `N` blocks per side.
pub fn blocks_panel(b: &Blocks) -> Html {
    let list = |v: &[u64]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let n = b.n;
    let imbalance = to_f64(&b.rounding.imbalance) * 100.0;
    html! {
        <div class="blocks-panel" data-testid="blocks">
            <h3>{format!("The matrix as N × N = {n} × {n} blocks (§5)")}</h3>
            <dl class="metrics">
                <dt>{"Transfers per step N·(Ĉ − 2)"}</dt><dd data-testid="volume-step">{frac(&b.volume.per_step)}</dd>
                <dt>{"Over the N steps N²·(Ĉ − 2)"}</dt><dd data-testid="volume-total">{frac(&b.volume.total)}</dd>
                <dt>{"Blocks each processor needs per step N·(wᵢ + hᵢ)"}</dt>
                <dd data-testid="volume-each">{ b.volume.per_processor.iter().map(frac).collect::<Vec<_>>().join(", ") }</dd>
                <dt>{"Blocks per processor, edges rounded to whole blocks"}</dt><dd data-testid="rounded-blocks">{list(&b.rounding.blocks)}</dd>
                <dt>{"Makespan maxᵢ blocksᵢ / sᵢ (perfect: N²)"}</dt><dd data-testid="rounded-makespan">{format!("{} (perfect {})", frac(&b.rounding.makespan), n * n)}</dd>
                <dt>{"Load imbalance makespan / N² − 1"}</dt><dd data-testid="rounded-imbalance">{format!("{} ({imbalance:.1} %)", frac(&b.rounding.imbalance))}</dd>
            </dl>
            <p class="muted">{"Change N in the field above the figure (\"N\")."}</p>
        </div>
    }
}

/// Props of [`ExactButton`].
#[derive(Properties, PartialEq)]
pub struct ExactProps {
    /// Number of processors (the exact solver takes at most 16).
    pub p: usize,
}

/// "Solve exactly": the same instance with `grid-exact` (§6.4's optional exact button).
#[component]
pub fn ExactButton(props: &ExactProps) -> Html {
    let nav = use_nav();
    if props.p > MAX_EXACT_CELLS {
        return html! { <p class="muted" data-testid="grid-exact-refused">{format!("The exact solver (§4.3) takes at most {MAX_EXACT_CELLS} processors; this instance has {}.", props.p)}</p> };
    }
    let onclick = Callback::from(move |_: MouseEvent| {
        let mut r = nav.route.clone();
        r.query.set("algo", "grid-exact");
        r.query.set("step", "0");
        nav.push(r);
    });
    html! {
        <p><button {onclick} data-testid="grid-exact-button">{"Solve each arrangement exactly (§4.3)"}</button></p>
    }
}

/// The exact optimum of each arrangement solved so far (`grid-exact`), against the
/// heuristic's `V`.
pub fn exact_table(s: &GridState) -> Html {
    if s.exact.is_empty() {
        return Html::default();
    }
    html! {
        <div class="working" data-testid="grid-exact">
            <h3>{"Each arrangement solved exactly: the best spanning tree of tight cells (§4.3)"}</h3>
            <table class="dp">
                <thead><tr><th>{"arrangement"}</th><th>{"V (heuristic)"}</th><th>{"V (exact)"}</th><th>{"r (exact)"}</th><th>{"c (exact)"}</th><th>{"trees / acceptable"}</th></tr></thead>
                <tbody>
                    { for s.exact.iter().map(|(k, x)| {
                        let heuristic = s.evaluations.get(*k).map_or_else(String::new, |e| format!("{:.6}", e.v));
                        let kept = s.best_exact == Some(*k);
                        html! {
                            <tr class={classes!(kept.then_some("current"))}>
                                <td>{k + 1}</td>
                                <td>{heuristic}</td>
                                <td data-testid="exact-v">{format!("{} ≈ {}", frac(&x.v), approx(&x.v))}</td>
                                <td>{ x.r.iter().map(frac).collect::<Vec<_>>().join(", ") }</td>
                                <td>{ x.c.iter().map(frac).collect::<Vec<_>>().join(", ") }</td>
                                <td>{format!("{} / {}", x.trees, x.acceptable)}</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
