//! The HetLab web app. Pure parts (routes, the player, the editor, drawing geometry) compile
//! and are tested on the host; the Yew components under `ui` exist only on wasm32.

pub mod bundles;
pub mod chains_entry;
pub mod divisible_entry;
pub mod divisible_load;
pub mod draw;
pub mod editor;
pub mod embed;
pub mod experiments;
pub mod lesson;
pub mod master_slave_entry;
pub mod player;
pub mod practice;
pub mod procs;
pub mod ring_entry;
pub mod route;
pub mod scatter_entry;
pub mod steady_entry;
pub mod typed;
#[cfg(target_arch = "wasm32")]
pub mod ui;
pub mod wire;
