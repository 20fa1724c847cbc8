//! What the two platform-graph families (steady state, broadcast) show at one step, and how it
//! becomes the generic page's [`Shown`]: the platform figure with its SVG export.

use std::rc::Rc;

use hetlab_core::platform::Platform;
use yew::prelude::*;

use crate::draw::{self, Figure};
use crate::ui::components::graph::Graph;
use crate::ui::pages::family_page::Shown;

/// A platform family's view at one step.
pub struct GraphView {
    /// The platform figure.
    pub figure: Rc<Figure>,
    /// The sentence under it.
    pub caption: String,
    /// Highlighted pseudocode line.
    pub line: Option<usize>,
    /// The pseudocode.
    pub pseudocode: &'static [&'static str],
    /// The result panel.
    pub results: Html,
    /// Working below the figure (Gantt chart, trees).
    pub below: Html,
}

/// The platform's name, or "Platform".
#[must_use]
pub fn title(p: &Platform) -> String {
    p.name.clone().unwrap_or_else(|| "Platform".to_owned())
}

/// The plain platform, drawn when the algorithm refused the instance.
pub fn refused(p: &Platform) -> Html {
    html! { <Graph figure={Rc::new(draw::plain(p))} title={title(p)} /> }
}

/// `view` on the generic page, with `legend` under the pseudocode and `file` for the export.
pub fn shown(p: &Platform, view: GraphView, legend: Html, file: String) -> Shown {
    let title = title(p);
    let (figure, svg_title) = (view.figure.clone(), title.clone());
    Shown {
        figure: html! { <Graph figure={view.figure} title={title.clone()} /> },
        title,
        caption: view.caption,
        line: view.line,
        pseudocode: view.pseudocode,
        side: view.results,
        legend,
        below: view.below,
        svg: Some(Rc::new(move || {
            (file.clone(), draw::to_svg_document(&figure, &svg_title))
        })),
        ..Shown::default()
    }
}
