//! What a family gives the one algorithm page (`algorithm.rs`): the [`FamilyPage`] trait, what
//! its view reads ([`Ctx`]) and returns ([`Shown`]), a run with its extras ([`Solved`]), and
//! the functions over them that the page and its erased form (`erased.rs`) share. The solver
//! worker's side of a family page (its extras and document) is `compute::Compute`.

use std::rc::Rc;

use hetlab_core::families::{Instance, Registered};
use hetlab_core::family::Family;
use yew::prelude::*;

use crate::player::{Action, Player};
use crate::ui::components::player_bar::phase_buttons;
use crate::ui::hooks::link;
use crate::ui::Nav;

/// The instance a family page reads.
pub type Input<P> = <<P as FamilyPage>::F as Family>::Input;
/// One run of the family.
pub type Run<P> = <<P as FamilyPage>::F as Family>::Run;

/// What a family gives the generic page.
pub trait FamilyPage: 'static {
    /// The core family.
    type F: Registered<Input: Clone + PartialEq + 'static, Run: 'static>;
    /// What the page shows beside the figure that is not the state at step `k` (comparisons,
    /// other models, plot series): computed once per instance and algorithm, in the solver
    /// worker (`compute::Compute`, from the core's extras), which ships it to the page with the
    /// run.
    type Extra: nanoserde::SerBin + nanoserde::DeBin + 'static;

    /// CSS class and `data-testid` of the page (`"lu-page"`).
    const CLASS: &'static str;
    /// The page's heading.
    const TITLE: &'static str;
    /// One sentence under the heading.
    const LEAD: &'static str;
    /// What a broken link leaves untouched ("Your last instance").
    const KEEPS: &'static str = "Your last instance";

    /// Where the page remembers its last instance (a `localStorage` key), and the preset
    /// shown before there is one; `None` for pages that read the editor's platform instead.
    const REMEMBER: Option<(&'static str, &'static str)> = None;

    /// The instance shown when the URL names none: the last one seen here, else the preset.
    fn fallback() -> Option<Input<Self>> {
        let (key, preset) = Self::REMEMBER?;
        link::remembered(key, preset, |i| Self::F::input(&i).cloned())
    }

    /// What to show after `ctx.player.step` steps.
    fn view(ctx: &Ctx<'_, Self>) -> Shown;

    /// The instance fields of the toolbar (processors, source, ...).
    fn editor(_nav: &Nav, _input: &Input<Self>) -> Html {
        Html::default()
    }

    /// The figure shown when the algorithm refused the instance (its message is the caption).
    fn refused(_input: &Input<Self>) -> Html {
        Html::default()
    }

    /// Links offered by the error view (not in embeds).
    fn error_links() -> Html;
}

/// What a family's view reads.
pub struct Ctx<'a, P: FamilyPage + ?Sized> {
    /// The instance.
    pub input: &'a Input<P>,
    /// The algorithm's name.
    pub algo: &'a str,
    /// Its run.
    pub run: &'a Run<P>,
    /// The extra results.
    pub extra: &'a P::Extra,
    /// The player (its step is `k`).
    pub player: &'a Player,
    /// Drives the player (phase buttons, clickable charts).
    pub on_action: &'a Callback<Action>,
}

impl<P: FamilyPage + ?Sized> Ctx<'_, P> {
    /// The player's step.
    #[must_use]
    pub fn step(&self) -> usize {
        self.player.step
    }

    /// The last step has been shown.
    #[must_use]
    pub fn done(&self) -> bool {
        self.player.step >= self.player.len
    }

    /// Phase buttons of a trace.
    pub fn phases<S: hetlab_core::trace::Step>(&self, steps: &[S]) -> Html {
        phase_buttons(steps, self.player, self.on_action)
    }
}

/// A file the Export SVG button writes: `(file name, SVG document)`, built on click.
pub type SvgExport = Rc<dyn Fn() -> (String, String)>;

/// The page at one step, as a family draws it.
#[derive(Default)]
pub struct Shown {
    /// The figure's title (accessible name, share title, SVG title).
    pub title: String,
    /// The figure at step `k`.
    pub figure: Html,
    /// The sentence under it.
    pub caption: String,
    /// The highlighted pseudocode line.
    pub line: Option<usize>,
    /// The pseudocode.
    pub pseudocode: &'static [&'static str],
    /// The result panel, above the pseudocode.
    pub side: Html,
    /// Under the pseudocode (legend).
    pub legend: Html,
    /// Under the player (working, Gantt chart).
    pub below: Html,
    /// After the layout (plots over all sizes).
    pub after: Html,
    /// The Export SVG button's file.
    pub svg: Option<SvgExport>,
}

/// One run with what the solver worker computed from it once: the extra results.
pub struct Solved<P: FamilyPage> {
    /// The run.
    pub run: Run<P>,
    /// The family's extra results.
    pub extra: P::Extra,
}

/// The family's page for `solved` at `player`'s step.
pub fn view_at<P: FamilyPage>(
    input: &Input<P>,
    algo: &str,
    solved: &Solved<P>,
    player: &Player,
    on_action: &Callback<Action>,
) -> Shown {
    P::view(&Ctx {
        input,
        algo,
        run: &solved.run,
        extra: &solved.extra,
        player,
        on_action,
    })
}

/// The instance the URL names, else the family's fallback.
///
/// # Errors
/// Why there is none, in a sentence.
pub fn resolve<P: FamilyPage>(
    payload: Option<&str>,
    preset: Option<&str>,
) -> Result<Input<P>, String> {
    let pick = |i: Instance| P::F::input(&i).cloned();
    link::resolve(payload, preset, P::F::PROBLEM, P::KEEPS, pick, P::fallback)
}
