//! The instance fields of the scatter page: the number of items and the per-processor costs
//! (`α`, `β`, `λ`, `μ`, root last), each with its message beside it (read by
//! [`crate::scatter_entry`]). A bad entry never replaces the instance shown.

use hetlab_core::scatter::Scatter;
use yew::prelude::*;

use crate::ui::hooks::form::use_entry_form;

use crate::scatter_entry::{read, Entry, ALPHA, BETA, LAMBDA, MU, N, REST};

/// Props of [`ScatterField`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: Scatter,
    /// Applies a parsed instance.
    pub on_apply: Callback<Scatter>,
}

fn slot(e: &mut Entry, k: usize) -> &mut String {
    match k {
        N => &mut e.n,
        ALPHA => &mut e.alpha,
        BETA => &mut e.beta,
        LAMBDA => &mut e.lambda,
        _ => &mut e.mu,
    }
}

/// The form.
#[component]
pub fn ScatterField(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) =
        use_entry_form(&props.instance, Entry::of, read, &props.on_apply);
    let field = |k: usize,
                 text: &'static str,
                 title: &'static str,
                 size: &'static str,
                 id: &'static str| {
        let value = slot(&mut (*entry).clone(), k).clone();
        let entry = entry.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            *slot(&mut next, k) = i.value();
            entry.set(next);
        });
        let error = problems[k].clone();
        html! {
            <label class={classes!("scatter-input", id)} {title}>{text}
                <input type="text" {value} {oninput} {size} data-testid={id}
                       aria-invalid={error.is_some().to_string()} />
                if let Some(e) = error { <span class="field-error" role="alert">{e}</span> }
            </label>
        }
    };
    if props.instance.has_tables() {
        return tables_view(&props.instance);
    }
    html! {
        <form class="scatter-field" onsubmit={on_submit} data-testid="scatter-form">
            { field(N, "Items n ", "number of identical items on the root", "7", "scatter-n") }
            { field(ALPHA, "α (compute/item) ", "compute time per item, one per processor, root last", "18", "scatter-alpha") }
            { field(BETA, "β (transfer/item) ", "transfer time per item, one per processor (the root's is ignored)", "18", "scatter-beta") }
            { field(LAMBDA, "λ (transfer latency) ", "optional: one per processor, empty for none", "12", "scatter-lambda") }
            { field(MU, "μ (compute latency) ", "optional: one per processor, empty for none", "12", "scatter-mu") }
            <button type="submit" data-testid="scatter-apply">{"Apply"}</button>
            if let Some(e) = &problems[REST] { <p class="field-error" role="alert" data-testid="field-error">{e.clone()}</p> }
        </form>
    }
}

/// Most item columns of a cost table shown (the rest are in the instance's JSON).
const TABLE_COLUMNS: usize = 13;

/// An instance with general cost tables (scatter.md §1.1), shown rather than edited: the
/// α/β/λ/μ fields cannot hold a table.
fn tables_view(inst: &Scatter) -> Html {
    let model = hetlab_core::scatter::Model::of(inst);
    let Some(tables) = &model.tables else {
        return Html::default();
    };
    let columns = usize::try_from(inst.n).map_or(usize::MAX, |n| n.saturating_add(1));
    let shown = columns.min(TABLE_COLUMNS);
    let p = inst.processors.len();
    let row = |what: &str, i: usize, t: &[hetlab_core::rational::Q]| {
        html! {
            <tr>
                <th scope="row">{format!("{what}(P{}, x)", i + 1)}</th>
                { for t.iter().take(shown).map(|v| html! { <td>{hetlab_core::rational::frac(v)}</td> }) }
                if t.len() > shown { <td>{"…"}</td> }
            </tr>
        }
    };
    html! {
        <div class="scatter-field" data-testid="scatter-tables">
            <p>{format!(
                "n = {} items. The costs are general tables (scatter.md §1.1): the time to send x items to each processor and to compute them, for x = 0 … {}. Only the exact DP reads tables, so the other methods are not offered. To change a table, edit the instance's JSON (Export JSON) and open it here again: hetlab encode FILE gives the payload of this page's address, #/scatter?i=…",
                inst.n, inst.n
            )}</p>
            <div class="table-scroll">
                <table class="scatter-cost-tables">
                    <thead><tr>
                        <th scope="col">{"x"}</th>
                        { for (0..shown).map(|x| html! { <th scope="col">{x}</th> }) }
                        if columns > shown { <th scope="col">{"…"}</th> }
                    </tr></thead>
                    <tbody>
                        { for (0..p).filter(|&i| i + 1 < p).map(|i| row("T_comm", i, &tables.comm[i])) }
                        { for (0..p).map(|i| row("T_comp", i, &tables.comp[i])) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}
