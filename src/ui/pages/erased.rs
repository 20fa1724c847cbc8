//! A family page with its types erased: the algorithm page, its run hook and its idle warm-up
//! are compiled once and call the family through a [`Kind`] (a table of functions, one per
//! family), with the instance and the run behind `dyn Any`. Generic, they were compiled once
//! per family (nine copies of the page's hooks and body in the page's wasm).

use std::any::Any;
use std::rc::Rc;

use hetlab_core::families::{Instance, Registered};
use hetlab_core::family::Family;
use yew::prelude::*;

use crate::player::{Action, Player};
use crate::ui::dom;
use crate::ui::pages::family_page::{self, view_at, FamilyPage, Input, Shown, Solved};
use crate::ui::worker::Payload;
use crate::ui::Nav;
use crate::wire;

/// What the one algorithm page needs of a family: its texts, and its functions over erased
/// values (an `Input<P>` and an `Rc<Solved<P>>` of that family behind `dyn Any`).
pub struct Kind {
    /// CSS class and `data-testid` of the page.
    pub class: &'static str,
    /// The page's heading.
    pub title: &'static str,
    /// One sentence under the heading.
    pub lead: &'static str,
    /// The family's problem name.
    pub problem: &'static str,
    /// What the page explains about the problem (`Family::ABOUT`).
    pub about: &'static hetlab_core::family::About,
    /// Where the last instance is remembered (`FamilyPage::REMEMBER`).
    remember: Option<(&'static str, &'static str)>,
    resolve: fn(Option<&str>, Option<&str>) -> Result<Resolved, String>,
    same: fn(&dyn Any, &dyn Any) -> bool,
    offered: fn(&dyn Any) -> Vec<&'static str>,
    decode: fn(&[u8]) -> Result<Done, String>,
    view: fn(&dyn Any, &str, &dyn Any, &Player, &Callback<Action>) -> Shown,
    refused: fn(&dyn Any) -> Html,
    editor: fn(&Nav, &dyn Any) -> Html,
    /// Links offered by the error view.
    pub error_links: fn() -> Html,
}

/// A family's instance read from the URL, and its instance envelope.
type Resolved = (Rc<dyn Any>, Instance);

/// The [`Kind`] of every family page.
pub trait Erase {
    /// The table.
    const KIND: Kind;
}

impl<P: FamilyPage> Erase for P {
    const KIND: Kind = Kind {
        class: P::CLASS,
        title: P::TITLE,
        lead: P::LEAD,
        problem: P::F::PROBLEM,
        about: <P::F as hetlab_core::family::Family>::ABOUT,
        remember: P::REMEMBER,
        resolve: resolve::<P>,
        same: same::<P>,
        offered: offered::<P>,
        decode: decode::<P>,
        view: view::<P>,
        refused: refused::<P>,
        editor: editor::<P>,
        error_links: P::error_links,
    };
}

/// The [`Kind`] of `P`.
#[must_use]
pub fn kind<P: FamilyPage>() -> &'static Kind {
    &<P as Erase>::KIND
}

/// An instance of the family of `kind`, with its instance envelope (for the share link, the
/// toolbar and the job), made once when the instance is read.
#[derive(Clone)]
pub struct AnyInput {
    kind: &'static Kind,
    value: Rc<dyn Any>,
    /// The instance envelope.
    pub instance: Rc<Instance>,
}

impl PartialEq for AnyInput {
    fn eq(&self, other: &Self) -> bool {
        self.kind.problem == other.kind.problem
            && (Rc::ptr_eq(&self.value, &other.value)
                || (self.kind.same)(&*self.value, &*other.value))
    }
}

