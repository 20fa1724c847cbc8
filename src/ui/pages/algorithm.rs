//! The one algorithm page every family uses. It owns what is the same everywhere: reading the
//! instance from the URL (`i=`, `preset=`, or the family's fallback), running the algorithm
//! once per instance and algorithm (with the family's extra results, computed in the core),
//! keeping the address bar shareable, the player and its keys, embed mode, the layout, the
//! error view and the toolbar (algorithm, example, share, SVG and JSON export).
//!
//! A family supplies a [`FamilyPage`]: its figure, caption and side panel at step `k`, its
//! instance fields, and the extra results it shows beside the figure.

use std::rc::Rc;

use hetlab_core::families::{Instance, Registered};
use hetlab_core::family::{self, Family};
use hetlab_core::formats::timeline::{self, NoSchedule, Timeline};
use hetlab_core::report;
use yew::prelude::*;

use crate::player::{Action, Player};
use crate::ui::hooks::solve::{use_solving, Solving};
use crate::ui::hooks::stepper::{self, phase_buttons, use_player, use_shareable_url, PageQuery};
use crate::ui::hooks::warm::use_warm_last_step;
use crate::ui::pages::erased::Kind;
use crate::ui::pages::frame;
use crate::ui::{use_nav, Nav};

/// The instance a family page reads.
pub type Input<P> = <<P as FamilyPage>::F as Family>::Input;
/// One run of the family.
pub type Run<P> = <<P as FamilyPage>::F as Family>::Run;

/// What a family gives the generic page.
pub trait FamilyPage: 'static {
    /// The core family.
    type F: Registered<Input: Clone + PartialEq + 'static, Run: 'static>;
    /// What the page shows beside the figure that is not the state at step `k` (comparisons,
    /// other models, plot series): computed once per instance and algorithm, in the core (in
    /// the solver worker, which ships it to the page with the run).
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
        stepper::remembered(key, preset, |i| Self::F::input(&i).cloned())
    }

    /// The extra results, computed once with the run.
    fn extra(input: &Input<Self>, algorithm: &str, run: &Run<Self>) -> Self::Extra;

    /// The result document the page exports: [`Family::explained`], which families whose
    /// explanations are their page's `extra` build from it instead of solving them again.
    fn document(
        input: &Input<Self>,
        algorithm: &str,
        run: &Run<Self>,
        extra: &Self::Extra,
    ) -> serde_json::Value {
        let _ = extra;
        Self::F::explained(input, algorithm, run, false)
    }

    /// The schedule the page exports (Paje, CSV), made in the solver worker: families drawn
    /// as a Gantt chart return [`timeline::schedule_of`], the others keep this refusal.
    ///
    /// # Errors
    /// As [`timeline::schedule`].
    fn schedule(input: &Input<Self>, algorithm: &str) -> Result<Timeline, NoSchedule> {
        let _ = (input, algorithm);
        Err(timeline::not_drawn(Some(Self::F::PROBLEM)))
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

/// One run with everything computed from it once: the extra results and the result document
/// (the JSON export, and whether a search stopped at its budget).
pub struct Solved<P: FamilyPage> {
    /// The run.
    pub run: Run<P>,
    /// The family's extra results.
    pub extra: P::Extra,
    /// The result document.
    pub doc: Rc<serde_json::Value>,
    /// A search stopped at its work budget.
    pub budget_hit: bool,
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
    stepper::resolve(payload, preset, P::F::PROBLEM, P::KEEPS, pick, P::fallback)
}

/// Runs `algo` on `input` with the family's extras and result document (in the solver worker
/// binaries only: `ui::worker::serve`).
///
/// # Errors
/// The solver's refusal, in a sentence.
pub fn solve<P: FamilyPage>(input: &Input<P>, algo: &str) -> Result<Solved<P>, String> {
    let (_, run) =
        family::run_offered::<P::F>(input, Some(algo), true).map_err(|e| e.to_string())?;
    let extra = P::extra(input, algo, &run);
    let doc = P::document(input, algo, &run, &extra);
    let budget_hit = report::budget_hit(&doc);
    Ok(Solved {
        run,
        extra,
        doc: Rc::new(doc),
        budget_hit,
    })
}

/// `fresh`, or the value seen before it when the two are equal: when the URL trades `preset=`
/// for `i=` of the same instance, the page keeps the first allocation, so that every later
/// render compares its instance with the effects' and props' copies by pointer (one instance
/// of 615 400 tasks compared by value in five places cost 15 ms a step).
#[hook]
fn use_same_value<T: PartialEq + 'static>(fresh: Rc<T>) -> Rc<T> {
    // (the last `fresh` seen, the value kept for it): one comparison per new `fresh`.
    let memo = use_mut_ref(|| (Rc::clone(&fresh), Rc::clone(&fresh)));
    let mut memo = memo.borrow_mut();
    if !Rc::ptr_eq(&memo.0, &fresh) {
        let kept = if memo.1 == fresh {
            Rc::clone(&memo.1)
        } else {
            Rc::clone(&fresh)
        };
        *memo = (fresh, kept);
    }
    Rc::clone(&memo.1)
}

