//! The HetLab web app. Pure parts (routes, the player, the editor, drawing geometry) compile
//! and are tested on the host; the Yew components under [`ui`] exist only on wasm32.

pub mod arcs_draw;
pub mod bipartite;
pub mod broadcast_draw;
pub mod draw;
pub mod editor;
pub mod gantt;
pub mod lu_draw;
pub mod player;
pub mod procs;
pub mod route;
pub mod square_draw;
#[cfg(target_arch = "wasm32")]
pub mod ui;
