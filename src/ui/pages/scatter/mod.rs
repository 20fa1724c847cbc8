//! The scatter page (scatter.md §7): the Gantt chart of MPI_Scatter's equal shares with its
//! hatched stair, then the balanced distribution (DP, LP + rounding, closed form, order search
//! or root choice) with its makespan, the LP line and the guarantee band; the DP table, the
//! participation scan, the rounding and the orders tried below; the order comparison
//! (descending against ascending bandwidth) under the page. Everything else is the generic
//! algorithm page.

#[cfg(feature = "solve")]
mod compute;
pub mod editor;
pub mod views;

use std::rc::Rc;

use hetlab_core::families::Instance;
use hetlab_core::scatter::extras::ScatterExtras;
use hetlab_core::scatter::family::ScatterFamily;
use hetlab_core::scatter::Scatter;
use hetlab_core::scatter::{ScatterState, SCATTER_PSEUDOCODE};
use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::draw::scatter::{figure, to_svg_document, Drawing, Frame, Scale};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use editor::ScatterField;
use views::{
    dp_table, figure_narrow, figure_svg, orders_table, result, rounding_table, scan_table,
};

const DEFAULT_PRESET: &str = "scatter-sc1";
const LAST_KEY: &str = "hetlab.scatter.v1";

/// The scatter page.
pub struct ScatterPage;

/// Computed once per instance and algorithm: the core's extras (the rational shares' Gantt
/// chart), the time scale of the run, and the two charts of the order comparison.
#[derive(nanoserde::SerBin, nanoserde::DeBin)]
pub struct ScatterExtra {
    core: ScatterExtras,
    scale: Scale,
    comparison: Option<Rc<[Drawing; 2]>>,
}

fn intro(input: &Scatter) -> String {
    let p = input.processors.len();
    format!(
        "{} items on the root P{p}, which sends each of the {p} processors its share in turn, one message at a time; a processor computes once its message has arrived. Press ▶ to see MPI_Scatter's equal shares, then the balanced ones.",
        input.n
    )
}

fn after_page(ctx: &Ctx<'_, ScatterPage>) -> Html {
    let Some(c) = ctx.extra.comparison.as_ref() else {
        return Html::default();
    };
    html! {
        <div class="working">
            <h2>{"Order comparison (Theorem 3): the same LP + rounding in both orders, the root last"}</h2>
            <div class="scatter-compare" data-testid="scatter-compare">
                <figure>{ figure_svg(&c[0], "decreasing bandwidth", "scatter-compare-desc") }</figure>
                <figure>{ figure_svg(&c[1], "increasing bandwidth", "scatter-compare-asc") }</figure>
            </div>
            <p class="muted">{"Serving the fastest links first shortens the stair (the hatched waits): every later processor starts earlier."}</p>
        </div>
    }
}

impl FamilyPage for ScatterPage {
    type F = ScatterFamily;
    type Extra = ScatterExtra;
    const CLASS: &'static str = "scatter-page";
    const TITLE: &'static str = "Load-balanced scatter";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "A root sends identical items to processors one message at a time (single port); receivers served late wait (the stair). Choose how many items each gets so that all finish as early as possible.";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let (t, input) = (ctx.run, ctx.input);
        let p = input.processors.len();
        let s = t.trace.state_at(ScatterState::new(p, input.n), ctx.step());
        let last = ctx.step().checked_sub(1).and_then(|i| t.trace.steps.get(i));
        let caption = last.map_or_else(|| intro(input), |st| st.caption(&()));
        let title = format!("{} on {p} processors and {} items", ctx.algo, input.n);
        let drawing = figure(&Frame {
            state: &s,
            rational: ctx.extra.core.rational.as_ref(),
            scale: ctx.extra.scale,
        });
        let side = html! {
            <>
                <h2>{"Result"}</h2>
                if ctx.done() {
                    { result(&t.solution) }
                } else {
                    <p class="muted" data-testid="scatter-result">{"The balanced shares appear at the last step (press End)."}</p>
                }
                { ctx.phases(&t.trace.steps) }
            </>
        };
        let legend = html! {
            <ul class="legend">
                <li>{"One row per processor in sending order, the root at the bottom; bar at the right: its items."}</li>
                <li>{"Hatched: waiting for the root (the stair); dark: receiving; coloured: computing; grey on the root's row: sending."}</li>
                <li>{"Dashed red: the stair through the arrival times; blue line: the makespan T."}</li>
                <li>{"Green: the LP optimum T_LP and the band up to its guarantee (LP + rounding)."}</li>
            </ul>
        };
        let below = html! {
            <>{ dp_table(&s) }{ scan_table(&s) }{ rounding_table(&s) }{ orders_table(&s) }</>
        };
        let svg_title = title.clone();
        let export = drawing.clone();
        Shown {
            title: title.clone(),
            figure: figure_narrow(&drawing, &title, "scatter-figure"),
            caption,
            line: last.map(|st| st.phase().line),
            pseudocode: SCATTER_PSEUDOCODE,
            side,
            legend,
            below,
            after: after_page(ctx),
            svg: Some(Rc::new(move || {
                (
                    "hetlab-scatter.svg".to_owned(),
                    to_svg_document(&[&export], &svg_title),
                )
            })),
        }
    }

    fn editor(nav: &Nav, inst: &Scatter) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |c: Scatter| {
                let inst = Instance::Scatter(c);
                let drop = ["preset"].into_iter().chain(nav.unoffered_algo(&inst));
                nav.push_instance(&inst, drop);
            })
        };
        html! { <ScatterField instance={inst.clone()} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/scatter?preset=scatter-sc1">{"Open the DP walk-through (SC-1)"}</a> }
    }
}
