//! One module per route: the home page, the platform editor, the benchmark page, the generic
//! algorithm page and one [`family_page::FamilyPage`] per family; and the family pages grouped
//! by page binary (`src/bundles.rs`).

pub mod about;
pub mod add_link;
pub mod algorithm;
pub mod bench;
pub mod broadcast;
pub mod chains;
#[cfg(feature = "solve")]
pub mod compute;
pub mod divisible;
pub mod erased;
pub mod experiments;
pub mod family_page;
pub mod frame;
pub mod graph_view;
pub mod home;
pub mod lesson;
pub mod lu;
pub mod master_slave;
pub mod platform;
pub mod practice;
pub mod ring;
pub mod scatter;
pub mod square;
pub mod steady;

use hetlab_core::family::Family;
use yew::prelude::*;

use crate::bundles::{self, same_names};
#[cfg(feature = "solve")]
use crate::ui::worker::serve::{self, solve_encoded, Solvers};
use algorithm::AlgorithmPage;
use family_page::FamilyPage;

/// The route name of a family page.
macro_rules! problem {
    ($t:ty) => {
        <<$t as FamilyPage>::F as Family>::PROBLEM
    };
}

/// The family pages of one group (a [`bundles::Bundle`], whose names a compile-time check keeps
/// equal to these types'): `$page` is its page binary's router (the algorithm page of a route
/// name, if this group has it), `$solvers` what its solver worker binary serves.
macro_rules! group {
    (
        $bundle:path, $page:ident, $solvers:ident,
        page_job: $page_job:path;
        $($t:ty),+ $(,)?
    ) => {
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

        /// What this group's solver worker binary serves.
        #[cfg(feature = "solve")]
        pub static $solvers: Solvers = Solvers {
            group: $bundle.name,
            run: |problem, algorithm, instance| {
                $(if problem == problem!($t) {
                    return Some(solve_encoded::<$t>(algorithm, instance));
                })+
                None
            },
            schedule: |inst, algorithm| {
                $(if let Some(input) = <<$t as FamilyPage>::F as hetlab_core::families::Registered>::input(inst) {
                    return Some(hetlab_core::family::schedule_of::<<$t as FamilyPage>::F>(input, Some(algorithm)));
                })+
                None
            },
            simgrid_run: |inst, algorithm, name| {
                use hetlab_core::formats::simgrid::{Conversion, SimgridRun};
                $(if let Some(input) = <<$t as FamilyPage>::F as hetlab_core::families::Registered>::input(inst) {
                    return Some(<<$t as FamilyPage>::F as SimgridRun>::simgrid_program(
                        input, Some(algorithm), name, &Conversion::default(),
                    ).map_err(|e| e.to_string()));
                })+
                None
            },
            document: |inst, algorithm| {
                let detail = hetlab_core::family::Detail { trace: false, explain: true };
                $(if let Some(input) = <<$t as FamilyPage>::F as hetlab_core::families::Registered>::input(inst) {
                    return Some(hetlab_core::family::solve_family_within::<<$t as FamilyPage>::F>(
                        input, algorithm, detail, hetlab_core::family::Limits::Default,
                    ));
                })+
                None
            },
            page_job: $page_job,
            bench: |only_chains| {
                let mut rows = Vec::new();
                $(if !only_chains || problem!($t) == "chains" {
                    rows.extend(bench::family_rows::<<$t as FamilyPage>::F>());
                })+
                rows
            },
            sweep: |sweep, k| {
                $(if sweep.family == problem!($t) {
                    let rows = sweep.run_of::<<$t as FamilyPage>::F>(k);
                    return Some(hetlab_core::sweep::lines(sweep, &rows));
                })+
                None
            },
            practice: |problem, seed, difficulty, index| {
                $(if problem == problem!($t) {
                    return Some(hetlab_core::practice::with_answers::<<$t as FamilyPage>::F>(
                        seed, difficulty, index,
                    ));
                })+
                None
            },
            practice_ask: |problem, seed, difficulty, index| {
                $(if problem == problem!($t) {
                    return Some(hetlab_core::practice::generate_for::<<$t as FamilyPage>::F>(
                        seed, difficulty, index,
                    ));
                })+
                None
            },
            practice_check: |question, answer| {
                $(if question.family == problem!($t) {
                    return Some(hetlab_core::practice::check_for::<<$t as FamilyPage>::F>(
                        question, answer,
                    ));
                })+
                None
            },
            practice_grade: |record| {
                $(if record.family == problem!($t) {
                    return Some(hetlab_core::practice::grade_for::<<$t as FamilyPage>::F>(record));
                })+
                None
            },
        };
    };
}

group!(bundles::COMMUNICATION, communication, COMMUNICATION_SOLVERS,
    page_job: serve::communication_page_job;
    steady::SteadyPage, broadcast::BroadcastPage);
group!(bundles::PARTITIONING, partitioning, PARTITIONING_SOLVERS,
    page_job: serve::partitioning_page_job;
    square::SquarePage, lu::LuPage, chains::ChainsPage, ring::RingPage,
    divisible::DivisiblePage);
group!(bundles::DISTRIBUTION, distribution, DISTRIBUTION_SOLVERS,
    page_job: serve::no_page_job;
    scatter::ScatterPage, master_slave::MasterSlavePage);

/// The teaching binary's router: the practice page, the lessons and the experiments
/// (`bundles::TEACHING`).
#[must_use]
pub fn teaching(route: &str) -> Option<Html> {
    match route {
        "practice" => Some(html! { <practice::PracticePage /> }),
        "lesson" => Some(html! { <lesson::LessonPage /> }),
        "experiments" => Some(html! { <experiments::ExperimentsPage /> }),
        _ => None,
    }
}
