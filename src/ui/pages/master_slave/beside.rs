//! `MaxTasks2`'s exact optimum drawn beside the approximation (master-slave.md §10.2 item 5):
//! behind a "show" control, the two finished Gantt charts side by side with `OPT`, the
//! approximation's final total, `C_app` and `OPT − p`. Both schedules were solved in the worker
//! with the run (the comparison rows of [`MsExtras`]); this view only draws them.

use hetlab_core::master_slave::extras::{Beside, MsExtras};
use hetlab_core::master_slave::{MsInput, MsSolution};
use yew::prelude::*;

use crate::draw::master_slave::{frame, gantt_alone};

use super::views::figure_narrow;

fn sigmas(s: &MsSolution, exact: bool) -> String {
    let list = |v: &[usize]| {
        let items: Vec<String> = v.iter().map(ToString::to_string).collect();
        format!("({})", items.join(","))
    };
    let m = s.matching.as_ref();
    let pair = if exact {
        m.and_then(|m| m.exact_sigma.clone())
    } else {
        m.and_then(|m| {
            Some((
                m.left.as_ref()?.sigma.clone(),
                m.right.as_ref()?.sigma.clone(),
            ))
        })
    };
    pair.map_or_else(String::new, |(a, b)| {
        format!(", σ1 = {}, σ2 = {}", list(&a), list(&b))
    })
}

fn chart(input: &MsInput, s: &MsSolution, what: &str, exact: bool, id: &'static str) -> Html {
    let f = frame(input, s);
    let d = gantt_alone(&f, &s.schedule, s.total);
    let title = format!("{what}: {} tasks{}", s.total, sigmas(s, exact));
    html! {
        <figure class="ms-beside-chart">
            <figcaption data-testid={format!("{id}-caption")}>{title.clone()}</figcaption>
            { figure_narrow(&d, &title, id) }
        </figure>
    }
}

fn numbers(b: &Beside<'_>, opt: u64) -> Html {
    let proven = b
        .approx
        .matching
        .as_ref()
        .and_then(|m| m.guarantee_proven)
        .unwrap_or(false);
    let gap = b.opt_minus_p().map_or_else(String::new, |g| g.to_string());
    html! {
        <dl class="metrics" data-testid="ms-exact-numbers">
            <dt>{"Exact optimum OPT"}</dt><dd data-testid="ms-exact-opt">{opt}</dd>
            <dt>{"Approximation, final total"}</dt><dd data-testid="ms-exact-final">{b.approx.total}</dd>
            <dt>{"C_app (guaranteed by the two half-horizon assignments)"}</dt>
            <dd data-testid="ms-exact-c-app">{b.c_app().map_or_else(String::new, |c| c.to_string())}</dd>
            <dt>{"OPT − p (the least the guarantee allows)"}</dt><dd data-testid="ms-exact-gap">{gap}</dd>
            <dt>{"Within p tasks of OPT"}</dt>
            <dd>{if proven { "proven here (T ≥ 2p·max(t1, t2))" } else { "bound not proven for this T (T < 2p·max(t1, t2))" }}</dd>
        </dl>
    }
}

/// The panel, for a `MaxTasks2` instance; nothing for the other variants.
pub fn exact_beside(input: &MsInput, x: &MsExtras) -> Html {
    let Some(b) = x.beside() else {
        return Html::default();
    };
    let body = match b.exact {
        Ok(e) => html! {
            <>
                { numbers(&b, e.total) }
                <div class="ms-beside-charts">
                    { chart(input, b.approx, "Approximation (two half-horizon assignments)", false, "ms-beside-approx") }
                    { chart(input, e, "Exact optimum (every forward order)", true, "ms-beside-exact") }
                </div>
            </>
        },
        Err(why) => html! {
            <p class="muted" data-testid="ms-exact-refused">{format!("Too many permutations for the exact optimum: {why}")}</p>
        },
    };
    html! {
        <details class="working ms-beside" data-testid="ms-exact">
            <summary>{"Exact optimum beside the approximation"}</summary>
            { body }
        </details>
    }
}
