//! One module per route: the home page, the platform editor, the benchmark page, the generic
//! algorithm page and one [`algorithm::FamilyPage`] per family; and the family pages grouped
//! by page binary (`src/bundles.rs`).

pub mod add_link;
pub mod algorithm;
pub mod bench;
pub mod broadcast;
pub mod chains;
pub mod divisible;
pub mod erased;
pub mod frame;
pub mod graph_view;
pub mod home;
pub mod lu;
pub mod master_slave;
pub mod platform;
pub mod ring;
pub mod scatter;
pub mod square;
pub mod steady;

use hetlab_core::family::Family;
use yew::prelude::*;

use crate::bundles::{self, same_names};
use algorithm::{AlgorithmPage, FamilyPage};

/// The route name of a family page.
macro_rules! problem {
    ($t:ty) => {
        <<$t as FamilyPage>::F as Family>::PROBLEM
    };
}

/// The family pages of one page binary (a [`bundles::Bundle`], whose names a compile-time
/// check keeps equal to these types'): `$page` is the router's (the algorithm page of a route
/// name, if this group has it), `$job` the solver worker's (which holds every group's).
macro_rules! group {
    ($bundle:path, $page:ident, $job:ident: $($t:ty),+ $(,)?) => {
        const _: () = assert!(
            same_names(&[$(problem!($t)),+], $bundle.families),
            "a group's page types do not match its list in src/bundles.rs"
        );

        /// The algorithm page of `problem`, if it is one of this group's.
        #[must_use]
        pub fn $page(problem: &str) -> Option<Html> {
            $(if problem == problem!($t) {
                return Some(html! {
                    <AlgorithmPage key={problem} kind={erased::kind::<$t>()} />
                });
            })+
            None
        }

        /// Runs a solve of `problem` in the solver worker, if it is one of this group's.
        pub(crate) fn $job(
            problem: &str,
            algorithm: &str,
            instance: &str,
        ) -> Option<Result<Vec<u8>, String>> {
            $(if problem == problem!($t) {
                return Some(crate::ui::worker::serve::solve_encoded::<$t>(algorithm, instance));
            })+
            None
        }
    };
}

group!(bundles::COMMUNICATION, communication, communication_job:
    steady::SteadyPage, broadcast::BroadcastPage, scatter::ScatterPage,
    master_slave::MasterSlavePage);
group!(bundles::PARTITIONING, partitioning, partitioning_job:
    square::SquarePage, lu::LuPage, chains::ChainsPage, ring::RingPage,
    divisible::DivisiblePage);

/// Runs a solve of `problem` in the solver worker (every group's families), if a page has it.
pub(crate) fn job(
    problem: &str,
    algorithm: &str,
    instance: &str,
) -> Option<Result<Vec<u8>, String>> {
    communication_job(problem, algorithm, instance)
        .or_else(|| partitioning_job(problem, algorithm, instance))
}
