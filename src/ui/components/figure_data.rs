//! The platform figure as tables, for who cannot see it: under every platform graph, a
//! collapsed "Data" section lists each node (id, values, note, state) and each link (ends,
//! label, state) as drawn at the current step ([`crate::draw::describe`] gives the words).

use std::rc::Rc;

use yew::prelude::*;

use crate::draw::{describe, Figure};

/// Props of [`FigureData`].
#[derive(Properties, PartialEq)]
pub struct FigureDataProps {
    /// The figure as drawn.
    pub figure: Rc<Figure>,
}

/// The tables, in a `<details>` element under the figure.
#[component]
pub fn FigureData(props: &FigureDataProps) -> Html {
    let fig = &props.figure;
    let nodes = fig.nodes.iter().map(|n| {
        html! {
            <tr><th scope="row">{&n.label}</th><td>{&n.sub}</td><td>{n.note.clone().unwrap_or_default()}</td><td>{describe::node_state(n)}</td></tr>
        }
    });
    let links = fig.links.iter().enumerate().map(|(k, l)| {
        let ends = describe::link_ends(fig, k)
            .map_or_else(|| (k + 1).to_string(), |(a, b)| format!("{a} {} {b}", if l.arrow { "→" } else { "–" }));
        html! { <tr><th scope="row">{ends}</th><td>{&l.label}</td><td>{describe::link_state(l)}</td></tr> }
    });
    html! {
        <details class="figure-data" data-testid="figure-data">
            <summary>{"Data of this figure (tables)"}</summary>
            <div class="table-scroll">
                <table>
                    <caption>{"Nodes"}</caption>
                    <thead><tr><th scope="col">{"node"}</th><th scope="col">{"value"}</th><th scope="col">{"note"}</th><th scope="col">{"state"}</th></tr></thead>
                    <tbody>{ for nodes }</tbody>
                </table>
                <table>
                    <caption>{"Links"}</caption>
                    <thead><tr><th scope="col">{"link"}</th><th scope="col">{"label"}</th><th scope="col">{"state"}</th></tr></thead>
                    <tbody>{ for links }</tbody>
                </table>
            </div>
        </details>
    }
}
