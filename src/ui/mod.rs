//! The Yew components of the site. [`App`] owns the route (the URL hash is the source of truth
//! for what is shown) and hands a [`Nav`] context to pages so that they can push or replace it.

mod app;
mod components;
mod dom;
mod hooks;
mod pages;
pub mod worker;

use std::sync::OnceLock;

use hetlab_core::families::Instance;
use hetlab_core::share;
use yew::prelude::*;

use crate::bundles::{self, Bundle};
use crate::route::Route;
pub use app::{install_panic_notice, start, App};
pub use pages::{communication, distribution, partitioning, teaching};
#[cfg(feature = "solve")]
pub use pages::{COMMUNICATION_SOLVERS, DISTRIBUTION_SOLVERS, PARTITIONING_SOLVERS};

/// This page binary's group and its router (set once by [`start`]).
struct Group {
    bundle: &'static Bundle,
    page: fn(&str) -> Option<Html>,
    /// The family this document was reloaded for, to open its page ([`dom::reload_for`]).
    reloaded_for: Option<String>,
}

static GROUP: OnceLock<Group> = OnceLock::new();

/// The name of this page binary's group (`None` before [`start`]).
#[must_use]
pub fn group_name() -> Option<&'static str> {
    GROUP.get().map(|g| g.bundle.name)
}

/// Navigation: the current route and a way to change it.
#[derive(Clone, PartialEq)]
pub struct Nav {
    /// What the address bar says.
    pub route: Route,
    go: Callback<(Route, bool)>,
}

impl Nav {
    /// Goes to `route` with a new history entry (Back returns here).
    pub fn push(&self, route: Route) {
        self.go.emit((route, true));
    }

    /// Replaces the current history entry (scrubbing, filling in defaults).
    pub fn replace(&self, route: Route) {
        self.go.emit((route, false));
    }

    /// The current route showing `inst` from its first step: the keys of `drop` removed, `i=`
    /// the share payload of `inst`, `step=0`; every other key kept where it stands.
    #[must_use]
    pub fn instance_route<'a>(
        &self,
        inst: &Instance,
        drop: impl IntoIterator<Item = &'a str>,
    ) -> Route {
        let mut r = self.route.clone();
        for key in drop {
            r.query.remove(key);
        }
        r.query.set("i", share::encode(inst));
        r.query.set("step", "0");
        r
    }

    /// Pushes [`Nav::instance_route`]: the page's new instance at step 0, a new history entry
    /// (Back returns to the instance before).
    pub fn push_instance<'a>(&self, inst: &Instance, drop: impl IntoIterator<Item = &'a str>) {
        self.push(self.instance_route(inst, drop));
    }

    /// `algo`, when the URL names an algorithm `inst` does not offer (a key to drop, so that
    /// the page falls back to its default), else nothing.
    #[must_use]
    pub fn unoffered_algo(&self, inst: &Instance) -> Option<&'static str> {
        let offered = hetlab_core::families::offered(inst);
        self.route
            .query
            .get("algo")
            .is_some_and(|a| !offered.contains(&a))
            .then_some("algo")
    }
}

/// The navigation context (every page is under [`App`]).
#[hook]
pub fn use_nav() -> Nav {
    use_context::<Nav>().unwrap_or_else(|| Nav {
        route: Route::parse(&dom::hash()),
        go: Callback::noop(),
    })
}

/// Whether `problem` has its page on the site (else the home page says "command line now").
#[must_use]
pub fn has_page(problem: &str) -> bool {
    bundles::bundle_of(problem).is_some()
}
