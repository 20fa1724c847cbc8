//! The one algorithm page every family uses. It owns what is the same everywhere: reading the
//! instance from the URL (`i=`, `preset=`, or the family's fallback), running the algorithm
//! once per instance and algorithm (with the family's extra results, computed in the core),
//! keeping the address bar shareable, the player and its keys, embed mode, the layout, the
//! error view and the toolbar (algorithm, example, share, SVG and JSON export).
//!
//! A family supplies a [`FamilyPage`](super::family_page::FamilyPage): its figure, caption and side panel at step `k`, its
//! instance fields, and the extra results it shows beside the figure.

use std::rc::Rc;

use yew::prelude::*;

use crate::ui::components::error_view::error_view;
use crate::ui::hooks::link::{use_shareable_url, PageQuery};
use crate::ui::hooks::player::use_player;
use crate::ui::hooks::solve::{use_solving, Solving};
use crate::ui::hooks::warm::use_warm_last_step;
use crate::ui::pages::erased::Kind;
use crate::ui::pages::frame;
use crate::ui::use_nav;

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
        // An embed (a course page's, the practice page's figure) shows an instance; it does
        // not replace the one this browser remembers for the family's own page.
        use_effect_with((inst.clone(), q.embed), |(inst, embed)| {
            if let Some(i) = inst.as_ref().filter(|_| !*embed) {
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
        Err(message) => return error_view(kind.class, message, q.embed, (kind.error_links)()),
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
    // The toolbar's family parts, only outside embeds (which show no toolbar) or in one that
    // asks for the whole page.
    let tools = (!q.embed || q.panels).then(|| frame::Tools {
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
        about: kind.about,
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
