//! The numbers of a plot or a canvas figure as a table, for who cannot see the drawing: a
//! collapsed `<details>` section under it ("Data of this plot"), a real `<table>` with column
//! headers that screen readers announce.

use yew::prelude::*;

/// A number as the tables show it: at most three decimals, without trailing zeros.
#[must_use]
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// The table `rows` (the first cell of each row is its header) under `headers`, captioned
/// `caption`, inside a `<details>` whose summary is `summary`.
pub fn data_table(summary: &str, caption: &str, headers: &[String], rows: &[Vec<String>]) -> Html {
    html! {
        <details class="figure-data" data-testid="plot-data">
            <summary>{summary.to_owned()}</summary>
            <div class="table-scroll">
                <table>
                    <caption>{caption.to_owned()}</caption>
                    <thead><tr>{ for headers.iter().map(|h| html! { <th scope="col">{h.clone()}</th> }) }</tr></thead>
                    <tbody>
                        { for rows.iter().map(|r| html! {
                            <tr>
                                { for r.iter().enumerate().map(|(k, c)| if k == 0 {
                                    html! { <th scope="row">{c.clone()}</th> }
                                } else {
                                    html! { <td>{c.clone()}</td> }
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}
