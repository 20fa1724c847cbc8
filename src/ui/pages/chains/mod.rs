//! The chain-partitioning page (chains.md §10): the staircase of prefix sums with the ideal
//! guides and the separators, the task and processor bars, the loads and the `[LB, UB]`
//! interval, step by step; the search in words and the DP table beside it; every algorithm on
//! the instance below. Everything else is the generic algorithm page.

#[cfg(feature = "solve")]
mod compute;
pub mod editor;
pub mod rb;
pub mod scaling;
pub mod views;

use std::cell::RefCell;
use std::rc::Rc;

use hetlab_core::chains::extras::ChainsExtras;
use hetlab_core::chains::family::ChainsFamily;
use hetlab_core::chains::{Chains, ChainsState, PSEUDOCODE};
use hetlab_core::families::Instance;
use hetlab_core::rational::shown;
use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::draw::chains::{figure, to_svg_document, Drawing};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use editor::ChainsField;
use views::{compare_table, cp_svg, dp_table, figure_svg, now, result, scenes};

const DEFAULT_PRESET: &str = "chains-ex2";
const LAST_KEY: &str = "hetlab.chains.v1";

/// The chains page.
pub struct ChainsPage;

/// Computed once per instance and algorithm: the number line's span over the whole run, and
/// the core's extras (every CCP algorithm on the instance, small instances only) with the time
/// each took in this browser.
#[derive(nanoserde::SerBin, nanoserde::DeBin)]
pub struct ChainsExtra {
    range: (f64, f64),
    core: ChainsExtras,
    /// Milliseconds per compared algorithm, in the comparison's order.
    times: Vec<f64>,
    /// CP runs: the histogram of imbalance over the orders tried.
    cp: Option<Rc<Drawing>>,
}

thread_local! {
    /// The last instance drawn and its initial view state.
    static INITIAL: RefCell<Option<(Chains, ChainsState)>> = const { RefCell::new(None) };
}

/// The view state before the first step, built once per instance: its prefix sums and task bar
/// are 615 400 numbers on the largest preset, too many to rebuild at every step (the state
/// shares them, so the clone returned is cheap).
fn initial_state(inst: &Chains) -> ChainsState {
    INITIAL.with_borrow_mut(|cache| match cache {
        Some((seen, state)) if seen == inst => state.clone(),
        _ => {
            let state = ChainsState::new(&inst.input());
            *cache = Some((inst.clone(), state.clone()));
            state
        }
    })
}

impl FamilyPage for ChainsPage {
    type F = ChainsFamily;
    type Extra = ChainsExtra;
    const CLASS: &'static str = "chains-page";
    const TITLE: &'static str = "1D chain partitioning";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "Cut a chain of weighted tasks into consecutive parts, one per processor, so that the slowest processor (the bottleneck: its part's weight divided by its speed) finishes as early as possible.";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let (t, inst) = (ctx.run, ctx.input);
        let initial = initial_state(inst);
        let (n, p) = (initial.prefix.len() - 1, initial.speeds.len());
        let s = t.trace.state_at(initial, ctx.step());
        let last = ctx.step().checked_sub(1).and_then(|i| t.trace.steps.get(i));
        let caption = last.map_or_else(
            || format!("{n} tasks for {p} processors; if all finished together each would work B* = {}. Press ▶ to build the prefix sums and search for the best cut.", shown(&s.ideal())),
            |st| st.caption(&()),
        );
        let title = format!("{} on {n} tasks and {p} processors", ctx.algo);
        let drawing = figure(&s, last, ctx.extra.range);
        let side = html! {
            <>
                <h2>{"Result"}</h2>
                if ctx.done() {
                    { result(&t.solution) }
                } else {
                    <p class="muted" data-testid="chains-result">{"The bottleneck appears at the last step (press End)."}</p>
                }
                { ctx.phases(&t.trace.steps) }
                <h2>{"Now"}</h2>
                { now(&s) }
                { views::bounds(&t.solution) }
                { scenes() }
            </>
        };
        let legend = html! {
            <ul class="legend chains-legend">
                <li>{"Staircase: W[i], the work of tasks 1..i; a part's work is the rise between two separators s."}</li>
                <li>{"Dashed lines: the ideal cumulative work B*·(e_1 + … + e_p) after processor p."}</li>
                <li>{"Pink: the target the current search looks for; outlined bar: the bottleneck."}</li>
                <li>{"Number line: green mark feasible, red infeasible, blue the result; the band is [LB, UB]."}</li>
            </ul>
        };
        let compared = ctx
            .extra
            .core
            .compare
            .as_ref()
            .map(|rows| compare_table(rows, &ctx.extra.times, ctx.algo))
            .unwrap_or_default();
        let histogram = ctx.extra.cp.as_deref().map(cp_svg).unwrap_or_default();
        let after = html! { <>{ histogram }{ compared }<scaling::ScalingView /></> };
        let svg_title = title.clone();
        Shown {
            title: title.clone(),
            figure: figure_svg(&drawing, &title),
            caption,
            line: last.map(|st| st.phase().line),
            pseudocode: PSEUDOCODE,
            side,
            legend,
            below: html! { <>{ dp_table(&s) }{ rb::rb_panel(&s, ctx.algo) }</> },
            after,
            svg: Some(Rc::new(move || {
                (
                    "hetlab-chains.svg".to_owned(),
                    to_svg_document(&drawing, &svg_title),
                )
            })),
        }
    }

    fn editor(nav: &Nav, inst: &Chains) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |c: Chains| {
                nav.push_instance(&Instance::Chains(c), ["preset"]);
            })
        };
        html! { <ChainsField instance={inst.clone()} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/chains?preset=chains-ex2">{"Open the main walk-through (EX2)"}</a> }
    }
}
