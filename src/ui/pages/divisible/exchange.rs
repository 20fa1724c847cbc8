//! Prop. 2's exchange argument on the divisible-load page (divisible-load.md §2.1, DL-2): for
//! every two consecutive workers of STARLINEAR's sending order, the time left `T'`, the load
//! the pair processes either way, the formula's gain and the link's busy time (the same either
//! way). The numbers are the run's (`StarDetails::exchanges`), computed by the core.

use hetlab_core::divisible::{Details, DivSolution};
use hetlab_core::rational::{frac, shown};
use yew::prelude::*;

/// Most pairs listed (the rest are in the result document).
const MAX_ROWS: usize = 12;

/// The table of exchanges, or nothing outside STARLINEAR.
pub fn exchanges(sol: &DivSolution) -> Html {
    let Details::Star(d) = &sol.details else {
        return Html::default();
    };
    if d.exchanges.is_empty() {
        return Html::default();
    }
    let p = |i: usize| format!("P{}", i + 1);
    html! {
        <div class="working" data-testid="dl-exchanges">
            <h2>{"Why the smaller g goes first (Prop. 2)"}</h2>
            <p class="muted">{"Swap two consecutive workers a, b with T' time left when a's message starts: the link stays busy as long, and serving a first processes T'·(g_b − g_a)/((g_a + w_a)(g_b + w_b)) more. Every pair below is in the order by g: swapping it would never process more."}</p>
            <div class="table-scroll">
                <table class="compare">
                    <thead><tr><th>{"a, b"}</th><th>{"T'"}</th><th>{"load, a first"}</th><th>{"load, b first"}</th><th>{"a first gains"}</th><th>{"link busy"}</th></tr></thead>
                    <tbody>
                        { for d.exchanges.iter().take(MAX_ROWS).map(|x| html! {
                            <tr>
                                <td>{format!("{}, {}", p(x.a), p(x.b))}</td>
                                <td>{shown(&x.time_left)}</td>
                                <td>{shown(&x.load_ab)}</td>
                                <td>{shown(&x.load_ba)}</td>
                                <td data-testid="dl-exchange-gain">{frac(&x.gain)}</td>
                                <td data-testid="dl-exchange-busy">{frac(&x.busy)}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if d.exchanges.len() > MAX_ROWS {
                <p class="muted">{format!("{} more pairs in the result document (field exchanges).", d.exchanges.len() - MAX_ROWS)}</p>
            }
        </div>
    }
}
