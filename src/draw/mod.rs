//! Pure drawing geometry, tested natively: a family's state at step `k` becomes shapes here,
//! and the Yew components only turn shapes into elements.
//!
//! Shared: [`figure`] (the platform graph: node and link positions, labels, classes, SVG
//! export), [`describe`] (the platform figure in words: names and data-table rows), [`fit`]
//! (that figure fitted to the frame it is drawn in, with [`labels`] placed without collisions),
//! [`zoom`] (zoom and pan), [`gantt`] (named-lane charts), [`ticks`] (round axis ticks),
//! [`palette`], [`svg`]. Per family: [`steady`] (steady-state figures on the platform graph),
//! [`bipartite`] (its sender/receiver port graph), [`arcs`] and [`broadcast`], [`square`],
//! [`lu`], [`chains`], [`ring`].

pub mod arcs;
pub mod bipartite;
pub mod broadcast;
pub mod chains;
pub mod describe;
pub mod divisible;
pub mod figure;
pub mod figure_export;
pub mod fit;
pub mod gantt;
pub mod labels;
pub mod lu;
pub mod master_slave;
pub mod narrow;
pub mod palette;
pub mod plot_frame;
pub mod ring;
pub mod scatter;
pub mod shapes;
pub mod square;
pub mod steady;
pub mod svg;
#[cfg(test)]
mod tex_check;
pub mod ticks;
pub mod zoom;

pub use figure::{
    from_px, plain, segment, to_px, Figure, LinkLook, NodeLook, EXPORT_CSS, HEIGHT, NODE_R, WIDTH,
};
pub use figure_export::to_svg_document;
pub use steady::{lp, tree};
