//! One module per route: the home page, the platform editor, the benchmark page, the generic
//! algorithm page and one [`algorithm::FamilyPage`] per family.

pub mod add_link;
pub mod algorithm;
pub mod bench;
pub mod broadcast;
pub mod chains;
pub mod divisible;
pub mod graph_view;
pub mod home;
pub mod lu;
pub mod master_slave;
pub mod platform;
pub mod ring;
pub mod scatter;
pub mod square;
pub mod steady;
