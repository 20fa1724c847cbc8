//! The master–worker steady-state page: the LP pipeline or the tree closed form drawn on the
//! platform step by step, with the Gantt chart of one period. The instance comes from the URL,
//! else from the platform saved in the editor; everything else is the generic algorithm page.

#[cfg(feature = "solve")]
mod compute;
mod explain;
mod fields;
mod rates;
mod tree_view;
pub mod views;

use hetlab_core::families::Instance;
use hetlab_core::presets;
use hetlab_core::steady_state::extras::PageExtras;
use hetlab_core::steady_state::family::SteadyStateFamily;
use hetlab_core::steady_state::SteadyState;
use yew::prelude::*;

use crate::route::{Page, Route};
use crate::ui::dom::{self, AUTOSAVE_KEY};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::pages::graph_view;
use crate::ui::Nav;
use views::step_view;

/// Preset used when nothing else is given and nothing is saved.
const DEFAULT_PRESET: &str = "star-example-2";

/// The steady-state page.
pub struct SteadyPage;

impl FamilyPage for SteadyPage {
    type F = SteadyStateFamily;
    /// The LP's other models, optimal face, best tree, full run and latency batches (`lp`), or
    /// the tree's cross-check against the LP (`tree`).
    type Extra = PageExtras;
    const CLASS: &'static str = "steady-page";
    const TITLE: &'static str = "Master–worker steady state";
    const LEAD: &'static str = "How many independent tasks per time unit can a master get computed on this platform, and which periodic schedule reaches it?";
    const KEEPS: &'static str = "Your saved platform";

    fn fallback() -> Option<SteadyState> {
        let saved = dom::load(AUTOSAVE_KEY).and_then(|text| SteadyState::from_json(&text).ok());
        Some(
            saved
                .or_else(|| presets::steady_state(DEFAULT_PRESET))
                .unwrap_or_else(|| SteadyState::new(hetlab_core::platform::Platform::default())),
        )
    }

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let inst = ctx.input;
        let view = step_view(inst, ctx.run, ctx.extra, ctx.player, ctx.on_action);
        let file = format!("hetlab-steady-state-step-{}.svg", ctx.step());
        graph_view::shown(&inst.platform, view, legend(), file)
    }

    fn refused(input: &SteadyState) -> Html {
        graph_view::refused(&input.platform)
    }

    fn editor(nav: &Nav, input: &SteadyState) -> Html {
        let on_edit = {
            let (nav, inst) = (nav.clone(), input.clone());
            Callback::from(move |_: MouseEvent| {
                let json = Instance::SteadyState(inst.clone()).to_json();
                let saved = dom::load(AUTOSAVE_KEY).and_then(|t| Instance::from_json(&t).ok());
                let same = saved.as_ref() == Some(&Instance::SteadyState(inst.clone()));
                if same || dom::confirm(
                    "Open this platform in the editor? It replaces the platform saved in this browser.",
                ) {
                    dom::save(AUTOSAVE_KEY, &json);
                    nav.push(Route::new(Page::Platform));
                }
            })
        };
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |s: SteadyState| {
                nav.push_instance(&Instance::SteadyState(s), ["preset"]);
            })
        };
        html! {
            <>
                <button onclick={on_edit} data-testid="edit-platform">{"Edit platform"}</button>
                <fields::DataFields instance={input.clone()} {on_apply} />
            </>
        }
    }

    fn error_links() -> Html {
        html! { <><a href="#/steady-state">{"Open your saved platform"}</a>{" · "}<a href="#/platform">{"Go to the platform editor"}</a></> }
    }
}

fn legend() -> Html {
    html! {
        <>
            <h2>{"Legend"}</h2>
            <ul class="legend">
                <li><span class="swatch saturated"></span>{"computes all the time"}</li>
                <li><span class="swatch partial"></span>{"computes part of the time / partially fed child"}</li>
                <li><span class="swatch idle"></span>{"idle"}</li>
                <li><span class="swatch full"></span>{"child fed at full capacity"}</li>
                <li><span class="swatch focus"></span>{"node being processed"}</li>
            </ul>
        </>
    }
}
