//! A family page's explanation panel (issue 34): the family's [`About`] (why the problem is
//! hard, what its algorithms guarantee) with each topic's spec section and a link to the scene
//! that shows it, then the family's papers from the catalog. Closed by default, so that the
//! figure and the player keep the first screen; the same constants print with `hetlab about`.

use hetlab_core::family::{self, About};
use yew::prelude::*;

/// The panel of `problem`'s page.
pub fn about_panel(problem: &'static str, about: &'static About) -> Html {
    let sources = family::info(problem).map_or(&[][..], |f| f.sources);
    let topics = about.topics.iter().map(|t| {
        let scene = t.scene.as_ref().map(|s| {
            html! {
                <>{" · "}<a href={s.route(problem)} data-testid="about-scene">{"Show me: "}{s.what}</a></>
            }
        });
        html! {
            <section class="topic">
                <h3>{t.heading}</h3>
                { for t.text.iter().map(|p| html! { <p>{*p}</p> }) }
                if let Some(table) = &t.table {
                    <div class="table-scroll">
                        <table class="compare about-table" data-testid="about-table">
                            <caption>{table.caption}</caption>
                            <thead><tr>{ for table.head.iter().map(|h| html! { <th scope="col">{*h}</th> }) }</tr></thead>
                            <tbody>{ for table.rows.iter().map(|r| html! {
                                <tr>{ for r.iter().enumerate().map(|(k, c)| if k == 0 { html! { <th scope="row">{*c}</th> } } else { html! { <td>{*c}</td> } }) }</tr>
                            }) }</tbody>
                        </table>
                    </div>
                }
                <p class="topic-source"><span>{"Spec: "}{t.spec}</span>{for scene}</p>
            </section>
        }
    });
    html! {
        <details class="about-problem" data-testid="about-problem">
            <summary>{"Why it is hard, and what is known"}</summary>
            { for topics }
            if !sources.is_empty() {
                <h3>{"Papers"}</h3>
                <ul class="papers">{ for sources.iter().map(|s| html! { <li>{*s}</li> }) }</ul>
            }
        </details>
    }
}