/// Props of [`AlgorithmPage`].
#[derive(Properties)]
pub struct PageProps {
    /// The family.
    pub kind: &'static Kind,
}

impl PartialEq for PageProps {
    fn eq(&self, other: &Self) -> bool {
        self.kind.problem == other.kind.problem
    }
}

/// The algorithm page of one family (compiled once: the family behind `kind`; the router gives
/// each family its own key, so that a page never keeps another family's state).
#[component]
pub fn AlgorithmPage(props: &PageProps) -> Html {
    let kind = props.kind;
    let nav = use_nav();
    let q = PageQuery::of(&nav.route, "");
    let fresh = use_memo((q.payload.clone(), q.preset.clone()), |(p, s)| {
        kind.resolve(p.as_deref(), s.as_deref())
    });
    let resolved = use_same_value(fresh);
    let offered: Vec<&'static str> = match &*resolved {
        Ok(input) => input.offered(),
        Err(_) => Vec::new(),
    };
    let default_algo = offered.first().copied().unwrap_or("");
    let algo = if q.algo.is_empty() {
        default_algo.to_owned()
    } else {
        q.algo.clone()
    };
    let solve = use_solving(resolved.clone(), algo.clone());
    {
        let inst = (*resolved).clone().ok();
        use_effect_with(inst.clone(), |inst| {
            if let Some(i) = inst {
                i.remember();
            }
        });
        use_shareable_url(inst.map(|i| (*i.instance).clone()), default_algo, None);
    }
    let share_open = use_state(|| false);
    let len = match &*solve.state {
        Solving::Done(s) => Some(s.steps),
        Solving::Working { .. } => None,
        Solving::Failed(_) | Solving::Cancelled => Some(0),
    };
    let (player, on_action) = use_player(len);
    let solved = match &*solve.state {
        Solving::Done(s) => Some(Rc::clone(s)),
        _ => None,
    };
    use_warm_last_step(solved, resolved.clone(), algo.clone());

    let input = match &*resolved {
        Ok(i) => i,
        Err(message) => {
            return stepper::error_view(kind.class, message, q.embed, (kind.error_links)())
        }
    };
    let (shown, failed) = match &*solve.state {
        Solving::Done(s) => (input.view(&algo, s, &player, &on_action), false),
        Solving::Failed(message) => (frame::refused(kind.title, input.refused(), message), true),
        Solving::Working { steps, ms } => (
            frame::working(kind.title, &algo, *steps, *ms, &solve.cancel),
            false,
        ),
        Solving::Cancelled => (frame::cancelled(kind.title, &algo, &solve.retry), false),
    };
    let (result, budget_hit) = match &*solve.state {
        Solving::Done(s) => (Some(s.doc.clone()), s.budget_hit),
        _ => (None, false),
    };
    // The toolbar's family parts, only outside embeds (which show no toolbar).
    let tools = (!q.embed).then(|| frame::Tools {
        instance: Rc::clone(&input.instance),
        editor: input.editor(&nav),
        offered,
        result,
        share_open: share_open.clone(),
    });
    frame::page(frame::Frame {
        class: kind.class,
        title: kind.title,
        lead: kind.lead,
        problem: kind.problem,
        nav: &nav,
        query: &q,
        algo: &algo,
        shown,
        failed,
        ready: matches!(&*solve.state, Solving::Done(_)),
        player: &player,
        on_action: &on_action,
        budget_hit,
        tools,
    })
}
