//! Components used by several pages: the player's controls and phase buttons, the toolbar's
//! menus, the Share button and dialog, the pseudocode pane, the error view of a broken link,
//! the platform graph, the Gantt chart, plots, the processor-list field, the theme switch, the
//! large-type toggle, the export menu (figures as SVG, PNG and TikZ; schedules as Paje and CSV)
//! and the editor's SimGrid section.

pub mod about_panel;
pub mod data_table;
pub mod error_view;
pub mod export_menu;
pub mod figure_data;
pub mod gantt_view;
pub mod graph;
pub mod large_type;
pub mod menus;
pub mod narrow;
pub mod player_bar;
pub mod plot;
pub mod procs_field;
pub mod pseudocode;
pub mod select;
pub mod shape;
pub mod share;
pub mod simgrid_box;
pub mod square_svg;
pub mod theme;
