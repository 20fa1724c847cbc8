//! The ring page (ring.md §11): the platform with the ring drawn on top, the per-member
//! compute/communication bars against `T`, `T` against the ring size, step by step; the state
//! of the search and the result beside it; below, the homogeneous panel (§3: two lines against
//! `W/H`, when every link costs the same), the number of processors used against `W/H` (paper
//! Fig. 3) with a slider, the other algorithms on the instance, and the paper's Tables
//! 5–6 as quoted data. Everything else is the generic algorithm page.

#[cfg(feature = "solve")]
mod compute;
pub mod editor;
pub mod homogeneous;
pub mod sweep;
pub mod views;

use std::rc::Rc;

use hetlab_core::ring::family::RingFamily;
use hetlab_core::ring::Ring;
use hetlab_core::ring::{RingState, PSEUDOCODE};
use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::draw::ring::prepare::Prepared;
use crate::draw::ring::{figure, plots, to_svg_document, Arrangement};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use editor::{apply, RingField};
use sweep::SweepPanel;
use views::{compare_table, legend, now, quoted_tables, result, RingFigure, RingPlots};

const DEFAULT_PRESET: &str = "ring-rr-1";
const LAST_KEY: &str = "hetlab.ring.v1";

/// The ring page.
pub struct RingPage;

impl FamilyPage for RingPage {
    type F = RingFamily;
    type Extra = Rc<Prepared>;
    const CLASS: &'static str = "ring-page";
    const TITLE: &'static str = "Iterative computations on a heterogeneous ring (SliceRing)";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "Each step of an iterative computation splits the work W among the processors of a ring, then every member exchanges a message of size H with its two neighbours. Choose which processors join, their order and their shares so that one step ends as early as possible.";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let (t, r, x) = (ctx.run, ctx.input, ctx.extra);
        let s = t.trace.state_at(RingState::new(r.p()), ctx.step());
        let last = ctx.step().checked_sub(1).and_then(|i| t.trace.steps.get(i));
        let caption = last.map_or_else(
            || {
                format!(
                    "{} processors, W = {}, H = {}. Press ▶ to watch the {} algorithm choose the ring.",
                    r.p(),
                    views::short(&r.work),
                    views::short(&r.h),
                    ctx.algo
                )
            },
            |st| st.caption(&()),
        );
        let eval = x.extras.eval(&s.ring).or(s.eval.as_ref());
        let at = |arrangement| Rc::new(figure(&x.layout, &s, eval, last, &x.scale, arrangement));
        let drawing = at(Arrangement::Stacked);
        let wide = at(Arrangement::Wide);
        let narrow = at(Arrangement::Narrow);
        let plots = Rc::new(plots(eval, &s, &x.scale));
        let title = format!("{} on {} processors", ctx.algo, r.p());
        let side = html! {
            <>
                <h2>{"Result"}</h2>
                if ctx.done() {
                    { result(&t.solution) }
                } else {
                    <p class="muted" data-testid="ring-result">{"T_step appears at the last step (press End)."}</p>
                }
                { ctx.phases(&t.trace.steps) }
                <h2>{"Now"}</h2>
                { now(&s, eval) }
            </>
        };
        let sweep = match &x.sweep {
            Some(sw) => {
                html! { <SweepPanel sweep={sw.clone()} instance={r.clone()} algo={ctx.algo.to_owned()} /> }
            }
            None => {
                html! { <p class="muted" data-testid="ring-sweep">{"H = 0: no communication, so every processor joins at every W (T = W·w_cumul); the W/H plot has nothing to show."}</p> }
            }
        };
        let homogeneous = x
            .extras
            .homogeneous
            .as_ref()
            .map_or_else(Html::default, |h| homogeneous::panel(h, r.p()));
        let after = html! {
            <>
                { homogeneous }
                { sweep }
                { compare_table(&x.extras.compare, &t.solution, ctx.algo) }
                { quoted_tables() }
            </>
        };
        let svg_title = title.clone();
        Shown {
            title: title.clone(),
            figure: html! { <RingFigure stacked={drawing.clone()} {wide} {narrow} title={title.clone()} /> },
            caption,
            line: last.map(|st| st.phase().line),
            pseudocode: PSEUDOCODE,
            side,
            legend: legend(),
            below: html! { <RingPlots {plots} title={format!("{title}: the bars and T against q")} /> },
            after,
            svg: Some(Rc::new(move || {
                (
                    "hetlab-ring.svg".to_owned(),
                    to_svg_document(&drawing, &svg_title),
                )
            })),
        }
    }

    fn editor(nav: &Nav, inst: &Ring) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |r: Ring| apply(&nav, r))
        };
        html! { <RingField instance={inst.clone()} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/ring?preset=ring-rr-1">{"Open the worked example RR-1"}</a> }
    }
}
