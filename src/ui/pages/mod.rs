//! One module per route: the home page, the platform editor, the benchmark page, the generic
//! algorithm page and one [`algorithm::FamilyPage`] per family.

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

/// Calls `$body` with `$p` bound to the [`algorithm::FamilyPage`] of `$problem` (a route name),
/// or evaluates `$other` when no page has that name. The one list of family pages: the router
/// and the solver worker both go through it.
#[macro_export]
macro_rules! with_page {
    ($problem:expr, |$p:ident| $body:expr, else $other:expr) => {{
        use $crate::ui::pages as pg;
        match $problem {
            "steady-state" => {
                type $p = pg::steady::SteadyPage;
                $body
            }
            "broadcast" => {
                type $p = pg::broadcast::BroadcastPage;
                $body
            }
            "square-partition" => {
                type $p = pg::square::SquarePage;
                $body
            }
            "lu" => {
                type $p = pg::lu::LuPage;
                $body
            }
            "chains" => {
                type $p = pg::chains::ChainsPage;
                $body
            }
            "scatter" => {
                type $p = pg::scatter::ScatterPage;
                $body
            }
            "master-slave" => {
                type $p = pg::master_slave::MasterSlavePage;
                $body
            }
            "ring" => {
                type $p = pg::ring::RingPage;
                $body
            }
            "divisible" => {
                type $p = pg::divisible::DivisiblePage;
                $body
            }
            _ => $other,
        }
    }};
}
