//! Components used by several pages: the player's controls, the Share dialog, the platform
//! graph, the Gantt chart, plots, the processor-list field, the theme switch, the large-type
//! toggle, the export menu (figures as SVG, PNG and TikZ; schedules as Paje and CSV) and the
//! editor's SimGrid section.

pub mod data_table;
pub mod export_menu;
pub mod figure_data;
pub mod gantt_view;
pub mod graph;
pub mod large_type;
pub mod player_bar;
pub mod plot;
pub mod procs_field;
pub mod shape;
pub mod share;
pub mod simgrid_box;
pub mod square_svg;
pub mod theme;