impl AnyInput {
    /// Its family.
    #[must_use]
    pub fn kind(&self) -> &'static Kind {
        self.kind
    }

    /// The algorithms offered for this instance, the default first.
    #[must_use]
    pub fn offered(&self) -> Vec<&'static str> {
        (self.kind.offered)(&*self.value)
    }

    /// Remembers the instance shown (the next visit without a link shows it again).
    pub fn remember(&self) {
        if let Some((key, _)) = self.kind.remember {
            dom::save(key, &self.instance.to_json());
        }
    }

    /// What to show of `done` after `player.step` steps.
    #[must_use]
    pub fn view(&self, algo: &str, done: &Done, player: &Player, on: &Callback<Action>) -> Shown {
        (self.kind.view)(&*self.value, algo, &*done.solved, player, on)
    }

    /// The figure shown when the algorithm refused the instance.
    pub fn refused(&self) -> Html {
        (self.kind.refused)(&*self.value)
    }

    /// The instance fields of the toolbar.
    pub fn editor(&self, nav: &Nav) -> Html {
        (self.kind.editor)(nav, &*self.value)
    }
}

impl Kind {
    /// The instance the URL names (`i=`, `preset=`), else the family's fallback.
    ///
    /// # Errors
    /// Why there is none, in a sentence.
    pub fn resolve(
        &'static self,
        payload: Option<&str>,
        preset: Option<&str>,
    ) -> Result<AnyInput, String> {
        let (value, instance) = (self.resolve)(payload, preset)?;
        Ok(AnyInput {
            kind: self,
            value,
            instance: Rc::new(instance),
        })
    }

    /// Reads a run the worker sent.
    ///
    /// # Errors
    /// Bytes that are not this family's run, in a sentence.
    pub fn decode(&self, bytes: &[u8]) -> Result<Done, String> {
        (self.decode)(bytes)
    }
}

/// A run of some family with its extra results (an `Rc<Solved<P>>` behind `dyn Any`), and what
/// the page reads of it without knowing the family.
pub struct Done {
    solved: Rc<dyn Any>,
    /// Steps of its trace.
    pub steps: usize,
    /// The result document.
    pub doc: Rc<serde_json::Value>,
    /// A search stopped at its work budget.
    pub budget_hit: bool,
}

fn input_of<P: FamilyPage>(v: &dyn Any) -> Option<&Input<P>> {
    v.downcast_ref::<Input<P>>()
}

fn resolve<P: FamilyPage>(payload: Option<&str>, preset: Option<&str>) -> Result<Resolved, String> {
    let input = family_page::resolve::<P>(payload, preset)?;
    let instance = P::F::wrap(input.clone());
    Ok((Rc::new(input), instance))
}

fn same<P: FamilyPage>(a: &dyn Any, b: &dyn Any) -> bool {
    matches!((input_of::<P>(a), input_of::<P>(b)), (Some(a), Some(b)) if a == b)
}

fn offered<P: FamilyPage>(v: &dyn Any) -> Vec<&'static str> {
    input_of::<P>(v).map(P::F::offered).unwrap_or_default()
}

fn decode<P: FamilyPage>(bytes: &[u8]) -> Result<Done, String> {
    let (run, extra, doc, budget_hit) = wire::decode::<Payload<P>>(bytes)?;
    let doc = Rc::new(serde_json::Value::from(&doc));
    Ok(Done {
        steps: P::F::steps(&run),
        solved: Rc::new(Solved::<P> { run, extra }),
        doc,
        budget_hit,
    })
}

fn view<P: FamilyPage>(
    input: &dyn Any,
    algo: &str,
    solved: &dyn Any,
    player: &Player,
    on_action: &Callback<Action>,
) -> Shown {
    match (input_of::<P>(input), solved.downcast_ref::<Solved<P>>()) {
        (Some(input), Some(solved)) => view_at(input, algo, solved, player, on_action),
        _ => Shown::default(),
    }
}

fn refused<P: FamilyPage>(v: &dyn Any) -> Html {
    input_of::<P>(v).map(P::refused).unwrap_or_default()
}

fn editor<P: FamilyPage>(nav: &Nav, v: &dyn Any) -> Html {
    input_of::<P>(v)
        .map(|i| P::editor(nav, i))
        .unwrap_or_default()
}
