//! The square page's results beside the figure: the metrics of square-partitions.md §5 with
//! the guarantee of the algorithm shown, and every rectangle algorithm on the same instance.

use hetlab_core::rational::frac;
use hetlab_core::square::metrics::Metrics;
use hetlab_core::square::run::Partition;
use yew::prelude::*;

/// The metrics panel (`grid`: the grid heuristic, whose measure is `V`, shown below), with the
/// guarantee of `algo` where it has one (square-partitions.md §3, §5): the recursive
/// algorithm's `Ĉ ≤ 1 + 1.25·LB_sum`, PERI-MAX's `M̂ ≤ (2/√3)·LB_max`.
pub fn metrics_panel(m: Option<&Metrics>, grid: bool, algo: &str) -> Html {
    if grid {
        return html! { <><h2>{"Result"}</h2><p class="muted" data-testid="metrics">{"A processor grid is measured by V = Σr·Σc and its efficiency E, shown under the figure."}</p></> };
    }
    let Some(m) = m else {
        return html! { <><h2>{"Result"}</h2><p class="muted" data-testid="metrics">{"The metrics appear when the partition is complete (press End)."}</p></> };
    };
    html! {
        <>
            <h2>{"Result"}</h2>
            <dl class="metrics" data-testid="metrics">
                <dt>{"Sum of half-perimeters Ĉ"}</dt><dd data-testid="c-hat">{frac(&m.sum_half_perimeters)}</dd>
                <dt>{"Lower bound LB = 2 Σ √sᵢ"}</dt><dd>{format!("{:.6}", m.lb_sum)}</dd>
                <dt>{"Ĉ / LB"}</dt><dd>{format!("{:.6}", m.ratio_sum)}</dd>
                <dt>{"Largest half-perimeter M̂"}</dt><dd>{format!("{} (P{})", frac(&m.max_half_perimeter), m.max_processor + 1)}</dd>
                <dt>{"M̂ / (2 √max sᵢ)"}</dt><dd>{format!("{:.6}", m.ratio_max)}</dd>
                <dt>{"Interior cuts Ĉ − 2"}</dt><dd>{frac(&m.interior_cut_length)}</dd>
                { guarantee(m, algo) }
            </dl>
        </>
    }
}

/// The row of `algo`'s guarantee, if it has one: the bound and whether the partition meets it.
fn guarantee(m: &Metrics, algo: &str) -> Html {
    let (what, value, bound) = match algo {
        "recursive" => (
            "Guarantee Ĉ ≤ 1 + 1.25·LB",
            hetlab_core::rational::to_f64(&m.sum_half_perimeters),
            m.recursive_bound,
        ),
        "peri-max" => (
            "Guarantee M̂ ≤ (2/√3)·(2 √max sᵢ)",
            hetlab_core::rational::to_f64(&m.max_half_perimeter),
            m.peri_max_bound,
        ),
        _ => return Html::default(),
    };
    let met = if value <= bound + 1e-12 {
        "met"
    } else {
        "NOT met"
    };
    html! {
        <><dt>{what}</dt><dd data-testid="guarantee">{format!("{bound:.6} ({met})")}</dd></>
    }
}

/// Every rectangle algorithm on the same instance (computed once with the run).
pub fn comparison(
    all: &[(String, Result<Partition, hetlab_core::error::SolveError>)],
    current: &str,
) -> Html {
    html! {
        <>
            <h2>{"All algorithms on this instance"}</h2>
            <table class="compare" data-testid="compare">
                <thead><tr><th>{"algorithm"}</th><th>{"Ĉ"}</th><th>{"Ĉ / LB"}</th><th>{"M̂"}</th><th>{"M̂ / LB"}</th></tr></thead>
                <tbody>
                    { for all.iter().map(|(name, result)| html! {
                        <tr class={classes!((*name == current).then_some("current"))}>
                            <td>{name.clone()}</td>
                            { match result {
                                Ok(p) => html! { <>
                                    <td>{frac(&p.metrics.sum_half_perimeters)}</td>
                                    <td>{format!("{:.4}", p.metrics.ratio_sum)}</td>
                                    <td>{frac(&p.metrics.max_half_perimeter)}</td>
                                    <td>{format!("{:.4}", p.metrics.ratio_max)}</td>
                                </> },
                                Err(e) => html! { <td colspan="4">{e.to_string()}</td> },
                            } }
                        </tr>
                    }) }
                </tbody>
            </table>
        </>
    }
}
