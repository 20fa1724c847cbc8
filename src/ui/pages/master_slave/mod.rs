//! The master–slave page (master-slave.md §10): the variant's working figure (matchings of
//! slaves and slots, the tripartite graph of the approximation, the periodic pattern's bus
//! share, the binary search of `MinTime`, the tree) above the Gantt chart built step by step;
//! the weight matrices, pattern, jobs and READY lists under the player; every algorithm of the
//! variant side by side below. Everything else is the generic algorithm page.

mod beside;
#[cfg(feature = "solve")]
mod compute;
pub mod editor;
mod hungarian;
pub mod views;

use std::rc::Rc;

use hetlab_core::families::Instance;
use hetlab_core::master_slave::extras::MsExtras;
use hetlab_core::master_slave::family::MasterSlaveFamily;
use hetlab_core::master_slave::{MsInput, MsState, PSEUDOCODE};
use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::draw::master_slave::{figure, to_svg_document, Frame};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use editor::MsField;
use views::{compare_table, figure_narrow, intro, legend, now, result, series_table, working};

const DEFAULT_PRESET: &str = "master-slave-ms1";
const LAST_KEY: &str = "hetlab.master-slave.v1";

/// The master–slave page.
pub struct MasterSlavePage;

/// Computed once per instance and algorithm: the chart's rows and span, and the core's extras
/// (every algorithm of the variant on this instance, each bounded by the core's size limits).
#[derive(nanoserde::SerBin, nanoserde::DeBin)]
pub struct MsExtra {
    frame: Frame,
    core: MsExtras,
}

impl FamilyPage for MasterSlavePage {
    type F = MasterSlaveFamily;
    type Extra = MsExtra;
    const CLASS: &'static str = "master-slave-page";
    const TITLE: &'static str = "Master–slave tasking";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "A master hands out identical tasks to slaves of different speeds. All messages share one bus (or one port per node of a tree): how many tasks are done by the horizon T, and how soon are C tasks done?";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let t = ctx.run;
        let s = t.trace.state_at(MsState::default(), ctx.step());
        let last = ctx.step().checked_sub(1).and_then(|i| t.trace.steps.get(i));
        let caption = last.map_or_else(|| intro(ctx.input), |st| st.caption(&()));
        let title = format!(
            "{} ({}) on {}",
            ctx.algo,
            t.solution.variant,
            ctx.extra.frame.names.len()
        );
        let title = format!(
            "{title} {}",
            if ctx.extra.frame.tree {
                "nodes"
            } else {
                "slaves"
            }
        );
        let drawing = figure(&ctx.extra.frame, &s);
        let side = html! {
            <>
                <h2>{"Result"}</h2>
                if ctx.done() {
                    { result(&t.solution) }
                } else {
                    <p class="muted" data-testid="ms-result">{"The task count appears at the last step (press End)."}</p>
                }
                { ctx.phases(&t.trace.steps) }
                <h2>{"Now"}</h2>
                { now(&s) }
            </>
        };
        let after = html! {
            <>
                { beside::exact_beside(ctx.input, &ctx.extra.core) }
                { hungarian::phases_table(&ctx.extra.core.hungarian) }
                { compare_table(&ctx.extra.core.compare, ctx.algo) }
                { series_table(&t.solution) }
            </>
        };
        let svg_title = title.clone();
        Shown {
            title: title.clone(),
            figure: figure_narrow(&drawing, &title, "ms-figure"),
            caption,
            line: last.map(|st| st.phase().line),
            pseudocode: PSEUDOCODE,
            side,
            legend: legend(ctx.extra.frame.tree),
            below: working(&s, &ctx.extra.frame.names),
            after,
            svg: Some(Rc::new(move || {
                (
                    "hetlab-master-slave.svg".to_owned(),
                    to_svg_document(&drawing, &svg_title),
                )
            })),
        }
    }

    fn editor(nav: &Nav, inst: &MsInput) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |m: MsInput| {
                nav.push_instance(&Instance::MasterSlave(m), ["preset", "algo"]);
            })
        };
        html! { <MsField instance={inst.clone()} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/master-slave?preset=master-slave-ms1">{"Open the main walk-through (MS-1)"}</a> }
    }
}
