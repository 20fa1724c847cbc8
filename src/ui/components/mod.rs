//! Components used by several pages: the player's controls, the Share dialog, the platform
//! graph, the Gantt chart, plots, the processor-list field, the large-type toggle.

pub mod gantt_view;
pub mod graph;
pub mod large_type;
pub mod player_bar;
pub mod plot;
pub mod procs_field;
pub mod shape;
pub mod share;
pub mod square_svg;
